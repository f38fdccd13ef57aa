"""What "Kille behaves the same" means, as one digest per hand.

The engine-core rewrite promised identical records, results, narration and observations for
every shipped record and thousands of random hands. ``make_kille_golden.py`` replayed those
hands on the engine as it stood before the rewrite (commit 025aa5c) and stored, per hand, the
record and the digest computed here; ``tests/test_kille_golden.py`` recomputes the digest on
today's engine. Only public, documented reads go into it, so the digest survives any internal
change that keeps the behaviour.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import kortspel

REWORDED: tuple[tuple[str, str], ...] = (
    ("(the cuckoo stays, nobody swaps it)", "(the cuckoo stands firm: no swapping)"),
    ("everyone on the way gets back the card they were dealt",
     "each seat on the way has its own dealt card back"),
    ("That would take a life from every seat", "That would cost every seat a life"),
    ("a hand never takes every seat's life", "no hand may cost every seat a life"),
)
"""Narration restated in the project's own words after the rewrite (the learner issue, item
10): the golden digests were made on the old engine with these replacements applied, so
every other word, and everything else, is still compared with the engine before."""


def reword(text: str) -> str:
    for old, new in REWORDED:
        text = text.replace(old, new)
    return text


def observation_view(obs: Any) -> dict[str, Any]:
    """Everything a seat's observation tells, in plain JSON."""
    return {
        "seat": obs.seat,
        "names": list(obs.names),
        "dealer": obs.dealer,
        "order": list(obs.order),
        "lives": list(obs.lives),
        "to_act": obs.to_act,
        "legal": [str(a) for a in obs.legal],
        "is_over": obs.is_over,
        "my_card": obs.my_card,
        "known": sorted(obs.known.items()),
        "face_up": sorted(obs.face_up),
        "low_harlekin": sorted(obs.low_harlekin),
        "struck": sorted(obs.struck.items()),
        "set_aside": list(obs.set_aside),
        "out_of_play": list(obs.out_of_play),
        "talon_left": obs.talon_left,
        "lose_life": list(obs.lose_life),
        "redeal": obs.redeal,
        "holds_dealt": obs.holds_dealt,
        "narration": list(obs.narration),
        "events": [[e.kind, e.text, e.call] for e in obs.events],
    }


def event_view(event: Any) -> list[Any]:
    visible = None if event.visible is None else list(event.visible)
    return [event.kind, event.text, visible, event.call]


def hand_trace(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay ``record`` step by step and read everything public at every step."""
    frames = kortspel.frames(record)
    last = frames[-1]
    steps = []
    for st in frames:
        seats = range(len(st.game.names))
        steps.append({
            "to_act": st.to_act,
            "legal": {s: [str(a) for a in st.legal_actions(s)] for s in seats},
            "callers": list(st.callers()),
            "events": [event_view(e) for e in st.events],
            "obs": [observation_view(st.observation(s)) for s in seats],
        })
    return {
        "record": last.record(),
        "result": last.result() if last.is_over else None,
        "steps": steps,
    }


def digest(record: Mapping[str, Any], old_engine: bool = False) -> str:
    """The digest of a hand; ``old_engine``: made on the engine before the rewrite, with its
    restated phrases brought up to date (``REWORDED``)."""
    text = json.dumps(hand_trace(record), sort_keys=True, ensure_ascii=False, default=str)
    if old_engine:
        text = reword(text)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
