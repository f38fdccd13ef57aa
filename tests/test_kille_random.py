"""Random play over 2-8 seats and every rules option, checking the engine's invariants at every
step: the 42 cards conserved, clones equal and independent, records that replay to the same
state and survive JSON, illegal actions that raise and change nothing, and observations that
never show a seat a card it has no way to know.

The default run plays about 9,000 hands, 5,600 of them checked at every step (about 15 s on
two cores). ``KORTSPEL_SLOW=1 pytest -m slow tests/test_kille_random.py`` checks 25,200 more
(about two minutes).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

import kortspel
from kortspel import HandOverError, IllegalActionError, KortspelError, RandomBot
from kortspel.core import step
from kortspel.kille import HARLEKIN, KINDS, KilleHeuristic, KilleState

OPTIONS = [
    {"dealt_harlekin": dh, "kuku_call": kc}
    for dh in ("high", "low") for kc in ("anytime", "asked")
]
OPTION_IDS = [f"{o['dealt_harlekin']}-{o['kuku_call']}" for o in OPTIONS]
PLAIN = 15  # kinds below this (Blaren .. 12) do nothing but rank
SLOW = bool(os.environ.get("KORTSPEL_SLOW"))


def make_bots(rng: random.Random, seats: int) -> list[Any]:
    kinds = (RandomBot(call_rate=0.15), RandomBot(call_rate=0.6), KilleHeuristic())
    return [kinds[rng.randrange(3)] for _ in range(seats)]


def random_table(rng: random.Random, seats: int) -> tuple[list[int] | None, int, int]:
    """Lives (None: everyone on three, or some seats on none), a dealer with lives, asks."""
    if seats > 2 and rng.random() < 0.4:
        alive = rng.sample(range(seats), rng.randint(2, seats - 1))
        lives = [rng.randint(1, 3) if s in alive else 0 for s in range(seats)]
    else:
        lives = None
    live = [s for s in range(seats) if lives is None or lives[s] > 0]
    dealer = rng.choice(live)
    asks = rng.choice((0, 0, 1, 2, 3)) if len(live) <= 3 else 0
    return lives, dealer, asks


# ---------------------------------------------------------------------------------------------
# The checks made at every step
# ---------------------------------------------------------------------------------------------


def check_cards(st: KilleState) -> None:
    """Hands in play + talon not yet drawn + out of play = each of the 42 cards exactly once."""
    held = [st.hold[s] for s in st.order]
    ids = held + list(st.talon[st.tp:]) + list(st.dead)
    assert sorted(ids) == list(range(42)), ids
    assert all(st.hold[s] == -1 for s in range(st.game.seats) if s not in st.order)
    assert tuple(sorted(st.dealt[s] for s in st.order)) == tuple(sorted(
        c for c in range(42) if c not in st.talon))


def check_clone(st: KilleState, rng: random.Random) -> None:
    key = st.key()
    c = st.clone()
    assert c == st and c.key() == key and c is not st
    assert c._hold is not st._hold and c._low is not st._low and c._struck is not st._struck
    assert c._actions is not st._actions and c._events is not st._events
    if not c.is_over:
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
        for s in c.callers():
            c.apply(c.legal_actions(s)[0])
            break
        if not c.is_over:
            c.apply(c.legal_actions()[0])
    assert st.key() == key


def check_record(st: KilleState) -> None:
    rec = st.record()
    text = json.dumps(rec, ensure_ascii=False)
    assert json.loads(text) == rec
    again = st.game.replay(json.loads(text))
    assert again == st
    assert kortspel.replay(rec) == st


def check_illegal(st: KilleState, rng: random.Random) -> None:
    key = st.key()
    n_events = len(st.events)
    g = st.game
    if st.is_over:
        for s in st.order[:2]:
            with pytest.raises(HandOverError):
                st.apply(g.actions[s]["stand"])
        assert st.key() == key
        return
    me = st.to_act
    legal = st.legal_actions()
    wrong = [a for a in g.actions[me].values() if a not in legal]
    others = [a for s in range(g.seats) if s != me
              for a in g.actions[s].values() if a not in st.legal_actions(s)]
    for act in (rng.choice(wrong), rng.choice(others)):
        with pytest.raises(IllegalActionError) as info:
            st.apply(act)
        assert str(info.value)
        assert st.key() == key and len(st.events) == n_events
    with pytest.raises(KortspelError):
        st.apply("nonsense")
    assert st.key() == key


def check_observations(st: KilleState) -> None:
    over = st.is_over
    for s in st.order:
        obs = st.observation(s)
        known = obs.known
        assert obs.seat == s and obs.to_act == st.to_act and obs.is_over == over
        assert list(obs.legal) == st.legal_actions(s)
        # whatever a seat "knows" is true, and it always knows its own card
        for t, k in known.items():
            assert t in st.order and st.hold[t] >> 1 == k, (s, t, k)
        assert known.get(s) == st.hold[s] >> 1
        assert obs.holds_dealt == (st.hold[s] == st.dealt[s])
        face = {t for t in st.order if st.is_face_up(t)}
        assert set(obs.face_up) == face
        assert all(t in known for t in face)
        assert set(obs.low_harlekin) == {t for t in st.order if st.low[t]}
        assert obs.struck == st.struck
        if over and not st.outcome.redeal:  # the showdown turned everyone up
            assert set(known) == set(st.order)
        hidden_self = [e for e in obs.events if e.visible is not None and s not in e.visible]
        assert not hidden_self


def first_decision_alone(st: KilleState) -> None:
    """On a fresh deal every seat knows its own card and nothing else (face-up cards aside)."""
    for s in st.order:
        known = st.observation(s).known
        face = {t for t in st.order if st.is_face_up(t)}
        assert set(known) == {s} | face


def legit_ids(frames: list[KilleState], seat: int) -> set[int]:
    """Card ids ``seat`` may know at the last frame: every card it has held, every card
    turned up. A seat follows a card it knows through public swaps, but only a card it held
    or saw face up is one it knows."""
    ids = {f.hold[seat] for f in frames}
    last = frames[-1]
    ids |= {c for c in range(42) if last.face >> c & 1}
    return ids


def permuted_record(st: KilleState, fixed: set[int], rng: random.Random, upto: int) -> dict:
    """The hand's record with the plain cards ``seat`` cannot know shuffled among the seats
    and the talon; matadors and Harlekins stay, so the hand runs the same way."""
    rec = st.record()
    names = st.game.names
    slots: list[tuple[str, Any]] = []
    for s in st.order:
        c = st.dealt[s]
        if c not in fixed and c >> 1 < PLAIN:
            slots.append(("deal", names[s]))
    for i, c in enumerate(st.talon):
        if c not in fixed and c >> 1 < PLAIN:
            slots.append(("talon", i))
    values = [rec[where][at] for where, at in slots]
    rng.shuffle(values)
    for (where, at), v in zip(slots, values, strict=True):
        rec[where][at] = v
    rec["actions"] = rec["actions"][:upto]
    return rec


def same_view(a: KilleState, b: KilleState, seat: int) -> None:
    oa, ob = a.observation(seat), b.observation(seat)
    assert oa.narration == ob.narration
    assert oa.known == ob.known
    assert oa.face_up == ob.face_up and oa.low_harlekin == ob.low_harlekin
    assert oa.struck == ob.struck and oa.set_aside == ob.set_aside
    assert oa.legal == ob.legal and oa.to_act == ob.to_act and oa.lives == ob.lives
    assert repr(oa) == repr(ob)


def check_hidden(st: KilleState, rng: random.Random) -> None:
    """Shuffling what a seat cannot know leaves its observation exactly as it was: at the
    first decision and at a random later one, for a random seat."""
    rec = st.record()
    n = len(rec["actions"])
    for upto in {0, rng.randrange(n + 1)}:
        frames = [st.game.replay(rec, upto=i) for i in range(upto + 1)]
        here = frames[-1]
        if here.is_over:
            continue
        for seat in (st.order if upto == 0 else [rng.choice(st.order)]):
            fixed = legit_ids(frames, seat)
            other = kortspel.replay(permuted_record(st, fixed, rng, upto))
            assert not other.is_over
            same_view(here, other, seat)


def check_outcome(st: KilleState) -> None:
    out = st.outcome
    assert out is not None
    res = st.result()
    assert json.loads(json.dumps(res)) == res
    order = set(st.order)
    lost = set(out.lose_life)
    assert lost <= order
    assert len(lost) < len(order)  # a hand never takes every seat's life
    if out.redeal:
        assert not lost and not out.struck
        return
    first = set(out.struck) | set(out.low_harlekin)
    if out.guard == "":
        assert first <= lost and set(out.lowest) <= lost and lost == first | set(out.lowest)
    elif out.guard == "struck":
        assert out.struck and lost == first
    else:
        assert not lost
    for s in out.lowest:  # a Kuku or high Harlekin never loses on the lowest card
        assert st.rank(s) < 19 and s not in first
    ranks = [st.rank(s) for s in st.order if s not in first]
    if out.lowest:
        assert all(st.rank(out.lowest[0]) <= r for r in ranks)


def play_checked(seats: int, rules: dict[str, Any], hands: int, seed: int) -> Counter:
    game = kortspel.load("kille", seats=seats, **rules)
    rng = random.Random(seed)
    seen: Counter = Counter()
    for h in range(hands):
        lives, dealer, asks = random_table(rng, seats)
        st = game.new_hand(rng=rng, lives=lives, dealer=dealer, asks_accepted=asks)
        bots = make_bots(rng, seats)
        first_decision_alone(st)
        while True:
            check_cards(st)
            check_clone(st, rng)
            check_record(st)
            check_illegal(st, rng)
            check_observations(st)
            if st.is_over:
                break
            step(st, bots, rng)
        check_outcome(st)
        if h % 3 == 0:
            check_hidden(st, rng)
        seen.update(e.kind for e in st.events)
    return seen


# ---------------------------------------------------------------------------------------------
# The runs
# ---------------------------------------------------------------------------------------------


def _checkerboard() -> list:
    """Every seat count with every rules combination; every run plays half of them, a
    checkerboard (every seat count, every combination), and CI all (``thorough``)."""
    return [pytest.param(seats, rules, id=f"{seats}-{OPTION_IDS[j]}",
                         marks=[pytest.mark.thorough] if (seats + j) % 2 else [])
            for seats in range(2, 9) for j, rules in enumerate(OPTIONS)]


@pytest.mark.parametrize("seats,rules", _checkerboard())
def test_random_play_keeps_every_invariant(seats, rules):
    play_checked(seats, rules, hands=200, seed=seats * 100 + OPTIONS.index(rules))


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long random run: set KORTSPEL_SLOW=1")
@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@pytest.mark.parametrize("seats", range(2, 9))
def test_long_random_play_keeps_every_invariant(seats, rules):
    play_checked(seats, rules, hands=900, seed=seats * 1000 + OPTIONS.index(rules) + 7)


EVERY_EVENT = {
    "deal", "dealt", "stand", "ask_swap", "swap", "swap_cards", "forbi", "husar", "husu",
    "bite_back", "back", "kuku", "ask_talon", "talon_draw", "talon_card", "talon_aside",
    "talon_kuku", "talon_husar", "talon_husu", "round_over", "showdown", "lose", "guard",
    "redeal", "ask", "accept", "refuse", "depends", "nobody",
}


def test_random_play_reaches_every_rule():
    """The random runs above are only as good as the paths they take: every event of the
    engine (each matador, each talon draw, the guard, the better-cards talk) must turn up."""
    seen: Counter = Counter()
    rng = random.Random(17)
    for seats in range(2, 9):
        for rules in OPTIONS:
            game = kortspel.load("kille", seats=seats, **rules)
            for _ in range(120):
                lives, dealer, asks = random_table(rng, seats)
                st = game.new_hand(rng=rng, lives=lives, dealer=dealer, asks_accepted=asks)
                kortspel.play_hand(st, make_bots(rng, seats), rng)
                seen.update(e.kind for e in st.events)
                kinds = {KINDS[k] for k in st.outcome.final if k >= 0}
                if "Harlekin" in kinds:
                    seen["harlekin at showdown"] += 1
                if st.outcome.low_harlekin:
                    seen["low harlekin"] += 1
                if any(k == HARLEKIN and st.rank(s) == -1 for s, k in
                       enumerate(st.outcome.final)):
                    seen["dealt low harlekin"] += 1
    missing = EVERY_EVENT - set(seen)
    assert not missing, missing
    for extra in ("harlekin at showdown", "low harlekin", "dealt low harlekin"):
        assert seen[extra] > 0, extra
    assert seen["guard"] > 10 and seen["talon_husu"] > 3 and seen["depends"] > 10
