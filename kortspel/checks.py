"""The checks every entry point shares: how a caller's value is quoted in a message, how large
a number may be, what a seed is, which keywords a constructor takes, what an option may be.

Each lives here once so that a table, a match, a record and the command line refuse the same
value with the same words (a game never writes its own copy), and so that the limit a record
file is read with (``recordio``) is the limit every other door applies.

Pure standard library, and game-neutral: nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from typing import Any

from .errors import KortspelError, MatchError, RulesError, say_list

__all__ = ["MAX_INT", "MAX_INT_DIGITS", "brief", "check_choice", "check_int",
           "check_keywords", "check_match", "check_seed", "largest", "quote"]

MAX_INT_DIGITS = 20
"""Longest whole number, in digits, anywhere kortspel takes one: a rules option, a stake, a
bank, a score, a seed, a number in a record. Lives, counts, money and seeds fit in 20 digits
(2**64 has 20); a longer number is never meant, and one written into a record could not be
read back (the record reader refuses it)."""

MAX_INT = 10 ** MAX_INT_DIGITS - 1
"""The largest whole number of at most ``MAX_INT_DIGITS`` digits."""


# ---------------------------------------------------------------------------------------------
# Quoting a caller's value
# ---------------------------------------------------------------------------------------------

_DEPTH = 4
"""How deep ``quote`` looks into nested lists and objects before it writes "…"."""
_ITEMS = 8
"""How many items of one list or object ``quote`` shows at most."""


def quote(value: Any, limit: int = 60) -> str:
    """``value`` as ``repr`` writes it, for an error message: at most ``limit`` characters,
    with "…" where something was left out.

    Safe for anything a caller may hand over: a list nested 3,000 deep (``repr`` would
    raise ``RecursionError``), a number of 5,000 digits (``repr`` raises ``ValueError``), a
    50 MB string (only its start is looked at), an object whose ``repr`` fails. Only the
    first ``_DEPTH`` levels and ``_ITEMS`` items of a container are read, so the cost is
    bounded whatever the value.
    """
    limit = max(limit, 8)
    text = _quote(value, _DEPTH, limit + 1)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value: Any) -> str:
    """``quote(value, 40)``: a value quoted among others in one line of a message."""
    return quote(value, 40)


def _quote(value: Any, depth: int, room: int) -> str:
    """``value`` quoted in (about) ``room`` characters, at most ``depth`` levels deep."""
    kind = type(value)
    if kind is str:
        return repr(value[:room])[: room + 2] + ("…" if len(value) > room else "")
    if kind is int:
        return _number(value)
    if kind in (bool, float, type(None)) or kind is bytes:
        text = repr(value[:room] if kind is bytes else value)
        return text + ("…" if kind is bytes and len(value) > room else "")
    fields = getattr(kind, "_fields", None) or getattr(kind, "__dataclass_fields__", None)
    if fields and isinstance(fields, tuple | Mapping):  # a named tuple, a dataclass: by field
        return _record(value, tuple(fields), depth, room)
    if isinstance(value, list | tuple | Set | Mapping):
        return _container(value, depth, room)
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails (too deep, too large, a bug)
        return f"<{type(value).__name__}>"
    return text[:room] if isinstance(text, str) else f"<{type(value).__name__}>"


def _number(value: int) -> str:
    """A whole number as ``repr`` writes it, or its length when it is too long to write
    (Python refuses to write one past 4,300 digits, and nobody reads 30)."""
    if -MAX_INT <= value <= MAX_INT:
        return repr(value)
    return f"<a number of about {int(value.bit_length() * 0.30103) + 1} digits>"


def _record(value: Any, fields: tuple[str, ...], depth: int, room: int) -> str:
    """``Name(field=value, ...)``, as a dataclass's or a named tuple's ``repr`` writes it."""
    parts: list[str] = []
    size = 0
    for name in fields[:_ITEMS]:
        if size > room:
            parts.append("…")
            break
        try:
            part = f"{name}={_quote(getattr(value, name), depth - 1, room)}"
        except Exception:  # noqa: BLE001 - a field that cannot be read
            part = f"{name}=…"
        parts.append(part)
        size += len(part) + 2
    return f"{type(value).__name__}({', '.join(parts)})"


def _container(value: Any, depth: int, room: int) -> str:
    if isinstance(value, Mapping):
        opening, closing = "{", "}"
    elif isinstance(value, list):
        opening, closing = "[", "]"
    elif isinstance(value, tuple):
        opening, closing = "(", ")"
    else:
        opening, closing = "{", "}"
    if depth <= 0:
        return f"{opening}…{closing}"
    parts: list[str] = []
    size = 0
    try:
        items = iter(value.items() if isinstance(value, Mapping) else value)
        for i, item in enumerate(items):
            if i >= _ITEMS or size > room:
                parts.append("…")
                break
            if isinstance(value, Mapping):
                key, val = item
                part = f"{_quote(key, depth - 1, room)}: {_quote(val, depth - 1, room)}"
            else:
                part = _quote(item, depth - 1, room)
            parts.append(part)
            size += len(part) + 2
    except Exception:  # noqa: BLE001 - a container that cannot be read through
        parts.append("…")
    if isinstance(value, tuple) and len(parts) == 1 and parts[0] != "…":
        parts[0] += ","
    return opening + ", ".join(parts) + closing


# ---------------------------------------------------------------------------------------------
# Numbers, seeds, keywords and options
# ---------------------------------------------------------------------------------------------


_ROOM = 1000
"""What the rules may add to a number that they also multiply (a round's points, one more
star): the margin ``check_int`` keeps below ``MAX_INT`` for a number that grows."""


def largest(grows: int = 1) -> int:
    """The largest number ``check_int`` takes for one the rules make up to ``grows`` times as
    large before it is written again (a Köpknack stake becomes a pot of up to 15 stakes):
    ``MAX_INT`` for a number that does not grow."""
    return MAX_INT if grows <= 1 else (MAX_INT - _ROOM) // grows


def check_int(value: Any, what: str, error: type[KortspelError] = RulesError,
              grows: int = 1) -> None:
    """Refuse a whole number of more than ``MAX_INT_DIGITS`` digits (anything else passes:
    the caller checks the kind and range of its own number); ``what`` names it. With
    ``grows``, refuse one too large for what the rules make of it (``largest(grows)``) to
    fit: every number a record holds must be one the record reader takes back."""
    if type(value) is not int:
        return
    top = largest(grows)
    if -top <= value <= top:
        return
    if grows <= 1:
        raise error(f"{what} is a number of more than {MAX_INT_DIGITS} digits; numbers in "
                    f"kortspel have at most {MAX_INT_DIGITS} (up to {MAX_INT:,})")
    raise error(f"{what} may be at most {top:,}: the rules make up to {grows} times as much "
                f"of it, and numbers in kortspel have at most {MAX_INT_DIGITS} digits "
                f"(up to {MAX_INT:,})")


def check_seed(seed: Any, error: type[KortspelError] = KortspelError) -> None:
    """A seed is a whole number (of at most ``MAX_INT_DIGITS`` digits) or text, or ``None``
    for a fresh shuffle: anything else would fail deep inside ``random``, be hashed
    differently from one Python to the next, or (bytes) not be written in JSON."""
    if seed is None or type(seed) is str:
        return
    if type(seed) is not int:
        raise error(f"a seed is a whole number or text (or None for a fresh shuffle), not "
                    f"{type(seed).__name__}")
    check_int(seed, "the seed", error)


def check_keywords(what: str, extra: Iterable[Any], unknown: Mapping[str, Any],
                   allowed: Iterable[str], error: type[KortspelError] = MatchError) -> None:
    """Refuse arguments a constructor does not take: ``extra`` positional ones, ``unknown``
    keywords. The message lists the keywords ``what`` (``"a Kille match"``) takes."""
    names = [f"{k}=" for k in allowed]
    takes = f"{what} takes the table, then {say_list(names, 'and')} by name"
    extra = tuple(extra)
    if extra:
        raise error(f"{takes}; got {len(extra)} more argument{'s' if len(extra) > 1 else ''} "
                    f"without a name ({quote(extra)})")
    if unknown:
        bad = ", ".join(quote(k, 30) for k in sorted(map(str, unknown)))
        raise error(f"{takes}; it has no {bad}")


def check_match(what: str, game: Any, table: type, seed: Any, extra: Iterable[Any],
                unknown: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """What every match checks before it does anything: that ``game`` is a table of its own
    game (``table``, a class with ``name`` and ``title``), that it was given no argument it
    does not take, and that its seed is one (``check_seed``). ``what`` is how the match
    calls itself ("a Kille match", "a Köpknack session"). One helper, so that the four
    matches refuse the same mistakes with the same words."""
    if not isinstance(game, table):
        name, title = getattr(table, "name", "?"), getattr(table, "title", table.__name__)
        raise MatchError(f"{what} is played at a {title} table (kortspel.load('{name}', "
                         f"...)), not {type(game).__name__}")
    check_keywords(what, extra, unknown, allowed)
    check_seed(seed, RulesError)


def check_choice(name: str, value: Any, choices: Iterable[Any],
                 error: type[KortspelError] = RulesError) -> None:
    """Refuse an option's value that is not one of ``choices``, whatever it is (a list, a
    dict, a nested mess): a value counts only if it is of a choice's own type and equal to
    it (``True`` is not ``1``, ``["double"]`` is not ``"double"``)."""
    options = tuple(choices)
    if any(type(value) is type(c) and value == c for c in options):
        return
    raise error(f"{name} must be {say_list([repr(c) for c in options], 'or')}, not "
                f"{quote(value, 40)}")
