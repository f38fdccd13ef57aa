"""Knock told to each reader: the second person for the reader's own seat, the third for
everyone else, and the third for all when the teacher reads, with the grammar right for
every viewer of every event kind (each worked round is told to every seat and the teacher,
with real names so that "you" can never hide a name).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import kortspel
from kortspel.knock import EVENT_KINDS, KnockMatch
from kortspel.knock.telling import match_progress, review, story, tell

NAMES = ["Anna", "Bo", "Cilla", "Dan", "Eva"]
THIRD = ("knocks", "draws", "takes", "discards", "holds", "shows", "gets", "earns", "stands",
         "wins", "deals", "cuts", "scores", "comes", "has", "is", "goes", "turns", "leaves")
WRONG = re.compile(r"\b[Yy]ou (" + "|".join(THIRD) + r")\b")


def renamed(name: str) -> Any:
    """A worked round with its seats named Anna, Bo, ..."""
    rec = kortspel.example(name, "knock")
    old = rec["seats"]
    new = dict(zip(old, NAMES, strict=False))

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            return {new.get(k, k): swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    out = {k: swap(v) if k in ("scores", "stars", "skunks", "deal") else v
           for k, v in rec.items()}
    out["seats"] = [new[s] for s in old]
    out["dealer"] = new[rec["dealer"]]
    out["out"] = [new[s] for s in rec["out"]]
    out["actions"] = [dict(a, seat=new[a["seat"]]) for a in rec["actions"]]
    return kortspel.replay(out)


ROUNDS = {name: renamed(name) for name in kortspel.examples("knock")}


def test_the_worked_rounds_hold_every_event_kind() -> None:
    kinds = {e.kind for st in ROUNDS.values() for e in st.events}
    assert kinds == set(EVENT_KINDS)


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_every_event_is_told_right_to_every_reader(name: str) -> None:
    st = ROUNDS[name]
    names = st.game.names
    for viewer in [None, *range(len(names))]:
        for e in st.events:
            if viewer is not None and not e.visible_to(viewer):
                continue
            text = tell(e, names, viewer)
            assert text and text[-1] in ".!?", (e.kind, text)
            assert not WRONG.search(text), (e.kind, viewer, text)
            assert "  " not in text and " ." not in text, text
            if viewer is None:
                assert "you" not in text.lower().split(), (e.kind, text)
            else:
                me = names[viewer]
                assert not re.search(rf"\b{me}\b", text), (e.kind, viewer, text)
                mine = e.data and isinstance(e.data[0], int) and e.data[0] == viewer \
                    and e.kind not in ("deal", "scores", "show")
                if mine:
                    assert re.search(r"\b([Yy]ou|[Yy]our)\b", text), (e.kind, text)


def test_the_story_hides_what_a_seat_did_not_see() -> None:
    st = ROUNDS["valid-knock"]
    for viewer in range(3):
        told = " ".join(story(st, viewer))
        for other in range(3):
            if other != viewer:
                dealt = next(e for e in st.events if e.kind == "dealt" and e.data[0] == other)
                assert tell(dealt, st.game.names, None) not in told
    assert "You are dealt" in story(st, 0)[1]


def test_sample_sentences_for_the_reader_and_the_others() -> None:
    st = ROUNDS["invalid-knock-star"]
    names = st.game.names
    star = next(e for e in st.events if e.kind == "star")
    assert tell(star, names, 0) == (
        "Your knock was not the lowest (Dan has 7, against your 10). You get a star, your "
        "second, which costs 10.")
    assert tell(star, names, 3) == (
        "Anna's knock was not the lowest (you have 7, against Anna's 10). Anna gets a star, "
        "Anna's second, which costs 10.")
    knock = next(e for e in st.events if e.kind == "knock")
    assert tell(knock, names, 0).startswith("You knock, saying “Knack!”")
    assert tell(knock, names, 1).startswith("Anna knocks, saying “Knack!”")
    take = next(e for e in ROUNDS["discard-pile-take"].events if e.kind == "take")
    assert tell(take, NAMES[:3], 1) == "Anna takes the 6♥ from the discard pile."
    assert tell(take, NAMES[:3], 0) == "You take the 6♥ from the discard pile."


def test_the_review_of_a_round_says_why_each_score_is_what_it_is() -> None:
    st = ROUNDS["invalid-knock-star"]
    lines = review(st, 0)
    text = " ".join(lines)
    assert lines[0].startswith("You knocked, and the round ended")
    assert "3♠ 3♥ 2♦ (the 2 as a 3): a set, 0" in text
    assert "Your knock fails" in text and "star number 2, costing 10" in text
    assert "You score 10 + 10 for the star this round; the total is now 43." in lines
    teacher = " ".join(review(st))
    assert "you" not in teacher.lower().split() and "Anna's knock fails" in teacher
    assert review(kortspel.load("knock").new_hand(seed=1)) == []


def test_a_seat_named_you_is_quoted_for_other_readers() -> None:
    st = kortspel.load("knock", seats=["you", "Bo"]).new_hand(seed=3)
    st.apply("knock")
    knock = st.events[-1]
    assert tell(knock, st.game.names, 0).startswith("You knock")
    assert tell(knock, st.game.names, 1).startswith("“you” knocks")


def test_match_progress_and_the_winners_circles() -> None:
    m = KnockMatch(kortspel.load("knock", seats=["Anna", "Bo"]), seed=9)
    m.play_bots([kortspel.bot_for("knock") for _ in range(2)])
    text = match_progress(m, viewer=m.winner)
    if m.winner is not None:
        assert text.startswith("You win the game with")
        assert f"circled {m.circles} time" in text
