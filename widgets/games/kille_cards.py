"""The Kille deck drawn by code: 21 kinds, each with its own emblem and name.

Kille's cards are Kille's alone, so their art lives with Kille's adapter; the table core
knows only sprite keys (``"kille:Kuku"``) and asks the deck registry (``sprites.DECKS``) to
draw them. The shared helpers (design grid, card body, inks) come from ``cards``.
"""

from __future__ import annotations

import math
from typing import Literal

from kortspel.i18n import N_, _
from kortspel.kille import GLOSS, KINDS
from kortspel.kille import MATADORS as ENGINE_MATADORS

from ..cards import (
    _EDGE,
    _GOLD,
    _GOLD_DARK,
    _GOLD_LIGHT,
    _INK,
    _PAPER,
    _SKIN,
    _SKIN_EDGE,
    CARD_H,
    CARD_W,
    _body,
    _ring,
    _units,
    draw_back,
    draw_highlight,
    highlight_lift,
)
from ..paint import Painter, PathCommand, Point, fit_text_size
from ..sprites import register_deck

KILLE_KINDS: tuple[str, ...] = KINDS
"""The 21 kinds, lowest to highest, Harlekin last: the engine's list, so the two never differ."""
LOW_CARDS: tuple[str, ...] = KINDS[:3]
MATADORS: tuple[str, ...] = tuple(KINDS[k] for k in ENGINE_MATADORS)

# i18n: a numbered Kille card's number in words, after it on a screen reader ("4 (four)")
_NUMBER_WORDS = (
    N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
    N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
)  # fmt: skip

KILLE_GLOSS: dict[str, str] = {
    **GLOSS,
    **{str(n): word for n, word in enumerate(_NUMBER_WORDS, start=1)},
    "Harlekin": N_("the harlequin"),  # short enough for a card label
}

KilleCategory = Literal["low", "number", "matador", "harlekin"]

def kille_category(kind: str) -> KilleCategory:
    """Which family a Kille card belongs to (drives its frame)."""
    if kind not in KILLE_GLOSS:
        raise ValueError(f"unknown Kille card {kind!r}")
    if kind in LOW_CARDS:
        return "low"
    if kind in MATADORS:
        return "matador"
    if kind == "Harlekin":
        return "harlekin"
    return "number"


def card_label(kind: str) -> str:
    """Screen-reader text for a Kille card: the Swedish name plus a gloss in the language in
    use ("Kuku (the cuckoo)", Swedish "Kuku (göken)")."""
    if kind not in KILLE_GLOSS:
        raise ValueError(f"unknown Kille card {kind!r}")
    return f"{kind} ({_(KILLE_GLOSS[kind])})"


# ---------------------------------------------------------------------------------------
# Kille emblems (design grid; emblem area roughly x 8–92, y 12–118)


