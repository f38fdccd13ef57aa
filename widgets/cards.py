"""Card art drawn by code: the French-suited pack, card backs, highlights, and the helpers a
game's own deck (``games/kille_cards.py``) is drawn with.

Every function paints into any :class:`~kortspel.widgets.paint.Painter`, so one drawing
serves the live ipycanvas table, the static SVG fallback and the tests.  Art is authored on a fixed
100 × 150 design grid and scaled into the requested box; that keeps it resolution
independent and lets the sprite sheet render it at 2× for crisp text.

Accessibility choices (see jupyter.md 5.4): suits are built from shapes rather than font
glyphs so they look the same in every browser; colour is always redundant with shape, index
and name; highlights differ by line style and marks, not only by colour; card text keeps a
contrast of at least 4.5:1 against the card paper.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Literal

from .paint import Painter, PathCommand, Point, fit_text_size

__all__ = [
    "CARD_H",
    "CARD_W",
    "FOUR_COLOUR",
    "FRENCH_RANKS",
    "FRENCH_SUITS",
    "HIGHLIGHTS",
    "TWO_COLOUR",
    "draw_back",
    "draw_french_card",
    "draw_highlight",
    "draw_suit",
    "french_label",
    "highlight_lift",
    "suit_colour",
]

#: The one on-screen card size in px (2:3, like a real card): tables, sprites and the SVG
#: fallback all take it from here (``model.CardStyle``), unless a caller passes another.
CARD_W = 64.0
CARD_H = 96.0

# Design grid every card is authored on.
_UW = 100.0
_UH = 150.0

Highlight = Literal["selected", "legal", "struck", "low"]
HIGHLIGHTS: tuple[str, ...] = ("selected", "legal", "struck", "low")

FRENCH_RANKS: tuple[str, ...] = (
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
)  # fmt: skip
FRENCH_SUITS: tuple[str, ...] = ("S", "H", "D", "C")

#: Traditional two-colour pack.
TWO_COLOUR: dict[str, str] = {"S": "#1A1A1A", "H": "#C8102E", "D": "#C8102E", "C": "#1A1A1A"}
#: Okabe-Ito four-colour ("no-revoke") pack: survives red-green colour blindness.
FOUR_COLOUR: dict[str, str] = {"S": "#000000", "H": "#D55E00", "D": "#0072B2", "C": "#009E73"}
# Same hues darkened for small index text: #D55E00 and #009E73 are under 4.5:1 on white.
_FOUR_COLOUR_TEXT: dict[str, str] = {"S": "#000000", "H": "#B34F00", "D": "#0072B2", "C": "#007A5A"}

# Shared inks.
_INK = "#1A1A1A"
_EDGE = "#3A3A3A"
_PAPER = "#FFFDF6"
_GOLD = "#D4A62A"
_GOLD_DARK = "#8A6A12"
_GOLD_LIGHT = "#F6E7B0"
_SKIN = "#F2C9A0"
_SKIN_EDGE = "#8A5A3C"


# ---------------------------------------------------------------------------------------
# Labels


_RANK_EN = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king",
}  # fmt: skip
_RANK_SV = {
    "A": "ess", "2": "tvåa", "3": "trea", "4": "fyra", "5": "femma", "6": "sexa", "7": "sjua",
    "8": "åtta", "9": "nia", "10": "tia", "J": "knekt", "Q": "dam", "K": "kung",
}  # fmt: skip
_SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_SV = {"S": "spader", "H": "hjärter", "D": "ruter", "C": "klöver"}


def _check_french(rank: str, suit: str) -> None:
    if rank not in _RANK_EN:
        raise ValueError(f"unknown rank {rank!r}; expected one of {FRENCH_RANKS}")
    if suit not in _SUIT_EN:
        raise ValueError(f"unknown suit {suit!r}; expected one of {FRENCH_SUITS}")


def french_label(rank: str, suit: str, lang: Literal["en", "sv"] = "en") -> str:
    """Spoken name of a French-suited card ("ace of spades" / "spader ess")."""
    _check_french(rank, suit)
    if lang == "sv":
        return f"{_SUIT_SV[suit]} {_RANK_SV[rank]}"
    if lang == "en":
        return f"{_RANK_EN[rank]} of {_SUIT_EN[suit]}"
    raise ValueError(f"unknown language {lang!r}")


def suit_colour(suit: str, *, four_colour: bool = False) -> str:
    """Fill colour of a suit's shapes in the chosen palette."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


