"""A pupil's seat at a room, from Python: ``RoomClient(url, code, name)``.

For notebooks, scripts and tests. It is synchronous: a thread of its own reads the socket and
keeps the latest of what the seat was told (``observation``, ``legal``, ``events``), so a
notebook cell can look at ``client.observation`` at any time and ``client.act("stand")``
waits for the server's answer::

    from kortspel.rooms.client import RoomClient, open_room
    room = open_room("http://127.0.0.1:8765", "kille", seats=4, computers=[None, None,
                     "heuristic", "heuristic"])
    me = RoomClient("http://127.0.0.1:8765", room["code"], "Alva")
    me.wait_turn()
    me.act(me.legal[0])

A refusal (not your turn, a bad action) raises :class:`RoomError` with the server's words;
nothing changed at the table. The messages are the ones ``docs/rooms.md`` lists, so a client
in another language (the browser's) speaks the same.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .room import RoomError

__all__ = ["RoomClient", "RoomError", "open_room", "start_room", "room_info", "socket_url"]


def socket_url(url: str) -> str:
    """The socket's address from the server's (``http://host:port`` -> ``ws://host:port/ws``);
    a ``ws://`` or ``wss://`` address is taken as it is."""
    if url.startswith(("ws://", "wss://")):
        return url
    if url.startswith("http://"):
        return "ws://" + url[7:].rstrip("/") + "/ws"
    if url.startswith("https://"):
        return "wss://" + url[8:].rstrip("/") + "/ws"
    raise RoomError("bad-url", f"the server's address starts with http:// or ws://, not "
                    f"{url[:40]!r}")


def _http(url: str, path: str, body: Any = None, token: str | None = None,
          timeout: float = 10.0) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url.rstrip("/") + path, data=data,
                                     method="GET" if body is None else "POST")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        try:
            answer = json.loads(err.read())
        except ValueError:
            answer = {}
        raise RoomError(answer.get("error", "http"),
                        answer.get("message", f"the server answered {err.code}")) from None


def open_room(url: str, game: str = "kille", seats: int | None = None,
              **options: Any) -> dict[str, Any]:
    """Open a room (``POST /api/rooms``); its summary, with ``code`` and ``owner`` (the token
    that may start it)."""
    body = {"game": game, **({} if seats is None else {"seats": seats}), **options}
    answer: dict[str, Any] = _http(url, "/api/rooms", body)
    return answer


def start_room(url: str, code: str, owner: str) -> dict[str, Any]:
    """Start a room now; the seats nobody took are given to computers."""
    answer: dict[str, Any] = _http(url, f"/api/rooms/{code}/start", {"owner": owner})
    return answer


def room_info(url: str, code: str) -> dict[str, Any]:
    """Who sits where in a room, and whether it has started."""
    answer: dict[str, Any] = _http(url, f"/api/rooms/{code}")
    return answer


