"""Many Köpknack deals or sessions, played by computer players and counted: the strategy
notebook's simulations, on every core the machine has.

A run is cut into *chunks* (a hundred deals, or a few sessions), and each chunk gets its own
seed, made from the run's seed and the chunk's number. A chunk plays its deals and returns a
:class:`~collections.Counter` of what ``keep`` saw in each; the counters of the chunks add up.
So a run gives the same counts whether its chunks are played one after another or side by side
on several cores, on this machine or any other.

Everything here is the engine's public protocol (``KopknackGame.new_hand``, ``play_hand``,
``KopknackMatch.next_hand``, ``result()``): nothing is played faster by cutting a corner of
the rules. The players are the engine's heuristic, and two variants of it that the questions
of the notebook need: one that knocks on every hand (``Knocker``) and one that knocks and then
never buys (``Keeper``).

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
from ..protocol import Bot, play_hand, step
from .bots import KopknackHeuristic
from .cards import SUIT, VALUE
from .game import KopknackGame
from .match import KopknackMatch
from .observation import Observation

__all__ = [
    "Seat", "Job", "Knocker", "Keeper", "holding", "HOLDINGS", "seats_of", "run", "tally",
    "cores", "estimate", "play_chunk", "DEALS_PER_CHUNK", "SESSIONS_PER_CHUNK",
]

DEALS_PER_CHUNK = 100
SESSIONS_PER_CHUNK = 4
"""Chunk sizes. They decide the seeds, so changing them changes every count (a little)."""


# -------------------------------------------------------------------------------------------
# Players for the questions
# -------------------------------------------------------------------------------------------


class Knocker(KopknackHeuristic):
    """The heuristic player, except that it knocks on every hand: a table of them plays every
    deal out with everyone in, as a table does once the pot has grown rich."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        for action in legal:
            if action.verb == "knock":
                return action
        return super().choose(obs, legal, rng)


