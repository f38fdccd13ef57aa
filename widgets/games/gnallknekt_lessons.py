"""The questions of the Gnällknekt notebooks, kept out of their cells (see ``lessons``): the
question, the choices, why the right answer is right and why each wrong one is wrong.
``ask(name, answer)`` makes the ``Check`` with the answer the engine computed, so a question
whose engine answer is not among its choices fails loudly instead of teaching a wrong rule.
"""

from __future__ import annotations

from ..lessons import Lessons, Question

NEW_STOCK = "the cards out of play and every discard but the top one"
"""The right answer of ``new-stock``, named so the notebook compares the engine's rebuilt
stock with it."""
ONE_AT_A_TIME = "no: each Jack attacks alone"
"""The answer to ``jacks-together`` when the engine lists no attack by two Jacks."""

QUESTIONS: dict[str, Question] = {
    "ace-lies-low": Question(
        "An A♣ lies on top of one of b's piles. Which of these cards beats it?",
        ("the 2♣", "the K♠", "the Q♦", "none of them"),
        "On a pile the Ace is the lowest card of all, so any card of its suit is higher: "
        "even the 2♣ takes it.",
        {"the K♠": "A King is a high card, but it is a spade: a card that is not the same "
                   "rank must be of the same suit.",
         "the Q♦": "A Queen of diamonds has the wrong suit, and it is not an Ace.",
         "none of them": "The Ace lying on a pile counts lowest, so a card of its own suit "
                         "beats it."}),
    "ace-attacks-high": Question(
        "A K♣ lies on top of one of b's piles. Which of these cards beats it?",
        ("the Q♣", "the A♣", "the 2♣", "none of them"),
        "Attacking, the Ace is the highest card of its suit, so the A♣ takes the K♣. (Any "
        "King or any Jack would take it too.)",
        {"the Q♣": "The Queen is below the King: an attack with the same suit must be "
                   "higher.",
         "the 2♣": "A 2 is the lowest attacking card; only on a pile does the Ace sink "
                   "below it.",
         "none of them": "An Ace in your hand is the highest attacker of its suit."}),
    "stock-size": Question(
        "Five players are dealt their piles. How many cards are left for the stock?",
        ("44", "49", "52", "64"),
        "Each player gets three piles of four cards, twelve in all; five players take 60 of "
        "the 104 cards, and 44 are left.",
        {"64": "64 is what is left when each player takes eight cards; a player takes "
               "three piles of four, twelve cards.",
         "52": "Not one pack but two are shuffled together here: 104 cards.",
         "49": "A pile is four cards (three face down, one face up), so a player takes 12."}),
    "pile-full": Question(
        "a has laid the pair 7♥ 7♦ on its first pile. Could a lay the Q♠ there too, as its "
        "second move?",
        ("yes", "no: a pile holds at most three face-up cards", "no: only one defence a turn"),
        "The first pile now shows 9♠ 7♥ 7♦: three face-up cards, the most a pile may hold. "
        "The Q♠ could still go on another pile.",
        {"yes": "Count the face-up cards on that pile: the 9♠ and the two 7s make three.",
         "no: only one defence a turn": "A turn has two moves, and both may be defences."}),
    "two-of-clubs": Question(
        "Which of the other players' piles can a's 2♣ beat?",
        ("b's K♠", "b's 7♣", "c's A♣", "none of them"),
        "The A♣ lies on a pile, where an Ace is the lowest card: the 2♣ is a higher club.",
        {"b's K♠": "The K♠ is a spade; the 2♣ is neither a spade nor a King.",
         "b's 7♣": "Same suit, but the 2 is lower than the 7: an attacker of the same suit "
                   "must be higher.",
         "none of them": "Look at c's second pile: an Ace on a pile is the lowest card."}),
    "b-draws-from": Question(
        "b's turn begins, and a's Q♠ lies on the discard pile. Where may b draw its cards "
        "from?",
        ("the stock only", "the discard pile only", "the stock or the discard pile, card by "
                                                     "card"),
        "Each card of the draw comes from the top of the stock or the top of the discard "
        "pile, in any mix. Only the game's very first turn has no discard pile to draw from.",
        {"the stock only": "That was a's case: on the first turn there is no discard pile "
                           "yet.",
         "the discard pile only": "The stock is never closed to a player while it has cards "
                                  "(or can be rebuilt)."}),
    "beat-the-pair": Question(
        "a's first pile shows the pair 7♥ 7♦ on top. Which of b's cards can take it?",
        ("the K♠ off b's first pile", "the 8♠", "the pair 8♠ 8♣", "the 3♥"),
        "A pair on top is beaten only by a pair of the same rank or higher, or by a Jack. The "
        "pair of 8s is higher than the 7s. (b's J♣ would take it too.)",
        {"the K♠ off b's first pile": "One card, however high, never beats a pair (unless "
                                      "it is a Jack).",
         "the 8♠": "A single 8 is not enough against a pair: it needs its partner.",
         "the 3♥": "A single low card cannot beat a pair."}),
    "jacks-together": Question(
        "c holds the J♥ and the J♠. Could c attack with the two Jacks together, as a pair?",
        ("yes", ONE_AT_A_TIME),
        "Two Jacks may be laid together as a pair on your own pile, but never attack "
        "together: each Jack attacks on its own, and one Jack already beats anything.",
        {"yes": "Two Jacks make a pair when they defend, but the rules never let them "
                "attack together."}),
    "one-jack-of-two": Question(
        "c's third pile has the pair J♥ J♠ on top. a attacks it with the J♣. What does the "
        "J♣ take?",
        ("both Jacks", "the J♠ only", "nothing: only a pair beats a pair"),
        "A pair of Jacks is two Jacks, not a pair: each is beaten on its own by a Jack. The "
        "J♣ takes the top one, the J♠, and the J♥ is left on top.",
        {"both Jacks": "One Jack takes a whole pair of other cards, but two Jacks are taken "
                       "one at a time.",
         "nothing: only a pair beats a pair": "A Jack beats any pair, and a pair of Jacks "
                                              "falls one Jack at a time."}),
    "pair-on-single": Question(
        "a attacks b's first pile, the K♠ alone, with the pair 3♦ 3♠. Which cards go out of "
        "play?",
        ("the K♠ and both 3s", "the K♠ and one 3", "none: a 3 is lower than a King"),
        "A pair beats any single card but a Jack, whatever its rank; the pair and the card it "
        "beats all go out of play. It costs two cards to take one.",
        {"the K♠ and one 3": "A pair attacks as one: both cards are spent.",
         "none: a 3 is lower than a King": "Rank only matters for a single card; a pair beats "
                                           "any single that is not a Jack."}),
    "draws-after-loss": Question(
        "A player has lost one of its three piles. How many cards does it draw at the start "
        "of its turn?",
        ("2", "3", "4"),
        "One card for each pile left, plus one: two piles, three cards.",
        {"4": "The draw shrinks as piles go: it counts the piles left, not the piles dealt.",
         "2": "There is one card more than the piles left (until the last rounds of the "
              "endgame)."}),
    "after-out": Question(
        "b is out of the game. The seats go round a, b, c, d. Whose turn comes after a's "
        "now?",
        ("b", "c", "d"),
        "A player who is out has no more turns: the turn passes b by, from a straight to c.",
        {"b": "b has no piles, so b is out and plays no more turns.",
         "d": "Only b is skipped; c still plays between a and d."}),
    "new-stock": Question(
        "The stock is empty as a player draws from it. Which cards make the new stock?",
        ("only the cards out of play", NEW_STOCK, "the cards out of play and the whole "
                                                  "discard pile"),
        "The cards out of play and the discard pile, all but its top card, are shuffled into "
        "a new stock; the top discard stays where it is, for the next player to take.",
        {"only the cards out of play": "The discard pile below its top card goes in too.",
         "the cards out of play and the whole discard pile": "The top discard stays face up "
                                                             "on the discard pile."}),
    "turns-to-draw": Question(
        "Two players are left. If neither knocks the other out, how many more counted turns "
        "are played before the game is drawn?",
        ("10", "20", "no limit"),
        "Five rounds each (ten turns) by the usual rules, then five last rounds each (ten "
        "more): twenty turns, and the game is drawn if both still have piles.",
        {"10": "After the first ten turns come the last rounds: ten more turns.",
         "no limit": "The endgame has a clock, so that a game of two players who only defend "
                     "still ends."}),
    "last-rounds-draw": Question(
        "The last rounds have begun. How many cards does a player with one pile left draw "
        "on its turn?",
        ("1", "2", "3"),
        "In the last rounds the extra card is gone: one card per pile, so one card.",
        {"2": "Two cards (one per pile, plus one) is the draw before the last rounds.",
         "3": "Three cards would be the draw of a player with two piles, before the last "
              "rounds."}),
    "no-attacks": Question(
        "Once c is out, a and b only draw and discard, and never attack. How does the game "
        "end?",
        ("a wins", "b wins", "it is drawn"),
        "Without attacks nobody loses a pile, so both still have piles when the last rounds "
        "run out: the game is drawn.",
        {"a wins": "a has to take all of b's piles to win, and never attacks.",
         "b wins": "b never attacks either, so a keeps its piles."}),
    "lone-jack": Question(
        "In the last rounds, b's only pile is a lone J♠, and a holds the pair 4♥ 4♣. May a "
        "take the Jack with the pair?",
        ("yes", "no: only a Jack beats a Jack"),
        "In the last rounds, and only then, any pair (not two Jacks) may take a Jack that is "
        "the only card of the other player's last pile. It ends a game that could otherwise "
        "whine on to a draw.",
        {"no: only a Jack beats a Jack": "That holds for the rest of the game; the last "
                                          "rounds make this one exception."}),
    # -- 02-worked-examples -------------------------------------------------------------------
    "discard-same-card": Question(
        "b took the 3♣ from the discard pile as its first card. May b throw that same 3♣ "
        "away at the end of the turn?",
        ("yes", "no: not the card just taken"),
        "Any card in the hand may be discarded, the one just taken from the discard pile "
        "too. (Swedish Knock forbids it; Gnällknekt does not.)",
        {"no: not the card just taken": "That is a rule of other games, such as Swedish "
                                        "Knock; here any card held may be discarded."}),
    "which-pair": Question(
        "a's first pile shows the pair 7♣ 7♦. b holds 9♠ 9♥ 6♠ 6♥. Which of b's pairs can "
        "take a's pair?",
        ("the 9s", "the 6s", "both", "neither"),
        "Against a pair on top only a pair of the same rank or higher wins (or a Jack): the "
        "nines are higher than the sevens, the sixes lower.",
        {"the 6s": "Sixes are lower than sevens; a pair on top needs a pair at least as high.",
         "both": "The pair of sixes is lower than the sevens.",
         "neither": "The nines are higher than the sevens, so the pair of nines wins."}),
    "two-jacks-two-moves": Question(
        "a's first pile has the J♦ on the J♣. b holds the J♠ and the J♥. How many of b's "
        "moves does it take to clear both Jacks?",
        ("1", "2"),
        "Two Jacks never attack together, and two Jacks on a pile are taken one at a time: "
        "one move for each, so both of b's moves.",
        {"1": "One Jack takes only one Jack, and two Jacks may not attack as a pair."}),
    "out-hand": Question(
        "b's last pile is taken, and b is out. What happens to the cards in b's hand?",
        ("they go out of play", "they go on the discard pile"),
        "A player who is out leaves the game with nothing: the hand goes out of play, face "
        "up, with the cards of the attacks.",
        {"they go on the discard pile": "The discard pile only takes the one card that ends "
                                        "a turn; an eliminated hand goes out of play."}),
    "top-discard-stays": Question(
        "The stock is rebuilt. Where is the card that was on top of the discard pile?",
        ("still on the discard pile", "in the new stock"),
        "Only the discards under the top one go into the new stock; the top card stays face "
        "up, so the next player can still take it.",
        {"in the new stock": "The top discard is left where it lies: only the cards under it "
                             "are shuffled in."}),
    "short-draw": Question(
        "b has cards to draw, but there is no card left in the stock, on the discard pile or "
        "out of play. What happens?",
        ("the draw ends short, and the turn goes on", "the game is drawn"),
        "With nothing left to draw, the draw simply stops, and the turn goes on with fewer "
        "cards.",
        {"the game is drawn": "A game is drawn only by the endgame's clock, with two players "
                              "left."}),
    "win-at-once": Question(
        "a takes b's last pile with the first move of the turn. Does a go on to make a second "
        "move and discard?",
        ("yes", "no: the game ends at once"),
        "When only one player has piles, that player has won at once: the rest of the turn "
        "is not played.",
        {"yes": "The game is over the moment only one player has piles; nothing more is "
                "played."}),
}

ask = Lessons(QUESTIONS).ask
