"""The Swedish notebooks read Swedish: their prose and what their cells show.

Every English notebook (``notebooks/<game>/<name>.ipynb``, ``notebooks/00-start-here.ipynb``)
has its Swedish twin at the same path under ``notebooks/sv/``, built from the catalogue
``notebooks/locale/sv/…po`` and committed run. What a pupil reads there is read for English
left over:

- the markdown cells' words, without what is code or address: ```fenced code```, ``code
  spans`` (a name to type stays as Python spells it), a link's target (a file name), HTML
  tags;
- the code cells' text outputs: what they print, a result's ``text/plain`` and a picture's
  ``alt="…"`` words (a table read aloud).

Two checks read them. ``english_words`` (``tests/i18n_helpers.py``) finds the words no
English sentence can do without; it does not know the play page's controls ("Hint",
"New match", "Step through the deal ▶"), which the translators first left English with a
Swedish gloss, so the English views' own button, box and menu labels are read too: a
label the Swedish page shows in other words must not be named in English (the Swedish text
names the control as the Swedish page labels it). What is English on purpose is allowed
below, each with its reason: JupyterLab's own menus (JupyterLab has no Swedish language
pack, so the pupil sees "Run ▸ Run All Cells") and the record data that is a contract.

A failure lists every offending line with its notebook and cell id, so the catalogue's
message (its context is the cell type and id) is found at once.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from i18n_helpers import english_words

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SWEDISH = NOTEBOOKS / "sv"
GAMES = ("kille", "knock", "kopknack", "gnallknekt")


def _english_books() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts
                  and p.relative_to(NOTEBOOKS).parts[0] not in ("sv", "locale"))


ENGLISH_BOOKS = _english_books()
SWEDISH_BOOKS = sorted(p for p in SWEDISH.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

ALLOWED_WORDS = frozenset({
    # A seat named "you" is a name the code types (Play(seats=["you", ...])), shown as typed
    # where a programmer's view prints it.
    "you",
})
"""Words ``english_words`` knows that a Swedish notebook may show, each for its reason."""

ALLOWED_PHRASES = (
    # JupyterLab's own menus: JupyterLab has no Swedish language pack, so the pupil clicks
    # these English words; the notebooks say so where the menu is first named.
    "Run ▸ Run All Cells",
    # The play page's language menu speaks both languages on purpose.
    "Language / Språk",
    # The game's English title as the start page's code types it to kortspel.load and prints
    # it back (the engine knows the game as "knock" or "Swedish Knock", not "Knack").
    "Swedish Knock",
)
"""Phrases shown in English on purpose; they are cut out before a line is read."""

ALLOWED_OUTPUT = (
    # A Python string shown as a value ('stand', 'better cards accepted', 'last-rounds',
    # {'seat': 'a', 'points': 2}): the engine's and the records' own words (verbs, result
    # keys and values, record names), a contract the same in every language, shown as code.
    re.compile(r"""(?:(?<=[\[({,:])|^)\s*'(?:[^'\\\n]|\\.)*'(?=\s*[\])},:]|$)""", re.M),
    # A dataclass's repr (Seat(card='4', lost=True)): its class and field names are code.
    re.compile(r"\b[A-Z]\w*\((?=\w+=)"),
    re.compile(r"\b\w+="),
    # Python's own values.
    re.compile(r"\b(?:None|True|False)\b"),
    # A name with an underscore (first_round_knock=False): a name in the code.
    re.compile(r"\b\w*_\w*\b"),
    # A state's repr (<Kille hand: a:4 b:Kavall; a to act>), the engine's programmer's view.
    re.compile(r"<\w+ hand: [^>]*>"),
    # A worked record's action as the record writes it (seat, verb, argument), printed before
    # the record's comment by the worked examples' walk: "3. b draw stock: ...".
    re.compile(r"^\s*\d+\. [a-z] [a-z_]+(?: [^\s:]+)*:", re.M),
    # The engine's own text view of a hand (print(hand): "a: 2 (to act)", "e: Kavall
    # (dealer)"), which kortspel does not translate; the table below it is the pupil's view.
    re.compile(r"^\s*[a-z]: .*\((?:to act|dealer)\)$", re.M),
)
"""What an output shows in English on purpose, each for its reason; cut out before reading."""


