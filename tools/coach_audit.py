"""Audit the coach's hint against a search 30 times longer (issue 37, item 2's aim).

For each game, positions are drawn from hands the heuristic plays with itself (seeded: one
decision of at least two options a hand, at a random point), so none is chosen to suit the
coach. At each, the hint is given the worlds a one-second hint gets on an idle machine
(``HINT_WORLDS``: ``python -m kortspel bench``'s "evaluator samples/option in 1 s", so the
audit does not depend on how busy the machine is) and a long search 30 times as many, its
values kept world by world. A decision is *clear* when the long search's best beats its
runner-up with the paired 95% interval above zero; the aim is that the hint's best is the
long search's best in at least 90% of the clear ones. It prints one line a position and a
summary table in Markdown::

    python tools/coach_audit.py --positions 12            # every game
    python tools/coach_audit.py --game knock --positions 20
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import kortspel
from kortspel import search
from kortspel.actions import CHANCE

HINT_WORLDS = {"kille": 7500, "knock": 1800, "kopknack": 6300, "gnallknekt": 41}
"""Worlds a one-second hint gets on an idle 2-core machine (bench, 2026-12-05/06)."""
SEATS = {"kille": 5, "knock": 3, "kopknack": 5, "gnallknekt": 3}
LONGER = 30


def positions(game: str, count: int, seed: int) -> list[Any]:
    """``count`` decisions of at least two options, one a hand, from heuristic self-play."""
    rng = random.Random(f"{game}-{seed}")
    table = kortspel.load(game, seats=SEATS[game])
    spec = kortspel.spec(game)
    out: list[Any] = []
    while len(out) < count:
        state = table.new_hand(rng=random.Random(rng.getrandbits(64)))
        bots = [spec.bots["heuristic"](f"h{s}") for s in range(table.seats)]
        choices: list[Any] = []
        while not state.is_over:
            seat = state.to_act
            if seat != CHANCE and len(state.legal_actions(seat)) >= 2:
                choices.append(state.clone())
            if search.step(state, bots, rng) is None and not state.is_over:
                break
        if choices:
            out.append(rng.choice(choices))
    return out


def audit(game: str, count: int, seed: int) -> dict[str, Any]:
    n = HINT_WORLDS[game]
    clear = agree = agree_or_equal = 0
    start = time.monotonic()
    for i, state in enumerate(positions(game, count, seed)):
        said = kortspel.hint(state, seconds=None, playouts=n, rng=random.Random(1000 + i))
        long = search.evaluate(state, seconds=None, playouts=LONGER * n, paired=True,
                               rng=random.Random(2000 + i))
        best = long.best.action
        margin = long.difference(best, long.options[1].action)
        is_clear = margin.low > 0
        top = said.options[0].action
        equal = set(said.equal) | {top}
        clear += is_clear
        agree += is_clear and top == best
        agree_or_equal += is_clear and best in equal
        with_equal = f" (with {len(equal) - 1} said equal)" if len(equal) > 1 else ""
        print(f"{game} #{i + 1}: long best {best} by {margin.mean:+.3f} "
              f"({margin.low:+.3f} to {margin.high:+.3f}){' clear' if is_clear else ''}; "
              f"hint's best {top}{with_equal}{'' if top == best else ' DIFFERS'}", flush=True)
    return {"game": game, "positions": count, "clear": clear, "agree": agree,
            "agree_or_equal": agree_or_equal, "hint_worlds": n,
            "minutes": (time.monotonic() - start) / 60}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(HINT_WORLDS), action="append")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rows = [audit(g, args.positions, args.seed) for g in (args.game or list(HINT_WORLDS))]
    print("\n| game | positions | clear | hint's best = long search's | "
          "or among those it called equal | hint worlds | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        share = f"{r['agree']}/{r['clear']}" + (
            f" ({100 * r['agree'] / r['clear']:.0f}%)" if r["clear"] else "")
        print(f"| {r['game']} | {r['positions']} | {r['clear']} | {share} | "
              f"{r['agree_or_equal']}/{r['clear']} | {r['hint_worlds']:,} | "
              f"{r['minutes']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
