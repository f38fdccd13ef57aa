"""Command line: ``python -m kortspel replay FILE``, ``python -m kortspel bench``,
``python -m kortspel ladder GAME`` and ``python -m kortspel serve`` (the classroom server).

Whatever it is given (a 5,000-digit number, ``/dev/urandom``, a named pipe nobody writes to, a
file name full of terminal escapes, a closed or full standard output) the command line ends
the same way: one short line on stderr, escaped so it cannot drive the terminal, and a non-zero
exit. Nobody should have to read a traceback to learn that their record names a card that does
not exist.

Exit codes:

* 0 — done; ``replay`` printed the result (``"over": false`` for a hand still in progress).
* 1 — the record was read but is not a valid Kille hand (the engine refused it).
* 2 — usage error, input that cannot be read as a record (missing, not a regular file, too
  large, not UTF-8, not JSON, duplicate keys, absurd numbers), or output that cannot be written
  (standard output closed or full, a broken pipe).
* 70 — a bug in kortspel: one line says so; ``KORTSPEL_TRACEBACK=1`` shows the traceback.
* 130 — interrupted with Ctrl-C.

Output is JSON in the encoding of standard output. When that encoding cannot hold the result
(``PYTHONIOENCODING=ascii``) the JSON is written with ``\\u`` escapes instead: the same value,
still valid JSON, exit 0.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import replay
from .core import KortspelError, RecordError
from .recordio import describe_path, read_record_file, short

PROG = "python -m kortspel"

#: No error line is longer than this, whatever the input held.
MAX_LINE = 300

EXIT_BAD_RECORD = 1
EXIT_BAD_INPUT = 2  # also usage errors and output that cannot be written
EXIT_INTERNAL = 70  # EX_SOFTWARE from sysexits.h
EXIT_INTERRUPTED = 130

MAX_BENCH_SECONDS = 60.0


def _say(line: str) -> None:
    """Print one error line on stderr, cut and escaped once more as a last guard. A closed or
    full stderr is ignored: there is nowhere left to complain to, and the exit code still
    tells."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(short(line, MAX_LINE) + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _discard_stdout() -> None:
    """Point standard output at the null device, so that output still buffered when writing
    failed does not fail again (with a second message) when Python flushes it at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _write_failed(command: str, err: OSError) -> int:
    _discard_stdout()
    _say(f"{command}: cannot write the output: {err.strerror or type(err).__name__}")
    return EXIT_BAD_INPUT


def _stdout_is_closed(command: str) -> bool:
    """Python sets ``sys.stdout`` to None when file descriptor 1 is closed (``>&-``); printing
    would then silently do nothing and report success."""
    if sys.stdout is not None:
        return False
    _say(f"{command}: standard output is closed; there is nowhere to write the output")
    return True


def _emit_json(command: str, value: Any) -> int:
    """Write ``value`` as JSON: readable UTF-8 where possible, ``\\u`` escapes when the
    encoding of standard output cannot hold some character. Either way the output is valid
    JSON; it is never half written with a traceback after it."""
    out = sys.stdout
    text = json.dumps(value, ensure_ascii=False, indent=2)
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(value, ensure_ascii=True, indent=2)
    try:
        out.write(text + "\n")
        out.flush()
    except OSError as err:
        return _write_failed(command, err)
    return 0


def _replay(path: str) -> int:
    """Read, replay and print one record; see the module docstring for the exit codes."""
    where = describe_path(path)
    try:
        record = read_record_file(path)
    except RecordError as err:
        _say(f"replay: {where}: {short(err, 200, middle=True)}")
        return EXIT_BAD_INPUT
    try:
        result = replay(record).result()
    except KortspelError as err:  # every refusal of the engine, expected or not
        _say(f"replay: {where}: {short(err, 200, middle=True)}")
        return EXIT_BAD_RECORD
    return _emit_json("replay", result)


def _bench(seconds: float, only: str | None = None) -> int:
    """Delegate to :func:`kortspel.bench.run`; its output is plain text with a "µs", so an
    ASCII-only stdout gets an escape rather than a UnicodeEncodeError. ``only`` times one
    game (by any of its names) and skips the other figures."""
    from .bench import run
    from .registry import spec

    if only is not None:
        try:
            only = spec(only).name
        except KortspelError as err:
            _say(f"bench: {short(err, 200, middle=True)}")
            return EXIT_BAD_INPUT

    out = sys.stdout
    if isinstance(out, io.TextIOWrapper):
        out.reconfigure(errors="backslashreplace")
    try:
        code = run(seconds=seconds, only=only)
        out.flush()
    except OSError as err:  # a broken pipe, a full disk: the bench does no other I/O
        return _write_failed("bench", err)
    return code


def _seconds(text: str) -> float:
    """``--seconds``: a finite number in (0, 60]. NaN compares false with everything, so a
    loop waiting for it to pass would never end; 0, negatives, inf and days are never meant."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes a number of seconds such as 0.5, not {short(repr(text), 40)}"
        ) from None
    if not (math.isfinite(value) and 0 < value <= MAX_BENCH_SECONDS):
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_BENCH_SECONDS:g}, not {short(text, 40)}"
        )
    return value


