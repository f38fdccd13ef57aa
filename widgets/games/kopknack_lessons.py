"""The questions of the Köpknack notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed.

The deals the questions speak of are those of ``notebooks/kopknack/01-rules.ipynb``: six
seats a to f, f dealing, diamonds trumps, a pot of 9 (6 carried in and f's ante of 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kortspel.i18n import N_, _

from ..lessons import Lessons, Question

if TYPE_CHECKING:
    from ..views import Check

QUESTIONS: dict[str, Question] = {
    "talon-six": Question(
        N_("Six players get three cards each, and one more card is turned up for trumps. "
           "How many cards are left for the talon?"),
        ("27", "33", "34", "46"),
        N_("The pack has 52 cards: 6 × 3 = 18 are dealt and one is turned, so 52 − 18 − 1 "
           "= 33 make the talon."),
        {"34": N_("The turned card is not part of the talon: it stays face up beside it, "
                  "and nobody ever draws it."),
         "46": N_("Each player gets three cards, not one."),
         "27": N_("That is the talon of an eight-seat table: 52 − 24 − 1.")}),
    "first-speaker": Question(
        N_("The same cards, but c deals. Who is the first to knock or fold?"),
        ("a", "b", "c", "d", "e", "f"),
        N_("The bidding starts on the dealer's left, with forehand, and goes round to the "
           "dealer: when c deals, d speaks first and c last."),
        {"c": N_("The dealer speaks last, never first."),
         "a": N_("a is forehand only when f deals; count round from c instead."),
         "b": N_("b sits on c's right, so b speaks just before the dealer, fifth of six."),
         "e": N_("e comes second, after d."),
         "f": N_("f is third when c deals: d, e, then f.")}),
    "all-fold": Question(
        N_("a, b, c, d and e all fold. Who takes the pot?"),
        ("a", "f", N_("nobody: the cards are dealt again")),
        N_("Everyone but the dealer has folded, so f, the dealer, sweeps the pot without "
           "even saying knock or fold."),
        {"a": N_("Folding gives up the deal: a's fold cannot win a thing."),
         "nobody: the cards are dealt again":
             N_("Köpknack never deals again: when no one else is in, the dealer takes the "
                "pot.")}),
    "lone-knocker": Question(
        N_("Only c knocks; everyone else folds, f, the dealer, too. Who takes the pot?"),
        ("c", "f", N_("nobody yet: c must still take a trick")),
        N_("c, the lone knocker, sweeps the pot at once: nobody buys, and no card is "
           "played."),
        {"f": N_("The dealer sweeps only when nobody else knocks. Here c knocked, and then "
                 "f folded too."),
         "nobody yet: c must still take a trick":
             N_("With nobody left to play against, there are no tricks: c sweeps at once.")}),
    "talon-eight": Question(
        N_("Eight players all knock, and each exchanges three cards in the first round. "
           "How many cards are left in the talon for the second round?"),
        ("0", "3", "6", "27"),
        N_("An eight-seat talon holds 52 − 24 − 1 = 27 cards. Eight buyers take three "
           "each, 24 in all, which leaves 3: the first buyer of round 2 may empty it."),
        {"27": N_("The first round took cards from the talon: 24 of them."),
         "0": N_("27 cards less 24 leaves a few."),
         "6": N_("The talon starts with 27 cards, not 30: the turned card is not in it.")}),
    "follow-first": Question(
        N_("a has led the A♥. b holds 8♥, K♦ and 2♣, and diamonds are trumps. What may b "
           "play?"),
        ("8♥", "K♦", N_("8♥ or K♦"), N_("any card")),
        N_("Following suit comes first: b has a heart, so b must play it. The duty to head "
           "the trick with a trump only picks among the cards that following suit allows, "
           "and here that is the 8♥ alone."),
        {"K♦": N_("The K♦ would beat the A♥, but only a seat without a heart may trump."),
         "8♥ or K♦": N_("A trump is not a heart: with a heart in hand, b may not trump."),
         "any card": N_("With a card of the suit led, b must follow suit.")}),
    "head-trick-one": Question(
        N_("Back to the start of trick 1: a leads the J♠ instead. What may b play?"),
        ("K♦", N_("8♥ or 2♣"), N_("8♥, K♦ or 2♣"), N_("K♦ or 2♣")),
        N_("b has no spade, and the K♦ would beat every card in the trick. In trick 1, a "
           "player who cannot follow suit and holds a trump that beats every card played "
           "so far has to play it."),
        {"8♥ or 2♣": N_("Throwing another card away is allowed only when no trump could "
                        "head the trick, and the K♦ can."),
         "8♥, K♦ or 2♣": N_("With a trump that heads the trick in hand, b has no free "
                            "choice."),
         "K♦ or 2♣": N_("The 2♣ is no trump: diamonds are trumps.")}),
    "lead-a-trump": Question(
        N_("Trick 2. The leader holds 7♥, 5♦ and A♠, and diamonds are trumps. Which cards "
           "may it lead?"),
        ("5♦", "A♠", N_("7♥ or A♠"), N_("any card")),
        N_("In trick 2 the leader must lead a trump if it holds one, even a small one: the "
           "5♦."),
        {"A♠": N_("The A♠ would be a strong lead, but in trick 2 a trump comes first."),
         "7♥ or A♠": N_("Those are the two cards it may not lead while it holds a trump."),
         "any card": N_("Only in tricks 1 and 3 may the leader lead what it likes.")}),
    "under-trump": Question(
        N_("Trick 2: a led the J♠ and b played the K♦. d holds 3♦, 5♥ and 10♥, and no "
           "spade. What may d play?"),
        ("3♦", N_("5♥ or 10♥"), N_("any card")),
        N_("In trick 2 a seat with no card of the suit led must play a trump if it has "
           "one, even one too small to beat the trump already played. d must give up the "
           "3♦."),
        {"5♥ or 10♥": N_("That would be right in trick 1, where a trump is forced only "
                         "when it heads the trick. In trick 2 any trump is forced."),
         "any card": N_("d holds a trump, and in trick 2 a seat without the suit led must "
                        "trump.")}),
    "trick-three": Question(
        N_("Trick 3: b leads the 2♣, d plays the 10♥ and a the 8♣. Who wins the trick?"),
        ("a", "b", "d"),
        N_("No trump was played, so the highest club wins: a's 8♣ beats b's 2♣."),
        {"d": N_("The 10♥ is higher, but it is not a club, and only the suit led (or a "
                 "trump) can win."),
         "b": N_("Leading does not win a trick: the 8♣ beats the 2♣.")}),
    "payout": Question(
        N_("The pot is 9. a took two tricks and b one. How much does a take out of the pot?"),
        ("2", "3", "6", "9"),
        N_("A trick is worth a third of the pot: 9 / 3 = 3 a trick, so two tricks bring 6."),
        {"3": N_("That is one trick's share; a took two."),
         "9": N_("The pot is shared trick by trick: b took one trick, and a third of the "
                 "pot with it."),
         "2": N_("A trick is worth a third of the pot, not a single unit.")}),
    "next-pot": Question(
        N_("d took no trick. What is in the pot when a deals next, a's ante of 3 included?"),
        ("3", "6", "9", "12"),
        N_("d pays twice the stake, 2 × 3 = 6, into the next pot, and a's ante of 3 joins "
           "it: 9."),
        {"3": N_("The ante is not alone: d's penalty went into the next pot."),
         "6": N_("The penalty is only part of it: a antes too."),
         "12": N_("Only d took no trick: one penalty of 6, plus the ante.")}),
    "session-length": Question(
        N_("A short session lets every seat deal once, a standard one twice. How many "
           "deals does a standard session last at six seats?"),
        ("2", "6", "12", "18"),
        N_("Each of the six seats deals twice: 12 deals."),
        {"6": N_("That is a short session: each seat deals once."),
         "2": N_("Twice is per seat; there are six seats."),
         "18": N_("That is a long session: each seat deals three times.")}),
    "single-penalty": Question(
        N_("At a table playing Knack's penalty (penalty=\"single\"), what does d pay for "
           "taking no trick?"),
        ("0", "3", "6", "9"),
        N_("Under that option a player who takes no trick pays one stake, 3, instead of "
           "two."),
        {"6": N_("Two stakes is the rule text's penalty; the option halves it."),
         "0": N_("The option makes the penalty smaller; it does not drop it."),
         "9": N_("The penalty is counted in stakes, not in the pot.")}),
}

_LESSONS = Lessons(QUESTIONS)


def ask(name: str, answer: Any) -> Check:
    """The question called ``name``, with the answer the engine computed, in the language in
    use. The questions are written in English and marked for the catalogue; here every
    sentence, each choice and the answer are looked up, so the engine's English answer
    ("8♥ or K♦") meets its Swedish choice ("8♥ eller K♦"). A choice that is a seat or a
    number has no entry and stays as it is."""
    if name not in QUESTIONS:
        return _LESSONS.ask(name, answer)  # says which questions there are
    q = QUESTIONS[name]
    said = Question(_(q.text), tuple(_(c) for c in q.choices), _(q.explain),
                    {_(c): _(why) for c, why in q.why.items()})
    return Lessons({name: said}).ask(name, _(str(answer)))
