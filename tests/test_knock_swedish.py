"""Swedish Knock ("Knack") in Swedish: everything a pupil or teacher reads at a Knock table.

Seeded random matches and every worked round are told in Swedish to every seat and to the
teacher: each event, the review of a round, the cut, where the match stands, the status line,
the table's words (labels, notes, badges, the call, alt text), the buttons, the refusals of a
click and of an illegal move, and the lessons' questions. None may hold an English word
(``english_words``; the seats' names are allowed), a ``{field}`` left unfilled, or be empty.
A sentence missing from ``knock.po`` stays English and fails here. That the English is
unchanged is what the other Knock tests check, byte for byte.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from i18n_helpers import english_words, model_texts, walk_matches

import kortspel
from kortspel import KortspelError
from kortspel.french import PACK, spoken
from kortspel.i18n import _, ngettext, pgettext, using
from kortspel.knock import best_grouping, telling
from kortspel.widgets import table_model
from kortspel.widgets.games import knock_lessons
from kortspel.widgets.games.knock import ADAPTER, DISCARD, STOCK, card_ref

ROOT = Path(__file__).resolve().parents[1]
SPOKEN = sorted({spoken(c) for c in PACK}, key=len, reverse=True)
"""A card said in words ("Queen of spades") is the core's (``kortspel.french``), translated
there: it is taken out of the table's alt text before the check, so that this test answers
for Knock's own words only."""



def problems(texts: list[str], names: list[str] | tuple[str, ...], where: str,
             may_be_empty: bool = False) -> list[str]:
    allowed = frozenset(n.lower() for n in names)
    out = []
    for text in texts:
        shown = text
        for words in SPOKEN:
            shown = shown.replace(words, "")
        if not text.strip() and not may_be_empty:
            out.append(f"{where}: empty text")
        if "{" in text or "}" in text:
            out.append(f"{where}: a field left unfilled: {text!r}")
        found = english_words(shown, allowed)
        if found:
            out.append(f"{where}: English {found} in {text!r}")
    return out


def told(state: Any) -> list[str]:
    """Every problem in what the round says in Swedish, to each seat and to the teacher."""
    names = list(state.game.names)
    out: list[str] = []
    with using("sv"):
        for viewer in [None, *range(len(names))]:
            who = f"viewer {viewer}"
            out += problems([telling.tell(e, names, viewer) for e in state.events
                             if viewer is None or e.visible_to(viewer)], names, who)
            out += problems(telling.review(state, viewer), names, who + " review")
            out += problems(list(model_texts(table_model(state, viewer))), names, who + " table",
                            may_be_empty=True)
            out += problems([ADAPTER.status(state, viewer)], names, who + " status",
                            may_be_empty=True)
        out += problems(ADAPTER.opening(state), names, "opening")
        out += problems([ADAPTER.sits_out(state, s) for s in range(len(names))], names,
                        "sits out", may_be_empty=True)
        seat = state.to_act
        if not state.is_over and seat is not None:
            refs = [STOCK, DISCARD, *(card_ref(seat, c) for c in state.hand(seat))]
            out += problems([r for r in (ADAPTER.refuse(state, seat, ref) for ref in refs)
                             if r], names, "refusal")
    return out


def random_matches(count: int) -> Iterator[tuple[Any, Any, Any]]:
    """(match, state, summary) along seeded matches of random moves, 2 to 5 seats, both rules
    for an unused 2: the deal, every few moves, each round's end, and the next round's deal
    with the summary of the round before it (``None`` elsewhere)."""
    return walk_matches(((seed, kortspel.load(
        "knock", seats=2 + seed % 4, unused_two=0 if seed % 3 else 2).match(seed=seed))
        for seed in range(count)), every=4, hands=30)


def test_every_worked_round_is_told_in_swedish_to_every_reader() -> None:
    found = []
    for name in kortspel.examples("knock"):
        record = kortspel.example(name, "knock")
        found += [f"{name}: {p}" for p in told(kortspel.replay(record))]
        for upto in range(len(record["actions"])):
            found += [f"{name} upto {upto}: {p}"
                      for p in told(kortspel.replay(record, upto=upto))]
    assert not found, "\n".join(found[:20])


