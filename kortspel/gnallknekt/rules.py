"""Gnällknekt's rules options and match lengths: where sources differ, the choice a table plays.

The contract (``docs/rules/gnallknekt.md`` restates it) fixes one reading of every rule, and a
record written at the default table replays the same everywhere. One point is played two ways
by the sources the project read: how many cards a turn draws. The seed text and spelregler.org
draw one card more than the piles the player has left; korttrick.se speaks of one card per
life. ``draw`` picks between them; the default is the contract's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..checks import check_choice, quote
from ..errors import RulesError

DRAW_CHOICES = ("piles+1", "piles")


@dataclass(frozen=True)
class Rules:
    """The options a Gnällknekt table plays by.

    ``draw``: ``"piles+1"`` (the contract: one card more than your piles left) or ``"piles"``
    (one card per pile left, as korttrick.se counts). In the last rounds of the endgame every
    table draws one card per pile.
    """

    draw: str = "piles+1"

    def __post_init__(self) -> None:
        check_choice("draw", self.draw, DRAW_CHOICES)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, Mapping):
            raise RulesError(f"rules are options by name, e.g. {{'draw': 'piles'}}, not "
                             f"{type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(
                f"unknown Gnällknekt rules option(s) {quote(sorted(map(str, unknown)))}; the only "
                f"option is 'draw' ('piles+1' or 'piles')")
        return cls(**dict(data))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


OPTIONS: dict[str, tuple[Any, ...]] = {"draw": DRAW_CHOICES}
"""Every value of every rules option, for tests that cover them all."""

TWO_LEFT_TURNS = 10
"""Turns played in the ``two-left`` phase (five each) before the last rounds begin."""
LAST_ROUND_TURNS = 10
"""Turns in the ``last-rounds`` phase (five each) before the game is drawn."""

MATCH_GAMES: dict[str, int] = {"short": 1, "standard": 3, "long": 5}
"""Games a match lasts, by its length's name."""


def match_games(length: str | int = "standard") -> int:
    """How many games a match lasts: a length's name or a number from 1 to 20."""
    if isinstance(length, int) and not isinstance(length, bool):
        if not 1 <= length <= 20:
            raise RulesError(f"a match lasts 1 to 20 games, not {quote(length, 40)}")
        return length
    if isinstance(length, str) and length in MATCH_GAMES:
        return MATCH_GAMES[length]
    raise RulesError(f"match length must be 'short', 'standard', 'long' or a number of games, "
                     f"not {quote(length, 40)}")
