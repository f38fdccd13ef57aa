"""The computer players of every game, by level: ``bot_for``.

It sits above both the registry (which knows the games and their own bots) and the search
(which makes any game's expert from the game's declared ``worlds``), so neither imports the
other's caller: the registry knows nothing of the search, and the search finds a game's part
through the registry.
"""

from __future__ import annotations

from typing import Any

from .checks import quote as _cut
from .errors import KortspelError
from .registry import spec
from .search import ExpertBot, check_budget, hooks

__all__ = ["bot_for"]


def bot_for(game: Any, level: Any = "heuristic", name: str | None = None, *,
            seconds: float | None = None, playouts: int | None = None) -> Any:
    """A computer player for ``game``: ``level`` is ``"random"``, one of the game's own
    (``kortspel.bot_for("kille", "heuristic")``), or ``"expert"``, the player that thinks
    ahead (``kortspel.search.ExpertBot``, shown to people as "strong"): ``seconds`` a
    decision (default 1), or ``playouts`` worlds a decision, which makes it repeat itself
    for the same generator (for tests). It decides through ``decide(state, seat, rng)``;
    ``kortspel.search.step`` and ``play_hand`` drive it so."""
    s = spec(game)
    if level == "expert":
        check_budget(seconds, playouts)  # nan, inf, 0 or 2.5 worlds: refused before any bot
        mod = hooks(s.name)  # a game without a worlds module says so here
        if seconds is None and playouts is None:
            seconds = 1.0
        anchor = s.bots["heuristic"]("anchor") if getattr(mod, "ANCHORED", False) else None
        return ExpertBot(s.name, name or "expert", seconds=seconds, playouts=playouts,
                         anchor=anchor)
    if seconds is not None or playouts is not None:
        raise KortspelError("seconds= and playouts= are a budget for the expert only")
    if not isinstance(level, str) or level not in s.bots:
        raise KortspelError(
            f"{s.title} has no bot called {_cut(level)}; the bots are: "
            f"{', '.join([*s.bots, *(['expert'] if s.worlds is not None else [])])}")
    return s.bots[level](name or level)
