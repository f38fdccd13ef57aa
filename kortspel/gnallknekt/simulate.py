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

A run is cut into *chunks* of a few games; the chunks are shared out among the cores and
their counts (a :class:`~collections.Counter` of what ``keep`` saw) add up. As every game has
its own seed, the counts are the same on one core or two, in chunks of any size.

Everything is played through the engine's public protocol (``GnallknektGame.new_hand``,
``kortspel.step``, ``clone``, ``result()``): nothing is played faster by cutting a corner of
the rules.

The other cores are used by *helpers*: plain ``python`` processes started once (about a third
of a second) and kept, each fed chunks through a pipe. They run in a process group of their
own, so a notebook's interrupt reaches only the kernel (which then stops handing out chunks)
and a kernel's shutdown does not wait on them; they end when the kernel ends, as their pipe
closes. A helper imports what it runs by name, so ``keep`` and the players' classes must be
defined in a module: a run whose ``keep`` or players were typed into a notebook is played in
the kernel's own process, on one core.
"""

from __future__ import annotations

import atexit
import os
import pickle
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

from ..actions import Action
from ..errors import KortspelError
from ..protocol import Bot, step
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
    return sum(len(state.up[seat][i]) + len(state.down[seat][i]) for i in range(3))


def _lead(state: GnallknektState, seat: int) -> tuple[int, int] | None:
    """The seat's piles and cards in piles against the other of the last two; ``None`` if
    the seat is not one of them."""
    left = state.seats_in
    if seat not in left or len(left) != 2:
        return None
    other = left[0] if left[1] == seat else left[1]
    return (state.lives[seat] - state.lives[other],
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
        outcome, place = "out", float(n - state.out_order.index(seat))
    turns = attacks = defences = attacked = 0
    for e in state.events:
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
# A run: jobs, cut into chunks
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """``n`` games at a table of these players, from ``seed``: ``players[0]`` is the player
    under test (it moves round the seats, game by game), the others sit in the other seats in
    order. ``keep(played)`` says what to count of each ``Played``: one key, or a list of
    keys. ``rules``: the table's options (e.g. ``{"draw": "piles"}``). ``branches``: name ->
    (your player, the other's player) for the endgame played out again (see the module's
    docstring). ``you``: ``"both"`` plays each branch with each of the last two as "you";
    ``"tested"`` only with the tested player's seat, and only when it is one of the last
    two."""

    players: Sequence[Bot]
    n: int
    seed: int | str
    keep: Callable[[Played], Any]
    rules: Mapping[str, Any] = field(default_factory=dict)
    branches: Mapping[str, tuple[Bot, Bot]] = field(default_factory=dict)
    you: str = "both"

    @property
    def per_chunk(self) -> int:
        return GAMES_PER_CHUNK

    def chunks(self) -> list[tuple[int, int]]:
        """(first, count) of each chunk."""
        size = self.per_chunk
        return [(first, min(size, self.n - first)) for first in range(0, self.n, size)]

    def kind(self) -> tuple[Any, ...]:
        """What the time a game takes depends on: the seats, the kinds of player, the rules,
        the branches."""
        return (len(self.players), tuple(type(p).__name__ for p in self.players),
                tuple(sorted(self.rules.items())),
                tuple((k, type(a).__name__, type(b).__name__)
                      for k, (a, b) in sorted(self.branches.items())), self.you)


def _check(job: Job) -> None:
    if not isinstance(job, Job):
        raise KortspelError(f"a simulation job is a simulate.Job, not {type(job).__name__}")
    if type(job.n) is not int or job.n < 1:
        raise KortspelError(f"a job plays a whole number of games (at least 1), not {job.n!r}")
    if not callable(job.keep):
        raise KortspelError(f"keep is a function of a played game, not {job.keep!r}")
    if not isinstance(job.branches, Mapping) or not all(
            isinstance(pair, tuple) and len(pair) == 2 for pair in job.branches.values()):
        raise KortspelError("branches map a name to a pair of players: (yours, the other's)")
    if job.you not in ("both", "tested"):
        raise KortspelError(f"you is 'both' or 'tested', not {job.you!r}")
    GnallknektGame(len(job.players), rules=dict(job.rules))  # 3 to 5 players, known options


def _importable(thing: Any) -> bool:
    """Whether another process can import this function or class by its name: not so for a
    lambda, a function inside a function, or anything typed into a notebook."""
    name = getattr(thing, "__qualname__", "<")
    return getattr(thing, "__module__", "__main__") != "__main__" and "<" not in name


def _portable(job: Job) -> bool:
    """Whether a helper process can play this job's chunks."""
    bots = [*job.players, *(p for pair in job.branches.values() for p in pair)]
    return _importable(job.keep) and all(_importable(type(p)) for p in bots)


