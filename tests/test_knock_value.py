"""Rule 5 (card values, wild 2s, sets): ``kortspel.knock.hand_value`` and its best grouping.

``hand_value`` is checked against an independent brute force over every 5-card multiset of
ranks (and every 6-card one, the hand between a draw and a discard), under both values of
the ``unused_two`` option. The brute force reads the rule the other way round: each 2 is
given a rank to stand for (its own included), ranks held three or more times cost nothing,
and every other natural card costs its points and every other 2 costs ``unused_two``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import kortspel
from kortspel.knock import best_grouping, face_total, hand_value, is_zero
from kortspel.knock.cards import POINTS, RANKS, card_id
from kortspel.knock.value import KEY, value_of_key

SUITS = "SHDC"


def brute(ranks: tuple[int, ...], two: int) -> int:
    """The least value over every rank each 2 may stand for (0 = Ace ... 12 = King)."""
    naturals = [r for r in ranks if r != 1]
    wilds = len(ranks) - len(naturals)
    best = None
    for stands in itertools.product(range(13), repeat=wilds):
        groups: dict[int, list[int]] = {}
        for r in naturals:
            groups.setdefault(r, []).append(r + 1)
        for r in stands:
            groups.setdefault(r, []).append(two)
        value = sum(sum(g) for g in groups.values() if len(g) < 3)
        best = value if best is None else min(best, value)
    assert best is not None
    return best


def multisets(size: int) -> list[tuple[int, ...]]:
    return [m for m in itertools.combinations_with_replacement(range(13), size)
            if max(Counter(m).values()) <= 4]


def cards_of(ranks: tuple[int, ...]) -> list[str]:
    """Real cards for a multiset of ranks: the n-th copy of a rank gets the n-th suit."""
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(RANKS[r] + SUITS[seen[r]])
        seen[r] += 1
    return out


@pytest.mark.parametrize("two", [2, 0])
def test_hand_value_agrees_with_brute_force_on_every_five_card_rank_multiset(two: int) -> None:
    """Rule 5 on all 6,175 multisets of five ranks: the lowest over every use of the 2s."""
    every = multisets(5)
    assert len(every) == 6175
    for m in every:
        assert hand_value(cards_of(m), unused_two=two) == brute(m, two), (m, two)


@pytest.mark.parametrize("two", [2, 0])
def test_hand_value_agrees_with_brute_force_on_six_cards(two: int) -> None:
    """Six cards (after a draw) are valued by the same rule; checked on the multisets with
    at most two 2s (the brute force grows as 13 to the number of 2s)."""
    for m in multisets(6):
        if m.count(1) <= 2:
            key = sum(KEY[card_id(c)] for c in cards_of(m))
            assert value_of_key(key, two) == brute(m, two), (m, two)


def test_the_rule_texts_example_four_sevens_and_a_two_is_zero() -> None:
    """Seed, scoring zero: a hand of four 7s and a 2 (standing for a 7) is worth zero."""
    hand = ["7S", "7H", "7D", "7C", "2H"]
    assert hand_value(hand) == 0 and is_zero(hand)
    g = best_grouping(hand)
    assert g.value == 0 and len(g.sets) == 1 and g.sets[0].rank == "7"
    assert sorted(g.sets[0].cards) == sorted(hand) and g.wild == (("2H", "7"),)


def test_card_points_ace_one_faces_at_value_court_cards_eleven_to_thirteen() -> None:
    """Seed, card values: A 1, 3-10 face value, J 11, Q 12, K 13 (a King is 13, not 10)."""
    assert [POINTS[card_id(r + "S")] for r in RANKS] == list(range(1, 14))
    assert hand_value(["AS", "3H", "9D", "JC", "KS"]) == 1 + 3 + 9 + 11 + 13
    assert hand_value(["QS"]) == 12 and hand_value(["10H"]) == 10


def test_three_of_a_kind_scores_nothing_and_the_rest_count() -> None:
    """Seed: three or more of a kind are worth zero; the other cards still count."""
    assert hand_value(["9S", "9H", "9D", "KS", "AS"]) == 14
    assert hand_value(["9S", "9H", "9D", "9C", "AS"]) == 1
    assert hand_value(["9S", "9H", "KD", "KC", "AS"]) == 9 + 9 + 13 + 13 + 1  # pairs: no


def test_a_two_is_wild_and_completes_a_set() -> None:
    """Rule 5: one 2 turns a pair into a set; one natural and two 2s are a set."""
    assert hand_value(["9S", "9H", "2D", "KS", "AS"]) == 14
    assert hand_value(["KS", "2H", "2D", "4S", "AS"]) == 5
    g = best_grouping(["KS", "2H", "2D", "4S", "AS"])
    assert g.sets[0].rank == "K" and dict(g.wild) == {"2H": "K", "2D": "K"}


def test_twos_alone_may_form_a_set() -> None:
    """Rule 5: three 2s are a set on their own. In a five-card hand a natural card always
    does at least as well (two 2s make it a set and the third joins), so the set of 2s
    alone shows only in a hand of 2s."""
    g = best_grouping(["2S", "2H", "2D"])
    assert g.value == 0 and g.sets[0].rank == "2" and g.wild == ()
    assert hand_value(["2S", "2H"]) == 4  # two 2s are no set
    # With naturals, two 2s stand with the highest and the third joins them.
    g = best_grouping(["2S", "2H", "2D", "AS", "3S"])
    assert g.value == 1 and g.sets[0].rank == "3" and len(g.sets[0].cards) == 4
    assert hand_value(["2S", "2H", "2D", "2C", "KS"]) == 0


def test_an_unused_two_costs_two_or_nothing_by_option() -> None:
    """Rule 5 and the option ``unused_two``: a 2 in no set scores 2 (option: 0)."""
    hand = ["2S", "5H", "8D", "JC", "KS"]
    assert hand_value(hand) == 2 + 5 + 8 + 11 + 13
    assert hand_value(hand, unused_two=0) == 5 + 8 + 11 + 13
    g = best_grouping(hand, unused_two=0)
    assert ("2S", 0) in g.loose


def test_the_lowest_use_of_the_twos_is_chosen() -> None:
    """Rule 5: of every set the 2s could make, the one saving most is taken."""
    # the two 2s stand with the 9 (saving 9), not with the 5 (saving 5)
    g = best_grouping(["2S", "2H", "5D", "9C", "AS"])
    assert g.value == 6 and g.sets[0].rank == "9"


def test_a_two_not_needed_joins_the_set_instead_of_counting() -> None:
    """Rule 5: with a set in hand, a spare 2 joins it (a set is three *or more* cards)."""
    g = best_grouping(["7S", "7H", "2D", "2C", "KS"])
    assert g.value == 13 and g.loose == (("KS", 13),)
    assert sorted(g.sets[0].cards) == ["2C", "2D", "7H", "7S"]


@pytest.mark.parametrize("m", multisets(5)[::37])
def test_the_grouping_accounts_for_the_value(m: tuple[int, ...]) -> None:
    """The best grouping holds every card once, its sets are 3+ cards of one rank (2s
    standing in), and its loose cards add up to the value."""
    for two in (2, 0):
        hand = cards_of(m)
        g = best_grouping(hand, unused_two=two)
        placed = [c for s in g.sets for c in s.cards] + [c for c, _ in g.loose]
        assert sorted(placed) == sorted(hand)
        assert g.value == sum(p for _, p in g.loose) == hand_value(hand, unused_two=two)
        stands = dict(g.wild)
        for s in g.sets:
            assert len(s.cards) >= 3
            for c in s.cards:
                assert c[:-1] == s.rank or (c[:-1] == "2" and stands.get(c, "2") == s.rank)
        assert g.describe()


def test_describe_says_why_in_one_line() -> None:
    assert best_grouping(["AS", "2H", "7C", "7D", "KS"]).describe() == (
        "7♣ 7♦ 2♥ (the 2 as a 7): a set, 0; A♠ 1 + K♠ 13 = 14")
    assert best_grouping(["8S", "8H", "2D", "5S", "AS"]).describe().startswith(
        "8♠ 8♥ 2♦ (the 2 as an 8)")
    # One loose card still ends in its total, as every line does.
    assert best_grouping(["8C", "8D", "2S", "2H", "KD"]).describe() == (
        "8♣ 8♦ 2♠ 2♥ (the 2s as an 8): a set, 0; K♦ 13 = 13")
    for hand in (["AS", "3H", "9D", "JC", "KS"], ["9S", "9H", "2C", "4D", "QS"],
                 ["7S", "7H", "7D", "7C", "KS"]):
        g = best_grouping(hand)
        assert g.describe().endswith(f" = {g.value}")


def test_face_total_counts_every_card_at_face_value() -> None:
    """Rule 12's tie-break: sets not zeroed, every 2 counted as 2."""
    assert face_total(["7S", "7H", "7D", "2C", "KS"]) == 7 * 3 + 2 + 13


def test_hand_value_reads_cards_case_insensitively_and_refuses_the_rest() -> None:
    """The contract's card spelling: case-insensitive in, nothing else forgiven."""
    assert hand_value(["10h", "qs"]) == 22
    for bad in (["TH"], ["1S"], ["11S"], [" 7H"], ["7X"], [7.0], "7H 7D"):
        with pytest.raises(kortspel.KortspelError):
            hand_value(bad)
    with pytest.raises(kortspel.KortspelError, match="more than once"):
        hand_value(["7H", "7h"])
    with pytest.raises(kortspel.KortspelError, match="2 or 0"):
        hand_value(["7H"], unused_two=1)


def test_hand_value_is_pure() -> None:
    hand = ["7S", "2H", "KD"]
    before = list(hand)
    assert hand_value(hand) == hand_value(tuple(hand)) == hand_value(iter(hand))
    assert hand == before
