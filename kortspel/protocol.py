"""The contracts every game keeps: ``Game``, ``State``, ``Match`` and ``Bot``, and the drivers
written once against them (``step``, ``play_hand``, ``RandomBot``).

A game is a package (``kortspel.kille``) whose ``SPEC`` says its name, its seat range and how
to make its tables, bots and matches; the registry finds it by name. Everything outside a
game's package (the command line, the bench, replays, the widgets) goes through these names
only, so a new game needs nothing but its own package.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from .actions import CHANCE, Action
from .checks import brief as _brief
from .errors import KortspelError, RulesError
from .events import Event


@runtime_checkable
class State(Protocol):
    """One hand in play. Mutable; ``clone`` copies it; ``apply`` checks before it changes.

    ``to_act`` is the seat to decide, ``CHANCE`` when the rules shuffle next, ``None`` once
    the hand is over. ``result()`` is the outcome as JSON, what ``python -m kortspel replay``
    prints: ``"over": false`` and ``"to_act"`` while the hand goes on. A game whose seats
    never act out of turn may say ``calls_out_of_turn = False`` on its state class (its
    ``callers()`` is then always empty, and ``play_hand`` does not ask).

    A state may also offer ``pick_legal(pick, rng)``: the action
    ``legal_actions()[pick(len(legal_actions()), rng)]``, found without listing the others
    (see :func:`play_hand`). It calls ``pick`` exactly once, and changes nothing; the
    conformance suite holds it to the list for every index. ``play_pick(pick, rng)``, if
    offered too, is ``apply(pick_legal(pick, rng))`` in one call, returning the action: the
    action found needs no check, and ``play_hand`` never reads the events ``apply`` returns.
    """

    # Read-only to a caller: a game may keep them as attributes or compute them (properties).
    @property
    def game(self) -> Any: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> list[Action]: ...

    @property
    def events(self) -> list[Event]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]: ...

    def sample_chance(self, rng: random.Random) -> Action: ...

    def callers(self) -> list[int]: ...

    def clone(self) -> State: ...

    def observation(self, seat: int, legal: Sequence[Action] | None = None) -> Any: ...

    def record(self) -> dict[str, Any]: ...

    def result(self) -> dict[str, Any]: ...

    def zones(self) -> dict[Any, tuple[str, ...]]: ...

    def __eq__(self, other: object) -> bool: ...


@runtime_checkable
class Game(Protocol):
    """A table of one game: its seats, their names and the rules options. Immutable."""

    name: str
    title: str
    seats: int
    names: tuple[str, ...]
    rules: Any

    def new_hand(self, seed: int | str | None = None, *,
                 record: Mapping[str, Any] | None = None,
                 rng: random.Random | None = None) -> State: ...

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> State: ...

    def pack(self) -> list[str]: ...

    def action(self, data: Any, to_act: int | None = None) -> Action: ...

    def bot(self, level: str = "heuristic", name: str | None = None) -> Bot: ...


@runtime_checkable
class Match(Protocol):
    """Hands in a row with what carries between them (lives, scores, a pot), for one table.

    ``next_hand`` settles the finished hand and deals the next; ``undo`` takes back a seat's
    last decision in the hand (practice); ``record()`` gives the hands so far.
    """

    game: Any
    hand: State

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    def next_hand(self) -> Any: ...

    def standings(self) -> list[dict[str, Any]]: ...

    def undo(self, seat: int) -> bool: ...

    def record(self) -> dict[str, Any]: ...


class Bot(Protocol):
    """A computer player. It is handed an observation, never the state.

    ``choose`` answers when the seat is to act (a player standing for a person may answer
    ``None``: not yet); ``interrupt`` is asked, when the seat may call out of turn (the
    Kuku), whether to do so now, and returns ``None`` to stay quiet. A bot that never looks
    at its observation may say ``reads_observation = False`` (as ``RandomBot`` does): the
    drivers then hand it ``None`` and spare the cost of making one.

    Such a bot, when it chooses by position alone, may define ``pick(n, rng)`` beside its
    ``choose``, the index of its choice among ``n`` legal actions, so that ``choose`` is
    ``legal[self.pick(len(legal), rng)]``. ``play_hand`` then asks the state for that one
    action (``State.pick_legal``) and no list is made. A subclass that redefines ``choose``
    alone is driven through ``choose``.
    """

    name: str

    def choose(self, obs: Any, legal: Sequence[Action],
               rng: random.Random) -> Action | None: ...

    def interrupt(
        self, obs: Any, legal: Sequence[Action], rng: random.Random
    ) -> Action | None: ...


class RandomBot:
    """Picks uniformly among the legal actions; calls out of turn with a small probability.

    It reads nothing of its observation, which makes it the baseline every other bot is
    measured against, and the cheapest player for benchmarks and random-play tests. It says
    so (``reads_observation = False``), so the drivers do not make an observation for it.
    """

    reads_observation: ClassVar[bool] = False

    def __init__(self, name: str = "random", call_rate: float = 0.15) -> None:
        self.name = name
        self.call_rate = call_rate

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[self.pick(len(legal), rng)]

    def pick(self, n: int, rng: random.Random) -> int:
        """The index of the choice among ``n`` legal actions: ``rng.randrange(n)``, the same
        number from the same generator, for less. For a whole ``n > 0`` and a plain
        ``random.Random``, ``randrange`` draws as this loop does (CPython's own, without the
        calls around it, one frame where ``randrange`` takes three); whether this Python's
        ``randrange`` still agrees is checked once, at import (``_LOOPED``). Any other
        generator, or an empty list, goes through ``randrange`` itself."""
        if type(rng) is _LOOPED and n > 0:
            k = n.bit_length()
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return r
        return rng.randrange(n)

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if legal and rng.random() < self.call_rate:
            return legal[self.pick(len(legal), rng)]
        return None


def _agrees() -> bool:
    """Whether ``RandomBot.pick``'s own loop draws what this Python's ``randrange`` draws."""
    bot = RandomBot()
    one, other = random.Random(11), random.Random(11)
    return all(bot.pick(n, one) == other.randrange(n)
               for n in (1, 2, 3, 5, 8, 13, 52, 100, 1000) for _ in range(25))


_LOOPED: type = random.Random
"""The generator ``RandomBot.pick`` draws from with its own loop: ``random.Random`` when this
Python's ``randrange`` agrees with the loop (checked here, at import), else none."""
_AGREES = _agrees()
if not _AGREES:
    _LOOPED = type(None)  # no rng is of this type: every draw goes through randrange