def _count(tally: Counter[Hashable], kept: Any) -> None:
    if isinstance(kept, list):
        tally.update(kept)
    else:
        tally[kept] += 1


def _finish(state: GnallknektState, bots: Sequence[Bot], rng: random.Random) -> None:
    while not state.is_over:
        step(state, bots, rng)


def play_game(job: Job, game: GnallknektGame, i: int, tally: Counter[Hashable]) -> None:
    """Play game ``i`` of the job (and its branches) and count what ``keep`` says."""
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
    _count(tally, job.keep(Played(i, state, seat, None, start, seat)))
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
            _count(tally, job.keep(Played(i, branch, you, name, start, seat)))


def _alike(one: Bot, other: Bot) -> bool:
    """Whether two players play alike (the same class, the same settings): an endgame
    between them is one game, whichever side is called "you"."""
    return type(one) is type(other) and vars(one) == vars(other)


def play_chunk(job: Job, first: int, count: int) -> tuple[Counter[Hashable], float]:
    """Play one chunk of a job; return its counts and the seconds it took."""
    begin = time.perf_counter()
    game = GnallknektGame(len(job.players), rules=dict(job.rules))
    tally: Counter[Hashable] = Counter()
    for i in range(first, first + count):
        play_game(job, game, i, tally)
    return tally, time.perf_counter() - begin


# -------------------------------------------------------------------------------------------
# Cores, and how long a run will take
# -------------------------------------------------------------------------------------------


def cores() -> int:
    """How many cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_SECONDS_EACH: dict[tuple[Any, ...], float] = {}  # job kind -> seconds a game takes
_HELPER_START = 0.4  # seconds for a new helper to start and import kortspel


def _nothing(played: Played) -> None:
    return None


def _seconds_each(job: Job) -> float:
    """Seconds one game of this kind takes on one core: measured by the chunks already
    played, or else by playing one game right now (a game is long, so one is enough for a
    forecast and costs a twentieth of a second or so)."""
    kind = job.kind()
    if kind not in _SECONDS_EACH:
        probe = Job(job.players, 10**6, "how long", _nothing, job.rules, job.branches, job.you)
        _SECONDS_EACH[kind] = play_chunk(probe, 0, 1)[1]
    return _SECONDS_EACH[kind]


def _workers(jobs: Mapping[Hashable, Job], workers: int | None) -> int:
    if workers is not None and (type(workers) is not int or workers < 1):
        raise KortspelError(f"workers is a number of cores, at least 1, not {workers!r}")
    if not all(_portable(job) for job in jobs.values()):
        return 1  # a keep function or a player typed into a notebook: this process only
    return max(1, min(workers or cores(), sum(len(job.chunks()) for job in jobs.values())))


def estimate(jobs: Mapping[Hashable, Job], workers: int | None = None) -> float:
    """About how many seconds ``run(jobs, workers)`` will take, from what this machine has
    measured (by playing a game of each new kind, if nothing yet)."""
    w = _workers(jobs, workers)
    work = sum(_seconds_each(job) * job.n for job in jobs.values())
    starting = w > 1 and sum(1 for h in _HELPERS if h.alive) < w - 1
    return work / w + (_HELPER_START if starting else 0.0)


# -------------------------------------------------------------------------------------------
# Helpers: the other cores
# -------------------------------------------------------------------------------------------


class _Helper:
    """One helper process: it reads (job, first, count) from its stdin and writes back
    ("ok", play_chunk's result) or ("error", the exception), pickled."""

    def __init__(self) -> None:
        path = os.pathsep.join(p for p in sys.path if p)  # it imports what this process can
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from kortspel.gnallknekt.simulate import serve; serve()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": path},
            start_new_session=(os.name == "posix"))  # out of the kernel's process group
        self.alive = True
        self.answered = 0
        self.lock = threading.Lock()  # one chunk at a time, even across an interrupted run

    def play(self, task: tuple[Job, int, int]) -> tuple[str, Any]:
        """Send a chunk and wait for its answer; ("died", None) if the helper is gone."""
        global _HELPERS_FAIL
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        with self.lock:
            try:
                pickle.dump(task, stdin, protocol=pickle.HIGHEST_PROTOCOL)
                stdin.flush()
                answer: tuple[str, Any] = pickle.load(stdout)
            except Exception:  # killed, or its end of a pipe broken
                self.close()
                if not self.answered:  # it never worked: start no more this session
                    _HELPERS_FAIL = True
                return "died", None
            self.answered += 1
            return answer

    def close(self) -> None:
        self.alive = False
        try:
            if self.process.stdin:
                self.process.stdin.close()  # the helper reads the end of its input, and ends
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


