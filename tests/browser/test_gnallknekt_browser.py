"""Gnällknekt in a real JupyterLab: a whole turn played by clicking on the drawn table (draws
from the discard pile and the stock, an attack: a card then the pile it beats, the discard: a
card then the discard pile), the canvas read back after every click; the teacher's view; a
finished game with its review; a five-seat worked replay stepped forward and back; the
largest table and its buttons on a 1366×768 laptop screen.

The notebooks (tests/browser/notebooks/gnallknekt_*.ipynb) are served from a copy, as every
browser test's are, since JupyterLab saves what it opens. Screenshots go to
``KORTSPEL_SHOTS`` (by default .pytest_cache/gnallknekt) for a person to look at. Run alone:
``.venv/bin/python -m pytest tests/browser/test_gnallknekt_browser.py -q``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_helpers import poll

REPO = Path(__file__).resolve().parents[2]
FELT = "#1f6b45"  # the table's felt (widgets/drawing.py)
PAPER = "#fdfaf2"  # card faces and seat plates
GOLD = "#f2c94c"  # the plate of the seat to act, the words in the middle
NEXT_CELL = 2  # gnallknekt_play.ipynb: prints where to click next
LAPTOP = {"width": 1366, "height": 768}
LAB_BARS = 100  # JupyterLab's own bars take about this much of the 768 px

pytestmark = pytest.mark.browser


def _shots() -> Path:
    folder = Path(os.environ.get("KORTSPEL_SHOTS") or REPO / ".pytest_cache" / "gnallknekt")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _drawn(lab, index: int) -> dict:
    """Wait until canvas ``index`` shows the felt and card faces or plates in one picture."""
    lab.wait_for_canvas(index)
    return lab.wait_for_colors({"felt": (FELT, 100_000), "paper": (PAPER, 3 * 64 * 40)},
                               index=index, tolerance=12)


def _next_move(lab, tick: int) -> dict:
    """Run the notebook's where-to-click cell and read its line (the one with this tick)."""
    lab.run_cell(NEXT_CELL)

    def read():
        texts = lab.page.locator(".jp-OutputArea-output").all_inner_texts()
        for line in (ln for t in texts for ln in t.splitlines()):
            if line.startswith("NEXT "):
                move = json.loads(line[5:])
                if move["tick"] == tick:
                    return move
        return None

    return poll(read, what=f"the NEXT line of tick {tick}")


def _side_text(lab) -> str:
    return " ".join(lab.page.locator(".jp-OutputArea-output").all_inner_texts())


def _fits(lab, canvas, *buttons) -> None:
    """The canvas and the buttons show at once on the laptop screen, no scrolling."""
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    boxes = [canvas.bounding_box()] + [b.bounding_box() for b in buttons]
    assert all(b is not None for b in boxes)
    top = min(b["y"] for b in boxes)
    bottom = max(b["y"] + b["height"] for b in boxes)
    assert bottom - top <= LAPTOP["height"] - LAB_BARS, f"the table needs {bottom - top:.0f} px"
    c = boxes[0]
    assert c["x"] >= 0 and c["x"] + c["width"] <= LAPTOP["width"]


def test_a_turn_is_played_by_clicking_the_table(lab):
    lab.page.set_viewport_size(LAPTOP)
    lab.open("gnallknekt_play.ipynb")
    # A class's laptop shows the notebook alone: the file browser folded away.
    lab.page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all()
    _drawn(lab, 0)
    lab.wait_for_fit(0)  # drawn at its width on the page before any click is worked out
    canvas = lab.page.locator(".jp-OutputArea-output canvas").nth(0)
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    shots = _shots()
    _fits(lab, canvas, lab.page.get_by_role("button", name="Next game ▶").first,
          lab.page.get_by_role("button", name="New match").first)

    tick = 2  # Run all printed the first line
    move = _next_move(lab, tick)
    assert not move["over"] and "click" in move, move
    lab.page.screenshot(path=str(shots / "gnallknekt-seat-view-1366x768.png"))
    # The teacher's view (practice): every card face up, then back to your own view.
    before = lab.canvas_hash(0)
    teacher = lab.page.get_by_role("checkbox", name="Show every card (practice)")
    teacher.check()
    shown = lab.wait_for_canvas_change(before, 0)
    lab.page.screenshot(path=str(shots / "gnallknekt-teacher-view-1366x768.png"))
    teacher.uncheck()
    assert lab.wait_for_canvas_change(shown, 0) == before

    box = canvas.bounding_box()
    scale = box["width"] / move["width"]
    chosen_shot = False
    while not any(a.startswith("you discard") for a in move["mine"]):
        assert tick < 40, f"the turn did not end: {move}"
        before = lab.canvas_hash(0)
        x, y = move["click"]
        canvas.click(position={"x": x * scale, "y": y * scale})
        # Every click is drawn (a card chosen rises; a move changes the table), read back
        # from the canvas.
        lab.wait_for_canvas_change(before, 0)
        tick += 1
        after = _next_move(lab, tick)
        if after["mine"] == move["mine"] and not chosen_shot and "attack" in move["action"]:
            assert "click where it goes" in _side_text(lab)
            lab.page.screenshot(path=str(shots / "gnallknekt-card-chosen-1366x768.png"))
            chosen_shot = True
        move = after
    mine = move["mine"]
    assert mine[0] == "you draw discard", mine
    assert any(a == "you draw stock" for a in mine)
    assert any(a.startswith("you attack ") and " hand " in a for a in mine), mine
    assert mine[-1].startswith("you discard "), mine
    assert chosen_shot
    text = _side_text(lab)
    assert "You attack " in text and "You discard the " in text, text[-800:]
    # The story box opens at its newest lines (the deal is far above, scrolled out).
    story = lab.page.evaluate("""() => {
      const box = Array.from(document.querySelectorAll('.widget-html'))
        .find((e) => getComputedStyle(e).flexDirection === 'column-reverse');
      if (!box) return null;
      const r = box.getBoundingClientRect();
      const c = box.querySelector('.widget-html-content').getBoundingClientRect();
      return {overflows: box.scrollHeight > box.clientHeight + 4,
              bottom_gap: Math.abs(c.bottom - r.bottom), top_hidden: c.top < r.top - 4};
    }""")
    assert story and story["overflows"] and story["top_hidden"], story
    assert story["bottom_gap"] <= 12, story
    lab.assert_clean()


