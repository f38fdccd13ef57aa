"""Kille's part of the search (``kortspel.search``): which cards a seat has not seen, how to
deal them anew with the hand's history replayed, and a quick rollout policy.

A seat has seen every card it held during the hand (its deal, what swaps brought it, what the
talon gave it as dealer) and every card turned face up (matadors that refused or were passed,
Harlekins that went across, the talon's set-aside cards). Everything else, the other seats'
deals and the talon's cards, may lie in any of those places; what the seat saw happen (a
swap that went through tells that the asked seat held no Kuku, Husar, Husu, Kavall or
Värdshus then) is kept by the search's check that the world tells the same story.

Like every game's part of the search, it reads the hand and plays it through the state's
public protocol only: history replayed through ``apply``, rollouts played through
``apply_legal`` with the table's own actions.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import KortspelError
from ..search import Hidden
from .cards import DECK_SIZE
from .state import SWAP, KilleState

METRIC = ("chance of losing a life this hand", "lower")
ROLLOUT_AIM = "floor 20,000"
"""The issue's aim for rollouts a second on one core (``python -m kortspel bench``)."""
BOUNDS = (0.0, 1.0)

STAND_ON = {2: 8, 3: 8, 4: 9}
"""The lowest kind the rollout policy stands on, by seats in the hand (default 9, the 7)."""


def _fresh(state: KilleState, hold: list[int], talon: tuple[int, ...]) -> KilleState:
    return KilleState(state.game, state.dealer, state.lives, state.order, hold, talon,
                      state.asks)


def _replay(world: KilleState, actions: list[Any]) -> KilleState | None:
    """The turns played again through the hand's own ``apply``; a deal in which one cannot
    be played tells another story and is not kept."""
    try:
        for a in actions:
            world.apply(a)
    except KortspelError:
        return None
    return world


def hidden(state: KilleState, seat: int) -> Hidden:
    """The cards ``seat`` never saw, sorted, and how to deal them into their places."""
    actions = state.actions
    w = _fresh(state, list(state.dealt), state.talon)
    seen = {w.card_id(seat)}
    for a in actions:
        w.apply(a)
        seen.add(w.card_id(seat))
    face = state.face
    seen.update(c for c in range(DECK_SIZE) if face >> c & 1)
    dealt, talon = state.dealt, state.talon
    hands = [s for s in state.order if dealt[s] not in seen]
    spots = [i for i, c in enumerate(talon) if c not in seen]
    cards = sorted([dealt[s] for s in hands] + [talon[i] for i in spots])
    places: list[Any] = [("hand", s) for s in hands] + [("talon", i) for i in spots]

    order_ = state.order

    def deal(order: list[int]) -> KilleState | None:
        hold = list(dealt)
        tal = list(talon)
        k = 0
        for s in hands:
            hold[s] = order[k]
            k += 1
        for i in spots:
            tal[i] = order[k]
            k += 1
        # Number the two copies of a kind as a record's replay does: copy 0 is dealt first
        # (round the seats in order, then the talon), so a world equals its record's replay.
        first: set[int] = set()
        for s in order_:
            c = hold[s]
            hold[s] = c | 1 if (c >> 1) in first else c & ~1
            first.add(c >> 1)
        for i, c in enumerate(tal):
            tal[i] = c | 1 if (c >> 1) in first else c & ~1
            first.add(c >> 1)
        return _replay(_fresh(state, hold, tuple(tal)), actions)

    return Hidden(cards, deal, places)


def rollout(state: KilleState, rng: random.Random) -> None:
    """Play to the showdown: each seat stands on its own card if it is good enough (by
    seats in the hand), swaps otherwise; nobody calls Kuku out of turn; a dealer asked for
    better cards refuses (and so does the middle seat told "it depends"). Reads each
    mover's own card only; uses no randomness. Its moves are the table's own actions, played
    through the hand's public ``apply_legal``."""
    stand_on = STAND_ON.get(len(state.order), 9)
    acts = state.game.actions
    play = state.apply_legal
    while not state.is_over:
        seat: int = state.to_act  # type: ignore[assignment]  # a seat while not over
        if state.phase == SWAP:
            if state.rank(seat) >= stand_on:
                play(acts[seat]["stand"])
            else:
                play(acts[seat]["swap"])
        else:  # answering an ask, or "it depends": refuse
            play(acts[seat]["refuse"])


def value(state: KilleState, seat: int) -> float:
    """1 when ``seat`` loses a life in this hand, else 0 (a redeal costs nobody)."""
    out = state.outcome
    return 1.0 if out is not None and seat in out.lose_life else 0.0
