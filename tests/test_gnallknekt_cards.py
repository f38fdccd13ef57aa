"""The double pack, the two faces of the ranks, and ``beats``: what beats what, both ways.

Each test names the rule it pins: "rule N" is the contract's numbered decision (restated on
``docs/rules/gnallknekt.md``); "seed" is the rule text itself. Every attack rule is tested in
both directions: a case that beats and a case that does not.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kortspel.french import CardError
from kortspel.gnallknekt import (
    ATTACK_ORDER,
    DOUBLE_PACK,
    PILE_ORDER,
    attack_value,
    beats,
    beats_name,
    draw_for_dealer,
    is_pair,
    parse_card,
    pile_value,
    show,
    top_unit,
)
from kortspel.gnallknekt.cards import a_card, dealer_value


def test_the_pack_is_two_french_packs_every_card_twice() -> None:
    """Seed: 104 cards, two 52-card packs shuffled together; contract: every card exactly
    twice."""
    assert len(DOUBLE_PACK) == 104
    counts = Counter(DOUBLE_PACK)
    assert len(counts) == 52 and set(counts.values()) == {2}


@pytest.mark.parametrize("text,card", [("10H", "10H"), ("qs", "QS"), ("aD", "AD"), ("jc", "JC")])
def test_cards_are_read_case_insensitively_and_written_upper_case(text: str, card: str) -> None:
    """Contract, cards: input case-insensitive, output upper case."""
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["TH", "1S", "11S", " QS", "QS ", "Q", "", "ZZ", "10"])
def test_other_spellings_of_cards_are_malformed(text: str) -> None:
    """Contract, cards: ``T``, ``1``, ``11`` and surrounding spaces are malformed."""
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


def test_attacking_the_ace_is_highest_and_on_a_pile_the_lowest() -> None:
    """Seed: the Ace is the highest card in attack and the lowest in defence; the others run
    2 < 3 < ... < 10 < Q < K."""
    assert ATTACK_ORDER[-1] == "A" and PILE_ORDER[0] == "A"
    assert [attack_value(r + "S") for r in ATTACK_ORDER] == sorted(
        attack_value(r + "S") for r in ATTACK_ORDER)
    assert attack_value("AS") > attack_value("KS") > attack_value("QS") > attack_value("10S")
    assert pile_value("AS") < pile_value("2S") < pile_value("10S") < pile_value("QS")
    assert pile_value("KS") == max(pile_value(r + "S") for r in PILE_ORDER)


# -- rule 6: a single card on top -----------------------------------------------------------

def test_rule6_a_card_of_the_same_rank_beats_a_single() -> None:
    """Rule 6: any other card is beaten by a card of the same rank (any suit)."""
    assert beats(["7H"], ["7S"]) and beats(["KD"], ["KC"]) and beats(["AS"], ["AH"])
    assert not beats(["7H"], ["8S"])  # another rank of another suit does not


def test_rule6_a_higher_card_of_the_same_suit_beats_a_single() -> None:
    """Rule 6: a card of the same suit and higher rank beats a single; lower does not."""
    assert beats(["9H"], ["7H"]) and beats(["QH"], ["10H"]) and beats(["KH"], ["QH"])
    assert not beats(["7H"], ["9H"]) and not beats(["QH"], ["KH"])
    assert not beats(["9S"], ["7H"])  # higher, but another suit


def test_rule6_the_ace_attacks_as_the_highest_card_of_its_suit() -> None:
    """Seed and rule 6: attacking, the Ace beats any card of its suit except a Jack."""
    for r in ("2", "10", "Q", "K"):
        assert beats(["AS"], [r + "S"])
    assert not beats(["AS"], ["KH"])  # not another suit
    assert not beats(["AS"], ["JS"])  # not a Jack


def test_rule6_on_a_pile_the_ace_is_the_lowest_so_any_card_of_its_suit_beats_it() -> None:
    """Rule 6: an Ace lying on a pile is the lowest card: a 2 of its suit beats it."""
    assert beats(["2D"], ["AD"]) and beats(["KD"], ["AD"]) and beats(["AC"], ["AD"])
    assert not beats(["2C"], ["AD"])  # another suit and another rank


def test_rule6_a_jack_beats_any_other_single() -> None:
    """Rule 6: a Jack beats any single that is not a Jack."""
    for card in ("2S", "10H", "KD", "AC"):
        assert beats(["JH"], [card])


def test_rule6_a_jack_on_top_falls_only_to_a_jack() -> None:
    """Rule 6: a Jack is beaten only by a Jack: not by a higher card of its suit, not by an
    Ace, not by a pair."""
    assert beats(["JC"], ["JH"]) and beats(["JH"], ["JH"])
    assert not beats(["QH"], ["JH"]) and not beats(["AH"], ["JH"])
    assert not beats(["KS", "KD"], ["JH"])


def test_rule6_a_pair_beats_any_single_but_a_jack() -> None:
    """Rule 6: a pair beats any single card that is not a Jack, whatever its rank (even one
    higher than the pair, even one of the pair's own rank)."""
    assert beats(["2S", "2H"], ["KD"]) and beats(["7S", "7H"], ["7D"])
    assert beats(["2S", "2H"], ["AD"])
    assert not beats(["2S", "2H"], ["JD"])


def test_rule6_in_the_last_rounds_any_pair_takes_a_lone_jack() -> None:
    """Rule 13: in the last rounds any pair (not two Jacks) may take a Jack that is the only
    card of the target's only pile: ``lone_jack``."""
    assert beats(["2S", "2H"], ["JD"], lone_jack=True)
    assert not beats(["2S", "2H"], ["JD"], lone_jack=False)
    assert not beats(["JS", "JH"], ["JD"], lone_jack=True)


# -- rule 7: a pair on top ---------------------------------------------------------------------

def test_rule7_a_pair_falls_to_a_pair_of_equal_or_higher_rank() -> None:
    """Rule 7: a pair is beaten by a pair of its rank or higher, suits ignored."""
    assert beats(["9S", "9H"], ["7D", "7C"]) and beats(["7S", "7H"], ["7D", "7C"])
    assert beats(["KS", "KH"], ["QD", "QC"])
    assert not beats(["6S", "6H"], ["7D", "7C"])
    assert not beats(["QS", "QH"], ["KD", "KC"])


def test_rule7_an_ace_pair_attacks_highest_and_lies_lowest() -> None:
    """Rule 7: attacking, an Ace pair is the highest; on a pile, the lowest."""
    assert beats(["AS", "AH"], ["KD", "KC"])
    assert beats(["2S", "2H"], ["AD", "AC"])
    assert beats(["AS", "AH"], ["AD", "AC"])


def test_rule7_one_jack_beats_a_pair_and_a_single_other_card_never_does() -> None:
    """Rule 7: one Jack removes a whole pair; no single card but a Jack attacks a pair."""
    assert beats(["JS"], ["7D", "7C"]) and beats(["JS"], ["AD", "AC"])
    assert not beats(["AS"], ["7S", "7C"]) and not beats(["7H"], ["7D", "7C"])


def test_rule7_two_jacks_never_attack_together() -> None:
    """Rule 7: two Jacks are never played together as an attacking pair."""
    for target in (["7D"], ["7D", "7C"], ["JD"]):
        assert not beats(["JS", "JH"], target)
    assert "never attack together" in beats_name(["JS", "JH"], ["7D"])


def test_two_cards_that_differ_in_rank_are_no_pair() -> None:
    """Rule 4/7: a pair is two cards of equal rank; anything else is not an attack."""
    assert not beats(["7S", "8S"], ["2S"]) and not is_pair(["7S", "8S"])
    assert is_pair(["7S", "7H"]) and is_pair(["JS", "JD"])
    assert not beats(["7S", "7H", "7D"], ["2S"])
    assert not beats([], ["2S"])


# -- rule 5: what a pile's top is ---------------------------------------------------------------

def test_rule5_the_top_two_face_up_cards_of_one_rank_are_a_pair_suits_ignored() -> None:
    """Rule 5: the top is a pair when its top two face-up cards share a rank."""
    assert top_unit(["3C", "7H", "7S"]) == ("7H", "7S")
    assert top_unit(["7H", "8H"]) == ("8H",)
    assert top_unit(["7H"]) == ("7H",)
    assert top_unit([]) == ()


def test_rule5_three_of_a_kind_on_top_the_top_two_are_the_pair() -> None:
    """Rule 5: with three equal on top, the top two are the pair; the third then lies
    alone."""
    assert top_unit(["7C", "7H", "7S"]) == ("7H", "7S")
    assert top_unit(["7C"]) == ("7C",)


def test_rule7_a_pair_of_jacks_on_top_is_two_single_jacks() -> None:
    """Rule 7: a pair of Jacks on a pile is beaten one Jack at a time."""
    assert top_unit(["JH", "JS"]) == ("JS",)
    assert beats(["JD"], top_unit(["JH", "JS"]))


def test_beats_name_says_why_in_words() -> None:
    """The reason given to a learner, for each way an attack fails or works."""
    assert "same rank" in beats_name(["7H"], ["7S"])
    assert "higher card of the same suit" in beats_name(["9H"], ["7H"])
    assert "only a Jack" in beats_name(["AH"], ["JH"])
    assert "pair of its rank or higher" in beats_name(["9H"], ["7D", "7C"])
    assert "lower than the pair" in beats_name(["6S", "6H"], ["7D", "7C"])
    assert "trump" in beats_name(["JH"], ["KS"])
    assert show("10H") == "10♥" and a_card("8S") == "an 8♠" and a_card("KS") == "a K♠"


def test_beats_agrees_with_its_rules_over_every_single_against_every_single() -> None:
    """All 52 x 52 singles, checked against the rule stated directly."""
    cards = sorted(set(DOUBLE_PACK))
    for a in cards:
        for t in cards:
            if t[:-1] == "J":
                want = a[:-1] == "J"
            else:
                want = (a[:-1] == "J" or a[:-1] == t[:-1]
                        or (a[-1] == t[-1] and attack_value(a) > pile_value(t)))
            assert beats([a], [t]) == want, (a, t)


# -- rule 14: the first dealer -------------------------------------------------------------------

def test_rule14_the_highest_card_deals_ace_high_and_clashing_ranks_draw_again() -> None:
    """Rule 14: each seat draws; equal ranks draw again; the highest (Ace high) deals."""
    for seed in range(200):
        dealer, rounds = draw_for_dealer(random.Random(seed), 4)
        held: list[str] = list(rounds[0])  # type: ignore[arg-type]
        for row in rounds[1:]:
            redrawn = [s for s, c in enumerate(row) if c is not None]
            values = [dealer_value(c) for c in held]
            assert redrawn == [s for s in range(4) if values.count(values[s]) > 1]
            for s in redrawn:
                held[s] = row[s]  # type: ignore[assignment]
        values = [dealer_value(c) for c in held]
        assert len(set(values)) == 4, "every seat ends on a rank of its own"
        assert values[dealer] == max(values)
    assert dealer_value("AS") > dealer_value("KS") > dealer_value("JS") > dealer_value("10S")


class _Stacked(random.Random):
    """A generator whose shuffle lays the pack in a given order, so a test decides every card
    drawn (``draw_for_dealer`` draws from the end: the last card is the first seat's)."""

    def __init__(self, *tops: str) -> None:
        super().__init__(0)
        self.tops = tops

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        rest = list(x)
        for c in self.tops:
            rest.remove(c)
        x[:] = rest + list(reversed(self.tops))


def test_rule14_on_a_stacked_pack_the_highest_draw_deals() -> None:
    """Rule 14 on cards the test chose: a King beats a Queen, Jack and 5 and deals; a Jack and
    a Queen are different ranks, so nobody draws again (a Jack counts between 10 and Q)."""
    dealer, rounds = draw_for_dealer(_Stacked("5H", "KS", "JD", "QC"), 4)
    assert dealer == 1 and rounds == [["5H", "KS", "JD", "QC"]]
    dealer, rounds = draw_for_dealer(_Stacked("JD", "QC", "10S"), 3)
    assert dealer == 1 and len(rounds) == 1
    dealer, rounds = draw_for_dealer(_Stacked("2C", "AH", "KD"), 3)
    assert dealer == 1, "the Ace is high in the draw, not low as on a pile"


def test_rule14_seats_whose_ranks_tie_draw_again_until_every_rank_differs() -> None:
    """Rule 14: two 9s (suits do not count) draw again while the 3 and the 4 keep theirs; a
    redraw that meets a kept rank sends that seat back in too; the highest at the end deals."""
    dealer, rounds = draw_for_dealer(_Stacked("9H", "9S", "3C", "4D", "2H", "AC"), 4)
    assert rounds == [["9H", "9S", "3C", "4D"], ["2H", "AC", None, None]]
    assert dealer == 1
    dealer, rounds = draw_for_dealer(
        _Stacked("7H", "7S", "KC", "KD", "3S", "6H", "QD"), 3)
    assert rounds == [["7H", "7S", "KC"], ["KD", "3S", None], ["6H", None, "QD"]]
    assert dealer == 2


def test_the_speed_tables_are_beats_asked_in_advance() -> None:
    """``fast.py`` looks up what ``beats`` would say; it must say exactly that."""
    from kortspel.gnallknekt.fast import (
        JACK_SET,
        PAIRS_ON_PAIR,
        PAIRS_ON_SINGLE,
        SINGLE_BEATERS,
    )

    cards = sorted(set(DOUBLE_PACK))
    pair_ranks = sorted({c[:-1] for c in cards} - {"J"})
    for t in cards:
        assert SINGLE_BEATERS[t] == {c for c in cards if beats([c], [t])}
        for lone in (False, True):
            for r in pair_ranks:
                for s1, s2 in (("S", "H"), ("D", "C"), ("H", "H")):
                    assert (r in PAIRS_ON_SINGLE[t, lone]) == beats([r + s1, r + s2], [t],
                                                                   lone)
    for rt in pair_ranks:
        for r in pair_ranks:
            assert (r in PAIRS_ON_PAIR[rt]) == beats([r + "C", r + "D"], [rt + "S", rt + "H"])
        for c in cards:
            assert (c in JACK_SET) == beats([c], [rt + "S", rt + "H"])
