"""What one Gnällknekt seat may know, read only from the generic fold of the events it saw.

A seat sees its own hand, every face-up card on every pile and how many cards lie face down
under them, the discard pile, how many cards the stock and the out-of-play pile hold (and the
out-of-play cards themselves, which lie face up), how many cards every hand holds, and the
cards others took from the discard pile (a card taken in full view stays known until it is
played). Nothing else: the fold of ``kortspel.events`` builds all of it from the events this
seat saw, so a card no event showed it cannot leak.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..actions import Action
from ..events import Event, Knowledge
from ..shell import ObservationShell
from .narration import DISCARD_ZONE, OUT_ZONE, PHASES, STOCK_ZONE, hand_of, pile_zone
from .rules import LAST_ROUND_TURNS, TWO_LEFT_TURNS, Rules


class Pile:
    """One pile as a seat sees it: ``down`` face-down cards under the ``up`` cards (bottom
    first). ``top`` is what an attacker faces (see ``cards.top_unit``)."""

    __slots__ = ("down", "up")

    def __init__(self, down: int, up: tuple[str, ...]) -> None:
        self.down = down
        self.up = up

    @property
    def size(self) -> int:
        return self.down + len(self.up)

    def __bool__(self) -> bool:
        return bool(self.up) or bool(self.down)

    def __repr__(self) -> str:
        return f"Pile(down={self.down}, up={list(self.up)})"

    def as_json(self) -> dict[str, Any]:
        return {"down": self.down, "up": list(self.up)}


class Folder:
    """One seat's fold of a game's events, kept up to date one event at a time.

    A game holds one per seat (made on first use, dropped by ``clone``), so an observation
    costs the events since the last one rather than the whole history; each observation
    gets a copy, which the game never touches again.

    ``seen`` is every event this seat saw, as a chain of immutable links ``(earlier,
    events)`` (``()`` before the first): one link is added per advance, so an observation
    can keep the chain as it is now, for good, without copying a history that grows to a
    thousand events (``Observation.events`` reads it out).
    """

    __slots__ = ("seat", "k", "m", "turn", "draws", "moves", "phase", "seen")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.k = Knowledge(seat)
        self.m = 0
        self.turn: tuple[Any, ...] = (None, 0, 0, 0, 0)
        self.draws = self.moves = self.phase = 0
        self.seen: tuple[Any, ...] = ()

    def advance(self, events: Sequence[Event], upto: int) -> None:
        seat = self.seat
        k = self.k
        apply = k.apply
        seen: list[Event] = []
        for e in events[self.m:upto]:
            vis = e.visible
            if vis is not None and seat not in vis:
                continue
            seen.append(e)
            for eff in e.effects:
                apply(eff)
            kind = e.kind
            if kind == "turn":
                self.turn = e.data
                self.draws = self.moves = 0
            elif kind == "draw":
                self.draws += 1
            elif kind == "short":
                self.draws += e.data[1]
            elif kind == "attack" or kind == "defend":
                self.moves += 1
            elif kind == "two_left":
                self.phase = 1
            elif kind == "last_rounds":
                self.phase = 2
        self.m = upto
        if seen:
            self.seen = (self.seen, tuple(seen))


class ObservedTable(Protocol):
    """What an observation reads of the table: the seats' names and the rules options."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...


