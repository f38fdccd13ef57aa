"""Computer players. They get an observation and the legal actions, never the state.

``RandomBot`` (in the core) is the baseline. ``KnockHeuristic`` plays as a careful beginner
is taught: draw the discard pile's top card when it lowers the hand more than a card from
the stock is likely to, throw the card that leaves the lowest hand while keeping pairs and
2s that may grow into sets, and knock when the hand is probably the lowest at the table,
judged from how many cards each opponent has drawn.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from functools import lru_cache

from ..actions import Action
from ..protocol import RandomBot
from .cards import DECK_SIZE, INDEX, POINTS, RANK, TWO
from .fast import shuffled_pack
from .observation import Observation
from .value import KEY, value_of_key

__all__ = ["RandomBot", "KnockHeuristic", "greedy_values", "chance_not_beaten"]

_SAMPLES = 600
_MAX_DRAWS = 16


@lru_cache(maxsize=2)
def greedy_values(two: int = 2) -> tuple[tuple[int, ...], ...]:
    """For ``k`` draws (0 to 16), the sorted values of ``_SAMPLES`` hands a greedy player
    holds after drawing ``k`` random cards and each time throwing the card that leaves the
    lowest value: a picture of how low an opponent who plays sensibly is by now.

    Made once per process from a fixed seed (about a tenth of a second), so the bot is as
    reproducible as the rest of the engine.
    """
    rng = random.Random(20240610)
    by_draws: list[list[int]] = [[] for _ in range(_MAX_DRAWS + 1)]
    for _ in range(_SAMPLES):
        deck = shuffled_pack(rng)
        held = deck[:5]
        key = sum(KEY[c] for c in held)
        by_draws[0].append(value_of_key(key, two))
        for k in range(1, _MAX_DRAWS + 1):
            c = deck[4 + k]
            key += KEY[c]
            held.append(c)
            best = min(range(6), key=lambda i: (value_of_key(key - KEY[held[i]], two),
                                                -POINTS[held[i]]))
            key -= KEY[held[best]]
            del held[best]
            by_draws[k].append(value_of_key(key, two))
    return tuple(tuple(sorted(v)) for v in by_draws)


def chance_not_beaten(value: int, draws: int, two: int = 2) -> float:
    """The chance that a greedy opponent who has drawn ``draws`` cards is not strictly
    below ``value`` (so a knock on ``value`` survives that opponent)."""
    table = greedy_values(two)[min(draws, _MAX_DRAWS)]
    return 1 - bisect.bisect_left(table, value) / len(table)


class KnockHeuristic:
    """A rule-of-thumb Knock player that reads only its observation.

    ``nerve`` is the chance of a valid knock it wants before knocking (default 0.6): lower
    knocks sooner and risks more stars.
    """

    def __init__(self, name: str = "heuristic", nerve: float = 0.6) -> None:
        self.name = name
        self.nerve = nerve

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        verbs: dict[str, list[Action]] = {}
        for a in legal:
            verbs.setdefault(a.verb, []).append(a)
        two = obs.rules.unused_two
        mine = [INDEX[c] for c in obs.hand]
        if "discard" in verbs:
            return self._discard(obs, verbs["discard"], mine, two)
        if "knock" in verbs and self._knock_now(obs, mine, two):
            return verbs["knock"][0]
        draws = {a.get("from"): a for a in verbs["draw"]}
        top = obs.discard_top
        if top is None or "discard" not in draws:
            return draws["stock"]
        take = _best_after(mine, INDEX[top], two, keep=INDEX[top])
        unseen = _unseen(obs)
        if not unseen:
            return draws["discard"]
        expected = _expected_best(mine, unseen, two)
        # A card from the stock is secret; the discard pile's top tells the table what we
        # keep, so take it only when it is clearly better.
        return draws["discard"] if take + 0.5 < expected else draws["stock"]

    def _knock_now(self, obs: Observation, mine: list[int], two: int) -> bool:
        value = value_of_key(sum(KEY[c] for c in mine), two)
        chance = 1.0
        for s in obs.order:
            if s == obs.seat:
                continue
            # Each opponent still has its last turn to come, hence the extra draw; one who
            # took from the discard pile is building something, so count it as further on.
            took = sum(1 for c in obs.known(s) if c is not None)
            chance *= chance_not_beaten(value, obs.turns_played(s) + 1 + 2 * took, two)
        return chance >= self.nerve

    def _discard(self, obs: Observation, options: list[Action], mine: list[int],
                 two: int) -> Action:
        key = sum(KEY[c] for c in mine)
        left = _left_by_rank(obs)

        def worth(a: Action) -> tuple[float, int]:
            c = INDEX[a.get("card")]
            rest = [x for x in mine if x != c]
            v = value_of_key(key - KEY[c], two)
            return (v - _promise(rest, left), -POINTS[c])

        return min(options, key=worth)

    def interrupt(self, obs: Observation, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        return None  # Knock has no calls out of turn


def _best_after(mine: list[int], card: int, two: int, keep: int = -1) -> int:
    """The lowest value after adding ``card`` and throwing one card (never ``keep``)."""
    key = sum(KEY[c] for c in mine) + KEY[card]
    return min(value_of_key(key - KEY[c], two) for c in (*mine, card) if c != keep)


def _expected_best(mine: list[int], unseen: list[int], two: int) -> float:
    """The mean of ``_best_after(mine, c)`` over the unseen cards ``c``. A hand's value
    depends on its ranks only, so each rank is worked out once and counted as often as it
    is unseen: the same sum of whole numbers as card by card, three times fewer values."""
    base = sum(KEY[c] for c in mine)
    keys = [KEY[c] for c in mine]
    by_rank: dict[int, list[int]] = {}
    for c in unseen:
        by_rank.setdefault(KEY[c], []).append(c)
    total = 0
    for k, cards in by_rank.items():
        key = base + k
        total += len(cards) * min(value_of_key(key - x, two) for x in (*keys, k))
    return total / len(unseen)


def _unseen(obs: Observation) -> list[int]:
    seen = {INDEX[c] for c in obs.seen}
    return [c for c in range(DECK_SIZE) if c not in seen]


def _left_by_rank(obs: Observation) -> list[int]:
    """How many cards of each rank this seat has not seen: what may still come."""
    left = [4] * 13
    for c in obs.seen:
        left[RANK[INDEX[c]]] -= 1
    return left


def _promise(cards: list[int], left: list[int]) -> float:
    """What a hand's pairs and 2s may still save: a pair of a rank still out there may
    become a set (worth its points), and a 2 helps any pair. Weighted well below certain."""
    counts = [0] * 13
    for c in cards:
        counts[RANK[c]] += 1
    if counts[TWO]:
        return 0.0  # a 2 with a pair is a set already, so the value counts it
    saving = 0.0
    for r, n in enumerate(counts):
        if r != TWO and n == 2:
            chances = left[r] + left[TWO]  # the same rank or any 2 may still come
            saving += 2 * (r + 1) * min(1.0, chances / 12)
    return 0.3 * saving


