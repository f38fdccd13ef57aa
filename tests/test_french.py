"""The French pack shared by Knock, Köpknack and Gnällknekt: the card spelling the contracts fix."""

from __future__ import annotations

import pytest

from kortspel import KortspelError
from kortspel.french import PACK, article, check_pack, parse_card, show, spoken


def test_the_pack_has_52_distinct_cards() -> None:
    assert len(PACK) == len(set(PACK)) == 52


@pytest.mark.parametrize("text, card", [("10h", "10H"), ("qs", "QS"), ("Ad", "AD"), ("2C", "2C")])
def test_case_does_not_matter_on_the_way_in(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["TH", "1S", "11S", " 10H", "10H ", "", "10", "H", "KX", "QQS"])
def test_other_spellings_are_refused_with_the_right_spelling_named(text: str) -> None:
    with pytest.raises(KortspelError, match="rank .* then the suit"):
        parse_card(text)


@pytest.mark.parametrize("value", [3, None, ["AS"], b"AS"])
def test_a_card_is_text(value: object) -> None:
    with pytest.raises(KortspelError, match="a card is text"):
        parse_card(value)


def test_names_for_sentences_and_screen_readers() -> None:
    assert show("10H") == "10♥"
    assert spoken("QS") == "Queen of spades"
    assert (article("8D"), article("AS"), article("KS")) == ("an", "an", "a")


def test_check_pack_names_what_is_missing_and_doubled() -> None:
    assert check_pack(PACK) == []
    assert check_pack(PACK * 2, copies=2) == []
    assert check_pack([*PACK[:-1], "AS"]) == ["more than once: AS", "missing: KC"]
