"""The game-neutral core: actions with arguments, the codec's strict records and lenient text,
frozen events and the fold over zones, the registry, and hostile input refused with a
``KortspelError`` that says what is allowed."""

from __future__ import annotations

import json
import random

import pytest

import kortspel
from kortspel import (
    CHANCE,
    Action,
    ActionCodec,
    Arg,
    InvalidActionError,
    KortspelError,
    RecordError,
    UnknownGameError,
    Verb,
)
from kortspel.events import (
    DISCARD,
    STOCK,
    Event,
    Fact,
    Knowledge,
    Move,
    Place,
    Reveal,
    Swap,
    Zone,
    fold,
    hand,
)


def parse_card(text: str) -> str:
    card = text.strip().upper()
    if card not in {"KS", "QS", "9H", "9D", "2C"}:
        raise InvalidActionError(f"{text!r} is not a card here")
    return card


@pytest.fixture
def codec() -> ActionCodec:
    verbs = [
        Verb("knock"),
        Verb("draw", (Arg("from", "choice", ("stock", "discard")),)),
        Verb("discard", (Arg("card", "card"),)),
        Verb("attack", (Arg("cards", "cards"), Arg("target", "seat"),
                        Arg("pile", "int", (0, 1, 2)))),
    ]
    return ActionCodec("Test", verbs, ["a", "b", "Anna Karin"], parse_card,
                       aliases={"knacka": "knock"})


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


def test_an_action_is_a_frozen_value_with_arguments(codec: ActionCodec) -> None:
    act = codec.make(0, "discard", card="KS")
    assert act == Action(0, "discard", "a", (("card", "KS"),))
    assert act.get("card") == "KS" and act.get("pile") is None
    assert str(act) == "a discard KS"
    assert act.to_json() == {"seat": "a", "do": "discard", "card": "KS"}
    with pytest.raises(AttributeError):
        act.verb = "knock"  # type: ignore[misc]
    assert hash(act) == hash(codec.make(0, "discard", card="KS"))


@pytest.mark.parametrize("args", [
    ("a", "swap", "a"), (1.0, "swap", "b"), (None, "swap", "b"), (True, "swap", "b"),
    (0, "", "a"), (0, 5, "a"), (0, "swap", 7), (0, "swap", "a", [("card", "KS")]),
    (0, "swap", "a", (("card", ["KS"]),)), (0, "swap", "a", (("card", True),)),
    (0, "swap", "a", (("", "KS"),)), (0, "swap", "a", (("card",),)),
])
def test_an_action_that_cannot_be_one_is_refused_when_made(args: tuple) -> None:
    with pytest.raises(InvalidActionError):
        Action(*args)


def test_json_round_trip_for_every_argument_kind(codec: ActionCodec) -> None:
    for act in (codec.make(1, "knock"), codec.make(0, "draw", **{"from": "discard"}),
                codec.make(2, "discard", card="9H"),
                codec.make(0, "attack", cards=("9H", "9D"), target="b", pile=2)):
        data = json.loads(json.dumps(act.to_json()))
        assert codec.from_json(data) == act
        assert codec.from_text(str(act), None) == act


