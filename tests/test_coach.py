"""The coach from outside, in every game the search can play: a hint's options are exactly the
legal actions, best first, each value inside its interval; the same rng gives the same hint;
shuffling the cards the seat cannot see changes nothing; playing the hint's worst option
where the gap is large is graded a mistake or a blunder; refused inputs say why.

Budgets are small sample counts (``playouts=``), never time: the answers are deterministic and
the quick suite stays quick. How fast the coach is belongs in the bench, not here."""

from __future__ import annotations

import random

import pytest

import kortspel
from kortspel import coach, search

GAMES = [g for g in ("kille", "knock", "kopknack", "gnallknekt") if search.searchable(g)]
SEATS = {"kille": 4, "knock": 3, "kopknack": 4, "gnallknekt": 3}
# Sampled deals per question. A Gnällknekt playout is a whole game with some twenty options a
# turn, so it gets fewer deals; its reviews (every decision of a whole game) run in CI
# (``thorough``).
DEALS = {"gnallknekt": 6}
SLOW_REVIEW = {"gnallknekt"}
REVIEWED = [pytest.param(g, marks=pytest.mark.thorough) if g in SLOW_REVIEW else g
            for g in GAMES]


def playouts(game: str) -> int:
    return DEALS.get(game, 40)


def _decision(game: str, seed: int, skip: int = 0):
    """A state at a real decision (two or more legal actions) of the seat to act, reached by
    heuristic play from a seeded deal; ``skip`` such decisions are played past first."""
    table = kortspel.load(game, seats=SEATS[game])
    state = table.new_hand(seed=seed)
    rng = random.Random(seed)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in table.names]
    seen = 0
    for _ in range(2000):
        if state.is_over:
            return None
        s = state.to_act
        if s is not None and s != kortspel.CHANCE and len(state.legal_actions(s)) > 1:
            if seen >= skip:
                return state
            seen += 1
        kortspel.step(state, bots, rng)
    return None


def _decisions(game: str, n: int = 3):
    out = []
    for seed in range(40):
        st = _decision(game, seed, skip=seed % 2)
        if st is not None:
            out.append(st)
        if len(out) == n:
            break
    assert out, f"no decision found in {game}"
    return out


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


def test_hint_options_are_the_legal_actions_best_first_inside_their_intervals(game):
    for state in _decisions(game):
        before = state.record()
        h = coach.hint(state, seconds=None, playouts=playouts(game), rng=random.Random(1))
        legal = state.legal_actions(state.to_act)
        assert sorted(map(str, (o.action for o in h.options))) == sorted(map(str, legal))
        assert len(h.options) == len(legal)
        values = [o.value for o in h.options]
        assert values == sorted(values, reverse=h.better == "higher")
        for o in h.options:
            assert o.low <= o.value <= o.high
            assert o.samples == playouts(game)
        assert h.best is h.options[0]
        assert h.seat == state.to_act
        assert len(h.labels) == len(h.options)
        assert h.words and h.words.endswith(".")
        assert state.record() == before  # the state is never changed


def test_the_same_rng_gives_the_same_hint(game):
    state = _decisions(game, 1)[0]
    a = coach.hint(state, seconds=None, playouts=playouts(game), rng=random.Random(9))
    b = coach.hint(state, seconds=None, playouts=playouts(game), rng=random.Random(9))
    assert a == b


def test_a_hint_is_the_same_when_the_unseen_cards_are_shuffled(game):
    spec = kortspel.spec(game)
    if spec.hidden_shuffle is None:
        pytest.skip(f"{game} has no hidden shuffle")
    for state in _decisions(game, 2):
        seat = state.to_act
        record = spec.hidden_shuffle(state, seat, random.Random(4))
        if record is None:
            continue
        other = kortspel.replay(record)
        assert other.observation(seat).view() == state.observation(seat).view()
        a = coach.hint(state, seconds=None, playouts=playouts(game), rng=random.Random(2))
        b = coach.hint(other, seconds=None, playouts=playouts(game), rng=random.Random(2))
        assert a == b


@pytest.mark.parametrize("game", REVIEWED)
def test_the_worst_option_where_the_gap_is_large_is_graded_a_mistake_or_worse(game):
    words = coach.coach_words(game)
    mistake = words.grades[1]
    for seed in range(60 if game not in SLOW_REVIEW else 12):
        state = _decision(game, seed)
        if state is None:
            continue
        h = coach.hint(state, seconds=None, playouts=playouts(game), rng=random.Random(seed))
        worst = h.options[-1].action
        # The whole interval of the worst's loss, world by world, lies above the line.
        assert h.evaluation is not None
        if h.evaluation.difference(h.best.action, worst).low < mistake:
            continue
        seat = state.to_act
        state.apply(worst)
        rng = random.Random(seed)
        bots = [kortspel.bot_for(game, "heuristic", name=n) for n in state.game.names]
        while not state.is_over:
            kortspel.step(state, bots, rng)
        r = coach.review(state.record(), seat, seconds=None, playouts=playouts(game),
                         rng=random.Random(seed))
        judged = [d for d in r.decisions if d.action == worst]
        assert judged, "the worst option played is among the decisions reviewed"
        assert judged[0].grade in ("mistake", "blunder"), judged[0].words
        assert judged[0].words.startswith(coach.MARKS[judged[0].grade])
        assert r.costliest is not None and r.costliest.grade in ("mistake", "blunder")
        assert judged[0].grade in r.summary
        return
    pytest.skip(f"no seeded decision in {game} had a gap of {2 * mistake} or more")


