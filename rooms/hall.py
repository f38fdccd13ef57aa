"""Every room of one server, the records of their finished matches, and the way a client's
message reaches its room.

The hall is the one object the web layer talks to: it opens rooms, seats a pupil who sends a
room's code (or a seat's token), passes an action to the pupil's room, keeps what each room
saved, and forgets rooms nobody has used for hours. It counts an address's wrong codes and
tokens (:class:`~.limits.FailureLimit`), so guessing a room's code is slow whatever client
does it. Like the rooms, it runs on the server's event loop only.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import tempfile
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from kortspel import KortspelError
from kortspel.i18n import N_, _, check_language, using

from .limits import FailureLimit, new_code, new_token, normal_code, same_secret
from .room import (
    ENDED,
    OVER,
    PLAYING,
    WAITING,
    Outlet,
    Room,
    RoomError,
    Seat,
    hand_records,
    read_options,
)

log = logging.getLogger("kortspel.rooms")


@dataclass
class Settings:
    """What a server is started with. The defaults are a classroom's; tests shorten the
    waits. Every limit is per connection or per address, never for the server as a whole,
    so one pupil's flood or typing mistakes cost nobody else anything."""

    grace: float = 30.0
    """Seconds a pupil who dropped keeps the seat before a computer takes over."""
    pace: float = 1.0
    """Seconds before a computer moves, so a pupil can follow the table."""
    between: float = 3.0
    """Seconds between the end of a hand and the next deal, to read how it ended."""
    max_message: int = 8 * 1024
    """Bytes a client's message may have; a longer one is refused unread."""
    max_frame: int = 64 * 1024
    """Bytes past which the socket itself is closed (code 1009) rather than a message read."""
    rate: float = 10.0
    """Messages a second one connection may send on average..."""
    burst: float = 30.0
    """...and at once; more are refused (``flood``) and not read."""
    flood_close: int = 300
    """Refused messages after which a flooding connection is closed (code 1008)."""
    failures: int = 10
    """Wrong codes or tokens an address may send in ``failure_window`` seconds."""
    failure_window: float = 60.0
    opens: int = 120
    """Rooms one address may open in ``failure_window`` seconds (a teacher opening thirty
    tables at once from the school's one address stays well inside it)."""
    max_rooms: int = 300
    """Rooms kept at once; finished ones nobody looks at are forgotten first."""
    keep_finished: float = 600.0
    """Seconds a finished room nobody is connected to stays listed (its record stays)."""
    outbox: int = 1000
    """Messages waiting for one slow connection before it is closed as too slow."""
    idle: float = 3 * 3600.0
    """Seconds after which a room nobody is connected to is closed and forgotten."""
    records: Path | None = None
    """A folder each finished match's record is written to, besides memory."""
    site: Path | None = None
    """The built site (``make site``) to serve beside the rooms, if any."""
    teacher_token: str = field(default_factory=new_token)
    keep_records: int = 1000


class Member(Outlet, Protocol):
    """A connection as the hall sees it: an outlet, and the room and seat it joined."""

    room: Room | None
    seat: Seat | None
    language: str
    """The language its page speaks (``"en"`` until a join says ``"language": "sv"``):
    every refusal and notice sent to it alone is made in it."""


