"""The expert player (``bot_for(game, "expert")``) and the ladder's command line: small
budgets only; the strength runs are ``@pytest.mark.slow`` (tests/test_strength.py) and the
ladder tables in docs/players.md."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import kortspel
from kortspel import ladder, search
from kortspel.search import ExpertBot

SEARCHED = [g for g in kortspel.games() if search.searchable(g)]


def test_every_game_of_the_project_has_an_expert() -> None:
    assert {"kille", "knock", "kopknack"} <= set(SEARCHED)


@pytest.mark.parametrize("name", SEARCHED)
def test_the_expert_plays_whole_hands_from_what_its_seat_saw(name: str) -> None:
    seats = kortspel.spec(name).seats[0] + 1
    g = kortspel.load(name, seats=seats)
    bots = [kortspel.bot_for(name, "expert", playouts=3) if s == 0 else g.bot("heuristic")
            for s in range(seats)]
    assert isinstance(bots[0], ExpertBot) and bots[0].label == "strong"
    st = search.play_hand(g.new_hand(seed=3), bots, random.Random(1))
    assert st.is_over
    assert kortspel.replay(st.record()) == st  # every action it took was legal


def test_the_expert_repeats_itself_for_the_same_generator() -> None:
    g = kortspel.load("kille", seats=4)
    one = search.play_hand(g.new_hand(seed=8), [kortspel.bot_for("kille", "expert",
                                                                 playouts=5)] * 4,
                           random.Random(2))
    two = search.play_hand(g.new_hand(seed=8), [kortspel.bot_for("kille", "expert",
                                                                 playouts=5)] * 4,
                           random.Random(2))
    assert one == two


def test_the_expert_needs_the_state_and_says_how() -> None:
    bot = kortspel.bot_for("kille", "expert")
    assert bot.seconds == 1.0
    st = kortspel.load("kille", seats=3).new_hand(seed=1)
    with pytest.raises(search.SearchError, match="search.step"):
        bot.choose(st.observation(st.to_act), st.legal_actions(), random.Random(1))
    with pytest.raises(kortspel.KortspelError, match="expert only"):
        kortspel.bot_for("kille", "heuristic", seconds=1)
    with pytest.raises(kortspel.KortspelError, match="expert"):
        kortspel.bot_for("kille", "grandmaster")


def test_the_ladder_rotates_seats_and_reports_every_level() -> None:
    rows = ladder.play("kille", 3, 6, 0.01)
    assert [r.level for r in rows] == list(ladder.LEVELS)
    assert all(r.seats == 6 for r in rows)  # 3 seats x 6 hands over 3 levels
    assert all(0.0 <= r.mean <= 1.0 for r in rows)
    text = ladder.table_text("kille", 3, 6, 0.01, rows)
    assert "chance of losing a life this hand" in text and "| expert |" in text


@pytest.mark.parametrize("name", ["knock", "gnallknekt"])
def test_a_duplicate_ladder_deals_every_level_the_same_cards_and_chance(name: str) -> None:
    """Two copies of the same deterministic heuristic, played duplicate: every deal falls to
    both alike (Gnällknekt's rebuilt stocks too), so they differ by exactly nothing, deal by
    deal. Played the plain way, the seats' luck shows."""
    def twin(level: str, seat: int) -> object:
        return kortspel.bot_for(name, "heuristic") if level == "twin" else None

    rows = {r.level: r for r in ladder.play(name, 3, 4, 0.01, levels=("heuristic", "twin"),
                                            make=twin, duplicate=True)}
    assert rows["twin"].vs_heuristic == 0.0 and rows["twin"].vs_half == 0.0
    assert rows["twin"].seats == rows["heuristic"].seats == 3 * 4  # each seat once a level
    plain = {r.level: r for r in ladder.play(name, 3, 4, 0.01, levels=("heuristic", "twin"),
                                             make=twin)}
    assert plain["twin"].vs_half > 0.0
    text = ladder.table_text(name, 3, 4, 0.01, list(rows.values()), duplicate=True)
    assert "4 deals, each played once per level" in text and "deal by deal" in text


@pytest.mark.parametrize("args,words", [
    (["nosuchgame"], "no game called"),
    (["kille", "--seats", "1"], "--seats"),
    (["kille", "--hands", "0"], "--hands"),
    (["kille", "--seconds", "nan"], "--seconds"),
    (["knock", "--seats", "8"], "2 to"),
])
def test_the_ladder_refuses_bad_arguments_in_one_line(args: list[str], words: str) -> None:
    out = subprocess.run([sys.executable, "-m", "kortspel", "ladder", *args],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr


def test_the_ladder_command_prints_its_table() -> None:
    out = subprocess.run([sys.executable, "-m", "kortspel", "ladder", "kille", "--seats", "2",
                          "--hands", "3", "--seconds", "0.01"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("| ") >= 3 and "Kille, 2 seats, 3 hands" in out.stdout
    out = subprocess.run([sys.executable, "-m", "kortspel", "ladder", "kille", "--seats", "2",
                          "--hands", "2", "--seconds", "0.01", "--duplicate"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "2 deals, each played once per level" in out.stdout


def _knock_on_a_low_hand():
    """A Knock decision, reached by heuristic play from seed 1, where the seat to act holds
    a hand worth 2 or less after the table's first turns and may knock."""
    from kortspel.knock.value import hand_value

    g = kortspel.load("knock", seats=3)
    bots = [g.bot("heuristic") for _ in range(3)]
    st, rng = g.new_hand(seed=1), random.Random(1)
    while not st.is_over:
        seat = st.to_act
        if len(st.actions) >= 9 and hand_value(st.hand(seat)) <= 2 and any(
                a.verb == "knock" for a in st.legal_actions(seat)):
            return st
        kortspel.step(st, bots, rng)
    raise AssertionError("seed 1 no longer reaches a knock on a low hand")


def test_the_knock_expert_and_coach_knock_on_a_low_hand() -> None:
    """By its own points alone a seat never gains by knocking (one more draw can only lower
    its hand), so an expert or a coach on that measure never knocked. Knock's one measure
    (``knock.worlds.value``) is its points less the others' average, as a match is won: the
    coach advises the knock here and the expert plays it."""
    st = _knock_on_a_low_hand()
    seat = st.to_act
    ev = search.evaluate(st, seconds=None, playouts=60, rng=random.Random(1))
    assert ev.best.action.verb == "knock", ev.options
    assert kortspel.hint(st, seconds=None, playouts=60, rng=random.Random(1)).best.action \
        == ev.best.action
    act = ExpertBot("knock", playouts=60).decide(st, seat, random.Random(1))
    assert act.verb == "knock", act
