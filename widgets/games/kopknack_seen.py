"""What one picture of a Köpknack table may show, read once from the right source.

The teacher's picture reads the deal itself; a seat's picture reads only that seat's
observation (``state.observation(seat)``), so a card the seat was never shown cannot reach
its table: another seat's cards are known only as a count, face down. Both are turned into
the same plain record, ``Seen``, and the table is drawn from that alone, so the two views
cannot drift apart in anything but what they are allowed to know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kortspel.events import hand
from kortspel.i18n import _
from kortspel.kopknack import KopknackState, Observation, duty

Cards = tuple[str | None, ...]
"""A hand as a viewer knows it: a card's name, or ``None`` for a card seen only from behind."""


@dataclass(frozen=True)
class Seen:
    """A deal as one viewer (``viewer``; ``None`` for the teacher) may know it, in seats."""

    names: tuple[str, ...]
    viewer: int | None
    dealer: int
    stake: int
    pot: int
    trump: str
    talon_left: int
    phase: str
    to_act: int | None
    is_over: bool
    hands: tuple[Cards, ...]
    bids: dict[int, str]
    exchanged: dict[int, tuple[int, ...]]
    in_play: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]
    """The trick on the table now: (seat, card), the lead first."""
    played: tuple[tuple[int, int, str], ...]
    """Every card played: (seat, trick number, card)."""
    tricks: tuple[int, ...]
    """The winner of each finished trick."""
    swept_by: int | None = None
    payout: dict[int, int] = field(default_factory=dict)
    penalty: dict[int, int] = field(default_factory=dict)
    next_pot: int | None = None
    duty_name: str = ""
    """The trick duty binding the seat to act, when the viewer may know it."""
    legal: tuple[str, ...] = ()
    """The cards the seat to act may play, when the viewer may know them (the duty's cards)."""

    @property
    def number(self) -> int:
        """The trick being played (1 to 3), 0 before the play."""
        return len(self.tricks) + 1 if self.phase == "play" else 0

    def won(self, seat: int) -> int:
        return self.tricks.count(seat)

    def last_trick(self) -> tuple[int, tuple[tuple[int, str], ...]]:
        """The last finished trick: its number and (seat, card), the lead first (0, () when
        none is finished)."""
        if not self.tricks:
            return 0, ()
        number = len(self.tricks)
        return number, tuple((s, c) for s, n, c in self.played if n == number)


def from_state(state: KopknackState) -> Seen:
    """The teacher's knowledge: every card, read from the deal itself."""
    n = state.game.seats
    size = len(state.active) or 1
    played = tuple((s, k // size + 1, c) for k, (s, c) in enumerate(state.played))
    o = state.outcome
    bought: dict[int, list[int]] = {}
    for s, count in state.bought:
        bought.setdefault(s, []).append(count)
    d_name = ""
    legal: tuple[str, ...] = ()
    if state.phase_name == "play" and state.to_act is not None:
        d = duty(state.hands[state.to_act], state.trick, state.number, state.trump_suit)
        d_name, legal = d.name, d.cards
    return Seen(
        names=tuple(state.game.names), viewer=None, dealer=state.dealer, stake=state.stake,
        pot=state.pot, trump=state.trump, talon_left=state.talon_left, phase=state.phase_name,
        to_act=state.to_act, is_over=state.is_over,
        hands=tuple(tuple(state.hands[s]) for s in range(n)),
        bids={s: b for s, b in enumerate(state.bids) if b is not None},
        exchanged={s: tuple(v) for s, v in bought.items()}, in_play=state.in_play,
        trick=tuple(zip(state.trick_seats, state.trick, strict=True)), played=played,
        tricks=tuple(state.tricks),
        swept_by=None if o is None else o.swept_by,
        payout={} if o is None else {s: v for s, v in enumerate(o.payout) if v},
        penalty={} if o is None else {s: v for s, v in enumerate(o.penalty) if v},
        next_pot=None if o is None else o.next_pot,
        duty_name=d_name, legal=legal)


def from_observation(obs: Observation) -> Seen:
    """One seat's knowledge: its own cards, and of every other hand only how many cards
    it holds; everything else that is public (bids, counts exchanged, cards played)."""
    k = obs.knowledge
    n = len(obs.names)
    hands: list[Cards] = []
    for s in range(n):
        if s == obs.seat:
            hands.append(tuple(obs.hand))
        else:
            hands.append((None,) * k.count(hand(s)))
    # Every payout and penalty fact names its seat (a Fact's seat is None only for a table's).
    payout: dict[int, int] = {f.seat: int(f.value) for f in k.facts("payout")}  # type: ignore[misc]
    penalty: dict[int, int] = {f.seat: int(f.value) for f in k.facts("penalty")}  # type: ignore[misc]
    next_pot = [int(f.value) for f in k.facts("next_pot")]
    swept = obs.swept_by
    if swept is not None:
        payout = {swept: obs.pot}
    d = obs.duty()
    return Seen(
        names=tuple(obs.names), viewer=obs.seat, dealer=obs.dealer, stake=obs.stake,
        pot=obs.pot, trump=obs.trump, talon_left=obs.talon_left, phase=obs.phase,
        to_act=obs.to_act, is_over=obs.is_over, hands=tuple(hands), bids=obs.bids,
        exchanged=obs.exchanged, in_play=obs.in_play, trick=tuple(obs.trick),
        played=tuple(obs.played), tricks=tuple(obs.tricks), swept_by=swept,
        payout=payout, penalty=penalty, next_pot=next_pot[-1] if next_pot else None,
        duty_name="" if d is None else d.name, legal=() if d is None else d.cards)


def seen(state: KopknackState, viewer: int | None) -> Seen:
    """What ``viewer`` may know of ``state``: the teacher everything, a seat its
    observation."""
    return from_state(state) if viewer is None else from_observation(state.observation(viewer))


def count_words(counts: Sequence[int]) -> str:
    """A seat's exchanges as a plate says them: ``(2, 0)`` -> "bought 2, then 0", and
    ``(0, 0)`` -> "bought none" (in the language in use)."""
    if not any(counts):
        return _("bought none")
    said = str(counts[0])
    for c in counts[1:]:
        said = _("{first}, then {then}").format(first=said, then=c)
    # i18n: on a seat's plate: the cards it bought from the talon, round by round
    return _("bought {counts}").format(counts=said)
