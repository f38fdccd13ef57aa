"""One test (or a few) per rule of the Swedish Knock text and per numbered decision of the
contract (``docs/rules/knock.md`` restates both). Each round is an explicit deal played
through the record form (``knock_helpers.record``), and each test asserts exactly what the
rule calls for, so it fails if the rule breaks. "Seed" in a docstring means the rule text,
"rule N" the contract's numbered decision N.
"""

from __future__ import annotations

import random

import pytest
from knock_helpers import kinds, play, record, texts, whole_turns

import kortspel
from kortspel import CHANCE, IllegalActionError, NotYourTurnError
from kortspel.knock import (
    KnockMatch,
    cut_for_dealer,
    hand_value,
    highest_cut,
    settle,
    star_penalty,
)
from kortspel.knock.cards import card_id

A = ["AS", "3H", "5D", "9C", "KS"]  # 31
B = ["4S", "6H", "8D", "10C", "QS"]  # 40
C = ["3S", "5H", "8H", "JC", "KH"]  # 40
D = ["7C", "8S", "10S", "JH", "KD"]  # 49
THREE = {"a": A, "b": B, "c": C}


def three(*actions: str, **kw):
    return record(THREE, "9H", *actions, stock=kw.pop("stock", ["4H", "6D", "8C"]), **kw)


def seat_names(state, seats) -> list[str]:
    return [state.game.names[s] for s in seats]


# ---------------------------------------------------------------------------------------------
# The table and the deal
# ---------------------------------------------------------------------------------------------


def test_two_to_five_players() -> None:
    """Seed, setup: 2 to 5 players."""
    for n in range(2, 6):
        assert len(kortspel.load("knock", seats=n).new_hand(seed=1).order) == n
    for n in (1, 6):
        with pytest.raises(kortspel.RulesError, match="2 to 5"):
            kortspel.load("knock", seats=n)
    rec = three()
    rec["seats"] = ["a", "b", "c", "d", "e", "f"]
    with pytest.raises(kortspel.RecordError, match="2 to 5"):
        kortspel.replay(rec)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_five_cards_each_one_upcard_and_the_rest_face_down_as_the_stock(n: int) -> None:
    """Seed, the deal and the stock: five cards to each player, the rest face down in the
    middle with its top card turned up to start the discard pile."""
    st = kortspel.load("knock", seats=n).new_hand(seed=n)
    z = st.zones()
    assert all(len(z[kortspel.Zone("hand", s)]) == 5 for s in range(n))
    assert len(z[kortspel.Zone("discard")]) == 1
    assert len(z[kortspel.Zone("stock")]) == 52 - 5 * n - 1 == st.stock_count
    # the upcard is known to every seat; the stock to none
    for s in range(n):
        obs = st.observation(s)
        assert obs.discard_pile == list(z[kortspel.Zone("discard")])
        assert obs.stock_count == st.stock_count
        assert set(obs.knowledge.names(kortspel.Zone("stock"))) == {None}


def test_a_record_deals_exactly_what_it_says() -> None:
    st = play(three())
    assert st.hand(0) == A and st.hand(1) == B and st.hand(2) == C
    assert st.discard_pile == ["9H"] and st.stock_count == 52 - 16
    assert st.record()["stock"][:3] == ["4H", "6D", "8C"]


# ---------------------------------------------------------------------------------------------
# Rule 1: the order of play
# ---------------------------------------------------------------------------------------------


def test_play_starts_left_of_the_dealer_and_goes_round() -> None:
    """Seed, turn order, and rule 1: the seat after the dealer in ``seats`` order starts, the
    dealer plays last, and play goes round."""
    st = play(three(dealer="a"))
    assert st.to_act == 1 and st.order == (1, 2, 0)
    order = []
    for _ in range(4):
        order.append(st.game.names[st.to_act])
        st.apply("draw stock")
        st.apply(f"discard {st.hand(st.to_act)[-1]}")
    assert order == ["b", "c", "a", "b"]