# ---------------------------------------------------------------------------------------
# Geometry helpers


@contextmanager
def _units(p: Painter, x: float, y: float, w: float, h: float) -> Iterator[None]:
    """Map the 100 × 150 design grid into the box, centred if the box is not 2:3."""
    s = min(w / _UW, h / _UH)
    with p.group(x + (w - _UW * s) / 2, y + (h - _UH * s) / 2, s):
        yield


def _rotate(points: Sequence[Point], cx: float, cy: float, deg: float) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (px - cx) * ca - (py - cy) * sa, cy + (px - cx) * sa + (py - cy) * ca)
            for px, py in points]  # fmt: skip


def _ring(cx: float, cy: float, r: float, n: int, start: float = -90.0) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(start + 360 * i / n)),
         cy + r * math.sin(math.radians(start + 360 * i / n)))
        for i in range(n)
    ]  # fmt: skip


def _clip(x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]
          ) -> tuple[Point, Point] | None:  # fmt: skip
    """Liang–Barsky: the part of a segment inside a box, so patterns need no clip paths."""
    bx0, by0, bx1, by1 = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if pk == 0:
            if qk < 0:
                return None
            continue
        t = qk / pk
        if pk < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1:
        return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


def _hatch(
    p: Painter,
    box: tuple[float, float, float, float],
    step: float,
    slope: float,
    *,
    stroke: str,
    line_width: float,
) -> None:
    bx0, by0, bx1, by1 = box
    span = (bx1 - bx0) + (by1 - by0)
    n = int(span * 2 / step) + 2
    for i in range(-n, n + 1):
        # Lines y = slope * (x - bx0) + by0 + i*step, clipped to the box.
        c = by0 + i * step
        seg = _clip(bx0, c, bx1, c + slope * (bx1 - bx0), box)
        if seg and math.dist(*seg) > 0.5:
            p.polyline(list(seg), stroke=stroke, line_width=line_width)


# ---------------------------------------------------------------------------------------
# Suits, built from shapes so they read by outline in any browser and font.

_HEART: list[PathCommand] = [
    ("M", 0.0, 0.46),
    ("C", -0.1, 0.36, -0.5, 0.1, -0.5, -0.17),
    ("C", -0.5, -0.38, -0.36, -0.48, -0.25, -0.48),
    ("C", -0.12, -0.48, -0.03, -0.4, 0.0, -0.28),
    ("C", 0.03, -0.4, 0.12, -0.48, 0.25, -0.48),
    ("C", 0.36, -0.48, 0.5, -0.38, 0.5, -0.17),
    ("C", 0.5, 0.1, 0.1, 0.36, 0.0, 0.46),
    ("Z",),
]
_DIAMOND: list[PathCommand] = [
    ("M", 0.0, -0.5),
    ("Q", 0.14, -0.2, 0.38, 0.0),
    ("Q", 0.14, 0.2, 0.0, 0.5),
    ("Q", -0.14, 0.2, -0.38, 0.0),
    ("Q", -0.14, -0.2, 0.0, -0.5),
    ("Z",),
]
_SPADE: list[PathCommand] = [
    ("M", 0.0, -0.5),
    ("C", -0.1, -0.38, -0.5, -0.16, -0.5, 0.1),
    ("C", -0.5, 0.3, -0.36, 0.38, -0.25, 0.38),
    ("C", -0.14, 0.38, -0.06, 0.32, -0.03, 0.24),
    ("Q", -0.06, 0.42, -0.18, 0.5),
    ("L", 0.18, 0.5),
    ("Q", 0.06, 0.42, 0.03, 0.24),
    ("C", 0.06, 0.32, 0.14, 0.38, 0.25, 0.38),
    ("C", 0.36, 0.38, 0.5, 0.3, 0.5, 0.1),
    ("C", 0.5, -0.16, 0.1, -0.38, 0.0, -0.5),
    ("Z",),
]
_CLUB_STEM: list[PathCommand] = [
    ("M", -0.04, 0.05),
    ("Q", -0.05, 0.38, -0.18, 0.5),
    ("L", 0.18, 0.5),
    ("Q", 0.05, 0.38, 0.04, 0.05),
    ("Z",),
]


