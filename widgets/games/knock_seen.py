"""What one picture of a Knock round may show, read once from the right source.

The teacher's picture reads the round itself; a seat's picture reads only that seat's
observation (``state.observation(seat)``): its own hand, the discard pile, the stock's count,
the cards it saw another seat take from the discard pile, and every hand once shown. Both are
turned into the same plain record, ``Seen``, and the table is drawn from that alone, so the
two views cannot differ in anything but what they are allowed to know.

How a round ended (the knock judged, the scores, who went out) is read from the round's
public events, which every seat sees; what a hand is worth and why comes from the engine's
``hand_value`` and ``best_grouping``, never from the widget.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kortspel import Action
from kortspel.events import Event
from kortspel.knock import KnockState, Observation, best_grouping, hand_value
from kortspel.knock.value import Grouping


@dataclass(frozen=True)
class HandSeen:
    """One seat's hand as the viewer may know it."""

    seat: int
    cards: tuple[str | None, ...]
    """In the order the cards arrived; ``None`` for a card seen only from behind."""
    taken: str | None = None
    """The card this seat took from the discard pile this turn (it may not throw it back)."""
    from_pile: frozenset[str] = frozenset()
    """Cards of this hand that were taken from the discard pile, so everyone knows them."""
    value: int | None = None
    grouping: Grouping | None = None
    """How the hand counts (the engine's best grouping), when every card is known."""

    @property
    def known(self) -> bool:
        return all(c is not None for c in self.cards)