def test_seats_that_are_out_are_skipped() -> None:
    """Rule 1: play skips seats that are out; they are dealt nothing."""
    hands = {"a": A, "c": B, "d": C}
    rec = record(hands, "9H", seats=["a", "b", "c", "d"], dealer="a",
                 scores={"b": 104}, out=["b"])
    st = play(rec)
    assert st.order == (2, 3, 0) and st.to_act == 2
    assert kortspel.Zone("hand", 1) not in st.zones()
    assert st.legal_actions(1) == []
    with pytest.raises(IllegalActionError, match="out of the game"):
        st.apply({"seat": "b", "do": "knock"})


# ---------------------------------------------------------------------------------------------
# Rule 2: a turn
# ---------------------------------------------------------------------------------------------


def test_a_turn_is_a_draw_from_either_pile_then_one_discard() -> None:
    """Seed, draw and discard; rule 2: draw the stock's or the discard pile's top card, then
    lay one card face up on the discard pile."""
    st = play(three())
    assert [str(a) for a in st.legal_actions()] == [
        "a draw stock", "a draw discard", "a knock"]
    st.apply("a draw stock")
    assert st.hand(0) == A + ["4H"] and st.phase_name == "discard"
    assert sorted(str(a) for a in st.legal_actions()) == sorted(
        f"a discard {c}" for c in A + ["4H"])
    st.apply("a discard KS")
    assert st.discard_top == "KS" and st.hand(0) == ["AS", "3H", "5D", "9C", "4H"]
    assert st.to_act == 1
    st.apply("b draw discard")
    assert st.hand(1) == B + ["KS"] and st.discard_pile == ["9H"]


def test_a_knock_is_the_whole_turn() -> None:
    """Seed: knock instead of drawing; rule 2: no draw and no discard, the hand stays as it
    is, and the next seat plays."""
    st = play(three())
    st.apply("a knock")
    assert st.hand(0) == A and st.to_act == 1 and st.phase_name == "draw"
    assert st.discard_pile == ["9H"] and st.stock_count == 36
    assert st.knocker == 0
    assert "b draw stock" in [str(a) for a in st.legal_actions()]


def test_a_knock_comes_only_before_drawing() -> None:
    """Rule 2: knocking replaces the draw, so a seat that has drawn may not knock."""
    st = play(three("a draw stock"))
    assert "knock" not in [a.verb for a in st.legal_actions()]
    with pytest.raises(IllegalActionError, match="before drawing"):
        st.apply("a knock")


def test_one_knock_per_round() -> None:
    """Rule 2: one knock a round; rule 4: the last turns have no knock."""
    st = play(three("a knock"))
    assert [a.verb for a in st.legal_actions()] == ["draw", "draw"]
    with pytest.raises(IllegalActionError, match="knocked already"):
        st.apply("b knock")


def test_a_seat_may_knock_on_its_first_turn() -> None:
    """Rule 2: the first turn of the round may be a knock (the default)."""
    st = play(three("a knock"))
    assert st.knocker == 0


def test_the_option_no_knocking_in_the_first_round() -> None:
    """Rule 2's option ``first_round_knock=False``: nobody knocks until every seat has had
    a turn; from the second go-round on, knocking is allowed."""
    rules = {"first_round_knock": False}
    st = play(three(rules=rules))
    for seat in "abc":
        assert "knock" not in [a.verb for a in st.legal_actions()]
        with pytest.raises(IllegalActionError, match="first round"):
            st.apply(f"{seat} knock")
        st.apply(f"{seat} draw stock")
        st.apply(f"{seat} discard {st.hand(st.to_act)[-1]}")
    assert "knock" in [a.verb for a in st.legal_actions()]
    st.apply("a knock")
    assert st.knocker == 0
    assert st.record()["rules"] == {"unused_two": 2, "first_round_knock": False}


def test_an_action_out_of_turn_is_refused_and_says_whose_turn_it_is() -> None:
    st = play(three())
    before = st.clone()
    with pytest.raises(NotYourTurnError, match="it is a's turn; a may draw from the stock"):
        st.apply("b draw stock")
    assert st == before


def test_discarding_before_drawing_and_drawing_twice_are_refused() -> None:
    st = play(three())
    with pytest.raises(IllegalActionError, match="must draw before discarding"):
        st.apply("a discard KS")
    st.apply("a draw stock")
    with pytest.raises(IllegalActionError, match="drawn already.*discard one of"):
        st.apply("a draw discard")
    with pytest.raises(IllegalActionError, match="does not hold the 7♣"):
        st.apply("a discard 7C")


