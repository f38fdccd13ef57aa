"""A Köpknack session (decision 9): a set number of deals or until a seat cannot pay, each
seat's balance, the pot carried from deal to deal, the deal passing left, practice undo."""

from __future__ import annotations

import random

import pytest

import kortspel
from kortspel import IllegalActionError, MatchError, RulesError, SeatError
from kortspel.kopknack import KopknackGame, KopknackHeuristic, KopknackMatch, session_deals
from kortspel.kopknack.telling import deal_settled, match_progress


def bots(seats: int) -> list:
    return [KopknackHeuristic() if s % 2 else kortspel.RandomBot() for s in range(seats)]


def finish(match: KopknackMatch, rng: random.Random) -> None:
    while not match.hand.is_over:
        kortspel.step(match.hand, bots(match.game.seats), rng)


def test_a_session_lasts_whole_turns_of_the_deal_or_a_number_of_deals() -> None:
    """Decision 9: a set number of deals; by default every seat deals twice."""
    assert session_deals(6) == 12 and session_deals(6, "short") == 6
    assert session_deals(4, "long") == 12 and session_deals(7, 5) == 5
    for bad in ("forever", 0, 201, True, 2.5):
        with pytest.raises(RulesError):
            session_deals(6, bad)  # type: ignore[arg-type]
    match = KopknackMatch(KopknackGame(5), length="short", seed=1)
    match.play_bots(bots(5), random.Random(1))
    assert match.is_over and match.deals_played == 5 and len(match.history) == 5
    assert "the last of its 5 deals" in match.why_over


def test_the_dealer_antes_from_its_balance_and_the_deal_passes_left() -> None:
    """Decision 8 and 9: the dealer's ante comes off its balance; each deal is dealt by the
    seat left of the last dealer."""
    match = KopknackMatch(KopknackGame(4), seed=3, stake=6, bank=120, dealer=3)
    assert match.hand.dealer == 3 and match.balances == [120, 120, 120, 114]
    rng = random.Random(3)
    dealers = []
    for _ in range(6):
        dealers.append(match.hand.dealer)
        finish(match, rng)
        match.next_hand()
    assert dealers == [3, 0, 1, 2, 3, 0]


def test_the_pot_is_carried_to_the_next_deal_with_the_next_ante() -> None:
    """Decision 8: the next deal's pot is the penalties paid in plus the next dealer's ante."""
    match = KopknackMatch(KopknackGame(6), seed=8)
    rng = random.Random(8)
    for _ in range(10):
        finish(match, rng)
        out = match.hand.outcome
        summary = match.next_hand()
        assert summary.next_pot == out.next_pot == match.carried
        if not match.is_over:
            assert match.hand.carried == out.next_pot
            assert match.hand.pot == out.next_pot + match.stake
            assert match.pot == match.hand.pot


def test_money_is_never_made_or_lost() -> None:
    """The balances and the pot on the table always add up to what the seats started with."""
    for seats in (3, 6, 8):
        match = KopknackMatch(KopknackGame(seats), seed=seats, length=30)
        rng = random.Random(seats)
        start = seats * match.bank
        while not match.is_over:
            assert sum(match.balances) + match.hand.pot == start
            finish(match, rng)
            match.next_hand()
        assert sum(match.balances) + match.carried == start


def test_balances_follow_each_deal() -> None:
    """Decision 9: a seat's balance gains its share of the pot and loses its penalty."""
    match = KopknackMatch(KopknackGame(6), seed=21)
    rng = random.Random(21)
    for _ in range(8):
        before = match.balances[:]
        finish(match, rng)
        out = match.hand.outcome
        summary = match.next_hand()
        want = [before[s] + out.payout[s] - out.penalty[s] for s in range(6)]
        assert list(summary.balances) == want
        if not match.is_over:
            want[match.hand.dealer] -= match.stake
        assert match.balances == want


def test_the_session_ends_when_a_seat_cannot_pay() -> None:
    """Decision 9: a session also ends when a seat cannot pay (a penalty takes it below zero,
    or the next dealer cannot ante)."""
    endings = set()
    for seed in range(30):
        match = KopknackMatch(KopknackGame(6), seed=seed, bank=6, length=200)
        match.play_bots([kortspel.RandomBot() for _ in range(6)], random.Random(seed))
        assert match.is_over and match.deals_played < 200
        endings.add(match.why_over.split()[-1])
        broke = [b for b in match.balances if b < 0]
        assert broke or "cannot put up the ante" in match.why_over
    assert {"full", "deal"} <= endings


def test_next_hand_is_refused_while_the_deal_goes_on_and_after_the_end() -> None:
    match = KopknackMatch(KopknackGame(4), length=1, seed=2)
    with pytest.raises(IllegalActionError, match="finish it first"):
        match.next_hand()
    finish(match, random.Random(2))
    match.next_hand()
    assert match.is_over
    with pytest.raises(MatchError, match="session is over"):
        match.next_hand()
    with pytest.raises(MatchError, match="result stands"):
        match.undo(0)


