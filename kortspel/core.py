"""The engine core in one import: errors, actions, events and zones, the protocols and the
registry. Each lives in its own module (see ``docs/architecture.md``); this one gathers them
for code that wants them all, and keeps the names older code imported from here.
"""

from __future__ import annotations

from .actions import CHANCE, Action, ActionCodec, Arg, Verb
from .errors import (
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidDealError,
    KortspelError,
    MatchError,
    NotYourTurnError,
    RecordError,
    RulesError,
    SeatError,
    UnknownGameError,
)
from .events import (
    EVERYONE,
    Event,
    Fact,
    Knowledge,
    Move,
    Place,
    Reveal,
    Shuffle,
    Swap,
    Zone,
    fold,
)
from .protocol import Bot, Game, GameSpec, Match, RandomBot, State, play_hand, step
from .records import check_names, get_field, seat_names
from .registry import games, load, register

__all__ = [
    "CHANCE", "Action", "ActionCodec", "Arg", "Verb",
    "KortspelError", "InvalidActionError", "IllegalActionError", "NotYourTurnError",
    "HandOverError", "RecordError", "InvalidDealError", "UnknownGameError", "RulesError",
    "SeatError", "MatchError",
    "EVERYONE", "Event", "Fact", "Knowledge", "Move", "Place", "Reveal", "Shuffle", "Swap",
    "Zone", "fold",
    "Bot", "Game", "GameSpec", "Match", "RandomBot", "State", "play_hand", "step",
    "check_names", "get_field", "seat_names", "games", "load", "register",
]
