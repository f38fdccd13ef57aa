"""Many Gnällknekt games, played by computer players and counted: the strategy notebook's
simulations, on every core the machine has.

A *job* is ``n`` games at one table. ``players[0]`` is the player under test and the others
fill the other seats; game ``i`` seats the tested player at seat ``i % seats`` and lets seat
``(i // seats) % seats`` deal, so the tested player sits in every seat and plays from every
position equally often (the heuristic players lean on some seats more than others, so a
fixed seat would measure the seat as much as the player). Game ``i`` is dealt and played
with its own generator, seeded from the job's seed and ``i`` alone: two jobs with one seed
deal the very same games, whoever plays them, and a game played the same way plays out the
same. That is what lets the notebook compare two players on identical cards.

*Branches* study the endgame. When a game reaches two players left, the state is copied,
and for every branch each of the last two seats in turn is "you" (or only the tested
player's seat): you play the branch's first player, the other seat its second, to the end.
When the two players play alike, the endgame is played once and seen from both sides. The
main game goes on as it was, so a job with branches counts its whole games and, beside
them, every endgame played out again from the very same position.

How a run is cut into chunks of a few games, played on both cores by helper processes,
forecast and reported is the same for every game: :mod:`kortspel.simulation`, whose ``run``,
``estimate``, ``cores`` and ``play_chunk`` this module hands on. The runner gives each chunk
a generator of its own, which a Gnällknekt job leaves aside: as every game has its own seed,
the counts are the same on one core or two, in chunks of any size.

Everything is played through the engine's public protocol (``GnallknektGame.new_hand``,
``kortspel.step``, ``clone``, ``result()``): nothing is played faster by cutting a corner of
the rules. A helper imports what it runs by name, so ``keep`` and the players' classes must
be defined in a module: a run whose ``keep`` or players were typed into a notebook is played
in the kernel's own process, on one core.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import simulation
from ..actions import Action
from ..checks import quote
from ..errors import KortspelError
from ..protocol import Bot, step
from ..simulation import cores, estimate, play_chunk, run
from .bots import GnallknektHeuristic
from .cards import is_jack
from .game import GnallknektGame
from .observation import Observation
from .state import GnallknektState

__all__ = [
    "Attacker", "Defender", "JackThrower", "JackWall", "Played", "Ending", "ending",
    "Job", "run", "tally", "cores", "estimate", "play_chunk", "GAMES_PER_CHUNK",
]

GAMES_PER_CHUNK = 4
"""Games handed to a core at a time. Every game has its own seed, so this changes no count:
only how evenly the cores share the work and how often the progress bar moves."""


# -------------------------------------------------------------------------------------------
# Players for the questions: the heuristic with one habit changed
# -------------------------------------------------------------------------------------------


def _has_jack(action: Action) -> bool:
    cards = action.get("cards") if action.verb in ("attack", "defend") else ()
    return any(is_jack(c) for c in cards)


class Attacker(GnallknektHeuristic):
    """The heuristic player, except that it attacks whenever it can: every move it has goes
    on the attack the heuristic rates best, even one the heuristic would not think worth
    making, and it defends only when it has no attack at all."""

    def __init__(self, name: str = "attacker") -> None:
        super().__init__(name, aggression=float("-inf"))


class Defender(GnallknektHeuristic):
    """The heuristic player, except that it defends whenever it can: while a move is left
    and a card will go on one of its piles, it lays one (the defence the heuristic rates
    best among the defences), and it attacks only when no defence is possible. Kept to the
    two players of the endgame, this is the whining that gives the game its name."""

    def __init__(self, name: str = "defender") -> None:
        super().__init__(name)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        defences = [a for a in legal if a.verb == "defend"]
        return super().choose(obs, defences or legal, rng)


class JackThrower(GnallknektHeuristic):
    """The heuristic player, except that a Jack is worth nothing to it: it never plays one,
    never takes one from the discard pile, and throws one away whenever it holds one at the
    end of a turn."""

    def __init__(self, name: str = "jack-thrower") -> None:
        super().__init__(name)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        verbs = {a.verb for a in legal}
        if "draw" in verbs:
            top = obs.discard[-1] if obs.discard else None
            if top is not None and is_jack(top) and any(a.get("from") == "stock" for a in legal):
                return next(a for a in legal if a.get("from") == "stock")
            return super().choose(obs, legal, rng)
        without = [a for a in legal if not _has_jack(a)]
        choice = super().choose(obs, without, rng)
        if choice.verb == "discard":
            jack = next((a for a in without if a.verb == "discard"
                         and is_jack(a.get("card"))), None)
            return jack or choice
        return choice


class JackWall(GnallknektHeuristic):
    """The heuristic player, except that a Jack goes on its own piles: whenever it holds a
    Jack and has a move left, it lays the Jack on its pile with the fewest cards, where only
    another Jack can take it. Otherwise it plays as the heuristic does."""

    def __init__(self, name: str = "jack-wall") -> None:
        super().__init__(name)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        walls = [a for a in legal if a.verb == "defend" and len(a.get("cards")) == 1
                 and is_jack(a.get("cards")[0])]
        if not walls:
            return super().choose(obs, legal, rng)
        mine = obs.piles(obs.seat)
        return min(walls, key=lambda a: (mine[a.get("pile")].size, a.get("pile")))


# -------------------------------------------------------------------------------------------
# What is kept of a game
# -------------------------------------------------------------------------------------------


class Played(NamedTuple):
    """A finished game as ``keep`` receives it: the game's number in its job, the final
    state, the seat kept (the player under test; in a branch, the seat "you" played), the
    branch's name (``None`` for the whole game), the state as the last two began (the attack
    that left two just made) and the seat the player under test sat in."""

    game: int
    state: GnallknektState
    seat: int
    branch: str | None
    start: GnallknektState
    tested: int


class Ending(NamedTuple):
    """How one game (or one endgame played out again) ended for the seat kept.

    ``game``: its number in the job (the same number is the same deal in every job with that
    seed). ``branch``: ``None`` for the whole game, else the endgame branch. ``seat``: where
    the player sat. ``outcome``: ``"win"``, ``"draw"`` or ``"out"``. ``place``: 1 for the
    winner, 1.5 for each seat of a drawn game, and for a seat knocked out, the places from
    the bottom (the first out of four is 4th). ``phase``: the phase the game ended in
    (``"two-left"`` or ``"last-rounds"``). ``endgame``: the seat was one of the last two.
    ``tested``: the seat is the one the player under test sat in (always so for a whole
    game; in a branch, "you" is each of the last two in turn). ``lead``: at the start of the
    endgame, the seat's piles minus the other's, then its cards in piles minus the other's
    (``None`` when the seat was out before it). ``turns``: turns the seat played;
    ``attacks``, ``defences``: the moves it made; ``attacked``: the attacks made on its
    piles.
    """

    game: int
    branch: str | None
    seat: str
    outcome: str
    place: float
    phase: str
    endgame: bool
    tested: bool
    lead: tuple[int, int] | None
    turns: int
    attacks: int
    defences: int
    attacked: int


def _cards_in_piles(state: GnallknektState, seat: int) -> int:
    return sum(len(state._up[seat][i]) + len(state._down[seat][i]) for i in range(3))


def _lead(state: GnallknektState, seat: int) -> tuple[int, int] | None:
    """The seat's piles and cards in piles against the other of the last two; ``None`` if
    the seat is not one of them."""
    left = state.seats_in
    if seat not in left or len(left) != 2:
        return None
    other = left[0] if left[1] == seat else left[1]
    return (state._lives[seat] - state._lives[other],
            _cards_in_piles(state, seat) - _cards_in_piles(state, other))


def ending(played: Played) -> Ending:
    """The ``Ending`` of the kept seat, from the final state's result and its events."""
    state, seat = played.state, played.seat
    names = state.game.names
    n = state.game.seats
    if state.winner == seat:
        outcome, place = "win", 1.0
    elif state.tie is not None and seat in state.tie:
        outcome, place = "draw", 1.5
    else:
        outcome, place = "out", float(n - state._out_order.index(seat))
    turns = attacks = defences = attacked = 0
    for e in state._events:
        kind = e.kind
        if kind == "attack" and e.data[3] == seat:
            attacked += 1
        if e.data and e.data[0] == seat:
            turns += kind == "turn"
            attacks += kind == "attack"
            defences += kind == "defend"
    lead = _lead(played.start, seat)
    return Ending(played.game, played.branch, names[seat], outcome, place, state.phase_name,
                  lead is not None, seat == played.tested, lead, turns, attacks, defences,
                  attacked)


