"""The shell every game wraps round its rules, written once: a table, a hand's state, a
match, an observation and a record reader do the same things the same way in every game.

A game's ``game.py`` subclasses ``Table``, its ``state.py`` ``HandState``, its
``observation.py`` ``ObservationShell`` and its ``match.py`` ``MatchShell``; its ``records.py``
reads records with the helpers below. What is left in a game's package is its own: the
cards, the rules, how each happening is told, and the bots (``docs/architecture.md``,
"Adding a game").

Nothing here is on a hot path: the moves of a hand (``legal_actions``, ``apply``, ``clone``)
stay in the game's own state, where it keeps them as fast as its rules allow. The shell holds
what a caller does around them: checks and their messages, the plumbing from a state to its
observation and record, undo and its refusals, ``play_bots``, and the bookkeeping of
``next_hand``. Each message is the one the four games said before they shared it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action
from .checks import check_seed, quote
from .errors import (
    IllegalActionError,
    InvalidActionError,
    KortspelError,
    MatchError,
    RecordError,
    RulesError,
    SeatError,
)
from .events import Event, Knowledge
from .protocol import Bot, GameSpec, RandomBot, check_seats, step
from .records import check_names, copy_summaries, get_actions, get_field, seat_names, undo_last

# ---------------------------------------------------------------------------------------------
# A table
# ---------------------------------------------------------------------------------------------


class _Usual:
    """The default of a table's ``seats``: the game's usual table (``None`` is refused)."""

    def __repr__(self) -> str:
        return "the game's usual table"


USUAL: Any = _Usual()


class Table:
    """What every game's table does alike: its seats and their names, its rules options, the
    seat a name stands for, the action a text stands for, its bots, its match, and the way
    from a record to a state and back.

    A game's table sets ``name``, ``title``, ``seat_range`` (fewest, most), ``usual_seats``
    and ``Rules`` (a frozen dataclass with ``from_dict``), makes what it shares among its
    hands in ``_equip``, and names its record functions: ``_read``
    (``state_from_record(table, record)``), ``_replay`` (``replay_record(table, record,
    upto)``) and ``_write`` (``write_record(state)``), each a
    ``staticmethod``. Those live in the game's ``records.py``, below the table, so the table
    imports them and nothing imports the table back.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    seat_range: ClassVar[tuple[int, int]]
    usual_seats: ClassVar[int]
    Rules: ClassVar[Any]
    _read: Callable[..., Any]
    _replay: Callable[..., Any]
    _write: Callable[..., dict[str, Any]]

    seats: int
    names: tuple[str, ...]
    rules: Any
    index: dict[str, int]
    codec: Any

    def __init__(self, seats: Any = USUAL, names: Sequence[str] | None = None,
                 rules: Any = None, **options: Any) -> None:
        """``seats`` is a count (default the game's ``usual_seats``) or a list of names;
        ``rules`` the game's ``Rules``, a mapping of options, or ``None``, and ``options``
        (keywords) override it. Anything else is refused in the game's own words: the seats
        by ``check_seats``, the rules by ``Rules.from_dict``. Then the game equips the
        table with what it makes once for all its hands (``_equip``)."""
        low, high = self.seat_range
        self.seats, self.names = check_seats(
            self.title, self.usual_seats if seats is USUAL else seats, names, low, high,
            seat_names)
        rules_class = self.Rules
        if rules is None:
            self.rules = rules_class.from_dict(options)
        elif isinstance(rules, rules_class):
            self.rules = rules_class.from_dict({**asdict(rules), **options})
        elif isinstance(rules, Mapping):
            self.rules = rules_class.from_dict({**dict(rules), **options})
        else:
            self.rules = rules_class.from_dict(rules)  # refuses it, saying what rules are
        self.index = {n: i for i, n in enumerate(self.names)}
        self._equip()

    def _equip(self) -> None:
        """What the game's table makes once: its codec, its narrator, its actions."""

    def __repr__(self) -> str:
        return f"kortspel.load({self.name!r}, seats={self.seats}, names={list(self.names)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and (self.names, self.rules) == (
            other.names, other.rules)

    __hash__ = None  # type: ignore[assignment]

    def seat_index(self, name: Any) -> int:
        """The seat number of a seat's name, or ``RecordError`` naming the seats."""
        try:
            return self.index[name]
        except (KeyError, TypeError):
            raise RecordError(f"{quote(name, 40)} is not a seat at this table; the seats are "
                              f"{', '.join(self.names)}") from None

    def action(self, data: Any, to_act: int | None = None) -> Action:
        """An action of this table from text or a record's action object."""
        return self.codec.coerce(data, to_act)

    def bot(self, level: str = "heuristic", name: str | None = None) -> Any:
        """A computer player of this game (``kortspel.bot_for``)."""
        from .players import bot_for

        return bot_for(self.name, level, name)

    def match(self, **options: Any) -> Any:
        """A match at this table: the game's own, as its ``SPEC`` names it."""
        from .registry import spec

        make = spec(self.name).match
        if make is None:
            raise KortspelError(f"{self.title} has no match")
        return make(self, **options)

    def from_record(self, record: Mapping[str, Any]) -> Any:
        """The hand as ``record`` deals it, before any of its actions (``new_hand(record=)``)."""
        return self._read(self, record)

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> Any:
        """The state after the record's actions (or only the first ``upto`` of them)."""
        return self._replay(self, record, upto)

    def write_record(self, state: Any) -> dict[str, Any]:
        """The record that replays ``state`` exactly (what ``state.record()`` returns)."""
        return self._write(state)

    @staticmethod
    def _shuffler(seed: Any, rng: Any) -> random.Random:
        """The generator a new hand is shuffled by: ``rng``, or one seeded by ``seed``. The
        state never holds it."""
        if rng is None:
            check_seed(seed)
            return random.Random(seed)
        if not isinstance(rng, random.Random):
            raise KortspelError(f"rng is a random.Random, not {type(rng).__name__}")
        return rng

    def _seat_number(self, seat: Any) -> int | None:
        """The seat a caller means by a number or a name (a name not at the table is refused
        by ``seat_index``); ``None`` when it is neither a seat's number nor a name."""
        d = self.seat_index(seat) if isinstance(seat, str) else seat
        if type(d) is not int or not 0 <= d < self.seats:
            return None
        return d


