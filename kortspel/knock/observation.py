"""What one Knock seat may know, read from the generic fold of the events it saw.

A seat sees its own hand, the discard pile (every card on it was shown when it was thrown),
how many cards the stock holds, which cards the others took from the discard pile (they
stay known in those hands until thrown again), and every hand once it is shown. The fold
(``kortspel.events.fold``) is the only source of cards here, so an observation cannot hold a
card that no event its seat saw has shown it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..events import DISCARD, STOCK, Event, Knowledge, Zone, hand
from .value import hand_value

if TYPE_CHECKING:
    from .state import KnockState

_STOCK, _DISCARD = Zone(STOCK), Zone(DISCARD)


class Observation:
    """All one seat may know of a round. Public facts of the table (whose turn it is, whether
    that seat has drawn yet, the scores carried in, the rules) are read from the state; every
    card comes from the fold of the events this seat saw, done on first use, so a bot that
    needs only its legal actions (the random one) costs nothing here.
    """

    __slots__ = ("seat", "game", "dealer", "order", "to_act", "legal", "is_over", "_phase",
                 "carry", "_events", "_n", "_folded")

    def __init__(self, state: KnockState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self.seat = seat
        self.game = state.game
        self.dealer = state.dealer
        self.order = state.order
        self.to_act = state.to_act
        self.legal = tuple(state.legal_actions(seat) if legal is None else legal)
        self.is_over = state.is_over
        self._phase = state.phase
        self.carry = state.carry
        # A state's event list only grows, so its first ``_n`` events are this moment's
        # history for good; they are filtered to this seat's view on first use.
        self._events: Sequence[Event] = state.events
        self._n = len(state.events)
        self._folded: dict[str, Any] | None = None

    def _fold(self) -> dict[str, Any]:
        if self._folded is not None:
            return self._folded
        seat = self.seat
        self._events = events = tuple(e for e in self._events[:self._n]
                                      if e.visible is None or seat in e.visible)
        k = Knowledge(seat)
        for e in events:
            for eff in e.effects:
                k.apply(eff)
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
        return self.game.names  # type: ignore[no-any-return]

    @property
    def rules(self) -> Any:
        """The table's rules options: public, and a player needs them."""
        return self.game.rules

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals as the round began (public)."""
        return self.carry.scores  # type: ignore[no-any-return]

    @property
    def stars(self) -> tuple[int, ...]:
        return self.carry.stars  # type: ignore[no-any-return]

    @property
    def skunks(self) -> tuple[int, ...]:
        return self.carry.skunks  # type: ignore[no-any-return]

    @property
    def out(self) -> tuple[int, ...]:
        """Seats out of the game before this round, in the order they went out."""
        return self.carry.out  # type: ignore[no-any-return]

    @property
    def phase(self) -> str:
        """``"draw"`` (the seat to act draws or knocks), ``"discard"`` or ``"over"``."""
        return ("draw", "discard", "over")[self._phase]

    # -- cards ----------------------------------------------------------------------------------

    @property
    def knowledge(self) -> Knowledge:
        """The generic fold: every zone as this seat knows it, and the facts it was told."""
        return self._fold()["knowledge"]  # type: ignore[no-any-return]

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
        self._fold()
        return sum(1 for e in self._events
                   if e.kind in ("draw", "take") and e.data and e.data[0] == seat)

    @property
    def knocker(self) -> int | None:
        """The seat that knocked this round, if any."""
        return self._fold()["knocker"]  # type: ignore[no-any-return]

    @property
    def taken(self) -> str | None:
        """The card this seat took from the discard pile this turn (it may not throw it
        back at once), or ``None``."""
        return self._fold()["taken"]  # type: ignore[no-any-return]

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

    @property
    def events(self) -> list[Event]:
        self._fold()
        return list(self._events)

    @property
    def narration(self) -> list[str]:
        return [e.text for e in self.events]

    def view(self) -> dict[str, Any]:
        """Everything this observation tells, as plain JSON (for tests and tools)."""
        return {
            "seat": self.seat, "to_act": self.to_act, "is_over": self.is_over,
            "phase": self.phase, "legal": [str(a) for a in self.legal],
            "dealer": self.dealer, "order": list(self.order), "scores": list(self.scores),
            "stars": list(self.stars), "skunks": list(self.skunks), "out": list(self.out),
            "knocker": self.knocker, "taken": self.taken,
            "knowledge": self.knowledge.view(), "narration": self.narration,
        }

    def __repr__(self) -> str:
        name = self.names[self.seat]
        return (f"<Knock observation for {name}: holds {' '.join(self.hand)}, legal "
                f"{[str(a) for a in self.legal]}>")
