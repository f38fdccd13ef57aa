"""Köpknack's small words in the language in use: suits, counts of cards and tricks, lists.

The record's wording (``narration``) keeps its own English helpers (``cards_word``,
``tricks_word``, ``suit_word``): a record reads the same in every language. What a person
reads -- the telling, the table, a refusal -- is made from these, which look each word up
in the catalogue, so "two cards" becomes "två kort" and "diamonds are trumps" "ruter är
trumf" without a sentence being glued from English parts. They are called only where text
is made for a person, never in the engine's or a search's inner loops.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import N_, _, language, ngettext
from ..voice import Voice
from .cards import article, show

__all__ = ["suit_name", "suit_one", "cards_said", "tricks_said", "or_list", "and_list",
           "a_card", "SeatVoice"]

# i18n: a suit's name in "{suit} are trumps", "{suit} were led": Swedish suits are the same
# word for one card and for many ("hjärter är trumf")
_SUITS: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"),
                          "C": N_("clubs")}
# i18n: one card of a suit, in "must follow suit with a {suit}"
_SUIT_ONE: dict[str, str] = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"),
                             "C": N_("club")}
# i18n: a count of cards, in "{name} exchanges {cards}" ("ett kort", "två kort")
_CARDS = (N_("no cards"), N_("one card"), N_("two cards"), N_("three cards"))
# i18n: a count of tricks, in "{name} takes 6 for {tricks}" ("inget stick", "två stick")
_TRICKS = (N_("no trick"), N_("one trick"), N_("two tricks"), N_("three tricks"))


def suit_name(letter: str) -> str:
    """``"D"`` -> "diamonds" ("ruter"), as a suit is named in a sentence."""
    return _(_SUITS[letter])


def suit_one(letter: str) -> str:
    """``"H"`` -> "heart" ("hjärter"): one card of the suit."""
    return _(_SUIT_ONE[letter])


def cards_said(n: int) -> str:
    """``2`` -> "two cards" ("två kort"), as ``narration.cards_word`` says it in English."""
    if 0 <= n < len(_CARDS):
        return _(_CARDS[n])
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def tricks_said(n: int) -> str:
    """``1`` -> "one trick", ``0`` -> "no trick" ("ett stick", "inget stick")."""
    return _(_TRICKS[n])


def or_list(items: Sequence[str]) -> str:
    """"9♠ or K♠ or 2♠" ("9♠ eller K♠ eller 2♠"): the cards a duty allows."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = _("{first} or {next}").format(first=text, next=item)
    return text


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c" ("a, b och c"), as ``errors.say_list`` says it."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def a_card(card: str) -> str:
    """A card with its English article ("an 8♦", "a 9♦"); Swedish names a card without
    one ("8♦"), so the article is English grammar, not a word to translate."""
    return f"{article(card)} {show(card)}" if language() == "en" else show(card)


class SeatVoice(Voice):
    """``kortspel.voice.Voice`` with the Swedish genitive of a name that is a letter or ends
    in a digit written with a colon, as Swedish writes it: "a:s kort", not "as kort" (a
    Köpknack table's seats are often a to h). English is unchanged ("a's")."""

    def owner(self, seat: int) -> str:
        name = self.names[seat]
        if language() == "sv" and (len(name) == 1 or name[-1:].isdigit()):
            return name + ":s"
        return super().owner(seat)
