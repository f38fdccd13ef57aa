"""A pupil at a room from a notebook: ``Play(room=..., name=..., server=...)`` is a
``RoomPlay`` (``widgets/room_view.py``), the server's drawing of that seat's table in the
views' SVG surface, clicks and buttons sent to the room.

A real server (``conftest.py``), a three-seat Kille room: two views and one plain
``RoomClient``. Every move of a view goes through the view's own paths (a press on its
surface, as the browser sends it, or one of its buttons), never through the client under it;
nothing waits a fixed time.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as ipw  # noqa: E402
from rooms_helpers import (  # noqa: E402
    card_names,
    http,
    svg_cards,
    table_state,
    teacher_room,
    told,
    try_act,
    wait_until,
)

import kortspel  # noqa: E402
from kortspel import KortspelError  # noqa: E402
from kortspel.rooms.client import RoomClient, open_room  # noqa: E402
from kortspel.widgets import Play  # noqa: E402
from kortspel.widgets.room_view import RoomPlay  # noqa: E402

DECK = set(kortspel.load("kille", seats=3).pack())


def seated(server: Any) -> tuple[str, RoomPlay, RoomPlay, RoomClient]:
    """A three-seat Kille room (no computer: the room starts once all three sit) and its
    pupils: Alva and Bo on views, Cilla on a plain client; the deal seen by all three."""
    room = open_room(server.url, "kille", seats=3, rules={"lives": 1}, length="short")
    alva = Play(room=room["code"], name="Alva", server=server.url)
    assert isinstance(alva, RoomPlay)
    assert alva.room_status == "waiting"  # alone in the room: the teacher's start awaited
    assert "Waiting for the teacher to start" in alva.waiting.value
    assert alva.waiting.layout.display is None and alva.row.layout.display == "none"
    bo = RoomPlay(room["code"], "Bo", server.url)
    cilla = RoomClient(server.url, room["code"], "Cilla")
    wait_until(lambda: alva.table and bo.table and cilla.observation, what="the deal")
    assert alva.room_status == bo.room_status == "playing"
    assert alva.row.layout.display is None and alva.waiting.layout.display == "none"
    return room["code"], alva, bo, cilla


def to_act(server: Any, code: str) -> str | None:
    """The seat to act now (its name, ``a``), from the teacher's view."""
    view = teacher_room(server, code)
    return None if view["hand_over"] else view["to_act"]


def move_through(view: RoomPlay, by_click: bool) -> None:
    """The seat's move made as a pupil makes it: a click in the middle of a box the table
    outlines (Kille: your own card stands, the one on your left swaps), or the button of
    stand or swap; a question asked first (swap away a matador?) answered Yes."""
    before = (view.hand, view.step)
    verbs = [b.description for b in view.buttons.children]
    labels = {b["label"]: b["verb"] for b in (view.table or {}).get("buttons", [])}
    assert verbs == list(labels), "the buttons are the server's, in its words"
    if by_click:
        box = view.table["targets"][0]  # type: ignore[index]
        x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
        view.surface._message(view.surface, {"event": "mouse_down", "x": x, "y": y}, [])
    else:
        button = next(b for b in view.buttons.children
                      if labels[b.description] in ("stand", "swap"))
        button.click()
    wait_until(lambda: (view.hand, view.step) != before or view.question or view.refusal,
               what=f"{view.client.name}'s move")
    assert not view.refusal, view.refusal
    if view.question:  # Kille asks before a matador is swapped away
        assert view.question_box.layout.display is None
        assert "matador" in view.asked.value
        view.yes.click()
        wait_until(lambda: (view.hand, view.step) != before, what="the move, confirmed")


