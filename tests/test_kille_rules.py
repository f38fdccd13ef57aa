"""One test (or a few) per rule of the Kille text (shared/seeds/004_2655151eaba28fd1.txt).

Every hand is an explicit deal, played through the record form, and each test asserts the
exact cards, seats, turn order and events the rule calls for, so it fails if the rule breaks.
Quotes in the docstrings are from the rule text.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kille_helpers import (
    calls,
    cards,
    face_up,
    kinds_of,
    names,
    play,
    record,
    seat,
    start,
    to_act,
    verbs,
)

import kortspel
from kortspel.kille import (
    DECK_SIZE,
    HARLEKIN,
    HIGH,
    KINDS,
    MATADORS,
    card_name,
    shuffled_deck,
)

FIVE = dict(a="7", b="9", c="10", d="11", e="4")


def acted(state) -> list[str]:
    return [a.who for a in state.actions]


def lost(state) -> list[str]:
    return state.result()["lose_life"]


def struck(state) -> dict[str, str]:
    return {state.game.names[s]: why for s, why in state.struck.items()}


# ---------------------------------------------------------------------------------------------
# The pack and what beats what
# ---------------------------------------------------------------------------------------------

RANKED = KINDS[:19]  # Blaren .. Kuku; the Harlekin's rank moves


def test_the_pack_is_42_cards_of_21_kinds_lowest_first():
    """ "It has 42 cards: 21 kinds, two of each ... From lowest to highest they run Blaren,
    Blompottan, Kransen, then the numbers 1 to 12, then Värdshus, Kavall, Husu, Husar and Kuku"
    """
    assert KINDS == (
        "Blaren", "Blompottan", "Kransen", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
        "11", "12", "Värdshus", "Kavall", "Husu", "Husar", "Kuku", "Harlekin",
    )
    assert DECK_SIZE == 42
    assert [KINDS[k] for k in MATADORS] == ["Värdshus", "Kavall", "Husu", "Husar", "Kuku"]
    deck = shuffled_deck(random.Random(5))
    assert sorted(deck) == list(range(42))
    assert Counter(card_name(c) for c in deck) == {k: 2 for k in KINDS}


@pytest.mark.parametrize("seats", range(2, 9))
def test_a_deal_is_one_card_each_and_the_rest_is_the_talon(seats):
    st = kortspel.load("kille", seats=seats).new_hand(seed=seats)
    held = [st.hold[s] for s in st.order]
    assert len(held) == seats and all(c >= 0 for c in held)
    assert len(st.talon) == 42 - seats and st.tp == 0
    assert sorted(held + list(st.talon)) == list(range(42))


@pytest.mark.parametrize("lo,hi", list(zip(RANKED, RANKED[1:], strict=False)))
@pytest.mark.parametrize("flip", [False, True])
def test_what_beats_what(lo, hi, flip):
    """Each kind beats the one below it: the lower card loses the showdown. The dealer c
    holds a (dealt, high) Harlekin, which never loses on the lowest card."""
    a, b = (hi, lo) if flip else (lo, hi)
    st = play(dict(a=a, b=b, c="Harlekin"), "a stand", "b stand", "c stand")
    assert lost(st) == (["b"] if flip else ["a"])


def test_two_cards_of_the_same_kind_tie_and_both_lose():
    """ "Two cards of the same kind tie." "Two seats tied for lowest both lose one." """
    st = play(dict(a="5", b="5", c="9", d="Kransen", e="12"),
              "a stand", "b stand", "c stand", "d swap", "e stand")
    # d swapped its Kransen to e, the dealer, who stood on it
    assert cards(st) == dict(a="5", b="5", c="9", d="12", e="Kransen")
    assert lost(st) == ["e"]
    st = play(dict(a="5", b="5", c="9", d="12", e="Kuku"),
              "a stand", "b stand", "c stand", "d stand", "e stand")
    assert lost(st) == ["a", "b"]


def test_kuku_and_high_harlekin_tie_at_the_top():
    """ "Kuku, the highest card. A high Harlekin ties with it." """
    st = play(dict(a="Kuku", b="Harlekin", c="12"), "a stand", "b stand", "c stand")
    assert lost(st) == ["c"]
    assert st.rank(0) == st.rank(1) == HIGH


# ---------------------------------------------------------------------------------------------
# The deal and the swap
# ---------------------------------------------------------------------------------------------


def test_the_seat_left_of_the_dealer_speaks_first_and_the_dealer_last():
    """ "The seat on the dealer's left speaks first, going round to the dealer" """
    st = start(dict(a="4", b="8", c="9", d="10", e="11"), dealer="c")
    assert names(st, st.order) == ["d", "e", "a", "b", "c"]
    assert to_act(st) == "d"
    for who in ["d", "e", "a", "b"]:
        assert to_act(st) == who
        st.apply(f"{who} stand")
    assert to_act(st) == "c"
    st.apply("c stand")
    assert st.is_over and acted(st) == ["d", "e", "a", "b", "c"]


def test_stand_keeps_the_card_and_passes_the_turn_on():
    st = start(dict(a="4", b="8", c="9", d="10", e="11"))
    before = cards(st)
    events = st.apply("a stand")
    assert kinds_of(events) == ["stand"] and events[0].public
    assert cards(st) == before and to_act(st) == "b"
    for who in "bcde":
        st.apply(f"{who} stand")
    assert st.is_over and cards(st) == before and lost(st) == ["a"]


def test_swap_takes_the_card_of_the_seat_on_the_left_and_gives_yours():
    """ "you demand the card of the seat on your left, and that seat must hand it over, face
    down, and take yours" """
    st = start(dict(a="4", b="8", c="9", d="10", e="11"))
    events = st.apply("a swap")
    assert cards(st) == dict(a="8", b="4", c="9", d="10", e="11")
    assert kinds_of(events) == ["ask_swap", "swap", "swap_cards"]
    swap, private = events[1], events[2]
    assert swap.public and "8" not in swap.text and "4" not in swap.text  # face down
    assert private.visible == (0, 1)
    assert private.text == "a gets b's 8; b gets a's 4."
    assert face_up(st) == []
    # what each seat knows now: a and b know both cards, c knows only its own
    assert st.observation(0).known == {0: 10, 1: 6}
    assert st.observation(1).known == {0: 10, 1: 6}
    assert st.observation(2).known == {2: 11}


