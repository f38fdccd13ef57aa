"""Computer players. They get an observation and the legal actions, never the state.

``RandomBot`` (in the core) is the baseline. ``KopknackHeuristic`` plays the way a sensible
beginner is taught: knock when the hand will probably take a trick (and more readily when the
pot is big or few are left to speak), buy away the cards that cannot win, and in the play
win a trick as cheaply as possible, or else throw the least useful card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..protocol import RandomBot
from .cards import PACK, SUIT, VALUE
from .observation import Observation
from .tricks import beats, winning_index

__all__ = ["RandomBot", "KopknackHeuristic", "trick_chance", "card_chance"]

_UNSEEN = 49  # cards a seat cannot see at the deal: 52 less its own three


def card_chance(card: str, trump: str, rivals: float, seen: Sequence[str] = ()) -> float:
    """A rough chance that ``card`` takes a trick against ``rivals`` other players.

    A card wins when no rival holds a higher card that can beat it: a higher trump for a
    trump; for a side card, a higher card of its suit or any trump. Each rival is taken to
    see about four cards of the unseen pack by the play (three dealt, one bought), each
    card independently: crude, but it orders hands the way players do.
    """
    per = min(0.95, 4.0 * max(rivals, 0.0) / _UNSEEN)  # chance a given card is with a rival
    if not isinstance(seen, set | frozenset):
        seen = set(seen)
    s, v = SUIT[card], VALUE[card]
    higher = sum(1 for w in range(v + 1, 15) if _NAMES[w, s] not in seen)
    if s == trump:
        return (1 - per) ** higher
    trumps = sum(1 for w in range(2, 15) if _NAMES[w, trump] not in seen)
    # a rival void in the suit trumps it; about a third of the time in a short hand
    return (1 - per) ** higher * (1 - per / 3) ** trumps


def _name(value: int, suit: str) -> str:
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(value, str(value))
    return rank + suit


# Card names by (value, suit), made once: the chances above ask for them in inner loops.
_NAMES: dict[tuple[int, str], str] = {(v, s): _name(v, s) for v in range(2, 15) for s in "SHDC"}


def trick_chance(hand: Sequence[str], trump: str, rivals: float,
                 seen: Sequence[str] = ()) -> float:
    """A rough chance that ``hand`` takes at least one trick against ``rivals`` players."""
    miss = 1.0
    for c in hand:
        miss *= 1 - card_chance(c, trump, rivals, seen)
    return 1 - miss


class KopknackHeuristic:
    """A rule-of-thumb Köpknack player, seeing only its observation.

    ``boldness`` shifts its knocking: above 0 it knocks on weaker hands, below 0 only on
    stronger ones.
    """

    def __init__(self, name: str = "heuristic", boldness: float = 0.0) -> None:
        self.name = name
        self.boldness = boldness

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        verb = legal[0].verb
        if len(legal) == 1:
            return legal[0]
        if verb in ("knock", "fold"):
            return self._bid(obs, legal)
        if verb == "exchange":
            return self._exchange(obs, legal)
        return self._play(obs, legal)

    def interrupt(self, obs: Observation, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        return None  # Köpknack has no calls out of turn

    # -- bidding --------------------------------------------------------------------------------

    def _bid(self, obs: Observation, legal: Sequence[Action]) -> Action:
        by = {a.verb: a for a in legal}
        bids = obs.bids
        knocked = sum(1 for b in bids.values() if b == "knock")
        to_speak = len(obs.names) - len(bids) - 1  # after this seat
        rivals = knocked + 0.35 * to_speak
        if knocked == 0 and to_speak <= 1:
            # Nobody has knocked: if the rest fold too, this seat sweeps the pot unopposed.
            rivals *= 0.5
        rivals = max(rivals, 1.0)
        trump = obs.trump_suit
        hand = obs.hand
        keep = [c for c in hand if card_chance(c, trump, rivals, [obs.trump]) >= 0.2]
        chance = trick_chance(keep, trump, rivals, [obs.trump])
        # Buying may replace up to six weak cards; a fresh card takes a trick now and then.
        swaps = min(3, len(hand) - len(keep)) * 2
        chance = 1 - (1 - chance) * (1 - 0.08) ** swaps
        penalty = obs.stake * obs.rules.penalty_stakes
        gain = chance * obs.pot / 3 * (1 + chance) - (1 - chance) * penalty
        return by["knock"] if gain + self.boldness * penalty > 0 else by["fold"]

    # -- buying ---------------------------------------------------------------------------------

    def _exchange(self, obs: Observation, legal: Sequence[Action]) -> Action:
        rivals = max(1.0, len(obs.in_play) - 1.0)
        trump = obs.trump_suit
        seen = [obs.trump, *obs.gone]
        # A card is weak when a card drawn blind from the talon would probably do better.
        unseen = [c for c in PACK if c not in seen and c not in obs.hand]
        blind = sum(card_chance(c, trump, rivals, seen) for c in unseen) / len(unseen)
        weak = sorted((c for c in obs.hand if card_chance(c, trump, rivals, seen) < blind),
                      key=lambda c: card_chance(c, trump, rivals, seen))
        most = max(len(a.get("cards")) for a in legal)
        want = set(weak[:most])
        for a in legal:
            if set(a.get("cards")) == want:
                return a
        return legal[0]  # keeping the hand is always among the choices

    # -- the play ---------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        trump = obs.trump_suit
        cards = [a.get("card") for a in legal]
        by = dict(zip(cards, legal, strict=True))
        trick = [c for _, c in obs.trick]
        seen = [obs.trump, *obs.gone, *(c for _, _, c in obs.played)]
        rivals = max(1.0, len(obs.in_play) - 1.0)
        if not trick:  # leading: the card most likely to hold the trick
            return by[max(cards, key=lambda c: (card_chance(c, trump, rivals, seen),
                                                 VALUE[c]))]
        best = trick[winning_index(trick, trump)]
        winners = [c for c in cards if beats(c, best, trump)]
        last = len(trick) == len(obs.in_play) - 1
        if winners:
            if last:
                return by[min(winners, key=lambda c: (SUIT[c] == trump, VALUE[c]))]
            return by[max(winners, key=lambda c: (card_chance(c, trump, rivals, seen),
                                                  -VALUE[c]))]
        return by[min(cards, key=lambda c: (SUIT[c] == trump, VALUE[c]))]
