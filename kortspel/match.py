"""A Kille match: hands make pots, pots make a match.

Every seat starts a pot on three lives; the last seat with lives wins the pot and a point.
A match is a set number of pots; a tie for most points is settled by one more pot between
the tied seats. The match owns the random generator; every hand it deals is a record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core import Bot, IllegalActionError, step
from .kille import KilleGame, KilleState, match_pots


@dataclass(frozen=True)
class HandSummary:
    """What one finished hand did to the match (for narration and tests)."""

    record: dict[str, Any]
    lose_life: tuple[int, ...]
    redeal: bool
    pot_winner: int | None
    match_over: bool


class KilleMatch:
    """Lives, pots, match length, the tie-break pot and the moving deal, around hand states.

    ``seed`` fixes every shuffle of the match. ``length`` is ``"short"``, ``"standard"``,
    ``"long"`` or a number of pots.
    """

    def __init__(
        self,
        game: KilleGame,
        *,
        length: str | int = "standard",
        seed: int | str | None = None,
        dealer: int | None = None,
    ) -> None:
        self.game = game
        self.length = length
        self.target = match_pots(game.seats, length)
        self.rng = random.Random(seed)
        self.points = [0] * game.seats
        self.start_lives = game.rules.lives
        self.lives = [self.start_lives] * game.seats
        self.in_match = list(range(game.seats))  # seats playing the current pot
        self.dealer = game.seats - 1 if dealer is None else dealer
        self.pots_played = 0
        self.tiebreak: tuple[int, ...] = ()
        self.winner: int | None = None
        self.history: list[HandSummary] = []
        self._asks = 0
        self.hand: KilleState = self._deal()

    # -- dealing ---------------------------------------------------------------------

    def _deal(self) -> KilleState:
        return self.game.new_hand(rng=self.rng, dealer=self.dealer, lives=self.lives,
                                  asks_accepted=self._asks)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _next_dealer(self, after: int) -> int:
        n = self.game.seats
        for i in range(1, n + 1):
            s = (after + i) % n
            if self.lives[s] > 0:
                return s
        raise AssertionError("no seat has lives")  # a pot always ends with one seat left

    def next_hand(self) -> HandSummary:
        """Settle the finished hand (lives, pot, match) and deal the next one."""
        hand = self.hand
        if not hand.is_over:
            raise IllegalActionError("the hand is still being played; finish it first")
        if self.is_over:
            raise IllegalActionError("the match is over; start a new match to play on")
        out = hand.outcome
        assert out is not None
        summary_winner: int | None = None
        if out.redeal:
            self._asks = hand.asks
            self.history.append(HandSummary(hand.record(), (), True, None, False))
            self.hand = self._deal()  # the same dealer deals again
            return self.history[-1]
        self._asks = 0
        for s in out.lose_life:
            self.lives[s] -= 1
        alive = [s for s in range(self.game.seats) if self.lives[s] > 0]
        if len(alive) == 1:
            summary_winner = alive[0]
            self.points[summary_winner] += 1
            self.pots_played += 1
            self._new_pot()
        if not self.is_over:
            self.dealer = self._next_dealer(self.dealer)
            self.hand = self._deal()
        self.history.append(HandSummary(hand.record(), out.lose_life, False, summary_winner,
                                        self.is_over))
        return self.history[-1]

    def _new_pot(self) -> None:
        if self.tiebreak:
            self.winner = max(self.tiebreak, key=lambda s: self.points[s])
            return
        if self.pots_played >= self.target:
            best = max(self.points)
            top = tuple(s for s, p in enumerate(self.points) if p == best)
            if len(top) == 1:
                self.winner = top[0]
                return
            self.tiebreak = top
            self.lives = [self.start_lives if s in top else 0 for s in range(self.game.seats)]
            return
        self.lives = [self.start_lives] * self.game.seats

    # -- playing ---------------------------------------------------------------------

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None) -> None:
        """Play the whole match with computer players (for simulations and tests)."""
        rng = rng or self.rng
        while not self.is_over:
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def undo_to_before(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this hand (practice mode).

        The hand is rebuilt from its record without that decision and what followed it,
        which is how every frame of a hand is made: records are the single source of truth.
        Returns ``False`` when the seat has made no decision in this hand.
        """
        acts = self.hand.actions
        last = max((i for i, a in enumerate(acts) if a.seat == seat), default=None)
        if last is None:
            return False
        self.hand = self.game.replay(self.hand.record(), upto=last)
        return True

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "points": self.points[s], "lives": self.lives[s]}
                for s in range(self.game.seats)]
