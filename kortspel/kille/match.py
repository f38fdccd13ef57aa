"""A Kille match: hands make pots, pots make a match.

A pot begins with every seat on full lives (three unless the rules say otherwise), and the
seat that outlasts the others takes it and scores a point. A match lasts a fixed number of
pots; if the top score is shared, the tied seats alone play one extra pot. The match owns the
random generator; every hand it deals is a record. The rules are on ``docs/rules/kille.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..checks import check_match
from ..i18n import N_
from ..records import copy_json
from ..shell import MatchShell
from .game import KilleGame
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


class KilleMatch(MatchShell):
    """Lives, pots, match length, the tie-break pot and the moving deal, around hand states.

    ``seed`` fixes every shuffle of the match. ``length`` is ``"short"``, ``"standard"``,
    ``"long"`` or a number of pots. ``dealer`` (a seat number or name) deals the first hand.
    Every method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: Mapping[str, str] = MappingProxyType({
        "short": N_("short (for a lesson)"), "standard": N_("standard"),
        "long": N_("long (as the rules say)")})
    """The match lengths a player may choose, shortest first, with how a menu names them
    (read-only: every match shares it, so a caller must not be able to change it). The names
    are English, marked for the catalogue: a menu shows them through ``kortspel.i18n._``."""

    def __init__(
        self,
        game: KilleGame,
        *extra: Any,
        length: str | int = "standard",
        seed: int | str | None = None,
        dealer: int | str | None = None,
        **unknown: Any,
    ) -> None:
        check_match("a Kille match", game, KilleGame, seed, extra, unknown,
                    ("length", "seed", "dealer"))
        self.game = game
        self.length = length
        self.target = match_pots(game.seats, length)
        self.rng = random.Random(seed)
        self._points = [0] * game.seats
        self.start_lives = game.rules.lives
        self._lives = [self.start_lives] * game.seats
        self._in_match = list(range(game.seats))  # seats playing the current pot
        first = self._first_dealer(dealer)
        self.dealer = game.seats - 1 if first is None else first
        self.pots_played = 0
        self.tiebreak: tuple[int, ...] = ()
        self.winner: int | None = None
        self._history: list[HandSummary] = []
        self._asks = 0
        self.hand: KilleState = self._deal(self.dealer, self._lives, 0)

    # -- what the match holds, handed out as copies -------------------------------------
    # Changed in place (or replaced) as hands are settled; a caller gets a copy of its own,
    # of the same kind, so nothing it does to what it was given reaches the match.

    points = property(lambda self: self._points[:], doc="Each seat's pots won.")
    lives = property(lambda self: self._lives[:], doc="Each seat's lives in the pot being played.")
    in_match = property(lambda self: self._in_match[:], doc="The seats playing the current pot.")

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
        hand = self._finished_hand()
        out = hand.outcome
        assert out is not None
        if out.redeal:
            summary = HandSummary(hand.record(), (), True, None, False)
            self.hand = self._deal(self.dealer, self._lives, hand.asks)  # the same dealer
            self._asks = hand.asks
            return self._settled(summary)
        lives = self._lives[:]
        points = self._points[:]
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
        self._lives, self._points, self.pots_played = lives, points, pots_played
        self.tiebreak, self.winner, self.dealer = tiebreak, winner, dealer
        self._asks = 0
        self.hand = new_hand
        return self._settled(summary)

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

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "points": self._points[s], "lives": self._lives[s]}
                for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: its table, its settings and every hand's record, in order."""
        return {
            "game": "kille", "match": True, "seats": list(self.game.names),
            "length": self.length, "target": self.target,
            "hands": [copy_json(h.record) for h in self._history] + [self.hand.record()],
            "points": {n: p for n, p in zip(self.game.names, self._points, strict=True)},
            "winner": None if self.winner is None else self.game.names[self.winner],
        }
