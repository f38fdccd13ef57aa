"""A classroom's worth of load on the rooms server: N rooms of scripted pupils, for T seconds.

Each room is a five-seat Kille table (``--game``, ``--clients``) of scripted pupils, each
acting within ``--think`` seconds of its turn (a random delay, a random legal action). When a
room's match ends the same pupils open and join a new one, until the time is up. Then every
saved record is fetched through the teacher's API and replayed.

It prints the errors (refusals other than "the table moved on", and connections lost), the
actions sent but never answered (lost), the games finished and replayed, and the time from an
action being sent to the last seat of its table being told of it (median, 99th percentile,
worst). Without ``--url`` it starts its own server (``python -m kortspel serve`` on a free
loopback port) and also says what the server process used: CPU and memory.

    python tools/rooms_load.py --rooms 10 --clients 5 --seconds 60      # a quick look
    python tools/rooms_load.py --rooms 30 --clients 5 --seconds 600     # a classroom's day

Everything stays on this machine (127.0.0.1); the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:  # websockets 13 and later
    from websockets.asyncio.client import connect
except ImportError:  # websockets 12
    from websockets.client import connect  # type: ignore[no-redef]
from websockets.exceptions import ConnectionClosed

from kortspel.rooms.room import replay_match

MOVED_ON = {"stale", "not-your-turn", "hand-over", "illegal"}
"""Refusals a fair pupil meets when another seat's call (a Kuku) came first: not errors."""


@dataclass
class Tally:
    acts: int = 0
    answered: int = 0
    moved_on: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    messages: int = 0
    pending: dict[tuple[int, int], float] = field(default_factory=dict)
    """(client, message id) -> when it was sent, until answered."""
    told: dict[tuple[str, int, int], dict[int, float]] = field(default_factory=dict)
    """(room, hand, step) -> when each seat (by pupil number) was first told of it."""
    done: dict[tuple[str, int, int], float] = field(default_factory=dict)
    """(room, hand, step) -> when the action that led there was sent."""


def http(url: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data,
                                     method="GET" if data is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def pupil(number: int, url: str, code: str, tally: Tally, think: float,
                until: float, rng: random.Random) -> bool:
    """One scripted pupil at one room until its match ends (True) or time is up (False)."""
    ids = 0
    act_task: asyncio.Task[None] | None = None
    ws_url = url.replace("http://", "ws://") + "/ws"
    async with connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "code": code, "name": f"pupil {number}"}))

        latest: dict[str, Any] = {}

        async def act_later(delay: float) -> None:
            """Act on the latest view once ``delay`` has passed, as a pupil looks again
            before clicking."""
            nonlocal ids
            await asyncio.sleep(delay)
            view = latest["view"]
            if not view["legal"] or view["match_over"]:
                return
            ids += 1
            tally.pending[(number, ids)] = time.perf_counter()
            tally.acts += 1
            await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                      "step": view["step"], "id": ids}))

        def think_then_act() -> None:
            nonlocal act_task
            view = latest.get("view")
            if view and view["legal"] and not view["match_over"] and (
                    act_task is None or act_task.done()):
                act_task = asyncio.create_task(act_later(rng.uniform(0, think)))

        try:
            while True:
                left = until - time.monotonic()
                if left <= 0:
                    return False
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=left)
                except asyncio.TimeoutError:
                    return False
                now = time.perf_counter()
                tally.messages += 1
                m = json.loads(raw)
                kind = m["type"]
                if kind == "update":
                    key = (code, m["hand"], m["step"])
                    tally.told.setdefault(key, {}).setdefault(number, now)
                    if "ack" in m:
                        sent = tally.pending.pop((number, m["ack"]), None)
                        if sent is not None:
                            tally.answered += 1
                            tally.done[key] = sent
                    latest["view"] = m
                    think_then_act()
                elif kind == "error":
                    sent = tally.pending.pop((number, m.get("id")), None)
                    if sent is not None:
                        tally.answered += 1
                    if m["reason"] in MOVED_ON:  # look again, and act on what is there now
                        tally.moved_on += 1
                        think_then_act()
                    else:
                        tally.errors[m["reason"]] += 1
                elif kind == "over":
                    return True
                elif kind == "closed":
                    tally.errors["room closed"] += 1
                    return False
        finally:  # an action still waiting to be sent is not sent once the pupil leaves
            if act_task is not None:
                act_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                    await act_task