def test_two_views_and_a_client_play_a_whole_hand(rooms_server: Any) -> None:
    server = rooms_server()
    code, alva, bo, cilla = seated(server)
    views = {alva.client.seat_name: alva, bo.client.seat_name: bo}

    # Each view shows its own card, and no other seat's (the server drew it for that seat).
    cards = teacher_room(server, code)["cards"]
    for name, view in views.items():
        own = set(cards[f"hand {name}"])
        # (Kille's deck has two of each card: the other hands' cards that bear a name of
        # its own are no news to it)
        others = {c for zone, held in cards.items()
                  if zone.startswith("hand ") and zone != f"hand {name}" for c in held} - own
        shown = svg_cards(view.surface.svg, DECK)
        assert shown == own, (name, shown, own)
        assert others and not shown & others
        assert view.surface.width > 0 and view.surface.height > 0
        assert "Alva" in view.players.value and "Cilla" in view.players.value

    moves = clicks = presses = 0
    while alva.hand == 0 or bo.hand == 0 or cilla.hand == 0:
        wait_until(lambda: to_act(server, code) is not None or alva.hand > 0,
                   what="a seat to act")
        seat = to_act(server, code)
        if seat is None:
            continue
        if seat in views:
            view = views[seat]
            wait_until(lambda v=view: v.legal, what=f"seat {seat}'s turn shown")
            assert "▶" in view.status.value  # its turn, marked
            move_through(view, by_click=moves % 2 == 0)
            clicks, presses = clicks + (moves % 2 == 0), presses + (moves % 2 == 1)
        else:
            step = cilla.step
            wait_until(lambda: cilla.legal, what="Cilla's turn")
            assert try_act(cilla)
            wait_until(lambda s=step: cilla.step != s or cilla.hand > 0, what="Cilla's move")
        moves += 1
        assert moves < 40, "a Kille hand of three seats is a handful of moves"
        wait_until(lambda: all(v.hand == cilla.hand and v.step == cilla.step
                               for v in views.values()) or cilla.hand > 0,
                   what="every seat told")
    assert clicks and presses, (clicks, presses)
    wait_until(lambda: alva.hand >= 1 and bo.hand >= 1, what="the next hand on both views")
    for view in views.values():
        assert "<li>" in view.story.value  # the new hand's story, told to this seat

    # The teacher ends the room: both views say so, in the server's words.
    status, _ = http(server, f"/api/teacher/rooms/{code}/end", body={},
                     token=server.teacher_token)
    assert status == 200
    wait_until(lambda: alva.room_status == bo.room_status == "ended", what="the end")
    for view in views.values():
        assert view.ending and view.ending in view.ended.value
        assert view.ended.layout.display is None

    # Every message each view's seat was sent (its drawings included) held only the cards
    # the engine let that seat know by then: the hand replayed from the room's record.
    status, answer = http(server, "/api/teacher/rooms", token=server.teacher_token)
    record = answer["records"][0]
    status, full = http(server, f"/api/teacher/records/{record['id']}",
                        token=server.teacher_token)
    assert status == 200
    frames = [kortspel.frames(h) for h in full["hands"]]
    drawn = 0
    for view in views.values():
        seat = view.client.seat
        seen: dict[int, set[str]] = {}
        for raw in view.client.messages:
            message = json.loads(raw)
            if message["type"] != "update":  # (a seat's token is letters, no card)
                assert not told({k: v for k, v in message.items() if k != "token"}, DECK), \
                    raw[:300]
                continue
            hand = message["hand"]
            state = frames[hand][message["step"]]
            seen.setdefault(hand, set()).update(
                card_names(state.observation(seat).view(), DECK))
            assert "svg" in message["table"]
            leaked = told(message, DECK) - seen[hand]
            assert not leaked, (view.client.name, hand, message["step"], leaked)
            drawn += 1
    assert drawn >= 8
    for view in (alva, bo):
        view.close()
    cilla.close()


