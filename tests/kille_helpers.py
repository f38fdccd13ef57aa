"""Small helpers for the Kille engine tests: explicit deals as records, and reading states.

A test names the deal the way the rule text does (``a="4", b="Kavall"``) and the actions the
way a record does (``"a swap"``); everything goes through the public record form, so the same
deal also checks that records say what they mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import kortspel
from kortspel.kille import KINDS, KilleState


def record(
    deal: Mapping[str, str],
    *actions: str,
    talon: Sequence[str] = (),
    seats: Sequence[str] | None = None,
    dealer: str | None = None,
    lives: Mapping[str, int] | None = None,
    rules: Mapping[str, Any] | None = None,
    asks: int | None = None,
) -> dict[str, Any]:
    """A hand record: ``deal`` in seat order (the last seat deals unless ``dealer`` says)."""
    names = list(seats) if seats is not None else list(deal)
    rec: dict[str, Any] = {
        "game": "kille",
        "seats": names,
        "dealer": dealer if dealer is not None else names[-1],
        "deal": dict(deal),
        "talon": list(talon),
        "actions": [_act(a) for a in actions],
    }
    if lives is not None:
        rec["lives"] = dict(lives)
    if rules is not None:
        rec["rules"] = dict(rules)
    if asks is not None:
        rec["asks_accepted"] = asks
    return rec


def _act(text: str) -> dict[str, str]:
    seat, verb = text.split()
    return {"seat": seat, "do": verb}


def play(deal: Mapping[str, str], *actions: str, **kw: Any) -> KilleState:
    """The state the deal and actions lead to (through ``kortspel.replay``)."""
    return kortspel.replay(record(deal, *actions, **kw))


def start(deal: Mapping[str, str], **kw: Any) -> KilleState:
    """A fresh hand from an explicit deal, through ``game.new_hand(record=...)``."""
    rec = record(deal, **kw)
    game = kortspel.kille.game_for(rec)
    return game.new_hand(record=rec)


def cards(state: KilleState) -> dict[str, str]:
    """Seat name -> the card it holds now, for the seats in the hand."""
    names = state.game.names
    return {names[s]: state.card(s) for s in state.order}


def seat(state: KilleState, name: str) -> int:
    return state.game.seat_index(name)


def names(state: KilleState, seats: Iterable[int]) -> list[str]:
    return [state.game.names[s] for s in seats]


def to_act(state: KilleState) -> str | None:
    s = state.to_act
    return None if s is None else state.game.names[s]


def verbs(state: KilleState, who: str | None = None) -> list[str]:
    s = None if who is None else seat(state, who)
    return [a.verb for a in state.legal_actions(s)]


def kinds_of(events: Iterable[kortspel.Event]) -> list[str]:
    return [e.kind for e in events]


def calls(state: KilleState) -> list[str]:
    return [e.call for e in state.events if e.call]


def out_of_play(state: KilleState) -> list[str]:
    return state.out_of_play


def face_up(state: KilleState) -> list[str]:
    """Names of the seats whose card is face up now."""
    return [state.game.names[s] for s in state.order if state.is_face_up(s)]


def kind(name: str) -> int:
    return KINDS.index(name)
