"""What the rooms' tests share besides their server (``conftest.py``): waiting for a
condition, the HTTP and teacher's API, bare sockets for hostile clients, and an honest
client's action. A module of its own name, as ``conftest`` is a name every test folder's
conftest shares.

Nothing waits a fixed time: a test waits for a condition (``wait_until``), with a deadline
that only a failure reaches.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

DEADLINE = 20.0
"""Seconds a condition may take before the test fails: far above what any takes when it
holds (a few milliseconds), so only a real failure (or a machine stalled for that long)
reaches it."""


def wait_until(condition: Callable[[], Any], timeout: float = DEADLINE,
               what: str = "the condition") -> Any:
    """Poll ``condition`` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not hold within {timeout:g} s")
        time.sleep(0.005)


def http(server: Any, path: str, body: Any = None, token: str | None = None,
         raw: bytes | None = None) -> tuple[int, Any]:
    """Ask the server over HTTP; (status, the JSON answer)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(server.url + path, data=data,
                                     method="GET" if data is None else "POST")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def teacher_room(server: Any, code: str) -> dict[str, Any]:
    """The teacher's view of one room (every card), through the teacher's API."""
    status, answer = http(server, "/api/teacher/rooms", token=server.teacher_token)
    assert status == 200, answer
    return next(r for r in answer["rooms"] if r["code"] == code)


def table_state(server: Any, code: str) -> dict[str, Any]:
    """What must not change when a client is refused: the hand, its step, every card,
    whose turn it is, the events and the seats."""
    view = teacher_room(server, code)
    return {k: view.get(k) for k in ("status", "hand", "step", "to_act", "cards", "events",
                                     "standings", "players")}


def connect_raw(server: Any) -> Any:
    """A bare websocket to the server's ``/ws``: it sends whatever a test writes, as a
    hostile or broken client would. Closed with ``.close()``."""
    from websockets.sync.client import connect

    return connect(server.url.replace("http://", "ws://") + "/ws", max_size=2**22,
                   open_timeout=10).__enter__()


def answer(ws: Any, kind: str = "error", timeout: float = DEADLINE) -> dict[str, Any]:
    """The next message of type ``kind`` on a bare socket, skipping the others."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {kind!r} message within {timeout:g} s")
        message = json.loads(ws.recv(timeout=left))
        if message.get("type") == kind:
            return message


MOVED_ON = ("stale", "not-your-turn", "hand-over", "illegal")
"""Refusals an honest client meets when a computer moved (a Kuku called out of turn) between
the view it acted on and its action: the table had moved on, nothing was changed."""


def try_act(client: Any, action: Any = None) -> bool:
    """Play ``action`` (default the first legal one) if the seat may act; whether it was
    played. A refusal because the table moved on meanwhile is not a failure."""
    from kortspel.rooms.client import RoomError

    legal = list(client.legal)
    if not legal or client.over:
        return False
    try:
        client.act(legal[0] if action is None else action, step=client.step)
    except RoomError as err:
        assert err.reason in MOVED_ON, err
        return False
    return True
