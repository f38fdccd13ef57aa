"""A Gnällknekt table: its seats, their names and the rules options; it deals games.

A table also keeps the actions its seats can take, made once and shared (an ``Action`` is
immutable), so listing the legal moves of a turn builds no new objects after the first games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionCodec, Arg, Verb
from ..checks import quote
from ..errors import RulesError
from ..shell import Table
from .cards import DOUBLE_PACK, dealer_value, parse_card
from .fast import MoveCache
from .narration import Narrator
from .records import (
    RecordTable,
    _check_game,
    _rules,
    _seats,
    replay_record,
    state_from_record,
    write_record,
)
from .rules import Rules
from .state import GnallknektState

SEATS = (3, 5)

VERB_SPECS = (
    Verb("draw", (Arg("from", "choice", ("stock", "discard")),),
         gloss="take one card from the top of the stock or of the discard pile"),
    Verb("defend", (Arg("cards", "cards"), Arg("pile", "int", (0, 1, 2))),
         gloss="lay one card or a pair from your hand face up on one of your piles"),
    Verb("attack", (Arg("cards", "cards"), Arg("from", "choice", (0, 1, 2, "hand")),
                    Arg("target", "seat"), Arg("pile", "int", (0, 1, 2))),
         gloss="beat the top of another player's pile with one card or a pair, from your "
               "hand or off one of your piles"),
    Verb("discard", (Arg("card", "card"),), gloss="lay a card face up on the discard pile: "
                                                  "the turn ends"),
    Verb("end", gloss="end the turn when your hand is empty"),
)

TEXT_ALIASES = {"dra": "draw", "ta": "draw", "försvara": "defend", "forsvara": "defend",
                "anfall": "attack", "anfalla": "attack", "slå": "attack", "sla": "attack",
                "kasta": "discard", "slut": "end", "klar": "end"}
"""Swedish words a person may type for a verb (text only, never in records)."""


def draw_for_dealer(rng: random.Random, seats: int) -> tuple[int, list[list[str | None]]]:
    """Rule 14: every seat draws a card from the shuffled double pack; seats whose ranks
    clash draw again (the others keep theirs) until every rank differs; the highest deals
    (Ace high). Returns the dealer and each round's draws (``None`` for a seat that kept its
    card that round)."""
    deck = list(DOUBLE_PACK)
    rng.shuffle(deck)
    held: list[str] = [deck.pop() for _ in range(seats)]
    rounds: list[list[str | None]] = [list(held)]
    while True:
        values = [dealer_value(c) for c in held]
        clash = [s for s in range(seats) if values.count(values[s]) > 1]
        if not clash:
            break
        row: list[str | None] = [None] * seats
        for s in clash:
            held[s] = row[s] = deck.pop()
        rounds.append(row)
    best = max(range(seats), key=lambda s: dealer_value(held[s]))
    return best, rounds


class _Kit:
    """What every table with the same seat names shares: the codec, the narrator and the
    actions, each made once. Replays build a table per record, and a game lists thousands of
    moves, so making an ``Action`` once per seating rather than once per table or per listing
    is most of what a replay costs. Attacks and defences are kept in ``moves`` (see
    ``fast.MoveCache``), in rows the legal listing reads by small numbers."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.codec = ActionCodec("Gnällknekt", VERB_SPECS, names, parse_card=parse_card,
                                 aliases=TEXT_ALIASES)
        self.narrator = Narrator(names)
        make = self.codec.make
        seats = range(len(names))
        self.draws = tuple((make(s, "draw", **{"from": "stock"}),
                            make(s, "draw", **{"from": "discard"})) for s in seats)
        self.ends = tuple(make(s, "end") for s in seats)
        self.discards = tuple({c: make(s, "discard", card=c) for c in DOUBLE_PACK[:52]}
                              for s in seats)
        # The actions made here or read by the codec, by id: well formed by construction, so
        # ``apply`` need not check their form again. The dict holds each action, so its id
        # cannot be reused by another object while it is listed.
        self.own: dict[int, Action] = {}
        for a in (*(a for pair in self.draws for a in pair), *self.ends,
                  *(a for d in self.discards for a in d.values())):
            self.own[id(a)] = a
        # The draws a turn may list, by (stock open) * 2 + (discard open): shared lists,
        # never changed (the state hands out copies).
        self.draw_lists: tuple[tuple[list[Action], ...], ...] = tuple(
            ([], [d[1]], [d[0]], [d[0], d[1]]) for d in self.draws)
        self.moves = MoveCache(names, self.own)
        self.parsed: dict[Any, Action] = {}  # a record's action objects already read


