"""Hostile input to the search, the coach, the expert, the ladder and ``Play``, tried from
outside (issue 37, item 7): each is refused with a ``KortspelError`` of its own kind whose
message says what to pass, nothing hangs, no widget is left open and the state is as it was.

Budgets are tiny (``playouts=2``). A budget that would never end on the old code (``nan``,
``inf``, ``1e308`` seconds) is tried with a ``stop`` that gives up after a few polls, so a
regression fails here at once rather than hanging the suite.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import kortspel
from kortspel import CHANCE, Action, KortspelError, coach, ladder, search
from kortspel.coach import CoachError
from kortspel.errors import InvalidActionError
from kortspel.search import SearchError

NEVER_ENDING = [math.nan, math.inf, 1e308]
NOT_SECONDS = [*NEVER_ENDING, -1.0, 0, 0.0, True, "1", [1.0]]
NOT_PLAYOUTS = [0, -1, 2.5, True, "2", math.nan]


def kille_turn(seats: int = 3, seed: int = 1) -> Any:
    """A Kille hand where a seat is to decide between two or more actions."""
    st = kortspel.load("kille", seats=seats).new_hand(seed=seed)
    bots = [st.game.bot("random") for _ in range(seats)]
    rng = random.Random(seed)
    while st.to_act == CHANCE or len(st.legal_actions(st.to_act)) < 2:
        kortspel.step(st, bots, rng)
    return st


def finished(game: str, seed: int = 1) -> Any:
    g = kortspel.load(game)
    st = g.new_hand(seed=seed)
    kortspel.play_hand(st, [kortspel.bot_for(game, "heuristic") for _ in g.names],
                       random.Random(seed))
    assert st.is_over
    return st


def record_of(st: Any) -> str:
    return json.dumps(st.record(), sort_keys=True)


@contextmanager
def untouched(st: Any) -> Iterator[None]:
    """The state's record is the same after the block as before it."""
    before = record_of(st)
    yield
    assert record_of(st) == before


def gives_up(polls: int = 40) -> Callable[[], bool]:
    """A ``stop`` that fails the test after ``polls`` polls: a search that should have been
    refused and runs instead ends here, not never."""
    count = 0

    def stop() -> bool:
        nonlocal count
        count += 1
        if count > polls:
            raise AssertionError("the search ran on where it should have been refused")
        return False

    return stop


# -- 1. the expert's budget, refused when the bot is made ------------------------------------


@pytest.mark.parametrize("seconds", NOT_SECONDS, ids=repr)
def test_bot_for_refuses_seconds_it_could_not_keep(seconds: Any) -> None:
    with pytest.raises(SearchError, match=r"seconds is the time to think, a number more than 0 "
                       r"and at most 3600"):
        kortspel.bot_for("kille", "expert", seconds=seconds)
    with pytest.raises(SearchError, match="seconds is the time to think"):
        search.ExpertBot("kille", seconds=seconds)


@pytest.mark.parametrize("playouts", NOT_PLAYOUTS, ids=repr)
def test_bot_for_refuses_playouts_that_are_not_a_positive_whole_number(playouts: Any) -> None:
    with pytest.raises(SearchError, match=r"playouts is a number of worlds to play out, a "
                       r"whole number from 1"):
        kortspel.bot_for("kille", "expert", playouts=playouts)
    with pytest.raises(SearchError, match="playouts is a number of worlds"):
        search.ExpertBot("kille", seconds=None, playouts=playouts)


def test_an_expert_without_a_budget_is_refused() -> None:
    with pytest.raises(SearchError, match="give the expert a budget a decision: seconds=, "
                       "playouts= or both"):
        search.ExpertBot("kille", seconds=None, playouts=None)


def test_a_good_expert_budget_still_plays() -> None:
    st = kille_turn()
    bot = kortspel.bot_for("kille", "expert", playouts=2)
    act = bot.decide(st.clone(), st.to_act, random.Random(1))
    assert act in st.legal_actions(st.to_act)
    assert kortspel.bot_for("kille", "expert", seconds=0.01, playouts=2).seconds == 0.01


