"""Köpknack's part of the search (``kortspel.search``): the cards a seat has not seen, how to
deal them anew with the deal's history replayed, and a quick rollout policy.

A seat has seen its own cards (dealt and bought), the trump card and every card played. The
rest, the other seats' cards and the talon's undrawn or bought-away cards, may lie in any of
those places. Another seat's exchange is public only as the places in its hand it gave up
(``"b gives up the first and third cards"``), so a world replays it as those places of that
seat's hand there, whatever cards they hold; a card played stays where it was. A play the
world's hand would not allow (a seat that trumped holds the suit led, in that world) tells
another story, and the world is not kept.

Like every game's part of the search, it reads the deal and plays it through the state's
public protocol only: history replayed through ``apply``, rollouts played through
``apply_legal`` with the table's own actions, the cards a seat may play asked of
``playable``.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import KortspelError
from ..search import Hidden
from .cards import ORDER, SUIT, VALUE
from .observation import BID, BUY
from .state import KopknackState
from .tricks import winning_index

METRIC = ("money won or lost this deal", "higher")
ROLLOUT_AIM = "floor 3,000"
"""The issue's aim for rollouts a second on one core (``python -m kortspel bench``)."""
BOUNDS = (-1000.0, 1000.0)

HIGH_TRUMP = 12
"""The rollout policy knocks on two trumps, or on one trump this strong (the Queen) or more."""


def _fresh(state: KopknackState) -> KopknackState:
    return KopknackState(state.game, state.dealer, state.stake, state.carried, state.dealt,
                         state.trump, state.talon)


def hidden(state: KopknackState, seat: int) -> Hidden:
    """The cards ``seat`` never saw, sorted, and how to deal them into their places."""
    actions = state.actions
    real = _fresh(state)
    seen = {state.trump}
    seen.update(state.dealt[seat])
    places_of: dict[int, tuple[int, ...]] = {}  # action index -> places given up (others')
    for i, a in enumerate(actions):
        if a.verb == "exchange" and a.seat != seat:
            mine = real.hand_of(a.seat)
            # an exchange's cards: a tuple of names
            places_of[i] = tuple(mine.index(c) for c in a.args[0][1])  # type: ignore[union-attr]
        elif a.verb == "play":
            seen.add(a.args[0][1])  # type: ignore[arg-type]  # a play's card: a name
        real.apply(a)
        seen.update(real.hand_of(seat))
    dealt, talon = state.dealt, state.talon
    spots = [(s, j) for s in range(len(dealt)) for j, c in enumerate(dealt[s])
             if c not in seen]
    tal = [j for j, c in enumerate(talon) if c not in seen]
    cards = sorted([dealt[s][j] for s, j in spots] + [talon[j] for j in tal],
                   key=ORDER.__getitem__)
    places: list[Any] = [("hand", s) for s, _ in spots] + [("talon", j) for j in tal]
    game = state.game
    choices = game.exchange_choices

    def deal(order: list[str]) -> KopknackState | None:
        hands = [list(h) for h in dealt]
        k = 0
        for s, j in spots:
            hands[s][j] = order[k]
            k += 1
        tl = list(talon)
        for j in tal:
            tl[j] = order[k]
            k += 1
        world = KopknackState(game, state.dealer, state.stake, state.carried,
                              tuple(map(tuple, hands)), state.trump, tuple(tl))
        try:
            for i, a in enumerate(actions):
                given = places_of.get(i)
                if given is not None:
                    mine = world.hand_of(a.seat)
                    if len(mine) <= max(given, default=-1):
                        return None
                    a = choices.action(a.seat, tuple(sorted((mine[p] for p in given),
                                                            key=ORDER.__getitem__)))
                world.apply(a)
        except KortspelError:
            return None
        return world

    return Hidden(cards, deal, places)


def _strength(card: str, trump: str) -> int:
    return VALUE[card] + (100 if SUIT[card] == trump else 0)


def rollout(state: KopknackState, rng: random.Random) -> None:
    """Play the deal out by rules of thumb, each seat reading its own hand: knock with two
    trumps or a high trump, else fold; buy away every card that is neither a trump nor an
    Ace; lead the strongest card; follow with the cheapest card that wins the trick, or the
    cheapest card when none does. Uses no randomness. Its moves are the table's own actions,
    played through the deal's public ``apply_legal``."""
    trump = state.trump_suit
    g = state.game
    bids, plays, exchange = g.bid_actions, g.play_actions, g.exchange_choices.action
    play = state.apply_legal
    while not state.is_over:
        seat: int = state.to_act  # type: ignore[assignment]
        ph = state.phase
        if ph == BID:
            # a seat bids on the cards dealt it, before any buying: count its trumps and
            # find the highest (a plain loop, the cheapest way over three cards)
            trumps = top = 0
            for c in state.dealt[seat]:
                if SUIT[c] == trump:
                    trumps += 1
                    if VALUE[c] > top:
                        top = VALUE[c]
            play(bids[seat][0 if trumps >= 2 or top >= HIGH_TRUMP else 1])  # knock, fold
        elif ph == BUY:
            left = len(state.talon) - state.tp
            away = []
            for c in state.hand_of(seat):
                if SUIT[c] != trump and VALUE[c] != 14:
                    away.append(c)
            if len(away) > left:
                away.sort(key=VALUE.__getitem__)
                away = away[:left]
            play(exchange(seat, tuple(sorted(away, key=ORDER.__getitem__))))
        else:
            legal = state.playable()
            if len(legal) == 1:
                card = legal[0]
            else:
                trick = state.trick
                if not trick:
                    card = max(legal, key=lambda c: _strength(c, trump))
                else:
                    n = len(trick)
                    wins = [c for c in legal if winning_index([*trick, c], trump) == n]
                    pool = wins or legal
                    card = min(pool, key=lambda c: _strength(c, trump))
            play(plays[seat][card])


def value(state: KopknackState, seat: int) -> float:
    """The money ``seat`` wins or loses in this deal: its share of the pot, less a penalty
    for taking no trick, less the ante if it dealt."""
    out = state.outcome
    assert out is not None
    ante = state.stake if seat == state.dealer else 0
    return float(out.payout[seat] - out.penalty[seat] - ante)
