"""The strategy notebooks' simulations where Python runs in a browser (Pyodide, the classroom
site): no process can be started there and no thread run, so every chunk is played in the
kernel's own process; the counts must be the ones any number of cores gives."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

import kortspel
from kortspel import simulation
from kortspel.kille import simulate
from kortspel.kille.simulate import Job, seats_of


def _jobs() -> dict[str, Job]:
    players = [kortspel.kille.KilleHeuristic(), kortspel.RandomBot(),
               kortspel.kille.KilleHeuristic()]
    # 600 hands: three chunks of 250, so more than one core would have work on a machine.
    return {"mixed": Job(players, 600, "browser", seats_of)}


def test_in_a_browser_every_chunk_is_played_here_with_the_same_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    on_cores = simulate.run(_jobs(), workers=2)
    seen: list[int] = []

    def progress(total: int, seconds: float, cores: int) -> Callable[[int], None]:
        seen.append(cores)
        return lambda done: None

    def refused(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("a browser's Python starts no process and no thread")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(subprocess, "Popen", refused)
    monkeypatch.setattr(threading.Thread, "start", refused)
    assert simulation.in_process_only()
    assert simulation.cores() == 1
    in_browser = simulate.run(_jobs(), workers=2, progress=progress)
    assert in_browser == on_cores
    assert seen == [1]
    assert sum(in_browser["mixed"].values()) == 600 * 3  # each hand counts its three seats


def test_elsewhere_helpers_may_be_used() -> None:
    assert not simulation.in_process_only()
    assert simulation.cores() >= 1
