"""Kille's table through the game-neutral core, without a browser: geometry, secrecy, the
views' callbacks, leaks and timers.

The browser test (tests/browser) checks pixels; these check geometry, secrecy and the
callbacks' logic, which is where most mistakes would hide.
"""

from __future__ import annotations

import asyncio
import random
import xml.etree.ElementTree as ET

import pytest

import kortspel
from kortspel.kille import KINDS
from kortspel.widgets import svg_table, table_model
from kortspel.widgets.cards import CARD_H
from kortspel.widgets.geometry import HEIGHT, WIDTH, layout, problems

HORSE = {
    "game": "kille", "seats": ["a", "b", "c", "d", "e"], "dealer": "e",
    "deal": {"a": "4", "b": "Kavall", "c": "8", "d": "2", "e": "Kuku"},
    "talon": ["9", "Husar"],
    "actions": [{"seat": "a", "do": "swap"}, {"seat": "c", "do": "swap"},
                {"seat": "d", "do": "swap"}],
}


def random_states(seats: int, hands: int = 20, seed: int = 0):
    rng = random.Random(seed)
    game = kortspel.load("kille", seats=seats)
    bots = [kortspel.RandomBot() for _ in range(seats)]
    for _ in range(hands):
        st = game.new_hand(rng=rng)
        yield st.clone()
        while not st.is_over:
            kortspel.step(st, bots, rng)
            yield st.clone()


@pytest.mark.parametrize("seats", range(2, 9))
def test_nothing_overlaps_and_all_inside(seats: int) -> None:
    for st in random_states(seats, hands=3, seed=seats):
        for viewer in (None, 0, seats - 1):
            lay = layout(table_model(st, viewer))
            assert problems(lay) == [], (seats, viewer)
            boxes = [c.box for c in lay.cards] + [p.box for p in lay.plates]
            for b in boxes:
                assert 0 <= b.x and b.x + b.w <= WIDTH and 0 <= b.y and b.y + b.h <= HEIGHT


@pytest.mark.parametrize("seats", range(2, 9))
def test_seat_view_never_shows_a_hidden_card(seats: int) -> None:
    for st in random_states(seats, hands=15, seed=100 + seats):
        for viewer in st.order:
            obs = st.observation(viewer)
            known = obs.known
            # Public counts agree with the truth; which cards went out face down does not leak.
            assert obs.talon_left == st.talon_left
            assert len(obs.out_of_play) == len(st.dead)
            lay = layout(table_model(st, viewer))
            for card in lay.cards:
                if card.seat is None or card.seat == viewer:
                    continue
                if card.key != "back:kille":
                    # Only what the observation says this seat knows may be drawn face up...
                    assert card.seat in known, (viewer, card)
                    # ... and it must be the truth.
                    assert card.key == f"kille:{st.card(card.seat)}"
            own = next(c for c in lay.cards if c.seat == viewer)
            assert own.key == f"kille:{st.card(viewer)}"
            svg = svg_table(st, viewer)
            hidden = [s for s in st.order if s != viewer and s not in known]
            for s in hidden:
                assert f"{st.game.names[s]}: {st.card(s)}" not in svg


def test_teacher_view_shows_every_card_and_marks() -> None:
    st = kortspel.replay(HORSE, upto=1)
    lay = layout(table_model(st))
    keys = {c.seat: c.key for c in lay.cards if c.seat is not None}
    assert keys == {0: "kille:8", 1: "kille:Kavall", 2: "kille:4", 3: "kille:2", 4: "kille:Kuku"}
    plates = {p.seat: p for p in lay.plates}
    assert plates[4].is_dealer and plates[2].to_act
    assert "face up" in plates[1].notes
    texts = [t.text for t in lay.texts]
    assert "Kavall förbi!" in texts
    assert "It is c's turn." in texts


def test_showdown_marks_the_loser_and_clicks_find_seats() -> None:
    st = kortspel.replay(HORSE)
    lay = layout(table_model(st))
    plates = {p.seat: p for p in lay.plates}
    assert "loses a life" in plates[2].notes
    assert not any("loses a life" in plates[s].notes for s in (0, 1, 3, 4))
    for seat, box in lay.seat_boxes.items():
        assert lay.seat_at(box.x + box.w / 2, box.y + box.h / 2) == seat
    assert lay.seat_at(1, 1) is None


