"""Gnällknekt's notebooks and what they stand on: the lessons' answers worked out again here
from the engine, the strategy notebook's claims computed rather than typed, and the
simulations it runs (``kortspel.gnallknekt.simulate``).

Running the notebooks themselves is nbval's job (``make test-notebooks``); these tests read
the committed notebooks and call the engine, so they take a few seconds.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import kortspel
from kortspel.french import PACK
from kortspel.gnallknekt import DOUBLE_PACK, GnallknektHeuristic, GnallknektState, beats, simulate
from kortspel.gnallknekt.simulate import Attacker, Defender, JackThrower, JackWall, Job
from kortspel.widgets.games.gnallknekt_lessons import NEW_STOCK, ONE_AT_A_TIME, QUESTIONS

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks" / "gnallknekt"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


# ---------------------------------------------------------------------------------------------
# The rules notebook's game, dealt and played again here
# ---------------------------------------------------------------------------------------------

TOPS = {"a": ["9S", "4H", "AD"], "b": ["KS", "7C", "JD"], "c": ["QH", "AC", "5D"]}
STOCK = ["2C", "7H", "7D", "QS", "8S", "8C", "3H", "JC", "JH", "JS", "9D", "6C", "JC", "3D", "3S",
         "KD"]
TURNS = {  # the moves of the notebook's first turns, in order, each question's point marked
    "pile-full": ["a draw stock"] * 4 + ["a defend 7H,7D 0"],
    "two-of-clubs": [],
    "b-draws-from": ["a attack 2C hand c 1", "a discard QS"],
    "beat-the-pair": ["b draw stock"] * 4,
    "jacks-together": ["b attack 8S,8C hand a 0", "b defend JC 1", "b discard 3H"]
    + ["c draw stock"] * 4,
    "one-jack-of-two": ["c defend JH,JS 2", "c attack 9D hand a 0", "c discard 6C"]
    + ["a draw stock"] * 4,
}


def tutorial(upto: str) -> GnallknektState:
    """The rules notebook's three-seat game, played up to the question ``upto``: the piles
    show TOPS, the stock starts with STOCK, and the rest of the double pack, shuffled with
    seed 1, fills the face-down cards and the stock (as the notebook's ``deal`` does)."""
    rest = Counter(DOUBLE_PACK)
    rest.subtract([c for cards in TOPS.values() for c in cards] + STOCK)
    pool = sorted(rest.elements(), key=DOUBLE_PACK.index)
    random.Random(1).shuffle(pool)
    piles = {s: [[pool.pop(), pool.pop(), pool.pop(), top] for top in TOPS[s]] for s in TOPS}
    state = kortspel.load("gnallknekt", seats=3).new_hand(record={
        "game": "gnallknekt", "seats": list(TOPS), "dealer": "c", "piles": piles,
        "stock": STOCK + pool})
    for name, moves in TURNS.items():
        for move in moves:
            state.apply(move)
        if name == upto:
            return state
    raise KeyError(upto)


def legal(state: GnallknektState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def computer_game(seats: int, seed: int) -> tuple[GnallknektState, random.Random]:
    game = kortspel.load("gnallknekt", seats=seats).new_hand(seed=seed)
    return game, random.Random(seed)


def play_until(state: GnallknektState, players: list, rng: random.Random,
               done: Callable[[GnallknektState], bool]) -> GnallknektState:
    while not state.is_over and not done(state):
        kortspel.step(state, players, rng)
    return state


def heuristics(n: int) -> list:
    return [GnallknektHeuristic() for _ in range(n)]


def _draws_after_loss() -> str:
    """The draw at the next turn of the first seat to lose a pile, read off its turn event."""
    state, rng = computer_game(4, 3)
    play_until(state, heuristics(4), rng, lambda s: any(e.kind == "pile_gone" for e in s.events))
    loser = next(e.data[0] for e in state.events if e.kind == "pile_gone")
    seen = len(state.events)
    play_until(state, heuristics(4), rng, lambda s: any(
        e.kind == "turn" and e.data[0] == loser for e in s.events[seen:]))
    turn = next(e for e in state.events[seen:] if e.kind == "turn" and e.data[0] == loser)
    assert state.lives[loser] == 2
    return str(turn.data[1])


def _new_stock() -> str:
    state, rng = computer_game(4, 12)
    play_until(state, heuristics(4), rng, lambda s: s.to_act == kortspel.CHANCE)
    out, discard = list(state.out_cards), list(state.discard)
    kortspel.step(state, heuristics(4), rng)  # the chance turn: the stock is rebuilt
    if Counter(state.reshuffles[-1]) == Counter(out + discard[:-1]) and state.discard == \
            discard[-1:]:
        return NEW_STOCK
    return "the cards out of play and the whole discard pile"


def _whined() -> GnallknektState:
    """A three-seat game of defenders, played to its end: two whiners draw it."""
    for seed in range(1, 30):
        state, rng = computer_game(3, seed)
        play_until(state, [Defender() for _ in range(3)], rng, lambda s: False)
        if state.tie is not None:
            return state
    raise AssertionError("no game of three defenders was drawn")


def _turns_to_draw() -> str:
    """Counted turns from the turn after two were left to the draw."""
    kinds = [e for e in _whined().events]
    start = next(i for i, e in enumerate(kinds) if e.kind == "two_left")
    return str(sum(1 for e in kinds[start:] if e.kind == "turn"))


def _last_rounds_draw() -> str:
    """The draw of a last-rounds turn of a seat with one pile, its piles counted from the
    piles it had lost before that turn."""
    for seed in range(1, 40):
        state, rng = computer_game(3, seed)
        play_until(state, [Defender() for _ in range(3)], rng, lambda s: False)
        lost = Counter[int]()
        last_rounds = False
        for e in state.events:
            if e.kind == "pile_gone":
                lost[e.data[0]] += 1
            elif e.kind == "last_rounds":
                last_rounds = True
            elif e.kind == "turn" and last_rounds and lost[e.data[0]] == 2:
                return str(e.data[1])
    raise AssertionError("no last-rounds turn of a seat with one pile")


def _one_jack_of_two() -> str:
    state = tutorial("one-jack-of-two")
    state.apply("a attack JC hand c 2")
    up = state.up[2][2]
    return "the J♠ only" if up[-1] == "JH" else "both Jacks"


def _pair_on_single() -> str:
    state = tutorial("one-jack-of-two")
    before = Counter(state.out_cards)
    state.apply("a attack 3D,3S hand b 0")
    went = Counter(state.out_cards) - before
    return "the K♠ and both 3s" if went == Counter(["KS", "3D", "3S"]) else "the K♠ and one 3"


def _after_out() -> str:
    """Who acts first after a's first turn that ends once b is out, frame by frame."""
    frames = kortspel.frames(kortspel.example("knocked-out", "gnallknekt"))
    out = next(i for i, f in enumerate(frames) if f.out_order)
    for now in frames[out + 1:]:
        if now.actions[-1].seat == 0 and now.actions[-1].verb in ("discard", "end"):
            return now.game.names[now.to_act]
    raise AssertionError("a never ends a turn after b is out")


def _worked(name: str) -> list[GnallknektState]:
    return kortspel.frames(kortspel.example(name, "gnallknekt"))


def _discard_same_card() -> str:
    """b's turn in 'first-turn': the 3♣ comes off the discard pile and goes back on it."""
    frames = _worked("first-turn")
    took = next(f for f in frames if f.hands[1] and f.hands[1][0] == "3C")
    return "yes" if frames[-1].discard[-1] == "3C" and took.discard[-1:] != ["3C"] else "no"


def _two_jacks() -> str:
    frames = _worked("jacks-one-at-a-time")
    b_turn = next(f for f in frames if f.cur == 1 and f.stage == 1)
    pairs = [a for a in b_turn.legal_actions() if a.verb == "attack"
             and len(a.get("cards")) == 2]
    return "1" if any(set(a.get("cards")) == {"JS", "JH"} for a in pairs) else "2"


def _out_hand() -> str:
    frames = _worked("knocked-out")
    i = next(i for i, f in enumerate(frames) if f.out_order)
    held = frames[i - 1].hands[1]
    return ("they go out of play" if all(c in frames[i].out_cards for c in held)
            and frames[i].discard == frames[i - 1].discard else "they go on the discard pile")


def _top_discard_stays() -> str:
    frames = _worked("stock-rebuilt")
    i = next(i for i, f in enumerate(frames) if f.reshuffles)
    top = frames[i - 1].discard[-1]
    return "still on the discard pile" if frames[i].discard == [top] else "in the new stock"


def _short_draw() -> str:
    frames = _worked("the-cards-run-out")
    short = next(f for f in frames if any(e.kind == "short" for e in f.events))
    return ("the draw ends short, and the turn goes on" if short.stage == 1
            and short.tie is None else "the game is drawn")


ANSWERS: dict[str, Callable[[], str]] = {
    "ace-lies-low": lambda: "the 2♣" if beats(["2C"], ["AC"]) and not any(
        beats([c], ["AC"]) for c in ("KS", "QD")) else "none of them",
    "ace-attacks-high": lambda: "the A♣" if beats(["AC"], ["KC"]) and not any(
        beats([c], ["KC"]) for c in ("QC", "2C")) else "none of them",
    "stock-size": lambda: str(kortspel.load("gnallknekt", seats=5).new_hand(seed=9)
                              .observation(0).stock_count),
    "pile-full": lambda: "yes" if "a defend QS 0" in legal(tutorial("pile-full"))
    else "no: a pile holds at most three face-up cards",
    "two-of-clubs": lambda: "c's A♣" if [a for a in legal(tutorial("two-of-clubs"))
                                          if a.startswith("a attack 2C ")]
    == ["a attack 2C hand c 1"] else "none of them",
    "b-draws-from": lambda: "the stock or the discard pile, card by card"
    if legal(tutorial("b-draws-from")) == {"b draw stock", "b draw discard"}
    else "the stock only",
    "beat-the-pair": lambda: "the pair 8♠ 8♣" if "b attack 8S,8C hand a 0" in (
        on_a := legal(tutorial("beat-the-pair"))) and not on_a & {
        "b attack KS 0 a 0", "b attack 8S hand a 0", "b attack 3H hand a 0"} else "the 8♠",
    "jacks-together": lambda: ONE_AT_A_TIME if not any(
        "JH,JS" in a or "JS,JH" in a for a in legal(tutorial("jacks-together"))
        if " attack " in a) else "yes",
    "one-jack-of-two": _one_jack_of_two,
    "pair-on-single": _pair_on_single,
    "draws-after-loss": _draws_after_loss,
    "new-stock": _new_stock,
    "turns-to-draw": _turns_to_draw,
    "last-rounds-draw": _last_rounds_draw,
    "after-out": _after_out,
    "no-attacks": lambda: "it is drawn" if kortspel.replay(
        kortspel.example("endgame-draw", "gnallknekt")).tie is not None else "a wins",
    "discard-same-card": _discard_same_card,
    "which-pair": lambda: "the 9s" if beats(["9S", "9H"], ["7C", "7D"])
    and not beats(["6S", "6H"], ["7C", "7D"]) else "both",
    "two-jacks-two-moves": _two_jacks,
    "out-hand": _out_hand,
    "top-discard-stays": _top_discard_stays,
    "short-draw": _short_draw,
    "win-at-once": lambda: "no: the game ends at once" if (
        won := _worked("endgame-win")[-1]).is_over and won.moves == 1 else "yes",
    "lone-jack": lambda: "yes" if beats(["4H", "4C"], ["JS"], lone_jack=True)
    and not beats(["4H", "4C"], ["JS"]) else "no: only a Jack beats a Jack",
}
"""Each question's right answer, worked out here from the engine by another road than the
notebook's cell."""


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


def test_the_five_notebooks_exist_and_play_is_what_make_app_serves() -> None:
    assert [p.name for p in NOTEBOOKS] == ["01-rules.ipynb", "02-worked-examples.ipynb",
                                           "03-play.ipynb", "04-strategy.ipynb",
                                           "05-coach.ipynb"]
    play = [text(c) for c in cells(FOLDER / "03-play.ipynb") if c["cell_type"] == "code"]
    assert re.search(r'PlayApp\(game="gnallknekt"', play[0])  # make app GAME=gnallknekt


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


def test_every_question_comes_before_the_output_that_answers_it() -> None:
    """The cell just before a question shows no finished game, and no output of the very
    step the question asks about (the rules notebook asks first and shows after)."""
    for path in NOTEBOOKS:
        nb = cells(path)
        for i, cell in enumerate(nb):
            if cell["cell_type"] != "code" or "ask(" not in text(cell) or i == 0:
                continue
            before = nb[i - 1]
            if before["cell_type"] != "code":
                continue
            words = " ".join("".join(out.get("data", {}).get("text/plain", ""))
                             + "".join(out.get("text", "")) for out in before.get("outputs", []))
            assert "wins the game" not in words and "game is drawn" not in words, (
                f"{path.name}: {text(cell)[:50]!r} sits under a finished game")


def test_the_tutorial_game_is_the_notebooks() -> None:
    """The notebook deals and plays what ``tutorial`` replays here."""
    source = " ".join(text(c) for c in cells(FOLDER / "01-rules.ipynb")
                      if c["cell_type"] == "code")
    squashed = re.sub(r"\s+", "", source)
    assert re.sub(r"\s+", "", json.dumps(TOPS)[1:-1]) in squashed
    assert re.sub(r"\s+", "", json.dumps(STOCK)[1:-1]) in squashed
    for move in [m for moves in TURNS.values() for m in moves if "draw" not in m]:
        assert f'"{move}"' in source, move


def test_the_notebooks_link_the_rules_page_and_each_other() -> None:
    for path in NOTEBOOKS:
        prose = " ".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
        assert "../../docs/rules/gnallknekt.md" in prose
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
    assert len(charts) >= 5
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
    assert len(checked) >= 6
    assert all(source.startswith("# NBVAL_CHECK_OUTPUT") for source in checked)


def test_the_strategy_notebook_shows_progress_and_intervals() -> None:
    outputs = [out for c in _strategy() if c["cell_type"] == "code"
               for out in c.get("outputs", [])]
    bars = [out for out in outputs if "application/vnd.jupyter.widget-view+json" in
            out.get("data", {})]
    forecasts = [out for out in outputs if out.get("output_type") == "stream"
                 and re.search(r"games on \d cores?: about", "".join(out["text"]))]
    assert len(bars) >= 2 and len(forecasts) == len(bars)
    sources = " ".join(text(c) for c in _strategy() if c["cell_type"] == "code")
    assert "def wilson" in sources and "def mean_interval" in sources


# ---------------------------------------------------------------------------------------------
# kortspel.gnallknekt.simulate
# ---------------------------------------------------------------------------------------------


def _record_of(played: simulate.Played) -> tuple[int, int, str]:
    """The game number, the tested seat and the deal (every pile's cards) of a whole game."""
    if played.branch is not None:
        return (played.game, -1, played.branch)
    piles = played.state.record()["piles"]
    return (played.game, played.seat, json.dumps(piles, sort_keys=True))


def test_a_run_counts_the_same_on_one_core_or_two() -> None:
    players = [Defender(), GnallknektHeuristic(), kortspel.RandomBot()]
    branches = {"alike": (GnallknektHeuristic(), GnallknektHeuristic()),
                "you defend": (Defender(), GnallknektHeuristic())}
    jobs = {"endings": Job(players, 6, "same", simulate.ending, {}, branches),
            "deals": Job(players, 6, "same", _record_of)}
    seen: list[tuple[int, float, int]] = []

    def progress(total: int, seconds: float, cores: int) -> Callable[[int], None]:
        seen.append((total, seconds, cores))
        return lambda done: None

    one = simulate.run(jobs, workers=1, progress=progress)
    two = simulate.run(jobs, workers=2, progress=progress)
    assert one == two
    assert sum(one["deals"].values()) == 6
    # each game: the whole game, one alike endgame seen from both sides, and "you defend"
    # played with each of the last two as you
    assert sum(one["endings"].values()) == 6 * (1 + 2 + 2)
    assert [(total, cores) for total, _, cores in seen] == [(12, 1), (12, 2)]


def test_the_tested_player_moves_round_the_seats_and_the_deal_goes_round() -> None:
    kept = simulate.tally([Defender(), GnallknektHeuristic(), GnallknektHeuristic()], 9,
                          "round", _record_of, workers=1)
    seats = [seat for (game, seat, _deal) in sorted(kept)]
    assert seats == [0, 1, 2] * 3
    dealers = set()
    for (_game, _seat, deal) in kept:
        dealers.add(deal)
    assert len(dealers) == 9  # nine different deals


def test_one_seed_deals_the_same_games_whoever_is_tested() -> None:
    others = [GnallknektHeuristic(), GnallknektHeuristic()]
    deals = {name: {(g, d) for (g, _s, d) in simulate.tally([player, *others], 6, "pairs",
                                                             _record_of, workers=1)}
             for name, player in [("heuristic", GnallknektHeuristic()), ("defender", Defender()),
                                  ("thrower", JackThrower()), ("wall", JackWall()),
                                  ("attacker", Attacker())]}
    assert len(deals["heuristic"]) == 6
    assert all(found == deals["heuristic"] for found in deals.values())


def _start_of(played: simulate.Played) -> tuple[int, str | None, str, int]:
    return (played.game, played.branch, json.dumps(played.start.result(), sort_keys=True),
            played.seat)


def test_every_branch_starts_from_the_moment_two_are_left() -> None:
    players = [GnallknektHeuristic() for _ in range(3)]
    branches = {"defend": (Defender(), GnallknektHeuristic())}
    kept = simulate.tally(players, 4, "start", _start_of, workers=1)
    assert len(kept) == 4  # no branches: the whole games only
    both = simulate.run({0: Job(players, 4, "start", _start_of, {}, branches)}, workers=1)[0]
    tested = simulate.run({0: Job(players, 4, "start", _start_of, {}, branches, "tested")},
                          workers=1)[0]
    for game in range(4):
        starts = {start for (g, _b, start, _s) in both if g == game}
        assert len(starts) == 1  # the whole game and its branches share one start
        result = json.loads(starts.pop())
        assert sum(1 for n in result["lives"].values() if n) == 2
        assert result["phase"] == "two-left"
        yous = sorted(s for (g, b, _start, s) in both if g == game and b == "defend")
        assert yous == sorted(kortspel.load("gnallknekt", seats=3).names.index(n)
                              for n, lives in result["lives"].items() if lives)
        mine = [s for (g, b, _start, s) in tested if g == game and b == "defend"]
        assert mine in ([], [game % 3])  # only the tested seat, if it is one of the two


def test_an_ending_reads_the_game_as_its_result_says() -> None:
    state, rng = computer_game(3, 5)
    play_until(state, heuristics(3), rng, lambda s: s.phase_name != "normal")
    start = state.clone()
    play_until(state, heuristics(3), rng, lambda s: False)
    for seat in range(3):
        end = simulate.ending(simulate.Played(0, state, seat, None, start, seat))
        result = state.result()
        assert end.seat == "abc"[seat]
        if result["winner"] == end.seat:
            assert (end.outcome, end.place) == ("win", 1.0)
        elif end.seat in result["out"]:
            assert end.outcome == "out" and end.place == 3 - result["out"].index(end.seat)
        assert end.endgame == (start.lives[seat] > 0)
        assert end.turns == sum(1 for e in state.events if e.kind == "turn" and e.data[0] == seat)
        assert end.attacked == sum(1 for e in state.events if e.kind == "attack"
                                   and e.data[3] == seat)
        if end.endgame:
            other = next(s for s in start.seats_in if s != seat)
            assert end.lead[0] == start.lives[seat] - start.lives[other]


def _choice(player: object, state: GnallknektState) -> kortspel.Action:
    legal_now = state.legal_actions()
    return player.choose(state.observation(state.to_act, legal_now), legal_now,  # type: ignore
                         random.Random(0))


def test_the_defender_defends_while_it_can_and_the_attacker_attacks() -> None:
    state = tutorial("pile-full")  # a has defended once, and holds 2♣ and Q♠
    assert _choice(Defender(), state).verb == "defend"
    assert _choice(Attacker(), state).verb == "attack"
    full = tutorial("pile-full")
    full.apply("a defend QS 1")  # both moves made: only a discard is left
    assert _choice(Defender(), full).verb == "discard"


def test_the_jack_thrower_throws_jacks_and_the_wall_lays_them() -> None:
    state = tutorial("one-jack-of-two")  # a holds J♣ 3♦ 3♠ K♦
    wall = _choice(JackWall(), state)
    assert wall.verb == "defend" and wall.get("cards") == ("JC",)
    moves = []
    while state.to_act == 0:  # a's turn, played by the thrower
        moves.append(_choice(JackThrower(), state))
        state.apply(moves[-1])
    assert all("JC" not in m.get("cards") for m in moves if m.verb in ("attack", "defend"))
    assert moves[-1].verb == "discard" and moves[-1].get("card") == "JC"


def test_a_job_is_checked_before_anything_is_played() -> None:
    three = [GnallknektHeuristic()] * 3
    with pytest.raises(kortspel.KortspelError, match="whole number of games"):
        simulate.run({0: Job(three, 0, "s", simulate.ending)})
    with pytest.raises(kortspel.KortspelError):
        simulate.run({0: Job([GnallknektHeuristic()] * 6, 5, "s", simulate.ending)})
    with pytest.raises(kortspel.KortspelError):
        simulate.run({0: Job(three, 5, "s", simulate.ending, {"draw": "all"})})
    with pytest.raises(kortspel.KortspelError, match="pair of players"):
        simulate.run({0: Job(three, 5, "s", simulate.ending, {}, {"x": (Defender(),)})})
    with pytest.raises(kortspel.KortspelError, match="'both' or 'tested'"):
        simulate.run({0: Job(three, 5, "s", simulate.ending, {}, {}, "mine")})


def test_what_a_card_beats_is_counted_as_the_notebook_says() -> None:
    """The exact count behind the strategy notebook's first chart: a Jack beats every top
    card, a pair all but the Jacks, and no other single card a third of them."""
    def share(attack: list[str]) -> float:
        return sum(beats(attack, [top]) for top in PACK) / len(PACK)

    assert share(["JH"]) == 1
    assert share(["5S", "5H"]) == 48 / 52
    assert max(share([c]) for c in PACK if not c.startswith("J")) == 15 / 52  # an Ace