def test_after_a_swap_the_turn_goes_to_the_seat_swapped_with():
    """ "After a swap the turn goes to the seat you swapped with, who can pass your old card
    on" """
    st = start(dict(a="4", b="8", c="9", d="10", e="11"))
    st.apply("a swap")
    assert to_act(st) == "b"
    st.apply("b swap")  # b passes a's 4 on to c
    assert cards(st) == dict(a="8", b="9", c="4", d="10", e="11")
    assert to_act(st) == "c"


def test_the_last_seat_left_wraps_round_the_table():
    """Seats run in the direction of play: e's left neighbour is a."""
    st = start(dict(a="4", b="8", c="9", d="10", e="11"), dealer="d")
    assert to_act(st) == "e"
    st.apply("e swap")
    assert cards(st) == dict(a="11", b="8", c="9", d="10", e="4")
    assert to_act(st) == "a"


def test_a_matador_can_be_swapped_away():
    """ "A card you swap away can be anything, a matador included" """
    st = play(dict(a="Husar", b="3", c="8", d="9", e="10"), "a swap")
    assert cards(st)["a"] == "3" and cards(st)["b"] == "Husar"
    assert not st.struck and to_act(st) == "b"


# ---------------------------------------------------------------------------------------------
# Kavall and Värdshus
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("horse,call", [("Kavall", "Kavall förbi!"),
                                        ("Värdshus", "Värdshus förbi!")])
def test_kavall_and_vardshus_skip_the_seat_which_loses_its_turn(horse, call):
    """ "Your swap skips that seat and goes to the next one ... The horse or the inn is turned
    up and stays face up for the hand." "any seat jumped over loses its turn" """
    st = start(dict(a="4", b=horse, c="8", d="2", e="9"))
    events = st.apply("a swap")
    assert kinds_of(events) == ["ask_swap", "forbi", "swap", "swap_cards"]
    assert events[1].call == call and events[1].public
    assert cards(st) == dict(a="8", b=horse, c="4", d="2", e="9")
    assert face_up(st) == ["b"]
    assert st.observation(4).known[1] == st.hold[1] >> 1  # everyone sees it
    assert to_act(st) == "c"
    with pytest.raises(kortspel.NotYourTurnError):
        st.apply("b stand")
    st.apply("c stand")
    st.apply("d stand")
    st.apply("e stand")
    assert acted(st) == ["a", "c", "d", "e"]  # b never got a turn
    assert face_up(st) == ["a", "b", "c", "d", "e"]  # the showdown turns everyone up
    assert lost(st) == ["d"]


def test_a_row_of_horses_and_inns_is_skipped_in_one_go():
    st = start(dict(a="4", b="Kavall", c="Värdshus", d="8", e="9"))
    events = st.apply("a swap")
    assert [e.call for e in events if e.call] == ["Kavall förbi!", "Värdshus förbi!"]
    assert cards(st) == dict(a="8", b="Kavall", c="Värdshus", d="4", e="9")
    assert face_up(st) == ["b", "c"]
    assert to_act(st) == "d"


