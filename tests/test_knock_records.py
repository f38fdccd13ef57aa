"""Swedish Knock records in the contract's format: what a good record replays to, what
``python -m kortspel replay`` prints, and every way a record can be bad.

Each bad record is refused by a ``KortspelError`` (a ``RecordError`` for the record's own
fields) whose message names the problem, and the command line prints it on one line and
exits 1. The cases follow the contract's description of the record field by field.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from knock_helpers import play, record, whole_turns

import kortspel
from kortspel.__main__ import main

ROOT = Path(__file__).resolve().parents[1]

A = ["AS", "3H", "5D", "9C", "KS"]
B = ["4S", "6H", "8D", "10C", "QS"]
C = ["3S", "5H", "8H", "JC", "KH"]
ACTIONS = whole_turns("a stock KS", "b knock", "c stock KH", "a stock 8C")


def good() -> dict[str, Any]:
    return record({"a": A, "b": B, "c": C}, "9H", *ACTIONS, stock=["4H", "6D", "8C"],
                  scores={"a": 10, "b": 20, "c": 30}, stars={"b": 1}, skunks={"c": 2})


FIELDS = ["game", "values", "ended_by", "knocker", "zero", "valid_knock", "penalty", "stars",
          "round_scores", "scores", "skunks", "out", "winner", "circles", "next_dealer",
          "over"]


def test_a_good_record_replays_to_the_contracts_output() -> None:
    r = kortspel.replay(good()).result()
    assert list(r) == FIELDS
    assert r == {
        "game": "knock",
        "values": {"a": 1 + 3 + 5 + 9 + 4, "b": 40, "c": 3 + 5 + 8 + 11 + 6},
        "ended_by": "knock", "knocker": "b", "zero": [], "valid_knock": False,
        "penalty": {"a": 0, "b": 10, "c": 0},
        "stars": {"a": 0, "b": 2, "c": 0},
        "round_scores": {"a": 22, "b": 50, "c": 33},
        "scores": {"a": 32, "b": 70, "c": 63},
        "skunks": {"a": 0, "b": 0, "c": 2},
        "out": [], "winner": None, "circles": None, "next_dealer": "a", "over": True,
    }


def test_a_record_that_stops_early_prints_over_false_and_what_was_carried_in() -> None:
    rec = good()
    rec["actions"] = rec["actions"][:3]  # a's turn, then b's knock
    r = kortspel.replay(rec).result()
    assert r == {
        "game": "knock", "values": None, "ended_by": None, "knocker": "b", "zero": None,
        "valid_knock": None, "penalty": None,
        "stars": {"a": 0, "b": 1, "c": 0}, "round_scores": None,
        "scores": {"a": 10, "b": 20, "c": 30}, "skunks": {"a": 0, "b": 0, "c": 2},
        "out": [], "winner": None, "circles": None, "next_dealer": None,
        "over": False, "to_act": "c",
    }


def test_a_record_with_no_actions_is_the_deal() -> None:
    rec = good()
    del rec["actions"]
    r = kortspel.replay(rec).result()
    assert r["over"] is False and r["to_act"] == "a" and r["knocker"] is None


def test_optional_fields_default_to_zero_and_unknown_fields_are_ignored() -> None:
    """``scores``, ``stars``, ``skunks`` (a seat not listed counts 0) and ``out`` may be
    left out; ``title``, ``intro``, ``summary``, a ``comment`` and other fields are
    ignored, whatever they hold."""
    rec = good()
    for key in ("scores", "stars", "skunks", "out"):
        del rec[key]
    rec.update(title=5, intro=None, summary=["x"], colour="blue")
    rec["actions"][0]["comment"] = {"not": "text"}
    rec["actions"][1]["note"] = 3
    rec["actions"][2]["card"] = "QS"  # a field the verb does not take is ignored too
    r = kortspel.replay(rec).result()
    assert r["scores"] == {"a": 22, "b": 40, "c": 33} and r["stars"]["b"] == 1


def test_cards_are_read_in_any_case_and_written_in_upper_case() -> None:
    rec = good()
    rec["deal"]["a"] = [c.lower() for c in A]
    rec["upcard"] = "9h"
    rec["stock"] = [c.lower() for c in rec["stock"]]
    rec["actions"][1]["card"] = "ks"
    st = kortspel.replay(rec)
    assert st.record()["deal"]["a"] == A and st.record()["upcard"] == "9H"
    assert st.record()["actions"][1] == {"seat": "a", "do": "discard", "card": "KS"}
    assert st.result() == kortspel.replay(good()).result()


def test_the_record_round_trips() -> None:
    st = kortspel.replay(good())
    again = st.record()
    assert kortspel.replay(json.loads(json.dumps(again))) == st
    assert list(again)[:11] == ["game", "seats", "dealer", "scores", "stars", "skunks", "out",
                                "deal", "upcard", "stock", "actions"]


def test_a_table_with_options_writes_them_as_rules() -> None:
    st = kortspel.load("knock", seats=3, unused_two=0).new_hand(seed=2)
    rec = st.record()
    assert rec["rules"] == {"unused_two": 0, "first_round_knock": True}
    assert kortspel.replay(rec) == st
    assert "rules" not in kortspel.load("knock", seats=3).new_hand(seed=2).record()


# ---------------------------------------------------------------------------------------------
# Every way a record can be bad
# ---------------------------------------------------------------------------------------------


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set a field (``"deal.a"``, ``"actions.0.from"``) to ``value``."""
    def change(rec: dict[str, Any]) -> None:
        *head, last = path.split(".")
        where: Any = rec
        for key in head:
            where = where[int(key)] if isinstance(where, list) else where[key]
        if isinstance(where, list):
            where[int(last)] = value
        else:
            where[last] = value
    return change


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        *head, last = path.split(".")
        where: Any = rec
        for key in head:
            where = where[int(key)] if isinstance(where, list) else where[key]
        del where[int(last) if isinstance(where, list) else last]
    return change


