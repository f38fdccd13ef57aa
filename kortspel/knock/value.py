"""What a Knock hand is worth (rule 5), as a pure function, and the grouping that shows why.

Three or more cards of one rank form a *set* and cost nothing; every 2 is wild, so it may
stand in a set for any rank (one natural card and two 2s are a set, and three 2s are a set
on their own); any further 2 joins a set that exists. Every card outside a set costs its
points (A 1, 3-10 at face value, J 11, Q 12, K 13), and a 2 outside every set costs 2 (the
rules option ``unused_two`` makes it 0). A hand is worth the least any use of its 2s gives.

Only the ranks matter, so the value is worked out once per multiset of ranks and kept: a
multiset is a ``key``, the sum of ``1 << 3 * rank`` over the cards (three bits a rank hold
the count, at most 4 in one pack). There are 6,175 five-card multisets, so the cache stays
small while the engine asks for values after every discard.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..checks import quote
from ..errors import KortspelError
from ..i18n import _
from .cards import DECK_SIZE, INDEX, NAMES, RANK, RANKS, SHOWN, TWO, card_id

KEY: tuple[int, ...] = tuple(1 << 3 * RANK[c] for c in range(DECK_SIZE))
"""Card id -> its share of a hand's multiset key."""

_VALUES: dict[int, dict[int, int]] = {2: {}, 0: {}}
_SOLVED: dict[tuple[int, int], tuple[int, tuple[int, ...], bool]] = {}


class CardSet(NamedTuple):
    """Cards that score nothing together: ``rank`` is what the set is of (``"2"`` for 2s
    alone), ``cards`` its cards by name, 2s standing in included."""

    rank: str
    cards: tuple[str, ...]


class Grouping(NamedTuple):
    """The best way to count a hand: its ``value``, its sets, the cards left ``loose`` with
    what each costs, and for each 2 standing in a set, the rank it stands for."""

    value: int
    sets: tuple[CardSet, ...]
    loose: tuple[tuple[str, int], ...]
    wild: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        """The grouping in a line: "7♣ 7♦ 2♥ (the 2 as a 7): a set, 0; A♠ 1 + K♠ 13 = 14",
        in the language in use (the record's wording of a zero hand is made in English:
        ``state.py`` asks for it so)."""
        stands = dict(self.wild)
        parts = []
        for s in self.sets:
            shown = " ".join(SHOWN[INDEX[c]] for c in s.cards)
            twos = [c for c in s.cards if c in stands]
            an = s.rank in ("A", "8")
            if not twos:
                said = _("{cards}: a set, 0")
            elif len(twos) == 1:
                said = _("{cards} (the 2 as an {rank}): a set, 0") if an else _(
                    "{cards} (the 2 as a {rank}): a set, 0")
            else:
                said = _("{cards} (the 2s as an {rank}): a set, 0") if an else _(
                    "{cards} (the 2s as a {rank}): a set, 0")
            parts.append(said.format(cards=shown, rank=s.rank))
        if self.loose:
            terms = [f"{SHOWN[INDEX[c]]} {p}" for c, p in self.loose]
            total = " + ".join(terms) + f" = {self.value}"  # every line ends in its total
            parts.append(total)
        elif not self.sets:
            parts.append(_("no cards, 0"))
        return "; ".join(parts)


def _solve(key: int, two: int) -> tuple[int, tuple[int, ...], bool]:
    """The least value of the multiset ``key`` when an unused 2 costs ``two``: the value, the
    natural ranks made into sets (highest first), and whether the 2s form a set alone."""
    found = _SOLVED.get((key, two))
    if found is not None:
        return found
    counts = [(key >> 3 * r) & 7 for r in range(13)]
    wilds = counts[TWO]
    naturals = [(r, n) for r in range(12, -1, -1) if r != TWO and (n := counts[r])]
    base = sum(n * (r + 1) for r, n in naturals)
    if not wilds:  # no 2s: every rank held three times or more is a set, nothing else
        held = tuple(r for r, n in naturals if n >= 3)
        out = (base - sum(n * (r + 1) for r, n in naturals if n >= 3), held, False)
        _SOLVED[key, two] = out
        return out
    # No natural set: the 2s make a set alone (three or more), or each costs ``two``.
    best: tuple[int, int, int, tuple[int, ...]]
    best = (base, 0, 0, ()) if wilds >= 3 else (base + wilds * two, 0, 0, ())
    alone = wilds >= 3
    naturals = [(r, n) for r, n in naturals if n + wilds >= 3]  # ranks a set could be of
    for mask in range(1, 1 << len(naturals)):
        need = saved = 0
        ranks: list[int] = []
        for i, (r, n) in enumerate(naturals):
            if mask >> i & 1:
                need += 3 - n if n < 3 else 0
                saved += n * (r + 1)
                ranks.append(r)
        if need > wilds:
            continue
        # Every 2 is in a set now: the ones needed stand in, the rest join one.
        cand = (base - saved, len(ranks), need, tuple(ranks))
        if cand < best:
            best, alone = cand, False
    out = (best[0], best[3], alone)
    _SOLVED[key, two] = out
    return out


