"""One test (or a few) per rule of the Gnällknekt text and per numbered decision of the
contract ("rule N" below; restated on ``docs/rules/gnallknekt.md``).

Every game starts from an explicit deal, built as a record by ``gnallknekt_helpers.deal``
(the cards a test is about are named, the rest of the double pack filled in), and is played
through the record's own action forms, so each test fails if its rule breaks.
"""

from __future__ import annotations

import random

import pytest
from gnallknekt_helpers import deal, draw_all, drive, end_turn, kinds, legal, play

import kortspel
from kortspel import CHANCE, HandOverError, IllegalActionError, NotYourTurnError
from kortspel.gnallknekt import DRAW, MOVE, SHUFFLE

A_PILES = [["2S", "3S", "4S", "5C"], ["2H", "3H", "4H", "9H"], ["2D", "3D", "4D", "KD"]]


# -- the deal (seed) -------------------------------------------------------------------------

def test_seed_each_seat_gets_three_piles_of_three_face_down_and_one_face_up() -> None:
    """Seed: three piles per player, three cards face down and one face up on top; the rest
    is the stock. Contract: piles bottom first, the face-up top last."""
    st = play(deal({"a": A_PILES}))
    res = st.result()
    assert res["piles"]["a"] == [{"down": 3, "up": ["5C"]}, {"down": 3, "up": ["9H"]},
                                 {"down": 3, "up": ["KD"]}]
    assert res["lives"] == {"a": 3, "b": 3, "c": 3}
    assert len(st.stock) == 104 - 3 * 12
    assert res["hands"] == {"a": [], "b": [], "c": []}
    assert res["over"] is False and res["phase"] == "normal" and res["winner"] is None


def test_a_fresh_game_deals_the_whole_double_pack() -> None:
    """Seed: 104 cards in play; the piles and the stock hold them all."""
    for seats in (3, 4, 5):
        st = kortspel.load("gnallknekt", seats=seats).new_hand(seed=seats)
        cards = sorted(c for z in st.zones().values() for c in z)
        assert cards == sorted(st.game.pack())
        assert len(st.stock) == 104 - 12 * seats


# -- rule 1: who plays first, and the order of turns ---------------------------------------------

def test_rule1_the_seat_left_of_the_dealer_plays_first_then_in_seat_order() -> None:
    """Rule 1: the seat after the dealer in ``seats`` plays first; turns follow ``seats``."""
    st = play(deal(dealer="b"))
    order = []
    for _ in range(4):
        order.append(st.game.names[st.cur])
        end_turn(draw_all(st))
    assert order == ["c", "a", "b", "c"]


def test_rule1_turns_skip_a_seat_that_is_out() -> None:
    """Rule 1 and 11: once a seat is out, the turn passes over it."""
    st = play(deal(seats=("a", "b", "c", "d")))
    drive(st, victim="b", until=lambda s: not s.lives[1])
    assert st.result()["out"] == ["b"]
    start = len(st.events)
    drive(st, until=lambda s: sum(e.kind == "turn" for e in s.events[start:]) >= 7)
    turns = [e.data[0] for e in st.events[start:] if e.kind == "turn"]
    assert 1 not in turns
    assert all(b == {0: 2, 2: 3, 3: 0}[a] for a, b in zip(turns, turns[1:], strict=False))


# -- rule 2: the shape of a turn ---------------------------------------------------------------

