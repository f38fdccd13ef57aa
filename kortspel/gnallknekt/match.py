"""A Gnällknekt match: several games in a row, the deal moving one seat clockwise each game.

One game of Gnällknekt is long (a few hundred actions), so a match is short: one, three or
five games. A won game scores its winner a point; a drawn game scores nothing. When the games
are played and the most points are shared, further games are played until one seat leads. The
match owns the random generator: every game it deals is a record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, MatchError, SeatError
from ..protocol import Bot, step
from ..records import undo_last
from .game import GnallknektGame, check_seed
from .rules import match_games
from .state import GnallknektState


@dataclass(frozen=True)
class GameSummary:
    """What one finished game did to the match."""

    record: dict[str, Any]
    winner: int | None
    drawn: tuple[int, ...]
    match_over: bool


class GnallknektMatch:
    """Games, points and the moving deal around game states.

    ``seed`` fixes every shuffle of the match. ``length`` is ``"short"`` (one game),
    ``"standard"`` (three), ``"long"`` (five) or a number of games. ``dealer`` (a seat number
    or name) deals the first game; without it the seats draw for the deal (rule 14). Every
    method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: dict[str, str] = {"short": "short (one game)", "standard": "standard (three games)",
                               "long": "long (five games)"}
    """The match lengths a player may choose, shortest first, with how a menu names them."""

    def __init__(self, game: GnallknektGame, *, length: str | int = "standard",
                 seed: int | str | None = None, dealer: int | str | None = None) -> None:
        if not isinstance(game, GnallknektGame):
            raise MatchError(f"a Gnällknekt match is played at a Gnällknekt table "
                             f"(kortspel.load('gnallknekt', ...)), not {type(game).__name__}")
        check_seed(seed)
        self.game = game
        self.length = length
        self.target = match_games(length)
        self.rng = random.Random(seed)
        self.points = [0] * game.seats
        self.games_played = 0
        self.winner: int | None = None
        self.history: list[GameSummary] = []
        if dealer is not None and not isinstance(dealer, str) and not (
                type(dealer) is int and 0 <= dealer < game.seats):
            raise SeatError(f"dealer is a seat number from 0 to {game.seats - 1} or a seat's "
                            f"name ({', '.join(game.names)}), not {dealer!r:.40}")
        self.hand: GnallknektState = game.new_hand(rng=self.rng, dealer=dealer)
        self.dealer = self.hand.dealer

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def next_hand(self) -> GameSummary:
        """Settle the finished game and deal the next (the next seat deals), or end the match.

        Worked out first and committed at the end, so a refusal changes nothing.
        """
        hand = self.hand
        if self.is_over:
            raise MatchError("the match is over; start a new match to play on")
        if not hand.is_over:
            raise IllegalActionError("the game is still being played; finish it first")
        points = self.points[:]
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
        self.points, self.games_played, self.winner = points, played, winner
        self.history.append(summary)
        return summary

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None) -> None:
        """Play the whole match with computer players (for simulations and tests)."""
        rng = rng or self.rng
        while not self.is_over:
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this game (practice mode): the game is
        rebuilt from its record without it and all that followed. ``False`` when the seat has
        made no decision in this game; refused once the match is over."""
        if type(seat) is not int or not 0 <= seat < self.game.seats:
            raise SeatError(f"undo takes a seat number from 0 to {self.game.seats - 1}, "
                            f"not {seat!r:.40}")
        if self.is_over:
            raise MatchError("the match is over and its result stands; start a new match "
                             "to play again")
        undone = undo_last(self.game, self.hand, seat)
        if undone is None:
            return False
        self.hand = undone
        return True

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "points": self.points[s],
                 "piles": self.hand.lives[s]} for s in range(self.game.seats)]

    def record(self) -> dict[str, Any]:
        """The match so far: its table, its settings and every game's record, in order."""
        names = self.game.names
        games = [h.record for h in self.history]
        if not self.is_over:
            games.append(self.hand.record())
        return {
            "game": "gnallknekt", "match": True, "seats": list(names),
            "length": self.length, "target": self.target, "hands": games,
            "points": dict(zip(names, self.points, strict=True)),
            "winner": None if self.winner is None else names[self.winner],
        }
