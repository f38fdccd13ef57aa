"""Many hands, rounds or matches played by computer players and counted, on every core the
machine has: the machinery behind each game's ``simulate`` module (its strategy notebook's
simulations), written once for every game.

A run is cut into *chunks* (a few hundred hands, or a few matches), and each chunk gets its own
seed, made from the job's seed and the chunk's number. A chunk plays its share and returns a
:class:`~collections.Counter` of what ``keep`` saw in each; the counters of the chunks add up.
So a run gives the same counts whether its chunks are played one after another or side by side
on several cores, on this machine or any other.

The other cores are used by *helpers*: plain ``python`` processes started once (about a third
of a second) and kept, each fed chunks through a pipe. Not a ``ProcessPoolExecutor``: its
workers are children in the kernel's process group, so a notebook's interrupt (sent to the
whole group) reaches them mid-chunk and leaves the pool broken, and forking a kernel that runs
threads is unsafe. A helper runs in a process group of its own, so an interrupt reaches only
the kernel (which then stops handing out chunks) and a kernel's shutdown does not wait on it;
it ends when the kernel ends, as its pipe closes. A helper imports what it runs by name,
as a chunk's job is unpickled: the job's class (so its game's ``simulate`` module), ``keep``
and the players' classes must be defined in a module. A run whose ``keep`` or players were
typed into a notebook is played in the kernel's own process, on one core.

Where no process can be started nor a thread run (Python in a browser, Pyodide, as the
classroom site runs it: ``sys.platform`` is ``"emscripten"``), every chunk is played in the
kernel's own process, one after another, without trying: the same chunks from the same seeds,
so the same counts as on any number of cores.

How a game uses it. Its ``simulate`` module subclasses :class:`Job` as a frozen dataclass,
adding its own fields after the four shared ones (each with a default), and says:

- ``play(rng, first, count)``: play the job's hands ``first`` to ``first + count - 1`` from
  ``rng`` (the chunk's own generator) and yield what ``keep`` says of each one, in order;
- ``per_chunk``: how many make a chunk (it decides the seeds: changing it changes the counts);
- optionally ``kind()`` (what the time of one hand depends on, beyond the seats and players),
  ``check()`` (the game's own checks, raising a ``KortspelError``), ``bots()`` (every player a
  helper must import, when the job holds more than ``players``), ``timing()``, and the words
  ``units`` and ``keep_of`` that its refusals use.

It then re-exports :func:`run`, :func:`estimate`, :func:`cores` and :func:`play_chunk`, and
writes its ``tally`` (one job, its own fields as arguments) over :func:`run`. See
``kortspel/kille/simulate.py``.
"""

from __future__ import annotations

import atexit
import dataclasses
import os
import pickle
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, ClassVar

from .errors import KortspelError
from .protocol import Bot

__all__ = ["Job", "run", "estimate", "cores", "in_process_only", "play_chunk", "serve"]


# -------------------------------------------------------------------------------------------
# A job, cut into chunks
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job(ABC):
    """``n`` hands (or whatever a game's job plays) at a table of these players, from
    ``seed``; ``keep(what was played)`` says what to count: one key, or a list of keys."""

    players: Sequence[Bot]
    n: int
    seed: int | str
    keep: Callable[[Any], Any]

    units: ClassVar[str] = "hands"
    """What ``n`` counts, in the plural, as refusals say it."""
    keep_of: ClassVar[str] = "a hand"
    """What ``keep`` is handed, as refusals say it."""

    @property
    @abstractmethod
    def per_chunk(self) -> int:
        """How many hands make a chunk: the chunk's number (so its seed) is first // this."""

    @abstractmethod
    def play(self, rng: random.Random, first: int, count: int) -> Iterator[Any]:
        """Play hands ``first`` .. ``first + count - 1`` from ``rng``; yield ``keep``'s
        answer for each, in order."""

    def chunks(self) -> list[tuple[int, int]]:
        """(first, count) of each chunk: the chunk's number is first // per_chunk."""
        size = self.per_chunk
        return [(first, min(size, self.n - first)) for first in range(0, self.n, size)]

    def kind(self) -> tuple[Any, ...]:
        """What the time a hand takes depends on: the seats and the kinds of player (a game
        adds its own fields that matter)."""
        return (len(self.players), tuple(type(p).__name__ for p in self.players))

    def check(self) -> None:
        """The game's own checks of a job, before anything is played (none here)."""
        return None

    def bots(self) -> Sequence[Bot]:
        """Every player the job plays with: their classes must be importable for a helper."""
        return self.players

    def timing(self) -> tuple[int, int]:
        """(how many to play at a time, the most to play) when this machine times a job of
        this kind: a few short hands a step, or one long match."""
        return 10, 400


