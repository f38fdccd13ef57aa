"""A Knock table: its seats, their names and the rules options; it deals rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, ActionCodec, Arg, Verb
from ..errors import KortspelError, RecordError, RulesError
from ..protocol import check_seats
from ..records import seat_names
from .cards import DECK_SIZE, INDEX, NAMES, parse_card
from .fast import shuffled_pack
from .narration import Narrator
from .rules import HAND_SIZE, OUT_OVER, Rules
from .state import Carry, KnockState

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


def check_seed(seed: Any) -> None:
    """A seed is a whole number or text: anything else would either fail deep inside
    ``random`` or, worse, be hashed differently from one Python to the next."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise KortspelError(f"a seed is a whole number or text (or None for a fresh shuffle), "
                            f"not {type(seed).__name__}")


def play_order(dealer: int, seats: int, out: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The seats still in, from the dealer's left round to the dealer (rule 1)."""
    return tuple(s for s in ((dealer + 1 + i) % seats for i in range(seats)) if s not in out)


class KnockGame:
    """A Swedish Knock table: 2 to 5 seats, their names, and the rules options.

    Immutable once made; every round state shares it, with the actions and events it makes
    once for all its rounds.
    """

    name = "knock"
    title = "Swedish Knock"

    def __init__(self, seats: int | Sequence[str] = 4, names: Sequence[str] | None = None,
                 rules: Rules | Mapping[str, Any] | None = None, **options: Any) -> None:
        self.seats, self.names = check_seats("Swedish Knock", seats, names, 2, 5, seat_names)
        if rules is None:
            self.rules = Rules.from_dict(options)
        elif isinstance(rules, Rules):
            self.rules = Rules.from_dict({**rules.to_dict(), **options})
        elif isinstance(rules, Mapping):
            self.rules = Rules.from_dict({**dict(rules), **options})
        else:
            raise RulesError(f"rules are options by name, e.g. {{'unused_two': 0}}, not "
                             f"{type(rules).__name__}")
        self._index = {n: i for i, n in enumerate(self.names)}
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

    def __repr__(self) -> str:
        return f"kortspel.load('knock', seats={self.seats}, names={list(self.names)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnockGame) and (self.names, self.rules) == (
            other.names, other.rules)

    __hash__ = None  # type: ignore[assignment]

    def seat_index(self, name: str) -> int:
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise RecordError(f"{name!r} is not a seat at this table; the seats are "
                              f"{', '.join(self.names)}") from None

    def pack(self) -> list[str]:
        """Every card of the pack by name: the 52 French cards."""
        return list(NAMES)

    def action(self, data: Any, to_act: int | None = None) -> Action:
        """An action of this table from text or a record's action object."""
        return self.codec.coerce(data, to_act)

    def canonical(self, action: Action) -> Action | None:
        """This table's own copy of ``action`` (the object its states hand out), or ``None``
        when the action is not one this table could make."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.seats:
            return None
        verb = action.verb
        if verb == "discard":
            i = INDEX.get(action.get("card"))  # type: ignore[arg-type]
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

    def bot(self, level: str = "heuristic", name: str | None = None) -> Any:
        from ..registry import bot_for

        return bot_for("knock", level, name)

    def match(self, **options: Any) -> Any:
        from .match import KnockMatch

        return KnockMatch(self, **options)

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
            from .records import state_from_record

            return state_from_record(self, record)
        if dealer is None and scores is None and stars is None and skunks is None \
                and out is None:
            carry = self._zero
            d = self.seats - 1
        else:
            carry = self._carry(scores, stars, skunks, out)
            d = self._dealer(dealer, carry.out)
        if rng is None:
            check_seed(seed)
            rng = random.Random(seed)
        elif not isinstance(rng, random.Random):
            raise KortspelError(f"rng is a random.Random, not {type(rng).__name__}")
        order = play_order(d, self.seats, carry.out)
        deck = shuffled_pack(rng)
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        at = 0
        for s in order:
            hands[s] = deck[at:at + HAND_SIZE]
            at += HAND_SIZE
        return KnockState(self, d, order, carry, hands, deck[at], deck[at + 1:])

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> KnockState:
        """The state after the record's actions (or only the first ``upto`` of them)."""
        from .records import replay_record

        if upto is not None and (type(upto) is not int or upto < 0):
            raise KortspelError(f"upto counts actions: a whole number of 0 or more, not "
                                f"{upto!r}")
        return replay_record(self, record, upto)

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
                raise RecordError(f"{what} are whole numbers of 0 or more, not {v!r}")
        return tuple(out)

    def _carry(self, scores: Any, stars: Any, skunks: Any, out: Any) -> Carry:
        sc = self._numbers(scores, "scores")
        gone: list[int] = []
        for x in out or ():
            s = self.seat_index(x) if isinstance(x, str) else x
            if type(s) is not int or not 0 <= s < self.seats or s in gone:
                raise RecordError(f"out lists the seats out of the game (numbers or names), "
                                  f"each once, not {out!r}")
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
        if dealer is None:
            d = self.seats - 1
            while d in out:
                d -= 1
            return d
        d = self.seat_index(dealer) if isinstance(dealer, str) else dealer
        if type(d) is not int or not 0 <= d < self.seats:
            raise RecordError(f"no seat {dealer!r} to deal; the seats are 0 to "
                              f"{self.seats - 1} or their names")
        if d in out:
            raise RecordError(f"{self.names[d]} is out of the game and cannot deal")
        return d
