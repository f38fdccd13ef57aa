"""A chart as a notebook shows it: the picture and, for anyone who cannot see it, its words.

Matplotlib's own output is a bare PNG, which JupyterLab and nbconvert's HTML export both draw
without alt text ("No description has been provided for this image"). ``chart(fig, words)``
shows the same picture as an ``<img>`` whose alt text says what the chart shows, so a
screen-reader user hears the finding, not a file name. The words should state the result
("the dealer loses least: 0.14 a hand, against 0.21 first to speak"), computed from the
numbers drawn, never typed.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

from kortspel import KortspelError

DPI = 100


class Chart:
    """A finished figure, as PNG bytes with its words (``figure.png``, ``figure.words``)."""

    def __init__(self, png: bytes, words: str, width: int) -> None:
        self.png, self.words, self.width = png, words, width

    def _repr_mimebundle_(self, **_kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        data = base64.b64encode(self.png).decode("ascii")
        return {
            "text/html": (f'<img src="data:image/png;base64,{data}" '
                          f'alt="{html.escape(self.words)}" width="{self.width}" '
                          f'style="max-width:100%">'),
            "text/plain": f"Chart: {self.words}",
        }, {}


def chart(fig: Any, words: str) -> Chart:
    """Show matplotlib figure ``fig`` with ``words`` as its alt text; the figure is closed, so
    the notebook does not draw it a second time without them."""
    if not isinstance(words, str) or len(words.strip()) < 20:
        raise KortspelError("a chart needs words that say what it shows (a sentence or two, "
                            "for readers who cannot see it)")
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    width = round(fig.get_size_inches()[0] * DPI)
    plt.close(fig)
    return Chart(buffer.getvalue(), words.strip(), width)
