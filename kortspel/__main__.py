"""Command line: ``python -m kortspel replay FILE`` and ``python -m kortspel bench``.

Errors print one line and exit non-zero; nobody should have to read a traceback to learn
that their record names a card that does not exist.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from . import replay
from .core import KortspelError


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError as err:
        print(f"replay: cannot read {path}: {err.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as err:
        print(f"replay: {path} is not JSON: {err.msg} at line {err.lineno}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"replay: {path} is not UTF-8 text", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"replay: {path} is nested too deeply to be a hand record", file=sys.stderr)
        return 2
    try:
        state = replay(record)
        if not state.is_over:
            names = state.game.names
            raise KortspelError(
                f"the record stops before the hand is over: {names[state.to_act]} is to act"
            )
        result = state.result()
    except KortspelError as err:
        message = " ".join(str(err).splitlines())  # one line, whatever the record held
        print(f"replay: {path}: {message}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kortspel", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a hand record and print the outcome as JSON")
    rp.add_argument("file")
    bp = sub.add_parser("bench", help="print engine and drawing speed figures")
    bp.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    from .bench import run

    return run(seconds=args.seconds)


def run_cli() -> int:
    """``main`` for the shell: a closed pipe or Ctrl-C ends quietly, never with a traceback."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # e.g. `python -m kortspel bench | head -3`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run_cli())
