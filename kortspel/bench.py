"""Speed figures: Kille hands and decisions per second, clone cost, and (when the widgets
package is importable) the drawing cost of one table redraw.

Measured here rather than in timed tests, because a loaded CI machine makes timed tests
flaky while a printed figure still tells the truth about the code.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable

from .core import RandomBot, step
from .kille import KilleGame


def _rate(fn: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Run ``fn`` (returning a count of units) repeatedly for ``seconds``; units per second."""
    total = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        total += fn()
        now = time.perf_counter()
        if now >= end:
            return total / (now - start), total


def kille_hands(seats: int = 5, seconds: float = 2.0, seed: int = 1) -> dict[str, float]:
    game = KilleGame(seats)
    rng = random.Random(seed)
    bots = [RandomBot() for _ in range(seats)]
    decisions = 0

    def batch() -> int:
        nonlocal decisions
        for _ in range(200):
            st = game.new_hand(rng=rng)
            while not st.is_over:
                step(st, bots, rng)
            decisions += len(st.actions)
        return 200

    start = time.perf_counter()
    hands_per_s, hands = _rate(batch, seconds)
    elapsed = time.perf_counter() - start
    return {"hands_per_s": hands_per_s, "decisions_per_s": decisions / elapsed,
            "decisions_per_hand": decisions / hands}


def kille_engine_only(seats: int = 5, seconds: float = 2.0, seed: int = 2) -> float:
    """Decisions per second of apply + legal_actions alone, with no bot or observation."""
    game = KilleGame(seats)
    rng = random.Random(seed)

    def batch() -> int:
        n = 0
        for _ in range(200):
            st = game.new_hand(rng=rng)
            while not st.is_over:
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
                n += 1
        return n

    return _rate(batch, seconds)[0]


def kille_clone_us(seconds: float = 1.0) -> float:
    game = KilleGame(5)
    st = game.new_hand(seed=3)
    st.apply("swap")

    def batch() -> int:
        for _ in range(1000):
            st.clone()
        return 1000

    return 1e6 / _rate(batch, seconds)[0]


def run(seconds: float = 2.0) -> int:
    print("kortspel bench (one core, CPython)")
    h = kille_hands(5, seconds)
    print(f"  kille hands/s, 5 seats, random players:   {h['hands_per_s']:>10,.0f}"
          "   (floor 20,000; aim 50,000)")
    print(f"  kille decisions/s in those hands:         {h['decisions_per_s']:>10,.0f}"
          f"   ({h['decisions_per_hand']:.2f} decisions a hand)")
    print(f"  kille engine decisions/s (apply+legal):   {kille_engine_only(5, seconds):>10,.0f}")
    h8 = kille_hands(8, seconds / 2)
    print(f"  kille hands/s, 8 seats, random players:   {h8['hands_per_s']:>10,.0f}")
    print(f"  kille clone():                            {kille_clone_us(seconds / 2):>10.2f} µs")
    try:
        wb = importlib.import_module("widgets.bench")
    except ImportError as err:
        print(f"  table redraw: skipped (widgets not importable: {err})")
        return 0
    for line in wb.redraw_figures(seconds=seconds / 2):
        print(f"  {line}")
    return 0
