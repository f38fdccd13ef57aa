"""Gnällknekt records: reading a deal, its actions and its rebuilt stocks, checking every
field, and writing them back, in the contract's format.

A record is one whole game: the seats, the dealer, every seat's three piles (bottom first:
three face-down cards, then the face-up top), the stock (top first), the order of every
stock rebuilt during the game (``reshuffles``, top first) and the actions. Everything that
can be wrong in one is refused here with a ``RecordError`` that names the field and says
what it should be; the engine refuses what the rules forbid, and ``replay_record`` names the
action that broke them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from ..actions import CHANCE, Action, ActionCodec
from ..checks import brief as _brief
from ..checks import quote
from ..errors import InvalidDealError, KortspelError, RecordError
from ..records import check_names, check_text_fields, get_actions, get_field
from ..shell import check_record, check_upto, record_rules, record_seats
from .cards import DOUBLE_PACK, check_pack, parse_card
from .rules import Rules
from .state import SHUFFLE, GnallknektState, HandTable, chance_action

NAME = "gnallknekt"
AWAITING = "awaiting_reshuffle"
"""A record written while a rebuilt stock waits for its order (``state.to_act == CHANCE``)
says so with ``"awaiting_reshuffle": true``; it then replays to that moment. Without it, a
draw from the empty stock with no ``reshuffles`` entry left is a bad record, as the contract
says: the project's one addition to the contract's format, for its own snapshots."""


class RecordTable(HandTable, Protocol):
    """What reading a record needs of the table it is read at: a table to deal the game at
    (``state.HandTable``), the seat each name stands for, the codec that reads an action, and
    its memory of the action objects already read (``parsed``) and of its own actions
    (``own``), which ``_read_action`` keeps.

    The table (``game.GnallknektGame``) is drawn above the records, since it reads and writes
    records with the functions here, so they name here what they need of it rather than
    importing it: ``GnallknektGame`` fits by its shape alone.
    """

    @property
    def index(self) -> dict[str, int]: ...

    @property
    def codec(self) -> ActionCodec: ...

    @property
    def parsed(self) -> dict[Any, Action]: ...

    @property
    def own(self) -> dict[int, Action]: ...


def _check_game(record: Any) -> None:
    game = check_record(record).get("game")
    if game != NAME:
        raise RecordError(f"a Gnällknekt record says \"game\": \"gnallknekt\", written "
                          f"exactly so, not {quote(game, 40)}")


def _rules(record: Mapping[str, Any]) -> Rules:
    return record_rules(record, Rules, '{"draw": "piles"}')


def _seats(record: Mapping[str, Any]) -> list[str]:
    names = check_names(get_field(record, "seats", list))
    if not 3 <= len(names) <= 5:
        raise RecordError(f"Gnällknekt is played by 3 to 5 seats; the record has "
                          f"{len(names)}")
    return names


def _card(text: Any, where: str) -> str:
    try:
        return parse_card(text)
    except KortspelError as err:
        raise InvalidDealError(f"{where}: {err}") from None


def state_from_record(game: RecordTable, record: Mapping[str, Any]) -> GnallknektState:
    """The game as dealt in ``record``, before any of its actions; every field checked."""
    _check_game(record)
    names = _seats(record)
    record_seats(record, game)
    if _rules(record) != game.rules:
        raise RecordError("the record's rules options differ from this table's")
    check_text_fields(record)
    dealer = get_field(record, "dealer", str)
    if dealer not in game.index:
        raise RecordError(f"the dealer {quote(dealer, 40)} is not one of the seats "
                          f"{', '.join(names)}")
    raw_piles = get_field(record, "piles", dict)
    missing = [n for n in names if n not in raw_piles]
    extra = [str(k) for k in raw_piles if k not in game.index]
    if extra:
        raise InvalidDealError(f"the piles name {', '.join(extra)[:60]}, who "
                               f"{'is' if len(extra) == 1 else 'are'} not at this table; the "
                               f"seats are {', '.join(names)}")
    if missing:
        raise InvalidDealError(f"the piles give nothing to {', '.join(missing)}: every seat "
                               "has three piles of four cards")
    piles: list[list[list[str]]] = []
    for name in names:
        three = raw_piles[name]
        if not isinstance(three, list) or len(three) != 3:
            raise InvalidDealError(f"{name}'s piles should be a list of three piles, not "
                                   f"{_brief(three)}")
        seat_piles = []
        for i, pile in enumerate(three):
            where = f"{name}'s pile {i}"
            if not isinstance(pile, list) or len(pile) != 4:
                raise InvalidDealError(f"{where} should be four cards, bottom first (three "
                                       f"face down, then the face-up top), not {_brief(pile)}")
            seat_piles.append([_card(c, where) for c in pile])
        piles.append(seat_piles)
    raw_stock = get_field(record, "stock", list)
    stock = [_card(c, f"stock card {i + 1}") for i, c in enumerate(raw_stock)]
    every = [c for seat in piles for p in seat for c in p] + stock
    problems = check_pack(every, copies=2)
    if problems:
        raise InvalidDealError(f"the piles and the stock should hold the 104 cards of two "
                               f"packs, each card exactly twice: {'; '.join(problems)}")
    get_field(record, "reshuffles", list, [])  # its entries are read as stocks are rebuilt
    get_actions(record)
    return GnallknektState(game, game.index[dealer], piles, stock)


def replay_record(game: RecordTable, record: Mapping[str, Any],
                  upto: int | None = None) -> GnallknektState:
    """The state after the record's actions, or after the first ``upto`` of the game's
    actions (``state.actions``: a rebuilt stock's chance turn counts as one). Each time the
    game rebuilds its stock the next entry of ``reshuffles`` orders it; entries left over
    are ignored, as the contract says."""
    check_upto(upto)
    state = state_from_record(game, record)
    acts = get_actions(record)
    shuffles = get_field(record, "reshuffles", list, [])
    i = r = 0
    while upto is None or len(state._actions) < upto:
        if state.to_act == CHANCE:
            if r >= len(shuffles) and i == len(acts) and record.get(AWAITING) is True:
                break  # a snapshot taken while the rebuilt stock waits for its order
            if r >= len(shuffles):
                raise RecordError(
                    f"action {i} ({_said(acts[i - 1])}) draws from the empty stock, so the "
                    f"stock is rebuilt, but the record's 'reshuffles' has no entry {r + 1} to "
                    "give the new stock's order")
            where = f"reshuffle {r + 1}"
            entry = shuffles[r]
            r += 1
            if not isinstance(entry, list):
                raise RecordError(f"{where} should be a list of cards, the new stock top "
                                  f"first, not {_brief(entry)}")
            action = chance_action([_card(c, where) for c in entry])
        elif i == len(acts):
            break
        else:
            where = f"action {i + 1}"
            i += 1
            action = _read_action(game, acts[i - 1], where)
        try:
            state.apply(action)
        except KortspelError as err:
            shown = "" if action.seat == CHANCE else f" ({action})"
            raise RecordError(f"{where}{shown}: {err}") from None
    return state


def _read_action(game: RecordTable, raw: Any, where: str) -> Action:
    """A record's action object as an ``Action``: read by the codec the first time, then
    remembered for the table's seating (a game's replay reads the same few hundred objects
    again and again). The key keeps every value's type, so ``1`` and ``true`` never meet."""
    key = _frozen(raw)
    if key is not None:
        known = game.parsed.get(key)
        if known is not None:
            return known
    try:
        action = game.codec.from_json(raw, where)
    except KortspelError as err:
        raise RecordError(str(err)) from None
    if key is not None:
        if len(game.parsed) > 100_000:
            game.parsed.clear()
        game.parsed[key] = action
        game.own[id(action)] = action  # made by the codec: its form need not be checked again
    return action


