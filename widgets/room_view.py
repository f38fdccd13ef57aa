"""``RoomPlay``: a pupil's seat at a classroom room, played from a notebook.

``Play(room="HQTKA", name="Alva", server="http://192.168.1.20:8765")`` (or ``RoomPlay``
itself) joins the room over its socket as the pupils' page does, asking for the table drawn
(``"view": "svg"``): each ``update`` carries the seat's table as SVG, drawn on the server by
the views' own painter from that seat's observation alone, with the sentence of what happens
now, the story of the hand, the buttons of the seat's moves, the boxes a click may go to and
the standings (``rooms/picture.py``). This view shows them and sends back what the pupil
does: a press on the table as a ``click`` in the drawing's own pixels (the server hit-tests
it on the very drawing it sent), a button as a ``press`` of its verb. A refusal (out of
turn, a card that may not go there) comes back in words and is shown in a red line; nothing
at the table changes. No rule runs here and no hidden card ever reaches the kernel.

Why the server's drawing and not the kernel's ``Play``: the room's state lives on the
server; the seat is told its observation, not a state a local table could be drawn from, and
the pupils' page and this view then show the same picture and refuse the same clicks in the
same words.

Threads: the client (``kortspel.rooms.client.RoomClient``) reads its socket on a thread of
its own. Each message it hands over is queued here and applied on the kernel's event loop
(``call_soon_threadsafe``: a widget is only changed on the kernel's thread, whose messages
to the browser are not thread-safe), or at once where no loop runs (a script, the tests).
Closing the view closes the socket; the seat is then kept for the room's grace period and a
computer plays it after that, as for a closed tab.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import sys
import threading
from collections import deque
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from kortspel import KortspelError
from kortspel.i18n import _, check_language, using
from kortspel.i18n import language as current_language

from .parts import brief, button, close_all, replace_in_cell, status_html
from .svg_view import SvgSurface

__all__ = ["RoomPlay", "room_play"]

_TOKENS: dict[tuple[str, str, str], str] = {}
"""The seats this kernel took, by (server, code, name): a view made again for the same seat
(a cell run again) takes it back with its token, as the pupils' page does from its tab's
storage; joining by name would be refused, the name being at the table still."""

PLAY_WORDS = ("name", "server", "language", "timeout")
"""What ``Play(room=...)`` takes besides the room's code: the game, its seats and rules are
the room's, chosen by the teacher."""


def room_play(*args: Any, **kwargs: Any) -> RoomPlay:
    """``Play(room=..., ...)``: a :class:`RoomPlay`, or a refusal that names what a room's
    seat takes (``Play``'s own arguments belong to a match played in the kernel)."""
    room = kwargs.pop("room", None)
    other = [k for k in kwargs if k not in PLAY_WORDS]
    if args or other:
        given = ", ".join([brief(a) for a in args] + [f"{k}=" for k in other])
        raise KortspelError(
            f"Play(room=...) joins a classroom room and takes name=, server= and language= "
            f"only (the game, its seats and its rules are the room's, set by the teacher), "
            f"not {given}; e.g. Play(room='HQTKA', name='Alva', "
            f"server='http://192.168.1.20:8765')")
    return RoomPlay(room, **kwargs)