def test_struck_and_low_harlekin_highlights() -> None:
    rec = {"game": "kille", "seats": ["a", "b", "c"], "dealer": "c",
           "deal": {"a": "Harlekin", "b": "5", "c": "Husar"}, "talon": [],
           "actions": [{"seat": "a", "do": "swap"}, {"seat": "b", "do": "swap"}]}
    st = kortspel.replay(rec)
    lay = layout(table_model(st))
    marks = {c.seat: c.highlight for c in lay.cards if c.seat is not None}
    assert marks[0] is None  # a got b's 5
    assert marks[1] == "struck"  # b asked the Husar holding a low Harlekin: struck wins
    assert "low Harlekin" in {p.seat: p for p in lay.plates}[1].notes


@pytest.mark.parametrize("viewer", [None, "a", "c"])
def test_svg_table_is_well_formed_and_accessible(viewer) -> None:
    st = kortspel.replay(HORSE, upto=2)
    svg = svg_table(st, viewer, caption="after c's swap")
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text == "after c's swap"
    desc = root.find(f"{ns}desc").text
    assert "b: Kavall" in desc and "dealer" in desc
    assert len(root.findall(f".//{ns}use")) >= 6


def test_every_kind_can_sit_on_a_table() -> None:
    for kind in KINDS:
        rec = {"game": "kille", "seats": ["a", "b", "c"], "dealer": "c",
               "deal": {"a": kind, "b": "5" if kind != "5" else "6", "c": "7"}}
        st = kortspel.load("kille", seats=3).new_hand(record=rec)
        svg = svg_table(st)
        assert f"a: {kind}" in svg


# -- live views (ipywidgets objects without a browser) ------------------------------------


def test_table_bundle_carries_the_static_picture() -> None:
    import base64
    import html

    from kortspel.widgets import table

    view = table(kortspel.replay(HORSE), caption="the end")
    bundle, meta = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "image/svg+xml" not in bundle  # exporters would draw it without alt text
    assert view.svg().startswith("<svg")
    picture = bundle["text/html"]
    png = picture.split('src="data:image/png;base64,')[1].split('"')[0]
    assert base64.b64decode(png).startswith(b"\x89PNG")
    assert "c: 2" in bundle["text/plain"]
    assert f'alt="{html.escape(bundle["text/plain"])}"' in picture  # read aloud everywhere


def test_replay_steps_and_narrates() -> None:
    from kortspel.widgets import Replay

    rec = dict(HORSE, intro="Five seats.", summary="c loses a life.")
    rec["actions"] = [dict(a, comment=f"comment {i}") for i, a in enumerate(HORSE["actions"])]
    r = Replay(rec)
    assert r.step == 0 and "Five seats." in r.note.value
    assert r.back.disabled and not r.fwd.disabled
    r.fwd.click()
    assert r.step == 1 and "Kavall förbi" in r.note.value and "comment 0" in r.note.value
    r._key("End")
    assert r.step == 3 and r.fwd.disabled and "c loses a life." in r.note.value
    before = r.table.svg()
    r._key("ArrowLeft")
    assert r.step == 2 and r.table.svg() != before
    r.view.value = 2  # seat c's view: its private swap text, nobody else's
    assert "You get d's 2, and d gets your 4." in r.step_text(2)
    assert "a is dealt" not in r.step_text(0)
    # The record's notes name every card: a seat's view leaves them out and says so.
    r.go(1)
    assert "comment 0" not in r.note.value and "teacher" in r.note.value
    r.view.value = -1
    assert "comment 0" in r.note.value


def test_replay_of_a_bad_record_fails_clearly() -> None:
    from kortspel.widgets import Replay

    bad = dict(HORSE, actions=[{"seat": "b", "do": "swap"}])
    with pytest.raises(kortspel.RecordError, match="b cannot swap now"):
        Replay(bad)


def _play(**kw):
    from kortspel.widgets import Play

    return Play(**{"pace": 0, **kw})


