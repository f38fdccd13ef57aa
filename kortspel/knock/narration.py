"""Swedish Knock told in words: every event a round can produce, with its sentence, who sees
it and what it shows.

The rules (``state.py``) decide what happens and call one method here per happening; this
module decides how it is said, in the third person and the same for every reader (the
record's wording). ``telling.py`` says it again for one reader, from each event's ``data``.
Events a table repeats word for word (a seat drawing from the stock, a discard) are made
once per table and shared: events are immutable, so sharing them is safe.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from ..errors import plural, say_list
from ..events import DISCARD, STOCK, Event, Fact, Move, Place, Reveal, Zone, hand
from .cards import DECK_SIZE, NAMES, SHOWN, article, show_all
from .rules import OUT_OVER, SKUNK_BELOW

KNOCK_CALL = "Knack!"
"""What a knocking player says (Swedish for "knock")."""

STOCK_ZONE = Zone(STOCK)
DISCARD_ZONE = Zone(DISCARD)

EVENT_KINDS = (
    "deal", "dealt", "knock", "draw", "drew", "take", "discard", "zero", "end", "show",
    "knock_holds", "star", "scores", "out", "skunk", "winner", "no_winner", "next_dealer",
)
"""Every kind of event a Knock round can hold."""

_PLACES = tuple(range(0, 6 * DECK_SIZE, DECK_SIZE))  # place i of a hand starts at i * 52

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")


def ordinal(n: int) -> str:
    """"first", "second", ... "tenth", then "11th", "12th", "21st"."""
    if 1 <= n <= len(ORDINALS):
        return ORDINALS[n - 1]
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def the(card: int) -> str:
    return f"the {SHOWN[card]}"


class Narrator:
    """The events of one table (its seat names fixed), cached where they repeat."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = nm = tuple(names)
        seats = range(len(nm))
        # A card seen in a hand (privately, or face up for all): one Reveal per seat, place
        # (0-5) and card, ``_reveal[face_up][seat][place * 52 + card]``, each row made on
        # first use: rounds reveal the same cards again and again.
        self._reveal: tuple[list[tuple[Reveal, ...] | None], ...] = (
            [None] * len(nm), [None] * len(nm))
        self._deal: dict[tuple[int, tuple[int, ...], int, int], Event] = {}
        self._knock = tuple(
            Event("knock", f"{nm[s]} knocks, saying “{KNOCK_CALL}” (Swedish for knock): every "
                  "other seat gets one more turn.", None, (Fact("knock", s),), KNOCK_CALL, (s,))
            for s in seats)
        self._draw = tuple(
            Event("draw", f"{nm[s]} draws from the stock.", None,
                  (Move(STOCK_ZONE, hand(s), 1, False),), "", (s,)) for s in seats)
        self._drew: dict[tuple[int, int], Event] = {}
        self._take: dict[tuple[int, int], Event] = {}
        self._discard: dict[tuple[int, int, int], Event] = {}
        self.end_stock = Event("end", "That was the last card of the stock, so the round "
                               "ends here.", data=("stock",))
        self.end_knock = Event("end", "Every other seat has had its last turn, so the round "
                               "ends.", data=("knock",))
        self.no_winner = Event("no_winner", f"Every seat is over {OUT_OVER}: nobody wins "
                               "the game.", data=())

    # -- the deal -------------------------------------------------------------------------

    def deal(self, dealer: int, order: tuple[int, ...], upcard: int, stock: int) -> Event:
        key = (dealer, order, upcard, stock)
        event = self._deal.get(key)
        if event is None:
            effects = tuple(Place(hand(s), (None,) * 5) for s in order)
            event = self._deal[key] = Event(
                "deal", f"{self.names[dealer]} deals five cards to each seat"
                f"{' still in' if len(order) < len(self.names) else ''}, "
                f"turns up {the(upcard)} to start the discard pile and leaves {stock} cards "
                "face down as the stock.", None,
                (*effects, Place(STOCK_ZONE, (None,) * stock),
                 Place(DISCARD_ZONE, (NAMES[upcard],), True)), "",
                (dealer, upcard, stock, len(order) < len(self.names)))
        return event

    def reveals(self, seat: int, cards: Sequence[int], face_up: bool) -> tuple[Reveal, ...]:
        """The seat's hand revealed card by card: to the seat alone, or face up for all."""
        row = self._reveal[face_up][seat]
        if row is None:
            zone = hand(seat)
            row = self._reveal[face_up][seat] = tuple(
                Reveal(zone, i, NAMES[c], face_up) for i in range(6) for c in range(DECK_SIZE))
        return tuple(map(row.__getitem__, map(add, _PLACES, cards)))

    def dealt(self, seat: int, cards: Sequence[int], value: int) -> Event:
        return Event("dealt", f"{self.names[seat]} is dealt {show_all(cards)} (worth "
                     f"{value}).", (seat,), self.reveals(seat, cards, False), "",
                     (seat, tuple(cards), value))

    # -- a turn ---------------------------------------------------------------------------

    def knock(self, seat: int) -> Event:
        return self._knock[seat]

    def draw(self, seat: int) -> Event:
        return self._draw[seat]

    def drew(self, seat: int, card: int) -> Event:
        event = self._drew.get((seat, card))
        if event is None:
            event = self._drew[seat, card] = Event(
                "drew", f"{self.names[seat]} draws {article(card)} {SHOWN[card]}.", (seat,),
                (Reveal(hand(seat), -1, NAMES[card]),), "", (seat, card))
        return event

    def take(self, seat: int, card: int) -> Event:
        event = self._take.get((seat, card))
        if event is None:
            event = self._take[seat, card] = Event(
                "take", f"{self.names[seat]} takes {the(card)} from the discard pile.", None,
                (Move(DISCARD_ZONE, hand(seat), 1, False),), "", (seat, card))
        return event

    def discard(self, seat: int, pos: int, card: int) -> Event:
        event = self._discard.get((seat, pos, card))
        if event is None:
            event = self._discard[seat, pos, card] = Event(
                "discard", f"{self.names[seat]} discards {the(card)}.", None,
                (Move(hand(seat), DISCARD_ZONE, 1, True, pos),
                 Reveal(DISCARD_ZONE, -1, NAMES[card], True)), "", (seat, card))
        return event

    # -- the end of a round ---------------------------------------------------------------

    def zero(self, seat: int, cards: Sequence[int], at_deal: bool, grouping: str) -> Event:
        who = self.names[seat]
        when = "from the deal" if at_deal else "after that discard"
        return Event("zero", f"{who} holds zero {when}: {grouping}. {who} shows the hand and "
                     "the round ends at once.", None, self.reveals(seat, cards, True), "",
                     (seat, tuple(cards), at_deal, grouping))

    def show(self, order: Sequence[int], hands: Sequence[Sequence[int]],
             values: Sequence[int]) -> Event:
        parts = [f"{self.names[s]} {show_all(h)} ({v})"
                 for s, h, v in zip(order, hands, values, strict=True)]
        effects: tuple[Reveal, ...] = ()
        for s, h in zip(order, hands, strict=True):
            effects += self.reveals(s, h, True)
        return Event("show", f"The hands are shown: {', '.join(parts)}.", None, effects, "",
                     (tuple(order), tuple(tuple(h) for h in hands), tuple(values)))

    def knock_holds(self, knocker: int, value: int) -> Event:
        who = self.names[knocker]
        return Event("knock_holds", f"{who}'s knock holds: no seat is lower than {who}'s "
                     f"{value}.", data=(knocker, value))

    def star(self, knocker: int, value: int, lower: Sequence[tuple[int, int]], star: int,
             cost: int) -> Event:
        who = self.names[knocker]
        below = say_list([f"{self.names[s]} has {v}" for s, v in lower])
        price = "costs nothing yet" if cost == 0 else f"costs {cost}"
        return Event("star", f"{who}'s knock was not the lowest ({below}, against {who}'s "
                     f"{value}): {who} gets a star, the {ordinal(star)}, which {price}.",
                     None, (Fact("star", knocker, star),), "",
                     (knocker, value, tuple(lower), star, cost))

    def scores(self, order: Sequence[int], values: Sequence[int], penalties: Sequence[int],
               totals: Sequence[int]) -> Event:
        parts = []
        for s, v, p in zip(order, values, penalties, strict=True):
            parts.append(f"{self.names[s]} {v + p}" + (f" ({v} + {p} for the star)" if p
                                                       else ""))
        running = ", ".join(f"{self.names[s]} {t}" for s, t in zip(order, totals, strict=True))
        return Event("scores", f"Round scores: {', '.join(parts)}. Running totals: "
                     f"{running}.", None,
                     tuple(Fact("score", s, t) for s, t in zip(order, totals, strict=True)), "",
                     (tuple(order), tuple(values), tuple(penalties), tuple(totals)))

    def out(self, seat: int, total: int) -> Event:
        who = self.names[seat]
        return Event("out", f"{who}'s total is {total}, over {OUT_OVER}: {who} is out of the "
                     "game.", None, (Fact("out", seat, total),), "", (seat, total))

    def skunk(self, seat: int, total: int, gone: Sequence[int], count: int) -> Event:
        who = self.names[seat]
        went = say_list([self.names[s] for s in gone])
        verb = "goes" if len(gone) == 1 else "go"
        return Event("skunk", f"{who} stands at {total}, below {SKUNK_BELOW}, as {went} {verb} "
                     f"out: {who} earns {plural(len(gone), 'skunk')} ({count} in all).", None,
                     (Fact("skunk", seat, count),), "", (seat, total, tuple(gone), count))

    def winner(self, seat: int, total: int, circles: int) -> Event:
        who = self.names[seat]
        skunks = circles - 1
        why = ("one for the win" if not skunks else "one for the win and one for the skunk"
               if skunks == 1 else f"one for the win and {skunks} more for the skunks")
        return Event("winner", f"{who} is the last seat left and wins the game with {total}, "
                     f"circled {plural(circles, 'time')} ({why}).", None,
                     (Fact("winner", seat, circles),), "", (seat, total, circles))

    def next_dealer(self, seat: int, reason: str, tied: Sequence[int]) -> Event:
        who = self.names[seat]
        group = say_list([self.names[s] for s in tied])
        if reason == "lowest":
            text = f"{who} has the lowest round score and deals the next round."
        elif reason == "knocker":
            text = f"{group} share the lowest round score; {who} knocked, so {who} deals next."
        elif reason == "face":
            text = (f"{group} share the lowest round score; counting every card at face value "
                    f"(no set zeroed, a 2 as 2), {who}'s hand is the lowest, so {who} deals "
                    "next.")
        else:
            text = (f"{group} share the lowest round score and tie at face value too; {who} "
                    "comes first going round from the dealer's left, so deals next.")
        return Event("next_dealer", text, None, (Fact("next_dealer", seat, reason),), "",
                     (seat, reason, tuple(tied)))


def card_names(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(NAMES[c] for c in cards)
