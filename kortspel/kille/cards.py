"""The Kille pack: 21 kinds, two of each, and how they are named.

A card is an int ``0..41``: ``kind * 2 + copy``. Kinds run lowest to highest, so ``card >> 1``
is also the rank, except for the Harlekin (kind 20), whose rank depends on how it arrived.
"""

from __future__ import annotations

from typing import Any

from ..checks import quote
from ..errors import InvalidDealError
from ..i18n import N_

KINDS: tuple[str, ...] = (
    ("Blaren", "Blompottan", "Kransen")
    + tuple(str(n) for n in range(1, 13))
    + ("Värdshus", "Kavall", "Husu", "Husar", "Kuku", "Harlekin")
)
"""The 21 kinds, lowest to highest; the Harlekin, whose rank moves, is listed last."""

BLAREN, BLOMPOTTAN, KRANSEN = 0, 1, 2
VARDSHUS, KAVALL, HUSU, HUSAR, KUKU, HARLEKIN = 15, 16, 17, 18, 19, 20
MATADORS = (VARDSHUS, KAVALL, HUSU, HUSAR, KUKU)
DECK_SIZE = 42

# i18n: what each named kind shows, said under the card and after its name
GLOSS: dict[str, str] = {
    "Blaren": N_("the mask"),
    "Blompottan": N_("the flowerpot"),
    "Kransen": N_("the wreath"),
    "Värdshus": N_("the inn"),
    "Kavall": N_("the horse"),
    "Husu": N_("the pig"),
    "Husar": N_("the hussar"),
    "Kuku": N_("the cuckoo"),
    "Harlekin": N_("the harlequin, also called Killen"),
}

_ALIASES = {k.lower(): i for i, k in enumerate(KINDS)}
_ALIASES.update({"vardshus": VARDSHUS, "killen": HARLEKIN, "harlequin": HARLEKIN})

HIGH = 19  # the rank of a Kuku and of a high Harlekin: never the lowest card
KUKU_CARDS = (KUKU * 2, KUKU * 2 + 1)  # the two Kuku cards' ids


def kind_of(card: int) -> int:
    return card >> 1


def card_name(card: int) -> str:
    return KINDS[card >> 1]


def parse_kind(name: Any) -> int:
    """The kind index of a card name (``"Kavall"``, ``"8"``, ``8``); raises for anything else."""
    if isinstance(name, bool) or not isinstance(name, str | int):
        raise InvalidDealError(
            f"a Kille card is named by text such as 'Kavall' or '8', not {quote(name, 40)}")
    key = str(name).strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise InvalidDealError(
        f"{quote(name, 40)} is not a Kille card; the kinds are {', '.join(KINDS)}")


def a_card(kind: int) -> str:
    """English with the right article: 'a 4', 'an 8', 'a Kavall'."""
    name = KINDS[kind]
    return ("an " if name in ("8", "11") else "a ") + name
