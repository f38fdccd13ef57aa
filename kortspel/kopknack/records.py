"""Köpknack deal records: reading a deal and its actions, checking every field, writing it
back, in the contract's format (``docs/rules/kopknack.md``, "The record").

A record is the single source of truth for a deal: replays, undo and the worked examples are
all built from one. Everything that can be wrong in a record is refused here with a
``RecordError`` (an ``InvalidDealError`` for the cards) that names the field and says what
it should have been.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import InvalidDealError, KortspelError, RecordError, RulesError
from ..records import check_names, check_text_fields, get_actions, get_field
from .cards import HAND_SIZE, PACK, SUIT, check_pack, parse_card
from .rules import SEATS, Rules

if TYPE_CHECKING:
    from .game import KopknackGame
    from .state import KopknackState

NAME = "kopknack"


def game_for(record: Any) -> KopknackGame:
    """The table a record was played at: its seats and (if it has any) its rules options."""
    from .game import KopknackGame

    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    names = check_names(get_field(record, "seats", list))
    low, high = SEATS
    if not low <= len(names) <= high:
        raise RecordError(f"Köpknack is played by {low} to {high} seats (6 to 8 as the rule "
                          f"text has it, 3 to 5 for a small class); the record has "
                          f"{len(names)}")
    return KopknackGame(names, rules=_rules(record))


def _rules(record: Mapping[str, Any]) -> Rules:
    raw = get_field(record, "rules", dict, {})
    try:
        return Rules.from_dict(raw)
    except RulesError as err:
        raise RecordError(f"the record's rules: {err}") from None


def _card(text: Any, where: str) -> str:
    try:
        return parse_card(text)
    except KortspelError as err:
        raise InvalidDealError(f"{where}: {err}") from None


def state_from_record(game: KopknackGame, record: Any) -> KopknackState:
    """The deal as ``record`` gives it, before any of its actions; every field checked."""
    from .game import check_money
    from .state import KopknackState

    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("game", NAME) != NAME:
        raise RecordError(f"this is a record of {record.get('game')!r:.40}, not of Köpknack")
    names = check_names(get_field(record, "seats", list))
    if tuple(names) != game.names:
        raise RecordError(
            f"the record seats {', '.join(names)} but this table seats "
            f"{', '.join(game.names)}; use kortspel.replay(record) to load its own table")
    if _rules(record) != game.rules:
        raise RecordError("the record's rules options differ from this table's")
    check_text_fields(record)
    dealer = get_field(record, "dealer", str)
    if dealer not in game.names:
        raise RecordError(f"the dealer {dealer!r:.40} is not one of the seats "
                          f"({', '.join(game.names)})")
    d = game.names.index(dealer)
    stake = get_field(record, "stake", int)
    pot = get_field(record, "pot", int, 0)
    check_money(stake, pot, RecordError)
    deal = get_field(record, "deal", dict)
    unknown = [k for k in deal if k not in game.names]
    if unknown:
        raise InvalidDealError(f"the deal gives cards to {', '.join(map(repr, unknown))[:80]}, "
                               f"who is not a seat; the seats are {', '.join(game.names)}")
    missing = [n for n in game.names if n not in deal]
    if missing:
        raise InvalidDealError(f"the deal gives no cards to {', '.join(missing)}; every seat "
                               f"is dealt {HAND_SIZE}")
    dealt: list[tuple[str, ...]] = []
    for name in game.names:
        cards = deal[name]
        if not isinstance(cards, list) or len(cards) != HAND_SIZE:
            raise InvalidDealError(f"the deal gives {name} {_brief(cards)}; each seat is dealt "
                                   f"a list of {HAND_SIZE} cards")
        dealt.append(tuple(_card(c, f"a card dealt to {name}") for c in cards))
    if "trump" not in record:
        raise RecordError("the record has no 'trump' field: the card turned for trumps")
    trump = _card(record["trump"], "the trump card")
    talon_raw = get_field(record, "talon", list)
    talon = tuple(_card(c, f"talon card {i + 1}") for i, c in enumerate(talon_raw))
    problems = check_pack([c for h in dealt for c in h] + [trump, *talon])
    if problems:
        raise InvalidDealError(f"the deal, the trump and the talon must be the {len(PACK)}-card "
                               f"pack, each card once; {'; '.join(problems)}")
    return KopknackState(game, d, stake, pot, tuple(dealt), trump, talon)


def replay_record(game: KopknackGame, record: Any, upto: int | None = None) -> KopknackState:
    """The state after the record's actions (or only the first ``upto`` of them). An action
    the rules refuse makes the record bad, with the engine's reason."""
    if upto is not None and (type(upto) is not int or upto < 0):
        raise KortspelError(f"upto counts actions: a whole number of 0 or more, not "
                            f"{_brief(upto)}")
    state = state_from_record(game, record)
    acts = get_actions(record)
    codec = game.codec
    for i, a in enumerate(acts[:upto] if upto is not None else acts):
        where = f"action {i + 1}"
        try:
            action = codec.from_json(a, where)
        except KortspelError as err:
            raise RecordError(str(err)) from None
        try:
            state.apply(action)
        except KortspelError as err:
            raise RecordError(f"{where} ({action}): {err}") from None
    return state


def write_record(state: KopknackState) -> dict[str, Any]:
    """The JSON record that replays ``state`` exactly, in the contract's field order."""
    g = state.game
    names = g.names
    rec: dict[str, Any] = {
        "game": NAME,
        "seats": list(names),
        "dealer": names[state.dealer],
        "stake": state.stake,
        "pot": state.carried,
        "deal": {names[s]: list(state.dealt[s]) for s in range(g.seats)},
        "trump": state.trump,
        "talon": list(state.talon),
        "actions": [a.to_json() for a in state.actions],
    }
    rules = g.rules.to_dict()
    if rules:
        rec["rules"] = rules
    return rec


def hidden_shuffle(state: KopknackState, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The record of this deal so far with the cards ``seat`` cannot know dealt anew among
    the places it cannot see, keeping everything the public story depends on.

    Kept where they are: the seat's own cards (dealt and bought), the trump card, every card
    an action names (played cards are public; discards are named in the record), and every
    trump (whether a trump heads a trick decides which cards were legal). The rest, the other
    seats' unplayed cards and the talon's undrawn cards, are shuffled within each suit, so
    every seat held the same number of each suit at every moment and every recorded action
    stays legal. A seat whose observation changed would have been told a card it had no way
    to know. ``None`` when nothing can move."""
    rec = state.record()
    names = state.game.names
    mine = set(state.dealt[seat])
    drawn = 0  # talon cards taken before this seat's own draws were
    for s, n in state.bought:
        if s == seat:
            mine.update(state.talon[drawn:drawn + n])
        drawn += n
    named = {a.get("card") for a in state.actions} | {
        c for a in state.actions for c in (a.get("cards") or ())}
    fixed = mine | named | {state.trump}
    slots: dict[str, list[tuple[list[str], int]]] = {}
    for name in names:
        cards = rec["deal"][name]
        for i, c in enumerate(cards):
            if c not in fixed and SUIT[c] != state.trump_suit:
                slots.setdefault(SUIT[c], []).append((cards, i))
    for i, c in enumerate(rec["talon"]):
        if c not in fixed and SUIT[c] != state.trump_suit:
            slots.setdefault(SUIT[c], []).append((rec["talon"], i))
    moved = False
    for group in slots.values():
        if len(group) < 2:
            continue
        values = [where[i] for where, i in group]
        rng.shuffle(values)
        for (where, i), v in zip(group, values, strict=True):
            where[i] = v
        moved = True
    return rec if moved else None


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