def _kuku(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#DCEBF7")
    # branch
    p.path([("M", 10, 100), ("Q", 50, 88, 92, 96)], stroke="#6B4423", line_width=4)
    p.ellipse(80, 88, 7, 3, fill="#3E8E41", rotation=-30)
    p.ellipse(22, 93, 7, 3, fill="#3E8E41", rotation=25)
    # tail (long, barred with white spots like a real cuckoo's)
    tail = [(38, 74), (14, 104), (22, 110), (46, 82)]
    p.polygon(tail, fill="#4F5965", stroke="#2B3038", line_width=1.2)
    for t in (0.3, 0.55, 0.8):
        p.circle(42 - 26 * t, 78 + 28 * t, 1.8, fill="#FFFFFF")
    # body and barred breast
    p.ellipse(52, 68, 23, 14, fill="#7D8794", stroke="#2B3038", line_width=1.2, rotation=-28)
    p.ellipse(57, 74, 15, 8.5, fill="#F4F1EA", rotation=-28)
    for i in range(4):
        x0 = 48 + i * 5
        p.path([("M", x0, 78 - i * 2.5), ("Q", x0 + 3, 74 - i * 2.5, x0 + 6, 76 - i * 2.5)],
               stroke="#4A4F57", line_width=1.3)  # fmt: skip
    # wing
    p.path([("M", 66, 56), ("Q", 50, 56, 32, 80), ("Q", 52, 72, 64, 66), ("Z",)],
           fill="#4F5965", stroke="#2B3038", line_width=1.2)  # fmt: skip
    # head, beak, eye
    p.circle(70, 48, 10.5, fill="#7D8794", stroke="#2B3038", line_width=1.2)
    p.polygon([(79, 44), (92, 48.5), (79, 52)], fill="#E69F00", stroke="#2B3038", line_width=1)
    p.circle(72.5, 46, 3, fill="#F0E442", stroke="#2B3038", line_width=0.8)
    p.circle(72.8, 46, 1.4, fill=_INK)
    # feet
    for fx in (54, 60):
        p.polyline([(fx, 80), (fx - 1, 92)], stroke="#E69F00", line_width=2)


def _husar(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#F6DCDC")
    # sabre behind the shoulder: curved blade, guard and grip
    p.path([("M", 70, 104), ("Q", 94, 70, 84, 20)], stroke="#5B6570", line_width=5.5)
    p.path([("M", 70, 104), ("Q", 94, 70, 84, 20)], stroke="#DDE3E8", line_width=2.5)
    p.polyline([(62, 102), (78, 108)], stroke=_GOLD_DARK, line_width=3.5)
    p.polyline([(70, 106), (66, 116)], stroke="#5A3A1E", line_width=4.5)
    # dolman jacket with gold frogging
    p.polygon([(20, 118), (24, 98), (38, 89), (62, 89), (76, 98), (80, 118)],
              fill="#1F3A68", stroke=_INK, line_width=1.2)  # fmt: skip
    for yy in (97, 104, 111):
        p.polyline([(40, yy), (60, yy)], stroke=_GOLD, line_width=2.4)
        p.circle(50, yy, 1.8, fill=_GOLD_LIGHT, stroke=_GOLD_DARK, line_width=0.6)
    # neck and face
    p.rect(45, 80, 10, 10, fill=_SKIN)
    p.ellipse(50, 70, 11, 12.5, fill=_SKIN, stroke=_SKIN_EDGE, line_width=1.2)
    p.circle(45.5, 67, 1.5, fill=_INK)
    p.circle(54.5, 67, 1.5, fill=_INK)
    p.path([("M", 50, 74), ("Q", 44, 71, 38, 76), ("Q", 44, 75, 50, 77),
            ("Q", 56, 75, 62, 76), ("Q", 56, 71, 50, 74), ("Z",)], fill="#4A2A12")  # fmt: skip
    # shako: tall hat with gold band, badge, visor and plume
    p.polygon([(38, 60), (62, 60), (60, 28), (40, 28)], fill="#8B1E2D", stroke=_INK,
              line_width=1.2)  # fmt: skip
    p.rect(39.5, 30, 21, 4, fill=_GOLD)
    p.circle(50, 45, 4, fill=_GOLD, stroke=_GOLD_DARK, line_width=0.8)
    p.polygon([(36, 58), (64, 58), (60, 63), (40, 63)], fill=_INK)
    p.ellipse(50, 18, 5, 10, fill="#FFFFFF", stroke="#6B6B6B", line_width=1.2)


def _husu(p: Painter) -> None:
    pink, dark, snout = "#F7B6C6", "#A8435E", "#EE8FA8"
    p.circle(50, 64, 40, fill="#E3F1D7")
    for side in (-1, 1):
        ear = [(50 + side * 22, 52), (50 + side * 28, 24), (50 + side * 8, 42)]
        p.polygon(ear, fill=pink, stroke=dark, line_width=1.6)
        p.polygon([(50 + side * 21, 46), (50 + side * 25.5, 30), (50 + side * 13, 42)], fill=snout)
    p.ellipse(50, 68, 29, 25, fill=pink, stroke=dark, line_width=2)
    for side in (-1, 1):
        p.circle(50 + side * 11, 60, 3.4, fill=_INK)
        p.circle(50 + side * 11 + 1, 59, 1.1, fill="#FFFFFF")
        p.ellipse(50 + side * 19, 74, 4.5, 3, fill="#F49AB0")
    p.ellipse(50, 77, 13, 9, fill=snout, stroke=dark, line_width=1.8)
    p.ellipse(45.5, 77, 2.2, 3.6, fill="#7A2A40")
    p.ellipse(54.5, 77, 2.2, 3.6, fill="#7A2A40")
    p.path([("M", 41, 89), ("Q", 50, 95, 59, 89)], stroke=dark, line_width=1.8)


def _kavall(p: Painter) -> None:
    coat, mane, edge = "#A0632D", "#3B2314", "#4A2A12"
    p.circle(50, 64, 40, fill="#EFE6D2")
    # mane along the crest
    p.path([("M", 56, 26), ("Q", 80, 36, 90, 112), ("L", 80, 114), ("Q", 74, 56, 60, 34), ("Z",)],
           fill=mane)  # fmt: skip
    head: list[PathCommand] = [
        ("M", 56, 16),  # ear tip
        ("L", 64, 32),
        ("Q", 80, 46, 84, 114),  # crest down the neck
        ("L", 56, 114),
        ("Q", 54, 94, 50, 86),  # throat
        ("Q", 42, 80, 32, 86),  # jaw
        ("Q", 24, 91, 18, 86),  # chin
        ("Q", 12, 80, 17, 72),  # muzzle
        ("L", 42, 36),  # face up to the forehead
        ("Q", 47, 30, 51, 30),
        ("Z",),
    ]
    p.path(head, fill=coat, stroke=edge, line_width=1.6)
    # blaze, eye, nostril, mouth
    p.polygon([(44, 38), (48, 41), (24, 74), (20, 72)], fill="#FFFFFF")
    p.ellipse(48, 50, 3.6, 2.4, fill=_INK, rotation=-20)
    p.ellipse(21, 78, 2.6, 1.6, fill=_INK, rotation=-40)
    p.polyline([(19, 84), (27, 85)], stroke=edge, line_width=1.2)
    # bridle
    p.polyline([(58, 36), (40, 74)], stroke="#B03A2E", line_width=2.2)
    p.polyline([(26, 66), (40, 74), (34, 84)], stroke="#B03A2E", line_width=2.2)
    p.circle(40, 74, 2, fill=_GOLD)
    # second ear
    p.polygon([(50, 34), (49, 18), (57, 30)], fill=coat, stroke=edge, line_width=1.2)


def _vardshus(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#DCEBF7")
    p.rect(10, 104, 80, 4, fill="#7A9A5A")  # ground
    # chimney and smoke
    p.rect(46, 30, 7, 18, fill="#9C4A2F", stroke=_INK, line_width=1)
    for i, (sx, sy) in enumerate(((52, 25), (56, 19), (61, 14))):
        p.circle(sx, sy, 3 + i * 0.8, fill="#C9CED4")
    # walls, roof, door, windows
    p.rect(14, 62, 48, 43, fill="#F3E2C0", stroke=_INK, line_width=1.3)
    p.polygon([(8, 64), (38, 34), (68, 64)], fill="#B03A2E", stroke=_INK, line_width=1.3)
    p.rect(32, 80, 12, 25, fill="#6B3E1F", stroke=_INK, line_width=1, radius=1.5)
    p.circle(41, 93, 1.1, fill=_GOLD)
    for wx in (18, 49):
        p.rect(wx, 70, 10, 10, fill="#FCE38A", stroke=_INK, line_width=1)
        p.polyline([(wx + 5, 70), (wx + 5, 80)], stroke=_INK, line_width=0.8)
        p.polyline([(wx, 75), (wx + 10, 75)], stroke=_INK, line_width=0.8)
    # hanging inn sign with a tankard on it
    p.polyline([(62, 66), (88, 66)], stroke=_INK, line_width=2.2)
    p.polyline([(62, 74), (70, 66)], stroke=_INK, line_width=1.5)
    p.polyline([(68, 66), (68, 71)], stroke=_INK, line_width=1)
    p.polyline([(84, 66), (84, 71)], stroke=_INK, line_width=1)
    p.rect(63, 71, 26, 22, fill=_GOLD_LIGHT, stroke="#6B3E1F", line_width=1.6, radius=2)
    p.rect(69, 77, 10, 13, fill="#E69F00", stroke=_INK, line_width=1)
    p.path([("M", 79, 80), ("Q", 85, 80, 85, 84), ("Q", 85, 88, 79, 88)], stroke=_INK,
           line_width=1.5)  # fmt: skip
    p.ellipse(74, 77, 6, 2.6, fill="#FFFFFF", stroke=_INK, line_width=0.8)


def _blaren(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#EDE4F5")
    # plume of feathers
    for ang, col in ((-40, "#E69F00"), (-20, "#D55E00"), (0, "#009E73"), (20, "#0072B2")):
        p.ellipse(30 + ang * 0.3, 38, 4.5, 16, fill=col, stroke=_INK, line_width=0.8, rotation=ang)
    # ribbons
    p.path([("M", 14, 60), ("Q", 6, 80, 14, 102)], stroke="#5E3C99", line_width=3)
    p.path([("M", 86, 60), ("Q", 94, 80, 86, 102)], stroke="#5E3C99", line_width=3)
    mask: list[PathCommand] = [
        ("M", 12, 58),
        ("Q", 16, 38, 38, 44),
        ("Q", 46, 46, 50, 52),
        ("Q", 54, 46, 62, 44),
        ("Q", 84, 38, 88, 58),
        ("Q", 86, 80, 64, 80),
        ("Q", 55, 79, 50, 70),
        ("Q", 45, 79, 36, 80),
        ("Q", 14, 80, 12, 58),
        ("Z",),
    ]
    p.path(mask, fill="#5E3C99", stroke="#2E1A52", line_width=2)
    for side in (-1, 1):
        p.ellipse(50 + side * 17, 61, 9.5, 6, fill=_PAPER, stroke=_GOLD, line_width=2,
                  rotation=side * 12)  # fmt: skip
        p.circle(50 + side * 30, 66, 2, fill=_GOLD)
    for gx in (30, 40, 60, 70):
        p.circle(gx, 48 if gx in (40, 60) else 45, 1.6, fill=_GOLD)


def _flower(p: Painter, cx: float, cy: float, r: float, petal: str) -> None:
    for px, py in _ring(cx, cy, r, 6):
        p.circle(px, py, r * 0.75, fill=petal, stroke="#7A2A40", line_width=0.8)
    p.circle(cx, cy, r * 0.7, fill="#F0E442", stroke="#8A6A12", line_width=0.8)


def _blompottan(p: Painter) -> None:
    green = "#2E7D32"
    p.circle(50, 64, 40, fill="#E3F1D7")
    for end in ((50, 40), (31, 54), (69, 50)):
        p.path([("M", 50, 86), ("Q", 50, 66, *end)], stroke=green, line_width=2.6)
    for lx, ly, rot in ((42, 70, -40), (58, 66, 40), (44, 56, -30)):
        p.ellipse(lx, ly, 7, 3.2, fill="#3E8E41", stroke="#1E5A22", line_width=0.8, rotation=rot)
    _flower(p, 50, 38, 6.5, "#D55E00")
    _flower(p, 30, 52, 5.5, "#CC79A7")
    _flower(p, 70, 48, 5.5, "#56B4E9")
    p.polygon([(32, 90), (68, 90), (63, 116), (37, 116)], fill="#C8643B", stroke="#7A3516",
              line_width=1.5)  # fmt: skip
    p.rect(28, 83, 44, 9, fill="#D9774C", stroke="#7A3516", line_width=1.5, radius=2)
    p.polyline([(40, 102), (60, 102)], stroke="#A24F2A", line_width=1.5)


def _kransen(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#FBEFD9")
    p.circle(50, 62, 27, stroke="#2E6B34", line_width=9)
    for i, (lx, ly) in enumerate(_ring(50, 62, 27, 18)):
        ang = -90 + 360 * i / 18
        col = "#3E8E41" if i % 2 else "#2E6B34"
        p.ellipse(lx, ly, 8, 3.8, fill=col, stroke="#1E4A22", line_width=0.7, rotation=ang + 120)
    for i, (bx, by) in enumerate(_ring(50, 62, 27, 9, start=-70)):
        if i not in (3, 4):
            p.circle(bx, by, 2.4, fill="#C62828", stroke="#6B1010", line_width=0.6)
    # ribbon bow at the bottom
    p.polygon([(50, 90), (42, 110), (47, 108)], fill="#C62828", stroke="#6B1010", line_width=0.8)
    p.polygon([(50, 90), (58, 110), (53, 108)], fill="#C62828", stroke="#6B1010", line_width=0.8)
    p.polygon([(50, 89), (36, 82), (36, 96)], fill="#D64545", stroke="#6B1010", line_width=0.8)
    p.polygon([(50, 89), (64, 82), (64, 96)], fill="#D64545", stroke="#6B1010", line_width=0.8)
    p.circle(50, 89, 3.5, fill="#C62828", stroke="#6B1010", line_width=0.8)


_HARLEQUIN = ("#D55E00", "#F0E442", "#0072B2", "#009E73")


def _harlekin(p: Painter) -> None:
    p.circle(50, 64, 40, fill="#FFF6D8")
    # diamond-chequered suit: interlocking lozenges forming the shoulders and body
    dw, dh = 11.0, 15.0
    for row in range(4):
        cy = 92 + row * dh / 2
        half = 13 + row * 5
        for col in range(-6, 7):
            cx = 50 + col * dw + (row % 2) * dw / 2
            if abs(cx - 50) > half:
                continue
            colour = _HARLEQUIN[(col + row * 2 + 20) % 4]
            p.polygon([(cx, cy - dh / 2), (cx + dw / 2, cy), (cx, cy + dh / 2), (cx - dw / 2, cy)],
                      fill=colour, stroke=_INK, line_width=0.8)  # fmt: skip
    # ruff collar
    for px, py in _ring(50, 84, 11, 10):
        p.circle(px, 84 + (py - 84) * 0.35, 4, fill="#FFFFFF", stroke="#6B6B6B", line_width=0.8)
    # face with a black half-mask, smile
    p.circle(50, 66, 11, fill=_SKIN, stroke=_SKIN_EDGE, line_width=1.2)
    p.path([("M", 39, 63), ("Q", 50, 57, 61, 63), ("Q", 57, 69, 50, 66), ("Q", 43, 69, 39, 63),
            ("Z",)], fill=_INK)  # fmt: skip
    p.circle(45.5, 63.5, 1.4, fill="#FFFFFF")
    p.circle(54.5, 63.5, 1.4, fill="#FFFFFF")
    p.path([("M", 45, 71), ("Q", 50, 75, 55, 71)], stroke="#8A3A2A", line_width=1.3)
    # jester cap: three floppy points with bells
    p.path([("M", 38, 59), ("Q", 34, 40, 16, 36), ("Q", 30, 50, 42, 54), ("Z",)],
           fill="#D55E00", stroke=_INK, line_width=1.2)  # fmt: skip
    p.path([("M", 62, 59), ("Q", 66, 40, 84, 36), ("Q", 70, 50, 58, 54), ("Z",)],
           fill="#0072B2", stroke=_INK, line_width=1.2)  # fmt: skip
    p.path([("M", 40, 57), ("Q", 44, 36, 50, 24), ("Q", 56, 36, 60, 57), ("Z",)],
           fill="#009E73", stroke=_INK, line_width=1.2)  # fmt: skip
    p.rect(38, 54, 24, 5, fill=_GOLD, stroke=_INK, line_width=1, radius=2)
    for bx, by in ((16, 36), (84, 36), (50, 24)):
        p.circle(bx, by, 3.2, fill="#F0E442", stroke=_INK, line_width=1)


_EMBLEMS = {
    "Kuku": _kuku,
    "Husar": _husar,
    "Husu": _husu,
    "Kavall": _kavall,
    "Värdshus": _vardshus,
    "Blaren": _blaren,
    "Blompottan": _blompottan,
    "Kransen": _kransen,
    "Harlekin": _harlekin,
}

_NUMBER_INK = "#1F3A93"


def _pip_grid(n: int) -> list[Point]:
    """Countable pip positions: rows of at most four, like dominoes."""
    cols = 3 if n in (3, 5, 6, 9) else min(n, 4)
    rows = math.ceil(n / cols)
    pts: list[Point] = []
    for r in range(rows):
        in_row = min(cols, n - r * cols)
        for c in range(in_row):
            pts.append((50 + (c - (in_row - 1) / 2) * 15, 104 + (r - (rows - 1) / 2) * 13))
    return pts


def _number(p: Painter, n: int) -> None:
    label = str(n)
    p.text(50, 56, label, size=fit_text_size(label, 56, 64, bold=True), fill=_NUMBER_INK,
           bold=True)  # fmt: skip
    for px, py in _pip_grid(n):
        p.circle(px, py, 4.6, fill=_NUMBER_INK)
        p.circle(px - 1.3, py - 1.3, 1.3, fill="#FFFFFF")


def _frame(p: Painter, category: KilleCategory) -> str:
    """Draw the family frame; returns the name band's fill."""
    if category == "matador":
        p.rect(4.5, 4.5, 91, 141, stroke=_GOLD, line_width=4.5, radius=5)
        p.rect(9, 9, 82, 132, stroke=_GOLD_DARK, line_width=1, radius=3)
        for cx, cy in ((9, 9), (91, 9), (9, 141), (91, 141)):
            p.polygon([(cx, cy - 5), (cx + 5, cy), (cx, cy + 5), (cx - 5, cy)], fill=_GOLD_DARK)
        return _GOLD_LIGHT
    if category == "low":
        p.rect(5, 5, 90, 140, stroke="#5D7A5D", line_width=2, radius=4)
        p.rect(8, 8, 84, 134, stroke="#5D7A5D", line_width=0.8, radius=3)
        return "#E3EEDF"
    if category == "harlekin":
        p.rect(5, 5, 90, 140, stroke=_INK, line_width=1.2, radius=4)
        i = 0
        for t in range(9):
            for y0 in (5.0, 145.0):
                cx = 10 + t * 10
                p.polygon([(cx, y0 - 3.5), (cx + 4, y0), (cx, y0 + 3.5), (cx - 4, y0)],
                          fill=_HARLEQUIN[i % 4], stroke=_INK, line_width=0.5)  # fmt: skip
                i += 1
        return "#FDF0C4"
    p.rect(5, 5, 90, 140, stroke="#8A9BB8", line_width=1.2, radius=4)
    return ""


def _name_band(p: Painter, text: str, band: str) -> None:
    p.rect(8, 121, 84, 20, fill=band, stroke=_EDGE, line_width=0.8, radius=3)
    # Below 12.5 units the name gets hard to read on a 60 px card; squeeze glyphs instead.
    size = max(fit_text_size(text, 15, 80, bold=True), 12.5)
    p.text(50, 131.5, text, size=size, fill=_INK, bold=True, max_width=80)


def _kille_face(p: Painter, kind: str) -> None:
    category = kille_category(kind)
    _body(p)
    band = _frame(p, category)
    if category == "number":
        n = int(kind)
        _number(p, n)
        for cx, cy in ((15, 17), (85, 133)):
            p.text(cx, cy, kind, size=15, fill=_NUMBER_INK, bold=True)
    else:
        _EMBLEMS[kind](p)
        _name_band(p, kind, band)


def draw_kille_card(
    p: Painter,
    kind: str,
    x: float,
    y: float,
    w: float = CARD_W,
    h: float = CARD_H,
    *,
    face_up: bool = True,
    highlight: str | None = None,
) -> None:
    """Draw one Kille card (face or back) with an optional state highlight."""
    kille_category(kind)  # validate even for backs, so a typo never hides behind face_up
    y += highlight_lift(highlight, h)
    if face_up:
        with _units(p, x, y, w, h):
            _kille_face(p, kind)
    else:
        draw_back(p, x, y, w, h, style="kille")
    if highlight is not None:
        draw_highlight(p, highlight, x, y, w, h)


register_deck("kille", KILLE_KINDS, draw_kille_card)
