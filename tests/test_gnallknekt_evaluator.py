"""Gnällknekt's search plays an option out to a horizon and values the table it reaches by a
learned evaluator (``kortspel/gnallknekt/evaluator.py``, ``worlds.py``; fitted by
``tools/train_gnallknekt.py``).

These hold: the evaluator's chances agree with games played to their end, and beat an even
share on fresh games; a finished game is valued exactly as before; the shipped weights are
the tool's for its recorded settings; the rollout's policy decides from what the mover could
know, as the heuristic does from its observation; and a rollout stops at its horizon, so a
hint plays many worlds an option (the time figures are in ``python -m kortspel bench``, not
in a test).
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import kortspel
from kortspel import search
from kortspel.actions import CHANCE
from kortspel.gnallknekt import evaluator, weights, worlds
from kortspel.gnallknekt.records import hidden_shuffle
from kortspel.gnallknekt.state import DRAW

TOOL = Path(__file__).resolve().parents[1] / "tools" / "train_gnallknekt.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_gnallknekt", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _turn_starts(seats: int, seed: int, every: int = 7) -> Iterator[Any]:
    """Every ``every``-th turn start of a seeded game the heuristic plays, as clones."""
    game = kortspel.load("gnallknekt", seats=seats)
    rng = random.Random(seed)
    st = game.new_hand(rng=rng)
    bots = [kortspel.bot_for("gnallknekt", "heuristic") for _ in range(seats)]
    cur, turns = st.cur, 0
    while not st.is_over:
        kortspel.step(st, bots, rng)
        if not st.is_over and st.to_act != CHANCE and st.cur != cur:
            cur = st.cur
            turns += 1
            if turns % every == 0:
                yield st.clone()


def _decisions(seats: int, seed: int, every: int = 5) -> Iterator[Any]:
    """Every ``every``-th decision with a choice in a seeded game the heuristic plays."""
    game = kortspel.load("gnallknekt", seats=seats)
    rng = random.Random(seed)
    st = game.new_hand(rng=rng)
    bots = [kortspel.bot_for("gnallknekt", "heuristic") for _ in range(seats)]
    k = 0
    while not st.is_over:
        if st.to_act != CHANCE and len(st.legal_actions()) > 1:
            k += 1
            if k % every == 0:
                yield st.clone()
        kortspel.step(st, bots, rng)


# -- the evaluator's chances ------------------------------------------------------------------


def test_the_chances_add_up_to_one_and_a_seat_out_has_none() -> None:
    for st in _turn_starts(5, seed=3, every=3):
        chances = evaluator.win_chances(st)
        assert sum(chances) == pytest.approx(1.0)
        for s in range(5):
            assert (chances[s] > 0) == (st.lives[s] > 0)
            assert worlds.value(st, s) == chances[s]


def test_the_horizon_value_agrees_with_games_played_to_their_end() -> None:
    """At seeded turn starts (3 to 5 seats), each seat's value after a rollout to the
    horizon, a mean of four, against what it scored in six games played out to the end by
    the same heuristic from there (the same table: nearly the same game each time): the two
    correlated, the horizon's values far nearer the ends than an even share is, and a seat
    valued above a half winning more often than not."""
    horizon: list[float] = []
    full: list[float] = []
    shares: list[float] = []
    rng = random.Random(11)
    for seats, seed in ((3, 1), (4, 2), (5, 3), (4, 4)):
        for st in _turn_starts(seats, seed, every=9):
            h = [0.0] * seats
            f = [0.0] * seats
            for _ in range(4):
                w = st.clone()
                worlds.rollout(w, rng)
                for s in range(seats):
                    h[s] += worlds.value(w, s) / 4
            for _ in range(6):
                w = st.clone()
                worlds.rollout(w, rng, rounds=10_000)
                assert w.is_over
                for s in range(seats):
                    f[s] += worlds.value(w, s) / 6
            horizon += [h[s] for s in st.seats_in]
            full += [f[s] for s in st.seats_in]
            shares += [1 / len(st.seats_in)] * len(st.seats_in)
    n = len(horizon)
    assert n >= 50
    mh, mf = sum(horizon) / n, sum(full) / n
    cov = sum((a - mh) * (b - mf) for a, b in zip(horizon, full, strict=True))
    vh = sum((a - mh) ** 2 for a in horizon)
    vf = sum((b - mf) ** 2 for b in full)
    assert cov / (vh * vf) ** 0.5 > 0.6  # 0.70 at these seeds
    error = sum((a - b) ** 2 for a, b in zip(horizon, full, strict=True)) / n
    even = sum((e - b) ** 2 for e, b in zip(shares, full, strict=True)) / n
    likely = [b for a, b in zip(horizon, full, strict=True) if a > 0.5]
    assert error < 0.65 * even  # 0.55 of it at these seeds
    assert likely and sum(likely) / len(likely) > 0.6  # 0.93 at these seeds


def test_the_evaluator_beats_an_even_share_on_fresh_games() -> None:
    """Games the tool never fitted on (another seed): the Brier score of the chances at
    every second turn start is well below an even share's among the seats still in."""
    tool = _tool()
    games = tool.play_games(30, seed=99)
    positions = [p for ps in games.values() for p in ps]
    figs = tool.figures(positions, weights.WEIGHTS)
    assert figs["positions"] > 300
    assert figs["brier"] < 0.85 * figs["brier_even"]
    assert figs["log_loss"] < 0.85 * figs["log_loss_even"]


