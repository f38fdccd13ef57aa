"""Luck and decisions, as GNU Backgammon splits a result (issue 37, item 4): for the reviewed
seat, the value before the deal, the deal's part, the decisions' part (skill) and the rest
(cards drawn and the others' play) add up exactly to the result, in every game; the
summary's words name each part with its sign right; and the play table draws the parts as
bars with the coach's words as their text."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest

import kortspel
from kortspel import coach, search

GAMES = [g for g in ("kille", "knock", "kopknack", "gnallknekt") if search.searchable(g)]


def _review(game: str, seed: int) -> coach.Review:
    table = kortspel.load(game)
    state = table.new_hand(seed=seed)
    rng = random.Random(seed)
    bots = [kortspel.bot_for(game, "random", name=name) for name in table.names]
    kortspel.play_hand(state, bots, rng)
    return coach.review(state.record(), 0, seconds=None,
                        playouts=3 if game == "gnallknekt" else 20, rng=random.Random(seed))


@pytest.mark.parametrize("game", GAMES)
def test_the_parts_add_up_exactly_to_the_result_less_the_start(game):
    for seed in range(2 if game == "gnallknekt" else 4):
        r = _review(game, seed)
        luck = r.luck
        assert luck is not None and luck.result == r.outcome
        parts = luck.deal + luck.decisions + luck.rest
        assert math.isclose(parts, luck.result - luck.start, rel_tol=0, abs_tol=1e-9)
        assert luck.start_low <= luck.start <= luck.start_high and luck.worlds > 0
        if r.decisions:
            assert math.isclose(luck.deal, r.decisions[0].best.value - luck.start,
                                abs_tol=1e-12)
            skill = sum(d.chosen.value - d.best.value for d in r.decisions)
            assert math.isclose(luck.decisions, skill, abs_tol=1e-9)


@pytest.mark.parametrize("game", ["kille", "knock", "kopknack"])
def test_the_words_name_each_part_with_its_sign(game):
    words = coach.coach_words(game)
    for seed in range(4):
        r = _review(game, seed)
        luck = r.luck
        assert luck is not None and luck.words in r.summary
        assert "Before the deal" in luck.words
        deal, mine, rest = luck.gains()
        said = luck.words
        for what, gain in (("the deal", deal), ("the cards drawn and the others' play", rest)):
            if not r.decisions and what == "the deal":
                continue
            tiny = round(100 * abs(gain)) == 0 if words.percent else round(abs(gain), 1) == 0
            if tiny:
                assert f"{what} was about even" in said or f"{what} were about even" in said
            elif gain > 0:
                assert f"{what} gave you" in said, said
            else:
                assert f"{what} cost you" in said, said
        assert "the cards were kind to you" not in r.summary
        if words.percent:
            assert "percentage point" in said or "about even" in said


def test_a_review_of_no_decision_puts_it_all_on_the_cards():
    v = coach.coach_words("kille")
    luck = coach.luck((0.3, 0.2, 0.4, 50), (), 1.0, v)
    assert luck.deal == 0 and luck.decisions == 0 and math.isclose(luck.rest, 0.7)
    assert "cost you about 70 percentage points of your chance" in luck.words


def test_the_chart_is_drawn_with_the_coachs_words():
    from kortspel.widgets.play.luck_bars import WIDTH, luck_html, luck_svg

    r = _review("knock", 1)
    assert r.luck is not None
    svg = luck_svg(r.luck)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("role") == "img" and root.get("aria-label") == r.luck.words
    assert root.find(f"{ns}title").text == r.luck.words
    bars = root.findall(f"{ns}rect")
    assert len(bars) == 3
    texts = [t.text for t in root.findall(f"{ns}text")]
    assert texts == list(r.luck.labels)
    for bar, gain in zip(bars, r.luck.gains(), strict=True):
        assert (bar.get("fill") == "#2f7d32") == (gain >= 0)
        assert 0 <= float(bar.get("x")) and float(bar.get("x")) + float(bar.get("width")) \
            <= WIDTH
    assert int(root.get("width")) <= 300  # beside the review at 1366x768
    assert "figcaption" in luck_html(r.luck)
