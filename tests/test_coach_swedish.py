"""The coach in Swedish: hints, reviews, luck and beliefs for every game, with no English left.

Seeded hands played by the games' heuristics, a hint at a few decisions and a review of the
whole hand, each with a small sample budget (``playouts``) so the test is quick and the same
every run. Every sentence is read for English words (``english_words``), for a placeholder the
template kept (``{``), for English figures ("2.5", "51%"); a message that lost its Swedish
shows up as English here. The English coach is held unchanged by the other coach tests.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import kortspel
from kortspel import coach
from kortspel.core import step
from kortspel.i18n import using
from kortspel.voice import counted, number_word
from tests.i18n_helpers import english_words

GAMES = ("kille", "knock", "kopknack", "gnallknekt")
ENGLISH_FIGURE = re.compile(r"\d\.\d|\d%|(?<![\w−+])-\d")
"""A decimal point, a per cent sign with no space before it, a hyphen for a minus."""


def _problems(text: str, names: tuple[str, ...]) -> list[str]:
    """What is wrong with one Swedish sentence: English words, a placeholder, English
    figures, nothing at all."""
    out = []
    if not text.strip():
        out.append("empty")
    allowed = frozenset(n.lower() for n in names)
    if english := english_words(text, allowed):
        out.append(f"English {english}")
    if "{" in text or "}" in text:
        out.append("a placeholder left")
    if m := ENGLISH_FIGURE.search(text):
        out.append(f"an English figure {m.group()!r}")
    return out


def _hands(game_name: str, seeds: int = 1) -> Iterator[tuple[Any, list[Any]]]:
    """Seeded hands played to their end by the heuristic, with up to three positions of the
    first seat's own decisions (states cloned through their records) along the way."""
    game = kortspel.load(game_name)
    for seed in range(seeds):
        state = game.new_hand(rng=random.Random(seed))
        bots = [kortspel.bot_for(game_name, "heuristic") for _ in game.names]
        rng = random.Random(100 + seed)
        positions: list[Any] = []
        while not state.is_over:
            seat = state.to_act
            if (seat == 0 and len(positions) < 3
                    and len(state.legal_actions(seat)) > 1):
                positions.append(kortspel.replay(state.record()))
            step(state, bots, rng)
        yield state, positions


@pytest.mark.parametrize("game_name", GAMES)
def test_hints_reviews_and_beliefs_are_all_swedish(game_name: str) -> None:
    bad: list[str] = []
    seen = 0
    for final, positions in _hands(game_name):
        names = tuple(final.game.names)
        texts: list[str] = []
        with using("sv"):
            for k, pos in enumerate(positions):
                h = coach.hint(pos, seconds=None, playouts=24, rng=random.Random(k))
                texts += [h.words, *h.labels]
                if k == 0:
                    b = coach.beliefs(pos, pos.to_act, random.Random(1), worlds=12)
                    texts += [belief.words for belief in b.values()]
            rv = coach.review(final.record(), 0, seconds=None, playouts=12,
                              rng=random.Random(5))
            texts += [rv.summary, *(d.words for d in rv.decisions)]
            assert rv.luck is not None
            texts += [rv.luck.words, *rv.luck.labels]
            texts.append(coach.grades_counted(rv.grades()) or "inga beslut")
        for text in texts:
            seen += 1
            bad += [f"{p}: {text!r}" for p in _problems(text, names)]
    assert seen > 5
    assert not bad, "\n".join(bad[:10])


def test_a_hint_stopped_before_any_deal_and_a_one_move_hint_are_swedish() -> None:
    game = kortspel.load("kille")
    state = game.new_hand(rng=random.Random(3))
    with using("sv"):
        h = coach.hint(state, seconds=None, playouts=50, rng=random.Random(1),
                       stop=lambda: True)
    names = tuple(game.names)
    for text in (h.words, *h.labels):
        assert not _problems(text, names), text
    assert h.words.startswith("Inget vägdes")


def test_the_numbers_are_written_the_swedish_way() -> None:
    words = coach.coach_words("knock")
    pct = coach.coach_words("kille")
    with using("sv"):
        assert coach._amount(2.5, words) == "+2,5 poäng"
        assert coach._amount(-0.4, words) == "\u22120,4 poäng"
        assert coach._amount(0.51, pct) == "51\u00a0%"
        assert coach._span(0.19, 0.25, pct) == "19–25\u00a0%"
        assert coach._span(-0.3, 0.5, words) == "\u22120,3 till +0,5"
        assert coach._gap(0.09, pct) == "9 procentenheter"
        assert coach._gap(0.01, pct) == "1 procentenhet"
    assert coach._amount(2.5, words) == "+2.5 points"
    assert coach._span(-0.3, 0.5, words) == "−0.3 to +0.5"


def test_grades_hand_words_and_counts_have_their_swedish_words() -> None:
    with using("sv"):
        assert [coach.grade_word(g) for g in coach.GRADES] == [
            "bäst", "bra", "onoggrannhet", "misstag", "tabbe"]
        assert coach._a_grade("mistake") == "ett misstag"
        assert coach._a_grade("blunder") == "en tabbe"
        assert coach.grades_counted({"best": 3, "good": 0, "blunder": 2}) == "3 bäst, 2 tabbar"
        assert coach._this_hand("game") == "det här spelet"
        assert coach._this_hand("round") == "den här omgången"
        assert number_word(5) == "fem" and number_word(14) == "14"
        assert counted(5, "{count} rundor till") == "fem rundor till"
    assert coach.grades_counted({"best": 3, "mistake": 1}) == "3 best, 1 mistake"
    assert coach._a_grade("inaccuracy") == "an inaccuracy"
    assert counted(5, "more round") == "five more rounds"
    assert counted(1, "{count} more round") == "one more round"


@pytest.mark.parametrize("game_name", ["kille", "knock", "kopknack"])
def test_every_action_the_coach_names_itself_is_swedish(game_name: str) -> None:
    """The games without a ``say_action`` of their own are named by the coach: each verb
    and place in Swedish (Kille's Kuku stays Kuku)."""
    game = kortspel.load(game_name)
    words = coach.coach_words(game_name)
    said: set[str] = set()
    for seed in range(4):
        state = game.new_hand(rng=random.Random(seed))
        bots = [kortspel.bot_for(game_name, "heuristic") for _ in game.names]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            if seat is not None and seat >= 0:
                with using("sv"):
                    said |= {coach.say_action(a, game.names, seat, words)
                             for a in state.legal_actions(seat)}
            step(state, bots, rng)
    assert said
    english = {"stand", "swap", "draw", "discard", "knock", "fold", "exchange", "play",
               "from", "stock", "nothing"}
    for text in said:
        assert not {w.lower() for w in text.split()} & english, text
        assert not _problems(text, tuple(game.names)), text
