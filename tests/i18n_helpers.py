"""Finding English left on a Swedish page: the words English cannot do without.

A Swedish sentence holds none of these (the few that are also Swedish words -- "is" (ice),
"and" (duck), "by" (village), "in", "all", "match", "must" (juice) -- are left out), so
any of them in text shown in Swedish is a sentence the catalogue missed. Names of seats and
the games' own Swedish calls pass, being Swedish or names.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

ENGLISH = frozenset("""
the you your yours they their them he she his her its it's is are was were has have had
and or but not with without from into onto of to at on in this that these those which who
whose what when where why how would could should will shall may might must can cannot
card cards hand hands turn turns round rounds player players seat seats match point points
lives life pot pots stand stands swap swaps swapped deals dealt dealer win wins won lose
loses lost best worse better than then there here each every all none nothing something
""".split()) - {"is", "and", "by", "for", "man", "fast", "hand", "hands", "in", "all", "match",
                "best", "must"}
"""English words that are not Swedish words ("hand" is both, so it is not here)."""

WORD = re.compile(r"[A-Za-zÅÄÖåäöÉé’']+")


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words in ``text`` (lower case, in order, each once)."""
    seen: list[str] = []
    for w in WORD.findall(text):
        word = w.lower().strip("'’")
        if word in ENGLISH and word not in allowed and word not in seen:
            seen.append(word)
    return seen


def walk_matches(matches: Iterable[tuple[int, Any]], *, every: int, hands: int
                 ) -> Iterator[tuple[Any, Any, Any]]:
    """(match, state, summary) along each of ``matches`` (``(seed, match)`` pairs, played by
    random moves drawn from the seed): every ``every`` moves, each hand's end, and the next
    hand's deal with the summary of the hand before it (``None`` elsewhere); at most
    ``hands`` hands a match. The places a Swedish reader is told something new."""
    for seed, match in matches:
        rng = random.Random(seed)
        summary = None
        for _hand in range(hands):
            state = match.hand
            step = 0
            while not state.is_over:
                if step % every == 0:
                    yield match, state, summary
                    summary = None
                state.apply(rng.choice(state.legal_actions()))
                step += 1
            yield match, state, None
            if match.is_over:
                break
            summary = match.next_hand()


def model_texts(obj: Any) -> Iterator[str]:
    """The text fields of a table model a person reads (not its keys, styles or refs): the
    title, call and status, every zone's, card's and badge's words, a seat's notes."""
    if isinstance(obj, (list, tuple)):
        for x in obj:
            yield from model_texts(x)
        return
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return
    kind = type(obj).__name__
    read = {"TableModel": ("title", "call", "status"), "ZoneView": ("label", "said", "hint"),
            "CardView": ("label", "note"), "CardGroup": ("label",), "Badge": ("label",),
            "SeatView": ("notes",)}.get(kind, ())
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in read:
            if isinstance(value, str):
                yield value
            else:
                yield from (v for v in value if isinstance(v, str))
        elif kind == "Badge" and f.name == "value" and isinstance(value, str):
            yield value
        else:
            yield from model_texts(value)
