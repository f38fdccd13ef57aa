"""Fit Gnällknekt's evaluator (``kortspel/gnallknekt/evaluator.py``) and write its weights.

The search values an option by playing it out to a horizon (``worlds.rollout``) and asking
the evaluator each seat's chance of winning from the table it reaches. This tool learns that
chance from games the project plays through its own API (``kortspel.load``,
``kortspel.step``, the heuristic and random bots): seeded, so the same settings write the
same file, in plain Python (the fit is a few Newton steps of a conditional logit).

    python tools/train_gnallknekt.py                 # the shipped weights, a few minutes
    python tools/train_gnallknekt.py --games 300 --dry-run   # figures only, no file
    python tools/train_gnallknekt.py --horizons      # how far a rollout should play

Every game is dealt from its own seed (the run's seed and the game's number), at 3, 4 or 5
seats in turn. Half the games open with some turns of random play by every seat (up to 40
turns: piles and hands the heuristic would seldom leave), then every seat plays the
heuristic (``GnallknektHeuristic``), as the rollout does; positions are taken from the
heuristic's part only, at the start of every ``--every``-th turn (the positions the rollout
stops at), so what is learnt is the chance of winning when the rest is played as the
heuristic plays. A won game counts 1 for its winner, a drawn game a half for each of its
two seats. Every fifth game is held out: the figures printed (log-loss, Brier score against
an even share, calibration by decile) are on those games.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import kortspel
from kortspel.actions import CHANCE
from kortspel.gnallknekt import evaluator

Position = tuple[list[list[float]], list[float]]
"""The features of every seat still in (in seat order), and what each of them scored."""

OUT = Path(__file__).resolve().parents[1] / "kortspel" / "gnallknekt" / "weights.py"
SEED = 2024
GAMES = 4000
EVERY = 2
RIDGE = 1.0
HELD_OUT = 5
"""Every fifth game (its number a multiple of five) is held out of the fit."""
PREFIX_TURNS = 40
DIGITS = 6
"""The weights are written rounded to this many decimals."""


def play_game(number: int, seed: int = SEED, every: int = EVERY) -> list[Position]:
    """Game ``number`` of the run, dealt and played from its own seed: the positions taken
    from it, each with what its seats scored in the end."""
    rng = random.Random(f"gnallknekt-evaluator/{seed}/{number}")
    seats = 3 + number % 3
    game = kortspel.load("gnallknekt", seats=seats)
    state = game.new_hand(rng=rng)
    heuristic = [kortspel.bot_for("gnallknekt", "heuristic") for _ in range(seats)]
    random_bots = [kortspel.bot_for("gnallknekt", "random") for _ in range(seats)]
    prefix = rng.randrange(1, PREFIX_TURNS + 1) if rng.random() < 0.5 else 0
    offset = rng.randrange(every)
    turns = 0
    cur = state.cur
    taken: list[tuple[list[int], list[list[float]]]] = []
    while not state.is_over:
        kortspel.step(state, random_bots if turns < prefix else heuristic, rng)
        if state.is_over or state.to_act == CHANCE or state.cur == cur:
            continue
        cur = state.cur  # a turn begins: nothing drawn yet
        turns += 1
        if turns >= prefix and (turns - offset) % every == 0:
            seats_in = state.seats_in
            taken.append((seats_in, [evaluator.features(state, s) for s in seats_in]))
    scored = [0.0] * seats
    if state.winner is not None:
        scored[state.winner] = 1.0
    else:
        for s in state.tie:
            scored[s] = 0.5
    return [(x, [scored[s] for s in seats_in]) for seats_in, x in taken]


def play_games(games: int, seed: int = SEED, every: int = EVERY, first: int = 0,
               say: Any = None) -> dict[int, list[Position]]:
    """Games ``first`` to ``first + games - 1`` of the run, by number."""
    out: dict[int, list[Position]] = {}
    start = time.process_time()
    for g in range(first, first + games):
        out[g] = play_game(g, seed, every)
        if say is not None and (g + 1 - first) % 200 == 0:
            say(f"  {g + 1 - first} games played ({time.process_time() - start:.0f} s)")
    return out


def split(games: dict[int, list[Position]]) -> tuple[list[Position], list[Position]]:
    """The positions to fit on, and those of the held-out games."""
    fit_on = [p for g, ps in sorted(games.items()) if g % HELD_OUT for p in ps]
    held = [p for g, ps in sorted(games.items()) if not g % HELD_OUT for p in ps]
    return fit_on, held


# -- the fit ------------------------------------------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b``, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / d
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def loss(positions: Sequence[Position], w: Sequence[float], ridge: float = 0.0) -> float:
    """The summed cross-entropy of the positions' outcomes under ``w`` (plus the ridge)."""
    total = 0.0
    for x, t in positions:
        p = evaluator.shares([evaluator.score(xi, w) for xi in x])
        total -= sum(ti * math.log(max(pi, 1e-300)) for ti, pi in zip(t, p, strict=True) if ti)
    return total + ridge / 2 * sum(v * v for v in w)