def _count(flag: str, low: int, high: int) -> Any:
    """A whole number from ``low`` to ``high`` for ``flag``."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"takes a whole number, not {short(repr(text), 40)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be from {low} to {high}, not {short(text, 40)}")
        return value
    return read


def _ladder(game: str, seats: int | None, hands: int, seconds: float,
            duplicate: bool = False) -> int:
    """Play and print the ladder (:mod:`kortspel.ladder`)."""
    from . import ladder
    from .registry import spec
    from .search import SearchError, searchable

    try:
        s = spec(game)
        if not searchable(s.name):
            raise SearchError(f"{s.title} has no expert player, so it has no ladder")
        if seats is None:
            seats = s.bench_seats or min(max(5, s.seats[0]), s.seats[1])
        if not s.seats[0] <= seats <= s.seats[1]:
            raise SearchError(f"{s.title} is played by {s.seats[0]} to {s.seats[1]} seats, "
                              f"not {seats}")
        rows = ladder.play(s.name, seats, hands, seconds, duplicate=duplicate)
    except KortspelError as err:
        _say(f"ladder: {short(err, 200, middle=True)}")
        return EXIT_BAD_INPUT
    try:
        sys.stdout.write(ladder.table_text(s.name, seats, hands, seconds, rows, duplicate)
                         + "\n")
    except OSError as err:
        return _write_failed("ladder", err)
    return 0


def _pause(flag: str, most: float) -> Any:
    """A number of seconds from 0 to ``most`` for ``flag`` (0 allowed: no pause)."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"takes a number of seconds such as 1.5, not {short(repr(text), 40)}") from None
        if not (math.isfinite(value) and 0 <= value <= most):
            raise argparse.ArgumentTypeError(f"must be from 0 to {most:g}, not {short(text, 40)}")
        return value
    return read


