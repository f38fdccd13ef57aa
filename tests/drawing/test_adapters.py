"""Every game's table through the same core: Kille and the test-only High card, which plugs in
with nothing but its own adapter (tests/highcard_table.py). One message per redraw, no
hidden card in a seat's view, a replay, and a two-click action played by clicking."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import kortspel
from kortspel.widgets import register_adapter, svg_table, table_model
from kortspel.widgets.canvas_io import counting_messages
from kortspel.widgets.geometry import layout, problems

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the test-only game
kortspel.register("highcard")
register_adapter("highcard", "highcard_table")
GAMES = ["kille", "highcard"]


def states(game: str, hands: int = 6):
    rng = random.Random(7)
    low, high = kortspel.spec(game).seats
    for seats in range(low, high + 1):
        table = kortspel.load(game, seats=seats)
        bots = [kortspel.bot_for(game, "random") for _ in range(seats)]
        for _ in range(hands):
            st = table.new_hand(rng=rng)
            yield st.clone()
            while not st.is_over:
                kortspel.step(st, bots, rng)
                yield st.clone()


@pytest.mark.parametrize("game", GAMES)
def test_one_message_per_redraw(game: str) -> None:
    from kortspel.widgets import table

    st = next(iter(states(game)))
    view = table(st)
    with counting_messages() as sent:
        for viewer in (None, 0, 1):
            view.show(st, viewer)
    assert len(sent) == 3
    view.close()


@pytest.mark.parametrize("game", GAMES)
def test_layouts_fit_and_seat_views_hide_what_the_seat_cannot_know(game: str) -> None:
    for st in states(game):
        for viewer in (None, *range(len(st.game.names))):
            lay = layout(table_model(st, viewer))
            assert problems(lay) == []
            if viewer is None:
                continue
            known = st.observation(viewer).knowledge
            for c in lay.cards:
                if c.ref and c.ref[0] == "seat" and c.ref[1] != viewer and not c.key.startswith(
                        "back:"):
                    top = known.top(kortspel.events.hand(c.ref[1]))
                    assert top is not None and top.name is not None, (viewer, c)


def test_high_card_replays_through_its_adapter() -> None:
    from kortspel.widgets import Replay

    rng = random.Random(3)
    st = kortspel.load("highcard", seats=4).new_hand(rng=rng)
    kortspel.play_hand(st, [kortspel.bot_for("highcard", "random") for _ in range(4)], rng)
    r = Replay(st.record(), viewer=1)
    r.go(10**6)
    assert "win" in r.note.value
    assert svg_table(st, 0).startswith("<svg")


def test_a_two_click_action_is_played_by_clicking() -> None:
    from kortspel.widgets import Play

    p = Play(game="highcard", seats=3, seed=5, pace=0, length=None, auto=False)
    assert p._human_turn() == 0
    # Trade is two clicks, so it has no button; keep is a button.
    shown = {v for v, b in p.verb_buttons.items() if b.layout.display != "none"}
    assert shown == {"keep"}
    targets, selected = p._targets()
    assert targets == {("seat", 0)} and not selected
    p._clicked(("stock",))  # the target before the card: not a move
    assert p.hand.actions == [] and "not a move" in p.status.value
    p._clicked(("seat", 0))  # the card: selected, and the stock outlined
    targets, selected = p._targets()
    assert selected == {("seat", 0)} and targets == {("stock",)}
    assert "click where it goes" in p.status.value
    marked = {z.ref for z in p.table.layout_now.zones if z.highlight == "target"}
    assert marked == {("stock",)}
    p._clicked(("seat", 0))  # a second click drops the selection
    assert p._clicks == () and p.hand.actions == []
    p._clicked(("seat", 0))
    p._clicked(("stock",))
    assert [a.verb for a in p.hand.actions][:1] == ["trade"]


def test_a_selection_never_outlives_its_hand() -> None:
    from kortspel.widgets import Play

    p = Play(game="highcard", seats=2, seed=1, pace=0, length=None, auto=False)
    p._clicked(("seat", 0))
    assert p._clicks
    p._restart()
    assert p._clicks == () and p._targets()[1] == frozenset()