# -------------------------------------------------------------------------------------------
# A job: games, and their endgames played out again
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job(simulation.Job):
    """``n`` games at a table of these players, from ``seed``: ``players[0]`` is the player
    under test (it moves round the seats, game by game), the others sit in the other seats in
    order. ``keep(played)`` says what to count of each ``Played``: one key, or a list of
    keys. ``rules``: the table's options (e.g. ``{"draw": "piles"}``). ``branches``: name ->
    (your player, the other's player) for the endgame played out again (see the module's
    docstring). ``you``: ``"both"`` plays each branch with each of the last two as "you";
    ``"tested"`` only with the tested player's seat, and only when it is one of the last
    two."""

    rules: Mapping[str, Any] = field(default_factory=dict)
    branches: Mapping[str, tuple[Bot, Bot]] = field(default_factory=dict)
    you: str = "both"

    units = "games"
    keep_of = "a played game"

    @property
    def per_chunk(self) -> int:
        return GAMES_PER_CHUNK

    def kind(self) -> tuple[Any, ...]:
        """What the time a game takes depends on: the seats, the kinds of player, the rules,
        the branches."""
        return (*super().kind(), tuple(sorted(self.rules.items())),
                tuple((k, type(a).__name__, type(b).__name__)
                      for k, (a, b) in sorted(self.branches.items())), self.you)

    def check(self) -> None:
        if not isinstance(self.branches, Mapping) or not all(
                isinstance(pair, tuple) and len(pair) == 2 for pair in self.branches.values()):
            raise KortspelError("branches map a name to a pair of players: (yours, the other's)")
        if self.you not in ("both", "tested"):
            raise KortspelError(f"you is 'both' or 'tested', not {quote(self.you, 40)}")
        GnallknektGame(len(self.players), rules=dict(self.rules))  # 3 to 5 players, known options

    def bots(self) -> Sequence[Bot]:
        """The players at the table and those of every branch."""
        return [*self.players, *(p for pair in self.branches.values() for p in pair)]

    def timing(self) -> tuple[int, int]:
        return 1, 1  # a game is long: one (after the one that warms up) makes the forecast

    def play(self, rng: random.Random, first: int, count: int) -> Iterator[Any]:
        """Games ``first`` .. ``first + count - 1``, each with its branches, counted as one:
        every game is dealt from a generator of its own (so ``rng``, the chunk's, is unused)."""
        game = GnallknektGame(len(self.players), rules=dict(self.rules))
        for i in range(first, first + count):
            kept: list[Any] = []
            for played in play_game(self, game, i):
                got = self.keep(played)
                kept.extend(got if isinstance(got, list) else [got])
            yield kept


