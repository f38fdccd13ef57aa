"""Computer players. They get an observation and the legal actions, never the state.

``RandomBot`` (in the core) is the baseline. ``KopknackHeuristic`` plays the way a sensible
player learns to: knock on a hand whose trumps outweigh what the bidding so far has shown
(measured: ``KNOCK_STRENGTH`` against ``KNOCK_COST``), buy away the cards that cannot win,
and in the play win a trick as cheaply as possible, or else throw the least useful card.

Its first knock rule (each seat still to speak a weak rival) knocked in 41% of deals and
lost to a five-line rule of thumb (issue 21); the measured table beats that rule.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from ..actions import Action
from ..protocol import RandomBot
from .cards import SUIT, VALUE
from .observation import Observation
from .rules import DEFAULT_STAKE
from .tricks import beats, winning_index

__all__ = ["RandomBot", "KopknackHeuristic", "trick_chance", "card_chance", "hand_strength",
           "KNOCK_STRENGTH", "KNOCK_COST"]

_UNSEEN = 49  # cards a seat cannot see at the deal: 52 less its own three


def card_chance(card: str, trump: str, rivals: float, seen: Collection[str] = ()) -> float:
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


def _top_class(value: int) -> int:
    """A trump's place in ``KNOCK_STRENGTH``: below 8, 8-9, 10-Jack, Queen, King, Ace."""
    return 0 if value < 8 else 1 if value < 10 else 2 if value < 12 else value - 9


KNOCK_STRENGTH: tuple[tuple[float, ...], ...] = (
    (0.8,),                              # no trump
    (1.1, 1.6, 2.0, 2.6, 3.4, 4.6),      # one trump, by its class (below 8 ... Ace)
    (1.8, 2.5, 3.1, 3.7, 4.2, 4.8),      # two trumps, by the higher one's class
    (4.6,),                              # three trumps
)
"""What a hand at the bidding is worth, by its trumps (side cards, Aces included, add
nothing measurable: a trump heads them). With ``KNOCK_COST`` it is an additive model of a
knock's money in a deal, ``strength - cost``, fitted (least squares, weighted by count) to
24,000 deals at four and seven seats where, at every bid, a copy of the deal was knocked
and played out among rule-of-thumb players (knock with two trumps or a high trump, buy away
the rest); the money is in the default stake's units. Knock when it is positive."""

KNOCK_COST: tuple[tuple[float, ...], ...] = (
    (0.0, 0.0, 1.0, 2.6),  # nobody has knocked: by seats still to speak after this one
    (2.8, 3.2, 3.4, 4.0),  # one has knocked
    (4.4, 4.5, 4.6, 4.7),  # two or more have knocked
)
"""What knocking risks, by the knocks so far (0, 1, 2 or more) and the seats still to
speak after this one (0, 1, 2, 3 or more): the penalty for a trickless play, and the pot's
thirds shared among more players. Nobody knocked and one (the dealer) left to speak costs
least: the dealer then often folds, and the pot is this seat's alone."""


EXTRA_KNOCK = 0.3
"""What each knock beyond two adds to ``KNOCK_COST``."""
EXTRA_SPEAKER = 0.6
"""What each seat to speak beyond three adds to ``KNOCK_COST``."""
CARRIED = 0.5
"""How much of a carried pot (beyond the ante) a knock counts on, shared among the seats
likely to play (those knocked, this one, and about a third of those still to speak)."""


def hand_strength(hand: Sequence[str], trump: str) -> float:
    """``KNOCK_STRENGTH`` of a hand at the bidding."""
    trumps = sorted((VALUE[c] for c in hand if SUIT[c] == trump), reverse=True)
    if not trumps:
        return KNOCK_STRENGTH[0][0]
    if len(trumps) >= 3:
        return KNOCK_STRENGTH[3][0]
    return KNOCK_STRENGTH[len(trumps)][_top_class(trumps[0])]


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
        """Knock when the hand's strength beats what the bidding so far costs (see
        ``KNOCK_STRENGTH``, ``KNOCK_COST``); ``boldness`` (in stakes' worth of strength)
        moves the bar."""
        by = {a.verb: a for a in legal}
        bids = obs.bids
        knocks = sum(1 for b in bids.values() if b == "knock")
        speak = len(obs.names) - len(bids) - 1  # seats to speak after this one
        knocked, to_speak = min(2, knocks), min(3, speak)
        scale = obs.stake / DEFAULT_STAKE  # the tables are in the default stake's money
        strength = hand_strength(obs.hand, obs.trump_suit) * scale
        # beyond the table's reach (more knocks, more seats to speak) each adds some risk
        cost = (KNOCK_COST[knocked][to_speak] + EXTRA_KNOCK * (knocks - knocked)
                + EXTRA_SPEAKER * (speak - to_speak)) * scale
        # A pot carried in from earlier penalties is there to win too: each trick takes a
        # third of it, and a knocking hand takes about half a trick.
        carried = max(0, obs.pot - obs.stake) * CARRIED / (1 + knocks + 0.35 * speak)
        return by["knock"] if strength + carried + self.boldness * scale > cost else by["fold"]

    # -- buying ---------------------------------------------------------------------------------

    def _exchange(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Buy away every card that is neither a trump nor an Ace (the lowest first when the
        talon runs short): a side King or Queen is headed by any trump, and a blind card may
        be one. Measured against weighing each card's chance of a trick (the first rule),
        this wins more at seven seats and as much at four."""
        trump = obs.trump_suit
        away = {c for c in obs.hand if SUIT[c] != trump and VALUE[c] != 14}
        fits = [a for a in legal if set(a.get("cards")) <= away]
        return max(fits, key=lambda a: (len(a.get("cards")),
                                        -sum(VALUE[c] for c in a.get("cards"))))

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
