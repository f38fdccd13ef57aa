"""What a table shows, for any game: seats with their zones and badges, the zones in the
middle, the words, as plain frozen data.

A game's adapter (``kortspel.widgets.games``) turns a state (the teacher's view) or one seat's
observation into a ``TableModel``; the geometry (``geometry.py``) and the painter never learn
which game it was. Every item a player may click carries a ``ref``: an opaque, hashable value
the adapter chose, that names the card or zone in its own terms (``("card", 2, "KS")``,
``("zone", "stock")``). Clicks come back as refs, and legal actions are described as paths of
refs, so two-click actions (a card, then its target) work the same in every game.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

ZONE_KINDS = ("single", "hand", "pile", "stock", "discard", "talon", "trick", "out", "chips")
"""How a zone is drawn: one card; a fanned hand; a pile drawn offset with its face-down count;
a stock, discard pile or talon with its count; a trick with who played what; cards out of
play, face up and face down; a stack of ``hidden`` chips (a pot), its sum in the label."""

BADGE_KINDS = ("lives", "score", "stars", "pot", "tricks", "bid", "text")

HIGHLIGHTS = ("selected", "legal", "target", "struck", "low")


@dataclass(frozen=True)
class CardStyle:
    """The one card size (and back) a table is drawn with; passed in, never assumed."""

    w: float = 64.0
    h: float = 96.0
    back: str = "back:french"

    def scaled(self, k: float) -> CardStyle:
        return replace(self, w=self.w * k, h=self.h * k)


@dataclass(frozen=True)
class CardView:
    """One card as the viewer may see it: a sprite key (a back for a hidden card), words for
    screen readers and tests, and what a click on it means."""

    key: str
    label: str
    ref: Hashable | None = None
    highlight: str | None = None
    note: str = ""  # a few words under the card ("as 7", "low")


@dataclass(frozen=True)
class CardGroup:
    """Cards of a hand that count together (a set, a meld): the zone's cards ``start`` to
    ``start + count - 1``. A hand draws each group apart from the cards beside it, its last
    card whole, inside an outline with ``label`` above it ("set of 7s"): shape and words,
    not colour alone."""

    start: int
    count: int
    label: str = ""


@dataclass(frozen=True)
class ZoneView:
    """Cards lying together: visible cards bottom first, and ``hidden`` face-down cards
    under them (drawn as offset backs with their count)."""

    kind: str
    cards: tuple[CardView, ...] = ()
    hidden: int = 0
    label: str = ""
    ref: Hashable | None = None
    highlight: str | None = None
    played_by: tuple[str, ...] = ()  # a trick: who played each card, in order
    groups: tuple[CardGroup, ...] = ()  # a hand: cards that count together, outlined
    fan: float = 0.0  # a hand: share of a card's width each card shows (0: the usual fan)
    said: str = ""  # the zone in the alt text when its label is short ("first pile"; "1")
    hint: str = ""  # the coach's number for this place ("★ 43%"), on a line under the label

    def __post_init__(self) -> None:
        if self.kind not in ZONE_KINDS:
            raise ValueError(f"zone kind {self.kind!r} is not one of {ZONE_KINDS}")
        end = 0
        for g in self.groups:  # in order, apart, each inside the hand
            if self.kind != "hand" or g.count < 1 or g.start < end or (
                    g.start + g.count > len(self.cards)):
                raise ValueError(f"{g!r} is not a run of this {self.kind}'s "
                                 f"{len(self.cards)} cards after the groups before it")
            end = g.start + g.count


@dataclass(frozen=True)
class Badge:
    """A number beside a seat or the table: lives (drawn as dots), a score, stars, a pot,
    tricks won, a bid. ``label`` says it in words."""

    kind: str
    value: int | str
    label: str
    max: int = 0


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    zones: tuple[ZoneView, ...] = ()
    badges: tuple[Badge, ...] = ()
    notes: tuple[str, ...] = ()  # the seat's condition in words ("struck (Husar)")
    is_dealer: bool = False
    to_act: bool = False
    is_viewer: bool = False
    out: bool = False  # not in this hand (no lives left, eliminated)


@dataclass(frozen=True)
class TableModel:
    """Everything one picture of a table needs, already filtered for its viewer."""

    title: str
    seats: tuple[SeatView, ...]
    centre: tuple[ZoneView, ...] = ()
    badges: tuple[Badge, ...] = ()
    viewer: int | None = None
    call: str = ""  # words said out loud ("Kavall förbi!")
    status: str = ""
    is_over: bool = False
    style: CardStyle = field(default_factory=CardStyle)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


def mark(model: TableModel, *, targets: frozenset[Hashable] = frozenset(),
         selected: frozenset[Hashable] = frozenset()) -> TableModel:
    """The model with every card or zone whose ref is a legal next click marked ``target``,
    and the chosen ones ``selected``: how two-click actions show where they may go."""
    if not targets and not selected:
        return model

    def card(c: CardView) -> CardView:
        if c.ref in selected:
            return replace(c, highlight="selected")
        if c.ref in targets:
            return replace(c, highlight="target")
        return c

    def zone(z: ZoneView) -> ZoneView:
        hl = z.highlight
        if z.ref is not None and z.ref in targets:
            hl = "target"
        return replace(z, cards=tuple(card(c) for c in z.cards), highlight=hl)

    seats = tuple(replace(s, zones=tuple(zone(z) for z in s.zones)) for s in model.seats)
    return replace(model, seats=seats, centre=tuple(zone(z) for z in model.centre))