@cache
def record_words() -> re.Pattern[str]:
    """The worked records' own words: each record's title, intro, summary and every
    action's comment. A record is a contract the same in every language, so its words are
    English in a Swedish notebook too (a replay's name, the worked examples' walk). Matched
    whatever the whitespace between the words (a printout wraps them)."""
    import kortspel

    texts: set[str] = set()
    for game in GAMES:
        for name in kortspel.examples(game):
            record = kortspel.example(name, game)
            texts.update(str(record.get(k) or "") for k in ("title", "intro", "summary"))
            texts.update(str(a.get("comment") or "") for a in record.get("actions", []))
    parts = []
    for text in sorted((t for t in texts if t.strip()), key=len, reverse=True):
        words = [re.escape(w).replace("\\-", "-\\s*") for w in text.split()]
        parts.append(r"\s+".join(words))
    return re.compile("|".join(parts))


STILL_ENGLISH_LABELS = frozenset({
    # Labels the Swedish page shows in the same letters as the English one: a game's name,
    # a word both languages use, a call the game makes in Swedish in both.
    "Match", "Kuku", "Knack!", "Language / Språk", "English", "svenska",
})


SOMETIMES_SHOWN = frozenset({
    "All help on",      # the test button's words once pressed
    "Keep all three",   # Köpknack's button while buying
    "Show every card",  # the practice box as the Help row and its tooltip name it
    "Undo",             # the undo button as the Help row names it
    "Help",             # the teacher's row of boxes (a heading, not a control)
    "Coach:",           # the coach panel's heading
    "Check:",           # a question's heading (kortspel.widgets.Check)
    "Answer",           # a question's button
})
"""English labels a fresh page does not show yet, or names in part: read for as well."""


@cache
def english_labels() -> frozenset[str]:
    """Every label of the English play page, its replay and its check that the Swedish page
    shows in other words: the buttons, boxes and menus a notebook names ("Hint",
    "Undo and Show every card", "Step through the deal ▶", "Next ▶")."""
    import kortspel
    from kortspel.i18n import using
    from kortspel.widgets import Replay
    from kortspel.widgets.setup_app import PlayApp

    labels: dict[str, set[str]] = {"en": set(), "sv": set()}
    for lang in ("en", "sv"):
        with using(lang):
            for game in GAMES:
                record = kortspel.example(kortspel.examples(game)[0], game)
                for root in (PlayApp(game, language=lang), Replay(record, language=lang)):
                    labels[lang] |= set(_labels(root))
    words = (labels["en"] | SOMETIMES_SHOWN) - labels["sv"] - STILL_ENGLISH_LABELS
    return frozenset(w for w in words if len(w) > 2)


def _labels(root: object) -> Iterator[str]:
    """The words on the controls under ``root``: a button's, a box's or a toggle's
    description, and a menu's options (the words a notebook tells a pupil to press)."""
    import ipywidgets as W

    seen: set[int] = set()
    todo: list[object] = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, W.Widget):
            continue
        seen.add(id(w))
        if isinstance(w, W.Button | W.ToggleButton | W.Checkbox | W.Dropdown | W.Text
                      | W.FloatSlider):
            if w.description:
                yield w.description.strip()
        if w.has_trait("children"):
            todo.extend(w.children)


# ---------------------------------------------------------------------------------------------
# What a pupil reads
# ---------------------------------------------------------------------------------------------

FENCED = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
FILE_LINK = re.compile(r"\[[\w./-]*[-./][\w./-]*\]")
"""A link whose words are a file's name ([00-start-here](…), [kille.md](…)): an address."""
INDENTED = re.compile(r"(?:^|\n)\n((?:(?: {4}|\t)[^\n]*\n?)+)")
"""An indented code block (four spaces after a blank line): a command to type."""
TAG = re.compile(r"<[^>]+>")
ALT = re.compile(r'alt="([^"]*)"')


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def markdown_words(source: str) -> str:
    """A markdown cell's words as read: no code (fenced, indented or a span), no link
    targets, no link named by a file's name, no HTML tags."""
    text = FENCED.sub(" ", source)
    text = INDENTED.sub("\n\n", text)
    text = CODE_SPAN.sub(" ", text)
    text = LINK_TARGET.sub("]", text)
    text = FILE_LINK.sub(" ", text)
    return TAG.sub(" ", text)


