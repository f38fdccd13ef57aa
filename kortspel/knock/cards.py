"""Swedish Knock's cards: the French pack of ``kortspel.french``, with Knock's points and ranks.

Inside the engine a card is a number from 0 to 51, its place in ``french.PACK`` (suit by suit,
Ace first), so ``card % 13`` is its rank index: 0 for the Ace, 1 for the 2, ... 12 for the
King. In Knock a card's points are its rank index plus one (A = 1, 2 = 2, 3-10 at face value,
J = 11, Q = 12, K = 13), which is also how cards rank when seats cut for the first deal.
Records and sentences use the names (``"10H"``, shown as ``"10♥"``).
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import french
from ..checks import quote
from ..french import CardError, parse_card

NAMES: tuple[str, ...] = french.PACK
"""Card id -> its record name (``NAMES[0] == "AS"``)."""
DECK_SIZE = len(NAMES)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
RANKS: tuple[str, ...] = french.RANKS
"""The ranks in pack order: A, 2, 3, ..., 10, J, Q, K."""
TWO = 1
"""The rank index of the 2, the wild card."""
RANK: tuple[int, ...] = tuple(c % 13 for c in range(DECK_SIZE))
"""Card id -> rank index."""
POINTS: tuple[int, ...] = tuple(r + 1 for r in RANK)
"""Card id -> face points (a 2 is 2 here; what an unused 2 costs is a rules option)."""
SHOWN: tuple[str, ...] = tuple(french.show(n) for n in NAMES)
"""Card id -> the card as a player reads it: ``"10♥"``."""

__all__ = ["NAMES", "DECK_SIZE", "INDEX", "RANKS", "TWO", "RANK", "POINTS", "SHOWN",
           "CardError", "parse_card", "card_id", "card_ids", "show", "show_all", "rank_of",
           "points", "rank_points", "article", "face_total"]


def card_id(text: object) -> int:
    """The id of a card named in the contract's spelling (case does not matter: ``"10h"``)."""
    return INDEX[parse_card(text)]


def card_ids(cards: Iterable[object]) -> list[int]:
    """Ids of cards given by name or by id; a name is read as ``card_id`` reads it."""
    out = []
    for c in cards:
        if type(c) is int:
            if not 0 <= c < DECK_SIZE:
                raise CardError(f"a card id is 0 to {DECK_SIZE - 1}, not {quote(c, 40)}")
            out.append(c)
        else:
            out.append(card_id(c))
    return out


def show(card: int) -> str:
    return SHOWN[card]


def show_all(cards: Iterable[int]) -> str:
    """Card ids as a player reads them: ``"7♥ 7♦ K♠"``."""
    return " ".join(map(SHOWN.__getitem__, cards))


def rank_of(card: str) -> str:
    """The rank of a card name: ``"10H"`` -> ``"10"``."""
    return RANKS[RANK[card_id(card)]]


def rank_points(rank: str) -> int:
    """Face points of a rank: ``"A"`` 1, ``"7"`` 7, ``"K"`` 13."""
    return RANKS.index(rank) + 1


def points(card: str) -> int:
    """Face points of a card name (a 2 counts 2): what the dealer tie-break adds up."""
    return POINTS[card_id(card)]


def face_total(cards: Iterable[object]) -> int:
    """A hand's points with no set zeroed and every 2 counted as 2 (the next-dealer
    tie-break of rule 12)."""
    return sum(POINTS[c] for c in card_ids(cards))


def article(card: int) -> str:
    """"an 8♥", "an A♠", "a K♠"."""
    return french.article(NAMES[card])
