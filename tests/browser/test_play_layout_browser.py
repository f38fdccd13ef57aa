"""The play page at 1366×768 in Voilà (``make app``), as a learner sees it (issue 38, items
11 and 12): the Knock table with the learner's own hand on the first screen; Kille's
question before a matador is swapped away with its Yes and No whole; after the hand, who
lost and why in sight, the coach's review in a box of bounded height, and the step-through
scrolled into sight with its table and note on one screen; a whole Gnällknekt game's review
in that same box. Screenshots go to ``KORTSPEL_SHOTS`` (by default /tmp/play-layout-shots)
for a person to look at.

The checks read the page's boxes (``getBoundingClientRect``), never a fixed wait: each
waits for the condition it needs (a table drawn again at the height the page leaves it, a
review written, a replay scrolled to).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_helpers import poll

REPO = Path(__file__).resolve().parents[2]
LAPTOP = {"width": 1366, "height": 768}
FELT = "#1f6b45"
PAPER = "#fdfaf2"  # card faces and seat plates

pytestmark = pytest.mark.browser


def _shots() -> Path:
    folder = Path(os.environ.get("KORTSPEL_SHOTS") or "/tmp/play-layout-shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _box(locator) -> dict:
    """A locator's box on the screen now (not scrolled to, as ``bounding_box`` is too)."""
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; }")


def _on_screen(box: dict, what: str) -> None:
    assert box["x"] >= 0 and box["y"] >= 0, (what, box)
    assert box["right"] <= LAPTOP["width"] + 0.5 and box["bottom"] <= LAPTOP["height"] + 0.5, \
        (what, box)


def _body(page) -> str:
    return page.inner_text("body")


def _play_app_settings(notebook: Path) -> dict:
    """The keywords of the ``PlayApp(...)`` call in a play notebook: the page's settings."""
    import ast

    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    call = next(n for n in ast.walk(ast.parse(code))
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "PlayApp")
    return {k.arg: ast.literal_eval(k.value) for k in call.keywords}


