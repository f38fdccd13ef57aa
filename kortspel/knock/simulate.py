"""Many Knock rounds, played by computer players and counted: the strategy notebook's
simulations, on every core the machine has.

A run is cut into *chunks* of rounds, and each chunk gets its own seed, made from the run's
seed and the chunk's number. A chunk plays its rounds and returns a
:class:`~collections.Counter` of what ``keep`` saw in each; the counters of the chunks add
up. So a run gives the same counts whether its chunks are played one after another or side
by side on several cores, on this machine or any other.

Every round is dealt afresh (all totals 0, no stars), with the deal moving round the table so
each seat plays every position equally often, and played through the engine's public
protocol (``KnockGame.new_hand``, ``play_hand``, ``result()``): nothing is played faster by
cutting a corner of the rules. The players are the engine's heuristic and variants of it that
the notebook's questions need, each changing one habit: when it knocks (``KnockAt``) or
where it draws from (``StockOnly``, ``PileWhenLower``).

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
from ..protocol import Bot, play_hand
from .bots import KnockHeuristic
from .game import KnockGame
from .observation import Observation
from .value import hand_value

__all__ = [
    "End", "Job", "KnockAt", "StockOnly", "PileWhenLower", "ends", "round_of",
    "run", "tally", "cores", "estimate", "play_chunk", "ROUNDS_PER_CHUNK",
]

ROUNDS_PER_CHUNK = 50
"""The chunk size. It decides the seeds, so changing it changes every count (a little)."""


# -------------------------------------------------------------------------------------------
# Players for the questions: the heuristic with one habit changed
# -------------------------------------------------------------------------------------------


def _without(legal: Sequence[Action], verb: str, source: str | None = None) -> list[Action]:
    """The legal actions less ``verb`` (only the draw from ``source``, if given)."""
    return [a for a in legal
            if not (a.verb == verb and (source is None or a.get("from") == source))]


class KnockAt(KnockHeuristic):
    """The heuristic player, except that it knocks as soon as its hand is worth ``at`` or
    less, and never while it is worth more: a fixed rule to set against the heuristic's
    judgement of the table."""

    def __init__(self, at: int, name: str = "knock-at") -> None:
        super().__init__(name)
        self.at = at

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        knocks = [a for a in legal if a.verb == "knock"]
        if knocks and obs.value is not None and obs.value <= self.at:
            return knocks[0]
        return super().choose(obs, _without(legal, "knock") if knocks else legal, rng)


class StockOnly(KnockHeuristic):
    """The heuristic player, except that it never takes from the discard pile: what it draws,
    nobody else sees."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return super().choose(obs, _without(legal, "draw", "discard"), rng)


