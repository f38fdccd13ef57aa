"""Speed tricks of the Knock engine, kept apart so the rules read plainly.

The shuffle below, the actions and events each table makes once (``game.KnockGame``,
``narration.Narrator``) and the hand values cached by multiset of ranks (``value.py``) are
what keep a round cheap; none of them changes what happens, only how fast.
"""

from __future__ import annotations

import random
from itertools import starmap

from .cards import DECK_SIZE

_PACK = range(DECK_SIZE)
_NO_ARGS = ((),) * DECK_SIZE  # starmap(rng.random, _NO_ARGS) draws one key per card, in C


def shuffled_pack(rng: random.Random) -> list[int]:
    """A uniformly shuffled pack of card ids: sorted by one random key per card.

    Several times cheaper than ``rng.shuffle`` for 52 cards (``random()`` is one C call,
    while ``shuffle`` draws bounded integers in Python), and just as reproducible.
    """
    keys = list(starmap(rng.random, _NO_ARGS))
    return sorted(_PACK, key=keys.__getitem__)
