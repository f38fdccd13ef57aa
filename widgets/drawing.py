"""The table painter: a ``Layout`` onto any painter (ipycanvas live, SVG static).

One function draws the picture for both backends, so the static fallback a reader sees on
GitHub is the same picture the live canvas shows. It knows zones, cards, plates and badges,
never a game.
"""

from __future__ import annotations

from kortspel.i18n import _, pgettext

from .cards import draw_highlight, highlight_lift
from .geometry import MIN_TEXT, Layout, PlateItem, ZoneItem, felt, text_box
from .model import Badge
from .paint import Painter, SpriteSource, SvgPainter, fit_text_size, text_width

FELT = "#1f6b45"
FELT_EDGE = "#14482e"
INK = "#1b1b1b"
PAPER = "#fdfaf2"
GOLD = "#f2c94c"
MARK = "#8E2C74"
OUT_PLATE = "#5b6b62"  # the plate of a seat out of the game: grey, its words in PAPER on it


def paint_table(p: Painter, lay: Layout) -> None:
    """Draw the felt, the zones' places, the seat plates, the cards and the words (a
    card's note among them: the layout puts it under its card, never on its face)."""
    p.rect(0, 0, lay.width, lay.height, fill="#0e2a1c")
    cx, cy, rx, ry, edge = felt(lay.width, lay.height)
    p.ellipse(cx, cy, rx, ry, fill=FELT, stroke=FELT_EDGE, line_width=edge)
    for zone in lay.zones:
        _paint_zone(p, zone)
    for plate in lay.plates:
        _paint_plate(p, plate)
    for group in lay.groups:  # behind its cards: a frame round them
        b = group.box
        p.rect(b.x, b.y, b.w, b.h, fill="#2b7d54", stroke=GOLD, line_width=2.5, radius=8)
    for card in lay.cards:
        b = card.box
        lift = highlight_lift(card.highlight, b.h)
        p.image(card.key, b.x, b.y + lift, b.w, b.h)
        if card.highlight:
            shown = "legal" if card.highlight == "target" else card.highlight
            draw_highlight(p, shown, b.x, b.y + lift, b.w, b.h)
    for t in lay.texts:
        if t.backed:
            b = text_box(t)
            p.rect(b.x - 4, b.y - 3, b.w + 8, b.h + 6, fill=FELT, stroke=FELT_EDGE,
                   line_width=1, radius=5)
        p.text(t.x, t.y, t.text, size=t.size, fill=t.fill, bold=t.bold,
               align=t.align)  # type: ignore[arg-type]


def _paint_zone(p: Painter, zone: ZoneItem) -> None:
    b = zone.box
    if zone.kind in ("stock", "discard", "talon", "single", "trick", "hand"):
        # The place a pile lies, visible even when it is empty.
        p.rect(b.x - 2, b.y - 2, b.w + 4, min(b.h, b.w * 1.5) + 4, stroke="#3d8a63",
               line_width=1.5, radius=8, dash=(4, 4))
    if zone.highlight == "target":
        # A legal target: a dashed white-on-green outline and an arrow, not colour alone.
        # Under a zone with words (its label) the outline hugs the cards, so the words are
        # read on the felt, not through the stroke.
        h = b.h + (6 if zone.label else 10)
        p.rect(b.x - 5, b.y - 5, b.w + 10, h, stroke="#FFFFFF", line_width=6, radius=10)
        p.rect(b.x - 5, b.y - 5, b.w + 10, h, stroke="#007A5A", line_width=3.5, radius=10,
               dash=(10, 6))
        cx = b.x + b.w / 2
        p.polygon([(cx - 8, b.y - 18), (cx + 8, b.y - 18), (cx, b.y - 7)], fill=GOLD,
                  stroke=INK, line_width=1)
    elif zone.highlight == "selected":
        # The hint's best place: the solid blue outline of a chosen card, round the place.
        h = b.h + (6 if zone.label else 10)
        p.rect(b.x - 5, b.y - 5, b.w + 10, h, stroke="#FFFFFF", line_width=7, radius=10)
        p.rect(b.x - 5, b.y - 5, b.w + 10, h, stroke="#0072B2", line_width=4.5, radius=10)
    if zone.kind == "chips":
        _paint_chips(p, b.x, b.y, b.w, b.h, zone.count)


