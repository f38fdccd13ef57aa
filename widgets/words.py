"""What the views call one hand and one match of a game, as noun phrases in the language in
use: "this round" / "den här omgången", "a new session" / "ett nytt parti".

Why phrases and not the bare word: each game names its hand and its match in its own word
(``spec.hand_word``: hand, round, deal, game; ``spec.match_word``: match, game, session),
and the views' sentences are the same for every game ("Finish this round first."). English
puts the word after "this", "the", "New"; Swedish inflects the noun itself and agrees with
its gender ("den här given", "det här spelet", "Nytt parti"), so one sentence with the bare
word glued in cannot be right for every game. Each phrase here is a whole noun phrase,
translated per word (``pgettext``, the English word as its own context), and the views'
sentences take it as a named field: ``_("Finish {this_hand} first.")``. English is the
phrase as it always read, so the English sentences are unchanged to the byte. A game of a
word not listed here (a test's own game) gets the English phrase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kortspel.i18n import pgettext

__all__ = ["cap", "hand_phrase", "match_phrase", "length_phrase", "HAND_FORMS", "MATCH_FORMS"]


def cap(text: str) -> str:
    """``text`` with its first letter a capital: a phrase that begins a sentence."""
    return text[:1].upper() + text[1:]


# Each form: the word -> its phrase, made when asked (in the language in use).
HAND_FORMS: Mapping[str, Callable[[], Mapping[str, str]]] = {
    "this": lambda: {
        # i18n: one hand of a game after "this": Kille's hand (en giv)
        "hand": pgettext("hand", "this hand"),
        # i18n: Knock's hand is a round (en omgång)
        "round": pgettext("round", "this round"),
        # i18n: Köpknack's hand is a deal (en giv)
        "deal": pgettext("deal", "this deal"),
        # i18n: Gnällknekt's hand is a whole game (ett spel)
        "game": pgettext("game", "this game")},
    "the": lambda: {
        # i18n: one hand, definite: "the hand is over", "step through the hand"
        "hand": pgettext("hand", "the hand"),
        "round": pgettext("round", "the round"),
        "deal": pgettext("deal", "the deal"),
        "game": pgettext("game", "the game")},
    "each": lambda: {
        # i18n: "Review after each hand"
        "hand": pgettext("hand", "each hand"),
        "round": pgettext("round", "each round"),
        "deal": pgettext("deal", "each deal"),
        "game": pgettext("game", "each game")},
    "next": lambda: {
        # i18n: the button that deals the next hand (before its ▶), and the status's
        # "press Next hand"
        "hand": pgettext("hand", "Next hand"),
        "round": pgettext("round", "Next round"),
        "deal": pgettext("deal", "Next deal"),
        "game": pgettext("game", "Next game")},
    "your last": lambda: {
        # i18n: "The coach's review of your last hand"
        "hand": pgettext("hand", "your last hand"),
        "round": pgettext("round", "your last round"),
        "deal": pgettext("deal", "your last deal"),
        "game": pgettext("game", "your last game")},
    "your": lambda: {
        # i18n: a replay's title: "Your hand, graded by the coach"
        "hand": pgettext("hand", "your hand"),
        "round": pgettext("round", "your round"),
        "deal": pgettext("deal", "your deal"),
        "game": pgettext("game", "your game")},
    "the first": lambda: {
        # i18n: "Start the match again from the first hand"
        "hand": pgettext("hand", "the first hand"),
        "round": pgettext("round", "the first round"),
        "deal": pgettext("deal", "the first deal"),
        "game": pgettext("game", "the first game")},
}

MATCH_FORMS: Mapping[str, Callable[[], Mapping[str, str]]] = {
    "the": lambda: {
        # i18n: a whole match, definite: Kille's and Gnällknekt's match (en match)
        "match": pgettext("match", "the match"),
        # i18n: Knock's match is a game (ett spel)
        "game": pgettext("whole game", "the game"),
        # i18n: Köpknack's match is a session (ett parti)
        "session": pgettext("session", "the session")},
    "this": lambda: {
        "match": pgettext("match", "this match"),
        "game": pgettext("whole game", "this game"),
        "session": pgettext("session", "this session")},
    "a new": lambda: {
        # i18n: "Start a new match?"
        "match": pgettext("match", "a new match"),
        "game": pgettext("whole game", "a new game"),
        "session": pgettext("session", "a new session")},
    "new": lambda: {
        # i18n: the button that deals a new match, and "press New match"
        "match": pgettext("match", "New match"),
        "game": pgettext("whole game", "New game"),
        "session": pgettext("session", "New session")},
    "each": lambda: {
        # i18n: "blank: new cards each match"
        "match": pgettext("match", "each match"),
        "game": pgettext("whole game", "each game"),
        "session": pgettext("session", "each session")},
    "name": lambda: {
        # i18n: the menu of the match's length is named by the word alone
        "match": pgettext("match", "Match"),
        "game": pgettext("whole game", "Game"),
        "session": pgettext("session", "Session")},
}

_ENGLISH = {"this": "this {w}", "the": "the {w}", "each": "each {w}", "next": "Next {w}",
            "your last": "your last {w}", "your": "your {w}", "the first": "the first {w}",
            "a new": "a new {w}", "new": "New {w}", "name": "{W}"}


def _phrase(forms: Mapping[str, Callable[[], Mapping[str, str]]], word: str, form: str) -> str:
    said = forms[form]().get(word)
    return said if said else _ENGLISH[form].format(w=word, W=word.capitalize())


def hand_phrase(word: str, form: str) -> str:
    """One hand of a game whose ``hand_word`` is ``word``, in ``form`` (a key of
    ``HAND_FORMS``): ``hand_phrase("round", "this")`` is "this round" / "den här omgången"."""
    return _phrase(HAND_FORMS, word, form)


def match_phrase(word: str, form: str) -> str:
    """A whole match of a game whose ``match_word`` is ``word``, in ``form`` (a key of
    ``MATCH_FORMS``): ``match_phrase("session", "new")`` is "New session" / "Nytt parti"."""
    return _phrase(MATCH_FORMS, word, form)


def length_phrase(word: str, length: str) -> str:
    """A match of a chosen length, as the teacher's set-up line says it: "a short match" /
    "en kort match", "a long session" / "ett långt parti"."""
    said = {
        # i18n: the set-up line: "Kille, 5 players, a short match of 3 pots."
        ("match", "short"): pgettext("match", "a short match"),
        ("match", "standard"): pgettext("match", "a standard match"),
        ("match", "long"): pgettext("match", "a long match"),
        ("session", "short"): pgettext("session", "a short session"),
        ("session", "standard"): pgettext("session", "a standard session"),
        ("session", "long"): pgettext("session", "a long session"),
    }.get((word, length))
    return said if said else f"a {length} {word}"
