"""What one Kille seat may know, read from the generic fold of the events it saw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import Action
from ..events import OUT, Event, Knowledge, Zone, hand
from ..shell import ObservationShell
from .cards import DECK_SIZE, KINDS
from .rules import Rules

_KIND = {name: i for i, name in enumerate(KINDS)}
_OUT = Zone(OUT)


class ObservedTable(Protocol):
    """What an observation reads of the table: the seats' names and the rules options."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...


class ObservedState(Protocol):
    """What an observation reads of the hand's state, and nothing more.

    The state (``state.KilleState``) is drawn above the observation, since it hands them out,
    so the observation names here what it reads of a state rather than importing it:
    ``KilleState`` fits by its shape alone. The turn, the legal actions, whether the hand is
    over and the events are what the shell's ``_open`` reads; the rest is Kille's own.
    """

    @property
    def game(self) -> ObservedTable: ...

    @property
    def dealer(self) -> int: ...

    @property
    def order(self) -> tuple[int, ...]: ...

    @property
    def lives(self) -> tuple[int, ...]: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def _events(self) -> Sequence[Event]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...


class Observation(ObservationShell):
    """All that one seat may know of a hand, built only from the events that seat saw.

    It holds only what its seat may know, as copies: the events that seat saw (filtered when
    it is made: the state's own list, which holds every seat's cards, is never kept), and
    the fold of them, done on first use, so a bot that only needs its legal actions costs
    little here. ``known`` maps seats to the kinds this seat knows they hold now:
    its own card, face-up cards, and cards it followed through swaps. ``knowledge`` is the
    generic fold itself (every zone, every fact) that the table views read.
    """

    __slots__ = ("seat", "names", "rules", "dealer", "order", "lives", "to_act", "legal",
                 "is_over", "_events", "_folded")

    def __init__(self, state: ObservedState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self._open(state, seat, legal)  # the events folded on first use
        g = state.game
        self.names = g.names
        self.rules = g.rules  # the table's rules options: public, and a player needs them
        self.dealer = state.dealer
        self.order = state.order
        self.lives = state.lives
        self._folded: dict[str, Any] | None = None

    def _fold(self) -> dict[str, Any]:
        if self._folded is not None:
            return self._folded
        seat = self.seat
        mine = hand(seat)
        events = self._events
        k = Knowledge(seat)
        dealt_uid = None
        for e in events:
            for eff in e.effects:
                k.apply(eff)
            if dealt_uid is None and k.count(mine):
                dealt_uid = k.cards(mine)[0].uid  # the card this seat was dealt
        known: dict[int, int] = {}
        face: set[int] = set()
        for s in self.order:
            top = k.top(hand(s))
            if top is None:
                continue
            if top.name is not None:
                known[s] = _KIND[top.name]
            if top.face_up:
                face.add(s)
        low: set[int] = set()
        for f in k.facts("low"):
            assert f.seat is not None
            (low.add if f.value else low.discard)(f.seat)
        mine_now = k.top(mine)
        out = k.cards(_OUT)
        self._folded = {
            "knowledge": k,
            "known": known, "face": face, "low": low,
            "struck": {f.seat: f.value for f in k.facts("struck")},
            "aside": [_KIND[c.name] for c in out if c.face_up and c.name is not None],
            "dead": sum(1 for c in out if not c.face_up),
            "lost": [f.seat for f in k.facts("life")],
            "holds_dealt": mine_now is not None and mine_now.uid == dealt_uid,
            "redeal": any(e.kind in ("redeal", "accept") for e in events),
        }
        return self._folded

    @property
    def knowledge(self) -> Knowledge:
        """The generic fold: every zone as this seat knows it, and the facts it was told."""
        return self._fold()["knowledge"]

    @property
    def out_of_play(self) -> list[str | None]:
        """Cards out of this hand as everyone sees them: set-aside matadors by name, and
        ``None`` for each card a talon-drawer gave up face down."""
        f = self._fold()
        return [KINDS[k] for k in f["aside"]] + [None] * f["dead"]

    @property
    def talon_left(self) -> int:
        """Cards still in the talon: a public count, as anyone at the table can see."""
        return DECK_SIZE - len(self.order) - len(self.out_of_play)

    @property
    def lose_life(self) -> list[int]:
        """Seats that lose a life in this hand (empty until the showdown)."""
        return list(self._fold()["lost"])

    @property
    def redeal(self) -> bool:
        """Whether this hand ended in a new deal by the same dealer."""
        return bool(self._fold()["redeal"])

    @property
    def holds_dealt(self) -> bool:
        """Whether this seat holds the very card it was dealt (it matters for a Harlekin when
        ``rules.dealt_harlekin`` is ``"low"``)."""
        return bool(self._fold()["holds_dealt"])

    @property
    def my_card(self) -> str | None:
        k = self._fold()["known"].get(self.seat)
        return None if k is None else KINDS[k]

    @property
    def my_kind(self) -> int | None:
        kind: int | None = self._fold()["known"].get(self.seat)
        return kind

    @property
    def known(self) -> dict[int, int]:
        """Seat -> kind index, for every seat whose card this seat knows now."""
        return dict(self._fold()["known"])

    @property
    def face_up(self) -> frozenset[int]:
        return frozenset(self._fold()["face"])

    @property
    def low_harlekin(self) -> frozenset[int]:
        return frozenset(self._fold()["low"])

    @property
    def struck(self) -> dict[int, str]:
        return dict(self._fold()["struck"])

    @property
    def set_aside(self) -> list[str]:
        return [KINDS[k] for k in self._fold()["aside"]]

    def _view(self) -> dict[str, Any]:
        return {"lives": list(self.lives), "dealer": self.dealer, "order": list(self.order),
                "holds_dealt": self.holds_dealt}

    def __repr__(self) -> str:
        name = self.names[self.seat]
        return f"<Kille observation for {name}: holds {self.my_card}, legal {list(self.legal)}>"