def test_records_are_exact_and_text_is_forgiving(codec: ActionCodec) -> None:
    assert codec.from_json({"seat": "a", "do": "discard", "card": "ks"}).get("card") == "KS"
    assert codec.from_json({"seat": "a", "do": "knock", "comment": "why"}) == codec.make(
        0, "knock")
    for bad, words in [
        ({"seat": "", "do": "knock"}, "'' is not a seat"),
        ({"seat": " a", "do": "knock"}, "is not a seat"),
        ({"seat": "a", "do": " knock "}, "' knock ' is not a Test verb"),
        ({"seat": "a", "do": "Knock"}, "is not a Test verb"),
        ({"seat": "a", "do": "knacka"}, "is not a Test verb"),
        ({"seat": "a"}, "no 'do' field"),
        ({"do": "knock"}, "no 'seat' field"),
        ({"seat": "a", "do": "discard"}, "needs a 'card' field"),
        ({"seat": "a", "do": "discard", "card": 7}, "'card' should be a card"),
        ({"seat": "a", "do": "discard", "card": "JJ"}, "'JJ' is not a card here"),
        ({"seat": "a", "do": "draw", "from": "deck"}, "one of 'stock', 'discard'"),
        ({"seat": "a", "do": "attack", "cards": [], "target": "b", "pile": 0}, "list of cards"),
        ({"seat": "a", "do": "attack", "cards": ["KS"], "target": "z", "pile": 0}, "a seat"),
        ({"seat": "a", "do": "attack", "cards": ["KS"], "target": "b", "pile": 3}, "one of 0"),
        ({"seat": "a", "do": "attack", "cards": ["KS"], "target": "b", "pile": True},
         "one of 0"),
        (["a", "knock"], "should be an object"),
    ]:
        with pytest.raises(InvalidActionError, match=words):
            codec.from_json(bad)
    assert codec.from_text("knacka", 1) == codec.make(1, "knock")
    assert codec.from_text("  Anna Karin   DISCARD ks ", None) == codec.make(
        2, "discard", card="KS")
    assert codec.from_text("b draw from=stock", None) == codec.make(1, "draw", **{"from": "stock"})


@pytest.mark.parametrize("text,words", [
    ("", "an empty text is not a Test action"),
    ("dance", "'dance' is not a Test verb"),
    ("z knock", "'z' is not a seat"),
    ("Anna knock", "'Anna' is not a seat"),
    ("a knock now", "'knock' takes nothing after it"),
    ("a discard", "needs a .card."),
    ("a discard KS QS", "takes card after it"),
    ("a draw from=deck", "one of 'stock', 'discard'"),
    ("a draw to=stock", "has no argument 'to'"),
])
def test_bad_text_says_what_is_wrong(codec: ActionCodec, text: str, words: str) -> None:
    with pytest.raises(InvalidActionError, match=words):
        codec.from_text(text, 0)


def test_text_for_a_chance_turn_or_a_finished_hand_is_refused(codec: ActionCodec) -> None:
    with pytest.raises(InvalidActionError, match="sample_chance"):
        codec.from_text("knock", CHANCE)
    with pytest.raises(kortspel.HandOverError):
        codec.from_text("knock", None)


def test_check_refuses_hand_made_actions_the_table_could_not_make(codec: ActionCodec) -> None:
    codec.check(codec.make(0, "discard", card="KS"))
    for act, words in [
        (Action(5, "knock", "a"), "seat 5"),
        (Action(0, "knock", "b"), "seat 0 is 'a'"),
        (Action(0, "fold", "a"), "not a Test verb"),
        (Action(0, "discard", "a"), "takes the arguments"),
        (Action(0, "discard", "a", (("card", "ks"),)), "write the card names"),
    ]:
        with pytest.raises(InvalidActionError, match=words):
            codec.check(act)


# ---------------------------------------------------------------------------------------------
# Events, zones and the fold
# ---------------------------------------------------------------------------------------------


def test_events_and_effects_cannot_be_changed() -> None:
    e = Event("dealt", "a is dealt a 4.", (0,), (Reveal(hand(0), 0, "4"),))
    with pytest.raises(AttributeError):
        e.visible = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        e.effects[0].card = "Kuku"  # type: ignore[misc]
    assert e.visible_to(0) and not e.visible_to(1) and not e.public


