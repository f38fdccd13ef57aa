"""The Köpknack package's API notes and rules page say what the code does: every name the
notes promise exists, the duties' examples run, and the page covers every duty, option,
worked deal and contract decision, with its sources."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import kortspel
import kortspel.kopknack as kk
from kortspel.kopknack import telling, tricks

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "kopknack.md").read_text(
    encoding="utf-8")


def test_the_duties_examples_run() -> None:
    result = doctest.testmod(tricks, verbose=False)
    assert result.attempted >= 3 and result.failed == 0


def test_every_name_the_api_notes_promise_exists() -> None:
    doc = kk.__doc__ or ""
    game = kortspel.load("kopknack")
    state = game.new_hand(seed=1)
    obs = state.observation(0)
    match = game.match(seed=1)
    for name in re.findall(r"``(\w+)(?:\(\))?``", doc.split("What a seat may know")[1]
                           .split("Words:")[0]):
        assert any(hasattr(x, name) for x in (state, obs)) or name in (
            "Observation", "Outcome", "None", *kk.Outcome._fields), name
    for name in ("swept_by", "tricks", "won", "payout", "penalty", "next_pot", "next_dealer"):
        assert name in kk.Outcome._fields
    for name in ("hand", "next_hand", "balances", "carried", "pot", "deals_played", "target",
                 "standings", "undo", "is_over", "why_over", "winner", "leaders", "history",
                 "record"):
        assert hasattr(match, name), name
    for name in ("tell", "story", "review", "match_progress", "deal_settled"):
        assert callable(getattr(telling, name))
    for name in ("legal_cards", "duty", "broken_duty", "winning_index", "beats", "DUTIES"):
        assert hasattr(kk, name)


def test_the_rules_page_covers_every_duty_option_deal_and_source() -> None:
    for duty in kk.DUTIES:
        assert f"*{duty}*" in PAGE, duty
    for option, values in kk.OPTIONS.items():
        assert f"`{option}`" in PAGE and all(f'`"{v}"`' in PAGE for v in values)
    for name in kortspel.examples("kopknack"):
        assert f"`{name}`" in PAGE, name
    assert PAGE.count("**Choice:") >= 15
    sources = PAGE.split("## Sources")[1]
    assert len(re.findall(r"https?://", sources)) >= 8
