"""A painter that draws into a PNG with Pillow: the picture a notebook shows before it runs.

JupyterLab renders an untrusted notebook's SVG outputs as text (SVG may carry scripts), but
it shows PNG images; exported HTML and code hosts' notebook viewers show them too. So every
view puts a PNG of its picture in its output bundle, with the table's words as alt text.
The same painter calls as the canvas and the SVG make it, at twice the pixel density.

Pillow comes with ipycanvas (and matplotlib), so the views always have it; the fonts are the
DejaVu faces matplotlib ships, found without asking the system.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .paint import DrawFn, PathCommand, Point

SCALE = 1.5  # pixels per drawing unit: sharp enough on a laptop, small enough in a notebook


@lru_cache(maxsize=8)
def _font_file(bold: bool) -> str | None:
    try:
        import matplotlib

        base = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"
        path = base / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        return str(path) if path.exists() else None
    except ImportError:
        for path in (Path("/usr/share/fonts/truetype/dejavu") /
                     ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"),):
            if path.exists():
                return str(path)
    return None


@lru_cache(maxsize=256)
def _font(size: int, bold: bool) -> Any:
    path = _font_file(bold)
    if path is None:
        return ImageFont.load_default()
    return ImageFont.truetype(path, size)


def _colour(value: str | None, alpha: float) -> tuple[int, int, int, int] | None:
    if value is None or value == "none":
        return None
    v = value.lstrip("#")
    if len(v) == 3:
        v = "".join(c * 2 for c in v)
    r, g, b = int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)
    a = int(v[6:8], 16) if len(v) == 8 else 255
    return r, g, b, int(a * alpha)


def _flatten(commands: Sequence[PathCommand]) -> list[list[Point]]:
    """Paths as polylines: quadratic and cubic curves cut into short straight pieces."""
    runs: list[list[Point]] = []
    cur: list[Point] = []
    x = y = 0.0
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            if len(cur) > 1:
                runs.append(cur)
            x, y = float(cmd[1]), float(cmd[2])
            cur = [(x, y)]
        elif op == "L":
            x, y = float(cmd[1]), float(cmd[2])
            cur.append((x, y))
        elif op == "Q":
            cx, cy, ex, ey = (float(v) for v in cmd[1:5])
            for i in range(1, 11):
                t = i / 10
                cur.append(((1 - t) ** 2 * x + 2 * (1 - t) * t * cx + t * t * ex,
                            (1 - t) ** 2 * y + 2 * (1 - t) * t * cy + t * t * ey))
            x, y = ex, ey
        elif op == "C":
            c1x, c1y, c2x, c2y, ex, ey = (float(v) for v in cmd[1:7])
            for i in range(1, 13):
                t = i / 12
                u = 1 - t
                cur.append((u ** 3 * x + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t ** 3 * ex,
                            u ** 3 * y + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t ** 3 * ey))
            x, y = ex, ey
        elif op == "Z":
            if cur:
                cur.append(cur[0])
        else:
            raise ValueError(f"unsupported path command {op!r}")
    if len(cur) > 1:
        runs.append(cur)
    return runs


def _rounded_outline(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    """The outline of a rounded rectangle as a closed polyline, clockwise from the top left
    (its corners as short arcs), for drawing it dashed."""
    r = max(0.0, min(r, w / 2, h / 2))
    pts: list[Point] = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for i in range(7 if r else 1):
            a = math.radians(start + 15 * i)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts + [pts[0]]


def _dashes(points: Sequence[Point], dash: Sequence[float]) -> list[list[Point]]:
    """A polyline cut into the "on" pieces of a dash pattern (lengths along the line, as a
    canvas's ``setLineDash`` takes them), so a dashed line stays dashed in the PNG."""
    pattern = [max(float(d), 0.0) for d in dash]
    if len(pattern) % 2:
        pattern *= 2
    if not pattern or sum(pattern) <= 0:
        return [list(points)]
    pieces: list[list[Point]] = []
    k, left, on = 0, pattern[0], True
    cur: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        at = 0.0
        while seg - at > left:
            at += left
            p = (x0 + (x1 - x0) * at / seg, y0 + (y1 - y0) * at / seg)
            if on:
                pieces.append(cur + [p])
            cur = [p]
            k = (k + 1) % len(pattern)
            left, on = pattern[k], not on
        left -= seg - at
        if on:
            cur.append((x1, y1))
    if on and len(cur) > 1:
        pieces.append(cur)
    return pieces


class RasterPainter:
    """Painter calls onto a Pillow image (RGBA), ``SCALE`` pixels to a unit."""

    def __init__(self, width: float, height: float, *, sprites: Any = None) -> None:
        self.canvas = Image.new("RGBA", (round(width * SCALE), round(height * SCALE)),
                               (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.canvas, "RGBA")
        self.sprites = sprites
        self._dx, self._dy, self._k = 0.0, 0.0, SCALE
        self._alpha = 1.0

    # -- coordinates ----------------------------------------------------------------------

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return self._dx + x * self._k, self._dy + y * self._k

    def _w(self, width: float) -> int:
        return max(1, round(width * self._k))

    # -- shapes ---------------------------------------------------------------------------

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, line_width: float = 1.0, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        x0, y0 = self._p(x, y)
        x1, y1 = self._p(x + w, y + h)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        dashed = bool(stroke and dash)
        self.draw.rounded_rectangle(box, radius=radius * self._k,
                                    fill=_colour(fill, self._alpha),
                                    outline=None if dashed else _colour(stroke, self._alpha),
                                    width=self._w(line_width) if stroke and not dashed else 0)
        if dashed:
            assert stroke is not None and dash is not None
            self.polyline(_rounded_outline(x, y, w, h, radius), stroke=stroke,
                          line_width=line_width, dash=dash)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None,
               stroke: str | None = None, line_width: float = 1.0,
               dash: Sequence[float] | None = None) -> None:
        self.ellipse(cx, cy, r, r, fill=fill, stroke=stroke, line_width=line_width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, *, fill: str | None = None,
                stroke: str | None = None, line_width: float = 1.0,
                rotation: float = 0.0) -> None:
        if rotation:
            pts = [(cx + rx * math.cos(t) * math.cos(rotation) - ry * math.sin(t)
                    * math.sin(rotation),
                    cy + rx * math.cos(t) * math.sin(rotation) + ry * math.sin(t)
                    * math.cos(rotation))
                   for t in (2 * math.pi * i / 48 for i in range(48))]
            self.polygon(pts, fill=fill, stroke=stroke, line_width=line_width)
            return
        x0, y0 = self._p(cx - rx, cy - ry)
        x1, y1 = self._p(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), fill=_colour(fill, self._alpha),
                          outline=_colour(stroke, self._alpha),
                          width=self._w(line_width) if stroke else 0)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None,
                stroke: str | None = None, line_width: float = 1.0,
                dash: Sequence[float] | None = None) -> None:
        pts = [self._p(x, y) for x, y in points]
        if len(pts) < 2:
            return
        if fill:
            self.draw.polygon(pts, fill=_colour(fill, self._alpha))
        if stroke and dash:
            self.polyline([*points, points[0]], stroke=stroke, line_width=line_width, dash=dash)
        elif stroke:
            self.draw.line(pts + [pts[0]], fill=_colour(stroke, self._alpha),
                           width=self._w(line_width), joint="curve")

    def polyline(self, points: Sequence[Point], *, stroke: str, line_width: float = 1.0,
                 dash: Sequence[float] | None = None) -> None:
        if dash and len(points) >= 2:
            width = self._w(line_width)
            for piece in _dashes(points, dash):
                ends = [self._p(x, y) for x, y in piece]
                if math.dist(ends[0], ends[-1]) < width and len(ends) <= 2:
                    # A dot of a dotted line: the canvas draws it with round caps.
                    (cx, cy), r = ends[0], width / 2
                    self.draw.ellipse((cx - r, cy - r, cx + r, cy + r),
                                      fill=_colour(stroke, self._alpha))
                else:
                    self.draw.line(ends, fill=_colour(stroke, self._alpha), width=width,
                                   joint="curve")
            return
        pts = [self._p(x, y) for x, y in points]
        if len(pts) >= 2:
            self.draw.line(pts, fill=_colour(stroke, self._alpha), width=self._w(line_width),
                           joint="curve")

    def path(self, commands: Sequence[PathCommand], *, fill: str | None = None,
             stroke: str | None = None, line_width: float = 1.0,
             dash: Sequence[float] | None = None) -> None:
        for run in _flatten(commands):
            if fill and len(run) > 2:
                self.polygon(run, fill=fill)
            if stroke:
                self.polyline(run, stroke=stroke, line_width=line_width, dash=dash)

    def text(self, x: float, y: float, s: str, *, size: float = 12.0, fill: str = "#000",
             align: str = "center", baseline: str = "middle", bold: bool = False,
             italic: bool = False, family: str = "", max_width: float | None = None) -> None:
        font = _font(max(1, round(size * self._k)), bold)
        px, py = self._p(x, y)
        anchor = {"left": "l", "center": "m", "right": "r"}.get(align, "m") + {
            "top": "t", "middle": "m", "bottom": "b", "alphabetic": "s"}.get(baseline, "m")
        self.draw.text((px, py), s, font=font, fill=_colour(fill, self._alpha), anchor=anchor)

    def image(self, key: str, x: float, y: float, w: float, h: float) -> None:
        """A sprite: painted once per size into its own small image, then pasted."""
        if self.sprites is None:
            return
        px, py = self._p(x, y)
        size = (max(1, round(w * self._k)), max(1, round(h * self._k)))
        tile = _sprite_tile(self.sprites, key, size)
        if self._alpha < 1.0:
            tile = tile.copy()
            tile.putalpha(tile.getchannel("A").point(lambda a: int(a * self._alpha)))
        self.canvas.alpha_composite(tile, (round(px), round(py)))

    @contextmanager
    def group(self, dx: float, dy: float, scale: float = 1.0) -> Iterator[None]:
        saved = (self._dx, self._dy, self._k)
        self._dx, self._dy = self._p(dx, dy)
        self._k *= scale
        try:
            yield
        finally:
            self._dx, self._dy, self._k = saved

    @contextmanager
    def alpha(self, a: float) -> Iterator[None]:
        saved = self._alpha
        self._alpha *= a
        try:
            yield
        finally:
            self._alpha = saved

    def png(self) -> bytes:
        out = io.BytesIO()
        self.canvas.save(out, format="PNG", optimize=True)
        return out.getvalue()


_TILES: dict[tuple[int, str, tuple[int, int]], Any] = {}


def _sprite_tile(sprites: Any, key: str, size: tuple[int, int]) -> Any:
    found = _TILES.get((id(sprites), key, size))
    if found is None:
        sw, sh, draw = sprites.resolve(key)
        k = min(size[0] / sw, size[1] / sh)
        p = RasterPainter(size[0], size[1], sprites=sprites)
        p._k = k
        draw(p)
        found = _TILES[(id(sprites), key, size)] = p.canvas
    return found


def png_of(draw: DrawFn, width: float, height: float, sprites: Any) -> bytes:
    """The picture ``draw`` makes, as PNG bytes."""
    p = RasterPainter(width, height, sprites=sprites)
    draw(p)
    return p.png()