def test_skips_past_the_dealer_go_to_the_talon_and_end_the_round():
    """ "If the skips carry you past the dealer, you swap with the talon instead." "A seat sent
    past the dealer by a Kavall or a Värdshus goes to the talon the same way, and the round
    ends there." """
    st = play(dict(a="5", b="7", c="1", d="Kavall", e="Värdshus"),
              "a stand", "b stand", "c swap", talon=["11", "3"])
    assert st.is_over
    assert cards(st) == dict(a="5", b="7", c="11", d="Kavall", e="Värdshus")
    assert out_of_play_names(st) == ["1"]
    assert st.talon_left == 42 - 5 - 1
    assert acted(st) == ["a", "b", "c"]  # d and e, the dealer, never speak
    assert calls(st) == ["Kavall förbi!", "Värdshus förbi!"]
    assert lost(st) == ["a"]


def test_a_horse_at_the_dealer_sends_the_asker_to_the_talon():
    st = play(dict(a="8", b="9", c="10", d="2", e="Kavall"),
              "a stand", "b stand", "c stand", "d swap", talon=["12"])
    assert st.is_over and cards(st)["d"] == "12" and out_of_play_names(st) == ["2"]
    assert lost(st) == ["a"]


def out_of_play_names(st) -> list[str]:
    return st.out_of_play


# ---------------------------------------------------------------------------------------------
# Husu
# ---------------------------------------------------------------------------------------------


def test_husu_sends_the_card_back_along_the_whole_chain():
    """ "The card you offered is struck. It travels back along the swaps it made, seat by seat,
    until it reaches the seat that was dealt it, and that seat is struck ... Everyone else
    along the way gets back the card they were dealt." "the turn goes to the seat after the
    pig." """
    deal = dict(a="3", b="5", c="7", d="9", e="Husu", f="2")
    st = start(deal)
    for who in "abc":
        st.apply(f"{who} swap")
    assert cards(st) == dict(a="5", b="7", c="9", d="3", e="Husu", f="2")
    events = st.apply("d swap")
    assert kinds_of(events)[:3] == ["ask_swap", "husu", "bite_back"]
    assert events[1].call == "Svinhugg går igen!"
    assert "d to c to b to a" in events[2].text
    assert cards(st) == deal  # everyone has the card it was dealt again
    assert struck(st) == {"a": "Husu"}  # a was dealt the 3; d, who asked, is not struck
    assert face_up(st) == ["e"]
    assert to_act(st) == "f"
    for s, k in zip("abcd", "3579", strict=True):
        assert st.observation(seat(st, s)).my_card == k  # each is told its card is back
    st.apply("f stand")
    assert lost(st) == ["a", "f"]  # struck a, and the lowest of the rest, f's 2


def test_husu_strikes_the_asker_who_offers_its_own_dealt_card():
    """ "It is you only if the card you offered is the one you were dealt." """
    st = play(dict(a="3", b="Husu", c="7", d="9", e="10"), "a swap")
    assert struck(st) == {"a": "Husu"}
    assert cards(st) == dict(a="3", b="Husu", c="7", d="9", e="10")
    assert to_act(st) == "c"  # the seat after the pig; b loses its turn


def test_husu_chain_starts_after_a_stand():
    """A stand ends the chain: the next asker offers its own dealt card."""
    st = play(dict(a="3", b="5", c="8", d="Husu", e="10"), "a swap", "b stand", "c swap")
    assert struck(st) == {"c": "Husu"}
    assert cards(st) == dict(a="5", b="3", c="8", d="Husu", e="10")
    assert to_act(st) == "e"


def test_husu_chain_through_a_horse_skip_leaves_the_horse_alone():
    st = play(dict(a="3", b="Kavall", c="7", d="Husu", e="9", f="10"), "a swap", "c swap")
    assert struck(st) == {"a": "Husu"}
    assert cards(st) == dict(a="3", b="Kavall", c="7", d="Husu", e="9", f="10")
    assert face_up(st) == ["b", "d"]
    assert to_act(st) == "e"


def test_husu_gives_a_harlekin_back_high_and_face_up():
    """ "Cards already turned up stay turned up"; a Harlekin given back to the seat dealt it is
    the card it was dealt again: high. """
    st = start(dict(a="4", b="Harlekin", c="Husu", d="9"))
    st.apply("a swap")
    assert cards(st) == dict(a="Harlekin", b="4", c="Husu", d="9")
    assert st.low[0] and face_up(st) == ["a"]
    st.apply("b swap")  # b offers a's 4 to the pig: it goes back to a
    assert cards(st) == dict(a="4", b="Harlekin", c="Husu", d="9")
    assert struck(st) == {"a": "Husu"}
    assert not st.low[1] and st.rank(1) == HIGH
    assert face_up(st) == ["b", "c"]  # the Harlekin stays face up on its way back
    assert to_act(st) == "d"
    st.apply("d stand")
    assert st.result()["low_harlekin"] == []
    assert lost(st) == ["a", "d"]


