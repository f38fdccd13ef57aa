"""Reading the fields every record shares: seat names, typed fields, the action list.

Each game checks its own deal; these helpers make the common checks say the same thing in
every game, with the field's name and what it should have been.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from .checks import quote
from .errors import KortspelError, RecordError


def seat_names(count: int) -> list[str]:
    """Default seat names a, b, c, ... as the rule texts use them."""
    return [chr(ord("a") + i) for i in range(count)]


def check_names(names: Iterable[Any], what: str = "seat",
                error: type[KortspelError] = RecordError) -> list[str]:
    out = list(names)
    if any(not isinstance(n, str) or not n.strip() for n in out):
        raise error(f"every {what} name must be a non-empty string, got {quote(out, 80)}")
    if any(n != n.strip() or not n.isprintable() or len(n) > 40 for n in out):
        raise error(
            f"{what} names are up to 40 printable characters and may not start or end with "
            f"spaces, got {quote(out, 80)}")
    if any(len(n.split()) > 1 and n.split()[-1].lower() in _RESERVED for n in out):
        raise error(f"a {what} name may not end in a word that is a verb, got {quote(out, 80)}")
    if len(set(out)) != len(out):
        raise error(f"{what} names must differ, got {quote(out, 80)}")
    return out


_RESERVED: frozenset[str] = frozenset()


def get_field(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
              default: Any = ...) -> Any:
    """Read one field of a record, with an error that says which field and what it should be."""
    if key not in record:
        if default is ...:
            raise RecordError(f"the record has no {key!r} field")
        return default
    value = record[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (int in kinds and isinstance(value, bool)):
        want = " or ".join(k.__name__ for k in kinds)
        raise RecordError(f"the record's {key!r} should be a {want}, not "
                          f"{type(value).__name__}")
    return value


def get_actions(record: Mapping[str, Any]) -> list[Any]:
    acts = record.get("actions", [])
    if not isinstance(acts, list):
        raise RecordError("the record's 'actions' should be a list")
    return acts


def check_text_fields(record: Mapping[str, Any], keys: Iterable[str] = (
        "title", "intro", "summary")) -> None:
    """Teaching notes are text or absent; an action's ``comment`` too."""
    for key in keys:
        if key in record and not isinstance(record[key], str):
            raise RecordError(f"the record's {key!r} should be text")
    for i, a in enumerate(get_actions(record)):
        if isinstance(a, Mapping) and "comment" in a and not isinstance(a["comment"], str):
            raise RecordError(f"action {i + 1}'s 'comment' should be text")


def shuffle_fields(record: dict[str, Any], slots: list[tuple[str, Any]],
                   rng: Any) -> dict[str, Any] | None:
    """Shuffle the record's values at ``slots`` (``(field, key or index)``) among themselves:
    how a game's ``hidden_shuffle`` deals the cards a seat cannot know anew. ``None`` when
    fewer than two slots leave nothing to shuffle."""
    if len(slots) < 2:
        return None
    values = [record[where][at] for where, at in slots]
    rng.shuffle(values)
    for (where, at), v in zip(slots, values, strict=True):
        record[where][at] = v
    return record


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (objects, arrays, text, numbers): how a match hands out the
    records it keeps (``history``, ``record()``), so that nothing a caller does to one
    reaches the match. A record is a few levels deep, so the copy recurses."""
    if type(value) is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [copy_json(v) for v in value]
    return value


def copy_summaries(history: Iterable[Any]) -> list[Any]:
    """A match's summaries of its finished hands, each with copies of the JSON it holds (its
    ``record``, and a ``result`` if it has one): a summary is frozen, its dicts are not."""
    out = []
    for h in history:
        fields = {k: copy_json(getattr(h, k)) for k in ("record", "result") if hasattr(h, k)}
        out.append(replace(h, **fields))
    return out


def undo_last(game: Any, hand: Any, seat: int) -> Any | None:
    """The hand rebuilt from its record without ``seat``'s last decision and all after it
    (how every game's practice undo works: records are the one source of truth), or ``None``
    when that seat has made no decision in this hand."""
    last = max((i for i, a in enumerate(hand.actions) if a.seat == seat), default=None)
    if last is None:
        return None
    return game.replay(hand.record(), upto=last)
