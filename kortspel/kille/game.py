"""A Kille table: its seats, their names and the rules options; it deals hands."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionCodec, Verb
from ..checks import quote
from ..errors import RecordError
from ..records import check_names, get_field
from ..shell import Table, check_record, record_rules
from .cards import DECK_SIZE, KINDS
from .fast import shuffled_deck
from .narration import Narrator
from .records import RecordTable, replay_record, state_from_record, write_record
from .rules import Rules
from .state import VERBS, KilleState, play_order

VERB_SPECS = (
    Verb("stand", gloss="keep your card"),
    Verb("swap", gloss="offer your card to the seat on your left (the dealer: to the talon)"),
    Verb("kuku", gloss="call the Kuku you hold: the swapping stops"),
    Verb("ask", gloss="ask the dealer for better cards (two or three seats)"),
    Verb("accept", gloss="agree to a new deal"),
    Verb("refuse", gloss="say no to a new deal"),
    Verb("depends", gloss="let the middle seat decide"),
)

TEXT_ALIASES = {
    "stå": "stand", "sta": "stand", "nöjd": "stand", "nojd": "stand", "pass": "stand",
    "byt": "swap", "byta": "swap", "byter": "swap", "trade": "swap",
    "call": "kuku", "cuckoo": "kuku",
    "better": "ask", "bättre": "ask",
    "yes": "accept", "no": "refuse",
}
"""Words a person may type for a verb (Swedish and everyday English); text only, never in
records."""


class KilleGame(Table):
    """A Kille table: how many seats, their names, and the rules options.

    Immutable once made; every hand state shares it.
    """

    name = "kille"
    title = "Kille"
    Rules = Rules
    seat_range, usual_seats = (2, 8), 5
    _read = staticmethod(state_from_record)
    _replay = staticmethod(replay_record)
    _write = staticmethod(write_record)

    def _equip(self) -> None:
        seats = self.seats
        self._kuku_anytime = self.rules.kuku_call == "anytime"  # a holder may call out of turn
        self.codec = ActionCodec("Kille", VERB_SPECS, self.names, aliases=TEXT_ALIASES)
        self.narrator = Narrator(self.names)
        # The lives and dealer of a hand dealt with neither given (every seat full, the last
        # seat deals), and the seatings already worked out (see ``_seating``).
        self._seatings: dict[tuple[int, tuple[bool, ...]], tuple[tuple[int, ...], Any]] = {}
        full = tuple(self._lives(None))
        d = self._dealer(None, full)
        self._full_table = (full, d, self._seating(d, full))
        self.actions: tuple[dict[str, Action], ...] = tuple(
            {v: self.codec.make(s, v) for v in VERBS} for s in range(seats))

    def pack(self) -> list[str]:
        """Every card of the pack by name: two of each of the 21 kinds."""
        return [KINDS[c >> 1] for c in range(DECK_SIZE)]

    # -- starting hands -------------------------------------------------------------

    def new_hand(
        self,
        seed: int | str | None = None,
        *,
        record: Mapping[str, Any] | None = None,
        dealer: int | str | None = None,
        lives: Sequence[int] | Mapping[str, int] | None = None,
        asks_accepted: int = 0,
        rng: random.Random | None = None,
    ) -> KilleState:
        """A fresh hand: shuffled by a seeded RNG, or the deal a record gives.

        With ``record`` the record's deal, dealer and lives are used and its actions are not
        played (see ``replay`` for that). Without one, the shuffle comes from ``rng`` or from
        ``random.Random(seed)``; the state itself never holds randomness.
        """
        if record is not None:
            return self.from_record(record)
        if type(asks_accepted) is not int or not 0 <= asks_accepted <= 3:
            raise RecordError(
                f"asks_accepted counts accepted asks for better cards: 0 to 3, not "
                f"{quote(asks_accepted, 40)}"
            )
        if lives is None and dealer is None:
            lv, d, (order, deal) = self._full_table
        else:
            lv = tuple(self._lives(lives))
            d = self._dealer(dealer, lv)
            order, deal = self._seating(d, lv)
        deck = shuffled_deck(self._shuffler(seed, rng))
        deck.append(-1)  # what ``deal`` gives a seat with no lives
        return KilleState(self, d, lv, order, list(deal(deck)),
                          tuple(deck[len(order):DECK_SIZE]), asks_accepted)

    def _seating(self, dealer: int, lives: tuple[int, ...]) -> tuple[tuple[int, ...], Any]:
        """The play order for this dealer and these lives, and a getter that deals a shuffled
        deck (with -1 after its last card) round it: the n-th card to the n-th seat in order,
        -1 to seats without lives.

        Both depend only on the dealer and on which seats have lives, which change a few times
        a match, so they are worked out once per pair and kept (at most 8 * 2**8 of them).
        """
        key = (dealer, tuple(map(bool, lives)))
        seating = self._seatings.get(key)
        if seating is None:
            order = play_order(dealer, lives)
            where = [DECK_SIZE] * self.seats
            for i, s in enumerate(order):
                where[s] = i
            seating = self._seatings[key] = (order, itemgetter(*where))
        return seating

    def _lives(self, lives: Sequence[int] | Mapping[str, int] | None) -> list[int]:
        if lives is None:
            return [self.rules.lives] * self.seats
        if isinstance(lives, Mapping):
            out = [self.rules.lives] * self.seats
            for name, v in lives.items():
                out[self.seat_index(name)] = v
        elif isinstance(lives, list | tuple):
            out = list(lives)
        else:
            raise RecordError(f"lives are a list with one number per seat, or seat names "
                              f"mapped to numbers, not {type(lives).__name__}")
        if len(out) != self.seats:
            raise RecordError(f"lives for {len(out)} seats given, the table has {self.seats}")
        for v in out:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
                raise RecordError(f"lives must be whole numbers from 0 to 99, got {quote(v, 40)}")
        if sum(1 for v in out if v > 0) < 2:
            raise RecordError("a hand needs at least two seats with lives")
        return out

    def _dealer(self, dealer: int | str | None, lives: Sequence[int]) -> int:
        d: int | None
        if dealer is None:
            d = self.seats - 1
            while lives[d] == 0:
                d -= 1
            return d
        d = self._seat_number(dealer)
        if d is None:
            raise RecordError(f"no seat {quote(dealer, 40)} to deal; the seats are 0 to "
                              f"{self.seats - 1} or their names")
        if lives[d] == 0:
            raise RecordError(f"{self.names[d]} has no lives left and cannot deal")
        return d



def game_for(record: Any) -> KilleGame:
    """The table a record was played at (its seats and rules)."""
    names = check_names(get_field(check_record(record), "seats", list))
    if not 2 <= len(names) <= 8:
        raise RecordError(f"Kille is played by 2 to 8 seats; the record has {len(names)}")
    return KilleGame(names, rules=record_rules(record, Rules))


if TYPE_CHECKING:
    def _read_at(table: KilleGame) -> RecordTable:
        """For the type checker only: a Kille table is what its records read of one."""
        return table
