"""Charts as the notebooks draw them: a small plotter in pure Python that writes SVG, shown
with the words that say each chart's finding.

Why not matplotlib: it needs numpy, and the classroom site (JupyterLite, Python in each
pupil's browser with nothing installed) has no numpy to load. A strategy notebook needs only
a few kinds of chart (points with their 95% intervals, bars, lines with a shaded band, and
reference lines), so this module draws those, with the calls matplotlib's ``pyplot`` gives
them (``fig, ax = subplots(...)``, ``ax.errorbar``, ``ax.bar``, ``ax.set(...)``…): a
notebook reads as before, and runs the same in JupyterLab and in the site. pygal was the
other pure-Python choice; its charts have no error bars of their own, so every cell would
have been rewritten around its own ideas.

``chart(fig, words)`` shows a figure as an ``<img>`` whose alt text is ``words``, so a
screen-reader user hears the finding ("the dealer loses least: 0.14 a hand, against 0.21
first to speak"), computed from the numbers drawn, never typed. A matplotlib figure is still
taken (as a PNG) where matplotlib is installed.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kortspel import KortspelError
from kortspel.i18n import _, language

from .paint import text_width

__all__ = ["Axes", "Chart", "Figure", "chart", "subplots"]

DPI = 100
"""Pixels per inch of ``figsize``: a (10, 3.4) figure is 1000 by 340 pixels."""

TAB = {"tab:blue": "#1f77b4", "tab:orange": "#ff7f0e", "tab:green": "#2ca02c",
       "tab:red": "#d62728", "tab:purple": "#9467bd", "tab:brown": "#8c564b",
       "tab:pink": "#e377c2", "tab:gray": "#7f7f7f", "tab:grey": "#7f7f7f",
       "tab:olive": "#bcbd22", "tab:cyan": "#17becf"}
NAMED = {"grey": "#808080", "gray": "#808080", "black": "#000000", "gold": "#ffd700",
         "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff"}
CYCLE = [TAB[f"tab:{c}"] for c in ("blue", "orange", "green", "red", "purple", "brown",
                                   "pink", "gray", "olive", "cyan")]
DASH = {":": "1.5 3", "--": "6 4", "-.": "6 3 1.5 3", "-": "", "solid": ""}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
TICK, LABEL, TITLE = 11.0, 12.0, 13.0


def _colour(value: str | None) -> str | None:
    if value is None:
        return None
    return TAB.get(value) or NAMED.get(value) or value


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _n(v: float) -> str:
    s = f"{float(v):.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# -------------------------------------------------------------------------------------------
# What an axes holds
# -------------------------------------------------------------------------------------------


@dataclass
class _Artist:
    kind: str  # points, bars, line, band, hline, vline, vspan
    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)
    low: list[float] = field(default_factory=list)
    high: list[float] = field(default_factory=list)
    colour: str = "#000000"
    label: str | None = None
    marker: str = "o"
    size: float = 6.0
    dash: str = ""
    alpha: float = 1.0
    width: float = 1.5


def _numbers(values: Iterable[Any]) -> list[float]:
    return [float(v) for v in values]


def _nice_ticks(lo: float, hi: float, most: int = 7) -> list[float]:
    """Round numbers from ``lo`` to ``hi``, steps of 1, 2, 2.5 or 5 times a power of ten."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks, t = [], first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 12))
        t += step
    return ticks


def _tick_text(v: float, ticks: Sequence[float]) -> str:
    step = abs(ticks[1] - ticks[0]) if len(ticks) > 1 else 1.0
    decimals = 0 if step >= 1 and all(float(t).is_integer() for t in ticks) else max(
        0, -math.floor(math.log10(step)) + (1 if round(step / 10 ** math.floor(
            math.log10(step)), 6) == 2.5 else 0))
    text = f"{v:.{decimals}f}"
    text = "−" + text[1:] if text.startswith("-") and float(text) != 0 else text.lstrip("-")
    # Swedish writes a decimal comma ("0,5"), as kortspel.i18n.number does.
    return text.replace(".", ",") if language() == "sv" else text