# -- a finished game --------------------------------------------------------------------------


def test_a_finished_game_is_valued_as_before() -> None:
    """1 for the winner and 0 for the rest; a half for each seat of a drawn game."""
    won = drawn = 0
    for seed in range(200):
        st = kortspel.load("gnallknekt", seats=3).new_hand(seed=seed)
        rng = random.Random(seed)
        worlds.rollout(st, rng, rounds=10_000)
        assert st.is_over
        values = [worlds.value(st, s) for s in range(3)]
        if st.winner is not None:
            won += 1
            assert values == [1.0 if s == st.winner else 0.0 for s in range(3)]
        else:
            drawn += 1
            assert values == [0.5 if s in st.tie else 0.0 for s in range(3)]
        if won >= 3 and drawn >= 2:
            break
    assert won >= 3 and drawn >= 2


# -- the shipped weights ----------------------------------------------------------------------

SMALL_SAMPLE = {"games": 15, "seed": 7, "every": 2}
SMALL_WEIGHTS = [-0.379528, -0.872891, 0.96155, 0.911585, 1.173839, 0.756967, -0.162322,
                 -0.694481, 1.502105, -0.092931, 0.083492, 0.665816, 0.576197]
"""What the tool fits on ``SMALL_SAMPLE`` (its games not held out): the fit of the shipped
weights, on a sample small enough for a test. A change to the game, the heuristic, the
features or the fit changes these; then run the tool again for the shipped file too."""


def test_the_tool_fits_the_same_weights_for_the_same_seed() -> None:
    tool = _tool()
    games = tool.play_games(SMALL_SAMPLE["games"], seed=SMALL_SAMPLE["seed"],
                            every=SMALL_SAMPLE["every"])
    fit_on, _ = tool.split(games)
    assert tool.fit(fit_on) == pytest.approx(SMALL_WEIGHTS, abs=2e-6)


def test_the_shipped_weights_are_the_tools_for_its_settings() -> None:
    """The file is the tool's text for its weights, and records the tool's own settings."""
    tool = _tool()
    assert weights.SETTINGS == {"seed": tool.SEED, "games": tool.GAMES, "every": tool.EVERY,
                                "ridge": tool.RIDGE, "held_out": tool.HELD_OUT,
                                "prefix_turns": tool.PREFIX_TURNS}
    assert tuple(weights.FEATURES) == evaluator.FEATURES
    held = {**weights.HELD_OUT, "calibration": list(weights.CALIBRATION)}
    text = tool.weights_source(weights.WEIGHTS, weights.SETTINGS, held)
    assert Path(weights.__file__).read_text(encoding="utf-8") == text
    assert weights.HELD_OUT["brier"] < weights.HELD_OUT["brier_even"]