def test_practice_undo_takes_back_the_seats_last_decision() -> None:
    """Practice undo: the deal is rebuilt without the seat's last decision and what came after;
    nothing to undo is ``False``."""
    match = KopknackMatch(KopknackGame(4), seed=5, dealer="d")
    hand = match.hand
    assert match.undo(2) is False
    hand.apply("a knock")
    hand.apply("b fold")
    hand.apply("c knock")
    before = match.hand.clone()
    assert match.undo(1) is True
    assert [str(a) for a in match.hand.actions] == ["a knock"]
    assert match.hand.to_act == 1 and before.to_act == 3
    with pytest.raises(SeatError):
        match.undo(9)


def test_the_winner_is_the_highest_balance_and_a_tie_has_none() -> None:
    match = KopknackMatch(KopknackGame(5), length=10, seed=4)
    match.play_bots(bots(5), random.Random(4))
    top = max(match.balances)
    leaders = [s for s, b in enumerate(match.balances) if b == top]
    assert match.leaders == leaders
    assert match.winner == (leaders[0] if len(leaders) == 1 else None)
    assert [row["balance"] for row in match.standings()] == match.balances
    assert sum(row["gain"] for row in match.standings()) == -match.carried


def test_the_session_record_holds_every_deal_in_order() -> None:
    match = KopknackMatch(KopknackGame(4), length=6, seed=9, dealer="d")
    match.play_bots(bots(4), random.Random(9))
    rec = match.record()
    assert rec["match"] is True and len(rec["deals"]) == 6
    pots = [d["pot"] for d in rec["deals"]]
    dealers = [d["dealer"] for d in rec["deals"]]
    assert pots[0] == 0 and dealers == ["d", "a", "b", "c", "d", "a"]
    for a, b in zip(rec["deals"], rec["deals"][1:], strict=False):
        assert kortspel.replay(a).result()["next_pot"] == b["pot"]


def test_the_session_refuses_bad_settings() -> None:
    game = KopknackGame(4)
    for kwargs, words in (({"stake": 4}, "divisible by 3"), ({"bank": 1}, "at least"),
                          ({"dealer": 9}, "seat number"), ({"length": "x"}, "length"),
                          ({"seed": 1.5}, "seed")):
        with pytest.raises(kortspel.KortspelError, match=words):
            KopknackMatch(game, **kwargs)
    with pytest.raises(MatchError, match="Köpknack table"):
        KopknackMatch(kortspel.load("kille"))


def test_the_session_is_told_in_words() -> None:
    match = KopknackMatch(KopknackGame(4), length=2, seed=6, stake=3)
    assert match_progress(match) == f"Deal 1 of 2: d deals, and the pot is {match.hand.pot}."
    rng = random.Random(6)
    finish(match, rng)
    summary = match.next_hand()
    said = deal_settled(match, summary)
    assert said == (f"The next pot starts with {summary.next_pot} carried in." if
                    summary.next_pot else "Nothing is carried into the next pot.")
    finish(match, rng)
    summary = match.next_hand()
    assert deal_settled(match, summary).startswith("The session is over: the last of its 2")
    assert "(the last of its 2 deals is played)." in match_progress(match)


def test_the_seats_draw_lots_for_the_first_deal() -> None:
    """The text: players draw lots for the first dealer. Without a ``dealer``, each seat draws
    a numbered slip and slip 1 deals first; every seat is about equally likely to (600
    seeded sessions at four seats: each seat within five standard deviations of 150)."""
    counts = [0] * 4
    for seed in range(600):
        match = KopknackMatch(KopknackGame(4), seed=seed)
        assert sorted(match.lots) == [1, 2, 3, 4]
        first = match.lots.index(1)
        assert match.dealer == match.first_dealer == match.hand.dealer == first
        assert match.balances[first] == match.bank - match.stake
        rec = match.record()
        assert rec["lots"] == dict(zip("abcd", match.lots, strict=True))
        assert rec["first_dealer"] == "abcd"[first]
        counts[first] += 1
    assert all(abs(c - 150) < 5 * (600 * 0.25 * 0.75) ** 0.5 for c in counts), counts
    told = KopknackMatch(KopknackGame(4), seed=1, dealer="b")
    assert told.lots == () and told.dealer == 1 and told.record()["lots"] == {}


def test_the_lots_are_told_to_each_viewer() -> None:
    from kortspel.kopknack.telling import lots_story

    match = KopknackMatch(KopknackGame(["Anna", "Bo", "you"]), seed=4)
    first = match.first_dealer
    teacher = lots_story(match)
    assert teacher[0].startswith("The players draw numbered slips for the first deal: Anna")
    name = "You" if first == 2 else match.game.names[first]
    assert teacher[1] == f"{name} {'hold' if first == 2 else 'holds'} slip 1 and " \
                         f"{'deal' if first == 2 else 'deals'} first."
    assert lots_story(KopknackMatch(KopknackGame(3), seed=4, dealer=0)) == []


def test_a_session_tied_at_the_top_has_no_winner() -> None:
    """Decision 9: the seat with the highest balance wins; when the top balance is shared,
    nobody does. A one-deal session where both others fold: the dealer sweeps back its own
    ante, so all three balances end equal."""
    match = KopknackMatch(KopknackGame(3), length=1, seed=1, dealer="c")
    match.hand.apply("a fold")
    match.hand.apply("b fold")
    assert match.hand.is_over
    match.next_hand()
    assert match.is_over and match.balances == [match.bank] * 3
    assert match.winner is None and match.leaders == [0, 1, 2]
    assert match.record()["winner"] is None
    assert "tie for the top balance" in match_progress(match)