def test_husu_returns_a_low_harlekin_to_the_seat_dealt_it():
    st = play(dict(a="Harlekin", b="5", c="Husu", d="9"), "a swap", "b swap", "d stand")
    assert cards(st) == dict(a="Harlekin", b="5", c="Husu", d="9")
    assert struck(st) == {"a": "Husu"}
    assert st.result()["low_harlekin"] == []
    assert lost(st) == ["a", "b"]


# ---------------------------------------------------------------------------------------------
# Husar
# ---------------------------------------------------------------------------------------------


def test_husar_strikes_the_asker_no_swap_turn_after_the_hussar():
    """ "Your swap does not happen and you are struck, which costs you a life at the showdown.
    The turn goes to the seat after the hussar." """
    st = start(dict(a="4", b="Husar", c="7", d="9", e="10"))
    events = st.apply("a swap")
    assert kinds_of(events) == ["ask_swap", "husar"]
    assert events[1].call == "Husar hugger!"
    assert cards(st) == dict(a="4", b="Husar", c="7", d="9", e="10")
    assert struck(st) == {"a": "Husar"}
    assert face_up(st) == ["b"]
    assert to_act(st) == "c"
    for who in "cde":
        st.apply(f"{who} stand")
    assert acted(st) == ["a", "c", "d", "e"]
    assert lost(st) == ["a", "c"]  # struck a; then the lowest of the rest, c's 7


def test_husar_at_the_dealer_ends_the_round():
    st = play(dict(a="8", b="9", c="10", d="2", e="Husar"), "a stand", "b stand", "c stand",
              "d swap")
    assert st.is_over and struck(st) == {"d": "Husar"}
    assert lost(st) == ["a", "d"]


# ---------------------------------------------------------------------------------------------
# Kuku
# ---------------------------------------------------------------------------------------------


def test_kuku_refuses_ends_the_swapping_and_the_asker_loses_nothing():
    """ "Your swap does not happen, the swapping ends, and everyone turns up. You lose nothing
    for asking." """
    st = start(dict(a="8", b="Kuku", c="3", d="9", e="10"))
    events = st.apply("a swap")
    assert kinds_of(events)[:3] == ["ask_swap", "kuku", "showdown"]
    assert events[1].call == "Kuku står, ingen byta får!"
    assert st.is_over and cards(st) == dict(a="8", b="Kuku", c="3", d="9", e="10")
    assert struck(st) == {}
    assert lost(st) == ["c"]


def test_kuku_called_out_of_turn():
    """ "A seat holding a Kuku can also call it at any moment, on its turn or not." """
    st = start(dict(a="4", b="9", c="Kuku", d="2", e="10"))
    assert st.callers() == [2]
    assert verbs(st, "c") == ["kuku"]
    assert verbs(st, "b") == [] and verbs(st, "d") == []
    st.apply("a swap")
    assert to_act(st) == "b" and st.callers() == [2]
    events = st.apply("c kuku")
    assert events[0].kind == "kuku" and events[0].call == "Kuku står, ingen byta får!"
    assert st.is_over and acted(st) == ["a", "c"]
    assert cards(st) == dict(a="9", b="4", c="Kuku", d="2", e="10")
    assert lost(st) == ["d"]


def test_kuku_called_on_its_own_turn_and_after_a_swap_brought_it():
    st = start(dict(a="Kuku", b="3", c="8", d="9", e="10"))
    assert verbs(st) == ["stand", "swap", "kuku"]
    assert st.callers() == []  # a is to act: its call is among its legal actions
    st.apply("a swap")  # a gives the Kuku away to b
    assert verbs(st, "a") == []
    assert verbs(st) == ["stand", "swap", "kuku"]
    st.apply("b kuku")
    assert st.is_over and face_up(st) == ["a", "b", "c", "d", "e"]
    assert lost(st) == ["a"]


def test_kuku_call_asked_option_forbids_calls_but_the_kuku_still_refuses():
    rules = {"kuku_call": "asked"}
    st = start(dict(a="4", b="9", c="Kuku", d="2", e="10"), rules=rules)
    assert st.callers() == [] and verbs(st, "c") == []
    with pytest.raises(kortspel.IllegalActionError, match="kuku_call='asked'"):
        st.apply("c kuku")
    st2 = start(dict(a="Kuku", b="9", c="8", d="2", e="10"), rules=rules)
    assert verbs(st2) == ["stand", "swap"]
    st.apply("a stand")
    st.apply("b swap")  # b asks c, who refuses with the Kuku
    assert st.is_over and struck(st) == {} and lost(st) == ["d"]


# ---------------------------------------------------------------------------------------------
# The dealer and the talon
# ---------------------------------------------------------------------------------------------