_HELPERS: list[_Helper] = []
_HELPERS_FAIL = False  # set when a helper died before its first answer: none are started then


def _helpers(n: int) -> list[_Helper]:
    """``n`` helpers that are running, started where need be; fewer where none can start."""
    _HELPERS[:] = [h for h in _HELPERS if h.alive and h.process.poll() is None]
    while len(_HELPERS) < n and not _HELPERS_FAIL:
        try:
            _HELPERS.append(_Helper())
        except OSError:  # no processes may be started here: play on with those there are
            break
    return _HELPERS[:n]


@atexit.register
def _close_helpers() -> None:
    for helper in _HELPERS:
        helper.close()
    _HELPERS.clear()


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """A helper's life: play each chunk it is sent, until its input ends."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is for the kernel
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the pipe's pickles
    while True:
        try:
            task = pickle.load(stdin)
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", play_chunk(*task))
        except Exception as error:  # sent back, raised by the kernel
            answer = ("error", error)
        try:
            pickle.dump(answer, stdout, protocol=pickle.HIGHEST_PROTOCOL)
            stdout.flush()
        except (OSError, pickle.PicklingError):
            return


# -------------------------------------------------------------------------------------------
# Running
# -------------------------------------------------------------------------------------------


def run(
    jobs: Mapping[Hashable, Job],
    workers: int | None = None,
    progress: Callable[[int, float, int], Callable[[int], None]] | None = None,
) -> dict[Hashable, Counter[Hashable]]:
    """Play every job and return its counts, by the job's key.

    ``workers``: how many cores to use (default: all of them); the counts are the same for
    any number. ``progress(total, seconds, cores)`` is called before the first game, with
    the number of games to play, an estimate of the seconds it will take and the cores it
    will use; it returns a function that is told how many are done, as they finish.
    """
    for job in jobs.values():
        _check(job)
    w = _workers(jobs, workers)
    total = sum(job.n for job in jobs.values())
    update = progress(total, estimate(jobs, w), w) if progress else (lambda done: None)
    todo: queue.SimpleQueue[tuple[Hashable, Job, int, int]] = queue.SimpleQueue()
    for key, job in jobs.items():
        for first, count in job.chunks():
            todo.put((key, job, first, count))
    answers: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
    stop = threading.Event()

    def feed(helper: _Helper) -> None:
        """Hand this helper one chunk after another (in a thread of the kernel)."""
        while not stop.is_set():
            try:
                key, job, first, count = task = todo.get_nowait()
            except queue.Empty:
                return
            status, result = helper.play((job, first, count))
            answers.put((status, result, task))
            if status == "died":
                return

    threads = [threading.Thread(target=feed, args=(h,), daemon=True)
               for h in (_helpers(w - 1) if w > 1 else [])]
    for thread in threads:
        thread.start()
    counts: dict[Hashable, Counter[Hashable]] = {key: Counter() for key in jobs}
    done, played = 0, 0
    n_tasks = sum(len(job.chunks()) for job in jobs.values())
    try:
        while played < n_tasks:
            try:
                status, result, task = answers.get_nowait()
            except queue.Empty:
                try:  # the kernel's own share: a chunk of its own while there are some
                    task = todo.get_nowait()
                except queue.Empty:  # all handed out: wait for the helpers' answers
                    try:
                        status, result, task = answers.get(timeout=0.1)
                    except queue.Empty:
                        continue
                else:
                    status, result = "ok", play_chunk(*task[1:])
            key, job, first, count = task
            if status == "died":  # a helper was killed: its chunk is played here
                todo.put(task)
                continue
            if status == "error":
                raise result
            chunk_tally, seconds = result
            counts[key].update(chunk_tally)
            _SECONDS_EACH[job.kind()] = seconds / count
            played += 1
            done += count
            update(done)
    finally:
        stop.set()  # on an interrupt: each helper finishes its chunk, and takes no other
    return counts


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Played], Any],
          rules: Mapping[str, Any] | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, rules)})[None]``."""
    return run({None: Job(players, n, seed, keep, dict(rules or {}))}, **options)[None]
