"""Knock round records (the contract's format): reading and checking every field, replaying
the actions, writing a state back, and the hidden-card shuffle of the conformance suite.

A record is one round with the match state carried in (totals, stars, skunks, the seats
out). It is the single source of truth for a round: replays, undo and the worked examples
are all built from one, and everything that can be wrong in it is refused here with a
``RecordError`` that names the field and says what it should be.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from ..checks import brief as _cut
from ..checks import check_int
from ..errors import (
    InvalidDealError,
    KortspelError,
    RecordError,
)
from ..events import Place, Reveal
from ..records import get_field
from ..shell import check_record, check_upto, play_record, record_rules, record_seats
from .cards import DECK_SIZE, INDEX, NAMES, CardError, parse_card
from .rules import GROWS, HAND_SIZE, OUT_OVER, Rules
from .state import Carry, HandTable, KnockState, play_order


def _check_game(record: Mapping[str, Any]) -> None:
    if "game" in record and record["game"] != "knock":
        raise RecordError(f"this is a record of {_cut(record['game'])}, not of Swedish Knock "
                          "(whose records say \"game\": \"knock\")")


def _rules(record: Mapping[str, Any]) -> Rules:
    return record_rules(record, Rules, '{"unused_two": 0}')


def replay_record(game: HandTable, record: Mapping[str, Any],
                  upto: int | None = None) -> KnockState:
    """The state after the record's actions (or only the first ``upto`` of them)."""
    check_upto(upto)
    return play_record(state_from_record(game, record), record, upto)


def _card(text: Any, where: str) -> int:
    try:
        return INDEX[parse_card(text)]
    except CardError as err:
        raise InvalidDealError(f"{where}: {err}") from None


def _per_seat(record: Mapping[str, Any], key: str, names: tuple[str, ...]) -> list[int]:
    """An optional object of whole numbers >= 0 keyed by seat; a seat not listed has 0."""
    raw = record.get(key, {})
    if not isinstance(raw, Mapping):
        raise RecordError(f"the record's {key!r} should be an object of seat names and whole "
                          f"numbers, e.g. {{\"{names[0]}\": 0}}, not {type(raw).__name__}")
    out = [0] * len(names)
    for name, v in raw.items():
        if name not in names:
            raise RecordError(f"the record's {key!r} names {_cut(name)}, who is not a seat; "
                              f"the seats are {', '.join(names)}")
        if type(v) is not int or v < 0:
            raise RecordError(f"the record's {key!r} gives {name} {_cut(v)}; it should be a "
                              "whole number of 0 or more")
        check_int(v, f"the record's {key!r} for {name}", RecordError, GROWS.get(key, 1))
        out[names.index(name)] = v
    return out