async def table(url: str, clients: int, game: str, rules: dict[str, Any], length: Any,
                tally: Tally, think: float, until: float, seed: int) -> None:
    """One table of scripted pupils, match after match, until time is up."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        options = {"game": game, "seats": clients, "rules": rules}
        if length is not None:
            options["length"] = length
        try:
            room = await asyncio.to_thread(http, url, "/api/rooms", options)
        except (OSError, ValueError) as err:  # urllib's HTTPError is an OSError
            tally.errors[f"opening a room: {err}"] += 1
            await asyncio.sleep(5.0)
            continue
        results = await asyncio.gather(
            *(pupil(seed * 100 + i, url, room["code"], tally, think, until,
                    random.Random(rng.getrandbits(32))) for i in range(clients)),
            return_exceptions=True)
        for r in results:
            if isinstance(r, ConnectionClosed):
                tally.errors["connection lost"] += 1
            elif isinstance(r, BaseException):
                tally.errors[type(r).__name__] += 1
        if all(r is True for r in results):
            tally.games += 1


def start_server(records: Path) -> tuple[subprocess.Popen[str], str, str]:
    """``python -m kortspel serve`` on a free port; the process, its address, its token."""
    process = subprocess.Popen(
        [sys.executable, "-m", "kortspel", "serve", "--port", "0", "--pace", "0.2",
         "--between", "0.5", "--records", str(records)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = token = ""
    assert process.stdout is not None
    while not token:
        line = process.stdout.readline()
        if not line:
            raise SystemExit("the server did not start")
        if line.startswith("kortspel classroom server on "):
            url = line.split(" on ")[1].split("/ ")[0]
        elif "Teacher's token: " in line:
            token = line.split("Teacher's token: ")[1].split()[0]
    return process, url, token


def usage(pid: int) -> tuple[float, float]:
    """CPU seconds and resident megabytes of a process (Linux's /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    rss = 0.0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    return cpu, rss


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def measure(args: argparse.Namespace, url: str, token: str, rules: dict[str, Any],
            length: Any, process: subprocess.Popen[str] | None
            ) -> tuple[Tally, float, float, float, int, list[Any], int]:
    """Run the rooms for the time asked, then fetch and replay the records."""
    tally = Tally()
    cpu0 = usage(process.pid)[0] if process else 0.0
    began = time.monotonic()
    until = began + args.seconds

    async def run() -> None:
        await asyncio.gather(*(table(url, args.clients, args.game, rules, length, tally,
                                     args.think, until, i + 1)
                               for i in range(args.rooms)))

    asyncio.run(run())
    wall = time.monotonic() - began
    cpu, rss = usage(process.pid) if process else (0.0, 0.0)
    cpu -= cpu0

    last = time.perf_counter() - (time.monotonic() - until) - 2.0
    for key, sent in tally.done.items():
        told = tally.told.get(key, {})
        if len(told) == args.clients:
            tally.latencies.append(max(told.values()) - sent)
        elif sent < last:  # not an action of the last seconds, cut off by the end
            tally.errors["a seat not told"] += 1
    lost = sum(1 for sent in tally.pending.values() if sent < last)
    listing = http(url, "/api/teacher/rooms", token=token)
    finished = [r for r in listing["records"] if r["finished"]]
    replayed = 0
    for entry in finished:
        record = http(url, f"/api/teacher/records/{entry['id']}", token=token)
        try:
            if all(state.is_over for state in replay_match(record)):
                replayed += 1
        except ValueError as err:
            tally.errors[f"record does not replay: {err}"] += 1
    return tally, wall, cpu, rss, lost, finished, replayed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--clients", type=int, default=5, help="pupils a room (its seats)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0,
                        help="a pupil acts within this many seconds of its turn")
    parser.add_argument("--game", default="kille")
    parser.add_argument("--rules", default='{"lives": 1}',
                        help="the game's rules options as JSON (one life a pot: a match "
                        "within a minute)")
    parser.add_argument("--length", help="the match's length (default: the game's shortest, "
                        "as in class; Kille's three pots of one life take a minute or so)")
    parser.add_argument("--url", help="a running server (else one is started here)")
    parser.add_argument("--token", help="that server's teacher's token")
    args = parser.parse_args()
    if not (0 < args.rooms <= 200 and 2 <= args.clients <= 8 and 0 < args.seconds <= 3600):
        parser.error("--rooms 1..200, --clients 2..8, --seconds up to 3600")
    if args.url and not args.token:
        parser.error("--url needs --token, to fetch the records")
    rules = json.loads(args.rules)
    length: Any = args.length
    if length is not None and length.isdigit():
        length = int(length)

    process = None
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            url, token = args.url.rstrip("/"), args.token
        else:
            process, url, token = start_server(Path(folder))
        try:
            tally, wall, cpu, rss, lost, finished, replayed = measure(
                args, url, token, rules, length, process)
        finally:  # the server this run started never outlives it
            if process is not None:
                process.terminate()
                process.wait(30)

    lat = tally.latencies
    print(f"{args.rooms} rooms x {args.clients} pupils, {args.game}, {wall:.0f} s, pupils "
          f"acting within {args.think:g} s of their turn")
    print(f"actions sent {tally.acts}, answered {tally.answered}, lost {lost}; "
          f"refused as the table moved on {tally.moved_on}")
    print(f"errors: {sum(tally.errors.values())}"
          + (f" ({dict(tally.errors)})" if tally.errors else ""))
    print(f"games finished {tally.games}; records finished {len(finished)}, replayed "
          f"{replayed}")
    if lat:
        print(f"action -> every seat told: median {statistics.median(lat) * 1000:.0f} ms, "
              f"99th percentile {percentile(lat, 99) * 1000:.0f} ms, worst "
              f"{max(lat) * 1000:.0f} ms ({len(lat)} actions)")
    print(f"messages received {tally.messages} ({tally.messages / wall:.0f}/s)")
    if process is not None:
        print(f"server process: {cpu:.1f} CPU s in {wall:.0f} s "
              f"({cpu / wall * 100:.0f}% of one core), {rss:.0f} MB resident")
    bad = sum(tally.errors.values()) + lost + (len(finished) - replayed)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
