"""Swedish Knock in a real JupyterLab: a round played to its end by clicking on the drawn
table, the canvas read back after every click, and the largest table on a laptop screen.

The notebooks (tests/browser/notebooks/knock_*.ipynb) are served from a copy, as every browser
test's are, since JupyterLab saves what it opens. Screenshots go to ``KORTSPEL_SHOTS`` (by
default .pytest_cache/knock) for a person to look at.
"""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest
from browser_helpers import poll

REPO = Path(__file__).resolve().parents[2]
FELT = "#1f6b45"  # the table's felt (widgets/drawing.py)
PAPER = "#fdfaf2"  # card faces and seat plates
GOLD = "#f2c94c"  # the gold of a set's outline, the seat to act, "Knack!"
NEXT_CELL = 2  # knock_play.ipynb: prints where to click next
LAPTOP = {"width": 1366, "height": 768}
LAB_BARS = 100  # JupyterLab's own bars take about this much of the 768 px

pytestmark = pytest.mark.browser


def _shots() -> Path:
    folder = Path(os.environ.get("KORTSPEL_SHOTS") or REPO / ".pytest_cache" / "knock")
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


def _wide(lab) -> None:
    """Fold JupyterLab's left sidebar away (for the pictures a person looks at)."""
    lab.page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    lab.page.wait_for_timeout(500)
    lab.wait_for_fit(0)  # the table draws itself again at its new width


def _side_text(lab) -> str:
    return " ".join(lab.page.locator(".jp-OutputArea-output").all_inner_texts())


def test_a_round_is_played_to_its_end_by_clicking_the_table(lab):
    lab.page.set_viewport_size(LAPTOP)
    lab.open("knock_play.ipynb")
    lab.run_all()
    _drawn(lab, 0)
    canvas = lab.page.locator(".jp-OutputArea-output canvas").nth(0)
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    shots = _shots()
    _wide(lab)  # the file browser folded away, as a learner at a small screen would

    tick = 2  # run-all printed the first line
    move = _next_move(lab, tick)
    assert not move["over"] and "click" in move, move
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    lab.page.screenshot(path=str(shots / "knock-seat-view-1366x768.png"))
    # The teacher's view (practice): every card face up, then back to your own view.
    before = lab.canvas_hash(0)
    teacher = lab.page.get_by_role("checkbox", name="Show every card (practice)")
    teacher.check()
    shown = lab.wait_for_canvas_change(before, 0)
    lab.page.screenshot(path=str(shots / "knock-teacher-view-1366x768.png"))
    teacher.uncheck()
    assert lab.wait_for_canvas_change(shown, 0) == before

    clicks, knocked = 0, False
    while not move["over"]:
        assert tick < 60, "the round did not end"
        before = lab.canvas_hash(0)
        if "button" in move:
            lab.click_button(move["button"])
            knocked = True
        else:
            box = canvas.bounding_box()  # the table's page size over its drawn size
            scale = box["width"] / move["width"]
            x, y = move["click"]
            canvas.click(position={"x": x * scale, "y": y * scale})
            clicks += 1
        lab.wait_for_canvas_change(before, 0)  # the click was drawn, read back from the canvas
        tick += 1
        after = _next_move(lab, tick)
        assert after["mine"] > move["mine"] or after["over"], (move, after)
        move = after
    assert clicks >= 2, "no draw and discard were made by clicking"

    # The round's end: every hand shown with its sets outlined in gold, the review beside.
    _drawn(lab, 0)
    gold = lab.canvas_stats(0, colors={"gold": GOLD}, tolerance=20)["colors"]["gold"]
    assert gold > 200, "no gold on the table: no set outlined, nobody to act"
    text = _side_text(lab)
    assert "This round:" in text and "Press Next round" in text, text[-600:]
    if knocked:
        assert "You knock" in text
    lab.page.screenshot(path=str(shots / "knock-round-over-1366x768.png"))

    # A click on the finished table changes nothing; Next round deals on.
    before = lab.canvas_hash(0)
    canvas.click(position={"x": 8, "y": 8})
    lab.click_button("Next round ▶")
    lab.wait_for_canvas_change(before, 0)
    tick += 1
    assert not _next_move(lab, tick)["over"]
    lab.assert_clean()


