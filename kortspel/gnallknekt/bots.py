"""Computer players. They get an observation and the legal actions, never the state.

``RandomBot`` (in the core) is the baseline. ``GnallknektHeuristic`` plays the way a beginner
is taught: take the discard when it helps, attack where an attack gains most (a pile emptied,
a player knocked out, a pair taken) for the least it spends, defend its weakest pile, keep its
Jacks and pairs, and throw away the card it needs least.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..protocol import RandomBot
from .cards import _JACKS, _RANK, attack_value, beats, pile_value, top_unit
from .observation import Observation, Pile

__all__ = ["RandomBot", "GnallknektHeuristic", "top_safety", "card_keep"]


def top_safety(up: Sequence[str]) -> float:
    """How hard the top of a pile is to beat: a Jack on top needs a Jack, a pair needs a pair
    or a Jack, a single falls to its rank, to higher cards of its suit, to any Jack or pair.
    On a pile the Ace is the weakest single of all."""
    unit = top_unit(up)
    if not unit:
        return 0.0
    if unit[0] in _JACKS:
        return 20.0
    if len(unit) == 2:
        return 14.0 + pile_value(unit[0]) / 2
    return float(pile_value(unit[0]))


def card_keep(card: str, hand: Sequence[str]) -> float:
    """How much a card in hand is worth keeping: Jacks most, then cards that make a pair,
    then high cards (they attack their suit and stand firm on a pile)."""
    if card in _JACKS:
        return 20.0
    pairs = sum(1 for c in hand if _RANK[c] == _RANK[card]) > 1
    return (10.0 if pairs else 0.0) + attack_value(card) / 2


class GnallknektHeuristic:
    """A rule-of-thumb Gnällknekt player that reads only its observation.

    ``aggression`` is the least an attack must gain over what it spends to be made;
    ``shore_up`` the size at which an own pile is defended before any attack.
    """

    def __init__(self, name: str = "heuristic", aggression: float = 0.0,
                 shore_up: int = 2) -> None:
        self.name = name
        self.aggression = aggression
        self.shore_up = shore_up

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if "draw" in verbs:
            return self._draw(obs, legal)
        attacks = [a for a in legal if a.verb == "attack"]
        defences = [a for a in legal if a.verb == "defend"]
        # A pile down to its last two cards is shored up before anything else: losing piles
        # costs draws, and the last one the game.
        weakest = min((p.size for p in obs.piles(obs.seat) if p), default=0)
        if defences and weakest <= self.shore_up:
            best_d = self._best_defence(obs, defences)
            if best_d is not None:
                return best_d
        if attacks:
            best, score = self._best_attack(obs, attacks)
            if best is not None and score > self.aggression:
                return best
        if defences:
            best_d = self._best_defence(obs, defences)
            if best_d is not None:
                return best_d
        return self._discard(obs, legal)

    def interrupt(self, obs: Observation, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        return None  # Gnällknekt has no calls out of turn

    # -- drawing ----------------------------------------------------------------------------

    def _draw(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Take the top discard when it helps: a Jack, a card that pairs one in hand, or a
        card that beats the top of a pile it could empty; otherwise the stock."""
        by_source = {a.get("from"): a for a in legal}
        if "discard" in by_source and obs.discard:
            card = obs.discard[-1]
            hand = obs.hand
            useful = card in _JACKS or any(_RANK[c] == _RANK[card] for c in hand)
            if not useful:
                for seat in obs.seats_in:
                    if seat == obs.seat:
                        continue
                    for pile in obs.piles(seat):
                        unit = top_unit(pile.up)
                        if unit and pile.down == 0 and len(pile.up) == len(unit) \
                                and beats((card,), unit):
                            useful = True
            if useful or "stock" not in by_source:
                return by_source["discard"]
        return by_source.get("stock", legal[0])

    # -- attacking ---------------------------------------------------------------------------

    def _best_attack(self, obs: Observation, attacks: Sequence[Action]
                     ) -> tuple[Action | None, float]:
        """The attack that gains most for the least it spends. Every card taken off another
        player's pile is progress (the only way to win), so nearly any attack beats none:
        what spending costs only decides *which* attack, keeping Jacks and pairs for the
        piles that need them and the own piles standing."""
        hand = obs.hand
        mine = obs.piles(obs.seat)
        seats_in = obs.seats_in
        lives = {s: obs.lives(s) for s in seats_in}
        most = max(lives.values())
        jacks = sum(1 for c in hand if c in _JACKS)
        index = {name: s for s, name in enumerate(obs.names)}
        # Attacks share their targets and their cards: each gain and each cost is worked
        # out once, in the same steps, so the scores (and the choice) are as if each attack
        # were scored alone.
        gains: dict[tuple[str, int], float] = {}
        costs: dict[tuple[tuple[str, ...], int | str], float] = {}
        best: Action | None = None
        best_score = float("-inf")
        for a in attacks:
            # an attack's arguments: cards, from, target, pile (``state._play`` reads them so)
            (_, cards), (_, src), (_, name), (_, at) = a.args
            gain = gains.get((name, at))  # type: ignore[arg-type]
            if gain is None:
                target = index[name]  # type: ignore[index]
                pile: Pile = obs.pile(target, at)  # type: ignore[arg-type]
                unit = top_unit(pile.up)
                gain = float(len(unit))
                if pile.size == len(unit):  # the pile goes
                    gain += 3.0
                    if lives.get(target, 0) == 1:  # and its owner is out
                        gain += 6.0 if len(seats_in) > 2 else 50.0
                if lives.get(target) == most:
                    gain += 0.3  # hold back the leader
                gains[name, at] = gain  # type: ignore[index]
            cost = costs.get((cards, src))  # type: ignore[arg-type]
            if cost is None:
                if src == "hand":
                    cost = 0.0
                    for c in cards:  # type: ignore[union-attr]
                        if c in _JACKS:
                            cost += 1.2 if jacks <= 1 else 0.6
                        else:
                            cost += attack_value(c) / 30
                    if len(cards) == 2:  # type: ignore[arg-type]
                        cost += 0.6
                else:
                    own = mine[src]  # type: ignore[index]
                    # Taking cards off an own pile weakens it; worth it only when its top
                    # is weak anyway, and never for the last cards of a pile.
                    n = len(cards)  # type: ignore[arg-type]
                    cost = 1.2 * n + (3.0 if own.size == n else 0.0)
                    cost -= max(0.0, 6 - top_safety(own.up)) / 6
                costs[cards, src] = cost  # type: ignore[index]
            score = gain - cost
            if score > best_score:
                best, best_score = a, score
        return best, best_score

    # -- defending ---------------------------------------------------------------------------

    def _best_defence(self, obs: Observation, defences: Sequence[Action]) -> Action | None:
        """Strengthen the weakest own pile when a spare card makes its top safer."""
        hand = obs.hand
        mine = obs.piles(obs.seat)
        threatened = any(p and p.size <= 3 for p in mine) or obs.lives(obs.seat) == 1
        best: Action | None = None
        best_score = 0.0
        for a in defences:
            i = a.get("pile")
            pile = mine[i]
            cards = a.get("cards")
            after = list(pile.up) + list(cards)
            gain = top_safety(after) - top_safety(pile.up)
            weakness = 1.0 / pile.size  # the fewer cards a pile holds, the more it matters
            spend = sum(card_keep(c, hand) for c in cards) / (4 if threatened else 2)
            if any(c in _JACKS for c in cards) and not threatened:
                spend += 10.0  # keep Jacks for attacking while no pile is in danger
            score = gain * (1 + 4 * weakness) - spend
            if score > best_score:
                best, best_score = a, score
        return best

    # -- ending the turn -------------------------------------------------------------------

    def _discard(self, obs: Observation, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if a.verb == "discard"]
        if not discards:
            return next((a for a in legal if a.verb == "end"), legal[0])
        hand = obs.hand
        return min(discards, key=lambda a: card_keep(a.get("card"), hand))
