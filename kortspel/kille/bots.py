"""Computer players. They get an observation and the legal actions, never the state.

``RandomBot`` (in ``core``) is the baseline; ``KilleHeuristic`` plays the way a sensible
beginner is taught: stand on a good card, pass on a bad one, call Kuku when it hurts others,
and use what the swaps have shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..protocol import RandomBot
from .cards import HARLEKIN, HIGH, KAVALL, KUKU, VARDSHUS
from .observation import Observation
from .state import left_of

__all__ = ["RandomBot", "KilleHeuristic"]


class KilleHeuristic:
    """A rule-of-thumb Kille player.

    ``threshold`` is the lowest kind it stands on (default: kind 9, the number 7, roughly
    the middle of the pack once matadors are counted). With fewer seats there are fewer cards
    to be below, so it stands on a little less.
    """

    def __init__(self, name: str = "heuristic", threshold: int | None = None) -> None:
        self.name = name
        self.threshold = threshold

    def _stand_on(self, obs: Observation) -> int:
        if self.threshold is not None:
            return self.threshold
        n = len(obs.order)
        return {2: 8, 3: 8, 4: 9}.get(n, 9)

    def _my_rank(self, obs: Observation) -> int:
        k = obs.my_kind
        if k is None:
            return 0
        if k == HARLEKIN:
            if obs.seat in obs.low_harlekin:
                return -2
            if obs.rules.dealt_harlekin == "low" and obs.holds_dealt:
                return -1  # Killeboken's rule: a Harlekin you are dealt is the lowest card
            return HIGH
        return k

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        verbs = {a.verb: a for a in legal}
        rank = self._my_rank(obs)
        if "kuku" in verbs:
            return verbs["kuku"]  # freeze the table while others may still be low
        if "accept" in verbs or "depends" in verbs:
            if rank < 6 and "accept" in verbs:
                return verbs["accept"]
            if "depends" in verbs and rank < 10:
                return verbs["depends"]
            return verbs["refuse"]
        if "ask" in verbs and rank < 6:
            return verbs["ask"]
        if "swap" not in verbs:
            return legal[0]
        if rank == -2:
            return verbs["swap"]  # pass the low Harlekin on: it goes across face up
        left = left_of(obs.order, obs.seat)
        known = obs.known
        if left is not None and left in known:
            theirs = known[left]
            if theirs == HARLEKIN and left in obs.low_harlekin:
                return verbs["stand"]  # taking it would make us the low one
            if theirs in (KAVALL, VARDSHUS):
                pass  # the swap skips them; judge on our own card alone
            elif theirs < HIGH and theirs <= rank:
                return verbs["stand"]  # we know their card is no better
            elif theirs == KUKU:
                return verbs["stand"]  # asking a Kuku only ends the round
        if rank >= self._stand_on(obs):
            return verbs["stand"]
        return verbs["swap"]

    def interrupt(self, obs: Observation, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        """Call Kuku once somebody is known to be low: freezing the table then costs them."""
        if not legal:
            return None
        known = obs.known
        for seat, kind in known.items():
            if seat == obs.seat:
                continue
            if seat in obs.low_harlekin or (kind < 6 and kind != HARLEKIN):
                return legal[0]
        return None