def value_of_key(key: int, two: int = 2) -> int:
    """The value of the multiset ``key`` (see the module docstring); cached."""
    cache = _VALUES[two]
    v = cache.get(key)
    if v is None:
        v = cache[key] = _solve(key, two)[0]
    return v


def _ids(cards: Iterable[object]) -> list[int]:
    if isinstance(cards, str):
        raise KortspelError(f"a hand is a list of cards such as [\"7H\", \"7D\", \"2S\"], "
                            f"not the text {quote(cards, 40)}")
    try:
        items = list(cards)
    except TypeError:
        raise KortspelError(f"a hand is a list of cards such as [\"7H\", \"7D\", \"2S\"], "
                            f"not {type(cards).__name__}") from None
    ids = []
    for c in items:
        i = INDEX.get(c) if type(c) is str else None
        ids.append(card_id(c) if i is None else i)
    if len(set(ids)) != len(ids):
        twice = sorted({NAMES[i] for i in ids if ids.count(i) > 1})
        raise KortspelError(f"a hand from one pack holds each card once; {', '.join(twice)} "
                            "is given more than once")
    return ids


def _two(unused_two: object) -> int:
    if type(unused_two) is not int or unused_two not in (2, 0):
        raise KortspelError(f"unused_two is what a 2 outside every set costs: 2 or 0, not "
                            f"{quote(unused_two, 40)}")
    return unused_two


def hand_value(cards: Iterable[object], unused_two: int = 2) -> int:
    """What ``cards`` are worth: the least value over every use of the 2s.

    >>> hand_value(["7S", "7H", "7D", "7C", "2H"])
    0
    >>> hand_value(["AS", "2H", "7C", "7D", "KS"])
    14
    """
    key = 0
    for c in _ids(cards):
        key += KEY[c]
    return value_of_key(key, _two(unused_two))


def is_zero(cards: Iterable[object]) -> bool:
    """Whether the hand is worth nothing (every card in a set)."""
    return hand_value(cards) == 0


def best_grouping(cards: Iterable[object], unused_two: int = 2) -> Grouping:
    """The grouping that gives ``hand_value``: which cards form sets, what each 2 in a set
    stands for, and what each loose card costs. Cards keep the order they were given in.

    >>> best_grouping(["AS", "2H", "7C", "7D", "KS"]).describe()
    '7♣ 7♦ 2♥ (the 2 as a 7): a set, 0; A♠ 1 + K♠ 13 = 14'
    """
    ids = _ids(cards)
    two = _two(unused_two)
    key = sum(KEY[c] for c in ids)
    value, ranks, alone = _solve(key, two)
    wilds = [c for c in ids if RANK[c] == TWO]
    sets: list[CardSet] = []
    wild: list[tuple[str, str]] = []
    placed: set[int] = set()
    for r in ranks:
        members = [c for c in ids if RANK[c] == r]
        need = max(0, 3 - len(members))
        standing, wilds = wilds[:need], wilds[need:]
        members += standing
        wild += [(NAMES[c], RANKS[r]) for c in standing]
        sets.append(CardSet(RANKS[r], tuple(NAMES[c] for c in members)))
        placed.update(members)
    if sets and wilds:  # the 2s not needed join the first set, standing for its rank
        first = sets[0]
        sets[0] = CardSet(first.rank, first.cards + tuple(NAMES[c] for c in wilds))
        wild += [(NAMES[c], first.rank) for c in wilds]
        placed.update(wilds)
    elif alone:
        sets.append(CardSet(RANKS[TWO], tuple(NAMES[c] for c in wilds)))
        placed.update(wilds)
    loose = tuple((NAMES[c], two if RANK[c] == TWO else RANK[c] + 1)
                  for c in ids if c not in placed)
    return Grouping(value, tuple(sets), loose, tuple(wild))
