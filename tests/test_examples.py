"""The worked hands shipped in kortspel/kille/records replay to what their summaries say.

Each record is a teaching text as well as a test fixture: if the engine changed so that a
worked hand ended differently, the notebook built on it would teach something false.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import kortspel
from kortspel import example, examples, frames, replay

EXPECTED = {
    "horse-and-cuckoo", "pig-bites-back", "hussar", "horse-and-inn-to-the-talon",
    "dealer-draws", "low-harlekin", "never-everyone", "nobody-loses", "kuku-called",
    "two-seats-better-cards", "three-seats-it-depends",
}


def result(name: str) -> dict:
    state = replay(example(name))
    assert state.is_over, f"{name} stops before the hand is over"
    return state.result()


def test_examples_lists_every_worked_hand() -> None:
    assert set(examples()) == EXPECTED
    assert examples() == sorted(examples())


def test_unknown_example_names_the_ones_there_are() -> None:
    with pytest.raises(kortspel.RecordError, match="horse-and-cuckoo"):
        example("no-such-hand")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_has_teaching_fields(name: str) -> None:
    rec = example(name)
    assert rec["game"] == "kille"
    for key in ("title", "intro", "summary"):
        assert isinstance(rec[key], str) and rec[key].strip(), f"{name}: no {key}"
    assert rec["actions"], f"{name} has no actions"
    for i, a in enumerate(rec["actions"]):
        assert set(a) == {"seat", "do", "comment"}, f"{name} action {i + 1}: {a}"
        assert a["comment"].strip()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_replays_to_its_end_and_frame_by_frame(name: str) -> None:
    rec = example(name)
    st = replay(rec)
    assert st.is_over
    fr = frames(rec)
    assert len(fr) == len(rec["actions"]) + 1
    assert fr[-1] == st
    # every action but the last leaves the hand running: nothing is played after the end
    assert not any(f.is_over for f in fr[:-1])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_command(name: str) -> None:
    from importlib import resources

    path = resources.files("kortspel.kille") / "records" / f"{name}.json"
    out = subprocess.run([sys.executable, "-m", "kortspel", "replay", str(path)],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == {**result(name)}


def test_horse_and_cuckoo_exactly_as_the_text_tells_it() -> None:
    rec = example("horse-and-cuckoo")
    assert rec["seats"] == ["a", "b", "c", "d", "e"] and rec["dealer"] == "e"
    assert rec["deal"] == {"a": "4", "b": "Kavall", "c": "8", "d": "2", "e": "Kuku"}
    assert rec["talon"] == ["9", "Husar"]
    assert [(a["seat"], a["do"]) for a in rec["actions"]] == [
        ("a", "swap"), ("c", "swap"), ("d", "swap")]
    r = result("horse-and-cuckoo")
    assert r["final"] == {"a": "8", "b": "Kavall", "c": "2", "d": "4", "e": "Kuku"}
    assert r["struck"] == []
    assert r["lose_life"] == ["c"]
    text = " ".join(r["narration"])
    assert "Kavall förbi" in text and "Kuku står, ingen byta får" in text
    # b never gets a turn: a skipped over b
    assert "b" not in [a["seat"] for a in rec["actions"]]


def test_pig_bites_back_strikes_the_seat_dealt_the_card() -> None:
    rec = example("pig-bites-back")
    assert len(rec["seats"]) == 6
    swaps_before_pig = [a for a in rec["actions"][:-2] if a["do"] == "swap"]
    assert len(swaps_before_pig) >= 3
    r = result("pig-bites-back")
    assert r["struck_by"] == {"a": "Husu"}  # a was dealt the 3; d asked the pig
    assert r["final"] == rec["deal"]  # everyone on the way got back the card they were dealt
    assert r["lose_life"] == ["a", "c"]  # struck first, then the lowest of the rest (c's 5)
    assert "Svinhugg går igen" in " ".join(r["narration"])
    # the turn went to the seat after the pig: f, the dealer
    assert rec["actions"][-1]["seat"] == "f"


def test_hussar_strikes_the_asker_once() -> None:
    r = result("hussar")
    assert r["struck_by"] == {"b": "Husar"}
    assert r["final"]["b"] == "2" and r["final"]["c"] == "Husar"  # the swap did not happen
    assert r["lowest"] == ["e"]  # b's 2 is lowest, but b is struck and loses only once
    assert r["lose_life"] == ["b", "e"]
    assert r["lives"]["b"] == 2
    assert "Husar hugger" in " ".join(r["narration"])
    # the turn went to the seat after the hussar
    seats = [a["seat"] for a in example("hussar")["actions"]]
    assert seats[seats.index("b") + 1] == "d"


def test_horse_and_inn_skip_past_the_dealer_to_the_talon() -> None:
    rec = example("horse-and-inn-to-the-talon")
    st = replay(rec)
    r = st.result()
    assert r["final"]["c"] == rec["talon"][0]  # c drew the top card of the talon
    assert st.is_face_up(3) and st.is_face_up(4)  # d's Kavall and e's Värdshus turned up
    assert "1" in st.out_of_play  # c's old card is out of play
    assert "e" not in [a["seat"] for a in rec["actions"]]  # the dealer never spoke
    text = " ".join(r["narration"])
    assert "Kavall förbi" in text and "Värdshus förbi" in text
    assert r["lose_life"] == ["a"]


def test_dealer_sets_a_kavall_aside_then_draws() -> None:
    st = replay(example("dealer-draws"))
    r = st.result()
    assert st.out_of_play == ["Kavall", "4"]  # set aside, then the dealer's old card
    assert r["final"]["e"] == "6"
    assert r["lose_life"] == ["d"] and r["lowest"] == ["d"]


def test_low_harlekin_loses_with_the_lowest_other_card() -> None:
    st = replay(example("low-harlekin"))
    r = st.result()
    assert r["final"]["c"] == "Harlekin" and r["low_harlekin"] == ["c"]
    assert st.is_face_up(2)  # the Harlekin went across face up
    assert r["lowest"] == ["e"]
    assert r["lose_life"] == ["c", "e"]


def test_never_everyone_the_texts_example() -> None:
    r = result("never-everyone")
    assert len(r["final"]) == 3
    assert r["struck_by"] == {"c": "Husar"}
    assert r["low_harlekin"] == ["b"]
    assert r["final"]["a"] == "12" and r["lowest"] == ["a"]  # the twelve would lose too
    assert r["guard"] == "struck"
    assert r["lose_life"] == ["b", "c"]


def test_nobody_struck_nobody_loses() -> None:
    r = result("nobody-loses")
    assert r["struck"] == [] and r["low_harlekin"] == ["b"] and r["lowest"] == ["a", "c"]
    assert r["guard"] == "nobody struck"
    assert r["lose_life"] == []


def test_kuku_called_out_of_turn() -> None:
    rec = example("kuku-called")
    st = replay(rec, upto=len(rec["actions"]) - 1)
    assert st.game.names[st.to_act] == "c"  # it is c's turn, not a's, when a calls
    r = result("kuku-called")
    assert r["final"]["c"] == "Blaren"
    assert r["lose_life"] == ["c"] and r["lives"]["c"] == 0


def test_two_seats_refused_ask() -> None:
    rec = example("two-seats-better-cards")
    assert [a["do"] for a in rec["actions"][:2]] == ["ask", "refuse"]
    st = replay(rec, upto=2)
    assert "ask" not in [a.verb for a in st.legal_actions()]  # cannot ask again this hand
    r = result("two-seats-better-cards")
    assert r["lose_life"] == ["a"] and r["lives"] == {"a": 0, "b": 2}


def test_three_seats_it_depends_then_a_new_deal() -> None:
    st = replay(example("three-seats-it-depends"))
    r = st.result()
    assert r["redeal"] == "better cards accepted"
    assert r["lose_life"] == []
    assert st.accepted_asks == 1