def _frozen(raw: Any) -> tuple[Any, ...] | None:
    """A hashable copy of an action object, keeping types; ``None`` if it holds anything
    but text, whole numbers and lists of text (those are always read afresh)."""
    if type(raw) is not dict:
        return None
    out = []
    for k, v in raw.items():
        if k == "comment":
            continue
        t = type(v)
        if t is str or t is int:
            out.append((k, t, v))
        elif t is list and all(type(c) is str for c in v):
            out.append((k, t, tuple(v)))
        else:
            return None
    return tuple(out)


def write_record(state: GnallknektState) -> dict[str, Any]:
    """The contract's record that replays ``state`` exactly."""
    g = state.game
    names = g.names
    rec: dict[str, Any] = {
        "game": NAME,
        "seats": list(names),
        "dealer": names[state.dealer],
        "piles": {names[s]: [list(p) for p in state.start_piles[s]] for s in range(g.seats)},
        "stock": list(state.start_stock),
        "reshuffles": [list(r) for r in state._reshuffles],
        "actions": [a.to_json() for a in state._actions if a.seat != CHANCE],
    }
    if g.rules != Rules():
        rec["rules"] = g.rules.as_dict()
    if state.stage == SHUFFLE:
        rec[AWAITING] = True
    return rec


def _said(action: Any) -> str:
    if isinstance(action, Mapping):
        return " ".join(str(v) for k, v in action.items() if k != "comment")[:60]
    return _brief(action)