def test_seeded_random_matches_are_told_in_swedish_between_rounds_too() -> None:
    found: list[str] = []
    for match, state, summary in random_matches(8):
        found += told(state)
        names = list(match.game.names)
        with using("sv"):
            found += problems(telling.cut_story(match, None) + telling.cut_story(match, 0),
                              names, "cut")
            found += problems([ADAPTER.progress(match)], names, "progress")
            if summary is not None:
                found += problems([ADAPTER.between(match, summary)], names, "between",
                                  may_be_empty=True)
    assert not found, "\n".join(found[:20])


def test_the_buttons_the_card_values_and_the_standings_are_swedish() -> None:
    with using("sv"):
        (label, tip), = ADAPTER.buttons().values()
        _draw, _w, _h, alt, title = ADAPTER.deck()
        texts = [label, tip, alt, title, _(ADAPTER.title)]
        assert (label, title) == ("Knacka", "Korten och vad de är värda i Knack")
        assert "”Knack!”" in tip
    assert not problems(texts, [], "buttons and card values")
    assert ADAPTER.buttons()["knock"][0] == "Knock"


def test_an_illegal_move_is_refused_in_swedish() -> None:
    state = kortspel.replay(kortspel.example("valid-knock", "knock"), upto=0)
    names = list(state.game.names)
    first, other = state.game.names[state.to_act], state.game.names[(state.to_act + 1) % 3]
    refusals = []
    for move in (f"{other} draw stock", f"{first} discard {PACK[0]}", f"{first} draw stock",
                 f"{first} knock"):
        probe = state.clone()
        with using("sv"):
            try:
                probe.apply(move)
                probe.apply(move)  # the second draw, or knock, of one turn
            except KortspelError as err:
                refusals.append(str(err))
    assert len(refusals) == 4
    assert not problems(refusals, names, "refusal")
    over = kortspel.replay(kortspel.example("valid-knock", "knock"))
    with using("sv"), pytest.raises(KortspelError, match="omgången är slut"):
        over.apply(f"{names[0]} draw stock")


def test_a_hand_is_counted_in_swedish_and_the_record_keeps_english() -> None:
    with using("sv"):
        said = best_grouping(["AS", "2H", "7C", "7D", "KS"]).describe()
        state = kortspel.replay(kortspel.example("zero-on-the-deal", "knock"))
    assert said == "7♣ 7♦ 2♥ (tvåan som 7): en grupp, 0; A♠ 1 + K♠ 13 = 14"
    zero = [e for e in state.events if e.kind == "zero"]
    assert zero and all("a set" in e.text and "a set" in e.data[3] for e in zero)
    with using("sv"):
        assert all("en grupp" in telling.tell(e, state.game.names) for e in zero)


@pytest.mark.parametrize("name", sorted(knock_lessons.QUESTIONS))
def test_every_lesson_question_is_asked_in_swedish(name: str) -> None:
    q = knock_lessons.QUESTIONS[name]
    answer = q.choices[0]
    with using("sv"):
        check = knock_lessons.ask(name, answer)
    texts = [check.question, *check.choices, check.explain, *check.why.values()]
    assert not problems(texts, ["a", "b", "c"], name)
    assert check.answer in check.choices
    assert knock_lessons.ask(name, answer).question == q.text


def test_the_plates_count_in_knock_s_own_words() -> None:
    """A plate's points are Knock's "poäng": its words have a context of their own, so that
    no other part's "{n} points" (the coach's percentage points) can stand in for them."""
    state = kortspel.replay(kortspel.example("invalid-knock-star", "knock"))
    with using("sv"):
        model = table_model(state, None)
        counts = [b.label for seat in model.seats for b in seat.badges]
        assert ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 kort"
    assert any(c.endswith(" poäng") for c in counts), counts
    assert any(c.endswith(" stjärnor") for c in counts), counts


def test_every_knock_sentence_has_its_swedish() -> None:
    """Every sentence the Knock code marks is in the compiled catalogue: looked up in
    Swedish, it comes back different from its English (or, for a few, such as a figure,
    deliberately the same)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    same = {"1 skunk"}  # the game's own word in both languages
    missing = []
    with using("sv"):
        for m in tool.extract("knock"):
            if not m.id:
                continue
            if isinstance(m.id, tuple):
                sv = ngettext(m.id[0], m.id[1], 2)
                english = m.id[1]
            elif m.context:
                sv, english = pgettext(m.context, m.id), m.id
            else:
                sv, english = _(m.id), m.id
            if sv == english and english not in same:
                missing.append(english)
    assert not missing, missing