# ---------------------------------------------------------------------------------------------
# Rule 3: the card just taken from the discard pile
# ---------------------------------------------------------------------------------------------


def test_the_card_taken_from_the_discard_pile_may_not_go_straight_back() -> None:
    """Rule 3: the card taken from the discard pile this turn may not be discarded this
    turn."""
    st = play(three("a draw discard"))
    assert st.taken_card == "9H"
    assert "a discard 9H" not in [str(a) for a in st.legal_actions()]
    assert len(st.legal_actions()) == 5
    before = st.clone()
    with pytest.raises(IllegalActionError, match="took the 9♥ from the discard pile"):
        st.apply("a discard 9H")
    assert st == before
    st.apply("a discard KS")
    assert st.taken_card is None


def test_a_card_discarded_earlier_may_be_taken_back_and_kept() -> None:
    """Rule 3: only this turn's card is barred. At two seats: a throws the K♠, b takes it and
    throws it again a turn later (a card taken earlier may go), and a takes its own K♠
    back and keeps it."""
    rec = record({"a": A, "b": B}, "9H", "a draw stock", "a discard KS", "b draw discard",
                 "b discard QS", "a draw stock", "a discard 6D", "b draw stock",
                 "b discard KS", "a draw discard", stock=["4H", "6D", "8C"])
    st = play(rec)
    assert st.taken_card == "KS" and "a discard KS" not in map(str, st.legal_actions())
    st.apply("a discard 9C")
    assert "KS" in st.hand(0) and st.discard_top == "9C"


# ---------------------------------------------------------------------------------------------
# Rule 4: the last turns after a knock
# ---------------------------------------------------------------------------------------------


def test_after_a_knock_every_other_seat_gets_exactly_one_more_turn() -> None:
    """Seed and rule 4: after a knock each other seat plays one more turn (draw and
    discard, no knock), then the hands are shown and the round ends."""
    st = play(three(*whole_turns("a stock KS", "b knock")))
    assert st.last_turns
    played = []
    while not st.is_over:
        played.append(st.game.names[st.to_act])
        assert "knock" not in [a.verb for a in st.legal_actions()]
        st.apply("draw stock")
        st.apply(f"discard {st.hand(st.to_act)[-1]}")
    assert played == ["c", "a"]
    r = st.result()
    assert r["ended_by"] == "knock" and r["knocker"] == "b"
    assert "show" in kinds(st) and "end" in kinds(st)


def test_the_knocker_does_not_play_again() -> None:
    st = play(three(*whole_turns("a knock", "b stock QS", "c stock KH")))
    assert st.is_over and st.hand(0) == A


# ---------------------------------------------------------------------------------------------
# Rule 6: zero
# ---------------------------------------------------------------------------------------------


def test_a_zero_hand_from_the_deal_ends_the_round_before_anyone_plays() -> None:
    """Seed, GIN, and rule 6: a zero hand is shown at once and the round ends; checked on
    the hands as dealt."""
    assert hand_value(["7S", "7H", "7D", "KS", "2C"]) == 13  # a King spoils it
    zero = ["7S", "7H", "7D", "7C", "2C"]
    st = play(record({"a": A, "b": zero, "c": C}, "9H"))
    assert st.is_over and st.actions == [] and st.to_act is None
    r = st.result()
    assert r["ended_by"] == "zero" and r["zero"] == ["b"] and r["knocker"] is None
    assert r["valid_knock"] is None and r["values"] == {"a": 31, "b": 0, "c": 40}
    with pytest.raises(kortspel.RecordError, match="round is over"):
        play(record({"a": A, "b": zero, "c": C}, "9H", "a knock"))


def test_two_zero_hands_at_the_deal_are_both_shown() -> None:
    st = play(record({"a": ["7S", "7H", "7D", "7C", "2C"], "b": ["KS", "KD", "2H", "2D", "2S"],
                      "c": B}, "9H"))
    assert st.result()["zero"] == ["a", "b"] and kinds(st).count("zero") == 2