def test_rule2_a_turn_is_draw_then_up_to_two_moves_then_one_discard() -> None:
    """Rule 2: draw, then 0, 1 or 2 moves, then a discard ends the turn."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["JH", "JS", "6S", "7D"])))
    assert st.stage == MOVE
    verbs = {a.verb for a in st.legal_actions()}
    assert verbs == {"attack", "defend", "discard"}
    st.apply("a defend 6S 0")
    st.apply("a attack JH hand b 0")
    assert {a.verb for a in st.legal_actions()} == {"discard"}, "after two moves, only a discard"
    with pytest.raises(IllegalActionError, match="at most two moves"):
        st.apply("a attack JS hand b 1")
    st.apply("a discard 7D")
    assert st.game.names[st.cur] == "b" and st.stage == DRAW


def test_rule2_no_move_at_all_is_a_turn_too() -> None:
    """Rule 2: zero moves are allowed (up to two): draw and discard."""
    st = draw_all(play(deal()))
    st.apply(f"a discard {st.hands[0][0]}")
    assert st.cur == 1 and [a.verb for a in st.actions] == ["draw"] * 4 + ["discard"]


def test_rule2_exactly_one_discard_and_the_hand_is_kept_between_turns() -> None:
    """Rule 2: one card is discarded; the rest of the hand stays, with no limit."""
    st = play(deal())
    for _ in range(6):  # two rounds of three seats: each draws 4 and discards 1
        end_turn(draw_all(st))
    assert [len(h) for h in st.hands] == [6, 6, 6]
    assert len(st.discard) == 6


def test_rule2_an_empty_hand_ends_the_turn_with_end_and_only_then() -> None:
    """Rule 2: ``end`` ends a turn when the hand is empty; with cards, a discard is due."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "6H", "JH", "2C"])))
    with pytest.raises(IllegalActionError, match="still holds 4 cards"):
        st.apply("a end")
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "6H", "JH"], rules={"draw": "piles"})))
    st.apply("a defend 6S,6H 1")
    st.apply("a attack JH hand b 0")
    assert st.hands[0] == [] and legal(st) == ["a end"]
    with pytest.raises(IllegalActionError, match="holds no 2♣"):
        st.apply("a discard 2C")
    st.apply("a end")
    assert st.cur == 1 and st.events[-2].kind == "end"


# -- rule 3: drawing ---------------------------------------------------------------------------

def test_rule3_a_turn_draws_one_more_than_the_piles_left() -> None:
    """Rule 3 and seed: draw 1 + piles left; the first turn draws four."""
    st = play(deal())
    assert [e.data[1] for e in st.events if e.kind == "turn"] == [4]
    draw_all(st)
    assert len(st.hands[0]) == 4


def test_rule3_with_the_per_pile_option_a_turn_draws_one_card_per_pile() -> None:
    """Rules option ``draw="piles"`` (korttrick.se's reading): one card per pile left."""
    st = draw_all(play(deal(rules={"draw": "piles"})))
    assert len(st.hands[0]) == 3


def test_rule3_the_count_follows_the_piles_left_at_the_start_of_the_turn() -> None:
    """Rule 3: a seat with two piles left draws three."""
    st = play(deal())
    drive(st, victim="b", peaceful=("c",), until=lambda s: s.lives[1] == 2 and s.stage == DRAW
          and s.cur == 1)
    turn = [e for e in st.events if e.kind == "turn"][-1]
    assert turn.data[:2] == (1, 3)
    assert st.draws_left == 3