def _map_path(cmds: Sequence[PathCommand], cx: float, cy: float, k: float) -> list[PathCommand]:
    out: list[PathCommand] = []
    for cmd in cmds:
        nums = cmd[1:]
        mapped = [cx + v * k if i % 2 == 0 else cy + v * k for i, v in enumerate(nums)]
        out.append((cmd[0], *mapped))
    return out


def draw_suit(
    p: Painter,
    suit: str,
    cx: float,
    cy: float,
    size: float,
    *,
    fill: str,
    flip: bool = False,
    stroke: str | None = None,
) -> None:
    """Draw a suit shape of height ``size`` centred on (cx, cy); ``flip`` turns it 180°."""
    k = -size if flip else size
    if suit == "H":
        p.path(_map_path(_HEART, cx, cy, k), fill=fill, stroke=stroke)
    elif suit == "D":
        p.path(_map_path(_DIAMOND, cx, cy, k), fill=fill, stroke=stroke)
    elif suit == "S":
        p.path(_map_path(_SPADE, cx, cy, k), fill=fill, stroke=stroke)
    elif suit == "C":
        r = 0.215 * size
        for ux, uy in ((0.0, -0.25), (-0.245, 0.08), (0.245, 0.08)):
            p.circle(cx + ux * k, cy + uy * k, r, fill=fill, stroke=stroke)
        p.circle(cx, cy + 0.02 * k, 0.13 * size, fill=fill)
        p.path(_map_path(_CLUB_STEM, cx, cy, k), fill=fill, stroke=stroke)
    else:
        raise ValueError(f"unknown suit {suit!r}")


# ---------------------------------------------------------------------------------------
# Card bodies and highlights


def _body(p: Painter, fill: str = _PAPER) -> None:
    p.rect(0.75, 0.75, _UW - 1.5, _UH - 1.5, fill=fill, stroke=_EDGE, line_width=1.5, radius=7)


def highlight_lift(highlight: str | None, h: float) -> float:
    """Vertical offset (px, negative is up) a highlighted card is drawn at.

    A selected card rises out of the row: a cue that works without colour vision.
    """
    return -0.1 * h if highlight == "selected" else 0.0


def draw_highlight(p: Painter, highlight: str, x: float, y: float, w: float, h: float) -> None:
    """Overlay a state marker on a card already drawn at (x, y, w, h).

    Each state has its own line style *and* mark, with a white under-stroke so it shows on
    any table colour: selected = thick solid outline (plus the lift), legal = dashed
    outline, struck = solid outline and a crossed badge, low = dotted outline and a
    down-arrow badge. Both badges sit in the top right corner, the one corner no face draws
    on: the bottom right holds a French card's index and a Kille card's name band (a cross
    there read as "Kranse⊗").
    """
    if highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}; expected one of {HIGHLIGHTS}")
    with _units(p, x, y, w, h):
        box = (-3.5, -3.5, _UW + 7, _UH + 7)
        if highlight == "selected":
            p.rect(*box, stroke="#FFFFFF", line_width=8, radius=9)
            p.rect(*box, stroke="#0072B2", line_width=5, radius=9)
        elif highlight == "legal":
            p.rect(*box, stroke="#FFFFFF", line_width=6, radius=9)
            p.rect(*box, stroke="#007A5A", line_width=3.5, radius=9, dash=(10, 6))
        elif highlight == "struck":
            p.rect(*box, stroke="#FFFFFF", line_width=6, radius=9)
            p.rect(*box, stroke="#D55E00", line_width=3.5, radius=9)
            # A crossed badge in the corner: the card's value, emblem and name stay legible
            # (a cross over the middle made a struck 2 unreadable).
            p.circle(86, 14, 12, fill="#D55E00", stroke="#FFFFFF", line_width=2.5)
            for a, b in (((80, 8), (92, 20)), ((92, 8), (80, 20))):
                p.polyline([a, b], stroke="#FFFFFF", line_width=3.5)
        else:  # low
            p.rect(*box, stroke="#FFFFFF", line_width=6, radius=9)
            p.rect(*box, stroke="#8E2C74", line_width=4, radius=9, dash=(0.1, 7))
            p.circle(86, 14, 12, fill="#8E2C74", stroke="#FFFFFF", line_width=2.5)
            p.polygon([(79, 9), (93, 9), (86, 21)], fill="#FFFFFF")


