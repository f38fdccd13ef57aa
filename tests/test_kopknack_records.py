"""Köpknack records: the contract's format read strictly, every way a record can be bad
refused with a teaching ``RecordError``, the replay JSON field for field, and the worked deals
shipped with the package replaying to what their notes say.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from kopknack_helpers import bids, keep, record

import kortspel
from kortspel import InvalidDealError, RecordError
from kortspel.__main__ import main
from kortspel.kopknack import KopknackGame

SIX = {"a": ["AS", "7H", "2C"], "b": ["KS", "5H", "3D"], "c": ["QS", "8C", "4D"],
       "d": ["JS", "9C", "5D"], "e": ["10S", "6H", "7C"], "f": ["2S", "3H", "KD"]}
BIDS = bids(list(SIX), "f", ["a", "c"])
GOOD = record(SIX, "9D", *BIDS, *keep(["a", "c"]))

RESULT_KEYS = ["game", "pot", "active", "folded", "swept_by", "tricks", "won", "payout",
               "penalty", "next_pot", "next_dealer", "over", "to_act"]


def changed(**fields: Any) -> dict[str, Any]:
    rec = copy.deepcopy(GOOD)
    for key, value in fields.items():
        if value is ...:
            del rec[key]
        else:
            rec[key] = value
    return rec


def with_deal(seat: str, cards: Any) -> dict[str, Any]:
    rec = copy.deepcopy(GOOD)
    rec["deal"][seat] = cards
    return rec


def with_actions(*acts: Any) -> dict[str, Any]:
    rec = copy.deepcopy(GOOD)
    rec["actions"] = list(acts)
    return rec


def after(*texts: str, extra: Any) -> dict[str, Any]:
    rec = record(SIX, "9D", *texts)
    rec["actions"].append(extra)
    return rec


def swap_talon(i: int, card: str) -> dict[str, Any]:
    rec = copy.deepcopy(GOOD)
    rec["talon"][i] = card
    return rec


BAD: dict[str, tuple[Any, str]] = {
    # the record itself
    "not an object": ([GOOD], "JSON object"),
    "no game": (changed(game=...), "no 'game' field"),
    "an unknown game": (changed(game="kopknak"), "no game called"),
    # seats
    "seats not a list": (changed(seats="abcdef"), "'seats' should be a list"),
    "two seats": (record({"a": SIX["a"], "b": SIX["b"]}, "9D"), "3 to 8 seats"),
    "nine seats": (changed(seats=list("abcdefghi")), "3 to 8 seats"),
    "a repeated seat name": (changed(seats=["a", "b", "c", "d", "e", "a"]), "must differ"),
    "an empty seat name": (changed(seats=["a", "b", "c", "d", "e", ""]), "non-empty"),
    "a seat name that is a number": (changed(seats=["a", "b", "c", "d", "e", 6]),
                                     "non-empty string"),
    # dealer
    "no dealer": (changed(dealer=...), "no 'dealer' field"),
    "a dealer that is a number": (changed(dealer=5), "'dealer' should be a str"),
    "an unknown dealer": (changed(dealer="z"), "not one of the seats"),
    # stake and pot
    "no stake": (changed(stake=...), "no 'stake' field"),
    "a stake as text": (changed(stake="3"), "'stake' should be a int"),
    "a stake that is true": (changed(stake=True), "'stake' should be a int"),
    "a stake as a float": (changed(stake=3.0), "'stake' should be a int"),
    "a zero stake": (changed(stake=0), "divisible by 3"),
    "a negative stake": (changed(stake=-3), "divisible by 3"),
    "a stake not divisible by 3": (changed(stake=4), "divisible by 3"),
    "a pot as text": (changed(pot="6"), "'pot' should be a int"),
    "a pot that is false": (changed(pot=False), "'pot' should be a int"),
    "a pot as a float": (changed(pot=6.0), "'pot' should be a int"),
    "a negative pot": (changed(pot=-3), "0 or more"),
    "a pot not divisible by 3": (changed(pot=5), "divisible by 3"),
    # the deal
    "no deal": (changed(deal=...), "no 'deal' field"),
    "a deal that is a list": (changed(deal=list(SIX.values())), "'deal' should be a dict"),
    "a deal to an unknown seat": (with_deal("z", ["2S", "3S", "4S"]), "not a seat"),
    "a seat without cards": (changed(deal={k: v for k, v in SIX.items() if k != "c"}),
                             "no cards to c"),
    "a hand of two cards": (with_deal("a", ["AS", "7H"]), "list of 3 cards"),
    "a hand that is text": (with_deal("a", "AS 7H 2C"), "list of 3 cards"),
    "a card spelt TH": (with_deal("a", ["AS", "7H", "TH"]), "'TH' is not a card"),
    "a card spelt 1S": (with_deal("a", ["AS", "7H", "1S"]), "'1S' is not a card"),
    "a card spelt 11S": (with_deal("a", ["AS", "7H", "11S"]), "'11S' is not a card"),
    "a card with spaces": (with_deal("a", [" AS", "7H", "2C"]), "' AS' is not a card"),
    "a card that is a number": (with_deal("a", ["AS", "7H", 10]), "not 10"),
    "no trump": (changed(trump=...), "no 'trump' field"),
    "a trump that is no card": (changed(trump="XX"), "the trump card"),
    "no talon": (changed(talon=...), "no 'talon' field"),
    "a talon that is text": (changed(talon="AS"), "'talon' should be a list"),
    "a card twice": (swap_talon(0, "AS"), "more than once: AS"),
    "a card missing": (changed(talon=GOOD["talon"][1:]), "missing"),
    "the trump also in a hand": (changed(trump="AS"), "more than once: AS"),
    # rules and notes
    "rules that are a list": (changed(rules=["single"]), "'rules' should be a dict"),
    "an unknown rules option": (changed(rules={"jokers": True}), "unknown Köpknack rules"),
    "a rules value it does not take": (changed(rules={"penalty": "triple"}),
                                       "'double' or 'single'"),
    "a title that is a number": (changed(title=7), "'title' should be text"),
    # actions: their form
    "actions that are an object": (changed(actions={"seat": "a"}), "should be a list"),
    "an action that is text": (with_actions("a knock"), "should be an object"),
    "an action without a seat": (with_actions({"do": "knock"}), "no 'seat' field"),
    "an action without a verb": (with_actions({"seat": "a"}), "no 'do' field"),
    "an unknown verb": (with_actions({"seat": "a", "do": "pass"}), "not a Köpknack verb"),
    "an unknown seat": (with_actions({"seat": "z", "do": "knock"}), "not a seat"),
    "an exchange without cards": (after(*BIDS, extra={"seat": "a", "do": "exchange"}),
                                  "needs a 'cards' field"),
    "exchange cards as text": (after(*BIDS, extra={"seat": "a", "do": "exchange",
                                                   "cards": "2C"}), "list of cards"),
    "an exchange of a malformed card": (after(*BIDS, extra={"seat": "a", "do": "exchange",
                                                            "cards": ["2c", "Z"]}),
                                        "'Z' is not a card"),
    "a play without a card": (after(*BIDS, *keep("ac"), extra={"seat": "a", "do": "play"}),
                              "needs a 'card' field"),
    "a play of a number": (after(*BIDS, *keep("ac"), extra={"seat": "a", "do": "play",
                                                            "card": 14}), "a card such as"),
    # actions the rules refuse
    "an action out of turn": (with_actions({"seat": "b", "do": "knock"}), "it is a's turn"),
    "a folded seat acting": (after(*BIDS, extra={"seat": "b", "do": "exchange", "cards": []}),
                             "b has folded"),
    "a play during the bidding": (with_actions({"seat": "a", "do": "play", "card": "AS"}),
                                  "it is the bidding"),
    "a knock during the buying": (after(*BIDS, extra={"seat": "a", "do": "knock"}),
                                  "it is the buying"),
    "exchanging a card not held": (after(*BIDS, extra={"seat": "a", "do": "exchange",
                                                       "cards": ["KS"]}), "does not hold K♠"),
    "exchanging a card twice": (after(*BIDS, extra={"seat": "a", "do": "exchange",
                                                    "cards": ["AS", "as"]}), "twice"),
    "playing a card not held": (after(*BIDS, *keep("ac"), extra={"seat": "a", "do": "play",
                                                                 "card": "KS"}),
                                "does not hold it"),
    "a card that breaks a trick duty": (after(*BIDS, *keep("ac"), "a play AS", extra={
        "seat": "c", "do": "play", "card": "8C"}), "the duty to follow suit"),
    "an action after a sweep": (after(*[f"{s} fold" for s in "abcde"],
                                      extra={"seat": "f", "do": "knock"}),
                                "the deal is over"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_every_bad_record_is_refused_with_a_lesson(case: str) -> None:
    """Every way a record can be bad in the contract: a ``RecordError`` (or its subclass
    ``InvalidDealError``) whose message names the problem."""
    rec, words = BAD[case]
    with pytest.raises(RecordError) as info:
        kortspel.replay(rec)
    assert words.lower() in str(info.value).lower(), str(info.value)


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_command_line_refuses_every_bad_record_in_one_line(case: str, tmp_path: Path,
                                                               capsys: Any) -> None:
    """``python -m kortspel replay FILE``: one line on stderr, a non-zero exit (1: the engine
    refused the record; 2: the file is no record at all), nothing on stdout."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD[case][0]), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == (2 if case == "not an object" else 1)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_a_bad_deal_is_an_invalid_deal_error() -> None:
    """Cards that no real pack could give are an ``InvalidDealError`` (a ``RecordError``)."""
    for case in ("a card twice", "a card spelt TH", "a hand of two cards", "a card missing"):
        with pytest.raises(InvalidDealError):
            kortspel.replay(BAD[case][0])