def test_play_refuses_clicks_at_the_wrong_time() -> None:
    p = _play(seats=4, seed=5)
    key = p.hand.key()
    if p._human_turn() is None:
        assert p.act("swap") is False
        assert p.hand.key() == key
    p.act("stand")
    if not p.hand.is_over and p._human_turn() is None:
        key = p.hand.key()
        for ref in (("seat", 0), ("seat", 1), ("talon",), None):
            p._clicked(ref)
        assert p.act("swap", 0) is False
        assert p.hand.key() == key
        assert "turn" in p.status.value or "over" in p.status.value


def test_clicks_follow_the_adapters_paths() -> None:
    p = _play(seats=4, seed=5, auto=False)
    assert p._human_turn() == 0
    targets, _ = p._targets()
    assert targets == {("seat", 0), ("seat", 1)}  # your card: stand; the left card: swap
    p._clicked(("seat", 3))  # not a move: nothing happens
    assert p.hand.actions == [] and "not a move" in p.status.value
    p._clicked(("seat", 0))
    assert [a.verb for a in p.hand.actions] == ["stand"]


def _matador_play():
    for seed in range(200):
        p = _play(seats=5, seed=seed)
        card = p.hand.card(0)
        if p._human_turn() == 0 and card in ("Kavall", "Värdshus", "Husu", "Husar"):
            return p
    pytest.skip("no seed gave a matador")


def test_play_asks_before_swapping_away_a_matador() -> None:
    p = _matador_play()
    key = p.hand.key()
    assert p.act("swap") is False  # asks first
    assert p.hand.key() == key and p.confirm.layout.display == ""
    p._drop_confirm()
    assert p.hand.key() == key and p.confirm.layout.display == "none"
    assert p.act("swap") is False
    p._confirmed()  # "Yes"
    assert p.hand.actions[0].verb == "swap"


@pytest.mark.parametrize("then", ["new match", "undo", "next hand"])
def test_a_confirmation_never_outlives_its_hand(then: str) -> None:
    p = _matador_play()
    assert p.act("swap") is False  # the question is up
    old = p.hand
    if then == "new match":
        p._restart()
    elif then == "undo":
        p.match.hand = p.match.game.replay(p.hand.record())  # the same hand, rebuilt
        p._forget_choices()
    else:
        p._next_hand()  # refused: the hand is not over; the question stays for this hand
        assert p.hand is old
        return
    assert p.confirm.layout.display == "none"
    key = p.hand.key()
    p._confirmed()  # a stale "Yes" does nothing to the new hand
    assert p.hand.key() == key


def test_play_undo_and_full_match() -> None:
    p = _play(seats=3, seed=9, length=1)
    n = len(p.hand.actions)
    if p._human_turn() == 0:
        p.act("stand")
        p.teacher.value = True
        assert p.table.viewer is None
        p._undo()
        assert len(p.hand.actions) <= n + 1
    for _ in range(500):
        if p.match.is_over:
            break
        if p.hand.is_over:
            p._next_hand()
        elif p._human_turn() is not None:
            verbs = [a.verb for a in p.hand.legal_actions(0)]
            p.act("stand" if "stand" in verbs else verbs[0])
            if p._confirming:
                p._confirmed()
    assert p.match.is_over and p.match.winner is not None
    winner = p.game.names[p.match.winner]
    assert f"{winner} wins pot" in p.news.value and "the match" in p.news.value
    assert f"{winner} wins the match." == p.table.model().call  # the table says it too
    assert "The match is over" in p.status.value
    assert p.next_hand.disabled


def test_play_offers_kuku_out_of_turn() -> None:
    for seed in range(400):
        p = _play(seats=5, seed=seed, you=2, auto=False)
        while not p.hand.is_over and p._human_turn() is None:
            if any(a.verb == "kuku" for a in p.hand.legal_actions(2)):
                p._refresh()
                shown = [b.description for b in p.actions.children
                         if b.layout.display != "none"]
                assert any("Kuku" in lbl for lbl in shown)
                assert p.act("kuku", 2) is True
                assert p.hand.is_over and p.hand.events[-1].kind in ("lose", "nobody", "guard")
                return
            p.bot_step()
    pytest.fail("no seed gave the waiting human a Kuku to call")


