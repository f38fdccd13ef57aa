"""What the rooms' tests share besides their server (``conftest.py``): waiting for a
condition, the HTTP and teacher's API, bare sockets for hostile clients, and an honest
client's action. A module of its own name, as ``conftest`` is a name every test folder's
conftest shares.

Nothing waits a fixed time: a test waits for a condition (``wait_until``), with a deadline
that only a failure reaches.
"""

from __future__ import annotations

import html
import json
import re
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


# ---------------------------------------------------------------------------------------------
# What a message tells: the card names in it (the privacy scans)
# ---------------------------------------------------------------------------------------------


def strings(value: Any) -> list[str]:
    """Every string value inside a message (not its keys: a zone is keyed ``hand[1]``, and
    Kille has a card called ``1``)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def card_names(view: dict[str, Any], deck: set[str]) -> set[str]:
    """The card names an observation's view tells its seat: the cards it knows, and any its
    narration names (a rule said out loud, "it is lower than Blaren", names a card without
    placing it)."""
    known = {name for cards in view["knowledge"]["zones"].values() for name, _ in cards
             if name is not None}
    return known | mentioned(view.get("narration", []), deck)


def mentioned(message: Any, deck: set[str]) -> set[str]:
    """The card names a message holds. A refusal or a step counter says numbers that are
    no card ("step 1"): in the server's own prose (an error's or a notice's ``message``) only
    a card's name that is no bare number counts; everywhere else (a value, an event's
    words, an observation) every name does, Kille's "1" to "12" too."""
    found: set[str] = set()
    prose = message.get("message") if isinstance(message, dict) else None
    for s in strings(message):
        words = set(re.findall(r"[\wÅÄÖåäö]+", s)) & deck
        found |= {w for w in words if not w.isdigit()} if s is prose else words
    return found


def svg_cards(svg: str, deck: set[str]) -> set[str]:
    """The card names a drawn table (a pupils' page's ``table.svg``) shows or says: every
    card sprite it places (``<symbol id="s-kille_3a_Husu">``, ``href="#s-..."``, decoded:
    ``kille:Husu``, ``french:10S:2c``), and any card's name in its words (its title, its
    alt text, the words on the felt), a bare number there excepted as in prose: the words
    say "talon: 38" and lives, and a numbered card shows as its sprite."""
    found: set[str] = set()
    for ident in re.findall(r'(?:id="|href="#)s-([^"]+)"', svg):
        key = re.sub(r"_([0-9a-f]+)_", lambda m: chr(int(m.group(1), 16)), ident)
        found |= set(key.split(":")[1:2]) & deck
    words = " ".join(html.unescape(t) for t in re.findall(r">([^<]+)<", svg))
    words += " ".join(html.unescape(t) for t in re.findall(r'aria-label="([^"]*)"', svg))
    return found | {w for w in set(re.findall(r"[\wÅÄÖåäö]+", words)) & deck
                    if not w.isdigit()}


PROSE = ("progress",)
"""Words of a pupils' page's table that count the match ("Pot 1 of 3."), never a card: read
as prose, where a bare number is no card's name. Its status and story are read whole."""


def told(message: dict[str, Any], deck: set[str]) -> set[str]:
    """Every card name a message holds: its values (``mentioned``) and, for a pupils' page,
    what its drawn table shows (``svg_cards``; the drawing's numbers are its coordinates,
    so it is read as a picture, not as words)."""
    table = message.get("table") if isinstance(message, dict) else None
    if not isinstance(table, dict) or "svg" not in table:
        return mentioned(message, deck)
    rest = {**message, "table": {k: v for k, v in table.items()
                                 if k != "svg" and k not in PROSE}}
    prose = {w for k in PROSE for s in strings(table.get(k, ""))
             for w in re.findall(r"[\wÅÄÖåäö]+", s) if w in deck and not w.isdigit()}
    return mentioned(rest, deck) | prose | svg_cards(table["svg"], deck)
