"""Gnällknekt told to one reader: the second person for the reader's own seat, the third for
the others, the teacher (no reader) hearing everyone in the third person, and the grammar
right for every reader of every event of the worked games."""

from __future__ import annotations

import re

import pytest

import kortspel
from kortspel.gnallknekt import EVENT_KINDS
from kortspel.gnallknekt.telling import match_progress, review, story, tell

NAMES = ("a", "b", "c")


def events(name: str) -> list[kortspel.Event]:
    return kortspel.replay(kortspel.example(name, "gnallknekt")).events


def first(kind: str, name: str = "first-turn") -> kortspel.Event:
    return next(e for e in events(name) if e.kind == kind)


def test_an_attack_said_to_the_attacker_the_target_and_everyone_else() -> None:
    e = first("attack")  # a attacks b's second pile with the 2♠ and takes the A♠
    assert tell(e, NAMES, 0) == "You attack b's second pile with the 2♠ and take the A♠."
    assert tell(e, NAMES, 1) == "a attacks your second pile with the 2♠ and takes the A♠."
    assert tell(e, NAMES, 2) == "a attacks b's second pile with the 2♠ and takes the A♠."
    assert tell(e, NAMES, None) == e.text


def test_a_pile_turning_up_and_a_defence() -> None:
    turn_up = first("turn_up")
    assert tell(turn_up, NAMES, 1).startswith("Your second pile turns up")
    assert tell(turn_up, NAMES, 0).startswith("b's second pile turns up")
    defend = first("defend")
    assert tell(defend, NAMES, 0) == "You defend, laying the 5♦ on your first pile."
    assert tell(defend, NAMES, 2) == "a defends, laying the 5♦ on a's first pile."


def test_whose_turn_and_a_private_draw() -> None:
    turn = first("turn")
    assert tell(turn, NAMES, 0) == "Your turn: you draw 4 cards."
    assert tell(turn, NAMES, 1) == "a's turn: a draws 4 cards."
    drawn = first("drawn")
    assert tell(drawn, NAMES, 0) == "You draw an A♥."


def test_the_endgame_said_to_each_player() -> None:
    two = first("two_left", "endgame-draw")
    assert tell(two, NAMES, 0).startswith("Two players are left, you and b.")
    assert tell(two, NAMES, 2).startswith("Two players are left, a and b.")
    tie = first("tie", "endgame-draw")
    assert "you and a both still have piles" in tell(tie, NAMES, 1)
    win = first("win", "endgame-win")
    assert tell(win, NAMES, 0) == "You are the only player with piles left, and win the game."
    assert tell(win, NAMES, 1) == "a is the only player with piles left, and wins the game."
    out = first("out", "endgame-win")
    assert tell(out, NAMES, 2).startswith("You are out of the game. Your hand")


BAD_GRAMMAR = re.compile(r"\byou (attacks|draws|takes|defends|discards|wins|is|has|deals|"
                         r"holds|turns)\b|\bYou (attacks|draws|takes|defends|discards|wins|is|"
                         r"has|deals|holds)\b|\b[abc] (attack|draw|take|defend|discard|win|"
                         r"are|have|deal) ")


@pytest.mark.parametrize("name", sorted(kortspel.examples("gnallknekt")))
def test_every_event_of_every_worked_game_reads_right_for_every_reader(name: str) -> None:
    seen = set()
    names = tuple(kortspel.example(name, "gnallknekt")["seats"])
    for e in events(name):
        seen.add(e.kind)
        for viewer in (None, *range(len(names))):
            text = tell(e, names, viewer)
            assert text and text[0].isupper() or text[0] in "abcde", text
            assert not BAD_GRAMMAR.search(text), (viewer, text)
            assert text.endswith((".", "!", ")")), text
    assert seen <= set(EVENT_KINDS)


def test_a_seat_named_you_is_quoted_when_someone_else_reads() -> None:
    e = first("attack")
    names = ("you", "b", "c")
    assert tell(e, names, 1).startswith("“you” attacks your second pile")
    assert tell(e, names, None).startswith("You attack b's second pile")


def test_story_shows_a_reader_only_what_it_saw() -> None:
    st = kortspel.replay(kortspel.example("first-turn", "gnallknekt"))
    mine = story(st, 1)
    assert not [t for t in mine if t.startswith("a draws a")], "a's draws are a's secret"
    assert any(t.startswith("You take the 3♣ from the discard pile") for t in mine)
    assert len(story(st)) == len(st.events)


def test_review_of_a_finished_game_and_the_match_progress() -> None:
    st = kortspel.replay(kortspel.example("endgame-win", "gnallknekt"))
    lines = review(st, 0)
    assert lines[0] == "You win the game, the last with piles left."
    assert any(line.startswith("c:") and "out first of the game" in line for line in lines)
    assert any(line.startswith("b:") and "out second" in line for line in lines)
    drawn = review(kortspel.replay(kortspel.example("endgame-draw", "gnallknekt")), 1)
    assert drawn[0].startswith("The game is drawn: you and a still had piles")
    assert review(kortspel.replay(kortspel.example("first-turn", "gnallknekt"))) == []
    match = kortspel.load("gnallknekt", seats=3).match(seed=1, length="short")
    assert match_progress(match) == "Game 1 of 1."


def test_a_sentence_never_opens_with_a_figure():
    """"Two players are left, a and b. Five more rounds each…": counts a sentence may open
    with are written in words."""
    from kortspel.voice import counted

    assert counted(5, "more round") == "five more rounds"
    assert counted(1, "turn") == "one turn"
    assert counted(0, "card") == "no cards"
    assert counted(15, "card") == "15 cards"
    from kortspel.gnallknekt import telling

    for viewer in (None, 0, 1):
        lines = telling._two_left(telling.Voice(["a", "b", "c"], viewer), (0, 1, 10))
        assert lines[1].startswith("five more rounds each"), lines
