"""``tools/yardstick.py``: OpenSpiel's gin rummy timed beside our figures, where installed.

OpenSpiel is not a dependency, so the driver is tested on a small game of the same shape
(``load_game``, chance nodes, legal actions as numbers): that it counts the players'
decisions apart from chance turns, and that without OpenSpiel it says so in one line.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "yardstick.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("yardstick", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Hand:
    """Two chance turns of three outcomes, then three decisions of two actions each."""

    def __init__(self) -> None:
        self.chances = 2
        self.decisions = 3
        self.seen: list[int] = []

    def is_terminal(self) -> bool:
        return not (self.chances or self.decisions)

    def is_chance_node(self) -> bool:
        return self.chances > 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(10, 1 / 3), (11, 1 / 3), (12, 1 / 3)]

    def legal_actions(self) -> list[int]:
        return [0, 1]

    def apply_action(self, action: int) -> None:
        if self.chances:
            assert action in (10, 11, 12)
            self.chances -= 1
        else:
            assert action in (0, 1)
            self.decisions -= 1
        self.seen.append(action)


def _fake_pyspiel() -> Any:
    return SimpleNamespace(load_game=lambda name: SimpleNamespace(new_initial_state=_Hand))


def test_a_hand_is_played_out_and_its_decisions_counted_apart_from_chance() -> None:
    tool = _tool()
    hand = _Hand()
    assert tool.play(hand, random.Random(1)) == (3, 2)
    assert hand.is_terminal() and len(hand.seen) == 5


def test_the_figures_are_decisions_and_all_actions_per_second() -> None:
    lines = _tool().figures(_fake_pyspiel(), 0.05)
    assert lines[0].startswith("OpenSpiel gin_rummy decisions/s, random players:")
    assert "median window" in lines[0]
    decisions = float(lines[0].split()[-4].replace(",", ""))
    actions = float(lines[1].split()[-1].replace(",", ""))
    assert decisions > 0
    assert actions == pytest.approx(decisions * 5 / 3, rel=0.01)  # two chance turns to three


def test_without_openspiel_it_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    assert _tool().main(["--seconds", "0.01"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "pip install open_spiel" in err


def test_bad_seconds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _tool().main(["--seconds", "0"]) == 2
    assert "more than 0" in capsys.readouterr().err


def test_it_prints_the_figures_where_openspiel_is_installed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", _fake_pyspiel())
    assert _tool().main(["--seconds", "0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("yardstick") and len(out) == 3
