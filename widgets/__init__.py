"""Drawn Kille tables for JupyterLab: pictures, replays, live play and quizzes.

The widgets only draw and collect clicks; every rule lives in ``kortspel``. See
``docs/widgets-api.md`` for the calls a notebook makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .drawing import paint_table, svg_table
from .layout import Layout, TableModel, layout, table_model

if TYPE_CHECKING:
    from .views import Check, Picture, Play, Replay, TableView, deck, table

__all__ = ["Check", "Layout", "Picture", "Play", "Replay", "TableModel", "TableView", "deck",
           "layout", "paint_table", "svg_table", "table", "table_model"]

_LIVE = {"Check", "Picture", "Play", "Replay", "TableView", "deck", "table"}


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
        return getattr(views, name)
    raise AttributeError(f"module 'kortspel.widgets' has no attribute {name!r}")
