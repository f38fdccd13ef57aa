"""Finding English left on a Swedish page: the words English cannot do without.

A Swedish sentence holds none of these (the few that are also Swedish words -- "is" (ice),
"and" (duck), "by" (village), "in", "all", "match", "must" (juice) -- are left out), so
any of them in text shown in Swedish is a sentence the catalogue missed. Names of seats and
the games' own Swedish calls pass, being Swedish or names.
"""

from __future__ import annotations

import re

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