def test_the_largest_table_fits_a_laptop_and_a_worked_round_replays(lab):
    """Five seats: the whole table and the buttons to play it show at once at 1366×768."""
    lab.page.set_viewport_size(LAPTOP)
    lab.open("knock_five.ipynb")
    lab.run_all()
    _drawn(lab, 0)
    _drawn(lab, 1)
    canvas = lab.page.locator(".jp-OutputArea-output canvas").nth(0)
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    knock = lab.page.get_by_role("button", name="Knock", exact=True).first
    next_round = lab.page.get_by_role("button", name="Next round ▶").first
    top, bottom, last = canvas.bounding_box(), knock.bounding_box(), next_round.bounding_box()
    assert top is not None and bottom is not None and last is not None
    assert top["x"] >= 0 and top["x"] + top["width"] <= LAPTOP["width"]
    span = max(top["y"] + top["height"], bottom["y"] + bottom["height"],
               last["y"] + last["height"]) - min(top["y"], bottom["y"], last["y"])
    assert span <= LAPTOP["height"] - LAB_BARS, f"the table and its buttons need {span:.0f} px"
    _wide(lab)
    canvas.evaluate("c => c.scrollIntoView({block: 'start'})")
    lab.page.screenshot(path=str(_shots() / "knock-five-seats-1366x768.png"))

    # The worked round steps forward and back, drawn each time.
    replay = lab.page.locator(".jp-OutputArea-output canvas").nth(1)
    replay.scroll_into_view_if_needed()
    first = lab.canvas_hash(1)
    lab.click_button("Next ▶")
    second = lab.wait_for_canvas_change(first, 1)
    lab.click_button("◀ Back")
    assert lab.wait_for_canvas_change(second, 1) == first
    lab.assert_clean()


def _body(page) -> str:
    return " ".join(page.locator("body").all_inner_texts())


def _play_app_settings(notebook: Path) -> dict:
    """The keywords of the ``PlayApp(...)`` call in a play notebook: the page's settings."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    call = next(n for n in ast.walk(ast.parse(code))
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "PlayApp")
    return {k.arg: ast.literal_eval(k.value) for k in call.keywords}


def _seed_where_you_may_knock() -> int:
    """The first seed whose deal, with the settings knock/03-play.ipynb gives, has a turn of
    yours on which you may knock: found by dealing it here, as the page will."""
    from kortspel.widgets.setup_app import PlayApp

    settings = _play_app_settings(REPO / "notebooks" / "knock" / "03-play.ipynb")
    for seed in range(1, 200):
        app = PlayApp(**{**settings, "pace": 0, "seed": seed})
        assert app.play is not None
        shown = app.play.verb_buttons["knock"].layout.display != "none"
        app.play.close()
        if shown:
            return seed
    raise AssertionError("no seed from 1 to 199 gives you a turn on which you may knock")


def test_make_app_serves_a_knock_table_that_plays(voila_page):
    """`make app GAME=knock`: the play notebook as a page, drawn, answering the Knock button,
    with no errors."""
    if not (REPO / "notebooks" / "knock" / "03-play.ipynb").exists():
        pytest.skip("notebooks/knock/03-play.ipynb is not written yet")
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url("knock/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=100_000, index=0, tolerance=12)
    poll(lambda: "Your turn" in _body(page) or "Your last turn" in _body(page),
         timeout_ms=60_000, what="your first turn, after the computers'")
    # The page deals with a new seed each time, and in about one deal in twenty a computer
    # knocks before your first turn, which then has no Knock. So the seed box deals one where
    # you may knock, as a teacher types a seed for the class.
    seed = _seed_where_you_may_knock()
    before = voila_page.canvas_hash(0)
    page.get_by_role("textbox", name="Seed").first.fill(str(seed))
    page.get_by_role("button", name="New game").first.click()
    poll(lambda: f"Seed {seed} (the seed you typed)" in _body(page), timeout_ms=30_000,
         what=f"the match dealt with seed {seed}")
    voila_page.wait_for_canvas_change(before, 0, timeout_ms=60_000)
    knock = page.get_by_role("button", name="Knock", exact=True).first
    knock.wait_for(state="visible", timeout=60_000)  # your first turn, after the computers'
    before = voila_page.canvas_hash(0)
    knock.click()
    voila_page.wait_for_canvas_change(before, 0)
    poll(lambda: "This round:" in _body(page),
         timeout_ms=60_000, what="the round's review after the last turns")
    page.screenshot(path=str(_shots() / "knock-voila-app-1366x768.png"))
    voila_page.assert_clean()
