"""Lives, pots and how a match ends (KilleMatch), in constructed situations and in whole
matches played by bots.

"Every seat starts a pot on three lives, and the last seat with lives wins the pot: one point,
and everyone is back on three. A seat with none left watches until the next pot. A match is a
set number of pots ... Most points wins, and a tie for most is settled by one more pot between
the tied seats. After every hand the deal moves to the next seat with lives on the left."
"""

from __future__ import annotations

import math
import random

import pytest
from kille_helpers import record

import kortspel
from kortspel import IllegalActionError, RandomBot
from kortspel.kille import STANDARD_POTS, KilleHeuristic, KilleMatch, match_pots

STANDARD = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4, 7: 3, 8: 3}
SHORT = {2: 6, 3: 4, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2}
LONG = {2: 18, 3: 12, 4: 9, 5: 8, 6: 6, 7: 5, 8: 5}


@pytest.mark.parametrize("seats", range(2, 9))
def test_match_lengths_are_the_texts_table(seats):
    """ "twelve for two seats, eight for three, six for four, five for five, four for six and
    three for seven or eight. Short is about half, rounded up, and long about one and a half
    times, rounded up." """
    assert STANDARD_POTS == STANDARD
    assert match_pots(seats) == match_pots(seats, "standard") == STANDARD[seats]
    assert match_pots(seats, "short") == SHORT[seats] == math.ceil(STANDARD[seats] / 2)
    assert match_pots(seats, "long") == LONG[seats] == math.ceil(STANDARD[seats] * 1.5)
    game = kortspel.load("kille", seats=seats)
    for length, table in (("short", SHORT), ("standard", STANDARD), ("long", LONG)):
        assert KilleMatch(game, length=length, seed=1).target == table[seats]
    assert KilleMatch(game, length=7, seed=1).target == 7


def test_bad_match_lengths():
    game = kortspel.load("kille", seats=4)
    with pytest.raises(kortspel.RulesError, match="short"):
        KilleMatch(game, length="medium")
    with pytest.raises(kortspel.RulesError, match="1 to 100 pots"):
        KilleMatch(game, length=0)


def test_a_match_starts_everyone_on_three_lives():
    m = KilleMatch(kortspel.load("kille", seats=5), seed=1)
    assert m.lives == [3, 3, 3, 3, 3] and m.points == [0] * 5
    assert m.hand.lives == (3, 3, 3, 3, 3) and m.hand.dealer == 4
    assert not m.is_over


def put(match: KilleMatch, deal, *actions, dealer, **kw):
    """Replace the match's hand with an explicit deal played to ``actions``."""
    names = list(match.game.names)
    lives = {n: v for n, v in zip(names, match.lives, strict=True)}
    match.dealer = names.index(dealer)
    match.hand = kortspel.replay(record(deal, *actions, seats=names, dealer=dealer,
                                        lives=lives, **kw))
    assert match.hand.is_over
    return match.next_hand()


def test_a_hand_takes_its_lives_and_the_deal_moves_left():
    m = KilleMatch(kortspel.load("kille", seats=5), seed=2)
    s = put(m, dict(a="4", b="8", c="9", d="10", e="11"), "a stand", "b stand", "c stand",
            "d stand", "e stand", dealer="e")
    assert s.lose_life == (0,) and not s.redeal and s.pot_winner is None
    assert m.lives == [2, 3, 3, 3, 3]
    assert m.dealer == 0 and m.hand.dealer == 0  # e dealt; a, on e's left, deals next
    assert m.hand.lives == (2, 3, 3, 3, 3) and m.hand.order[0] == 1


def test_the_deal_skips_seats_with_no_lives():
    m = KilleMatch(kortspel.load("kille", seats=5), seed=3)
    m._lives = [3, 0, 0, 2, 3]
    s = put(m, dict(a="9", d="4", e="8"), "d stand", "e stand", "a stand", dealer="a")
    assert s.lose_life == (3,) and m.lives == [3, 0, 0, 1, 3]
    assert m.dealer == 3  # b and c have no lives: the deal goes on to d
    assert m.hand.order == (4, 0, 3)
    assert 1 not in m.hand.order and 2 not in m.hand.order  # they watch


