"""Every "Try it yourself" in every notebook, tried: the suggested change made, the whole
notebook run, and no cell may fail.

A notebook invites a learner to change something in one machine-readable form, in a markdown
cell::

    Try it yourself: set `SEATS = 3`.

(one ``set`` may carry several assignments, joined by commas or "and"). The test makes the
change the way a learner would: the line ``NAME = ...`` of the first code cell that assigns
``NAME`` becomes ``NAME = value``. Then it runs the whole notebook, from the notebook's own
folder, in a python3 kernel of this environment, as *Run All Cells* would, and fails on the
first cell that raises.

A suggestion that plays several times the default work is marked ``slow`` (see ``SLOW``),
as are a strategy notebook's suggestions after its first (see ``MANY``); they run with
``KORTSPEL_SLOW=1 pytest -m slow tests/test_try_it_yourself.py``. A strategy notebook's first
suggestion runs in CI (``thorough``).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
RUN_SLOW = os.environ.get("KORTSPEL_SLOW") == "1"

ASSIGN = r"`[A-Za-z_][A-Za-z0-9_]* = [^`\n]+`"
SUGGESTION = re.compile(rf"Try it yourself: set ({ASSIGN}(?:(?:,\s*|,?\s+and\s+){ASSIGN})*)")
ASSIGNMENT = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*) = ([^`\n]+)`")
INVITATION = re.compile(r"try it yourself", re.IGNORECASE)

SLOW = {("04-strategy", "SCALE"): "four times the hands of every simulation (about 40 s)"}
"""(notebook stem, name) of the suggestions too long for every run of the test suite."""


class Suggestion(NamedTuple):
    path: Path
    changes: tuple[tuple[str, str], ...]  # (NAME, value) in the order written

    @property
    def id(self) -> str:
        changed = ",".join(f"{name}={value}" for name, value in self.changes)
        return f"{self.path.parent.name}/{self.path.stem}:{changed}"  # each game has a 04


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def suggestions(path: Path) -> list[Suggestion]:
    """Every "Try it yourself: set `NAME = value`" in the notebook's markdown, in order."""
    found = []
    for cell in cells(path):
        if cell["cell_type"] == "markdown":
            for match in SUGGESTION.finditer(text(cell)):
                found.append(Suggestion(path, tuple(ASSIGNMENT.findall(match.group(1)))))
    return found


def assignment_line(name: str) -> re.Pattern[str]:
    """A top-level line that assigns ``name`` (not ``==``, not an indented line)."""
    return re.compile(rf"^{re.escape(name)}\s*=(?!=).*$", re.MULTILINE)


def apply(nb_cells: list[dict], name: str, value: str) -> int:
    """Replace ``name``'s line in the first code cell that assigns it; return that cell's
    index. Raise AssertionError if no code cell assigns ``name``."""
    line = assignment_line(name)
    for i, cell in enumerate(nb_cells):
        if cell["cell_type"] == "code" and line.search(text(cell)):
            source = line.sub(lambda m: f"{name} = {value}", text(cell), count=1)
            cell["source"] = source
            return i
    raise AssertionError(f"no code cell has a line `{name} = ...` to change to {value}")


MANY = "04-strategy"
"""A notebook each of whose suggestions runs its whole set of simulations again (5–25 s): its
first suggestion runs in CI (``thorough``), the others with the slow ones, so that ``make
test`` stays within its time on two cores."""


def _params() -> list:
    out = []
    for path in NOTEBOOKS:
        for k, s in enumerate(suggestions(path)):
            why = [SLOW[path.stem, name] for name, _ in s.changes if (path.stem, name) in SLOW]
            if not why and path.stem == MANY and k:
                why = ["another whole run of the strategy notebook's simulations"]
            marks = [pytest.mark.slow, pytest.mark.skipif(
                not RUN_SLOW, reason=f"{why[0]}: set KORTSPEL_SLOW=1")] if why else []
            if not why and path.stem == MANY:
                marks = [pytest.mark.thorough]
            out.append(pytest.param(s, id=s.id, marks=marks))
    return out


ALL = _params()


# ---------------------------------------------------------------------------------------------
# The form of the invitations (fast)
# ---------------------------------------------------------------------------------------------


def test_the_strategy_notebook_invites_four_changes() -> None:
    """The finder finds what is written (a guard against a pattern that finds nothing)."""
    strategy = next(p for p in NOTEBOOKS if p.match("kille/04-strategy.ipynb"))
    names = [name for s in suggestions(strategy) for name, _ in s.changes]
    assert names == ["SEED", "OPPONENTS_STAND_ON", "SEATS", "SCALE"]