def test_check_feedback() -> None:
    from kortspel.widgets import Check

    c = Check("Who loses a life?", ["a", "c"], "c", "c holds the 2.")
    assert c.pick("a") is False and "“a” is not the answer" in c.feedback.value
    assert c.pick("c") is True and "c holds the 2." in c.feedback.value
    assert "<details>" in c._repr_mimebundle_()["text/html"]
    with pytest.raises(kortspel.KortspelError):
        Check("?", ["a", "c"], "b")


def test_deck_picture_has_all_kinds_in_order() -> None:
    from kortspel.widgets import deck

    d = deck()
    positions = [d.alt.index(k) for k in ("Blaren", "Blompottan", "Kransen", "12", "Värdshus",
                                           "Kavall", "Husu", "Husar", "Kuku", "Harlekin")]
    assert positions == sorted(positions)
    svg = d.svg()
    assert "4. 1" not in svg and "21. " not in svg  # no numbers to mistake for values


def test_redraw_is_one_message() -> None:
    from kortspel.widgets import table
    from kortspel.widgets.canvas_io import counting_messages

    view = table(kortspel.replay(HORSE, upto=1))
    with counting_messages() as sent:
        view.show(kortspel.replay(HORSE))
    assert len(sent) == 1


def test_a_failing_drawing_does_not_freeze_later_ones() -> None:
    from kortspel.widgets.canvas_io import is_caching
    from kortspel.widgets.views import Picture

    def broken(p):
        p.rect(0, 0, 10, 10, fill="#000")
        raise RuntimeError("a student's bug")

    with pytest.raises(RuntimeError):
        Picture(broken, 100, 100)
    assert is_caching() is False


def test_one_card_size_everywhere() -> None:
    from kortspel.widgets.games import adapter_for
    from kortspel.widgets.model import CardStyle

    assert CARD_H == 96.0 and CardStyle().h == CARD_H
    assert adapter_for("kille").style.h == CARD_H


def test_hot_seat_hands_over_and_shows_only_the_seat_to_act() -> None:
    p = _play(seats=3, you=[0, 1], seed=4, auto=False)
    assert p._human_turn() == 0 and p.table.viewer == 0
    p.act("stand", 0)
    assert p._human_turn() == 1
    # A hand-over screen: the table is covered and no button or status names a card.
    assert p.table.cover and p.ready.layout.display == ""
    assert all(b.layout.display == "none" for b in p.verb_buttons.values())
    mine = f"you: {p.hand.card(0)} ("
    assert mine not in p.status.value and mine not in p.table.alt and p.story.value == ""
    p._clicked(None)  # Anna clicks the table: now her view, her buttons
    assert p.table.viewer == 1 and not p.table.cover
    assert f"{p.game.names[1]}: {p.hand.card(1)}" in p.table.alt
    assert mine not in p.table.alt


def test_a_new_browser_client_gets_the_table_again() -> None:
    """A reload or a Voilà page creates the canvas anew, blank: the view must redraw."""
    from kortspel.widgets import table
    from kortspel.widgets.canvas_io import counting_messages

    view = table(kortspel.replay(HORSE, upto=1))
    with counting_messages() as sent:
        view.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert sent, "nothing was redrawn for the new client"


def test_a_new_client_gets_the_sprites_once_for_all_its_tables() -> None:
    from kortspel.widgets import table, views
    from kortspel.widgets.canvas_io import counting_messages

    tables = [table(kortspel.replay(HORSE, upto=i)) for i in range(4)]
    views._REPAINTED_AT = 0.0
    with counting_messages() as sent:
        for t in tables:
            t.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1 + len(tables)  # one sheet repaint, one redraw per table


@pytest.mark.parametrize("kw,words", [
    (dict(seats=0), "2 to 8 seats"), (dict(seats=-1), "2 to 8 seats"),
    (dict(seats=9), "2 to 8 seats"), (dict(seats=100), "2 to 8 seats"),
    (dict(seats="5"), "2 to 8 seats"), (dict(you=99), "your seat number"),
    (dict(you=[]), "your seat number"), (dict(you=None), "your seat number"),
    (dict(you=-1), "your seat number"), (dict(you=[0, 0]), "your seat number"),
    (dict(seed=[1]), "seed is a whole number"), (dict(pace=-1), "pace is seconds"),
    (dict(opponents="oracle"), "opponents is one of"), (dict(names="abc"), "list of seat"),
    (dict(game="poker"), "no game called"),
])
def test_play_checks_its_arguments(kw, words: str) -> None:
    with pytest.raises(kortspel.KortspelError, match=words):
        _play(**kw)


