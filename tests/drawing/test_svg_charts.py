"""The strategy notebooks' plotter without matplotlib (``charts.subplots``): pure Python, SVG
out, so the charts draw in the browser-only site; the words stay the image's alt text."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from kortspel import KortspelError
from kortspel.widgets import chart, subplots
from kortspel.widgets.charts import _nice_ticks

NS = "{http://www.w3.org/2000/svg}"


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_points_with_intervals_are_placed_by_their_values() -> None:
    fig, ax = subplots(figsize=(6, 3))
    ax.errorbar([0, 1], [0.2, 0.8], yerr=[[0.1, 0.1], [0.1, 0.05]], fmt="o",
                color="tab:blue", label="heuristic & co")
    ax.set_xticks(range(2), ["low", "high"])
    ax.axhline(0.5, color="grey", ls=":", label="an even share")
    ax.set(ylabel="share", ylim=(0, 1), xlim=(-0.5, 1.5), title="Two <points>")
    ax.legend(loc="upper left")
    root = _tree(fig.svg())
    assert root.get("width") == "600" and root.get("height") == "300"
    dots = root.findall(f".//{NS}circle")
    assert len(dots) == 3  # two points and the legend's key
    low, high = (float(d.get("cy")) for d in dots[:2])
    assert high < low  # a higher value stands higher on the page
    assert float(dots[1].get("cx")) > float(dots[0].get("cx"))
    words = [t.text or "".join(s.text or "" for s in t) for t in root.iter(f"{NS}text")]
    for needed in ("Two <points>", "share", "low", "high", "heuristic & co", "an even share"):
        assert needed in words
    assert any(line.get("stroke-dasharray") for line in root.iter(f"{NS}line"))


def test_bars_shared_scales_lines_and_bands() -> None:
    fig, (left, right) = subplots(1, 2, figsize=(8, 3), sharey=True)
    left.bar(["2", "3", "4"], [0.1, 0.4, 0.2], color="tab:green")
    right.plot(range(1, 4), [0.1, 0.3, 0.9], label="one")
    right.fill_between(range(1, 4), [0, 0.2, 0.8], [0.2, 0.4, 1.0], alpha=0.25)
    right.axvline(2, color="tab:red", ls="--")
    left.axvspan(0.5, 1.5, color="gold", alpha=0.2, label="shaded")
    left.tick_params(axis="x", labelrotation=60)
    fig.legend(*right.get_legend_handles_labels(), loc="lower center", ncol=2)
    root = _tree(fig.svg())
    bars = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "#2ca02c"]
    assert len(bars) == 3
    tallest = max(bars, key=lambda r: float(r.get("height")))
    assert tallest is bars[1]
    assert root.find(f".//{NS}polyline") is not None
    assert root.find(f".//{NS}polygon").get("fill-opacity") == "0.25"
    assert any("rotate(-60)" in (t.get("transform") or "") for t in root.iter(f"{NS}text"))
    # sharey: the right axes' tick labels are left out, the left's cover the band up to 1.0
    ticks = [t.text for t in root.iter(f"{NS}text") if t.get("text-anchor") == "end"
             and not t.get("transform")]
    assert "1.0" in ticks and len(ticks) == len(set(ticks))


def test_a_chart_is_an_svg_image_with_its_words() -> None:
    fig, ax = subplots(figsize=(4, 3))
    ax.bar(range(3), [3, 1, 2])
    shown = chart(fig, "the middle bar is the lowest (1), the first the highest (3)")
    bundle, _ = shown._repr_mimebundle_()
    html = bundle["text/html"]
    assert html.startswith('<img src="data:image/svg+xml;base64,')
    assert 'alt="the middle bar is the lowest (1), the first the highest (3)"' in html
    assert 'width="400"' in html and bundle["text/plain"].startswith("Chart: the middle")
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1)).decode()
    assert _tree(svg).find(f"{NS}desc").text.startswith("the middle bar")
    with pytest.raises(KortspelError, match="needs words"):
        chart(fig, "short")


def test_ticks_are_round_numbers() -> None:
    assert _nice_ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert _nice_ticks(0, 37) == [0, 10, 20, 30]
    assert _nice_ticks(-0.3, 0.25)[0] >= -0.3


def test_an_unknown_setting_is_refused() -> None:
    _fig, ax = subplots()
    with pytest.raises(KortspelError, match="not 'colour'"):
        ax.set(colour="red")
    with pytest.raises(KortspelError, match="rows and columns"):
        subplots(0, 1)


def test_the_same_chart_is_the_same_svg() -> None:
    def draw() -> str:
        fig, (a, b) = subplots(1, 2, figsize=(6, 3))
        a.bar(["x", "y"], [1, 2])
        b.errorbar([0, 1], [0.5, 0.6], yerr=[[0.1, 0.1], [0.1, 0.1]])
        return fig.svg()

    assert draw() == draw()  # stored notebook outputs change only when a chart does
