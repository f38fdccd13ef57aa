"""What one picture of a Gnällknekt game may show, read once from the right source.

The teacher's picture reads the game itself; a seat's picture reads only that seat's
observation (``state.observation(seat)``): its own hand, every pile's face-up cards and the
count under them, the discard pile, the stock's count, the cards out of play, how many cards
each hand holds and the cards it saw another seat take from the discard pile. Both are
turned into the same plain record, ``Seen``, and the table is drawn from that alone, so the
two views cannot differ in anything but what they are allowed to know.
"""

from __future__ import annotations

from dataclasses import dataclass

from kortspel import CHANCE, Action
from kortspel.gnallknekt import DRAW, MOVE, SHUFFLE, GnallknektState, Observation

STAGES = {DRAW: "draw", MOVE: "move", SHUFFLE: "shuffle"}
MOVES_PER_TURN = 2
"""Attacks or defences a turn allows (the engine's rule 5; the observation counts down
from it)."""

Cards = tuple[str | None, ...]
"""A hand as a viewer knows it: a card's name, or ``None`` for a card seen only from behind."""


@dataclass(frozen=True)
class PileSeen:
    """One of a seat's three piles: ``down`` face-down cards under ``up`` (bottom first)."""

    down: int
    up: tuple[str, ...]

    @property
    def gone(self) -> bool:
        return not self.up and not self.down


@dataclass(frozen=True)
class Seen:
    """A game as one viewer (``viewer``; ``None`` for the teacher) may know it."""

    names: tuple[str, ...]
    viewer: int | None
    dealer: int
    turn: int | None
    """Whose turn it is (also while a rebuilt stock is shuffled); ``None`` once over."""
    stage: str
    """``draw``, ``move``, ``shuffle`` (the stock is being rebuilt) or ``over``."""
    draws_left: int
    moves_left: int
    phase: str
    """``normal``, ``two-left`` or ``last-rounds``."""
    turns_left: int | None
    piles: tuple[tuple[PileSeen, ...], ...]
    hands: tuple[Cards, ...]
    stock: int
    discard: tuple[str, ...]
    out_of_play: tuple[str, ...]
    out: tuple[int, ...]
    """Seats out of the game, in the order they went out."""
    winner: int | None
    drawn: tuple[int, ...]
    """The two seats of a drawn game."""
    legal: tuple[Action, ...] = ()
    """What the seat to act may do, when the viewer may know it (the teacher, or its own
    turn)."""

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def lives(self, seat: int) -> int:
        return sum(1 for p in self.piles[seat] if not p.gone)


def from_state(state: GnallknektState) -> Seen:
    """The teacher's game: every card, read from the state itself."""
    n = state.game.seats
    over = state.is_over
    return Seen(
        names=tuple(state.game.names), viewer=None, dealer=state.dealer,
        turn=None if over else state.cur, stage="over" if over else STAGES[state.stage],
        draws_left=0 if over else state.draws_left,
        moves_left=0 if over else MOVES_PER_TURN - state.moves,
        phase=state.phase_name, turns_left=state.turns_left,
        piles=tuple(tuple(PileSeen(len(state.down[s][i]), tuple(state.up[s][i]))
                          for i in range(3)) for s in range(n)),
        hands=tuple(tuple(h) for h in state.hands), stock=len(state.stock),
        discard=tuple(state.discard), out_of_play=tuple(state.out_cards),
        out=tuple(state.out_order), winner=state.winner, drawn=tuple(state.tie or ()),
        legal=tuple(state.legal_actions()))


def from_observation(obs: Observation) -> Seen:
    """One seat's game, read from its observation alone: of another seat's hand only its
    size and the cards it was seen to take from the discard pile."""
    n = len(obs.names)
    hands: list[Cards] = []
    sizes = obs.hand_sizes
    for s in range(n):
        if s == obs.seat:
            hands.append(tuple(obs.hand))
        else:
            known = obs.known_cards(s)
            hands.append(tuple(known) + (None,) * (sizes[s] - len(known)))
    over = obs.is_over
    if over:
        stage = "over"
    elif obs.to_act == CHANCE:
        stage = "shuffle"
    else:
        stage = "draw" if obs.draws_left else "move"
    return Seen(
        names=tuple(obs.names), viewer=obs.seat, dealer=obs.dealer,
        turn=None if over else obs.turn_seat, stage=stage,
        draws_left=obs.draws_left, moves_left=obs.moves_left, phase=obs.phase,
        turns_left=obs.turns_left,
        piles=tuple(tuple(PileSeen(p.down, tuple(p.up)) for p in obs.piles(s))
                    for s in range(n)),
        hands=tuple(hands), stock=obs.stock_count, discard=tuple(obs.discard),
        out_of_play=tuple(obs.out_of_play), out=tuple(obs.out), winner=obs.winner,
        drawn=tuple(obs.drawn), legal=tuple(obs.legal))


def seen(state: GnallknektState, viewer: int | None) -> Seen:
    """What ``viewer`` may know of ``state``: the teacher everything, a seat its
    observation."""
    return from_state(state) if viewer is None else from_observation(state.observation(viewer))


__all__ = ["PileSeen", "Seen", "from_observation", "from_state", "seen"]
