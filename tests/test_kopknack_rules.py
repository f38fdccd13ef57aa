"""One test (or a few) per rule of the Köpknack text and per numbered decision of its contract.

Every deal is explicit and goes through the record form. Each test's docstring names the rule
it pins: *text* for the rule text's own rules (the deal, the bidding, the exchange, the play,
the payout), *decision N* for the contract's numbered decisions, as restated on
``docs/rules/kopknack.md``. The trick duties are tested both ways: the card the duty asks for
is the only card offered, and the card that breaks it raises an error naming the duty.
"""

from __future__ import annotations

import random

import pytest
from kopknack_helpers import bids, legal_cards_of, names, play, record, to_act, to_play

import kortspel
from kortspel import HandOverError, IllegalActionError, NotYourTurnError
from kortspel.events import Zone
from kortspel.kopknack import (
    FOLLOW,
    FREE,
    HEAD,
    LEAD_TRUMP,
    MUST_TRUMP,
    OUT_ZONE,
    PACK,
    TALON_ZONE,
    TRUMP_ZONE,
    VALUE,
    KopknackGame,
    beats,
    duty,
    legal_cards,
    shuffled_pack,
    winning_index,
)

SIX = {"a": ["AS", "7H", "2C"], "b": ["KS", "5H", "3D"], "c": ["QS", "8C", "4D"],
       "d": ["JS", "9C", "5D"], "e": ["10S", "6H", "7C"], "f": ["2S", "3H", "KD"]}


def refused(state, text: str, error: type = IllegalActionError) -> str:
    """Apply ``text``, expect ``error``, check nothing changed; return the message."""
    before = state.clone()
    with pytest.raises(error) as info:
        state.apply(text)
    assert state == before and len(state.events) == len(before.events)
    return str(info.value)


# ---------------------------------------------------------------------------------------------
# The pack
# ---------------------------------------------------------------------------------------------


def test_the_pack_is_the_52_french_cards_ranked_ace_high() -> None:
    """Text: a normal French-suited pack of 52; ranks natural, Ace high."""
    game = kortspel.load("kopknack")
    assert sorted(game.pack()) == sorted(PACK) and len(set(game.pack())) == 52
    order = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    assert sorted(order, key=VALUE.__getitem__) == order
    assert beats("AH", "KH", "S") and not beats("KH", "AH", "S")


# ---------------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------------


def test_the_dealer_antes_the_stake_into_the_pot_carried_in() -> None:
    """Decision 1 and text: the dealer antes the stake; the pot is what was carried in plus
    the ante, and it is told as it happens."""
    st = play(SIX, "9D", stake=6, pot=12)
    assert st.pot == 18 and st.result()["pot"] == 18
    assert st.events[0].kind == "ante" and "f antes 6" in st.events[0].text
    assert kortspel.replay(record(SIX, "9D", stake=3)).pot == 3


def test_three_cards_each_in_packets_of_two_and_one_then_the_trump_then_the_talon() -> None:
    """Text: three cards each in packets of 2 and 1 from the dealer's left; the next card is
    turned for trumps; the rest, face down, is the talon."""
    game = KopknackGame(4)
    cards = shuffled_pack(random.Random(11))
    st = game.new_hand(rng=random.Random(11))  # d deals: a, b, c, d in turn
    order = [0, 1, 2, 3]
    for i, s in enumerate(order):
        assert st.dealt[s] == (cards[2 * i], cards[2 * i + 1], cards[8 + i])
    assert st.trump == cards[12] and st.talon == tuple(cards[13:])
    assert st.zones()[TRUMP_ZONE] == (cards[12],)
    assert len(st.talon) == 52 - 4 * 3 - 1


def test_the_deal_is_a_uniform_shuffle_reproducible_from_the_seed() -> None:
    """A seeded deal is the same deal every time; over many deals each card lands in a hand
    about as often as any other."""
    game = KopknackGame(6)
    assert game.new_hand(seed=3) == game.new_hand(seed=3)
    rng = random.Random(5)
    counts = dict.fromkeys(PACK, 0)
    for _ in range(3000):
        for h in game.new_hand(rng=rng).dealt:
            for c in h:
                counts[c] += 1
    expected = 3000 * 18 / 52
    assert all(abs(n - expected) < 0.2 * expected for n in counts.values())


