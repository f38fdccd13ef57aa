"""Every game plays in a room: a pupil and computers of each level, chance turns and calls out
of turn driven by the server, the strong computer thinking on its own thread."""

from __future__ import annotations

from typing import Any

import pytest
from rooms_helpers import teacher_room, try_act, wait_until

from kortspel.rooms import room as room_module
from kortspel.rooms.client import RoomClient, open_room


@pytest.mark.parametrize("game, seats", [("kille", 3), ("gnallknekt", 3), ("knock", 3),
                                         ("kopknack", 3)])
def test_a_pupil_plays_each_game_with_computers(rooms_server: Any, game: str,
                                                seats: int) -> None:
    server = rooms_server()
    room = open_room(server.url, game, seats=seats,
                     computers=[None, "random", "heuristic"][:seats])
    with RoomClient(server.url, room["code"], "Alva") as alva:
        played = 0
        while played < 4 and not alva.over:
            wait_until(lambda: alva.legal or alva.over, what="Alva's turn")
            played += try_act(alva)
        assert played == 4 or alva.over
        assert not [e for e in alva.errors if e["reason"] not in ("stale", "hand-over")]
        view = teacher_room(server, room["code"])
        assert view["status"] in ("playing", "over") and view["cards"]
        assert alva.observation is not None and alva.observation["seat"] == 0


def test_the_strong_computer_thinks_without_holding_up_the_server(
        rooms_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two seconds a move (the server runs in this process): were the thinking done on the
    # event loop, every other room would wait that long for an answer.
    monkeypatch.setattr(room_module, "EXPERT_SECONDS", 2.0)
    server = rooms_server()
    room = open_room(server.url, "kille", seats=2, computers=[None, "expert"])
    other = open_room(server.url, "kille", seats=2, computers=[None, "heuristic"])
    with RoomClient(server.url, room["code"], "Alva") as alva, \
            RoomClient(server.url, other["code"], "Bo") as bo:
        hands = alva.hand
        while alva.hand < hands + 2 and not alva.over:
            wait_until(lambda: alva.legal or alva.over, what="Alva's turn")
            try_act(alva)
            # the dealer (the expert) thinks now; the other room answers meanwhile
            assert max(bo.ping() for _ in range(5)) < 1.0
        assert teacher_room(server, room["code"])["players"][1]["computer"] == "expert"
