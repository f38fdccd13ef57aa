"""Kille hand records: reading a deal and its actions, checking every field, writing it back.

A record is the single source of truth for a hand: replays, undo and the worked examples
are all built from one. Everything that can be wrong in a record is refused here with a
``RecordError`` that names the field.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, Protocol

from ..checks import quote
from ..errors import InvalidDealError, RecordError
from ..records import check_text_fields, get_field, shuffle_fields
from ..shell import check_record, play_record, record_rules, record_seats
from .cards import HARLEKIN, HUSAR, HUSU, KAVALL, KINDS, KUKU, VARDSHUS, card_name, parse_kind
from .rules import Rules
from .state import HandTable, KilleState, play_order

PLAIN = VARDSHUS  # kinds below this (Blaren .. 12) do nothing but rank


class RecordTable(HandTable, Protocol):
    """What reading a record needs of the table it is read at: a table to deal the hand at
    (``state.HandTable``), and its own reading of a record's lives and dealer.

    The table (``game.KilleGame``) is drawn above the records, since it reads and writes
    records with the functions here, so they name here what they need of it rather than
    importing it: ``KilleGame`` fits by its shape alone.
    """

    def _lives(self, lives: Sequence[int] | Mapping[str, int] | None) -> list[int]: ...

    def _dealer(self, dealer: int | str | None, lives: Sequence[int]) -> int: ...


def replay_record(table: RecordTable, record: Mapping[str, Any],
                  upto: int | None = None) -> KilleState:
    """The state after the record's actions (or only the first ``upto`` of them)."""
    return play_record(state_from_record(table, record), record, upto)


def state_from_record(game: RecordTable, record: Mapping[str, Any]) -> KilleState:
    """The hand as dealt in ``record``, before any of its actions."""
    check_record(record)
    if record.get("game", "kille") != "kille":
        raise RecordError(f"this is a record of {quote(record.get('game'), 40)}, not of Kille")
    record_seats(record, game)
    if record_rules(record, Rules) != game.rules:
        raise RecordError("the record's rules options differ from this table's")
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
        # A record names every card by text, exactly: 8 (a number) is not the card "8",
        # though a lesson's own call may say it so (``parse_kind``).
        if not isinstance(name, str):
            raise InvalidDealError(f"{where} is {quote(name, 40)}; a Kille record names a card by "
                                   f"text such as \"Kavall\" or \"8\"")
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
        "actions": [a.to_json() for a in state._actions],
    }
    if any(v != g.rules.lives for v in state.lives):
        rec["lives"] = {names[s]: v for s, v in enumerate(state.lives)}
    if g.rules != Rules():
        rec["rules"] = asdict(g.rules)
    # The count at the deal, not after this hand's own accepted ask (if any): the record
    # replays that ask itself.
    asks = state.asks - sum(1 for a in state._actions if a.verb == "accept")
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