_KITS: dict[tuple[str, ...], _Kit] = {}
_MAX_KITS = 32


def _kit(names: tuple[str, ...]) -> _Kit:
    kit = _KITS.get(names)
    if kit is None:
        if len(_KITS) >= _MAX_KITS:
            _KITS.pop(next(iter(_KITS)))
        kit = _KITS[names] = _Kit(names)
    return kit


class GnallknektGame(Table):
    """A Gnällknekt table: 3 to 5 seats, their names, and the rules options. Immutable."""

    name = "gnallknekt"
    title = "Gnällknekt"
    Rules = Rules
    seat_range, usual_seats = SEATS, 4
    _read = staticmethod(state_from_record)
    _replay = staticmethod(replay_record)
    _write = staticmethod(write_record)

    def _equip(self) -> None:
        n = self.seats
        # Each seat's targets: the pile slots (seat * 3 + pile) of every other seat.
        self.others = tuple(tuple(k for k in range(3 * n) if k // 3 != s) for s in range(n))
        kit = _kit(self.names)
        self.codec: ActionCodec = kit.codec
        self.narrator: Narrator = kit.narrator
        self.draw_actions = kit.draws
        self.end_actions = kit.ends
        self.discard_actions = kit.discards
        self.draw_lists = kit.draw_lists
        self.moves = kit.moves
        self.own = kit.own
        self.parsed = kit.parsed

    # -- the actions of this table, made once ---------------------------------------------

    def attack_action(self, seat: int, cards: tuple[str, ...], source: int | str,
                      target: int, pile: int) -> Action:
        return self.moves.attack_action(seat, cards, source, target, pile)

    def defend_action(self, seat: int, cards: tuple[str, ...], pile: int) -> Action:
        return self.moves.defend_action(seat, cards, pile)

    # -- the protocol ------------------------------------------------------------------------

    def pack(self) -> list[str]:
        """Every card of the double pack by name: each card of the French pack twice."""
        return list(DOUBLE_PACK)

    def new_hand(self, seed: int | str | None = None, *,
                 record: Mapping[str, Any] | None = None, rng: random.Random | None = None,
                 dealer: int | str | None = None) -> GnallknektState:
        """A new game: the piles dealt from a pack shuffled by ``rng`` (or
        ``random.Random(seed)``), or the deal a ``record`` gives (its actions not played:
        see ``replay``). Without ``dealer`` the seats first draw for the deal (rule 14)."""
        if record is not None:
            return self.from_record(record)
        rng = self._shuffler(seed, rng)
        d = None if dealer is None else self._seat_number(dealer)
        if dealer is None:
            d = draw_for_dealer(rng, self.seats)[0]
        elif d is None:
            raise RulesError(f"dealer is a seat number from 0 to {self.seats - 1} or a seat's "
                             f"name ({', '.join(self.names)}), not {quote(dealer, 40)}")
        deck = list(DOUBLE_PACK)
        rng.shuffle(deck)
        return self.deal(d, deck)

    def deal(self, dealer: int, deck: Sequence[str]) -> GnallknektState:
        """A game from a deck in dealing order: each seat's three piles of four (three face
        down, the fourth face up), seat by seat, then the stock, top first."""
        n = self.seats
        piles = [[list(deck[(s * 3 + i) * 4:(s * 3 + i) * 4 + 4]) for i in range(3)]
                 for s in range(n)]
        return GnallknektState(self, dealer, piles, deck[n * 12:])


def game_for(record: Any) -> GnallknektGame:
    """The table a record was played at (its seats and rules)."""
    _check_game(record)
    return GnallknektGame(_seats(record), rules=_rules(record))


if TYPE_CHECKING:
    def _read_at(table: GnallknektGame) -> RecordTable:
        """For the type checker only: a Gnällknekt table is what its records read of one."""
        return table
