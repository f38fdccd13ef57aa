"""Bad input and bad actors: each is refused in words, changes nothing at the table, and the
other pupils play on.

A room of three pupils and a computer: Alva and Bo play through the Python client, Mallory
through a bare socket that sends whatever the test writes. Before and after each bad message
the table is read through the teacher's API (every card, the step, whose turn, the events,
the seats) and must be the same.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import Any

import pytest
from rooms_helpers import answer, connect_raw, http, table_state, try_act, wait_until
from websockets.exceptions import ConnectionClosed

from kortspel.rooms.client import RoomClient, RoomError, open_room


@pytest.fixture
def table(rooms_server: Any) -> Any:
    """A started room: Alva, Bo (clients), Mallory (a bare socket), a computer at seat d."""
    server = rooms_server(rate=10.0, burst=20.0, flood_close=60)
    room = open_room(server.url, "kille", seats=4, computers=[None, None, None, "heuristic"])
    alva = RoomClient(server.url, room["code"], "Alva")
    bo = RoomClient(server.url, room["code"], "Bo")
    mallory = connect_raw(server)
    mallory.send(json.dumps({"type": "join", "code": room["code"], "name": "Mallory"}))
    welcome = answer(mallory, "welcome")
    answer(mallory, "update")  # the room started once the three pupils' seats were taken
    pupils = {"a": alva, "b": bo}
    # The computer moves at once; the table then waits for a pupil.
    wait_until(lambda: table_state(server, room["code"])["to_act"] in ("a", "b", "c"),
               what="a pupil's turn")

    class Table:
        pass

    t = Table()
    t.server, t.code, t.alva, t.bo, t.mallory = server, room["code"], alva, bo, mallory
    t.welcome, t.pupils = welcome, pupils
    yield t
    for c in (alva, bo):
        c.close()
    mallory.close()


def refused(t: Any, send: Any, reason: str, words: str, ws: Any = None) -> dict[str, Any]:
    """Send ``send`` (text or bytes) on ``ws`` (Mallory's socket); the refusal must come with
    ``reason`` and ``words`` in its message, and the table must be as it was."""
    ws = ws or t.mallory
    before = table_state(t.server, t.code)
    ws.send(send)
    error = answer(ws)
    assert error["reason"] == reason, error
    assert words in error["message"], error
    assert table_state(t.server, t.code) == before
    return error


def play_on(t: Any, steps: int = 2) -> None:
    """The pupils carry on: whoever's turn it is acts, and everyone is told."""
    for _ in range(steps):
        state = table_state(t.server, t.code)
        if state["to_act"] is None:
            return
        if state["to_act"] == "c":  # Mallory's turn: she plays properly this once
            t.mallory.send(json.dumps({"type": "act", "action": "stand"}))
            answer(t.mallory, "update")
        else:
            client = t.pupils[state["to_act"]]
            client.wait_turn()
            step, hand = client.step, state["hand"]
            if not try_act(client):  # a computer's Kuku came first: the table moved on
                continue
            wait_until(lambda s=step, h=hand: t.alva.step != s or t.alva.hand != h,
                       what="Alva told of the move")


def test_malformed_messages_are_refused_and_change_nothing(table: Any) -> None:
    t = table
    refused(t, "{this is not json", "bad-json", "not JSON")
    refused(t, "[1, 2, 3]", "bad-message", "JSON object")
    refused(t, b"\x00\x01binary", "bad-message", "not as binary")
    refused(t, json.dumps({"type": "dance"}), "bad-message", "join, act, click, press and ping")
    refused(t, json.dumps({"type": "act"}), "bad-action", "holds the action")
    refused(t, json.dumps({"type": "act", "action": 17}), "bad-action", "an action is text")
    refused(t, json.dumps({"type": "act", "action": "dance"}), "bad-action", "not a Kille verb")
    refused(t, "[" * 4000 + "]" * 4000, "bad-json", "not JSON")  # deeper than Python reads
    refused(t, json.dumps({"type": "join", "code": t.code, "name": "Eve"}), "joined",
            "already sit at seat c")
    play_on(t)


def test_an_oversized_message_is_refused_unread_and_a_huge_frame_closes_only_its_socket(
        table: Any) -> None:
    t = table
    big = json.dumps({"type": "act", "action": "stand", "pad": "x" * 9000})
    error = refused(t, big, "too-big", "at most 8192 bytes")
    assert "9" in error["message"]
    t.mallory.send(json.dumps({"type": "ping", "id": 1}))
    assert answer(t.mallory, "pong")["id"] == 1  # the socket still works
    # Past the frame limit the socket itself is closed (1009), and only that socket.
    before = table_state(t.server, t.code)
    t.mallory.send("x" * 100_000)
    with pytest.raises(ConnectionClosed) as closed:
        answer(t.mallory, "never")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    after = table_state(t.server, t.code)
    assert {k: v for k, v in after.items() if k != "players"} == \
        {k: v for k, v in before.items() if k != "players"}
    play_on(t)


def test_acting_out_of_turn_or_for_another_seat_is_refused(table: Any) -> None:
    t = table
    state = table_state(t.server, t.code)
    if state["to_act"] == "c":
        play_on(t, 1)
        state = table_state(t.server, t.code)
    other = "a" if state["to_act"] != "a" else "b"
    refused(t, json.dumps({"type": "act", "action": "stand"}), "not-your-turn",
            "wait for your turn")
    refused(t, json.dumps({"type": "act", "action": {"seat": state["to_act"],
                                                     "do": "stand"}}),
            "not-your-seat", "you play seat c")
    refused(t, json.dumps({"type": "act", "action": f"{state['to_act']} swap"}),
            "not-your-seat", "only its own player")
    refused(t, json.dumps({"type": "act", "action": {"seat": other, "do": "swap"}}),
            "not-your-seat", "you play seat c")
    # The client's own call: the pupil whose turn it is may not do what the rules forbid.
    mover = t.pupils[state["to_act"]]
    mover.wait_turn()
    before = table_state(t.server, t.code)
    with pytest.raises(RoomError, match="not allowed now") as err:
        mover.act("accept")
    assert err.value.reason == "illegal" and table_state(t.server, t.code) == before
    with pytest.raises(RoomError, match="moved on"):
        mover.act(mover.legal[0], step=mover.step + 5)
    # A new connection cannot take a taken seat, nor come back with a made-up token.
    eve = connect_raw(t.server)
    try:
        refused(t, json.dumps({"type": "act", "action": "stand"}), "not-joined",
                "join a room first", ws=eve)
        refused(t, json.dumps({"type": "join", "code": t.code, "name": "Eve", "seat": 0}),
                "seat-taken", "is Alva's", ws=eve)
        refused(t, json.dumps({"type": "join", "code": t.code, "name": "alva"}),
                "name-taken", "already sits", ws=eve)
        refused(t, json.dumps({"type": "join", "code": t.code, "token": "x" * 22}),
                "bad-token", "for no seat", ws=eve)
        refused(t, json.dumps({"type": "join", "code": t.code, "name": "Eve"}), "room-full",
                "every seat", ws=eve)
        refused(t, json.dumps({"type": "join", "code": t.code, "name": "\x1b[2J"}),
                "bad-name", "control characters", ws=eve)
    finally:
        eve.close()
    play_on(t)


def test_a_flood_is_refused_then_closed_and_the_room_plays_on(table: Any) -> None:
    t = table
    before = table_state(t.server, t.code)
    flood = connect_raw(t.server)
    for i in range(50):  # past the 20 at once and 10 a second, short of 60 refused (closed)
        flood.send(json.dumps({"type": "ping", "id": i}))
    error = answer(flood)  # the pongs of the first twenty or so, then this
    assert error["reason"] == "flood" and "at most 10 a second" in error["message"], error
    # a refused message gets no answer of its own (one "flood" a second at most), so after a
    # pause the same connection is heard again: its ping is answered
    def heard() -> bool:
        flood.send(json.dumps({"type": "ping", "id": "again"}))
        try:
            return answer(flood, "pong", timeout=0.5)["id"] == "again"
        except (AssertionError, TimeoutError):
            return False

    wait_until(heard, what="the bucket refilled")
    # a connection that will not stop is closed (code 1008)
    with pytest.raises(ConnectionClosed) as closed:
        for i in range(400):
            flood.send(json.dumps({"type": "ping", "id": i}))
        while True:
            flood.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert table_state(t.server, t.code) == before
    play_on(t)


def _handshake(server: Any) -> socket.socket:
    """A websocket opened by hand on a plain TCP socket, so the test can stop mid-frame."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(4096)
    assert head.startswith(b"HTTP/1.1 101"), head[:100]
    return sock


def _frame_start(payload: bytes, length: int) -> bytes:
    """A masked text frame's header announcing ``length`` bytes, then the first of them."""
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return struct.pack("!BBH", 0x81, 0x80 | 126, length) + mask + body


def test_a_client_killed_mid_message_harms_nobody(table: Any) -> None:
    t = table
    before = table_state(t.server, t.code)
    for _ in range(3):
        sock = _handshake(t.server)
        sock.sendall(_frame_start(b'{"type": "join", "co', 3000))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()  # a reset, as when a pupil's laptop dies
    assert table_state(t.server, t.code) == before
    play_on(t)
    # and a new pupil's connection is still served
    probe = connect_raw(t.server)
    probe.send(json.dumps({"type": "ping", "id": "alive"}))
    assert answer(probe, "pong")["id"] == "alive"
    probe.close()


def test_guessing_codes_is_slowed_down_and_the_class_carries_on(rooms_server: Any) -> None:
    server = rooms_server(failures=5, failure_window=600.0)
    room = open_room(server.url, "kille", seats=3, computers=[None, "heuristic", "heuristic"])
    alva = RoomClient(server.url, room["code"], "Alva")
    guesser = connect_raw(server)
    wrong = [c for c in ("ACDEF", "GHJKM", "NPQRT", "UVWXY", "CCCCC", "DDDDD")
             if c != room["code"]]
    for code in wrong[:5]:
        guesser.send(json.dumps({"type": "join", "code": code, "name": "Guess"}))
        assert answer(guesser)["reason"] == "unknown-room"
    guesser.send(json.dumps({"type": "join", "code": room["code"], "name": "Guess"}))
    error = answer(guesser)
    assert error["reason"] == "too-many-tries" and "try again in" in error["message"]
    status, reply = http(server, f"/api/rooms/{room['code']}")
    assert status == 429 and reply["error"] == "too-many-tries"
    # a pupil already seated plays on, and the teacher's token still works
    alva.wait_turn()
    alva.act(alva.legal[0])
    status, reply = http(server, "/api/teacher/rooms", token=server.teacher_token)
    assert status == 200 and reply["rooms"][0]["players"][0]["name"] == "Alva"
    guesser.close()
    alva.close()


def test_the_http_api_refuses_bad_requests_in_words(rooms_server: Any) -> None:
    server = rooms_server()
    cases = [
        ({"game": "chess"}, 400, "no game called"),
        ({"game": "kille", "seats": 12}, 400, "2 to 8 seats"),
        ({"game": "kille", "seats": 3, "computers": ["heuristic"] * 3}, 400,
         "leave at least one seat"),
        ({"game": "kille", "computers": ["genius"]}, 400, "computer's level"),
        ({"game": "knock", "length": "short"}, 400, "no lengths"),
        ({"game": "kille", "rules": {"lives": "many"}}, 400, "lives"),
        ({"game": "kille", "colour": "red"}, 400, "no option colour"),
    ]
    for body, status, words in cases:
        got, reply = http(server, "/api/rooms", body)
        assert got == status and words in reply["message"], (body, reply)
    got, reply = http(server, "/api/rooms", raw=b"{nope")
    assert got == 400 and reply["error"] == "bad-json"
    got, reply = http(server, "/api/rooms", raw=b"{" + b" " * 20_000 + b"}")
    assert got == 413 and "at most" in reply["message"]
    got, reply = http(server, "/api/teacher/rooms", token="guess")
    assert got == 401 and "teacher's token" in reply["message"]
    room = open_room(server.url, "kille", seats=3)
    got, reply = http(server, f"/api/rooms/{room['code']}/start", {"owner": "guess"})
    assert got == 403 and "owner token" in reply["message"]
    got, reply = http(server, f"/api/rooms/{room['code']}/start", {"owner": room["owner"]})
    assert got == 400 and reply["error"] == "no-pupils"
    assert http(server, "/api/games")[0] == 200