class Keeper(Knocker):
    """Knocks on every hand and never buys: it plays the three cards it was dealt."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if legal[0].verb == "exchange":
            return legal[0]  # the first exchange offered is always the one of no cards
        return super().choose(obs, legal, rng)


# -------------------------------------------------------------------------------------------
# What is kept of a deal
# -------------------------------------------------------------------------------------------

HOLDINGS = ("top trump", "second or third trump", "a lower trump", "no trump")
"""The classes of a dealt hand, strongest first (see ``holding``)."""


def holding(hand: Sequence[str], trump: str) -> str:
    """What a dealt hand holds in trumps, counted against the trumps still in play (the turned
    card is not): the top trump, which wins any trick it is played to; the second or third;
    a lower one; or none. Only the best trump of the hand counts."""
    suit = SUIT[trump]
    mine = [VALUE[c] for c in hand if SUIT[c] == suit]
    if not mine:
        return HOLDINGS[3]
    above = sum(1 for v in range(max(mine) + 1, 15) if v != VALUE[trump])
    return HOLDINGS[0] if above == 0 else HOLDINGS[1] if above <= 2 else HOLDINGS[2]


class Seat(NamedTuple):
    """One seat of one finished deal.

    ``position``: 1 is forehand (on the dealer's left, first to speak) ... the last is the
    dealer. ``holding``: the dealt hand's class (``HOLDINGS``). ``bid``: "knock", "fold", or
    "" when the pot was swept before the seat spoke. ``bought``: cards it exchanged in all.
    ``net``: what the deal did to its balance, in stakes (what it took from the pot, less its
    penalty, less the ante for the dealer). ``pot``: the pot played for, in stakes. ``swept``:
    whether this seat swept the pot. ``knockers``: how many seats knocked in the deal.
    """

    position: int
    holding: str
    bid: str
    tricks: int
    bought: int
    net: float
    pot: float
    swept: bool
    knockers: int


def seats_of(hand: Any) -> list[Seat]:
    """One Seat per seat of a finished deal, in seat order (seat a first)."""
    out = hand.outcome
    n = hand.game.seats
    stake = hand.stake
    bought = [0] * n
    for seat, count in hand.bought:
        bought[seat] += count
    knockers = hand.bids.count("knock")
    return [Seat((s - hand.dealer - 1) % n + 1, holding(hand.dealt[s], hand.trump),
                 hand.bids[s] or "", out.won[s], bought[s],
                 (out.payout[s] - out.penalty[s] - (stake if s == hand.dealer else 0)) / stake,
                 hand.pot / stake, out.swept_by == s, knockers)
            for s in range(n)]


def seat_a(hand: Any) -> Seat:
    """Seat a's Seat of a finished deal: for runs where only seat a plays differently."""
    return seats_of(hand)[0]


# -------------------------------------------------------------------------------------------
# A run: jobs, cut into chunks
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """``n`` deals (or, with ``session`` a session length, ``n`` sessions) at a table of these
    players, one per seat, from ``seed``; ``keep(deal)`` says what to count of each finished
    deal (sessions too are counted deal by deal): one key, or a list of keys.

    ``rules`` are the table's rules options (``{"penalty": "single"}``). Single deals start
    with ``carried`` stakes in the pot besides the ante; the deal moves round the table, so
    every seat deals equally often."""

    players: Sequence[Bot]
    n: int
    seed: int | str
    keep: Callable[[Any], Any]
    session: str | int | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    carried: int = 0
    stake: int = 3

    @property
    def per_chunk(self) -> int:
        return DEALS_PER_CHUNK if self.session is None else SESSIONS_PER_CHUNK

    def chunks(self) -> list[tuple[int, int]]:
        """(first, count) of each chunk: the chunk's number is first // per_chunk."""
        size = self.per_chunk
        return [(first, min(size, self.n - first)) for first in range(0, self.n, size)]

    def kind(self) -> tuple[Any, ...]:
        """What the time a deal takes depends on: the seats, the kinds of player, sessions,
        and the pot (a rich pot brings more players in, and a deal played out takes longer)."""
        return (len(self.players), tuple(type(p).__name__ for p in self.players),
                self.session is not None, self.carried)


def _check(job: Job) -> None:
    if not isinstance(job, Job):
        raise KortspelError(f"a simulation job is a simulate.Job, not {type(job).__name__}")
    if type(job.n) is not int or job.n < 1:
        raise KortspelError(f"a job plays a whole number of deals (at least 1), not {job.n!r}")
    if not callable(job.keep):
        raise KortspelError(f"keep is a function of a finished deal, not {job.keep!r}")
    if type(job.carried) is not int or job.carried < 0:
        raise KortspelError(f"carried is a number of stakes in the pot before the ante, 0 or "
                            f"more, not {job.carried!r}")


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
    game = KopknackGame(len(job.players), rules=dict(job.rules))
    seats = game.seats
    tally: Counter[Hashable] = Counter()
    for i in range(first, first + count):
        if job.session is None:
            deal = game.new_hand(rng=rng, dealer=i % seats, stake=job.stake,
                                 pot=job.carried * job.stake)
            _count(tally, job.keep(play_hand(deal, job.players, rng)))
            continue
        session = KopknackMatch(game, length=job.session, stake=job.stake,
                                seed=rng.randrange(2**32), dealer=i % seats)
        while not session.is_over:
            deal = session.hand
            while not deal.is_over:
                step(deal, job.players, rng)
            _count(tally, job.keep(deal))
            session.next_hand()
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


_SECONDS_EACH: dict[tuple[Any, ...], float] = {}  # job kind -> seconds a deal (session) takes
_HELPER_START = 0.4  # seconds for a new helper to start and import kortspel


def _nothing(deal: Any) -> None:
    return None


def _seconds_each(job: Job) -> float:
    """Seconds one deal (or session) of this kind takes on one core: measured by the chunks
    already played, or else by playing a few right now (about a twentieth of a second)."""
    kind = job.kind()
    if kind not in _SECONDS_EACH:
        probe = Job(job.players, 10**6, "how long", _nothing, job.session, job.rules,
                    job.carried, job.stake)
        play_chunk(probe, 0, 1)  # the first deal also warms up: not counted
        n, spent, chunk = 0, 0.0, 1 if job.session else 5
        while spent < 0.05 and n < 200:
            spent += play_chunk(probe, n, chunk)[1]
            n += chunk
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
    measured (by playing a few deals, if nothing yet)."""
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
            [sys.executable, "-c", "from kortspel.kopknack.simulate import serve; serve()"],
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
    any number. ``progress(total, seconds, cores)`` is called before the first deal, with
    the number of deals (or sessions) to play, an estimate of the seconds it will take and
    the cores it will use; it returns a function that is told how many are done, as they
    finish.
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
            tally, seconds = result
            counts[key].update(tally)
            _SECONDS_EACH[job.kind()] = seconds / count
            played += 1
            done += count
            update(done)
    finally:
        stop.set()  # on an interrupt: each helper finishes its chunk, and takes no other
    return counts


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Any], Any],
          session: str | int | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, session)})[None]``;
    ``workers`` and ``progress`` go to ``run``, anything else to the ``Job``."""
    run_options = {k: options.pop(k) for k in ("workers", "progress") if k in options}
    return run({None: Job(players, n, seed, keep, session, **options)}, **run_options)[None]
