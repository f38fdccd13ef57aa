"""``chart``: a matplotlib figure shown with words a screen reader can say."""

from __future__ import annotations

import pytest

from kortspel import KortspelError
from kortspel.widgets import chart

plt = pytest.importorskip("matplotlib.pyplot")


def test_a_chart_is_an_image_with_its_words_and_the_figure_is_closed() -> None:
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([1, 2, 3], [3, 1, 2])
    shown = chart(fig, "the middle point is the lowest (1), the first the highest (3)")
    bundle, _ = shown._repr_mimebundle_()
    assert bundle["text/html"].startswith('<img src="data:image/png;base64,')
    assert 'alt="the middle point is the lowest (1), the first the highest (3)"' in bundle[
        "text/html"]
    assert "image/png" not in bundle  # a bare PNG is drawn without its words
    assert shown.png.startswith(b"\x89PNG") and shown.width == 400
    assert not plt.fignum_exists(fig.number)


@pytest.mark.parametrize("words", ["", "a chart", None])
def test_a_chart_without_words_is_refused(words: object) -> None:
    fig, _ax = plt.subplots()
    with pytest.raises(KortspelError, match="needs words"):
        chart(fig, words)  # type: ignore[arg-type]
    plt.close(fig)
