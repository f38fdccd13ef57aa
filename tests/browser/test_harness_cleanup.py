"""A browser test run stopped part-way leaves no server and no kernel behind.

A CI time-out kills pytest (SIGTERM, then SIGKILL); so may a person. Each case starts a
pytest of its own on ``test_harness_probe.py`` (a test that only starts JupyterLab, Voila,
a kernel in each and a browser, then waits), reads the processes under it from /proc once
they are up, kills that pytest, and checks that none of them is left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import _alive, descendants

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

pytestmark = pytest.mark.browser


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def _left(procs: dict[int, str]) -> list[str]:
    """The recorded processes still alive (the same command line: not a reused pid)."""
    return [f"{pid}: {cmd[:120]}" for pid, cmd in procs.items()
            if _alive(pid) and _cmdline(pid) == cmd]


# The harness's own safety net, not the project's behaviour: CI checks it (``thorough``).
@pytest.mark.thorough
@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL"])
def test_a_killed_run_leaves_no_server_or_kernel(how: str, tmp_path: Path) -> None:
    env = {**os.environ, "KORTSPEL_HARNESS_PROBE": "1", "PYTHONUNBUFFERED": "1"}
    procs: dict[int, str] = {}
    log = tmp_path / "probe.log"
    with open(log, "wb") as out:
        run = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
             "--basetemp", str(tmp_path / "base"), str(HERE / "test_harness_probe.py")],
            cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while "PROBE READY" not in log.read_text(errors="replace"):
            assert run.poll() is None, f"the probe run ended early:\n{log.read_text()[-3000:]}"
            if "SKIPPED" in log.read_text(errors="replace") or "skipped" in log.read_text():
                pytest.skip("the probe run skipped its test (no browser here)")
            assert time.monotonic() < deadline, f"the probe did not start:\n{log.read_text()}"
            time.sleep(0.5)
        procs = {pid: _cmdline(pid) for pid in descendants(run.pid)}
        names = " ".join(procs.values())
        assert "jupyterlab" in names and "voila" in names, names
        assert names.count("ipykernel_launcher") >= 2, names  # a kernel in each server
        os.kill(run.pid, getattr(signal, how))
        run.wait(60)
        deadline = time.monotonic() + 30
        while _left(procs) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not _left(procs), (f"left running after {how} of pytest:\n"
                                  + "\n".join(_left(procs)))
    finally:  # a failing case still leaves nothing behind
        if run.poll() is None:
            procs.update({pid: _cmdline(pid) for pid in descendants(run.pid)})
            os.killpg(run.pid, signal.SIGKILL)
        for pid in (int(p.split(":")[0]) for p in _left(procs)):
            os.kill(pid, signal.SIGKILL)
