"""The questions of the Kille notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed.
"""

from __future__ import annotations

from typing import Any

from kortspel.i18n import N_, _

from ..lessons import Lessons, Question
from ..views import Check

QUESTIONS: dict[str, Question] = {
    "horse-and-cuckoo": Question(
        N_("In the hand above, who loses a life?"), ("a", "b", "c", "d", "e"),
        N_("c ends up holding the 2, the lowest card on the table."),
        {"d": N_("d was dealt the 2, but c asked d for a swap and took it."),
         "e": N_("e holds the Kuku, the highest card of all."),
         "a": N_("a swapped its 4 for c's 8, and the 4 is not the lowest card at the end.")}),
    "inn-or-horse": Question(
        N_("Which card is higher: Värdshus (the inn) or Kavall (the horse)?"),
        ("Värdshus", "Kavall", N_("they tie")),
        N_("Going up the matadors: Värdshus, Kavall, Husu, Husar, Kuku."),
        {"Värdshus": N_("Värdshus is the lowest of the five matadors."),
         N_("they tie"): N_("No two kinds tie: each has its own place in the order.")}),
    "first-speaker": Question(
        N_("The same cards, but c deals. Who speaks first?"), ("a", "b", "c", "d", "e"),
        N_("The first to decide sits to the dealer's left: d, then e, a, b, and c, the dealer, "
           "last."),
        {"c": N_("The dealer speaks last, never first."),
         "a": N_("a would be first if e dealt; count round from c instead."),
         "b": N_("b sits to the dealer's right here: b speaks just before the dealer.")}),
    "after-b-swaps": Question(
        N_("b swaps too. Whose turn is it now?"), ("a", "b", "c", "d", "e"),
        N_("b swapped with c, so the turn goes to c, who now holds the 4."),
        {"b": N_("A seat decides once: after swapping, b's turn is over."),
         "a": N_("The turn never goes back: it moves on to the left.")}),
    "dealer-stands": Question(
        N_("e, the dealer, stands. Who loses a life?"), ("a", "b", "c", "d", "e", N_("nobody")),
        N_("e ends up with Blaren, the lowest card: d passed it on."),
        {"d": N_("d swapped its Blaren away to e before the showdown."),
         N_("nobody"): N_("Someone always holds the lowest card unless a rule says otherwise; none "
                          "of those rules applies here.")}),
    "horse-skips": Question(
        N_("a asks b to swap. Whose turn is it after that?"), ("a", "b", "c", "d"),
        N_("b's Kavall is skipped and b loses its turn: a swaps with c, and the turn goes to c."),
        {"b": N_("A seat that shows the Kavall loses its turn."),
         "a": N_("a has made its decision; the turn moves on.")}),
    "inn-and-horse": Question(
        N_("c asks d to swap. Whose turn is it after that?"), ("d", "e", N_("nobody")),
        N_("d's Värdshus and e's Kavall are skipped in one go. That carries c past the dealer, "
           "so c swaps with the talon, and the round is over."),
        {"d": N_("d shows the Värdshus, so d is skipped and loses its turn."),
         "e": N_("e shows the Kavall and is skipped too.")}),
    "who-is-struck": Question(
        N_("c asks d, who holds the Husu. Who is struck?"), ("a", "b", "c", "d"),
        N_("c offered the 3, and the 3 was dealt to a: it goes back c to b to a, and a is struck. "
           "b gets its 5 back and c its 7."),
        {"c": N_("The Husu strikes the seat that was dealt the offered card, not the one that "
                 "asked."),
         "d": N_("d holds the Husu: it bites, it is not bitten."),
         "b": N_("b only passed the card on; it goes further back.")}),
    "hussar-and-lowest": Question(
        N_("c, d and e all stand. Who loses a life?"), ("a", "c", N_("a and c"), N_("nobody")),
        N_("a is struck by the Husar and loses a life. Among the others the lowest card is c's 6, "
           "so c loses one too."),
        {"a": N_("A struck seat loses, and the lowest of the rest loses as well."),
         "c": N_("Being struck costs a life of its own.")}),
    "kuku-called": Question(
        N_("c calls the Kuku right away, before anyone swaps. Who loses a life?"),
        ("a", "b", "c", "d", "e", N_("nobody")),
        N_("Nobody gets to swap: everyone turns up the card they were dealt, and d's 2 is the "
           "lowest."),
        {"c": N_("Calling the Kuku costs the caller nothing."),
         N_("nobody"): N_("The Kuku stops the swapping, not the showdown.")}),
    "low-harlekin": Question(
        N_("b, c, d and e all stand. Who loses a life?"), ("a", "c", N_("a and c"), N_("nobody")),
        N_("a holds a low Harlekin and loses a life; the lowest of the other cards is c's 3, so c "
           "loses one too."),
        {"a": N_("The low Harlekin loses first, and then the lowest card still loses."),
         "c": N_("A Harlekin that came by a swap is lower than any card.")}),
    "two-harlekins": Question(
        N_("c, d and e stand. Who loses a life?"), ("a", "b", N_("b and c"), N_("nobody")),
        N_("Both Harlekins went across in one swap, so both count high: the lowest card is a's 6."),
        {"b": N_("Two Harlekins swapped in one go both count high, so b is not low."),
         N_("b and c"): N_("Neither Harlekin is low when both go across together.")}),
    "talon-husar": Question(
        N_("The same deal, but the top card of the talon is a Husar. e swaps. Who loses a life?"),
        ("c", "e", N_("c and e"), N_("nobody")),
        N_("The Husar strikes e, the dealer, who keeps the 2 and loses a life for being struck. "
           "The lowest card of the others is c's 3, so c loses one too."),
        {"e": N_("Being struck costs e a life, and the lowest of the rest still loses."),
         "c": N_("The Husar from the talon strikes the dealer too.")}),
    "never-everyone": Question(
        N_("b and c stand. Who loses a life?"), ("a", N_("b and c"), N_("all three"), N_("nobody")),
        N_("a's low Harlekin loses first, then the lowest of the rest: b and c tie on 4. That is "
           "every seat, and nobody was struck, so nobody loses."),
        {N_("all three"): N_("A hand may never cost every seat a life."),
         "a": N_("Counting the low Harlekin and the tie, every seat would lose; with nobody "
                 "struck, that rule sets the whole loss aside.")}),
    "two-seat-kuku": Question(
        N_("Two seats: a is dealt the Kuku, b a 6. Who loses a life?"), ("a", "b", N_("nobody")),
        N_("The Kuku is turned up at once, so nobody swaps: b's 6 is the lowest card."),
        {"a": N_("The Kuku is the highest card but one; it never loses as the lowest."),
         N_("nobody"): N_("The Kuku ends the swapping, and then the lowest card loses as usual.")}),
    "long-match": Question(
        N_("How many pots does a long match last with five seats?"), ("5", "6", "8", "10"),
        N_("Standard is five pots for five seats; long is one and a half times that, 7.5, rounded "
           "up to 8."),
        {"5": N_("Five pots is the standard match; a long one is half as long again."),
         "10": N_("A long match is one and a half times the standard, not twice.")}),
}

_LESSONS = Lessons(QUESTIONS)


def ask(name: str, answer: Any) -> Check:
    """The question called ``name`` in the language in use, with the answer the engine
    computed. The words are kept in English (marked ``N_``) and translated here, when the
    question is asked; so is the answer, which a notebook cell computes in the choices'
    English words ("nobody", "a and c"), so that it is found among the choices in either
    language. Seat names and card names are the same in both languages."""
    q = QUESTIONS.get(name)
    if q is None:
        return _LESSONS.ask(name, answer)  # refuses, naming every question
    said = Question(_(q.text), tuple(_(c) for c in q.choices), _(q.explain),
                    {_(choice): _(why) for choice, why in q.why.items()})
    return Lessons({name: said}).ask(name, _(str(answer)))
