"""kortspel: Swedish card games as small, exact rules engines.

>>> import kortspel
>>> game = kortspel.load("kille", seats=5)
>>> state = game.new_hand(seed=7)
>>> [a.verb for a in state.legal_actions()]
['stand', 'swap']

Every game keeps one protocol (``kortspel.protocol``); the registry (``kortspel.registry``)
finds a game by its name or by a record's ``game`` field, and imports it on first use.
A game's own package is reached as an attribute too: ``kortspel.kille``.
"""

from __future__ import annotations

import importlib
from typing import Any

from .coach import beliefs, hint, review
from .core import (
    CHANCE,
    Action,
    ActionCodec,
    Arg,
    Bot,
    Event,
    Game,
    GameSpec,
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidDealError,
    Knowledge,
    KortspelError,
    Match,
    MatchError,
    NotYourTurnError,
    RandomBot,
    RecordError,
    RulesError,
    SeatError,
    State,
    UnknownGameError,
    Verb,
    Zone,
    fold,
    play_hand,
    step,
)
from .i18n import set_language
from .players import bot_for
from .registry import example, examples, frames, games, load, register, replay, spec

__all__ = [
    "CHANCE", "Action", "ActionCodec", "Arg", "Verb",
    "Event", "Knowledge", "Zone", "fold",
    "Bot", "Game", "GameSpec", "Match", "State", "RandomBot",
    "KortspelError", "InvalidActionError", "IllegalActionError", "NotYourTurnError",
    "HandOverError", "RecordError", "InvalidDealError", "UnknownGameError", "RulesError",
    "SeatError", "MatchError",
    "load", "games", "spec", "register", "replay", "frames", "example", "examples",
    "play_hand", "step", "bot_for", "hint", "review", "beliefs", "set_language",
]

__version__ = "0.2.0"


def __getattr__(name: str) -> Any:
    """``kortspel.kille`` and every other registered game's package, imported on first use."""
    from .registry import _MODULES

    module = _MODULES.get(name)
    if module is not None and module.startswith(__name__ + "."):
        return importlib.import_module(module)
    raise AttributeError(f"module 'kortspel' has no attribute {name!r}")
