"""What every test of this folder shares.

The coach at a play table reviews each finished hand by searching every decision of yours
for ``review_seconds`` (0.3 s). A test that plays dozens of hands through ``Play`` to check
its words or its clicks would spend most of its time in those searches, so here the table's
coach plays one deal a question instead (a Gnällknekt deal is a whole
game played out for each of some thirty options), unless the test gives it its own budget
(``coach_playouts=``). The review's words are the same kind either way; the tests of the
coach itself (``tests/test_coach.py``, ``tests/drawing/test_play_coach.py``) set their
budgets explicitly.
"""

from __future__ import annotations

from typing import Any

import pytest

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