def dealer_draws(talon, deal=FIVE, **kw):
    return play(deal, "a stand", "b stand", "c stand", "d stand", "e swap", talon=talon, **kw)


@pytest.mark.parametrize("top", ["12", "Blaren", "Blompottan", "Kransen", "1", "6"])
def test_the_dealer_takes_a_number_or_a_low_card_from_the_talon(top):
    """ "A number, one of the three lowest cards or a Harlekin is yours, and the old card goes
    face down to the bottom of the talon, out of play." """
    st = dealer_draws([top, "8"])
    assert st.is_over and cards(st)["e"] == top
    assert out_of_play_names(st) == ["4"]
    assert st.tp == 1 and st.talon_left == 42 - 5 - 1
    assert kinds_of(st.events).count("talon_draw") == 1
    assert st.observation(4).my_card == top  # the dealer sees what it drew
    rank = KINDS.index(top)
    assert lost(st) == (["e"] if rank < KINDS.index("7") else ["a"])


def test_the_dealer_draws_a_harlekin_high():
    for dh in ("high", "low"):
        st = dealer_draws(["Harlekin"], rules={"dealt_harlekin": dh})
        assert cards(st)["e"] == "Harlekin" and st.rank(4) == HIGH and not st.low[4]
        assert st.result()["low_harlekin"] == [] and lost(st) == ["a"]


def test_kavall_and_vardshus_drawn_are_set_aside_and_the_next_drawn():
    """ "A Kavall or a Värdshus is set aside and the next card is drawn." """
    st = dealer_draws(["Kavall", "Värdshus", "Kavall", "8"])
    assert cards(st)["e"] == "8"
    assert out_of_play_names(st) == ["Kavall", "Värdshus", "Kavall", "4"]
    assert st.tp == 4
    assert calls(st) == ["Kavall förbi!", "Värdshus förbi!", "Kavall förbi!"]
    assert st.observation(0).set_aside == ["Kavall", "Värdshus", "Kavall"]
    assert all(st.face >> c & 1 for c in st.dead[:3])  # set aside face up
    assert lost(st) == ["a"]


def test_a_kuku_drawn_ends_the_round_and_the_dealer_keeps_its_card():
    st = dealer_draws(["Kuku", "12"])
    assert cards(st)["e"] == "4" and out_of_play_names(st) == ["Kuku"]
    assert calls(st) == ["Kuku står, ingen byta får!"]
    assert struck(st) == {} and lost(st) == ["e"]


def test_a_husar_drawn_strikes_the_dealer():
    st = dealer_draws(["Husar", "12"], deal=dict(a="7", b="9", c="10", d="11", e="12"))
    assert cards(st)["e"] == "12" and struck(st) == {"e": "Husar"}
    assert calls(st) == ["Husar hugger!"]
    assert lost(st) == ["a", "e"]


def test_a_husu_drawn_strikes_the_dealer_offering_its_own_card():
    st = dealer_draws(["Husu"], deal=dict(a="7", b="9", c="10", d="11", e="12"))
    assert cards(st)["e"] == "12" and struck(st) == {"e": "Husu"}
    assert lost(st) == ["a", "e"]


def test_a_husu_drawn_undoes_the_chain_of_swaps():
    """ "a Husu undoes the chain of swaps." d gave its 3 to the dealer; it goes back to d. """
    deal = dict(a="7", b="9", c="10", d="3", e="11")
    st = play(deal, "a stand", "b stand", "c stand", "d swap", "e swap", talon=["Husu"])
    assert cards(st) == deal
    assert struck(st) == {"d": "Husu"}
    assert out_of_play_names(st) == ["Husu"]
    assert lost(st) == ["a", "d"]


SENT = dict(a="5", b="7", c="1", d="Kavall", e="Värdshus")


def test_a_seat_sent_past_the_dealer_meets_a_husar_in_the_talon():
    st = play(SENT, "a stand", "b stand", "c swap", talon=["Husar"])
    assert cards(st)["c"] == "1" and struck(st) == {"c": "Husar"}
    assert acted(st) == ["a", "b", "c"] and lost(st) == ["a", "c"]


def test_a_seat_sent_past_the_dealer_meets_a_kuku_in_the_talon():
    st = play(SENT, "a stand", "b stand", "c swap", talon=["Kuku"])
    assert cards(st)["c"] == "1" and struck(st) == {} and lost(st) == ["c"]


def test_a_seat_sent_past_the_dealer_sets_aside_an_inn_and_draws_again():
    st = play(SENT, "a stand", "b stand", "c swap", talon=["Värdshus", "Harlekin"])
    assert cards(st)["c"] == "Harlekin" and st.rank(2) == HIGH
    assert out_of_play_names(st) == ["Värdshus", "1"]
    assert lost(st) == ["a"]