def test_the_knock_page_shows_the_whole_table_and_your_hand(voila_page):
    """Voilà's Knock page at 1366×768: under the page's header the table was 600 pixels
    high and ran past the screen's edge, the learner's own hand with it. The table is drawn
    within the room under its top: all of it on the first screen, the hand face up at its
    bottom, with no scrolling."""
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url("knock/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=100_000, index=0, tolerance=12)
    canvas = page.locator(".jp-OutputArea-output canvas").first

    def fitted():  # drawn again at the height the page leaves it, one pixel to one
        box = _box(canvas)
        size = canvas.evaluate("c => [c.width, c.height]")
        return box if (box["bottom"] <= LAPTOP["height"] and abs(box["h"] - size[1]) <= 1
                       and box["w"] > 700) else None

    box = poll(fitted, timeout_ms=60_000, what="the table drawn within the screen")
    assert page.evaluate("() => window.scrollY") == 0
    _on_screen(box, "the table")
    # The learner's hand is face up at the table's bottom: paper in its lowest quarter.
    paper = canvas.evaluate(
        """(c) => { const h = Math.floor(c.height / 4);
             const d = c.getContext('2d').getImageData(0, c.height - h, c.width, h).data;
             let n = 0;
             for (let i = 0; i < d.length; i += 4)
               if (d[i] > 240 && d[i + 1] > 240 && d[i + 2] > 230) n++;
             return n; }""")
    assert paper > 7_000, f"no face-up hand at the table's bottom ({paper} pixels)"
    page.screenshot(path=str(_shots() / "knock-voila-page-1366x768.png"))
    voila_page.assert_clean()


def _seed_with_a_matador() -> int:
    """The first seed whose deal, with kille/03-play.ipynb's settings, gives you a matador
    to keep or swap on your first turn: found by dealing it here, as the page will."""
    from kortspel.kille import MATADORS, parse_kind
    from kortspel.widgets.setup_app import PlayApp

    settings = _play_app_settings(REPO / "notebooks" / "kille" / "03-play.ipynb")
    for seed in range(1, 200):
        app = PlayApp(**{**settings, "pace": 0, "seed": seed})
        p = app.play
        assert p is not None
        ok = (p._human_turn() == 0 and p.verb_buttons["swap"].layout.display != "none"
              and parse_kind(p.hand.card(0)) in MATADORS)
        app.close()
        if ok:
            return seed
    raise AssertionError("no seed from 1 to 199 deals you a matador on your first turn")


def test_kille_question_review_and_step_through_fit_the_screen(voila_page):
    """Kille's page at 1366×768, a matador dealt to you: Swap asks first, and Yes and No
    show their words whole (they were cut to "Y…" and "N…"). After the hand: who lost and
    why is the first line of the hand's box, in sight; the coach's review stands in a box no
    higher than half the screen; Step through scrolls the replay into sight, its table and
    the step's note on one screen."""
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url("kille/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=50_000, index=0, tolerance=12)
    seed = _seed_with_a_matador()
    page.get_by_role("textbox", name="Seed").first.fill(str(seed))
    page.get_by_role("button", name="New match").first.click()
    poll(lambda: f"Seed {seed} (the seed you typed)" in _body(page), timeout_ms=30_000,
         what=f"the match dealt with seed {seed}")
    swap = page.get_by_role("button", name="Swap", exact=True).first
    swap.wait_for(state="visible", timeout=60_000)
    poll(lambda: swap.is_enabled() and "Your turn" in _body(page), timeout_ms=60_000,
         what="your turn")
    swap.click()
    poll(lambda: "Swap it away?" in _body(page), what="the question about the matador")
    shots = _shots()
    for name in ("Yes", "No"):
        b = page.get_by_role("button", name=name, exact=True).first
        b.wait_for(state="visible")
        whole = b.evaluate("b => [b.scrollWidth, b.clientWidth, b.innerText]")
        assert whole[0] <= whole[1] and whole[2].strip() == name, (name, whole)
        _on_screen(_box(b), f"the {name} button")
    page.screenshot(path=str(shots / "kille-swap-question-1366x768.png"))
    page.get_by_role("button", name="No", exact=True).first.click()
    stand = page.get_by_role("button", name="Stand", exact=True).first
    stand.click()

    # The hand's box: who lost and why first, in sight without scrolling it.
    hand_box = page.locator(".jp-OutputArea-output").get_by_text("This hand:").first
    hand_box.wait_for(timeout=60_000)
    first = hand_box.locator("xpath=following::li[1]")
    assert "loses a life" in first.inner_text() or "lose a life" in first.inner_text()
    outer = hand_box.locator("xpath=ancestor::div[contains(@class,'widget-html')][1]")
    inside, line = _box(outer), _box(first)
    assert inside["y"] <= line["y"] and line["bottom"] <= inside["bottom"] + 0.5, \
        (inside, line)
    _on_screen(line, "the line of who lost")

    # The coach's review: a box no higher than half the screen.
    review = page.locator(".kortspel-review").first
    poll(lambda: "The coach's review" in review.inner_text(), timeout_ms=120_000,
         what="the coach's review")
    assert _box(review)["h"] <= LAPTOP["height"] / 2, _box(review)
    page.screenshot(path=str(shots / "kille-hand-over-1366x768.png"))

    # Step through: scrolled into sight by itself; the table and the note on one screen.
    canvases = len(voila_page.canvases())
    page.get_by_role("button", name="Step through the hand ▶").first.click()
    poll(lambda: len(voila_page.canvases()) > canvases, what="the step-through's table")
    voila_page.wait_for_color(FELT, min_count=50_000, index=canvases, tolerance=12)
    replay = page.locator(".jp-OutputArea-output canvas").nth(canvases)
    note = page.get_by_text("The deal.", exact=False).last

    def in_sight():
        table, words = _box(replay), _box(note)
        size = replay.evaluate("c => [c.width, c.height]")
        drawn = abs(table["h"] - size[1]) <= 1 and abs(table["w"] - size[0]) <= 1
        fits = (table["y"] >= 0 and table["bottom"] <= LAPTOP["height"]
                and words["y"] >= 0 and words["bottom"] <= LAPTOP["height"])
        return (table, words) if drawn and fits else None

    table, words = poll(in_sight, timeout_ms=30_000,
                        what="the replay's table and note on the screen")
    _on_screen(table, "the step-through's table")
    _on_screen(words, "the step's note")
    assert table["w"] >= 700, table  # not shrunk to fit: drawn beside its note
    page.screenshot(path=str(shots / "kille-step-through-voila-1366x768.png"))
    page.get_by_role("button", name="Next ▶", exact=True).last.click()
    poll(lambda: "Step 1 of" in _body(page), what="the first step")
    _on_screen(_box(page.get_by_text("Step 1 of", exact=False).last), "the next step's note")
    voila_page.assert_clean()


LONG_GAME = """from kortspel.widgets import Play

# A whole Gnällknekt game, your moves made here at once, then reviewed in the page.
p = Play("gnallknekt", seats=3, seed=11, pace=0, coach_playouts=6)
for _ in range(5000):
    if p.hand.is_over:
        break
    seat = p._human_turn()
    if seat is not None:
        p.act(p.hand.legal_actions(seat)[-1])
    else:
        p.bot_step()
p
"""


def _notebook(path: Path, code: str) -> None:
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                   "outputs": [], "source": code}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")


def test_a_whole_gnallknekt_games_review_stands_in_one_box(voila_page):
    """A whole Gnällknekt game's review (some fifty decisions of yours here, a hundred in a
    long game) was a column many screens long beside the table. It stands in a box no
    higher than half the screen, which scrolls, the summary at its top in sight."""
    _notebook(voila_page.server.root / "layout_long_review.ipynb", LONG_GAME)
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url("layout_long_review.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=180_000)
    review = page.locator(".kortspel-review").first
    poll(lambda: review.count() and "The coach's review" in review.inner_text(),
         timeout_ms=300_000, interval_s=1.0, what="the review of the whole game")
    review.evaluate("e => e.scrollIntoView({block: 'start'})")
    box = _box(review)
    sizes = review.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert box["h"] <= LAPTOP["height"] / 2, box
    assert sizes[0] > sizes[1], f"a whole game's review fits {sizes}: nothing to scroll"
    _on_screen(box, "the review's box")
    summary = review.locator("p").first
    line = _box(summary)
    assert box["y"] <= line["y"] < box["bottom"], (box, line)  # the summary at the top
    assert "better" in summary.inner_text() or "played well" in summary.inner_text()
    page.screenshot(path=str(_shots() / "gnallknekt-long-review-1366x768.png"))
    voila_page.assert_clean()