def test_rule3_draws_come_one_at_a_time_from_either_pile_in_any_mix() -> None:
    """Rule 3: each draw takes one card, from the stock top or the discard top, mixed."""
    st = play(deal(stock=["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]))
    st.apply("a draw stock")
    assert st.hands[0] == ["2C"]
    draw_all(st)
    st.apply("a discard 4C")
    st.apply("b draw discard")
    assert st.hands[1] == ["4C"] and st.discard == []
    st.apply("b draw stock")
    assert st.hands[1] == ["4C", "6C"]


def test_rule3_every_draw_comes_before_any_move_or_discard() -> None:
    """Rule 3: all draws come before a move, a discard or ``end``."""
    st = play(deal({"a": A_PILES}, stock=["JH", "2C", "3C", "4C"]))
    st.apply("a draw stock")
    for text, words in (("a attack JH hand b 0", "draws first"),
                        ("a defend JH 0", "draws first"),
                        ("a discard JH", "draws first"), ("a end", "draws first")):
        with pytest.raises(IllegalActionError, match=words):
            st.apply(text)
    assert legal(st) == ["a draw stock"]


def test_rule3_the_first_turn_has_no_discard_pile_to_draw_from() -> None:
    """Rule 3: on the first turn of the game the discard pile is empty."""
    st = play(deal())
    assert legal(st) == ["a draw stock"]
    with pytest.raises(IllegalActionError, match="discard pile is empty"):
        st.apply("a draw discard")


# -- rule 4: defence ---------------------------------------------------------------------------

def test_rule4_defend_lays_one_card_face_up_on_an_own_pile() -> None:
    """Rule 4: one card from the hand goes face up on one of the seat's own piles."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "2C", "3C", "4C"])))
    st.apply("a defend 6S 2")
    assert st.result()["piles"]["a"][2] == {"down": 3, "up": ["KD", "6S"]}
    assert "6S" not in st.hands[0]


def test_rule4_a_pair_defends_in_the_order_listed_the_second_on_top() -> None:
    """Rule 4 and the record: a pair is laid in the order listed, the second on top; two
    Jacks are a pair too."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "6H", "JC", "JD"])))
    st.apply("a defend 6H,6S 0")
    assert st.up[0][0] == ["5C", "6H", "6S"]
    st.apply("a defend JD,JC 1")
    assert st.up[0][1] == ["9H", "JD", "JC"]


def test_rule4_no_pile_holds_more_than_three_face_up_cards() -> None:
    """Rule 4: a pile never holds more than three face-up cards; a pair needs two free
    places."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "6H", "7C", "2C"])))
    st.apply("a defend 6S 0")
    assert "a defend 6H,7C 0" not in legal(st)
    with pytest.raises(IllegalActionError, match="not a pair"):
        st.apply("a defend 6H,7C 0")
    st.apply("a defend 7C 0")
    assert st.up[0][0] == ["5C", "6S", "7C"]
    end_turn(st, "6H")
    for _ in range(2):
        end_turn(draw_all(st))
    draw_all(st)
    card = st.hands[0][0]
    with pytest.raises(IllegalActionError, match="no pile may hold more than three"):
        st.apply(f"a defend {card} 0")
    assert not [a for a in st.legal_actions() if a.verb == "defend" and a.get("pile") == 0]


def test_rule4_a_defending_pair_needs_two_free_places() -> None:
    """Rule 4: a pile with two face-up cards takes one more card, not a pair."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "8S", "8H", "2C"])))
    st.apply("a defend 6S 0")
    assert "a defend 8S,8H 0" not in legal(st) and "a defend 8S,8H 1" in legal(st)
    with pytest.raises(IllegalActionError, match="more than three"):
        st.apply("a defend 8S,8H 0")


def test_rule4_only_cards_held_and_only_a_pile_that_still_has_cards() -> None:
    """Rule 4: a seat defends with cards it holds, onto a pile that still has cards."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["6S", "8S", "8H", "2C"])))
    with pytest.raises(IllegalActionError, match="holds no 9♣"):
        st.apply("a defend 9C 0")
    with pytest.raises(IllegalActionError, match="holds no second 6♠"):
        st.apply("a defend 6S,6S 0")


# -- rule 5: a pair on top ---------------------------------------------------------------------

def test_rule5_a_card_matching_the_top_makes_a_pair_that_singles_cannot_attack() -> None:
    """Rule 5: two face-up cards of one rank on top are a pair, even laid by accident
    (suits ignored); a single card other than a Jack cannot attack it."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["5H", "2C", "3C", "4C",
                                                    "5D", "9C", "AH", "6C"])))
    st.apply("a defend 5H 0")
    assert st.target(0, 0) == ("5C", "5H")
    end_turn(st, "2C")
    draw_all(st)
    assert not [a for a in st.legal_actions() if a.verb == "attack" and a.get("target") == "a"
                and a.get("pile") == 0]
    with pytest.raises(IllegalActionError, match="pair of its rank or higher"):
        st.apply("b attack 5D hand a 0")


# -- rule 6: attacking a single -----------------------------------------------------------------

B_TOPS = {"b": [["7H"], ["AS"], ["JC"]]}