def test_a_zero_after_a_discard_ends_the_round_at_once() -> None:
    """Rule 6: after a discard the hand is checked; a zero ends the round and nobody else
    plays."""
    rec = record({"a": ["7S", "7H", "7D", "KS", "JS"], "b": B, "c": C}, "9H",
                 *whole_turns("a stock JS", "b stock 8D", "c stock KH", "a stock KS"),
                 stock=["2H", "4H", "6D", "7C"])
    st = play(rec)
    assert st.is_over and st.result()["ended_by"] == "zero"
    assert st.result()["zero"] == ["a"]
    assert "b" not in [a.who for a in st.actions[-1:]]
    rec["actions"].append({"seat": "b", "do": "draw", "from": "stock"})
    with pytest.raises(kortspel.RecordError, match="action 9.*round is over"):
        kortspel.replay(rec)


def test_zero_is_checked_on_five_cards_not_on_the_six_after_a_draw() -> None:
    """Rule 6: six cards all in sets do not end the round; the seat still discards."""
    st = play(record({"a": ["7S", "7H", "7D", "9S", "9H"], "b": B, "c": C}, "9D"))
    st.apply("a draw discard")
    assert st.value(0) == 0 and not st.is_over and st.to_act == 0
    st.apply("a discard 7S")
    assert not st.is_over and st.value(0) == 14


def test_a_zero_in_the_last_turns_ends_the_round_and_makes_the_knock_invalid() -> None:
    """Rules 6 and 8: a zero during the last turns ends the round at once, and the knocker
    is then not lowest."""
    rec = record({"a": ["AS", "AH", "3D", "4C", "2S"], "b": ["7S", "7H", "7D", "2H", "QS"],
                  "c": C}, "9H", *whole_turns("a knock", "b stock QS"), stock=["7C"])
    st = play(rec)
    r = st.result()
    assert r["ended_by"] == "zero" and r["zero"] == ["b"] and r["valid_knock"] is False
    assert r["values"]["a"] == 7 and r["stars"]["a"] == 1  # A♠ A♥ 2♠ a set; 3 + 4
    # c never played its last turn
    assert [a.who for a in st.actions] == ["a", "b", "b"]


def test_the_zero_check_comes_before_the_stock_check() -> None:
    """Rule 6: when the turn that takes the last stock card makes a zero, the round ends
    on the zero."""
    st = _stock_run(2, last_draw_zero=True)
    assert st.result()["ended_by"] == "zero" and st.stock_count == 0


# ---------------------------------------------------------------------------------------------
# Rule 7: the stock runs out
# ---------------------------------------------------------------------------------------------


def _stock_run(seats: int, knock_at: int | None = None, last_draw_zero: bool = False):
    """Every seat draws from the stock and throws the card drawn, until the stock is gone.
    With ``last_draw_zero`` (two seats) the stock's last card, the 7♣, goes to a, whose
    7♠ 7♥ 7♦ 2♥ then make zero once the K♠ goes."""
    names = "abcde"[:seats]
    deals = [["AS", "3H", "5D", "9C", "KS"], ["4S", "6H", "8D", "10C", "QS"],
             ["3S", "5H", "8H", "JC", "KH"], ["4D", "6C", "8C", "10D", "QH"],
             ["3C", "5C", "9D", "JD", "KD"]]
    hands = {n: deals[i] for i, n in enumerate(names)}
    if last_draw_zero:
        hands["a"] = ["7S", "7H", "7D", "2H", "KS"]
    rec = record(hands, "9H")
    if last_draw_zero:
        rec["stock"].remove("7C")
        rec["stock"].append("7C")
    st = play(rec)
    while not st.is_over:
        if knock_at is not None and len(st.actions) == knock_at:
            st.apply("knock")
            continue
        st.apply("draw stock")
        if last_draw_zero and st.stock_count == 0:
            assert st.to_act == 0 and st.hand(0)[-1] == "7C"
            st.apply("discard KS")
        else:
            st.apply(f"discard {st.hand(st.to_act)[-1]}")
    return st


def test_when_the_stock_runs_out_the_round_ends_after_that_turn() -> None:
    """Seed and rule 7: the turn that takes the last stock card finishes with its discard,
    then the round ends (``stock``)."""
    st = _stock_run(3)
    r = st.result()
    assert r["ended_by"] == "stock" and r["knocker"] is None and r["valid_knock"] is None
    assert st.stock_count == 0 and st.actions[-1].verb == "discard"
    assert len([a for a in st.actions if a.verb == "draw"]) == 52 - 16
    assert "last card of the stock" in texts(st)


