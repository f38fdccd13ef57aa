"""The Kille widgets in a real JupyterLab: pixels drawn, clicks answered, no errors.

The canvas is read back with getImageData, so these tests see what a learner sees, not what
Python believes it sent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_helpers import poll

REPO = Path(__file__).resolve().parents[2]
FELT = "#1f6b45"  # kortspel.widgets.layout.FELT
PAPER = "#fdfaf2"  # the seat plates and card faces

pytestmark = pytest.mark.browser


def _drawn(lab, index: int) -> dict:
    """Wait until canvas ``index`` shows the felt and card faces or plates in one picture."""
    lab.wait_for_canvas(index)
    return lab.wait_for_colors({"felt": (FELT, 100_000), "paper": (PAPER, 4 * 64 * 40)},
                               index=index, tolerance=12)


def test_replay_and_play_draw_and_react(lab):
    lab.open("kille_widgets.ipynb")
    lab.run_all()
    _drawn(lab, 0)  # the Replay's table
    _drawn(lab, 1)  # the Play table

    # Step the replay: the picture must change, and change back. Each picture compared is
    # read once it is whole and still (a table fits itself to its place a moment after it is
    # shown, and a picture read on its way never comes back).
    lab.wait_for_fit(0)
    first = lab.steady_hash(0)
    lab.click_button("Next ▶")
    lab.wait_for_canvas_change(first, 0)
    second = lab.steady_hash(0)
    lab.click_button("◀ Back")
    lab.wait_for_canvas_change(second, 0)
    assert lab.steady_hash(0) == first

    # Play: you speak first; standing is always legal. The table must change.
    before = lab.canvas_hash(1)
    lab.click_button("Stand")
    lab.wait_for_canvas_change(before, 1)

    # A click on the canvas at the wrong time must do no harm.
    lab.page.locator(".jp-OutputArea-output canvas").nth(1).click(position={"x": 5, "y": 5})
    lab.assert_clean()


IN_CI = {"00-start-here.ipynb", "knock/01-rules.ipynb", "kille/02-worked-examples.ipynb",
         "gnallknekt/03-play.ipynb", "kopknack/04-strategy.ipynb", "kille/05-coach.ipynb"}
"""The notebooks CI runs whole in JupyterLab (``thorough``): the start page and one notebook of
each kind (rules, worked examples, play, strategy with its background jobs, coach), every
game among them; the other fifteen with ``KORTSPEL_SLOW=1``. A quick run runs none here:
nbval runs every notebook's cells in every run (``make test-notebooks``), and each game's
own browser tests draw and click its tables in this same JupyterLab."""


def _notebooks() -> list:
    base = REPO / "notebooks"
    paths = sorted(str(p.relative_to(base)) for p in base.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    return [pytest.param(p, marks=pytest.mark.thorough if p in IN_CI else pytest.mark.slow)
            for p in paths]


@pytest.mark.parametrize("path", _notebooks())
def test_every_notebook_runs_in_jupyterlab(lab, path):
    lab.open(path)
    lab.run_all(timeout_ms=300_000)
    source = (REPO / "notebooks" / path).read_text(encoding="utf-8")
    if any(name in source for name in ("table(", "Replay(", "Play(", "deck(")):
        drawn = lab.canvases()
        assert drawn, f"{path} shows no canvas"
        for i in range(len(drawn)):
            poll(lambda i=i: (lambda st: st["non_transparent"] > st["total"] // 2)(
                lab.canvas_stats(i)), what=f"canvas {i} of {path} to be drawn")
    lab.assert_clean()


def test_voila_play_page_draws_and_plays(voila_page):
    """`make app`: the play notebook as a page, drawn and answering clicks, with no errors."""
    page = voila_page.page
    page.goto(voila_page.url("kille/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=100_000, index=0, tolerance=12)
    before = voila_page.canvas_hash(0)
    page.get_by_role("button", name="Stand").first.click()
    voila_page.wait_for_canvas_change(before, 0)
    voila_page.assert_clean()


def _printed(lab, tag: str) -> str:
    """The last line a cell printed that starts with ``tag``."""
    def find():
        texts = lab.page.locator(".jp-OutputArea-output").all_inner_texts()
        lines = [ln for t in texts for ln in t.splitlines() if ln.startswith(tag + " ")]
        return lines[-1][len(tag) + 1:] if lines else None
    return poll(find, what=f"a printed {tag} line")


def test_the_test_only_game_is_played_by_clicking_through_its_own_adapter(lab):
    """High card lives only in tests/: its table, two-click trade and all, must work in a
    real JupyterLab with nothing but its adapter. Your card, then the stock: a trade."""
    import json

    lab.open("highcard_play.ipynb")
    lab.run_all()
    _drawn_felt = lab.wait_for_color(FELT, min_count=100_000, index=0, tolerance=12)
    assert _drawn_felt
    lab.wait_for_fit(0)  # the table drawn again at its width on the page: where is what now?
    lab.run_cell(2)
    where = json.loads(_printed(lab, "WHERE"))
    canvas = lab.page.locator(".jp-OutputArea-output canvas").nth(0)
    box = canvas.bounding_box()
    scale = box["width"] / where["width"]

    def click(point):
        canvas.click(position={"x": point[0] * scale, "y": point[1] * scale})

    before = lab.canvas_hash(0)
    click(where["card"])  # selected: the card rises and the stock is outlined
    selected = lab.wait_for_canvas_change(before, 0)
    click(where["stock"])  # the trade, then the computer seats play the hand out
    lab.wait_for_canvas_change(selected, 0)
    lab.run_cell(3)
    actions = _printed(lab, "ACTIONS")
    assert "'you trade'" in actions, actions
    lab.assert_clean()


def test_play_fits_a_laptop_screen(lab):
    """At 1366×768 the whole table and the buttons to play it show at once, no scrolling."""
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("kille_widgets.ipynb")
    lab.run_all()
    _drawn(lab, 1)
    canvas = lab.page.locator(".jp-OutputArea-output canvas").nth(1)
    canvas.scroll_into_view_if_needed()
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    stand = lab.page.get_by_role("button", name="Stand").first
    top = canvas.bounding_box()
    bottom = stand.bounding_box()
    lab.page.screenshot(path=str(REPO / ".pytest_cache" / "play-1366x768.png"))
    assert top is not None and bottom is not None
    span = max(top["y"] + top["height"], bottom["y"] + bottom["height"]) - min(
        top["y"], bottom["y"])
    # JupyterLab's own bars take about 100 px of the 768.
    assert span <= 768 - 100, f"the table and its buttons need {span:.0f} px"
