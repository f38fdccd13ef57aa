"""Swedish Knock's notebooks and what they stand on: the lessons' answers worked out again here
from the engine, the strategy notebook's claims computed rather than typed, and the
simulations it runs (``kortspel.knock.simulate``).

Running the notebooks themselves is nbval's job (``make test-notebooks``); these tests read
the committed notebooks and call the engine, so they take a few seconds.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import kortspel
from kortspel.knock import KnockHeuristic, hand_value, play_order, simulate
from kortspel.widgets.games.knock_lessons import NOBODY, QUESTIONS

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks" / "knock"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
PACK = kortspel.load("knock").pack()


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def deal(hands: dict[str, list[str]], upcard: str, stock: list[str], *moves: str,
         seats: list[str] | None = None, dealer: str | None = None, **carried: object
         ) -> kortspel.knock.KnockState:
    """A round on exactly these cards (the rest of the pack fills the stock in pack order),
    with ``moves`` played; the last seat still in deals unless ``dealer`` says."""
    names = seats or list(hands)
    used = {c for cards in hands.values() for c in cards} | {upcard, *stock}
    out = carried.get("out", [])
    record = {"game": "knock", "seats": names,
              "dealer": dealer or [s for s in names if s not in out][-1],  # type: ignore
              "deal": hands, "upcard": upcard,
              "stock": stock + [c for c in PACK if c not in used], **carried}
    state = kortspel.load("knock", seats=len(names)).new_hand(record=record)
    for move in moves:
        state.apply(move)
    return state


def _late_round() -> kortspel.knock.KnockState:
    return deal({"a": ["10S", "4C", "4D", "4H", "QS"], "b": ["3S", "7C", "7D", "7H", "2C"],
                 "c": ["AC", "6C", "6D", "6H", "KS"]}, "8H", ["9D", "6S", "5D"],
                "a draw stock", "a discard QS", "b knock", "c draw stock", "c discard KS",
                "a draw stock", "a discard 10S", scores={"a": 95, "b": 40, "c": 99})


def _circles() -> str:
    late = _late_round().result()
    final = deal({"b": ["AS", "9C", "9D", "9H", "AD"], "c": ["KC", "QD", "JH", "10S", "8S"]},
                 "7H", ["3C"], "b knock", "c draw stock", "c discard KC",
                 seats=["a", "b", "c"], dealer=late["next_dealer"], scores=late["scores"],
                 skunks=late["skunks"], out=late["out"], stars=late["stars"])
    return str(final.result()["circles"])


KNOCK_ROUND = ({"a": ["AS", "5H", "3C", "3D", "3H"], "b": ["4S", "4H", "4D", "KC", "5C"],
                "c": ["QH", "QD", "7S", "8S", "10C"]}, "9H", ["AD", "9S", "6C"])
LAST_TURNS = ("a knock", "b draw stock", "b discard KC", "c draw stock", "c discard 9S")

ANSWERS: dict[str, Callable[[], str]] = {
    "loose-hand": lambda: str(hand_value(["AS", "5H", "9C", "JD", "KS"])),
    "two-in-a-set": lambda: str(hand_value(["9S", "9H", "2C", "4D", "QS"])),
    "two-twos": lambda: str(hand_value(["2S", "2H", "8C", "8D", "KD"])),
    "first-to-play": lambda: "abc"[play_order(dealer=1, seats=3)[0]],
    "last-turns": lambda: str(sum(1 for a in deal(*KNOCK_ROUND, *LAST_TURNS).actions
                                  if a.verb == "draw")),
    "tie-holds": lambda: "yes" if deal(*KNOCK_ROUND, *LAST_TURNS).result()["valid_knock"]
    else "no: a gets a star",
    "tie-deals": lambda: deal(*KNOCK_ROUND, *LAST_TURNS).result()["next_dealer"],
    "zero-ends": lambda: NOBODY if deal(
        {"a": ["AS", "4H", "5C", "5D", "5H"], "b": ["7C", "7D", "7H", "2S", "KS"],
         "c": ["QH", "QD", "9S", "8S", "10C"]}, "6H", ["7S", "3C"],
        "a knock", "b draw stock", "b discard KS").is_over else "c",
    "stock-size": lambda: str(52 - 5 * 5 - 1),
    "third-star": lambda: str(deal(
        {"a": ["AS", "4H", "QC", "QD", "QH"], "b": ["3S", "KC", "KD", "KH", "2D"],
         "c": ["JH", "JD", "9S", "8S", "10C"]}, "6H", ["9C", "8D"],
        "a knock", "b draw stock", "b discard 9C", "c draw stock", "c discard 8D",
        stars={"a": 2}).result()["round_scores"]["a"]),
    "who-is-out": lambda: " and ".join(_late_round().result()["out"]) or "nobody",
    "circles": _circles,
    "face-total-deals": lambda: kortspel.replay(
        kortspel.example("tie-for-next-dealer", "knock")).result()["next_dealer"],
    "zero-beats-knock": lambda: "yes" if kortspel.replay(
        kortspel.example("zero-in-the-last-turns", "knock")).result()["valid_knock"]
    else "no: a gets a star",
}
"""Each question's right answer, worked out here from the engine on the notebook's cards."""


def asked() -> dict[str, list[tuple[Path, dict]]]:
    """Question name -> the notebook cells that ask it."""
    found: dict[str, list[tuple[Path, dict]]] = {}
    for path in NOTEBOOKS:
        for cell in cells(path):
            if cell["cell_type"] == "code":
                for name in re.findall(r'\bask\(\s*"([^"]+)"', text(cell)):
                    found.setdefault(name, []).append((path, cell))
    return found


# ---------------------------------------------------------------------------------------------
# The lessons
# ---------------------------------------------------------------------------------------------


def test_the_four_notebooks_exist_and_play_is_what_make_app_serves() -> None:
    assert [p.name for p in NOTEBOOKS] == ["01-rules.ipynb", "02-worked-examples.ipynb",
                                           "03-play.ipynb", "04-strategy.ipynb",
                                           "05-coach.ipynb"]
    play = [text(c) for c in cells(FOLDER / "03-play.ipynb") if c["cell_type"] == "code"]
    assert re.search(r'PlayApp\(game="knock"', play[0])  # make app GAME=knock serves this


def test_every_question_is_asked_exactly_once_and_every_ask_names_one() -> None:
    found = asked()
    assert sorted(found) == sorted(QUESTIONS)
    assert all(len(where) == 1 for where in found.values()), {
        name: [p.name for p, _ in where] for name, where in found.items() if len(where) > 1}


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_the_right_answer_is_the_engines_and_the_notebook_shows_it(name: str) -> None:
    question = QUESTIONS[name]
    answer = ANSWERS[name]()
    assert answer in question.choices
    assert answer not in question.why, "a reason why the right answer is wrong"
    assert set(question.why) <= set(question.choices)
    (_path, cell), = asked()[name]
    shown = [html.unescape("".join(out.get("data", {}).get("text/html", "")))
             for out in cell.get("outputs", [])]
    assert any(f"<summary>Answer</summary>{answer}. " in s for s in shown), (
        f"the committed notebook shows another answer to {name!r} than {answer!r}: run it again")


def test_every_question_comes_before_a_table_not_after_one_that_answers_it() -> None:
    """The cell just before a question never shows a table of the very round it asks about
    as already decided: the rules notebook asks first and shows after."""
    for path in NOTEBOOKS:
        nb = cells(path)
        for i, cell in enumerate(nb):
            if cell["cell_type"] != "code" or "ask(" not in text(cell) or i == 0:
                continue
            before = nb[i - 1]
            if before["cell_type"] != "code":
                continue
            words = " ".join("".join(out.get("data", {}).get("text/plain", ""))
                             for out in before.get("outputs", []))
            assert "The round is over" not in words and "knock holds" not in words, (
                f"{path.name}: {text(cell)[:50]!r} sits under a finished round")


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub and JupyterLab make it: lower case, punctuation dropped,
    spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_notebooks_link_the_rules_page_and_each_other() -> None:
    rules = ROOT / "docs" / "rules" / "knock.md"
    anchors = {_slug(line.lstrip("#")) for line in rules.read_text(encoding="utf-8").splitlines()
               if line.startswith("#")}
    for path in NOTEBOOKS:
        prose = " ".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
        assert "../../docs/rules/knock.md" in prose
        for anchor in re.findall(r"\(\.\./\.\./docs/rules/knock\.md#([^)]+)\)", prose):
            assert anchor in anchors, f"{path.name} links a section the rules page lacks: {anchor}"
        for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", prose):
            assert (path.parent / target).exists(), f"{path.name} links {target}"


# ---------------------------------------------------------------------------------------------
# The strategy notebook: every claim computed
# ---------------------------------------------------------------------------------------------


def _strategy() -> list[dict]:
    return cells(FOLDER / "04-strategy.ipynb")


def test_every_chart_says_what_it_shows_from_its_numbers() -> None:
    charts = [text(c) for c in _strategy() if c["cell_type"] == "code" and "subplots(" in
              text(c)]
    assert len(charts) >= 4
    for source in charts:
        call = source[source.rindex("chart(fig,"):]
        assert re.search(r'f"[^"]*\{', call), (
            f"a chart whose words are typed, not computed: {call[:80]!r}")


def test_no_simulated_figure_is_typed_into_the_prose() -> None:
    """Rates and means come from cells: the prose holds no decimal number and no percentage
    (but the intervals' level, 95%, and code such as `z = 1.96`)."""
    for cell in _strategy():
        if cell["cell_type"] == "markdown":
            prose = re.sub(r"`[^`]*`", "", text(cell)).replace("95%", "")  # code says itself
            assert not re.search(r"\d\.\d|\d\s?%", prose), prose[:120]


def test_each_claim_is_checked_by_an_assert_in_a_cell_nbval_compares() -> None:
    checked = [text(c) for c in _strategy()
               if c["cell_type"] == "code" and re.search(r"^assert ", text(c), re.MULTILINE)]
    assert len(checked) >= 4
    assert all(source.startswith("# NBVAL_CHECK_OUTPUT") for source in checked)


def test_the_strategy_notebook_shows_progress_and_intervals() -> None:
    outputs = [out for c in _strategy() if c["cell_type"] == "code"
               for out in c.get("outputs", [])]
    bars = [out for out in outputs if "application/vnd.jupyter.widget-view+json" in
            out.get("data", {})]
    forecasts = [out for out in outputs if out.get("output_type") == "stream"
                 and re.search(r"rounds on \d cores?: about", "".join(out["text"]))]
    assert len(bars) >= 3 and len(forecasts) == len(bars)
    sources = " ".join(text(c) for c in _strategy() if c["cell_type"] == "code")
    assert "def wilson" in sources and "def mean_interval" in sources


# ---------------------------------------------------------------------------------------------
# kortspel.knock.simulate
# ---------------------------------------------------------------------------------------------


def test_a_run_counts_the_same_on_one_core_or_two() -> None:
    players = [KnockHeuristic(), kortspel.RandomBot(), KnockHeuristic()]
    jobs = {"ends": simulate.Job(players, 60, "same", simulate.ends),
            "rounds": simulate.Job(players, 60, "same", simulate.round_of)}
    seen: list[tuple[int, float, int]] = []

    def progress(total: int, seconds: float, cores: int) -> Callable[[int], None]:
        seen.append((total, seconds, cores))
        return lambda done: None

    one = simulate.run(jobs, workers=1, progress=progress)
    two = simulate.run(jobs, workers=2, progress=progress)
    assert one == two
    assert sum(one["ends"].values()) == 60 * 3 and sum(one["rounds"].values()) == 60
    assert [(total, cores) for total, _, cores in seen] == [(120, 1), (120, 2)]


def test_runs_with_one_seed_deal_the_same_rounds_whoever_sits_in_seat_a() -> None:
    others = [KnockHeuristic(), KnockHeuristic()]
    lines = {name: {line for line, _ in simulate.tally([player, *others], 30, "pairs",
                                                         simulate.round_of, workers=1)}
             for name, player in [("heuristic", KnockHeuristic()),
                                  ("never", simulate.KnockAt(-1)),
                                  ("stock", simulate.StockOnly()),
                                  ("pile", simulate.PileWhenLower())]}
    assert len(lines["heuristic"]) == 30
    assert all(found == lines["heuristic"] for found in lines.values())


def test_an_end_reads_the_round_as_its_result_says() -> None:
    state = kortspel.replay(kortspel.example("invalid-knock-star", "knock"))
    ends = simulate.ends(state)
    result = state.result()
    assert [e.value for e in ends] == [result["values"][n] for n in "abcd"]
    assert [e.position for e in ends] == [1, 2, 3, 4]  # d deals: a plays first
    a = ends[0]
    assert a.knocked and a.star and a.turns == 0 and a.twos == 1 and a.beaten
    assert [e.beaten for e in ends[1:]] == [True, True, False]
    assert {e.ended_by for e in ends} == {"knock"}


def _first_turn(player: object, hands: dict[str, list[str]], upcard: str
                ) -> kortspel.Action:
    state = deal(hands, upcard, [])
    legal = state.legal_actions()
    return player.choose(state.observation(state.to_act, legal), legal,  # type: ignore
                         random.Random(0))


HANDS = {"a": ["AS", "4H", "QC", "QD", "QH"], "b": ["3S", "KC", "KD", "9H", "2D"],
         "c": ["JH", "JD", "9S", "8S", "10C"]}


def test_knock_at_knocks_exactly_when_the_hand_is_worth_that_or_less() -> None:
    assert hand_value(HANDS["a"]) == 5
    assert _first_turn(simulate.KnockAt(5), HANDS, "7H").verb == "knock"
    assert _first_turn(simulate.KnockAt(4), HANDS, "7H").verb == "draw"
    assert _first_turn(simulate.KnockAt(-1), HANDS, "7H").verb == "draw"


def test_stock_only_never_takes_the_pile_and_pile_when_lower_takes_what_helps() -> None:
    high = HANDS | {"a": ["AS", "4H", "QC", "9D", "KH"]}  # worth 39
    helps = "AH"  # kept in place of the K♥: 27
    assert _first_turn(simulate.StockOnly(), high, helps).get("from") == "stock"
    action = _first_turn(simulate.PileWhenLower(), high, helps)
    assert action.verb == "draw" and action.get("from") == "discard"
    useless = _first_turn(simulate.PileWhenLower(), high, "KS")  # in place of the K♥: 39
    assert useless.get("from") == "stock"


def test_a_job_is_checked_before_anything_is_played() -> None:
    with pytest.raises(kortspel.KortspelError, match="whole number of rounds"):
        simulate.run({0: simulate.Job([KnockHeuristic()] * 2, 0, "s", simulate.ends)})
    with pytest.raises(kortspel.KortspelError):
        simulate.run({0: simulate.Job([KnockHeuristic()] * 6, 5, "s", simulate.ends)})
    with pytest.raises(kortspel.KortspelError):
        simulate.run({0: simulate.Job([KnockHeuristic()] * 2, 5, "s", simulate.ends,
                                      {"unused_two": 1})})
