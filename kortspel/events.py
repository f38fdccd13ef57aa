"""Where the cards are, what happened to them, and what a seat can know of it.

Every game describes its table as **zones**: a seat's hand, its piles, the stock, the discard
pile, the talon, the trick, the cards out of play. Everything that happens in a hand is an
``Event``: narrated in a sentence, tagged with the seats that may see it, and carrying typed
**effects** (cards placed, moved, swapped or revealed, and game facts such as a life lost).

``fold`` replays the events one seat saw into ``Knowledge``: for every zone, its cards in
order as that seat knows them (a card name, or ``None`` for a card it cannot see). Bots and
seat views read only that, so a seat can never be told a card that no event it saw showed it.
Events, effects and zones are tuples: a caller can keep them but never change them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

# Zone kinds: one vocabulary for all games.
HAND = "hand"
PILE = "pile"
STOCK = "stock"
DISCARD = "discard"
TALON = "talon"
TRICK = "trick"
OUT = "out"
ZONE_KINDS = (HAND, PILE, STOCK, DISCARD, TALON, TRICK, OUT)


class Zone(NamedTuple):
    """A place cards lie: ``Zone("hand", 2)``, ``Zone("pile", 0, 1)``, ``Zone("stock")``."""

    kind: str
    seat: int | None = None
    index: int = 0  # type: ignore[assignment]  # the field shadows tuple.index, on purpose

    def __str__(self) -> str:
        out = self.kind
        if self.seat is not None:
            out += f"[{self.seat}]"
        if self.index:
            out += f".{self.index}"
        return out


def hand(seat: int) -> Zone:
    return Zone(HAND, seat)


# ---------------------------------------------------------------------------------------------
# Effects: what an event does to the cards, as its viewers see it
# ---------------------------------------------------------------------------------------------


class Place(NamedTuple):
    """Cards arrive on top of ``zone`` (dealt, or a pack laid out), in order, last on top.
    ``None`` for a card the event's viewers cannot see."""

    zone: Zone
    cards: tuple[str | None, ...]
    face_up: bool = False


class Move(NamedTuple):
    """``count`` cards go from ``src`` to the top of ``dst``, keeping their order.

    ``pos`` picks them from a position of ``src`` (0 = bottom) instead of its top.
    ``face_up`` turns them (``None`` leaves them as they were). What a seat knew of a card
    goes with it: a seat follows a card it knows from zone to zone.
    """

    src: Zone
    dst: Zone
    count: int = 1  # type: ignore[assignment]  # the field shadows tuple.count, on purpose
    face_up: bool | None = None
    pos: int | None = None


class Swap(NamedTuple):
    """Two zones exchange their whole contents (Kille's swap of single cards)."""

    a: Zone
    b: Zone


class Reveal(NamedTuple):
    """The viewers learn the card at ``pos`` of ``zone`` (``-1``: the top). With
    ``face_up`` it is also turned face up for everyone at the table to see."""

    zone: Zone
    pos: int
    card: str
    face_up: bool = False


class Shuffle(NamedTuple):
    """The cards of ``zone`` are shuffled face down: whatever a viewer knew of their order
    is gone (a stock rebuilt from the discards)."""

    zone: Zone


class Fact(NamedTuple):
    """Something the rules decided that is not a card's move: ``Fact("life", 2)`` (seat 2
    loses a life), ``Fact("struck", 1, "Husar")``, ``Fact("star", 0, 2)``."""

    name: str
    seat: int | None = None
    value: Any = True


Effect = Place | Move | Swap | Reveal | Shuffle | Fact
EFFECT_TYPES = (Place, Move, Swap, Reveal, Shuffle, Fact)

EVERYONE: None = None
"""``Event.visible`` value meaning every seat (and every onlooker) may see the event."""


class Event(NamedTuple):
    """Something that happened in a hand, narrated, and tagged with who may see it.

    ``kind`` names what happened (each game lists its kinds); ``text`` tells it in a
    sentence; ``visible`` is ``None`` for everyone or the tuple of seats that see it;
    ``effects`` is what its viewers learn; ``call`` holds the words a player says out loud
    ("Kavall förbi!"), if any. ``data`` holds what happened as values (seats, cards), so a
    game's teller can say it again for one viewer ("you lose a life") with the grammar
    right by construction; ``text`` is the record's own wording, the same for everyone.
    """

    kind: str
    text: str
    visible: tuple[int, ...] | None = EVERYONE
    effects: tuple[Effect, ...] = ()
    call: str = ""
    data: tuple[Any, ...] = ()

    def visible_to(self, seat: int) -> bool:
        return self.visible is None or seat in self.visible

    @property
    def public(self) -> bool:
        return self.visible is None

    def __repr__(self) -> str:
        who = "all" if self.visible is None else ",".join(map(str, self.visible))
        return f"Event({self.kind!r}, {self.text!r}, to={who})"


# ---------------------------------------------------------------------------------------------
# The fold: what one seat knows
# ---------------------------------------------------------------------------------------------