class ObservedState(Protocol):
    """What an observation reads of the game's state, and nothing more: the table, the
    dealer, whose turn it is, whether the game is over, the legal actions, the events, and
    the state's folders (one per seat, ``Folder``, which the observation brings up to date).

    The state (``state.GnallknektState``) is drawn above the observation, since it hands
    them out, so the observation names here what it reads of a state rather than importing
    it: ``GnallknektState`` fits by its shape alone.
    """

    @property
    def game(self) -> ObservedTable: ...

    @property
    def dealer(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def _events(self) -> Sequence[Event]: ...

    @property
    def _folders(self) -> list[Folder | None]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...


class Observation(ObservationShell):
    """All one seat may know of a game now, built only from the events it saw.

    It holds copies only: a copy of its seat's fold (the state keeps one per seat, brought
    up to date with the events since the last observation, so making one costs those
    events and a copy of what the seat knows, not the whole history) and the events the
    seat saw. Never the state, nor its list of every seat's events: a bot is handed the
    observation, and could read and change whatever it holds. ``knowledge`` is the generic
    fold (every zone, every fact) that the table views read; the properties below are read
    from it.
    """

    __slots__ = ("seat", "names", "rules", "dealer", "to_act", "legal", "is_over",
                 "_folded", "_chain", "_piles", "_visible")

    is_over: bool  # a slot here, where the shell reads it as a property

    def __init__(self, state: ObservedState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self.seat = seat
        g = state.game
        self.names = g.names
        self.rules = g.rules  # the table's options: public, and a player needs them
        self.dealer = state.dealer
        self.to_act = state.to_act
        self.is_over = state.is_over
        self.legal = tuple(state.legal_actions(seat) if legal is None else legal)
        events = state._events
        n = len(events)
        folders = state._folders
        live = folders[seat]
        if live is None or live.m > n:  # the first observation of this seat in this state
            live = folders[seat] = Folder(seat)
        live.advance(events, n)
        f = Folder(seat)
        f.k = live.k.copy()
        f.m, f.turn, f.draws, f.moves, f.phase = n, live.turn, live.draws, live.moves, live.phase
        self._folded = f
        self._chain = live.seen  # immutable: later links are added to the live folder only
        self._piles: dict[tuple[int, int], Pile] = {}
        self._visible: tuple[Event, ...] | None = None

    def _fold(self) -> Folder:
        return self._folded

    # -- the table as this seat sees it -----------------------------------------------------

    @property
    def knowledge(self) -> Knowledge:
        """The generic fold: every zone as this seat knows it, and the facts it was told."""
        return self._fold().k

    @property
    def hand(self) -> list[str]:
        """This seat's own cards, in the order they came."""
        return [c for c in self.knowledge.names(hand_of(self.seat)) if c is not None]

    def hand_size(self, seat: int) -> int:
        return self.knowledge.count(hand_of(seat))

    @property
    def hand_sizes(self) -> list[int]:
        return [self.hand_size(s) for s in range(len(self.names))]

    def known_cards(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand this seat can name: all of its own; of others, the
        ones they took from the discard pile and still hold."""
        return [c for c in self.knowledge.names(hand_of(seat)) if c is not None]

    def pile(self, seat: int, pile: int) -> Pile:
        got = self._piles.get((seat, pile))
        if got is None:
            cards = self.knowledge.cards(pile_zone(seat, pile))
            got = self._piles[seat, pile] = Pile(
                sum(1 for c in cards if not c.face_up),
                tuple(c.name for c in cards if c.face_up))  # type: ignore[misc]
        return got

    def piles(self, seat: int) -> list[Pile]:
        return [self.pile(seat, i) for i in range(3)]

    def lives(self, seat: int) -> int:
        """Piles ``seat`` has left."""
        return sum(1 for p in self.piles(seat) if p)

    @property
    def seats_in(self) -> list[int]:
        """Seats still in the game, in seat order."""
        out = {f.seat for f in self.knowledge.facts("out")}
        return [s for s in range(len(self.names)) if s not in out]

    @property
    def out(self) -> list[int]:
        """Seats out of the game, in the order they went out."""
        return [f.seat for f in self.knowledge.facts("out")]  # type: ignore[misc]

    @property
    def stock_count(self) -> int:
        return self.knowledge.count(STOCK_ZONE)

    @property
    def discard(self) -> list[str]:
        """The discard pile, bottom first: every card in it lies face up."""
        return [c for c in self.knowledge.names(DISCARD_ZONE) if c is not None]

    @property
    def out_of_play(self) -> list[str]:
        """Cards out of play, bottom first (attacks, beaten cards, hands of seats gone out)."""
        return [c for c in self.knowledge.names(OUT_ZONE) if c is not None]

    # -- the turn and the endgame ----------------------------------------------------------

    @property
    def turn_seat(self) -> int | None:
        """Whose turn it is (also while a rebuilt stock is being shuffled)."""
        return self._fold().turn[0]

    @property
    def draws_left(self) -> int:
        """Cards still to draw this turn (0 once the moves have begun)."""
        f = self._fold()
        return max(0, f.turn[1] - f.draws) if not self.is_over else 0

    @property
    def moves_left(self) -> int:
        """Attacks or defences still allowed this turn."""
        return 0 if self.is_over else 2 - self._fold().moves

    @property
    def phase(self) -> str:
        """``normal``, ``two-left`` or ``last-rounds``."""
        return PHASES[self._fold().phase]

    @property
    def turns_left(self) -> int | None:
        """Turns still to play in this phase of the endgame (the current one included when
        it counts); ``None`` before two players are left."""
        f = self._fold()
        if f.phase == 0:
            return None
        limit = TWO_LEFT_TURNS if f.phase == 1 else LAST_ROUND_TURNS
        done = f.turn[3] if f.turn[2] == f.phase else 0
        return limit - done

    @property
    def winner(self) -> int | None:
        wins = self.knowledge.facts("win")
        return wins[0].seat if wins else None

    @property
    def drawn(self) -> list[int]:
        """The two seats of a drawn game (empty otherwise)."""
        return [f.seat for f in self.knowledge.facts("draw")]  # type: ignore[misc]

    @property
    def events(self) -> list[Event]:
        """The events this seat saw, in order."""
        if self._visible is None:
            chunks: list[tuple[Event, ...]] = []
            link = self._chain
            while link:
                link, chunk = link
                chunks.append(chunk)
            self._visible = tuple(e for chunk in reversed(chunks) for e in chunk)
        return list(self._visible)

    def _view(self) -> dict[str, Any]:
        n = len(self.names)
        return {
            "hand": self.hand,
            "piles": [[p.as_json() for p in self.piles(s)] for s in range(n)],
            "hand_sizes": self.hand_sizes,
            "known": [self.known_cards(s) for s in range(n)],
            "stock": self.stock_count, "discard": self.discard,
            "out_of_play": self.out_of_play, "out": self.out,
            "phase": self.phase, "turns_left": self.turns_left,
            "draws_left": self.draws_left, "moves_left": self.moves_left,
        }

    def __repr__(self) -> str:
        return (f"<Gnällknekt observation for {self.names[self.seat]}: hand {self.hand}, "
                f"legal {len(self.legal)} actions>")