class RoomPlay(W.VBox):
    """One seat of a classroom room, from a notebook: the table the server draws for this
    seat, the sentence of what happens now, a button for each move made by a button, the
    story of the hand, who sits where with the standings, a red line for a refusal, and the
    match's end. See the module docstring.

    ``room`` is the room's code (on the board), ``name`` how the others see you, ``server``
    the classroom server's address (``http://host:8765``, as the teacher gives it);
    ``language="sv"`` asks for the table, the story, the buttons and every refusal in
    Swedish (default: the kernel's language, ``kortspel.i18n.set_language``). A wrong code,
    a name the room refuses or a server out of reach raises a :class:`KortspelError` that
    says why, and leaves nothing open.

    What tests and notebooks read: ``client`` (the ``RoomClient``, with ``seat``, ``token``,
    ``observation``), ``room_status`` (``waiting``, ``playing``, ``over``, ``ended``,
    ``closed``), ``table`` (the last drawing's message part), ``step``, ``hand``,
    ``refusal`` (the last refusal's words, ``""`` when none shows), ``question`` (a question
    asked before a move, answered with ``answer``), ``ending`` (the match's end, or why the
    room closed) and the widgets: ``surface`` (the table), ``status``, ``buttons``,
    ``story``, ``players``.
    """

    def __init__(self, room: Any = None, name: Any = None, server: Any = None, *,
                 language: str | None = None, timeout: float = 10.0) -> None:
        lang = check_language(language) if language is not None else current_language()
        code = _check(room, name, server, timeout)
        client_module = _client_module()
        self.language = lang
        self._lock = threading.RLock()
        self._inbox: deque[dict[str, Any] | None] = deque()
        self._ready = self._scheduled = self._closed = False
        self._loop = _running_loop()
        self.table: dict[str, Any] | None = None
        self.step = self.hand = -1
        self.legal: list[Any] = []
        self.match_over = False
        self.room_status = "joining"
        self.refusal = ""
        self.question: dict[str, Any] | None = None
        self.ending = ""
        self.over: dict[str, Any] | None = None
        self.players_list: list[dict[str, Any]] = []
        self.words = {"hand": "hand", "match": "match"}
        self.welcome: dict[str, Any] = {}
        self._sent = 0
        self._attempt = 0
        self._refused_at = 0
        self._shown_buttons: tuple[tuple[str, str, str], ...] = ()
        with using(lang):
            self.client: Any = self._join(client_module, server.strip(), code, name, timeout)
            try:
                children = self._build()
            except BaseException:
                self.client.close()
                raise
        super().__init__(children, layout=W.Layout(width="100%"))
        replace_in_cell(self, "room")
        with self._lock:
            self._ready = True
        self._drain()

    def _join(self, rooms: Any, server: str, code: str, name: str, timeout: float) -> Any:
        """The seat: taken back with the token this kernel was given for it (a cell run
        again, a view closed and made anew), else a free seat by name."""
        key = (server.rstrip("/"), code, " ".join(name.split()).casefold())
        extra = {} if self.language == "en" else {"language": self.language}
        token = _TOKENS.get(key)
        for attempt in ("token", "name") if token is not None else ("name",):
            self._attempt += 1
            listener = self._listener(self._attempt)
            try:
                if attempt == "token":
                    client = rooms.RoomClient(server, code, token=token, view="svg",
                                              on_message=listener, timeout=timeout, **extra)
                else:
                    client = rooms.RoomClient(server, code, name.strip(), view="svg",
                                              on_message=listener, timeout=timeout, **extra)
            except rooms.RoomError as err:
                with self._lock:  # what that attempt's socket said is no one's now
                    self._attempt += 1
                    self._inbox.clear()
                if attempt == "token" and err.reason == "bad-token":
                    _TOKENS.pop(key, None)  # the seat is no longer this kernel's: join anew
                    continue
                raise rooms.RoomError(err.reason, _refused(err, code, server)) from None
            except TimeoutError:
                raise rooms.RoomError("no-answer", _(
                    "the rooms server at {server} did not answer within {seconds} s; try "
                    "again, or ask the teacher whether it still runs").format(
                        server=server, seconds=f"{timeout:g}")) from None
            _TOKENS[key] = client.token
            return client
        raise AssertionError("unreachable")  # pragma: no cover

    def _listener(self, attempt: int) -> Any:
        def heard(message: dict[str, Any] | None) -> None:
            if attempt == self._attempt:
                self._arrived(message)
        return heard

    # -- the widgets -------------------------------------------------------------------------

    def _build(self) -> list[W.Widget]:
        self.title = W.HTML()
        self.waiting = W.HTML(layout=W.Layout(display="none"))
        self.surface = SvgSurface(0, 0, layout=W.Layout(width="100%"))
        self.surface.on_mouse_down(self._pressed_table)
        self.status = W.HTML(status_html(""))
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.asked = W.HTML()
        self.yes, self.no = button(_("Yes"), ""), button(_("No"), "")
        self.yes.on_click(lambda _b: self.answer(True))
        self.no.on_click(lambda _b: self.answer(False))
        self.question_box = W.HBox([self.asked, self.yes, self.no],
                                   layout=W.Layout(display="none", flex_flow="row wrap",
                                                   align_items="center"))
        self.refused = W.HTML(layout=W.Layout(display="none"))
        self.ended = W.HTML(layout=W.Layout(display="none"))
        self.progress = W.HTML()
        self.players = W.HTML()
        self.story_title = W.HTML(f"<b>{html.escape(_('What happened so far'))}</b>")
        self.story = W.HTML()
        self.table_box = W.VBox([self.status, self.buttons, self.question_box, self.refused,
                                 self.surface],
                                layout=W.Layout(flex="3 1 420px", min_width="0"))
        self.side = W.VBox([self.progress, self.players, self.story_title, self.story],
                           layout=W.Layout(flex="1 1 220px", min_width="0"))
        self.row = W.HBox([self.table_box, self.side],
                          layout=W.Layout(flex_flow="row wrap", width="100%"))
        return [self.title, self.waiting, self.row, self.ended]

    # -- messages: queued on the client's thread, applied on the kernel's --------------------

    def _arrived(self, message: dict[str, Any] | None) -> None:
        """The client's thread: queue the message; drain on the loop (or at once)."""
        with self._lock:
            if self._closed:
                return
            self._inbox.append(message)
            if not self._ready or self._scheduled:
                return
            self._scheduled = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._drain)
                return
            except RuntimeError:  # the loop closed meanwhile: apply here
                pass
        self._drain()

    def _drain(self) -> None:
        with self._lock:
            self._scheduled = False
            if self._closed:
                self._inbox.clear()
                return
            messages = list(self._inbox)
            self._inbox.clear()
            if not messages:
                return
            with using(self.language):
                for message in messages:
                    self._take(message)
                self._render()

    def _take(self, m: dict[str, Any] | None) -> None:
        if m is None:  # the socket closed
            if self.room_status not in ("over", "ended", "closed"):
                self.room_status = "closed"
                self.ending = self.ending or _(
                    "The connection to the room closed. Run the cell again to take your "
                    "seat back.")
            return
        kind = m.get("type")
        if kind == "welcome":
            self.welcome = m
            self.words = {**self.words, **(m.get("words") or {})}
            self.players_list = list(m.get("players") or [])
            self.room_status = str(m.get("status", "waiting"))
        elif kind == "players":
            self.players_list = list(m.get("players") or [])
            if self.room_status not in ("over", "ended", "closed"):
                self.room_status = str(m.get("status", self.room_status))
        elif kind == "update":
            moved = m.get("step") != self.step or m.get("hand") != self.hand
            self.step, self.hand = m.get("step", -1), m.get("hand", -1)
            self.legal = list(m.get("legal") or [])
            self.match_over = bool(m.get("match_over"))
            if isinstance(m.get("table"), dict):
                self.table = m["table"]
            if moved or self._sent > self._refused_at:
                self.refusal, self.question = "", None
            if self.room_status in ("joining", "waiting"):
                self.room_status = "playing"
        elif kind == "confirm":
            self.question = m
        elif kind == "over":
            self.over = m
            self.room_status = "over"
            self.ending = self._over_words(m)
        elif kind == "closed":
            self.room_status = "ended"
            self.ending = str(m.get("message") or _("The teacher ended this room."))
        elif kind == "error":
            if m.get("reason") == "moved":
                self.room_status = "closed"
                self.ending = _("You joined this seat from another connection: play there.")
            else:
                self.refusal = str(m.get("message") or m.get("reason") or "")
                self._refused_at = self._sent

    def _over_words(self, m: Mapping[str, Any]) -> str:
        ends = {"match": _("The match is over."), "game": _("The game is over."),
                "session": _("The session is over.")}
        head = ends.get(self.words.get("match", "match"), ends["match"])
        w = m.get("winner") or {}
        if not w:
            won = ""
        elif w.get("seat") == self.client.seat:
            won = _("You won!")
        elif w.get("name"):
            won = _("{name} won.").format(name=w["name"])
        else:
            won = _("The computer at {seat} won.").format(seat=w.get("seat_name", "?"))
        return f"{head} {won}".strip()

    # -- drawing the view ----------------------------------------------------------------------

    def _render(self) -> None:
        w = self.welcome
        me = _("you are {name} (seat {seat})").format(name=w.get("name", ""),
                                                      seat=w.get("seat_name", ""))
        room = _("{title}, room {code}").format(title=w.get("title", ""),
                                                code=w.get("code", ""))
        self.title.value = f"<b>{html.escape(room)}</b>: {html.escape(me)}"
        waiting = self.room_status == "waiting"
        come = ", ".join(str(p["name"]) for p in self.players_list if p.get("name"))
        self.waiting.value = (
            f"<p><b>{html.escape(_('Waiting for the teacher to start.'))}</b> "
            f"{html.escape(_('The cards are dealt when every seat is taken or when the teacher starts the game.'))}"  # noqa: E501
            f"</p><p>{html.escape(_('At the table: {names}').format(names=come))}</p>")
        _show(self.waiting, waiting)
        _show(self.row, not waiting)
        table = self.table or {}
        if table.get("svg") and table.get("svg") != self.surface.svg:
            with self.surface.hold_sync():
                self.surface.width = int(table.get("width") or 0)
                self.surface.height = int(table.get("height") or 0)
                self.surface.svg = table["svg"]
                self.surface.drawn += 1
        mine = bool(self.legal) and not self.match_over and self.room_status == "playing"
        status = html.escape(str(table.get("status", "")))
        if mine:
            status = (f'<span style="background:#fff3b0;padding:2px 6px;border-radius:3px">'
                      f"▶ {status}</span>")
        self.status.value = status_html(status)
        self._render_buttons(table if self.room_status == "playing" else {})
        asked = self.question
        self.asked.value = html.escape(str(asked.get("question", ""))) if asked else ""
        _show(self.question_box, asked is not None)
        self.refused.value = (
            '<div role="alert" style="color:#8b0000;background:#fde8e8;border:1px solid '
            f'#d9534f;padding:4px 8px;border-radius:3px">{html.escape(self.refusal)}</div>')
        _show(self.refused, bool(self.refusal))
        self.ended.value = (f'<div role="status" style="font-size:1.1em;padding:6px 0">'
                            f"<b>{html.escape(self.ending)}</b></div>")
        _show(self.ended, bool(self.ending))
        self.progress.value = html.escape(str(table.get("progress", "")))
        self.players.value = self._standings_html(table)
        lines = "".join(f"<li>{html.escape(str(line))}</li>" for line in table.get("lines", []))
        self.story.value = (f'<ol style="max-height:18em;overflow-y:auto;padding-left:1.4em;'
                            f'margin:0">{lines}</ol>')

    def _render_buttons(self, table: Mapping[str, Any]) -> None:
        wanted = tuple((str(b.get("verb", "")), str(b.get("label", "")),
                        str(b.get("title", ""))) for b in table.get("buttons", []))
        if wanted == self._shown_buttons:
            return
        old = list(self.buttons.children)
        made = []
        for verb, label, title in wanted:
            b = button(label, title)
            b.on_click(lambda _b, verb=verb: self.press(verb))
            made.append(b)
        self.buttons.children = made
        self._shown_buttons = wanted
        for b in old:
            close_all(b)

    def _standings_html(self, table: Mapping[str, Any]) -> str:
        rows = list(table.get("standings") or [])
        columns = table.get("columns") or {}
        keys = [k for k in (rows[0] if rows else {}) if k != "seat"]
        head = "".join(f"<th style='text-align:left;padding-right:8px'>"
                       f"{html.escape(str(t)[:1].upper() + str(t)[1:])}</th>"
                       for t in [_("Player"), *(columns.get(k, k) for k in keys)])
        to_act = None
        observation = self.client.observation or {}
        if isinstance(observation.get("to_act"), int) and observation["to_act"] >= 0:
            to_act = observation["to_act"]
        body = []
        for p in self.players_list:
            name = p.get("name") or (_("computer") if p.get("computer") else _("(empty)"))
            who = f"{p.get('seat_name', '')}: {name}"
            if p.get("seat") == self.client.seat:
                who += " " + _("(you)")
            if p.get("name") and p.get("computer"):
                who += " " + _("(computer playing)")
            if p.get("name") and not p.get("connected", True):
                who += " " + _("(away)")
            score: dict[str, Any] = next(
                (r for r in rows if r.get("seat") == p.get("seat_name")), {})
            cells = "".join(f"<td>{html.escape(str(score.get(k, '')))}</td>" for k in keys)
            style = []
            if p.get("seat") == self.client.seat:
                style.append("font-weight:bold")
            if to_act is not None and p.get("seat") == to_act:
                style.append("background:#fff3b0")
            body.append(f"<tr style='{';'.join(style)}'><td style='padding-right:8px'>"
                        f"{html.escape(who)}</td>{cells}</tr>")
        return (f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>")

    # -- what the pupil does -------------------------------------------------------------------

    def _pressed_table(self, x: float, y: float) -> None:
        table = self.table
        if table is None or not (0 <= x <= table.get("width", 0)
                                 and 0 <= y <= table.get("height", 0)):
            return
        self.click(x, y)

    def click(self, x: float, y: float) -> bool:
        """A press on the table at ``(x, y)`` in the drawing's own pixels, sent to the room
        (which plays the move it completes, or draws the chosen card, or refuses it in
        words); whether it was sent."""
        return self._send({"type": "click", "x": round(float(x), 1),
                           "y": round(float(y), 1)})

    def press(self, verb: str) -> bool:
        """A button of the table (``"stand"``, ``"kuku"``): the seat's move of that verb, or
        a refusal in words; whether it was sent."""
        return self._send({"type": "press", "verb": verb})

    def answer(self, yes: bool) -> bool:
        """Answer the question asked before a move (Kille: swap away a matador?): yes plays
        it, no forgets it."""
        with self._lock:
            asked, self.question = self.question, None
        if asked is None or not yes:
            self._refresh()
            return False
        return self._send({"type": "act", "action": asked.get("action"),
                           "step": asked.get("step"), "confirmed": True}, step=False)

    def _send(self, message: dict[str, Any], step: bool = True) -> bool:
        with self._lock:
            if self._closed or self.room_status not in ("playing", "waiting"):
                return False
            if step:
                message["step"] = self.step
            self._sent += 1
        try:
            self.client.send(message)
        except Exception:  # noqa: BLE001 - the socket closed under us: say so, in words
            with self._lock, using(self.language):
                self.refusal = _("Not connected to the room just now.")
                self._refused_at = self._sent
            self._refresh()
            return False
        return True

    def _refresh(self) -> None:
        with self._lock:
            if self._closed or not self._ready:
                return
            with using(self.language):
                self._render()

    # -- the end -------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return bool(self.__dict__.get("_closed"))

    def close(self) -> None:
        """Leave the room: close the socket (the seat is kept for the room's grace period,
        then a computer plays it) and every widget of this view."""
        lock = self.__dict__.get("_lock")
        if lock is not None:
            with lock:
                self._closed = True
                self._inbox.clear()
        client = self.__dict__.get("client")
        if client is not None:
            client.close()
        close_all(self)

    def __repr__(self) -> str:
        w = self.__dict__.get("welcome") or {}
        return (f"RoomPlay(room {w.get('code', '?')}, {w.get('name', '?')!r} at seat "
                f"{w.get('seat_name', '?')}, {self.__dict__.get('room_status', 'joining')})")


def _show(widget: W.Widget, shown: bool) -> None:
    widget.layout.display = None if shown else "none"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _check(room: Any, name: Any, server: Any, timeout: Any) -> str:
    """The room's code, once every argument is one a room can take; else a refusal that
    says what is wanted (before anything is opened)."""
    example = "Play(room='HQTKA', name='Alva', server='http://192.168.1.20:8765')"
    if not isinstance(room, str) or not room.strip():
        raise KortspelError(f"room is the room's code, as the teacher writes it on the board "
                            f"(five letters), not {brief(room)}; e.g. {example}")
    if not isinstance(name, str) or not name.strip():
        raise KortspelError(f"name is how the others at the table see you (1 to 24 letters), "
                            f"not {brief(name)}; e.g. {example}")
    if not isinstance(server, str) or not server.strip():
        raise KortspelError(f"server is the classroom server's address, as the teacher gives "
                            f"it (http://, the machine's address and port 8765), not "
                            f"{brief(server)}; e.g. {example}")
    if not server.strip().startswith(("http://", "https://", "ws://", "wss://")):
        raise KortspelError(f"server is an address that starts with http:// (or https://), "
                            f"such as 'http://192.168.1.20:8765', not {brief(server)}")
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise KortspelError(f"timeout is a number of seconds above 0, not {brief(timeout)}")
    if sys.platform == "emscripten":
        raise KortspelError(
            f"the site's in-browser Python cannot hold a room's socket; open the room's own "
            f"page in the browser instead: {server.strip().rstrip('/')}/play?code="
            f"{room.strip().upper()}")
    return " ".join(room.split()).upper()


def _client_module() -> Any:
    """``kortspel.rooms.client``, by name (the rooms extra may be missing: say so)."""
    try:
        return importlib.import_module("kortspel.rooms.client")
    except ModuleNotFoundError as err:
        raise KortspelError(f"joining a room needs the rooms extra ({err.name} is missing): "
                            "pip install 'kortspel[rooms]'") from None


def _refused(err: KortspelError, code: str, server: str) -> str:
    """A refused join in words, with what to do about it."""
    reason = getattr(err, "reason", "")
    why = str(err)
    if reason == "no-server":
        why += _("; is it running (the teacher starts it with make classroom or python -m "
                 "kortspel serve), and is the address the one the teacher gave?")
    return _("Cannot join room {code} at {server}: {why}").format(code=code, server=server,
                                                                   why=why)
