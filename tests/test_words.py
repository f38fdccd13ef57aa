"""One word for one thing: each game's whole is named in its rules' own word everywhere a
learner reads it (issue 19, item 17). Swedish Knock's text plays a *game* of rounds, Köpknack's
pages teach a *session* of deals, Kille and Gnällknekt play a *match*."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import kortspel

REPO = Path(__file__).resolve().parents[1]
WORDS = {"kille": "match", "knock": "game", "kopknack": "session", "gnallknekt": "match"}
"""The whole, in each game's own word."""


def test_every_game_names_its_whole() -> None:
    assert {name: kortspel.spec(name).match_word for name in WORDS} == WORDS


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_play_table_and_the_class_page_say_the_games_word(name: str) -> None:
    from kortspel.widgets import Play
    from kortspel.widgets.setup_app import PlayApp

    word = WORDS[name]
    play = Play(game=name, pace=0, seed=2, auto=False)
    assert play.new_match.description == f"New {word}"
    assert play.restart_words == f"press New {word} to play again"
    play.close()
    app = PlayApp(game=name, pace=0, seed=2)
    assert app.new_game.description == f"New {word}"
    assert app.yes.description == f"Yes, new {word}"
    assert app.sure.value == f"This {word} is not finished. Deal a new one?"
    if app.length.options:
        assert app.length.description == word.capitalize()
        assert f", a short {word} of " in app.said or f"a standard {word}" in app.said
    app.close()


def _prose(path: Path) -> str:
    """What a learner reads in a notebook or page: markdown, without code spans or links."""
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text("utf-8"))
        text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    else:
        text = path.read_text("utf-8")
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


@pytest.mark.parametrize("name,other", [("knock", "match"), ("kopknack", "match")])
def test_the_lessons_never_call_the_whole_by_another_word(name: str, other: str) -> None:
    """Knock's and Köpknack's notebooks and rules page say their own word, never "match"."""
    pages = sorted((REPO / "notebooks" / name).glob("*.ipynb")) + [
        REPO / "docs" / "rules" / f"{name}.md"]
    for page in pages:
        found = re.findall(rf"[^.\n]*\b{other}\b[^.\n]*", _prose(page), flags=re.I)
        assert not found, (page.name, found)


@pytest.mark.parametrize("name", sorted(WORDS))
def test_a_wrong_answer_is_named_as_a_choice_never_as_a_double_negative(name: str) -> None:
    """Every question of every game: a wrong pick reads "✘ “no: a gets a star” is not the
    answer. …", never "✘ Not no: …" (the template once put "Not" before the choice)."""
    import html as html_

    from kortspel.widgets.views import Check

    lessons = __import__(f"kortspel.widgets.games.{name}_lessons", fromlist=["QUESTIONS"])
    for key, q in lessons.QUESTIONS.items():
        for wrong in q.choices:
            right = next(c for c in q.choices if c != wrong)
            check = Check(q.text, list(q.choices), right, q.explain, why=q.why)
            check.pick(wrong)
            said = html_.unescape(re.sub(r"<[^>]+>", "", check.feedback.value))
            assert said.startswith(f"✘ “{wrong}” is not the answer. "), (key, said)
            assert not re.search(r"\bnot (no|yes)\b", said, flags=re.I), (key, said)
            check.close()