def test_the_fold_follows_cards_a_seat_knows_and_skips_what_it_did_not_see() -> None:
    events = [
        Event("deal", "deal", None, (Place(hand(0), (None,)), Place(hand(1), (None,)),
                                     Place(Zone(STOCK), (None, None, None)))),
        Event("dealt", "a sees", (0,), (Reveal(hand(0), 0, "KS"),)),
        Event("dealt", "b sees", (1,), (Reveal(hand(1), 0, "9H"),)),
        Event("swap", "swap", None, (Swap(hand(0), hand(1)),)),
        Event("discard", "b shows", None, (Move(hand(1), Zone(DISCARD), 1, True),
                                           Reveal(Zone(DISCARD), -1, "KS", True))),
        Event("draw", "b draws", None, (Move(Zone(STOCK), hand(1)),)),
        Event("life", "a loses", None, (Fact("life", 0),)),
    ]
    a, b, onlooker = fold(events, 0), fold(events, 1), fold(events, None)
    assert a.names(hand(1)) == (None,)  # a's KS went to b and was discarded
    assert a.names(hand(0)) == (None,) and b.names(hand(0)) == ("9H",)  # b follows its 9H
    assert a.top(Zone(DISCARD)) == onlooker.top(Zone(DISCARD))
    assert [c.name for c in onlooker.cards(Zone(DISCARD))] == ["KS"]
    assert onlooker.cards(Zone(DISCARD))[0].face_up
    assert a.count(Zone(STOCK)) == 2 and b.count(hand(1)) == 1
    assert [f.seat for f in a.facts("life")] == [0]
    assert "9H" not in json.dumps(a.view()) and "9H" in json.dumps(b.view())


def test_the_same_card_keeps_its_uid_wherever_it_goes() -> None:
    k = Knowledge(0)
    k.apply(Place(hand(0), ("4",)))
    uid = k.cards(hand(0))[0].uid
    k.apply(Swap(hand(0), hand(1)))
    k.apply(Swap(hand(0), hand(1)))
    assert k.cards(hand(0))[0].uid == uid


# ---------------------------------------------------------------------------------------------
# Kille's events through the protocol: nothing handed out changes the state
# ---------------------------------------------------------------------------------------------


def test_a_bot_cannot_unhide_a_card_by_editing_an_event_it_was_given() -> None:
    game = kortspel.load("kille", seats=3)
    st = game.new_hand(seed=4)
    obs = st.observation(1)
    dealt = [e for e in obs.events if e.kind == "dealt"][0]
    with pytest.raises(AttributeError):
        dealt.visible = None  # type: ignore[misc]
    obs.events.clear()
    assert st.observation(2).known.keys() == {2}
    again = game.new_hand(seed=4)  # the same events are shared between hands of a table
    assert again.observation(2).known.keys() == {2}


def test_a_clone_never_shares_anything_mutable_with_its_original() -> None:
    st = kortspel.replay(kortspel.example("hussar"))
    before = st.result()
    c = st.clone()
    with pytest.raises(TypeError):
        c.outcome.struck[0] = "Husu"  # type: ignore[index]
    c._struck[0] = "Husu"  # the clone's own internals: the original keeps its own
    c._hold[0] = 0
    assert st.result() == before


# ---------------------------------------------------------------------------------------------
# The registry and hostile input
# ---------------------------------------------------------------------------------------------


def test_the_registry_loads_games_lazily_by_any_of_their_names() -> None:
    assert "kille" in kortspel.games()
    assert kortspel.spec("KILLE").title == "Kille"
    assert kortspel.load("Kille", seats=3).seats == 3
    assert kortspel.kille.KilleGame is type(kortspel.load("kille"))
    with pytest.raises(AttributeError):
        kortspel.poker  # noqa: B018


