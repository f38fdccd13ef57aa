"""Kille told in words: every event a hand can produce, with its sentence, who sees it and
what it shows.

The rules (``state.py``) decide what happens and call one method here per happening; this
module decides how it is said. Events a hand repeats word for word (a deal, a stand, a
plain swap) are made once per table and shared: events are immutable, so sharing is safe,
and a hand then costs no string work for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

from ..events import OUT, TALON, Event, Fact, Move, Place, Reveal, Swap, Zone, hand
from .cards import HARLEKIN, HUSAR, KAVALL, KINDS, KUKU, a_card

KUKU_CALL = "Kuku står, ingen byta får!"
_KUKU_GLOSS = "(the cuckoo stands firm: no swapping)"
_TALON = Zone(TALON)
_OUT = Zone(OUT)

EVENT_KINDS = (
    "deal", "dealt", "redeal", "kuku", "stand", "ask", "accept", "refuse", "depends",
    "ask_swap", "swap", "swap_cards", "forbi", "husar", "husu", "bite_back", "back",
    "ask_talon", "talon_draw", "talon_card", "talon_aside", "talon_kuku", "talon_husar",
    "talon_husu", "round_over", "showdown", "lose", "guard", "nobody",
)
"""Every kind of event a Kille hand can hold."""


F = TypeVar("F", bound=Callable[..., Any])


def _memo(method: F) -> F:
    """Make an event once per table for each set of arguments: an event is a pure function
    of them, and building its tuples again every hand is most of a hand's cost."""
    name = method.__name__

    @wraps(method)
    def cached(self: Narrator, *args: Any) -> Any:
        key = (name, *args)
        event = self._memo.get(key)
        if event is None:
            event = self._memo[key] = method(self, *args)
        return event

    return cached  # type: ignore[return-value]


def _shown(seat: int, kind: int) -> Reveal:
    return Reveal(hand(seat), 0, KINDS[kind], True)


