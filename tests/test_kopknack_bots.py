"""Köpknack's computer players: the heuristic knocks on hands likely to take a trick, buys
away weak cards, plays the tricks sensibly under the duties, sees only its observation, and
beats random players clearly over a few hundred seeded deals."""

from __future__ import annotations

import random

from kopknack_helpers import bids, play, to_play

import kortspel
from kortspel.kopknack import KopknackGame, KopknackHeuristic, Observation
from kortspel.kopknack.bots import card_chance, trick_chance

BOT = KopknackHeuristic()
RNG = random.Random(0)


def choice(state) -> str:
    """What the heuristic does for the seat to act, as the action's text."""
    obs = state.observation(state.to_act)
    assert isinstance(obs, Observation)
    return str(BOT.choose(obs, state.legal_actions(), RNG))


SIX = {"a": ["AD", "KD", "4S"], "b": ["3H", "7S", "2C"], "c": ["5C", "9H", "6S"],
       "d": ["10H", "3S", "JC"], "e": ["4C", "QH", "2D"], "f": ["7H", "9C", "5S"]}


def test_it_knocks_on_top_trumps_and_folds_on_rubbish() -> None:
    """A hand likely to take a trick knocks; a hand with nothing folds while the pot is
    small."""
    st = play(SIX, "8D")
    assert choice(st) == "a knock"
    st.apply("a knock")
    assert choice(st) == "b fold"


def test_it_knocks_more_readily_as_the_pot_grows() -> None:
    """The same middling hand folds with a small pot and knocks with a big one."""
    hands = dict(SIX, a=["QS", "8H", "6C"])
    assert choice(play(hands, "8D")) == "a fold"
    assert choice(play(hands, "8D", pot=30)) == "a knock"


def test_the_chance_of_a_trick_orders_hands_as_players_do() -> None:
    """The top trump nearly always wins; a low side card rarely; more rivals, less hope."""
    assert card_chance("AD", "D", 4) == 1.0
    assert card_chance("AD", "D", 4) > card_chance("KD", "D", 4) > card_chance("2D", "D", 4)
    assert card_chance("AS", "D", 2) > card_chance("AS", "D", 6)
    assert trick_chance(["AD", "2C"], "D", 3) > trick_chance(["9C", "2C"], "D", 3)


def test_it_buys_away_the_cards_that_cannot_win() -> None:
    """Weak side cards go back to the talon; the trumps stay."""
    hands = dict(SIX, a=["AD", "3C", "4S"], b=["KD", "2H", "6H"])
    st = play(hands, "8D", *bids(list(hands), "f", ["a", "b"]))
    assert choice(st) == "a exchange 4S,3C"


def test_it_keeps_a_strong_hand() -> None:
    hands = dict(SIX, a=["AD", "KD", "QD"], b=["3D", "2H", "6H"])
    st = play(hands, "8D", *bids(list(hands), "f", ["a", "b"]))
    assert choice(st) == "a exchange -"


def test_it_wins_a_trick_as_cheaply_as_it_can_when_last() -> None:
    """Last to play, it takes the trick with its lowest winning card."""
    hands = {"a": ["9S", "2H", "3C"], "b": ["JS", "KS", "AS"], "c": ["4H", "5H", "6H"],
             "d": ["7C", "8C", "9C"]}
    st = to_play(hands, "10D", ["a", "b"], "a play 9S")
    assert choice(st) == "b play JS"


def test_it_throws_its_least_useful_card_when_it_cannot_win() -> None:
    hands = {"a": ["AS", "2H", "3C"], "b": ["JS", "KS", "4S"], "c": ["4H", "5H", "6H"],
             "d": ["7C", "8C", "9C"]}
    st = to_play(hands, "10D", ["a", "b"], "a play AS")
    assert choice(st) == "b play 4S"


def test_it_leads_the_card_most_likely_to_hold() -> None:
    hands = {"a": ["AS", "2H", "3C"], "b": ["JS", "KS", "4S"], "c": ["4H", "5H", "6H"],
             "d": ["7C", "8C", "9C"]}
    st = to_play(hands, "10D", ["a", "b"])
    assert choice(st) == "a play AS"


def test_every_choice_is_legal_under_the_duties() -> None:
    """Whole deals of heuristic players: every choice is among the legal actions."""
    rng = random.Random(2)
    for seats in (3, 5, 8):
        game = KopknackGame(seats)
        bots = [KopknackHeuristic() for _ in range(seats)]
        for _ in range(40):
            st = game.new_hand(rng=rng, pot=3 * rng.randrange(10))
            while not st.is_over:
                legal = st.legal_actions()
                act = bots[st.to_act].choose(st.observation(st.to_act, legal), legal, rng)
                assert act in legal
                st.apply(act)


def mean_gains(seats: int, deals: int, seed: int) -> list[float]:
    """Seat 0 heuristic, the rest random; the deal passes round and the pot carries on.
    Each seat's mean gain per deal (antes, shares and penalties)."""
    game = KopknackGame(seats)
    rng = random.Random(seed)
    gain = [0] * seats
    pot = 0
    for i in range(deals):
        dealer = i % seats
        bots = [KopknackHeuristic()] + [kortspel.RandomBot() for _ in range(seats - 1)]
        st = kortspel.play_hand(game.new_hand(rng=rng, dealer=dealer, pot=pot), bots, rng)
        out = st.outcome
        for s in range(seats):
            gain[s] += out.payout[s] - out.penalty[s] - (st.stake if s == dealer else 0)
        pot = out.next_pot
    return [g / deals for g in gain]


def test_the_heuristic_beats_random_players_clearly() -> None:
    """Over 300 seeded deals at 4 and at 7 seats, the heuristic seat gains on average, and
    more than any random seat by a wide margin."""
    for seats, seed in ((4, 11), (7, 12)):
        gains = mean_gains(seats, 300, seed)
        assert gains[0] > 1.0, gains
        assert gains[0] > max(gains[1:]) + 1.0, gains
