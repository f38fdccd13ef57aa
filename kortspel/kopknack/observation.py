"""What one Köpknack seat may know, read from the generic fold of the events it saw.

A seat sees its own hand, the turned trump, every bid, how many cards each seat exchanged,
every card played and who took each trick; the pot and the talon's size are public too. It
never sees another seat's hand, a folded hand or a discard other than its own, nor the
talon's cards before it draws them. Everything here comes from ``events.fold`` of the
events the seat saw (plus what is public anyway: whose turn it is and the legal actions),
so it cannot hold a card the seat was never shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import Action
from ..events import Event, Knowledge, hand
from ..shell import ObservationShell
from .narration import OUT_ZONE, TALON_ZONE, TRICK_ZONE, TRUMP_ZONE
from .rules import Rules
from .tricks import Duty, duty

BID, BUY, PLAY, OVER = 0, 1, 2, 3
PHASES = ("bidding", "buying", "play", "over")
"""The phases of a deal, by ``state.phase``: bidding, buying (the exchange), play, over."""


class ObservedState(Protocol):
    """What an observation reads of the deal's state, and nothing more: whose turn it is,
    the legal actions, the phase, the events, what never changes in a deal (``_table``: the
    seats' names, the table's rules options, the dealer and the stake), and the check of a
    seat a caller gave.

    The state (``state.KopknackState``) is drawn above the observation, since it hands them
    out, so the observation names here what it reads of a state rather than importing it:
    ``KopknackState`` fits by its shape alone.
    """

    @property
    def to_act(self) -> int | None: ...

    @property
    def phase(self) -> int: ...

    @property
    def _table(self) -> tuple[tuple[str, ...], Rules, int, int]: ...

    @property
    def _events(self) -> Sequence[Event]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def _seat(self, seat: Any, what: str) -> int: ...


def observe(state: ObservedState, seat: int,
            legal: Sequence[Action] | None = None) -> Observation:
    """What ``seat`` may know of ``state`` now (``state.observation(seat, legal)``);
    ``legal``, if the caller has it, saves working it out again. Made in this one call,
    without the class's own construction: a driver asks for one at every decision."""
    if seat is not state.to_act and (type(seat) is not int
                                      or not 0 <= seat < len(state._table[0])):
        state._seat(seat, "observation")
    o = _new(Observation)
    o.seat = seat
    # What never changes in a deal: the seats' names, the table's rules options (public, and
    # a player needs them), the dealer and the stake; one tuple, made once a deal.
    o._table = state._table
    o.to_act = state.to_act
    o.legal = tuple(state.legal_actions(seat) if legal is None else legal)
    o._phase = state.phase
    # The events this seat saw, filtered now: the state's own list, which holds every seat's
    # cards, is never kept. The fold of them is done on first use.
    o._events = tuple([e for e in state._events if e.visible is None or seat in e.visible])
    o._folded = None
    return o


_new = object.__new__


