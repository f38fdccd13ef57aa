"""The classroom server: Starlette on uvicorn, one port for the site, the rooms and the
teacher's page (``python -m kortspel serve``, ``make classroom``).

Routes (docs/rooms.md says each message and answer):

* ``/ws`` -- a pupil's socket: ``join`` a room by code and name (or a seat's token), then
  ``act``; each seat is sent its own view only.
* ``/api/games``, ``POST /api/rooms``, ``/api/rooms/CODE``, ``POST /api/rooms/CODE/start``
  -- open a room, look at who sits where, start it.
* ``/teacher`` and ``/api/teacher/...`` -- the teacher's page and what it reads: every
  table, every card, ending a room, the records. Every call needs the teacher's token
  (``Authorization: Bearer TOKEN``), printed when the server starts.
* ``/play`` -- the pupils' page: join by code and name, then play at the table drawn by the
  server (``picture.py``), over the same socket.
* ``/api/hello`` -- says that a room server is here: the site's front page shows its "Join a
  room" form only when this answers (on a plain static host it does not).
* ``/`` -- the built site (``make site``), when the server was given one; else a page with
  the join form.

A connection's messages are read one at a time and each is limited in size, in rate and in
what it may ask; its answers go through a queue of its own, so a client that reads slowly or
not at all holds up nobody (it is closed once its queue is full).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

import kortspel
from kortspel import KortspelError
from kortspel.i18n import N_, _, check_language, using

from .hall import Hall, Settings
from .limits import Bucket
from .room import PROTOCOL, Room, RoomError, Seat, game_title, levels

log = logging.getLogger("kortspel.rooms")

DEFAULT_PORT = 8765

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip",
         ".ipynb": "application/json"}
"""File types a browser checks (a module must come as JavaScript, WebAssembly as such),
whatever the machine's own table of types says."""

PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store"}
"""The teacher's page runs only its own script and talks only to this server."""

PUPIL_HEADERS = {**PAGE_HEADERS, "Content-Security-Policy": PAGE_HEADERS[
    "Content-Security-Policy"].replace("form-action 'none'", "form-action 'self'")}
"""The pupils' pages (the join form, the table) as the teacher's, but a form may send its
code and name to this server's ``/play``."""

STATUS = {"too-many-tries": 429, "too-many-rooms": 429, "unknown-room": 404,
          "teacher-token": 401, "owner-token": 403, "too-big": 413, "unknown-record": 404}