def fit(positions: Sequence[Position], ridge: float = RIDGE, steps: int = 25,
        say: Any = None) -> list[float]:
    """The weights of the conditional logit that best tell the positions' outcomes (the
    most likely, with a ridge ``ridge`` on the weights' squares): Newton's steps from zero,
    halved while a step would not lower the loss, until a step moves no weight by 1e-7."""
    k = len(evaluator.FEATURES)
    w = [0.0] * k
    best = loss(positions, w, ridge)
    for step in range(steps):
        grad = [ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, t in positions:
            p = evaluator.shares([evaluator.score(xi, w) for xi in x])
            mean = [sum(pi * xi[j] for pi, xi in zip(p, x, strict=True)) for j in range(k)]
            for pi, ti, xi in zip(p, t, x, strict=True):
                d = pi - ti
                for j in range(k):
                    grad[j] += d * xi[j]
                    if pi:
                        row = hess[j]
                        pj = pi * xi[j]
                        if pj:
                            for i in range(j, k):
                                row[i] += pj * xi[i]
            for j in range(k):
                row = hess[j]
                mj = mean[j]
                if mj:
                    for i in range(j, k):
                        row[i] -= mj * mean[i]
        for j in range(k):
            for i in range(j):
                hess[j][i] = hess[i][j]
        move = _solve(hess, grad)
        size = 1.0
        while True:
            trial = [v - size * d for v, d in zip(w, move, strict=True)]
            now = loss(positions, trial, ridge)
            if now <= best or size < 1e-4:
                break
            size /= 2
        w, best = trial, now
        biggest = max(abs(size * d) for d in move)
        if say is not None:
            say(f"  Newton step {step + 1}: loss {best / max(1, len(positions)):.5f} a position,"
                f" largest move {biggest:.2g}")
        if biggest < 1e-7:
            break
    return [round(v, DIGITS) + 0.0 for v in w]


# -- the figures ----------------------------------------------------------------------------


def figures(positions: Sequence[Position], w: Sequence[float]) -> dict[str, Any]:
    """Log-loss (a position's cross-entropy), Brier score (a seat's squared error) of the
    model and of an even share among the seats still in, and the calibration by decile of
    the chances given (each seat of each position one chance)."""
    n = len(positions)
    logloss = even_log = brier = even_brier = 0.0
    seats = 0
    pairs: list[tuple[float, float]] = []
    for x, t in positions:
        p = evaluator.shares([evaluator.score(xi, w) for xi in x])
        even = 1 / len(x)
        logloss -= sum(ti * math.log(max(pi, 1e-300)) for ti, pi in zip(t, p, strict=True)
                       if ti)
        even_log -= math.log(even)
        for pi, ti in zip(p, t, strict=True):
            brier += (pi - ti) ** 2
            even_brier += (even - ti) ** 2
            pairs.append((pi, ti))
        seats += len(x)
    pairs.sort()
    deciles = []
    for d in range(10):
        part = pairs[d * len(pairs) // 10:(d + 1) * len(pairs) // 10]
        if part:
            deciles.append((round(sum(p for p, _ in part) / len(part), 3),
                            round(sum(t for _, t in part) / len(part), 3), len(part)))
    return {"positions": n, "seat_chances": seats,
            "log_loss": round(logloss / max(1, n), 4),
            "log_loss_even": round(even_log / max(1, n), 4),
            "brier": round(brier / max(1, seats), 4),
            "brier_even": round(even_brier / max(1, seats), 4),
            "calibration": deciles}


def show_figures(name: str, f: dict[str, Any]) -> list[str]:
    lines = [f"{name}: {f['positions']} positions, {f['seat_chances']} seat chances",
             f"  log-loss {f['log_loss']:.4f} a position (an even share "
             f"{f['log_loss_even']:.4f})",
             f"  Brier    {f['brier']:.4f} a seat     (an even share {f['brier_even']:.4f})",
             "  calibration by decile (chance given, won, seat chances):"]
    lines += [f"    {p:.3f}  {t:.3f}  {k}" for p, t, k in f["calibration"]]
    return lines


# -- the file ---------------------------------------------------------------------------------


def weights_source(w: Sequence[float], settings: dict[str, Any],
                   held_out: dict[str, Any]) -> str:
    """The text of ``weights.py``."""
    rows = "\n".join(f"    {v!r},  # {name}" for name, v in zip(evaluator.FEATURES, w,
                                                                  strict=True))
    names = "\n".join(f"    {name!r}," for name in evaluator.FEATURES)
    figs = "".join(f"\n    {k!r}: {v!r}," for k, v in held_out.items() if k != "calibration")
    sets = "".join(f"\n    {k!r}: {v!r}," for k, v in settings.items())
    cal = "\n".join(f"    {c!r}," for c in held_out["calibration"])
    return f'''"""The weights of Gnällknekt's evaluator (``evaluator.py``), one a feature.

Written by ``python tools/train_gnallknekt.py``; do not edit by hand: run the tool again
(``docs/players.md``, "Gnällknekt's evaluator", says when and how).
"""

FEATURES = (
{names}
)

WEIGHTS = (
{rows}
)

SETTINGS = {{{sets}
}}
"""What the tool was run with: the same settings write this file again, to the digit."""

HELD_OUT = {{{figs}
}}
"""The figures on the held-out games: log-loss a position, Brier score a seat, each beside
an even share among the seats still in."""

CALIBRATION = (
{cal}
)
"""On the held-out games, by decile of the chance given: its mean, the share won, how many."""
'''


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    return {"seed": args.seed, "games": args.games, "every": args.every, "ridge": args.ridge,
            "held_out": HELD_OUT, "prefix_turns": PREFIX_TURNS}


# -- the horizon ------------------------------------------------------------------------------


def measure_horizons(rounds: Sequence[int], positions: int, seed: int, full: int,
                     seconds: float, say: Any) -> None:
    """How far a rollout should play. At ``positions`` moves (not draws) of seeded heuristic
    games (4 seats), early enough that many cards are unseen (later a seat has met nearly
    every card's name, its worlds are nearly one, and a playout to the end is one game, a 0
    or a 1, no reference), each option's value is found by ``full`` heuristic playouts to
    the end in sampled worlds (the reference), then by the search with rollouts of each
    horizon in ``seconds``: the worlds it played, how far its values stand from the
    reference (root mean square), and how often its best option is the reference's best
    (or within 0.02 of it)."""
    from kortspel import search
    from kortspel.gnallknekt import worlds

    chosen = worlds.HORIZON_ROUNDS
    game = kortspel.load("gnallknekt", seats=4)
    rng = random.Random(f"horizons/{seed}")
    bots = [kortspel.bot_for("gnallknekt", "heuristic") for _ in range(4)]
    spots = []
    while len(spots) < positions:
        st = game.new_hand(rng=rng)
        stop_at = rng.randrange(5, 80)
        for _ in range(stop_at):
            if st.is_over:
                break
            kortspel.step(st, bots, rng)
        if not st.is_over and st.to_act != CHANCE and len(st.legal_actions()) > 2:
            spots.append(st)
    results: dict[int, list[tuple[float, float, float]]] = {r: [] for r in rounds}
    for k, st in enumerate(spots):
        legal = st.legal_actions()
        if len(legal) > 8:  # the heuristic's choice and seven others, for time
            legal = legal[:: max(1, len(legal) // 8)][:8]
        worlds.HORIZON_ROUNDS = 1_000_000  # to the end
        ref = search.evaluate(st, seconds=None, playouts=full, rng=random.Random(k),
                              actions=legal)
        best_ref = max(o.value for o in ref.options)
        for r in rounds:
            worlds.HORIZON_ROUNDS = r
            ev = search.evaluate(st, seconds=seconds, rng=random.Random(k + 1000),
                                 actions=legal)
            err = math.sqrt(sum((ev.of(o.action).value - o.value) ** 2
                                for o in ref.options) / len(ref.options))
            hit = 1.0 if ref.of(ev.best.action).value >= best_ref - 0.02 else 0.0
            results[r].append((ev.samples, err, hit))
        worlds.HORIZON_ROUNDS = chosen
        say(f"  position {k + 1}: {len(legal)} options")
    for r in rounds:
        rows = results[r]
        say(f"  horizon {r} round(s): {sum(a for a, _, _ in rows) / len(rows):.1f} worlds, "
            f"root mean square {sum(b for _, b, _ in rows) / len(rows):.3f} from the "
            f"reference, its best is the reference's in {sum(c for *_, c in rows):.0f} "
            f"of {len(rows)}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--every", type=int, default=EVERY)
    ap.add_argument("--ridge", type=float, default=RIDGE)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    ap.add_argument("--horizons", action="store_true",
                    help="measure the rollout's horizons instead (see measure_horizons)")
    args = ap.parse_args(argv)

    def say(text: str) -> None:
        print(text, flush=True)

    if args.horizons:
        measure_horizons((0, 1, 2), positions=10, seed=args.seed, full=120, seconds=1.0,
                         say=say)
        return 0
    start = time.process_time()
    say(f"playing {args.games} games (seed {args.seed}), a position every {args.every} "
        "turns")
    games = play_games(args.games, args.seed, args.every, say=say)
    fit_on, held = split(games)
    say(f"fitting on {len(fit_on)} positions of {sum(1 for g in games if g % HELD_OUT)} "
        f"games, holding out {len(held)} of {sum(1 for g in games if not g % HELD_OUT)}")
    w = fit(fit_on, args.ridge, say=say)
    for name, v in zip(evaluator.FEATURES, w, strict=True):
        say(f"  {name:<14} {v:+.4f}")
    for line in show_figures("fitted on", figures(fit_on, w)):
        say(line)
    held_figs = figures(held, w)
    for line in show_figures("held out", held_figs):
        say(line)
    say(f"{time.process_time() - start:.0f} s of CPU")
    if not args.dry_run:
        args.out.write_text(weights_source(w, settings_of(args), held_figs), encoding="utf-8")
        say(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