class RoomClient:
    """One seat of a room over its socket; see the module docstring.

    Join by ``name`` for a free seat (``seat=`` asks for one), or by ``token`` (a seat's, as
    ``client.token`` gave it) to take one's seat back after a dropped connection.
    ``view="svg"`` asks for the table drawn with each update, as the pupils' page does
    (kept in ``table``; then the seat may send ``click`` and ``press``); ``on_message`` is
    called on the reader's thread with each message once it is taken in, and with ``None``
    when the socket has closed (a view moves them to its own thread).
    ``language="sv"``: the server's words to this seat (its refusals, its notices) in
    Swedish; the events' ``text`` stays English (the record's words).
    """

    def __init__(self, url: str, code: str, name: str | None = None, *,
                 view: str | None = None,
                 on_message: Callable[[dict[str, Any] | None], None] | None = None,
                 token: str | None = None, seat: int | None = None,
                 language: str | None = None, timeout: float = 10.0) -> None:
        self.url = url
        self.code = code
        self.timeout = timeout
        self.messages: list[str] = []
        """Every message received, as sent (for checks of what a seat was told)."""
        self.errors: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        """The events of the current hand that this seat saw, in order."""
        self.observation: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.hand = -1
        self.step = -1
        self.standings: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None
        """The table drawn for this seat (``view="svg"`` only): the last ``update``'s
        ``table`` (``svg``, ``status``, ``lines``, ``buttons``, ...)."""
        self.on_message = on_message
        self.players: list[dict[str, Any]] = []
        self.status = "joining"
        self.over: dict[str, Any] | None = None
        self.closed_message = ""
        self.seat: int | None = None
        self.seat_name: str | None = None
        self.name: str | None = None
        self.token: str | None = token
        self._ids = itertools.count(1)
        self._answers: dict[Any, dict[str, Any]] = {}
        self._changed = threading.Condition()
        self._closed = False
        self._stack = contextlib.ExitStack()
        try:  # entered as a context manager: the one form every websockets since 12 takes
            self._ws: ClientConnection = self._stack.enter_context(connect(
                socket_url(url), open_timeout=timeout, max_size=2**22, close_timeout=2))
        except (OSError, TimeoutError) as err:
            raise RoomError("no-server", f"cannot reach the rooms server at {url}: "
                            f"{err}") from None
        self._reader = threading.Thread(target=self._listen, daemon=True,
                                        name=f"room-{code}-{name or 'seat'}")
        self._reader.start()
        join: dict[str, Any] = {"type": "join", "code": code}
        if language is not None:
            join["language"] = language
        if token is not None:
            join["token"] = token
        else:
            join["name"] = name
            if seat is not None:
                join["seat"] = seat
        if view is not None:
            join["view"] = view
        try:
            answer = self._ask(join, lambda m: m.get("type") == "welcome")
        except BaseException:  # no answer in time, or the socket closed: nothing left open
            self.close()
            raise
        if answer.get("type") == "error":
            self.close()
            raise RoomError(answer.get("reason", "refused"), answer.get("message", ""))

    # -- reading ----------------------------------------------------------------------------

    def _listen(self) -> None:
        try:
            for raw in self._ws:
                text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
                try:
                    message = json.loads(text)
                except ValueError:
                    continue
                with self._changed:
                    self.messages.append(text)
                    self._take(message)
                    self._changed.notify_all()
                if self.on_message is not None and isinstance(message, dict):
                    self.on_message(message)
        except ConnectionClosed:
            pass
        finally:
            with self._changed:
                self._closed = True
                self._changed.notify_all()
            if self.on_message is not None:
                self.on_message(None)

    def _take(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == "welcome":
            self.seat, self.seat_name = m["seat"], m["seat_name"]
            self.name, self.token = m["name"], m["token"]
            self.players, self.status = m["players"], m["status"]
            self._answers["welcome"] = m
        elif kind == "update":
            if m["hand"] != self.hand:
                self.events = []
            self.hand, self.step = m["hand"], m["step"]
            self.events[m["first"]:] = m["events"]
            self.observation, self.legal = m["observation"], m["legal"]
            self.standings = m["standings"]
            if "table" in m:
                self.table = m["table"]
            if "ack" in m:
                self._answers[m["ack"]] = m
        elif kind == "players":
            self.players, self.status = m["players"], m["status"]
        elif kind == "over":
            self.over = m
            self.status = "over"
        elif kind == "closed":
            self.closed_message = m.get("message", "")
            self.status = "ended"
        elif kind == "error":
            self.errors.append(m)
            self._answers[m.get("id", "welcome" if self.seat is None else None)] = m
        elif kind == "pong" and "id" in m:
            self._answers[m["id"]] = m

    # -- asking -----------------------------------------------------------------------------

    def send(self, message: Mapping[str, Any]) -> None:
        """Send any message as it is (for tools; ``act`` is the usual way)."""
        self._ws.send(json.dumps(message, ensure_ascii=False))

    def _ask(self, message: dict[str, Any], welcome: Callable[[dict[str, Any]], bool] | None
             = None) -> dict[str, Any]:
        key: Any = "welcome" if welcome is not None else next(self._ids)
        if welcome is None:
            message = {**message, "id": key}
        with self._changed:
            self._answers.pop(key, None)
        self.send(message)
        with self._changed:
            if not self._changed.wait_for(lambda: key in self._answers or self._closed,
                                          self.timeout):
                raise TimeoutError(f"the server did not answer within {self.timeout:g} s")
            if key not in self._answers:
                raise RoomError("closed", self.closed_message or "the connection closed")
            return self._answers.pop(key)

    def act(self, action: Any, step: int | None = None) -> dict[str, Any]:
        """Play an action: one of ``legal`` (an object), or text such as ``"stand"``. Returns
        the update that shows it played; a refusal raises :class:`RoomError`."""
        message: dict[str, Any] = {"type": "act", "action": action}
        if step is not None:
            message["step"] = step
        answer = self._ask(message)
        if answer.get("type") == "error":
            raise RoomError(answer.get("reason", "refused"), answer.get("message", ""))
        return answer

    def ping(self) -> float:
        """Seconds for a message to the server and back."""
        start = time.perf_counter()
        self._ask({"type": "ping"})
        return time.perf_counter() - start

    # -- waiting ----------------------------------------------------------------------------

    def wait_for(self, condition: Callable[[RoomClient], bool],
                 timeout: float | None = None) -> None:
        """Wait until ``condition(self)`` holds (checked after every message); a
        ``TimeoutError`` says so if it does not within ``timeout`` seconds."""
        with self._changed:
            if not self._changed.wait_for(lambda: condition(self) or self._closed,
                                          self.timeout if timeout is None else timeout):
                raise TimeoutError("the room did not get there in time")
            if not condition(self):
                raise RoomError("closed", self.closed_message or "the connection closed")

    def wait_turn(self, timeout: float | None = None) -> None:
        """Wait until this seat may act (or the match is over)."""
        self.wait_for(lambda c: bool(c.legal) or c.over is not None, timeout)

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def close_code(self) -> int | None:
        return self._ws.close_code

    def close(self) -> None:
        """Leave: the seat is kept for the room's grace period, then a computer plays it."""
        self._stack.close()
        self._reader.join(5)

    def __enter__(self) -> RoomClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return (f"RoomClient(room {self.code}, seat {self.seat_name}, {self.name!r}, "
                f"{self.status})")