# ---------------------------------------------------------------------------------------
# French-suited pack

_PIPS: dict[str, list[Point]] = {
    "2": [(50, 30), (50, 120)],
    "3": [(50, 30), (50, 75), (50, 120)],
    "4": [(32, 30), (68, 30), (32, 120), (68, 120)],
    "5": [(32, 30), (68, 30), (50, 75), (32, 120), (68, 120)],
    "6": [(32, 30), (68, 30), (32, 75), (68, 75), (32, 120), (68, 120)],
    "7": [(32, 30), (68, 30), (50, 52), (32, 75), (68, 75), (32, 120), (68, 120)],
    "8": [(32, 30), (68, 30), (50, 52), (32, 75), (68, 75), (50, 98), (32, 120), (68, 120)],
    "9": [(32, 30), (68, 30), (32, 60), (68, 60), (50, 75), (32, 90), (68, 90), (32, 120),
          (68, 120)],
    "10": [(32, 30), (68, 30), (50, 45), (32, 60), (68, 60), (32, 90), (68, 90), (50, 105),
           (32, 120), (68, 120)],
}  # fmt: skip


def _crown(p: Painter, cx: float, cy: float, colour: str) -> None:
    pts = [(cx - 16, cy + 10), (cx - 18, cy - 8), (cx - 8, cy), (cx, cy - 13), (cx + 8, cy),
           (cx + 18, cy - 8), (cx + 16, cy + 10)]  # fmt: skip
    p.polygon(pts, fill=_GOLD, stroke=_INK, line_width=1.2)
    for jx, jy in ((cx - 18, cy - 8), (cx, cy - 13), (cx + 18, cy - 8)):
        p.circle(jx, jy, 2.6, fill=_GOLD_LIGHT, stroke=_INK, line_width=0.8)
    p.rect(cx - 16, cy + 5, 32, 5, fill=colour)


def _tiara(p: Painter, cx: float, cy: float, colour: str) -> None:
    p.path([("M", cx - 17, cy + 9), ("Q", cx - 16, cy - 4, cx - 9, cy - 3),
            ("Q", cx - 6, cy - 14, cx, cy - 14), ("Q", cx + 6, cy - 14, cx + 9, cy - 3),
            ("Q", cx + 16, cy - 4, cx + 17, cy + 9), ("Z",)],
           fill=_GOLD, stroke=_INK, line_width=1.2)  # fmt: skip
    p.circle(cx, cy - 4, 4, fill=colour, stroke=_INK, line_width=0.8)
    for jx in (cx - 10, cx + 10):
        p.circle(jx, cy + 3, 2, fill=_GOLD_LIGHT, stroke=_INK, line_width=0.6)


def _cap(p: Painter, cx: float, cy: float, colour: str) -> None:
    p.ellipse(cx + 4, cy - 10, 5, 14, fill="#FFFFFF", stroke=_INK, line_width=1, rotation=40)
    p.ellipse(cx, cy, 17, 8, fill=colour, stroke=_INK, line_width=1.2)
    p.rect(cx - 17, cy + 3, 34, 5, fill=_GOLD, stroke=_INK, line_width=1, radius=2)
    p.circle(cx + 9, cy + 2, 2.4, fill=_GOLD_LIGHT, stroke=_INK, line_width=0.8)


def _court(p: Painter, rank: str, suit: str, colour: str, text: str) -> None:
    p.rect(22, 20, 56, 110, fill="#F7F3E8", stroke=colour, line_width=1.5, radius=3)
    {"K": _crown, "Q": _tiara, "J": _cap}[rank](p, 50, 44, colour)
    p.text(50, 82, rank, size=40, fill=text, bold=True)
    draw_suit(p, suit, 50, 114, 20, fill=colour)