class PileWhenLower(KnockHeuristic):
    """The heuristic player, except that it takes the discard pile's top card whenever
    keeping it (and throwing another card) makes its hand worth less than now; otherwise it
    draws from the stock. The heuristic takes the card only when it beats what the stock
    would give on average."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        choice = super().choose(obs, legal, rng)
        top = obs.discard_top
        if choice.verb != "draw" or top is None:
            return choice  # a knock or a discard: the heuristic's own
        draws = {a.get("from"): a for a in legal if a.verb == "draw"}
        two = obs.rules.unused_two
        hand = obs.hand
        kept = min(hand_value([c for c in hand if c != out] + [top], two) for out in hand)
        return draws["discard"] if kept < hand_value(hand, two) else draws["stock"]


# -------------------------------------------------------------------------------------------
# What is kept of a round
# -------------------------------------------------------------------------------------------


class End(NamedTuple):
    """One seat at the end of one round.

    ``position``: 1 is the first to play (on the dealer's left) ... the last is the dealer.
    ``twos``: how many 2s it was dealt. ``value``: its hand's value at the end. ``beaten``:
    another seat ended strictly lower. ``turns``: how many times it drew (for a knocker, the
    turns it played before knocking, as a knock ends its part in the round). ``knocked``: it
    knocked; ``star``: it knocked and was beaten (a star). ``ended_by``: how the round ended
    (``knock``, ``zero`` or ``stock``).
    """

    position: int
    twos: int
    value: int
    beaten: bool
    turns: int
    knocked: bool
    star: bool
    ended_by: str


def ends(state: Any) -> list[End]:
    """One ``End`` per seat dealt in, in seat order (seat a first), from the round's record
    and result (as a list, so a run counts each seat)."""
    record, result = state.record(), state.result()
    values = result["values"]
    low = min(values.values())
    knocker = result["knocker"]
    drew = Counter(a["seat"] for a in record["actions"] if a["do"] == "draw")
    names = state.game.names
    position = {names[s]: pos for pos, s in enumerate(state.seats_in_round, 1)}
    return [End(position[name], sum(1 for c in record["deal"][name] if c.startswith("2")),
                values[name], values[name] > low, drew[name], name == knocker,
                name == knocker and result["valid_knock"] is False, result["ended_by"])
            for name in names if name in values]


def round_of(state: Any) -> tuple[str, tuple[End, ...]]:
    """The round's deal in a line, with every seat's ``End``. Runs with the same seed deal
    the same rounds whoever plays seat a (the deal is the only draw on the random generator,
    as the heuristic and its variants choose without it), so the line pairs each round of one
    run with the same deal in another."""
    record = state.record()
    cards = " ".join(" ".join(hand) for hand in record["deal"].values())
    return f"{record['dealer']} deals {cards} / {record['upcard']}", tuple(ends(state))


# -------------------------------------------------------------------------------------------
# A run: jobs, cut into chunks
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """``n`` rounds at a table of these players, one per seat (seat a first), from ``seed``,
    under the table's ``rules`` options (e.g. ``{"unused_two": 0}``); ``keep(round)`` says
    what to count: one key, or a list of keys."""

    players: Sequence[Bot]
    n: int
    seed: int | str
    keep: Callable[[Any], Any]
    rules: Mapping[str, Any] = field(default_factory=dict)

    @property
    def per_chunk(self) -> int:
        return ROUNDS_PER_CHUNK

    def chunks(self) -> list[tuple[int, int]]:
        """(first, count) of each chunk: the chunk's number is first // per_chunk."""
        size = self.per_chunk
        return [(first, min(size, self.n - first)) for first in range(0, self.n, size)]

    def kind(self) -> tuple[Any, ...]:
        """What the time a round takes depends on: the seats, the kinds of player, the rules."""
        return (len(self.players), tuple(type(p).__name__ for p in self.players),
                tuple(sorted(self.rules.items())))


def _check(job: Job) -> None:
    if not isinstance(job, Job):
        raise KortspelError(f"a simulation job is a simulate.Job, not {type(job).__name__}")
    if type(job.n) is not int or job.n < 1:
        raise KortspelError(f"a job plays a whole number of rounds (at least 1), not {job.n!r}")
    if not callable(job.keep):
        raise KortspelError(f"keep is a function of a round, not {job.keep!r}")
    KnockGame(len(job.players), rules=dict(job.rules))  # 2 to 5 players, known options


def _importable(thing: Any) -> bool:
    """Whether another process can import this function or class by its name: not so for a
    lambda, a function inside a function, or anything typed into a notebook."""
    name = getattr(thing, "__qualname__", "<")
    return getattr(thing, "__module__", "__main__") != "__main__" and "<" not in name


def _portable(job: Job) -> bool:
    """Whether a helper process can play this job's chunks."""
    return _importable(job.keep) and all(_importable(type(p)) for p in job.players)


def _count(tally: Counter[Hashable], kept: Any) -> None:
    if isinstance(kept, list):
        tally.update(kept)
    else:
        tally[kept] += 1


def play_chunk(job: Job, first: int, count: int) -> tuple[Counter[Hashable], float]:
    """Play one chunk of a job; return its counts and the seconds it took."""
    start = time.perf_counter()
    rng = random.Random(f"{job.seed!r}/{first // job.per_chunk}")
    game = KnockGame(len(job.players), rules=dict(job.rules))
    seats = game.seats
    tally: Counter[Hashable] = Counter()
    for i in range(first, first + count):
        state = game.new_hand(rng=rng, dealer=i % seats)  # the deal goes round
        _count(tally, job.keep(play_hand(state, job.players, rng)))
    return tally, time.perf_counter() - start


# -------------------------------------------------------------------------------------------
# Cores, and how long a run will take
# -------------------------------------------------------------------------------------------


def cores() -> int:
    """How many cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_SECONDS_EACH: dict[tuple[Any, ...], float] = {}  # job kind -> seconds a round takes
_HELPER_START = 0.4  # seconds for a new helper to start and import kortspel


def _nothing(state: Any) -> None:
    return None


def _seconds_each(job: Job) -> float:
    """Seconds one round of this kind takes on one core: measured by the chunks already
    played, or else by playing a few right now (about a twentieth of a second)."""
    kind = job.kind()
    if kind not in _SECONDS_EACH:
        probe = Job(job.players, 10**6, "how long", _nothing, job.rules)
        play_chunk(probe, 0, 1)  # the first round also warms up: not counted
        n, spent = 0, 0.0
        while spent < 0.05 and n < 400:
            spent += play_chunk(probe, n, 2)[1]
            n += 2
        _SECONDS_EACH[kind] = spent / n
    return _SECONDS_EACH[kind]


def _workers(jobs: Mapping[Hashable, Job], workers: int | None) -> int:
    if workers is not None and (type(workers) is not int or workers < 1):
        raise KortspelError(f"workers is a number of cores, at least 1, not {workers!r}")
    if not all(_portable(job) for job in jobs.values()):
        return 1  # a keep function or a player typed into a notebook: this process only
    return max(1, min(workers or cores(), sum(len(job.chunks()) for job in jobs.values())))


def estimate(jobs: Mapping[Hashable, Job], workers: int | None = None) -> float:
    """About how many seconds ``run(jobs, workers)`` will take, from what this machine has
    measured (by playing a few rounds, if nothing yet)."""
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
            [sys.executable, "-c", "from kortspel.knock.simulate import serve; serve()"],
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
    any number. ``progress(total, seconds, cores)`` is called before the first round, with
    the number of rounds to play, an estimate of the seconds it will take and the cores it
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


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Any], Any],
          rules: Mapping[str, Any] | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, rules)})[None]``."""
    return run({None: Job(players, n, seed, keep, dict(rules or {}))}, **options)[None]