@pytest.mark.parametrize("card,pile,ok", [
    ("7S", 0, True),    # the same rank
    ("9H", 0, True),    # higher, same suit
    ("AH", 0, True),    # the Ace attacks highest
    ("6H", 0, False),   # lower, same suit
    ("9S", 0, False),   # higher, another suit
    ("2S", 1, True),    # an Ace on a pile is the lowest: any spade beats it
    ("2H", 1, False),   # ...but not a heart
    ("AC", 1, True),    # another Ace: the same rank
    ("JD", 0, True),    # a Jack beats any other single
    ("JD", 2, True),    # a Jack on top falls to a Jack
    ("QC", 2, False),   # ...and only to a Jack
    ("AC", 2, False),
])
def test_rule6_what_beats_a_single_in_play(card: str, pile: int, ok: bool) -> None:
    """Rule 6, in the engine: the attack is listed and applies, or is refused and says why."""
    st = draw_all(play(deal(B_TOPS, stock=[card, "2C", "3C", "4C"])))
    text = f"a attack {card} hand b {pile}"
    assert (text in legal(st)) is ok
    if ok:
        st.apply(text)
        assert st.out_cards[-2:] == [card, st.start_piles[1][pile][-1]]
    else:
        before = st.clone()
        with pytest.raises(IllegalActionError) as err:
            st.apply(text)
        assert st == before
        assert "a may attack or defend (2 moves left) or discard" in str(err.value)


def test_rule6_a_pair_beats_a_single_and_takes_that_single_only() -> None:
    """Rule 6: a pair beats a single (not a Jack), removing only that single."""
    st2 = draw_all(play(deal({"b": [["KS", "QD", "8C", "10H"]]},
                             stock=["3S", "3H", "9C", "9D"])))
    st2.apply("a attack 3S,3H hand b 0")
    assert st2.out_cards == ["3S", "3H", "10H"]
    assert st2.up[1][0] == ["8C"], "only the single went, and the next card turned up"


# -- rule 7: attacking a pair -------------------------------------------------------------------

def pair_on_a(top: str, laid: str, b_draws: list[str]) -> kortspel.State:
    """a lays ``laid`` on its first pile (whose top is ``top``) and discards; then b has
    drawn ``b_draws`` and is to move."""
    st = draw_all(play(deal({"a": [["2C", "3C", "4C", top], A_PILES[1], A_PILES[2]]},
                            stock=[laid, "2H", "3H", "4H", *b_draws])))
    st.apply(f"a defend {laid} 0")
    end_turn(st, "2H")
    return draw_all(st)


def test_rule7_a_pair_on_top_falls_to_a_higher_pair_taking_both() -> None:
    """Rule 7: a pair of equal or higher rank takes the whole pair on top."""
    st = pair_on_a("7C", "7D", ["9S", "9H", "6S", "6H"])
    assert "b attack 6S,6H hand a 0" not in legal(st)
    with pytest.raises(IllegalActionError, match="lower than the pair"):
        st.apply("b attack 6S,6H hand a 0")
    st.apply("b attack 9S,9H hand a 0")
    assert st.out_cards == ["9S", "9H", "7C", "7D"]
    assert st.up[0][0] == ["4C"], "the face-down card under the pair turns up"
    st = pair_on_a("7C", "7D", ["7S", "7H", "6S", "6H"])
    assert "b attack 7S,7H hand a 0" in legal(st), "a pair of the same rank beats it too"


def test_rule7_one_jack_takes_a_whole_pair() -> None:
    """Rule 7: one Jack removes the whole pair on top."""
    st = pair_on_a("7C", "7D", ["JS", "2S", "3S", "4S"])
    st.apply("b attack JS hand a 0")
    assert st.out_cards == ["JS", "7C", "7D"] and st.up[0][0] == ["4C"]


def test_rule7_a_pair_of_jacks_on_top_goes_one_jack_at_a_time() -> None:
    """Rule 7: a pair of Jacks on a pile needs a Jack for each Jack."""
    st = pair_on_a("JC", "JD", ["JS", "JH", "9H", "9S"])
    assert st.target(0, 0) == ("JD",)
    assert "b attack 9H,9S hand a 0" not in legal(st)
    st.apply("b attack JS hand a 0")
    assert st.up[0][0] == ["JC"] and st.out_cards == ["JS", "JD"]
    st.apply("b attack JH hand a 0")
    assert st.up[0][0] == ["4C"]


