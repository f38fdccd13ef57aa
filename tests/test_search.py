"""The search core (``kortspel.search``): worlds a seat cannot tell from the real hand, at the
rates they should come, and an evaluator that finds what is certain, repeats itself for the
same generator, and leaves the state alone when stopped.

Small budgets throughout (a few dozen worlds): strength is measured by the ladder and the
slow tests, speed by ``python -m kortspel bench``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import kortspel
from kortspel import search
from kortspel.kille.cards import KINDS

CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 9: 27.88, 14: 36.12,
            19: 43.82, 20: 45.31}
"""The chi-square value a fit exceeds by chance once in a thousand, by degrees of freedom."""


def chi_square(counts: Counter[Any], expected: dict[Any, float]) -> float:
    n = sum(counts.values())
    assert set(counts) <= set(expected), f"landed where it cannot: {set(counts) - set(expected)}"
    return sum((counts[k] - n * p) ** 2 / (n * p) for k, p in expected.items())


def kille_record(deal: dict[str, str], actions: list[dict[str, str]],
                 seats: tuple[str, ...] = ("a", "b", "c")) -> dict[str, Any]:
    """A Kille hand with the given deal, the talon the rest of the pack in pack order."""
    rest = [k for k in KINDS for _ in range(2)]
    for card in deal.values():
        rest.remove(card)
    return {"game": "kille", "version": 1, "seats": list(seats), "dealer": seats[-1],
            "deal": deal, "talon": rest, "actions": actions}


def test_metric_words_for_every_game_with_a_search() -> None:
    assert search.metric_of("kille") == ("chance of losing a life this hand", "lower")
    assert search.metric_of("Kille") == search.metric_of("kille")


def test_at_the_start_an_unseen_card_is_anywhere_it_could_be() -> None:
    """Seat a, first to speak at three seats, has seen its own 4 only: b's card is any of
    the other 41 cards, each kind as often as it has copies left."""
    st = kortspel.replay(kille_record({"a": "4", "b": "9", "c": "6"}, []))
    rng = random.Random(7)
    counts = Counter(search.sample_world(st, 0, rng).card(1) for _ in range(3000))
    left = {k: (1 if k == "4" else 2) / 41 for k in KINDS}
    assert chi_square(counts, left) < CHI2_999[20]


def test_a_swap_that_went_through_tells_the_asked_card_was_no_matador() -> None:
    """a swapped with b and nothing refused: c knows b held no Kuku, Husar, Husu, Kavall or
    Värdshus, and no Harlekin (that would have gone across face up). a's card now is b's
    old one: a plain card, each as often as its copies c has not seen."""
    st = kortspel.replay(kille_record({"a": "4", "b": "9", "c": "6"}, [
        {"seat": "a", "do": "swap"}]))
    rng = random.Random(8)
    counts = Counter(search.sample_world(st, 2, rng).card(0) for _ in range(3000))
    plain = KINDS[:15]
    weight = {k: (1 if k == "6" else 2) for k in plain}
    total = sum(weight.values())
    assert chi_square(counts, {k: w / total for k, w in weight.items()}) < CHI2_999[14]


def test_worlds_agree_with_the_observation_at_every_step() -> None:
    g = kortspel.load("kille", seats=4)
    rng = random.Random(2)
    bots = [g.bot("heuristic") for _ in range(4)]
    for _ in range(6):
        st = g.new_hand(rng=rng)
        while not st.is_over:
            for seat in range(4):
                world = search.sample_world(st, seat, rng)
                assert search.same_view(world, st, seat)
                assert kortspel.replay(world.record()) == world
            kortspel.step(st, bots, rng)


def test_the_dealer_holding_the_lowest_card_swaps() -> None:
    """Both others stood; the dealer holds a Blaren, the lowest card: keeping it loses a
    life unless the other Blaren is out too, while the talon almost always gives better."""
    st = kortspel.replay(kille_record({"a": "7", "b": "9", "c": "Blaren"}, [
        {"seat": "a", "do": "stand"}, {"seat": "b", "do": "stand"}]))
    ev = search.evaluate(st, seconds=None, playouts=60, rng=random.Random(1))
    assert ev.seat == 2 and ev.better == "lower"
    assert ev.best.action.verb == "swap"
    stand = ev.of(st.game.action("c stand"))
    assert ev.best.high < stand.low  # certain, not a coin's toss
    assert {o.action for o in ev.options} == set(st.legal_actions())
    assert all(o.samples == 60 for o in ev.options)


class _Stands:
    """A player that always stands: the anchor of an expert below, wrong on purpose."""

    name = "stands"

    def choose(self, obs, legal, rng):
        return next(a for a in legal if a.verb == "stand")

    def interrupt(self, obs, legal, rng):
        return None


def test_an_anchored_expert_leaves_its_anchor_only_on_clear_evidence() -> None:
    """Anchored to a player that stands, the expert still swaps the lowest card once the
    worlds show it clearly (the paired difference's whole interval above zero); with fewer
    worlds than ``CLEAR_WORLDS`` it plays the anchor's choice, however the worlds fell."""
    st = kortspel.replay(kille_record({"a": "7", "b": "9", "c": "Blaren"}, [
        {"seat": "a", "do": "stand"}, {"seat": "b", "do": "stand"}]))
    stand = st.game.action("c stand")
    ev = search.evaluate(st, seconds=None, playouts=60, rng=random.Random(1), anchor=stand)
    edges = {e.action: e for e in ev.edges}
    assert set(edges) == set(st.legal_actions())
    assert edges[stand].mean == 0.0 and edges[stand].low == 0.0  # no gain over itself
    swap = ev.clearly_better()
    assert swap is not None and swap.action.verb == "swap" and swap.low > 0
    # the gain, world by world, is the difference of the two means (the same worlds)
    assert swap.mean == pytest.approx(ev.of(stand).value - ev.of(swap.action).value)
    before = st.clone()
    expert = search.ExpertBot("kille", playouts=60, anchor=_Stands())
    assert expert.decide(st, 2, random.Random(1)).verb == "swap"
    few = search.ExpertBot("kille", playouts=search.CLEAR_WORLDS - 1, anchor=_Stands())
    assert few.decide(st, 2, random.Random(1)) == stand
    assert st == before
    with pytest.raises(search.SearchError, match="anchor"):
        search.evaluate(st, seconds=None, playouts=5, anchor=st.game.action("a stand"))


def test_the_games_that_anchor_their_expert_anchor_it_to_their_heuristic() -> None:
    for name in ("knock", "gnallknekt"):
        bot = kortspel.bot_for(name, "expert", playouts=3)
        assert type(bot.anchor) is type(kortspel.bot_for(name, "heuristic")), name
    assert kortspel.bot_for("kille", "expert").anchor is None  # its search is ahead alone


def test_the_same_generator_and_budget_give_the_same_values() -> None:
    st = kortspel.load("kille", seats=5).new_hand(seed=4)
    one = search.evaluate(st, seconds=None, playouts=25, rng=random.Random(3))
    two = search.evaluate(st, seconds=None, playouts=25, rng=random.Random(3))
    assert one == two
    assert all(o.low <= o.value <= o.high for o in one.options)


def test_an_interrupted_search_leaves_the_state_as_it_was() -> None:
    st = kortspel.load("kille", seats=5).new_hand(seed=9)
    before, record = st.clone(), json.dumps(st.record())
    polls = 0

    def stop() -> bool:
        nonlocal polls
        polls += 1
        if polls > 5:
            raise KeyboardInterrupt
        return False

    with pytest.raises(KeyboardInterrupt):
        search.evaluate(st, seconds=10.0, rng=random.Random(1), stop=stop)
    assert st == before and json.dumps(st.record()) == record
    # stop() saying so ends the search at once, with what it has
    ev = search.evaluate(st, seconds=10.0, rng=random.Random(1), stop=lambda: True)
    assert all(o.samples == 0 for o in ev.options)


def test_the_search_refuses_what_it_cannot_do() -> None:
    st = kortspel.load("kille", seats=3).new_hand(seed=1)
    with pytest.raises(search.SearchError):
        search.evaluate(st, seconds=None, playouts=None)
    bots = [st.game.bot("random") for _ in range(3)]
    kortspel.play_hand(st, bots, random.Random(1))
    with pytest.raises(search.SearchError):
        search.evaluate(st, playouts=1)


def test_knock_an_opponents_card_is_any_card_the_seat_has_not_seen() -> None:
    """At the first turn seat a has seen its five cards and the upcard: each of b's cards
    is any of the other 46, equally often (suits counted, 46 cards spread over four)."""
    g = kortspel.load("knock", seats=3)
    st = g.new_hand(seed=5)
    while st.is_over:  # a zero hand at the deal ends the round at once
        st = g.new_hand(seed=st.record()["stock"][0])
    a = st.order[0]
    b = st.order[1]
    seen = set(st.hand(a)) | {st.record()["upcard"]}
    unseen = [c for c in kortspel.load("knock", seats=3).pack() if c not in seen]
    suits = Counter(c[-1] for c in unseen)
    rng = random.Random(4)
    counts: Counter[str] = Counter()
    for _ in range(600):
        world = search.sample_world(st, a, rng)
        counts.update(c[-1] for c in world.hand(b))
    assert chi_square(counts, {s: k / len(unseen) for s, k in suits.items()}) < CHI2_999[3]


def test_knock_worlds_keep_what_was_taken_from_the_pile() -> None:
    """A card b took from the discard pile is in b's hand in every world of a's."""
    g = kortspel.load("knock", seats=3)
    rng = random.Random(11)
    for _ in range(40):
        st = g.new_hand(rng=rng)
        if st.is_over:
            continue
        b = st.to_act
        took = st.game.action(f"{st.game.names[b]} draw discard")
        st.apply(took)
        card = st.record()["upcard"]
        other = next(s for s in st.order if s != b)
        for _ in range(20):
            assert card in search.sample_world(st, other, rng).hand(b)
        return
    pytest.fail("no round to test")


def test_kopknack_three_top_trumps_knock() -> None:
    """Holding the Ace, King and Queen of trumps wins every trick: knocking is best, and
    folding (nothing won, nothing lost) is worse by far."""
    g = kortspel.load("kopknack", seats=4)
    rng = random.Random(3)
    for _ in range(400):
        st = g.new_hand(rng=rng)
        me = st.to_act
        suit = st.trump_suit
        if sorted(st.hands[me]) == sorted(f"{r}{suit}" for r in "AKQ"):
            break
    else:
        # deal it: give the first seat to bid the three top trumps (the trump card is
        # another), swapping them in from wherever they were
        rec = st.record()
        suit = rec["trump"][-1]
        me_name = g.names[st.to_act]
        want = [f"{r}{suit}" for r in "AKQ"]
        if rec["trump"] in want:
            pytest.skip("the trump card is one of the three")
        places = [rec["deal"][n] for n in g.names] + [rec["talon"]]
        for c, slot in zip(want, range(3), strict=True):
            for cards in places:
                if c in cards:
                    i = cards.index(c)
                    cards[i] = rec["deal"][me_name][slot]
                    break
            rec["deal"][me_name][slot] = c
        st = kortspel.replay(rec)
        me = st.to_act
    ev = search.evaluate(st, seconds=None, playouts=40, rng=random.Random(2), paired=True)
    assert ev.best.action.verb == "knock" and ev.better == "higher"
    fold = next(o for o in ev.options if o.action.verb == "fold")
    # A fold costs the same in every world; 40 worlds alike still leave room for a rare one
    # unlike them (the rule of three), so the knock's lead is told world by world.
    assert fold.value <= 0 and ev.difference(ev.best.action, fold.action).low > 0


@pytest.mark.parametrize("name", [g for g in kortspel.games() if search.searchable(g)])
def test_every_game_stopped_mid_search_is_left_as_it_was(name: str) -> None:
    """An interrupt (KeyboardInterrupt from stop()) in any game leaves the state exactly as
    it was, and the values found before a stop() are of the legal actions only."""
    g = kortspel.load(name, seats=kortspel.spec(name).seats[0] + 1)
    rng = random.Random(6)
    st = g.new_hand(rng=rng)
    while st.is_over or st.to_act == kortspel.CHANCE or len(st.legal_actions()) < 2:
        st = g.new_hand(rng=rng) if st.is_over else st
        if not st.is_over:
            kortspel.step(st, [g.bot("random") for _ in g.names], rng)
    before, record = st.clone(), json.dumps(st.record())
    polls = 0

    def stop() -> bool:
        nonlocal polls
        polls += 1
        if polls > 3:
            raise KeyboardInterrupt
        return False

    with pytest.raises(KeyboardInterrupt):
        search.evaluate(st, seconds=30.0, rng=random.Random(1), stop=stop,
                        actions=st.legal_actions()[:2])
    assert st == before and json.dumps(st.record()) == record
    words, better = search.metric_of(name)
    assert better in ("lower", "higher") and words


def test_kopknack_unseen_cards_spread_over_the_other_hands_and_the_talon() -> None:
    """At the first bid the seat has seen its three cards and the trump card: the next
    seat's three are drawn from the other 48, suits as often as they are left."""
    g = kortspel.load("kopknack", seats=4)
    st = g.new_hand(seed=12)
    me = st.to_act
    other = (me + 1) % 4
    seen = set(st.hands[me]) | {st.trump}
    unseen = [c for c in g.pack() if c not in seen]
    suits = Counter(c[-1] for c in unseen)
    rng = random.Random(9)
    counts: Counter[str] = Counter()
    for _ in range(600):
        counts.update(c[-1] for c in search.sample_world(st, me, rng).hands[other])
    assert chi_square(counts, {s: k / len(unseen) for s, k in suits.items()}) < CHI2_999[3]


def test_gnallknekt_face_down_cards_are_any_the_seat_never_met() -> None:
    """At the first turn the seat has seen the nine face-up pile tops only: another seat's
    face-down places hold cards drawn from the rest of the double pack, suits as often as
    they are left (by name: a name seen pins both its copies, which stay where they lie)."""
    g = kortspel.load("gnallknekt", seats=3)
    st = g.new_hand(seed=2)
    me = st.to_act
    other = (me + 1) % 3
    hid = search.hooks("gnallknekt").hidden(st, me)
    suits = Counter(c[-1] for c in hid.cards)
    rng = random.Random(3)
    counts: Counter[str] = Counter()
    for _ in range(150):
        world = search.sample_world(st, me, rng)
        counts.update(world.down[s][i][j][-1] for kind, s, i, j in
                      (p for p in hid.places if p[0] == "pile") if s == other)
    assert chi_square(counts, {s: k / len(hid.cards) for s, k in suits.items()}) < CHI2_999[3]


# -- where the search finds a game's part: its spec -----------------------------------------


def test_a_game_registered_from_anywhere_is_searched_and_coached_by_what_its_spec_declares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """High card lives in the test suite and declares its part of the search as an object on
    its ``GameSpec`` (``worlds=``), not as a module found by name: the expert, the hint and the
    review all work there, and a spec that declares none has no expert and says so."""
    import dataclasses

    import highcard

    from kortspel import registry

    # the games registered here are forgotten after the test (other tests list the games)
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    spec = kortspel.register(highcard.SPEC)
    assert search.searchable("highcard") and search.hooks("High card") is spec.worlds
    table = kortspel.load("highcard", seats=3)
    st = table.new_hand(seed=4)
    world = search.sample_world(st, 0, random.Random(1))
    assert search.same_view(world, st, 0)
    expert = kortspel.bot_for("highcard", "expert", playouts=40)
    rng = random.Random(2)
    while not st.is_over:
        search.step(st, [expert] * 3, rng)
    assert st.is_over
    st = table.new_hand(seed=4)
    said = kortspel.hint(st, playouts=60, rng=random.Random(3), seconds=None)
    assert said.metric == "chance of winning the hand" and said.unit == "percent"
    assert {o.action.verb for o in said.options} == {"keep", "trade"} and said.words
    bare = dataclasses.replace(spec, name="highcard-bare", title="High card bare", aliases=(),
                               worlds=None)
    kortspel.register(bare)
    assert not search.searchable("highcard-bare")
    with pytest.raises(kortspel.KortspelError, match="no bot called 'smart'; the bots are: "
                       "random, heuristic$"):
        kortspel.bot_for("highcard-bare", "smart")
    with pytest.raises(search.SearchError, match="cannot think ahead"):
        kortspel.bot_for("highcard-bare", "expert")


def test_the_registry_knows_nothing_of_the_search() -> None:
    """``registry`` and ``search`` once imported each other (the search looked a game's part up
    in the registry's private table, the registry made the expert); now the registry imports
    no layer above it and ``bot_for`` lives above both (``kortspel.players``)."""
    import ast
    import pathlib

    source = pathlib.Path(kortspel.registry.__file__).read_text(encoding="utf-8")
    names = {n.module or "" for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.ImportFrom)}
    names |= {a.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)
              for a in n.names}
    assert not names & {"search", "coach", "players", "ladder"}
    assert kortspel.bot_for is kortspel.players.bot_for
    for tree_of in ("search", "coach"):
        text = pathlib.Path(getattr(kortspel, tree_of).__file__).read_text(encoding="utf-8")
        assert "_MODULES" not in text