@pytest.mark.parametrize("call,words", [
    (lambda R: R(None), "hand record"),
    (lambda R: R(kortspel.example("hussar"), viewer=99), "viewer is None"),
    (lambda R: R(kortspel.example("hussar"), viewer=1.5), "viewer is None"),
    (lambda R: R(kortspel.example("hussar"), viewer=True), "viewer is None"),
    (lambda R: R(kortspel.example("hussar"), viewer="z"), "viewer is None"),
    (lambda R: R(kortspel.example("hussar"), start="1"), "start is a step"),
])
def test_replay_checks_its_arguments(call, words: str) -> None:
    from kortspel.widgets import Replay

    with pytest.raises(kortspel.KortspelError, match=words):
        call(Replay)


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("call,words", [
    (lambda: kortspel.widgets.Play("knock", seats=_nested(5000)), "seats="),
    (lambda: kortspel.widgets.Play("knock", seats=3, seed=_nested(5000)), "seed is"),
    (lambda: kortspel.widgets.Play("knock", seats=3, pace=10 ** 5000), "pace is"),
    (lambda: kortspel.widgets.Replay(_nested(5000)), "hand record"),
    (lambda: kortspel.widgets.table(_nested(5000)), "hand state"),
])
def test_a_refusal_quotes_any_argument_without_failing_itself(call, words: str) -> None:
    """Issue 38: the views' own ``_brief`` was ``repr``, and ``Play("knock", seats=<a list
    nested 5,000 deep>)`` raised ``RecursionError`` while saying what was wrong (a number of
    5,000 digits, ``ValueError``). The refusal is a ``KortspelError`` with a short quote."""
    with pytest.raises(kortspel.KortspelError, match=words) as err:
        call()
    assert len(str(err.value)) < 400


def _live_models() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def test_two_hundred_actions_leave_no_widgets_or_timers_behind() -> None:
    p = _play(seats=4, seed=3, auto=False, length=50)
    done = 0
    counts = []
    while done < 200:
        if p.hand.is_over:
            p._next_hand()
        elif p._human_turn() is not None:
            legal = p.hand.legal_actions(p._human_turn())
            p.act(legal[0])
        else:
            p.bot_step()
        done += 1
        if done % 20 == 0:
            counts.append(_live_models())
    assert max(counts) == min(counts), counts
    assert p.pending_timers == 0


def test_timers_are_cancelled_on_close_and_when_the_cell_runs_again(monkeypatch) -> None:
    import threading

    from kortspel.widgets import parts

    monkeypatch.setattr(parts, "_cell_id", lambda: "cell-1")
    seen: dict[str, object] = {}

    async def run() -> None:
        first = _play(seats=4, seed=2, you=3, pace=0.5)  # seat 3 speaks last: bots first
        seen["first_pending"] = first.pending_timers
        second = _play(seats=4, seed=2, you=3, pace=0.5)  # the cell, run again
        seen["first_after"] = (first.pending_timers, first._closed)
        seen["second_pending"] = second.pending_timers
        second.close()
        seen["second_after"] = second.pending_timers
        await asyncio.sleep(0.6)  # no timer fires after close
        seen["second_actions"] = list(second.hand.actions)

    # A loop of its own, in a thread: other tests (the browser's) may leave one running here.
    worker = threading.Thread(target=lambda: asyncio.run(run()))
    worker.start()
    worker.join(30)
    assert seen == {"first_pending": 1, "first_after": (0, True), "second_pending": 1,
                    "second_after": 0, "second_actions": []}


def test_a_hand_ends_with_a_review_and_lives_that_are_already_lost() -> None:
    p = _play(seats=3, seed=9, auto=False)
    while not p.hand.is_over:
        if p._human_turn() is not None:
            p.act("stand")
        else:
            p.bot_step()
    out = p.hand.outcome
    assert "This hand:" in p.review.value
    for s in out.lose_life:
        name = p.game.names[s]
        assert ("You lose a life" if s == 0 else f"{name} loses a life") in p.review.value
        plate = next(x for x in p.table.model().seats if x.seat == s)
        assert plate.badges[0].value == p.hand.lives[s] - 1  # the dot goes at once
        row = next(r for r in p.adapter.standings(p.match) if r["seat"] == name)
        assert row["lives"] == p.hand.lives[s] - 1
    before = p.status.value
    p._clicked(("seat", 1))  # a stray click after the showdown
    assert p.status.value == before