class Card(NamedTuple):
    """A card as one seat sees it: its name (``None``: unknown), whether it lies face up,
    and ``uid``, the same number wherever the card goes, so a seat can tell whether the card
    in a hand is the one it was dealt."""

    name: str | None
    face_up: bool
    uid: int


class Knowledge:
    """What one seat knows of the table: each zone's cards in order (bottom first), and the
    facts it was told. Built by ``fold``; read-only to its users (every accessor copies)."""

    __slots__ = ("seat", "_zones", "_facts", "_uid")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._zones: dict[Zone, list[list[Any]]] = {}
        self._facts: list[Fact] = []
        self._uid = 0

    # -- reading ------------------------------------------------------------------------------

    def cards(self, zone: Zone) -> tuple[Card, ...]:
        return tuple(Card(n, f, u) for n, f, u in self._zones.get(zone, ()))

    def names(self, zone: Zone) -> tuple[str | None, ...]:
        return tuple(slot[0] for slot in self._zones.get(zone, ()))

    def count(self, zone: Zone) -> int:
        return len(self._zones.get(zone, ()))

    def top(self, zone: Zone) -> Card | None:
        slots = self._zones.get(zone)
        return Card(*slots[-1]) if slots else None

    def zones(self) -> list[Zone]:
        return [z for z, slots in self._zones.items() if slots]

    def facts(self, name: str | None = None) -> list[Fact]:
        return [f for f in self._facts if name is None or f.name == name]

    def view(self) -> dict[str, Any]:
        """Everything known, as plain JSON (zone -> list of [name, face_up], and facts)."""
        return {
            "zones": {str(z): [[n, f] for n, f, _ in slots]
                      for z, slots in sorted(self._zones.items(), key=_zone_key) if slots},
            "facts": [[f.name, f.seat, _plain(f.value)] for f in self._facts],
        }

    def copy(self) -> Knowledge:
        """An independent copy: a game that folds its events as they come (one step at a
        time, rather than the whole history per observation) hands out copies of it."""
        k = Knowledge(self.seat)
        k._zones = {z: [slot[:] for slot in slots] for z, slots in self._zones.items()}
        k._facts = self._facts[:]
        k._uid = self._uid
        return k

    # -- folding ------------------------------------------------------------------------------

    def _slots(self, zone: Zone) -> list[list[Any]]:
        slots = self._zones.get(zone)
        if slots is None:
            slots = self._zones[zone] = []
        return slots

    def _new(self, name: str | None, face_up: bool) -> list[Any]:
        self._uid += 1
        return [name, face_up, self._uid]

    def apply(self, effect: Effect) -> None:
        # type(effect) in every test, not once in a variable: so mypy narrows the effect.
        if type(effect) is Reveal:
            slots = self._slots(effect.zone)
            if not slots:
                slots.append(self._new(None, False))
            slot = slots[effect.pos]
            slot[0] = effect.card
            if effect.face_up:
                slot[1] = True
        elif type(effect) is Swap:
            za, zb = effect.a, effect.b
            a, b = self._zones.get(za, []), self._zones.get(zb, [])
            self._zones[za], self._zones[zb] = b, a
        elif type(effect) is Move:
            src = self._slots(effect.src)
            dst = self._slots(effect.dst)
            n = effect.count
            if effect.pos is None:
                moving = src[len(src) - n:] if n <= len(src) else src[:]
                del src[len(src) - len(moving):]
            else:
                moving = src[effect.pos:effect.pos + n]
                del src[effect.pos:effect.pos + n]
            while len(moving) < n:  # a zone this seat never saw filled: unknown cards
                moving.insert(0, self._new(None, False))
            if effect.face_up is not None:
                for slot in moving:
                    slot[1] = effect.face_up
            dst.extend(moving)
        elif type(effect) is Place:
            slots = self._slots(effect.zone)
            for name in effect.cards:
                slots.append(self._new(name, effect.face_up))
        elif type(effect) is Fact:
            self._facts.append(effect)
        elif type(effect) is Shuffle:
            slots = self._slots(effect.zone)
            # New cards, to this viewer: unknown and face down.
            slots[:] = [self._new(None, False) for _ in slots]
        else:
            raise TypeError(f"not an effect: {effect!r}")


def fold(events: Iterable[Event], seat: int | None) -> Knowledge:
    """What ``seat`` knows after ``events`` (``None``: an onlooker who sees public events
    only). Events the seat did not see are skipped, so nothing they carry can leak."""
    k = Knowledge(seat)
    for e in events:
        vis = e.visible
        if vis is None or (seat is not None and seat in vis):
            for eff in e.effects:
                k.apply(eff)
    return k


def _zone_key(item: tuple[Zone, Any]) -> tuple[Any, ...]:
    z = item[0]
    return (ZONE_KINDS.index(z.kind) if z.kind in ZONE_KINDS else 99, z.kind,
            -1 if z.seat is None else z.seat, z.index)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