def _stamp(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Hall:
    """The rooms of one server and the records they saved; see the module docstring."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        s = self.settings
        self.rooms: dict[str, Room] = {}
        self.records: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.wrong = FailureLimit(s.failures, s.failure_window)
        self.opened = FailureLimit(s.opens, s.failure_window)
        if s.records is not None:
            s.records.mkdir(parents=True, exist_ok=True)

    # -- rooms ------------------------------------------------------------------------------

    def open(self, data: Any, who: str) -> Room:
        """Open a room from a client's options (:func:`~.room.read_options`)."""
        wait = self.opened.wait(who)
        if wait > 0:
            raise RoomError("too-many-rooms", _("your address opened {most} rooms within a "
                                                "minute; try again in {wait} s").format(
                                                    most=self.settings.opens,
                                                    wait=math.ceil(wait)))
        if len(self.rooms) >= self.settings.max_rooms:
            self._forget_finished(len(self.rooms) - self.settings.max_rooms + 1)
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError("too-many-rooms", _("this server holds {most} rooms being played, "
                                                "its most; end one first").format(
                                                    most=self.settings.max_rooms))
        options = read_options(data)
        self.opened.failed(who)  # counted as an attempt, whether or not it is used
        code = new_code(self.rooms)
        s = self.settings
        room = Room(code, options, pace=s.pace, between=s.between, grace=s.grace,
                    save=self.save)
        self.rooms[code] = room
        log.info("room %s opened: %s, %d seats", code, options.game, options.seats)
        return room

    def find(self, code: Any, who: str) -> Room:
        """The open room of a code, counting a wrong one against ``who``."""
        self.check(who)
        room = self.rooms.get(normal_code(code) or "")
        if room is None or room.status == ENDED:
            self.wrong.failed(who)
            raise RoomError("unknown-room", _("no open room has that code; check the code on "
                                              "the board (five letters)"))
        return room

    def check(self, who: str) -> None:
        """Refuse an address that sent too many wrong codes or tokens lately."""
        wait = self.wrong.wait(who)
        if wait > 0:
            raise RoomError("too-many-tries", _("too many wrong codes or tokens from your "
                                                "address; try again in {wait} s").format(
                                                    wait=math.ceil(wait)))

    def teacher(self, token: Any, who: str) -> None:
        """Let the teacher's token through; anything else is refused (and counted). The
        right token passes even from an address locked out for wrong codes: 128 random bits
        are not guessed, and a pupil guessing codes behind the school's one address must not
        lock the teacher out."""
        if not same_secret(token, self.settings.teacher_token):
            self.check(who)
            self.wrong.failed(who)
            raise RoomError("teacher-token", _("this needs the teacher's token, which the "
                                               "server printed when it started"))

    def start(self, code: Any, owner: Any, who: str, teacher: bool = False) -> Room:
        room = self.find(code, who)
        if not teacher and not same_secret(owner, room.owner):
            self.wrong.failed(who)
            raise RoomError("owner-token", _("only whoever opened the room (with the owner "
                                             "token it was given) or the teacher can start "
                                             "it"))
        room.start()
        return room

    def end(self, code: Any, who: str) -> Room:
        room = self.find(code, who)
        room.end()
        return room

    # -- a client's messages ----------------------------------------------------------------

    def handle(self, member: Member, who: str, data: Any) -> None:
        """One message of a pupil's connection (JSON already read); a refusal is a
        ``RoomError`` and changes nothing. Its words are made in the connection's language:
        a join's ``"language"`` sets it before anything else is said."""
        if isinstance(data, Mapping) and data.get("type") == "join" and "language" in data:
            try:
                member.language = check_language(data["language"])
            except KortspelError:
                with using(getattr(member, "language", "en")):
                    raise RoomError("bad-language", _('language is "en" (English) or "sv" '
                                                      '(svenska)')) from None
        with using(getattr(member, "language", "en")):
            self._handle(member, who, data)

    def _handle(self, member: Member, who: str, data: Any) -> None:
        if not isinstance(data, Mapping):
            raise RoomError("bad-message", _('a message is a JSON object with a "type": '
                                             '"join", "act", "click", "press" or "ping"'))
        kind = data.get("type")
        if kind == "ping":
            member.send({"type": "pong", **_echo(data)})
        elif kind == "join":
            self._join(member, who, data)
        elif kind in ("act", "click", "press"):
            room, seat = member.room, member.seat
            if room is None or seat is None:
                raise RoomError("not-joined", _('join a room first: {"type": "join", "code": '
                                                '"ABCDE", "name": "your name"}'))
            if seat.outlet is not member:
                raise RoomError("moved", _("this seat was joined from another connection"))
            step, mid = data.get("step"), _echo(data).get("id")
            if kind == "click":  # a pupils' page: a point of its drawing
                room.click(seat, data.get("x"), data.get("y"), step, mid)
            elif kind == "press":  # a pupils' page: a button's verb
                room.press(seat, data.get("verb"), step, mid)
            elif "action" not in data:
                raise RoomError("bad-action", _('an act message holds the action: {"type": '
                                                '"act", "action": "stand"}'))
            else:
                room.act(seat, data["action"], step, mid, data.get("confirmed") is True)
        else:
            raise RoomError("bad-message", _("{kind} is not a message type; the types are "
                                             "join, act, click, press and ping").format(
                                                 kind=_brief(kind)))

    def _join(self, member: Member, who: str, data: Mapping[str, Any]) -> None:
        if member.seat is not None and member.room is not None:
            raise RoomError("joined", _("you already sit at seat {seat} of room {code}; open "
                                        "a new connection to join another").format(
                                            seat=member.seat.name, code=member.room.code))
        room = self.find(data.get("code"), who)
        token = data.get("token")
        if token is not None:
            seat = next((s for s in room.seats if same_secret(token, s.token)), None)
            if seat is None:
                self.wrong.failed(who)
                raise RoomError("bad-token", _("that token is for no seat of this room; join "
                                               "by name to take a free seat"))
            room.rejoin(member, seat, data.get("view"),
                        member.language if "language" in data else None)
        else:
            seat = room.join(member, data.get("name"), data.get("seat"), data.get("view"),
                             getattr(member, "language", "en"))
        member.room, member.seat = room, seat

    def left(self, member: Member) -> None:
        """A connection closed (a pupil left, a tab closed, a cable pulled)."""
        if member.room is not None:
            member.room.left(member)

    # -- records ----------------------------------------------------------------------------

    def save(self, room: Room, record: dict[str, Any]) -> str:
        """Keep a room's match record in memory and, if asked, in the records folder."""
        now = time.time()
        rid = f"{datetime.fromtimestamp(now, timezone.utc):%Y%m%d-%H%M%S}-{room.code}"
        record = dict(record)
        record["room"] = {
            "code": room.code, "opened": _stamp(room.opened), "saved": _stamp(now),
            "finished": bool(room.match is not None and room.match.is_over),
            "players": {s.name: s.pupil if s.pupil is not None else f"computer ({s.level})"
                        for s in room.seats}}
        self.records[rid] = record
        while len(self.records) > self.settings.keep_records:
            self.records.popitem(last=False)
        folder = self.settings.records
        if folder is not None:
            try:
                _write_json(folder / f"{rid}.json", record)
            except OSError as err:  # a full disk must not stop the class: memory still has it
                log.warning("could not write the record %s to %s: %s", rid, folder, err)
        log.info("room %s saved its record %s", room.code, rid)
        return rid

    def record_list(self) -> list[dict[str, Any]]:
        return [{"id": rid, "game": r.get("game"), "code": r["room"]["code"],
                 "saved": r["room"]["saved"], "finished": r["room"]["finished"],
                 "players": r["room"]["players"], "winner": r.get("winner"),
                 "hands": len(hand_records(r))}
                for rid, r in reversed(self.records.items())]

    # -- housekeeping -----------------------------------------------------------------------

    def _forget_finished(self, most: int) -> None:
        """Forget up to ``most`` finished rooms nobody is connected to, oldest first (their
        records stay)."""
        done = sorted((r.touched, code) for code, r in self.rooms.items()
                      if r.status in (OVER, ENDED)
                      and not any(s.outlet is not None for s in r.seats))
        for _touched, code in done[:most]:
            del self.rooms[code]

    def sweep(self) -> None:
        """Close rooms nobody has been connected to for ``idle`` seconds, forget finished
        ones after ``keep_finished`` seconds; their records stay."""
        now = time.monotonic()
        for code, room in list(self.rooms.items()):
            if any(s.outlet is not None for s in room.seats):
                continue
            if now - room.touched > self.settings.idle:
                if room.status in (WAITING, PLAYING):
                    room.end(N_("Nobody played this room for hours, so it was closed."))
                del self.rooms[code]
            elif room.status in (OVER, ENDED) and now - room.touched > \
                    self.settings.keep_finished:
                del self.rooms[code]

    def close(self) -> None:
        """The server stops: every room is ended (what was played is saved)."""
        for room in self.rooms.values():
            with contextlib.suppress(Exception):
                room.end(N_("The server was stopped."))


def _echo(data: Mapping[str, Any]) -> dict[str, Any]:
    """A message's ``id``, to be sent back with the answer, if it is a small number or
    text (anything else is not echoed)."""
    mid = data.get("id")
    if (type(mid) is int and abs(mid) < 2**53) or (isinstance(mid, str) and len(mid) <= 40):
        return {"id": mid}
    return {}


def _brief(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True, default=str)
    return text if len(text) <= 30 else text[:27] + "..."


def _write_json(path: Path, value: Any) -> None:
    """Write ``path`` whole or not at all: a temporary file beside it, then a rename."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(value, out, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
