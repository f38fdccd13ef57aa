"""The Gnällknekt pack and what beats what.

Two French packs shuffled together: every card of ``kortspel.french`` twice, 104 cards,
written as the contract spells them (``"10H"``, ``"QS"``, ``"AD"``). A card is a plain
string everywhere in the engine, so a record, a zone and an action name it the same way.

Ranks have two faces. **Attacking**, the order is 2 < 3 < … < 10 < Q < K < A (the Ace is the
highest); **lying on a pile**, the Ace is the lowest card of all. The Jack stands outside both
orders: it is the trump (knekt, the jack), beaten only by another Jack.

``beats`` is the one function that says whether cards beat the top of a pile. The engine's
legal moves, the table's highlights and the notebooks all call it, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..french import (
    PACK,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    check_pack,
    parse_card,
    show,
    show_all,
    spoken,
)
from ..french import article as _article
from ..french import rank as _rank
from ..french import suit as _suit
from ..i18n import N_, _

__all__ = [
    "PACK", "DOUBLE_PACK", "PACK_SIZE", "SUITS", "ATTACK_ORDER", "PILE_ORDER", "JACK",
    "attack_value", "pile_value", "is_jack", "is_pair", "top_unit", "beats", "beats_name",
    "dealer_value", "parse_card", "rank", "suit", "show", "show_all", "spoken", "article",
    "check_pack", "a_card", "RANK_NAMES", "SUIT_NAMES", "SUIT_SYMBOLS",
]

DOUBLE_PACK: tuple[str, ...] = PACK + PACK
"""The 104 cards: the 52 of the French pack, twice."""
PACK_SIZE = len(DOUBLE_PACK)

JACK = "J"
_NUMBERS = tuple(str(n) for n in range(2, 11))
ATTACK_ORDER: tuple[str, ...] = (*_NUMBERS, "Q", "K", "A")
"""Ranks from low to high when they attack (the Jack is outside: it is the trump)."""
PILE_ORDER: tuple[str, ...] = ("A", *_NUMBERS, "Q", "K")
"""Ranks from low to high when they lie on a pile: the Ace is the lowest card there."""

# Per card, looked up once: the hot loops of the engine read these dictionaries only.
_ATTACK: dict[str, int] = {c: ATTACK_ORDER.index(_rank(c)) + 2 for c in PACK
                           if _rank(c) != JACK}
_PILE: dict[str, int] = {c: PILE_ORDER.index(_rank(c)) + 1 for c in PACK if _rank(c) != JACK}
_RANK: dict[str, str] = {c: _rank(c) for c in PACK}
_SUIT: dict[str, str] = {c: _suit(c) for c in PACK}
_JACKS: frozenset[str] = frozenset(c for c in PACK if _rank(c) == JACK)


def rank(card: str) -> str:
    """The rank of a card: ``"10H"`` → ``"10"``."""
    return _RANK[card]


def suit(card: str) -> str:
    """The suit letter of a card: ``"10H"`` → ``"H"``."""
    return _SUIT[card]


def is_jack(card: str) -> bool:
    return card in _JACKS


def attack_value(card: str) -> int:
    """How high a card stands when it attacks: 2..10, then Q 11, K 12, A 13 (not for a
    Jack, which beats every card)."""
    return _ATTACK[card]


def pile_value(card: str) -> int:
    """How high a card stands on a pile: A 1, then 2..10, Q 11, K 12 (not for a Jack)."""
    return _PILE[card]


DRAW_ORDER: tuple[str, ...] = (*_NUMBERS, JACK, "Q", "K", "A")
"""Ranks from low to high in the draw for the first dealer: the usual order, Ace high."""
_DRAW: dict[str, int] = {c: DRAW_ORDER.index(_rank(c)) + 2 for c in PACK}


def dealer_value(card: str) -> int:
    """The card's rank when seats draw for the first dealer: 2 lowest, then up to 10, J 11,
    Q 12, K 13 and the Ace highest at 14. Every rank has its own number, so only cards of one
    rank clash (a Jack and a Queen do not)."""
    return _DRAW[card]


def is_pair(cards: Sequence[str]) -> bool:
    """Two cards of the same rank (suits do not matter; two Jacks are a pair too)."""
    return len(cards) == 2 and _RANK[cards[0]] == _RANK[cards[1]]


def top_unit(up: Sequence[str]) -> tuple[str, ...]:
    """What an attacker faces on a pile whose face-up cards are ``up`` (bottom first).

    The top card alone; or the top two when they are a pair, which must be beaten together.
    A Jack on top is always faced alone: two Jacks on a pile are beaten one Jack at a time.
    Empty for an empty pile.
    """
    if not up:
        return ()
    top = up[-1]
    if len(up) >= 2 and top not in _JACKS and _RANK[up[-2]] == _RANK[top]:
        return (up[-2], top)
    return (top,)


def beats(attack: Sequence[str], target: Sequence[str], lone_jack: bool = False) -> bool:
    """Whether the attacking card(s) beat the target, the top of a pile (see ``top_unit``).

    ``attack`` is one card or a pair; ``target`` one card or a pair. ``lone_jack`` is set in
    the last rounds of the endgame when the target Jack is the only card of its owner's only
    pile: then any pair (not two Jacks) beats it too.

    - A single Jack is beaten only by a Jack.
    - Any other single: by a card of its rank, by a higher card of its suit (the Ace attacks
      highest and lies lowest), by a Jack, or by a pair.
    - A pair: by a pair of its rank or higher (attacking Aces highest, lying Aces lowest), or
      by one Jack. A single other card never beats a pair.
    - Two Jacks never attack together.
    """
    if len(attack) == 1:
        a = attack[0]
        if len(target) == 1:
            t = target[0]
            if t in _JACKS:
                return a in _JACKS
            if a in _JACKS or _RANK[a] == _RANK[t]:
                return True
            return _SUIT[a] == _SUIT[t] and _ATTACK[a] > _PILE[t]
        return len(target) == 2 and a in _JACKS
    if len(attack) != 2:
        return False
    a = attack[0]
    if a in _JACKS or _RANK[a] != _RANK[attack[1]]:
        return False
    if len(target) == 1:
        return lone_jack or target[0] not in _JACKS
    return len(target) == 2 and _ATTACK[a] >= _PILE[target[0]]


def beats_name(attack: Sequence[str], target: Sequence[str], lone_jack: bool = False,
               told: bool = False) -> str:
    """Why ``beats`` says what it says, in a short phrase for lessons and error messages.

    In English by default, as the engine's errors for a bad action are (a programmer's
    message); ``told=True`` says it in the language in use, for a refusal a pupil reads at
    the table."""
    say = _ if told else N_
    a, t = show_all(attack), show_all(target)
    if beats(attack, target, lone_jack):
        if len(attack) == 2 and len(target) == 1 and target[0] in _JACKS:
            return say(N_("the pair {attack} takes a lone Jack off a last pile in the last "
                          "rounds")).format(attack=a)
        if len(attack) == 1 and attack[0] in _JACKS:
            return say(N_("the Jack {attack} is a trump: it beats {target}")).format(
                attack=a, target=t)
        if len(attack) == 2:
            return say(N_("the pair {attack} beats {target}")).format(attack=a, target=t)
        if _RANK[attack[0]] == _RANK[target[0]]:
            return say(N_("{attack} beats {target}: the same rank")).format(attack=a, target=t)
        return say(N_("{attack} beats {target}: a higher card of the same suit")).format(
            attack=a, target=t)
    if len(attack) == 2 and attack[0] in _JACKS and attack[1] in _JACKS:
        return say(N_("two Jacks never attack together: each Jack attacks alone"))
    if len(attack) == 2 and not is_pair(attack):
        return say(N_("{attack} is not a pair: a pair is two cards of the same rank")).format(
            attack=a)
    if len(attack) not in (1, 2):
        return say(N_("an attack is one card or a pair"))
    if len(target) == 1 and target[0] in _JACKS:
        return say(N_("only a Jack beats the Jack {target}")).format(target=t)
    if len(target) == 2:
        if len(attack) == 1:
            return say(N_("the pair {target} is beaten only by a pair of its rank or higher, "
                          "or by a Jack")).format(target=t)
        return say(N_("the pair {attack} is lower than the pair {target}")).format(
            attack=a, target=t)
    return say(N_("{attack} does not beat {target}: that needs the same rank, a higher card "
                  "of the same suit, a Jack or a pair")).format(attack=a, target=t)


def article(card: str) -> str:
    """"an" before an 8 or an Ace, "a" otherwise."""
    return _article(card)


def a_card(card: str) -> str:
    """The card with its article, as a sentence says it: "an 8♥", "a K♠"."""
    return f"{_article(card)} {show(card)}"


assert len(_ATTACK) == 48 and len(SUITS) == 4  # every card but the Jacks has both faces
