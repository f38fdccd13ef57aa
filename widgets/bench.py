"""Drawing cost of one table redraw, for ``python -m kortspel bench``.

Messages are counted where ipycanvas hands them to the comm layer, so "one message per
redraw" is measured, not assumed. Without a browser the comm is a dummy, which leaves the
Python-side cost (layout, painter calls, serialisation) as the figure.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import kortspel

# Imported here, not in redraw_figures: without the views' extra (ipywidgets, ipycanvas) the
# "kortspel.bench" entry point then fails to load, and `python -m kortspel bench` skips it.
from .views import TableView, sprite_sheet


@contextmanager
def counting_messages() -> Iterator[list[int]]:
    """Count the comm messages ipycanvas sends inside the block (one list item each)."""
    from ipycanvas.canvas import _CANVAS_MANAGER

    sent: list[int] = []
    original = _CANVAS_MANAGER.send

    def counting_send(*args: Any, **kwargs: Any) -> Any:
        sent.append(1)
        return original(*args, **kwargs)

    _CANVAS_MANAGER.send = counting_send  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        _CANVAS_MANAGER.send = original  # type: ignore[method-assign]


def redraw_figures(seconds: float = 1.0) -> list[str]:
    sprite_sheet()  # sprites are painted once per kernel; not part of a redraw
    game = kortspel.load("kille", seats=8)
    state = game.new_hand(seed=11)
    state.apply("swap")
    view = TableView(state)
    with counting_messages() as sent:
        n = 0
        start = time.perf_counter()
        while True:
            view.show(state)
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds and n >= 5:
                break
    return [
        f"table redraw, 8-seat Kille (Python side):  {1000 * elapsed / n:>10.2f} ms"
        "   (aim: under 10 ms)",
        f"comm messages per redraw:                  {len(sent) / n:>10.2f}"
        "   (aim: 1)",
    ]
