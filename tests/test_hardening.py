"""Hostile values at every door of every game (issue 19): odd-typed rules options, values
nested thousands deep or thousands of digits long, numbers past the one limit, keywords a
constructor does not take, seat names that are verbs, cards that are not text.

Every refusal must be a ``KortspelError`` whose message says what is allowed, must change
nothing, and on the command line must be one line and a non-zero exit, never a traceback.
Nothing here names a game where it need not: each check runs for every registered game,
the test-only High card (``tests/highcard.py``) included.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kortspel
from kortspel import KortspelError, RecordError, RulesError
from kortspel.__main__ import main

kortspel.register("highcard")

GAMES: list[str] = sorted(set(kortspel.games()) | {"highcard"})
ROOT = Path(__file__).resolve().parents[1]


def nested(depth: int, kind: type = dict) -> Any:
    """A dict (or list) nested ``depth`` levels deep, built without recursion."""
    value: Any = kind()
    for _ in range(depth):
        value = {"x": value} if kind is dict else [value]
    return value


DEEP_DICT = nested(3000)
DEEP_LIST = nested(3000, list)
HUGE_INT = 10 ** 5000
HUGE_TEXT = "Z" * 5_000_000

ODD_VALUES: list[tuple[str, Any]] = [
    ("a list", ["double"]), ("a dict", {"penalty": "double"}), ("a set", {1, 2}),
    ("a dict nested 3,000 deep", DEEP_DICT), ("a list nested 3,000 deep", DEEP_LIST),
    ("a 5,000-digit number", HUGE_INT), ("a 31-digit number", 3 * 10 ** 30),
    ("a float", 2.0), ("None", None), ("an object", object()), ("bytes", b"double"),
    ("5 MB of text", HUGE_TEXT),
]
"""Values no rules option takes: unhashable, nested, huge, of the wrong type."""

JSON_VALUES = [(label, v) for label, v in ODD_VALUES
               if label not in ("a set", "an object", "bytes", "a 5,000-digit number",
                                "a 31-digit number", "5 MB of text")
               and "nested" not in label]
"""The odd values a record file can hold (JSON, within the reader's depth and digits)."""


def refused(call: Callable[[], Any], kind: type[KortspelError] = KortspelError) -> str:
    """``call`` raises ``kind``, with a short message; the message is returned."""
    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    assert message.strip() and len(message) < 400, message[:500]
    return message


def options() -> list[Any]:
    """(game, option) for every rules option of every game."""
    return [pytest.param(g, opt, id=f"{g}-{opt}") for g in GAMES
            for opt in sorted(kortspel.spec(g).options)]


def allowed_words(name: str, option: str) -> list[str]:
    return [str(v) for v in kortspel.spec(name).options[option]]


def cli(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``python -m kortspel replay`` of ``record``, in this process: (exit code, stderr)."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    return code, err


def assert_one_line(code: int, err: str, *words: str) -> None:
    assert code not in (0, 70), (code, err)
    assert "internal error" not in err and "Traceback" not in err, err
    assert len(err.splitlines()) == 1, err
    for word in words:
        assert word in err, (word, err)


# ---------------------------------------------------------------------------------------------
# 1. Rules options of an odd type
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("label,value", ODD_VALUES, ids=[v[0] for v in ODD_VALUES])
@pytest.mark.parametrize("name,option", options())
def test_an_odd_rules_option_is_a_rules_error_naming_the_values(name: str, option: str,
                                                               label: str, value: Any) -> None:
    message = refused(lambda: kortspel.load(name, **{option: value}), RulesError)
    for word in allowed_words(name, option):
        assert word in message, (word, message)
    message = refused(lambda: kortspel.load(name, rules={option: value}), RulesError)
    for word in allowed_words(name, option):
        assert word in message, (word, message)


@pytest.mark.parametrize("name,option", options())
def test_an_odd_rules_option_in_a_record_is_refused_there_and_on_the_command_line(
        name: str, option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = kortspel.load(name).new_hand(seed=1).record()
    for _label, value in JSON_VALUES:
        bad = dict(record, rules={**record.get("rules", {}), option: value})
        message = refused(lambda bad=bad: kortspel.replay(bad), RecordError)
        for word in allowed_words(name, option):
            assert word in message, (word, message)
        code, err = cli(tmp_path, bad, capsys)
        assert_one_line(code, err, *allowed_words(name, option))


def test_the_reported_kopknack_penalty_list_on_the_real_command_line(tmp_path: Path) -> None:
    record = kortspel.load("kopknack", seats=3).new_hand(seed=1).record()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(dict(record, rules={"penalty": ["double"]})), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "kortspel", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert_one_line(proc.returncode, proc.stderr, "'double'", "'single'")


# ---------------------------------------------------------------------------------------------
# 2. Values nested thousands deep, or too large to quote whole
# ---------------------------------------------------------------------------------------------


def action_fields(name: str) -> list[str]:
    """Every field an action object of this game can have: seat, do, each verb's args."""
    codec = kortspel.load(name).codec
    return sorted({"seat", "do"} | {a.name for v in codec.verbs.values() for a in v.args})


def _action_with(state: Any, field: str, value: Any) -> dict[str, Any]:
    """A legal action of the seat to act as a record's object, with ``field`` set to
    ``value`` (and the verb that takes ``field``, when it is an argument)."""
    codec = state.game.codec
    seat = state.to_act if state.to_act in range(len(state.game.names)) else 0
    data: dict[str, Any] = {"seat": state.game.names[seat], "do": next(iter(codec.verbs))}
    for verb in codec.verbs.values():
        if any(a.name == field for a in verb.args):
            data["do"] = verb.name
            break
    data[field] = value
    return data


HOSTILE_VALUES = [("a dict nested 3,000 deep", DEEP_DICT), ("a list nested 3,000 deep", DEEP_LIST),
                  ("a 5,000-digit number", HUGE_INT), ("5 MB of text", HUGE_TEXT),
                  ("a list of 5 MB texts", [HUGE_TEXT, HUGE_TEXT])]


@pytest.mark.parametrize("label,value", HOSTILE_VALUES, ids=[v[0] for v in HOSTILE_VALUES])
@pytest.mark.parametrize("name", GAMES)
def test_a_hostile_value_in_any_action_field_is_a_short_invalid_action_error(
        name: str, label: str, value: Any) -> None:
    game = kortspel.load(name)
    state = game.new_hand(seed=3)
    before = state.clone()
    for field in action_fields(name):
        data = _action_with(state, field, value)
        refused(lambda data=data: state.apply(data), kortspel.InvalidActionError)
        refused(lambda data=data: game.action(data), kortspel.InvalidActionError)
        assert state == before and len(state.events) == len(before.events)
    refused(lambda: state.apply(value), kortspel.InvalidActionError)
    refused(lambda: game.action(value), kortspel.InvalidActionError)
    assert state == before


@pytest.mark.parametrize("name", GAMES)
def test_a_hand_made_action_with_a_huge_argument_is_refused_with_a_short_message(
        name: str) -> None:
    game = kortspel.load(name)
    state = game.new_hand(seed=3)
    before = state.clone()
    seat = state.to_act if state.to_act in range(len(game.names)) else 0
    for verb in game.codec.verbs.values():
        args = tuple((a.name, HUGE_INT) for a in verb.args) or (("zzz", HUGE_INT),)
        act = kortspel.Action(seat, verb.name, game.names[seat], args)
        refused(lambda act=act: state.apply(act))
    assert state == before


def test_quote_is_bounded_for_anything() -> None:
    from kortspel.checks import quote

    class Evil:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    for value in (DEEP_DICT, DEEP_LIST, HUGE_INT, -HUGE_INT, HUGE_TEXT, [HUGE_TEXT] * 1000,
                  Evil(), {Evil(): Evil()}, b"x" * 10_000_000, (HUGE_INT,)):
        text = quote(value)
        assert isinstance(text, str) and 0 < len(text) <= 60, text
    assert quote(["double"]) == repr(["double"])
    assert quote({"a": (1, "b")}) == repr({"a": (1, "b")})
    assert quote(kortspel.Action(0, "play", "a", (("card", "KS"),)), 120) == repr(
        kortspel.Action(0, "play", "a", (("card", "KS"),)))


# ---------------------------------------------------------------------------------------------
# 6. Numbers past the one limit, at every door
# ---------------------------------------------------------------------------------------------

TOO_LONG = [10 ** 20, 3 * 10 ** 30, 10 ** 25, HUGE_INT]
"""Whole numbers of more than 20 digits (the first is the smallest: 21 digits)."""


def says_the_limit(message: str) -> None:
    assert "20 digits" in message or "at most 20" in message, message


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_past_the_limit_is_refused_everywhere(name: str) -> None:
    game = kortspel.load(name)
    make = kortspel.spec(name).match
    for seed in TOO_LONG:
        says_the_limit(refused(lambda seed=seed: game.new_hand(seed=seed)))
        if make is not None:
            says_the_limit(refused(lambda seed=seed: make(game, seed=seed), RulesError))
    game.new_hand(seed=10 ** 20 - 1)  # 20 digits: taken
    game.new_hand(seed=2 ** 64)


def test_kopknack_money_past_the_limit_is_refused_at_every_door() -> None:
    from kortspel.kopknack import KopknackMatch

    game = kortspel.load("kopknack", seats=3)
    for n in TOO_LONG:
        stake = n - n % 3 + 3
        says_the_limit(refused(lambda stake=stake: game.new_hand(stake=stake)))
        says_the_limit(refused(lambda stake=stake: game.new_hand(pot=stake)))
        says_the_limit(refused(lambda stake=stake: KopknackMatch(game, stake=stake), RulesError))
        says_the_limit(refused(lambda n=n: KopknackMatch(game, bank=n), RulesError))
    record = game.new_hand(seed=1).record()
    for field in ("stake", "pot"):
        bad = dict(record, **{field: 3 * 10 ** 30})
        says_the_limit(refused(lambda bad=bad: kortspel.replay(bad), RecordError))


def test_knock_scores_stars_and_skunks_past_the_limit_are_refused() -> None:
    game = kortspel.load("knock", seats=3)
    for field in ("scores", "stars", "skunks"):
        for n in TOO_LONG:
            carry = {field: {"a": n}, **({"out": ["a"]} if field == "scores" else {})}
            says_the_limit(refused(lambda carry=carry: game.new_hand(seed=1, **carry),
                                   RecordError))
            record = dict(game.new_hand(seed=1).record(), **{k: v for k, v in carry.items()})
            says_the_limit(refused(lambda record=record: kortspel.replay(record), RecordError))


def test_a_number_in_an_action_past_the_limit_is_refused() -> None:
    codec = kortspel.ActionCodec("Test", [kortspel.Verb("bid", (kortspel.Arg("n", "int"),))],
                                 ("a", "b"))
    assert codec.from_json({"seat": "a", "do": "bid", "n": 10 ** 20 - 1}).get("n") == 10 ** 20 - 1
    for n in TOO_LONG:
        says_the_limit(refused(lambda n=n: codec.from_json({"seat": "a", "do": "bid", "n": n}),
                               kortspel.InvalidActionError))
    says_the_limit(refused(lambda: codec.from_text("a bid " + "9" * 30, 0),
                           kortspel.InvalidActionError))


def test_the_largest_stake_taken_makes_only_records_the_reader_takes_back() -> None:
    """A number the library takes never turns into one a record file may not hold: the
    largest stake and bank a session takes play deals whose records all read back."""
    from kortspel.checks import largest
    from kortspel.kopknack import KopknackMatch
    from kortspel.kopknack.rules import POT_STAKES
    from kortspel.recordio import parse_record

    game = kortspel.load("kopknack", seats=8)
    stake = largest(POT_STAKES) // 3 * 3
    match = KopknackMatch(game, stake=stake, bank=largest(8), seed=5, length=16)
    bots = [kortspel.RandomBot() for _ in range(8)]
    rng = random.Random(5)
    while not match.is_over:
        kortspel.play_hand(match.hand, bots, rng)
        text = json.dumps(match.hand.record())
        assert kortspel.replay(parse_record(text)) == match.hand
        match.next_hand()
    json.dumps(match.record())


def test_a_record_file_with_a_long_number_is_refused_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = kortspel.load("kopknack", seats=3).new_hand(seed=1).record()
    path = tmp_path / "r.json"
    path.write_text(json.dumps(dict(record, stake=3 * 10 ** 30)), encoding="utf-8")
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert_one_line(code, err, "20")


# ---------------------------------------------------------------------------------------------
# 7. What a match takes, and what a replay view steps to
# ---------------------------------------------------------------------------------------------


def matches() -> list[str]:
    return [g for g in GAMES if kortspel.spec(g).match is not None]


@pytest.mark.parametrize("name", matches())
def test_a_match_refuses_what_it_does_not_take_and_says_what_it_takes(name: str) -> None:
    spec = kortspel.spec(name)
    game = kortspel.load(name)
    allowed = [p for p in spec.match.__init__.__code__.co_varnames  # type: ignore[union-attr]
               if p in ("length", "seed", "dealer", "stake", "bank", "hands")]
    for call in (lambda: spec.match(game, zzz=1), lambda: spec.match(game, "short"),
                 lambda: spec.match(game, 1, 2, tempo=3)):
        message = refused(call, kortspel.MatchError)
        for word in allowed:
            assert f"{word}=" in message, (word, message)
    assert "zzz" in refused(lambda: spec.match(game, seed=1, zzz=1), kortspel.MatchError)
    for seed in (b"x", bytearray(b"x"), 1.5, [1], DEEP_LIST, object()):
        message = refused(lambda seed=seed: spec.match(game, seed=seed), RulesError)
        assert "seed" in message and "text" in message, message
    other = next(g for g in GAMES if g != name)
    message = refused(lambda: spec.match(kortspel.load(other)), kortspel.MatchError)
    assert f"kortspel.load('{name}'" in message, message


def test_the_reported_match_keywords() -> None:
    from kortspel.gnallknekt import GnallknektMatch
    from kortspel.knock import KnockMatch

    message = refused(lambda: KnockMatch(kortspel.load("knock"), length="short"),
                      kortspel.MatchError)
    assert "seed=" in message and "dealer=" in message and "'length'" in message
    message = refused(lambda: GnallknektMatch(kortspel.load("gnallknekt"), stake=3),
                      kortspel.MatchError)
    assert "length=" in message and "'stake'" in message


def test_replay_go_takes_a_step_number_only() -> None:
    pytest.importorskip("ipywidgets")
    from kortspel.widgets.views import Replay

    replay = Replay(kortspel.load("kille", seats=3).new_hand(seed=2).record())
    replay.go(1)
    shown = replay.step
    for bad in (None, "1", 1.0, True, [1], DEEP_DICT):
        message = refused(lambda bad=bad: replay.go(bad))
        assert "step number" in message, message
        assert replay.step == shown
    replay.go(10 ** 6)
    assert replay.step == len(replay.frames) - 1


# ---------------------------------------------------------------------------------------------
# 9. Cards in a record are text
# ---------------------------------------------------------------------------------------------


def card_paths(record: Any, cards: set[str], path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``record`` that holds a card's name (the seats and the dealer aside)."""
    if isinstance(record, str):
        return [path] if record in cards else []
    if isinstance(record, dict):
        items: Any = ((k, v) for k, v in record.items() if k not in ("seats", "dealer", "seat",
                                                                      "game", "do"))
    elif isinstance(record, list):
        items = enumerate(record)
    else:
        return []
    return [p for k, v in items for p in card_paths(v, cards, (*path, k))]


def a_full_record(name: str) -> dict[str, Any]:
    """A finished hand's record with every kind of card field the game has: for a game that
    rebuilds its stock, one whose stock was rebuilt."""
    game = kortspel.load(name)
    bots = [kortspel.RandomBot() for _ in game.names]
    for seed in range(200):
        rng = random.Random(seed)
        record = kortspel.play_hand(game.new_hand(rng=rng), bots, rng).record()
        if "reshuffles" not in record or record["reshuffles"]:
            return record
    raise AssertionError(f"no {name} hand of 200 rebuilt its stock")


@pytest.mark.parametrize("name", GAMES)
def test_a_card_that_is_not_text_is_a_record_error_in_every_card_field(name: str) -> None:
    record = a_full_record(name)
    cards = set(kortspel.load(name).pack())
    paths = card_paths(record, cards)
    fields = {p[0] for p in paths}
    assert fields >= {"deal"} or fields >= {"piles"}, fields
    rng = random.Random(9)
    first = {}
    for p in paths:
        first.setdefault((p[0], len(p)), p)
    chosen = list(first.values()) + rng.sample(paths, min(25, len(paths)))
    for p in chosen:
        card = json.loads(json.dumps(record))
        where = card
        for key in p[:-1]:
            where = where[key]
        text = where[p[-1]]
        for value in (int(text) if text.isdigit() else 1, float(len(text)), None, [text],
                      {"card": text}, True):
            where[p[-1]] = value
            message = refused(lambda card=card: kortspel.replay(card), RecordError)
            assert "card" in message.lower() or "should be" in message, (p, value, message)
        where[p[-1]] = text
    assert kortspel.replay(record).record() == record


def test_the_reported_kille_talon_number() -> None:
    record = kortspel.load("kille", seats=3).new_hand(seed=1).record()
    card = record["talon"][0]
    record["talon"][0] = int(card) if card.isdigit() else 1
    message = refused(lambda: kortspel.replay(record), RecordError)
    assert "text" in message
    record["talon"][0] = card
    kortspel.replay(record)


# ---------------------------------------------------------------------------------------------
# 5. Seats named like a game's own words
# ---------------------------------------------------------------------------------------------


def action_words(name: str) -> list[str]:
    """Every word the game's action texts are made of, but for its seats' names: the verbs,
    the words a person may type for them, the arguments' choices, the empty list's "-", a
    few card names."""
    game = kortspel.load(name)
    codec = game.codec
    words = set(codec.verbs) | set(codec.aliases) | {"-", "chance"}
    for verb in codec.verbs.values():
        for arg in verb.args:
            words |= {str(c) for c in arg.choices}
    words |= set(sorted(set(game.pack()))[:3])
    return sorted(words)


def word_tables() -> list[Any]:
    return [pytest.param(g, w, id=f"{g}-{w}") for g in GAMES for w in action_words(g)]


@pytest.mark.parametrize("name,word", word_tables())
def test_a_seat_named_like_a_word_of_the_game_reads_back_every_legal_action(
        name: str, word: str) -> None:
    spec = kortspel.spec(name)
    seats = spec.bench_seats or min(max(4, spec.seats[0]), spec.seats[1])
    for names in ([word, *[f"s{i}" for i in range(1, seats)]],
                  [*[f"s{i}" for i in range(seats - 1)], word.capitalize()]):
        try:
            game = kortspel.load(name, seats=names)
        except RulesError as err:  # refusing such a name is allowed, with a reason
            assert word in str(err) or "verb" in str(err), str(err)
            continue
        texts_read_back(game, random.Random(len(word) + seats))


def texts_read_back(game: Any, rng: random.Random, steps: int = 120, sample: int = 6) -> None:
    """Over random play, the text of legal actions (``sample`` a step, and one applied)
    reads back to the same action, through ``game.action`` and ``state.apply``."""
    names = game.names
    done = 0
    while done < steps:
        state = game.new_hand(rng=rng)
        while not state.is_over and done < steps:
            seats_acting = [] if state.to_act == kortspel.CHANCE else [state.to_act]
            for seat in seats_acting + state.callers():
                legal = state.legal_actions(seat)
                for act in rng.sample(legal, min(sample, len(legal))):
                    got = game.action(str(act), state.to_act)
                    assert got == act, (names, str(act), got)
                act = rng.choice(legal)
                by_text, by_action = state.clone(), state.clone()
                by_text.apply(str(act))
                by_action.apply(act)
                assert by_text == by_action, (names, str(act))
            kortspel.step(state, [kortspel.RandomBot() for _ in names], rng)
            done += 1


@pytest.mark.parametrize("name", GAMES)
def test_seat_names_of_several_words_read_back_in_every_action(name: str) -> None:
    """A seat's name may have spaces ("Anna Karin"), also where an action names a seat as
    its argument (Gnällknekt's attack on "Anna Karin"'s pile)."""
    spec = kortspel.spec(name)
    seats = spec.bench_seats or min(max(4, spec.seats[0]), spec.seats[1])
    names = [f"Anna Karin {i}" if i % 2 else f"Per {i}" for i in range(seats)]
    texts_read_back(kortspel.load(name, seats=names), random.Random(11), steps=300, sample=40)


def test_the_reported_verb_seats() -> None:
    for name, seats, text, verb in (("knock", ["knock", "b"], "knock draw stock", "draw"),
                                    ("kopknack", ["fold", "b", "c"], "fold knock", "knock"),
                                    ("kille", ["stand", "b", "c"], "stand swap", "swap")):
        game = kortspel.load(name, seats=seats)
        act = game.action(text, game.new_hand(seed=1).to_act)
        assert (act.seat, act.verb) == (0, verb), act
    game = kortspel.load("gnallknekt", seats=["discard", "b", "c"])
    act = game.action("discard discard 3C", 0)
    assert (act.seat, act.verb, act.get("card")) == (0, "discard", "3C")
    act = game.action("discard 3C", 1)  # no seat named: the seat to act discards
    assert (act.seat, act.verb) == (1, "discard")


# ---------------------------------------------------------------------------------------------
# 4. What a state or a match hands out is a copy (the conformance suite checks every state
#    at every step: check_attributes; observations: check_observation_holds_copies)
# ---------------------------------------------------------------------------------------------


def test_the_reported_live_internals_are_copies_now() -> None:
    st = kortspel.load("kopknack", seats=4).new_hand(seed=2)
    before = st.clone()
    st.hands[0].append(st.hands[1][0])
    st.tricks.append(0)
    st.bids[0] = "fold"
    assert st == before and st.zones() == before.zones()
    st = kortspel.load("knock", seats=3).new_hand(seed=2)
    st.apply(st.legal_actions()[0])
    before = st.clone()
    st.actions.clear()
    st.hands[0].clear()
    assert st == before and len(st.record()["actions"]) == 1
    st = kortspel.load("gnallknekt", seats=3).new_hand(seed=2)
    st.lives.pop()
    st.up[0][0].append("AS")
    rng = random.Random(2)
    kortspel.play_hand(st, [kortspel.RandomBot() for _ in range(3)], rng)
    assert st.result()["over"] is True
    st = kortspel.load("kille", seats=3).new_hand(seed=2)
    before = st.clone()
    st.hold[0] = 0
    st.events.clear()
    assert st == before


@pytest.mark.parametrize("name", matches())
def test_nothing_a_match_hands_out_changes_it(name: str) -> None:
    from test_conformance import mutate_everything, public_values

    spec = kortspel.spec(name)
    game = kortspel.load(name)
    match = spec.match(game, seed=4)
    rng = random.Random(4)
    bots = [kortspel.RandomBot() for _ in game.names]
    summaries = []
    for _ in range(3):
        if match.is_over:
            break
        kortspel.play_hand(match.hand, bots, rng)
        summaries.append(match.next_hand())
    record = json.dumps(match.record(), sort_keys=True)
    standings = match.standings()
    lengths = dict(getattr(spec.match, "LENGTHS", None) or {})
    for value in [*public_values(match).values(), summaries, match.record(),
                  match.standings()]:
        mutate_everything(value, game)
    assert json.dumps(match.record(), sort_keys=True) == record
    assert match.standings() == standings
    # What every match shares (its menu of lengths) is read-only: emptying it once emptied
    # the play page's Match menu for every later match in the kernel.
    assert dict(getattr(spec.match, "LENGTHS", None) or {}) == lengths


@pytest.mark.parametrize("name", GAMES)
def test_a_huge_number_anywhere_a_number_is_taken_is_a_short_kortspel_error(name: str) -> None:
    """Python cannot even write a 5,000-digit number (``str`` raises ``ValueError``): every
    message that names a refused number must quote it safely."""
    spec = kortspel.spec(name)
    game = kortspel.load(name)
    for n in (HUGE_INT, -HUGE_INT):
        refused(lambda n=n: kortspel.load(name, seats=n), RulesError)
        refused(lambda n=n: game.new_hand(seed=1).legal_actions(n))
        refused(lambda n=n: game.new_hand(seed=1).observation(n))
        if spec.match is not None:
            for key in ("length", "dealer"):
                if key in spec.match.__init__.__code__.co_varnames:  # type: ignore[union-attr]
                    refused(lambda n=n, key=key: spec.match(game, **{key: n}))
            match = spec.match(game, seed=1)
            refused(lambda n=n, match=match: match.undo(n))