def test_the_trump_card_stays_on_the_table_and_is_never_drawn() -> None:
    """Decision 3 (and the deal): the turned card is no part of the talon; even when the
    talon is bought empty it stays face up beside it."""
    eight = {n: h for n, h in zip("abcdefgh", [PACK[i:i + 3] for i in range(0, 24, 3)],
                                  strict=True)}
    rest = [c for c in PACK if c not in {x for h in eight.values() for x in h}]
    trump, talon = rest[0], rest[1:]
    acts = bids(list(eight), "h", "abcdefgh")
    st = play(eight, trump, *acts, talon=talon)
    while st.phase_name == "buying":
        mine = st.hands[st.to_act]
        st.apply({"seat": st.game.names[st.to_act], "do": "exchange",
                  "cards": mine[:min(3, st.talon_left)]})
    assert st.talon_left == 0 and st.zones()[TRUMP_ZONE] == (trump,)
    assert trump not in {c for h in st.hands for c in h}


# ---------------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------------


def test_bidding_goes_once_round_from_forehand_to_the_dealer() -> None:
    """Decision 1: each seat knocks or folds, once, from the dealer's left to the dealer."""
    st = play(SIX, "9D", dealer="c")
    seen = []
    while st.phase_name == "bidding":
        seen.append(to_act(st))
        assert [a.verb for a in st.legal_actions()] == ["knock", "fold"]
        st.apply("knock")
    assert seen == ["d", "e", "f", "a", "b", "c"]
    assert st.phase_name == "buying"


def test_a_seat_bids_only_once() -> None:
    """Decision 1: once bid, a seat has no second say."""
    st = play(SIX, "9D", "a knock")
    assert "it is b's turn" in refused(st, "a fold", NotYourTurnError)
    assert "b may knock or fold" in refused(st, "a knock", NotYourTurnError)


def test_a_folded_hand_is_out_of_the_deal() -> None:
    """Decision 1 and text: a folded hand goes face down to the dealer and takes no part."""
    st = to_play(SIX, "9D", ["a", "c"])
    assert st.hands[1] == [] and set(SIX["b"]) <= set(st.zones()[OUT_ZONE])
    assert "b has folded and is out of this deal" in refused(st, "b play KS")
    assert names(st, st.active) == ["a", "c"]
    assert st.result()["folded"] == ["b", "d", "e", "f"]


