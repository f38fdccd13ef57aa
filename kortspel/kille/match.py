"""A Kille match: hands make pots, pots make a match.

A pot begins with every seat on full lives (three unless the rules say otherwise), and the
seat that outlasts the others takes it and scores a point. A match lasts a fixed number of
pots; if the top score is shared, the tied seats alone play one extra pot. The match owns the
random generator; every hand it deals is a record. The rules are on ``docs/rules/kille.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, MatchError, SeatError
from ..protocol import Bot, step
from ..records import undo_last
from .game import KilleGame, check_seed
from .rules import match_pots
from .state import KilleState


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
    ``"long"`` or a number of pots. ``dealer`` (a seat number or name) deals the first hand.
    Every method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: dict[str, str] = {"short": "short (for a lesson)", "standard": "standard",
                               "long": "long (as the rules say)"}
    """The match lengths a player may choose, shortest first, with how a menu names them."""

    def __init__(
        self,
        game: KilleGame,
        *,
        length: str | int = "standard",
        seed: int | str | None = None,
        dealer: int | str | None = None,
    ) -> None:
        if not isinstance(game, KilleGame):
            raise MatchError(f"a Kille match is played at a Kille table (kortspel.load("
                             f"'kille', ...)), not {type(game).__name__}")
        check_seed(seed)
        self.game = game
        self.length = length
        self.target = match_pots(game.seats, length)
        self.rng = random.Random(seed)
        self.points = [0] * game.seats
        self.start_lives = game.rules.lives
        self.lives = [self.start_lives] * game.seats
        self.in_match = list(range(game.seats))  # seats playing the current pot
        if dealer is None:
            self.dealer = game.seats - 1
        elif isinstance(dealer, str):
            self.dealer = game.seat_index(dealer)
        elif type(dealer) is int and 0 <= dealer < game.seats:
            self.dealer = dealer
        else:
            raise SeatError(f"dealer is a seat number from 0 to {game.seats - 1} or a seat's "
                            f"name ({', '.join(game.names)}), not {dealer!r}")
        self.pots_played = 0
        self.tiebreak: tuple[int, ...] = ()
        self.winner: int | None = None
        self.history: list[HandSummary] = []
        self._asks = 0
        self.hand: KilleState = self._deal(self.dealer, self.lives, 0)

    # -- dealing ---------------------------------------------------------------------

    def _deal(self, dealer: int, lives: Sequence[int], asks: int) -> KilleState:
        return self.game.new_hand(rng=self.rng, dealer=dealer, lives=list(lives),
                                  asks_accepted=asks)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _next_dealer(self, after: int, lives: Sequence[int]) -> int:
        n = self.game.seats
        for i in range(1, n + 1):
            s = (after + i) % n
            if lives[s] > 0:
                return s
        raise AssertionError("no seat has lives")  # a pot always ends with one seat left

    def next_hand(self) -> HandSummary:
        """Settle the finished hand (lives, pot, match) and deal the next one.

        Everything is worked out on copies first and committed at the end, so a refusal (the
        hand still going, the match over) leaves the match exactly as it was.
        """
        hand = self.hand
        if self.is_over:
            raise MatchError("the match is over; start a new match to play on")
        if not hand.is_over:
            raise IllegalActionError("the hand is still being played; finish it first")
        out = hand.outcome
        assert out is not None
        if out.redeal:
            summary = HandSummary(hand.record(), (), True, None, False)
            self.hand = self._deal(self.dealer, self.lives, hand.asks)  # the same dealer
            self._asks = hand.asks
            self.history.append(summary)
            return summary
        lives = self.lives[:]
        points = self.points[:]
        for s in out.lose_life:
            lives[s] -= 1
        pot_winner: int | None = None
        pots_played, tiebreak, winner = self.pots_played, self.tiebreak, None
        alive = [s for s in range(self.game.seats) if lives[s] > 0]
        if len(alive) == 1:
            pot_winner = alive[0]
            points[pot_winner] += 1
            pots_played += 1
            winner, tiebreak, lives = self._new_pot(points, pots_played, tiebreak, lives)
        dealer = self.dealer
        if winner is None:
            dealer = self._next_dealer(self.dealer, lives)
            new_hand = self._deal(dealer, lives, 0)
        else:
            new_hand = hand
        summary = HandSummary(hand.record(), out.lose_life, False, pot_winner,
                              winner is not None)
        # commit
        self.lives, self.points, self.pots_played = lives, points, pots_played
        self.tiebreak, self.winner, self.dealer = tiebreak, winner, dealer
        self._asks = 0
        self.hand = new_hand
        self.history.append(summary)
        return summary

    def _new_pot(self, points: list[int], pots_played: int, tiebreak: tuple[int, ...],
                 lives: list[int]) -> tuple[int | None, tuple[int, ...], list[int]]:
        """After a pot: the match winner (if decided), the tie-break seats, the new lives
        (once the match is won, the lives stand as the last hand left them)."""
        n = self.game.seats
        if tiebreak:
            return max(tiebreak, key=lambda s: points[s]), tiebreak, lives
        if pots_played >= self.target:
            best = max(points)
            top = tuple(s for s, p in enumerate(points) if p == best)
            if len(top) == 1:
                return top[0], (), lives
            return None, top, [self.start_lives if s in top else 0 for s in range(n)]
        return None, (), [self.start_lives] * n

    # -- playing ---------------------------------------------------------------------

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None) -> None:
        """Play the whole match with computer players (for simulations and tests)."""
        rng = rng or self.rng
        while not self.is_over:
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this hand (practice mode).

        The hand is rebuilt from its record without that decision and what followed it,
        which is how every frame of a hand is made: records are the single source of truth.
        Returns ``False`` when the seat has made no decision in this hand. Once the match is
        over it is refused: the result stands (start a new match to play again).
        """
        if type(seat) is not int or not 0 <= seat < self.game.seats:
            raise SeatError(f"undo takes a seat number from 0 to {self.game.seats - 1}, "
                            f"not {seat!r}")
        if self.is_over:
            raise MatchError("the match is over and its result stands; start a new match "
                             "to play again")
        undone = undo_last(self.game, self.hand, seat)
        if undone is None:
            return False
        self.hand = undone
        return True

    undo_to_before = undo

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "points": self.points[s], "lives": self.lives[s]}
                for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: its table, its settings and every hand's record, in order."""
        return {
            "game": "kille", "match": True, "seats": list(self.game.names),
            "length": self.length, "target": self.target,
            "hands": [h.record for h in self.history] + [self.hand.record()],
            "points": {n: p for n, p in zip(self.game.names, self.points, strict=True)},
            "winner": None if self.winner is None else self.game.names[self.winner],
        }
