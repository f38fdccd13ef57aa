"""The expert's strength, remade: ``python tools/strength.py`` plays the ladder
(``kortspel.ladder``) on duplicate deals, seats rotated, the expert at a tenth of a second a
decision, in every game, against the game's heuristic and against a rule of thumb not in the
project (``tests/rules_of_thumb.py``), and prints the figures of docs/players.md as a
Markdown table.

Two tables a game:

- **heuristic**: levels expert and heuristic; each deal is played twice, the levels moved a
  seat on, and the difference is the expert's result less the heuristic's, deal by deal.
- **rule**: levels expert, heuristic and the rule of thumb; each deal is played three times.
  Both the expert and the rule are measured against the heuristic in the same deals, and
  expert less rule is the difference of the two, its interval the two half-widths combined
  (square root of the sum of squares).

The deals are seeded (``--seed``), so a run deals the same cards every time; the expert
searches by the clock (``--seconds`` a decision), so how far it gets, and the figures, vary
a little with the machine and what else it is doing. One process, one core.

    python tools/strength.py                               # every game, the docs' sizes
    python tools/strength.py --games knock --deals 20      # a quick look
    python tools/strength.py --games kille knock --rivals rule --deals kille=600 knock=100
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))  # the rules of thumb live with the tests
sys.path.insert(0, str(HERE.parent))

from rules_of_thumb import (  # noqa: E402
    GnallknektRule,
    KilleRule,
    KnockRule,
    KopknackRule,
)

from kortspel import ladder, search  # noqa: E402
from kortspel.registry import spec  # noqa: E402

RULES: dict[str, Any] = {"kille": KilleRule, "knock": KnockRule, "kopknack": KopknackRule,
                         "gnallknekt": GnallknektRule}
SEATS = {"kille": 5, "knock": 3, "kopknack": 5, "gnallknekt": 3}
DEALS = {
    "heuristic": {"kille": 800, "knock": 250, "kopknack": 400, "gnallknekt": 26},
    "rule": {"kille": 800, "knock": 250, "kopknack": 400, "gnallknekt": 26},
}
"""Deals a table by default: each run some eight to eleven minutes at 0.1 s a decision on
a shared 2-core machine (2026-12-06: about 0.6 s a deal in Kille, 2.1 in Knock, 1.3 in
Köpknack, 24 in Gnällknekt, whose games are long, so few deals)."""
GAMES = tuple(SEATS)
RIVALS = ("heuristic", "rule")
SEED = "2026-12-06"


def measure(game: str, rival: str, deals: int, seconds: float,
            seed: str) -> dict[str, Any]:
    """Play one ladder and return its figures: each level's mean, and the expert less the
    rival deal by deal, turned so that ``ahead`` is positive when the expert did better."""
    seats = SEATS[game]
    levels = ("expert", "heuristic") if rival == "heuristic" else ("expert", "heuristic", "rule")
    rule = RULES[game]
    start = time.perf_counter()
    rows = ladder.play(game, seats, deals, seconds, seed=seed, levels=levels,
                       make=lambda lv, s: rule(f"rule{s}") if lv == "rule" else None,
                       duplicate=True)
    took = time.perf_counter() - start
    by = {r.level: r for r in rows}
    expert = by["expert"]
    other = by[rival]
    if rival == "heuristic":
        diff, half = expert.vs_heuristic, expert.vs_half
    else:
        diff = expert.vs_heuristic - other.vs_heuristic  # type: ignore[operator]
        half = math.hypot(expert.vs_half, other.vs_half)  # type: ignore[arg-type]
    sign = -1.0 if search.metric_of(game)[1] == "lower" else 1.0
    return {"game": game, "rival": rival, "seats": seats, "deals": deals,
            "plays": deals * len(levels), "expert": (expert.mean, expert.half),
            "other": (other.mean, other.half), "diff": diff, "half": half,
            "ahead": sign * diff, "seconds": took, "rows": rows, "levels": levels}


def verdict(ahead: float, half: float) -> str:
    """Whether the difference is clear of zero at 95%, and which way."""
    if ahead - half > 0:
        return "**yes**, expert ahead"
    if ahead + half < 0:
        return "no: expert behind"
    return "no: level within the interval"


def table(results: list[dict[str, Any]]) -> str:
    """The figures as docs/players.md shows them, and each game's measure below."""
    lines = ["| game | table (levels) | deals / plays | expert | rival | expert less rival, "
             "deal by deal | clear of zero |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    games: list[str] = []
    for r in results:
        if r["game"] not in games:
            games.append(r["game"])
        lines.append(
            f"| {spec(r['game']).title} | {r['seats']} seats ({', '.join(r['levels'])}) | "
            f"{r['deals']:,} / {r['plays']:,} | {r['expert'][0]:.3f} ± {r['expert'][1]:.3f} "
            f"| {r['rival']} {r['other'][0]:.3f} ± {r['other'][1]:.3f} | "
            f"{r['diff']:+.3f} ± {r['half']:.3f} | {verdict(r['ahead'], r['half'])} |")
    lines.append("")
    for g in games:
        words, better = search.metric_of(g)
        lines.append(f"- {spec(g).title}: {words}, per seat and deal ({better} is better).")
    return "\n".join(lines)


def deals_for(given: list[str] | None) -> dict[str, dict[str, int]]:
    """``--deals``: one number for every table, or ``game=N`` (both tables of a game) and
    ``game/rival=N`` for some; the rest keep the defaults."""
    out = {rv: dict(d) for rv, d in DEALS.items()}
    for item in given or []:
        if "=" not in item:
            for d in out.values():
                for g in d:
                    d[g] = int(item)
            continue
        key, n = item.split("=", 1)
        game, _, rival = key.partition("/")
        if game not in SEATS or (rival and rival not in RIVALS):
            raise SystemExit(f"--deals: no table {key!r} (games {', '.join(GAMES)}; "
                             f"rivals {', '.join(RIVALS)})")
        for rv in [rival] if rival else RIVALS:
            out[rv][game] = int(n)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    ap.add_argument("--rivals", nargs="+", choices=RIVALS, default=list(RIVALS))
    ap.add_argument("--deals", nargs="+", metavar="N|GAME=N|GAME/RIVAL=N",
                    help=f"deals a table (defaults: {DEALS})")
    ap.add_argument("--seconds", type=float, default=0.1, help="the expert's time a decision")
    ap.add_argument("--seed", default=SEED, help=f"the deals' seed (default {SEED!r})")
    ap.add_argument("--ladders", action="store_true",
                    help="also print each run's whole ladder (every level's line)")
    args = ap.parse_args(argv)
    deals = deals_for(args.deals)
    results = []
    for game in args.games:
        for rival in args.rivals:
            n = deals[rival][game]
            print(f"{game} against the {rival}: {n} deals ...", file=sys.stderr, flush=True)
            r = measure(game, rival, n, args.seconds, args.seed)
            print(f"  {r['seconds']:.0f} s ({r['seconds'] / n:.2f} s a deal); expert less "
                  f"{rival} {r['diff']:+.3f} ± {r['half']:.3f}", file=sys.stderr, flush=True)
            if args.ladders:
                print(ladder.table_text(game, r["seats"], n, args.seconds, r["rows"],
                                        duplicate=True) + "\n")
            results.append(r)
    print(f"Duplicate deals, seats rotated, the expert at {args.seconds:g} s a decision, "
          f"seed {args.seed!r}.\n")
    print(table(results))


if __name__ == "__main__":
    main()
