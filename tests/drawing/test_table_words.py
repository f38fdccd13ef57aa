"""The words on a table, in every game, at every size a page gives it: none drawn smaller
than 11 pixels (the table is drawn at its size on the page, so that is their size on the
screen), each label whole and the same at every size, words on a seat's grey plate (out of
the game) light enough to read, a plate's last line on the felt, and the table as wide as
its place on the page says.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import kortspel
from kortspel.widgets import Play, table
from kortspel.widgets.drawing import OUT_PLATE, paint_table
from kortspel.widgets.games import adapter_for
from kortspel.widgets.geometry import MIN_TEXT, felt, layout, zone_label
from kortspel.widgets.paint import RecordingPainter, text_width

GAMES = ["kille", "knock", "kopknack", "gnallknekt"]
# The widths a play table gets at 1366×768: JupyterLab with the file browser open (the
# words under it), JupyterLab alone and Voilà (beside it); a bare table; the narrowest.
SIZES = [(934, 486), (852, 528), (968, 600), (960, 600), (520, 270)]


def _states(game: str, every: int) -> Iterator[Any]:
    for name in kortspel.examples(game):
        yield from kortspel.frames(kortspel.example(name, game))[::every]


def _texts(lay: Any) -> list[tuple[str, float, str, float, float]]:
    p = RecordingPainter()
    paint_table(p, lay)
    return [(op[1][2], op[2].get("size", 12.0), op[2].get("fill", "#000"), op[1][0], op[1][1])
            for op in p.ops if op[0] == "text"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_word_on_a_table_is_drawn_smaller_than_11_pixels(game: str, size: Any) -> None:
    adapter = adapter_for(game)
    for k, st in enumerate(_states(game, 7)):
        viewer = None if k % 2 else k % st.game.seats
        for text, px, _fill, _x, _y in _texts(layout(adapter.model(st, viewer), *size)):
            assert px >= MIN_TEXT, (game, size, text, px)


def test_gnallknekt_says_stock_and_out_of_play_whole_at_every_size() -> None:
    """01-rules' last table (five seats, small cards) said "12" under the stock where every
    other said "stock 64": the adapter's short label, drawn when the words were wider than
    the cards. Labels are never shortened now; the cards make room for them."""
    st = kortspel.replay(kortspel.example("endgame-draw", "gnallknekt"))
    for size in SIZES:
        lay = table(st).layout_now if size == (960, 600) else layout(
            adapter_for("gnallknekt").model(st, None), *size)
        drawn = [t[0] for t in _texts(lay)]
        assert any(t.startswith("stock ") for t in drawn), (size, drawn)
        assert any(t.startswith("out of play ") for t in drawn), (size, drawn)
        assert not any(t.isdigit() for t in drawn), (size, drawn)


@pytest.mark.parametrize("game", GAMES)
def test_every_zone_label_is_drawn_whole(game: str) -> None:
    adapter = adapter_for(game)
    for st in _states(game, 11):
        for size in SIZES[:3]:
            model = adapter.model(st, None)
            lay = layout(model, *size)
            drawn = {t[0] for t in _texts(lay)}
            zones = [z for s in model.seats for z in s.zones] + list(model.centre)
            for z in zones:
                label = zone_label(z)
                assert not label or label in drawn, (game, size, label)


# -- a seat out of the game ---------------------------------------------------------------


def _luminance(colour: str) -> float:
    h = colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _knock_round_ends(seats: int, seeds: range) -> Iterator[Play]:
    """Knock matches of random play, stopped at the end of every round (the plates' notes
    are written then)."""
    for seed in seeds:
        play = Play(game="knock", seats=seats, seed=seed, pace=0, opponents="random")
        rng = random.Random(seed)
        for _ in range(3000):
            if play.match.is_over:
                break
            if play.hand.is_over:
                yield play
                play._next_hand()
                continue
            seat = play._acting_human()
            if seat is None:
                play.bot_step()
                continue
            play.act(rng.choice(play.hand.legal_actions(seat)))
        yield play
        play.close()


def test_words_on_a_grey_plate_read_at_4_5_to_1() -> None:
    """"knock fails: ★2 +10" was purple on the grey of a seat out of the game (1.6:1), its
    name and points black on it (3:1)."""
    checked = 0
    for play in _knock_round_ends(2, range(10, 20)):
        lay = play.table.layout_now
        for plate in (p for p in lay.plates if p.out):
            b = plate.box
            for text, _px, fill, x, y in _texts(lay):
                if text == "D":
                    continue  # the dealer's mark: ink on its gold disc, not on the grey
                if b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h:
                    assert contrast(fill, OUT_PLATE) >= 4.5, (text, fill)
                    checked += plate.notes == text
    assert checked, "no out plate with notes was drawn"


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_bottom_plates_notes_lie_on_the_felt(seats: int) -> None:
    """The plate at the bottom is the one the felt's edge crossed, its last line (the notes)
    drawn over the dark edge."""
    found = 0
    for play in _knock_round_ends(seats, range(1, 6)):
        for size in ((960, 600), (934, 486)):
            play.table.fit(size[0])
            lay = play.table.layout_now
            cx, cy, rx, ry, edge = felt(lay.width, lay.height)
            rx, ry = rx - edge / 2, ry - edge / 2
            bottom = max(lay.plates, key=lambda p: p.box.y)
            if not bottom.notes:
                continue
            found += 1
            half = text_width(bottom.notes, bottom.notes_size, bold=True) / 2
            mid = bottom.box.x + bottom.box.w / 2
            y = bottom.box.y + bottom.box.h
            for x in (mid - half, mid + half):
                assert ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1, (seats, bottom.notes)
    assert found


def test_knock_says_the_end_of_a_match_once() -> None:
    """"Every seat went over 100: nobody wins." stood above "Every seat is over 100: nobody
    wins the game."; the winner was said twice the same way."""
    ends = 0
    for seats in (2, 3):
        for play in _knock_round_ends(seats, range(1, 8)):
            if not play.match.is_over:
                continue
            ends += 1
            said = " ".join(w.value for w in (play.progress, play.news, play.status,
                                              play.review))
            assert said.count("nobody wins") + said.count(" wins the game") <= 1, said
    assert ends


# -- the table as wide as its place ---------------------------------------------------------


def test_a_table_is_drawn_as_wide_as_its_place_and_its_words_keep_their_size() -> None:
    state = kortspel.load("gnallknekt", seats=5).new_hand(seed=2)
    view = table(state)
    assert view.size == (960, 600)  # no browser has measured it
    view.fit(700)
    assert view.size == (700, round(700 * view.aspect))
    assert (view.canvas.width, view.canvas.height) == view.size
    assert (view.layout_now.width, view.layout_now.height) == view.size
    assert view.canvas.layout.max_width == "700px"
    assert min(t[1] for t in _texts(view.layout_now)) >= MIN_TEXT
    view.fit(200)  # a phone: drawn at the narrowest, and shrunk by the page
    assert view.size[0] == view.MIN_WIDTH
    view.fit(3000)
    assert view.size[0] == view.MAX_WIDTH
    view.close()


def test_a_play_table_is_flatter_when_its_words_go_under_it() -> None:
    play = Play(game="knock", seats=4, seed=1, pace=0)
    play.table.probe.width = 934  # as the browser reports it
    play.probe.width = 934  # the view is narrower than table and words side by side
    assert play.table.size == (934, round(934 * Play.STACKED_ASPECT))
    play.probe.width = 1336  # Voilà: the words beside the table
    play.table.probe.width = 968
    assert play.table.size == (968, min(600, round(968 * Play.ASPECT)))
    play.close()