# -- the rollout's policy ---------------------------------------------------------------------


def test_the_policy_is_the_heuristic_on_the_movers_observation() -> None:
    """The rollout decides for the mover exactly what ``GnallknektHeuristic`` decides from
    that seat's observation: it reads nothing the observation does not hold."""
    heuristic = kortspel.bot_for("gnallknekt", "heuristic")
    checked = 0
    for seats, seed in ((3, 5), (5, 6)):
        for st in _decisions(seats, seed, every=3):
            legal = st.legal_actions()
            mine = heuristic.choose(st.observation(st.cur, legal), legal, random.Random(1))
            assert worlds.policy(st, random.Random(1)) == mine
            checked += 1
    assert checked > 30


def test_the_policy_never_reads_another_seats_hidden_cards() -> None:
    """The cards the policy's view (``Sight``) holds are all the mover's own or face up; and
    with every card the mover could not see dealt anew, it decides the same."""
    rng = random.Random(8)
    checked = 0
    for st in _decisions(4, seed=9, every=4):
        seat = st.cur
        sight = worlds.Sight(st)
        obs = st.observation(seat)
        face_up = [c for s in range(4) for p in obs.piles(s) for c in p.up]
        held = list(sight.hand) + list(sight.discard) + [
            c for s in range(4) for p in sight.piles(s) for c in p.up]
        assert all(c in obs.hand or c in face_up or c in obs.discard for c in held)
        assert sight.hand == obs.hand
        assert [[p.down for p in sight.piles(s)] for s in range(4)] == \
            [[p.down for p in obs.piles(s)] for s in range(4)]
        rec = hidden_shuffle(st, seat, rng)
        if rec is None:
            continue
        other = kortspel.replay(json.loads(json.dumps(rec)))
        assert worlds.policy(other, random.Random(2)) == worlds.policy(st, random.Random(2))
        checked += 1
    assert checked > 10


# -- the horizon ------------------------------------------------------------------------------


def test_a_rollout_stops_at_the_end_of_the_next_round() -> None:
    """From a decision: the rest of the turn, then a turn of every seat still in
    (``HORIZON_ROUNDS`` rounds), then the table is valued; sooner if the game ends."""
    for st in _decisions(4, seed=12, every=6):
        w = st.clone()
        seats_in = len(w.seats_in)
        starts = 0
        cur = w.cur
        before = len(w.actions)
        worlds.rollout(w, random.Random(3))
        for a in w.actions[before:]:
            if a.seat != CHANCE and a.seat != cur:
                starts += 1
                cur = a.seat
        assert w.is_over or starts == worlds.HORIZON_ROUNDS * seats_in
        assert w.is_over or (w.stage == DRAW and w.draws_left == w.draws_due(w.cur))


@pytest.mark.parametrize("seats,seed", [(3, 21), (4, 22), (5, 23)])
def test_a_hint_separates_the_options_in_few_worlds(seats: int, seed: int) -> None:
    """A hint from 24 worlds: every option played out in all of them, and the values
    told apart (the evaluator's chances vary far less than a whole game's 0 or 1): most
    intervals narrower than 0.2, where a win or a loss a world gives about 0.4."""
    st = next(_decisions(seats, seed, every=4))
    before = st.clone()
    hint = kortspel.coach.hint(st, seconds=None, playouts=24, rng=random.Random(1))
    assert st == before
    assert all(o.samples == 24 for o in hint.options)
    assert all(0.0 <= o.low <= o.value <= o.high <= 1.0 for o in hint.options)
    widths = sorted(o.high - o.low for o in hint.options)
    assert widths[len(widths) // 2] < 0.2
    assert hint.options[0].value > hint.options[-1].value
    again = kortspel.coach.hint(st, seconds=None, playouts=24, rng=random.Random(1))
    assert again.options == hint.options
    assert search.metric_of("gnallknekt") == ("chance of winning the game", "higher")
