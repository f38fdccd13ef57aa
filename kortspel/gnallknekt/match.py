"""A Gnällknekt match: several games in a row, the deal moving one seat clockwise each game.

One game of Gnällknekt is long (a few hundred actions), so a match is short: one, three or
five games. A won game scores its winner a point; a drawn game scores nothing. When the games
are played and the most points are shared, further games are played until one seat leads. The
match owns the random generator: every game it deals is a record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..checks import check_match
from ..records import copy_json
from ..shell import MatchShell
from .game import GnallknektGame, draw_for_dealer
from .rules import match_games
from .state import GnallknektState


@dataclass(frozen=True)
class GameSummary:
    """What one finished game did to the match."""

    record: dict[str, Any]
    winner: int | None
    drawn: tuple[int, ...]
    match_over: bool


class GnallknektMatch(MatchShell):
    """Games, points and the moving deal around game states.

    ``seed`` fixes every shuffle of the match. ``length`` is ``"short"`` (one game),
    ``"standard"`` (three), ``"long"`` (five) or a number of games. ``dealer`` (a seat number
    or name) deals the first game; without it the seats draw for the deal (rule 14). Every
    method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: Mapping[str, str] = MappingProxyType({
        "short": "short (one game)", "standard": "standard (three games)",
        "long": "long (five games)"})
    """The match lengths a player may choose, shortest first, with how a menu names them
    (read-only: every match shares it, so a caller must not be able to change it)."""
    hand_word = "game"

    def __init__(self, game: GnallknektGame, *extra: Any, length: str | int = "standard",
                 seed: int | str | None = None, dealer: int | str | None = None,
                 **unknown: Any) -> None:
        check_match("a Gnällknekt match", game, GnallknektGame, seed, extra, unknown,
                    ("length", "seed", "dealer"))
        self.game = game
        self.length = length
        self.target = match_games(length)
        self.rng = random.Random(seed)
        self._points = [0] * game.seats
        self.games_played = 0
        self.winner: int | None = None
        self._history: list[GameSummary] = []
        dealer = self._first_dealer(dealer)
        self.draws: tuple[tuple[str | None, ...], ...] = ()
        """The draw for the first deal (rule 14): each round's cards in seat order, ``None``
        for a seat that kept its card that round; empty when ``dealer`` was given. Drawn here
        rather than inside ``new_hand`` so the match can tell it; the generator is asked for
        the same numbers either way, so a seeded match deals the same games."""
        if dealer is None:
            dealer, rounds = draw_for_dealer(self.rng, game.seats)
            self.draws = tuple(tuple(row) for row in rounds)
        self.hand: GnallknektState = game.new_hand(rng=self.rng, dealer=dealer)
        self.dealer = self.first_dealer = self.hand.dealer

    points = property(lambda self: self._points[:], doc=(
        "Each seat's games won: a copy (the match keeps its own)."))

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def next_hand(self) -> GameSummary:
        """Settle the finished game and deal the next (the next seat deals), or end the match.

        Worked out first and committed at the end, so a refusal changes nothing.
        """
        hand = self._finished_hand()
        points = self._points[:]
        if hand.winner is not None:
            points[hand.winner] += 1
        played = self.games_played + 1
        winner = None
        if played >= self.target:
            best = max(points)
            top = [s for s, p in enumerate(points) if p == best]
            if len(top) == 1:
                winner = top[0]
        summary = GameSummary(hand.record(), hand.winner, tuple(hand.tie or ()),
                              winner is not None)
        if winner is None:
            dealer = (self.dealer + 1) % self.game.seats
            self.hand = self.game.new_hand(rng=self.rng, dealer=dealer)
            self.dealer = dealer
        self._points, self.games_played, self.winner = points, played, winner
        return self._settled(summary)

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "points": self._points[s],
                 "piles": self.hand.lives[s]} for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: its table, its settings and every game's record, in order."""
        names = self.game.names
        games = [copy_json(h.record) for h in self._history]
        if not self.is_over:
            games.append(self.hand.record())
        return {
            "game": "gnallknekt", "match": True, "seats": list(names),
            "length": self.length, "target": self.target,
            "draws": [{names[s]: c for s, c in enumerate(row) if c is not None}
                      for row in self.draws],
            "first_dealer": names[self.first_dealer], "hands": games,
            "points": dict(zip(names, self._points, strict=True)),
            "winner": None if self.winner is None else names[self.winner],
        }