def test_a_dealer_who_loses_its_last_life_passes_the_deal_on():
    m = KilleMatch(kortspel.load("kille", seats=4), seed=4)
    m._lives = [2, 3, 0, 1]
    put(m, dict(a="9", b="8", d="4"), "a stand", "b stand", "d stand", dealer="d")
    assert m.lives == [2, 3, 0, 0]
    assert m.dealer == 0 and m.hand.order == (1, 0)


def test_a_redeal_costs_nothing_and_the_same_dealer_deals_again():
    m = KilleMatch(kortspel.load("kille", seats=3), seed=5)
    m._lives = [2, 0, 1]
    s = put(m, dict(a="Harlekin", c="9"), dealer="c")
    assert s.redeal and s.lose_life == ()
    assert m.lives == [2, 0, 1] and m.dealer == 2 and m.hand.dealer == 2


def test_accepted_asks_carry_over_to_the_redeal_and_reset_after():
    m = KilleMatch(kortspel.load("kille", seats=2), seed=6)
    s = put(m, dict(a="4", b="9"), "a ask", "b accept", dealer="b")
    assert s.redeal and m.hand.dealer == 1 and m.hand.accepted_asks == 1
    put(m, dict(a="4", b="9"), "a ask", "b accept", dealer="b", asks=1)
    put(m, dict(a="4", b="9"), "a ask", "b accept", dealer="b", asks=2)
    assert m.hand.accepted_asks == 3
    if not m.hand.is_over:  # the fresh deal: no more asks in this hand
        assert "ask" not in [a.verb for a in m.hand.legal_actions()]
    put(m, dict(a="4", b="9"), "a stand", "b stand", dealer="b", asks=3)
    assert m.hand.accepted_asks == 0 and m.dealer == 0


def test_the_last_seat_with_lives_wins_the_pot_and_everyone_is_back_on_three():
    m = KilleMatch(kortspel.load("kille", seats=3), seed=7)
    m._lives = [1, 2, 0]
    s = put(m, dict(a="4", b="9"), "a stand", "b stand", dealer="b")
    assert s.pot_winner == 1 and not s.match_over
    assert m.points == [0, 1, 0] and m.pots_played == 1
    assert m.lives == [3, 3, 3]
    assert m.dealer == 2 and m.hand.order == (0, 1, 2)  # c has lives again and deals


def test_the_match_ends_after_its_pots_with_most_points_winning():
    m = KilleMatch(kortspel.load("kille", seats=3), length=2, seed=8)
    m._points = [1, 0, 0]
    m.pots_played = 1
    m._lives = [1, 0, 1]
    s = put(m, dict(a="9", c="4"), "a stand", "c stand", dealer="c")
    assert s.pot_winner == 0 and s.match_over
    assert m.is_over and m.winner == 0 and m.points == [2, 0, 0]
    with pytest.raises(IllegalActionError, match="the match is over"):
        m.next_hand()


def test_a_tie_for_most_points_is_settled_by_one_more_pot_between_the_tied_seats():
    m = KilleMatch(kortspel.load("kille", seats=3), length=2, seed=9)
    m._points = [1, 0, 0]
    m.pots_played = 1
    m._lives = [0, 1, 1]
    s = put(m, dict(b="9", c="4"), "b stand", "c stand", dealer="c")
    assert s.pot_winner == 1 and not s.match_over
    assert m.points == [1, 1, 0] and m.tiebreak == (0, 1)
    assert m.lives == [3, 3, 0]  # only the tied seats play the extra pot
    assert m.hand.order == (1, 0) and m.dealer == 0
    bots = [KilleHeuristic(), RandomBot(), RandomBot()]
    hands = len(m.history)
    m.play_bots(bots, random.Random(1))
    assert m.is_over and m.winner in (0, 1) and m.points[m.winner] == 2
    assert m.pots_played == 3
    for h in m.history[hands:]:
        assert "c" not in h.record["deal"]


