"""The coach says no more than it knows (issue 37, item 3), as properties over random
positions of every game the search can play:

- a value is said as a number only when its 95% interval is narrower than the game's first
  grade step, never from zero worlds, never as an interval with both ends the same;
- "better … by" only where the paired interval of the difference (the same worlds, the same
  rollouts) excludes zero, and options it cannot tell from the best are said to be equally
  good;
- a mistake or a blunder only where the low end of the loss's paired interval is past the
  line;
- a summary's figures stay in the measure's range (no "680 percentage points");
- the review of a decision the pupil asked a hint about says the hint's own figures.

Budgets are small sample counts (``playouts=``), so every answer is the same each time."""

from __future__ import annotations

import random
import re

import pytest

import kortspel
from kortspel import CHANCE, coach, search

GAMES = [g for g in ("kille", "knock", "kopknack", "gnallknekt") if search.searchable(g)]
PLAYOUTS = {"gnallknekt": 8}


def playouts(game: str) -> int:
    return PLAYOUTS.get(game, 30)


def _forget_hints() -> None:
    getattr(coach, "_HINTED", {}).clear()


def _positions(game: str, n: int = 4, *, choice: bool = True):
    """States of ``game`` after a few random legal moves from seeded deals, each with a seat
    to act (with two or more options when ``choice``)."""
    table = kortspel.load(game)
    out = []
    for seed in range(60):
        state = table.new_hand(seed=seed)
        rng = random.Random(seed)
        bots = [kortspel.bot_for(game, "random", name=name) for name in table.names]
        for _ in range(rng.randrange(0, 6)):
            if state.is_over:
                break
            kortspel.step(state, bots, rng)
        for _ in range(200):
            if state.is_over:
                break
            s = state.to_act
            if s is not None and s != CHANCE and (
                    len(state.legal_actions(s)) > 1) == choice:
                out.append(state)
                break
            kortspel.step(state, bots, rng)
        if len(out) == n:
            break
    return out


def _said(h, o, state) -> str:
    w = coach.coach_words(state.game.name)
    return w.mid(coach.say_action(o.action, state.game.names, h.seat, w))


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


def test_no_number_from_an_interval_wider_than_the_first_grade_step(game):
    step = coach.coach_words(game).grades[0]
    for n, state in enumerate(_positions(game)):
        for budget in (2, playouts(game)):
            h = coach.hint(state, seconds=None, playouts=budget, rng=random.Random(n))
            for o in h.options:
                said = _said(h, o, state)
                if o.high - o.low >= step:
                    assert f"{said}: about" not in h.words.lower(), (o, h.words)
                    assert f"{said}: about".lower() not in h.words.lower()
            # never an interval whose two ends are one number: (16.0–16.0)
            assert not re.search(r"\((\S+?)%?–\1%?\)", h.words), h.words
            assert not re.search(r"\(([−+]?[\d.]+) to \1\)", h.words), h.words


def test_better_by_only_when_the_paired_difference_excludes_zero(game):
    for n, state in enumerate(_positions(game)):
        budget = playouts(game)
        h = coach.hint(state, seconds=None, playouts=budget, rng=random.Random(n))
        # the same worlds, drawn again from the same generator, kept world by world
        ev = search.evaluate(state, seconds=None, playouts=budget, rng=random.Random(n),
                             paired=True)
        assert [o.action for o in ev.options] == [o.action for o in h.options]
        best = ev.best.action
        for o in ev.options[1:]:
            said = _said(h, o, state)
            if f"better than {said} by" in h.words:
                assert ev.difference(best, o.action).low > 0, h.words
        if "equally good" in h.words:
            alike = h.words.split("equally good", 1)[1].split(".", 1)[0]
            for o in ev.options:
                if _said(h, o, state) in alike:
                    assert ev.difference(best, o.action).low <= 0, h.words


def _played(game: str, seed: int):
    table = kortspel.load(game)
    state = table.new_hand(seed=seed)
    rng = random.Random(seed)
    bots = [kortspel.bot_for(game, "random", name=name) for name in table.names]
    kortspel.play_hand(state, bots, rng)
    return state


