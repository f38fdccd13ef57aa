"""The play page's panels and buttons laid out for a laptop's screen (issue 38, items 11 and
12), checked on the widgets without a browser: the sizes their Layouts ask for, the sizes the
tables are drawn at for the room a browser reports, and the HTML the panels write.
The browser checks the same at 1366×768 (tests/browser/test_play_layout_browser.py).
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

import ipywidgets as W
import pytest
from play_helpers import finish_hand

from kortspel import coach
from kortspel.widgets import Play, Replay
from kortspel.widgets.play.panels import outcome_first
from kortspel.widgets.views import TableView

GAMES = {"kille": 5, "knock": 4, "kopknack": 4, "gnallknekt": 3}


def _items(value: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", t))
            for t in re.findall(r"<li>(.*?)</li>", value, flags=re.S)]


def _buttons(widget: W.Widget) -> list[W.Button]:
    found, todo = [], [widget]
    while todo:
        w = todo.pop()
        if isinstance(w, W.Button | W.ToggleButton):
            found.append(w)
        todo.extend(getattr(w, "children", ()))
    return found


# -- item 12: buttons as wide as their words ----------------------------------------------


def test_no_button_of_the_play_view_is_squeezed_below_its_words() -> None:
    """Kille's "You hold Värdshus, a matador. Swap it away?" squeezed Yes and No to "Y…" and
    "N…": a flex item shrinks unless told not to. Every button keeps its width (``flex: 0
    0 auto``), the question takes what is left and wraps, and the row wraps the buttons
    under it where the column is narrow."""
    p = Play("kille", seats=5, seed=1, pace=0)
    try:
        assert p._human_turn() is not None
        p.press("swap")
        assert p.confirm.layout.display != "none" and "matador" in p.question.value
        for b in _buttons(p):
            assert b.layout.flex == "0 0 auto", (b.description, b.layout.flex)
        assert p.confirm.layout.flex_flow == "row wrap"
        assert p.question.layout.flex.startswith("1 1") and p.question.layout.min_width == "0"
    finally:
        p.close()


# -- item 12: the table fits the screen under the page's header ---------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_drawn_no_higher_than_the_room_under_it(game: str) -> None:
    """Voilà's page at 1366×768: the header (title, words, settings) ends 257 pixels down
    (289 where the settings take two rows), and a table 968×600 under it ran past the
    screen's edge, the learner's own hand with it. Told the screen and the table's place,
    the view draws the table within the room under it, no flatter than half as high as
    wide (narrower instead); in a notebook, where the table stands further down and is
    scrolled to, within one screen."""
    p = Play(game, seats=GAMES[game], seed=3, pace=0, review=False)
    try:
        table = p.table
        margin = p.ROOM_MARGIN
        p._page_width(1336)  # the words beside the table, as on the page at 1366
        for screen, top, width in ((768, 257, 968), (768, 289, 968), (1080, 257, 968)):
            p._page_room(screen, top)
            table.fit(width)
            w, h = table.size
            assert top + h + margin <= screen, (screen, top, table.size)
            assert h >= w * TableView.FLATTEST - 1 and w <= width
            assert (table.canvas.width, table.canvas.height) == (w, h)
            # Everything of the seat on show is drawn inside the table: the learner's hand.
            lay = table.layout_now
            mine = [c.box for c in lay.cards if c.seat == p._screen]
            assert mine and all(b.y + b.h <= h for b in mine)
        # Further down a notebook (the learner scrolls to it): one screen's room.
        p._page_room(650, 420)
        table.fit(968)
        assert table.size == (968, min(600, 650 - margin))
        # No browser has said: as wide and high as before.
        fresh = Play(game, seats=GAMES[game], seed=3, pace=0, review=False)
        try:
            fresh._page_width(1336)
            fresh.table.fit(968)
            assert fresh.table.size == (968, 600)
        finally:
            fresh.close()
    finally:
        p.close()


# -- item 11: the step-through fits beside its note --------------------------------------


def test_the_step_through_stands_beside_its_note_or_flatter_above_it() -> None:
    """The step-through's table was 1000×600 with its buttons and note under it, past a
    laptop's 768 pixels. Its buttons and note now stand beside the table where the replay
    is wide enough (the table as before, at most 600 high: with the title it fits); where
    they go under it, the table is drawn half as high as wide, so all of it fits."""
    import kortspel

    r = Replay(kortspel.example("hussar"))
    try:
        row = r.children[1]
        assert isinstance(row, W.HBox) and row.layout.flex_flow == "row wrap"
        assert list(row.children) == [r.table, r.side]
        assert r.note in r.side.children
        r._page_width(1336)  # a play view's width on Voilà's page at 1366
        r.table.fit(1336 - 300)
        assert r.table.size == (1000, 600)
        r._page_width(900)  # too narrow for both: the note goes under a flatter table
        r.table.fit(900)
        assert r.table.size == (900, 450)
        r._page_width(1336)
        assert r.table.size == (900, 562)  # as high again (600/960), at the width it had
    finally:
        r.close()


# -- item 11: the review's layout -------------------------------------------------------


def _reviewed(game: str, seed: int = 11) -> Play:
    p = Play(game, seats=GAMES[game], seed=seed, pace=0, coach_playouts=4)
    finish_hand(p)
    assert p.coach.result is not None, p.coach.progress.value
    return p


def test_the_review_says_its_costliest_decision_once_after_the_summary() -> None:
    """The review said its costliest decision three times: in the list, in a "Costliest"
    line, and in the summary. The summary comes first and says it (what it cost, what was
    better); the list names it by its move and grade only."""
    p = _reviewed("kille")
    try:
        rv = p.coach.result
        d = rv.decisions[0]
        worse = replace(d, grade="mistake", loss=0.3, loss_low=0.2, loss_high=0.4,
                        words=f"{coach.MARKS['mistake']} Swap: mistake — stand was better by "
                              "about 30 percentage points.")
        summary = ("It went against you, and your decisions played a part: your costliest "
                   "decision was to swap (a mistake): stand was better by about 30 "
                   "percentage points.")
        p.coach._show_review(replace(rv, decisions=(worse,), summary=summary))
        value = p.coach.review_words.value
        text = html.unescape(re.sub(r"<[^>]+>", " ", value))
        assert text.count("stand was better by about 30") == 1, text
        assert "Costliest (" not in text
        assert value.index(html.escape(summary)) < value.index("<ol")
        assert _items(value)[0].startswith(f"{coach.MARKS['mistake']} Swap: mistake")
        assert "the costliest" in _items(value)[0]
    finally:
        p.close()


def test_a_long_review_stands_in_a_bounded_box_its_summary_first() -> None:
    """A whole Gnällknekt game is some hundred decisions: listed one under another beside
    the table, the review ran many screens down the page. It stands in a box of bounded
    height that scrolls, its summary at the top; the decisions that cost are listed, the
    rest counted."""
    p = _reviewed("kille")
    try:
        rv = p.coach.result
        d = rv.decisions[0]
        grades = ["best", "good", "inaccuracy", "mistake"]
        many = tuple(replace(d, step=i, grade=grades[i % 4],
                             words=f"{coach.MARKS[grades[i % 4]]} Move {i}: {grades[i % 4]}.")
                     for i in range(100))
        p.coach._show_review(replace(rv, decisions=many))
        box = p.coach.review_words
        assert box.layout.max_height and box.layout.max_height.endswith("em")
        assert float(box.layout.max_height[:-2]) <= 30 and box.layout.overflow == "auto"
        value = box.value
        assert value.index(html.escape(rv.summary)) < value.index("<ol")
        items = _items(value)
        assert len(items) == 50 + 1  # the 50 that cost, and a line counting the rest
        assert "50 more decisions, each best or good" in items[-1]
    finally:
        p.close()


# -- item 11: the "This hand" box, the outcome first ------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_box_says_who_lost_or_won_first(game: str) -> None:
    """The box of the game's lines about a finished hand is a few lines high; Kille's "Bo
    loses a life: a 1 was the lowest card…" came last, below its fold. The lines that are
    not one seat's part come first, so who lost or won, and why, shows without scrolling."""
    p = Play(game, seats=GAMES[game], seed=3, pace=0, review=False)
    try:
        finish_hand(p)
        said = p.adapter.review(p.hand, p._viewer())
        items = _items(p.review.value)
        assert sorted(items) == sorted(said)
        names = {n.casefold() for n in p.game.names} | {"you"}
        first = items[0].split(":")[0].strip().casefold()
        assert first not in names, items  # not a seat's own line
        seen_seat = False
        for t in items:
            mine = ":" in t and t.split(":")[0].strip().casefold() in names
            assert not (seen_seat and not mine), items  # no outcome line after a seat's
            seen_seat = seen_seat or mine
        if game == "kille":
            assert "loses a life" in items[0]
    finally:
        p.close()


def test_outcome_first_keeps_each_kinds_order() -> None:
    lines = ["You: swapped.", "Anna: stood.", "Anna loses a life: a 1 was lowest.",
             "The pot goes on."]
    assert outcome_first(lines, ["you", "Anna"]) == [
        "Anna loses a life: a 1 was lowest.", "The pot goes on.", "You: swapped.",
        "Anna: stood."]