def test_a_hand_in_progress_cannot_be_settled():
    m = KilleMatch(kortspel.load("kille", seats=5), seed=10)
    while m.hand.is_over:  # a fresh five-seat hand is never over at once
        m.next_hand()
    with pytest.raises(IllegalActionError, match="still being played"):
        m.next_hand()


def test_undo_takes_back_a_seats_last_decision():
    m = KilleMatch(kortspel.load("kille", seats=5), seed=11)
    before = m.hand.clone()
    assert not m.undo_to_before(0)
    m.hand.apply("a stand")
    m.hand.apply("b stand")
    assert m.undo_to_before(0)
    assert m.hand == before


def next_live(after: int, lives: list[int]) -> int:
    n = len(lives)
    return next(s for s in ((after + i) % n for i in range(1, n + 1)) if lives[s] > 0)


@pytest.mark.parametrize("seats", range(2, 9))
def test_whole_matches_keep_every_rule_of_the_match(seats):
    game = kortspel.load("kille", seats=seats)
    for seed in range(2):
        m = KilleMatch(game, length="short", seed=seed)
        bots = [KilleHeuristic() if (s + seed) % 2 else RandomBot() for s in range(seats)]
        m.play_bots(bots)
        check_history(m, seats)


def check_history(m: KilleMatch, seats: int) -> None:
    names = list(m.game.names)
    start = m.start_lives
    assert m.is_over and m.winner is not None
    hist = m.history
    pots = sum(1 for h in hist if h.pot_winner is not None)
    assert pots == m.pots_played == sum(m.points)
    assert m.pots_played in (m.target, m.target + 1)  # + the tie-break pot, if any
    best = max(m.points)
    assert m.points[m.winner] == best and m.points.count(best) == 1
    if m.pots_played == m.target + 1:
        assert m.tiebreak and m.winner in m.tiebreak
    lives = [start] * seats
    pots_seen = 0
    for i, h in enumerate(hist):
        rec = h.record
        rec_lives = [rec.get("lives", {}).get(n, start) for n in names]
        assert rec_lives == lives, i
        dealer = names.index(rec["dealer"])
        assert lives[dealer] > 0
        assert len(h.lose_life) < sum(1 for v in lives if v > 0)  # never every seat
        if i:
            prev = hist[i - 1]
            prev_dealer = names.index(prev.record["dealer"])
            if prev.redeal:
                assert dealer == prev_dealer
            else:
                assert dealer == next_live(prev_dealer, lives)
        for s in h.lose_life:
            lives[s] -= 1
        alive = [s for s in range(seats) if lives[s] > 0]
        if h.pot_winner is not None:
            assert alive == [h.pot_winner]
            pots_seen += 1
            if pots_seen == m.target and m.tiebreak:
                lives = [start if s in m.tiebreak else 0 for s in range(seats)]
            else:
                lives = [start] * seats
        else:
            assert len(alive) >= 2
    assert hist[-1].match_over and hist[-1].pot_winner == m.winner


def test_a_dealer_by_name_deals_and_a_refused_next_hand_changes_nothing():
    game = kortspel.load("kille", seats=3)
    m = KilleMatch(game, dealer="c", seed=2)
    assert m.hand.dealer == 2
    while not m.hand.is_over:
        m.hand.apply(m.hand.legal_actions()[0])
    m.next_hand()
    before = (m.standings(), m.dealer, len(m.history), m.hand.record())
    for _ in range(3):
        with pytest.raises(IllegalActionError, match="still being played"):
            m.next_hand()
    assert (m.standings(), m.dealer, len(m.history), m.hand.record()) == before


def test_undo_after_the_match_is_over_is_refused_and_the_result_stands():
    m = KilleMatch(kortspel.load("kille", seats=3), length=1, seed=4)
    m.play_bots([RandomBot() for _ in range(3)], random.Random(4))
    winner, standings = m.winner, m.standings()
    for seat in range(3):
        with pytest.raises(kortspel.MatchError, match="result stands"):
            m.undo(seat)
    with pytest.raises(kortspel.MatchError, match="the match is over"):
        m.next_hand()
    assert (m.winner, m.standings()) == (winner, standings)
    rec = m.record()
    assert rec["winner"] == m.game.names[winner] and len(rec["hands"]) == len(m.history) + 1