@pytest.mark.parametrize("call,words", [
    (lambda: kortspel.load(123), "a game is named by text"),
    (lambda: kortspel.load(None), "a game is named by text"),
    (lambda: kortspel.load("poker"), "no game called 'poker'"),
    (lambda: kortspel.load("kille", seats=True), "number of players"),
    (lambda: kortspel.load("kille", seats=5.0), "number of players"),
    (lambda: kortspel.load("kille", seats=None), "number of players"),
    (lambda: kortspel.load("kille", seats="abcde"), "number of players"),
    (lambda: kortspel.load("kille", seats=9), "2 to 8 seats"),
    (lambda: kortspel.load("kille", seats=3, names="abc"), "list of 3 seat names"),
    (lambda: kortspel.load("kille", rules="abc"), "options by name"),
    (lambda: kortspel.load("kille", lives=0), "lives must be a whole number"),
    (lambda: kortspel.load("kille").new_hand(seed=[1]), "a seed is a whole number or text"),
    (lambda: kortspel.load("kille").new_hand(seed=1.5), "a seed is a whole number or text"),
    (lambda: kortspel.load("kille").new_hand(rng=7), "rng is a random.Random"),
    (lambda: kortspel.load("kille").new_hand(seed=1).legal_actions(99), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).legal_actions(-1), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).observation(99), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).observation(None), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).observation("a"), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).card(-1), "0 to 4"),
    (lambda: kortspel.load("kille").new_hand(seed=1).apply(Action("a", "swap", "a")),
     "seat's number"),
    (lambda: kortspel.kille.KilleMatch(kortspel.load("kille"), seed=[1]), "a seed"),
    (lambda: kortspel.kille.KilleMatch(kortspel.load("kille"), dealer="z"), "not a seat"),
    (lambda: kortspel.kille.KilleMatch(kortspel.load("kille"), dealer=5), "dealer is a seat"),
    (lambda: kortspel.kille.KilleMatch("kille"), "at a Kille table"),
    (lambda: kortspel.examples("nope"), "no game called 'nope'"),
    (lambda: kortspel.example("../x"), "no worked Kille hand called '../x'"),
    (lambda: kortspel.example("../../pyproject"), "no worked Kille hand"),
    (lambda: kortspel.example(None), "no worked Kille hand"),
    (lambda: kortspel.bot_for("kille", "oracle"), "the bots are: random, heuristic"),
    (lambda: kortspel.replay({"seats": ["a", "b"]}), "no 'game' field"),
    (lambda: kortspel.replay([]), "a record is a JSON object"),
    (lambda: kortspel.replay(kortspel.example("hussar"), upto=-1), "upto counts actions"),
    (lambda: kortspel.play_hand(kortspel.load("kille").new_hand(seed=1), [], random.Random()),
     "one bot per seat"),
])
def test_hostile_input_is_refused_with_a_kortspel_error(call, words: str) -> None:
    with pytest.raises(KortspelError, match=words):
        call()


def test_unknown_games_in_records_are_record_errors() -> None:
    with pytest.raises(RecordError, match="no game called"):
        kortspel.replay({"game": "poker"})
    assert issubclass(UnknownGameError, KortspelError)


def test_a_record_that_stops_early_replays_and_says_who_is_to_act() -> None:
    rec = kortspel.example("horse-and-cuckoo")
    rec["actions"] = rec["actions"][:1]
    out = kortspel.replay(rec).result()
    assert out["over"] is False and out["to_act"] == "c" and out["game"] == "kille"
    assert len(kortspel.frames(rec)) == 2


def test_kille_has_no_chance_turns() -> None:
    st = kortspel.load("kille").new_hand(seed=1)
    with pytest.raises(kortspel.IllegalActionError, match="no chance turns"):
        st.sample_chance(random.Random(1))


def test_play_hand_plays_any_registered_game_to_its_end() -> None:
    rng = random.Random(5)
    for name in kortspel.games():
        game = kortspel.load(name)
        bots = [kortspel.bot_for(name, "random") for _ in game.names]
        st = kortspel.play_hand(game.new_hand(rng=rng), bots, rng)
        assert st.is_over and st.result()["game"] == name


def test_a_shuffle_makes_known_cards_unknown_again() -> None:
    from kortspel.events import Shuffle

    k = fold([Event("r", "", None, (Place(Zone(DISCARD), ("3", "5", "6"), True),
                                    Move(Zone(DISCARD), Zone(STOCK), 2, False, 0),
                                    Shuffle(Zone(STOCK))))], 0)
    assert k.names(Zone(STOCK)) == (None, None) and k.names(Zone(DISCARD)) == ("6",)
