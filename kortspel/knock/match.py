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

from ..errors import IllegalActionError, MatchError, SeatError
from ..protocol import Bot, step
from ..records import undo_last
from .cards import NAMES, POINTS
from .fast import shuffled_pack
from .game import KnockGame, check_seed
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


class KnockMatch:
    """Running totals, stars, skunks, eliminations and the moving deal, around round states.

    ``seed`` fixes every shuffle of the match, the cut included. ``dealer`` (a seat number or
    name) skips the cut and deals the first round. Every method either does all it says or,
    refusing, changes nothing.
    """

    def __init__(self, game: KnockGame, *, seed: int | str | None = None,
                 dealer: int | str | None = None) -> None:
        if not isinstance(game, KnockGame):
            raise MatchError(f"a Knock match is played at a Knock table (kortspel.load("
                             f"'knock', ...)), not {type(game).__name__}")
        check_seed(seed)
        self.game = game
        n = game.seats
        self.rng = random.Random(seed)
        self.cuts: list[list[tuple[int, int]]] = []
        if dealer is None:
            self.dealer, self.cuts = cut_for_dealer(n, self.rng)
        elif isinstance(dealer, str):
            self.dealer = game.seat_index(dealer)
        elif type(dealer) is int and 0 <= dealer < n:
            self.dealer = dealer
        else:
            raise SeatError(f"dealer is a seat number from 0 to {n - 1} or a seat's name "
                            f"({', '.join(game.names)}), not {dealer!r}")
        self.first_dealer = self.dealer
        self.scores = [0] * n
        self.stars = [0] * n
        self.skunks = [0] * n
        self.out: list[int] = []
        self.winner: int | None = None
        self.circles: int | None = None
        self.finished = False
        self.history: list[RoundSummary] = []
        self.hand: KnockState = self._deal()

    def _deal(self) -> KnockState:
        return self.game.new_hand(rng=self.rng, dealer=self.dealer, scores=self.scores,
                                  stars=self.stars, skunks=self.skunks, out=self.out)

    @property
    def is_over(self) -> bool:
        """Whether the game is decided: one seat left (the winner), or none (no winner)."""
        return self.finished

    @property
    def rounds_played(self) -> int:
        return len(self.history)

    @property
    def seats_in(self) -> list[int]:
        return [s for s in range(self.game.seats) if s not in self.out]

    def next_hand(self) -> RoundSummary:
        """Settle the finished round (totals, stars, skunks, who is out, the winner) and,
        unless the game is over, deal the next round with the dealer rule 12 chose."""
        if self.finished:
            raise MatchError("the game is over; start a new match to play on")
        hand = self.hand
        if not hand.is_over:
            raise IllegalActionError("the round is still being played; finish it first")
        assert hand.outcome is not None
        st = hand.outcome.settlement
        over = st.next_dealer is None
        summary = RoundSummary(hand.record(), hand.result(), st, over)
        self.scores, self.stars, self.skunks = list(st.scores), list(st.stars), list(st.skunks)
        self.out = list(st.out)
        self.history.append(summary)
        if over:
            self.finished = True
            self.winner, self.circles = st.winner, st.circles
        else:
            self.dealer = st.next_dealer  # type: ignore[assignment]
            self.hand = self._deal()
        return summary

    # -- playing -------------------------------------------------------------------------------

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None,
                  max_rounds: int = 500) -> None:
        """Play the whole match with computer players (for simulations and tests)."""
        rng = rng or self.rng
        while not self.finished and len(self.history) < max_rounds:
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this round (practice mode).

        The round is rebuilt from its record without that decision and what followed it.
        Returns ``False`` when the seat has made no decision this round. Once the game is
        over it is refused: the result stands.
        """
        if type(seat) is not int or not 0 <= seat < self.game.seats:
            raise SeatError(f"undo takes a seat number from 0 to {self.game.seats - 1}, "
                            f"not {seat!r}")
        if self.finished:
            raise MatchError("the game is over and its result stands; start a new match to "
                             "play again")
        undone = undo_last(self.game, self.hand, seat)
        if undone is None:
            return False
        self.hand = undone
        return True

    def standings(self) -> list[dict[str, Any]]:
        """Each seat's running total, stars and skunks, and whether it is out."""
        names = self.game.names
        return [{"seat": names[s], "score": self.scores[s], "stars": self.stars[s],
                 "skunks": self.skunks[s], "out": s in self.out}
                for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: the cut, every round's record in order, and where it stands."""
        names = self.game.names
        return {
            "game": "knock", "match": True, "seats": list(names),
            "cuts": [{names[s]: NAMES[c] for s, c in cut} for cut in self.cuts],
            "first_dealer": names[self.first_dealer],
            "rounds": [h.record for h in self.history]
            + ([] if self.finished else [self.hand.record()]),
            "scores": {n: v for n, v in zip(names, self.scores, strict=True)},
            "out": [names[s] for s in self.out],
            "winner": None if self.winner is None else names[self.winner],
            "circles": self.circles,
        }
