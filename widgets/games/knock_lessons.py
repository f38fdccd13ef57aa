"""The questions of the Swedish Knock notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed, so a question
whose engine answer is not among its choices fails loudly instead of teaching a wrong rule.
"""

from __future__ import annotations

from typing import Any

from kortspel.i18n import N_, _

from ..lessons import Lessons, Question
from ..views import Check

NOBODY = N_("nobody: the round is over")
"""A choice for "who plays next?" once a round has ended."""

QUESTIONS: dict[str, Question] = {
    "loose-hand": Question(
        N_("a holds A♠ 5♥ 9♣ J♦ K♠, no two of one rank. What is the hand worth?"),
        ("0", "35", "39", "49"),
        N_("No set, so every card counts: 1 + 5 + 9 + 11 + 13 = 39. The Ace is the cheapest "
           "card, and the picture cards count 11, 12 and 13."),
        {"35": N_("Picture cards are not 10 each in Knock: the Jack counts 11 and the King 13."),
         "49": N_("The Ace is the cheapest card here: it counts 1, not 11."),
         "0": N_("A hand is free only when every card is in a set, and here no two cards share "
                 "a rank.")}),
    "two-in-a-set": Question(
        N_("b holds 9♠ 9♥ 2♣ 4♦ Q♠. What is the hand worth?"),
        ("0", "16", "18", "34"),
        N_("The 2 stands for a third 9, so 9♠ 9♥ 2♣ are a set and cost nothing; the 4♦ and the "
           "Q♠ count 4 + 12 = 16."),
        {"18": N_("The 2 is in the set of 9s, so it costs nothing; only a 2 left out of every "
                  "set costs 2."),
         "34": N_("Two 9s alone are no set, but with the wild 2 they are three of a kind."),
         "0": N_("Only the three cards of the set are free; the 4♦ and the Q♠ still count.")}),
    "two-twos": Question(
        N_("c holds 2♠ 2♥ 8♣ 8♦ K♦. What is the hand worth?"),
        ("13", "15", "16", "33"),
        N_("The cheapest use of the two 2s: one makes a set with the 8s and the other joins it, "
           "so only the K♦ counts, 13."),
        {"16": N_("The 2s could stand for Kings instead (K♦ 2♠ 2♥), but then the 8s count 16; "
                  "a hand is worth the least that any use of its 2s gives."),
         "15": N_("The second 2 need not be left over to cost 2: it joins the set of 8s."),
         "33": N_("With two 2s beside a pair there is always a set to make.")}),
    "first-to-play": Question(
        N_("The same cards, but b deals. Who plays first?"), ("a", "b", "c"),
        N_("Play starts with the seat on the dealer's left: after b comes c, then a, and b, the "
           "dealer, plays last."),
        {"b": N_("The dealer plays last, never first."),
         "a": N_("a would play first if c dealt; count round from b instead.")}),
    "last-turns": Question(
        N_("a knocks. How many more turns are played before the hands are shown?"),
        ("1", "2", "3", N_("until the stock runs out")),
        N_("After a knock every other seat gets exactly one more turn: b, then c. Then the round "
           "ends and the hands are shown."),
        {"1": N_("Every other seat gets a last turn, not only the next one."),
         "3": N_("The knocker gets no further turn: the knock was its turn."),
         N_("until the stock runs out"): N_("A knock ends the round after one go-round, "
                                            "unless the stock or a zero ends it even "
                                            "sooner.")}),
    "tie-holds": Question(
        N_("b's last turn brings b down to 6, the same as a's knock; c stays high. Does a's "
           "knock hold?"), (N_("yes"), N_("no: a gets a star")),
        N_("A knock fails only when some seat is strictly lower than the knocker. b ties with a "
           "on 6, and a tie is fine."),
        {N_("no: a gets a star"): N_("b only ties with a; it takes a hand below 6 to beat "
                                     "the knock.")}),
    "tie-deals": Question(
        N_("After that round, who deals the next one?"), ("a", "b", "c"),
        N_("a and b share the lowest round score, 6. A shared lowest score goes to the knocker "
           "when the knocker is one of those tied, and a knocked."),
        {"b": N_("b ties with a for the lowest score, and the tie goes to the knocker, a."),
         "c": N_("The lowest round score deals next, and c's is the highest.")}),
    "zero-ends": Question(
        N_("b draws the 7♠ and throws the K♠. Who plays next?"), ("a", "c", NOBODY),
        N_("b now holds 7♣ 7♦ 7♥ 7♠ 2♠: all five cards in one set, worth zero. A zero ends the "
           "round at once, so c gets no last turn."),
        {"c": N_("c would have had a last turn, but b's zero ends the round before it."),
         "a": N_("The knocker never plays again in the round it knocked in.")}),
    "stock-size": Question(
        N_("Five seats are dealt in. How many cards are in the stock when the first turn "
           "starts?"), ("26", "27", "31", "47"),
        N_("Five hands of five take 25 cards and one more starts the discard pile: 52 - 25 - 1 "
           "= 26."),
        {"27": N_("The card turned up to start the discard pile comes off the stock too."),
         "31": N_("31 is the stock at four seats; a fifth hand takes five more cards."),
         "47": N_("Every seat gets five cards, not only one.")}),
    "third-star": Question(
        N_("a has two stars already, knocks on 5 and is beaten by b's 3. What does a score this "
           "round, in all?"), ("5", "15", "25", "35"),
        N_("a's hand counts 5, and the failed knock is a's third star, which costs 20: 5 + 20 = "
           "25."),
        {"5": N_("A failed knock brings a star, and only a first star is free; this is a's "
                 "third."),
         "15": N_("10 is the price of a second star; a third costs 20."),
         "35": N_("The third star costs 20, not 30: the price grows by 10 from the second star "
                  "on.")}),
    "who-is-out": Question(
        N_("a starts this round on 95, b on 40 and c on 99. Who is out of the game after it?"),
        ("a", "c", N_("a and c"), N_("nobody")),
        N_("a ends the round on 105, over 100, and is out. c ends on exactly 100, and 100 still "
           "stays in: only a total over 100 goes out."),
        {"c": N_("c reaches exactly 100, and a total of 100 stays in."),
         N_("a and c"): N_("c reaches exactly 100, which is not over 100."),
         N_("nobody"): N_("a's total goes past 100 this round.")}),
    "circles": Question(
        N_("c goes out this round and b, still below 50, is the last seat left. How many circles "
           "does b's winning score get?"), ("1", "2", "3", "4"),
        N_("One circle for the win and one more for each skunk: b was below 50 when a went out "
           "last round and when c goes out now, so b has two skunks and 1 + 2 = 3 circles."),
        {"1": N_("The win gives one circle, and each skunk adds another."),
         "2": N_("b earned a skunk when a went out as well as now."),
         "4": N_("Each seat that went out while b was below 50 gives one skunk: a and c, two.")}),
    "face-total-deals": Question(
        N_("a knocks on 12. On their last turns b and c both come down to 9, below a. Who deals "
           "the next round?"), ("a", "b", "c"),
        N_("b and c share the lowest round score and a, the knocker, is not one of them, so their "
           "final hands are counted at face value, no set left out and the 2 as 2: b's 6 6 6 9 2 "
           "make 29 and c's 4 4 4 8 A make 21. c is lower and deals."),
        {"a": N_("The knocker deals only when it is among those tied for the lowest score, and "
                 "a's 12 is above their 9."),
         "b": N_("Counted at face value b's hand is 29, higher than c's 21: the sets count in "
                 "full for this tie-break.")}),
    "zero-beats-knock": Question(
        N_("a knocks on 14, and on b's last turn b's hand comes to zero. Does a's knock hold?"),
        (N_("yes"), N_("no: a gets a star")),
        N_("The knock is judged whatever ends the round, and b's 0 is lower than a's 14: a's "
           "knock fails, and a gets a star."),
        {N_("yes"): N_("b's zero ends the round at once, but the knock is still judged, and 0 "
                       "is lower than 14.")}),
}


_LESSONS = Lessons(QUESTIONS)


def ask(name: str, answer: Any) -> Check:
    """The question called ``name`` in the language in use, with the answer the engine
    computed. The words are kept in English (marked ``N_``) and translated here, when the
    question is asked; so is the answer, which a notebook cell computes in the choices'
    English words ("yes", "a and c", ``NOBODY``), so that it is found among the choices in
    either language."""
    q = QUESTIONS.get(name)
    if q is None:
        return _LESSONS.ask(name, answer)  # refuses, naming every question
    said = Question(_(q.text), tuple(_(c) for c in q.choices), _(q.explain),
                    {_(choice): _(why) for choice, why in q.why.items()})
    return Lessons({name: said}).ask(name, _(str(answer)))