def test_the_stock_ends_the_round_in_the_last_turns_too() -> None:
    """Rule 7: final turns or not; rule 8: the knock is still judged."""
    st = _stock_run(2, knock_at=2 * 40)
    r = st.result()
    assert r["ended_by"] == "stock" and r["knocker"] is not None
    assert r["valid_knock"] in (True, False)


# ---------------------------------------------------------------------------------------------
# Rules 8 and 9: judging the knock, stars and their cost
# ---------------------------------------------------------------------------------------------


def test_a_knock_holds_when_nobody_is_strictly_lower_ties_are_fine() -> None:
    """Seed, invalid knock, and rule 8: a tie with the knocker is fine."""
    rec = record({"a": ["AS", "2H", "3D", "4C", "5S"], "b": ["AH", "2S", "3C", "4D", "5H"],
                  "c": D}, "9H", *whole_turns("a knock", "b stock 8C", "c stock 8D"),
                 stock=["8C", "8D"])
    r = play(rec).result()
    assert r["values"]["a"] == r["values"]["b"] == 15
    assert r["valid_knock"] is True and r["penalty"]["a"] == 0 and r["stars"]["a"] == 0


def test_a_knock_fails_when_someone_is_strictly_lower() -> None:
    """Rule 8 and 9: the knocker gets a star; the first star costs nothing."""
    rec = record({"a": ["AS", "2H", "3D", "4C", "6S"], "b": ["AH", "2S", "3C", "4D", "5H"],
                  "c": D}, "9H", *whole_turns("a knock", "b stock 8C", "c stock 8D"),
                 stock=["8C", "8D"])
    r = play(rec).result()
    assert r["valid_knock"] is False and r["stars"]["a"] == 1 and r["penalty"]["a"] == 0
    assert r["round_scores"]["a"] == 16


@pytest.mark.parametrize("before,cost", [(0, 0), (1, 10), (2, 20), (3, 30), (6, 60)])
def test_each_further_star_costs_ten_more(before: int, cost: int) -> None:
    """Seed and rule 9: 1st star 0, 2nd +10, 3rd +20, and 10 more for each further one;
    round score = value + penalty, added to the total."""
    rec = record({"a": ["AS", "2H", "3D", "4C", "6S"], "b": ["AH", "2S", "3C", "4D", "5H"],
                  "c": D}, "9H", *whole_turns("a knock", "b stock 8C", "c stock 8D"),
                 stock=["8C", "8D"], stars={"a": before}, scores={"a": 20})
    r = play(rec).result()
    assert r["stars"]["a"] == before + 1 and r["penalty"]["a"] == cost
    assert r["round_scores"]["a"] == 16 + cost and r["scores"]["a"] == 20 + 16 + cost
    assert star_penalty(before + 1) == cost


def test_scores_are_added_to_the_running_totals() -> None:
    """Seed, score recording: each hand's value is added to the seat's running total."""
    rec = three(*whole_turns("a knock", "b stock QS", "c stock KH"),
                scores={"a": 10, "b": 20, "c": 30})
    r = play(rec).result()
    assert r["round_scores"] == r["values"] == {"a": 31, "b": 40 - 12 + 4, "c": 40 - 13 + 6}
    assert r["scores"] == {"a": 41, "b": 52, "c": 63}


# ---------------------------------------------------------------------------------------------
# Rules 10 and 11: out, the winner, skunks and circles
# ---------------------------------------------------------------------------------------------


def test_over_100_is_out_exactly_100_stays_in() -> None:
    """Seed and rule 10."""
    rec = three(*whole_turns("a knock", "b stock QS", "c stock KH"),
                scores={"a": 69, "b": 72, "c": 70})  # a 31 -> 100, b 32 -> 104, c 32 -> 102
    r = play(rec).result()
    assert r["scores"] == {"a": 100, "b": 104, "c": 103}
    assert r["out"] == ["b", "c"]
    assert r["winner"] == "a" and r["circles"] == 1 and r["next_dealer"] is None