def test_cards_are_read_in_any_case_and_written_upper_case() -> None:
    """Cards: input case-insensitive, output upper case."""
    rec = copy.deepcopy(GOOD)
    rec["deal"]["a"] = ["as", "7h", "2c"]
    rec["actions"].append({"seat": "a", "do": "play", "card": "as"})
    st = kortspel.replay(rec)
    out = st.record()
    assert out["deal"]["a"] == ["AS", "7H", "2C"] and out["actions"][-1]["card"] == "AS"


def test_unknown_fields_of_an_action_are_ignored() -> None:
    """The record: unknown fields are ignored (a comment, say)."""
    rec = copy.deepcopy(GOOD)
    for a in rec["actions"]:
        a["comment"] = "x"
        a["why"] = 3
    assert kortspel.replay(rec) == kortspel.replay(GOOD)


def test_pot_and_actions_have_defaults() -> None:
    """The record: ``pot`` defaults to 0 and ``actions`` to none."""
    rec = copy.deepcopy(GOOD)
    del rec["pot"], rec["actions"]
    st = kortspel.replay(rec)
    assert st.pot == 3 and st.actions == [] and st.result()["to_act"] == "a"


def test_the_record_round_trips_in_the_contracts_field_order() -> None:
    """``record()`` writes the contract's fields in its order and replays to the same deal."""
    st = kortspel.replay(GOOD)
    rec = st.record()
    assert list(rec) == ["game", "seats", "dealer", "stake", "pot", "deal", "trump", "talon",
                         "actions"]
    assert kortspel.replay(json.loads(json.dumps(rec))) == st
    assert len(rec["talon"]) == 52 - 19