@pytest.mark.parametrize("game", REVIEWED)
def test_a_review_judges_only_the_seats_own_decisions_and_says_why(game):
    state = _decisions(game, 1)[0]
    seat = state.to_act
    rng = random.Random(3)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in state.game.names]
    while not state.is_over:
        kortspel.step(state, bots, rng)
    r = coach.review(state.record(), seat, seconds=None, playouts=2 if game in SLOW_REVIEW else 20,
                     rng=random.Random(1))
    assert r.seat == seat and r.summary
    for d in r.decisions:
        assert d.action.seat == seat
        assert d.grade in coach.GRADES
        assert d.loss >= 0
        assert d.loss_low <= d.loss_high
        assert (d.grade == "best") == (d.loss_low <= words_best(game, d))


def words_best(game: str, d: coach.Decision) -> float:
    """The largest low end of a loss's interval still graded best for this decision (its own
    best action: 0 off): a loss the search cannot tell from none is best."""
    if d.action == d.best.action:
        return float("inf")
    return coach.coach_words(game).grades[0] * coach.BEST_SHARE


def test_beliefs_give_each_other_seat_its_cards_chances(game):
    state = _decisions(game, 1)[0]
    seat = state.to_act
    b = coach.beliefs(state, seat, random.Random(1), worlds=300)
    assert set(b) == set(range(len(state.game.names))) - {seat}
    hands = {z.seat: set(cards) for z, cards in state.zones().items() if z.kind == "hand"}
    for other, belief in b.items():
        assert all(0 < p <= 1 for p in belief.cards.values())
        # The real deal is one the seat cannot rule out: each card really held has a chance.
        assert hands.get(other, set()) <= set(belief.cards)
        assert belief.words.endswith(".")
    again = coach.beliefs(state, seat, random.Random(1), worlds=300)
    assert again == b


def test_grades_follow_the_thresholds():
    t = (0.04, 0.1, 0.2)
    assert coach.grade(0.0, t) == "best"
    assert coach.grade(0.005, t) == "best"
    assert coach.grade(0.03, t) == "good"
    assert coach.grade(0.05, t) == "inaccuracy"
    assert coach.grade(0.15, t) == "mistake"
    assert coach.grade(0.2, t) == "blunder"


def test_kuku_keeps_its_capital_inside_the_coachs_sentences():
    """Kuku is the call's name, written with a capital by players; the coach lower-cases the
    other options it names mid-sentence ("Stand and swap are too close"), but not the call."""
    table = kortspel.load("kille", seats=4)
    for seed in range(200):
        state = table.new_hand(seed=seed)
        s = state.to_act
        if any(a.verb == "kuku" for a in state.legal_actions(s)):
            break
    else:
        pytest.fail("no deal in 200 gives the first seat the Kuku")
    h = coach.hint(state, seconds=None, playouts=20, rng=random.Random(1))
    assert "Kuku" in h.words and "kuku" not in h.words
    assert any(label.startswith("Kuku: ") for label in h.labels)
    words = coach.coach_words("kille")
    assert words.mid("Kuku") == "Kuku" and words.mid("Swap") == "swap"


def test_refused_inputs_say_what_to_pass(game):
    state = _decisions(game, 1)[0]
    with pytest.raises(coach.CoachError, match="hand in play"):
        coach.hint("not a state")
    with pytest.raises(coach.CoachError, match="playouts"):
        coach.hint(state, playouts=0)
    with pytest.raises(coach.CoachError, match="seconds"):
        coach.hint(state, seconds=-1)
    with pytest.raises(coach.CoachError, match="random.Random"):
        coach.hint(state, rng=7)
    with pytest.raises(coach.CoachError, match="not over yet"):
        coach.review(state.record(), 0)
    with pytest.raises(coach.CoachError, match="hand record"):
        coach.review([1, 2], 0)
    with pytest.raises(coach.CoachError, match="seat"):
        coach.beliefs(state, 99)
    with pytest.raises(kortspel.KortspelError):
        coach.review(state.record(), "nobody")
    rng = random.Random(3)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in state.game.names]
    while not state.is_over:
        kortspel.step(state, bots, rng)
    with pytest.raises(coach.CoachError, match="over"):
        coach.hint(state)