def _check(job: Any) -> None:
    if not isinstance(job, Job):
        raise KortspelError(
            f"a simulation job is a simulate.Job (of a game), not {type(job).__name__}")
    if type(job.n) is not int or job.n < 1:
        raise KortspelError(
            f"a job plays a whole number of {job.units} (at least 1), not {job.n!r}")
    if not callable(job.keep):
        raise KortspelError(f"keep is a function of {job.keep_of}, not {job.keep!r}")
    job.check()


def _importable(thing: Any) -> bool:
    """Whether another process can import this function or class by its name: not so for a
    lambda, a function inside a function, or anything typed into a notebook."""
    name = getattr(thing, "__qualname__", "<")
    return getattr(thing, "__module__", "__main__") != "__main__" and "<" not in name


def _portable(job: Job) -> bool:
    """Whether a helper process can play this job's chunks."""
    return (_importable(type(job)) and _importable(job.keep)
            and all(_importable(type(p)) for p in job.bots()))


def play_chunk(job: Job, first: int, count: int) -> tuple[Counter[Hashable], float]:
    """Play one chunk of a job, from the chunk's own seed; return its counts and the seconds
    it took."""
    start = time.perf_counter()
    rng = random.Random(f"{job.seed!r}/{first // job.per_chunk}")
    tally: Counter[Hashable] = Counter()
    for kept in job.play(rng, first, count):
        if isinstance(kept, list):
            tally.update(kept)
        else:
            tally[kept] += 1
    return tally, time.perf_counter() - start


# -------------------------------------------------------------------------------------------
# Cores, and how long a run will take
# -------------------------------------------------------------------------------------------


def in_process_only() -> bool:
    """Whether this Python can start no helper process and no thread (Pyodide in a browser,
    or WASI): then a run plays every chunk itself, in order."""
    return sys.platform in ("emscripten", "wasi")


def cores() -> int:
    """How many cores this process may use (1 where no helper can be started)."""
    if in_process_only():
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_SECONDS_EACH: dict[tuple[Any, ...], float] = {}  # (job class, kind) -> seconds a hand takes
_HELPER_START = 0.4  # seconds for a new helper to start and import kortspel


def _nothing(played: Any) -> None:
    return None


def _kind(job: Job) -> tuple[Any, ...]:
    """The key of a job's timing: its class (so its game) and its kind."""
    return (type(job), job.kind())


def _seconds_each(job: Job) -> float:
    """Seconds one hand of this kind takes on one core: measured by the chunks already
    played, or else by playing a few right now (about a twentieth of a second)."""
    kind = _kind(job)
    if kind not in _SECONDS_EACH:
        probe = dataclasses.replace(job, n=10**6, seed="how long", keep=_nothing)
        play_chunk(probe, 0, 1)  # the first hand also warms up: not counted
        step, most = job.timing()
        n, spent = 0, 0.0
        while spent < 0.05 and n < most:
            spent += play_chunk(probe, n, step)[1]
            n += step
        _SECONDS_EACH[kind] = spent / n
    return _SECONDS_EACH[kind]


def _workers(jobs: Mapping[Hashable, Job], workers: int | None) -> int:
    if workers is not None and (type(workers) is not int or workers < 1):
        raise KortspelError(f"workers is a number of cores, at least 1, not {workers!r}")
    if in_process_only():
        return 1  # a browser's Python: no processes, no threads, so this process only
    if not all(_portable(job) for job in jobs.values()):
        return 1  # a keep function or a player typed into a notebook: this process only
    return max(1, min(workers or cores(), sum(len(job.chunks()) for job in jobs.values())))


def estimate(jobs: Mapping[Hashable, Job], workers: int | None = None) -> float:
    """About how many seconds ``run(jobs, workers)`` will take, from what this machine has
    measured (by playing a few hands, if nothing yet)."""
    w = _workers(jobs, workers)
    work = sum(_seconds_each(job) * job.n for job in jobs.values())
    starting = w > 1 and sum(1 for h in _HELPERS if h.alive) < w - 1
    return work / w + (_HELPER_START if starting else 0.0)


# -------------------------------------------------------------------------------------------
# Helpers: the other cores
# -------------------------------------------------------------------------------------------


class _Helper:
    """One helper process: it reads (job, first, count) from its stdin and writes back
    ("ok", play_chunk's result) or ("error", the exception), pickled. Unpickling the job
    imports its game's module, so one helper serves every game."""

    def __init__(self) -> None:
        path = os.pathsep.join(p for p in sys.path if p)  # it imports what this process can
        self.process = subprocess.Popen(
            [sys.executable, "-c", f"from {__name__} import serve; serve()"],
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
    any number. ``progress(total, seconds, cores)`` is called before the first hand, with
    the number of hands (or matches) to play, an estimate of the seconds it will take and the
    cores it will use; it returns a function that is told how many are done, as they finish.
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
            _SECONDS_EACH[_kind(job)] = seconds / count
            played += 1
            done += count
            update(done)
    finally:
        stop.set()  # on an interrupt: each helper finishes its chunk, and takes no other
    return counts
