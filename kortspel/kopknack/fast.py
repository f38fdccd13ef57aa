"""Speed tricks of the Köpknack engine, kept apart so the rules read plainly.

None of them changes what happens, only how fast: the shuffle, the dealing pattern worked
out once per table, actions and events made without the checks their constructors run on a
caller's values (``quick_action``, ``new_tuple``), and the table's cache of the exchanges a
hand allows. The per-table caches of events live in ``narration.Narrator``.

The hot path of a deal (``legal_actions``, ``apply``, the events it makes) is also written
for speed where it stays readable: plain loops rather than comprehensions over three cards,
the usual case first. ``python -m kortspel bench --only kopknack`` measures it; the records
and the conformance suite check that nothing it does changed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, starmap
from operator import itemgetter

from ..actions import Action, quick_action
from .cards import DECK_SIZE, HAND_SIZE, ORDER, PACK

_RANGE = range(DECK_SIZE)
_NO_ARGS = ((),) * DECK_SIZE  # starmap(rng.random, _NO_ARGS) draws one key per card, in C


def shuffled_pack(rng: random.Random) -> list[str]:
    """A uniformly shuffled pack: each card gets one random key and the pack is sorted by
    it. About four times cheaper than ``rng.shuffle`` for 52 cards (``random()`` is one C
    call, where ``shuffle`` draws bounded integers in Python), and as reproducible."""
    return list(shuffled(rng))


def shuffled(rng: random.Random) -> tuple[str, ...]:
    """``shuffled_pack`` as a tuple, the form a deal keeps (its talon is a slice of it). The
    cards are picked by one ``itemgetter`` of the sorted places, in C."""
    keys = list(starmap(rng.random, _NO_ARGS))
    return itemgetter(*sorted(_RANGE, key=keys.__getitem__))(PACK)


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


new_tuple = tuple.__new__
"""``new_tuple(Event, (kind, text, visible, effects, call, data))`` makes an ``Event`` the
way ``Event._make`` does, without a Python call around it: the deal's private events (the
cards dealt, the cards bought) differ from deal to deal, so they are made every time."""


SETS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(combinations(range(n), k)) for k in range(HAND_SIZE + 1))
    for n in range(HAND_SIZE + 1))
"""``SETS[n][k]``: the places of every set of ``k`` among ``n`` cards, in ``combinations``
order (the order ``ExchangeCache.offer`` lists them in)."""


_SET_OF_THREE = (None,) + tuple(
    itemgetter(slice(p[0], p[0] + 1)) if len(p) == 1 else itemgetter(*p)
    for k in (1, 2) for p in combinations(range(HAND_SIZE), k))
"""By index 1 to 6 in three cards' list of sets: a getter of that set's cards, as a tuple."""


class ExchangeCache:
    """The exchanges a hand allows, as the table's own ``Action`` objects: every set of 0 to
    3 of its cards, fewest first, each in the pack's order. Each set's action is made once
    per seat and kept, found by the cards' places in the pack (``ORDER``): sets of one and
    two cards in flat lists, sets of three (22,100 of them) in a bounded dict, since a long
    simulation meets many hands and an action is quick to make again."""

    LIMIT = 30_000

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        seats = range(len(self.names))
        self.keep = tuple(quick_action(s, "exchange", self.names[s], (("cards", ()),))
                          for s in seats)
        self.ones: tuple[list[Action | None], ...] = tuple([None] * DECK_SIZE for _ in seats)
        self.twos: tuple[list[Action | None], ...] = tuple([None] * DECK_SIZE ** 2
                                                            for _ in seats)
        self.threes: tuple[dict[int, Action], ...] = tuple({} for _ in seats)

    def action(self, seat: int, cards: tuple[str, ...]) -> Action:
        """The one ``exchange`` action of ``cards`` (in the pack's order) for ``seat``."""
        n = len(cards)
        if not n:
            return self.keep[seat]
        key = 0
        for c in cards:
            key = key * DECK_SIZE + ORDER[c]
        if n == 1:
            return self.ones[seat][key] or self._make(seat, cards, key)
        if n == 2:
            return self.twos[seat][key] or self._make(seat, cards, key)
        return self.threes[seat].get(key) or self._make(seat, cards, key)

    def _make(self, seat: int, cards: tuple[str, ...], key: int) -> Action:
        act = quick_action(seat, "exchange", self.names[seat], (("cards", cards),))
        n = len(cards)
        if n == 1:
            self.ones[seat][key] = act
        elif n == 2:
            self.twos[seat][key] = act
        else:
            known = self.threes[seat]
            if len(known) >= self.LIMIT:
                known.clear()
            known[key] = act
        return act

    def offer(self, seat: int, hand: Sequence[str], talon_left: int) -> list[Action]:
        if len(hand) == HAND_SIZE and talon_left >= HAND_SIZE:
            # The usual case, three cards and a talon that can replace them all: the three
            # put in the pack's order by hand (cheaper than sorting three), then the eight
            # sets, found by their places in the pack. An action is always true and a set
            # not met yet is None, so ``or`` makes only the missing ones.
            a, b, c = hand
            order = ORDER
            oa, ob, oc = order[a], order[b], order[c]
            if oa > ob:
                a, b, oa, ob = b, a, ob, oa
            if ob > oc:
                b, c, ob, oc = c, b, oc, ob
                if oa > ob:
                    a, b, oa, ob = b, a, ob, oa
            ones = self.ones[seat]
            twos = self.twos[seat]
            make = self._make
            ab, ac, bc = oa * DECK_SIZE + ob, oa * DECK_SIZE + oc, ob * DECK_SIZE + oc
            abc = ab * DECK_SIZE + oc
            return [self.keep[seat], ones[oa] or make(seat, (a,), oa),
                    ones[ob] or make(seat, (b,), ob), ones[oc] or make(seat, (c,), oc),
                    twos[ab] or make(seat, (a, b), ab), twos[ac] or make(seat, (a, c), ac),
                    twos[bc] or make(seat, (b, c), bc),
                    self.threes[seat].get(abc) or make(seat, (a, b, c), abc)]
        mine = sorted(hand, key=ORDER.__getitem__)
        limit = min(HAND_SIZE, talon_left, len(mine))
        return [self.action(seat, cards) for k in range(limit + 1)
                for cards in combinations(mine, k)]

    def pick(self, seat: int, hand: Sequence[str], talon_left: int,
             pick: Callable[[int, random.Random], int], rng: random.Random) -> Action:
        """``offer(...)[pick(len(offer(...)), rng)]``, making only the action picked: the
        sets are counted (``SETS``) and the one at the index found in the same order."""
        if len(hand) == HAND_SIZE and talon_left >= HAND_SIZE:  # the usual case: 8 sets
            i = pick(8, rng)
            if not i:
                return self.keep[seat]
            cards = tuple(sorted(hand, key=ORDER.__getitem__))
            # i is 1 to 6 here, never the None at 0 (the empty set: keep)
            return self.action(seat, cards if i == 7 else _SET_OF_THREE[i](cards))  # type: ignore[misc]
        mine = sorted(hand, key=ORDER.__getitem__)
        limit = min(HAND_SIZE, talon_left, len(mine))
        runs = SETS[len(mine)]
        i = pick(sum(map(len, runs[:limit + 1])), rng)
        for run in runs:
            if i < len(run):
                return self.action(seat, tuple(map(mine.__getitem__, run[i])))
            i -= len(run)
        raise AssertionError("the index is past the exchanges")