# -- 2. evaluate's budget ---------------------------------------------------------------------


@pytest.mark.parametrize("seconds", NEVER_ENDING, ids=repr)
def test_evaluate_refuses_seconds_that_never_pass(seconds: float) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"seconds is the time to think, a "
                                      r"number more than 0 and at most 3600 \(or None, with "
                                      r"playouts=\)"):
        search.evaluate(st, seconds=seconds, rng=random.Random(1), stop=gives_up())


@pytest.mark.parametrize("seconds", [-1.0, 0, True, "1", [1.0]], ids=repr)
def test_evaluate_refuses_seconds_that_are_no_time(seconds: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"seconds is the time to think, a "
                                      r"number more than 0 and at most 3600"):
        search.evaluate(st, seconds=seconds, rng=random.Random(1), stop=gives_up())


@pytest.mark.parametrize("playouts", NOT_PLAYOUTS, ids=repr)
def test_evaluate_never_answers_from_zero_worlds_or_part_of_one(playouts: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"playouts is a number of worlds to "
                                      r"play out, a whole number from 1 to 1000000"):
        search.evaluate(st, seconds=None, playouts=playouts, rng=random.Random(1),
                        stop=gives_up())


# -- 3. sample_world and evaluate, given what they do not take -------------------------------


class NotAState:
    game = "kille"


@pytest.mark.parametrize("thing", [None, "kille", 5, {"game": "kille"}, NotAState()],
                         ids=["None", "text", "number", "record", "object"])
def test_a_state_that_is_not_a_state_is_refused(thing: Any) -> None:
    rng = random.Random(1)
    with pytest.raises(SearchError, match=r"sample_world takes a hand's state \(game.new_hand"):
        search.sample_world(thing, 0, rng)
    with pytest.raises(SearchError, match=r"evaluate takes a hand's state \(game.new_hand"):
        search.evaluate(thing, seconds=None, playouts=2, rng=rng)


def test_an_observation_is_refused_with_what_to_pass_instead() -> None:
    st = kille_turn()
    obs = st.observation(0)
    with untouched(st), pytest.raises(SearchError, match="an observation alone cannot be "
                                      "dealt from"):
        search.sample_world(obs, 0, random.Random(1))


@pytest.mark.parametrize("seat", [3, 99, -1, "a", True, 1.0, None], ids=repr)
def test_a_seat_out_of_range_or_not_a_number_is_refused(seat: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"seat is a seat number, 0 to 2 "):
        search.sample_world(st, seat, random.Random(1))
    if seat is not None:  # evaluate's seat=None is the seat to act
        with untouched(st), pytest.raises(SearchError, match=r"seat is a seat number, 0 to 2"):
            search.evaluate(st, seconds=None, playouts=2, rng=random.Random(1), seat=seat)


@pytest.mark.parametrize("rng", [7, "seed", None, random], ids=["int", "text", "None",
                                                                 "module"])
def test_an_rng_that_is_not_a_random_random_is_refused(rng: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"rng is a random.Random "
                                      r"\(random.Random\(7\)\)"):
        search.sample_world(st, 0, rng)
    if rng is not None:  # evaluate's rng=None is a fresh generator
        with untouched(st), pytest.raises(SearchError, match=r"rng is a random.Random"):
            search.evaluate(st, seconds=None, playouts=2, rng=rng)


@pytest.mark.parametrize("tries", [0, -5, 2.5, "many", True], ids=repr)
def test_sample_world_refuses_tries_that_are_not_a_positive_whole_number(tries: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match=r"tries is a number of deals to "
                                      r"try, a whole number from 1"):
        search.sample_world(st, 0, random.Random(1), tries=tries)


