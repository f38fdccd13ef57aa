"""A closed view leaves no widget model behind.

Every ipywidgets model is registered in the kernel (and mirrored in each browser showing
it) until it is closed; a Button closed alone leaves its Layout and ButtonStyle, a box
closed alone leaves its children. A play cell run again closes the view it made before, so
a view that leaks grows the kernel and the page at every run. These tests count the
registry over many create/close cycles of every view, in every game, in-process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets.widgets.widget as ipw
import pytest

import kortspel
from kortspel.widgets import Check, Play, Replay, deck, table
from kortspel.widgets.setup_app import PlayApp

GAMES = ["kille", "knock", "kopknack", "gnallknekt"]
CYCLES = 20


def _registered() -> dict[str, Any]:
    """ipywidgets' registry of open models (``Widget.widgets``, which is deprecated in
    ipywidgets 8 and warns; this is the same dict)."""
    return ipw._instances


def _leak(make: Callable[[], Any]) -> Counter[str]:
    """The kinds of model still open after ``CYCLES`` views were made and closed (one
    first, so the sprites a game paints once per kernel are not counted)."""
    make().close()
    before = set(_registered())
    for _ in range(CYCLES):
        make().close()
    return Counter(type(w).__name__ for k, w in _registered().items() if k not in before)


def _seats(game: str) -> int:
    return kortspel.spec(game).seats[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_closed_play_leaves_nothing_open(game: str) -> None:
    def make() -> Play:
        play = Play(game=game, seats=_seats(game), seed=3, pace=0)
        play.press(next(iter(play.verb_buttons)))  # a press, so the view has been used
        return play

    assert _leak(make) == Counter()


@pytest.mark.parametrize("game", GAMES)
def test_a_closed_play_app_leaves_nothing_open(game: str) -> None:
    def make() -> PlayApp:
        app = PlayApp(game=game, seats=_seats(game), pace=0, seed=4)
        app.start()  # a second match dealt: the first is closed by the app
        return app

    assert _leak(make) == Counter()


@pytest.mark.parametrize("game", GAMES)
def test_a_closed_replay_leaves_nothing_open(game: str) -> None:
    name = kortspel.examples(game)[0]

    def make() -> Replay:
        replay = Replay(kortspel.example(name, game))
        replay.go(2)
        replay.view.value = 0  # a seat's view, then back to the teacher's
        replay.view.value = -1
        return replay

    assert _leak(make) == Counter()


@pytest.mark.parametrize("game", GAMES)
def test_closed_tables_packs_and_questions_leave_nothing_open(game: str) -> None:
    state = kortspel.load(game, seats=_seats(game)).new_hand(seed=1)
    assert _leak(lambda: table(state, viewer=0, caption="a caption")) == Counter()
    if game != "kopknack":  # Köpknack has no picture of its pack
        assert _leak(lambda: deck(game)) == Counter()
    assert _leak(lambda: Check("Which?", ["a", "b"], answer="a", explain="a.")) == Counter()
