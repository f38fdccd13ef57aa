"""Many Kille hands or matches, played by computer players and counted: the strategy notebook's
simulations, on every core the machine has.

What is Kille's own lives here: what a job plays (a hand, the deal going round, or a whole
match) and what the notebook counts of it (``seats_of``, ``why_a_lost``, ``pots_of_a``). How
a run is cut into seeded chunks, played on both cores by helper processes, forecast and
reported is the same for every game: :mod:`kortspel.simulation`, whose ``run``, ``estimate``,
``cores`` and ``play_chunk`` this module hands on. A run gives the same counts on one core or
several.

Everything here is the engine's public protocol (``KilleGame.new_hand``, ``play_hand``,
``KilleMatch.play_bots``, ``record()``, ``result()``): nothing is played faster by cutting a
corner of the rules. A helper imports what it runs by name, so ``keep`` and the players'
classes must be defined in a module: a run whose ``keep`` or players were typed into a
notebook is played in the kernel's own process, on one core.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import simulation
from ..protocol import Bot, play_hand
from ..simulation import cores, estimate, play_chunk, run
from .game import KilleGame
from .match import KilleMatch

__all__ = [
    "Seat", "Pots", "Job", "seats_of", "why_a_lost", "pots_of_a", "run", "tally", "cores",
    "estimate", "play_chunk", "HANDS_PER_CHUNK", "MATCHES_PER_CHUNK",
]

HANDS_PER_CHUNK = 250
MATCHES_PER_CHUNK = 5
"""Chunk sizes. They decide the seeds, so changing them changes every count (a little)."""


# -------------------------------------------------------------------------------------------
# What is kept of a hand or a match
# -------------------------------------------------------------------------------------------


class Seat(NamedTuple):
    """One seat of one hand: the card it was dealt, its position in the hand (1 = the first
    to speak, on the dealer's left, ... the last = the dealer) and whether it lost a life."""

    card: str
    position: int
    lost: bool


class Pots(NamedTuple):
    """One match, as seat a saw it: the pots it won, and the pots played (tie-breaks too)."""

    won: int
    played: int


def seats_of(hand: Any) -> list[Seat]:
    """One Seat per seat in the hand: the card it was dealt, its position, and if it lost."""
    dealt, lost = hand.record()["deal"], hand.result()["lose_life"]
    names = [hand.game.names[s] for s in hand.seats_in_hand]  # first to speak ... dealer
    return [Seat(dealt[name], pos, name in lost) for pos, name in enumerate(names, 1)]


def why_a_lost(hand: Any) -> str | None:
    """Why seat a lost a life in this hand ('struck', 'low Harlekin', 'lowest card'), or None."""
    result = hand.result()
    if "a" not in result["lose_life"]:
        return None
    if "a" in result["struck"]:
        return "struck"
    return "low Harlekin" if "a" in result["low_harlekin"] else "lowest card"


def pots_of_a(match: Any) -> Pots:
    """The pots seat a won in a finished match, and how many pots the match had."""
    return Pots(match.points[0], sum(match.points))


# -------------------------------------------------------------------------------------------
# A job: hands or matches
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job(simulation.Job):
    """``n`` hands (or, with ``match`` a match length, ``n`` matches) at a table of these
    players, one per seat, from ``seed``; ``keep(hand or match)`` says what to count: one
    key, or a list of keys."""

    match: str | int | None = None

    keep_of = "a hand (or match)"

    @property
    def per_chunk(self) -> int:
        return HANDS_PER_CHUNK if self.match is None else MATCHES_PER_CHUNK

    def kind(self) -> tuple[Any, ...]:
        """What the time a hand takes depends on: the seats, the kinds of player, matches."""
        return (*super().kind(), self.match is not None)

    def timing(self) -> tuple[int, int]:
        return (1 if self.match else 10), 400  # a match is long: time one at a time

    def play(self, rng: random.Random, first: int, count: int) -> Iterator[Any]:
        """Hands with the deal going round the table, or whole matches each from a seed of
        its own."""
        game = KilleGame(len(self.players))
        for i in range(first, first + count):
            if self.match is None:
                hand = game.new_hand(rng=rng, dealer=i % game.seats)  # the deal goes round
                yield self.keep(play_hand(hand, self.players, rng))
            else:
                match = KilleMatch(game, length=self.match, seed=rng.randrange(2**32))
                match.play_bots(self.players, rng)
                yield self.keep(match)


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Any], Any],
          match: str | int | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, match)})[None]``."""
    return run({None: Job(players, n, seed, keep, match)}, **options)[None]