class Narrator:
    """The events of one table (its seat names fixed), cached where they repeat."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = nm = tuple(names)
        self._memo: dict[tuple[Any, ...], Any] = {}
        seats = range(len(nm))
        self._deal: dict[tuple[int, tuple[int, ...]], Event] = {}
        self._dealt = tuple(
            tuple(Event("dealt", f"{nm[s]} is dealt {a_card(k)}.", (s,),
                        (Reveal(hand(s), 0, KINDS[k]),), "", (s, k)) for k in range(len(KINDS)))
            for s in seats)
        self._stand = tuple(Event("stand", f"{nm[s]} stands.", data=(s,)) for s in seats)
        self._ask = tuple(
            tuple(Event("ask_swap", f"{nm[s]} asks {nm[t]} to swap.", data=(s, t))
                  for t in seats)
            for s in seats)
        self._swap = tuple(
            tuple(Event("swap", f"{nm[p]} and {nm[q]} swap cards.", None,
                        (Swap(hand(p), hand(q)),), "", (p, q)) for q in seats)
            for p in seats)
        self._swap_cards: dict[tuple[int, int, int, int], Event] = {}
        self._ask_talon = tuple(
            Event("ask_talon", f"{nm[s]}, the dealer, swaps with the talon.", data=(s,))
            for s in seats)
        self._talon_draw = tuple(
            Event("talon_draw", f"{nm[s]} takes the top card of the talon and puts the old card "
                  "face down under the talon, out of play. The round is over.", None,
                  (Move(hand(s), _OUT, 1, False), Move(_TALON, hand(s)),
                   Fact("low", s, False)), "", (s,))
            for s in seats)
        self._talon_card: dict[tuple[int, int, int], Event] = {}
        self.round_over = Event(
            "round_over", "The turn would pass the dealer: the swapping is over.")
        self._lowest: dict[tuple[tuple[int, ...], int], Event] = {}
        self._show = tuple(tuple((_shown(s, k),) for k in range(len(KINDS))) for s in seats)
        self._label = tuple(tuple(f"{nm[s]} {KINDS[k]}" for k in range(len(KINDS)))
                            for s in seats)

    # -- the deal -----------------------------------------------------------------------------

    def deal(self, dealer: int, order: tuple[int, ...], talon: int) -> Event:
        key = (dealer, order)
        event = self._deal.get(key)
        if event is None:
            effects = tuple(Place(hand(s), (None,)) for s in order)
            event = self._deal[key] = Event(
                "deal", f"{self.names[dealer]} deals one card to each seat, face down.", None,
                (*effects, Place(_TALON, (None,) * talon)), "", (dealer,))
        return event

    def dealt(self, seat: int, kind: int) -> Event:
        return self._dealt[seat][kind]

    @_memo
    def two_seat_harlekin(self, seats: Sequence[int], dealer: int) -> Event:
        nm = self.names
        who = " and ".join(nm[s] for s in seats)
        dealt = "is dealt a Harlekin" if len(seats) == 1 else "are each dealt a Harlekin"
        return Event("redeal", f"{who} {dealt} with only two seats in play: "
                     f"{nm[dealer]} deals again.", None,
                     tuple(_shown(s, HARLEKIN) for s in seats), "", (tuple(seats), dealer))

    @_memo
    def two_seat_kuku(self, seats: Sequence[int]) -> Event:
        return Event("kuku", f"{self.names[seats[0]]} is dealt the Kuku; with two seats it is "
                     f"turned up at once. {KUKU_CALL} {_KUKU_GLOSS}", None,
                     tuple(_shown(s, KUKU) for s in seats), KUKU_CALL, ("dealt", tuple(seats)))

    # -- decisions ----------------------------------------------------------------------------

    def stand(self, seat: int) -> Event:
        return self._stand[seat]

    @_memo
    def kuku_call(self, seat: int) -> Event:
        return Event("kuku", f"{self.names[seat]} calls it: {KUKU_CALL} {_KUKU_GLOSS} The "
                     "swapping is over.", None, (_shown(seat, KUKU),), KUKU_CALL, ("call", seat))

    @_memo
    def ask(self, seat: int, dealer: int) -> Event:
        return Event("ask", f"{self.names[seat]} asks {self.names[dealer]}, the dealer, for "
                     "better cards.", data=(seat, dealer))

    @_memo
    def accept(self, seat: int, dealer: int) -> Event:
        return Event("accept", f"{self.names[seat]} accepts: the cards are gathered and "
                     f"reshuffled, and {self.names[dealer]} deals again.", data=(seat, dealer))

    @_memo
    def refuse(self, seat: int, first: int) -> Event:
        return Event("refuse", f"{self.names[seat]} refuses: no better cards. "
                     f"{self.names[first]} goes on to stand or swap, and cannot ask again "
                     "this hand.", data=(seat, first))

    @_memo
    def depends(self, seat: int, middle: int) -> Event:
        return Event("depends", f"{self.names[seat]} says it depends: {self.names[middle]}, "
                     "the middle seat, decides.", data=(seat, middle))

    # -- swaps --------------------------------------------------------------------------------

    def ask_swap(self, seat: int, target: int) -> Event:
        return self._ask[seat][target]

    @_memo
    def forbi(self, target: int, kind: int, seat: int, next_seat: int | None) -> Event:
        nm = self.names
        word = KINDS[kind]
        gloss = "pass the horse" if kind == KAVALL else "pass the inn"
        nxt = (f"{nm[seat]} goes on to {nm[next_seat]}." if next_seat is not None
               else f"that carries {nm[seat]} past the dealer, to the talon.")
        return Event("forbi", f"{nm[target]} turns up {a_card(kind)}: {word} förbi! ({gloss}) "
                     f"{nm[target]} loses the turn, and {nxt}", None, (_shown(target, kind),),
                     f"{word} förbi!", (target, kind, seat, next_seat))

    @_memo
    def kuku_refuses(self, target: int, seat: int) -> Event:
        nm = self.names
        return Event("kuku", f"{nm[target]} turns up the Kuku: {KUKU_CALL} {_KUKU_GLOSS} The "
                     f"swapping is over, and {nm[seat]} loses nothing for asking.", None,
                     (_shown(target, KUKU),), KUKU_CALL, ("refuses", target, seat))

    @_memo
    def husar(self, target: int, seat: int) -> Event:
        nm = self.names
        return Event("husar", f"{nm[target]} turns up a Husar: Husar hugger! (the hussar "
                     f"strikes) The swap does not happen and {nm[seat]} is struck.", None,
                     (_shown(target, HUSAR), Fact("struck", seat, "Husar")), "Husar hugger!",
                     (target, seat))

    @_memo
    def husu(self, target: int, kind: int) -> Event:
        return Event("husu", f"{self.names[target]} turns up a Husu: Svinhugg går igen! (the "
                     "pig bites back)", None, (_shown(target, kind),), "Svinhugg går igen!",
                     (target,))

    def plain_swap(self, p: int, q: int, kp: int, kq: int) -> tuple[Event, Event]:
        """The public swap and the private news of what each of the two now holds."""
        private = self._swap_cards.get((p, q, kp, kq))
        if private is None:
            nm = self.names
            private = self._swap_cards[p, q, kp, kq] = Event(
                "swap_cards", f"{nm[p]} gets {nm[q]}'s {KINDS[kq]}; {nm[q]} gets "
                f"{nm[p]}'s {KINDS[kp]}.", (p, q),
                (Reveal(hand(p), 0, KINDS[kq]), Reveal(hand(q), 0, KINDS[kp])), "",
                (p, q, kp, kq))
        return self._swap[p][q], private

    @_memo
    def harlekin_swap(self, p: int, q: int, kp: int, kq: int, low_p: bool,
                      low_q: bool) -> Event:
        """A swap in which a Harlekin goes across, face up."""
        nm = self.names
        effects: list[Swap | Reveal | Fact] = [Swap(hand(p), hand(q))]
        text = f"{nm[p]} and {nm[q]} swap cards."
        if kp == HARLEKIN:
            effects.append(_shown(q, HARLEKIN))
        if kq == HARLEKIN:
            effects.append(_shown(p, HARLEKIN))
        if kp == kq:
            text += (" Two Harlekins meet in one swap: both go across face up, and both "
                     "count high.")
        else:
            to = q if kp == HARLEKIN else p
            text += (f" The Harlekin goes across face up to {nm[to]}: swapped onto a "
                     "seat, it is lower than Blaren.")
        effects += [Fact("low", p, low_p), Fact("low", q, low_q)]
        return Event("swap", text, None, tuple(effects), "", (p, q, kp, kq))

    @_memo
    def bite_back(self, seat: int, chain: Sequence[tuple[int, int, int, int, bool, bool]],
                  origin: int) -> Event:
        """The Husu's bite: the offered card goes back along its chain of swaps."""
        nm = self.names
        effects: list[Swap | Fact] = []
        for p, q, _cp, _cq, lp, lq in reversed(chain):
            effects += [Swap(hand(p), hand(q)), Fact("low", p, lp), Fact("low", q, lq)]
        effects.append(Fact("struck", origin, "Husu"))
        if chain:
            route = [seat] + [p for p, *_ in reversed(chain)]
            steps = " to ".join(nm[s] for s in route)
            text = (f"The card {nm[seat]} offered travels back, {steps}, to the seat "
                    f"that was dealt it: {nm[origin]} is struck, and each seat on the way "
                    "has its own dealt card back.")
        else:
            text = f"{nm[seat]} offered the card {nm[seat]} was dealt, so {nm[seat]} is struck."
        path = (seat, *(p for p, *_ in reversed(chain)))
        return Event("bite_back", text, None, tuple(effects), "", (seat, path, origin))

    @_memo
    def back(self, seat: int, kind: int) -> Event:
        return Event("back", f"{self.names[seat]} has {a_card(kind)} again.", (seat,),
                     (Reveal(hand(seat), 0, KINDS[kind]),), "", (seat, kind))

    # -- the talon ----------------------------------------------------------------------------

    def ask_talon(self, seat: int) -> Event:
        return self._ask_talon[seat]

    def _aside(self, kind: int) -> tuple[Move, Reveal]:
        return Move(_TALON, _OUT, 1, True), Reveal(_OUT, -1, KINDS[kind], True)

    @_memo
    def talon_aside(self, seat: int, kind: int) -> Event:
        return Event("talon_aside", f"{self.names[seat]} draws {a_card(kind)} from the talon: "
                     "it is set aside face up, out of play, and the next card is drawn.", None,
                     self._aside(kind), f"{KINDS[kind]} förbi!", (seat, kind))

    @_memo
    def talon_kuku(self, seat: int) -> Event:
        who = self.names[seat]
        return Event("talon_kuku", f"{who} draws the Kuku from the talon: {KUKU_CALL} {who} "
                     "keeps the old card and the round is over.", None, self._aside(KUKU),
                     KUKU_CALL, (seat,))

    @_memo
    def talon_husar(self, seat: int) -> Event:
        who = self.names[seat]
        return Event("talon_husar", f"{who} draws a Husar from the talon: Husar hugger! {who} "
                     "is struck, keeps the old card, and the round is over.", None,
                     (*self._aside(HUSAR), Fact("struck", seat, "Husar")), "Husar hugger!",
                     (seat,))

    @_memo
    def talon_husu(self, seat: int, kind: int) -> Event:
        return Event("talon_husu", f"{self.names[seat]} draws a Husu from the talon: Svinhugg "
                     "går igen! (the pig bites back)", None, self._aside(kind),
                     "Svinhugg går igen!", (seat,))

    def talon_draw(self, seat: int, kind: int, old: int) -> tuple[Event, Event]:
        """The public draw and the private news of the card drawn."""
        card = self._talon_card.get((seat, kind, old))
        if card is None:
            who = self.names[seat]
            card = self._talon_card[seat, kind, old] = Event(
                "talon_card", f"{who} draws {a_card(kind)} (and gives up {a_card(old)}).",
                (seat,), (Reveal(hand(seat), 0, KINDS[kind]),), "", (seat, kind, old))
        return self._talon_draw[seat], card

    # -- the showdown -------------------------------------------------------------------------

    def showdown(self, order: Sequence[int], kinds: Sequence[int]) -> Event:
        show, label = self._show, self._label
        # One plain loop (a hand's hottest): comprehensions cost a function call each.
        shown: list[str] = []
        effects: list[Reveal] = []
        for s, k in zip(order, kinds, strict=True):
            shown.append(label[s][k])
            effects += show[s][k]
        return Event("showdown", f"Everyone turns up: {', '.join(shown)}.", None,
                     tuple(effects), "", (tuple(order), tuple(kinds)))

    @_memo
    def loses_first(self, seat: int, why: str) -> Event:
        return Event("lose", f"{self.names[seat]} loses a life, {why}.", None,
                     (Fact("life", seat),), "", ("first", (seat,), why))

    def lowest(self, seats: tuple[int, ...], kind: int) -> Event:
        key = (seats, kind)
        event = self._lowest.get(key)
        if event is None:
            card = KINDS[kind]
            who = " and ".join(self.names[s] for s in seats)
            verb = "loses" if len(seats) == 1 else "each lose"
            event = self._lowest[key] = Event(
                "lose", f"{who} {'holds' if len(seats) == 1 else 'hold'} the lowest "
                f"card ({card}) and {verb} a life.", None, tuple(Fact("life", s) for s in seats),
                "", ("lowest", seats, kind))
        return event

    GUARDS = {
        "struck": "That would cost every seat a life, so the lowest card is ignored: "
                  "only the struck seats and low Harlekins lose.",
        "nobody struck": "That would cost every seat a life, and nobody was struck, so "
                         "nobody loses: no hand may cost every seat a life.",
        "everyone": "Even the struck seats and low Harlekins are every seat, so nobody loses: "
                    "no hand may cost every seat a life.",
    }

    @_memo
    def guard(self, which: str) -> Event:
        return Event("guard", self.GUARDS[which], data=(which,))

    nobody = Event("nobody", "Nobody loses a life this hand.")
