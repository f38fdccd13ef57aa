"""Kille behaves exactly as before the engine-core rewrite.

``golden/kille_golden.json.gz`` holds 11 shipped records and 3,000 random ones (2-8 seats,
every rules option, some seats out of lives, some records that stop early) with a digest of
everything public at every step: records, results, narration, events and every seat's
observation, made on the engine as it stood at commit 025aa5c (see ``golden/``).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

import kortspel

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))

from kille_digest import digest  # noqa: E402

with gzip.open(GOLDEN / "kille_golden.json.gz", "rt", encoding="utf-8") as _fh:
    HANDS = json.load(_fh)["hands"]


def test_golden_covers_every_shipped_record() -> None:
    names = {h["name"] for h in HANDS if h["name"].startswith("example:")}
    assert names == {f"example:{n}" for n in kortspel.examples("kille")}
    assert len(HANDS) >= 3000


@pytest.mark.parametrize("chunk", range(10))
def test_same_records_results_narration_and_observations(chunk: int) -> None:
    for hand in HANDS[chunk::10]:
        assert digest(hand["record"]) == hand["digest"], hand["name"]
