"""``Play`` in parts: the match driver, the click router, the board and the panels, each an
object given the view through the narrow Protocol it needs (``ports.py``; see ``view.py``).

``Play`` and ``HumanPlayer`` are importable from ``kortspel.widgets`` and
``kortspel.widgets.views`` as before."""

from .driver import DEFAULT_NAMES, HumanPlayer, MatchDriver, opponent_levels
from .panels import Board, Panel
from .ports import DriverHost, PanelHost, RouterHost
from .router import ClickRouter
from .view import Play

__all__ = ["DEFAULT_NAMES", "Board", "ClickRouter", "DriverHost", "HumanPlayer",
           "MatchDriver", "Panel", "PanelHost", "Play", "RouterHost", "opponent_levels"]
