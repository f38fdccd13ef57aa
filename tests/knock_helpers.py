"""Small helpers for the Swedish Knock tests: explicit deals as contract records, and actions
written the short way.

A test names each seat's five cards, the upcard and the first cards of the stock; the rest of
the pack fills the stock in pack order, so every record is a whole 52-card pack. Actions are
short text (``"a draw stock"``, ``"a discard KS"``, ``"b knock"``) turned into the record's
JSON, so every test also checks that records say what they mean.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import kortspel
from kortspel.french import PACK
from kortspel.knock import KnockState


def act(text: str) -> dict[str, Any]:
    """``"a draw stock"`` -> ``{"seat": "a", "do": "draw", "from": "stock"}``."""
    words = text.split()
    seat, verb, rest = words[0], words[1], words[2:]
    out: dict[str, Any] = {"seat": seat, "do": verb}
    if verb == "draw":
        out["from"] = rest[0]
    elif verb == "discard":
        out["card"] = rest[0]
    return out


def record(hands: Mapping[str, Sequence[str]], upcard: str, *actions: str,
           stock: Sequence[str] = (), seats: Sequence[str] | None = None,
           dealer: str | None = None, scores: Mapping[str, int] | None = None,
           stars: Mapping[str, int] | None = None, skunks: Mapping[str, int] | None = None,
           out: Sequence[str] = (), rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A round record: ``hands`` for the seats still in, ``stock`` its top cards (the rest of
    the pack follows in pack order). The last seat deals unless ``dealer`` says."""
    names = list(seats) if seats is not None else list(hands)
    used = [c.upper() for h in hands.values() for c in h] + [upcard.upper()]
    used += [c.upper() for c in stock]
    rest = [c for c in PACK if c not in used]
    rec: dict[str, Any] = {
        "game": "knock", "seats": names,
        "dealer": dealer if dealer is not None else [n for n in names if n not in out][-1],
        "scores": dict(scores or {}), "stars": dict(stars or {}), "skunks": dict(skunks or {}),
        "out": list(out),
        "deal": {n: list(h) for n, h in hands.items()},
        "upcard": upcard, "stock": list(stock) + rest,
        "actions": [act(a) for a in actions],
    }
    if rules is not None:
        rec["rules"] = dict(rules)
    return rec


def play(rec: Mapping[str, Any], *more: str) -> KnockState:
    """The record replayed (through JSON, as a saved file would be), then ``more`` actions
    applied as text."""
    state = kortspel.replay(json.loads(json.dumps(rec)))
    for text in more:
        state.apply(text)
    return state


def kinds(state: KnockState) -> list[str]:
    return [e.kind for e in state.events]


def texts(state: KnockState) -> str:
    return " ".join(e.text for e in state.events)


def whole_turns(*turns: str) -> list[str]:
    """``"a stock KS"`` -> ``["a draw stock", "a discard KS"]``; ``"b pile 3C"`` takes the
    discard pile's top; ``"c knock"`` is a knock."""
    out = []
    for t in turns:
        w = t.split()
        if w[1] == "knock":
            out.append(f"{w[0]} knock")
        else:
            src = "stock" if w[1] == "stock" else "discard"
            out += [f"{w[0]} draw {src}", f"{w[0]} discard {w[2]}"]
    return out