def test_all_but_the_dealer_fold_the_dealer_sweeps_without_bidding() -> None:
    """Text and decision 2: if all but the dealer fold, the dealer takes the pot and the
    dealer is never asked to bid."""
    st = play(SIX, "9D", *[f"{s} fold" for s in "abcde"], pot=6)
    assert st.is_over and st.bids[5] is None
    assert [e.kind for e in st.events[-2:]] == ["sweep", "next_deal"]
    assert st.result() == {
        "game": "kopknack", "pot": 9, "active": ["f"], "folded": ["a", "b", "c", "d", "e"],
        "swept_by": "f", "tricks": [], "won": {"f": 0},
        "payout": {"a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 9},
        "penalty": dict.fromkeys("abcdef", 0), "next_pot": 0, "next_dealer": "a",
        "over": True, "to_act": None}


def test_one_knocker_and_all_others_fold_the_knocker_sweeps() -> None:
    """Text and decision 2: exactly one knocker, everyone else folded (the dealer too): the
    knocker sweeps, with no buying and no play."""
    st = play(SIX, "9D", *bids(list(SIX), "f", ["c"]))
    res = st.result()
    assert st.is_over and res["swept_by"] == "c" and res["active"] == ["c"]
    assert res["folded"] == ["a", "b", "d", "e", "f"] and res["tricks"] == []
    assert res["won"] == {"c": 0} and res["payout"]["c"] == 3 and res["next_pot"] == 0
    assert not any(res["penalty"].values())


def test_the_dealer_may_fold_or_knock_once_someone_has_knocked() -> None:
    """Decision 1 and 2: the dealer bids like anyone once a seat has knocked; a dealer who
    knocks against a lone knocker plays it out."""
    st = play(SIX, "9D", "a knock", *[f"{s} fold" for s in "bcde"])
    assert to_act(st) == "f" and [a.verb for a in st.legal_actions()] == ["knock", "fold"]
    st.apply("f knock")
    assert not st.is_over and st.phase_name == "buying" and names(st, st.active) == ["a", "f"]


def test_two_knockers_play_the_deal_out() -> None:
    """Text: with two or more knockers nobody sweeps; the knockers buy and play."""
    st = play(SIX, "9D", *bids(list(SIX), "f", ["b", "e"]))
    assert st.phase_name == "buying" and st.result()["active"] == ["b", "e"]
    assert st.result()["swept_by"] is None


# ---------------------------------------------------------------------------------------------
# Buying from the talon
# ---------------------------------------------------------------------------------------------


def test_two_rounds_of_buying_in_order_from_the_dealers_left_active_seats_only() -> None:
    """Decision 3: two rounds; in each every seat in the play, from the dealer's left,
    makes one exchange."""
    st = play(SIX, "9D", *bids(list(SIX), "b", ["e", "a", "b"]), dealer="b")
    seen = []
    while st.phase_name == "buying":
        seen.append(to_act(st))
        st.apply("exchange")
    assert seen == ["e", "a", "b"] * 2
    assert [e.data[0] for e in st.events if e.kind == "buy_round"] == [1, 2]


def test_an_exchange_replaces_from_the_top_of_the_talon_and_the_discards_leave_play() -> None:
    """Decision 3 and text: give 0-3 cards; the same number come from the talon's top; the
    cards given up are out of play for the deal."""
    st = play(SIX, "9D", *bids(list(SIX), "f", ["a", "b"]), "a exchange 2C 7H",
              talon=["QH", "JH", "10H"])
    assert st.hands[0] == ["AS", "QH", "JH"] and st.talon_left == 52 - 19 - 2
    assert set(st.zones()[OUT_ZONE]) >= {"2C", "7H"}
    st.apply("b exchange 3D")
    assert st.hands[1] == ["KS", "5H", "10H"]
    assert "2C" not in st.talon[st.tp:]


def test_the_choices_are_every_set_of_zero_to_three_cards() -> None:
    """Decision 3: an exchange of 0, 1, 2 or 3 of the seat's cards, each set once."""
    st = play(SIX, "9D", *bids(list(SIX), "f", ["a", "b"]))
    choices = [a.get("cards") for a in st.legal_actions()]
    assert len(choices) == 8 and choices[0] == () and len(set(choices)) == 8
    assert {len(c) for c in choices} == {0, 1, 2, 3}


def test_no_more_cards_than_the_talon_holds() -> None:
    """Decision 3: at most as many cards as the talon still holds."""
    hands = {n: PACK[i:i + 3] for n, i in zip("abcdefgh", range(0, 24, 3), strict=True)}
    st = play(hands, PACK[24], *bids(list(hands), "h", "abcdefgh"),
              *[f"{s} exchange {' '.join(PACK[i:i + 3])}" for s, i in
                zip("abcdefgh", range(0, 24, 3), strict=True)],
              "a exchange " + " ".join(PACK[25:28]))
    assert st.talon_left == 0 and to_act(st) == "b"
    assert [a.get("cards") for a in st.legal_actions()] == [()]
    assert "the talon is empty" in refused(st, f"b exchange {st.hands[1][0]}")


def test_the_talon_holding_fewer_cards_limits_the_exchange() -> None:
    """Decision 3: with two cards left a seat may give up two, not three."""
    hands = {n: PACK[i:i + 3] for n, i in zip("abcdefgh", range(0, 24, 3), strict=True)}
    buys = [f"{s} exchange {' '.join(PACK[i:i + 3])}"
            for s, i in zip("abcdefgh", range(0, 24, 3), strict=True)]
    st = play(hands, PACK[24], *bids(list(hands), "h", "abcdefgh"), *buys[:8])
    assert st.talon_left == 3
    st.apply(f"a exchange {st.hands[0][0]}")
    assert st.talon_left == 2 and to_act(st) == "b"
    assert max(len(a.get("cards")) for a in st.legal_actions()) == 2
    msg = refused(st, "b exchange " + " ".join(st.hands[1]))
    assert "only 2 cards" in msg and "up to 2 cards" in msg


def test_once_the_talon_is_empty_the_turns_are_still_taken_as_empty_exchanges() -> None:
    """Decision 3: after the talon is used up the remaining turns are still taken, each an
    exchange of no cards."""
    rec = kortspel.example("talon-runs-out", "kopknack")
    st = kortspel.replay(rec)
    tail = [a for a in st.actions if a.verb == "exchange"][-2:]
    assert [(a.who, a.get("cards")) for a in tail] == [("g", ("JS", "QS")), ("h", ())]
    kinds = [e.kind for e in st.events]
    assert kinds.index("talon_out") < max(i for i, e in enumerate(st.events)
                                          if e.kind == "exchange")
    empty = [e for e in st.events if e.kind == "exchange" and e.data[2]]
    assert [e.data[0] for e in empty] == [7] and "talon is empty" in empty[0].text


def test_exchange_cards_must_be_held_and_different() -> None:
    """Decision 3 (the record): the cards are distinct cards the seat holds."""
    st = play(SIX, "9D", *bids(list(SIX), "f", ["a", "b"]))
    assert "a does not hold K♥" in refused(st, "a exchange KH")
    msg = refused(st, {"seat": "a", "do": "exchange", "cards": ["2C", "2C"]})
    assert "twice" in msg and "a may exchange up to 3 cards" in msg


def test_the_order_of_the_cards_in_an_exchange_does_not_matter() -> None:
    """A list of cards to exchange is a set: either order is the same action."""
    base = bids(list(SIX), "f", ["a", "b"])
    one = play(SIX, "9D", *base, "a exchange 2C AS")
    two = play(SIX, "9D", *base, "a exchange AS 2C")
    assert one == two and one.actions[-1].get("cards") == ("AS", "2C")


def test_keeping_the_hand_is_written_three_ways_in_text() -> None:
    """An empty exchange: ``[]`` in a record; ``-``, ``keep`` or nothing at all in text."""
    base = record(SIX, "9D", *bids(list(SIX), "f", ["a", "b"]))
    for text in ("a exchange", "a exchange -", "a keep", "keep", "exchange"):
        st = kortspel.replay(base)
        st.apply(text)
        assert st.actions[-1].get("cards") == () and to_act(st) == "b"
        assert str(st.actions[-1]) == "a exchange -"


# ---------------------------------------------------------------------------------------------
# The play: who leads, the order, who wins
# ---------------------------------------------------------------------------------------------


def test_the_first_active_seat_left_of_the_dealer_leads_trick_1() -> None:
    """Decision 4: forehand leads if in the play, else the next seat in the play."""
    st = to_play(SIX, "9D", ["e", "a"], dealer="c")
    assert to_act(st) == "e" and st.leader == 4
    st = to_play(SIX, "9D", ["d", "f"], dealer="c")
    assert to_act(st) == "d"


def test_play_goes_round_the_seats_in_the_play_and_the_winner_leads_the_next() -> None:
    """Decision 4: play goes round the seats in the play in seat order; each trick's winner
    leads the next."""
    hands = {"a": ["AS", "2H", "3C"], "b": ["4S", "KH", "5C"], "c": ["6S", "7H", "QC"],
             "d": ["8S", "9H", "10C"], "e": ["10S", "JH", "2C"]}
    st = to_play(hands, "4D", ["a", "b", "d"], "a play AS", "b play 4S", "d play 8S")
    assert names(st, st.trick_seats) == [] and names(st, st.tricks) == ["a"]
    assert to_act(st) == "a"
    st.apply("a play 2H")
    assert to_act(st) == "b"
    st.apply("b play KH")
    assert to_act(st) == "d"
    st.apply("d play 9H")
    assert names(st, st.tricks) == ["a", "b"] and to_act(st) == "b"
    st.apply("b play 5C")
    assert to_act(st) == "d"


def test_a_trick_is_won_by_the_highest_trump_else_the_highest_of_the_led_suit() -> None:
    """Text and decision 7: highest trump wins; with none, the highest of the suit led; a
    card of another suit never wins."""
    assert winning_index(["5S", "KS", "AH", "2S"], "D") == 1
    assert winning_index(["5S", "KS", "2D", "AS"], "D") == 2
    assert winning_index(["5S", "KS", "2D", "3D"], "D") == 3
    assert winning_index(["5S", "AH", "AC", "AD"], "C") == 2
    assert winning_index(["9H"], "S") == 0


# ---------------------------------------------------------------------------------------------
# The duties, trick by trick
# ---------------------------------------------------------------------------------------------

DUTY = {"a": ["5S", "QD", "3C"], "b": ["9S", "4D", "8H"], "c": ["JS", "7C", "2H"],
        "d": ["AC", "KC", "QC"]}


def test_trick_1_follow_suit_when_able() -> None:
    """Text and decision 5: suit must always be followed; the trump is refused when a card
    of the led suit is held."""
    st = to_play(DUTY, "10D", ["a", "b", "c"], "a play 5S")
    assert legal_cards_of(st) == ["9S"]
    assert "the duty to follow suit" in refused(st, "b play 4D")
    assert "follow suit" in refused(st, "b play 8H")


def test_trick_1_void_with_a_heading_trump_must_play_it() -> None:
    """Text and decision 5: in trick 1 a seat that can head the trick with a trump (and
    cannot follow suit) must do so."""
    hands = {"a": ["5S", "QD", "3C"], "b": ["4D", "8H", "2C"], "c": ["JS", "7C", "2H"],
             "d": ["AC", "KC", "9C"]}
    st = to_play(hands, "10D", ["a", "b", "c"], "a play 5S")
    assert legal_cards_of(st) == ["4D"]
    msg = refused(st, "b play 8H")
    assert "the duty to head the trick" in msg and "play 4♦" in msg


def test_trick_1_trumps_led_must_be_beaten_if_possible() -> None:
    """Decision 5: when a trump is led, following suit means a trump, and one that heads
    the trick must be played if held."""
    hands = {"a": ["7D", "AS", "3C"], "b": ["4D", "JD", "2C"], "c": ["JS", "7C", "2H"],
             "d": ["AC", "KC", "9C"]}
    st = to_play(hands, "10D", ["a", "b", "c"], "a play 7D")
    assert legal_cards_of(st) == ["JD"]
    assert "head the trick" in refused(st, "b play 4D")
    assert "follow suit" in refused(st, "b play 2C")


def test_trick_1_trumps_led_without_a_higher_trump_any_trump_follows() -> None:
    """Decision 5: no trump of the seat heads the trick, so following suit is the duty."""
    hands = {"a": ["QD", "AS", "3C"], "b": ["4D", "JD", "2C"], "c": ["JS", "7C", "2H"],
             "d": ["AC", "KC", "9C"]}
    st = to_play(hands, "10D", ["a", "b", "c"], "a play QD")
    assert legal_cards_of(st) == ["4D", "JD"]
    assert duty(st.hands[1], st.trick, 1, "D").name == FOLLOW


def test_trick_1_void_without_a_heading_trump_plays_anything_even_a_low_trump() -> None:
    """Decision 5 (trick 1 only): a seat that can neither follow nor head may play any card,
    a small trump included, or keep it."""
    hands = {"a": ["5S", "AH", "3C"], "b": ["QD", "8H", "2C"], "c": ["4D", "7C", "2H"],
             "d": ["AC", "KC", "9C"]}
    st = to_play(hands, "10D", ["a", "b", "c"], "a play 5S", "b play QD")
    assert legal_cards_of(st) == ["4D", "7C", "2H"]
    assert duty(st.hands[2], st.trick, 1, "D").name == FREE
    st.apply("c play 7C")
    assert names(st, st.tricks) == ["b"]


def test_trick_1_void_and_no_trump_any_card() -> None:
    """Decision 5: no card of the led suit and no trump: anything goes."""
    hands = {"a": ["5S", "AH", "3C"], "b": ["7H", "8H", "2C"], "c": ["4D", "7C", "2H"],
             "d": ["AC", "KC", "9C"]}
    st = to_play(hands, "10D", ["a", "b", "c"], "a play 5S")
    assert legal_cards_of(st) == ["7H", "8H", "2C"]


T2 = {"a": ["AS", "3D", "9H"], "b": ["KS", "5C", "7H"], "c": ["QS", "2D", "8C"],
      "d": ["AC", "KC", "QC"]}
T1_PLAYS = ("a play AS", "b play KS", "c play QS")


def test_trick_2_the_leader_must_lead_a_trump_when_it_has_one() -> None:
    """Text and decision 6: the winner of trick 1 leads a trump to trick 2 if possible."""
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS)
    assert to_act(st) == "a" and legal_cards_of(st) == ["3D"]
    msg = refused(st, "a play 9H")
    assert "the duty to lead a trump" in msg and "play 3♦" in msg


