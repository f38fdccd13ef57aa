"""The Köpknack notebooks say what the engine says.

* Every quiz of the lessons (``kortspel.widgets.games.kopknack_lessons``) is asked in a
  notebook, and the answer the notebook's own code computes is the one its explanation gives.
* The strategy notebook's figures are computed, not typed: every percentage or decimal in its
  prose is one of its outputs, every chart says its findings, and its claims are asserted.
* The simulations behind it (``kortspel.kopknack.simulate``) keep what they say they keep,
  count the same on one core or two, and the players they add behave as named.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import kortspel
from kortspel import play_hand
from kortspel.kopknack import KopknackHeuristic, simulate
from kortspel.kopknack.simulate import (
    HOLDINGS,
    Job,
    Keeper,
    Knocker,
    holding,
    seat_a,
    seats_of,
)
from kortspel.widgets.games import kopknack_lessons
from kortspel.widgets.games.kopknack_lessons import QUESTIONS

FOLDER = Path(__file__).resolve().parents[1] / "notebooks" / "kopknack"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def cells(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def test_the_five_notebooks_are_there() -> None:
    assert [p.name for p in NOTEBOOKS] == ["01-rules.ipynb", "02-worked-examples.ipynb",
                                           "03-play.ipynb", "04-strategy.ipynb",
                                           "05-coach.ipynb"]


# ---------------------------------------------------------------------------------------------
# The lessons
# ---------------------------------------------------------------------------------------------


def test_every_question_is_well_formed() -> None:
    for name, q in QUESTIONS.items():
        assert len(set(q.choices)) == len(q.choices) >= 2, name
        assert q.explain and q.text.endswith("?"), name
        assert set(q.why) <= set(q.choices), f"{name}: a reason for a choice it does not offer"


def test_every_question_is_asked_in_a_notebook() -> None:
    asked = {m for path in NOTEBOOKS for cell in cells(path) if cell["cell_type"] == "code"
             for m in re.findall(r'ask\("([\w-]+)"', source(cell))}
    assert asked == set(QUESTIONS)


@pytest.fixture(scope="module")
def answers() -> dict[str, str]:
    """Run the rules notebook's code in this process, with ``ask`` recording the answer each
    question gets from the engine (the tables are built but not shown)."""
    got: dict[str, str] = {}
    real = kopknack_lessons.ask

    def record(name: str, answer: Any) -> Any:
        got[name] = str(answer)
        return real(name, answer)

    kopknack_lessons.ask = record
    try:
        space: dict[str, Any] = {}
        for cell in cells(FOLDER / "01-rules.ipynb"):
            if cell["cell_type"] == "code":
                exec(compile(source(cell), "01-rules", "exec"), space)  # noqa: S102
    finally:
        kopknack_lessons.ask = real
    return got


def test_the_engine_answers_every_question_of_the_rules_notebook(answers: dict[str, str]
                                                                 ) -> None:
    assert set(answers) == set(QUESTIONS)
    for name, answer in answers.items():
        assert answer in QUESTIONS[name].choices, name


def test_each_explanation_gives_the_answer_the_engine_computed(answers: dict[str, str]) -> None:
    """The words were written by hand; the answer comes from the engine. They must agree:
    the explanation names the computed answer, and no wrong-answer note is attached to it."""
    for name, answer in answers.items():
        q = QUESTIONS[name]
        assert answer not in q.why, f"{name}: the engine's answer {answer!r} is called wrong"
        assert re.search(rf"(?<![\w♠♥♦♣]){re.escape(answer)}(?![\w♠♥♦♣])", q.explain), (
            f"{name}: the explanation does not name the engine's answer {answer!r}: "
            f"{q.explain!r}")


def test_a_question_the_engine_cannot_answer_is_refused() -> None:
    with pytest.raises(kortspel.KortspelError, match="not among its choices"):
        kopknack_lessons.ask("talon-six", 35)


# ---------------------------------------------------------------------------------------------
# The strategy notebook: figures computed, not typed
# ---------------------------------------------------------------------------------------------

STRATEGY = FOLDER / "04-strategy.ipynb"


def _outputs(path: Path) -> str:
    text = []
    for cell in cells(path):
        for out in cell.get("outputs", []):
            text.append("".join(out.get("text", "")))
            data = out.get("data", {})
            text.append("".join(data.get("text/plain", "")))
    return "\n".join(text)


def test_every_figure_in_the_strategy_prose_is_an_output() -> None:
    """A percentage or a decimal in the prose must be one the notebook printed (rounded as
    the prose rounds it), so no figure is typed in from a run long gone."""
    printed = [float(x) for x in re.findall(r"-?\d+\.\d+", _outputs(STRATEGY))]
    for cell in cells(STRATEGY):
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell)
        for pct in re.findall(r"(\d+)%", text):
            assert any(round(100 * x) == int(pct) for x in printed), (
                f"{pct}% in the prose is no output of the notebook: {text[:80]!r}")
        for dec in re.findall(r"(?<![\w.])(\d+\.\d+)(?![\w.])", text):
            places = len(dec.split(".")[1])
            assert any(round(x, places) == float(dec) for x in printed), (
                f"{dec} in the prose is no output of the notebook: {text[:80]!r}")


def test_every_chart_says_what_it_shows() -> None:
    for path in NOTEBOOKS:
        for cell in cells(path):
            code = source(cell)
            if cell["cell_type"] == "code" and "subplots(" in code:
                last = code.strip().splitlines()
                assert any(line.startswith("chart(") for line in last), code[:80]
                assert all("image/png" not in out.get("data", {})
                           for out in cell.get("outputs", [])), "a bare PNG has no alt text"


def test_the_strategy_claims_are_checked_in_the_notebook() -> None:
    """Each of the three questions ends in a cell that asserts its findings."""
    code = [source(c) for c in cells(STRATEGY) if c["cell_type"] == "code"]
    asserting = [c for c in code if re.search(r"^assert ", c, re.MULTILINE)]
    assert len(asserting) >= 3
    for claim in ("top trump", "no trump", "behind"):
        assert any(claim in c for c in asserting), claim


def test_the_strategy_runs_have_progress_bars_and_seeds() -> None:
    code = "\n".join(source(c) for c in cells(STRATEGY) if c["cell_type"] == "code")
    runs = re.findall(r"simulate\.(?:run|tally)\(", code)
    assert len(runs) >= 4
    assert code.count('progress=progress("') >= 3
    assert "{SEED}" in code


# ---------------------------------------------------------------------------------------------
# The simulations
# ---------------------------------------------------------------------------------------------


def test_the_holding_counts_trumps_still_in_play() -> None:
    """The turned card is out of play: with the ace turned, the king is the top trump."""
    assert holding(["KD", "4S", "9C"], "AD") == "top trump"
    assert holding(["AD", "4S", "9C"], "2D") == "top trump"
    assert holding(["QD", "2D", "9C"], "AD") == "second or third trump"
    assert holding(["JD", "2D", "9C"], "KD") == "second or third trump"
    assert holding(["JD", "2D", "9C"], "3D") == "a lower trump"
    assert holding(["AS", "AH", "AC"], "3D") == "no trump"
    assert set(HOLDINGS) == {holding(h, "9D") for h in (["AD"], ["QD"], ["2D"], ["AS"])}


def test_a_deal_kept_seat_by_seat_adds_up() -> None:
    """Each seat's net comes from the result: the payouts, less the penalties and the ante,
    are what the pot gave out less what it takes into the next deal."""
    game = kortspel.load("kopknack", seats=7)
    rng = random.Random(3)
    for i in range(60):
        deal = game.new_hand(rng=rng, dealer=i % 7, pot=3 * (i % 4))
        play_hand(deal, [KopknackHeuristic() for _ in range(7)], rng)
        kept = seats_of(deal)
        result = deal.result()
        assert sorted(s.position for s in kept) == list(range(1, 8))
        assert kept[deal.dealer].position == 7
        assert sum(s.net for s in kept) * deal.stake == pytest.approx(
            deal.carried - result["next_pot"])
        names = game.names
        for seat, s in zip(names, kept, strict=True):
            assert s.tricks == result["won"].get(seat, 0)
            assert s.swept == (result["swept_by"] == seat)
            assert s.knockers == sum(1 for b in deal.bids if b == "knock")


def test_the_top_trump_always_takes_a_trick_when_kept() -> None:
    """The claim the strategy notebook asserts, checked on deals where every seat knocks."""
    game = kortspel.load("kopknack", seats=8)
    rng = random.Random(5)
    seen = 0
    for i in range(60):
        deal = play_hand(game.new_hand(rng=rng, dealer=i % 8), [Knocker()] * 8, rng)
        for s in seats_of(deal):
            if s.holding == "top trump":
                seen += 1
                assert s.tricks >= 1
    assert seen > 10


def test_the_knocker_knocks_and_the_keeper_keeps() -> None:
    game = kortspel.load("kopknack", seats=6)
    rng = random.Random(2)
    for i in range(40):
        deal = play_hand(game.new_hand(rng=rng, dealer=i % 6),
                         [Keeper()] + [Knocker()] * 5, rng)
        assert all(bid == "knock" for bid in deal.bids)
        assert all(n == 0 for seat, n in deal.bought if seat == 0)
        assert seat_a(deal) == seats_of(deal)[0]


def test_a_run_counts_the_same_on_one_core_or_two() -> None:
    players = [KopknackHeuristic(), Knocker(), kortspel.RandomBot(), KopknackHeuristic()]
    jobs = {"deals": Job(players, 150, "same", seats_of, carried=2),
            "sessions": Job(players, 3, "same", seats_of, session="short",
                            rules={"penalty": "single"})}
    seen: list[tuple[int, int]] = []

    def progress(total: int, seconds: float, cores: int):
        seen.append((total, cores))
        assert seconds > 0
        return lambda done: None

    one = simulate.run(jobs, workers=1, progress=progress)
    two = simulate.run(jobs, workers=2, progress=progress)
    assert one == two
    assert sum(one["deals"].values()) == 150 * 4
    assert sum(one["sessions"].values()) == 3 * 4 * 4  # short: each of 4 seats deals once
    assert all(s.pot >= 3 for s in one["deals"])  # two stakes carried in, plus the ante
    assert seen == [(153, 1), (153, 2)]


def test_the_same_seed_deals_the_same_cards_to_other_players() -> None:
    """Question 2 of the strategy notebook compares a keeper with buyers on the same deals."""
    dealt = []
    for players in ([Knocker()] * 5, [Keeper()] + [Knocker()] * 4):
        dealt.append(Counter(simulate.tally(players, 40, "same cards",
                                            _dealt_to_a, workers=1)))
    assert dealt[0] == dealt[1]


def _dealt_to_a(deal: Any) -> tuple[str, ...]:
    return tuple(deal.dealt[0])


def test_a_bad_job_is_refused_with_words() -> None:
    with pytest.raises(kortspel.KortspelError, match="whole number of deals"):
        simulate.tally([Knocker()] * 3, 0, "none", seats_of)
    with pytest.raises(kortspel.KortspelError, match="carried"):
        simulate.tally([Knocker()] * 3, 10, "none", seats_of, carried=-1)
    cores: list[int] = []
    simulate.tally([Knocker()] * 3, 20, "here", lambda deal: deal.is_over,
                   progress=lambda total, s, c: cores.append(c) or (lambda d: None))
    assert cores == [1]  # a keep typed here cannot be sent to another process
