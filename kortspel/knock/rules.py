"""Swedish Knock's rules options: where sources play it differently, the choice a table makes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from ..checks import check_choice, quote
from ..errors import RulesError


@dataclass(frozen=True)
class Rules:
    """The options of a Knock table. The defaults are the contract's; the rules page,
    ``docs/rules/knock.md``, says why each exists.

    ``unused_two``: what a 2 that ends up in no set costs, 2 (default) or 0 (every 2 helps).
    ``first_round_knock``: whether a seat may knock during the first go-round of turns
    (default ``True``); ``False`` plays the Thirty-One habit of no knock until every seat has
    had a turn.
    """

    unused_two: int = 2
    first_round_knock: bool = True

    def __post_init__(self) -> None:
        check_choice("unused_two (what a 2 outside every set costs)", self.unused_two,
                     OPTIONS["unused_two"])
        check_choice("first_round_knock (whether a seat may knock on its first turn)",
                     self.first_round_knock, OPTIONS["first_round_knock"])

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, Mapping):
            raise RulesError(f"rules are options by name, e.g. {{'unused_two': 0}}, not "
                             f"{type(data).__name__}")
        known = [f.name for f in fields(cls)]
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise RulesError(f"unknown Swedish Knock rules option(s) {quote(unknown)}; the "
                             f"options are {known}")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


OPTIONS: dict[str, tuple[Any, ...]] = {
    "unused_two": (2, 0),
    "first_round_knock": (True, False),
}
"""Every value of every rules option, for tests that cover them all."""

HAND_SIZE = 5
OUT_OVER = 100
"""A running total over this is out; exactly this stays in."""
SKUNK_BELOW = 50
"""A seat whose total is below this when another goes out earns a skunk."""
STAR_STEP = 10
"""A seat's n-th star costs ``STAR_STEP * (n - 1)``: 0, 10, 20, ..."""


GROWS: dict[str, int] = {"stars": STAR_STEP}
"""How many times the rules may multiply a number a round starts from before it is written
into the next round's record: a seat's next star costs ``STAR_STEP`` points per star it has
(``checks.check_int``)."""


def star_penalty(star: int) -> int:
    """What a seat's ``star``-th invalid knock costs: the 1st 0, the 2nd 10, the 3rd 20..."""
    return STAR_STEP * (star - 1) if star > 1 else 0
