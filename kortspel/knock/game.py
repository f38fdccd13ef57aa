"""A Knock table: its seats, their names and the rules options; it deals rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, ActionCodec, Arg, Verb
from ..checks import check_int, quote
from ..errors import RecordError
from ..records import check_names, get_field
from ..shell import Table, check_record
from .cards import DECK_SIZE, INDEX, NAMES, parse_card
from .fast import shuffled_pack
from .narration import Narrator
from .records import _check_game, _rules, replay_record, state_from_record, write_record
from .rules import GROWS, HAND_SIZE, OUT_OVER, Rules
from .state import Carry, KnockState, play_order

VERB_SPECS = (
    Verb("draw", (Arg("from", "choice", ("stock", "discard")),),
         gloss="take the top card of the stock or of the discard pile"),
    Verb("discard", (Arg("card", "card"),), gloss="lay one card face up on the discard pile"),
    Verb("knock", gloss="instead of drawing: claim the lowest hand; the others get one more "
                        "turn"),
)

TEXT_ALIASES = {
    "knack": "knock", "knacka": "knock", "knackar": "knock",
    "dra": "draw", "drar": "draw", "ta": "draw", "take": "draw",
    "kasta": "discard", "kastar": "discard", "släng": "discard", "throw": "discard",
}
"""Words a person may type for a verb (Swedish and everyday English); text only, never in
records."""


class KnockGame(Table):
    """A Swedish Knock table: 2 to 5 seats, their names, and the rules options.

    Immutable once made; every round state shares it, with the actions and events it makes
    once for all its rounds.
    """

    name = "knock"
    title = "Swedish Knock"
    Rules = Rules
    seat_range, usual_seats = (2, 5), 4
    _read = staticmethod(state_from_record)
    _replay = staticmethod(replay_record)
    _write = staticmethod(write_record)

    def _equip(self) -> None:
        self.codec = ActionCodec("Swedish Knock", VERB_SPECS, self.names, parse_card=parse_card,
                                 aliases=TEXT_ALIASES)
        self.narrator = Narrator(self.names)
        make = self.codec.make
        seats_range = range(self.seats)
        self.from_stock = tuple(make(s, "draw", **{"from": "stock"}) for s in seats_range)
        self.from_pile = tuple(make(s, "draw", **{"from": "discard"}) for s in seats_range)
        self.knocks = tuple(make(s, "knock") for s in seats_range)
        self.discards = tuple(tuple(make(s, "discard", card=NAMES[c]) for c in range(DECK_SIZE))
                              for s in seats_range)
        self._zero = Carry((0,) * self.seats, (0,) * self.seats, (0,) * self.seats, ())

    def pack(self) -> list[str]:
        """Every card of the pack by name: the 52 French cards."""
        return list(NAMES)

    def canonical(self, action: Action) -> Action | None:
        """This table's own copy of ``action`` (the object its states hand out), or ``None``
        when the action is not one this table could make."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.seats:
            return None
        verb = action.verb
        if verb == "discard":
            i = INDEX.get(action.get("card"))
            own = None if i is None else self.discards[seat][i]
        elif verb == "draw":
            where = action.get("from")
            own = (self.from_stock[seat] if where == "stock" else
                   self.from_pile[seat] if where == "discard" else None)
        elif verb == "knock":
            own = self.knocks[seat]
        else:
            return None
        if own is None or (own is not action and own != action):
            return None
        return own

    # -- starting rounds ------------------------------------------------------------------------

    def new_hand(self, seed: int | str | None = None, *,
                 record: Mapping[str, Any] | None = None,
                 rng: random.Random | None = None,
                 dealer: int | str | None = None,
                 scores: Mapping[str, int] | Sequence[int] | None = None,
                 stars: Mapping[str, int] | Sequence[int] | None = None,
                 skunks: Mapping[str, int] | Sequence[int] | None = None,
                 out: Sequence[int | str] | None = None) -> KnockState:
        """A fresh round: shuffled by a seeded RNG, or the deal a record gives.

        With ``record`` the record's deal and carried-in match state are used and its actions
        are not played (``replay`` plays them). Otherwise the shuffle comes from ``rng`` or
        ``random.Random(seed)`` (the state itself never holds randomness), and the match
        state comes from the keywords: ``dealer`` (default: the last seat still in),
        ``scores``, ``stars``, ``skunks`` (by seat name or one number per seat) and ``out``
        (seats already out, in the order they went).
        """
        if record is not None:
            return self.from_record(record)
        if dealer is None and scores is None and stars is None and skunks is None \
                and out is None:
            carry = self._zero
            d = self.seats - 1
        else:
            carry = self._carry(scores, stars, skunks, out)
            d = self._dealer(dealer, carry.out)
        rng = self._shuffler(seed, rng)
        order = play_order(d, self.seats, carry.out)
        deck = shuffled_pack(rng)
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        at = 0
        for s in order:
            hands[s] = deck[at:at + HAND_SIZE]
            at += HAND_SIZE
        return KnockState(self, d, order, carry, hands, deck[at], deck[at + 1:])

    # -- the match state a round starts from ----------------------------------------------------

    def _numbers(self, value: Any, what: str) -> tuple[int, ...]:
        if value is None:
            return (0,) * self.seats
        if isinstance(value, Mapping):
            out = [0] * self.seats
            for name, v in value.items():
                out[self.seat_index(name)] = v
        elif isinstance(value, list | tuple):
            out = list(value)
            if len(out) != self.seats:
                raise RecordError(f"{what} for {len(out)} seats given; the table has "
                                  f"{self.seats}")
        else:
            raise RecordError(f"{what} are one number per seat, or seat names mapped to "
                              f"numbers, not {type(value).__name__}")
        for v in out:
            if type(v) is not int or v < 0:
                raise RecordError(f"{what} are whole numbers of 0 or more, not {quote(v, 40)}")
            check_int(v, f"a seat's {what}", RecordError, GROWS.get(what, 1))
        return tuple(out)

    def _carry(self, scores: Any, stars: Any, skunks: Any, out: Any) -> Carry:
        sc = self._numbers(scores, "scores")
        gone: list[int] = []
        for x in out or ():
            s = self.seat_index(x) if isinstance(x, str) else x
            if type(s) is not int or not 0 <= s < self.seats or s in gone:
                raise RecordError(f"out lists the seats out of the game (numbers or names), "
                                  f"each once, not {quote(out, 60)}")
            gone.append(s)
        for s in range(self.seats):
            if (s in gone) != (sc[s] > OUT_OVER):
                raise RecordError(f"a seat is out exactly when its total is over {OUT_OVER}; "
                                  f"{self.names[s]} has {sc[s]} and is "
                                  f"{'' if s in gone else 'not '}listed as out")
        if self.seats - len(gone) < 2:
            raise RecordError("a round needs two seats still in; the game is over")
        return Carry(sc, self._numbers(stars, "stars"), self._numbers(skunks, "skunks"),
                     tuple(gone))

    def _dealer(self, dealer: int | str | None, out: tuple[int, ...]) -> int:
        d: int | None
        if dealer is None:
            d = self.seats - 1
            while d in out:
                d -= 1
            return d
        d = self._seat_number(dealer)
        if d is None:
            raise RecordError(f"no seat {quote(dealer, 40)} to deal; the seats are 0 to "
                              f"{self.seats - 1} or their names")
        if d in out:
            raise RecordError(f"{self.names[d]} is out of the game and cannot deal")
        return d


_TABLES: dict[tuple[tuple[str, ...], Rules], KnockGame] = {}
"""Tables already made for records, by seats and rules. A table is immutable, so replays of
records from the same table share one, with the actions and events it has made."""


def game_for(record: Any) -> KnockGame:
    """The table a record was played at (its seats and rules options)."""
    _check_game(check_record(record))
    names = check_names(get_field(record, "seats", list))
    if not 2 <= len(names) <= 5:
        raise RecordError(f"Swedish Knock is played by 2 to 5 seats; the record's 'seats' "
                          f"has {len(names)}")
    rules = _rules(record)
    key = (tuple(names), rules)
    game = _TABLES.get(key)
    if game is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        game = _TABLES[key] = KnockGame(names, rules=rules)
    return game
