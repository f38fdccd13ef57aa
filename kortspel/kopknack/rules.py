"""Köpknack's rules options and session lengths: where readings differ, the choice a table
plays. The rules page, ``docs/rules/kopknack.md``, says why each default is the default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from ..checks import check_choice, quote
from ..errors import RulesError
from ..i18n import N_

PENALTY_STAKES: dict[str, int] = {"double": 2, "single": 1}
"""What a player who takes no trick pays into the next pot, in stakes."""


@dataclass(frozen=True)
class Rules:
    """Where sources differ, the choice this table plays.

    ``penalty``: ``"double"`` (the rule text: a player in the play who takes no trick pays two
    stakes into the next pot) or ``"single"`` (as in Knack, its older relative: one stake).
    """

    penalty: str = "double"

    def __post_init__(self) -> None:
        check_choice("penalty", self.penalty, OPTIONS["penalty"])

    @property
    def penalty_stakes(self) -> int:
        """How many stakes a seat that took no trick pays: 2 or 1."""
        return PENALTY_STAKES[self.penalty]

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, Mapping):
            raise RulesError(f"rules are options by name, e.g. {{'penalty': 'single'}}, not "
                             f"{type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(
                f"unknown Köpknack rules option(s) {quote(sorted(map(str, unknown)))}; the only "
                f"option is {sorted(known)} ('double' or 'single')")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (what a record carries)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != f.default}


OPTIONS: dict[str, tuple[Any, ...]] = {"penalty": ("double", "single")}
"""Every value of every rules option, for tests that cover them all."""

SEATS = (3, 8)
"""Seats a table may have: the rule text's 6 to 8, and 3 to 5 for a small class."""
TEXT_SEATS = (6, 8)
"""The table the rule text describes."""
DEFAULT_SEATS = 6
DEFAULT_STAKE = 3
"""The dealer's ante when nobody says otherwise: the smallest that splits into thirds."""
POT_STAKES = 1 + 2 * (SEATS[1] - 1)
"""The largest pot a deal can carry, in stakes: the ante and a double penalty from every other
seat of the largest table. A stake is limited so that this pot still fits the digits of a
number in a record (``checks.check_int``)."""

# i18n: a session's lengths as a menu names them (a session is "ett parti")
LENGTHS: Mapping[str, str] = MappingProxyType({"short": N_("short: each seat deals once"),
                                               "standard": N_("standard: each seat deals "
                                                              "twice"),
                                               "long": N_("long: each seat deals three "
                                                          "times")})
"""Session lengths a player may choose, shortest first, with how a menu names them (read-only:
every session shares it, so a caller must not be able to change it). The names are marked
for the catalogue and translated where a menu shows them (``_(LENGTHS[key])``)."""
_ROUNDS = {"short": 1, "standard": 2, "long": 3}


def session_deals(seats: int, length: str | int = "standard") -> int:
    """How many deals a session lasts: whole turns of the deal round the table (so every
    seat deals, and antes, equally often), or a number of deals from 1 to 200."""
    if isinstance(length, int) and not isinstance(length, bool):
        if not 1 <= length <= 200:
            raise RulesError(f"a session lasts 1 to 200 deals, not {quote(length, 40)}")
        return length
    if not isinstance(length, str) or length not in _ROUNDS:
        raise RulesError(f"a session's length is 'short', 'standard', 'long' or a number of "
                         f"deals, not {quote(length, 40)}")
    return _ROUNDS[length] * seats