def test_a_seat_sent_past_the_dealer_meets_a_husu_which_undoes_its_chain():
    st = play(dict(a="5", b="1", c="8", d="Kavall", e="Värdshus"),
              "a stand", "b swap", "c swap", talon=["Husu"])
    assert cards(st) == dict(a="5", b="1", c="8", d="Kavall", e="Värdshus")
    assert struck(st) == {"b": "Husu"}
    assert lost(st) == ["a", "b"]


# ---------------------------------------------------------------------------------------------
# The Harlekin
# ---------------------------------------------------------------------------------------------


def test_a_dealt_harlekin_is_high():
    """ "Dealt to you, or drawn from the talon, it is as high as a Kuku." """
    st = play(dict(a="Harlekin", b="2", c="9"), "a stand", "b stand", "c stand")
    assert st.rank(0) == HIGH and lost(st) == ["b"]


def test_option_dealt_harlekin_low_makes_it_the_lowest_card():
    """Killeboken: "counts a Harlekin you are dealt as the lowest card". """
    rules = {"dealt_harlekin": "low"}
    st = play(dict(a="Harlekin", b="Blaren", c="9"), "a stand", "b stand", "c stand",
              rules=rules)
    assert lost(st) == ["a"]
    assert st.record()["rules"]["dealt_harlekin"] == "low"
    assert kortspel.replay(st.record()) == st
    with pytest.raises(kortspel.RulesError):
        kortspel.load("kille", seats=3, dealt_harlekin="middle")


def test_a_harlekin_swapped_onto_a_seat_is_low_face_up_and_loses_with_the_lowest():
    """ "Swapped onto you in exchange for another card, it is lower than Blaren, and you lose a
    life for holding it, along with whoever has the lowest of the other cards." "Every
    Harlekin in a swap goes across face up and stays face up for the hand" """
    st = start(dict(a="Harlekin", b="9", c="7", d="5"))
    events = st.apply("a swap")
    assert cards(st) == dict(a="9", b="Harlekin", c="7", d="5")
    assert st.low == [False, True, False, False]
    assert face_up(st) == ["b"]
    assert "face up" in events[1].text
    for s in range(4):  # everyone knows who holds the low one
        obs = st.observation(s)
        assert obs.known[1] == HARLEKIN and obs.low_harlekin == {1}
    for who in "bcd":
        st.apply(f"{who} stand")
    res = st.result()
    assert res["low_harlekin"] == ["b"] and res["lowest"] == ["d"]
    assert lost(st) == ["b", "d"]


def test_a_low_harlekin_passed_on_is_low_for_the_next_seat():
    st = play(dict(a="Harlekin", b="9", c="7", d="5", e="12"), "a swap", "b swap")
    assert cards(st) == dict(a="9", b="7", c="Harlekin", d="5", e="12")
    assert st.low == [False, False, True, False, False]
    assert face_up(st) == ["c"]


def test_the_asker_who_takes_a_harlekin_holds_it_low():
    st = play(dict(a="5", b="Harlekin", c="7", d="9"), "a swap")
    assert cards(st)["a"] == "Harlekin" and st.low[0] and face_up(st) == ["a"]


def test_two_harlekins_meeting_in_one_swap_are_both_high():
    """ "If two Harlekins meet in one swap, both are high." """
    st = start(dict(a="Harlekin", b="Harlekin", c="3", d="9"))
    events = st.apply("a swap")
    assert "Two Harlekins meet" in events[1].text
    assert st.low == [False, False, False, False]
    assert face_up(st) == ["a", "b"]
    for who in "bcd":
        st.apply(f"{who} stand")
    assert st.result()["low_harlekin"] == [] and lost(st) == ["c"]


def test_two_harlekins_meeting_are_high_even_with_dealt_harlekin_low():
    st = play(dict(a="Harlekin", b="Harlekin", c="3", d="9"), "a swap", "b stand", "c stand",
              "d stand", rules={"dealt_harlekin": "low"})
    assert lost(st) == ["c"]


# ---------------------------------------------------------------------------------------------
# The showdown
# ---------------------------------------------------------------------------------------------


def test_the_lowest_card_is_picked_from_the_seats_left_after_the_struck():
    """ "Struck seats and low Harlekins lose first. Only then is the lowest card picked, from
    the seats that are left." a is struck holding a 2; c's 7 is the lowest of the rest. """
    st = play(dict(a="2", b="Husar", c="7", d="9", e="10"),
              "a swap", "c stand", "d stand", "e stand")
    res = st.result()
    assert res["struck"] == ["a"] and res["lowest"] == ["c"]
    assert res["lose_life"] == ["a", "c"] and res["guard"] is None