def test_out_lists_earlier_eliminations_first_then_this_rounds_in_seat_order() -> None:
    hands = {"b": A, "c": B, "d": C, "e": ["4D", "6C", "8C", "10D", "QH"]}
    rec = record(hands, "9H", *whole_turns("c knock", "d stock KH", "e stock QH", "b stock KS"),
                 seats=["a", "b", "c", "d", "e"], dealer="b", out=["a"],
                 scores={"a": 120, "b": 90, "c": 90, "d": 90, "e": 40}, stock=["2C", "2D", "2S"])
    r = play(rec).result()
    assert r["scores"] == {"a": 120, "b": 110, "c": 130, "d": 119, "e": 70}
    assert r["out"] == ["a", "b", "c", "d"]
    assert r["winner"] == "e" and r["circles"] == 1  # e stands at 70: no skunks
    assert list(r["values"]) == ["b", "c", "d", "e"]  # seats dealt in, in seats order


def test_when_every_seat_goes_out_nobody_wins() -> None:
    """Seed, victory, and rule 10: if everyone goes over 100, no one wins."""
    rec = three(*whole_turns("a knock", "b stock QS", "c stock KH"),
                scores={"a": 90, "b": 90, "c": 90})
    st = play(rec)
    r = st.result()
    assert r["out"] == ["a", "b", "c"] and r["winner"] is None and r["circles"] is None
    assert r["next_dealer"] is None and "no_winner" in kinds(st)


def test_the_last_seat_left_wins_and_its_score_is_circled_once_per_skunk() -> None:
    """Seed, skunking, and rule 11: each seat still in below 50 earns a skunk for each seat
    that goes out this round; circles = 1 + the winner's skunks."""
    rec = three(*whole_turns("a knock", "b stock QS", "c stock KH"),
                scores={"a": 10, "b": 80, "c": 95}, skunks={"a": 1})
    st = play(rec)
    r = st.result()
    assert r["out"] == ["b", "c"] and r["winner"] == "a"
    assert r["skunks"] == {"a": 3, "b": 0, "c": 0}
    assert r["circles"] == 4
    assert "skunk" in kinds(st) and "winner" in kinds(st)


def test_no_skunk_at_fifty_or_more() -> None:
    """Rule 11: below 50 means 49 or less, after this round's score."""
    rec = three(*whole_turns("a knock", "b stock QS", "c stock KH"),
                scores={"a": 19, "b": 80, "c": 10})  # a ends on 50, c on 43
    r = play(rec).result()
    assert r["out"] == ["b"] and r["scores"]["a"] == 50
    assert r["skunks"] == {"a": 0, "b": 0, "c": 1}
    assert r["winner"] is None and r["circles"] is None


def test_skunks_are_counted_even_when_the_game_goes_on() -> None:
    hands = {"a": A, "b": B, "c": C, "d": ["4D", "6C", "8C", "10D", "QH"]}
    rec = record(hands, "9H", *whole_turns("a knock", "b stock QS", "c stock KH", "d stock QH"),
                 scores={"a": 5, "b": 80, "c": 5, "d": 5})
    r = play(rec).result()
    assert r["out"] == ["b"] and r["skunks"] == {"a": 1, "b": 0, "c": 1, "d": 1}
    assert r["winner"] is None and r["next_dealer"] is not None


# ---------------------------------------------------------------------------------------------
# Rule 12: the next dealer
# ---------------------------------------------------------------------------------------------


def test_the_lowest_round_score_deals_next() -> None:
    """Seed, next deal, and rule 12."""
    r = play(three(*whole_turns("a knock", "b stock QS", "c stock KH"))).result()
    assert r["round_scores"] == {"a": 31, "b": 32, "c": 33} and r["next_dealer"] == "a"


def test_a_tie_goes_to_the_knocker_when_the_knocker_is_tied() -> None:
    """Rule 12: tie -> the knocker if among the tied."""
    rec = record({"a": ["AS", "2H", "3D", "4C", "5S"], "b": ["AH", "2S", "3C", "4D", "5H"],
                  "c": D}, "9H", *whole_turns("b knock", "c stock 8C", "a stock 8D"),
                 stock=["8C", "8D"], dealer="a")
    st = play(rec)
    assert st.result()["next_dealer"] == "b" and st.outcome.settlement.next_reason == "knocker"