def test_a_suggestion_may_set_several_names() -> None:
    cell = {"cell_type": "markdown",
            "source": ["Try it yourself: set `A = 1`, `B = 'x'` and\n", "`C = [2, 3]`."]}
    found = SUGGESTION.search(text(cell))
    assert found and ASSIGNMENT.findall(found.group(1)) == [
        ("A", "1"), ("B", "'x'"), ("C", "[2, 3]")]


def test_the_change_replaces_the_first_assignment_only() -> None:
    nb_cells = [{"cell_type": "markdown", "source": "SEATS = 9"},
                {"cell_type": "code", "source": "x = 1\nSEATS = 5  # players\nSEATS == 5\n"},
                {"cell_type": "code", "source": "SEATS = 4\n"}]
    assert apply(nb_cells, "SEATS", "3") == 1
    assert nb_cells[1]["source"] == "x = 1\nSEATS = 3\nSEATS == 5\n"
    assert nb_cells[2]["source"] == "SEATS = 4\n"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_invitation_is_written_so_the_test_can_find_it(path: Path) -> None:
    """Outside headings, each "try it yourself" is a "Try it yourself: set `NAME = value`",
    and each names a line a code cell really has."""
    for cell in cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for line in text(cell).splitlines():
            if INVITATION.search(line) and not line.lstrip().startswith("#"):
                assert SUGGESTION.search(line), (
                    f"{path.name}: {line.strip()!r} invites a change the test cannot find; "
                    f"write it as: Try it yourself: set `NAME = value`")
    for s in suggestions(path):
        code = [text(c) for c in cells(path) if c["cell_type"] == "code"]
        for name, value in s.changes:
            assert any(assignment_line(name).search(c) for c in code), (
                f"{path.name} suggests `{name} = {value}`, but no code cell has a line "
                f"`{name} = ...` to change")


# ---------------------------------------------------------------------------------------------
# Each invitation, accepted: the whole notebook runs
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("suggestion", ALL)
def test_the_notebook_runs_with_the_suggested_change(suggestion: Suggestion,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from nbclient.exceptions import CellExecutionError

    monkeypatch.setenv("JUPYTER_PREFER_ENV_PATH", "1")  # this venv's kernel, not ~/.local's
    path = suggestion.path
    nb = nbformat.read(path, as_version=4)
    changed = {apply(nb.cells, name, value) for name, value in suggestion.changes}
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=600,
        resources={"metadata": {"path": str(path.parent)}})  # relative paths as in the lab
    start = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as error:
        where = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code" and any(
            o.get("output_type") == "error" for o in c.get("outputs", []))), None)
        pytest.fail(f"{path.name} with {suggestion.id.split(':', 1)[1]} (changed in cell "
                    f"{sorted(changed)}) fails in cell {where}:\n{error}", pytrace=False)
    seconds = time.perf_counter() - start
    print(f"{suggestion.id}: {seconds:.1f} s")


# ---------------------------------------------------------------------------------------------
# The simulations the strategy notebook's invitations rerun (kortspel.kille.simulate)
# ---------------------------------------------------------------------------------------------


def _explode(hand: object) -> None:
    raise ValueError("a keep function that fails")


def test_a_run_counts_the_same_on_one_core_or_two() -> None:
    from kortspel import RandomBot
    from kortspel.kille import KilleHeuristic, simulate

    players = [KilleHeuristic(), RandomBot(), KilleHeuristic()]
    jobs = {"hands": simulate.Job(players, 600, "same", simulate.seats_of),
            "matches": simulate.Job(players, 6, "same", simulate.pots_of_a, match="short")}
    seen: list[tuple[int, float, int]] = []

    def progress(total: int, seconds: float, cores: int):
        seen.append((total, seconds, cores))
        return lambda done: None

    one = simulate.run(jobs, workers=1, progress=progress)
    two = simulate.run(jobs, workers=2, progress=progress)
    assert one == two
    assert sum(one["hands"].values()) == 600 * 3 and sum(one["matches"].values()) == 6
    assert [(total, cores) for total, _, cores in seen] == [(606, 1), (606, 2)]
    assert all(seconds > 0 for _, seconds, _ in seen)


def test_a_failing_keep_fails_the_run_and_one_typed_here_runs_on_one_core() -> None:
    from kortspel.kille import KilleHeuristic, simulate

    players = [KilleHeuristic()] * 3
    with pytest.raises(ValueError, match="a keep function that fails"):
        simulate.tally(players, 600, "fails", _explode, workers=2)
    cores = []
    counts = simulate.tally(players, 300, "here", lambda hand: hand.result()["lose_life"],
                            progress=lambda total, s, c: cores.append(c) or (lambda d: None))
    assert cores == [1] and sum(counts.values()) >= 300
