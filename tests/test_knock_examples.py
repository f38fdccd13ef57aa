"""The worked rounds shipped in kortspel/knock/records replay to what their notes say.

Each record is a lesson as well as a fixture: if the engine changed so that a worked round
ended differently, the notebook built on it would teach something false. So every round is
checked for the outcome its summary claims, not only for replaying. The records are built
by ``tests/knock_helpers.py`` (``python tests/knock_helpers.py`` writes them again), which
plays the engine on chosen deals; a test checks that the files are what it builds.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from knock_helpers import examples as built

import kortspel
from kortspel.__main__ import main

EXPECTED = {
    "valid-knock", "invalid-knock-star", "zero-on-the-deal", "zero-in-the-last-turns",
    "stock-runs-out", "wild-two-in-a-set", "discard-pile-take", "out-skunks-and-circles",
    "tie-for-next-dealer", "everyone-out",
}


def rec(name: str) -> dict[str, Any]:
    return kortspel.example(name, "knock")


def result(name: str) -> dict[str, Any]:
    state = kortspel.replay(rec(name))
    assert state.is_over, f"{name} stops before the round is over"
    return state.result()


def test_every_worked_round_is_listed() -> None:
    assert set(kortspel.examples("knock")) == EXPECTED
    assert len(EXPECTED) >= 8


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_files_are_what_the_builder_plays(name: str) -> None:
    assert rec(name) == json.loads(json.dumps(built()[name]))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_round_has_its_teaching_notes(name: str) -> None:
    r = rec(name)
    assert r["game"] == "knock"
    assert isinstance(r["title"], str) and r["title"].strip()
    for key in ("intro", "summary"):
        assert isinstance(r[key], str) and len(r[key].split()) >= 8, (name, key)
    for i, a in enumerate(r["actions"]):
        assert set(a) - {"from", "card"} == {"seat", "do", "comment"}, (name, i)
        assert a["comment"].strip().endswith("."), (name, i)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_round_replays_to_its_end_frame_by_frame(name: str) -> None:
    r = rec(name)
    frames = kortspel.frames(r)
    assert len(frames) == len(r["actions"]) + 1 and frames[-1].is_over
    assert not any(f.is_over for f in frames[:-1])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_command_line_prints_each_rounds_result(name: str, capsys: Any) -> None:
    path = resources.files("kortspel.knock") / "records" / f"{name}.json"
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == result(name)


def test_valid_knock() -> None:
    r = result("valid-knock")
    assert r["ended_by"] == "knock" and r["knocker"] == "a" and r["valid_knock"] is True
    assert r["values"] == {"a": 4, "b": 39, "c": 24} and r["penalty"]["a"] == 0
    assert r["next_dealer"] == "a"


def test_invalid_knock_gives_a_second_star_that_costs_ten() -> None:
    r = result("invalid-knock-star")
    assert rec("invalid-knock-star")["stars"] == {"a": 1}
    assert r["valid_knock"] is False and r["stars"]["a"] == 2 and r["penalty"]["a"] == 10
    assert r["round_scores"]["a"] == r["values"]["a"] + 10 == 20
    assert min(r["values"], key=r["values"].get) == "d" and r["next_dealer"] == "d"


def test_zero_on_the_deal_ends_before_anyone_plays() -> None:
    st = kortspel.replay(rec("zero-on-the-deal"))
    r = st.result()
    assert st.actions == [] and r["ended_by"] == "zero" and r["zero"] == ["b"]
    assert r["knocker"] is None and r["valid_knock"] is None and r["next_dealer"] == "b"


def test_zero_in_the_last_turns_ends_at_once_and_sinks_the_knock() -> None:
    st = kortspel.replay(rec("zero-in-the-last-turns"))
    r = st.result()
    assert r["ended_by"] == "zero" and r["zero"] == ["b"] and r["knocker"] == "a"
    assert r["valid_knock"] is False and r["stars"]["a"] == 1 and r["penalty"]["a"] == 0
    assert "c" not in [a.who for a in st.actions]  # c never had its last turn


def test_the_stock_runs_out() -> None:
    st = kortspel.replay(rec("stock-runs-out"))
    r = st.result()
    assert r["ended_by"] == "stock" and r["knocker"] is None and st.stock_count == 0
    assert len(st.order) == 5
    assert sum(1 for a in st.actions if a.verb == "draw") == 52 - 26
    assert st.actions[-1].verb == "discard"


def test_a_two_stands_in_a_set() -> None:
    st = kortspel.replay(rec("wild-two-in-a-set"))
    g = st.grouping(st.game.names.index("b"))
    assert g.value == 4 and g.sets[0].rank == "10" and dict(g.wild) == {"2D": "10"}
    c = st.grouping(st.game.names.index("c"))
    assert ("2S", 2) in c.loose  # a 2 in no set counts 2
    assert result("wild-two-in-a-set")["valid_knock"] is True


def test_taking_from_the_discard_pile_is_seen_by_everyone() -> None:
    r = rec("discard-pile-take")
    takes = [a for a in r["actions"] if a.get("from") == "discard"]
    assert len(takes) == 3
    st = kortspel.replay(r, upto=2)  # a took the 6♥ and threw the K♠
    for seat in (1, 2):
        assert "6H" in st.observation(seat).known(0)
    assert result("discard-pile-take")["valid_knock"] is True


def test_eliminations_skunks_and_circles() -> None:
    r = result("out-skunks-and-circles")
    assert rec("out-skunks-and-circles")["skunks"] == {"b": 1}
    assert r["out"] == ["d", "a", "c"] and r["winner"] == "b"
    assert r["skunks"]["b"] == 3 and r["circles"] == 4 and r["next_dealer"] is None
    assert r["scores"]["b"] < 50 < 100 < r["scores"]["a"]


def test_a_tie_for_next_dealer_is_broken_by_face_value() -> None:
    st = kortspel.replay(rec("tie-for-next-dealer"))
    r = st.result()
    assert r["round_scores"]["b"] == r["round_scores"]["c"] == 9
    assert r["next_dealer"] == "c" and st.outcome.settlement.next_reason == "face"


def test_everyone_out_and_nobody_wins() -> None:
    r = result("everyone-out")
    assert r["out"] == ["c", "a", "b"] and r["winner"] is None and r["circles"] is None
    assert r["next_dealer"] is None


def test_the_examples_reach_every_end_of_game_event() -> None:
    seen = set()
    for name in EXPECTED:
        seen |= {e.kind for e in kortspel.replay(rec(name)).events}
    assert {"out", "skunk", "winner", "no_winner", "zero", "star", "knock_holds",
            "take"} <= seen
