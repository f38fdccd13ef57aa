"""The table painter: a ``Layout`` onto any painter (ipycanvas live, SVG static).

One function draws the picture for both backends, so the static fallback a reader sees on
GitHub is the same picture the live canvas shows.
"""

from __future__ import annotations

from typing import Any

from kortspel.kille import KilleState

from .cards import draw_highlight, highlight_lift
from .layout import (
    FELT,
    FELT_EDGE,
    GOLD,
    HEIGHT,
    INK,
    PAPER,
    WIDTH,
    Layout,
    SeatPlate,
    layout,
    table_model,
)
from .paint import Painter, SvgPainter
from .sprites import SpriteSheet

_SVG_SPRITES = SpriteSheet(64.0, 96.0)


def paint_table(p: Painter, lay: Layout) -> None:
    """Draw the felt, the seat plates, the cards and the words of one table."""
    p.rect(0, 0, lay.width, lay.height, fill="#0e2a1c")
    p.ellipse(lay.width / 2, lay.height / 2 - 30, 430, 262, fill=FELT, stroke=FELT_EDGE,
              line_width=10)
    for plate in lay.plates:
        _paint_plate(p, plate)
    for card in lay.cards:
        b = card.box
        lift = highlight_lift(card.highlight, b.h)
        p.image(card.key, b.x, b.y + lift, b.w, b.h)
        if card.highlight:
            draw_highlight(p, card.highlight, b.x, b.y, b.w, b.h)
    for t in lay.texts:
        p.text(t.x, t.y, t.text, size=t.size, fill=t.fill, bold=t.bold,
               align=t.align)  # type: ignore[arg-type]


def _paint_plate(p: Painter, plate: SeatPlate) -> None:
    b = plate.box
    fill = "#5b6b62" if plate.out else PAPER
    stroke = GOLD if plate.to_act else INK
    p.rect(b.x, b.y, b.w, b.h, fill=fill, stroke=stroke, line_width=4 if plate.to_act else 1.5,
           radius=8)
    name = plate.name + ("  ▶" if plate.to_act else "")
    p.text(b.x + 8, b.y + 12, name, size=13, fill=INK, bold=True, align="left")
    # Lives: filled and empty dots, countable without colour.
    for i in range(plate.max_lives):
        cx = b.x + 12 + i * 13
        if i < plate.lives:
            p.circle(cx, b.y + 29, 5, fill="#c0392b", stroke=INK, line_width=1)
        else:
            p.circle(cx, b.y + 29, 5, stroke=INK, line_width=1)
    if plate.is_dealer:
        p.circle(b.x + b.w - 14, b.y + 14, 10, fill=GOLD, stroke=INK, line_width=1.5)
        p.text(b.x + b.w - 14, b.y + 14, "D", size=12, fill=INK, bold=True)
    if plate.marks:
        p.text(b.x + b.w - 6, b.y + 30, "; ".join(plate.marks), size=10, fill="#8E2C74",
               bold=True, align="right")
    if plate.out:
        p.text(b.x + b.w - 6, b.y + 30, "out", size=11, fill=PAPER, align="right")


def table_layout(state: KilleState, viewer: int | str | None = None, **kw: Any) -> Layout:
    return layout(table_model(state, viewer), **kw)


def svg_table(state: KilleState, viewer: int | str | None = None, *,
              caption: str | None = None, **kw: Any) -> str:
    """The table as a standalone SVG: the static picture behind every live view."""
    lay = table_layout(state, viewer, **kw)
    return svg_from_layout(lay, caption=caption)


def svg_from_layout(lay: Layout, *, caption: str | None = None) -> str:
    title = caption or "A Kille table"
    p = SvgPainter(WIDTH, HEIGHT, title=title, desc=lay.alt, sprites=_SVG_SPRITES)
    paint_table(p, lay)
    return p.svg()
