"""The questions of the Gnällknekt notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed, so a question
whose engine answer is not among its choices fails loudly instead of teaching a wrong rule.
"""

from __future__ import annotations

from typing import Any

from kortspel.i18n import N_, _

from ..lessons import Lessons, Question
from ..views import Check

NEW_STOCK = N_("the cards out of play and every discard but the top one")
"""The right answer of ``new-stock``, named so the notebook compares the engine's rebuilt
stock with it."""
ONE_AT_A_TIME = N_("no: each Jack attacks alone")
"""The answer to ``jacks-together`` when the engine lists no attack by two Jacks."""

QUESTIONS: dict[str, Question] = {
    "ace-lies-low": Question(
        N_("An A♣ lies on top of one of b's piles. Which of these cards beats it?"),
        (N_("the 2♣"), N_("the K♠"), N_("the Q♦"), N_("none of them")),
        N_("On a pile the Ace is the lowest card of all, so any card of its suit is higher: "
           "even the 2♣ takes it."),
        {N_("the K♠"): N_("A King is a high card, but it is a spade: a card that is not the same "
                      "rank must be of the same suit."),
         N_("the Q♦"): N_("A Queen of diamonds has the wrong suit, and it is not an Ace."),
         N_("none of them"): N_("The Ace lying on a pile counts lowest, so a card of its own suit "
                            "beats it.")}),
    "ace-attacks-high": Question(
        N_("A K♣ lies on top of one of b's piles. Which of these cards beats it?"),
        (N_("the Q♣"), N_("the A♣"), N_("the 2♣"), N_("none of them")),
        N_("Attacking, the Ace is the highest card of its suit, so the A♣ takes the K♣. (Any "
           "King or any Jack would take it too.)"),
        {N_("the Q♣"): N_("The Queen is below the King: an attack with the same suit must be "
                      "higher."),
         N_("the 2♣"): N_("A 2 is the lowest attacking card; only on a pile does the Ace sink "
                      "below it."),
         N_("none of them"): N_("An Ace in your hand is the highest attacker of its suit.")}),
    "stock-size": Question(
        N_("Five players are dealt their piles. How many cards are left for the stock?"),
        ("44", "49", "52", "64"),
        N_("Each player gets three piles of four cards, twelve in all; five players take 60 of "
           "the 104 cards, and 44 are left."),
        {"64": N_("64 is what is left when each player takes eight cards; a player takes "
                  "three piles of four, twelve cards."),
         "52": N_("Not one pack but two are shuffled together here: 104 cards."),
         "49": N_("A pile is four cards (three face down, one face up), so a player takes 12.")}),
    "pile-full": Question(
        N_("a has laid the pair 7♥ 7♦ on its first pile. Could a lay the Q♠ there too, as its "
           "second move?"),
        (N_("yes"), N_("no: a pile holds at most three face-up cards"),
         N_("no: only one defence a turn")),
        N_("The first pile now shows 9♠ 7♥ 7♦: three face-up cards, the most a pile may hold. "
           "The Q♠ could still go on another pile."),
        {N_("yes"): N_("Count the face-up cards on that pile: the 9♠ and the two 7s make three."),
         N_("no: only one defence a turn"): N_("A turn has two moves, and both may be defences.")}),
    "two-of-clubs": Question(
        N_("Which of the other players' piles can a's 2♣ beat?"),
        (N_("b's K♠"), N_("b's 7♣"), N_("c's A♣"), N_("none of them")),
        N_("The A♣ lies on a pile, where an Ace is the lowest card: the 2♣ is a higher club."),
        {N_("b's K♠"): N_("The K♠ is a spade; the 2♣ is neither a spade nor a King."),
         N_("b's 7♣"): N_("Same suit, but the 2 is lower than the 7: an attacker of the same suit "
                      "must be higher."),
         N_("none of them"): N_("Look at c's second pile: an Ace on a pile is the lowest card.")}),
    "b-draws-from": Question(
        N_("b's turn begins, and a's Q♠ lies on the discard pile. Where may b draw its cards "
           "from?"),
        (N_("the stock only"), N_("the discard pile only"),
         N_("the stock or the discard pile, card by card")),
        N_("Each card of the draw comes from the top of the stock or the top of the discard "
           "pile, in any mix. Only the game's very first turn has no discard pile to draw from."),
        {N_("the stock only"): N_("That was a's case: on the first turn there is no discard pile "
                              "yet."),
         N_("the discard pile only"): N_("The stock is never closed to a player while it has cards "
                                     "(or can be rebuilt).")}),
    "beat-the-pair": Question(
        N_("a's first pile shows the pair 7♥ 7♦ on top. Which of b's cards can take it?"),
        (N_("the K♠ off b's first pile"), N_("the 8♠"), N_("the pair 8♠ 8♣"), N_("the 3♥")),
        N_("A pair on top is beaten only by a pair of the same rank or higher, or by a Jack. The "
           "pair of 8s is higher than the 7s. (b's J♣ would take it too.)"),
        {N_("the K♠ off b's first pile"): N_("One card, however high, never beats a pair (unless "
                                         "it is a Jack)."),
         N_("the 8♠"): N_("A single 8 is not enough against a pair: it needs its partner."),
         N_("the 3♥"): N_("A single low card cannot beat a pair.")}),
    "jacks-together": Question(
        N_("c holds the J♥ and the J♠. Could c attack with the two Jacks together, as a pair?"),
        (N_("yes"), ONE_AT_A_TIME),
        N_("Two Jacks may be laid together as a pair on your own pile, but never attack "
           "together: each Jack attacks on its own, and one Jack already beats anything."),
        {N_("yes"): N_("Two Jacks make a pair when they defend, but the rules never let them "
                   "attack together.")}),
    "one-jack-of-two": Question(
        N_("c's third pile has the pair J♥ J♠ on top. a attacks it with the J♣. What does the "
           "J♣ take?"),
        (N_("both Jacks"), N_("the J♠ only"), N_("nothing: only a pair beats a pair")),
        N_("A pair of Jacks is two Jacks, not a pair: each is beaten on its own by a Jack. The "
           "J♣ takes the top one, the J♠, and the J♥ is left on top."),
        {N_("both Jacks"): N_("One Jack takes a whole pair of other cards, but two Jacks are taken "
                          "one at a time."),
         N_("nothing: only a pair beats a pair"): N_("A Jack beats any pair, and a pair of Jacks "
                                                 "falls one Jack at a time.")}),
    "pair-on-single": Question(
        N_("a attacks b's first pile, the K♠ alone, with the pair 3♦ 3♠. Which cards go out of "
           "play?"),
        (N_("the K♠ and both 3s"), N_("the K♠ and one 3"), N_("none: a 3 is lower than a King")),
        N_("A pair beats any single card but a Jack, whatever its rank; the pair and the card it "
           "beats all go out of play. It costs two cards to take one."),
        {N_("the K♠ and one 3"): N_("A pair attacks as one: both cards are spent."),
         N_("none: a 3 is lower than a King"): N_("Rank only matters for a single card; a "
                                                  "pair beats any single that is not a Jack.")}),
    "draws-after-loss": Question(
        N_("A player has lost one of its three piles. How many cards does it draw at the start "
           "of its turn?"),
        ("2", "3", "4"),
        N_("One card for each pile left, plus one: two piles, three cards."),
        {"4": N_("The draw shrinks as piles go: it counts the piles left, not the piles dealt."),
         "2": N_("There is one card more than the piles left (until the last rounds of the "
                 "endgame).")}),
    "after-out": Question(
        N_("b is out of the game. The seats go round a, b, c, d. Whose turn comes after a's "
           "now?"),
        ("b", "c", "d"),
        N_("A player who is out has no more turns: the turn passes b by, from a straight to c."),
        {"b": N_("b has no piles, so b is out and plays no more turns."),
         "d": N_("Only b is skipped; c still plays between a and d.")}),
    "new-stock": Question(
        N_("The stock is empty as a player draws from it. Which cards make the new stock?"),
        (N_("only the cards out of play"), NEW_STOCK, N_("the cards out of play and the whole "
                                                     "discard pile")),
        N_("The cards out of play and the discard pile, all but its top card, are shuffled into "
           "a new stock; the top discard stays where it is, for the next player to take."),
        {N_("only the cards out of play"): N_("The discard pile below its top card goes in too."),
         N_("the cards out of play and the whole discard pile"): N_("The top discard stays face up "
                                                                "on the discard pile.")}),
    "turns-to-draw": Question(
        N_("Two players are left. If neither knocks the other out, how many more counted turns "
           "are played before the game is drawn?"),
        ("10", "20", N_("no limit")),
        N_("Five rounds each (ten turns) by the usual rules, then five last rounds each (ten "
           "more): twenty turns, and the game is drawn if both still have piles."),
        {"10": N_("After the first ten turns come the last rounds: ten more turns."),
         N_("no limit"): N_("The endgame has a clock, so that a game of two players who only "
                            "defend still ends.")}),
    "last-rounds-draw": Question(
        N_("The last rounds have begun. How many cards does a player with one pile left draw "
           "on its turn?"),
        ("1", "2", "3"),
        N_("In the last rounds the extra card is gone: one card per pile, so one card."),
        {"2": N_("Two cards (one per pile, plus one) is the draw before the last rounds."),
         "3": N_("Three cards would be the draw of a player with two piles, before the last "
                 "rounds.")}),
    "no-attacks": Question(
        N_("Once c is out, a and b only draw and discard, and never attack. How does the game "
           "end?"),
        (N_("a wins"), N_("b wins"), N_("it is drawn")),
        N_("Without attacks nobody loses a pile, so both still have piles when the last rounds "
           "run out: the game is drawn."),
        {N_("a wins"): N_("a has to take all of b's piles to win, and never attacks."),
         N_("b wins"): N_("b never attacks either, so a keeps its piles.")}),
    "lone-jack": Question(
        N_("In the last rounds, b's only pile is a lone J♠, and a holds the pair 4♥ 4♣. May a "
           "take the Jack with the pair?"),
        (N_("yes"), N_("no: only a Jack beats a Jack")),
        N_("In the last rounds, and only then, any pair (not two Jacks) may take a Jack that is "
           "the only card of the other player's last pile. It ends a game that could otherwise "
           "whine on to a draw."),
        {N_("no: only a Jack beats a Jack"): N_("That holds for the rest of the game; the last "
                                             "rounds make this one exception.")}),
    # -- 02-worked-examples -------------------------------------------------------------------
    "discard-same-card": Question(
        N_("b took the 3♣ from the discard pile as its first card. May b throw that same 3♣ "
           "away at the end of the turn?"),
        (N_("yes"), N_("no: not the card just taken")),
        N_("Any card in the hand may be discarded, the one just taken from the discard pile "
           "too. (Swedish Knock forbids it; Gnällknekt does not.)"),
        {N_("no: not the card just taken"): N_("That is a rule of other games, such as Swedish "
                                           "Knock; here any card held may be discarded.")}),
    "which-pair": Question(
        N_("a's first pile shows the pair 7♣ 7♦. b holds 9♠ 9♥ 6♠ 6♥. Which of b's pairs can "
           "take a's pair?"),
        (N_("the 9s"), N_("the 6s"), N_("both"), N_("neither")),
        N_("Against a pair on top only a pair of the same rank or higher wins (or a Jack): the "
           "nines are higher than the sevens, the sixes lower."),
        {N_("the 6s"): N_("Sixes are lower than sevens; a pair on top needs a pair at least "
                          "as high."),
         N_("both"): N_("The pair of sixes is lower than the sevens."),
         N_("neither"): N_("The nines are higher than the sevens, so the pair of nines wins.")}),
    "two-jacks-two-moves": Question(
        N_("a's first pile has the J♦ on the J♣. b holds the J♠ and the J♥. How many of b's "
           "moves does it take to clear both Jacks?"),
        ("1", "2"),
        N_("Two Jacks never attack together, and two Jacks on a pile are taken one at a time: "
           "one move for each, so both of b's moves."),
        {"1": N_("One Jack takes only one Jack, and two Jacks may not attack as a pair.")}),
    "out-hand": Question(
        N_("b's last pile is taken, and b is out. What happens to the cards in b's hand?"),
        (N_("they go out of play"), N_("they go on the discard pile")),
        N_("A player who is out leaves the game with nothing: the hand goes out of play, face "
           "up, with the cards of the attacks."),
        {N_("they go on the discard pile"): N_("The discard pile only takes the one card that ends "
                                           "a turn; an eliminated hand goes out of play.")}),
    "top-discard-stays": Question(
        N_("The stock is rebuilt. Where is the card that was on top of the discard pile?"),
        (N_("still on the discard pile"), N_("in the new stock")),
        N_("Only the discards under the top one go into the new stock; the top card stays face "
           "up, so the next player can still take it."),
        {N_("in the new stock"): N_("The top discard is left where it lies: only the cards "
                                    "under it are shuffled in.")}),
    "short-draw": Question(
        N_("b has cards to draw, but there is no card left in the stock, on the discard pile or "
           "out of play. What happens?"),
        (N_("the draw ends short, and the turn goes on"), N_("the game is drawn")),
        N_("With nothing left to draw, the draw simply stops, and the turn goes on with fewer "
           "cards."),
        {N_("the game is drawn"): N_("A game is drawn only by the endgame's clock, with two "
                                     "players left.")}),
    "win-at-once": Question(
        N_("a takes b's last pile with the first move of the turn. Does a go on to make a second "
           "move and discard?"),
        (N_("yes"), N_("no: the game ends at once")),
        N_("When only one player has piles, that player has won at once: the rest of the turn "
           "is not played."),
        {N_("yes"): N_("The game is over the moment only one player has piles; nothing more is "
                   "played.")}),
}

_LESSONS = Lessons(QUESTIONS)


def ask(name: str, answer: Any) -> Check:
    """The question called ``name`` with the answer the engine computed, in the language in
    use. The engine's answer is English, as the choices are written; it is checked against
    them first, then the question, its choices and its reasons are said together, so the
    answer stays one of the choices in Swedish too."""
    _LESSONS.ask(name, answer)  # refuses an engine answer that is not among the choices
    q = QUESTIONS[name]
    return Check(_(q.text), [_(c) for c in q.choices], _(str(answer)), _(q.explain),
                 why={_(c): _(w) for c, w in q.why.items()})