def test_new_match_asks_before_giving_up_a_match_in_progress() -> None:
    p = _play(seats=3, seed=9, auto=False)
    p.act("stand")
    old = p.match
    p._restart()
    assert p.match is old and p.confirm.layout.display == "" and "not finished" in (
        p.question.value)
    p._confirmed()
    assert p.match is not old and p.confirm.layout.display == "none"


def test_a_seat_out_of_lives_watches_the_pot_play_out_by_itself() -> None:
    for seed in range(40):
        p = _play(seats=4, seed=seed, length=2)
        sat_out = False
        for _ in range(600):
            if p.match.is_over:
                break
            # Never left waiting for a click on Next hand while sitting a hand out.
            assert not (p.hand.is_over and p._sitting_out()), seed
            if p.hand.is_over:
                p._next_hand()
            elif p._human_turn() is not None:
                p.act(p.hand.legal_actions(p._human_turn())[0])
            else:
                raise AssertionError(f"the computer seats stopped (seed {seed})")
            sat_out = sat_out or any(
                0 not in h.record["deal"] and "you" not in h.record["deal"]
                for h in p.match.history)
        if sat_out:
            assert p.match.is_over
            return
    pytest.skip("no seed put the human out of lives before the pot ended")


def test_the_default_match_for_a_lesson_is_short() -> None:
    p = _play(seats=4, seed=1)
    assert p.match.target == kortspel.kille.match_pots(4, "short")
    assert "Pot 1 of" in p.progress.value


def test_a_check_teaches_marks_without_colour_and_stays_solved() -> None:
    from kortspel.widgets import Check

    c = Check("Who loses a life?", ["a", "b", "c"], "c", "c holds the 2, the lowest card.",
              why={"a": "a holds a 9: higher than c's 2."})
    assert c.pick("a") is False
    assert "✘ “a” is not the answer. a holds a 9" in c.feedback.value
    assert c.buttons[0].description == "✘ a"
    assert c.pick("b") is False and "Look at the table again" in c.feedback.value
    assert c.pick("c") is True and c.solved and c.buttons[2].description == "✔ c"
    solved = c.feedback.value
    assert c.pick("a") is False and c.feedback.value == solved  # solved stays solved
    assert all(b.disabled for b in c.buttons[:2])


def test_the_rules_notebook_asks_without_giving_answers_away() -> None:
    """No question's explanation or reasons stand in a code cell; each named question exists
    and its answer is among its choices when the notebook computes it."""
    import json
    from pathlib import Path

    from kortspel.widgets.games.kille_lessons import QUESTIONS, ask

    folder = Path(__file__).resolve().parents[2] / "notebooks"
    code = ["".join(c["source"])
            for path in (folder / "kille" / "01-rules.ipynb", folder / "00-start-here.ipynb")
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]
    asked = [name for src in code for name in QUESTIONS if f'ask("{name}"' in src]
    assert sorted(asked) == sorted(QUESTIONS)
    for src in code:
        assert "explain=" not in src and "Check(" not in src
        for q in QUESTIONS.values():
            assert q.explain[:30] not in src
    with pytest.raises(kortspel.KortspelError, match="no question called"):
        ask("nope", "a")


def test_the_play_app_words_a_nested_or_huge_setting_in_a_short_line() -> None:
    """``PlayApp`` had its own ``repr``-based quote: a list nested 5,000 deep as ``seats``
    raised ``RecursionError``; now it is said in a short line under the controls."""
    from kortspel.widgets.setup_app import PlayApp

    app = PlayApp("kille", seats=_nested(5000))
    assert app.play is None and "Kille is played by 2 to 8 players, not [[" in app.said
    assert len(app.said) < 200
    app = PlayApp("kille", pace=10 ** 5000)
    assert app.play is None and "pace is" in app.said and len(app.said) < 200