def test_the_texts_three_seat_example_only_struck_and_low_harlekin_lose():
    """ "Say three seats: one struck by a Husar, one holding a low Harlekin, one holding a
    twelve ... only the struck seat and the low Harlekin lose." """
    st = play(dict(a="Harlekin", b="12", c="5"), "a swap", "b stand", "c swap",
              talon=["Husar"])
    assert cards(st) == dict(a="12", b="Harlekin", c="5")
    res = st.result()
    assert res["struck"] == ["c"] and res["low_harlekin"] == ["b"]
    assert res["lowest"] == ["a"]
    assert res["lose_life"] == ["b", "c"]
    assert res["guard"] == "struck"


def test_no_one_struck_a_low_harlekin_and_a_four_at_two_seats_nobody_loses():
    """ "With no one struck, say a low Harlekin and a four at two seats, nobody loses." """
    st = play(dict(a="Harlekin", b="4", c="4"), "a swap", "b stand", "c stand")
    assert cards(st) == dict(a="4", b="Harlekin", c="4")
    res = st.result()
    assert res["low_harlekin"] == ["b"] and res["lowest"] == ["a", "c"]
    assert res["lose_life"] == [] and res["guard"] == "nobody struck"


def test_the_guard_only_applies_when_everyone_would_lose():
    """The same low Harlekin and fours, with one more seat on a five: now the fours lose."""
    st = play(dict(a="Harlekin", b="4", c="4", d="5"), "a swap", "b stand", "c stand",
              "d stand")
    assert lost(st) == ["a", "b", "c"] and st.result()["guard"] is None


def test_all_seats_tied_lowest_with_nobody_struck_lose_nothing():
    """A hand never takes every seat's life."""
    st = play(dict(a="6", b="6"), "a stand", "b stand")
    assert lost(st) == [] and st.result()["guard"] == "nobody struck"


def test_kuku_and_high_harlekin_never_lose_on_the_lowest_card():
    """ "A Kuku or a high Harlekin never loses on the lowest card." """
    st = play(dict(a="Kuku", b="Harlekin", c="9"), "a stand", "b stand", "c swap",
              talon=["Husar"])
    res = st.result()
    assert res["struck"] == ["c"] and res["lowest"] == [] and res["lose_life"] == ["c"]


def test_struck_seats_turn_up_too_and_everyone_is_known_at_the_end():
    st = play(dict(a="2", b="Husar", c="7", d="9", e="10"),
              "a swap", "c stand", "d stand", "e stand")
    obs = st.observation(2)
    assert obs.known == {s: st.hold[s] >> 1 for s in range(5)}
    assert obs.struck == {0: "Husar"}


# ---------------------------------------------------------------------------------------------
# The text's horse-and-cuckoo hand
# ---------------------------------------------------------------------------------------------

HORSE_AND_CUCKOO = record(dict(a="4", b="Kavall", c="8", d="2", e="Kuku"), "a swap", "c swap",
                          "d swap", talon=["9", "Husar"])


def test_the_horse_and_cuckoo_hand_step_by_step():
    game = kortspel.load("kille", seats=5)
    st = game.new_hand(record=HORSE_AND_CUCKOO)
    assert to_act(st) == "a" and st.dealer == 4
    st.apply("a swap")  # b: Kavall förbi; a and c swap
    assert calls(st) == ["Kavall förbi!"]
    assert cards(st) == dict(a="8", b="Kavall", c="4", d="2", e="Kuku")
    assert to_act(st) == "c"
    st.apply("c swap")
    assert cards(st) == dict(a="8", b="Kavall", c="2", d="4", e="Kuku")
    assert to_act(st) == "d"
    st.apply("d swap")  # e: Kuku står, ingen byta får
    assert st.is_over
    assert calls(st) == ["Kavall förbi!", "Kuku står, ingen byta får!"]
    res = st.result()
    assert res["final"] == dict(a="8", b="Kavall", c="2", d="4", e="Kuku")
    assert res["lose_life"] == ["c"] and res["struck"] == [] and res["lowest"] == ["c"]
    assert acted(st) == ["a", "c", "d"]  # b never gets a turn
    assert st == kortspel.replay(HORSE_AND_CUCKOO)
    assert st.record()["actions"] == HORSE_AND_CUCKOO["actions"]
    assert st.record()["talon"][:2] == ["9", "Husar"]


# ---------------------------------------------------------------------------------------------
# Two or three seats left: better cards
# ---------------------------------------------------------------------------------------------


def test_two_seats_ask_and_the_dealer_accepts_a_redeal():
    """ "With two seats the dealer accepts or refuses, and an accepted ask reshuffles
    everything and the same dealer deals again." """
    st = start(dict(a="4", b="9"))
    assert verbs(st) == ["stand", "swap", "ask"]
    st.apply("a ask")
    assert to_act(st) == "b" and verbs(st) == ["accept", "refuse"]
    st.apply("b accept")
    assert st.is_over and st.outcome.redeal == "better cards accepted"
    assert st.result()["lose_life"] == [] and st.result()["redeal"]
    assert st.accepted_asks == 1
    assert "asks_accepted" not in st.record()
    assert kortspel.replay(st.record()) == st


