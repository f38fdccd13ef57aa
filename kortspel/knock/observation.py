"""What one Knock seat may know, read from the generic fold of the events it saw.

A seat sees its own hand, the discard pile (every card on it was shown when it was thrown),
how many cards the stock holds, which cards the others took from the discard pile (they
stay known in those hands until thrown again), and every hand once it is shown. The fold
(``kortspel.events.fold``) is the only source of cards here, so an observation cannot hold a
card that no event its seat saw has shown it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import Action
from ..events import DISCARD, STOCK, Event, Knowledge, Zone, hand
from ..shell import ObservationShell
from .rules import Rules
from .value import hand_value

_STOCK, _DISCARD = Zone(STOCK), Zone(DISCARD)


class ObservedTable(Protocol):
    """What an observation reads of the table: the seats' names and the rules options."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...


class Carried(Protocol):
    """What an observation reads of what the match brought into the round (``state.Carry``):
    per seat the running totals, the stars and the skunks, and the seats already out."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def stars(self) -> tuple[int, ...]: ...

    @property
    def skunks(self) -> tuple[int, ...]: ...

    @property
    def out(self) -> tuple[int, ...]: ...


class ObservedState(Protocol):
    """What an observation reads of the round's state, and nothing more.

    The state (``state.KnockState``) is drawn above the observation, since it hands them out,
    so the observation names here what it reads of a state rather than importing it:
    ``KnockState`` fits by its shape alone. The turn, the legal actions, whether the round is
    over and the events are what the shell's ``_open`` reads; the rest is Knock's own.
    """

    @property
    def game(self) -> ObservedTable: ...

    @property
    def dealer(self) -> int: ...

    @property
    def order(self) -> tuple[int, ...]: ...

    @property
    def phase(self) -> int: ...

    @property
    def carry(self) -> Carried: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def _events(self) -> Sequence[Event]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...


class Observation(ObservationShell):
    """All one seat may know of a round. Public facts of the table (whose turn it is, whether
    that seat has drawn yet, the scores carried in, the rules) are read from the state; every
    card comes from the fold of the events this seat saw, done on first use, so a bot that
    needs only its legal actions costs little here. It holds copies only (the events its seat
    saw, filtered when it is made), never the state nor its list of every seat's events.
    """

    __slots__ = ("seat", "game", "dealer", "order", "to_act", "legal", "is_over", "_phase",
                 "carry", "_events", "_folded")

    def __init__(self, state: ObservedState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self._open(state, seat, legal)  # the events folded on first use
        self.game = state.game
        self.dealer = state.dealer
        self.order = state.order
        self._phase = state.phase
        self.carry = state.carry
        self._folded: dict[str, Any] | None = None

    def _fold(self) -> dict[str, Any]:
        if self._folded is not None:
            return self._folded
        seat = self.seat
        k = self._knowledge()
        events = self._events
        knocks = k.facts("knock")
        taken = None
        if self.to_act == seat and self._phase == 1 and events \
                and events[-1].kind == "take":
            taken = k.names(hand(seat))[-1]  # a taken card goes to the end of the hand
        self._folded = {"knowledge": k, "knocker": knocks[0].seat if knocks else None,
                        "taken": taken}
        return self._folded

    # -- the table -----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def rules(self) -> Any:
        """The table's rules options: public, and a player needs them."""
        return self.game.rules

    scores = property(lambda self: self.carry.scores,
                      doc="Running totals as the round began (public).")
    stars = property(lambda self: self.carry.stars, doc="Stars as the round began.")
    skunks = property(lambda self: self.carry.skunks, doc="Skunks as the round began.")
    out = property(lambda self: self.carry.out, doc=(
        "Seats out of the game before this round, in the order they went out."))

    @property
    def phase(self) -> str:
        """``"draw"`` (the seat to act draws or knocks), ``"discard"`` or ``"over"``."""
        return ("draw", "discard", "over")[self._phase]

    # -- cards ----------------------------------------------------------------------------------

    @property
    def knowledge(self) -> Knowledge:
        """The generic fold: every zone as this seat knows it, and the facts it was told."""
        return self._fold()["knowledge"]

    @property
    def hand(self) -> list[str]:
        """This seat's cards in the order they arrived (empty for a seat out of the game)."""
        return [c for c in self.knowledge.names(hand(self.seat)) if c is not None]

    @property
    def value(self) -> int | None:
        """What this seat's hand is worth now under the table's rules (``None`` when it holds
        no cards: a seat out of the game)."""
        mine = self.hand
        return hand_value(mine, self.rules.unused_two) if mine else None

    @property
    def discard_pile(self) -> list[str]:
        """The discard pile, bottom first: every card on it was shown as it was thrown."""
        return [c for c in self.knowledge.names(_DISCARD) if c is not None]

    @property
    def discard_top(self) -> str | None:
        pile = self.discard_pile
        return pile[-1] if pile else None

    @property
    def stock_count(self) -> int:
        return self.knowledge.count(_STOCK)

    def known(self, seat: int) -> list[str | None]:
        """``seat``'s hand as this seat knows it: a card's name, or ``None`` where unknown
        (cards taken from the discard pile are known; every card once hands are shown)."""
        return list(self.knowledge.names(hand(seat)))

    def hand_size(self, seat: int) -> int:
        return self.knowledge.count(hand(seat))

    def turns_played(self, seat: int) -> int:
        """How many times ``seat`` has drawn this round (a public count)."""
        return sum(1 for e in self._events
                   if e.kind in ("draw", "take") and e.data and e.data[0] == seat)

    @property
    def knocker(self) -> int | None:
        """The seat that knocked this round, if any."""
        return self._fold()["knocker"]

    @property
    def taken(self) -> str | None:
        """The card this seat took from the discard pile this turn (it may not throw it
        back at once), or ``None``."""
        return self._fold()["taken"]

    @property
    def last_turn(self) -> bool:
        """Whether this is a last turn after someone's knock."""
        return self.knocker is not None and not self.is_over

    @property
    def seen(self) -> list[str]:
        """Every card this seat has seen and knows where it lies now: its hand, the discard
        pile and the cards it knows in other hands."""
        k = self.knowledge
        return [c for z in k.zones() if z.kind != STOCK for c in k.names(z) if c is not None]

    def _view(self) -> dict[str, Any]:
        return {"phase": self.phase, "dealer": self.dealer, "order": list(self.order),
                "scores": list(self.scores), "stars": list(self.stars),
                "skunks": list(self.skunks), "out": list(self.out), "knocker": self.knocker,
                "taken": self.taken}

    def __repr__(self) -> str:
        name = self.names[self.seat]
        return (f"<Knock observation for {name}: holds {' '.join(self.hand)}, legal "
                f"{[str(a) for a in self.legal]}>")
