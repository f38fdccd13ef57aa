"""Swedish Knock's part of the search (``kortspel.search``): the cards a seat has not seen,
how to deal them anew with the round's history replayed, and a quick greedy rollout.

Its measure (``value``), the one the coach, the review, the grades and the expert all use,
is a seat's points this round less the others' average: what a player plays for (``value``
says why).

A seat has seen its own cards (dealt and drawn), the upcard, every card thrown on the pile
and every card taken from it. The rest, the other seats' cards it never saw and the stock's,
may lie in any of those places: a card taken from the pile stays in its taker's hand, a card
thrown stays where it was thrown from, so the replayed turns are the real ones; a deal that
would have ended the round earlier (a zero hand) tells another story and is not kept.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import KortspelError
from ..search import Hidden
from .cards import INDEX, POINTS
from .state import KnockState
from .value import KEY, value_of_key

METRIC = ("your points this round less the others' average (stars included)", "lower")
"""Said as a pupil would: your points less the average of the other seats' (below zero: you
scored fewer than they did), fewer is better."""
ROLLOUT_AIM = "floor 2,000"
"""The issue's aim for rollouts a second on one core (``python -m kortspel bench``)."""
BOUNDS = (-200.0, 200.0)

KNOCK_AT = 10
"""The rollout policy knocks on a hand worth this much or less."""
BELIEF_NOISE = None
"""The coach's beliefs in Knock count every sampled deal alike (``coach.beliefs``): weighted
by how likely the others' draws and discards were under the heuristic, the weight rested on a
quarter or a third of the deals and the true card's log-probability fell from −2.13 to −2.38
over 1,000 hands (docs/coach.md), as the heuristic draws from the stock in nearly every world
and so its choices tell little of what a seat holds."""
ANCHORED = True
"""The expert plays as the heuristic unless its search shows a clearly better option (see
``kortspel.search.ExpertBot``): left to its greedy rollouts alone it was only level with the
heuristic (docs/players.md)."""


def _replay(world: KnockState, actions: list[Any]) -> KnockState | None:
    """The turns played again through the round's own ``apply``: every card a turn names
    was seen, so it lies where it lay; a deal in which a turn cannot be played (a round
    that ends sooner, on a zero hand) tells another story and is not kept."""
    try:
        for a in actions:
            world.apply(a)
    except KortspelError:
        return None
    return world


def hidden(state: KnockState, seat: int) -> Hidden:
    """The cards ``seat`` never saw, sorted, and how to deal them into their places."""
    actions = state.actions
    w = KnockState(state.game, state.dealer, state.order, state.carry, state.dealt,
                   state.upcard, state.stock0)
    seen = {state.upcard}
    seen.update(w.cards_of(seat))
    for a in actions:
        if a.verb == "discard":
            seen.add(INDEX[a.args[0][1]])  # type: ignore[index]  # a discard's card: a name
        w.apply(a)
        seen.update(w.cards_of(seat))
    dealt = state.dealt
    spots: list[tuple[int, int]] = [(s, i) for s in state.order
                                    for i, c in enumerate(dealt[s]) if c not in seen]
    stock = [i for i, c in enumerate(state.stock0) if c not in seen]
    cards = sorted([dealt[s][i] for s, i in spots] + [state.stock0[i] for i in stock])
    places: list[Any] = [("hand", s) for s, _ in spots] + [("stock", i) for i in stock]

    def deal(order: list[int]) -> KnockState | None:
        hands = [list(h) for h in dealt]
        k = 0
        for s, i in spots:
            hands[s][i] = order[k]
            k += 1
        stock0 = list(state.stock0)
        for i in stock:
            stock0[i] = order[k]
            k += 1
        world = KnockState(state.game, state.dealer, state.order, state.carry, hands,
                           state.upcard, stock0)
        return _replay(world, actions)

    return Hidden(cards, deal, places)


def rollout(state: KnockState, rng: random.Random) -> None:
    """Play the round out greedily: knock on a hand worth ``KNOCK_AT`` or less; take the
    pile's top when, with the best card thrown, it leaves the hand lower by two or more
    (a stock card lowers it about that much on average), else draw from the stock; throw the
    card that leaves the lowest hand, the highest in points on a tie. Reads each mover's
    own hand and the pile only; uses no randomness. Its moves are the game's own actions,
    played through the round's public ``apply_legal``."""
    g = state.game
    two = g.rules.unused_two
    values = value_of_key
    play = state.apply_legal
    knocks, from_pile, from_stock, discards = g.knocks, g.from_pile, g.from_stock, g.discards
    while not state.is_over:
        seat: int = state.to_act  # type: ignore[assignment]  # a seat while not over
        key = state.key_of(seat)
        mine = state.cards_of(seat)
        if state.phase_name == "draw":
            v = values(key, two)
            if v <= KNOCK_AT and state.may_knock:
                play(knocks[seat])
                continue
            top = state.top_id
            if top is not None:
                k2 = key + KEY[top]
                best = min([values(k2 - KEY[d], two) for d in mine])
                if best <= v - 2 or not state.stock_count:
                    play(from_pile[seat])
                    continue
            play(from_stock[seat])
        else:
            taken = state.taken
            best_card, best_v = -1, 1 << 30
            for d in mine:
                if d == taken:
                    continue
                dv = values(key - KEY[d], two) * 16 - POINTS[d]
                if dv < best_v:
                    best_card, best_v = d, dv
            play(discards[seat][best_card])


def value(state: KnockState, seat: int) -> float:
    """What ``seat`` scores this round against the rest of the table: its points (its hand's
    value plus a false knock's cost) less the average of the other seats' points.

    Why not its own points alone? A game is lost by the seat whose total passes 100 first,
    so a round is worth to a seat what it scores *against the others*: 12 points when they
    score 30 each is a good round, 5 points when they score 0 a bad one. And its own points
    can never favour the game's key decision, the knock: a knock freezes the knocker's hand,
    while one more draw can only lower it (the card drawn may be thrown straight back), so
    by that measure drawing always looks at least as good. What a knock wins is the others'
    turns: it freezes them before they improve. Measured against the others, a knock on a
    low hand late in the round ranks first, as a player knows it should.
    """
    out = state.outcome
    assert out is not None
    scores = out.settlement.round_scores
    others = [float(v) for s, v in enumerate(scores) if s != seat and v is not None]
    own = float(scores[seat] or 0)
    return own - (sum(others) / len(others) if others else 0.0)
