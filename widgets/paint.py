"""Painters: one small drawing API with SVG, ipycanvas and recording backends.

Every picture in kortspel (card faces, backs, tables) is written once against the
:class:`Painter` protocol.  The same code then produces

* a standalone SVG string (:class:`SvgPainter`) for static fallbacks, documentation and
  tests that must run without a browser, because ipycanvas pixels live only in the browser;
* live drawing on an ``ipycanvas.Canvas`` (:class:`CanvasPainter`);
* a list of calls (:class:`RecordingPainter`) so tests can compare pictures structurally.

ipycanvas is imported lazily so that importing this module (and every SVG test) stays cheap
and works where the widget stack is absent.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import Any, Literal, Protocol, runtime_checkable

Point = tuple[float, float]
# Path commands shared by both backends: ("M", x, y), ("L", x, y), ("Q", cx, cy, x, y),
# ("C", c1x, c1y, c2x, c2y, x, y) and ("Z",).  SVG arcs are left out on purpose: their
# endpoint parameterisation has no direct canvas equivalent.
PathCommand = tuple[Any, ...]
Align = Literal["center", "left", "right"]
Baseline = Literal["middle", "top", "bottom", "alphabetic"]
DrawFn = Callable[["Painter"], None]

DEFAULT_FAMILY = "DejaVu Sans, sans-serif"

__all__ = [
    "DEFAULT_FAMILY",
    "CanvasPainter",
    "CanvasSpriteSource",
    "DrawFn",
    "Painter",
    "PathCommand",
    "Point",
    "RecordingPainter",
    "SpriteSource",
    "SvgPainter",
    "batch",
    "fit_text_size",
    "release_hold",
    "svg_id",
    "text_width",
]


@runtime_checkable
class Painter(Protocol):
    """The drawing vocabulary every backend understands (coordinates in px)."""

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        rotation: float = 0.0,
    ) -> None: ...

    def polygon(
        self,
        points: Sequence[Point],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def polyline(
        self,
        points: Sequence[Point],
        *,
        stroke: str,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def path(
        self,
        commands: Sequence[PathCommand],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float = 12.0,
        fill: str = "#000",
        align: Align = "center",
        baseline: Baseline = "middle",
        bold: bool = False,
        italic: bool = False,
        family: str = DEFAULT_FAMILY,
        max_width: float | None = None,
    ) -> None: ...

    def image(self, key: str, x: float, y: float, w: float, h: float) -> None: ...

    def group(self, dx: float, dy: float, scale: float = 1.0) -> AbstractContextManager[None]: ...

    def alpha(self, a: float) -> AbstractContextManager[None]: ...


class SpriteSource(Protocol):
    """Something that knows how to draw a sprite key (used by :class:`SvgPainter`)."""

    def resolve(self, key: str) -> tuple[float, float, DrawFn]: ...


class CanvasSpriteSource(Protocol):
    """Something that hands out a painted, undisplayed canvas per sprite key."""

    def canvas(self, key: str) -> Any: ...


# ---------------------------------------------------------------------------------------
# Text metrics.  ipycanvas has no measure_text (a browser round trip), so card layout
# estimates widths from DejaVu Sans advances (per mille em, printable ASCII then åäöÅÄÖé).
# DejaVu is wide, so the estimate is conservative when a browser falls back to Arial.
_METRIC_CHARS = "".join(chr(c) for c in range(32, 127)) + "åäöÅÄÖé"
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838, 613, 613, 612, 684, 684, 787, 615,
)  # fmt: skip
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838, 675, 675, 687, 774, 774, 850, 678,
)  # fmt: skip
_ADVANCE = {
    False: dict(zip(_METRIC_CHARS, _REGULAR, strict=True)),
    True: dict(zip(_METRIC_CHARS, _BOLD, strict=True)),
}


def text_width(s: str, size: float, *, bold: bool = False) -> float:
    """Estimate the rendered width of ``s`` so layouts can fit text without a browser."""
    return _em_width(s, bold) * size / 1000.0


@lru_cache(maxsize=4096)
def _em_width(s: str, bold: bool) -> int:
    """The width of ``s`` in thousandths of its size: a layout measures the same words at
    every size it tries and every place it tries them (the table's middle among its
    seats), so they are summed once."""
    table = _ADVANCE[bold]
    return sum(table.get(ch, 1000 if bold else 950) for ch in s)


def fit_text_size(s: str, size: float, max_width: float, *, bold: bool = False) -> float:
    """Largest size not above ``size`` at which ``s`` is estimated to fit ``max_width``."""
    width = text_width(s, size, bold=bold)
    if width <= max_width or width == 0:
        return size
    return size * max_width / width


# ---------------------------------------------------------------------------------------
# SVG backend


def _f(v: float) -> str:
    """Compact, deterministic number formatting (two decimals, no trailing zeros)."""
    s = f"{float(v):.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points: Sequence[Point]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def _d(commands: Sequence[PathCommand]) -> str:
    parts: list[str] = []
    for cmd in commands:
        op = cmd[0]
        if op not in ("M", "L", "Q", "C", "Z"):
            raise ValueError(f"unsupported path command {op!r}")
        expected = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[op]
        if len(cmd) - 1 != expected:
            raise ValueError(f"path command {op!r} takes {expected} numbers, got {cmd[1:]!r}")
        parts.append(op + " ".join(_f(v) for v in cmd[1:]))
    return " ".join(parts)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def svg_id(key: str) -> str:
    """Turn a sprite key into an XML id that is also a safe URL fragment and CSS name.

    Characters outside ``[A-Za-z0-9-]`` become ``_hex_`` so distinct keys stay distinct
    (``kille:Värdshus`` → ``s-kille_3a_V_e4_rdshus``).
    """
    return "s-" + re.sub(r"[^A-Za-z0-9-]", lambda m: f"_{ord(m.group()):x}_", key)


def _paint_attrs(
    fill: str | None, stroke: str | None, line_width: float, dash: Sequence[float] | None
) -> str:
    out = [f'fill="{_attr(fill)}"' if fill else 'fill="none"']
    if stroke:
        out.append(f'stroke="{_attr(stroke)}"')
        if line_width != 1.0:
            out.append(f'stroke-width="{_f(line_width)}"')
        if dash:
            out.append(f'stroke-dasharray="{" ".join(_f(v) for v in dash)}"')
    return " ".join(out)


_SVG_ANCHOR = {"center": "middle", "left": "start", "right": "end"}
# Canvas "middle" is the middle of the em box, which SVG calls "central".
_SVG_BASELINE = {
    "middle": "central",
    "top": "text-before-edge",
    "bottom": "text-after-edge",
    "alphabetic": "alphabetic",
}


class SvgPainter:
    """Collects drawing calls and serialises them as one standalone, accessible SVG.

    Output is deterministic (same calls, same string), so it can be snapshot-tested and
    committed as a static fallback.  Sprites become ``<symbol>`` defs emitted once and placed
    with ``<use>``, which keeps a table of 40 cards small.
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        title: str | None = None,
        desc: str | None = None,
        background: str | None = None,
        sprites: SpriteSource | None = None,
    ) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.desc = desc
        self.background = background
        self.sprites = sprites
        self._body: list[str] = []
        self._defs: dict[str, str] = {}

    # -- shapes ----------------------------------------------------------------------
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        r = f' rx="{_f(radius)}"' if radius > 0 else ""
        self._body.append(
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"{r} '
            f"{_paint_attrs(fill, stroke, line_width, dash)}/>"
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._body.append(
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" '
            f"{_paint_attrs(fill, stroke, line_width, dash)}/>"
        )

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        rotation: float = 0.0,
    ) -> None:
        rot = f' transform="rotate({_f(rotation)} {_f(cx)} {_f(cy)})"' if rotation else ""
        self._body.append(
            f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}"{rot} '
            f"{_paint_attrs(fill, stroke, line_width, None)}/>"
        )

    def polygon(
        self,
        points: Sequence[Point],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._body.append(
            f'<polygon points="{_pts(points)}" {_paint_attrs(fill, stroke, line_width, dash)}/>'
        )

    def polyline(
        self,
        points: Sequence[Point],
        *,
        stroke: str,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._body.append(
            f'<polyline points="{_pts(points)}" {_paint_attrs(None, stroke, line_width, dash)}/>'
        )

    def path(
        self,
        commands: Sequence[PathCommand],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._body.append(
            f'<path d="{_d(commands)}" {_paint_attrs(fill, stroke, line_width, dash)}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float = 12.0,
        fill: str = "#000",
        align: Align = "center",
        baseline: Baseline = "middle",
        bold: bool = False,
        italic: bool = False,
        family: str = DEFAULT_FAMILY,
        max_width: float | None = None,
    ) -> None:
        attrs = [f'x="{_f(x)}"', f'y="{_f(y)}"', f'font-size="{_f(size)}"']
        if family != DEFAULT_FAMILY:
            attrs.append(f'font-family="{_attr(family)}"')
        if bold:
            attrs.append('font-weight="bold"')
        if italic:
            attrs.append('font-style="italic"')
        attrs.append(f'fill="{_attr(fill)}"')
        attrs.append(f'text-anchor="{_SVG_ANCHOR[align]}"')
        if baseline != "alphabetic":
            attrs.append(f'dominant-baseline="{_SVG_BASELINE[baseline]}"')
        # Mirror canvas fill_text(max_width): squeeze only when the text would overflow.
        if max_width is not None and text_width(s, size, bold=bold) > max_width:
            attrs.append(f'textLength="{_f(max_width)}" lengthAdjust="spacingAndGlyphs"')
        self._body.append(f"<text {' '.join(attrs)}>{html.escape(s, quote=False)}</text>")

    # -- sprites -----------------------------------------------------------------------
    def define(self, key: str, w: float, h: float, draw_fn: DrawFn) -> str:
        """Draw ``draw_fn`` once into a ``<symbol>`` so every later use costs one element."""
        if key not in self._defs:
            sub = SvgPainter(w, h, sprites=self.sprites)
            draw_fn(sub)
            for k, v in sub._defs.items():
                self._defs.setdefault(k, v)
            self._defs[key] = (
                f'<symbol id="{svg_id(key)}" viewBox="0 0 {_f(w)} {_f(h)}">'
                f"{''.join(sub._body)}</symbol>"
            )
        return svg_id(key)

    def has_sprite(self, key: str) -> bool:
        return key in self._defs

    def image(self, key: str, x: float, y: float, w: float, h: float) -> None:
        if key not in self._defs:
            if self.sprites is None:
                raise KeyError(f"sprite {key!r} is not defined; call define() or pass sprites=")
            sw, sh, draw_fn = self.sprites.resolve(key)
            self.define(key, sw, sh, draw_fn)
        ref = svg_id(key)
        self._body.append(
            f'<use href="#{ref}" xlink:href="#{ref}" x="{_f(x)}" y="{_f(y)}" '
            f'width="{_f(w)}" height="{_f(h)}"/>'
        )

    # -- structure ---------------------------------------------------------------------
    @contextmanager
    def group(self, dx: float, dy: float, scale: float = 1.0) -> Iterator[None]:
        t = f"translate({_f(dx)} {_f(dy)})" if (dx or dy) else ""
        if scale != 1.0:
            t = f"{t} scale({float(scale):.6g})".strip()
        self._body.append(f'<g transform="{t}">' if t else "<g>")
        try:
            yield
        finally:
            self._body.append("</g>")

    @contextmanager
    def alpha(self, a: float) -> Iterator[None]:
        self._body.append(f'<g opacity="{_f(a)}">')
        try:
            yield
        finally:
            self._body.append("</g>")

    # -- output ------------------------------------------------------------------------
    def svg(self) -> str:
        """The whole picture as a standalone SVG document string."""
        label = self.title or "drawing"
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            f' width="{_f(self.width)}" height="{_f(self.height)}"'
            f' viewBox="0 0 {_f(self.width)} {_f(self.height)}" role="img"'
            f' aria-label="{_attr(label)}" font-family="{_attr(DEFAULT_FAMILY)}"'
            ' stroke-linejoin="round" stroke-linecap="round">'
        )
        parts = [head]
        if self.title:
            parts.append(f"<title>{html.escape(self.title, quote=False)}</title>")
        if self.desc:
            parts.append(f"<desc>{html.escape(self.desc, quote=False)}</desc>")
        if self._defs:
            parts.append("<defs>" + "".join(self._defs[k] for k in sorted(self._defs)) + "</defs>")
        if self.background:
            parts.append(
                f'<rect width="{_f(self.width)}" height="{_f(self.height)}"'
                f' fill="{_attr(self.background)}"/>'
            )
        parts.extend(self._body)
        parts.append("</svg>")
        return "".join(parts)

    def _repr_svg_(self) -> str:
        return self.svg()


# ---------------------------------------------------------------------------------------
# Recording backend


class RecordingPainter:
    """Records every call as ``(method, args, kwargs)`` so tests can compare drawings."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def _rec(self, name: str, *args: Any, **kwargs: Any) -> None:
        frozen = tuple(tuple(a) if isinstance(a, list) else a for a in args)
        self.ops.append((name, frozen, dict(kwargs)))

    def rect(self, x: float, y: float, w: float, h: float, **kwargs: Any) -> None:
        self._rec("rect", x, y, w, h, **kwargs)

    def circle(self, cx: float, cy: float, r: float, **kwargs: Any) -> None:
        self._rec("circle", cx, cy, r, **kwargs)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, **kwargs: Any) -> None:
        self._rec("ellipse", cx, cy, rx, ry, **kwargs)

    def polygon(self, points: Sequence[Point], **kwargs: Any) -> None:
        self._rec("polygon", tuple(points), **kwargs)

    def polyline(self, points: Sequence[Point], **kwargs: Any) -> None:
        self._rec("polyline", tuple(points), **kwargs)

    def path(self, commands: Sequence[PathCommand], **kwargs: Any) -> None:
        _d(commands)  # validate like the real backends would
        self._rec("path", tuple(commands), **kwargs)

    def text(self, x: float, y: float, s: str, **kwargs: Any) -> None:
        self._rec("text", x, y, s, **kwargs)

    def image(self, key: str, x: float, y: float, w: float, h: float) -> None:
        self._rec("image", key, x, y, w, h)

    @contextmanager
    def group(self, dx: float, dy: float, scale: float = 1.0) -> Iterator[None]:
        self._rec("group", dx, dy, scale)
        try:
            yield
        finally:
            self._rec("end_group")

    @contextmanager
    def alpha(self, a: float) -> Iterator[None]:
        self._rec("alpha", a)
        try:
            yield
        finally:
            self._rec("end_alpha")

    def methods(self) -> list[str]:
        return [op[0] for op in self.ops]

    def count(self, method: str) -> int:
        return sum(1 for op in self.ops if op[0] == method)

    def texts(self) -> list[str]:
        return [op[1][2] for op in self.ops if op[0] == "text"]


# ---------------------------------------------------------------------------------------
# ipycanvas backend


def batch() -> AbstractContextManager[None]:
    """Hold drawing commands and send them as one message, safe when drawing raises (see
    ``canvas_io.batch``, where every use of ipycanvas internals lives)."""
    from .canvas_io import batch as hold

    return hold()


def release_hold() -> None:
    """Send anything queued and switch caching off: a repair after a crashed ``hold_canvas``."""
    from .canvas_io import release_hold as release

    release()


def _font(size: float, bold: bool, italic: bool, family: str) -> str:
    style = ("italic " if italic else "") + ("bold " if bold else "")
    return f"{style}{_f(size)}px {family}"


_CANVAS_ALIGN = {"center": "center", "left": "left", "right": "right"}


class CanvasPainter:
    """Replays painter calls onto an ``ipycanvas.Canvas``.

    Each attribute assignment on an ipycanvas Canvas is a message, so the painter remembers
    what it last set and skips repeats.  That memory is only valid for one drawing pass:
    make a fresh ``CanvasPainter`` per redraw (they are cheap), because the browser-side
    canvas may have been recreated (page reload) or touched by other code in between.
    """

    def __init__(self, canvas: Any, *, sprites: CanvasSpriteSource | None = None) -> None:
        self.canvas = canvas
        self.sprites = sprites
        self._state: dict[str, Any] = {}
        self._stack: list[tuple[dict[str, Any], float]] = []
        self._alpha = 1.0
        self._set("line_join", "round")
        self._set("line_cap", "round")

    def _set(self, attr: str, value: Any) -> None:
        if self._state.get(attr, _MISSING) != value:
            setattr(self.canvas, attr, value)
            self._state[attr] = value

    def _set_dash(self, dash: Sequence[float] | None) -> None:
        segments = [float(v) for v in dash] if dash else []
        if self._state.get("dash", _MISSING) != segments:
            self.canvas.set_line_dash(segments)
            self._state["dash"] = segments

    def _finish(
        self,
        fill: str | None,
        stroke: str | None,
        line_width: float,
        dash: Sequence[float] | None,
    ) -> None:
        if fill:
            self._set("fill_style", fill)
            self.canvas.fill()
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", float(line_width))
            self._set_dash(dash)
            self.canvas.stroke()

    # -- shapes ----------------------------------------------------------------------
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        c = self.canvas
        r = max(0.0, min(radius, w / 2, h / 2))
        if r <= 0:
            if fill:
                self._set("fill_style", fill)
                c.fill_rect(x, y, w, h)
            if stroke:
                self._set("stroke_style", stroke)
                self._set("line_width", float(line_width))
                self._set_dash(dash)
                c.stroke_rect(x, y, w, h)
            return
        # ipycanvas 0.14 has no round_rect; arc_to corners render the same in every browser.
        c.begin_path()
        c.move_to(x + r, y)
        c.arc_to(x + w, y, x + w, y + h, r)
        c.arc_to(x + w, y + h, x, y + h, r)
        c.arc_to(x, y + h, x, y, r)
        c.arc_to(x, y, x + w, y, r)
        c.close_path()
        self._finish(fill, stroke, line_width, dash)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self.canvas.begin_path()
        self.canvas.arc(cx, cy, r, 0.0, 2 * math.pi)
        self.canvas.close_path()
        self._finish(fill, stroke, line_width, dash)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        rotation: float = 0.0,
    ) -> None:
        self.canvas.begin_path()
        self.canvas.ellipse(cx, cy, rx, ry, math.radians(rotation), 0.0, 2 * math.pi)
        self.canvas.close_path()
        self._finish(fill, stroke, line_width, None)

    def polygon(
        self,
        points: Sequence[Point],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        if not points:
            return
        self._trace(points)
        self.canvas.close_path()
        self._finish(fill, stroke, line_width, dash)

    def polyline(
        self,
        points: Sequence[Point],
        *,
        stroke: str,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        if not points:
            return
        self._trace(points)
        self._finish(None, stroke, line_width, dash)

    def _trace(self, points: Sequence[Point]) -> None:
        c = self.canvas
        c.begin_path()
        (x0, y0), *rest = points
        c.move_to(x0, y0)
        for x, y in rest:
            c.line_to(x, y)

    def path(
        self,
        commands: Sequence[PathCommand],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        line_width: float = 1.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        _d(commands)  # same validation as SVG, so a bad path fails in tests, not in the browser
        c = self.canvas
        c.begin_path()
        for cmd in commands:
            op, *v = cmd
            if op == "M":
                c.move_to(*v)
            elif op == "L":
                c.line_to(*v)
            elif op == "Q":
                c.quadratic_curve_to(*v)
            elif op == "C":
                c.bezier_curve_to(*v)
            else:
                c.close_path()
        self._finish(fill, stroke, line_width, dash)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float = 12.0,
        fill: str = "#000",
        align: Align = "center",
        baseline: Baseline = "middle",
        bold: bool = False,
        italic: bool = False,
        family: str = DEFAULT_FAMILY,
        max_width: float | None = None,
    ) -> None:
        self._set("font", _font(size, bold, italic, family))
        self._set("fill_style", fill)
        self._set("text_align", _CANVAS_ALIGN[align])
        self._set("text_baseline", baseline)
        self.canvas.fill_text(s, x, y, max_width)

    def image(self, key: str, x: float, y: float, w: float, h: float) -> None:
        if self.sprites is None:
            raise KeyError(f"no sprite source to draw {key!r}; pass sprites= to CanvasPainter")
        self.canvas.draw_image(self.sprites.canvas(key), x, y, w, h)

    # -- structure ---------------------------------------------------------------------
    def _push(self) -> None:
        self.canvas.save()
        self._stack.append((dict(self._state), self._alpha))

    def _pop(self) -> None:
        self.canvas.restore()
        state, alpha = self._stack.pop()
        self._state, self._alpha = state, alpha

    @contextmanager
    def group(self, dx: float, dy: float, scale: float = 1.0) -> Iterator[None]:
        self._push()
        try:
            if dx or dy:
                self.canvas.translate(dx, dy)
            if scale != 1.0:
                self.canvas.scale(scale)
            yield
        finally:
            self._pop()

    @contextmanager
    def alpha(self, a: float) -> Iterator[None]:
        self._push()
        try:
            self._alpha *= a
            self._set("global_alpha", self._alpha)
            yield
        finally:
            self._pop()


_MISSING = object()