# ---------------------------------------------------------------------------------------------
# A hand's state
# ---------------------------------------------------------------------------------------------


class HandState(ABC):
    """What every game's state does alike around its rules: the actions and events handed
    out as copies, a caller's seat checked, equality by ``key()``, and the way to its
    observation and its record.

    A game's state sets ``__slots__`` (this base has none of its own, so a state stays as
    small and as quick to clone), holds ``game`` (its table), ``_actions`` and ``_events``,
    defines ``key()``, and names its observation class as ``Observation`` (a class
    attribute) unless it defines ``observation`` itself.
    """

    __slots__ = ()

    game: Any
    _actions: list[Action]
    _events: list[Event]
    Observation: ClassVar[Callable[..., Any]]

    @property
    def actions(self) -> list[Action]:
        """Every action played so far, in order."""
        return self._actions[:]

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return self._events[:]

    @abstractmethod
    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Play one action after checking it; returns the events it caused. An illegal one
        raises a ``KortspelError`` that says what is allowed, the state left as it was."""

    def apply_legal(self, action: Action) -> None:
        """Play ``action``, one the caller knows is legal now (from ``legal_actions()`` or
        the game's own table of actions), where a search's rollout plays thousands of moves
        a second. Here it is checked all the same (``apply``); a game whose checks cost much
        of a move skips them by overriding it, and must then be given a legal action."""
        self.apply(action)

    def _seat(self, seat: Any, what: str) -> int:
        """A seat number given by a caller, checked: never wrapped, never guessed."""
        n = self.game.seats
        if type(seat) is not int or not 0 <= seat < n:
            raise SeatError(f"{what} takes a seat number from 0 to {n - 1} "
                            f"({', '.join(self.game.names)}), not {quote(seat, 40)}")
        return seat

    @abstractmethod
    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def observation(self, seat: int, legal: Sequence[Action] | None = None) -> Any:
        """What ``seat`` may know now. ``legal``, if the caller has it, saves recomputing it."""
        if type(seat) is not int or not 0 <= seat < self.game.seats:
            self._seat(seat, "observation")
        return self.Observation(self, seat, legal)

    def record(self) -> dict[str, Any]:
        """The record that replays this hand exactly (the game's contract format)."""
        return self.game.write_record(self)


# ---------------------------------------------------------------------------------------------
# An observation
# ---------------------------------------------------------------------------------------------


class ObservationShell:
    """What every game's observation hands out alike: the events its seat saw (a copy), their
    narration, and ``view()``, everything it tells as plain JSON.

    A game's observation keeps ``seat``, ``to_act``, ``is_over``, ``legal``, ``_events`` and
    ``knowledge``, and says its own facts in ``_view()``.
    """

    __slots__ = ()

    seat: int
    to_act: int | None
    legal: tuple[Action, ...]
    _events: tuple[Event, ...]

    if TYPE_CHECKING:
        # Read-only to a reader: a game keeps them in a slot or works them out (a property).
        @property
        def is_over(self) -> bool: ...

        @property
        def knowledge(self) -> Knowledge: ...

    def _open(self, state: Any, seat: int, legal: Sequence[Action] | None) -> None:
        """Keep what every observation holds: its seat, whose turn it is, the legal actions
        (``legal`` when the caller has them), whether the hand is over, and the events this
        seat saw (``_seen``)."""
        # Each game's observation lists these in its __slots__; this shell has none of its own
        # (``__slots__ = ()``), which mypy reads as nowhere to put them.
        self.seat = seat  # type: ignore[misc]
        self.to_act = state.to_act  # type: ignore[misc]
        self.legal = tuple(state.legal_actions(seat) if legal is None else legal)  # type: ignore[misc]
        self.is_over = state.is_over  # type: ignore[misc]
        self._events = self._seen(state, seat)  # type: ignore[misc]

    @staticmethod
    def _seen(state: Any, seat: int) -> tuple[Event, ...]:
        """The events ``seat`` saw, filtered when the observation is made: the state's own
        list, which holds every seat's cards, is never kept."""
        return tuple([e for e in state._events if e.visible is None or seat in e.visible])

    def _knowledge(self) -> Knowledge:
        """The generic fold of the events this seat saw: every zone as it knows it, and the
        facts it was told."""
        k = Knowledge(self.seat)
        for e in self._events:
            for eff in e.effects:
                k.apply(eff)
        return k

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    @property
    def narration(self) -> list[str]:
        return [e.text for e in self.events]

    def _view(self) -> dict[str, Any]:
        """The game's own facts in ``view()``, after the seat, the turn and the legal moves."""
        return {}

    def view(self) -> dict[str, Any]:
        """Everything this observation tells, as plain JSON (for tests and tools)."""
        return {"seat": self.seat, "to_act": self.to_act, "is_over": self.is_over,
                "legal": [str(a) for a in self.legal], **self._view(),
                "knowledge": self.knowledge.view(), "narration": self.narration}


# ---------------------------------------------------------------------------------------------
# A match
# ---------------------------------------------------------------------------------------------


class MatchShell(ABC):
    """What every game's match does alike: the refusals of ``next_hand`` and its history,
    ``play_bots``, and undo with its refusals.

    A game's match keeps ``game``, ``rng``, ``hand`` and ``_history`` (its summaries), says
    ``is_over``, and names its words: ``over`` (the refusal's start, "the match is over"),
    ``anew`` ("start a new match") and ``hand_word`` (what one hand is called).
    """

    over: ClassVar[str] = "the match is over"
    anew: ClassVar[str] = "start a new match"
    hand_word: ClassVar[str] = "hand"
    quote_limit: ClassVar[int] = 40
    """How much of a refused seat a message quotes."""

    game: Any
    rng: random.Random
    hand: Any
    _history: list[Any]

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the match has ended (the game's own rule: one seat left, a target met)."""

    @property
    def history(self) -> list[Any]:
        """What each finished hand did to the match, in order (its record a copy)."""
        return copy_summaries(self._history)

    def _first_dealer(self, dealer: Any) -> int | None:
        """The seat a match is told deals first (a number or a name), ``None`` when it is
        not told; anything else is refused."""
        if dealer is None:
            return None
        game = self.game
        if isinstance(dealer, str):
            return game.seat_index(dealer)
        if type(dealer) is int and 0 <= dealer < game.seats:
            return dealer
        raise SeatError(f"dealer is a seat number from 0 to {game.seats - 1} or a seat's name "
                        f"({', '.join(game.names)}), not {quote(dealer, self.quote_limit)}")

    def _finished_hand(self) -> Any:
        """The hand ``next_hand`` settles, once it is over; refused while it is played or
        once the match is over."""
        hand = self.hand
        if self.is_over:
            raise MatchError(f"{self.over}; {self.anew} to play on")
        if not hand.is_over:
            raise IllegalActionError(f"the {self.hand_word} is still being played; finish it "
                                     "first")
        return hand

    def _settled(self, summary: Any) -> Any:
        """Keep a finished hand's summary; the caller gets its own copy."""
        self._history.append(summary)
        return copy_summaries([summary])[0]  # the caller's own: the match keeps its record

    def _play(self, bots: Sequence[Bot], rng: random.Random | None,
              more: Callable[[], bool]) -> None:
        rng = rng or self.rng
        while more():
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None) -> None:
        """Play the whole match with computer players (for simulations and tests)."""
        self._play(bots, rng, lambda: not self.is_over)

    @abstractmethod
    def next_hand(self) -> Any:
        """Settle the finished hand into the match and deal the next (the game's own step)."""

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this hand (practice mode).

        The hand is rebuilt from its record without that decision and what followed it,
        which is how every frame of a hand is made: records are the single source of truth.
        Returns ``False`` when the seat has made no decision in this hand. Once the match is
        over it is refused: the result stands (start a new match to play again).
        """
        game = self.game
        if type(seat) is not int or not 0 <= seat < game.seats:
            raise SeatError(f"undo takes a seat number from 0 to {game.seats - 1}, "
                            f"not {quote(seat, self.quote_limit)}")
        if self.is_over:
            raise MatchError(f"{self.over} and its result stands; {self.anew} to play again")
        undone = undo_last(game, self.hand, seat)
        if undone is None:
            return False
        self.hand = undone
        return True

    def undo_to_before(self, seat: int) -> bool:
        """``undo``, by the name the views first called it."""
        return self.undo(seat)


# ---------------------------------------------------------------------------------------------
# Reading records
# ---------------------------------------------------------------------------------------------


def check_upto(upto: Any) -> None:
    """``replay``'s ``upto`` counts actions: ``None`` or a whole number of 0 or more."""
    if upto is not None and (type(upto) is not int or upto < 0):
        raise KortspelError(f"upto counts actions: a whole number of 0 or more, not "
                            f"{quote(upto, 40)}")


def play_record(state: Any, record: Mapping[str, Any], upto: int | None = None,
                refused: tuple[type[Exception], ...] = (IllegalActionError,
                                                        InvalidActionError),
                unreadable: type[Exception] = InvalidActionError) -> Any:
    """Play the record's actions (or only its first ``upto``) on the hand as it dealt: an
    action the codec cannot read, or the rules refuse, makes the record bad, and the
    ``RecordError`` says which action and why."""
    acts = get_actions(record)
    codec = state.game.codec
    for i, a in enumerate(acts[:upto] if upto is not None else acts):
        where = f"action {i + 1}"
        try:
            action = codec.from_json(a, where)
        except unreadable as err:
            raise RecordError(str(err)) from None
        try:
            state.apply(action)
        except refused as err:
            raise RecordError(f"{where} ({action}): {err}") from None
    return state


def check_record(record: Any) -> Mapping[str, Any]:
    """A record is a JSON object."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    return record


def record_seats(record: Mapping[str, Any], table: Any) -> list[str]:
    """The record's seats, which must be ``table``'s (``kortspel.replay`` finds its own)."""
    names = check_names(get_field(record, "seats", list))
    if tuple(names) != table.names:
        raise RecordError(f"the record seats {', '.join(names)} but this table seats "
                          f"{', '.join(table.names)}; use kortspel.replay(record) to load its "
                          "own table")
    return names


def record_rules(record: Mapping[str, Any], rules_class: Any, example: str = "") -> Any:
    """The rules options a record was played by (the defaults where it names none)."""
    raw = record.get("rules", {})
    if not isinstance(raw, Mapping):
        raise RecordError("the record's 'rules' should be an object of options"
                          + (f", e.g. {example}" if example else ""))
    try:
        return rules_class.from_dict(raw)
    except RulesError as err:
        raise RecordError(f"the record's rules: {err}") from None


# ---------------------------------------------------------------------------------------------
# The SPEC
# ---------------------------------------------------------------------------------------------


def game_spec(table: Any, heuristic: Callable[[str], Any], match: Callable[..., Any],
              from_record: Callable[[Any], Any], hidden_shuffle: Callable[..., Any] | None,
              options: Mapping[str, tuple[Any, ...]], event_kinds: tuple[str, ...],
              **fields: Any) -> GameSpec:
    """A game's ``SPEC`` from its parts: its ``Table`` class makes tables
    (``make(seats, **options)``) and gives the name, the title and the seat range; its bots
    are the random player and the game's ``heuristic``; its worked records are in its own
    package (``examples``). Every other field is the game's own (``GameSpec``)."""
    fields.setdefault("examples", table.__module__.rpartition(".")[0])
    return GameSpec(name=table.name, title=table.title, seats=table.seat_range, make=table,
                    from_record=from_record, bots={"random": RandomBot, "heuristic": heuristic},
                    match=match, options=options, hidden_shuffle=hidden_shuffle,
                    event_kinds=event_kinds, **fields)
