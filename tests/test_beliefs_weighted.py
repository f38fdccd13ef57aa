"""The coach's beliefs weigh each sampled deal by how likely the others' actions were in it
under the game's heuristic with some noise (``coach.NOISE``, a half): a Kille seat that stood is
believed to hold a high card; the weights read nothing hidden (the same beliefs from any deal
the seat cannot tell from the real one); the shares add up; a finished hand is refused.

Budgets are small sample counts, so the answers are deterministic and the suite quick."""

from __future__ import annotations

import random
from contextlib import suppress

import pytest

import kortspel
from kortspel import coach, search
from kortspel.actions import CHANCE
from kortspel.kille.cards import KINDS

GAMES = [g for g in ("kille", "knock", "kopknack", "gnallknekt") if search.searchable(g)]
SEATS = {"kille": 4, "knock": 3, "kopknack": 4, "gnallknekt": 3}
WORLDS = {"gnallknekt": 30}


def _played(game: str, seed: int, moves: int):
    """A hand of ``game`` after ``moves`` heuristic moves from a seeded deal (fewer if it
    ends or reaches a shuffle first), at a seat's decision."""
    table = kortspel.load(game, seats=SEATS[game])
    state = table.new_hand(seed=seed)
    rng = random.Random(seed)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in table.names]
    for _ in range(moves):
        nxt = state.clone()
        kortspel.step(nxt, bots, rng)
        if nxt.is_over or nxt.to_act in (None, CHANCE):
            break
        state = nxt
    return state


def _kind(card: str) -> int:
    return KINDS.index(card)


def test_a_kille_seat_that_stood_is_believed_to_hold_a_high_card():
    """The complaint: the first seat stood (seed 0: the heuristic stands on a good card), and
    the next seat, looking, used to be told its lowest cards first. Weighted by what a
    player stands on, the high cards are now likelier than the low ones."""
    st = kortspel.load("kille", seats=4).new_hand(seed=0)
    stand = next(a for a in st.legal_actions(0) if a.verb == "stand")
    st.apply(stand)
    weighted = coach.beliefs(st, 1, random.Random(1))[0]
    uniform = coach.beliefs(st, 1, random.Random(1), noise=None)[0]

    def mean(b: coach.Belief, kinds: range) -> float:
        ps = [p for c, p in b.cards.items() if _kind(c) in kinds]
        return sum(ps) / len(ps)

    low, high = range(0, 8), range(10, 20)  # Blaren to 5; 8 to the Kuku
    assert mean(weighted, high) > 1.5 * mean(weighted, low)
    assert mean(weighted, high) > mean(uniform, high)
    assert all(_kind(c) >= 10 for c, _ in weighted.likely())
    assert not weighted.even and "might hold" in weighted.words
    assert 1 <= weighted.effective < weighted.worlds  # the weights differ: fewer deals count
    assert uniform.effective == pytest.approx(uniform.worlds)


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_read_nothing_hidden(game):
    """Beliefs from the real state and from a state whose unseen cards were dealt anew
    (the game's hidden shuffle: the same public history) are the same for the same rng: the
    heuristic is asked inside each sampled deal only, never of the real cards."""
    spec = kortspel.spec(game)
    if spec.hidden_shuffle is None:
        pytest.skip(f"{game} has no hidden shuffle")
    checked = 0
    for seed in range(12):
        state = _played(game, seed, 2 + seed % 5)
        seat = state.to_act
        if state.is_over or seat in (None, CHANCE):
            continue
        record = spec.hidden_shuffle(state, seat, random.Random(4))
        if record is None:
            continue
        other = kortspel.replay(record)
        assert other.observation(seat).view() == state.observation(seat).view()
        worlds = WORLDS.get(game, 60)
        a = coach.beliefs(state, seat, random.Random(2), worlds=worlds)
        b = coach.beliefs(other, seat, random.Random(2), worlds=worlds)
        assert a == b
        checked += 1
        if checked == 2:
            break
    assert checked, f"no {game} position had a hidden shuffle"


@pytest.mark.parametrize("game", GAMES)
def test_shares_add_up_to_the_cards_each_seat_holds(game):
    """Each share is a chance (more than 0, at most 1), and a seat's shares add up to the
    cards it has in front of it, as the weighted deals all give it that many; the effective
    number of deals lies between 1 and the deals sampled."""
    state = _played(game, 3, 6)
    seat = state.to_act
    worlds = WORLDS.get(game, 80)
    b = coach.beliefs(state, seat, random.Random(5), worlds=worlds)
    held: dict[int, set[str]] = {s: set() for s in b}
    for zone, cards in state.zones().items():
        owner = getattr(zone, "seat", None)
        if owner in held:
            held[owner].update(cards)
    for other, belief in b.items():
        assert all(0 < p <= 1 for p in belief.cards.values())
        if game != "gnallknekt":  # its double pack: a card held twice is one card name
            assert sum(belief.cards.values()) == pytest.approx(len(held[other]))
        assert 1 - 1e-9 <= belief.effective <= worlds + 1e-9
        assert belief.words.endswith(".")
    again = coach.beliefs(state, seat, random.Random(5), worlds=worlds)
    assert again == b


def test_a_finished_hand_is_still_refused():
    table = kortspel.load("knock", seats=3)
    state = table.new_hand(seed=1)
    rng = random.Random(1)
    bots = [kortspel.bot_for("knock", "heuristic", name=n) for n in table.names]
    kortspel.play_hand(state, bots, rng)
    assert state.is_over
    with pytest.raises(coach.CoachError) as err:
        coach.beliefs(state, 0, random.Random(1), worlds=5)
    assert str(err.value).startswith("the round is over")


def test_noise_is_a_share_or_none():
    st = kortspel.load("kille", seats=4).new_hand(seed=0)
    for bad in (0, -0.1, 1.5, "0.2", True):
        with pytest.raises(coach.CoachError, match="noise"):
            coach.beliefs(st, 1, random.Random(1), worlds=2, noise=bad)
    with suppress(coach.CoachError):
        coach.beliefs(st, 1, random.Random(1), worlds=2, noise=1)
