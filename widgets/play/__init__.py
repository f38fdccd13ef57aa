"""``Play`` in parts: the match driver, the click router and the panels (see ``view.py``).

``Play`` and ``HumanPlayer`` are importable from ``kortspel.widgets`` and
``kortspel.widgets.views`` as before."""

from .driver import DEFAULT_NAMES, HumanPlayer, MatchDriver, opponent_levels
from .panels import Panel, Panels
from .router import ClickRouter
from .view import Play

__all__ = ["DEFAULT_NAMES", "ClickRouter", "HumanPlayer", "MatchDriver", "Panel", "Panels",
           "Play", "opponent_levels"]
