"""Quiz questions kept out of the notebook cells, for every game's lessons.

A quiz whose explanation sits in the code cell above it gives its answer away, so a notebook
only names the question and lets the engine compute the answer; the words (the question, the
choices, why the right answer is right and why each wrong one is wrong) live in a game's
``<game>_lessons.py`` as a table of ``Question``s, and ``Lessons(QUESTIONS).ask(name, answer)``
makes the ``Check``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from kortspel import KortspelError

from .views import Check


class Question(NamedTuple):
    text: str
    choices: tuple[str, ...]
    explain: str
    why: dict[str, str]


class Lessons:
    """A game's questions by name; ``ask`` turns one into a ``Check``."""

    def __init__(self, questions: Mapping[str, Question]) -> None:
        self.questions = dict(questions)

    def ask(self, name: str, answer: Any) -> Check:
        """The question called ``name``, with the answer the engine computed."""
        if name not in self.questions:
            raise KortspelError(f"no question called {name!r}; there are: "
                                f"{', '.join(self.questions)}")
        q = self.questions[name]
        if str(answer) not in q.choices:
            raise KortspelError(f"the engine's answer {answer!r} to {name!r} is not among its "
                                f"choices ({', '.join(q.choices)}): the question needs mending")
        return Check(q.text, list(q.choices), str(answer), q.explain, why=q.why)
