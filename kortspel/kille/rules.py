"""Kille's rules options and match lengths: where sources differ, the choice a table plays."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..checks import check_choice, quote
from ..errors import RulesError


@dataclass(frozen=True)
class Rules:
    """Where sources differ, the choice this table plays. The defaults, the reason for each
    and the sources are on the rules page, ``docs/rules/kille.md``.

    ``dealt_harlekin``: ``"high"`` (Pagat, English Wikipedia) or ``"low"``
    (Killeboken: a Harlekin you are dealt is the lowest card).
    ``kuku_call``: ``"anytime"`` (its holder may call the Kuku whenever a decision is
    pending) or ``"asked"`` (Byteskille, Gnav: the Kuku only refuses when someone asks for it).
    ``lives``: lives per seat at the start of a pot.
    """

    dealt_harlekin: str = "high"
    kuku_call: str = "anytime"
    lives: int = 3

    def __post_init__(self) -> None:
        check_choice("dealt_harlekin", self.dealt_harlekin, OPTIONS["dealt_harlekin"])
        check_choice("kuku_call", self.kuku_call, OPTIONS["kuku_call"])
        if type(self.lives) is not int or not 1 <= self.lives <= 99:
            raise RulesError(f"lives must be a whole number from 1 to 99, not "
                             f"{quote(self.lives, 40)}")

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, Mapping):
            raise RulesError(f"rules are options by name, e.g. {{'lives': 3}}, not "
                             f"{type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(
                f"unknown Kille rules option(s) {quote(sorted(map(str, unknown)))}; the options "
                f"are {sorted(known)}"
            )
        return cls(**dict(data))


OPTIONS: dict[str, tuple[Any, ...]] = {
    "dealt_harlekin": ("high", "low"),
    "kuku_call": ("anytime", "asked"),
}
"""Every value of every rules option, for tests that cover them all."""

STANDARD_POTS = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4, 7: 3, 8: 3}


def match_pots(seats: int, length: str | int = "standard") -> int:
    """How many pots a match lasts: the rules page's table, short = half, long = 1.5x,
    rounded up."""
    if isinstance(length, int) and not isinstance(length, bool):
        if not 1 <= length <= 100:
            raise RulesError(f"a match lasts 1 to 100 pots, not {quote(length, 40)}")
        return length
    if seats not in STANDARD_POTS:
        raise RulesError(f"Kille is played by 2 to 8 seats, not {seats}")
    base = STANDARD_POTS[seats]
    if length == "standard":
        return base
    if length == "short":
        return math.ceil(base / 2)
    if length == "long":
        return math.ceil(base * 1.5)
    raise RulesError(
        f"match length must be 'short', 'standard', 'long' or a number, not {quote(length, 40)}"
    )
