"""The live views without ipycanvas (as in the browser-only site): drawn as SVG, clicked
through the same hit-testing, the same moves made as on the canvas."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kortspel
from kortspel.widgets import register_adapter, svg_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the test-only game
kortspel.register("highcard")  # the tests' own small game (tests/highcard.py)
register_adapter("highcard", "highcard_table")


@pytest.fixture
def no_canvas(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ipycanvas, numpy's and Pillow's users, made unimportable: ``import`` raises."""
    for name in ("ipycanvas", "PIL", "kortspel.widgets.raster"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delenv(svg_view.BACKEND_ENV, raising=False)
    yield


def _press(view: Any, x: float, y: float) -> None:
    """What the browser sends when the pointer goes down at (x, y) of the drawing."""
    view.canvas._message(view.canvas, {"event": "mouse_down", "x": x, "y": y}, [])


def test_without_ipycanvas_a_table_is_drawn_as_svg(no_canvas: None) -> None:
    from kortspel.widgets import table

    assert svg_view.live_backend() == "svg"
    state = kortspel.load("kille", seats=4).new_hand(seed=3)
    view = table(state)
    assert isinstance(view.canvas, svg_view.SvgSurface)
    assert view.canvas.svg == view.svg() and view.canvas.svg.startswith("<svg")
    assert view.canvas.drawn == 1
    bundle, _ = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert 'src="data:image/svg+xml;base64,' in bundle["text/html"]  # no Pillow: the SVG
    view.fit(700)
    assert (view.canvas.width, view.canvas.height) == view.size and view.size[0] == 700
    assert f'width="{view.size[0]}"' in view.canvas.svg and view.canvas.drawn == 2


def test_a_press_on_the_svg_reaches_the_same_hit_testing(no_canvas: None) -> None:
    from kortspel.widgets import table

    view = table(kortspel.load("kille", seats=4).new_hand(seed=3))
    got: list[Any] = []
    view.on_click = got.append
    card = next(c for c in view.layout_now.cards if c.ref is not None)
    _press(view, *card.box.centre)
    _press(view, 1, 1)  # the felt's corner: nothing there
    assert got == [view.layout_now.hit(*card.box.centre), None]
    assert got[0] is not None
    _press(view, "x", None)  # a malformed message is dropped, never raised
    view.canvas._message(view.canvas, "nonsense", [])
    assert len(got) == 2


def test_a_match_is_played_by_presses_on_the_svg(no_canvas: None) -> None:
    from kortspel.widgets import Play

    p = Play(game="highcard", seats=3, seed=5, pace=0, length=None, auto=False)
    assert isinstance(p.table.canvas, svg_view.SvgSurface)
    before, drawn = p.table.canvas.svg, p.table.canvas.drawn

    def press(ref: Any) -> None:
        box = p.table.layout_now.boxes_of(ref)[0]
        _press(p.table, *box.centre)

    press(("seat", 0))  # the card: selected, the stock outlined, drawn again
    assert p._clicks and p.table.canvas.drawn > drawn and p.table.canvas.svg != before
    press(("stock",))
    assert [a.verb for a in p.hand.actions][:1] == ["trade"]


def test_a_replay_steps_with_keys_on_the_svg(no_canvas: None) -> None:
    from kortspel.widgets import Replay

    r = Replay(kortspel.example(kortspel.examples("kille")[0], "kille"))
    assert isinstance(r.table.canvas, svg_view.SvgSurface)
    key = {"event": "key_down", "key": "ArrowRight", "shift": False, "ctrl": False,
           "meta": False}
    r.table.canvas._message(r.table.canvas, key, [])
    assert r.step == 1


def test_the_canvas_stays_the_default_where_ipycanvas_is_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipycanvas")
    from ipycanvas import Canvas

    from kortspel.widgets import table

    monkeypatch.delenv(svg_view.BACKEND_ENV, raising=False)
    assert svg_view.live_backend() == "canvas"
    view = table(kortspel.load("kille", seats=4).new_hand(seed=3))
    assert isinstance(view.canvas, Canvas)
    monkeypatch.setenv(svg_view.BACKEND_ENV, "svg")
    assert svg_view.live_backend() == "svg"
    monkeypatch.setenv(svg_view.BACKEND_ENV, "pixels")
    with pytest.raises(kortspel.KortspelError, match="'canvas' or 'svg'"):
        svg_view.live_backend()
