"""Reading Köpknack's actions: the two things the core codec learnt for it (an exchange of
no cards, and a list of cards that is a set), the text forms a person types, and the
Swedish words."""

from __future__ import annotations

import pytest

import kortspel
from kortspel import Action, ActionCodec, Arg, InvalidActionError, Verb
from kortspel.kopknack import KopknackGame

GAME = KopknackGame(4)
CODEC = GAME.codec


def test_an_empty_list_of_cards_is_an_argument_where_the_verb_allows_it() -> None:
    """``Arg(..., empty=True)``: ``[]`` in a record, ``-`` or nothing in text."""
    keep = CODEC.from_json({"seat": "a", "do": "exchange", "cards": []})
    assert keep == Action(0, "exchange", "a", (("cards", ()),))
    assert str(keep) == "a exchange -"
    assert CODEC.from_text("a exchange -", None) == keep
    assert CODEC.from_text("a exchange", None) == keep
    assert keep.to_json() == {"seat": "a", "do": "exchange", "cards": []}
    with pytest.raises(InvalidActionError, match="needs a 'cards' field"):
        CODEC.from_json({"seat": "a", "do": "exchange"})


def test_other_lists_of_cards_still_may_not_be_empty() -> None:
    """The default is unchanged: a list of cards without ``empty`` needs a card."""
    codec = ActionCodec("Test", [Verb("meld", (Arg("cards", "cards"),))], ["a", "b"])
    with pytest.raises(InvalidActionError, match="list of cards"):
        codec.from_json({"seat": "a", "do": "meld", "cards": []})


def test_a_codec_with_a_card_order_reads_every_list_in_that_order() -> None:
    """``card_order``: a list of cards that is a set is read into one order, and an action
    made by hand in another order is refused with the order that is wanted."""
    one = CODEC.from_json({"seat": "b", "do": "exchange", "cards": ["2c", "AS", "7H"]})
    two = CODEC.from_text("b exchange 7H,AS,2C", None)
    assert one == two and one.get("cards") == ("AS", "7H", "2C")
    with pytest.raises(InvalidActionError, match="in its order"):
        CODEC.check(Action(1, "exchange", "b", (("cards", ("2C", "AS")),)))


def test_cards_at_the_end_of_a_text_may_be_separated_by_spaces() -> None:
    """``"a exchange 2C 7H"`` reads as ``"a exchange 2C,7H"``."""
    assert CODEC.from_text("a exchange 2C 7H", None) == CODEC.from_text("a exchange 2C,7H",
                                                                         None)
    with pytest.raises(InvalidActionError, match="takes card after it"):
        CODEC.from_text("a play KS QS", None)


@pytest.mark.parametrize("text,verb", [
    ("knack", "knock"), ("knacka", "knock"), ("pass", "fold"), ("passa", "fold"),
    ("köp", "exchange"), ("buy", "exchange"), ("keep", "exchange"), ("byt", "exchange"),
])
def test_swedish_and_everyday_words_in_text(text: str, verb: str) -> None:
    """Typed text takes the Swedish calls and everyday words; records take only the verbs."""
    assert CODEC.from_text(f"a {text}", None).verb == verb
    with pytest.raises(InvalidActionError, match="not a Köpknack verb"):
        CODEC.from_json({"seat": "a", "do": text})


def test_an_action_reads_the_same_from_an_action_a_record_object_and_text() -> None:
    st = GAME.new_hand(seed=2)
    a, b, c = st.clone(), st.clone(), st.clone()
    a.apply(GAME.codec.make(0, "knock"))
    b.apply({"seat": "a", "do": "knock"})
    c.apply("knacka")
    assert a == b == c
    assert kortspel.replay(a.record()) == a