def test_trick_2_a_leader_without_a_trump_leads_anything() -> None:
    """Text and decision 6: otherwise any card may be led."""
    hands = {"a": ["AS", "4C", "9H"], "b": ["KS", "5C", "7H"], "c": ["QS", "2D", "8C"],
             "d": ["AC", "KC", "QC"]}
    st = to_play(hands, "10D", ["a", "b", "c"], *T1_PLAYS)
    assert legal_cards_of(st) == ["4C", "9H"]
    assert duty(st.hands[0], [], 2, "D").name == FREE


def test_trick_2_trumps_led_must_be_beaten_if_possible() -> None:
    """Decision 6 with 5: a trump led in trick 2 is followed by a higher trump if held."""
    hands = {"a": ["AS", "6D", "4C"], "b": ["KS", "8D", "3D"], "c": ["QS", "2D", "8C"],
             "d": ["AC", "KC", "QC"]}
    st = to_play(hands, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 6D")
    assert legal_cards_of(st) == ["8D"]
    assert "head the trick" in refused(st, "b play 3D")
    st.apply("b play 8D")
    assert legal_cards_of(st) == ["2D"]  # c cannot beat the 8D: any trump follows suit


def test_trick_2_void_must_trump_and_head_if_able() -> None:
    """Text and decision 6: void in the suit led, a seat must trump, with a trump that heads
    the trick when it holds one."""
    hands = {"a": ["AS", "9H", "4C"], "b": ["KS", "5D", "2C"], "c": ["QS", "JD", "3D"],
             "d": ["AC", "KC", "QC"]}
    st = to_play(hands, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 9H")
    assert legal_cards_of(st) == ["5D"]
    assert "head the trick" in refused(st, "b play 2C")
    st.apply("b play 5D")
    assert legal_cards_of(st) == ["JD"]
    msg = refused(st, "c play 3D")
    assert "the duty to head the trick" in msg and "trick 2" in msg


def test_trick_2_void_must_trump_even_when_it_cannot_head() -> None:
    """Decision 6 (the under-trump): void in the suit led and holding only trumps that
    cannot head the trick, a seat still plays a trump in trick 2."""
    hands = {"a": ["AS", "9H", "4C"], "b": ["KS", "5D", "2C"], "c": ["QS", "4D", "3C"],
             "d": ["AC", "KC", "QC"]}
    st = to_play(hands, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 9H", "b play 5D")
    assert legal_cards_of(st) == ["4D"]
    assert duty(st.hands[2], st.trick, 2, "D").name == MUST_TRUMP
    msg = refused(st, "c play 3C")
    assert "the duty to trump" in msg and "play 4♦" in msg
    st.apply("c play 4D")
    assert names(st, st.tricks) == ["a", "b"]


def test_trick_2_void_without_trumps_plays_anything() -> None:
    """Decision 6: void and without a trump, any card."""
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 3D")
    assert to_act(st) == "b" and legal_cards_of(st) == ["5C", "7H"]


def test_trick_2_holding_the_suit_led_follows_and_may_not_trump() -> None:
    """Decision 5 and 6: following suit comes first, in trick 2 as in every trick."""
    hands = {"a": ["AS", "9H", "4C"], "b": ["KS", "5D", "2H"], "c": ["QS", "JD", "3D"],
             "d": ["AC", "KC", "QC"]}
    st = to_play(hands, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 9H")
    assert legal_cards_of(st) == ["2H"]
    assert "the duty to follow suit" in refused(st, "b play 5D")


def test_trick_3_follow_suit_and_nothing_more() -> None:
    """Decision 7: in trick 3 only following suit binds; a seat without the suit led plays
    anything, with no duty to trump or to head."""
    assert duty(["2D", "8H"], ["5S", "QD"], 3, "D") == (FREE, ("2D", "8H"))
    assert duty(["2D", "8H"], ["5S", "QD"], 2, "D") == (MUST_TRUMP, ("2D",))
    assert duty(["3D", "JD"], ["5D"], 3, "D") == (FOLLOW, ("3D", "JD"))
    assert duty(["3D", "JD"], ["5D"], 1, "D") == (HEAD, ("JD",))
    assert duty(["5S", "8H"], [], 3, "D").name == FREE
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 3D", "b play 7H",
                 "c play 2D")
    assert names(st, st.tricks) == ["a", "a"] and to_act(st) == "a"
    st.apply("a play 9H")
    assert legal_cards_of(st) == ["5C"]  # b's last card, though b has no heart


def test_every_duty_is_one_pure_function_the_engine_uses() -> None:
    """The engine's legal cards are ``legal_cards`` of the hand, the trick, its number and
    the trump suit, at every play of many random deals."""
    rng = random.Random(8)
    game = KopknackGame(7)
    checked = 0
    for _ in range(150):
        st = game.new_hand(rng=rng)
        while not st.is_over:
            if st.phase_name == "play":
                hand = list(st.hands[st.to_act])
                assert legal_cards_of(st) == list(legal_cards(hand, list(st.trick), st.number,
                                                              st.trump[-1]))
                checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked > 500


@pytest.mark.parametrize("name", [FREE, FOLLOW, HEAD, LEAD_TRUMP, MUST_TRUMP])
def test_every_duty_is_met_in_random_play(name: str) -> None:
    """Each of the five duties binds a seat somewhere in a few hundred random deals."""
    rng = random.Random(21)
    game = KopknackGame(8)
    for _ in range(400):
        st = game.new_hand(rng=rng)
        while not st.is_over:
            if st.phase_name == "play" and duty(st.hands[st.to_act], st.trick, st.number,
                                                st.trump[-1]).name == name:
                return
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    pytest.fail(f"the duty {name!r} never bound a seat")


# ---------------------------------------------------------------------------------------------
# Settling: thirds and penalties
# ---------------------------------------------------------------------------------------------


def test_each_trick_wins_a_third_of_the_pot() -> None:
    """Text and decision 8: each trick taken earns a third of the pot as it stood."""
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 3D", "b play 7H", "c play 2D",
                 "a play 9H", "b play 5C", "c play 8C", pot=9)
    res = st.result()
    assert res["pot"] == 12 and res["tricks"] == ["a", "a", "a"]
    assert res["won"] == {"a": 3, "b": 0, "c": 0} and res["payout"]["a"] == 12
    assert sum(res["payout"].values()) == res["pot"]


def test_a_player_who_takes_no_trick_pays_twice_the_stake_into_the_next_pot() -> None:
    """Text and decision 8: every seat in the play without a trick pays a double stake into
    the next pot; folded seats pay nothing."""
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 3D", "b play 7H", "c play 2D",
                 "a play 9H", "b play 5C", "c play 8C", stake=6)
    res = st.result()
    assert res["penalty"] == {"a": 0, "b": 12, "c": 12, "d": 0}
    assert res["next_pot"] == 24 and res["next_dealer"] == "a"
    assert [e.kind for e in st.events[-3:]] == ["payout", "penalty", "next_deal"]


def test_the_single_penalty_option_pays_one_stake() -> None:
    """Rules option ``penalty="single"`` (Knack's reading): one stake, not two."""
    st = to_play(T2, "10D", ["a", "b", "c"], *T1_PLAYS, "a play 3D", "b play 7H", "c play 2D",
                 "a play 9H", "b play 5C", "c play 8C", rules={"penalty": "single"})
    assert st.result()["penalty"] == {"a": 0, "b": 3, "c": 3, "d": 0}
    assert st.record()["rules"] == {"penalty": "single"}
    assert "the stake" in st.events[-2].text


def test_the_deal_passes_to_the_left() -> None:
    """Decision 8: the next dealer is the seat to the dealer's left (round the table)."""
    for dealer, nxt in (("f", "a"), ("a", "b"), ("c", "d")):
        st = play(SIX, "9D", *bids(list(SIX), dealer, [nxt]), dealer=dealer)
        assert st.result()["next_dealer"] == nxt


def test_the_pot_is_always_paid_out_in_whole_thirds() -> None:
    """Decision 8 with the stake rule: a pot of whole multiples of 3 splits into thirds,
    and a played-out deal pays out the whole pot."""
    rng = random.Random(4)
    for seats in (3, 6, 8):
        game = KopknackGame(seats)
        for _ in range(60):
            st = game.new_hand(rng=rng, stake=rng.choice((3, 6, 9)), pot=3 * rng.randrange(8))
            st = kortspel.play_hand(st, [kortspel.RandomBot()] * seats, rng)
            res = st.result()
            assert sum(res["payout"].values()) == res["pot"]
            if res["swept_by"] is None:
                assert all(v % (res["pot"] // 3) == 0 for v in res["payout"].values())
                assert res["next_pot"] == sum(res["penalty"].values())


# ---------------------------------------------------------------------------------------------
# Turns, phases and the end
# ---------------------------------------------------------------------------------------------


def test_out_of_turn_and_wrong_phase_actions_teach_what_is_allowed() -> None:
    """Every refusal says whose turn it is and what that seat may do."""
    st = play(SIX, "9D")
    assert "it is a's turn; a may knock or fold" in refused(st, "c knock", NotYourTurnError)
    msg = refused(st, "a play AS")
    assert "it is the bidding" in msg and "a may knock or fold" in msg
    st = to_play(SIX, "9D", ["a", "b"])
    assert "it is the play" in refused(st, "a exchange")
    assert "a may play" in refused(st, "b play KS", NotYourTurnError)
    assert "does not hold" in refused(st, "a play KH")


def test_nothing_is_allowed_after_the_deal_is_over() -> None:
    """Decision (the record): an action after the deal is over is refused."""
    st = play(SIX, "9D", *[f"{s} fold" for s in "abcde"])
    assert "the deal is over" in refused(st, "f knock", HandOverError)
    assert st.legal_actions() == [] and st.to_act is None


def test_the_state_zones_hold_every_card_at_every_step() -> None:
    """Every card is somewhere: hands, talon, the trump, the trick, tricks won, out of
    play; the tricks won lie in front of their winners."""
    rec = kortspel.example("heading-trump", "kopknack")
    for frame in kortspel.frames(rec):
        zones = frame.zones()
        assert sorted(c for z in zones.values() for c in z) == sorted(PACK)
    assert zones[Zone("pile", 3)] and zones[TALON_ZONE]