def test_a_finished_game_a_replay_and_the_largest_table(lab):
    lab.page.set_viewport_size(LAPTOP)
    lab.open("gnallknekt_views.ipynb")
    lab.page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.run_all()
    shots = _shots()
    for i in range(3):
        _drawn(lab, i)
    canvases = lab.page.locator(".jp-OutputArea-output canvas")

    # The game played to its end: the result in the middle, the review beside it.
    canvases.nth(0).evaluate("c => c.scrollIntoView({block: 'start'})")
    text = _side_text(lab)
    assert "This game:" in text and "Press Next game." in text, text[:800]
    assert "The game ended in the" in text
    gold = lab.canvas_stats(0, colors={"gold": GOLD}, tolerance=20)["colors"]["gold"]
    assert gold > 300, "no result written in gold in the middle"
    lab.page.screenshot(path=str(shots / "gnallknekt-game-over-review-1366x768.png"))

    # A worked game with a rebuilt stock, five seats: it steps forward and back.
    canvases.nth(1).evaluate("c => c.scrollIntoView({block: 'start'})")
    lab.page.screenshot(path=str(shots / "gnallknekt-replay-five-seats-1366x768.png"))
    first = lab.steady_hash(1)
    lab.click_button("Next ▶")
    poll(lambda: "Step 41 of" in _side_text(lab), timeout_ms=90_000, what="step 41 told")
    second = lab.wait_for_canvas_change(first, 1, timeout_ms=90_000)
    # The click is sent once step 41 is told and drawn (under a loaded CI machine a click
    # sent while the last drawing was still on its way was once seen to go unanswered).
    lab.click_button("◀ Back")
    poll(lambda: "Step 40 of" in _side_text(lab), timeout_ms=90_000, what="step 40 told")
    lab.wait_for_canvas_change(second, 1, timeout_ms=90_000)
    assert lab.steady_hash(1) == first, "step 40 is drawn differently the second time"

    # The largest table in play, at your turn: it and its buttons fit the laptop screen.
    five = canvases.nth(2)
    _fits(lab, five, lab.page.get_by_role("button", name="Next game ▶").nth(1),
          lab.page.get_by_role("button", name="New match").nth(1))
    lab.page.screenshot(path=str(shots / "gnallknekt-five-seats-1366x768.png"))
    lab.assert_clean()


def test_make_app_serves_a_gnallknekt_table_that_answers(voila_page):
    """`make app GAME=gnallknekt`: the play notebook as a page, drawn; at your first turn the
    table says to draw, and New match deals a new match, with no errors."""
    if not (REPO / "notebooks" / "gnallknekt" / "03-play.ipynb").exists():
        pytest.skip("notebooks/gnallknekt/03-play.ipynb is not written yet")
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url("gnallknekt/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=100_000, index=0, tolerance=12)
    poll(lambda: "Draw: the stock or the discard pile." in " ".join(
        page.locator("body").all_inner_texts()), timeout_ms=90_000,
        what="your first turn, after the computers'")
    page.screenshot(path=str(_shots() / "gnallknekt-voila-app-1366x768.png"))
    before = voila_page.canvas_hash(0)
    page.get_by_role("button", name="New match").first.click()
    sure = page.get_by_role("button", name="Yes, new match").first
    try:  # asked only once a match is under way
        sure.wait_for(state="visible", timeout=5_000)
        sure.click()
    except Exception:  # noqa: BLE001 - dealt at once
        pass
    voila_page.wait_for_canvas(0, timeout_ms=60_000)
    voila_page.wait_for_canvas_change(before, 0, timeout_ms=60_000)
    voila_page.assert_clean()