def _serve(host: str, port: int, site: str | None, records: str | None, grace: float,
           pace: float, between: float) -> int:
    """Run the classroom server (:mod:`kortspel.rooms`), an extra: without its web stack
    installed, one line says how to add it. Imported only here, so the engine and every other
    command need nothing beyond the standard library."""
    try:
        rooms = importlib.import_module("kortspel.rooms.server")
    except ImportError as err:
        _say(f"serve: the classroom server needs its extra ({short(err, 80)}); install it "
             "with: pip install 'kortspel[rooms]' (make setup does)")
        return EXIT_BAD_INPUT
    try:
        settings = rooms.settings_from(host, site, records, grace, pace, between)
        return int(rooms.serve(settings, host=host, port=port))
    except KortspelError as err:
        _say(f"serve: {short(err, 200, middle=True)}")
        return EXIT_BAD_INPUT
    except OSError as err:
        why = err.strerror or type(err).__name__
        if err.errno == errno.EADDRINUSE:
            why = f"port {port} is in use (another server?); pick another with --port"
        _say(f"serve: cannot listen on {short(host, 60)} port {port}: {why}")
        return EXIT_BAD_INPUT


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one escaped line (not usage text plus an error that
    echoes the raw argument), like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        _say(f"{self.prog}: {short(message, 200, middle=True)}; see {self.prog} --help")
        raise SystemExit(EXIT_BAD_INPUT)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; returns the exit code (see the module docstring)."""
    parser = _Parser(prog=PROG, description=(__doc__ or "").split("\n\n")[0],
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)  # subparsers are _Parser too
    rp = sub.add_parser("replay", help="replay a hand record and print the outcome as JSON")
    rp.add_argument("file", help="a hand record: a JSON file of at most 1 MB")
    bp = sub.add_parser("bench", help="print engine and drawing speed figures")
    bp.add_argument("--seconds", type=_seconds, default=2.0,
                    help=f"time per figure, more than 0 and at most {MAX_BENCH_SECONDS:g}")
    bp.add_argument("--only", metavar="GAME", help="time this game alone (e.g. kille)")
    lp = sub.add_parser("ladder", help="play every level of computer player against the "
                        "others and print each one's result with a 95% interval")
    lp.add_argument("game", help="the game (e.g. kille)")
    lp.add_argument("--seats", type=_count("--seats", 2, 8), default=None,
                    help="seats at the table (default: the bench's table)")
    lp.add_argument("--hands", type=_count("--hands", 1, 1_000_000), default=60,
                    help="hands to play (default 60)")
    lp.add_argument("--seconds", type=_seconds, default=0.1,
                    help="the expert's time a decision (default 0.1)")
    lp.add_argument("--duplicate", action="store_true",
                    help="play every deal once per level, the levels moved a seat on each "
                    "time, so the cards' luck falls to every level alike")
    sp = sub.add_parser("serve", help="the classroom server: rooms where pupils play at one "
                        "table from their own screens, the teacher's page, and the built site")
    sp.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default 127.0.0.1, this machine only; "
                    "0.0.0.0 lets the class in)")
    sp.add_argument("--port", type=_count("--port", 0, 65535), default=8765,
                    help="the port (default 8765; 0 picks a free one)")
    sp.add_argument("--site", metavar="DIR", help="serve this built site too (make site)")
    sp.add_argument("--records", metavar="DIR",
                    help="also write each finished match's record into this folder")
    sp.add_argument("--grace", type=_pause("--grace", 3600), default=30.0,
                    help="seconds a pupil who dropped keeps the seat before a computer "
                    "takes over (default 30)")
    sp.add_argument("--pace", type=_pause("--pace", 60), default=1.0,
                    help="seconds before a computer moves (default 1)")
    sp.add_argument("--between", type=_pause("--between", 60), default=3.0,
                    help="seconds between the end of a hand and the next deal (default 3)")
    args = parser.parse_args(argv)
    if _stdout_is_closed(args.command):
        return EXIT_BAD_INPUT
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "serve":
        return _serve(args.host, args.port, args.site, args.records, args.grace, args.pace,
                      args.between)
    if args.command == "ladder":
        return _ladder(args.game, args.seats, args.hands, args.seconds, args.duplicate)
    return _bench(args.seconds, args.only)


def run_cli() -> int:
    """``main`` for the shell: a closed pipe, Ctrl-C or even a bug in kortspel ends with one
    line and an exit code, never with a traceback (unless ``KORTSPEL_TRACEBACK=1``)."""
    try:
        code = main()
        if sys.stdout is not None:
            try:
                sys.stdout.flush()
            except OSError as err:
                return _write_failed(PROG, err)
        return code
    except KeyboardInterrupt:
        _say("interrupted")
        return EXIT_INTERRUPTED
    except OSError as err:  # e.g. `python -m kortspel bench | head -3`, if it escaped above
        return _write_failed(PROG, err)
    except Exception as err:
        if os.environ.get("KORTSPEL_TRACEBACK"):
            raise
        _say(f"{PROG}: internal error, please report it: {type(err).__name__}: "
             f"{short(err, 150, middle=True)} (KORTSPEL_TRACEBACK=1 shows where)")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(run_cli())
