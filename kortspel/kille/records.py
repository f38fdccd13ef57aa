"""Kille hand records: reading a deal and its actions, checking every field, writing it back.

A record is the single source of truth for a hand: replays, undo and the worked examples
are all built from one. Everything that can be wrong in a record is refused here with a
``RecordError`` that names the field.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError, InvalidActionError, InvalidDealError, RecordError
from ..errors import RulesError as KortspelErrorOfRules
from ..records import (
    check_names,
    check_text_fields,
    get_actions,
    get_field,
    shuffle_fields,
)
from .cards import HARLEKIN, HUSAR, HUSU, KAVALL, KINDS, KUKU, VARDSHUS, card_name, parse_kind
from .rules import Rules

if TYPE_CHECKING:
    from .game import KilleGame
    from .state import KilleState

PLAIN = VARDSHUS  # kinds below this (Blaren .. 12) do nothing but rank


def game_for(record: Any) -> KilleGame:
    """The table a record was played at (its seats and rules)."""
    from .game import KilleGame

    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    names = check_names(get_field(record, "seats", list))
    if not 2 <= len(names) <= 8:
        raise RecordError(f"Kille is played by 2 to 8 seats; the record has {len(names)}")
    rules = record.get("rules", {})
    if not isinstance(rules, Mapping):
        raise RecordError("the record's 'rules' should be an object of options")
    try:
        return KilleGame(names, rules=Rules.from_dict({**asdict(Rules()), **rules}))
    except KortspelErrorOfRules as err:
        raise RecordError(f"the record's rules: {err}") from None





def replay_record(game: KilleGame, record: Mapping[str, Any],
                  upto: int | None = None) -> KilleState:
    """The state after the record's actions (or only the first ``upto`` of them)."""
    state = state_from_record(game, record)
    acts = get_actions(record)
    codec = game.codec
    for i, a in enumerate(acts[:upto] if upto is not None else acts):
        where = f"action {i + 1}"
        try:
            action = codec.from_json(a, where)
        except InvalidActionError as err:
            raise RecordError(str(err)) from None
        try:
            state.apply(action)
        except (IllegalActionError, InvalidActionError) as err:
            raise RecordError(f"{where} ({action}): {err}") from None
    return state


def state_from_record(game: KilleGame, record: Mapping[str, Any]) -> KilleState:
    """The hand as dealt in ``record``, before any of its actions."""
    from .game import play_order
    from .state import KilleState

    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("game", "kille") != "kille":
        raise RecordError(f"this is a record of {record.get('game')!r}, not of Kille")
    names = check_names(get_field(record, "seats", list))
    if tuple(names) != game.names:
        raise RecordError(
            f"the record seats {', '.join(names)} but this table seats "
            f"{', '.join(game.names)}; use kortspel.replay(record) to load its own table"
        )
    rules = record.get("rules", {})
    if not isinstance(rules, Mapping):
        raise RecordError("the record's 'rules' should be an object of options")
    try:
        if Rules.from_dict({**asdict(Rules()), **rules}) != game.rules:
            raise RecordError("the record's rules options differ from this table's")
    except KortspelErrorOfRules as err:
        raise RecordError(f"the record's rules: {err}") from None
    check_text_fields(record)
    lives_raw = record.get("lives")
    if lives_raw is not None and not isinstance(lives_raw, Mapping):
        raise RecordError("the record's 'lives' should map seat names to numbers")
    lv = game._lives(lives_raw)
    d = game._dealer(get_field(record, "dealer", str), lv)
    order = play_order(d, lv)
    deal = get_field(record, "deal", dict)
    active = {game.names[s] for s in order}
    missing = active - set(deal)
    extra = set(deal) - active
    if missing:
        raise InvalidDealError(f"the deal gives no card to {', '.join(sorted(missing))}")
    if extra:
        raise InvalidDealError(
            f"the deal gives cards to {', '.join(sorted(map(str, extra)))}, who are not in "
            "the hand (unknown seat, or no lives left)"
        )
    talon_names = get_field(record, "talon", list, [])
    copies = [0] * len(KINDS)

    def take(name: Any, where: str) -> int:
        k = parse_kind(name)
        if copies[k] == 2:
            raise InvalidDealError(
                f"{where} would need a third {KINDS[k]}; the pack has two of each kind"
            )
        copies[k] += 1
        return k * 2 + copies[k] - 1

    hold = [-1] * game.seats
    for s in order:
        hold[s] = take(deal[game.names[s]], f"the card dealt to {game.names[s]}")
    talon = [take(n, "the talon") for n in talon_names]
    talon += [k * 2 + c for k in range(len(KINDS)) for c in range(copies[k], 2)]
    asks = get_field(record, "asks_accepted", int, 0)
    if not 0 <= asks <= 3:
        raise RecordError("asks_accepted counts accepted asks for better cards: 0 to 3")
    return KilleState(game, d, tuple(lv), order, hold, tuple(talon), asks)


def write_record(state: KilleState) -> dict[str, Any]:
    """The JSON-able record that replays ``state`` exactly (deal, full talon, actions)."""
    g = state.game
    names = g.names
    rec: dict[str, Any] = {
        "game": "kille",
        "version": 1,
        "seats": list(names),
        "dealer": names[state.dealer],
        "deal": {names[s]: card_name(state.dealt[s]) for s in state.order},
        "talon": [card_name(c) for c in state.talon],
        "actions": [a.to_json() for a in state.actions],
    }
    if any(v != g.rules.lives for v in state.lives):
        rec["lives"] = {names[s]: v for s, v in enumerate(state.lives)}
    if g.rules != Rules():
        rec["rules"] = asdict(g.rules)
    # The count at the deal, not after this hand's own accepted ask (if any): the record
    # replays that ask itself.
    asks = state.asks - sum(1 for a in state.actions if a.verb == "accept")
    if asks:
        rec["asks_accepted"] = asks
    return rec


_FIXED_KINDS = frozenset((VARDSHUS, KAVALL, HUSU, HUSAR, KUKU, HARLEKIN))


def hidden_shuffle(state: KilleState, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The record of this hand so far with the plain cards ``seat`` cannot know shuffled
    among the other seats and the talon. Matadors and Harlekins stay where they are, so the
    public story is the same; a seat whose observation changed would have been told a card
    it had no way to know. ``None`` when nothing can be shuffled."""
    from ..registry import frames

    rec = state.record()
    seen_ids = {f.hold[seat] for f in frames(rec)}
    seen_ids |= {c for c in range(2 * len(KINDS)) if state.face >> c & 1}
    names = state.game.names
    slots: list[tuple[str, Any]] = []
    for s in state.order:
        c = state.dealt[s]
        if c not in seen_ids and c >> 1 < PLAIN:
            slots.append(("deal", names[s]))
    for i, c in enumerate(state.talon):
        if c not in seen_ids and c >> 1 < PLAIN:
            slots.append(("talon", i))
    return shuffle_fields(rec, slots, rng)