def draw_french_card(
    p: Painter,
    rank: str,
    suit: str,
    x: float,
    y: float,
    w: float = CARD_W,
    h: float = CARD_H,
    *,
    four_colour: bool = False,
    face_up: bool = True,
    highlight: str | None = None,
) -> None:
    """Draw a French-suited card: two corner indices, pips or a court emblem."""
    _check_french(rank, suit)
    y += highlight_lift(highlight, h)
    if not face_up:
        draw_back(p, x, y, w, h, style="french")
    else:
        colour = suit_colour(suit, four_colour=four_colour)
        text = (_FOUR_COLOUR_TEXT if four_colour else TWO_COLOUR)[suit]
        with _units(p, x, y, w, h):
            p.rect(0.75, 0.75, _UW - 1.5, _UH - 1.5, fill="#FFFFFF", stroke=_EDGE,
                   line_width=1.5, radius=7)  # fmt: skip
            idx_size = fit_text_size(rank, 19, 20, bold=True)
            p.text(12.5, 15, rank, size=idx_size, fill=text, bold=True)
            draw_suit(p, suit, 12.5, 31, 11, fill=colour)
            p.text(87.5, 135, rank, size=idx_size, fill=text, bold=True)
            draw_suit(p, suit, 87.5, 119, 11, fill=colour)
            if rank == "A":
                draw_suit(p, suit, 50, 75, 48, fill=colour)
            elif rank in _PIPS:
                for px, py in _PIPS[rank]:
                    draw_suit(p, suit, px, py, 17, fill=colour, flip=py > 75)
            else:
                _court(p, rank, suit, colour, text)
    if highlight is not None:
        draw_highlight(p, highlight, x, y, w, h)


# ---------------------------------------------------------------------------------------
# Backs


def draw_back(
    p: Painter,
    x: float,
    y: float,
    w: float = CARD_W,
    h: float = CARD_H,
    *,
    style: Literal["kille", "french"] = "kille",
) -> None:
    """Draw a card back; the two decks get different colours and patterns."""
    if style not in ("kille", "french"):
        raise ValueError(f"unknown back style {style!r}")
    with _units(p, x, y, w, h):
        _body(p, fill="#FFFFFF")
        if style == "kille":
            field, line = "#7A1F2B", _GOLD
            p.rect(6, 6, 88, 138, fill=field, stroke=line, line_width=1.5, radius=4)
            for row in range(13):
                for col in range(8):
                    cx = 14 + col * 10.3 + (row % 2) * 5.15
                    cy = 14 + row * 10.2
                    if cx > 88:
                        continue
                    p.polygon([(cx, cy - 3.6), (cx + 3.6, cy), (cx, cy + 3.6), (cx - 3.6, cy)],
                              stroke=line, line_width=0.9)  # fmt: skip
            p.ellipse(50, 75, 20, 26, fill=field, stroke=line, line_width=2)
            p.ellipse(50, 75, 15, 21, stroke=line, line_width=0.8)
            # a small cuckoo silhouette in the medallion
            p.ellipse(48, 78, 8, 5, fill=line, rotation=-28)
            p.circle(55, 70, 3.6, fill=line)
            p.polygon([(58, 69), (63, 70.5), (58, 72)], fill=line)
            p.polygon([(42, 80), (36, 90), (39, 91), (45, 83)], fill=line)
        else:
            field, line = "#1F4E8C", "#D9E6F5"
            box = (6.0, 6.0, 94.0, 144.0)
            p.rect(6, 6, 88, 138, fill=field, radius=4)
            _hatch(p, box, 8, 1.0, stroke=line, line_width=0.8)
            _hatch(p, box, 8, -1.0, stroke=line, line_width=0.8)
            p.rect(6, 6, 88, 138, stroke=line, line_width=1.5, radius=4)
            p.ellipse(50, 75, 18, 24, fill=field, stroke=line, line_width=2)
            draw_suit(p, "S", 44, 68, 10, fill=line)
            draw_suit(p, "H", 56, 68, 10, fill=line)
            draw_suit(p, "D", 44, 82, 10, fill=line)
            draw_suit(p, "C", 56, 82, 10, fill=line)