class Axes:
    """One plot of a figure: points with intervals, bars, lines, bands and reference lines,
    with matplotlib's names for each call (the keywords it does not draw are accepted and
    left out, such as a legend's font size)."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        self.artists: list[_Artist] = []
        self.title = ""
        self.xlabel = ""
        self.ylabel = ""
        self.xlim: tuple[float | None, float | None] = (None, None)
        self.ylim: tuple[float | None, float | None] = (None, None)
        self.xticks: list[float] | None = None
        self.xticklabels: list[str] | None = None
        self.rotation = 0.0
        self.legend_at: str | None = None
        self.legend_below = False
        self.legend_columns = 1
        self._lines = 0  # matplotlib's two colour cycles: lines and points, bars and fills
        self._fills = 0
        self.categories: list[str] = []
        self.show_xticklabels = True
        self.show_yticklabels = True

    # -- colours ---------------------------------------------------------------------------
    def _line_colour(self, style: dict[str, Any]) -> str:
        given = _colour(style.get("color") or style.get("c"))
        if given:
            return given
        colour = CYCLE[self._lines % len(CYCLE)]
        self._lines += 1
        return colour

    def _fill_colour(self, style: dict[str, Any]) -> str:
        given = _colour(style.get("color"))
        if given:
            return given
        colour = CYCLE[self._fills % len(CYCLE)]
        self._fills += 1
        return colour

    def _x(self, xs: Iterable[Any]) -> list[float]:
        """Positions of ``xs``: numbers as they are, words as categories 0, 1, 2…"""
        values = list(xs)
        if values and all(isinstance(v, str) for v in values):
            for v in values:
                if v not in self.categories:
                    self.categories.append(v)
            return [float(self.categories.index(v)) for v in values]
        return _numbers(values)

    # -- what is drawn ---------------------------------------------------------------------
    def errorbar(self, x: Iterable[Any], y: Iterable[float],
                 yerr: Sequence[Sequence[float]] | None = None, fmt: str = "o",
                 **style: Any) -> None:
        """Points at (x, y) with bars from y - yerr[0] to y + yerr[1]."""
        xs, ys = self._x(x), _numbers(y)
        below, above = ([0.0] * len(ys), [0.0] * len(ys)) if yerr is None else (
            _numbers(yerr[0]), _numbers(yerr[1]))
        self.artists.append(_Artist(
            "points", xs, ys, [a - b for a, b in zip(ys, below, strict=True)],
            [a + b for a, b in zip(ys, above, strict=True)], self._line_colour(style),
            style.get("label"), (fmt or "o")[0], float(style.get("ms", 6))))

    def bar(self, x: Iterable[Any], height: Iterable[float], **style: Any) -> None:
        xs, hs = self._x(x), _numbers(height)
        self.artists.append(_Artist("bars", xs, hs, colour=self._fill_colour(style),
                                    label=style.get("label"),
                                    width=float(style.get("width", 0.8))))

    def plot(self, x: Iterable[Any], y: Iterable[float], **style: Any) -> None:
        self.artists.append(_Artist("line", self._x(x), _numbers(y),
                                    colour=self._line_colour(style), label=style.get("label"),
                                    dash=DASH.get(style.get("ls", "-"), ""),
                                    width=float(style.get("lw", 1.5))))

    def fill_between(self, x: Iterable[Any], low: Iterable[float], high: Iterable[float],
                     **style: Any) -> None:
        xs = self._x(x)
        self.artists.append(_Artist("band", xs, [], _numbers(low), _numbers(high),
                                    colour=self._fill_colour(style), label=style.get("label"),
                                    alpha=float(style.get("alpha", 1.0))))

    def _rule(self, kind: str, at: float, style: dict[str, Any]) -> None:
        self.artists.append(_Artist(kind, [float(at)], [float(at)],
                                    colour=_colour(style.get("color")) or "#000000",
                                    label=style.get("label"),
                                    dash=DASH.get(style.get("ls", "-"), ""),
                                    width=float(style.get("lw", 1.5))))

    def axhline(self, y: float = 0, **style: Any) -> None:
        self._rule("hline", y, style)

    def axvline(self, x: float = 0, **style: Any) -> None:
        self._rule("vline", x, style)

    def axvspan(self, xmin: float, xmax: float, **style: Any) -> None:
        self.artists.append(_Artist("vspan", [float(xmin), float(xmax)],
                                    colour=_colour(style.get("color")) or "#cccccc",
                                    label=style.get("label"),
                                    alpha=float(style.get("alpha", 1.0))))

    # -- words and scales ------------------------------------------------------------------
    def set(self, **what: Any) -> None:
        for key, value in what.items():
            if key in ("title", "xlabel", "ylabel"):
                setattr(self, key, str(value))
            elif key in ("xlim", "ylim"):
                setattr(self, key, tuple(value))
            elif key == "xticks":
                self.set_xticks(value)
            else:
                raise KortspelError(f"a chart's axes set title, xlabel, ylabel, xlim, ylim "
                                    f"and xticks, not {key!r}")

    def set_title(self, title: str, **_style: Any) -> None:
        self.title = str(title)

    def set_xticks(self, ticks: Iterable[float], labels: Iterable[Any] | None = None,
                   **_style: Any) -> None:
        self.xticks = _numbers(ticks)
        self.xticklabels = None if labels is None else [str(v) for v in labels]

    def tick_params(self, axis: str = "both", labelrotation: float = 0, **_style: Any) -> None:
        if axis in ("x", "both"):
            self.rotation = float(labelrotation)

    def legend(self, *_args: Any, loc: str = "best", bbox_to_anchor: Any = None,
               ncol: int = 1, **_style: Any) -> None:
        """A legend inside the plot at ``loc``, or under it when anchored below (as
        ``bbox_to_anchor=(0.5, -0.2)`` puts it)."""
        self.legend_at = loc
        self.legend_below = bool(bbox_to_anchor is not None and len(bbox_to_anchor) > 1
                                 and float(bbox_to_anchor[1]) < 0)
        self.legend_columns = max(1, int(ncol))

    def get_legend_handles_labels(self) -> tuple[list[_Artist], list[str]]:
        handles = [a for a in self.artists if a.label]
        return handles, [str(a.label) for a in handles]

    # -- scales ----------------------------------------------------------------------------
    def data_x(self) -> list[float]:
        out: list[float] = []
        for a in self.artists:
            if a.kind == "bars":
                out += [x - a.width / 2 for x in a.xs] + [x + a.width / 2 for x in a.xs]
            elif a.kind in ("points", "line", "band", "vline", "vspan"):
                out += a.xs
        return out

    def data_y(self) -> list[float]:
        out: list[float] = []
        for a in self.artists:
            if a.kind == "bars":
                out += a.ys + [0.0]
            elif a.kind in ("points", "band"):
                out += a.low + a.high + a.ys
            elif a.kind in ("line", "hline"):
                out += a.ys
        return out


def _limits(data: Sequence[float], given: tuple[float | None, float | None],
            sticky_zero: bool) -> tuple[float, float]:
    lo, hi = (min(data), max(data)) if data else (0.0, 1.0)
    span = hi - lo or abs(hi) or 1.0
    auto_lo = 0.0 if sticky_zero and lo == 0 else lo - 0.05 * span
    auto_hi = hi + 0.05 * span
    low = auto_lo if given[0] is None else float(given[0])
    high = auto_hi if len(given) < 2 or given[1] is None else float(given[1])
    if high <= low:
        high = low + 1.0
    return low, high


# -------------------------------------------------------------------------------------------
# A figure: axes in a grid, drawn as one SVG
# -------------------------------------------------------------------------------------------


class Figure:
    """Axes in rows and columns, ``figsize`` inches at 100 pixels an inch."""

    def __init__(self, nrows: int = 1, ncols: int = 1, figsize: tuple[float, float] = (6.4, 4.8),
                 sharex: bool = False, sharey: bool = False) -> None:
        if type(nrows) is not int or type(ncols) is not int or nrows < 1 or ncols < 1:
            raise KortspelError(f"a figure has whole numbers of rows and columns, at least "
                                f"one each, not {nrows!r} by {ncols!r}")
        self.nrows, self.ncols = nrows, ncols
        self.width = round(float(figsize[0]) * DPI)
        self.height = round(float(figsize[1]) * DPI)
        self.sharex, self.sharey = sharex, sharey
        self.axes = [Axes(self) for _ in range(nrows * ncols)]
        self.legend_entries: tuple[list[_Artist], list[str]] | None = None
        self.legend_columns = 1

    def legend(self, handles: Sequence[_Artist], labels: Sequence[str], *_args: Any,
               ncol: int = 1, **_style: Any) -> None:
        """One legend under every axes (as ``loc="lower center"`` puts it)."""
        self.legend_entries = (list(handles), [str(v) for v in labels])
        self.legend_columns = max(1, int(ncol))

    def subplots_adjust(self, **_space: Any) -> None:
        """Room is worked out from the words drawn; matplotlib's own spacing is not needed."""

    def get_size_inches(self) -> tuple[float, float]:
        return self.width / DPI, self.height / DPI

    # -- drawing ---------------------------------------------------------------------------
    def svg(self, title: str = "", desc: str = "") -> str:
        out: list[str] = []
        limits = [self._limits(i) for i in range(len(self.axes))]
        legend_rows = 0
        if self.legend_entries:
            legend_rows = math.ceil(len(self.legend_entries[1]) / self.legend_columns)
        bottom_room = legend_rows * 18 + (8 if legend_rows else 0)
        cell_w = self.width / self.ncols
        cell_h = (self.height - bottom_room) / self.nrows
        for i, ax in enumerate(self.axes):
            row, col = divmod(i, self.ncols)
            if self.sharex and row < self.nrows - 1:
                ax.show_xticklabels = False
            if self.sharey and col > 0:
                ax.show_yticklabels = False
            out.append(self._draw_axes(ax, col * cell_w, row * cell_h, cell_w, cell_h,
                                       *limits[i]))
        if self.legend_entries:
            handles, labels = self.legend_entries
            out.append(_legend_svg(handles, labels, self.width / 2,
                                   self.height - bottom_room + 4, self.legend_columns,
                                   centred=True, boxed=False))
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
                f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
                f'font-family="{FONT}" role="img">')
        if title:
            head += f"<title>{_e(title)}</title>"
        if desc:
            head += f"<desc>{_e(desc)}</desc>"
        return (head + f'<rect width="{self.width}" height="{self.height}" fill="#ffffff"/>'
                + "".join(out) + "</svg>")

    def _limits(self, i: int) -> tuple[tuple[float, float], tuple[float, float]]:
        ax = self.axes[i]
        # matplotlib's sharex=True / sharey=True: every axes of the figure on one scale.
        xs_from = self.axes if self.sharex else [ax]
        ys_from = self.axes if self.sharey else [ax]
        x_given = next((a.xlim for a in xs_from if a.xlim != (None, None)), ax.xlim)
        y_given = next((a.ylim for a in ys_from if a.ylim != (None, None)), ax.ylim)
        xdata = [v for a in xs_from for v in a.data_x()]
        ydata = [v for a in ys_from for v in a.data_y()]
        bars = any(b.kind == "bars" for a in ys_from for b in a.artists)
        return (_limits(xdata, x_given, False), _limits(ydata, y_given, bars))

    def _draw_axes(self, ax: Axes, x0: float, y0: float, w: float, h: float,
                   xlim: tuple[float, float], ylim: tuple[float, float]) -> str:
        yticks = _nice_ticks(*ylim, most=max(3, min(7, int(h // 45) + 1)))
        ytexts = [_tick_text(t, yticks) for t in yticks]
        if ax.xticks is not None:
            xticks = [t for t in ax.xticks if xlim[0] - 1e-9 <= t <= xlim[1] + 1e-9]
            xtexts = (ax.xticklabels or [_tick_text(t, ax.xticks) for t in ax.xticks])
            xtexts = [xtexts[ax.xticks.index(t)] for t in xticks]
        elif ax.categories:
            xticks = [float(i) for i in range(len(ax.categories))]
            xtexts = list(ax.categories)
        else:
            xticks = _nice_ticks(*xlim, most=max(3, min(11, int(w // 70) + 1)))
            xtexts = [_tick_text(t, xticks) for t in xticks]
        lines_of = [t.split("\n") for t in xtexts]
        widest = max((text_width(line, TICK) for ls in lines_of for line in ls), default=0)
        deep = max((len(ls) for ls in lines_of), default=1)
        if not ax.show_xticklabels:
            tick_room = 6.0
        elif ax.rotation:
            angle = math.radians(ax.rotation)
            tick_room = 10 + widest * math.sin(angle) + TICK * math.cos(angle)
        else:
            tick_room = 8 + deep * (TICK + 3)
        left = 14 + (LABEL + 6 if ax.ylabel else 0) + (
            max(text_width(t, TICK) for t in ytexts) + 8 if ax.show_yticklabels else 4)
        top = 10 + (TITLE + 10 if ax.title else 0)
        legend_h = 0.0
        handles, labels = ax.get_legend_handles_labels()
        if ax.legend_at and ax.legend_below and labels:
            legend_h = 18 * math.ceil(len(labels) / ax.legend_columns) + 6
        bottom = tick_room + (LABEL + 8 if ax.xlabel else 0) + legend_h + 6
        px0, py0 = x0 + left, y0 + top
        pw, ph = max(10.0, w - left - 16), max(10.0, h - top - bottom)

        def X(v: float) -> float:
            return px0 + (v - xlim[0]) / (xlim[1] - xlim[0]) * pw

        def Y(v: float) -> float:
            return py0 + ph - (v - ylim[0]) / (ylim[1] - ylim[0]) * ph

        clip = f"clip{self.axes.index(ax)}"  # the same SVG for the same chart, run after run
        out = [f'<clipPath id="{clip}"><rect x="{_n(px0)}" y="{_n(py0)}" width="{_n(pw)}" '
               f'height="{_n(ph)}"/></clipPath>', f'<g clip-path="url(#{clip})">']
        for a in ax.artists:
            out.append(_artist_svg(a, X, Y, xlim, ylim, pw / (xlim[1] - xlim[0])))
        out.append("</g>")
        out.append(f'<rect x="{_n(px0)}" y="{_n(py0)}" width="{_n(pw)}" height="{_n(ph)}" '
                   f'fill="none" stroke="#333333" stroke-width="0.8"/>')
        for t, text in zip(yticks, ytexts, strict=True):
            y = Y(t)
            out.append(f'<line x1="{_n(px0 - 4)}" y1="{_n(y)}" x2="{_n(px0)}" y2="{_n(y)}" '
                       f'stroke="#333333" stroke-width="0.8"/>')
            if ax.show_yticklabels:
                out.append(f'<text x="{_n(px0 - 7)}" y="{_n(y + 4)}" font-size="{_n(TICK)}" '
                           f'text-anchor="end" fill="#222222">{_e(text)}</text>')
        for t, lines in zip(xticks, lines_of, strict=True):
            x = X(t)
            out.append(f'<line x1="{_n(x)}" y1="{_n(py0 + ph)}" x2="{_n(x)}" '
                       f'y2="{_n(py0 + ph + 4)}" stroke="#333333" stroke-width="0.8"/>')
            if not ax.show_xticklabels:
                continue
            if ax.rotation:
                out.append(f'<text transform="translate({_n(x + 3)},{_n(py0 + ph + 8)}) '
                           f'rotate({_n(-ax.rotation)})" font-size="{_n(TICK)}" '
                           f'text-anchor="end" dominant-baseline="hanging" '
                           f'fill="#222222">{_e(" ".join(lines))}</text>')
            else:
                spans = "".join(f'<tspan x="{_n(x)}" dy="{0 if k == 0 else _n(TICK + 3)}">'
                                f"{_e(line)}</tspan>" for k, line in enumerate(lines))
                out.append(f'<text x="{_n(x)}" y="{_n(py0 + ph + 8 + TICK)}" '
                           f'font-size="{_n(TICK)}" text-anchor="middle" '
                           f'fill="#222222">{spans}</text>')
        if ax.title:
            out.append(f'<text x="{_n(px0 + pw / 2)}" y="{_n(y0 + 10 + TITLE)}" '
                       f'font-size="{_n(TITLE)}" text-anchor="middle" '
                       f'fill="#111111">{_e(ax.title)}</text>')
        if ax.ylabel:
            cx, cy = x0 + 8 + LABEL / 2, py0 + ph / 2
            out.append(f'<text transform="translate({_n(cx)},{_n(cy)}) rotate(-90)" '
                       f'font-size="{_n(LABEL)}" text-anchor="middle" '
                       f'dominant-baseline="central" fill="#111111">{_e(ax.ylabel)}</text>')
        if ax.xlabel:
            out.append(f'<text x="{_n(px0 + pw / 2)}" y="{_n(py0 + ph + tick_room + LABEL + 2)}"'
                       f' font-size="{_n(LABEL)}" text-anchor="middle" '
                       f'fill="#111111">{_e(ax.xlabel)}</text>')
        if ax.legend_at and labels:
            if ax.legend_below:
                out.append(_legend_svg(handles, labels, px0 + pw / 2, y0 + h - legend_h,
                                       ax.legend_columns, centred=True, boxed=False))
            else:
                out.append(_legend_inside(ax, handles, labels, px0, py0, pw, ph))
        return "".join(out)


def _marker(shape: str, x: float, y: float, size: float, colour: str) -> str:
    r = size / 2
    if shape == "s":
        return (f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(size)}" height="{_n(size)}" '
                f'fill="{colour}"/>')
    if shape == "v":
        return (f'<polygon points="{_n(x - r)},{_n(y - r)} {_n(x + r)},{_n(y - r)} '
                f'{_n(x)},{_n(y + r)}" fill="{colour}"/>')
    if shape == "^":
        return (f'<polygon points="{_n(x - r)},{_n(y + r)} {_n(x + r)},{_n(y + r)} '
                f'{_n(x)},{_n(y - r)}" fill="{colour}"/>')
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{colour}"/>'


def _dash(a: _Artist) -> str:
    return f' stroke-dasharray="{a.dash}"' if a.dash else ""


def _artist_svg(a: _Artist, X: Any, Y: Any, xlim: tuple[float, float],
                ylim: tuple[float, float], per_unit: float) -> str:
    c = a.colour
    if a.kind == "points":
        out = []
        for x, y, lo, hi in zip(a.xs, a.ys, a.low, a.high, strict=True):
            out.append(f'<line x1="{_n(X(x))}" y1="{_n(Y(lo))}" x2="{_n(X(x))}" '
                       f'y2="{_n(Y(hi))}" stroke="{c}" stroke-width="1.5"/>')
            for end in (lo, hi):
                out.append(f'<line x1="{_n(X(x) - 3)}" y1="{_n(Y(end))}" x2="{_n(X(x) + 3)}" '
                           f'y2="{_n(Y(end))}" stroke="{c}" stroke-width="1.5"/>')
            out.append(_marker(a.marker, X(x), Y(y), a.size, c))
        return "".join(out)
    if a.kind == "bars":
        half = a.width / 2
        return "".join(
            f'<rect x="{_n(X(x - half))}" y="{_n(min(Y(h), Y(0)))}" '
            f'width="{_n(max(0.5, a.width * per_unit))}" height="{_n(abs(Y(0) - Y(h)))}" '
            f'fill="{c}"/>' for x, h in zip(a.xs, a.ys, strict=True))
    if a.kind == "line":
        points = " ".join(f"{_n(X(x))},{_n(Y(y))}" for x, y in zip(a.xs, a.ys, strict=True))
        return (f'<polyline points="{points}" fill="none" stroke="{c}" '
                f'stroke-width="{_n(a.width)}"{_dash(a)}/>')
    if a.kind == "band":
        upper = [f"{_n(X(x))},{_n(Y(y))}" for x, y in zip(a.xs, a.high, strict=True)]
        lower = [f"{_n(X(x))},{_n(Y(y))}" for x, y in zip(a.xs, a.low, strict=True)]
        return (f'<polygon points="{" ".join(upper + lower[::-1])}" fill="{c}" '
                f'fill-opacity="{a.alpha}"/>')
    if a.kind == "hline":
        y = Y(a.ys[0])
        return (f'<line x1="{_n(X(xlim[0]))}" y1="{_n(y)}" x2="{_n(X(xlim[1]))}" y2="{_n(y)}" '
                f'stroke="{c}" stroke-width="{_n(a.width)}"{_dash(a)}/>')
    if a.kind == "vline":
        x = X(a.xs[0])
        return (f'<line x1="{_n(x)}" y1="{_n(Y(ylim[0]))}" x2="{_n(x)}" y2="{_n(Y(ylim[1]))}" '
                f'stroke="{c}" stroke-width="{_n(a.width)}"{_dash(a)}/>')
    # a vertical span
    left, right = X(a.xs[0]), X(a.xs[1])
    return (f'<rect x="{_n(left)}" y="{_n(Y(ylim[1]))}" width="{_n(right - left)}" '
            f'height="{_n(Y(ylim[0]) - Y(ylim[1]))}" fill="{c}" fill-opacity="{a.alpha}"/>')


def _key(a: _Artist, x: float, y: float) -> str:
    """The small picture of one artist in a legend, 20 pixels wide, centred on y."""
    if a.kind == "points":
        return (f'<line x1="{_n(x + 10)}" y1="{_n(y - 6)}" x2="{_n(x + 10)}" y2="{_n(y + 6)}" '
                f'stroke="{a.colour}" stroke-width="1.5"/>'
                + _marker(a.marker, x + 10, y, a.size, a.colour))
    if a.kind in ("bars", "vspan", "band"):
        opacity = f' fill-opacity="{a.alpha}"' if a.alpha < 1 else ""
        return (f'<rect x="{_n(x + 2)}" y="{_n(y - 5)}" width="16" height="10" '
                f'fill="{a.colour}"{opacity}/>')
    return (f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + 20)}" y2="{_n(y)}" '
            f'stroke="{a.colour}" stroke-width="{_n(a.width)}"{_dash(a)}/>')


def _legend_svg(handles: Sequence[_Artist], labels: Sequence[str], cx: float, y: float,
                columns: int, *, centred: bool, boxed: bool) -> str:
    columns = max(1, min(columns, len(labels)))
    widths = [28 + text_width(label, TICK) + 14 for label in labels]
    rows = [list(range(i, min(i + columns, len(labels)))) for i in range(0, len(labels),
                                                                          columns)]
    col_w = [max(widths[r[k]] for r in rows if k < len(r)) for k in range(columns)]
    total = sum(col_w[:min(columns, len(labels))])
    x0 = cx - total / 2 if centred else cx
    out = []
    if boxed:
        out.append(f'<rect x="{_n(x0 - 4)}" y="{_n(y - 4)}" width="{_n(total + 4)}" '
                   f'height="{_n(len(rows) * 18 + 6)}" fill="#ffffff" fill-opacity="0.85" '
                   f'stroke="#cccccc" rx="3"/>')
    for r, row in enumerate(rows):
        x = x0
        for k, i in enumerate(row):
            mid = y + 9 + r * 18
            out.append(_key(handles[i], x, mid))
            out.append(f'<text x="{_n(x + 26)}" y="{_n(mid + 4)}" font-size="{_n(TICK)}" '
                       f'fill="#222222">{_e(labels[i])}</text>')
            x += col_w[k]
    return "".join(out)


def _legend_inside(ax: Axes, handles: Sequence[_Artist], labels: Sequence[str], px0: float,
                   py0: float, pw: float, ph: float) -> str:
    columns = max(1, min(ax.legend_columns, len(labels)))
    widths = [28 + text_width(label, TICK) + 14 for label in labels]
    rows = math.ceil(len(labels) / columns)
    total = sum(sorted(widths, reverse=True)[:columns])
    height = rows * 18 + 6
    loc = ax.legend_at or "best"
    if loc in ("best", "upper right"):
        x, y = px0 + pw - total - 6, py0 + 8
    elif loc == "upper left":
        x, y = px0 + 10, py0 + 8
    elif loc == "upper center":
        x, y = px0 + (pw - total) / 2, py0 + 8
    elif loc == "lower center":
        x, y = px0 + (pw - total) / 2, py0 + ph - height - 4
    elif loc == "center right":
        x, y = px0 + pw - total - 6, py0 + (ph - height) / 2
    elif loc == "lower right":
        x, y = px0 + pw - total - 6, py0 + ph - height - 4
    elif loc == "lower left":
        x, y = px0 + 10, py0 + ph - height - 4
    else:
        x, y = px0 + pw - total - 6, py0 + 8
    return _legend_svg(handles, labels, x, y, columns, centred=False, boxed=True)


def subplots(nrows: int = 1, ncols: int = 1, *, figsize: tuple[float, float] = (6.4, 4.8),
             sharex: bool = False, sharey: bool = False) -> tuple[Figure, Any]:
    """A figure and its axes, as ``matplotlib.pyplot.subplots`` gives them: one axes alone,
    or a list of them (row after row) when there are several."""
    fig = Figure(nrows, ncols, figsize, sharex, sharey)
    return fig, (fig.axes[0] if len(fig.axes) == 1 else list(fig.axes))


# -------------------------------------------------------------------------------------------
# Showing a chart with its words
# -------------------------------------------------------------------------------------------


class Chart:
    """A finished figure with its words: ``svg`` (or, from matplotlib, ``png``) and
    ``words``, shown as an image whose alt text is the words."""

    def __init__(self, png: bytes | None, words: str, width: int, svg: str | None = None
                 ) -> None:
        self.png, self.words, self.width, self.svg = png, words, width, svg

    def _repr_mimebundle_(self, **_kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        if self.svg is not None:
            uri = "data:image/svg+xml;base64," + base64.b64encode(
                self.svg.encode("utf-8")).decode("ascii")
        else:
            assert self.png is not None
            uri = "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")
        return {
            "text/html": (f'<img src="{uri}" alt="{html.escape(self.words)}" '
                          f'width="{self.width}" style="max-width:100%">'),
            # i18n: a chart as plain text: "Chart: <what it shows>"
            "text/plain": _("Chart: {words}").format(words=self.words),
        }, {}


def chart(fig: Any, words: str) -> Chart:
    """Show figure ``fig`` (from :func:`subplots`, or a matplotlib figure) with ``words`` as
    its alt text; a matplotlib figure is closed, so the notebook does not draw it a second
    time without them."""
    if not isinstance(words, str) or len(words.strip()) < 20:
        raise KortspelError("a chart needs words that say what it shows (a sentence or two, "
                            "for readers who cannot see it)")
    if isinstance(fig, Figure):
        return Chart(None, words.strip(), fig.width, fig.svg(desc=words.strip()))
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    width = round(fig.get_size_inches()[0] * DPI)
    plt.close(fig)
    return Chart(buffer.getvalue(), words.strip(), width)