def output_words(cell: dict) -> str:
    """A code cell's text outputs: printed text, results' ``text/plain`` and pictures'
    ``alt`` words; without the records' words and the rest of ``ALLOWED_OUTPUT``."""
    parts = []
    for out in cell.get("outputs", []):
        parts.append(_text(out.get("text")))
        data = out.get("data", {})
        parts.append(_text(data.get("text/plain")))
        parts.extend(html.unescape(a) for a in ALT.findall(_text(data.get("text/html"))))
    text = "\n".join(parts)
    text = record_words().sub(lambda m: "\n" * m.group().count("\n"), text)
    for allowed in ALLOWED_OUTPUT:
        text = allowed.sub(" ", text)
    return text


def read_lines(path: Path) -> Iterator[tuple[str, str, str]]:
    """(cell id, where: "markdown" or "output", line) for every line a pupil reads."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            where, text = "markdown", markdown_words(_text(cell["source"]))
        elif cell["cell_type"] == "code":
            where, text = "output", output_words(cell)
        else:
            continue
        for line in text.splitlines():
            if line.strip():
                yield cell.get("id", "?"), where, line


def english_in(line: str) -> list[str]:
    """The English in one Swedish line: English words, and English control labels."""
    for phrase in ALLOWED_PHRASES:
        line = line.replace(phrase, " ")
    found = english_words(line, ALLOWED_WORDS)
    for label in sorted(english_labels()):
        if re.search(r"(?<![\w])" + re.escape(label) + r"(?![\w])", line):
            found.append(label)
    return found


def _name(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).as_posix()


# ---------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------

def test_every_english_notebook_has_its_swedish_twin() -> None:
    english = {p.relative_to(NOTEBOOKS).as_posix() for p in ENGLISH_BOOKS}
    swedish = {p.relative_to(SWEDISH).as_posix() for p in SWEDISH_BOOKS}
    assert len(english) >= 21
    assert english - swedish == set(), "English notebooks without a Swedish one"
    assert swedish - english == set(), "Swedish notebooks without an English one"


def _title(path: Path) -> str:
    """The first markdown cell's first line: the notebook's title."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            return _text(cell["source"]).strip().splitlines()[0]
    return ""


@pytest.mark.parametrize("path", ENGLISH_BOOKS, ids=_name)
def test_the_title_is_translated(path: Path) -> None:
    swedish = SWEDISH / path.relative_to(NOTEBOOKS)
    english = _title(path)
    assert english.startswith("#"), f"{_name(path)}: no title cell"
    assert _title(swedish) != english, f"{_name(swedish)}: the title is English: {english!r}"


@pytest.mark.parametrize("path", SWEDISH_BOOKS, ids=_name)
def test_no_english_left(path: Path) -> None:
    """Neither the prose nor the outputs of a Swedish notebook hold English words or the
    English name of a control the Swedish page labels in Swedish."""
    found = []
    read = 0
    for cell, where, line in read_lines(path):
        read += 1
        words = english_in(line)
        if words:
            found.append(f"  sv/{_name(path)} cell {cell} ({where}): {words}: {line.strip()}")
    assert read, f"{_name(path)}: nothing to read"
    assert not found, "English in a Swedish notebook:\n" + "\n".join(found)


def test_the_labels_read_are_the_play_pages() -> None:
    """The English labels looked for are the page's: a change in the views that renamed them
    all would leave this test reading nothing."""
    labels = english_labels()
    for label in ("Hint", "Test: no help", "Undo and Show every card", "New match",
                  "Next hand ▶", "What might they hold?", "Step through the deal ▶"):
        assert label in labels, label