def test_sample_world_of_a_finished_hand_says_the_hand_is_over() -> None:
    st = finished("knock")
    with untouched(st), pytest.raises(SearchError, match=r"the hand is over: .* sample worlds "
                                      r"of a hand still in play"):
        search.sample_world(st, 0, random.Random(1), tries=50)


def test_evaluate_of_a_finished_hand_is_refused() -> None:
    st = finished("kille")
    with untouched(st), pytest.raises(SearchError, match="the hand is over: there is nothing "
                                      "left to decide"):
        search.evaluate(st, seconds=None, playouts=2, rng=random.Random(1))


def test_actions_that_are_not_a_list_of_legal_actions_are_refused() -> None:
    st = kille_turn()
    me = st.to_act
    legal = st.legal_actions(me)
    other = (me + 1) % len(st.game.names)
    bad: list[Any] = [5, "swap", legal[0], [legal[0], "stand"], [Action(other, legal[0].verb)],
                      [Action(me, "fly")], {legal[0]: 1}]
    for actions in bad:
        with untouched(st), pytest.raises(SearchError, match=rf"actions is a list of seat "
                                          rf"{me}'s legal actions now \(some of "
                                          rf"state.legal_actions\({me}\)\), or None"):
            search.evaluate(st, seconds=None, playouts=2, rng=random.Random(1),
                            actions=actions)
    # a list (or tuple) of some of the legal actions is still searched
    ev = search.evaluate(st, seconds=None, playouts=2, rng=random.Random(1),
                         actions=tuple(legal))
    assert {o.action for o in ev.options} == set(legal)


def test_a_stop_that_cannot_be_called_is_refused() -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(SearchError, match="stop is a function of no arguments "
                                      "that says True to end the search early"):
        search.evaluate(st, seconds=None, playouts=2, rng=random.Random(1), stop=5)  # type: ignore[arg-type]


# -- 4. the coach ---------------------------------------------------------------------------


@pytest.mark.parametrize("stop", [5, "stop", True], ids=repr)
def test_hint_refuses_a_stop_that_cannot_be_called(stop: Any) -> None:
    st = kille_turn()
    with untouched(st), pytest.raises(CoachError, match=r"stop is a function of no arguments "
                                      r"that says True to stop thinking early \(stop=lambda: "
                                      r"False\), or None"):
        coach.hint(st, seconds=None, playouts=2, rng=random.Random(1), stop=stop)


def test_reviewer_step_refuses_a_stop_that_cannot_be_called() -> None:
    st = finished("kille")
    reviewer = coach.Reviewer(st.record(), 0, seconds=None, playouts=2, rng=random.Random(1))
    with untouched(st), pytest.raises(CoachError, match="stop is a function of no arguments"):
        reviewer.step(stop=5)  # type: ignore[arg-type]
    assert reviewer.decisions == []


@pytest.mark.parametrize("thing", [None, "kille", 5, NotAState()], ids=["None", "text",
                                                                       "number", "object"])
def test_the_coach_refuses_what_is_not_a_hand(thing: Any) -> None:
    with pytest.raises(CoachError, match=r"the coach reads a hand in play \(game.new_hand"):
        coach.hint(thing, seconds=None, playouts=2)
    with pytest.raises(CoachError, match=r"the coach reads a hand in play"):
        coach.beliefs(thing, 0, worlds=2)
    with pytest.raises(CoachError, match=r"review reads a hand record \(state.record\(\)"):
        coach.review(thing, 0, seconds=None, playouts=2)


def test_the_coach_on_a_finished_hand_says_what_to_ask_instead() -> None:
    st = finished("kille")
    with untouched(st), pytest.raises(CoachError, match=r"the hand is over: there is nothing "
                                      r"left to decide \(review\(record, seat\)"):
        coach.hint(st, seconds=None, playouts=2)
    with untouched(st), pytest.raises(CoachError, match="review reads a hand record"):
        coach.review(st, 0, seconds=None, playouts=2)


# -- 7. beliefs of a finished Knock round -----------------------------------------------------


