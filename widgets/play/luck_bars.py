"""The review's luck and decisions as a few horizontal bars: the deal, your decisions, the
cards drawn and the others' play, each above zero where it helped you, and the result beside
what you could expect before the deal. Every figure and word comes from the coach
(``kortspel.coach.Luck``); this module only draws them, small enough to stand beside the
review at 1366x768, with the coach's sentence as its text equivalent."""

from __future__ import annotations

import html
from typing import Any

from kortspel.i18n import _

WIDTH, ROW, LABEL = 300, 34, 16

GOOD, BAD = "#2f7d32", "#b23b3b"


def luck_svg(luck: Any) -> str:
    """An SVG of ``luck``'s three parts as bars from a middle line (right: helped you, left:
    cost you), each with its label; ``role='img'`` with the coach's words as its name."""
    gains = list(luck.gains())
    scale = max((abs(g) for g in gains), default=0.0) or 1.0
    mid, half = WIDTH / 2, WIDTH / 2 - 8
    rows = []
    for i, (label, gain) in enumerate(zip(luck.labels[:3], gains, strict=True)):
        y = i * ROW
        w = half * abs(gain) / scale
        x = mid if gain >= 0 else mid - w
        colour = GOOD if gain >= 0 else BAD
        rows.append(f"<text x='4' y='{y + 12}' font-size='12'>{html.escape(label)}</text>"
                    f"<rect x='{x:.1f}' y='{y + LABEL}' width='{max(w, 1.0):.1f}' "
                    f"height='12' fill='{colour}'/>")
    y = 3 * ROW
    rows.append(f"<text x='4' y='{y + 12}' font-size='12' font-weight='bold'>"
                f"{html.escape(luck.labels[3])}</text>")
    height = y + 18
    name = html.escape(luck.words, quote=True)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{height}' "
            f"viewBox='0 0 {WIDTH} {height}' role='img' aria-label='{name}' "
            f"class='kortspel-luck'><title>{name}</title>"
            f"<line x1='{mid}' y1='0' x2='{mid}' y2='{3 * ROW}' stroke='#888'/>"
            + "".join(rows) + "</svg>")


def luck_html(luck: Any) -> str:
    """The bars with a caption: a figure a screen reader names by the coach's words."""
    # As wide as the bars, the caption wrapping under them (on one line it ran past the
    # edge of the review's box, its last words cut off).
    return (f"<figure style='margin:2px 0;flex:0 0 auto;width:{WIDTH}px;max-width:100%'>"
            + luck_svg(luck)
            + "<figcaption style='font-size:11px'>"
            + html.escape(_("Deal, your decisions and the rest (right: helped you; left: cost "
                            "you)"), quote=False)
            + "</figcaption></figure>")