def _finish(state: GnallknektState, bots: Sequence[Bot], rng: random.Random) -> None:
    while not state.is_over:
        step(state, bots, rng)


def play_game(job: Job, game: GnallknektGame, i: int) -> Iterator[Played]:
    """Play game ``i`` of the job, then its branches; yield the whole game's ``Played`` and
    then each branch's, as each ends."""
    n = game.seats
    seat = i % n
    others = list(job.players[1:])
    bots = others[:seat] + [job.players[0]] + others[seat:]
    rng = random.Random(f"{job.seed!r}/{i}")
    state = game.new_hand(rng=rng, dealer=(i // n) % n)
    while not state.is_over and state.phase_name == "normal":
        step(state, bots, rng)
    start = state.clone()  # two players are left (the game always passes through here)
    _finish(state, bots, rng)
    yield Played(i, state, seat, None, start, seat)
    yous = start.seats_in if job.you == "both" else [seat] if seat in start.seats_in else []
    for name, (yours, theirs) in job.branches.items():
        if _alike(yours, theirs):  # one game, seen from each side
            branch = start.clone()
            first = start.seats_in[0]
            table = [yours if s == first else theirs for s in range(n)]
            _finish(branch, table, random.Random(f"{job.seed!r}/{i}/{name}"))
            played = [(you, branch) for you in yous]
        else:
            played = []
            for you in yous:
                branch = start.clone()
                table = [yours if s == you else theirs for s in range(n)]
                _finish(branch, table, random.Random(f"{job.seed!r}/{i}/{name}/{you}"))
                played.append((you, branch))
        for you, branch in played:
            yield Played(i, branch, you, name, start, seat)


def _alike(one: Bot, other: Bot) -> bool:
    """Whether two players play alike (the same class, the same settings): an endgame
    between them is one game, whichever side is called "you"."""
    return type(one) is type(other) and vars(one) == vars(other)


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Played], Any],
          rules: Mapping[str, Any] | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, rules)})[None]``."""
    return run({None: Job(players, n, seed, keep, dict(rules or {}))}, **options)[None]
