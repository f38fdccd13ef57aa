"""Speed tricks of the Gnällknekt engine, kept apart so the rules read plainly.

Listing the legal moves of a turn asks, for every attacking card or pair and every pile top
in reach, whether the one beats the other. ``cards.beats`` says so for one pair of them; the
tables below are ``beats`` asked once for every card and rank at import, so the engine looks
an answer up instead of working it out again. They are built *from* ``beats`` and nothing
else, so there is still one definition of what beats what; a test compares them with it.
"""

from __future__ import annotations

from .cards import _JACKS, _RANK, PACK, beats

_CARDS = tuple(PACK)
_PAIR_RANKS = tuple(dict.fromkeys(_RANK[c] for c in _CARDS if c not in _JACKS))
"""The ranks that make an attacking pair: every rank but the Jack (two Jacks never attack
together)."""
_SAMPLE_PAIR = {r: (r + "S", r + "H") for r in _PAIR_RANKS}  # suits never matter for pairs

SINGLE_BEATERS: dict[str, frozenset[str]] = {
    t: frozenset(c for c in _CARDS if beats((c,), (t,))) for t in _CARDS}
"""For a single card on top: the cards that beat it on their own."""

PAIRS_ON_SINGLE: dict[tuple[str, bool], frozenset[str]] = {
    (t, lone): frozenset(r for r in _PAIR_RANKS if beats(_SAMPLE_PAIR[r], (t,), lone))
    for t in _CARDS for lone in (False, True)}
"""For a single card on top (and whether it is a lone Jack of the last rounds): the ranks
of the pairs that beat it."""

JACK_SET: frozenset[str] = frozenset(c for c in _CARDS if all(
    beats((c,), _SAMPLE_PAIR[r]) for r in _PAIR_RANKS))
"""The single cards that beat any pair on top: the Jacks."""

PAIRS_ON_PAIR: dict[str, frozenset[str]] = {
    rt: frozenset(r for r in _PAIR_RANKS if beats(_SAMPLE_PAIR[r], _SAMPLE_PAIR[rt]))
    for rt in _PAIR_RANKS}
"""For a pair of rank ``rt`` on top: the ranks of the pairs that beat it."""

assert JACK_SET == _JACKS