class SiteFiles(StaticFiles):
    """The built site, its ``.mjs`` and ``.wasm`` files sent with the types browsers need."""

    def file_response(self, full_path: Any, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        kind = TYPES.get(Path(str(full_path)).suffix.lower())
        if kind is not None:
            response.headers["content-type"] = kind
        return response


class Connection:
    """A pupil's socket as the hall sees it (:class:`~.hall.Member`): messages are queued
    and written by a task of its own; ``close`` writes what is queued first."""

    def __init__(self, websocket: WebSocket, most: int) -> None:
        self.websocket = websocket
        self.room: Room | None = None
        self.seat: Seat | None = None
        self.language = "en"
        """The language its page speaks; a join's ``"language"`` sets it."""
        self.closed = False
        self.closing = False
        """Closed by the server (``close``): what is queued still goes out."""
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(most)
        self._close = (1000, "")

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self._queue.put_nowait(json.dumps(message, ensure_ascii=False,
                                              separators=(",", ":")))
        except asyncio.QueueFull:
            log.warning("closing a connection that stopped reading")
            self.closed = True
            self._close = (1008, "too slow: answers piled up unread")
            self._drop_queue()

    def refuse(self, reason: str, message: str, mid: Any = None) -> None:
        self.send({"type": "error", "reason": reason, "message": message,
                   **({} if mid is None else {"id": mid})})

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = self.closing = True
        self._close = (code, reason)
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._drop_queue()

    def _drop_queue(self) -> None:
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(None)

    async def write(self) -> None:
        """Send what is queued, in order, until ``close``; then close the socket."""
        ws = self.websocket
        while True:
            text = await self._queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await ws.close(*self._close)
                return
            await ws.send_text(text)


async def pupil_socket(websocket: WebSocket) -> None:
    """A pupil's connection, from its first message to its last (see the module docstring)."""
    hall: Hall = websocket.app.state.hall
    s = hall.settings
    who = websocket.client.host if websocket.client else "unknown"
    await websocket.accept()
    conn = Connection(websocket, s.outbox)
    writer = asyncio.create_task(conn.write())
    bucket = Bucket(s.rate, s.burst)
    flooded, warned = 0, -math.inf
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                flooded += 1
                with using(conn.language):
                    if flooded >= s.flood_close:
                        conn.refuse("flood", _("too many messages; this connection is "
                                               "closed"))
                        conn.close(1008, "flooding")
                    elif time.monotonic() - warned >= 1.0:
                        warned = time.monotonic()
                        conn.refuse("flood", _("too many messages: at most {rate} a second "
                                               "({burst} at once); this one was not "
                                               "read").format(rate=f"{s.rate:g}",
                                                              burst=f"{s.burst:g}"))
                continue
            _read(hall, conn, who, message)
    except WebSocketDisconnect:
        pass
    finally:
        gone = not conn.closing  # the client left: nothing more can reach it
        conn.closed = True
        hall.left(conn)
        if gone:
            writer.cancel()
        with contextlib.suppress(BaseException):  # a refusal and the close, sent in order
            await asyncio.wait_for(writer, 5.0)


def _read(hall: Hall, conn: Connection, who: str, message: Mapping[str, Any]) -> None:
    """One message of a pupil's connection: checked, read as JSON, handed to the hall; any
    refusal is answered, in the connection's language, and the connection carries on."""
    with using(conn.language):
        _read_one(hall, conn, who, message)


def _read_one(hall: Hall, conn: Connection, who: str, message: Mapping[str, Any]) -> None:
    limit = hall.settings.max_message
    text = message.get("text")
    if text is None:
        conn.refuse("bad-message", _("send each message as JSON text, not as binary data"))
        return
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        conn.refuse("too-big", _("a message is at most {limit} bytes; this one had {size} "
                                 "and was not read").format(limit=limit, size=size))
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        conn.refuse("bad-json", _('that is not JSON; send e.g. {"type": "act", "action": '
                                  '"stand"}'))
        return
    mid = data.get("id") if isinstance(data, dict) else None
    mid = mid if type(mid) is int or (isinstance(mid, str) and len(mid) <= 40) else None
    try:
        hall.handle(conn, who, data)
    except RoomError as err:
        conn.refuse(err.reason, str(err), mid)
    except Exception:  # a bug in kortspel: say so to this client, keep the room going
        log.exception("a message could not be handled")
        with using(conn.language):  # the join may have just set it
            conn.refuse("server-error", _("the server could not handle that message (a bug "
                                          "in kortspel); nothing was changed"))


# ---------------------------------------------------------------------------------------------
# HTTP: the rooms' API and the teacher's
# ---------------------------------------------------------------------------------------------


def _who(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _refused(err: RoomError) -> JSONResponse:
    return JSONResponse({"error": err.reason, "message": str(err)},
                        status_code=STATUS.get(err.reason, 400),
                        headers={"Cache-Control": "no-store"})


def _ok(value: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(value, status_code=status, headers={"Cache-Control": "no-store"})


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read no further than ``limit`` bytes."""
    size, chunks = 0, []
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RoomError("too-big", _("a request is at most {limit} bytes").format(
                limit=limit))
        chunks.append(chunk)
    if not size:
        return {}
    try:
        return json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise RoomError("bad-json", _("the request's body is not JSON")) from None


def _bearer(request: Request) -> str | None:
    head = request.headers.get("authorization", "")
    return head[7:].strip() if head[:7].lower() == "bearer " else None


def _language(request: Request) -> str:
    """The language a page asks its answers in: the first of its ``Accept-Language`` (the
    teacher's page sends the one chosen on it); English when none is known."""
    first = request.headers.get("accept-language", "").split(",")[0].split(";")[0]
    try:
        return check_language(first)
    except KortspelError:
        return "en"


def _api(handler: Callable[[Request, Hall], Any]) -> Callable[[Request], Any]:
    """An API handler: its ``RoomError`` answered as JSON with the right status, its words
    in the language the request asks for."""
    async def endpoint(request: Request) -> Response:
        hall: Hall = request.app.state.hall
        with using(_language(request)):
            try:
                result = await handler(request, hall)
            except RoomError as err:
                return _refused(err)
        return result if isinstance(result, Response) else _ok(result)
    return endpoint


# i18n: the match lengths a teacher chooses from when opening a room (the games' own)
LENGTH_WORDS = (N_("short (one game)"), N_("standard (three games)"), N_("long (five games)"),
                N_("short (for a lesson)"), N_("standard"), N_("long (as the rules say)"),
                N_("short: each seat deals once"), N_("standard: each seat deals twice"),
                N_("long: each seat deals three times"))
"""The engine's words for its lengths stay English (a match's options); the teacher's page
shows them in its language."""


async def games(request: Request, hall: Hall) -> Any:
    out = []
    for name in kortspel.games():
        spec = kortspel.spec(name)
        lengths = getattr(spec.match, "LENGTHS", None)
        shown = {key: _(label) for key, label in lengths.items()} if lengths else {}
        out.append({"game": spec.name, "title": game_title(spec), "seats": list(spec.seats),
                    "lengths": shown, "levels": levels(spec),
                    "match": spec.match_word, "hand": spec.hand_word})
    return {"games": out}


async def open_room(request: Request, hall: Hall) -> Any:
    room = hall.open(await _body(request, hall.settings.max_message), _who(request))
    return _ok({**room.summary(), "owner": room.owner}, 201)


async def room_info(request: Request, hall: Hall) -> Any:
    return hall.find(request.path_params["code"], _who(request)).summary()


async def start_room(request: Request, hall: Hall) -> Any:
    body = await _body(request, hall.settings.max_message)
    owner = body.get("owner") if isinstance(body, dict) else None
    teacher = False
    if _bearer(request) is not None:
        hall.teacher(_bearer(request), _who(request))
        teacher = True
    return hall.start(request.path_params["code"], owner, _who(request), teacher).summary()


async def teacher_rooms(request: Request, hall: Hall) -> Any:
    hall.teacher(_bearer(request), _who(request))
    return {"rooms": [r.teacher_view() for r in hall.rooms.values()],
            "records": hall.record_list()}


async def teacher_end(request: Request, hall: Hall) -> Any:
    hall.teacher(_bearer(request), _who(request))
    return hall.end(request.path_params["code"], _who(request)).summary()


async def teacher_start(request: Request, hall: Hall) -> Any:
    hall.teacher(_bearer(request), _who(request))
    return hall.start(request.path_params["code"], None, _who(request), True).summary()


async def teacher_record(request: Request, hall: Hall) -> Any:
    hall.teacher(_bearer(request), _who(request))
    rid = request.path_params["rid"]
    record = hall.records.get(rid)
    if record is None:
        raise RoomError("unknown-record", _("no record by that name (the list says which "
                                            "are kept)"))
    return _ok(record)


def _static(name: str) -> bytes:
    return (resources.files(__package__ or "kortspel.rooms") / "static" / name).read_bytes()


def page(name: str, kind: str, headers: Mapping[str, str] = PAGE_HEADERS
         ) -> Callable[[Request], Any]:
    body = _static(name)

    async def endpoint(request: Request) -> Response:
        return Response(body, media_type=kind, headers=dict(headers))
    return endpoint


LANDING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-t-title="classroom">kortspel classroom</title>
<link rel="stylesheet" href="pupil.css">
<script src="words.js" defer></script><script src="landing.js" defer></script></head>
<body class="landing"><main>
<h1 data-t="classroom">kortspel classroom</h1>
<form class="join" action="play" method="get">
<h2 data-t="join.title">Join a room</h2>
<label><span data-t="join.code">Room code</span> <input name="code" required maxlength="12"
 autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="HQTKA"></label>
<label><span data-t="join.name">Your name</span> <input name="name" required maxlength="24"
 autocomplete="off" spellcheck="false" placeholder="Alva"></label>
<label class="language"><span data-t="language">Language</span>
 <select name="lang" class="lang"></select></label>
<button type="submit" data-t="join.button">Join</button>
</form>
<p data-t-html="landing.teacher">The teacher watches every table on
<a href="teacher">the teacher's page</a>.</p>
<p class="small" data-t-html="landing.site">No lessons are served here: build the site with
<code>make site</code> and start the server with <code>--site site</code> (as
<code>make classroom</code> does).</p>
</main></body></html>"""
"""The server's own front page (no site given): the join form, in the language chosen on it
(its words are ``static/words.js``'s, as the pupils' page's)."""


async def hello(request: Request) -> Response:
    """A room server is here: what the site's front page asks before it shows its join
    form (the answer names nothing of any room)."""
    return _ok({"kortspel": "rooms", "protocol": PROTOCOL, "play": "play"})


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def landing(request: Request) -> Response:
    return HTMLResponse(LANDING, headers=PUPIL_HEADERS)


def create_app(settings: Settings | None = None) -> Starlette:
    """The server's application: the rooms, the teacher's page and API, and the site."""
    hall = Hall(settings)
    s = hall.settings
    routes: list[BaseRoute] = [
        WebSocketRoute("/ws", pupil_socket),
        Route("/api/games", _api(games)),
        Route("/api/rooms", _api(open_room), methods=["POST"]),
        Route("/api/rooms/{code}", _api(room_info)),
        Route("/api/rooms/{code}/start", _api(start_room), methods=["POST"]),
        Route("/api/teacher/rooms", _api(teacher_rooms)),
        Route("/api/teacher/rooms/{code}/end", _api(teacher_end), methods=["POST"]),
        Route("/api/teacher/rooms/{code}/start", _api(teacher_start), methods=["POST"]),
        Route("/api/teacher/records/{rid}", _api(teacher_record)),
        Route("/teacher", page("teacher.html", "text/html; charset=utf-8")),
        Route("/teacher.js", page("teacher.js", "text/javascript; charset=utf-8")),
        Route("/teacher.css", page("teacher.css", "text/css; charset=utf-8")),
        Route("/api/hello", hello),
        Route("/play", page("pupil.html", "text/html; charset=utf-8", PUPIL_HEADERS)),
        Route("/pupil.js", page("pupil.js", "text/javascript; charset=utf-8")),
        Route("/pupil.css", page("pupil.css", "text/css; charset=utf-8")),
        Route("/words.js", page("words.js", "text/javascript; charset=utf-8")),
        Route("/landing.js", page("landing.js", "text/javascript; charset=utf-8")),
    ]
    if s.site is None or not (s.site / "favicon.ico").is_file():
        routes.append(Route("/favicon.ico", no_icon))  # asked for by every browser
    if s.site is not None:
        routes.append(Mount("/", app=SiteFiles(directory=s.site, html=True), name="site"))
    else:
        routes.append(Route("/", landing))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def sweep() -> None:
            while True:
                await asyncio.sleep(60)
                hall.sweep()
        task = asyncio.create_task(sweep())
        try:
            yield
        finally:
            task.cancel()
            hall.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    return app


def check_site(folder: Path) -> Path:
    """A built site's folder, or a ``RoomError`` saying how to build one."""
    if not (folder / "index.html").is_file():
        raise RoomError("no-site", f"{folder} holds no built site (no index.html); build it "
                        "with `make site`, or leave --site out")
    return folder


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, made here so that a port in use is one clear line, not a log."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _config(app: Starlette, settings: Settings) -> uvicorn.Config:
    return uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                          ws_max_size=settings.max_frame, ws_ping_interval=20.0,
                          ws_ping_timeout=20.0, timeout_graceful_shutdown=3)


def serve(settings: Settings, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
          say: Callable[[str], None] | None = None) -> int:
    """Serve until Ctrl+C (``python -m kortspel serve``). ``OSError`` when the address
    cannot be had (a port in use, a host not of this machine)."""
    if say is None:
        def say(line: str) -> None:  # flushed: a program reading the lines sees them at once
            print(line, flush=True)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host else host
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else shown}:{port}"
    say(f"kortspel classroom server on {base}/ (Ctrl+C stops it)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        say(f"  Pupils' machines reach it at this machine's address on the network, port "
            f"{port}.")
    else:
        say("  Only this machine can reach it; --host 0.0.0.0 lets the class in.")
    say(f"  Teacher's page: {base}/teacher#token={settings.teacher_token}")
    say(f"  Teacher's token: {settings.teacher_token} (it shows every card: keep it)")
    if settings.site is not None:
        say(f"  Site: {base}/lab/index.html")
    if settings.records is not None:
        say(f"  Records of finished matches go to {settings.records}/")
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(_config(app, settings)).run(sockets=[sock])
    say("stopped")
    return 0


class Running:
    """A server in a thread of this process on a free loopback port, for tests, notebooks
    and demonstrations: ``with Running(Settings(grace=1)) as server: server.url``."""

    def __init__(self, settings: Settings | None = None, host: str = "127.0.0.1") -> None:
        self.settings = settings or Settings()
        self.app = create_app(self.settings)
        self.hall: Hall = self.app.state.hall
        self._sock = bind(host, 0)
        self.port = self._sock.getsockname()[1]
        self.url = f"http://{host}:{self.port}"
        self._server = uvicorn.Server(_config(self.app, self.settings))
        self._thread = threading.Thread(target=self._server.run,
                                        kwargs={"sockets": [self._sock]},
                                        name="kortspel-rooms", daemon=True)

    @property
    def teacher_token(self) -> str:
        return self.settings.teacher_token

    def start(self, timeout: float = 10.0) -> Running:
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the rooms server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        self._sock.close()

    def __enter__(self) -> Running:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def settings_from(host: str, site: str | None, records: str | None, grace: float,
                  pace: float, between: float) -> Settings:
    """The settings of ``python -m kortspel serve`` (refusing a site folder with no site)."""
    settings = Settings(grace=grace, pace=pace, between=between)
    if site is not None:
        settings = replace(settings, site=check_site(Path(site)))
    if records is not None:
        settings = replace(settings, records=Path(records))
    return settings