def test_a_refusal_shows_in_words_changes_nothing_and_close_closes(rooms_server: Any
                                                                    ) -> None:
    server = rooms_server()
    models = len(ipw.widgets.widget._instances)
    code, alva, bo, cilla = seated(server)
    views = {alva.client.seat_name: alva, bo.client.seat_name: bo}
    turn = to_act(server, code)
    waiting = next(v for name, v in views.items() if name != turn)
    before, drawn = table_state(server, code), waiting.surface.drawn

    # A click on the table out of turn: refused in words, in the red line; nothing moved.
    waiting.surface._message(waiting.surface, {"event": "mouse_down",
                                               "x": waiting.surface.width / 2,
                                               "y": waiting.surface.height / 2}, [])
    wait_until(lambda: waiting.refusal, what="the refusal")
    # (a seat that holds Kuku may call it out of turn: then the click is refused as no move)
    said = ("not yours", "not a move now") if waiting.legal else ("not yours",)
    assert any(w in waiting.refusal for w in said), waiting.refusal
    assert waiting.refused.layout.display is None
    assert waiting.refusal.split()[0] in waiting.refused.value
    # and a button pressed out of turn (as a stale button would be): refused the same way
    waiting.refusal = ""
    assert waiting.press("stand")
    wait_until(lambda: waiting.refusal, what="the press's refusal")
    assert any(w in waiting.refusal for w in said), waiting.refusal
    assert table_state(server, code) == before
    assert waiting.surface.drawn == drawn and waiting.step == before["step"]

    # The seat to act moves; the refusal line is cleared with the table's next drawing.
    if turn in views:
        move_through(views[turn], by_click=True)
    else:
        assert try_act(cilla)
    wait_until(lambda: waiting.refused.layout.display == "none", what="the refusal cleared")
    assert not waiting.refusal

    # Closing a view closes its socket and its widgets; the room sees the seat away.
    seat = waiting.client.seat_name
    waiting.close()
    assert waiting.closed and waiting.client.closed
    assert waiting.comm is None and waiting.surface.comm is None
    wait_until(lambda: not next(p for p in teacher_room(server, code)["players"]
                                if p["seat_name"] == seat)["connected"],
               what="the seat marked away")
    # The same pupil again (a cell run again): the seat back, by the token it was given.
    again = Play(room=code, name=waiting.client.name, server=server.url)
    assert again.client.seat_name == seat
    wait_until(lambda: again.table is not None, what="the table told anew")
    assert svg_cards(again.surface.svg, DECK) == set(
        teacher_room(server, code)["cards"][f"hand {seat}"])
    for view in (alva, bo, again):
        view.close()
    cilla.close()
    assert len(ipw.widgets.widget._instances) == models  # every widget of the views closed


def test_bad_arguments_teach_and_leave_nothing_open(rooms_server: Any) -> None:
    server = rooms_server()
    room = open_room(server.url, "kille", seats=3)
    readers = {t for t in threading.enumerate() if t.name.startswith("room-")}
    models = len(ipw.widgets.widget._instances)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"room": "NOPE", "name": "Alva", "server": server.url}, "no open room has that code"),
        ({"room": room["code"], "name": "A" * 40, "server": server.url}, "1 to 24"),
        ({"room": room["code"], "name": "Alva"}, "server is the classroom server's address"),
        ({"room": room["code"], "name": "Alva", "server": "192.168.1.20:8765"}, "http://"),
        ({"room": room["code"], "name": "Alva", "server": "http://127.0.0.1:1"},
         "cannot reach the rooms server"),
        ({"room": room["code"], "name": "Alva", "server": server.url, "game": "knock"},
         "game="),
        ({"room": "", "name": "Alva", "server": server.url}, "the room's code"),
        ({"room": room["code"], "name": "Alva", "server": server.url, "language": "xx"},
         "svenska"),
    ]
    for kwargs, words in cases:
        with pytest.raises(KortspelError) as err:
            Play(**kwargs)
        assert words in str(err.value), (kwargs, str(err.value))
    with pytest.raises(KortspelError, match="Cannot join room NOPE at .*no open room"):
        RoomPlay("NOPE", "Alva", server.url)
    # Nothing was left open: no socket's reader, no widget, no seat taken.
    wait_until(lambda: {t for t in threading.enumerate() if t.name.startswith("room-")}
               <= readers, what="every reader gone")
    assert len(ipw.widgets.widget._instances) == models
    assert all(p["name"] is None for p in teacher_room(server, room["code"])["players"])