def test_a_table_replays_only_its_own_records() -> None:
    """A record for other seats or rules is refused by a table, and loads its own through
    ``kortspel.replay``."""
    with pytest.raises(RecordError, match="this table seats"):
        KopknackGame(4).replay(GOOD)
    with pytest.raises(RecordError, match="rules options differ"):
        KopknackGame(6, penalty="single").replay(GOOD)


# ---------------------------------------------------------------------------------------------
# The replay JSON
# ---------------------------------------------------------------------------------------------


def test_a_finished_deal_prints_every_field_in_the_contracts_order() -> None:
    """The replay output: per-seat fields keyed by seat name, in seat order, with ``over``
    true and no one to act."""
    rec = kortspel.example("trick-two-under-trump", "kopknack")
    res = kortspel.replay(rec).result()
    assert list(res) == RESULT_KEYS
    assert list(res["payout"]) == list("abcdef") and list(res["penalty"]) == list("abcdef")
    assert list(res["won"]) == ["a", "c", "e"] and res["over"] is True
    assert res["to_act"] is None


@pytest.mark.parametrize("cut,active,folded,tricks,won,to_act", [
    (0, list("abcdef"), [], [], dict.fromkeys("abcdef", 0), "a"),
    (2, ["a", "c", "d", "e", "f"], ["b"], [], dict.fromkeys("acdef", 0), "c"),
    (6, ["a", "c", "e"], ["b", "d", "f"], [], dict.fromkeys("ace", 0), "a"),
    (15, ["a", "c", "e"], ["b", "d", "f"], ["c"], {"a": 0, "c": 1, "e": 0}, "c"),
])
def test_a_record_that_stops_early_prints_what_stands_and_nulls(
        cut: int, active: list[str], folded: list[str], tricks: list[str],
        won: dict[str, int], to_act: str) -> None:
    """The replay output of an unfinished deal: ``over: false``, ``to_act``, and ``pot``,
    ``active`` (in the bidding: the seats not yet folded), ``folded``, ``tricks`` and
    ``won`` as they stand; the rest null."""
    rec = kortspel.example("trick-two-under-trump", "kopknack")
    res = kortspel.replay(rec, upto=cut).result()
    assert list(res) == RESULT_KEYS
    assert res == {"game": "kopknack", "pot": 9, "active": active, "folded": folded,
                   "swept_by": None, "tricks": tricks, "won": won, "payout": None,
                   "penalty": None, "next_pot": None, "next_dealer": None, "over": False,
                   "to_act": to_act}


