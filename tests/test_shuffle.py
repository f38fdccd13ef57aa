"""The shuffle is pinned: committed notebooks and worked figures depend on seed -> deal."""

from __future__ import annotations

import random

from kortspel.kille import DECK_SIZE, shuffled_deck


def reference_shuffle(rng: random.Random) -> list[int]:
    """The plain version: sort by one random key per card, then number each kind's copies
    in deal order (the first one dealt is copy 0), so a replayed record matches."""
    keys = [rng.random() for _ in range(DECK_SIZE)]
    order = sorted(range(DECK_SIZE), key=keys.__getitem__)
    seen: dict[int, int] = {}
    out = []
    for card in order:
        kind = card >> 1
        copy = seen.get(kind, 0)
        seen[kind] = copy + 1
        out.append(kind * 2 + copy)
    return out


def test_fast_shuffle_equals_the_plain_one() -> None:
    for seed in range(500):
        a, b = random.Random(seed), random.Random(seed)
        assert shuffled_deck(a) == reference_shuffle(b)
        assert a.getstate() == b.getstate()


def test_every_card_once() -> None:
    for seed in range(50):
        assert sorted(shuffled_deck(random.Random(seed))) == list(range(DECK_SIZE))
