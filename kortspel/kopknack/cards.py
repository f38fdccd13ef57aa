"""The Köpknack pack: the French 52 cards of ``kortspel.french``, ranked Ace high.

Cards are their canonical names everywhere (``"10H"``, ``"QS"``), so a hand, a trick or a
record reads the same in the engine, in the table and in a notebook. What Köpknack adds to
the shared pack is only how cards rank: 2 lowest, then up to 10, Jack, Queen, King, Ace.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..french import (
    PACK,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    article,
    check_pack,
    parse_card,
    rank,
    show,
    show_all,
    spoken,
    suit,
)

__all__ = [
    "PACK", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "RANK_NAMES", "VALUES", "VALUE", "SUIT",
    "ORDER", "parse_card", "rank", "suit", "show", "show_all", "spoken", "article",
    "check_pack", "card_key", "by_strength", "suit_word", "HAND_SIZE", "DECK_SIZE",
]

HAND_SIZE = 3
"""Cards dealt to each seat, and cards each seat holds until the play begins."""
DECK_SIZE = len(PACK)

VALUES: dict[str, int] = {r: i for i, r in enumerate(
    (*(str(n) for n in range(2, 11)), "J", "Q", "K", "A"), start=2)}
"""Rank -> strength: 2 is 2, ..., 10 is 10, Jack 11, Queen 12, King 13, Ace 14."""

VALUE: dict[str, int] = {c: VALUES[rank(c)] for c in PACK}
"""Card -> strength within its suit, Ace high."""
SUIT: dict[str, str] = {c: suit(c) for c in PACK}
"""Card -> its suit letter (``"S"``, ``"H"``, ``"D"``, ``"C"``)."""
ORDER: dict[str, int] = {c: i for i, c in enumerate(PACK)}
"""Card -> its place in the pack: the one order every list of exchanged cards is kept in."""


def card_key(card: str) -> int:
    """The canonical order of a list of cards (``ActionCodec.card_order``): the pack's
    order, so a set of cards to exchange is written one way only."""
    return ORDER[card]


def by_strength(cards: Iterable[str]) -> list[str]:
    """Cards sorted by suit (spades, hearts, diamonds, clubs), strongest first within each:
    how a player fans a hand to read it."""
    return sorted(cards, key=lambda c: (SUITS.index(SUIT[c]), -VALUE[c]))


def suit_word(suit_letter: str) -> str:
    """``"D"`` -> ``"diamonds"``."""
    return SUIT_NAMES[suit_letter]