def state_from_record(game: HandTable, record: Mapping[str, Any]) -> KnockState:
    """The round as dealt in ``record``, before any of its actions, every field checked."""
    _check_game(check_record(record))
    names = tuple(record_seats(record, game))
    if _rules(record) != game.rules:
        raise RecordError("the record's rules options differ from this table's")
    scores = _per_seat(record, "scores", names)
    stars = _per_seat(record, "stars", names)
    skunks = _per_seat(record, "skunks", names)
    out_names = get_field(record, "out", list, [])
    out: list[int] = []
    for name in out_names:
        if not isinstance(name, str) or name not in names:
            raise RecordError(f"the record's 'out' lists {_cut(name)}, who is not a seat; the "
                              f"seats are {', '.join(names)}")
        if names.index(name) in out:
            raise RecordError(f"the record's 'out' lists {name} twice")
        out.append(names.index(name))
    for s, name in enumerate(names):
        if s in out and scores[s] <= OUT_OVER:
            raise RecordError(f"{name} is listed as out, but {name}'s total is {scores[s]}; a "
                              f"seat is out only over {OUT_OVER}")
        if s not in out and scores[s] > OUT_OVER:
            raise RecordError(f"{name}'s total is {scores[s]}, over {OUT_OVER}, so {name} should "
                              "be listed in 'out'")
    left = [n for s, n in enumerate(names) if s not in out]
    if len(left) < 2:
        raise RecordError(f"only {', '.join(left) or 'no seat'} is still in: the game is over, "
                          "and a round needs two seats still in")
    dealer_name = get_field(record, "dealer", str)
    if dealer_name not in names:
        raise RecordError(f"the record's dealer {_cut(dealer_name)} is not a seat; the seats "
                          f"are {', '.join(names)}")
    dealer = names.index(dealer_name)
    if dealer in out:
        raise RecordError(f"{dealer_name} is out of the game and cannot deal; the seats still "
                          f"in are {', '.join(left)}")
    order = play_order(dealer, len(names), tuple(out))
    deal = get_field(record, "deal", dict)
    missing = [n for n in left if n not in deal]
    extra = [str(n) for n in deal if n not in left]
    if extra:
        raise InvalidDealError(f"the deal gives cards to {_cut(', '.join(extra))}, who "
                               f"{'is' if len(extra) == 1 else 'are'} not a seat still in; "
                               f"the deal is for {', '.join(left)}")
    if missing:
        raise InvalidDealError(f"the deal gives no cards to {', '.join(missing)}; every seat "
                               f"still in ({', '.join(left)}) is dealt {HAND_SIZE}")
    hands: list[list[int]] = [[] for _ in names]
    for s in order:
        cards = deal[names[s]]
        if not isinstance(cards, list) or len(cards) != HAND_SIZE:
            raise InvalidDealError(f"the deal gives {names[s]} {_count(cards)}; each seat is "
                                   f"dealt a list of {HAND_SIZE} cards")
        hands[s] = [_card(c, f"the deal to {names[s]}") for c in cards]
    if "upcard" not in record:
        raise RecordError("the record has no 'upcard' field (the card turned up to start the "
                          "discard pile)")
    upcard = _card(record["upcard"], "the upcard")
    stock_raw = get_field(record, "stock", list)
    stock = [_card(c, f"stock card {i + 1}") for i, c in enumerate(stock_raw)]
    everything = [c for s in order for c in hands[s]] + [upcard] + stock
    if sorted(everything) != list(range(DECK_SIZE)):
        seen: dict[int, int] = {}
        for c in everything:
            seen[c] = seen.get(c, 0) + 1
        twice = [NAMES[c] for c, n in seen.items() if n > 1]
        lacking = [NAMES[c] for c in range(DECK_SIZE) if c not in seen]
        what = []
        if twice:
            what.append(f"given more than once: {', '.join(twice[:6])}")
        if lacking:
            what.append(f"missing: {', '.join(lacking[:6])}"
                        + (f" and {len(lacking) - 6} more" if len(lacking) > 6 else ""))
        raise InvalidDealError(f"the deal, the upcard and the stock together must be the "
                               f"52-card pack, each card once; {'; '.join(what)}")
    carry = Carry(tuple(scores), tuple(stars), tuple(skunks), tuple(out))
    return KnockState(game, dealer, order, carry, hands, upcard, stock)


def _count(value: Any) -> str:
    if isinstance(value, list):
        return f"{len(value)} card{'s' if len(value) != 1 else ''}"
    return _cut(value)


def write_record(state: KnockState) -> dict[str, Any]:
    """The contract's record of ``state``: it replays to the same state."""
    g = state.game
    names = g.names
    c = state.carry
    rec: dict[str, Any] = {
        "game": "knock",
        "seats": list(names),
        "dealer": names[state.dealer],
        "scores": {n: c.scores[s] for s, n in enumerate(names)},
        "stars": {n: c.stars[s] for s, n in enumerate(names)},
        "skunks": {n: c.skunks[s] for s, n in enumerate(names)},
        "out": [names[s] for s in c.out],
        "deal": {names[s]: [NAMES[x] for x in state.dealt[s]]
                 for s in range(len(names)) if s in state.order},
        "upcard": NAMES[state.upcard],
        "stock": [NAMES[x] for x in state.stock0],
        "actions": [a.to_json() for a in state._actions],
    }
    if g.rules != Rules():
        rec["rules"] = g.rules.to_dict()
    return rec


def hidden_shuffle(state: KnockState, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The record of this round so far with the cards ``seat`` has never seen shuffled among
    the places they could be (other seats' dealt cards and the stock), keeping only deals
    whose public story is the same: a seat whose observation changed would have been told a
    card it had no way to know. ``None`` when nothing can be shuffled or no such deal turns
    up in a few tries (a shuffle can give someone a zero hand that would end the round)."""
    seen: set[str] = set()
    for e in state.events:
        if e.visible is None or seat in e.visible:
            for eff in e.effects:
                if type(eff) is Place:
                    seen.update(c for c in eff.cards if c is not None)
                elif type(eff) is Reveal:
                    seen.add(eff.card)
    base = state.record()
    public = [e.text for e in state.events if e.visible is None]
    for _ in range(12):
        rec = json.loads(json.dumps(base))
        slots: list[tuple[list[str], int]] = []
        for cards in rec["deal"].values():
            slots += [(cards, i) for i, c in enumerate(cards) if c not in seen]
        slots += [(rec["stock"], i) for i, c in enumerate(rec["stock"]) if c not in seen]
        if len(slots) < 2:
            return None
        values = [where[i] for where, i in slots]
        rng.shuffle(values)
        for (where, i), v in zip(slots, values, strict=True):
            where[i] = v
        try:
            other = state.game.replay(rec)
        except KortspelError:
            continue
        if other.is_over == state.is_over and \
                [e.text for e in other.events if e.visible is None] == public:
            return rec
    return None