class Observation(ObservationShell):
    """All that one seat may know of a deal, built only from the events that seat saw
    (``Observation(state, seat)`` is ``observe(state, seat)``).

    It holds copies only: the events its seat saw, filtered when it is made (never the
    state, nor its list of every seat's events), and their fold, done on first use, so a bot
    that needs only its legal actions costs little here. ``knowledge`` is the generic fold
    itself (every zone, every fact) that the table views read; the properties below are its
    plain reading.
    """

    __slots__ = ("seat", "to_act", "legal", "_table", "_phase", "_events", "_folded")

    seat: int
    to_act: int | None
    legal: tuple[Action, ...]
    _table: tuple[tuple[str, ...], Any, int, int]
    _phase: int
    _events: tuple[Event, ...]
    _folded: dict[str, Any] | None

    def __new__(cls, state: ObservedState, seat: int,
                legal: Sequence[Action] | None = None) -> Observation:
        return observe(state, seat, legal)

    def _fold(self) -> dict[str, Any]:
        if self._folded is not None:
            return self._folded
        seat = self.seat
        k = self._knowledge()
        bids: dict[int, str] = {}
        exchanged: dict[int, list[int]] = {}
        played: list[tuple[int, int, str]] = []
        tricks: list[int] = []
        pot = 0
        swept = None
        for f in k.facts():
            name = f.name
            if name == "bid":
                bids[f.seat] = f.value  # type: ignore[index]
            elif name == "exchanged":
                exchanged.setdefault(f.seat, []).append(f.value)  # type: ignore[arg-type]
            elif name == "played":
                number, card = f.value
                played.append((f.seat, number, card))  # type: ignore[arg-type]
            elif name == "trick":
                tricks.append(f.seat)  # type: ignore[arg-type]
            elif name == "pot":
                pot = f.value
            elif name == "sweep":
                swept = f.seat
        trump = k.names(TRUMP_ZONE)
        in_trick = played[len(played) - len(k.names(TRICK_ZONE)):] if k.count(TRICK_ZONE) \
            else []
        self._folded = {
            "knowledge": k,
            "hand": tuple(c for c in k.names(hand(seat)) if c is not None),
            "trump": trump[0] if trump else None,
            "bids": bids, "exchanged": exchanged, "played": played, "tricks": tricks,
            "trick": [(s, c) for s, _, c in in_trick], "pot": pot, "swept_by": swept,
            "talon_left": k.count(TALON_ZONE),
            "gone": tuple(c for c in k.names(OUT_ZONE) if c is not None),
        }
        return self._folded

    # -- what the seat knows --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the deal is over (nobody is to act then)."""
        return self.to_act is None

    names = property(lambda self: self._table[0], doc="The seats' names.")
    rules = property(lambda self: self._table[1], doc="The table's rules options (``Rules``).")
    dealer = property(lambda self: self._table[2], doc="The dealer's seat.")
    stake = property(lambda self: self._table[3], doc="The dealer's ante this deal.")

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"buying"``, ``"play"`` or ``"over"``: public at the table."""
        return PHASES[self._phase]

    @property
    def knowledge(self) -> Knowledge:
        """The generic fold: every zone as this seat knows it, and the facts it was told."""
        return self._fold()["knowledge"]

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own cards, in the order they arrived."""
        return self._fold()["hand"]

    @property
    def trump(self) -> str:
        """The turned trump card (face up for everyone)."""
        return self._fold()["trump"]

    @property
    def trump_suit(self) -> str:
        return self.trump[-1]

    @property
    def pot(self) -> int:
        """The pot played for in this deal (after the dealer's ante)."""
        return self._fold()["pot"]

    @property
    def bids(self) -> dict[int, str]:
        """Seat -> ``"knock"`` or ``"fold"``, for every seat that has bid."""
        return dict(self._fold()["bids"])

    @property
    def in_play(self) -> tuple[int, ...]:
        """Seats still in: during the bidding, all that have not folded; after it, the
        knockers."""
        if self._fold()["swept_by"] is not None:
            return (self._fold()["swept_by"],)
        bids = self._fold()["bids"]
        if self.phase == "bidding":
            return tuple(s for s in range(len(self.names)) if bids.get(s) != "fold")
        return tuple(s for s in range(len(self.names)) if bids.get(s) == "knock")

    @property
    def exchanged(self) -> dict[int, tuple[int, ...]]:
        """Seat -> how many cards it exchanged in each buying turn so far (public counts)."""
        return {s: tuple(v) for s, v in self._fold()["exchanged"].items()}

    @property
    def talon_left(self) -> int:
        """Cards left in the talon: a public count."""
        return self._fold()["talon_left"]

    @property
    def played(self) -> list[tuple[int, int, str]]:
        """Every card played so far, in order: (seat, trick number, card)."""
        return list(self._fold()["played"])

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick on the table now: (seat, card), the lead first."""
        return list(self._fold()["trick"])

    @property
    def tricks(self) -> list[int]:
        """The winner of each finished trick, in order."""
        return list(self._fold()["tricks"])

    @property
    def trick_number(self) -> int:
        """The trick being played (1 to 3), 0 before the play."""
        if self.phase != "play":
            return 0
        return len(self._fold()["tricks"]) + 1

    @property
    def won(self) -> dict[int, int]:
        """Seat -> tricks taken, for every seat in the play."""
        tricks = self._fold()["tricks"]
        return {s: tricks.count(s) for s in self.in_play}

    @property
    def gone(self) -> tuple[str, ...]:
        """The seat's own cards put out of play (its exchanged cards, or its folded hand)."""
        return self._fold()["gone"]

    @property
    def swept_by(self) -> int | None:
        return self._fold()["swept_by"]

    def duty(self) -> Duty | None:
        """The trick duty binding this seat now, if it is to play (else ``None``): which rule
        and the cards it leaves. The table lights those cards up."""
        if self.phase != "play" or self.to_act != self.seat:
            return None
        return duty(self.hand, [c for _, c in self.trick], self.trick_number, self.trump_suit)

    def _view(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "dealer": self.dealer, "stake": self.stake, "pot": self.pot,
            "hand": list(self.hand), "trump": self.trump,
            "bids": {str(s): b for s, b in self.bids.items()},
            "exchanged": {str(s): list(v) for s, v in self.exchanged.items()},
            "talon_left": self.talon_left, "played": [list(p) for p in self.played],
            "tricks": self.tricks, "gone": list(self.gone),
        }

    def __repr__(self) -> str:
        name = self.names[self.seat]
        return (f"<Köpknack observation for {name}: holds {' '.join(self.hand)}, trump "
                f"{self.trump}, legal {[str(a) for a in self.legal]}>")
