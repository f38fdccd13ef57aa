"""One table of a classroom: its seats, its match, its computers and what each seat is told.

A room knows nothing of the web. The server (:mod:`.server`) hands it connections (anything
with ``send(message)`` and ``close(code, reason)``, :class:`Outlet`) and the messages the
connections sent; the room runs the engine and answers each seat with that seat's own view.
All of it runs on the server's event loop, one step at a time, so nothing here needs a lock:
a computer's move, a pupil's action and a takeover after a dropped connection are each
applied whole, in the order they come.

What a seat is sent is made from ``state.observation(seat).view()`` and the events
``Event.visible`` lets that seat see, never from the state itself: a pupil's screen cannot
show a card that its seat may not know, however it is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

import kortspel
from kortspel import CHANCE, Action, KortspelError
from kortspel.i18n import N_, _, language, pgettext, using

from .limits import new_token

log = logging.getLogger("kortspel.rooms")

PROTOCOL = 1
"""The version of the messages (docs/rooms.md); a client may check it in ``welcome``."""

WAITING, PLAYING, OVER, ENDED = "waiting", "playing", "over", "ended"

EXPERT_SECONDS = 0.5
"""How long a strong computer thinks a move at a room's table (as on the play page)."""

MAX_NAME = 24

_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kortspel-expert")
"""Strong computers think here, one at a time, on a copy of the hand: the event loop keeps
answering every other table meanwhile, and one machine never runs two searches at once."""


class RoomError(KortspelError):
    """A refusal sent to a client: ``reason`` is a short word a program can test
    (``"not-your-turn"``, English in every language: a code), the message says in words
    what was wrong and what to do, in the language of the connection it is sent to (it is
    made inside that connection's ``using``)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class Outlet(Protocol):
    """What a room needs of a connection: send a message, and close it."""

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int = 1000, reason: str = "") -> None: ...


@dataclass
class Seat:
    """A seat at the table and who plays it now: a pupil (``pupil`` and ``token`` set), a
    computer chosen when the room was opened (``reserved``), or a computer standing in
    (``level`` set while the pupil is away, or for a seat nobody took)."""

    index: int
    name: str
    reserved: str | None = None
    pupil: str | None = None
    token: str | None = None
    level: str | None = None
    outlet: Outlet | None = None
    hand_sent: int = -1
    events_sent: int = 0
    away_since: float | None = None
    timer: asyncio.TimerHandle | None = None
    bot: Any = None
    picture: Any = None
    """The table drawn for a pupils' page (:class:`~.picture.Picture`), if the connection
    asked for it (``"view": "svg"``); ``None`` for the Python client."""
    language: str = "en"
    """The language its pupil joined in (``"language": "sv"``): its picture, status, story,
    buttons and the notices sent to it alone are made in it."""

    @property
    def computer(self) -> bool:
        return self.level is not None

    def public(self) -> dict[str, Any]:
        """Who sits here, as everyone at the table may see it."""
        return {"seat": self.index, "seat_name": self.name, "name": self.pupil,
                "computer": self.level, "connected": self.outlet is not None}


@dataclass
class Options:
    """A room as it was opened: the game, its table and match, and its computers."""

    game: str
    seats: int
    length: Any = None
    computers: tuple[str | None, ...] = ()
    fill: str | None = "heuristic"
    rules: Mapping[str, Any] = field(default_factory=dict)
    auto_start: bool = True


# i18n: the games' names, as a pupil's page and the teacher's page show them
TITLES = {"Kille": N_("Kille"), "Swedish Knock": N_("Swedish Knock"),
          "Köpknack": N_("Köpknack"), "Gnällknekt": N_("Gnällknekt")}


def game_title(spec: Any) -> str:
    """The game's name in the language in use ("Swedish Knock", "Knack")."""
    return _(TITLES[spec.title]) if spec.title in TITLES else str(spec.title)


def hand_word(spec: Any) -> str:
    """What the game calls one hand, as "this ..." says it: "hand" (Swedish "given")."""
    # i18n: one hand of a game, said as "this hand" (Swedish: the definite form, "given")
    words = {"hand": pgettext("this", "hand"), "game": pgettext("this", "game"),
             "round": pgettext("this", "round"), "deal": pgettext("this", "deal")}
    return words.get(spec.hand_word, spec.hand_word)


