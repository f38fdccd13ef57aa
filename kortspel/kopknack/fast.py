"""Speed tricks of the Köpknack engine, kept apart so the rules read plainly.

Only the shuffle lives here; the per-table caches of actions (``game.py``) and events
(``narration.Narrator``) are the rest of what makes a deal cheap. None of them changes what
happens, only how fast.
"""

from __future__ import annotations

import random
from itertools import starmap

from .cards import DECK_SIZE, PACK

_RANGE = range(DECK_SIZE)
_NO_ARGS = ((),) * DECK_SIZE  # starmap(rng.random, _NO_ARGS) draws one key per card, in C


def shuffled_pack(rng: random.Random) -> list[str]:
    """A uniformly shuffled pack: each card gets one random key and the pack is sorted by
    it. About four times cheaper than ``rng.shuffle`` for 52 cards (``random()`` is one C
    call, where ``shuffle`` draws bounded integers in Python), and as reproducible."""
    keys = list(starmap(rng.random, _NO_ARGS))
    return [PACK[i] for i in sorted(_RANGE, key=keys.__getitem__)]
