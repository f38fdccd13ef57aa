"""The engine protocol shared by every game: errors, actions, events, bots and the hand driver.

A game module (``kortspel.kille`` and, later, the other three) provides a ``Game`` whose
``new_hand`` returns a mutable ``State``. Everything outside the game modules (bots, replays,
widgets, benchmarks) talks to states only through the names defined here, so it is written once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

# ---------------------------------------------------------------------------
# Errors: one hierarchy, all ValueErrors, messages that teach.
# ---------------------------------------------------------------------------


class KortspelError(ValueError):
    """Base of every error kortspel raises on bad input; catch this one to catch them all."""


class InvalidActionError(KortspelError):
    """The text or object given as an action is not an action of this game at all."""


class IllegalActionError(KortspelError):
    """A well-formed action that the rules do not allow at this moment."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act when another seat is to decide."""


class HandOverError(IllegalActionError):
    """An action was offered after the hand had ended."""


class RecordError(KortspelError):
    """A hand record is malformed, refers to unknown seats or cards, or does not replay."""


class InvalidDealError(RecordError):
    """A deal that no real pack could produce (a third Kuku, a seat without a card, ...)."""


class UnknownGameError(KortspelError):
    """``kortspel.load`` was asked for a game it does not know."""


class RulesError(KortspelError):
    """An unknown rules option, or a value the option does not take."""


# ---------------------------------------------------------------------------
# Actions and events
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: which seat does what.

    The seat is part of the action because some calls (the Kuku) may be made out of turn, so
    "swap" alone would not say who swaps. ``str(action)`` is the record's short form, e.g.
    ``"c swap"``, and parses back with ``state.parse``.
    """

    seat: int
    verb: str
    who: str

    def __str__(self) -> str:
        return f"{self.who} {self.verb}"

    def to_json(self) -> dict[str, str]:
        return {"seat": self.who, "do": self.verb}


EVERYONE: None = None
"""``Event.visible`` value meaning every seat (and every onlooker) may see the event."""


class Event:
    """Something that happened in a hand, narrated, and tagged with who may see it.

    ``visible`` is ``None`` for public events or a tuple of seat indices for private ones.
    ``effects`` is what a viewer learns, as small tuples that ``Observation`` folds:
    ``("know", seat, card)``, ``("forget", seat)``, ``("swap", p, q)``, ``("face_up", seat)``,
    ``("struck", seat, why)``, ``("aside", card)``. Observations are built from these alone, so
    a seat can never learn something no event it saw told it.
    """

    __slots__ = ("kind", "text", "visible", "effects", "call")

    def __init__(
        self,
        kind: str,
        text: str,
        visible: tuple[int, ...] | None = EVERYONE,
        effects: tuple[tuple[Any, ...], ...] = (),
        call: str = "",
    ) -> None:
        self.kind = kind
        self.text = text
        self.visible = visible
        self.effects = effects
        self.call = call  # the words a player says out loud ("Kavall förbi!"), if any

    def visible_to(self, seat: int) -> bool:
        return self.visible is None or seat in self.visible

    @property
    def public(self) -> bool:
        return self.visible is None

    def __repr__(self) -> str:
        who = "all" if self.visible is None else ",".join(map(str, self.visible))
        return f"Event({self.kind!r}, {self.text!r}, to={who})"


# ---------------------------------------------------------------------------
# The state protocol every game implements
# ---------------------------------------------------------------------------


@runtime_checkable
class State(Protocol):
    """What every game's hand state offers (see ``kortspel.kille.KilleState``)."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def apply(self, action: Action | str) -> list[Event]: ...

    def clone(self) -> State: ...

    def observation(self, seat: int, legal: Sequence[Action] | None = None) -> Any: ...

    def record(self) -> dict[str, Any]: ...

    def callers(self) -> list[int]: ...