@dataclass(frozen=True)
class Ending:
    """How a finished round came out, as its public events said it."""

    ended_by: str = ""
    zero: tuple[int, ...] = ()
    knock_holds: bool | None = None
    star: tuple[int, int] = (0, 0)
    """The failed knocker's star number and what it cost (``(0, 0)``: no star)."""
    round_scores: dict[int, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    went_out: tuple[int, ...] = ()
    skunks: dict[int, int] = field(default_factory=dict)
    winner: int | None = None
    circles: int | None = None
    no_winner: bool = False
    """The round ended the game with every seat over 100, so nobody wins."""
    next_dealer: int | None = None


@dataclass(frozen=True)
class Seen:
    """A round as one viewer (``viewer``; ``None`` for the teacher) may know it."""

    names: tuple[str, ...]
    viewer: int | None
    dealer: int
    order: tuple[int, ...]
    to_act: int | None
    phase: str
    knocker: int | None
    stock_count: int
    discard: tuple[str, ...]
    hands: dict[int, HandSeen]
    scores: tuple[int, ...]
    stars: tuple[int, ...]
    skunks: tuple[int, ...]
    out: tuple[int, ...]
    """Seats out of the game before this round."""
    legal: tuple[Action, ...] = ()
    """What the seat to act may do, when the viewer may know it (its own turn, or the
    teacher)."""
    ending: Ending | None = None

    @property
    def is_over(self) -> bool:
        return self.ending is not None

    def total(self, seat: int) -> int:
        """The seat's running total, this round's score added as soon as it is known."""
        if self.ending is not None and seat in self.ending.totals:
            return self.ending.totals[seat]
        return self.scores[seat]

    def star_count(self, seat: int) -> int:
        e = self.ending
        if e is not None and e.star[0] and seat == self.knocker:
            return e.star[0]
        return self.stars[seat]

    def skunk_count(self, seat: int) -> int:
        e = self.ending
        return e.skunks.get(seat, self.skunks[seat]) if e is not None else self.skunks[seat]

    def is_out(self, seat: int) -> bool:
        """Out of the game: before this round, or over 100 at its end."""
        return seat in self.out or (self.ending is not None and seat in self.ending.went_out)


def _grouped(seat: int, cards: Sequence[str | None], unused_two: int, taken: str | None,
             from_pile: frozenset[str]) -> HandSeen:
    known = [c for c in cards if c is not None]
    if cards and len(known) == len(cards):
        return HandSeen(seat, tuple(cards), taken, from_pile, hand_value(known, unused_two),
                        best_grouping(known, unused_two))
    return HandSeen(seat, tuple(cards), taken, from_pile)


def _taken_and_kept(events: Iterable[Event], seat: int, held: Sequence[str | None]
                    ) -> frozenset[str]:
    """Cards ``seat`` took from the discard pile and still holds: everyone saw them taken."""
    from kortspel.knock import NAMES

    taken: set[str] = set()
    for e in events:
        if e.kind == "take" and e.data[0] == seat:
            taken.add(NAMES[e.data[1]])
        elif e.kind == "discard" and e.data[0] == seat:
            taken.discard(NAMES[e.data[1]])
    return frozenset(taken & set(c for c in held if c is not None))


def ending_from(events: Sequence[Event]) -> Ending | None:
    """The end of a round as its public events tell it, or ``None`` while it goes on."""
    kinds = {e.kind: e for e in events}
    if "scores" not in kinds:
        return None
    ended_by = str(kinds["end"].data[0]) if "end" in kinds else (
        "zero" if "zero" in kinds else "")
    zero = tuple(e.data[0] for e in events if e.kind == "zero")
    holds: bool | None = None
    star = (0, 0)
    if "knock_holds" in kinds:
        holds = True
    if "star" in kinds:
        holds = False
        star = (int(kinds["star"].data[3]), int(kinds["star"].data[4]))
    order, values, penalties, totals = kinds["scores"].data
    winner = kinds["winner"].data if "winner" in kinds else None
    return Ending(
        ended_by=ended_by, zero=zero, knock_holds=holds, star=star,
        round_scores={s: v + p for s, v, p in zip(order, values, penalties, strict=True)},
        totals=dict(zip(order, totals, strict=True)),
        went_out=tuple(e.data[0] for e in events if e.kind == "out"),
        skunks={e.data[0]: int(e.data[3]) for e in events if e.kind == "skunk"},
        winner=None if winner is None else int(winner[0]),
        circles=None if winner is None else int(winner[2]),
        no_winner="no_winner" in kinds,
        next_dealer=int(kinds["next_dealer"].data[0]) if "next_dealer" in kinds else None)


def from_state(state: KnockState) -> Seen:
    """The teacher's round: every card, read from the state itself."""
    g = state.game
    two = g.rules.unused_two
    hands = {}
    for s in state.order:
        cards = state.hand(s)
        taken = state.taken_card if s == state.to_act else None
        hands[s] = _grouped(s, cards, two, taken, _taken_and_kept(state.events, s, cards))
    c = state.carry
    return Seen(
        names=tuple(g.names), viewer=None, dealer=state.dealer, order=state.order,
        to_act=state.to_act, phase=state.phase_name, knocker=state.knocker,
        stock_count=state.stock_count, discard=tuple(state.discard_pile), hands=hands,
        scores=c.scores, stars=c.stars, skunks=c.skunks, out=c.out,
        legal=tuple(state.legal_actions()), ending=ending_from(state.events))


def from_observation(obs: Observation) -> Seen:
    """One seat's round, read from its observation alone."""
    two = obs.rules.unused_two
    events = obs.events
    hands = {}
    for s in obs.order:
        if s == obs.seat:
            cards: Sequence[str | None] = obs.hand
            taken = obs.taken
        else:
            cards = obs.known(s)
            taken = None
        hands[s] = _grouped(s, cards, two, taken, _taken_and_kept(events, s, cards))
    return Seen(
        names=tuple(obs.names), viewer=obs.seat, dealer=obs.dealer, order=tuple(obs.order),
        to_act=obs.to_act, phase=obs.phase, knocker=obs.knocker,
        stock_count=obs.stock_count, discard=tuple(obs.discard_pile), hands=hands,
        scores=obs.scores, stars=obs.stars, skunks=obs.skunks, out=obs.out,
        legal=obs.legal, ending=ending_from(events))


def seen(state: KnockState, viewer: int | None) -> Seen:
    return from_state(state) if viewer is None else from_observation(state.observation(viewer))


__all__ = ["Ending", "HandSeen", "Seen", "ending_from", "from_observation", "from_state",
           "seen"]