def _reads(bot: Any) -> bool:
    """Whether ``bot`` looks at its observation: a bot says ``reads_observation = False``
    when it never does (``RandomBot``), and the drivers then hand it ``None`` instead of
    making one. Every other bot gets its seat's observation, as the protocol promises."""
    return getattr(bot, "reads_observation", True) is not False


def _picker(bot: Any) -> Callable[[int, random.Random], int] | None:
    """``bot.pick`` when the drivers may call it instead of ``choose``: the bot reads no
    observation, and the class that gives it its ``choose`` gives it its ``pick`` too (a
    subclass that changes only ``choose`` is asked through ``choose``). Asked once per seat
    and hand, so the class's answer is remembered."""
    kind = type(bot)
    picks = _PICKS.get(kind)
    if picks is None:
        picks = False
        for klass in kind.__mro__:
            if "choose" in vars(klass):
                picks = "pick" in vars(klass)
                break
        _PICKS[kind] = picks
    return bot.pick if picks and not _reads(bot) else None


def _pickers(bots: Sequence[Bot]) -> list[Callable[[int, random.Random], int] | None]:
    """Each seat's ``_picker``, remembered for the last table of bots: a simulation plays
    thousands of hands with the same bots, and a short hand (Köpknack's two dozen
    decisions) would spend a few percent of its time asking again."""
    global _LAST
    known, picks = _LAST  # one tuple, replaced whole: safe if two threads play at once
    if len(bots) != len(known) or not all(map(operator.is_, bots, known)):
        picks = [_picker(bot) for bot in bots]
        _LAST = (tuple(bots), picks)
    return picks


_LAST: tuple[tuple[Bot, ...], list[Callable[[int, random.Random], int] | None]] = ((), [])
_PICKS: dict[type, bool] = {}
"""By a bot's class: whether the class giving it ``choose`` gives it ``pick`` too."""


