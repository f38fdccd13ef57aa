"""Run one tier of ``make test`` and keep a line saying what it cost.

    python tools/tier.py NAME [--log FILE] -- COMMAND [ARGS...]
    python tools/tier.py --summary [--log FILE]

The command's output passes through unchanged; when it ends, one line goes to the log
(``build/tiers.txt`` unless told otherwise): the tier's name, its wall time and what it
counted, read from pytest's closing line when the command is pytest (``unit 3m12s 2,410
passed, 118 skipped``), else ``ok`` or ``failed (exit N)``. ``--summary`` prints the log, so
``make test`` can end by saying where its time went, tier by tier, even after a failure.

Why a wrapper and not a pytest plugin: lint is not pytest, and each tier is its own pytest
run (with its own workers), so only the caller sees a tier whole.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

LOG = Path("build") / "tiers.txt"
CLOSING = re.compile(
    r"^=*\s*(?P<counts>(?:\d+ (?:passed|failed|skipped|deselected|xfailed|xpassed|errors?|"
    r"warnings?|rerun)(?:, )?)+)\s+in\s+[\d.]+s")
COUNT = re.compile(r"(\d[\d,]*) (\w+)")


def duration(seconds: float) -> str:
    """``3m12s`` or ``48s``: short enough to read down a column."""
    whole = round(seconds)
    return f"{whole // 60}m{whole % 60:02d}s" if whole >= 60 else f"{whole}s"


def counts(lines: list[str]) -> str | None:
    """pytest's closing counts ("2,410 passed, 118 skipped"), or None if it printed none.
    Its closing line may stand alone or inside a row of '=' signs."""
    for line in reversed(lines):
        found = CLOSING.search(line.strip())
        if found:
            parts = COUNT.findall(found.group("counts"))
            return ", ".join(f"{int(n):,} {word}" for n, word in parts
                             if word not in ("warning", "warnings"))
    return None


def total(log: str) -> str:
    """The tiers' counts added up, as one plain closing line ("tiers: 3,464 passed,
    0 failed, 134 skipped"), so a reader (or CI) sees the whole run's count at once."""
    sums = {"passed": 0, "failed": 0, "skipped": 0}
    for n, word in COUNT.findall(log):
        if word in sums:
            sums[word] += int(n.replace(",", ""))
    return (f"tiers: {sums['passed']} passed, {sums['failed']} failed, "
            f"{sums['skipped']} skipped")


def run(name: str, command: list[str], log: Path) -> int:
    start = time.monotonic()
    tail: list[str] = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", bufsize=1) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            tail = (tail + [line])[-40:]
        code = proc.wait()
    said = counts(tail) or ("ok" if code == 0 else "")
    if code not in (0,):
        said = f"{said} (failed, exit {code})".strip()
    line = f"{name:<10} {duration(time.monotonic() - start):>7}  {said}"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a", encoding="utf-8") as out:
        out.write(line + "\n")
    return code


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", nargs="?", help="the tier's name, as the summary shows it")
    parser.add_argument("--log", type=Path, default=LOG)
    parser.add_argument("--summary", action="store_true", help="print the tiers run so far")
    if "--" in argv:
        split = argv.index("--")
        args, command = parser.parse_args(argv[:split]), argv[split + 1:]
    else:
        args, command = parser.parse_args(argv), []
    if args.summary:
        if args.log.exists():
            text = args.log.read_text(encoding="utf-8")
            print("== where the time went (tier, wall time, counts):")
            print(text, end="")
            print(total(text))
        return 0
    if not args.name or not command:
        parser.error("give a tier's name, then -- and the command to run")
    return run(args.name, command, args.log)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
