"""One adapter per game: how its states and observations become table models, what a click
on a card or a zone means, and what its buttons say.

The views find an adapter by the game's name; the table core (``model``, ``geometry``,
``drawing``, ``views``) never names a game. ``register_adapter`` adds one from any module
(the test suite's tiny game plugs in that way).
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from kortspel import Action, KortspelError, SeatError

from ..model import CardStyle, TableModel

_MODULES: dict[str, str] = {"kille": "kortspel.widgets.games.kille",
                            "knock": "kortspel.widgets.games.knock",
                            "kopknack": "kortspel.widgets.games.kopknack",
                            "gnallknekt": "kortspel.widgets.games.gnallknekt"}
_DECK_MODULES: dict[str, str] = {"kille": "kortspel.widgets.games.kille_cards"}
"""Games whose cards are their own deck: the module that draws it (and registers it)."""
_ADAPTERS: dict[str, Adapter] = {}


class Adapter(Protocol):
    """What the views need of a game."""

    game: str
    title: str
    style: CardStyle

    def model(self, state: Any, viewer: int | None) -> TableModel:
        """The table as the teacher (``viewer=None``, every card) or one seat sees it; a
        seat's model is built from its observation alone."""

    def paths(self, state: Any, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        """For each legal action that is made by clicking, the refs to click in order (one
        for a one-click action; a card, then its target, for a two-click one)."""

    def buttons(self) -> dict[str, tuple[str, str]]:
        """Verb -> (button label, tooltip), for actions made with a button."""

    def sprite_keys(self) -> list[str]:
        """Every card sprite this game draws (painted once per kernel)."""

    def status(self, state: Any, seat: int | None) -> str:
        """One sentence on what happens now, for ``seat`` (``None``: the teacher)."""

    def lines(self, state: Any, seat: int | None) -> list[str]:
        """The narration of the hand so far as ``seat`` may read it, oldest first."""


def register_adapter(game: str, adapter: Adapter | str) -> None:
    """Add the adapter of ``game``: an object, or a module name whose ``ADAPTER`` it is."""
    if isinstance(adapter, str):
        _MODULES[game] = adapter
        _ADAPTERS.pop(game, None)
    else:
        _ADAPTERS[game] = adapter


def adapter_for(game: Any) -> Adapter:
    """The adapter for a game (by name, table or state)."""
    name = game if isinstance(game, str) else getattr(getattr(game, "game", game), "name", None)
    if name in _ADAPTERS:
        return _ADAPTERS[name]
    if name not in _MODULES:
        raise KortspelError(
            f"no table for the game {name!r} yet; the games with tables are: "
            f"{', '.join(sorted(set(_MODULES) | set(_ADAPTERS)))}")
    adapter: Adapter = importlib.import_module(_MODULES[name]).ADAPTER
    _ADAPTERS[name] = adapter
    return adapter


def check_viewer(game: Any, viewer: Any) -> int | None:
    """``None`` (the teacher: every card), a seat number or a seat's name; nothing else."""
    if viewer is None:
        return None
    names = game.names
    if isinstance(viewer, str):
        if viewer in names:
            return int(names.index(viewer))
    elif type(viewer) is int and 0 <= viewer < len(names):
        return viewer
    text = repr(viewer) if len(repr(viewer)) <= 40 else repr(viewer)[:39] + "…"
    raise SeatError(f"viewer is None (the teacher, who sees every card), a seat number from 0 "
                    f"to {len(names) - 1} or a seat's name ({', '.join(names)}), not {text}")


def load_deck(name: str) -> bool:
    """Import the module that registers the deck ``name``, if one is known."""
    module = _DECK_MODULES.get(name)
    if module is None:
        return False
    importlib.import_module(module)
    return True