def test_rule7_two_jacks_are_never_one_attack() -> None:
    """Rule 7: two Jacks never attack together."""
    st = pair_on_a("JC", "JD", ["JS", "JH", "9H", "9S"])
    assert not [a for a in st.legal_actions() if a.verb == "attack"
                and len(a.get("cards")) == 2 and a.get("cards")[0][0] == "J"]
    with pytest.raises(IllegalActionError, match="never attack together"):
        st.apply("b attack JS,JH hand a 0")


# -- rule 8: where attacking cards come from, and what they may target------------------------------

def test_rule8_a_single_may_come_off_the_top_of_an_own_pile() -> None:
    """Rule 8: an attacking card may be the top card of one of the seat's own piles; the
    card under it turns up."""
    st = draw_all(play(deal({"a": A_PILES, "b": [["7H"]]}, stock=["2C", "3C", "4C", "5D"])))
    st.apply("a attack 9H 1 b 0")
    assert st.up[0][1] == ["4H"] and st.out_cards == ["9H", "7H"]
    assert kinds(st)[-3:] == ["attack", "turn_up", "turn_up"]


def test_rule8_a_single_may_come_off_a_pair_and_a_pair_off_the_top_two_either_order() -> None:
    """Rule 8: a single may be taken off an own pile whose top is a pair; a pair off a pile
    is its top two, listed in either order."""
    rec = deal({"a": [["2S", "3S", "4S", "9C"], A_PILES[1], A_PILES[2]],
                "b": [["8D"], ["QH"]]},
               stock=["9D", "2C", "3C", "4C"] + ["5S"] * 2 + ["6S"] * 2 + ["6H"] * 2
               + ["7S"] * 2 + ["10S", "10H", "10D", "10C"])
    st = draw_all(play(rec))
    st.apply("a defend 9D 0")
    end_turn(st, "2C")
    for _ in range(2):
        end_turn(draw_all(st))
    draw_all(st)
    assert st.target(0, 0) == ("9C", "9D")
    assert "a attack 9D 0 b 0" in legal(st)  # the top card alone, off the pair
    assert "a attack 9D,9C 0 b 0" in legal(st) and "a attack 9C,9D 0 b 0" in legal(st)
    st.apply("a attack 9D,9C 0 b 1")
    assert st.out_cards[-3:] == ["9C", "9D", "QH"] and st.up[0][0] == ["4S"]


def test_rule8_face_down_cards_and_cards_below_the_top_are_never_played() -> None:
    """Rule 8: only the top (or the top pair) of an own pile attacks; face-down cards never."""
    st = draw_all(play(deal({"a": A_PILES, "b": [["7H"]]}, stock=["2C", "3C", "4C", "5D"])))
    with pytest.raises(IllegalActionError, match="only the top card"):
        st.apply("a attack 4H 1 b 0")  # 4♥ lies face down under the 9♥
    with pytest.raises(IllegalActionError, match="only the top card"):
        st.apply("a attack 2H 1 b 0")  # the bottom card of the pile
    with pytest.raises(IllegalActionError, match="not a pair"):
        st.apply("a attack 9H,4H 1 b 0")


def test_rule8_targets_are_other_seats_piles_that_have_cards() -> None:
    """Rule 8: a seat attacks other seats' piles, never its own, and only piles with
    cards."""
    st = draw_all(play(deal({"a": A_PILES}, stock=["JS", "JH", "2C", "3C"])))
    with pytest.raises(IllegalActionError, match="never its own"):
        st.apply("a attack JS hand a 0")
    assert not [a for a in st.legal_actions() if a.verb == "attack" and a.get("target") == "a"]


# -- rule 9: what happens to the cards ------------------------------------------------------------

def test_rule9_both_sides_go_out_of_play_and_a_face_down_card_turns_up_at_once() -> None:
    """Rule 9: attacker and beaten cards go out of play; the face-down card now on top is
    turned up at once, for everyone."""
    st = draw_all(play(deal({"b": [["2C", "3C", "4C", "8H"]]}, stock=["9H", "2H", "3H", "4H"])))
    n = len(st.events)
    st.apply("a attack 9H hand b 0")
    assert st.out_cards == ["9H", "8H"]
    assert st.result()["piles"]["b"][0] == {"down": 2, "up": ["4C"]}
    assert [e.kind for e in st.events[n:]] == ["attack", "turn_up"]
    assert st.observation(2).pile(1, 0).up == ("4C",)


