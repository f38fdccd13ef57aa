"""Drawing cost of one table redraw, for ``python -m kortspel bench``: every game with a
table, at its largest table, with a hand one decision in.

Messages are counted where ipycanvas hands them to the comm layer (``canvas_io``), so "one
message per redraw" is measured, not assumed. Without a browser the comm is a dummy, which
leaves the Python-side cost (model, layout, painter calls, serialisation) as the figure.
"""

from __future__ import annotations

import random
import time

import kortspel

from .canvas_io import counting_messages
from .games import _ADAPTERS, _MODULES

# Imported here, not in redraw_figures: without the views' extra (ipywidgets, ipycanvas) the
# "kortspel.bench" entry point then fails to load, and `python -m kortspel bench` skips it.
from .views import TableView, sprite_sheet


def redraw_cost(game: str, seconds: float = 1.0) -> tuple[float, float, int]:
    """Milliseconds of Python per redraw, comm messages per redraw, and the seat count."""
    spec = kortspel.spec(game)
    seats = spec.seats[1]
    table = kortspel.load(game, seats=seats)
    rng = random.Random(11)
    state = table.new_hand(rng=rng)
    legal = state.legal_actions() if state.to_act not in (None, kortspel.CHANCE) else []
    if legal:
        state.apply(legal[-1])
    view = TableView(state)
    sheet = sprite_sheet(view.adapter.style.w, view.adapter.style.h)
    sheet.preload(view.adapter.sprite_keys())  # sprites are painted once per kernel
    with counting_messages() as sent:
        n = 0
        start = time.perf_counter()
        while True:
            view.show(state)
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds and n >= 5:
                break
    view.close()
    return 1000 * elapsed / n, len(sent) / n, seats


def redraw_figures(seconds: float = 1.0) -> list[str]:
    lines = []
    for game in sorted(set(_MODULES) | set(_ADAPTERS)):
        if game not in kortspel.games():
            continue
        ms, messages, seats = redraw_cost(game, seconds)
        lines.append(f"{game} table redraw, {seats} seats (Python side):".ljust(44)
                     + f"{ms:>10.2f} ms   (aim: under 10 ms)")
        lines.append(f"{game} comm messages per redraw:".ljust(44)
                     + f"{messages:>10.2f}   (aim: 1)")
    return lines