def test_the_command_line_prints_the_result(tmp_path: Path) -> None:
    """``python -m kortspel replay FILE`` prints exactly ``result()`` as JSON."""
    rec = kortspel.example("no-trick-penalty", "kopknack")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kortspel", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == kortspel.replay(rec).result()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(BAD["a card that breaks a trick duty"][0]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kortspel", "replay", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "follow suit" in done.stderr


# ---------------------------------------------------------------------------------------------
# The worked deals
# ---------------------------------------------------------------------------------------------

EXAMPLES: dict[str, dict[str, Any]] = {
    "dealer-sweep": {"swept_by": "f", "pot": 9, "tricks": [], "next_pot": 0,
                     "payout": {"f": 9}},
    "lone-knocker": {"swept_by": "b", "pot": 6, "active": ["b"], "next_pot": 0,
                     "payout": {"b": 6}},
    "talon-runs-out": {"pot": 15, "tricks": ["a", "g", "c"], "next_pot": 18,
                       "penalty": {"b": 6, "e": 6, "h": 6}},
    "trick-two-under-trump": {"pot": 9, "tricks": ["c", "e", "e"], "next_pot": 6,
                              "penalty": {"a": 6}, "payout": {"c": 3, "e": 6}},
    "no-trick-penalty": {"pot": 3, "tricks": ["b", "e", "e"], "next_pot": 12,
                         "penalty": {"c": 6, "f": 6}},
    "heading-trump": {"pot": 3, "tricks": ["d", "d", "b"], "penalty": {"c": 6, "f": 6}},
    "small-class": {"pot": 3, "tricks": ["d", "b", "a"], "next_pot": 0,
                    "payout": {"a": 1, "b": 1, "d": 1}},
    "trick-one-no-under-trump": {"pot": 3, "tricks": ["b", "a", "c"], "next_pot": 0},
}


def test_examples_lists_every_worked_deal() -> None:
    assert kortspel.examples("kopknack") == sorted(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_worked_deal_has_its_notes_and_replays_to_its_outcome(name: str) -> None:
    """Each worked deal: a title, an introduction, a comment on every action and a summary,
    and it ends as its summary says."""
    rec = kortspel.example(name, "kopknack")
    for key in ("title", "intro", "summary"):
        assert isinstance(rec[key], str) and rec[key].strip()
    assert all(a.get("comment", "").strip() for a in rec["actions"])
    assert "rules" not in rec  # the shipped deals play the contract's own rules
    st = kortspel.replay(rec)
    assert st.is_over
    res = st.result()
    for key, want in EXAMPLES[name].items():
        got = res[key]
        if isinstance(want, dict):
            assert {k: got[k] for k in want} == want and sum(got.values()) == sum(
                want.values()), (name, key, got)
        else:
            assert got == want, (name, key, got)
    frames = kortspel.frames(rec)
    assert len(frames) == len(rec["actions"]) + 1 and frames[-1] == st


def test_the_key_moments_of_the_worked_deals() -> None:
    """What each worked deal is there to show actually happens in it."""
    ex = {n: kortspel.replay(kortspel.example(n, "kopknack")) for n in EXAMPLES}
    assert ex["dealer-sweep"].bids[5] is None  # the dealer never bid
    assert ex["lone-knocker"].bids[5] == "fold"  # the dealer folded against the knocker
    runs = ex["talon-runs-out"]
    assert runs.game.seats == 8 and runs.talon_left == 0
    assert ("h", ()) in [(a.who, a.get("cards")) for a in runs.actions]
    under = ex["trick-two-under-trump"]
    assert ("a", "2H") in [(a.who, a.get("card")) for a in under.actions]
    assert under.played[4:6] == [(4, "KH"), (0, "2H")]
    assert ex["small-class"].game.seats == 4
    kept = ex["trick-one-no-under-trump"]
    assert kept.played[-1] == (2, "2D") and kept.tricks[-1] == 2
    assert ex["heading-trump"].played[1:3] == [(2, "9S"), (3, "JS")]