def match_word(spec: Any) -> str:
    """What the game calls its match, as "a ..." says it: "match", "session" ("parti")."""
    # i18n: a whole match of a game, said as "a match" (Swedish: "match", "parti")
    words = {"match": pgettext("a", "match"), "game": pgettext("a", "game"),
             "session": pgettext("a", "session")}
    return words.get(spec.match_word, spec.match_word)


def owner(name: str) -> str:
    """The genitive of a pupil's name in the language in use: "Alva's" ("Alvas"; "Lars"
    stays "Lars" in Swedish), as ``kortspel.voice`` makes it."""
    if language() == "sv":
        return name if name.endswith(("s", "x", "z")) else name + "s"
    return f"{name}'s"


# i18n: the headings of the standings (a pupil's table, the teacher's page), the games' own
# columns; the keys stay English in the messages (the protocol's)
COLUMNS = {"seat": N_("seat"), "points": N_("points"), "lives": N_("lives"),
           "pots won": N_("pots won"), "games won": N_("games won"), "piles": N_("piles"),
           "score": N_("score"), "stars": N_("stars"), "skunks": N_("skunks"),
           "out": N_("out"), "balance": N_("balance"), "gain": N_("gain")}


def levels(spec: Any) -> list[str]:
    """The computer players a room offers for a game, easiest first."""
    from kortspel.search import searchable

    return [*spec.bots, *(["expert"] if searchable(spec.name) else [])]


def make_bot(game: str, level: str, name: str) -> Any:
    if level == "expert":
        return kortspel.bot_for(game, "expert", name=name, seconds=EXPERT_SECONDS)
    return kortspel.bot_for(game, level, name=name)


def read_options(data: Any) -> Options:
    """A room's options from the JSON a client sent, each refused with what it may be."""
    if not isinstance(data, Mapping):
        raise RoomError("bad-options", _('a room is opened with a JSON object such as '
                                         '{"game": "kille", "seats": 4}'))
    known = {"game", "seats", "length", "computers", "fill", "rules", "auto_start"}
    extra = sorted(str(k)[:30] for k in data if k not in known)
    if extra:
        raise RoomError("bad-options", _("a room has no option {extra}; the options are "
                                         "{known}").format(extra=", ".join(extra),
                                                           known=", ".join(sorted(known))))
    try:
        spec = kortspel.spec(data.get("game", "kille"))
    except KortspelError as err:
        raise RoomError("bad-options", str(err)) from None
    low, high = spec.seats
    seats = data.get("seats", max(low, min(4, high)))
    if type(seats) is not int or not low <= seats <= high:
        raise RoomError("bad-options", _("{game} is played by {low} to {high} seats; seats "
                                         "must be a whole number in that range").format(
                                             game=game_title(spec), low=low, high=high))
    offered = levels(spec)
    computers = data.get("computers", [])
    if isinstance(computers, Mapping):
        try:
            picked = {int(k): v for k, v in computers.items()}
        except (TypeError, ValueError):
            picked = {-1: None}
        computers = [picked.get(i) for i in range(seats)] if all(
            0 <= k < seats for k in picked) else None
    if not isinstance(computers, list) or len(computers) > seats or any(
            c is not None and c not in offered for c in computers):
        raise RoomError("bad-options", _("computers lists, seat by seat, null for a pupil's "
                                         "seat or a computer's level ({levels}); at most "
                                         "{seats}").format(levels=", ".join(offered),
                                                           seats=seats))
    computers = [*computers, *[None] * (seats - len(computers))]
    if all(c is not None for c in computers):
        raise RoomError("bad-options", _("every seat is a computer's; leave at least one "
                                         "seat (null in computers) for a pupil"))
    fill = data.get("fill", "heuristic")
    if fill is not None and fill not in offered:
        raise RoomError("bad-options", _("fill is the level of the computers that take the "
                                         "seats still empty at the start ({levels}), or null "
                                         "to wait for pupils").format(
                                             levels=", ".join(offered)))
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise RoomError("bad-options", _('rules is an object of the game\'s options, e.g. '
                                         '{"lives": 1}'))
    length = data.get("length")
    lengths = getattr(spec.match, "LENGTHS", None)
    if length is None and lengths:
        length = next(iter(lengths))  # the shortest: a match in class ends within the lesson
    elif length is not None and not lengths:
        raise RoomError("bad-options", _("a {game} {match} has no lengths to choose from; "
                                         "leave length out").format(
                                             game=game_title(spec), match=match_word(spec)))
    auto = data.get("auto_start", True)
    if not isinstance(auto, bool):
        raise RoomError("bad-options", _("auto_start is true (start once every pupil's seat "
                                         "is taken) or false (wait for start)"))
    options = Options(spec.name, seats, length, tuple(computers), fill, dict(rules), auto)
    try:  # the engine says what it thinks of the table and the length, before any room opens
        table = kortspel.load(spec.name, seats=seats, **options.rules)
        table.match(seed=0, **({} if length is None else {"length": length}))
    except KortspelError as err:
        raise RoomError("bad-options", str(err)) from None
    except TypeError as err:  # a rules option the game's loader does not take as a keyword
        raise RoomError("bad-options", _("rules: {error}").format(error=err)) from None
    return options


