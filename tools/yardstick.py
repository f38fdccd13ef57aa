"""OpenSpiel's gin rummy on this machine, timed as ``python -m kortspel bench`` times.

The speed aims of the Köpknack and Gnällknekt issues set decisions per second against
OpenSpiel's gin rummy (its C++ game, driven from Python) "on the same machine". A figure of
ours means little beside one taken elsewhere, since machines (and one virtual machine from
day to day) differ by half or more; this measures the yardstick beside our figures, in the
same CPU-time windows (``kortspel.bench.rate``). OpenSpiel is large and is not one of the
project's dependencies, so this is a tool to run where it is installed:

    pip install open_spiel
    python tools/yardstick.py [--seconds 10]

Random players, as in the bench: each decision is drawn uniformly from the legal actions,
and each chance turn (a card dealt or drawn) uniformly from its outcomes, all from one
seeded ``random.Random``. A decision is a turn of a player; chance turns are counted apart.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Any

from kortspel.bench import WINDOWS, rate

GAME = "gin_rummy"


def play(state: Any, rng: random.Random) -> tuple[int, int]:
    """Play one hand out at random: its players' decisions and its chance turns."""
    decisions = chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            chances += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, chances


def figures(pyspiel: Any, seconds: float) -> list[str]:
    """The yardstick's lines: decisions/s, and every action (chance turns too) per second."""
    game = pyspiel.load_game(GAME)
    rng = random.Random(5)
    played = [0, 0]

    def batch() -> int:
        decisions, chances = play(game.new_initial_state(), rng)
        played[0] += decisions
        played[1] += chances
        return decisions

    per_s = rate(batch, seconds)
    with_chance = per_s.best * (played[0] + played[1]) / max(played[0], 1)
    return [
        f"OpenSpiel {GAME} decisions/s, random players:".ljust(44)
        + f"{per_s.best:>10,.0f}   (median window {per_s.median:,.0f})",
        f"OpenSpiel {GAME} actions/s, chance turns too:".ljust(44) + f"{with_chance:>10,.0f}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help=f"CPU seconds to time (default 2, in {WINDOWS} windows)")
    args = parser.parse_args(argv)
    if not (args.seconds > 0 and math.isfinite(args.seconds)):
        print("yardstick: --seconds must be a number of seconds more than 0", file=sys.stderr)
        return 2
    try:
        import pyspiel  # type: ignore[import-not-found]  # optional: not a dependency
    except ImportError:
        print("yardstick: OpenSpiel is not installed here; `pip install open_spiel` and run "
              "this again", file=sys.stderr)
        return 2
    print(f"yardstick (one core, CPython; CPU time, the fastest of {WINDOWS} windows)")
    for line in figures(pyspiel, args.seconds):
        print(f"  {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
