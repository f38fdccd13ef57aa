"""The French-suited 52-card pack that Swedish Knock, Köpknack and Gnällknekt share.

A card is written rank then suit, upper case: ``"10H"``, ``"QS"``, ``"AD"``. The contracts of
the three games fix that spelling for records, so reading it lives here once: case does not
matter on the way in (``"10h"``), but nothing else is forgiven: ``"TH"``, ``"1S"``, ``"11S"``
and surrounding spaces are refused, because a record that spells a card two ways could be
read two ways. How cards rank is each game's business (the Ace is high in Köpknack, low in
Knock and both in Gnällknekt), so this module only names and orders the pack.
"""

from __future__ import annotations

from collections.abc import Iterable

from .checks import brief as _brief
from .errors import InvalidActionError
from .i18n import N_, _

RANKS: tuple[str, ...] = ("A", *(str(n) for n in range(2, 11)), "J", "Q", "K")
"""The ranks, Ace first (the order of the pack, not of any game's ranking)."""
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: dict[str, str] = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

PACK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards, suit by suit."""
_KNOWN: frozenset[str] = frozenset(PACK)


class CardError(InvalidActionError):
    """Text that is not a card of the French pack."""


def parse_card(text: object) -> str:
    """The card ``text`` names, in its canonical spelling (``"10h"`` → ``"10H"``)."""
    if not isinstance(text, str):
        raise CardError(f"a card is text such as \"10H\" or \"QS\", not {_brief(text)}")
    card = text.upper()
    if card not in _KNOWN:
        raise CardError(
            f"{_brief(text)} is not a card: write the rank (A, 2-10, J, Q, K) then the suit "
            f"(S, H, D, C), as in \"10H\", \"QS\" or \"AD\"")
    return card


def rank(card: str) -> str:
    """The rank of a canonical card (``"10H"`` → ``"10"``)."""
    return card[:-1]


def suit(card: str) -> str:
    """The suit letter of a canonical card (``"10H"`` → ``"H"``)."""
    return card[-1]


def show(card: str) -> str:
    """A card as a player reads it in a sentence: ``"10H"`` → ``"10♥"``."""
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def show_all(cards: Iterable[str]) -> str:
    """Cards as a player reads them: ``"7♥ 7♦ K♠"``."""
    return " ".join(show(c) for c in cards)


SPOKEN_SUITS: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"),
                                 "C": N_("clubs")}
SPOKEN_RANKS: dict[str, str] = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"),
                                "K": N_("King")}
"""The same words as ``SUIT_NAMES`` and ``RANK_NAMES``, marked for the catalogue: a card read
aloud is said in the reader's language ("spader dam"), where the rules' own names stay."""


def spoken(card: str) -> str:
    """A card's name in words, for screen readers and alt text: ``"QS"`` → ``"Queen of
    spades"`` (Swedish "spader dam"), in the language in use."""
    r = card[:-1]
    rank = _(SPOKEN_RANKS[r]) if r in SPOKEN_RANKS else r
    # i18n: a card read aloud: "Queen of spades", "7 of hearts"
    return _("{rank} of {suit}").format(rank=rank, suit=_(SPOKEN_SUITS[card[-1]]))


def article(card: str) -> str:
    """The article a card's shown name takes in English: "an 8♥", "an A♠", "a K♠"."""
    return "an" if card[:-1] in ("8", "A") else "a"


def check_pack(cards: Iterable[str], copies: int = 1) -> list[str]:
    """What is wrong with ``cards`` as ``copies`` whole packs (missing or extra cards), as
    short phrases; empty when they are exactly the pack(s)."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    problems = []
    extra = [f"{c} ×{n}" if n - copies > 1 else c
             for c, n in counts.items() if n > copies]
    missing = [c for c in PACK if counts.get(c, 0) < copies]
    if extra:
        times = "once" if copies == 1 else f"{copies} times"
        problems.append(f"more than {times}: {', '.join(extra[:6])}"
                        + (" …" if len(extra) > 6 else ""))
    if missing:
        problems.append(f"missing: {', '.join(missing[:6])}"
                        + (f" and {len(missing) - 6} more" if len(missing) > 6 else ""))
    return problems
