"""The questions of the Kille notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed.
"""

from __future__ import annotations

from ..lessons import Lessons, Question

QUESTIONS: dict[str, Question] = {
    "horse-and-cuckoo": Question(
        "In the hand above, who loses a life?", ("a", "b", "c", "d", "e"),
        "c ends up holding the 2, the lowest card on the table.",
        {"d": "d was dealt the 2, but c asked d for a swap and took it.",
         "e": "e holds the Kuku, the highest card of all.",
         "a": "a swapped its 4 for c's 8, and the 4 is not the lowest card at the end."}),
    "inn-or-horse": Question(
        "Which card is higher: Värdshus (the inn) or Kavall (the horse)?",
        ("Värdshus", "Kavall", "they tie"),
        "Going up the matadors: Värdshus, Kavall, Husu, Husar, Kuku.",
        {"Värdshus": "Värdshus is the lowest of the five matadors.",
         "they tie": "No two kinds tie: each has its own place in the order."}),
    "first-speaker": Question(
        "The same cards, but c deals. Who speaks first?", ("a", "b", "c", "d", "e"),
        "The first to decide sits to the dealer's left: d, then e, a, b, and c, the dealer, "
        "last.",
        {"c": "The dealer speaks last, never first.",
         "a": "a would be first if e dealt; count round from c instead.",
         "b": "b sits to the dealer's right here: b speaks just before the dealer."}),
    "after-b-swaps": Question(
        "b swaps too. Whose turn is it now?", ("a", "b", "c", "d", "e"),
        "b swapped with c, so the turn goes to c, who now holds the 4.",
        {"b": "A seat decides once: after swapping, b's turn is over.",
         "a": "The turn never goes back: it moves on to the left."}),
    "dealer-stands": Question(
        "e, the dealer, stands. Who loses a life?", ("a", "b", "c", "d", "e", "nobody"),
        "e ends up with Blaren, the lowest card: d passed it on.",
        {"d": "d swapped its Blaren away to e before the showdown.",
         "nobody": "Someone always holds the lowest card unless a rule says otherwise; none "
                   "of those rules applies here."}),
    "horse-skips": Question(
        "a asks b to swap. Whose turn is it after that?", ("a", "b", "c", "d"),
        "b's Kavall is skipped and b loses its turn: a swaps with c, and the turn goes to c.",
        {"b": "A seat that shows the Kavall loses its turn.",
         "a": "a has made its decision; the turn moves on."}),
    "inn-and-horse": Question(
        "c asks d to swap. Whose turn is it after that?", ("d", "e", "nobody"),
        "d's Värdshus and e's Kavall are skipped in one go. That carries c past the dealer, "
        "so c swaps with the talon, and the round is over.",
        {"d": "d shows the Värdshus, so d is skipped and loses its turn.",
         "e": "e shows the Kavall and is skipped too."}),
    "who-is-struck": Question(
        "c asks d, who holds the Husu. Who is struck?", ("a", "b", "c", "d"),
        "c offered the 3, and the 3 was dealt to a: it goes back c to b to a, and a is struck. "
        "b gets its 5 back and c its 7.",
        {"c": "The Husu strikes the seat that was dealt the offered card, not the one that "
              "asked.",
         "d": "d holds the Husu: it bites, it is not bitten.",
         "b": "b only passed the card on; it goes further back."}),
    "hussar-and-lowest": Question(
        "c, d and e all stand. Who loses a life?", ("a", "c", "a and c", "nobody"),
        "a is struck by the Husar and loses a life. Among the others the lowest card is c's 6, "
        "so c loses one too.",
        {"a": "A struck seat loses, and the lowest of the rest loses as well.",
         "c": "Being struck costs a life of its own."}),
    "kuku-called": Question(
        "c calls the Kuku right away, before anyone swaps. Who loses a life?",
        ("a", "b", "c", "d", "e", "nobody"),
        "Nobody gets to swap: everyone turns up the card they were dealt, and d's 2 is the "
        "lowest.",
        {"c": "Calling the Kuku costs the caller nothing.",
         "nobody": "The Kuku stops the swapping, not the showdown."}),
    "low-harlekin": Question(
        "b, c, d and e all stand. Who loses a life?", ("a", "c", "a and c", "nobody"),
        "a holds a low Harlekin and loses a life; the lowest of the other cards is c's 3, so c "
        "loses one too.",
        {"a": "The low Harlekin loses first, and then the lowest card still loses.",
         "c": "A Harlekin that came by a swap is lower than any card."}),
    "two-harlekins": Question(
        "c, d and e stand. Who loses a life?", ("a", "b", "b and c", "nobody"),
        "Both Harlekins went across in one swap, so both count high: the lowest card is a's 6.",
        {"b": "Two Harlekins swapped in one go both count high, so b is not low.",
         "b and c": "Neither Harlekin is low when both go across together."}),
    "talon-husar": Question(
        "The same deal, but the top card of the talon is a Husar. e swaps. Who loses a life?",
        ("c", "e", "c and e", "nobody"),
        "The Husar strikes e, the dealer, who keeps the 2 and loses a life for being struck. "
        "The lowest card of the others is c's 3, so c loses one too.",
        {"e": "Being struck costs e a life, and the lowest of the rest still loses.",
         "c": "The Husar from the talon strikes the dealer too."}),
    "never-everyone": Question(
        "b and c stand. Who loses a life?", ("a", "b and c", "all three", "nobody"),
        "a's low Harlekin loses first, then the lowest of the rest: b and c tie on 4. That is "
        "every seat, and nobody was struck, so nobody loses.",
        {"all three": "A hand may never cost every seat a life.",
         "a": "Counting the low Harlekin and the tie, every seat would lose; with nobody "
              "struck, that rule sets the whole loss aside."}),
    "two-seat-kuku": Question(
        "Two seats: a is dealt the Kuku, b a 6. Who loses a life?", ("a", "b", "nobody"),
        "The Kuku is turned up at once, so nobody swaps: b's 6 is the lowest card.",
        {"a": "The Kuku is the highest card but one; it never loses as the lowest.",
         "nobody": "The Kuku ends the swapping, and then the lowest card loses as usual."}),
    "long-match": Question(
        "How many pots does a long match last with five seats?", ("5", "6", "8", "10"),
        "Standard is five pots for five seats; long is one and a half times that, 7.5, rounded "
        "up to 8.",
        {"5": "Five pots is the standard match; a long one is half as long again.",
         "10": "A long match is one and a half times the standard, not twice."}),
}


ask = Lessons(QUESTIONS).ask
