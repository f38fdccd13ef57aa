"""Kille in Swedish: everything a pupil or teacher reads at a Kille table.

Seeded random hands (two to eight seats, so that asks for better cards, "it depends", the
matadors, the talon and the never-everyone rule all come up) and every worked hand are told
in Swedish to every seat and to the teacher: each event, the review of a hand, where the
match stands, the status line, the table's words (labels, notes, badges, alt text), the
buttons, the deck, the refusals of an illegal move and the lessons' questions. None may hold
an English word (``english_words``; the seats' names are allowed), a ``{field}`` left
unfilled, or be empty. A sentence missing from ``kille.po`` stays English and fails here.
That the English is unchanged is what the other Kille tests check, byte for byte.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from i18n_helpers import english_words, model_texts, walk_matches
from kille_helpers import play

import kortspel
from kortspel import KortspelError
from kortspel.i18n import _, using
from kortspel.kille import EVENT_KINDS, KINDS, a_card, telling
from kortspel.widgets import table_model
from kortspel.widgets.games import kille_lessons
from kortspel.widgets.games.kille import ADAPTER
from kortspel.widgets.games.kille_cards import card_label

ROOT = Path(__file__).resolve().parents[1]



def problems(texts: list[str], names: list[str] | tuple[str, ...], where: str,
             may_be_empty: bool = False) -> list[str]:
    allowed = frozenset(n.lower() for n in names)
    out = []
    for text in texts:
        if not text.strip() and not may_be_empty:
            out.append(f"{where}: empty text")
        if "{" in text or "}" in text:
            out.append(f"{where}: a field left unfilled: {text!r}")
        found = english_words(text, allowed)
        if found:
            out.append(f"{where}: English {found} in {text!r}")
    return out


def told(state: Any, seen: set[str] | None = None) -> list[str]:
    """Every problem in what the hand says in Swedish, to each seat and to the teacher;
    ``seen`` collects the kinds of event told."""
    names = list(state.game.names)
    out: list[str] = []
    with using("sv"):
        for viewer in [None, *range(len(names))]:
            who = f"viewer {viewer}"
            events = [e for e in state.events if viewer is None or e.visible_to(viewer)]
            if seen is not None:
                seen.update(e.kind for e in events)
            out += problems([telling.tell(e, names, viewer) for e in events], names, who)
            out += problems(telling.review(state, viewer), names, who + " review")
            out += problems(list(model_texts(table_model(state, viewer))), names, who + " table",
                            may_be_empty=True)
            out += problems([ADAPTER.status(state, viewer)], names, who + " status",
                            may_be_empty=True)
        out += problems([ADAPTER.sits_out(state, s) for s in range(len(names))], names,
                        "sits out", may_be_empty=True)
        for action in state.legal_actions() if not state.is_over else []:
            out += problems([ADAPTER.confirm(state, action) or "-"], names, "confirm")
    return out


def random_matches(count: int) -> Iterator[tuple[Any, Any, Any]]:
    """(match, state, summary) along seeded matches of random moves, 2 to 8 seats: every
    few moves, each hand's end, and the next hand's deal with the summary of the hand
    before it (``None`` elsewhere)."""
    return walk_matches(((seed, kortspel.load("kille", seats=2 + seed % 7).match(
        seed=seed, length="short")) for seed in range(count)), every=3, hands=12)


def test_every_worked_hand_is_told_in_swedish_to_every_reader() -> None:
    found = []
    for name in kortspel.examples("kille"):
        record = kortspel.example(name, "kille")
        found += [f"{name}: {p}" for p in told(kortspel.replay(record))]
        for upto in range(len(record["actions"])):
            found += [f"{name} upto {upto}: {p}"
                      for p in told(kortspel.replay(record, upto=upto))]
    assert not found, "\n".join(found[:20])


RARE = [
    # a low Harlekin and two fours at three seats: the guard, and nobody loses
    (dict(a="Harlekin", b="4", c="4"), ("a swap", "b stand", "c stand"), {}),
    (dict(a="6", b="6"), ("a stand", "b stand"), {}),
    # only high cards: no lowest card at all
    (dict(a="Kuku", b="Harlekin", c="Kuku"), ("a stand", "b stand", "c stand"), {}),
    # the dealer draws a Husu, then a Husar, from the talon
    (dict(a="5", b="3", c="7"), ("a stand", "b stand", "c swap"), {"talon": ["Husu", "2"]}),
    (dict(a="5", b="3", c="7"), ("a stand", "b stand", "c swap"), {"talon": ["Husar", "2"]}),
    (dict(a="3", b="5", c="7", d="9", e="Husu", f="2"),
     ("a swap", "b swap", "c swap", "d swap"), {}),
]
"""Hands whose events random play meets seldom: told in Swedish like the others."""


def test_the_rare_hands_are_told_in_swedish() -> None:
    found = []
    for deal, actions, kw in RARE:
        found += told(play(deal, *actions, **kw))
    assert not found, "\n".join(found[:20])


def test_seeded_random_matches_are_told_in_swedish_between_hands_too() -> None:
    found: list[str] = []
    seen: set[str] = set()
    for match, state, summary in random_matches(28):
        found += told(state, seen)
        names = list(match.game.names)
        with using("sv"):
            found += problems([ADAPTER.progress(match)], names, "progress",
                              may_be_empty=True)
            if summary is not None:
                found += problems([ADAPTER.between(match, summary)], names, "between",
                                  may_be_empty=True)
    assert not found, "\n".join(found[:20])
    # these matches, the worked hands and the rare hands tell every kind of event
    for name in kortspel.examples("kille"):
        seen.update(e.kind for e in kortspel.replay(kortspel.example(name, "kille")).events)
    for deal, actions, kw in RARE:
        seen.update(e.kind for e in play(deal, *actions, **kw).events)
    assert set(EVENT_KINDS) == seen, set(EVENT_KINDS) - seen


def test_a_seat_named_you_is_du_and_the_others_read_it_in_quotes() -> None:
    game = kortspel.load("kille", seats=["you", "Bo", "Lars"])
    state = game.new_hand(seed=3)
    state.apply(state.legal_actions()[0])
    with using("sv"):
        mine = telling.story(state, 0)
        theirs = telling.story(state, 1)
    assert mine[1].startswith("Du får ") and not problems(mine, [], "you")
    assert any("”du”" in line for line in theirs)


def test_the_buttons_the_deck_and_the_card_labels_are_swedish() -> None:
    with using("sv"):
        buttons = ADAPTER.buttons()
        _draw, _w, _h, alt, title = ADAPTER.deck()
        labels = [card_label(k) for k in KINDS]
        texts = [t for pair in buttons.values() for t in pair] + [alt, title, _(ADAPTER.title)]
        lengths = [_(label) for label in kortspel.kille.KilleMatch.LENGTHS.values()]
        standings = [_(key) for key in ("seat", "pots won", "lives")]
        assert buttons["stand"][0] == "Stå" and buttons["swap"][0] == "Byt"
        assert card_label("Kuku") == "Kuku (göken)" and card_label("4") == "4 (fyra)"
    assert not problems(texts + labels + lengths + standings, [], "buttons and deck")
    assert "Kuku står, ingen byta får" in buttons["kuku"][1]
    assert ADAPTER.buttons()["stand"][0] == "Stand"
    assert card_label("Kuku") == "Kuku (the cuckoo)"


def test_the_card_phrases_are_the_english_a_card_word_for_word() -> None:
    """The telling's table of cards with their articles says in English what ``a_card``
    says (the telling's English is pinned by the golden tests; this pins the table)."""
    assert [telling._card(k) for k in range(len(KINDS))] == [a_card(k) for k in
                                                             range(len(KINDS))]
    with using("sv"):
        assert [telling._card(k) for k in (0, 6, 10, 15, 16)] == [
            "Blaren", "en fyra", "en åtta", "ett Värdshus", "en Kavall"]


def test_an_illegal_move_is_refused_in_swedish() -> None:
    game = kortspel.load("kille", seats=3)
    state = game.new_hand(seed=1)
    names = list(game.names)
    first = names[state.to_act]
    other = names[(state.to_act + 1) % 3]
    refusals = []
    for move in (f"{other} swap", f"{first} accept", f"{first} kuku", f"{first} depends"):
        with using("sv"):
            try:
                state.clone().apply(move)
            except KortspelError as err:
                refusals.append(str(err))
    assert len(refusals) == 4, refusals
    assert not problems(refusals, names, "refusal")
    assert any("kan inte byta nu: det är" in r for r in refusals), refusals
    over = state.clone()
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with using("sv"), pytest.raises(KortspelError, match="given är slut"):
        over.apply(f"{first} stand")


@pytest.mark.parametrize("name", sorted(kille_lessons.QUESTIONS))
def test_every_lesson_question_is_asked_in_swedish(name: str) -> None:
    q = kille_lessons.QUESTIONS[name]
    answer = q.choices[-1]
    with using("sv"):
        check = kille_lessons.ask(name, answer)
    texts = [check.question, *check.choices, check.explain, *check.why.values()]
    assert not problems(texts, ["a", "b", "c", "d", "e"], name)
    assert check.answer in check.choices
    assert set(check.why) <= set(check.choices)
    assert kille_lessons.ask(name, answer).question == q.text


def test_every_kille_sentence_has_its_swedish() -> None:
    """The catalogue itself: no sentence of Kille's without a finished translation, and
    the compiled catalogue made from it (what the two tests above read)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n as tool  # type: ignore[import-not-found]

    cat = tool.read(tool.po_path("kille"), "kille")
    assert list(tool.problems_of(cat, "kille.po")) == []
    assert tool.po_path("kille").with_suffix(".mo").read_bytes() == tool.mo_bytes(cat)
    template = tool.extract("kille")
    assert {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id} <= {
        m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}
