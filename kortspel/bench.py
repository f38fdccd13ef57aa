"""Speed figures for every game: hands and decisions per second through the protocol, the
engine alone, and the cost of a clone; plus any figures other installed parts add (the
drawing bench of ``kortspel.widgets``, found through the ``kortspel.bench`` entry points,
so the engine never imports the views).

Measured here rather than in timed tests, because a loaded CI machine makes timed tests
flaky while a printed figure still tells the truth about the code.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from typing import Any, NamedTuple

from .protocol import RandomBot, State, play_hand
from .registry import games, load, spec

WINDOWS = 5
"""How many equal windows a figure is timed in; the figure is the fastest of them."""


class Rate(NamedTuple):
    """Units per second: in the fastest window, and in the median one."""

    best: float
    median: float


def rate(fn: Callable[[], int], seconds: float) -> Rate:
    """Run ``fn`` (returning a count of units) for ``seconds`` of CPU time; units per second.

    The time is this process's CPU time, not the clock's: on a shared machine (two cores, a
    test run or a notebook beside the bench) the clock counts the time other processes had
    the core, which says nothing of this code. One window is played first and not counted:
    a table's caches (the actions and events it makes once and keeps) fill in its first
    thousands of hands, and a long simulation runs with them full. Then the seconds are cut
    into ``WINDOWS`` windows, and the fastest window's rate is the figure, as ``timeit``'s
    documentation advises: the code runs the same work in every window, so a slower one
    measures what else the machine was doing. On a virtual machine even the CPU time
    counts time the host gave to others (windows of one run here differ by a third); the
    median window is given too, for the figures an issue sets an aim for.
    """
    rates: list[float] = []
    window = seconds / WINDOWS
    warm = time.process_time() + window
    while time.process_time() < warm:
        fn()
    for _ in range(WINDOWS):
        count = 0
        start = time.process_time()
        while True:
            count += fn()
            spent = time.process_time() - start
            if spent >= window and spent > 0:
                break
        rates.append(count / spent)
    return Rate(max(rates), statistics.median(rates))


def hands(game_name: str, seats: int, seconds: float = 2.0, seed: int = 1) -> dict[str, float]:
    """Whole hands with random players through ``play_hand``, chance turns included."""
    game = load(game_name, seats=seats)
    rng = random.Random(seed)
    bots = [RandomBot() for _ in range(seats)]
    decisions = played = 0

    def batch() -> int:
        nonlocal decisions, played
        for _ in range(5):
            st = play_hand(game.new_hand(rng=rng), bots, rng)
            decisions += len(st.actions)
        played += 5
        return 5

    per_s = rate(batch, seconds)
    per_hand = decisions / played
    return {"hands_per_s": per_s.best, "median_hands_per_s": per_s.median,
            "decisions_per_s": per_s.best * per_hand, "decisions_per_hand": per_hand}


def engine_only(game_name: str, seats: int, seconds: float = 2.0, seed: int = 2) -> float:
    """Decisions per second of ``legal_actions`` + ``apply`` alone: no bot, no observation."""
    game = load(game_name, seats=seats)
    rng = random.Random(seed)

    def batch() -> int:
        n = 0
        for _ in range(5):
            st = game.new_hand(rng=rng)
            while not st.is_over:
                if st.to_act == -1:
                    st.apply(st.sample_chance(rng))
                    continue
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
                n += 1
        return n

    return rate(batch, seconds).best


def clone_us(game_name: str, seats: int, seconds: float = 1.0) -> float:
    """Microseconds per ``clone()`` of a hand one decision in."""
    game = load(game_name, seats=seats)
    rng = random.Random(3)
    st = game.new_hand(rng=rng)
    legal = st.legal_actions()
    if legal:
        st.apply(legal[-1] if len(legal) < 2 else legal[1])

    def batch() -> int:
        for _ in range(1000):
            st.clone()
        return 1000

    return 1e6 / rate(batch, seconds).best


def game_figures(name: str, seconds: float) -> Iterable[str]:
    s = spec(name)
    low, high = s.seats
    usual = s.bench_seats or min(max(5, low), high)
    unit = s.bench_unit
    h = hands(name, usual, seconds)
    aim = s.bench_aim
    note = f"median window {h['median_hands_per_s']:,.0f}"
    if aim:
        note = f"{aim}; {note}"
    yield (f"{name} {unit}/s, {usual} seats, random players:".ljust(44)
           + f"{h['hands_per_s']:>10,.0f}   ({note})")
    yield (f"{name} decisions/s in those hands:".ljust(44) + f"{h['decisions_per_s']:>10,.0f}"
           + f"   ({h['decisions_per_hand']:.2f} decisions a {unit[:-1]})")
    yield (f"{name} engine decisions/s (apply+legal):".ljust(44)
           + f"{engine_only(name, usual, seconds):>10,.0f}")
    if high != usual:
        hh = hands(name, high, seconds / 2)
        yield f"{name} {unit}/s, {high} seats, random players:".ljust(44) + \
            f"{hh['hands_per_s']:>10,.0f}"
    yield f"{name} clone():".ljust(44) + f"{clone_us(name, usual, seconds / 2):>10.2f} µs"
    if s.bench_extra is not None:
        yield from s.bench_extra(seconds)
    yield from search_figures(name, seconds)


def rollouts(game_name: str, seats: int, seconds: float = 2.0, seed: int = 4) -> Rate:
    """Rollouts a second with the expert's rollout policy (``kortspel.search``): from the
    first decision of freshly dealt hands, a clone played to the end (or the game's
    horizon), as the evaluator plays each option of each world."""
    from . import search

    game = load(game_name, seats=seats)
    rng = random.Random(seed)
    starts: list[State] = []
    while len(starts) < 12:
        st = game.new_hand(rng=rng)
        if not st.is_over:
            starts.append(st)
    play_out = search.hooks(game_name).rollout
    i = 0

    def batch() -> int:
        nonlocal i
        for _ in range(5):
            w = starts[i % len(starts)].clone()
            i += 1
            play_out(w, rng)
        return 5

    return rate(batch, seconds)


def samples_per_option(game_name: str, seats: int, seconds: float = 1.0, seed: int = 5
                       ) -> tuple[int, int]:
    """The evaluator's worlds per option within ``seconds`` at a typical decision (the
    first of a freshly dealt hand with more than one option), and the options there."""
    from . import search
    from .protocol import step

    game = load(game_name, seats=seats)
    rng = random.Random(seed)
    st = game.new_hand(rng=rng)
    bots = [RandomBot() for _ in range(seats)]
    while True:  # a Gnällknekt turn opens with its one draw: play on to a real choice
        if st.is_over:
            st = game.new_hand(rng=rng)
        elif st.to_act != -1 and len(st.legal_actions()) > 1:
            break
        else:
            step(st, bots, rng)
    ev = search.evaluate(st, seconds=seconds, rng=random.Random(seed))
    return ev.samples, len(ev.options)


def search_figures(name: str, seconds: float) -> Iterable[str]:
    """The search's figures for one game, if it has a worlds module."""
    from . import search

    if not search.searchable(name):
        return
    s = spec(name)
    usual = s.bench_seats or min(max(5, s.seats[0]), s.seats[1])
    aim = getattr(search.hooks(name), "ROLLOUT_AIM", "")
    r = rollouts(name, usual, seconds)
    note = f"median window {r.median:,.0f}"
    yield (f"{name} expert rollouts/s, {usual} seats:".ljust(44)
           + f"{r.best:>10,.0f}   ({aim + '; ' if aim else ''}{note})")
    budget = min(1.0, seconds)  # the second, less in a short bench
    n, k = samples_per_option(name, usual, budget)
    yield (f"{name} evaluator samples/option in {budget:g} s:".ljust(44)
           + f"{n:>10,}   ({k} options, at a hand's first decision)")


def plugin_figures(seconds: float) -> Iterable[str]:
    """Figures from other installed parts (``[project.entry-points."kortspel.bench"]``)."""
    for ep in sorted(entry_points(group="kortspel.bench"), key=lambda e: e.name):
        try:
            figures: Callable[..., Any] = ep.load()
        except ImportError as err:
            yield f"{ep.name}: skipped ({err})"
            continue
        yield from figures(seconds=seconds)


def run(seconds: float = 2.0, only: str | None = None) -> int:
    print("kortspel bench (one core, CPython; CPU time, the fastest of "
          f"{WINDOWS} windows)", flush=True)
    for name in games() if only is None else [spec(only).name]:
        for line in game_figures(name, seconds):
            print(f"  {line}", flush=True)
    if only is None:
        for line in plugin_figures(seconds / 2):
            print(f"  {line}", flush=True)
    return 0