class Bot(Protocol):
    """A computer player. It is handed an observation, never the state.

    ``choose`` answers when the seat is to act; ``interrupt`` is asked, when the seat may call
    out of turn (the Kuku), whether to do so now, and returns ``None`` to stay quiet.
    """

    name: str

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...

    def interrupt(
        self, obs: Any, legal: Sequence[Action], rng: random.Random
    ) -> Action | None: ...


class RandomBot:
    """Picks uniformly among the legal actions; calls out of turn with a small probability.

    It reads nothing of its observation, which makes it the baseline every other bot is
    measured against, and the cheapest player for benchmarks and random-play tests.
    """

    def __init__(self, name: str = "random", call_rate: float = 0.15) -> None:
        self.name = name
        self.call_rate = call_rate

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if legal and rng.random() < self.call_rate:
            return legal[rng.randrange(len(legal))]
        return None


def step(state: State, bots: Sequence[Bot], rng: random.Random) -> Action | None:
    """Let the computer make the next decision of a hand; returns what was played.

    Out-of-turn callers are offered their call first, in seat order, then the seat to act
    chooses. Returns ``None`` when the hand is over. The driver owns ``rng``: the state never
    holds randomness, so a clone or a replay can never consume it.
    """
    if state.is_over:
        return None
    for seat in state.callers():
        calls = state.legal_actions(seat)
        act = bots[seat].interrupt(state.observation(seat, calls), calls, rng)
        if act is not None:
            state.apply(act)
            return act
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    act = bots[seat].choose(state.observation(seat, legal), legal, rng)
    state.apply(act)
    return act


def play_hand(state: State, bots: Sequence[Bot], rng: random.Random) -> State:
    """Play a hand to its end with the given bots (one per seat)."""
    while not state.is_over:
        step(state, bots, rng)
    return state


# ---------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------

_GAMES: dict[str, Callable[..., Any]] = {}
_PLANNED = {
    "gnallknekt": "Gnällknekt",
    "knock": "Swedish Knock",
    "kopknack": "Köpknack",
}


def _normal(name: str) -> str:
    table = str.maketrans("åäöÅÄÖ", "aaoAAO")
    return name.translate(table).lower().replace(" ", "").replace("-", "").replace("_", "")


def register(name: str, factory: Callable[..., Any]) -> None:
    _GAMES[_normal(name)] = factory


def load(name: str, **options: Any) -> Any:
    """Return the game called ``name`` with the given seats and rules options.

    ``kortspel.load("kille", seats=5)``; rules options are keywords (``dealt_harlekin="low"``).
    """
    key = _normal(name)
    if key == "swedishknock":
        key = "knock"
    if key in _GAMES:
        return _GAMES[key](**options)
    if key in _PLANNED:
        raise UnknownGameError(
            f"{_PLANNED[key]} is not playable yet; the games ready now are: {', '.join(games())}"
        )
    raise UnknownGameError(f"no game called {name!r}; the games are: {', '.join(games())}")


def games() -> list[str]:
    return sorted(_GAMES)


def seat_names(count: int) -> list[str]:
    """Default seat names a, b, c, ... as the rule texts use them."""
    return [chr(ord("a") + i) for i in range(count)]


def check_names(names: Iterable[str], what: str = "seat") -> list[str]:
    out = list(names)
    if any(not isinstance(n, str) or not n.strip() for n in out):
        raise RecordError(f"every {what} name must be a non-empty string, got {out!r}")
    if any(n != n.strip() or not n.isprintable() for n in out):
        raise RecordError(
            f"{what} names may not start or end with spaces or hold control characters, "
            f"got {out!r}"
        )
    if len(set(out)) != len(out):
        raise RecordError(f"{what} names must differ, got {out!r}")
    return out


def get_field(record: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """Read one field of a record, with an error that says which field and what it should be."""
    if key not in record:
        if default is ...:
            raise RecordError(f"the record has no {key!r} field")
        return default
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(
            f"the record's {key!r} should be a {kind.__name__}, not {type(value).__name__}"
        )
    return value