@pytest.mark.parametrize("game", [g for g in GAMES if g != "gnallknekt"])
def test_a_mistake_only_when_the_whole_paired_loss_is_past_the_line(game):
    words = coach.coach_words(game)
    judged = 0
    for seed in range(3):
        _forget_hints()
        state = _played(game, seed)
        record = state.record()
        for seat in range(len(state.game.names)):
            r = coach.review(record, seat, seconds=None, playouts=30, rng=random.Random(seed))
            # the same search again, world by world, in the same order of generators
            rng = random.Random(seed)
            frames = kortspel.registry.frames(record)
            for d in r.decisions:
                sub = random.Random(rng.getrandbits(64))
                ev = search.evaluate(frames[d.step], seconds=None, playouts=30, rng=sub,
                                     seat=seat, paired=True)
                loss = ev.difference(ev.best.action, d.action)
                judged += 1
                if d.grade == "mistake":
                    assert loss.low >= words.grades[1], (d.words, loss)
                if d.grade == "blunder":
                    assert loss.low >= words.grades[2], (d.words, loss)
                if loss.low <= 0:
                    assert d.grade == "best", (d.words, loss)
    assert judged


def test_no_value_from_zero_worlds(game):
    for n, state in enumerate(_positions(game, 2)):
        h = coach.hint(state, seconds=10.0, rng=random.Random(n), stop=lambda: True)
        assert "Nothing was weighed" in h.words, h.words
        assert "%" not in h.words and "about" not in h.words
    lone = _positions(game, 2, choice=False)
    for n, state in enumerate(lone):
        h = coach.hint(state, seconds=None, playouts=5, rng=random.Random(n))
        assert h.words.endswith("is the only move here."), h.words
        assert "about" not in h.words and "%" not in h.words


PERCENT = re.compile(r"(\d+) percentage points?|(\d+)%")


def test_a_summary_stays_in_the_measures_range():
    """Thirteen blunders, each half the chance, make a summary of one decision's loss (or
    the change in the chance), never of "about 676 percentage points"."""
    state = _played("kille", 1)
    reviewer = coach.Reviewer(state.record(), 0, seconds=None, playouts=5,
                              rng=random.Random(1))
    frame = kortspel.registry.frames(state.record())[0]
    legal = frame.legal_actions(frame.to_act) or [a for a in state.actions if a.seat == 0]
    act = legal[0]
    chosen = search.OptionValue(act, 0.9, 0.85, 0.95, 400)
    best = search.OptionValue(act, 0.38, 0.33, 0.43, 400)
    decisions = [coach.Decision(i, act, chosen, best, 0.52, "blunder", "?? a blunder",
                                (best, chosen), 0.45, 0.59) for i in range(13)]
    for outcome in (0.0, 1.0):
        summary = reviewer._summary(decisions, outcome)
        for m in PERCENT.finditer(summary):
            assert int(m.group(1) or m.group(2)) <= 100, summary


@pytest.mark.parametrize("game", ["kille", "gnallknekt"])
def test_summaries_of_random_hands_stay_in_range(game):
    for seed in range(3 if game == "kille" else 1):
        state = _played(game, seed)
        r = coach.review(state.record(), 0, seconds=None, playouts=playouts(game) // 2,
                         rng=random.Random(seed))
        for m in PERCENT.finditer(r.summary):
            assert int(m.group(1) or m.group(2)) <= 100, r.summary


def test_the_review_says_the_hints_own_figures(game):
    _forget_hints()
    table = kortspel.load(game)
    for seed in range(40):
        state = table.new_hand(seed=seed)
        rng = random.Random(seed)
        bots = [kortspel.bot_for(game, "random", name=name) for name in table.names]
        hinted = None
        while not state.is_over:
            s = state.to_act
            if hinted is None and s == 0 and len(state.legal_actions(0)) > 1:
                h = coach.hint(state, seconds=None, playouts=playouts(game),
                               rng=random.Random(7))
                hinted = (len(state.actions), h)
            kortspel.step(state, bots, rng)
        if hinted is None:
            continue
        at, h = hinted
        r = coach.review(state.record(), 0, seconds=None,
                         playouts=2 if game == "gnallknekt" else playouts(game),
                         rng=random.Random(99))
        d = next(d for d in r.decisions if d.step == at)
        assert d.options == h.options
        assert d.best == h.best
        mine = h.of(d.action)
        assert d.chosen == mine
        for o in (d.best, d.chosen):
            w = coach.coach_words(game)
            if coach.shown(o.low, o.high, o.samples, w):
                assert coach._amount(o.value, w) in h.words
        return
    pytest.fail(f"no hand of {game} gave seat 0 a decision")
