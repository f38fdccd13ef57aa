"""Drawn card tables for JupyterLab: pictures, replays, live play and quizzes, for any game.

The widgets only draw and collect clicks; every rule lives in ``kortspel``. The table core
(``model``, ``geometry``, ``drawing``, ``views``) names no game: each game's adapter in
``games/`` turns its states into zones, badges and clickable refs. See
``docs/widgets-api.md`` for the calls a notebook makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .charts import Chart, chart, subplots
from .drawing import paint_table, svg_from_layout
from .games import adapter_for, register_adapter
from .geometry import Layout, layout
from .model import Badge, CardStyle, CardView, SeatView, TableModel, ZoneView

if TYPE_CHECKING:
    from .room_view import RoomPlay
    from .views import Check, HumanPlayer, Picture, Play, Replay, TableView, deck, table

__all__ = ["Badge", "CardStyle", "CardView", "Chart", "Check", "HumanPlayer", "Layout",
           "Picture", "Play", "Replay", "RoomPlay", "SeatView", "TableModel", "TableView",
           "ZoneView", "adapter_for", "chart", "deck", "layout", "paint_table",
           "register_adapter", "subplots", "svg_from_layout", "svg_table", "table",
           "table_model"]

_LIVE = {"Check", "HumanPlayer", "Picture", "Play", "Replay", "RoomPlay", "TableView", "deck",
         "table"}


def table_model(state: Any, viewer: int | str | None = None) -> TableModel:
    """The model of ``state`` for the teacher (``viewer=None``) or one seat."""
    from .games import check_viewer

    return adapter_for(state.game).model(state, check_viewer(state.game, viewer))


def svg_table(state: Any, viewer: int | str | None = None, *, caption: str | None = None,
              language: str | None = None) -> str:
    """The table as a standalone SVG: the static picture behind every live view, in
    ``language`` (``None``: the kernel's, as ``kortspel.set_language`` set it)."""
    from kortspel.i18n import _, check_language, using

    adapter = adapter_for(state.game)
    with using(None if language is None else check_language(language)):
        return svg_from_layout(layout(table_model(state, viewer)),
                               title=caption or _(adapter.title))


def __getattr__(name: str) -> Any:
    # The live views need ipywidgets and ipycanvas; layout and SVG work without them.
    if name in _LIVE:
        try:
            from . import views
        except ModuleNotFoundError as err:
            if err.name not in ("ipywidgets", "ipycanvas"):
                raise
            raise ModuleNotFoundError(
                f"kortspel.widgets.{name} needs {err.name}, which comes with the views: "
                "pip install 'kortspel[views]'", name=err.name) from err
        if name == "RoomPlay":  # a seat at a classroom room (widgets/room_view.py)
            from .room_view import RoomPlay

            return RoomPlay
        return getattr(views, name)
    raise AttributeError(f"module 'kortspel.widgets' has no attribute {name!r}")
