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
from typing import Any

from ..checks import brief as _brief
from ..checks import check_int, quote
from ..errors import InvalidDealError, KortspelError, RecordError, RulesError
from ..records import check_text_fields, get_field
from ..shell import check_record, check_upto, play_record, record_seats
from .cards import HAND_SIZE, PACK, SUIT, check_pack, parse_card
from .rules import POT_STAKES, Rules
from .state import HandTable, KopknackState

NAME = "kopknack"


def check_money(stake: Any, pot: Any, error: type[KortspelError] = KortspelError) -> None:
    """The stake is a positive whole multiple of 3 (a pot must split into thirds); a pot
    carried in is a whole multiple of 3, 0 or more. Neither has more than ``MAX_INT_DIGITS``
    digits, and the stake leaves room for the largest pot it can make (``POT_STAKES``)."""
    check_int(stake, "the stake", error, POT_STAKES)
    check_int(pot, "the pot carried in", error)
    if type(stake) is not int or stake <= 0 or stake % 3:
        raise error(f"the stake is the dealer's ante: a positive whole number divisible by 3 "
                    f"(3, 6, 9, ...), not {_brief(stake)}")
    if type(pot) is not int or pot < 0 or pot % 3:
        raise error(f"the pot carried in is a whole number divisible by 3, 0 or more, not "
                    f"{_brief(pot)}")


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


def state_from_record(game: HandTable, record: Any) -> KopknackState:
    """The deal as ``record`` gives it, before any of its actions; every field checked."""
    check_record(record)
    if record.get("game", NAME) != NAME:
        raise RecordError(f"this is a record of {quote(record.get('game'), 40)}, not of Köpknack")
    record_seats(record, game)
    if _rules(record) != game.rules:
        raise RecordError("the record's rules options differ from this table's")
    check_text_fields(record)
    dealer = get_field(record, "dealer", str)
    if dealer not in game.names:
        raise RecordError(f"the dealer {quote(dealer, 40)} is not one of the seats "
                          f"({', '.join(game.names)})")
    d = game.names.index(dealer)
    stake = get_field(record, "stake", int)
    pot = get_field(record, "pot", int, 0)
    check_money(stake, pot, RecordError)
    deal = get_field(record, "deal", dict)
    unknown = [k for k in deal if k not in game.names]
    if unknown:
        raise InvalidDealError(f"the deal gives cards to {quote(unknown, 80)}, "
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


def replay_record(game: HandTable, record: Any, upto: int | None = None) -> KopknackState:
    """The state after the record's actions (or only the first ``upto`` of them). An action
    the rules refuse makes the record bad, with the engine's reason."""
    check_upto(upto)
    return play_record(state_from_record(game, record), record, upto,
                       (KortspelError,), KortspelError)


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
        "actions": [a.to_json() for a in state._actions],
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
