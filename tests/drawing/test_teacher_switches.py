"""The teacher's switches (issue 38, item 13): the Hint button, the coach's review after each
hand, the button "What might they hold?" and practice (Undo, Show every card), each off on its
own, or all at once for a test.

``Play`` takes them as keywords (``hints``, ``review``, ``beliefs``, ``practice``); ``PlayApp``,
the play page of ``make app`` and of the site, shows them as the Help row of checkboxes with a
**Test: no help** button, takes the same keywords, and starts from ``KORTSPEL_HELP`` (on or
off) for a keyword left out. A switch changed applies from the next New match, as the other
settings do; a refused value is answered in words that say what it may be.
"""

from __future__ import annotations

import pytest
from play_helpers import finish_hand

from kortspel import KortspelError
from kortspel.widgets import Play
from kortspel.widgets.setup_app import HELP_VARIABLE, PlayApp, help_from_environment

GAMES = ["kille", "knock", "kopknack", "gnallknekt"]
SEATS = {"kille": 4, "knock": 3, "kopknack": 4, "gnallknekt": 3}
HELP_ROW = ["Hint", "Review after each {hand}", "What might they hold?",
            "Undo and Show every card"]


@pytest.fixture(autouse=True)
def _no_help_variable(monkeypatch):
    """Every test starts from an environment without KORTSPEL_HELP (help on)."""
    monkeypatch.delenv(HELP_VARIABLE, raising=False)


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _coach_shown(play: Play) -> dict[str, bool]:
    """What of the coach and of practice a pupil sees on this table."""
    row = play.coach.widget.children[0]
    return {"hints": _shown(row) and _shown(play.coach.hint_button),
            "beliefs": _shown(row) and _shown(play.coach.believe),
            "undo": _shown(play.undo), "every card": _shown(play.teacher)}


def _a_hand_you_played_in(game: str, **switches) -> Play:
    """The first seed whose hand you make a decision in, played to its end."""
    for seed in range(1, 30):
        play = Play(game, seats=SEATS[game], seed=seed, pace=0, coach_playouts=4, **switches)
        finish_hand(play, pick=0)
        if any(a.seat == play._screen for a in play.hand.actions):
            return play
        play.close()
    raise AssertionError("no seed from 1 to 29 gives you a decision")


# ------------------------------------------------------------------------------------------
# Play: each switch on its own
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_each_of_plays_switches_leaves_out_only_its_own_button(game: str) -> None:
    cases = [
        ({}, {"hints": True, "beliefs": True, "undo": True, "every card": True}),
        ({"hints": False, "beliefs": True},
         {"hints": False, "beliefs": True, "undo": True, "every card": True}),
        ({"beliefs": False}, {"hints": True, "beliefs": False, "undo": True, "every card": True}),
        # hints=False alone leaves out both buttons, as it always has (beliefs follow hints)
        ({"hints": False}, {"hints": False, "beliefs": False, "undo": True, "every card": True}),
        ({"hints": False, "review": False, "beliefs": False, "practice": False},
         {"hints": False, "beliefs": False, "undo": False, "every card": False}),
    ]
    for switches, shown in cases:
        play = Play(game, seats=SEATS[game], seed=5, pace=0, auto=False, **switches)
        try:
            assert _coach_shown(play) == shown, switches
            assert play.coach.hints == shown["hints"]
            assert play.coach.beliefs == shown["beliefs"]
            if not shown["hints"]:
                assert play.coach.ask() is None
        finally:
            play.close()


def test_with_the_review_off_a_finished_hand_is_not_reviewed_and_the_rest_stays() -> None:
    play = _a_hand_you_played_in("kille", review=False)
    try:
        assert play.hand.is_over
        assert play.coach.reviewer is None and play.coach.result is None
        assert play.coach.review_words.value == "" and play.coach.progress.value == ""
        assert not _shown(play.coach.step_button)
        assert _coach_shown(play)["hints"]  # the Hint button is a switch of its own
        assert play.review.value  # the game's own lines on the hand are no coaching
    finally:
        play.close()
    play = _a_hand_you_played_in("kille")
    try:
        assert play.coach.result is not None
        assert "The coach's review" in play.coach.review_words.value
    finally:
        play.close()


def test_with_the_beliefs_off_nothing_is_guessed_even_if_the_toggle_is_set() -> None:
    play = Play("kille", seats=4, seed=5, pace=0, beliefs=False, coach_playouts=4)
    try:
        play.coach.believe.value = True  # hidden: only code reaches it
        assert play.coach.belief_words.value == ""
        assert not any(n.startswith("might hold") for s in play.table.model().seats
                       for n in s.notes)
    finally:
        play.close()


@pytest.mark.parametrize("name", ["hints", "review", "beliefs"])
def test_play_refuses_a_switch_that_is_not_true_or_false_and_says_what_it_does(name) -> None:
    with pytest.raises(KortspelError, match=rf"{name} is True or False, not 'no': {name}=False "
                                            r"leaves out .* \(for a test\)"):
        Play("kille", seats=4, pace=0, **{name: "no"})


# ------------------------------------------------------------------------------------------
# PlayApp: the Help row
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_play_page_has_the_help_row_in_the_games_words(game: str) -> None:
    app = PlayApp(game=game, seats=SEATS[game], pace=0, seed=3)
    try:
        hand, whole = app.spec.hand_word, app.spec.match_word
        assert [b.description for b in app.switches.values()] == [
            w.format(hand=hand) for w in HELP_ROW]
        assert all(b.value and _shown(b) for b in app.switches.values())
        assert app.no_help.description == "Test: no help"
        assert app.help_row in app.controls.children
        # When a switch takes effect is said on the row and in every tooltip.
        assert f"(from the next New {whole})" in app.help_row.children[0].value
        for box in app.switches.values():
            assert box.tooltip.endswith(f"Applies from the next New {whole}.")
        assert app.no_help.tooltip.endswith(f"Applies from the next New {whole}.")
        assert _coach_shown(app.play) == {"hints": True, "beliefs": True, "undo": True,
                                          "every card": True}
        assert "help" not in app.said  # all help on: nothing to say
    finally:
        app.close()