def _play_pick(state: State) -> Callable[[Callable[[int, random.Random], int],
                                           random.Random], Any]:
    """The state's ``play_pick``; or, for a state that offers none, ``apply`` of the action
    its ``pick_legal`` finds, or of the one picked from its list."""
    own = getattr(state, "play_pick", None)
    if own is not None:
        return own
    pick_legal = getattr(state, "pick_legal", None)
    legal_actions, apply = state.legal_actions, state.apply

    def play_pick(pick: Callable[[int, random.Random], int], rng: random.Random) -> Any:
        if pick_legal is not None:
            act = pick_legal(pick, rng)
        else:
            legal = legal_actions()
            act = legal[pick(len(legal), rng)]
        apply(act)
        return act

    return play_pick


def step(state: State, bots: Sequence[Bot], rng: random.Random) -> Action | None:
    """Make the next move of a hand: a chance draw, or a bot's decision; returns it.

    Out-of-turn callers are offered their call first, in seat order, then the seat to act
    chooses. Returns ``None`` when the hand is over, or when the seat to act is a player
    that answers ``None`` (a person who has not clicked yet). The driver owns ``rng``: the
    state never holds randomness, so a clone or a replay can never consume it.
    """
    if state.is_over:
        return None
    seat = state.to_act
    if seat == CHANCE:
        draw = state.sample_chance(rng)
        state.apply(draw)
        return draw
    for caller in state.callers():
        calls = state.legal_actions(caller)
        bot = bots[caller]
        obs = state.observation(caller, calls) if _reads(bot) else None
        act = bot.interrupt(obs, calls, rng)
        if act is not None:
            state.apply(act)
            return act
    assert seat is not None
    legal = state.legal_actions()
    bot = bots[seat]
    act = bot.choose(state.observation(seat, legal) if _reads(bot) else None, legal, rng)
    if act is None:  # a player waiting for a person's click: nothing happens yet
        return None
    state.apply(act)
    return act


def play_hand(state: State, bots: Sequence[Bot], rng: random.Random) -> State:
    """Play a hand to its end, chance turns included, with one bot per seat.

    The same moves as calling :func:`step` until the hand is over (a test holds the two to
    the same records), written as one loop because the benchmarks and the strategy
    notebooks' simulations spend their time here: the state's methods and each bot's needs
    are looked up once per hand, not once per decision.

    A bot that picks by position alone (``pick``, as ``RandomBot`` does) is asked only for
    an index, and the state finds that one action (``pick_legal``) without making the
    list, and plays it (``play_pick``): the same move, since ``pick_legal`` is held to the
    list. Where most of a game's time goes into listing moves (Gnällknekt's forty-odd
    attacks and defences a turn), this is most of a random game's cost.
    """
    if not isinstance(rng, random.Random):
        raise KortspelError("play_hand needs a random.Random as its rng, e.g. "
                            "random.Random(7)")
    if len(bots) != len(state.game.names):
        raise KortspelError(f"play_hand needs one bot per seat: {len(state.game.names)}, "
                            f"got {len(bots)}")
    picks = _pickers(bots)
    play_pick = _play_pick(state)
    apply = state.apply
    legal_actions = state.legal_actions
    observation = state.observation
    # A game whose seats never act out of turn says so, and is not asked at every decision.
    calls = getattr(state, "calls_out_of_turn", True)
    callers = state.callers
    while not state.is_over:
        # A seat, never None, while the hand goes on (typed so here at no cost in the loop).
        seat: int = state.to_act  # type: ignore[assignment]
        if seat == CHANCE:
            apply(state.sample_chance(rng))
            continue
        if calls and _call(state, bots, callers(), rng):
            continue
        pick = picks[seat]
        if pick is not None:
            play_pick(pick, rng)
            continue
        legal = legal_actions()
        bot = bots[seat]
        act = bot.choose(observation(seat, legal) if _reads(bot) else None, legal, rng)
        if act is None:
            raise KortspelError(f"play_hand needs computer players: the player of seat "
                                f"{seat} made no move")
        apply(act)
    return state


def _call(state: State, bots: Sequence[Bot], callers: list[int], rng: random.Random) -> bool:
    """Offer each out-of-turn caller its call, in seat order; whether one was made."""
    for caller in callers:
        calls = state.legal_actions(caller)
        bot = bots[caller]
        act = bot.interrupt(state.observation(caller, calls) if _reads(bot) else None, calls,
                            rng)
        if act is not None:
            state.apply(act)
            return True
    return False


# ---------------------------------------------------------------------------------------------
# What a game package declares
# ---------------------------------------------------------------------------------------------


