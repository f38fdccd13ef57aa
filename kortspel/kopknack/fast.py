"""Speed tricks of the Köpknack engine, kept apart so the rules read plainly.

None of them changes what happens, only how fast: the shuffle, the dealing pattern worked
out once per table, and the table's cache of the exchanges a hand allows. The per-table
caches of events live in ``narration.Narrator``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, starmap
from operator import itemgetter
from typing import Any

from ..actions import Action
from .cards import DECK_SIZE, HAND_SIZE, ORDER, PACK

_RANGE = range(DECK_SIZE)
_NO_ARGS = ((),) * DECK_SIZE  # starmap(rng.random, _NO_ARGS) draws one key per card, in C


def shuffled_pack(rng: random.Random) -> list[str]:
    """A uniformly shuffled pack: each card gets one random key and the pack is sorted by
    it. About four times cheaper than ``rng.shuffle`` for 52 cards (``random()`` is one C
    call, where ``shuffle`` draws bounded integers in Python), and as reproducible."""
    keys = list(starmap(rng.random, _NO_ARGS))
    return [PACK[i] for i in sorted(_RANGE, key=keys.__getitem__)]


def dealing(order: Sequence[int]) -> Callable[[Sequence[str]], tuple[tuple[str, ...], ...]]:
    """The deal as one getter for a seat order (from the dealer's left): given the shuffled
    pack it returns every seat's three cards, two to each in turn and then one each, in seat
    number order. Worked out once per dealer, so a deal costs one C call per seat."""
    n = len(order)
    where: list[tuple[int, ...]] = [()] * n
    for i, s in enumerate(order):
        where[s] = (2 * i, 2 * i + 1, 2 * n + i)
    getters = [itemgetter(*w) for w in where]
    assert all(len(w) == HAND_SIZE for w in where)

    def deal(cards: Sequence[str]) -> tuple[tuple[str, ...], ...]:
        return tuple([g(cards) for g in getters])

    return deal


def quick_action(seat: int, verb: str, who: str, args: tuple[tuple[str, Any], ...]) -> Action:
    """An ``Action`` made without its checks, for the table's own actions whose parts it made
    itself (half the cost of ``Action(...)``, which checks what a caller gives it). The
    frozen dataclass is filled the way its own ``__init__`` fills it."""
    act = _new(Action)
    _set(act, "seat", seat)
    _set(act, "verb", verb)
    _set(act, "who", who)
    _set(act, "args", args)
    return act


_new = object.__new__
_set = object.__setattr__


class ExchangeCache:
    """The exchanges a hand allows, as the table's own ``Action`` objects: every set of 0 to
    3 of its cards, fewest first, each in the pack's order. Each set's action is made once
    per seat and kept (a bounded number of them: a long simulation meets many hands, and an
    action is quick to make again)."""

    LIMIT = 30_000

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.by_seat: tuple[dict[tuple[str, ...], Action], ...] = tuple({} for _ in names)

    def action(self, seat: int, cards: tuple[str, ...]) -> Action:
        """The one ``exchange`` action of ``cards`` (in the pack's order) for ``seat``."""
        known = self.by_seat[seat]
        act = known.get(cards)
        if act is None:
            if len(known) >= self.LIMIT:
                known.clear()
            act = known[cards] = quick_action(seat, "exchange", self.names[seat],
                                              (("cards", cards),))
        return act

    def offer(self, seat: int, hand: Sequence[str], talon_left: int) -> list[Action]:
        mine = sorted(hand, key=ORDER.__getitem__)
        if len(mine) == HAND_SIZE and talon_left >= HAND_SIZE:
            a, b, c = mine
            sets: list[tuple[str, ...]] = [(), (a,), (b,), (c,), (a, b), (a, c), (b, c),
                                           (a, b, c)]
        else:
            limit = min(HAND_SIZE, talon_left, len(mine))
            sets = [cards for k in range(limit + 1) for cards in combinations(mine, k)]
        known = self.by_seat[seat]
        get = known.get
        out = []
        for cards in sets:
            act = get(cards)
            out.append(act if act is not None else self.action(seat, cards))
        return out
