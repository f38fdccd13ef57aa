"""Strength, measured from outside (issue 21): long runs, so ``@pytest.mark.slow`` and only
with ``KORTSPEL_SLOW=1``; their figures are in docs/players.md. Each plays seat-rotated
tables and asks that the difference be clear of zero at 95%.

- The expert at a tenth of a second a decision beats each game's heuristic, and a rule of
  thumb that is not in the project (``tests/rules_of_thumb.py``), on duplicate deals (every
  deal played once per level, the levels moved a seat on each time, so the cards' luck falls
  to every level alike and the difference is taken deal by deal). ``tools/strength.py``
  plays the same tables and prints them as docs/players.md shows them.
- The mended Köpknack heuristic beats the rule of thumb of issue 21 (knock with two trumps or
  a high trump, buy away the rest, win cheaply when last) in sessions where the pot carries.
"""

from __future__ import annotations

import math
import os
import random

import pytest
from rules_of_thumb import GnallknektRule, KilleRule, KnockRule, KopknackRule

import kortspel
from kortspel import ladder
from kortspel.kopknack import KopknackGame, KopknackHeuristic

SLOW = bool(os.environ.get("KORTSPEL_SLOW"))
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not SLOW, reason="strength run: set KORTSPEL_SLOW=1")]

RULES = {"kille": KilleRule, "knock": KnockRule, "kopknack": KopknackRule,
         "gnallknekt": GnallknektRule}
TABLES = {"kille": (5, 800), "knock": (3, 250), "kopknack": (5, 400), "gnallknekt": (3, 26)}
"""Seats and deals: the runs of docs/players.md (``tools/strength.py``; a smaller edge needs
more deals, a Gnällknekt game is long)."""


def better(game: str, diff: float) -> float:
    """The difference turned so that positive is better for the level measured."""
    return -diff if kortspel.search.metric_of(game)[1] == "lower" else diff


NOT_YET = {("knock", "heuristic"): "2026-12-06: -0.42 ± 0.70 points a round in 250 deals, "
                                   "level within the interval (docs/players.md)"}
"""Aims the last measure did not reach: played, and expected to fail (not strictly: a pass
is news, and shows as XPASS)."""
CASES = [pytest.param(game, rival, id=f"{game}-{rival}",
                      marks=[pytest.mark.xfail(reason=NOT_YET[game, rival], strict=False)]
                      if (game, rival) in NOT_YET else [])
         for game in sorted(TABLES) for rival in ("heuristic", "rule")]


@pytest.mark.parametrize(("game", "rival"), CASES)
def test_the_expert_beats(game: str, rival: str) -> None:
    seats, deals = TABLES[game]
    levels = ("expert", rival) if rival == "heuristic" else ("expert", "heuristic", rival)
    rows = ladder.play(game, seats, deals, 0.1, seed="2026-12-06", levels=levels,
                       make=lambda lv, s: RULES[game](f"rule{s}") if lv == "rule" else None,
                       duplicate=True)
    by = {r.level: r for r in rows}
    if rival == "heuristic":
        d, half = by["expert"].vs_heuristic, by["expert"].vs_half
    else:  # expert less rule: both measured against the heuristic in the same deals
        d = by["expert"].vs_heuristic - by["rule"].vs_heuristic  # type: ignore[operator]
        half = math.hypot(by["expert"].vs_half, by["rule"].vs_half)  # type: ignore[arg-type]
    assert better(game, d) - half > 0, (game, rival, d, half)  # type: ignore[arg-type]


def kopknack_sessions(seats: int, deals: int, seed: int) -> tuple[float, float]:
    """Heuristic less rule of thumb, in stakes a deal: seats alternate heuristic and rule,
    swapped every round of deals; the deal passes round and the pot carries on."""
    game = KopknackGame(seats)
    rng = random.Random(seed)
    pot = 0
    diffs = []
    for i in range(deals):
        dealer = i % seats
        kinds = [(s + (i // seats)) % 2 for s in range(seats)]
        bots = [KopknackHeuristic() if k == 0 else KopknackRule() for k in kinds]
        st = kortspel.play_hand(game.new_hand(rng=rng, dealer=dealer, pot=pot), bots, rng)
        out = st.outcome
        gain = [out.payout[s] - out.penalty[s] - (st.stake if s == dealer else 0)
                for s in range(seats)]
        mine = [gain[s] for s in range(seats) if kinds[s] == 0]
        theirs = [gain[s] for s in range(seats) if kinds[s] == 1]
        diffs.append((sum(mine) / len(mine) - sum(theirs) / len(theirs)) / st.stake)
        pot = out.next_pot
    mean, half = ladder.mean_half(diffs)
    return mean, half


@pytest.mark.parametrize("seats", [4, 7])
def test_the_kopknack_heuristic_beats_the_rule_of_thumb(seats: int) -> None:
    mean, half = kopknack_sessions(seats, 3000, 5)
    assert mean - half > 0, (seats, mean, half)
