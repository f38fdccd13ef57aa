"""The ladder: every level of computer player at one table, seats rotated hand by hand, and
each level's result in the game's own measure with a 95% interval.

``python -m kortspel ladder GAME [--seats N] [--hands N] [--seconds S] [--duplicate]``
prints it. Levels are the game's own bots (random, heuristic) and the expert
(``kortspel.search``) at ``S`` seconds a decision. In hand ``h`` seat ``s`` plays level
``(s + h) mod k``, so every level sits in every seat equally often and, at tables of ``k``
seats or more, meets every other in every hand. Besides each level's mean, the table gives
its difference from the heuristic hand by hand (the mean, over the hands where both played,
of the level's result less the heuristic's in that same hand): the same cards for both, so
the interval is narrow.

With ``duplicate`` (``--duplicate``), as duplicate bridge is played, every deal is played
``k`` times, the levels moved one seat on each time, so each level holds every seat's cards
once: a good or bad deal falls to every level alike and the difference, deal by deal, is
left with the players' choices (and the luck those choices meet), not the cards. Chance
after the deal (Gnällknekt's rebuilt stock) is drawn from the deal's own generator, the same
for every play of it; the players think with their own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import search
from .actions import CHANCE
from .players import bot_for
from .registry import load, spec

LEVELS = ("random", "heuristic", "expert")

UNITS = {"lower": "", "higher": ""}


@dataclass(frozen=True)
class Row:
    """One level's line of the ladder."""

    level: str
    mean: float
    half: float
    seats: int
    vs_heuristic: float | None
    vs_half: float | None
    hands: int


def mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = sum(values) / n
    if n == 1:
        return m, math.inf
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def _play_out(state: Any, bots: Sequence[Any], chance: random.Random,
              minds: random.Random) -> Any:
    """Play a hand to its end, chance drawn from ``chance`` and decisions from ``minds``,
    so two plays of one deal meet the same chance whatever their players did."""
    while not state.is_over:
        rng = chance if state.to_act == CHANCE else minds
        if search.step(state, bots, rng) is None and not state.is_over:
            raise search.SearchError("a player did not answer")
    return state


def play(game_name: str, seats: int, hands: int, seconds: float, seed: int | str = 2026,
         levels: Sequence[str] = LEVELS,
         make: Callable[[str, int], Any] | None = None, duplicate: bool = False) -> list[Row]:
    """Play the ladder and return its rows (see the module docstring). ``make(level,
    seat)`` may build a bot of a level not in the project (the strength tests' rules of
    thumb); by default every level comes from ``bot_for``. With ``duplicate`` a hand is a
    deal played once per level, the levels moved a seat on each time."""
    name = spec(game_name).name
    mod = search.hooks(name)
    table = load(name, seats=seats)
    k = len(levels)

    def bot(level: str, seat: int) -> Any:
        if make is not None:
            made = make(level, seat)
            if made is not None:
                return made
        if level == "expert":
            return bot_for(name, "expert", f"expert{seat}", seconds=seconds)
        return bot_for(name, level, f"{level}{seat}")

    bots = {(lv, s): bot(lv, s) for lv in levels for s in range(seats)}
    by_level: dict[str, list[float]] = {lv: [] for lv in levels}
    diffs: dict[str, list[float]] = {lv: [] for lv in levels}
    rng = random.Random(f"ladder/{name}/{seats}/{seed}")
    for h in range(hands):
        got: dict[str, list[float]] = {}
        deal = table.new_hand(rng=rng)
        chance_seed = rng.random() if duplicate else None
        for turn in range(k if duplicate else 1):
            at = [levels[(s + h + turn) % k] for s in range(seats)]
            at_table = [bots[(at[s], s)] for s in range(seats)]
            state = (_play_out(deal.clone(), at_table, random.Random(chance_seed), rng)
                     if duplicate else search.play_hand(deal, at_table, rng))
            for s in range(seats):
                got.setdefault(at[s], []).append(float(mod.value(state, s)))
        for lv, vals in got.items():
            by_level[lv].extend(vals)
        if "heuristic" in got:
            base = sum(got["heuristic"]) / len(got["heuristic"])
            for lv, vals in got.items():
                diffs[lv].append(sum(vals) / len(vals) - base)
    rows = []
    for lv in levels:
        m, half = mean_half(by_level[lv])
        d, dh = mean_half(diffs[lv]) if lv != "heuristic" and diffs[lv] else (None, None)
        rows.append(Row(lv, m, half, len(by_level[lv]), d, dh, hands))
    return rows


def table_text(game_name: str, seats: int, hands: int, seconds: float,
               rows: Sequence[Row], duplicate: bool = False) -> str:
    """The ladder as a Markdown table, headed by what was measured."""
    words, better = search.metric_of(game_name)
    title = spec(game_name).title
    unit = spec(game_name).bench_unit
    dealt = (f"{hands} deals, each played once per level with the levels moved a seat on "
             "(duplicate)" if duplicate else f"{hands} {unit}")
    by = "deal by deal" if duplicate else "hand by hand"
    lines = [f"{title}, {seats} seats, {dealt}, expert at "
             f"{seconds:g} s a decision. Measure: {words} ({better} is better), per seat "
             "and hand.", "",
             f"| level | mean | 95% interval | seat-hands | less the heuristic, {by} |",
             "| --- | --- | --- | --- | --- |"]
    for r in rows:
        vs = "—" if r.vs_heuristic is None else _figure(r.vs_heuristic, r.vs_half, "+.3f")
        mean = f"{r.mean:.3f}" if math.isfinite(r.mean) else "n/a"
        half = f"± {r.half:.3f}" if math.isfinite(r.half) else FEW
        lines.append(f"| {r.level} | {mean} | {half} | {r.seats} | {vs} |")
    return "\n".join(lines)


FEW = "n/a: too few hands for an interval"
"""What the table says where an interval cannot be had (one hand, or none): a mean of one
value has no spread to measure, and ``inf`` or ``nan`` would read as a result."""


def _figure(mean: float, half: float | None, form: str) -> str:
    """A mean with its interval, or words where either is not a number."""
    if not math.isfinite(mean):
        return "n/a"
    if half is None or not math.isfinite(half):
        return f"{mean:{form}} ({FEW})"
    return f"{mean:{form}} ± {half:.3f}"
