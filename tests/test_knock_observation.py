"""What a Knock seat may see (the issue's list): its own hand, the discard pile, the stock's
count, what the others took from the discard pile, and every hand once shown; nothing else.
The conformance suite checks the same by shuffling the unseen cards; these tests say it
card by card.
"""

from __future__ import annotations

from knock_helpers import play, record, whole_turns

from kortspel import Zone

A = ["AS", "3H", "5D", "9C", "KS"]
B = ["4S", "6H", "8D", "10C", "QS"]
C = ["3S", "5H", "8H", "JC", "KH"]


def three(*actions: str):
    return play(record({"a": A, "b": B, "c": C}, "9H", *actions, stock=["4H", "6D", "8C"]))


def test_a_seat_sees_its_own_hand_and_no_other() -> None:
    st = three()
    for seat, cards in enumerate((A, B, C)):
        obs = st.observation(seat)
        assert obs.hand == cards and obs.value == sum(
            {"A": 1, "J": 11, "Q": 12, "K": 13}.get(c[:-1], 0) or int(c[:-1]) for c in cards)
        for other in range(3):
            if other != seat:
                assert obs.known(other) == [None] * 5 and obs.hand_size(other) == 5


def test_a_card_drawn_from_the_stock_is_seen_by_the_drawer_alone() -> None:
    st = three("a draw stock")
    assert st.observation(0).hand[-1] == "4H"
    assert st.observation(1).known(0) == [None] * 6
    assert st.observation(1).stock_count == st.stock_count == 35


def test_the_discard_pile_is_seen_by_all() -> None:
    st = three(*whole_turns("a stock KS", "b stock QS"))
    for seat in range(3):
        obs = st.observation(seat)
        assert obs.discard_pile == ["9H", "KS", "QS"] and obs.discard_top == "QS"


def test_a_card_taken_from_the_discard_pile_stays_known_in_that_hand() -> None:
    st = three("a draw discard")
    for seat in (1, 2):
        known = st.observation(seat).known(0)
        assert known.count(None) == 5 and known[-1] == "9H"
    assert st.observation(0).taken == "9H"
    st.apply("a discard KS")
    # a thrown card the others had not seen is known now, on the pile; the taken one stays
    assert st.observation(1).known(0)[-1] == "9H" and st.observation(1).discard_top == "KS"
    assert st.observation(0).taken is None


def test_every_hand_is_known_once_shown() -> None:
    st = three(*whole_turns("a knock", "b stock QS", "c stock KH"))
    for seat in range(3):
        obs = st.observation(seat)
        for other in range(3):
            assert obs.known(other) == st.hand(other)


def test_a_zero_hand_is_shown_to_all_at_once() -> None:
    st = play(record({"a": A, "b": ["8S", "8C", "8D", "2C", "2H"], "c": C}, "9H"))
    assert st.observation(0).known(1) == ["8S", "8C", "8D", "2C", "2H"]


def test_the_knocker_and_the_carried_scores_are_public() -> None:
    st = play(record({"a": A, "b": B, "c": C}, "9H", "a knock", scores={"b": 7},
                     stars={"c": 1}))
    obs = st.observation(2)
    assert obs.knocker == 0 and obs.last_turn
    assert obs.scores == (0, 7, 0) and obs.stars == (0, 0, 1) and obs.out == ()
    assert obs.turns_played(0) == 0 and obs.phase == "draw"


def test_the_knowledge_holds_no_card_the_seat_was_not_shown() -> None:
    st = three("a draw stock", "a discard KS", "b draw discard", "b discard QS",
               "c draw stock", "c discard 8H")
    k = st.observation(2).knowledge
    seen = {c for z in k.zones() for c in k.names(z) if c is not None}
    assert seen == {"3S", "5H", "JC", "KH", "6D", "9H", "QS", "8H", "KS"}
    assert k.names(Zone("hand", 0)) == (None,) * 5
    assert k.names(Zone("hand", 1)) == (None, None, None, None, "KS")
    assert k.count(Zone("stock")) == 52 - 16 - 2