def test_two_seats_refused_ask_goes_on_to_the_swaps_and_cannot_ask_again():
    """ "A refused ask goes straight on to the swaps, and that seat cannot ask again in the
    hand." """
    st = start(dict(a="4", b="9"))
    st.apply("a ask")
    st.apply("b refuse")
    assert to_act(st) == "a" and verbs(st) == ["stand", "swap"]
    with pytest.raises(kortspel.IllegalActionError, match="asked once"):
        st.apply("a ask")
    st.apply("a swap")
    assert st.is_over is False and to_act(st) == "b"
    st.apply("b swap")
    assert st.is_over


def test_three_seats_the_dealer_refuses_or_says_it_depends_then_the_middle_seat_decides():
    st = start(dict(a="4", b="9", c="7"))
    st.apply("a ask")
    assert to_act(st) == "c" and verbs(st) == ["refuse", "depends"]
    st.apply("c depends")
    assert to_act(st) == "b" and verbs(st) == ["accept", "refuse"]
    st.apply("b accept")
    assert st.is_over and st.outcome.redeal == "better cards accepted"
    st = play(dict(a="4", b="9", c="7"), "a ask", "c depends", "b refuse")
    assert to_act(st) == "a" and verbs(st) == ["stand", "swap"]
    st = play(dict(a="4", b="9", c="7"), "a ask", "c refuse")
    assert to_act(st) == "a" and verbs(st) == ["stand", "swap"]
    with pytest.raises(kortspel.IllegalActionError):
        st.apply("c accept")  # the dealer of three cannot accept


def test_only_the_first_to_speak_may_ask_and_only_with_two_or_three_seats():
    st = play(dict(a="4", b="9", c="7"), "a stand")
    assert verbs(st) == ["stand", "swap"]
    with pytest.raises(kortspel.IllegalActionError, match="first to speak"):
        st.apply("b ask")
    st = start(dict(a="4", b="9", c="7", d="8"))
    assert verbs(st) == ["stand", "swap"]
    with pytest.raises(kortspel.IllegalActionError, match="two or three seats"):
        st.apply("a ask")
    # four seats at the table, but only two with lives: better cards may be asked
    st = start(dict(b="4", d="9"), seats="abcd", dealer="d",
               lives=dict(a=0, b=2, c=0, d=1))
    assert names(st, st.order) == ["b", "d"] and verbs(st) == ["stand", "swap", "ask"]


def test_at_most_three_accepted_asks_in_a_hand():
    """ "Three accepted asks is the most in a hand." (carried in the record) """
    st = start(dict(a="4", b="9"), asks=2)
    assert "ask" in verbs(st)
    st.apply("a ask")
    st.apply("b accept")
    assert st.accepted_asks == 3 and st.record()["asks_accepted"] == 2
    st = start(dict(a="4", b="9"), asks=3)
    assert verbs(st) == ["stand", "swap"]
    with pytest.raises(kortspel.IllegalActionError, match="three asks"):
        st.apply("a ask")
    assert st.record()["asks_accepted"] == 3
    game = kortspel.load("kille", seats=3)
    assert "ask" not in verbs(game.new_hand(seed=1, asks_accepted=3))
    with pytest.raises(kortspel.RecordError, match="0 to 3"):
        game.new_hand(seed=1, asks_accepted=4)


def test_two_seats_a_dealt_harlekin_means_the_same_dealer_deals_again():
    for deal in (dict(a="Harlekin", b="9"), dict(a="4", b="Harlekin"),
                 dict(a="Harlekin", b="Kuku")):
        st = start(deal)
        assert st.is_over and st.outcome.redeal == "Harlekin dealt with two seats"
        assert st.legal_actions() == [] and st.result()["lose_life"] == []
        assert [e.kind for e in st.events][-1] == "redeal"


def test_two_seats_a_dealt_kuku_is_turned_up_at_once():
    st = start(dict(a="4", b="Kuku"))
    assert st.is_over and st.actions == [] and face_up(st) == ["a", "b"]
    assert calls(st) == ["Kuku står, ingen byta får!"]
    assert lost(st) == ["a"]
    st = start(dict(a="Kuku", b="Kuku"))
    assert st.is_over and lost(st) == []


def test_the_two_seat_rules_apply_to_two_seats_with_lives_at_a_bigger_table():
    st = start(dict(a="Harlekin", c="9"), seats="abc", dealer="c", lives=dict(b=0))
    assert st.is_over and st.outcome.redeal
    st = start(dict(a="5", c="Kuku"), seats="abc", dealer="c", lives=dict(b=0))
    assert st.is_over and lost(st) == ["a"]
