"""A Knock match: rounds until one seat is left under the limit.

The first dealer is found by cutting (rule 13); after that each round's result says who
deals next (rule 12). The running totals, stars and skunks carry from round to round, a
seat over 100 is out, and the last seat left wins with its score circled once, plus once
per skunk (rules 9-11). The match owns the random generator; every round it deals is a
record. The rules are on ``docs/rules/knock.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..checks import check_match
from ..protocol import Bot
from ..records import copy_json
from ..shell import MatchShell
from .cards import NAMES, POINTS
from .fast import shuffled_pack
from .game import KnockGame
from .settle import Settlement
from .state import KnockState


def highest_cut(cards: Sequence[int]) -> list[int]:
    """Rule 13: the positions of the highest cut cards (K highest, A lowest; suits do not
    count). More than one position means those seats cut again."""
    best = max(POINTS[c] for c in cards)
    return [i for i, c in enumerate(cards) if POINTS[c] == best]


def cut_for_dealer(seats: int, rng: random.Random) -> tuple[int, list[list[tuple[int, int]]]]:
    """Every seat cuts a card from a shuffled pack, and the highest deals; the seats that
    tie for the highest cut again from a fresh pack until one is highest. Returns the
    dealer and each cut as (seat, card id) pairs."""
    cutting = list(range(seats))
    cuts: list[list[tuple[int, int]]] = []
    while True:
        pack = shuffled_pack(rng)
        cut = list(zip(cutting, pack, strict=False))
        cuts.append(cut)
        top = highest_cut([c for _, c in cut])
        if len(top) == 1:
            return cut[top[0]][0], cuts
        cutting = [cut[i][0] for i in top]


@dataclass(frozen=True)
class RoundSummary:
    """What one finished round did to the match (for narration and tests)."""

    record: dict[str, Any]
    result: dict[str, Any]
    settlement: Settlement
    match_over: bool


class KnockMatch(MatchShell):
    """Running totals, stars, skunks, eliminations and the moving deal, around round states.

    ``seed`` fixes every shuffle of the match, the cut included. ``dealer`` (a seat number or
    name) skips the cut and deals the first round. Every method either does all it says or,
    refusing, changes nothing.
    """

    over = "the game is over"
    hand_word = "round"
    quote_limit = 60

    def __init__(self, game: KnockGame, *extra: Any, seed: int | str | None = None,
                 dealer: int | str | None = None, **unknown: Any) -> None:
        check_match("a Knock match", game, KnockGame, seed, extra, unknown, ("seed", "dealer"))
        self.game = game
        n = game.seats
        self.rng = random.Random(seed)
        self._cuts: list[list[tuple[int, int]]] = []
        first = self._first_dealer(dealer)
        if first is None:
            first, self._cuts = cut_for_dealer(n, self.rng)
        self.dealer = first
        self.first_dealer = self.dealer
        self._scores = [0] * n
        self._stars = [0] * n
        self._skunks = [0] * n
        self._out: list[int] = []
        self.winner: int | None = None
        self.circles: int | None = None
        self.finished = False
        self._history: list[RoundSummary] = []
        self.hand: KnockState = self._deal()

    # -- what the match holds, handed out as copies -------------------------------------
    # Replaced as rounds are settled; a caller gets a copy of its own, of the same kind, so
    # nothing it does to what it was given reaches the match.

    scores = property(lambda self: self._scores[:], doc="Each seat's running total.")
    stars = property(lambda self: self._stars[:], doc="Each seat's stars (invalid knocks).")
    skunks = property(lambda self: self._skunks[:], doc="Each seat's skunks.")
    out = property(lambda self: self._out[:], doc=(
        "The seats out of the game, in the order they went out."))

    @property
    def cuts(self) -> list[list[tuple[int, int]]]:
        """Each cut for the first deal: (seat, card id) pairs (empty when a dealer was given)."""
        return [cut[:] for cut in self._cuts]

    def _deal(self) -> KnockState:
        return self.game.new_hand(rng=self.rng, dealer=self.dealer, scores=self._scores,
                                  stars=self._stars, skunks=self._skunks, out=self._out)

    @property
    def is_over(self) -> bool:
        """Whether the game is decided: one seat left (the winner), or none (no winner)."""
        return self.finished

    @property
    def rounds_played(self) -> int:
        return len(self._history)

    @property
    def seats_in(self) -> list[int]:
        return [s for s in range(self.game.seats) if s not in self._out]

    def next_hand(self) -> RoundSummary:
        """Settle the finished round (totals, stars, skunks, who is out, the winner) and,
        unless the game is over, deal the next round with the dealer rule 12 chose."""
        hand = self._finished_hand()
        assert hand.outcome is not None
        st = hand.outcome.settlement
        over = st.next_dealer is None
        summary = RoundSummary(hand.record(), hand.result(), st, over)
        self._scores, self._stars, self._skunks = list(st.scores), list(st.stars), list(st.skunks)
        self._out = list(st.out)
        if over:
            self.finished = True
            self.winner, self.circles = st.winner, st.circles
        else:
            self.dealer = st.next_dealer
            self.hand = self._deal()
        return self._settled(summary)

    # -- playing -------------------------------------------------------------------------------

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None,
                  max_rounds: int = 500) -> None:
        """Play the whole match with computer players (for simulations and tests): at most
        ``max_rounds`` rounds, so a run of seeds that never ends a game still stops."""
        self._play(bots, rng, lambda: not self.finished and len(self._history) < max_rounds)

    def standings(self) -> list[dict[str, Any]]:
        """Each seat's running total, stars and skunks, and whether it is out."""
        names = self.game.names
        return [{"seat": names[s], "score": self._scores[s], "stars": self._stars[s],
                 "skunks": self._skunks[s], "out": s in self._out}
                for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: the cut, every round's record in order, and where it stands."""
        names = self.game.names
        return {
            "game": "knock", "match": True, "seats": list(names),
            "cuts": [{names[s]: NAMES[c] for s, c in cut} for cut in self._cuts],
            "first_dealer": names[self.first_dealer],
            "rounds": [copy_json(h.record) for h in self._history]
            + ([] if self.finished else [self.hand.record()]),
            "scores": {n: v for n, v in zip(names, self._scores, strict=True)},
            "out": [names[s] for s in self._out],
            "winner": None if self.winner is None else names[self.winner],
            "circles": self.circles,
        }