VIEWS = ("svg",)
"""What a client may ask to be sent besides its seat's view: ``svg``, the table drawn."""


def check_view(view: Any) -> None:
    """Refuse a ``view`` the server does not draw."""
    if view is not None and view not in VIEWS:
        raise RoomError("bad-view", _("view is left out (the seat's view as data) or "
                                      "{views} (the table drawn, for a page)").format(
                                          views=" or ".join(repr(v) for v in VIEWS)))


def _event(e: Any) -> dict[str, Any]:
    """An event as a seat is told it: what happened and the words for it. Its effects are not
    sent (the observation's ``knowledge`` is their fold), nor its ``data``."""
    out = {"kind": e.kind, "text": e.text}
    if e.call:
        out["call"] = e.call
    return out


class Room:
    """A table, its seats and its match; see the module docstring.

    ``send`` everything to the seats through their outlets; ``save(room, record)`` keeps a
    finished match's record (:class:`kortspel.rooms.hall.Hall` stores it). ``pace`` is the
    pause before a computer moves and ``between`` the pause after a hand, in seconds;
    ``grace`` how long a pupil who dropped keeps the seat before a computer takes over.
    """

    def __init__(self, code: str, options: Options, *, pace: float, between: float,
                 grace: float, save: Callable[[Room, dict[str, Any]], str],
                 owner: str | None = None, rng: random.Random | None = None) -> None:
        self.code = code
        self.options = options
        self.spec = kortspel.spec(options.game)
        self.table = kortspel.load(options.game, seats=options.seats, **options.rules)
        self.seats = [Seat(i, n, reserved=options.computers[i])
                      for i, n in enumerate(self.table.names)]
        self.pace, self.between, self.grace = pace, between, grace
        self.owner = owner if owner is not None else new_token()
        self.status = WAITING
        self.match: Any = None
        self.hand_no = 0
        self.version = 0
        self.record_id: str | None = None
        self.opened = time.time()
        self.touched = time.monotonic()
        self._save = save
        self._rng = rng or random.Random()
        self._timer: asyncio.TimerHandle | None = None
        self._thinking: Future[Any] | asyncio.Future[Any] | None = None

    # -- who sits where ---------------------------------------------------------------------

    def players(self) -> list[dict[str, Any]]:
        return [s.public() for s in self.seats]

    def _tell_players(self) -> None:
        message = {"type": "players", "status": self.status, "players": self.players()}
        for s in self.seats:
            if s.outlet is not None:
                s.outlet.send(message)

    def _closed_words(self) -> str:
        """Why a pupil cannot join now: the room is over, or was ended."""
        if self.status == OVER:
            return _("room {code} is over; ask for a new room's code").format(code=self.code)
        return _("room {code} is ended; ask for a new room's code").format(code=self.code)

    def join(self, outlet: Outlet, name: Any, seat: Any = None, view: Any = None,
             lang: str = "en") -> Seat:
        """Seat a pupil by name: the seat asked for, or the first free one; ``lang`` is the
        language the pupil's page speaks."""
        check_view(view)
        if self.status in (OVER, ENDED):
            raise RoomError("room-closed", self._closed_words())
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME \
                or not name.strip().isprintable():
            raise RoomError("bad-name", _("a name is 1 to {most} letters, numbers or spaces "
                                          "(no line breaks or control characters)").format(
                                              most=MAX_NAME))
        name = " ".join(name.split())
        if any(s.pupil is not None and s.pupil.casefold() == name.casefold()
               for s in self.seats):
            raise RoomError("name-taken", _("{name} already sits at this table; add a letter "
                                            "to your name so the others can tell you "
                                            "apart").format(name=name))
        free = [s for s in self.seats if s.pupil is None and s.reserved is None]
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < len(self.seats):
                raise RoomError("bad-seat", _("seat is a number from 0 to {last}").format(
                    last=len(self.seats) - 1))
            chosen = self.seats[seat]
            if chosen not in free:
                frees = ", ".join(str(s.index) for s in free) or _("none")
                if chosen.reserved:
                    said = _("seat {seat} ({name}) is a computer's; free seats: {free}")
                else:
                    said = _("seat {seat} ({name}) is {owner}; free seats: {free}")
                raise RoomError("seat-taken", said.format(
                    seat=seat, name=chosen.name, owner=owner(str(chosen.pupil)), free=frees))
        elif not free:
            raise RoomError("room-full", _("every seat of room {code} is taken ({seats} "
                                           "seats)").format(code=self.code,
                                                            seats=len(self.seats)))
        else:
            chosen = free[0]
        chosen.pupil, chosen.token = name, new_token()
        chosen.language = lang
        if self.status == PLAYING:  # a late pupil takes over a computer that filled in
            chosen.level = chosen.bot = None
        self._attach(chosen, outlet, view)
        if self.options.auto_start and self.status == WAITING and all(
                s.pupil is not None and s.outlet is not None
                for s in self.seats if s.reserved is None):
            self.start()
        return chosen

    def rejoin(self, outlet: Outlet, seat: Seat, view: Any = None,
               lang: str | None = None) -> None:
        """A pupil back with the seat's token: the seat is theirs again, at once (in
        ``lang``, if the page says one)."""
        check_view(view)
        if self.status == ENDED:
            raise RoomError("room-closed", _("room {code} was ended").format(code=self.code))
        old = seat.outlet
        if old is not None and old is not outlet:
            with using(seat.language):  # told in the language the old page speaks
                moved = _("you joined this seat from another connection")
            old.send({"type": "error", "reason": "moved", "message": moved})
            old.close(4000, "joined from another connection")
        if lang is not None:
            seat.language = lang
        if seat.level is not None and seat.reserved is None:
            seat.level = seat.bot = None  # the computer that stood in steps aside
        self._attach(seat, outlet, view)
        self._kick()

    def _attach(self, seat: Seat, outlet: Outlet, view: Any = None) -> None:
        if view == "svg":
            from .picture import Picture  # the widgets' drawing, only for a pupils' page

            seat.picture = Picture(self.spec.name)
        else:
            seat.picture = None
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seat.outlet, seat.away_since = outlet, None
        seat.hand_sent, seat.events_sent = -1, 0  # a new connection is told the hand anew
        self.touched = time.monotonic()
        outlet.send(self.welcome(seat))
        self._tell_players()
        if self.status in (PLAYING, OVER):
            self._update(seat)

    def welcome(self, seat: Seat) -> dict[str, Any]:
        with using(seat.language):
            title = game_title(self.spec)
        return {"type": "welcome", "protocol": PROTOCOL, "code": self.code,
                "game": self.spec.name, "title": title, "seat": seat.index,
                "seat_name": seat.name, "name": seat.pupil, "token": seat.token,
                "status": self.status, "players": self.players(),
                "words": {"hand": self.spec.hand_word, "match": self.spec.match_word},
                "language": seat.language}

    def left(self, outlet: Outlet) -> None:
        """A connection closed; its pupil keeps the seat for ``grace`` seconds."""
        for seat in self.seats:
            if seat.outlet is outlet:
                seat.outlet, seat.away_since = None, time.monotonic()
                if self.status in (WAITING, PLAYING):
                    loop = asyncio.get_running_loop()
                    seat.timer = loop.call_later(self.grace, self._gone, seat)
                self._tell_players()

    def _gone(self, seat: Seat) -> None:
        """The grace is over: in the lobby the seat is free again; in play a computer of the
        room's level (or the heuristic) plays it until its pupil comes back."""
        seat.timer = None
        if seat.outlet is not None or self.status not in (WAITING, PLAYING):
            return
        if self.status == WAITING:
            seat.pupil = seat.token = None
        else:
            self._stand_in(seat)
            self._kick()
        self._tell_players()

    def _stand_in(self, seat: Seat) -> None:
        level = seat.reserved or self.options.fill or "heuristic"
        seat.level = level
        seat.bot = make_bot(self.spec.name, level, seat.name)

    # -- the match --------------------------------------------------------------------------

    def start(self) -> None:
        """Deal: every seat without a pupil gets its computer, and the match begins."""
        if self.status != WAITING:
            raise RoomError("started", _("room {code} has already started").format(
                code=self.code))
        empty = [s for s in self.seats if s.pupil is None and s.reserved is None]
        if empty and self.options.fill is None:
            raise RoomError("empty-seats", _("seats {seats} are empty and this room waits "
                                             "for pupils (fill is null)").format(
                                                 seats=", ".join(s.name for s in empty)))
        if not any(s.pupil is not None for s in self.seats):
            raise RoomError("no-pupils", _("nobody has joined yet; a room starts with at "
                                           "least one pupil"))
        for s in self.seats:
            if s.pupil is None or (s.outlet is None and s.timer is None):
                self._stand_in(s)
        length = self.options.length
        self.match = self.table.match(seed=self._rng.getrandbits(64),
                                      **({} if length is None else {"length": length}))
        self.status = PLAYING
        self.touched = time.monotonic()
        self._tell_players()
        self._changed()

    @property
    def hand(self) -> Any:
        return self.match.hand

    def _changed(self, ack: tuple[int, Any] | None = None) -> None:
        """After any move: tell every seat, then let the computers go on."""
        self.version += 1
        self.touched = time.monotonic()
        for seat in self.seats:
            if seat.picture is not None:
                seat.picture.forget()  # a card chosen on a table that has moved on
            if seat.outlet is not None:
                self._update(seat, ack[1] if ack is not None and ack[0] == seat.index else None)
        self._kick()

    def _update(self, seat: Seat, ack: Any = None) -> None:
        """The seat's view of the hand and the events it has not been sent yet."""
        assert seat.outlet is not None
        hand = self.hand
        if seat.hand_sent != self.hand_no:
            seat.hand_sent, seat.events_sent = self.hand_no, 0
        seen = [e for e in hand.events if e.visible is None or seat.index in e.visible]
        new = seen[seat.events_sent:]
        seat.events_sent = len(seen)
        obs = hand.observation(seat.index)
        view = obs.view()
        view.pop("narration", None)  # the events carry it, a few at a time
        message: dict[str, Any] = {
            "type": "update", "hand": self.hand_no, "step": len(hand.actions),
            "first": len(seen) - len(new), "events": [_event(e) for e in new],
            "observation": view, "legal": [a.to_json() for a in obs.legal],
            "standings": self.match.standings(), "match_over": bool(self.match.is_over)}
        if ack is not None:
            message["ack"] = ack
        if seat.picture is not None:
            try:
                with using(seat.language):  # this seat's words, whoever's move it was
                    message["table"] = seat.picture.draw(hand, seat.index,
                                                         hand.legal_actions(seat.index),
                                                         self.match)
            except Exception:  # a bug in a drawing: this page keeps its last picture, and
                log.exception("room %s: seat %s's table could not be drawn", self.code,
                              seat.name)  # the table and every other seat go on
        seat.outlet.send(message)

    def _ready(self, seat: Seat, step: Any) -> Any:
        """The hand, if ``seat``'s pupil may act on it now (else the refusal)."""
        if self.status == WAITING:
            raise RoomError("not-playing", _("the game has not started yet; wait for the "
                                             "deal"))
        if self.status != PLAYING:
            raise RoomError("not-playing", _("room {code} is over").format(code=self.code)
                            if self.status == OVER else _("room {code} is ended").format(
                                code=self.code))
        if seat.level is not None:
            raise RoomError("not-your-seat", _("a computer plays this seat now"))
        hand = self.hand
        if hand.is_over:
            raise RoomError("hand-over", _("this {hand} is over; the next one is dealt in a "
                                           "moment").format(hand=hand_word(self.spec)))
        if step is not None and step != len(hand.actions):
            raise RoomError("stale", _("the table has moved on since the view you answered; "
                                       "look at it again and choose"))
        return hand

    def act(self, seat: Seat, data: Any, step: Any = None, ack: Any = None,
            confirmed: bool = False) -> None:
        """A pupil's action (a record's action object, or text such as ``"stand"``), checked
        whole before the engine is asked, so a refusal changes nothing. ``confirmed``: the
        pupils' page's Yes to the question the action asked (see ``_play``)."""
        self._ready(seat, step)
        if isinstance(data, Mapping) and "seat" not in data:
            data = {**data, "seat": seat.name}
        if not isinstance(data, str | Mapping):
            raise RoomError("bad-action", _('an action is text such as "stand" or an object '
                                            'such as {"do": "stand"}'))
        try:
            action = self.table.codec.coerce(data, seat.index)
        except KortspelError as err:
            raise RoomError("bad-action", str(err)) from None
        if action.seat != seat.index:
            other = self.seats[action.seat] if 0 <= action.seat < len(self.seats) else None
            if other is not None:
                said = _("you play seat {seat}; that action is seat {other}'s, and only its "
                         "own player may make it")
            else:
                said = _("you play seat {seat}; that action is not a seat's, and only its own "
                         "player may make it")
            raise RoomError("not-your-seat", said.format(
                seat=seat.name, other=other.name if other is not None else ""))
        self._play(seat, action, ack, confirmed)

    def _play(self, seat: Seat, action: Action, ack: Any, confirmed: bool = False) -> None:
        """Play the seat's own action if the rules allow it now; a refusal says why. On a
        pupils' page an action the game asks about first (Kille: swap away a matador?) is
        not played but asked (a ``confirm`` message, to this seat only); the page's Yes
        sends it again, ``confirmed``. The Python client is never asked."""
        hand = self.hand
        legal = hand.legal_actions(seat.index)
        if action not in legal:
            if hand.to_act != seat.index:
                # Out of turn a seat may hold a call (Kille's Kuku); anything else waits
                said = self._turn_words(hand.to_act, _(
                    "it is {owner} turn, not yours; wait for your turn"), _(
                    "it is the computer at {seat}'s turn, not yours; wait for your turn"), _(
                    "it is nobody's turn, not yours; wait for your turn"))
                if legal:
                    said = _("{refusal} (you may call now: {calls})").format(
                        refusal=said, calls=", ".join(str(a) for a in legal))
                raise RoomError("not-your-turn", said)
            raise RoomError("illegal", _("{action} is not allowed now; you may: "
                                         "{legal}").format(
                                             action=action,
                                             legal=", ".join(str(a) for a in legal)))
        if not confirmed and seat.picture is not None and seat.outlet is not None:
            with using(seat.language):
                question = seat.picture.confirm(hand, action)
            if question:
                seat.picture.forget()
                seat.outlet.send({"type": "confirm", "question": question,
                                  "action": action.to_json(), "step": len(hand.actions),
                                  **({} if ack is None else {"id": ack})})
                return
        try:
            hand.apply(action)
        except KortspelError as err:  # legal a moment ago: say so, nothing changed
            raise RoomError("illegal", str(err)) from None
        self._changed((seat.index, ack))

    def click(self, seat: Seat, x: Any, y: Any, step: Any = None, ack: Any = None) -> None:
        """A pupils' page's click on its table, at a point of the drawing it was last sent:
        the move it completes is played; a card it chooses is shown chosen; a click that is
        no move is refused in words and changes nothing."""
        picture = self._picture(seat)
        hand = self._ready(seat, step)
        ref = picture.hit(x, y)
        legal = hand.legal_actions(seat.index)
        before = (picture.clicks, picture.picked)
        try:
            action = picture.click(hand, seat.index, legal, ref, self._why_not(seat))
        except RoomError:
            if (picture.clicks, picture.picked) != before:
                self._update(seat)  # the choice it dropped is no longer drawn chosen
            raise
        if action is None:
            self._update(seat, ack)  # the card chosen (or put back), drawn for this seat only
        else:
            self._play(seat, action, ack)

    def press(self, seat: Seat, verb: Any, step: Any = None, ack: Any = None) -> None:
        """A pupils' page's button (a verb such as ``"stand"``): the seat's legal action of
        that verb, or a refusal that changes nothing."""
        picture = self._picture(seat)
        hand = self._ready(seat, step)
        legal = hand.legal_actions(seat.index)
        self._play(seat, picture.press(hand, seat.index, legal, verb, self._why_not(seat)),
                   ack)

    def _picture(self, seat: Seat) -> Any:
        if seat.picture is None:
            raise RoomError("no-picture", _('clicks and buttons are for a connection that '
                                            'joined with "view": "svg"; send {"type": "act", '
                                            '...} instead'))
        return seat.picture

    def _why_not(self, seat: Seat) -> str:
        """Why this seat may not act now, in a sentence for a pupil."""
        to_act = self.hand.to_act
        if to_act is not None and to_act >= 0 and to_act != seat.index:
            return self._turn_words(to_act, _("Wait: it is {owner} turn, not yours."),
                                    _("Wait: it is the computer at {seat}'s turn, not yours."),
                                    _("Wait: it is nobody's turn, not yours."))
        return _("You cannot do anything now; wait a moment.")

    def _turn_words(self, index: int | None, pupil: str, computer: str, nobody: str) -> str:
        """Whose turn it is, in the sentence for a pupil's seat (``{owner}``: "Alva's"), a
        computer's (``{seat}``: its seat) or nobody's."""
        if index is None or index < 0:
            return nobody
        s = self.seats[index]
        if s.pupil:
            return pupil.format(owner=owner(s.pupil))
        return computer.format(seat=s.name)

    def _kick(self) -> None:
        """Plan the next computer move (or the next deal) after the pause it needs."""
        if self.status != PLAYING or self._thinking is not None:
            return
        if self._timer is not None:
            self._timer.cancel()
        delay = self.between if self.hand.is_over else self.pace
        self._timer = asyncio.get_running_loop().call_later(max(delay, 0.0), self._tick)

    def _bot(self, index: int) -> Any:
        seat = self.seats[index]
        return seat.bot if seat.level is not None else None

    def _tick(self) -> None:
        """One step of the table without a pupil: a deal, a chance draw, a computer's call
        or move. A pupil's turn waits for the pupil. A bug met here is logged and leaves the
        table as it was (the engine changes nothing when it refuses), for the teacher to see
        and end; it never reaches another room."""
        self._timer = None
        if self.status != PLAYING or self._thinking is not None:
            return
        try:
            self._step()
        except Exception:
            log.exception("room %s could not move on", self.code)

    def _step(self) -> None:
        hand = self.hand
        if hand.is_over:
            if self.match.is_over:
                self._finish()
                return
            dealt = self.hand
            self.match.next_hand()
            if self.hand is not dealt:  # the last hand settles the match and stays on
                self.hand_no += 1
            self._changed()
            return
        if hand.to_act == CHANCE:
            hand.apply(hand.sample_chance(self._rng))
            self._changed()
            return
        for caller in hand.callers():
            bot = self._bot(caller)
            if bot is None or getattr(bot, "sees_state", False):
                continue
            calls = hand.legal_actions(caller)
            act = bot.interrupt(hand.observation(caller, calls), calls, self._rng)
            if act is not None:
                hand.apply(act)
                self._changed()
                return
        seat = hand.to_act
        bot = self._bot(seat)
        if bot is None:
            return
        if getattr(bot, "sees_state", False):
            self._think(bot, seat)
            return
        legal = hand.legal_actions(seat)
        act = bot.choose(hand.observation(seat, legal), legal, self._rng)
        hand.apply(act)
        self._changed()

    def _think(self, bot: Any, seat: int) -> None:
        """A strong computer thinks on a copy of the hand in the thinker's thread; its move
        is played only if the table has not moved meanwhile (else it thinks again)."""
        version = self.version
        copy = self.hand.clone()
        rng = random.Random(self._rng.getrandbits(64))
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(_THINKER, bot.decide, copy, seat, rng)
        self._thinking = future

        def done(f: asyncio.Future[Any]) -> None:
            self._thinking = None
            if self.status != PLAYING or f.cancelled():
                return
            if f.exception() is not None:  # a bug in the search: a plainer player stands in
                log.error("room %s: the strong computer failed (%s); the heuristic plays "
                          "seat %s", self.code, f.exception(), self.seats[seat].name)
                if self.seats[seat].bot is bot:
                    self.seats[seat].bot = make_bot(self.spec.name, "heuristic",
                                                    self.seats[seat].name)
            elif self.version == version and self.seats[seat].bot is bot:
                act: Action = f.result()
                if act in self.hand.legal_actions(seat):
                    self.hand.apply(act)
                    self._changed()
                    return
            self._kick()

        future.add_done_callback(done)

    def _finish(self) -> None:
        self.status = OVER
        self.record_id = self._save(self, self.match.record())
        winner = getattr(self.match, "winner", None)
        message = {"type": "over", "standings": self.match.standings(),
                   "winner": None if winner is None else self.seats[winner].public()}
        for seat in self.seats:
            if seat.outlet is not None:
                seat.outlet.send(message)
        self._tell_players()

    def end(self, why: str = N_("The teacher ended this room.")) -> None:
        """Close the room: save what was played, tell everyone, close every connection.
        ``why`` is an English sentence marked with ``N_``, told to each seat in its own
        language."""
        if self.status == ENDED:
            return
        was = self.status
        self.status = ENDED
        for t in (self._timer, *(s.timer for s in self.seats)):
            if t is not None:
                t.cancel()
        if self._thinking is not None:
            self._thinking.cancel()
        if was == PLAYING and (self.match.history or self.hand.actions):
            self.record_id = self._save(self, self.match.record())
        for seat in self.seats:
            if seat.outlet is not None:
                with contextlib.suppress(Exception), using(seat.language):
                    seat.outlet.send({"type": "closed", "message": _(why)})
                    seat.outlet.close(1000, "room ended")
                seat.outlet = None

    # -- the teacher's view -----------------------------------------------------------------

    def _zone(self, zone: Any) -> str:
        """A zone as the teacher reads it: ``hand a``, ``pile b.1``, ``talon``."""
        seat = getattr(zone, "seat", None)
        if seat is None or not 0 <= seat < len(self.seats):
            return str(zone)
        index = getattr(zone, "index", 0)
        return f"{zone.kind} {self.seats[seat].name}" + (f".{index}" if index else "")

    def summary(self) -> dict[str, Any]:
        """The room as the room list shows it (nothing hidden: no cards); its title in the
        language in use."""
        return {"code": self.code, "game": self.spec.name, "title": game_title(self.spec),
                "seats": len(self.seats), "status": self.status, "players": self.players(),
                "hand": self.hand_no, "opened": self.opened, "record": self.record_id}

    def teacher_view(self, last: int = 12) -> dict[str, Any]:
        """Everything at the table, every card included: for the teacher's token only."""
        out = self.summary()
        if self.match is None:
            return out
        hand = self.hand
        to_act = hand.to_act
        out.update({
            "step": len(hand.actions), "hand_over": hand.is_over,
            "to_act": None if to_act is None or to_act < 0 else self.seats[to_act].name,
            "cards": {self._zone(z): list(c) for z, c in hand.zones().items() if c},
            "events": [e.text for e in hand.events[-last:]],
            "standings": self.match.standings(), "match_over": bool(self.match.is_over)})
        out["columns"] = {k: _(COLUMNS[k]) if k in COLUMNS else k
                          for row in out["standings"] for k in row}
        if language() != "en":  # the events' text is English (the record's); told instead
            out["told"] = self._told(last)
        return out

    def _told(self, last: int) -> list[str]:
        """The last lines of the hand as the game tells it to the teacher (every card seen),
        in the language in use; the events' own words should the telling fail."""
        from .picture import widgets

        try:
            lines = widgets("games").adapter_for(self.spec.name).lines(self.hand, None)
            return [str(line) for line in lines[-last:]]
        except Exception:
            log.exception("room %s: the teacher's story could not be told", self.code)
            return [e.text for e in self.hand.events[-last:]]


HAND_LISTS = ("hands", "rounds", "deals")
"""Where a match's record keeps its hands' records, in each game's own word (Knock plays
rounds, Köpknack deals)."""


def hand_records(record: Mapping[str, Any]) -> list[Any]:
    """The records of a saved match's hands, in order."""
    for key in HAND_LISTS:
        hands = record.get(key)
        if isinstance(hands, list):
            return hands
    raise kortspel.RecordError(f"a room's record holds its hands in a list called "
                               f"{', '.join(HAND_LISTS[:-1])} or {HAND_LISTS[-1]}")


def replay_match(record: Mapping[str, Any]) -> list[Any]:
    """Every hand of a room's saved match replayed (``kortspel.replay``): the final states,
    in order. A record that does not replay raises the engine's ``RecordError``."""
    return [kortspel.replay(h) for h in hand_records(record)]
