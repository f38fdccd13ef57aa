"""Gnällknekt's part of the search (``kortspel.search``): the cards a seat has not seen, how to
deal them anew with the game's history replayed, and a rollout to the game's end.

Every card is in the pack twice, and a seat cannot tell the two copies apart, so what it has
seen is kept by name (``records.public_names``: its hand and draws, every card an action
named, every card face up, every card of a rebuilt stock, everything out of play and on the
discard pile). The cards whose name it never met, in the piles' face-down places still face
down and in the first stock (drawn by others or not yet drawn), are dealt anew among those
places and the game replayed. This keeps fewer worlds than the seat could strictly imagine
(a name seen once pins both copies), never more: every world is one it cannot tell from the
real game.

No horizon: a rollout plays the game to its end (a win or the endgame's draw) with random
moves, which is slow (a game is some hundreds of moves), so the evaluator gets few worlds a
second here; the figures are in ``python -m kortspel bench``.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import KortspelError
from ..protocol import RandomBot
from ..search import Hidden
from .records import public_names
from .state import GnallknektState

METRIC = ("chance of winning the game", "higher")
BOUNDS = (0.0, 1.0)
ROLLOUT_AIM = "aim 200"
"""The issue's aim for rollouts a second on one core (``python -m kortspel bench``)."""
ANCHORED = True
"""The expert plays as the heuristic unless its search shows a clearly better option (see
``kortspel.search.ExpertBot``): at a tenth of a second a decision it plays out a world or two
per option, too few to choose on alone."""

_PICK = RandomBot().pick


def hidden(state: GnallknektState, seat: int) -> Hidden:
    """The cards ``seat`` never met by name, sorted, and how to deal them into their
    places (face-down pile places still face down, and the first stock's places)."""
    seen = public_names(state, seat)
    n = state.game.seats
    piles = [(s, i, j) for s in range(n) for i in range(3)
             for j in range(len(state._down[s][i])) if state.start_piles[s][i][j] not in seen]
    stock = [k for k, c in enumerate(state.start_stock) if c not in seen]
    cards = sorted([state.start_piles[s][i][j] for s, i, j in piles]
                   + [state.start_stock[k] for k in stock])
    places: list[Any] = [("pile", s, i, j) for s, i, j in piles] + [("stock", k) for k in stock]
    actions = list(state._actions)

    def deal(order: list[str]) -> GnallknektState | None:
        dealt = [[list(p) for p in state.start_piles[s]] for s in range(n)]
        t = 0
        for s, i, j in piles:
            dealt[s][i][j] = order[t]
            t += 1
        first = list(state.start_stock)
        for k in stock:
            first[k] = order[t]
            t += 1
        world = GnallknektState(state.game, state.dealer, dealt, first)
        try:
            for a in actions:
                world.apply(a)
        except KortspelError:
            return None
        return world

    return Hidden(cards, deal, places)


def rollout(state: GnallknektState, rng: random.Random) -> None:
    """Play the game to its end with random moves (a rebuilt stock shuffled from ``rng``)."""
    play = state.play_pick
    while not state.is_over:
        if state.to_act == -1:
            state.apply(state.sample_chance(rng))
        else:
            play(_PICK, rng)


def value(state: GnallknektState, seat: int) -> float:
    """1 when ``seat`` won the game, a half for each of two seats in a draw, else 0."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    tie = state.tie
    return 0.5 if tie is not None and seat in tie else 0.0