@pytest.mark.parametrize("game, word", [("knock", "round"), ("kille", "hand")])
def test_beliefs_of_a_finished_hand_say_it_is_over_not_that_the_deal_is_wrong(
        game: str, word: str) -> None:
    st = finished(game)
    with untouched(st), pytest.raises(CoachError) as err:
        coach.beliefs(st, 0, random.Random(1), worlds=5)
    said = str(err.value)
    assert said.startswith(f"the {word} is over"), said
    assert f"ask beliefs(state, seat) while the {word} is in play" in said
    assert "no deal agrees" not in said


# -- 8. the ladder on short runs ---------------------------------------------------------------


def test_the_ladder_of_one_hand_prints_no_inf_or_nan(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    from kortspel.__main__ import main

    assert main(["ladder", "kille", "--seats", "2", "--hands", "1", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "inf" not in out and "nan" not in out, out
    assert "too few hands for an interval" in out
    rows = ladder.play("kille", 2, 1, 0.01)
    text = ladder.table_text("kille", 2, 1, 0.01, rows)
    assert "inf" not in text and "nan" not in text, text
    unplayed = [r for r in rows if r.seats == 0]
    assert unplayed and f"| {unplayed[0].level} | n/a |" in text  # two seats, three levels


def test_the_ladder_still_prints_intervals_when_it_has_them() -> None:
    text = ladder.table_text("kille", 3, 4, 0.01, [
        ladder.Row("random", 0.5, 0.25, 4, 0.25, 0.125, 4),
        ladder.Row("heuristic", 0.25, 0.125, 4, None, None, 4)])
    assert "| random | 0.500 | ± 0.250 | 4 | +0.250 ± 0.125 |" in text
    assert "too few" not in text


# -- 5, 6. Play ---------------------------------------------------------------------------------


def _open_models() -> set[Any]:
    ipw = pytest.importorskip("ipywidgets.widgets.widget")
    return set(ipw._instances)


def _play(**kw: Any) -> Any:
    views = pytest.importorskip("kortspel.widgets")
    return views.Play(game="kille", seats=3, seed=3, pace=0, **kw)


@pytest.mark.parametrize("action", [None, 5, {"seat": 0, "do": "stand"}, ["stand"], 2.5],
                         ids=repr)
def test_play_act_refuses_what_is_not_an_action_and_leaves_the_table(action: Any) -> None:
    play = _play()
    try:
        with untouched(play.hand), pytest.raises(InvalidActionError, match=r"act takes an "
                                                 r"action: one of the Actions of "
                                                 r"hand.legal_actions\(seat\), or the verb of "
                                                 r"one as text"):
            play.act(action)
        assert play.pending_timers == 0
    finally:
        play.close()


@pytest.mark.parametrize("bad, said", [
    ({"hints": "yes"}, "hints is True or False"),
    ({"review": 1}, "review is True or False"),
    ({"coach_seconds": math.nan}, "coach_seconds is the coach's time to think"),
    ({"coach_playouts": 0}, "coach_playouts is a number of sampled deals"),
    ({"length": "forever"}, "match length must be"),
])
def test_a_refused_play_leaves_no_widget_open(bad: dict[str, Any], said: str) -> None:
    _play().close()  # the sprites a game paints once per kernel are made here
    before = _open_models()
    with pytest.raises(KortspelError, match=said):
        _play(**bad)
    assert _open_models() - before == set()


def test_step_through_after_close_is_refused_and_makes_no_widget() -> None:
    play = _play(coach_playouts=2)
    while not play.hand.is_over:
        play.act(play.hand.legal_actions(play._human_turn())[0])
    assert play.coach.result is not None  # the review is done: there is a hand to step through
    play.close()
    before = _open_models()
    with pytest.raises(CoachError, match=r"this view is closed.*step through a hand in a view "
                       r"that is open \(make a new Play"):
        play.coach.step_through()
    assert _open_models() - before == set()
    assert play.coach.replay is None
