"""The value of an unfinished game of Gnällknekt: each seat's chance of winning it, read off
the table by a small model learned from games the project's heuristic plays
(``tools/train_gnallknekt.py`` fits it and writes ``weights.py``).

The model is a conditional logit: every seat still in gets a score, the sum of its
features (``FEATURES``: its piles and lives, its cards in hand and Jacks, the safety of its
pile tops, whether it moves next, the endgame's clock on its piles) times the shipped
weights, and a seat's chance is its share of ``exp(score)`` among the seats still in. The
chances so add up to 1 (a drawn game counts a half to each of its two seats, as
``worlds.value`` scores it), a seat out has none, and a seat with nothing to tell it from
the others gets an even share.

The evaluator reads the whole table of the world it is given, hands and face-down cards
included: the search deals those from what the seat to advise could not see, and a
world's outcome is the world's own (as a rollout to the end reads who won). Plain Python,
for the browser too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .cards import _JACKS, _RANK, pile_value
from .rules import LAST_ROUND_TURNS, TWO_LEFT_TURNS
from .state import LAST_ROUNDS, NORMAL, TWO_LEFT, GnallknektState
from .weights import FEATURES as SHIPPED_FEATURES
from .weights import WEIGHTS

FEATURES: tuple[str, ...] = (
    "one_life",        # 1 when the seat has one pile left
    "two_lives",       # 1 when it has two
    "pile_cards",      # cards in its piles (face down and up), in tens
    "weakest_pile",    # cards in its smallest pile still standing, in fives
    "hand",            # cards in its hand, in fives
    "jacks",           # Jacks in its hand
    "pairs",           # ranks (not Jacks) held twice or more in its hand
    "top_safety",      # how hard its pile tops are to beat, summed, in twenties
    "jack_tops",       # its piles topped by a Jack
    "to_move",         # 1 for the seat whose turn it is
    "next",            # 1 for the seat after it
    "endgame_cards",   # pile_cards again once two seats are left, by the clock left
    "endgame_lives",   # its piles left, likewise
)
"""The features of one seat, in the order of the weights."""

_CLOCK = TWO_LEFT_TURNS + LAST_ROUND_TURNS

if tuple(SHIPPED_FEATURES) != FEATURES:  # a weights file from another set of features
    raise ImportError("kortspel/gnallknekt/weights.py was fitted for other features; run "
                      "python tools/train_gnallknekt.py to fit it again")


def _safety(up: Sequence[str]) -> float:
    """``bots.top_safety`` of a pile's face-up cards (a Jack 20, a pair 14 and a half of
    its value, a single its value on a pile), kept here so the evaluator reads no bot."""
    if not up:
        return 0.0
    top = up[-1]
    if top in _JACKS:
        return 20.0
    if len(up) >= 2 and _RANK[up[-2]] == _RANK[top]:
        return 14.0 + pile_value(top) / 2
    return float(pile_value(top))


def clock_left(state: GnallknektState) -> float:
    """The share of the endgame's twenty turns still to play: 1 before two seats are left
    (the whole clock to come), falling to 0 as the last rounds run out."""
    if state.phase == NORMAL:
        return 1.0
    done = state.phase_turns + (TWO_LEFT_TURNS if state.phase == LAST_ROUNDS else 0)
    return max(0.0, 1.0 - done / _CLOCK)


def features(state: GnallknektState, seat: int) -> list[float]:
    """``FEATURES`` of ``seat`` in ``state`` (a seat still in)."""
    lives = state._lives[seat]
    ups = state._up[seat]
    downs = state._down[seat]
    sizes = [len(ups[i]) + len(downs[i]) for i in range(3)]
    standing = [s for s in sizes if s]
    hand = state._hands[seat]
    jacks = 0
    ranks: dict[str, int] = {}
    for c in hand:
        if c in _JACKS:
            jacks += 1
        else:
            r = _RANK[c]
            ranks[r] = ranks.get(r, 0) + 1
    safety = 0.0
    jack_tops = 0
    for up in ups:
        if up:
            safety += _safety(up)
            jack_tops += up[-1] in _JACKS
    cur = state.cur
    n = state.game.seats
    nxt = next((s for s in ((cur + k) % n for k in range(1, n)) if state._lives[s]), cur)
    pile_cards = sum(sizes) / 10
    endgame = state.phase in (TWO_LEFT, LAST_ROUNDS)
    clock = clock_left(state)
    return [
        1.0 if lives == 1 else 0.0,
        1.0 if lives == 2 else 0.0,
        pile_cards,
        (min(standing) if standing else 0) / 5,
        len(hand) / 5,
        float(jacks),
        float(sum(1 for k in ranks.values() if k > 1)),
        safety / 20,
        float(jack_tops),
        1.0 if seat == cur else 0.0,
        1.0 if seat == nxt and seat != cur else 0.0,
        pile_cards * clock if endgame else 0.0,
        lives * clock if endgame else 0.0,
    ]


def shares(scores: Sequence[float]) -> list[float]:
    """Each score's share of ``exp(score)`` (a softmax), steady for large scores."""
    top = max(scores)
    ex = [math.exp(s - top) for s in scores]
    total = sum(ex)
    return [e / total for e in ex]


def score(x: Sequence[float], weights: Sequence[float] = WEIGHTS) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def win_chances(state: GnallknektState,
                weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Every seat's chance of winning the game from here, by seat (0 for a seat out)."""
    n = state.game.seats
    seats_in = [s for s in range(n) if state._lives[s]]
    out = [0.0] * n
    if not seats_in:
        return out
    for s, p in zip(seats_in, shares([score(features(state, s), weights)
                                      for s in seats_in]), strict=True):
        out[s] = p
    return out


def win_chance(state: GnallknektState, seat: int,
               weights: Sequence[float] = WEIGHTS) -> float:
    """``seat``'s chance of winning the game from here, by the model (0 for a seat out)."""
    if not state._lives[seat]:
        return 0.0
    return win_chances(state, weights)[seat]
