"""Reading hand records from untrusted files, and quoting untrusted text in error lines.

A record file is whatever a user (or an attacker) points the command line at: a 2 GB log, a
named pipe nobody writes to, ``/dev/urandom``, JSON with 5,000-digit numbers or a key given
twice. Everything here is bounded: how much is read, how large a number or how deep a nesting
may be, and how long an error line can grow. Every refusal is a :class:`RecordError` (a
``ValueError``) whose message says what a record should be instead.

Pure standard library, so the same checks can guard any other reader of records.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from typing import Any

from .checks import MAX_INT_DIGITS
from .core import RecordError

__all__ = [
    "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_RECORD_BYTES",
    "describe_path", "parse_record", "read_record_file", "short",
]

#: The largest record accepted, in bytes. A real hand record is a few kilobytes (eight seats,
#: a full talon and every action with a comment stays far below 100 KB), so a megabyte leaves
#: room for long comments while refusing logs, archives and endless devices before they fill
#: memory.
MAX_RECORD_BYTES = 1_000_000

#: Deepest nesting of arrays and objects. A record is about four levels deep; 50 leaves room
#: for comments holding structured notes, and stays far from Python's recursion limit.
MAX_DEPTH = 50

#: Longest integer, in digits: the one limit every entry point applies (``checks``). Lives,
#: counts and seeds fit in 20 digits (2**64 has 20). Longer numbers are never meant, and Python
#: refuses to convert ones past 4,300 digits with a ValueError that would otherwise escape as
#: a traceback; reading them stops at the digit count, before any conversion.

_JSON_TYPES = {dict: "an object", list: "an array", str: "a string", bool: "true or false",
               int: "a number", float: "a number", type(None): "null"}


# ---------------------------------------------------------------------------------------------
# Quoting untrusted text
# ---------------------------------------------------------------------------------------------


def _escape_char(ch: str) -> str:
    """``ch`` as it may appear on a terminal: printable characters as they are, the rest as a
    Python-style escape, so ``ESC [2J`` cannot clear the screen and a newline cannot forge a
    second error line."""
    if ch.isprintable():
        return ch
    special = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if ch in special:
        return special[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _escaped_prefix(text: str, limit: int) -> tuple[str, bool]:
    """The escaped start of ``text``, at most ``limit`` characters, and whether it was cut.
    Escapes lazily, so a 50 MB string costs no more than a short one."""
    out: list[str] = []
    size = 0
    for ch in text:
        piece = _escape_char(ch)
        if size + len(piece) > limit:
            return "".join(out), True
        out.append(piece)
        size += len(piece)
    return "".join(out), False


def _escaped_suffix(text: str, limit: int) -> str:
    """The escaped end of ``text``, at most ``limit`` characters, whole escapes only."""
    pieces: list[str] = []
    size = 0
    for ch in reversed(text[-limit:]):  # a bounded slice: never the whole of a huge text
        piece = _escape_char(ch)
        if size + len(piece) > limit:
            break
        pieces.append(piece)
        size += len(piece)
    return "".join(reversed(pieces))


def short(text: object, limit: int = 80, middle: bool = False) -> str:
    """``text`` made safe for one line of a terminal: non-printable characters escaped, and cut
    to at most ``limit`` characters with "…" where something was left out: at the end, or with
    ``middle`` in the middle, keeping the start and the end (where a message usually says what
    to do instead)."""
    text = str(text)
    limit = max(limit, 10 if middle else 2)
    whole, cut = _escaped_prefix(text, limit)
    if not cut:
        return whole
    if not middle:
        return _escaped_prefix(text, limit - 1)[0] + "…"
    head_size = (limit - 1) // 3
    head, _ = _escaped_prefix(text, head_size)
    return f"{head}…{_escaped_suffix(text, limit - 1 - head_size)}"


def describe_path(path: object, limit: int = 80) -> str:
    """A file name for an error line: escaped like :func:`short`, and when too long cut in the
    middle, because the start (where) and the end (which file) are what a reader needs."""
    text = os.fsdecode(path) if isinstance(path, (bytes, os.PathLike)) else str(path)
    return short(text, limit, middle=True)


# ---------------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------------


def _json_type(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise RecordError(
            f"the record holds a number with {digits} digits; "
            f"numbers in a record have at most {MAX_INT_DIGITS}"
        )
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(
            f"the record holds the number {short(text, 30)}, too large to be a number; "
            "numbers in a record are finite"
        )
    return value


def _parse_constant(name: str) -> Any:
    raise RecordError(f"the record holds {name}, which is not a JSON number; "
                      "numbers in a record are finite")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(
                f"the record repeats the key {short(repr(key), 40)} in one object; "
                "each key may appear once"
            )
        out[key] = value
    return out


def _check_tree(value: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and strings holding lone surrogates (JSON allows
    ``"\\ud800"``, but such text cannot be printed or written as UTF-8). Iterative, so the
    check itself cannot overflow the stack."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            texts: list[str] = [item]
        elif isinstance(item, dict):
            texts = list(item)
        else:
            texts = []
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(
                    f"the record holds the text {short(repr(text), 40)} with a lone surrogate "
                    "escape; text in a record must be valid Unicode"
                ) from None
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise RecordError(
                    f"the record is nested too deeply (more than {MAX_DEPTH} levels) "
                    "to be a hand record"
                )
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def _too_large(size: int | None = None) -> RecordError:
    got = "" if size is None else f" ({size:,} bytes)"
    return RecordError(
        f"the record is larger than {MAX_RECORD_BYTES:,} bytes{got}; "
        "a hand record is a few kilobytes"
    )


def parse_record(data: bytes | str) -> dict[str, Any]:
    """A record from its JSON text, refusing anything a hand record never is: more than
    ``MAX_RECORD_BYTES``, text that is not UTF-8, invalid JSON, a top level that is not an
    object, a key given twice in one object (JSON readers disagree on which one wins, so a
    record could replay differently elsewhere), integers over ``MAX_INT_DIGITS`` digits,
    NaN or Infinity, nesting deeper than ``MAX_DEPTH``."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > MAX_RECORD_BYTES:
            raise _too_large(len(raw))
        bom = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0  # harmless
        try:
            text = raw[bom:].decode("utf-8")
        except UnicodeDecodeError as err:
            at = bom + err.start
            raise RecordError(
                f"the record is not UTF-8 text: byte 0x{raw[at]:02x} at offset {at} "
                "cannot be decoded; save the file as UTF-8"
            ) from None
    elif isinstance(data, str):
        # UTF-8 never takes fewer bytes than characters, so the first test is a safe shortcut.
        if len(data) > MAX_RECORD_BYTES or len(
                data.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            raise _too_large()
        text = data.removeprefix("\ufeff")
    else:
        raise RecordError(f"a record is read from bytes or text, not {type(data).__name__}")
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_parse_int,
                           parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"the record is not JSON: {err.msg} at line {err.lineno}, column {err.colno}"
        ) from None
    except RecursionError:
        raise RecordError(
            f"the record is nested too deeply (more than {MAX_DEPTH} levels) "
            "to be a hand record"
        ) from None
    _check_tree(value)  # first: how deep the JSON went does not depend on the Python version
    if not isinstance(value, dict):
        raise RecordError(f"a record is a JSON object {{...}}, not {_json_type(value)}")
    return value


# ---------------------------------------------------------------------------------------------
# Reading files
# ---------------------------------------------------------------------------------------------


def _kind(mode: int) -> str:
    kinds = [(stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket")]
    for test, name in kinds:
        if test(mode):
            return name
    return "not a regular file"


def _not_regular(mode: int) -> RecordError:
    return RecordError(
        f"is not a regular file ({_kind(mode)}); a record is read from an ordinary JSON file"
    )


def _os_error(err: OSError) -> RecordError:
    return RecordError(f"cannot read it: {err.strerror or type(err).__name__}")


def read_record_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in the file at ``path``, read without ever blocking or reading without
    bound: a named pipe, a device (``/dev/zero``, ``/dev/urandom``, a terminal) or a directory
    is refused before it is opened, and at most ``MAX_RECORD_BYTES + 1`` bytes are read.
    Messages do not repeat the path: the caller names it (see :func:`describe_path`)."""
    try:
        before = os.stat(path)
    except OSError as err:
        raise _os_error(err) from None
    except ValueError:  # a NUL character in the name
        raise RecordError("cannot read it: the name holds a NUL character") from None
    if not stat.S_ISREG(before.st_mode):
        raise _not_regular(before.st_mode)
    if before.st_size > MAX_RECORD_BYTES:
        raise _too_large(before.st_size)
    # O_NONBLOCK: should the file be swapped for a pipe after the stat, opening it still
    # returns at once, and fstat below refuses it.
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise _os_error(err) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _not_regular(st.st_mode)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_RECORD_BYTES:
            chunk = os.read(fd, MAX_RECORD_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise _os_error(err) from None
    finally:
        os.close(fd)
    if size > MAX_RECORD_BYTES:
        raise _too_large()
    return parse_record(b"".join(chunks))