def public_names(state: GnallknektState, seat: int) -> set[str]:
    """Every card name ``seat`` has seen or been told: its own hand and draws, every card an
    action named, every card ever face up, every card of a rebuilt stock."""
    seen: set[str] = set(state._hands[seat])
    for a in state._actions:
        for key, value in a.args:
            if key in ("cards", "card"):
                seen.update(value if isinstance(value, tuple) else (value,))  # type: ignore[arg-type]
    for entry in state._reshuffles:
        seen.update(entry)
    seen.update(state._out_cards)
    seen.update(state._discards)
    for s in range(state.game.seats):
        for i in range(3):
            seen.update(state._up[s][i])
            seen.add(state.start_piles[s][i][-1])
    for e in state._events:
        if e.kind == "drawn" and e.data[0] == seat:
            seen.add(e.data[1])
    return seen


def hidden_shuffle(state: GnallknektState, seat: int,
                   rng: random.Random) -> dict[str, Any] | None:
    """The record of this game so far with the cards ``seat`` never saw dealt anew among
    the places they lay: face-down pile cards still face down, and stock cards (drawn by
    others, or still in the stock). Only cards whose name ``seat`` never met anywhere move,
    so every action of the record stays legal and the public story the same; a seat whose
    observation changed would have been told a card it had no way to know. ``None`` when
    nothing can move."""
    rec = state.record()
    seen = public_names(state, seat)
    names = state.game.names
    slots: list[tuple[Any, ...]] = []
    for s in range(state.game.seats):
        for i in range(3):
            for j in range(len(state._down[s][i])):  # still face down
                if state.start_piles[s][i][j] not in seen:
                    slots.append(("piles", names[s], i, j))
    for k, card in enumerate(state.start_stock):
        if card not in seen:
            slots.append(("stock", k))
    if len(slots) < 2:
        return None

    def get(slot: tuple[Any, ...]) -> str:
        if slot[0] == "stock":
            return rec["stock"][slot[1]]
        return rec["piles"][slot[1]][slot[2]][slot[3]]

    values = [get(slot) for slot in slots]
    rng.shuffle(values)
    for slot, v in zip(slots, values, strict=True):
        if slot[0] == "stock":
            rec["stock"][slot[1]] = v
        else:
            rec["piles"][slot[1]][slot[2]][slot[3]] = v
    return rec


assert len(DOUBLE_PACK) == 104