MAX_CHIPS = 12  # chips drawn in one stack; the label says the sum, however large


def _paint_chips(p: Painter, x: float, y: float, w: float, h: float, count: int) -> None:
    """A stack of ``count`` chips standing on the bottom of its box: a pot seen at a glance,
    its height growing with the sum (the label beside it says the number)."""
    rx = w * 0.42
    ry = rx * 0.38
    step = min(ry * 0.9, (h - 2 * ry - 2) / MAX_CHIPS)
    cx = x + w / 2
    base = y + h - ry - 1
    for i in range(min(count, MAX_CHIPS)):
        cy = base - i * step
        p.ellipse(cx, cy + step, rx, ry, fill="#8a6d12", stroke=INK, line_width=1)
        p.ellipse(cx, cy, rx, ry, fill=GOLD, stroke=INK, line_width=1)
        p.ellipse(cx, cy, rx * 0.55, ry * 0.55, stroke="#8a6d12", line_width=1.2)


def _paint_plate(p: Painter, plate: PlateItem) -> None:
    b = plate.box
    # A seat out of the game has a grey plate; every word on it is light (dark ink or the
    # purple of the notes on that grey would be read at 3:1 and 1.6:1, below the 4.5:1 that
    # small text needs).
    fill = OUT_PLATE if plate.out else PAPER
    ink = PAPER if plate.out else INK
    stroke = GOLD if plate.to_act else INK
    p.rect(b.x, b.y, b.w, b.h, fill=fill, stroke=stroke, line_width=4 if plate.to_act else 1.5,
           radius=8)
    name = plate.name + ("  ▶" if plate.to_act else "")
    p.text(b.x + 8, b.y + 12, name, size=plate.name_size, fill=ink, bold=True, align="left")
    x = b.x + 8
    for badge in plate.badges:
        if badge.kind == "lives":
            lives = int(badge.value) if isinstance(badge.value, int) else 0
            for i in range(max(badge.max, lives)):
                cx = x + 4 + i * 13
                # Filled and empty dots: countable without colour.
                if i < lives:
                    p.circle(cx, b.y + 29, 5, fill="#c0392b", stroke=INK, line_width=1)
                else:
                    p.circle(cx, b.y + 29, 5, stroke=ink, line_width=1)
            x += 13 * max(badge.max, lives) + 6
        else:
            text = _badge_text(badge)
            size = max(MIN_TEXT, fit_text_size(text, 11, b.x + b.w - 6 - x, bold=True))
            p.text(x, b.y + 29, text, size=size, fill=ink, bold=True, align="left")
            x += text_width(text, size, bold=True) + 10
    if plate.is_dealer:
        p.circle(b.x + b.w - 14, b.y + 14, 10, fill=GOLD, stroke=INK, line_width=1.5)
        # i18n: the dealer's mark on a name plate, one letter in a gold disc (Swedish "G",
        # for givare)
        p.text(b.x + b.w - 14, b.y + 14, pgettext("plate", "D"), size=12, fill=INK, bold=True)
    if plate.out:
        # i18n: on the name plate of a seat out of the game
        p.text(b.x + b.w - 6, b.y + 29, pgettext("seat", "out"), size=11, fill=PAPER,
               align="right")
    if plate.notes:
        p.text(b.x + b.w / 2, b.y + 47, plate.notes, size=plate.notes_size,
               fill=PAPER if plate.out else MARK, bold=True)


def _badge_text(badge: Badge) -> str:
    from .geometry import _badge_text as text

    return text(badge)


def svg_from_layout(lay: Layout, *, title: str | None = None,
                    sprites: SpriteSource | None = None) -> str:
    """The picture as a standalone SVG: the static view behind every live one (``title``:
    the SVG's title; ``None``, "A card table" in the language in use)."""
    from .sprites import svg_sprites

    p = SvgPainter(lay.width, lay.height, title=_("A card table") if title is None else title,
                   desc=lay.alt,
                   sprites=sprites or svg_sprites(lay.style))
    paint_table(p, lay)
    return p.svg()
