"""The Swedish Knock rules page and the package's API notes say what the engine does: every
worked round, every rules option and every Choice the contract settles is on the page, the
sources are named by address, and the names the package docstring promises exist."""

from __future__ import annotations

import re
from pathlib import Path

import kortspel
import kortspel.knock as knock

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "knock.md").read_text(
    encoding="utf-8")


def test_the_page_names_its_sources_by_address() -> None:
    section = re.search(r"^## Sources\n(.*?)(?=^## |\Z)", PAGE, flags=re.M | re.S)
    assert section and len(re.findall(r"https?://\S+", section.group(1))) >= 5


def test_the_page_lists_every_worked_round_and_every_option() -> None:
    for name in kortspel.examples("knock"):
        assert f"`{name}`" in PAGE, name
    for option, values in knock.OPTIONS.items():
        assert f"`{option}`" in PAGE
        for v in values:
            assert f"`{v}`" in PAGE, (option, v)


def test_each_decision_has_its_choice_paragraph() -> None:
    choices = re.findall(r"\*\*Choice: ([^*]+)\*\*", PAGE)
    assert len(choices) >= 13
    for topic in ("2", "cut", "left", "whole turn", "first turn", "one more turn",
                  "five cards", "last card", "judged", "star", "100", "nobody wins",
                  "skunks", "tie-breaks", "just took"):
        assert any(topic in c for c in choices), topic


def test_the_package_docstring_promises_only_what_exists() -> None:
    doc = knock.__doc__ or ""
    assert "API" in doc
    for name in knock.__all__:
        assert hasattr(knock, name), name
    st = kortspel.load("knock").new_hand(seed=1)
    for attr in ("hand", "value", "grouping", "phase_name", "knocker", "last_turns",
                 "taken_card", "stock_count", "discard_pile", "discard_top", "seats_in_round",
                 "dealer", "carry", "say_legal", "outcome"):
        assert f"``{attr}" in doc, attr
        assert hasattr(st, attr), attr
    obs = st.observation(0)
    for attr in ("hand", "value", "discard_pile", "discard_top", "stock_count", "known",
                 "hand_size", "turns_played", "knocker", "taken", "last_turn", "phase",
                 "legal", "scores", "stars", "skunks", "out", "events", "narration",
                 "knowledge", "view"):
        assert hasattr(obs, attr), attr