def test_rule9_an_emptied_pile_is_gone_for_good() -> None:
    """Rule 9: a pile whose last card is taken is gone; nobody can defend onto it again."""
    st = play(deal({"a": A_PILES}, seats=("a", "b", "c")))
    drive(st, victim="b", peaceful=("c",), until=lambda s: s.lives[1] == 2)
    gone = next(i for i in range(3) if not s_has(st, 1, i))
    assert st.result()["piles"]["b"][gone] == {"down": 0, "up": []}
    assert "pile_gone" in kinds(st)
    drive(st, until=lambda s: s.cur == 1 and s.stage == MOVE)
    assert not [a for a in st.legal_actions() if a.verb == "defend" and a.get("pile") == gone]
    card = st.hands[1][0]
    with pytest.raises(IllegalActionError, match="never rebuilt"):
        st.apply(f"b defend {card} {gone}")


def s_has(st: kortspel.State, seat: int, pile: int) -> bool:
    return bool(st.up[seat][pile] or st.down[seat][pile])  # type: ignore[attr-defined]


# -- rule 10: the last pile is not an attacking weapon----------------------------------------------

def test_rule10_no_attack_with_the_last_cards_of_the_only_pile() -> None:
    """Rule 10: a seat may not attack with the last card(s) of its only remaining pile."""
    st = play(deal({"a": A_PILES}, seats=("a", "b", "c")))
    st._lives[0] = 1
    st._up[0] = [[], [], ["QH"]]
    st._down[0] = [[], [], []]
    st.stage = MOVE
    st.draws_left = 0
    st._hands[0] = []
    st._legal = None
    st._up[1][0] = ["9H"]
    assert not [a for a in st.legal_actions() if a.verb == "attack"]
    with pytest.raises(IllegalActionError, match="last card"):
        st.apply("a attack QH 2 b 0")
    st._down[0][2] = ["4D"]  # with a card under it, the top may go
    st._legal = None
    assert "a attack QH 2 b 0" in legal(st)


# -- rule 11: out, and the winner-------------------------------------------------------------------

def test_rule11_a_seat_with_no_piles_is_out_and_its_hand_goes_out_of_play() -> None:
    """Rule 11: with its last pile gone, a seat is out; its hand goes out of play, face up."""
    st = play(deal(seats=("a", "b", "c", "d")))
    drive(st, victim="b", until=lambda s: not s.lives[1])
    res = st.result()
    assert res["out"] == ["b"] and res["lives"]["b"] == 0 and res["hands"]["b"] == []
    assert res["piles"]["b"] == [{"down": 0, "up": []}] * 3
    out = next(e for e in st.events if e.kind == "out")
    assert out.data[0] == 1 and all(c in st.out_cards for c in out.data[1])


def test_rule11_the_last_seat_with_piles_wins_at_once_and_nothing_follows() -> None:
    """Rule 11: when one seat has piles left it wins at once: the rest of the turn is not
    played, and any action after it is refused."""
    st = play(deal())
    drive(st, victim="b", peaceful=(), until=lambda s: not s.lives[1])
    drive(st, victim="c")
    res = st.result()
    assert res["over"] is True and res["winner"] == "a" and res["to_act"] is None
    assert res["draw"] is None and res["out"] == ["b", "c"]
    assert st.events[-1].kind == "win" and st.legal_actions() == []
    for text in ("a draw stock", "a discard 2C", "a end"):
        with pytest.raises(HandOverError, match="the game is over: a won"):
            st.apply(text)


# -- rule 12: the discard pile and the stock rebuilt------------------------------------------------

def test_rule12_a_card_just_drawn_from_the_discard_pile_may_be_discarded_again() -> None:
    """Rule 12: any card held may be discarded, also one just taken from the discard pile."""
    st = end_turn(draw_all(play(deal(stock=["2C", "3C", "4C", "5C"]))), "5C")
    st.apply("b draw discard")
    draw_all(st)
    st.apply("b discard 5C")
    assert st.discard == ["5C"]


