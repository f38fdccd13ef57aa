"""A finished match is kept as a record that replays, in memory and in the records folder;
a room the teacher ends keeps what was played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rooms_helpers import http, teacher_room, try_act, wait_until

import kortspel
from kortspel.rooms.client import RoomClient, open_room
from kortspel.rooms.room import replay_match


def test_a_finished_match_is_saved_and_replays(rooms_server: Any, tmp_path: Path) -> None:
    server = rooms_server(records=tmp_path)
    room = open_room(server.url, "kille", seats=3, computers=[None, "heuristic", "random"],
                     rules={"lives": 1}, length="short")
    alva = RoomClient(server.url, room["code"], "Alva")
    while not alva.over:
        wait_until(lambda: alva.legal or alva.over, what="Alva's turn")
        try_act(alva)
    status, listing = http(server, "/api/teacher/rooms", token=server.teacher_token)
    (entry,) = listing["records"]
    assert entry["finished"] and entry["code"] == room["code"] and entry["game"] == "kille"
    assert entry["players"] == {"a": "Alva", "b": "computer (heuristic)",
                                "c": "computer (random)"}
    status, record = http(server, f"/api/teacher/records/{entry['id']}",
                          token=server.teacher_token)
    assert status == 200
    finals = replay_match(record)
    assert len(finals) == entry["hands"] and all(s.is_over for s in finals)
    # the winner the pupil was told is the record's
    assert record["winner"] == alva.over["winner"]["seat_name"]
    assert [s["points"] for s in alva.over["standings"]] == list(record["points"].values())
    # the same record on disk, whole
    (saved,) = tmp_path.glob("*.json")
    assert saved.name == f"{entry['id']}.json"
    assert json.loads(saved.read_text(encoding="utf-8")) == record
    assert all(kortspel.replay(h).is_over for h in record["hands"])
    assert teacher_room(server, room["code"])["record"] == entry["id"]
    alva.close()


def test_an_ended_room_keeps_what_was_played(rooms_server: Any) -> None:
    server = rooms_server()
    room = open_room(server.url, "knock", seats=3, computers=[None, "heuristic", "heuristic"])
    alva = RoomClient(server.url, room["code"], "Alva")
    for _ in range(3):
        wait_until(lambda: alva.legal or alva.over, what="Alva's turn")
        try_act(alva)
    status, ended = http(server, f"/api/teacher/rooms/{room['code']}/end", body={},
                         token=server.teacher_token)
    assert status == 200 and ended["status"] == "ended"
    wait_until(lambda: alva.closed, what="Alva sent away")
    assert alva.closed_message == "The teacher ended this room."
    status, listing = http(server, "/api/teacher/rooms", token=server.teacher_token)
    (entry,) = listing["records"]
    assert not entry["finished"]
    status, record = http(server, f"/api/teacher/records/{entry['id']}",
                          token=server.teacher_token)
    replay_match(record)  # every hand replays, the last one unfinished
    assert record["room"]["players"]["a"] == "Alva"
    # an ended room takes nobody
    status, reply = http(server, f"/api/rooms/{room['code']}")
    assert status == 404 and reply["error"] == "unknown-room"
    status, reply = http(server, "/api/teacher/records/nothing", token=server.teacher_token)
    assert status == 404
