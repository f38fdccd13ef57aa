"""Köpknack told in words: every event a deal can produce, with its sentence, who sees it and
what it does to the cards.

``state.py`` decides what happens and calls one method here per happening; this module says
it. The sentences are third person and the same for every reader (they are what a record's
replay shows); ``telling.py`` says each event again for one viewer, from its ``data``.
Events a table repeats word for word (a knock, a fold, a card played from a given place) are
made once per table and shared: events are immutable, so sharing is safe and cheap.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

from ..errors import say_list
from ..events import OUT, PILE, TALON, TRICK, Event, Fact, Move, Place, Reveal, Zone, hand
from ..voice import QUOTED_YOU
from .cards import HAND_SIZE, PACK, article, show, suit_word
from .fast import new_tuple

KNACK = "Knack!"
KNACK_GLOSS = "(Swedish for knock)"
"""The call in the words a knock is told in: "You knock, saying “Knack!” (Swedish for knock),
and play this deal.", as Swedish Knock tells its own knock."""
TALON_ZONE = Zone(TALON)
"""The talon, face down, its next card on top (last)."""
TRUMP_ZONE = Zone(PILE)
"""The turned trump card, face up beside the talon, never drawn."""
TRICK_ZONE = Zone(TRICK)
"""The trick being played, the lead first."""
OUT_ZONE = Zone(OUT)
"""Folded hands and exchanged cards, face down, out of play for the deal."""


SHOWN: dict[str, str] = {c: show(c) for c in PACK}
"""Each card as a sentence shows it (``"10♥"``), worked out once."""


def won_zone(seat: int) -> Zone:
    """The tricks a seat has taken, face down in front of it."""
    return Zone(PILE, seat)


EVENT_KINDS = (
    "ante", "deal", "dealt", "trump", "knock", "fold", "sweep", "buy_round", "exchange",
    "drawn", "talon_out", "play", "trick", "payout", "penalty", "next_deal",
)
"""Every kind of event a Köpknack deal can hold."""

F = TypeVar("F", bound=Callable[..., Any])

_COUNT_WORDS = ("no", "one", "two", "three")


def _memo(method: F) -> F:
    """Make an event once per table for each set of arguments (an event is a pure function
    of them, and rebuilding its tuples every deal is most of a deal's cost)."""
    name = method.__name__

    @wraps(method)
    def cached(self: Narrator, *args: Any) -> Any:
        known = self._memo[name]
        event = known.get(args)
        if event is None:
            event = known[args] = method(self, *args)
        return event

    return cached  # type: ignore[return-value]


def cards_word(n: int) -> str:
    """``2`` -> "two cards"."""
    word = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    return f"{word} card" if n == 1 else f"{word} cards"


def tricks_word(n: int) -> str:
    """``1`` -> "one trick", ``0`` -> "no trick"."""
    return f"{_COUNT_WORDS[n]} trick" if n <= 1 else f"{_COUNT_WORDS[n]} tricks"


