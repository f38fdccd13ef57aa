"""Gnällknekt records: the worked games replay to what their notes say, the replay output is
the contract's, and every way a record can be bad is refused, by the engine with a
``RecordError`` that says what the field should be, and by the command line in one line.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gnallknekt_helpers import deal

import kortspel
from kortspel import CHANCE, KortspelError, RecordError
from kortspel.__main__ import main

EXPECTED = {"first-turn", "jacks-one-at-a-time", "pair-against-pair", "stock-rebuilt",
            "knocked-out", "endgame-win", "endgame-draw", "the-cards-run-out"}
RESULT_KEYS = ["game", "piles", "lives", "hands", "out", "over", "winner", "draw", "phase",
               "to_act"]


def example(name: str) -> dict[str, Any]:
    return kortspel.example(name, "gnallknekt")


def replay(name: str) -> Any:
    return kortspel.replay(example(name))


def kinds(st: Any) -> list[str]:
    return [e.kind for e in st.events]


# -- the worked games --------------------------------------------------------------------------

def test_the_worked_games_are_listed() -> None:
    assert set(kortspel.examples("gnallknekt")) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_worked_game_has_its_notes_and_replays_frame_by_frame(name: str) -> None:
    rec = example(name)
    assert rec["game"] == "gnallknekt"
    assert isinstance(rec["title"], str) and rec["title"].strip()
    for key in ("intro", "summary"):
        assert isinstance(rec[key], str) and len(rec[key].split()) > 8, f"{name}: {key}"
    assert rec["actions"]
    for i, a in enumerate(rec["actions"]):
        assert isinstance(a.get("comment"), str) and a["comment"].strip(), f"{name} {i + 1}"
    st = kortspel.replay(rec)
    frames = kortspel.frames(rec)
    assert frames[-1] == st and len(frames) == len(st.actions) + 1


def test_first_turn_shows_the_aces_two_faces_and_a_pair_made_by_defending() -> None:
    st = replay("first-turn")
    res = st.result()
    assert res["over"] is False and res["to_act"] == "c"
    assert st.out_cards[:2] == ["2S", "AS"], "a 2♠ took the A♠ lying on b's pile"
    assert st.target(0, 0) == ("5C", "5D")
    assert st.discard == ["3C"] and [a.verb for a in st.actions].count("attack") == 2


def test_jacks_one_at_a_time_takes_two_jacks_with_two_attacks() -> None:
    st = replay("jacks-one-at-a-time")
    attacks = [e.data for e in st.events if e.kind == "attack"]
    assert [(d[1], d[5]) for d in attacks] == [(("JS",), ("JD",)), (("JH",), ("JC",))]
    assert all(d[3:5] == (0, 0) for d in attacks)  # both on a's first pile
    assert "turn_up" in kinds(st)


def test_pair_against_pair_beats_a_pair_with_a_higher_pair_and_a_king_with_a_low_pair() -> None:
    st = replay("pair-against-pair")
    attacks = [e.data for e in st.events if e.kind == "attack"]
    assert attacks[0][1] == ("9S", "9H") and attacks[0][5] == ("7C", "7D")
    assert attacks[1][1] == ("6S", "6H") and attacks[1][5] == ("KD",)
    assert st.actions[-1].verb == "end"


def test_stock_rebuilt_is_a_chance_turn_the_record_keeps() -> None:
    rec = example("stock-rebuilt")
    assert len(rec["reshuffles"]) == 1
    frames = kortspel.frames(rec)
    at = next(i for i, f in enumerate(frames) if f.to_act == CHANCE)
    before = frames[at]
    assert sorted(rec["reshuffles"][0]) == sorted(before.out_cards + before.discard[:-1])
    after = frames[at + 1]
    assert after.discard == before.discard[-1:] and after.out_cards == []
    assert "reshuffle" in kinds(after)


def test_knocked_out_b_is_out_and_skipped() -> None:
    st = replay("knocked-out")
    res = st.result()
    assert res["out"] == ["b"] and res["lives"]["b"] == 0 and res["hands"]["b"] == []
    i = kinds(st).index("out")
    turns = [e.data[0] for e in st.events[i:] if e.kind == "turn"]
    assert 1 not in turns and len(turns) >= 3


def test_endgame_win_ends_with_a_winning() -> None:
    res = replay("endgame-win").result()
    assert res["over"] is True and res["winner"] == "a" and res["draw"] is None
    assert res["out"] == ["c", "b"] and res["to_act"] is None
    assert res["phase"] in ("two-left", "last-rounds")


def test_endgame_draw_ends_drawn_after_the_last_rounds() -> None:
    st = replay("endgame-draw")
    res = st.result()
    assert res["over"] is True and res["winner"] is None and res["draw"] == ["a", "b"]
    assert res["phase"] == "last-rounds" and kinds(st)[-1] == "tie"
    assert "last_rounds" in kinds(st) and "two_left" in kinds(st)


def test_the_cards_run_out_reaches_a_short_draw() -> None:
    st = replay("the-cards-run-out")
    assert "short" in kinds(st) and not st.out_cards
    assert len(example("the-cards-run-out")["reshuffles"]) >= 1


@pytest.mark.parametrize("name", ["first-turn", "endgame-draw"])
def test_the_command_line_prints_the_result(name: str, tmp_path: Any,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(example(name)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == replay(name).result() and list(out) == RESULT_KEYS


# -- the replay output ------------------------------------------------------------------------

def test_the_result_is_the_contracts_json_in_its_order() -> None:
    """Contract: per-seat fields keyed by seat name; the fields in order; ``over: false``
    with ``to_act`` while the game goes on, ``null`` winner and draw."""
    st = kortspel.replay(deal(seats=("x", "y", "z")))
    res = st.result()
    assert list(res) == RESULT_KEYS
    assert list(res["piles"]) == ["x", "y", "z"] and list(res["hands"]) == ["x", "y", "z"]
    assert res["over"] is False and res["to_act"] == "x"
    assert res["winner"] is None and res["draw"] is None and res["out"] == []
    assert all(p == {"down": 3, "up": [p["up"][0]]} for p in res["piles"]["y"])


def test_a_random_game_replays_from_its_record_through_json() -> None:
    rng = random.Random(2)
    game = kortspel.load("gnallknekt", seats=5, draw="piles")
    st = kortspel.play_hand(game.new_hand(rng=rng), [kortspel.RandomBot()] * 5, rng)
    rec = json.loads(json.dumps(st.record()))
    assert rec["rules"] == {"draw": "piles"}
    assert kortspel.replay(rec) == st
    assert "rules" not in kortspel.load("gnallknekt").new_hand(seed=1).record()


def test_a_snapshot_taken_at_the_rebuild_replays_to_it() -> None:
    """A record written while the rebuilt stock waits for its order says so
    (``awaiting_reshuffle``) and replays to that moment; without the mark it is bad."""
    rec = example("stock-rebuilt")
    frames = kortspel.frames(rec)
    waiting = next(f for f in frames if f.to_act == CHANCE)
    snap = waiting.record()
    assert snap["awaiting_reshuffle"] is True and snap["reshuffles"] == []
    assert kortspel.replay(snap) == waiting
    del snap["awaiting_reshuffle"]
    with pytest.raises(RecordError, match="has no entry 1"):
        kortspel.replay(snap)


# -- bad records ---------------------------------------------------------------------------------

def good() -> dict[str, Any]:
    return copy.deepcopy(example("first-turn"))


def edit(path: str, value: Any) -> dict[str, Any]:
    """The good record with one field changed: ``"piles.a.0"``; ``value`` ``...`` deletes."""
    rec = good()
    *parts, last = path.split(".")
    node: Any = rec
    for p in parts:
        node = node[int(p)] if isinstance(node, list) else node[p]
    key: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return rec


def with_action(a: dict[str, Any], at: int | None = None) -> dict[str, Any]:
    rec = good()
    rec["actions"] = rec["actions"][:at] if at is not None else rec["actions"]
    rec["actions"].append(a)
    return rec


def swap_pack(rec: dict[str, Any]) -> dict[str, Any]:
    rec["stock"][0] = rec["stock"][1]  # one card three times, another once
    return rec


BAD: list[tuple[str, Any, str]] = [
    ("game spelt otherwise", lambda: edit("game", "Gnällknekt"), "written exactly so"),
    ("seats not a list", lambda: edit("seats", "abc"), "'seats' should be a list"),
    ("two seats", lambda: edit("seats", ["a", "b"]), "3 to 5 seats"),
    ("six seats", lambda: edit("seats", list("abcdef")), "3 to 5 seats"),
    ("seats the same", lambda: edit("seats", ["a", "a", "c"]), "must differ"),
    ("an empty seat name", lambda: edit("seats", ["a", "", "c"]), "non-empty"),
    ("a seat that is a number", lambda: edit("seats", ["a", 2, "c"]), "non-empty string"),
    ("no dealer", lambda: edit("dealer", ...), "no 'dealer' field"),
    ("a dealer not seated", lambda: edit("dealer", "z"), "not one of the seats"),
    ("a dealer that is a number", lambda: edit("dealer", 0), "'dealer' should be a str"),
    ("no piles", lambda: edit("piles", ...), "no 'piles' field"),
    ("piles not an object", lambda: edit("piles", []), "'piles' should be a dict"),
    ("a seat without piles", lambda: edit("piles.b", ...), "give nothing to b"),
    ("piles of an unknown seat", lambda: edit("piles.z", [["2C"] * 4] * 3), "z, who is not"),
    ("two piles", lambda: edit("piles.a", good()["piles"]["a"][:2]), "three piles"),
    ("a pile of three", lambda: edit("piles.a.0", ["2S", "3S", "5C"]), "four cards"),
    ("a pile that is text", lambda: edit("piles.a.0", "2S 3S 4S 5C"), "four cards"),
    ("a card spelt T", lambda: edit("piles.a.0.0", "TS"), "a's pile 0: 'TS' is not a card"),
    ("a card spelt 1", lambda: edit("piles.a.0.0", "1S"), "is not a card"),
    ("a card spelt 11", lambda: edit("piles.a.0.0", "11S"), "is not a card"),
    ("a card with a space", lambda: edit("piles.a.0.0", " 2S"), "is not a card"),
    ("a card that is a number", lambda: edit("stock.0", 7), "stock card 1"),
    ("no stock", lambda: edit("stock", ...), "no 'stock' field"),
    ("a card three times", lambda: swap_pack(good()), "each card exactly twice"),
    ("a card missing", lambda: edit("stock", good()["stock"][:-1]), "missing"),
    ("reshuffles not a list", lambda: edit("reshuffles", {}), "'reshuffles' should be a list"),
    ("actions not a list", lambda: edit("actions", {}), "'actions' should be a list"),
    ("a title that is not text", lambda: edit("title", 3), "'title' should be text"),
    ("a comment that is not text", lambda: edit("actions.0.comment", ["x"]), "comment"),
    ("an action that is not an object", lambda: edit("actions.0", "a draw stock"),
     "should be an object"),
    ("an action without a seat", lambda: edit("actions.0.seat", ...), "no 'seat' field"),
    ("an action without do", lambda: edit("actions.0.do", ...), "no 'do' field"),
    ("an unknown verb", lambda: edit("actions.0.do", "steal"), "not a Gnällknekt verb"),
    ("a verb in capitals", lambda: edit("actions.0.do", "Draw"), "not a Gnällknekt verb"),
    ("from in capitals", lambda: edit("actions.0.from", "Stock"), "'from' should be one of"),
    ("an unknown seat", lambda: edit("actions.0.seat", "z"), "not a seat at this table"),
    ("a draw without from", lambda: edit("actions.0.from", ...), "needs a 'from' field"),
    ("cards that are text", lambda: edit("actions.4.cards", "2S"), "list of cards"),
    ("no cards", lambda: edit("actions.4.cards", []), "list of cards"),
    ("a pile index of 3", lambda: edit("actions.4.pile", 3), "'pile' should be one of"),
    ("a pile index as text", lambda: edit("actions.4.pile", "1"), "'pile' should be one of"),
    ("a pile index of 1.0", lambda: edit("actions.4.pile", 1.0), "'pile' should be one of"),
    ("a pile index of true", lambda: edit("actions.4.pile", True), "'pile' should be one of"),
    ("a from of 3", lambda: edit("actions.4.from", 3), "'from' should be one of"),
    ("a target not seated", lambda: edit("actions.4.target", "z"), "'target' should be"),
    ("an action out of turn", lambda: edit("actions.0.seat", "b"), "it is a's turn"),
    ("a draw from the empty discard pile", lambda: edit("actions.0.from", "discard"),
     "action 1 (a draw discard): a cannot draw from the discard: the discard pile is empty"),
    ("a move before the draws are done", lambda: with_action(
        {"seat": "a", "do": "discard", "card": "AH"}, at=1), "a draws first"),
    ("a card not held", lambda: edit("actions.6.card", "KS"), "holds no K♠"),
    ("three moves", lambda: with_action({"seat": "a", "do": "defend", "cards": ["AH"],
                                         "pile": 2}, at=6), "at most two moves"),
    ("an attack that does not beat", lambda: edit("actions.4.pile", 2),
     "does not beat Q♣"),
]


@pytest.mark.parametrize("label,make,words", BAD, ids=[b[0] for b in BAD])
def test_a_bad_record_is_refused_with_a_lesson(label: str, make: Any, words: str,
                                               tmp_path: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    rec = make()
    with pytest.raises(KortspelError) as err:
        kortspel.replay(rec)
    assert isinstance(err.value, RecordError), type(err.value)
    assert words in str(err.value), str(err.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    got = capsys.readouterr()
    assert got.out == "" and got.err.count("\n") == 1 and "Traceback" not in got.err


def test_an_action_after_the_game_is_over_is_a_bad_record(tmp_path: Any,
                                                          capsys: Any) -> None:
    """Rule 11: any action after the game is over is a bad record."""
    rec = example("endgame-win")
    rec["actions"].append({"seat": "a", "do": "discard", "card": "2C"})
    with pytest.raises(RecordError, match=f"action {len(rec['actions'])} .*the game is over"):
        kortspel.replay(rec)
    path = tmp_path / "late.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "the game is over" in capsys.readouterr().err


def test_a_missing_or_wrong_reshuffle_is_a_bad_record() -> None:
    """Rule 12: no entry, an entry that is not a list, or other cards: a bad record."""
    rec = example("stock-rebuilt")
    for entries, words in (([], "no entry 1"), ([{"x": 1}], "should be a list of cards"),
                           ([["ZZ"]], "reshuffle 1: 'ZZ' is not a card"),
                           ([rec["reshuffles"][0][1:]], "must hold exactly")):
        bad = dict(rec, reshuffles=entries)
        with pytest.raises(RecordError, match=words):
            kortspel.replay(bad)


def test_cards_and_verbs_are_read_as_the_contract_says() -> None:
    """Cards case-insensitive, ``do`` and ``from`` exact; unknown fields ignored."""
    rec = good()
    rec["actions"][4]["cards"] = ["2s"]
    rec["piles"]["a"][0][3] = "5c"
    rec["extra"] = {"anything": [1, 2]}
    rec["actions"][0]["note"] = "ignored"
    assert kortspel.replay(rec) == kortspel.replay(good())


# -- the builder ------------------------------------------------------------------------------

def test_the_shipped_records_are_what_the_builder_makes() -> None:
    """tools/gnallknekt_records.py describes every worked game; its --check rebuilds them
    through the engine and names any shipped file that differs, so the two never drift."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(root / "tools" / "gnallknekt_records.py"),
                           "--check"], capture_output=True, text=True, cwd=root, timeout=300)
    assert done.returncode == 0, done.stderr


def test_no_worked_comment_repeats_the_narration() -> None:
    """A comment teaches (why, which rule, what to notice); what happened the replay already
    says, so no comment is the engine's narration of its own action."""
    for name in sorted(EXPECTED):
        rec = example(name)
        frames = kortspel.frames(rec)
        notes = iter(a["comment"] for a in rec["actions"])
        for i, act in enumerate(frames[-1].actions):
            if act.seat == CHANCE:
                continue
            said = " ".join(e.text for e in frames[i + 1].events[len(frames[i].events):])
            comment = next(notes)
            assert not said or _words(said) not in _words(comment), (name, i + 1, comment)


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^\w♠♥♦♣]+", " ", text.lower()).split())