def test_rule12_an_empty_stock_is_rebuilt_by_a_chance_turn_when_a_seat_draws_from_it() -> None:
    """Rule 12: drawing from the empty stock rebuilds it from the out-of-play cards and the
    discard pile but its top card; the order is a chance turn (``to_act == CHANCE``) and the
    record keeps it in ``reshuffles``."""
    st = play(deal({"a": A_PILES}, stock=["JS"]))
    draw_all(st)
    st.apply("a attack JS hand b 0")  # two cards out of play
    end_turn(st)
    drive(st, until=lambda s: not s.stock and s.stage == DRAW)
    who = st.game.names[st.cur]
    expected = sorted(st.out_cards + st.discard[:-1])
    top = st.discard[-1]
    st.apply(f"{who} draw stock")
    assert st.to_act == CHANCE and st.stage == SHUFFLE and st.legal_actions() == []
    chance = st.sample_chance(random.Random(3))
    assert sorted(chance.get("cards")) == expected
    st.apply(chance)
    assert st.discard == [top] and st.out_cards == []
    assert st.hands[st.cur][-1] == chance.get("cards")[0], "the draw takes the new top"
    rec = st.record()
    assert rec["reshuffles"] == [list(chance.get("cards"))]
    assert kortspel.replay(rec) == st


def test_rule12_the_rebuilt_stock_must_hold_exactly_those_cards() -> None:
    """Rule 12: a reshuffle entry with other cards, or none at all, is a bad record."""
    st = play(deal())
    drive(st, until=lambda s: s.stage == SHUFFLE)
    st.apply(st.sample_chance(random.Random(1)))
    rec = st.record()
    wrong = dict(rec, reshuffles=[rec["reshuffles"][0][:-1] + ["JH"]])
    with pytest.raises(kortspel.RecordError, match="reshuffle 1"):
        kortspel.replay(wrong)
    missing = dict(rec, reshuffles=[])
    with pytest.raises(kortspel.RecordError, match="no entry 1"):
        kortspel.replay(missing)
    extra = dict(rec, reshuffles=rec["reshuffles"] + [["2C"]])
    assert kortspel.replay(extra) == st, "an entry left unused is ignored"


def test_rule12_nothing_to_rebuild_means_the_draw_comes_from_the_discard_pile() -> None:
    """Rule 12: with the stock empty, nothing out of play and one discard, the only draw is
    the discard."""
    st = play(deal())
    drive(st, until=lambda s: not s.stock and s.stage == DRAW and len(s.discard) > 1)
    st._stock = []
    st._out_cards = []
    st._discards = st._discards[-1:]
    st._legal = None
    who = st.game.names[st.cur]
    assert legal(st) == [f"{who} draw discard"]
    with pytest.raises(IllegalActionError, match="nothing out of play to rebuild"):
        st.apply(f"{who} draw stock")


def test_rule12_with_no_card_left_anywhere_the_draw_ends_short() -> None:
    """Rule 12: no card in the stock, out of play or in the discard pile: the draw ends
    short and the turn goes on."""
    rec = kortspel.example("the-cards-run-out", "gnallknekt")
    st = kortspel.replay(rec)
    short = [e for e in st.events if e.kind == "short"]
    assert short, "the worked game reaches a short draw"
    i = st.events.index(short[0])
    assert st.events[i + 1:] == [] or st.events[i + 1].kind != "draw"


# -- rule 13: the endgame -------------------------------------------------------------------------

def two_left() -> kortspel.State:
    st = play(deal())
    drive(st, victim="c", until=lambda s: not s.lives[2])
    return st


def test_rule13_two_left_begins_at_the_attack_leaving_two_and_that_turn_is_not_counted() -> None:
    """Rule 13: the phase becomes ``two-left`` at the attack that leaves two; the rest of
    that turn is not counted."""
    st = two_left()
    assert st.result()["phase"] == "two-left" and st.events[-1].kind == "two_left"
    assert st.phase_turns == 0 and not st.counting
    end_turn(st) if st.stage == MOVE else None
    assert st.phase_turns == 0, "the turn in which two were left is not counted"


