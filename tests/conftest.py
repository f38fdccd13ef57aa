"""What every test of this folder shares.

The coach at a play table reviews each finished hand by searching every decision of yours
for ``review_seconds`` (0.3 s). A test that plays dozens of hands through ``Play`` to check
its words or its clicks would spend most of its time in those searches, so here the table's
coach plays one deal a question instead (a Gnällknekt deal is a whole
game played out for each of some thirty options), unless the test gives it its own budget
(``coach_playouts=``). The review's words are the same kind either way; the tests of the
coach itself (``tests/test_coach.py``, ``tests/drawing/test_play_coach.py``) set their
budgets explicitly.

Tests marked ``thorough`` run in CI (``CI=true``) and with ``KORTSPEL_THOROUGH=1`` (or
``KORTSPEL_SLOW=1``), and are skipped by a local ``make test``: each repeats, at several
times the cost, what a quicker test of the default run already checks (nbval runs every
notebook's cells; CI also runs six of them whole in a real JupyterLab), and together they
would take ``make test`` past its 10 minutes on two cores (docs/testing.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from tiers import SLOW, THOROUGH


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tiers not asked for: a mark alone is enough (a ``slow`` mark once ran in
    every run where its test forgot the ``skipif`` beside it)."""
    thorough = pytest.mark.skip(reason="thorough: runs in CI (CI=true) or with "
                                       "KORTSPEL_THOROUGH=1, not in a local make test")
    slow = pytest.mark.skip(reason="slow: set KORTSPEL_SLOW=1")
    for item in items:
        if not SLOW and item.get_closest_marker("slow") is not None:
            item.add_marker(slow)
        elif not THOROUGH and item.get_closest_marker("thorough") is not None:
            item.add_marker(thorough)

TEST_DEALS = 1
"""Deals per question of a play table's coach in the tests: enough for the review's words,
which these tests read; how good its grades are is the coach's own tests' business."""


@pytest.fixture(autouse=True)
def _quick_table_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        from kortspel.widgets.play.coach_panel import CoachPanel
    except ImportError:  # the engine installed without the views
        return
    init = CoachPanel.__init__

    def quick(self: Any, play: Any, *, playouts: int | None = None, **kw: Any) -> None:
        init(self, play, playouts=TEST_DEALS if playouts is None else playouts, **kw)

    monkeypatch.setattr(CoachPanel, "__init__", quick)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print why each rerun test failed the first time: a rerun passes the run as a safety
    net, but it is a defect to mend, and the summary's one line ("RERUN test_x") alone
    would leave the next person nothing to mend it from."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section("why these tests were rerun (each is a defect to mend)")
    for report in reruns:
        terminalreporter.write_line(f"--- {report.nodeid}")
        text = getattr(report, "longreprtext", "") or str(report.longrepr or "")
        for line in text.splitlines()[-60:]:
            terminalreporter.write_line(line)