class Narrator:
    """The events of one table (its seat names fixed), cached where they repeat."""

    def __init__(self, names: Sequence[str]) -> None:
        # The record's words are in the third person for every reader, so a seat named "you"
        # is quoted ("“you” knocks"), as ``kortspel.voice`` does for another seat's reader.
        self.names = nm = tuple(QUOTED_YOU if n.lower() == "you" else n for n in names)
        self._memo: defaultdict[str, dict[tuple[Any, ...], Any]] = defaultdict(dict)
        seats = range(len(nm))
        # Reveal effects by seat, place in the hand (up to 5: a hand of three plus the cards
        # bought in, before the given-up ones leave it) and card: made once, shared by all.
        self._reveal = tuple(tuple({c: Reveal(hand(s), p, c) for c in PACK} for p in range(6))
                             for s in seats)
        self._knock = tuple(
            Event("knock", f"{nm[s]} knocks, saying “{KNACK}” {KNACK_GLOSS}, and plays this "
                  "deal.", None,
                  (Fact("bid", s, "knock"),), KNACK, (s,)) for s in seats)
        # Per seat, per trick number and lead (``2 * number + lead``), per place in the hand:
        # card -> the event of playing it.
        self._play: tuple[tuple[tuple[dict[str, Event], ...], ...], ...] = tuple(
            tuple(tuple({} for _ in range(HAND_SIZE)) for _ in range(8)) for _ in seats)
        self._exchange: dict[tuple[int, tuple[int, ...], bool], Event] = {}
        self._start: dict[tuple[int, int, int, int, str], list[Event]] = {}
        self._fold: dict[tuple[int, int], Event] = {}
        self._trick: dict[tuple[int, int, str, int], Event] = {}
        self._to = tuple((s,) for s in seats)  # who sees a seat's private events
        self._is_dealt = tuple(f"{nm[s]} is dealt " for s in seats)
        self._gives_up = tuple(f"{nm[s]} gives up " for s in seats)

    # -- the deal -------------------------------------------------------------------------------

    @_memo
    def ante(self, dealer: int, stake: int, carried: int) -> Event:
        pot = carried + stake
        before = f" on top of the {carried} carried in" if carried else ""
        return Event("ante", f"{self.names[dealer]} antes {stake}{before}: the pot is {pot}.",
                     None, (Fact("ante", dealer, stake), Fact("pot", None, pot)), "",
                     (dealer, stake, carried, pot))

    @_memo
    def deal(self, dealer: int, order: tuple[int, ...], talon: int) -> Event:
        effects = tuple(Place(hand(s), (None, None, None)) for s in order)
        return Event("deal", f"{self.names[dealer]} deals three cards to each seat, two and "
                     "then one, and stacks the rest face down as the talon.", None,
                     (*effects, Place(TALON_ZONE, (None,) * talon)), "", (dealer, talon))

    def opening(self, dealer: int, stake: int, carried: int, order: tuple[int, ...],
                talon: int, trump: str, dealt: Sequence[tuple[str, ...]]) -> list[Event]:
        """A deal's first events, in order: the ante, the deal, each seat's cards (from the
        dealer's left; seen by that seat alone) and the turned trump. The public ones are
        made once per table."""
        key = (dealer, stake, carried, talon, trump)
        public = self._start.get(key)
        if public is None:
            if len(self._start) >= 20_000:  # a long session meets many pots carried in
                self._start.clear()
            public = self._start[key] = [self.ante(dealer, stake, carried),
                                         self.deal(dealer, order, talon),
                                         self.trump(dealer, trump)]
        events = [public[0], public[1]]
        add = events.append
        reveal, is_dealt, to = self._reveal, self._is_dealt, self._to
        for s in order:
            r = reveal[s]
            cards = dealt[s]
            a, b, c = cards
            add(new_tuple(Event, (
                "dealt", f"{is_dealt[s]}{SHOWN[a]} {SHOWN[b]} {SHOWN[c]}.", to[s],
                (r[0][a], r[1][b], r[2][c]), "", (s, cards))))
        add(public[2])
        return events

    @_memo
    def trump(self, dealer: int, card: str) -> Event:
        return Event("trump", f"{self.names[dealer]} turns up {article(card)} {show(card)}: "
                     f"{suit_word(card[-1])} are trumps. The card stays face up beside the "
                     "talon.", None, (Place(TRUMP_ZONE, (card,), True),), "", (dealer, card))

    # -- bidding ------------------------------------------------------------------------------

    def knock(self, seat: int) -> Event:
        return self._knock[seat]

    def fold(self, seat: int, dealer: int) -> Event:
        event = self._fold.get((seat, dealer))
        if event is None:
            event = self._fold[seat, dealer] = self._make_fold(seat, dealer)
        return event

    def _make_fold(self, seat: int, dealer: int) -> Event:
        nm = self.names
        to = "on the table" if seat == dealer else f"to {nm[dealer]}, the dealer"
        return Event("fold", f"{nm[seat]} folds: {nm[seat]}'s hand goes face down {to}, out "
                     "of this deal.", None,
                     (Move(hand(seat), OUT_ZONE, 3, False), Fact("bid", seat, "fold")), "",
                     (seat, dealer))

    @_memo
    def sweep(self, seat: int, pot: int, dealer: bool) -> Event:
        who = self.names[seat]
        if dealer:
            text = (f"Everyone but {who}, the dealer, has folded: {who} sweeps the pot of "
                    f"{pot} without bidding.")
        else:
            text = (f"{who} is the only one to knock: {who} sweeps the pot of {pot}, and "
                    "there is no play.")
        return Event("sweep", text, None, (Fact("sweep", seat, pot),), "",
                     (seat, pot, "dealer" if dealer else "knocker"))

    # -- buying from the talon ------------------------------------------------------------------

    @_memo
    def buy_round(self, number: int, first: int) -> Event:
        return Event("buy_round", f"Buying, round {number} of 2: from {self.names[first]}, "
                     "each player still in may exchange up to three cards with the talon.",
                     None, (Fact("round", None, number),), "", (number, first))

    def exchange(self, seat: int, positions: tuple[int, ...], empty: bool) -> Event:
        key = (seat, positions, empty)
        event = self._exchange.get(key)
        if event is None:
            event = self._exchange[key] = self._make_exchange(seat, positions, empty)
        return event

    def _make_exchange(self, seat: int, positions: tuple[int, ...], empty: bool) -> Event:
        who = self.names[seat]
        n = len(positions)
        if n:
            text = f"{who} exchanges {cards_word(n)}."
        elif empty:
            text = f"{who} cannot buy: the talon is empty, so {who} keeps all three cards."
        else:
            text = f"{who} keeps all three cards."
        effects: list[Any] = [Move(hand(seat), OUT_ZONE, 1, False, p)
                              for p in sorted(positions, reverse=True)]
        effects += [Move(TALON_ZONE, hand(seat), 1)] * n
        effects.append(Fact("exchanged", seat, n))
        return Event("exchange", text, None, tuple(effects), "", (seat, n, empty))

    def drawn(self, seat: int, gave: tuple[str, ...], got: tuple[str, ...],
              start: int) -> Event:
        r = self._reveal[seat]
        n = len(got)
        # One to three cards each way, written out rather than joined: this is made at every
        # exchange, the commonest decision of a deal.
        if n == 1:
            c = got[0]
            text = f"{self._gives_up[seat]}{SHOWN[gave[0]]} and draws {SHOWN[c]}."
            effects: tuple[Reveal, ...] = (r[start][c],)
        elif n == 2:
            c, d = got
            text = (f"{self._gives_up[seat]}{SHOWN[gave[0]]} {SHOWN[gave[1]]} and draws "
                    f"{SHOWN[c]} {SHOWN[d]}.")
            effects = (r[start][c], r[start + 1][d])
        else:
            c, d, e = got
            text = (f"{self._gives_up[seat]}{SHOWN[gave[0]]} {SHOWN[gave[1]]} "
                    f"{SHOWN[gave[2]]} and draws {SHOWN[c]} {SHOWN[d]} {SHOWN[e]}.")
            effects = (r[start][c], r[start + 1][d], r[start + 2][e])
        return new_tuple(Event, ("drawn", text, self._to[seat], effects, "", (seat, gave, got)))

    talon_out = Event("talon_out", "The talon is used up: nobody can buy any more cards.",
                      None, (), "", ())

    # -- the play -------------------------------------------------------------------------------

    def play(self, seat: int, card: str, pos: int, number: int, lead: bool) -> Event:
        # Found by seat, then by trick and lead together, then by the card's place in the
        # hand and the card: no key tuple to build and hash at every card played.
        known = self._play[seat][number * 2 + lead][pos]
        event = known.get(card)
        if event is None:
            who = self.names[seat]
            text = (f"{who} leads {show(card)} to trick {number}." if lead
                    else f"{who} plays {show(card)}.")
            event = known[card] = Event(
                "play", text, None,
                (Move(hand(seat), TRICK_ZONE, 1, True, pos), Reveal(TRICK_ZONE, -1, card, True),
                 Fact("played", seat, (number, card))), "", (seat, card, number, lead))
        return event

    def trick(self, winner: int, number: int, card: str, size: int) -> Event:
        key = (winner, number, card, size)
        event = self._trick.get(key)
        if event is None:
            event = self._trick[key] = self._make_trick(*key)
        return event

    def _make_trick(self, winner: int, number: int, card: str, size: int) -> Event:
        return Event("trick", f"{self.names[winner]} wins trick {number} with {show(card)}.",
                     None, (Move(TRICK_ZONE, won_zone(winner), size, False),
                            Fact("trick", winner, number)), "", (winner, number, card))

    # -- settling -------------------------------------------------------------------------------

    @_memo
    def payout(self, pot: int, shares: tuple[tuple[int, int, int], ...]) -> Event:
        parts = [f"{self.names[s]} takes {amount} for {tricks_word(t)}"
                 for s, t, amount in shares]
        return Event("payout", f"Each trick is worth a third of the pot of {pot}, that is "
                     f"{pot // 3}: {say_list(parts)}.", None,
                     tuple(Fact("payout", s, amount) for s, _, amount in shares), "",
                     (pot, pot // 3, shares))

    @_memo
    def penalty(self, seats: tuple[int, ...], amount: int, stakes: int) -> Event:
        who = say_list([self.names[s] for s in seats])
        each = "pays" if len(seats) == 1 else "each pay"
        times = "twice the stake" if stakes == 2 else "the stake"
        return Event("penalty", f"{who} took no trick: {who} {each} {amount} ({times}) into "
                     "the next pot.", None, tuple(Fact("penalty", s, amount) for s in seats),
                     "", (seats, amount, stakes))

    @_memo
    def next_deal(self, next_pot: int, dealer: int) -> Event:
        nm = self.names
        carried = (f"{next_pot} carried in" if next_pot else "nothing carried in")
        return Event("next_deal", f"The next deal is {nm[dealer]}'s: its pot starts with "
                     f"{carried}, plus {nm[dealer]}'s ante.", None,
                     (Fact("next_pot", None, next_pot),), "", (next_pot, dealer))
