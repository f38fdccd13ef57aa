"""Gnällknekt's part of the search (``kortspel.search``): the cards a seat has not seen, how to
deal them anew with the game's history replayed, and a rollout to a horizon valued by a learned
evaluator.

Every card is in the pack twice, and a seat cannot tell the two copies apart, so what it has
seen is kept by name (``records.public_names``: its hand and draws, every card an action
named, every card face up, every card of a rebuilt stock, everything out of play and on the
discard pile). The cards whose name it never met, in the piles' face-down places still face
down and in the first stock (drawn by others or not yet drawn), are dealt anew among those
places and the game replayed. This keeps fewer worlds than the seat could strictly imagine
(a name seen once pins both copies), never more: every world is one it cannot tell from the
real game.

A horizon: a rollout plays the rest of the turn under way and then one round (a turn of
every seat still in, ``HORIZON_ROUNDS``), every seat playing as the heuristic would from
what it could know (``policy``, through ``Sight``), and ``value`` asks the evaluator
(``evaluator.py``, weights fitted by ``tools/train_gnallknekt.py`` to games the heuristic
plays) each seat's chance of winning from the table it reached. A whole game with random
moves gave three to six worlds an option in a second's hint, too few to tell options apart;
played to the horizon and valued by the evaluator, a world costs a few times less and its
value varies far less than a win's 1 or a loss's 0. The horizon was chosen by measurement
(``docs/players.md``, "Gnällknekt's evaluator"); a game that ends before it is valued as it
ended.

Like every game's part of the search, it reads the game and plays it through the state's
public protocol only: history replayed through ``apply``, rollouts played through
``apply_legal`` with the actions ``legal_actions`` hands out, the table read for the policy
through the one-seat, one-pile readers (``hand_of``, ``face_up``, ``down_counts``,
``discard_top``).
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import CHANCE, Action
from ..errors import KortspelError
from ..search import Hidden
from .bots import GnallknektHeuristic
from .evaluator import win_chance
from .observation import Pile
from .records import public_names
from .state import GnallknektState

METRIC = ("chance of winning the game", "higher")
BOUNDS = (0.0, 1.0)
ROLLOUT_AIM = "aim 200"
"""The issue's aim for rollouts a second on one core (``python -m kortspel bench``)."""
ANCHORED = True
"""The expert plays as the heuristic unless its search shows a clearly better option (see
``kortspel.search.ExpertBot``): at a tenth of a second a decision it plays out a few worlds
per option, too few to choose on alone."""

HORIZON_ROUNDS = 1
"""How far a rollout plays: the rest of the turn under way, then this many rounds (a turn
of every seat still in), then the evaluator values the table."""

_HEURISTIC = GnallknektHeuristic()


def hidden(state: GnallknektState, seat: int) -> Hidden:
    """The cards ``seat`` never met by name, sorted, and how to deal them into their
    places (face-down pile places still face down, and the first stock's places)."""
    seen = public_names(state, seat)
    n = state.game.seats
    down = state.down_counts()
    piles = [(s, i, j) for s in range(n) for i in range(3)
             for j in range(down[s][i]) if state.start_piles[s][i][j] not in seen]
    stock = [k for k, c in enumerate(state.start_stock) if c not in seen]
    cards = sorted([state.start_piles[s][i][j] for s, i, j in piles]
                   + [state.start_stock[k] for k in stock])
    places: list[Any] = [("pile", s, i, j) for s, i, j in piles] + [("stock", k) for k in stock]
    actions = state.actions

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


class Sight:
    """What the seat to act could know, read from a world's table for the rollout's policy:
    its own hand, every pile's face-up cards and how many lie face down, the top of the
    discard pile, and who is still in. Never another hand, a face-down card or the stock:
    they are not held here (of the face-down cards only their counts), so the policy cannot
    read them. It answers what ``GnallknektHeuristic`` asks of an observation, each pile
    made only when asked. All of it is read through the state's public readers, which hand
    out copies and counts only; a pile's face-up cards are asked of ``face_up`` (a reader
    of face-up cards alone) when the policy asks for that pile, since reading all of them
    up front cost 2.3 µs more a decision, some 8% of a rollout (30 decisions)."""

    __slots__ = ("seat", "names", "hand", "discard", "seats_in", "_lives", "_face_up",
                 "_down", "_piles")

    def __init__(self, state: GnallknektState) -> None:
        seat = self.seat = state.cur
        self.names = state.game.names
        self.hand = state.hand_of(seat)
        top = state.discard_top
        self.discard = [] if top is None else [top]
        lives = self._lives = state.lives
        self.seats_in = [s for s in range(len(lives)) if lives[s]]
        self._face_up = state.face_up  # face up: every seat sees them (a copy when asked)
        self._down = state.down_counts()  # how many only
        self._piles: dict[tuple[int, int], Pile] = {}

    def pile(self, seat: int, pile: int) -> Pile:
        got = self._piles.get((seat, pile))
        if got is None:
            got = self._piles[seat, pile] = Pile(self._down[seat][pile],
                                                 self._face_up(seat, pile))
        return got

    def piles(self, seat: int) -> list[Pile]:
        return [self.pile(seat, i) for i in range(3)]

    def lives(self, seat: int) -> int:
        return self._lives[seat]


def policy(state: GnallknektState, rng: random.Random) -> Action:
    """The action the rollout plays for the seat to act: the heuristic's choice, from what
    that seat could know (``Sight``)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _HEURISTIC.choose(Sight(state), legal, rng)  # type: ignore[arg-type]


def rollout(state: GnallknektState, rng: random.Random,
            rounds: int | None = None) -> None:
    """Play the rest of the turn under way and ``rounds`` (default ``HORIZON_ROUNDS``)
    rounds more with the heuristic (``policy``), a rebuilt stock shuffled from ``rng``; or
    to the game's end if it comes first. ``rounds=None`` and a negative number: the
    default; pass a large number to play to the end."""
    if rounds is None or rounds < 0:
        rounds = HORIZON_ROUNDS
    cur = state.cur
    turns = 1 + rounds * len(state.seats_in)  # turns still to end
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.cur != cur:
            turns -= 1
            if not turns:
                return
            cur = state.cur
        state.apply_legal(policy(state, rng))


def value(state: GnallknektState, seat: int) -> float:
    """For a finished game: 1 when ``seat`` won it, a half for each of two seats in a draw,
    else 0. For a game the rollout left at its horizon: ``seat``'s chance of winning it, by
    the evaluator (``evaluator.win_chance``)."""
    if state.is_over:
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        tie = state.tie
        return 0.5 if tie is not None and seat in tie else 0.0
    return win_chance(state, seat)