def test_rule13_after_ten_turns_the_last_rounds_draw_one_card_per_pile() -> None:
    """Rule 13: after the next ten turns (five each) the phase is ``last-rounds`` and each
    draws one card per pile left."""
    st = two_left()
    if st.stage == MOVE:
        end_turn(st)
    for i in range(10):
        assert st.result()["phase"] == "two-left" and st.turns_left == 10 - i
        end_turn(draw_all(st, "stock" if st.stock or len(st.discard) > 1 else "discard"))
    assert st.result()["phase"] == "last-rounds"
    assert st.events[-2].kind == "last_rounds"
    turn = st.events[-1]
    assert turn.kind == "turn" and turn.data[1] == st.lives[st.cur]


def test_rule13_after_ten_last_turns_the_game_is_drawn() -> None:
    """Rule 13: after ten turns of the last rounds, the game is drawn between the two."""
    st = two_left()
    if st.stage == MOVE:
        end_turn(st)
    drive(st)  # nobody attacks: the clock runs out
    res = st.result()
    assert res["over"] is True and res["winner"] is None and res["draw"] == ["a", "b"]
    assert res["phase"] == "last-rounds" and res["to_act"] is None
    assert st.events[-1].kind == "tie"
    turns = [e for e in st.events if e.kind == "turn" and e.data[2]]
    assert len(turns) == 20


def test_rule13_in_the_last_rounds_a_pair_takes_a_lone_jack_off_a_last_pile() -> None:
    """Rule 13: in the last rounds any pair (not two Jacks) may take a Jack that is the only
    card of the target's only pile; before them, with more under it, or while the target
    has another pile, it may not."""
    st = two_left()
    if st.stage == MOVE:
        end_turn(st)
    st._up[1] = [[], [], ["JD"]]
    st._down[1] = [[], [], []]
    st._lives[1] = 1
    draw_all(st)
    st._hands[0] += ["4S", "4H", "JS", "JC"]
    st._legal = None
    assert "a attack 4S,4H hand b 2" not in legal(st), "not before the last rounds"
    st.phase = 2
    st._legal = None
    assert "a attack 4S,4H hand b 2" in legal(st)
    assert "a attack JS,JC hand b 2" not in legal(st)
    st._down[1][2] = ["5C"]
    st._legal = None
    assert "a attack 4S,4H hand b 2" not in legal(st), "not with a card under the Jack"
    st._down[1][2] = []
    st._up[1][0], st._lives[1] = ["7H"], 2  # the lone Jack's pile is not b's last pile
    st._legal = None
    assert "a attack 4S,4H hand b 2" not in legal(st), "not while b has another pile"
    st._up[1][0], st._lives[1] = [], 1
    st._legal = None
    st.apply("a attack 4S,4H hand b 2")
    res = st.result()
    assert res["winner"] == "a" and res["phase"] == "last-rounds"


# -- refusals: whose turn, and what is allowed now ------------------------------------------------

def test_an_action_out_of_turn_names_whose_turn_it_is_and_what_they_may_do() -> None:
    """The error for a seat acting out of turn teaches what is allowed now."""
    st = play(deal())
    with pytest.raises(NotYourTurnError, match="it is a's turn; a may draw .4 more cards. "
                                               "from the stock"):
        st.apply("b draw stock")


def test_a_refused_action_leaves_the_state_untouched() -> None:
    """Every check comes before the first change."""
    st = draw_all(play(deal(B_TOPS, stock=["6H", "2C", "3C", "4C"])))
    before = st.clone()
    n = len(st.events)
    for text in ("a attack 6H hand b 0", "a defend 9S 0", "a discard KS", "a end",
                 "a draw stock", "b discard 2C"):
        with pytest.raises(IllegalActionError):
            st.apply(text)
    assert st == before and len(st.events) == n


def test_rule14_a_fresh_game_draws_for_its_first_dealer() -> None:
    """Rule 14: without a dealer named, a fresh game draws for the deal."""
    from kortspel.gnallknekt import draw_for_dealer

    game = kortspel.load("gnallknekt", seats=5)
    st = game.new_hand(seed=11)
    rng = random.Random(11)
    assert st.dealer == draw_for_dealer(rng, 5)[0]
    assert st.cur == (st.dealer + 1) % 5