class SearchHooks(Protocol):
    """A game's part of the search (``kortspel.search``), usually its ``worlds`` module: what
    only the game knows -- its measure's words and range, the cards a seat has not seen and
    how to deal them anew, a quick rollout policy and the measure at a rollout's end. A game
    declares it on its ``GameSpec`` (``worlds=``); the search and the coach find it there,
    so a game registered from any package is searched and coached alike."""

    METRIC: tuple[str, str]
    BOUNDS: tuple[float, float]

    def hidden(self, state: Any, seat: int) -> Any: ...

    def rollout(self, state: Any, rng: random.Random) -> None: ...

    def value(self, state: Any, seat: int) -> float: ...


@dataclass(frozen=True)
class GameSpec:
    """What the registry needs to know of a game; each game package defines ``SPEC``.

    ``make(seats, **options)`` builds a table; ``from_record(record)`` the table a record
    was played at; ``bots`` maps a level to a factory taking the bot's name; ``match``
    builds a ``Match`` for a table; ``examples`` is the package holding ``records/*.json``.
    ``hidden_shuffle(state, seat, rng)`` returns a record of the same hand so far with the
    cards ``seat`` cannot know shuffled among themselves where the public history stays the
    same (or ``None``): the conformance suite's test that observations leak nothing.
    """

    name: str
    title: str
    seats: tuple[int, int]
    make: Callable[..., Any]
    from_record: Callable[[Mapping[str, Any]], Any]
    bots: Mapping[str, Callable[[str], Any]]
    match: Callable[..., Any] | None = None
    examples: str | None = None
    aliases: tuple[str, ...] = ()
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    hidden_shuffle: Callable[..., Any] | None = None
    event_kinds: tuple[str, ...] = ()
    bench_seats: int | None = None
    """The table ``python -m kortspel bench`` times (its issue's figure); default 5 seats or
    the nearest allowed."""
    bench_unit: str = "hands"
    """What one ``play_hand`` is called in this game: hands, rounds, deals, games."""
    bench_aim: str = ""
    """What the bench's per-second figure is measured against (from the game's issue)."""
    bench_extra: Callable[[float], Iterable[str]] | None = None
    """Further figures the game's issue asks for (e.g. a scoring function's calls/s): a
    function of the seconds to spend, yielding one printed line per figure."""
    worlds: SearchHooks | None = None
    """The game's part of the search (:class:`SearchHooks`, its ``worlds`` module), or
    ``None`` for a game the computer cannot think ahead in: no expert, no coach."""
    telling: Any = None
    """The module that tells the game's hands and words its coach (its ``telling``: the
    coach's unit and grade lines, ``COACH_UNIT`` and ``COACH_GRADES``), or ``None`` for plain
    numbers and lines at a tenth, a quarter and a half of the measure's range."""
    match_word: str = "match"
    """What players call the whole that hands make up, in the rules' own word: Swedish Knock
    plays a *game* of rounds, Köpknack a *session* of deals, Kille and Gnällknekt a *match*.
    Buttons, status lines and narration say it, so one thing has one name everywhere."""

    @property
    def hand_word(self) -> str:
        """What players call one hand of this game ("hand", "round", "deal", "game"): the
        views say "Next round" and "The deal is over" in the game's own word."""
        return self.bench_unit[:-1] if self.bench_unit.endswith("s") else self.bench_unit


def check_seats(spec_title: str, seats: Any, names: Any, low: int, high: int,
                default_names: Callable[[int], list[str]]) -> tuple[int, tuple[str, ...]]:
    """Read a table's ``seats`` (a count, or a list of names) and ``names``, or refuse them
    with a message that says what is allowed."""
    if isinstance(seats, list | tuple):
        if names is not None:
            raise RulesError("give the seats either as a count with names=..., or as a list "
                             "of names, not both")
        names, seats = list(seats), len(seats)
    elif type(seats) is not int:
        raise RulesError(
            f"seats is the number of players ({low} to {high}) or a list of their names, "
            f"not {_brief(seats)}")
    if not low <= seats <= high:
        raise RulesError(f"{spec_title} is played here by {low} to {high} seats, not "
                         f"{_brief(seats)}")
    if names is None:
        return seats, tuple(default_names(seats))
    if not isinstance(names, list | tuple):
        raise RulesError(f"names is a list of {seats} seat names, not {_brief(names)}")
    from .records import check_names

    out = tuple(check_names(names, error=RulesError))
    if len(out) != seats:
        raise RulesError(f"{seats} seats need {seats} names, got {len(out)}")
    return seats, out
