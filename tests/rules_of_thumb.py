"""Simple rules of thumb that are not in the project, for the strength tests and figures:
players a person might write in five lines, that the project's players should beat.

- Köpknack (issue 21's rule): knock with two trumps or a high trump (Queen or better), buy
  away every other card, and win a trick cheaply when last to play (else throw the lowest).
- Kille: stand on a 7 or better, swap otherwise (never call Kuku).
- Knock: take the pile's top card if it is an Ace or a 2 (else draw from the stock), throw
  the highest card, knock once the hand is worth 10 or less.
- Gnällknekt: take the discard pile's top card if it is a Jack (else draw from the stock),
  attack from the hand whenever it can (the pile with fewest cards first, paying with the
  lowest cards), never defend, and throw away the lowest card that is not a Jack.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kortspel.actions import Action
from kortspel.kopknack.cards import SUIT, VALUE
from kortspel.kopknack.tricks import winning_index


class KopknackRule:
    """Knock with two trumps or a high trump; buy away the rest; win cheaply when last."""

    def __init__(self, name: str = "rule") -> None:
        self.name = name

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verb = legal[0].verb
        trump = obs.trump_suit
        hand = obs.hand
        if verb in ("knock", "fold"):
            trumps = [VALUE[c] for c in hand if SUIT[c] == trump]
            knock = len(trumps) >= 2 or any(v >= 12 for v in trumps)
            return next(a for a in legal if a.verb == ("knock" if knock else "fold"))
        if verb == "exchange":
            want = {c for c in hand if SUIT[c] != trump}
            best = max((a for a in legal if set(a.get("cards")) <= want),
                       key=lambda a: len(a.get("cards")))
            return best
        cards = [a.get("card") for a in legal]
        by = dict(zip(cards, legal, strict=True))
        trick = [c for _, c in obs.trick]

        def strength(c: str) -> int:
            return VALUE[c] + (100 if SUIT[c] == trump else 0)

        if not trick:
            return by[max(cards, key=strength)]
        last = len(trick) == len(obs.in_play) - 1
        if last:
            wins = [c for c in cards if winning_index([*trick, c], trump) == len(trick)]
            if wins:
                return by[min(wins, key=strength)]
        return by[min(cards, key=strength)]

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> None:
        return None


class KilleRule:
    """Stand on a 7 or better (a matador, a Harlekin too), swap otherwise."""

    def __init__(self, name: str = "rule") -> None:
        self.name = name

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        verbs = {a.verb: a for a in legal}
        kind = obs.my_kind
        if "swap" in verbs and "stand" in verbs:
            return verbs["stand" if kind is not None and kind >= 9 else "swap"]
        if "refuse" in verbs:
            return verbs["refuse"]
        return legal[0]

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> None:
        return None


class KnockRule:
    """Take an Ace or a 2 from the pile, throw the highest card, knock at 10 or less."""

    def __init__(self, name: str = "rule") -> None:
        self.name = name

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        from kortspel.knock.cards import INDEX, POINTS
        from kortspel.knock.value import hand_value

        verbs = {a.verb: a for a in legal}
        hand = list(obs.hand)
        if "draw" in verbs or "knock" in verbs:
            if "knock" in verbs and hand_value(hand) <= 10:
                return verbs["knock"]
            top = obs.discard_top
            if top is not None and top[:-1] in ("A", "2"):
                return next(a for a in legal if a.verb == "draw" and a.get("from") == "discard")
            return next(a for a in legal if a.verb == "draw" and a.get("from") == "stock")
        return max(legal, key=lambda a: POINTS[INDEX[a.get("card")]]
                   if a.get("card")[:-1] != "2" else -1)

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> None:
        return None


class GnallknektRule:
    """Take a Jack from the discard pile, attack the smallest pile cheaply, never defend,
    throw away the lowest card that is not a Jack."""

    def __init__(self, name: str = "rule") -> None:
        self.name = name

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        from kortspel.gnallknekt.cards import attack_value, is_jack

        def price(card: str) -> int:
            return 20 if is_jack(card) else attack_value(card)

        if len(legal) == 1:
            return legal[0]
        if legal[0].verb == "draw":
            by = {a.get("from"): a for a in legal}
            top = obs.discard[-1] if obs.discard else None
            jack = top is not None and is_jack(top)
            return by["discard"] if "discard" in by and (jack or "stock" not in by) \
                else by["stock"]
        seat_of = {name: s for s, name in enumerate(obs.names)}
        attacks = [a for a in legal if a.verb == "attack" and a.get("from") == "hand"]
        if attacks:
            return min(attacks, key=lambda a: (
                obs.pile(seat_of[a.get("target")], a.get("pile")).size,
                sum(price(c) for c in a.get("cards"))))
        discards = [a for a in legal if a.verb == "discard"]
        if discards:
            return min(discards, key=lambda a: price(a.get("card")))
        return next((a for a in legal if a.verb == "end"), legal[0])

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> None:
        return None
