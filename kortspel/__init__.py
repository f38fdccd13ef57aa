"""kortspel: Swedish card games as small, exact rules engines.

>>> import kortspel
>>> game = kortspel.load("kille", seats=5)
>>> state = game.new_hand(seed=7)
>>> [a.verb for a in state.legal_actions()]
['stand', 'swap']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from . import kille
from .bots import KilleHeuristic, bot_for
from .core import (
    Action,
    Bot,
    Event,
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidDealError,
    KortspelError,
    NotYourTurnError,
    RandomBot,
    RecordError,
    RulesError,
    State,
    UnknownGameError,
    games,
    load,
    play_hand,
    step,
)
from .match import KilleMatch

__all__ = [
    "Action", "Bot", "Event", "State", "RandomBot", "KilleHeuristic", "KilleMatch",
    "KortspelError", "InvalidActionError", "IllegalActionError", "NotYourTurnError",
    "HandOverError", "RecordError", "InvalidDealError", "UnknownGameError", "RulesError",
    "load", "games", "replay", "frames", "example", "examples", "play_hand", "step", "bot_for",
    "kille",
]

__version__ = "0.1.0"


def replay(record: Mapping[str, Any], upto: int | None = None) -> Any:
    """The state a record leads to, on the table the record was played at."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    game = record.get("game", "kille")
    if game != "kille":
        try:
            load(str(game))
        except UnknownGameError as err:
            raise RecordError(f"the record's game {game!r} cannot be replayed: {err}") from None
        raise RecordError(f"the record's game is {game!r}; only 'kille' records replay here")
    return kille.game_for(record).replay(record, upto=upto)


def frames(record: Mapping[str, Any]) -> list[Any]:
    """Every state of a recorded hand: the deal, then one per action."""
    replay(record)  # validates the whole record first, so a bad one fails with RecordError
    first = replay(record, upto=0)
    out = [first]
    state = first
    for a in record.get("actions", []):
        state = state.clone()
        state.apply(f"{a['seat']} {a['do']}")
        out.append(state)
    return out


def examples(game: str = "kille") -> list[str]:
    """Names of the worked hands shipped with the package."""
    folder = resources.files("kortspel") / "records" / game
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def example(name: str, game: str = "kille") -> dict[str, Any]:
    """A worked hand shipped with the package, by name (see ``examples()``)."""
    path = resources.files("kortspel") / "records" / game / f"{name}.json"
    if not path.is_file():
        raise RecordError(
            f"no worked hand called {name!r}; there are: {', '.join(examples(game))}"
        )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
