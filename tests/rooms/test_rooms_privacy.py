"""No message to a seat holds a card that seat may not see.

Four pupils play a Kille match from four real clients, each acting whenever it may (a Kuku
call out of turn included). Afterwards the match's record is replayed, and every message each
seat received is held to what the engine allows that seat at that point: the observation it
was sent is exactly ``state.observation(seat).view()`` of the replayed hand at that step, and
no card name of the deck appears anywhere in the raw text of its messages unless the engine's
view for that seat had told it by then (its knowledge or its narration in this hand).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from rooms_helpers import card_names, http, mentioned, teacher_room, wait_until

import kortspel
from kortspel.rooms.client import RoomClient, RoomError, open_room

NAMES = ("Alva", "Bo", "Cilla", "Dag")


def play_until_over(clients: list[RoomClient], seconds: float = 60) -> int:
    """Each client acts whenever it may (a random legal action) until the match is over; the
    number of refusals met on the way (a view a moment old: the table moved on)."""
    rng = random.Random(4)
    refused = 0
    deadline = time.monotonic() + seconds
    while not all(c.over for c in clients):
        assert time.monotonic() < deadline, ("the match did not end in time", [
            (c.name, c.over is not None, c.hand, c.step, c.legal, c.status) for c in clients])
        moved = False
        for c in clients:
            legal = list(c.legal)
            if legal and not c.over:
                try:
                    c.act(rng.choice(legal), step=c.step)
                    moved = True
                except RoomError as err:  # the view was a moment old: the table moved on
                    assert err.reason in ("stale", "not-your-turn", "hand-over"), err
                    refused += 1
        if not moved:
            wait_until(lambda: any(c.legal for c in clients) or all(c.over for c in clients),
                       what="a seat's turn")
    return refused


def test_every_message_holds_only_cards_the_seat_may_see(rooms_server: Any) -> None:
    server = rooms_server()
    room = open_room(server.url, "kille", seats=4, rules={"lives": 1}, length="short")
    clients = [RoomClient(server.url, room["code"], n) for n in NAMES]
    wait_until(lambda: all(c.observation is not None for c in clients), what="the deal")
    # A seat that acts out of turn is refused, in words that name no hidden card.
    waiting = next(c for c in clients if not c.legal)
    try:
        waiting.act("stand")
    except RoomError as err:
        assert err.reason == "not-your-turn", err
    play_until_over(clients)

    status, answer = http(server, "/api/teacher/rooms", token=server.teacher_token)
    record = answer["records"][0]
    assert record["finished"] and record["code"] == room["code"]
    status, full = http(server, f"/api/teacher/records/{record['id']}",
                        token=server.teacher_token)
    assert status == 200
    hands = full["hands"]
    frames = [kortspel.frames(h) for h in hands]
    deck = set(kortspel.load("kille", seats=4).pack())

    checked = 0
    for c in clients:
        seat = c.seat
        assert seat is not None
        seen: dict[int, set[str]] = {}
        for raw in c.messages:
            message = json.loads(raw)
            hand = message.get("hand", -1)
            if message["type"] == "update":
                state = frames[hand][message["step"]]
                expected = state.observation(seat).view()
                seen.setdefault(hand, set()).update(card_names(expected, deck))
                expected.pop("narration")
                assert message["observation"] == expected, (c.name, hand, message["step"])
                assert message["legal"] == [a.to_json() for a in state.legal_actions(seat)]
                allowed = seen[hand]
                # the events sent are the ones this seat sees, in the words of the record
                texts = [e.text for e in state.events if e.visible_to(seat)]
                got = [e["text"] for e in message["events"]]
                assert got == texts[message["first"]:message["first"] + len(got)]
                checked += 1
            else:
                # welcome, players, errors, over: no card at all
                allowed = set()
            leaked = mentioned(message, deck) - allowed
            assert not leaked, f"{c.name} (seat {seat}) was told {leaked}: {raw[:300]}"
    assert checked > 40  # a whole match: a dozen messages a hand a seat, and more
    assert len(hands) >= 2 and all(kortspel.replay(h).is_over for h in hands)
    # The teacher, and only the teacher, sees every card.
    view = teacher_room(server, room["code"])
    assert view["status"] == "over"
    for c in clients:
        c.close()
