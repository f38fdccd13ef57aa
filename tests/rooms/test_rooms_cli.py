"""``python -m kortspel serve``: the server a teacher starts, as a separate process; and its
refusals, one line each with a non-zero exit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rooms_helpers import DEADLINE

import kortspel
from kortspel.rooms.client import RoomClient, open_room

PYTHON = sys.executable


def serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([PYTHON, "-m", "kortspel", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})


def started(process: subprocess.Popen[str]) -> dict[str, str]:
    """The address and the teacher's token the server printed."""
    lines: dict[str, str] = {}
    assert process.stdout is not None
    deadline = time.monotonic() + DEADLINE
    while "token" not in lines:
        assert time.monotonic() < deadline and process.poll() is None, "the server did not start"
        line = process.stdout.readline()
        if line.startswith("kortspel classroom server on "):
            lines["url"] = line.split(" on ")[1].split("/ ")[0]
        elif "Teacher's token: " in line:
            lines["token"] = line.split("Teacher's token: ")[1].split()[0]
    return lines


@pytest.fixture
def running() -> Iterator[Any]:
    processes: list[subprocess.Popen[str]] = []

    def start(*args: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
        process = serve(*args)
        processes.append(process)
        return process, started(process)

    yield start
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(10)


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


def test_the_server_serves_rooms_the_teachers_page_and_the_site_on_one_port(
        running: Any, tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<title>the site</title>")
    (site / "kernel.wasm").write_bytes(b"\0asm")
    (site / "worker.mjs").write_text("export {};")
    process, lines = running("--site", str(site), "--records", str(tmp_path / "records"),
                             "--grace", "1", "--pace", "0", "--between", "0")
    url = lines["url"]
    assert url.startswith("http://127.0.0.1:")
    status, headers, body = get(url + "/teacher")
    assert status == 200 and b"teacher.js" in body
    assert "default-src 'self'" in headers["content-security-policy"]
    assert get(url + "/teacher.js")[0] == 200
    assert get(url + "/")[2] == b"<title>the site</title>"
    assert get(url + "/kernel.wasm")[1]["content-type"] == "application/wasm"
    assert get(url + "/worker.mjs")[1]["content-type"].startswith("text/javascript")
    room = open_room(url, "kille", seats=2, computers=[None, "heuristic"])
    with RoomClient(url, room["code"], "Alva") as alva:
        alva.wait_turn()
        assert alva.legal and alva.observation["seat"] == 0
        alva.act(alva.legal[0])
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=DEADLINE)
    assert process.returncode == 0, err
    assert out.strip().endswith("stopped")
    # the match stopped with the server is saved as far as it went
    (saved,) = (tmp_path / "records").glob("*.json")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["room"]["code"] == room["code"] and not record["room"]["finished"]
    # Alva's move is in it, whichever hand it fell in: with no pause between hands the
    # computer may have ended that hand and the next been dealt before the server stopped.
    moves = [a["seat"] for hand in record["hands"] for a in hand.get("actions", [])]
    assert "a" in moves, record["hands"]
    for hand in record["hands"]:
        kortspel.replay(hand)


def test_without_a_site_the_root_says_how_to_build_one(running: Any) -> None:
    process, lines = running()
    assert b"make site" in get(lines["url"] + "/")[2]


@pytest.mark.parametrize("args, words", [
    (["--site", "/nonexistent/site"], "holds no built site"),
    (["--port", "70000"], "must be from 0 to 65535"),
    (["--grace", "nan"], "must be from 0 to 3600"),
    (["--host", "192.0.2.1"], "cannot listen on 192.0.2.1"),
])
def test_a_bad_start_is_one_line_and_a_non_zero_exit(args: list[str], words: str) -> None:
    done = subprocess.run([PYTHON, "-m", "kortspel", "serve", *args], capture_output=True,
                          text=True, timeout=DEADLINE)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_a_port_in_use_is_named(running: Any) -> None:
    process, lines = running()
    port = lines["url"].rsplit(":", 1)[1]
    done = subprocess.run([PYTHON, "-m", "kortspel", "serve", "--port", port],
                          capture_output=True, text=True, timeout=DEADLINE)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"serve: cannot listen on 127.0.0.1 port {port}: port "
                                   f"{port} is in use (another server?); pick another with "
                                   "--port")


def test_without_the_extra_the_command_says_how_to_add_it() -> None:
    code = ("import sys; sys.modules['starlette'] = None\n"
            "from kortspel.__main__ import run_cli; sys.exit(run_cli())")
    done = subprocess.run([PYTHON, "-c", code, "serve"], capture_output=True, text=True,
                          timeout=DEADLINE)
    assert done.returncode == 2
    assert "pip install 'kortspel[rooms]'" in done.stderr and done.stderr.count("\n") == 1