def test_else_the_lower_face_total_deals() -> None:
    """Rule 12: else the tied seat whose hand has the lowest face total (sets not zeroed,
    a 2 as 2)."""
    rec = record({"a": ["9S", "9H", "9D", "AC", "3S"], "b": ["4S", "4H", "4D", "AH", "3C"],
                  "c": D}, "9C", *whole_turns("c knock", "a stock 8C", "b stock 8D"),
                 stock=["8C", "8D"], dealer="b")
    st = play(rec)
    r = st.result()
    assert r["round_scores"]["a"] == r["round_scores"]["b"] == 4
    assert r["next_dealer"] == "b" and st.outcome.settlement.next_reason == "face"


def test_else_the_first_tied_seat_going_round_from_the_dealers_left() -> None:
    """Rule 12: still tied -> the first tied seat met from the seat after this round's
    dealer, the dealer last."""
    hands = {"a": ["AS", "2H", "3D", "4C", "5S"], "b": ["KS", "KH", "QD", "QC", "JS"],
             "c": ["AH", "2S", "3C", "4D", "5H"]}
    turns = {"c": ["a stock 8C", "b knock", "c stock 8D", "a stock 8H"],
             "a": ["b knock", "c stock 8C", "a stock 8D"],
             "b": ["c stock 8C", "a stock 8D", "b knock", "c stock 8H", "a stock 8S"]}
    for dealer, first in (("c", "a"), ("a", "c"), ("b", "c")):
        rec = record(hands, "9H", *whole_turns(*turns[dealer]), dealer=dealer,
                     stock=["8C", "8D", "8H", "8S"])
        st = play(rec)
        assert st.result()["next_dealer"] == first, dealer
        assert st.outcome.settlement.next_reason == "order"


def test_the_dealer_comes_last_going_round() -> None:
    out = settle(3, 0, {0: 5, 1: 5, 2: 9}, {0: 10, 1: 10, 2: 9}, None, (0,) * 3, (0,) * 3,
                 (0,) * 3, ())
    assert out.next_dealer == 1 and out.next_reason == "order"


def test_a_seat_out_this_round_does_not_deal() -> None:
    """Rule 12: among the seats still in after this round's eliminations."""
    out = settle(3, 2, {0: 2, 1: 5, 2: 9}, {0: 2, 1: 5, 2: 9}, None, (0,) * 3, (99, 0, 0),
                 (0,) * 3, ())
    assert out.new_out == (0,) and out.next_dealer == 1


# ---------------------------------------------------------------------------------------------
# Rule 13: the first dealer
# ---------------------------------------------------------------------------------------------


def test_the_highest_cut_deals_first_king_high_ace_low() -> None:
    """Seed, first deal, and rule 13: cards ranked by their points, suits ignored."""
    ids = [card_id(c) for c in ("AS", "KH", "QS", "2D")]
    assert highest_cut(ids) == [1]
    assert highest_cut([card_id("KS"), card_id("3D"), card_id("KH")]) == [0, 2]


def test_seats_that_tie_cut_again() -> None:
    """Rule 13: the tied seats alone cut again until one is highest."""
    for seed in range(200):
        dealer, cuts = cut_for_dealer(4, random.Random(seed))
        for cut in cuts[:-1]:
            assert len(highest_cut([c for _, c in cut])) > 1
        last = cuts[-1]
        top = highest_cut([c for _, c in last])
        assert len(top) == 1 and last[top[0]][0] == dealer
        for earlier, later in zip(cuts, cuts[1:], strict=False):
            tied = [earlier[i][0] for i in highest_cut([c for _, c in earlier])]
            assert [s for s, _ in later] == tied
    assert any(len(cut_for_dealer(5, random.Random(s))[1]) > 1 for s in range(200))


def test_a_match_starts_with_the_cut() -> None:
    m = KnockMatch(kortspel.load("knock", seats=4), seed=11)
    assert m.hand.dealer == m.first_dealer and m.cuts
    last = m.cuts[-1]
    assert max(last, key=lambda sc: sc[1] % 13)[0] == m.first_dealer


# ---------------------------------------------------------------------------------------------
# No chance turns
# ---------------------------------------------------------------------------------------------


def test_the_stock_is_never_reshuffled() -> None:
    """The round ends when the stock runs out, so a Knock round has no chance turns."""
    st = _stock_run(2)
    assert all(a.seat != CHANCE for a in st.actions)
    with pytest.raises(IllegalActionError, match="no chance turns"):
        play(three()).sample_chance(random.Random(1))
