"""The one place that knows which games exist, and the functions that dispatch on a game.

Games load lazily: ``kortspel.load("kille")`` imports ``kortspel.kille`` on first use, and a
record names its game in its ``game`` field, so ``replay``, ``examples``, ``bot_for``
(``kortspel.players``), the command line and the bench never name a game themselves.
``register`` adds a game from any package (the test suite's tiny game is added that way).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

from .checks import quote as _cut
from .errors import KortspelError, RecordError, UnknownGameError
from .protocol import GameSpec

_MODULES: dict[str, str] = {"kille": "kortspel.kille", "gnallknekt": "kortspel.gnallknekt",
                            "kopknack": "kortspel.kopknack", "knock": "kortspel.knock"}
"""Built-in games: registry name -> the package that defines ``SPEC``."""

_SPECS: dict[str, GameSpec] = {}
_ALIASES: dict[str, str] = {}


def _normal(name: str) -> str:
    table = str.maketrans("åäöÅÄÖ", "aaoAAO")
    return re.sub(r"[\s_\-]", "", name.translate(table).lower())


def register(module: str | GameSpec) -> GameSpec:
    """Add a game: a ``GameSpec``, or the name of a module whose ``SPEC`` is one."""
    spec = _import(module) if isinstance(module, str) else module
    if not isinstance(spec, GameSpec):
        raise UnknownGameError(f"{_cut(module)} does not define a GameSpec called SPEC")
    _SPECS[spec.name] = spec
    if isinstance(module, str):
        _MODULES[spec.name] = module
    for alias in (spec.name, spec.title, *spec.aliases):
        _ALIASES[_normal(alias)] = spec.name
    return spec


def _import(module: str) -> GameSpec:
    spec = getattr(importlib.import_module(module), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise UnknownGameError(f"{_cut(module)} does not define a GameSpec called SPEC")
    return spec


def games() -> list[str]:
    """The names of every game that can be loaded."""
    return sorted(set(_MODULES) | set(_SPECS))


def spec(name: Any) -> GameSpec:
    """The ``GameSpec`` of a game, by any of its names (``"Kille"``, ``"kille"``)."""
    if not isinstance(name, str):
        raise UnknownGameError(
            f"a game is named by text, e.g. 'kille', not {_cut(name)}; the games are: "
            f"{', '.join(games())}")
    key = _normal(name)
    if key not in _ALIASES and key not in _MODULES:
        _register_all()  # a title or alias ("Swedish Knock") is known once its game is loaded
    key = _ALIASES.get(key, key)
    if key not in _SPECS:
        if key not in _MODULES:
            raise UnknownGameError(
                f"no game called {_cut(name)}; the games are: {', '.join(games())}")
        register(_MODULES[key])
    return _SPECS[key]


def _register_all() -> None:
    for game, module in list(_MODULES.items()):
        if game not in _SPECS:
            register(module)


_USUAL: Any = object()  # ``seats`` not given: the game's usual table


def load(name: Any, seats: Any = _USUAL, **options: Any) -> Any:
    """The table of game ``name`` with ``seats`` (a count or names) and rules options.

    ``kortspel.load("kille", seats=5)``; rules options are keywords
    (``dealt_harlekin="low"``). Without ``seats`` the game's usual table is laid.
    """
    s = spec(name)
    if seats is _USUAL:
        names = options.get("names")
        if names is None:
            return s.make(**options)
        seats = len(names) if isinstance(names, list | tuple) else names
    return s.make(seats, **options)


def game_of(record: Any) -> GameSpec:
    """The game a record is of, from its ``game`` field."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if "game" not in record:
        raise RecordError(f"the record has no 'game' field; the games are: "
                          f"{', '.join(games())}")
    try:
        return spec(record["game"])
    except UnknownGameError as err:
        raise RecordError(f"the record's game: {err}") from None


def replay(record: Any, upto: int | None = None) -> Any:
    """The state a record leads to (after its first ``upto`` actions), at its own table."""
    if upto is not None and (type(upto) is not int or upto < 0):
        raise KortspelError(f"upto counts actions: a whole number of 0 or more, not "
                            f"{_cut(upto)}")
    game = game_of(record).from_record(record)
    return game.replay(record, upto=upto)


def frames(record: Any) -> list[Any]:
    """Every state of a recorded hand: the deal, then one per action."""
    last = replay(record)  # checks the whole record first, so a bad one fails at once
    state = replay(record, upto=0)
    out = [state]
    for act in last.actions:
        state = state.clone()
        state.apply(act)
        out.append(state)
    return out


def examples(game: Any = "kille") -> list[str]:
    """Names of the worked hands shipped with a game."""
    folder = _examples_dir(spec(game))
    if folder is None:
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def example(name: Any, game: Any = "kille") -> dict[str, Any]:
    """A worked hand shipped with a game, by name (see ``examples(game)``)."""
    s = spec(game)
    known = examples(s.name)
    if not isinstance(name, str) or name not in known:
        there = f"there are: {', '.join(known)}" if known else f"{s.title} ships none"
        raise RecordError(f"no worked {s.title} hand called {_cut(name)}; {there}")
    folder = _examples_dir(s)
    assert folder is not None
    data: dict[str, Any] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _examples_dir(s: GameSpec) -> Any:
    if s.examples is None:
        return None
    return resources.files(s.examples) / "records"