def test_test_no_help_turns_every_switch_off_from_the_next_new_match() -> None:
    app = PlayApp(seats=4, pace=0, seed=3)
    try:
        before = app.play
        app.no_help.click()
        assert app.chosen_help() == dict.fromkeys(("hints", "review", "beliefs", "practice"),
                                                  False)
        assert app.no_help.description == "All help on"
        # The match on the table keeps the help it was dealt with ...
        assert app.play is before and _coach_shown(before)["hints"]
        app.new_game.click()  # nothing played yet: deals at once
        play = app.play
        assert play is not before and before._closed
        # ... and the next has none of it.
        assert _coach_shown(play) == {"hints": False, "beliefs": False, "undo": False,
                                      "every card": False}
        assert not play.coach.reviews and not play.practice
        assert app.help_used == app.chosen_help()
        assert ("A test: no help (no Hint, no review, no “What might they hold?”, no Undo or "
                "Show every card).") in app.said
        # One switch back on: only it, and the line says what is still off.
        app.switches["hints"].value = True
        assert app.no_help.description == "Test: no help"
        app.start()
        assert _coach_shown(app.play) == {"hints": True, "beliefs": False, "undo": False,
                                          "every card": False}
        assert "Less help: no review, no “What might they hold?”, no Undo or Show every " \
               "card." in app.said
        # All help on: one click again.
        app.no_help.click()
        app.no_help.click()
        assert app.no_help.description == "Test: no help" and all(app.chosen_help().values())
        app.start()
        assert all(_coach_shown(app.play).values()) and app.play.coach.reviews
    finally:
        app.close()


def test_the_keywords_set_the_switches_in_a_page_without_a_url() -> None:
    app = PlayApp(game="knock", seats=3, pace=0, seed=3, hints=False, review=False,
                  beliefs=False, practice=False)
    try:
        assert not any(app.chosen_help().values())
        assert app.no_help.description == "All help on"
        assert _coach_shown(app.play) == {"hints": False, "beliefs": False, "undo": False,
                                          "every card": False}
        assert "A test: no help" in app.said
    finally:
        app.close()
    app = PlayApp(game="knock", seats=3, pace=0, seed=3, review=False)
    try:
        assert app.chosen_help() == {"hints": True, "review": False, "beliefs": True,
                                     "practice": True}
        assert not app.play.coach.reviews and app.play.coach.hints
        assert "Less help: no review." in app.said
    finally:
        app.close()


# ------------------------------------------------------------------------------------------
# KORTSPEL_HELP: how `make app GAME=kille KORTSPEL_HELP=off` starts a page for a test
# ------------------------------------------------------------------------------------------


def test_kortspel_help_off_starts_the_page_with_no_help_and_a_keyword_wins(monkeypatch):
    monkeypatch.setenv(HELP_VARIABLE, "off")
    app = PlayApp(seats=4, pace=0, seed=3)
    try:
        assert not any(app.chosen_help().values()) and "A test: no help" in app.said
        assert not _coach_shown(app.play)["hints"]
    finally:
        app.close()
    app = PlayApp(seats=4, pace=0, seed=3, hints=True)
    try:
        assert app.chosen_help() == {"hints": True, "review": False, "beliefs": False,
                                     "practice": False}
    finally:
        app.close()


@pytest.mark.parametrize(("value", "on"), [("", True), ("on", True), (" On ", True),
                                           ("off", False), ("OFF", False)])
def test_kortspel_help_reads_on_and_off(value: str, on: bool) -> None:
    assert help_from_environment({HELP_VARIABLE: value}) is on
    assert help_from_environment({}) is True


def test_a_wrong_kortspel_help_is_refused_in_words_that_say_how(monkeypatch, capsys) -> None:
    with pytest.raises(KortspelError, match=r"KORTSPEL_HELP is on \(every help, as when it is "
                                            r"not set\) or off \(a test: no Hint.*not 'of'; "
                                            r"for a test page, make app GAME=kille "
                                            r"KORTSPEL_HELP=off"):
        help_from_environment({HELP_VARIABLE: "of"})
    monkeypatch.setenv(HELP_VARIABLE, "of")
    app = PlayApp(seats=4, pace=0)  # no exception: the page says it
    try:
        assert app.play is None
        assert app.said.startswith("Cannot deal: KORTSPEL_HELP is on")
        assert 'role="alert"' in app.message.value
    finally:
        app.close()
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    # Every switch given: the variable is not read, and a wrong one does not matter.
    app = PlayApp(seats=4, pace=0, hints=True, review=True, beliefs=True, practice=True)
    try:
        assert app.play is not None
    finally:
        app.close()


@pytest.mark.parametrize(("name", "what"), [
    ("hints", "the Hint button"), ("review", "the coach's review after each round"),
    ("beliefs", "the button “What might they hold?”"), ("practice", "↶ Undo and Show every card")])
def test_play_app_refuses_a_switch_that_is_not_true_or_false_in_words(name, what) -> None:
    app = PlayApp(game="knock", seats=3, pace=0, **{name: "yes"})
    try:
        assert app.play is None
        assert (f"Cannot deal: {name} is True (show {what}) or False (leave it out, for a "
                f"test), not 'yes'.") in app.said
    finally:
        app.close()