def _actions(*texts: str) -> Callable[[dict[str, Any]], None]:
    from knock_helpers import act

    def change(rec: dict[str, Any]) -> None:
        rec["actions"] = [act(t) for t in texts]
    return change


def _append(*texts: str) -> Callable[[dict[str, Any]], None]:
    from knock_helpers import act

    def change(rec: dict[str, Any]) -> None:
        rec["actions"] += [act(t) for t in texts]
    return change


def _out_b(rec: dict[str, Any]) -> None:
    rec["out"] = ["b"]
    rec["scores"]["b"] = 101


def _swap_stock_card(rec: dict[str, Any]) -> None:
    rec["stock"][5] = rec["stock"][6]


BAD: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    # the game and the seats
    "game of another game": (_set("game", "kille"), "kille"),
    "game not a string": (_set("game", 7), "game"),
    "game spelt differently": (_set("game", "Swedish Knock"), "knock"),
    "no seats": (_drop("seats"), "seats"),
    "seats not a list": (_set("seats", "abc"), "seats"),
    "one seat": (_set("seats", ["a"]), "2 to 5"),
    "six seats": (_set("seats", list("abcdef")), "2 to 5"),
    "a seat twice": (_set("seats", ["a", "b", "b"]), "differ"),
    "an empty seat name": (_set("seats", ["a", "", "c"]), "non-empty"),
    "a seat name that is a number": (_set("seats", ["a", 2, "c"]), "non-empty"),
    # the dealer
    "no dealer": (_drop("dealer"), "dealer"),
    "dealer not a seat": (_set("dealer", "z"), "dealer"),
    "dealer a number": (_set("dealer", 2), "dealer"),
    # scores, stars, skunks
    "scores not an object": (_set("scores", [1, 2, 3]), "scores"),
    "scores of an unknown seat": (_set("scores.z", 3), "not a seat"),
    "a score that is a bool": (_set("scores.a", True), "whole number"),
    "a score that is a float": (_set("scores.a", 1.5), "whole number"),
    "a score that is a whole float": (_set("scores.a", 10.0), "whole number"),
    "a score that is a string": (_set("scores.a", "10"), "whole number"),
    "a negative score": (_set("scores.a", -1), "whole number"),
    "a null score": (_set("scores.a", None), "whole number"),
    "stars of an unknown seat": (_set("stars.z", 1), "not a seat"),
    "a star count that is a float": (_set("stars.b", 1.0), "whole number"),
    "a negative star count": (_set("stars.b", -1), "whole number"),
    "skunks not an object": (_set("skunks", 2), "skunks"),
    "a skunk count that is a bool": (_set("skunks.c", False), "whole number"),
    "skunks of an unknown seat": (_set("skunks.z", 1), "not a seat"),
    # out
    "out not a list": (_set("out", "b"), "out"),
    "out names an unknown seat": (_set("out", ["z"]), "not a seat"),
    "out names a seat twice": (lambda r: (_out_b(r), r.update(out=["b", "b"])), "twice"),
    "out lists a seat at 100 or less": (_set("out", ["b"]), "only over 100"),
    "a total over 100 not listed as out": (_set("scores.b", 101), "should be listed"),
    "fewer than two seats still in": (
        lambda r: (r.update(out=["a", "b"]), r["scores"].update(a=110, b=120)), "game is over"),
    "the dealer is out": (lambda r: (_out_b(r), r.update(dealer="b")), "cannot deal"),
    "cards dealt to a seat that is out": (_out_b, "not a seat still in"),
    # the deal
    "no deal": (_drop("deal"), "deal"),
    "deal not an object": (_set("deal", [A, B, C]), "deal"),
    "a seat without cards": (_drop("deal.c"), "no cards to c"),
    "cards for an unknown seat": (_set("deal.z", ["2C"]), "not a seat still in"),
    "four cards": (_set("deal.a", A[:4]), "4 cards"),
    "six cards": (_set("deal.a", A + ["2C"]), "6 cards"),
    "a hand that is not a list": (_set("deal.a", "AS 3H 5D 9C KS"), "list of 5"),
    "a card written T": (_set("deal.a.4", "TH"), "not a card"),
    "a card written 1": (_set("deal.a.0", "1S"), "not a card"),
    "a card written 11": (_set("deal.a.0", "11S"), "not a card"),
    "a card with spaces": (_set("deal.a.0", " AS"), "not a card"),
    "a card that is a number": (_set("deal.a.0", 7), "not"),
    "a card dealt twice": (_set("deal.b.0", "AS"), "more than once"),
    # the upcard and the stock
    "no upcard": (_drop("upcard"), "upcard"),
    "a bad upcard": (_set("upcard", "9"), "not a card"),
    "the upcard also dealt": (_set("upcard", "AS"), "more than once"),
    "no stock": (_drop("stock"), "stock"),
    "stock not a list": (_set("stock", "4H"), "stock"),
    "a stock card twice": (_swap_stock_card, "more than once"),
    "a card missing": (lambda r: r["stock"].pop(), "missing"),
    "a bad stock card": (_set("stock.3", "XX"), "not a card"),
    # the rules
    "rules not an object": (_set("rules", "house"), "rules"),
    "an unknown option": (_set("rules", {"jokers": True}), "jokers"),
    "an option value it does not take": (_set("rules", {"unused_two": 1}), "2 or 0"),
    # the actions
    "actions not a list": (_set("actions", {"seat": "a"}), "actions"),
    "an action that is no object": (_set("actions.0", "a draw stock"), "action 1"),
    "an action without a seat": (_drop("actions.0.seat"), "seat"),
    "an action without do": (_drop("actions.0.do"), "do"),
    "an unknown verb": (_set("actions.0.do", "pass"), "verb"),
    "an action by an unknown seat": (_set("actions.0.seat", "z"), "not a seat"),
    "a draw without from": (_drop("actions.0.from"), "from"),
    "a draw from nowhere": (_set("actions.0.from", "deck"), "from"),
    "a discard without a card": (_drop("actions.1.card"), "card"),
    "a discard of no card": (_set("actions.1.card", "KX"), "not a card"),
    "an action out of turn": (_actions("b draw stock"), "a's turn"),
    "a discard before the draw": (_actions("a discard KS"), "draw before discarding"),
    "two draws in a turn": (_actions("a draw stock", "a draw discard"), "drawn already"),
    "a knock after the draw": (_actions("a draw stock", "a knock"), "before drawing"),
    "a second knock": (_actions("a knock", "b knock"), "knocked already"),
    "the taken card thrown back": (_actions("a draw discard", "a discard 9H"),
                                   "may not throw it back"),
    "a discard of a card not held": (_actions("a draw stock", "a discard QS"),
                                     "does not hold"),
    "an action after the end": (_append("b draw stock"), "round is over"),
    "a knock in the first round when the rules say no": (
        lambda r: (r.update(rules={"first_round_knock": False})), "first round"),
    "an action by a seat that is out": (
        lambda r: (_out_b(r), r["deal"].pop("b"), r["stock"].extend(B),
                   r.update(actions=[{"seat": "b", "do": "knock"}])), "out of the game"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_every_bad_record_is_refused_with_a_lesson(case: str) -> None:
    change, words = BAD[case]
    rec = good()
    change(rec)
    with pytest.raises(kortspel.KortspelError) as info:
        kortspel.replay(json.loads(json.dumps(rec)))
    assert isinstance(info.value, kortspel.RecordError), type(info.value)
    assert words.lower() in str(info.value).lower(), str(info.value)


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_command_line_refuses_every_bad_record_in_one_line(case: str, tmp_path: Path,
                                                                capsys: Any) -> None:
    change, words = BAD[case]
    rec = good()
    change(rec)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("replay: ") and len(lines[0]) <= 300
    assert words.lower() in lines[0].lower()


def test_bad_records_change_nothing_they_were_given() -> None:
    rec = good()
    _actions("b draw stock")(rec)
    before = copy.deepcopy(rec)
    with pytest.raises(kortspel.RecordError):
        kortspel.replay(rec)
    assert rec == before


def _run(path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "kortspel", "replay", str(path)],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT, env=env,
                          timeout=60)


def test_the_real_command_prints_the_contracts_json(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(good()), encoding="utf-8")
    proc = _run(path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout) == kortspel.replay(good()).result()


def test_the_real_command_refuses_a_bad_record_in_one_line(tmp_path: Path) -> None:
    rec = good()
    rec["deal"]["a"][0] = "TH"
    path = tmp_path / "round.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    proc = _run(path)
    assert proc.returncode == 1 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "not a card" in proc.stderr


def test_an_unfinished_record_on_the_command_line(tmp_path: Path, capsys: Any) -> None:
    rec = good()
    rec["actions"] = rec["actions"][:1]
    path = tmp_path / "round.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is False and out["to_act"] == "a" and out["values"] is None


def test_a_finished_round_replays_the_same_from_every_frame() -> None:
    st = play(good())
    frames = kortspel.frames(good())
    assert frames[-1] == st and len(frames) == len(ACTIONS) + 1
