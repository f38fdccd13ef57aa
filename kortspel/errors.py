"""One tree of errors for everything kortspel refuses.

Every error is a ``ValueError`` (bad input, never a bug) and a ``KortspelError``, so a caller
catches one class; the subclasses say which kind of mistake it was, and every message says
what would have been allowed instead.
"""

from __future__ import annotations


class KortspelError(ValueError):
    """Base of every error kortspel raises on bad input; catch this one to catch them all."""


class InvalidActionError(KortspelError):
    """The text or object given as an action is not an action of this game at all."""


class IllegalActionError(KortspelError):
    """A well-formed action that the rules do not allow at this moment."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act when another seat is to decide."""


class HandOverError(IllegalActionError):
    """An action was offered after the hand had ended."""


class RecordError(KortspelError):
    """A hand record is malformed, refers to unknown seats or cards, or does not replay."""


class InvalidDealError(RecordError):
    """A deal that no real pack could produce (a third Kuku, a seat without a card, ...)."""


class UnknownGameError(KortspelError):
    """``kortspel.load`` was asked for a game it does not know."""


class RulesError(KortspelError):
    """An unknown rules option, a value the option does not take, or a table that cannot be
    set (a seat count out of range, names that clash)."""


class SeatError(KortspelError):
    """A seat was named that the table does not have (``observation(99)``)."""


class MatchError(IllegalActionError):
    """A match was asked to do what it cannot do now (deal before the hand ends, undo
    with nothing to undo)."""


def plural(n: int, word: str) -> str:
    """``plural(1, "seat")`` -> "1 seat"; ``plural(3, "seat")`` -> "3 seats"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def say_list(items: list[str], last: str = "and") -> str:
    """English list: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
