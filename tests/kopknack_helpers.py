"""Small helpers for the Köpknack engine tests: explicit deals as records, and reading states.

A test names the deal the way a record does (``a=["AS", "7H", "2C"]``, trump ``"9D"``) and
the actions the way a person types them (``"a knock"``, ``"a exchange 2C 7H"``, ``"b play
KS"``); everything goes through the record form, so each deal also checks that records say
what they mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import kortspel
from kortspel.french import PACK
from kortspel.kopknack import KopknackState


def act(text: str) -> dict[str, Any]:
    """``"a exchange 2C 7H"`` -> ``{"seat": "a", "do": "exchange", "cards": ["2C", "7H"]}``."""
    words = text.split()
    seat, verb, rest = words[0], words[1], words[2:]
    out: dict[str, Any] = {"seat": seat, "do": verb}
    if verb == "exchange":
        out["cards"] = rest
    elif verb == "play":
        out["card"] = rest[0]
    return out


def record(hands: Mapping[str, Sequence[str]], trump: str, *actions: str,
           talon: Sequence[str] = (), dealer: str | None = None, stake: int = 3,
           pot: int = 0, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A deal record. ``hands`` in seat order (the last seat deals unless ``dealer`` says);
    ``talon`` is its top, and the cards nobody was given follow it in the pack's order."""
    names = list(hands)
    named = {c for h in hands.values() for c in h} | {trump} | set(talon)
    rec: dict[str, Any] = {
        "game": "kopknack", "seats": names,
        "dealer": dealer if dealer is not None else names[-1],
        "stake": stake, "pot": pot,
        "deal": {n: list(h) for n, h in hands.items()}, "trump": trump,
        "talon": list(talon) + [c for c in PACK if c not in named],
        "actions": [act(a) for a in actions],
    }
    if rules is not None:
        rec["rules"] = dict(rules)
    return rec


def play(hands: Mapping[str, Sequence[str]], trump: str, *actions: str,
         **kw: Any) -> KopknackState:
    """The state after ``actions`` on this deal."""
    return kortspel.replay(record(hands, trump, *actions, **kw))


def bids(state_or_names: Sequence[str], dealer: str, knock: Iterable[str]) -> list[str]:
    """Every seat's bid from the dealer's left round to the dealer: knock if in ``knock``."""
    names = list(state_or_names)
    d = names.index(dealer)
    order = [names[(d + 1 + i) % len(names)] for i in range(len(names))]
    knockers = set(knock)
    return [f"{s} {'knock' if s in knockers else 'fold'}" for s in order]


def keep(active: Sequence[str]) -> list[str]:
    """Both buying rounds with every seat in the play keeping its hand."""
    return [f"{s} exchange" for s in active] * 2


def to_play(hands: Mapping[str, Sequence[str]], trump: str, knock: Sequence[str],
            *plays: str, **kw: Any) -> KopknackState:
    """Bid (``knock`` knock, the rest fold), keep every hand, then make ``plays``. ``knock``
    lists the players in their order from the dealer's left."""
    names = list(hands)
    dealer = kw.get("dealer") or names[-1]
    return play(hands, trump, *bids(names, dealer, knock), *keep(knock), *plays, **kw)


def names(state: KopknackState, seats: Iterable[int]) -> list[str]:
    return [state.game.names[s] for s in seats]


def legal_cards_of(state: KopknackState) -> list[str]:
    """The cards the seat to act may play, from the engine's legal actions."""
    return [a.get("card") for a in state.legal_actions()]


def to_act(state: KopknackState) -> str | None:
    return None if state.to_act is None else state.game.names[state.to_act]
