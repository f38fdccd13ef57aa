"""Gnällknekt told in words: every event a game can produce, with its sentence, who sees it
and what it does to the cards.

The rules (``state.py``) decide what happens and call one method here per happening; this
module decides how the record tells it (third person, the same for every reader) and which
effects its viewers fold into what they know. ``telling.py`` says the same events again for
one reader, from their ``data``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

from ..errors import say_list
from ..events import DISCARD, OUT, PILE, STOCK, Event, Fact, Move, Place, Reveal, Shuffle, Zone
from ..events import hand as hand_zone
from .cards import PACK, a_card, show, show_all

EVENT_KINDS = (
    "deal", "turn", "draw", "drawn", "short", "reshuffle", "defend", "attack", "turn_up",
    "pile_gone", "out", "discard", "end", "two_left", "last_rounds", "win", "tie",
)
"""Every kind of event a Gnällknekt game can hold."""

PHASES = ("normal", "two-left", "last-rounds")
"""The phases of a game, as the replay output names them (index = the state's code)."""

ORDINALS = ("first", "second", "third")
STOCK_ZONE, DISCARD_ZONE, OUT_ZONE = Zone(STOCK), Zone(DISCARD), Zone(OUT)

_PILES = tuple(tuple(tuple(Zone(PILE, s, i) for i in range(3)) for s in range(5)))
_HANDS = tuple(hand_zone(s) for s in range(5))


def pile_zone(seat: int, pile: int) -> Zone:
    return _PILES[seat][pile]


def hand_of(seat: int) -> Zone:
    return _HANDS[seat]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


F = TypeVar("F", bound=Callable[..., Any])
MEMO_SIZE = 200_000
"""Events remembered per seating before the memo starts afresh (a few tens of megabytes)."""


def _memo(method: F) -> F:
    """Make an event once per seating for each set of arguments. An event is a pure function
    of them and immutable, and a replay (of which a game's frames, undo and the tests make
    many) builds the same events again and again."""
    name = method.__name__

    @wraps(method)
    def cached(self: Narrator, *args: Any) -> Any:
        key = (name, *args)
        event = self._memo.get(key)
        if event is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            event = self._memo[key] = method(self, *args)
        return event

    return cached  # type: ignore[return-value]


class Narrator:
    """The events of one table, its seat names fixed. Events that repeat word for word (a
    draw from the stock) are made once per table and shared: events are immutable."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = nm = tuple(names)
        self._memo: dict[tuple[Any, ...], Event] = {}
        seats = range(len(nm))
        self.stock_draws = tuple(
            Event("draw", f"{nm[s]} draws from the stock.", None,
                  (Move(STOCK_ZONE, _HANDS[s], 1, False),), "", (s, "stock")) for s in seats)
        self._end = tuple(
            Event("end", f"{nm[s]} has no card left to discard, and the turn ends.",
                  data=(s,)) for s in seats)
        self._piles = tuple(tuple(self.pile(s, i) for i in range(3)) for s in seats)
        # The events of every draw and discard, looked up by seat and then by card (and the
        # hand slot a discard left): a plain subscript on the hot path of every turn rather
        # than the memo's key of name and arguments. Each entry is the memo's own event.
        self.drawn_by = tuple(_Table(self.drawn, s) for s in seats)
        self.discard_by = tuple(_Table(self.discard, s) for s in seats)
        self._off = tuple(tuple(f" off {self.pile(s, i)}" for i in range(3)) for s in seats)

    def pile(self, seat: int, pile: int) -> str:
        return f"{self.names[seat]}'s {ORDINALS[pile]} pile"

    # -- the deal -----------------------------------------------------------------------------

    def deal(self, dealer: int, seats: Sequence[int], tops: Sequence[Sequence[str]],
             stock: int) -> Event:
        effects: list[Place] = []
        for s in seats:
            for i in range(3):
                z = _PILES[s][i]
                effects += [Place(z, (None, None, None)), Place(z, (tops[s][i],), True)]
        effects.append(Place(STOCK_ZONE, (None,) * stock))
        return Event("deal", f"{self.names[dealer]} deals three piles to each player, three "
                     f"cards face down and one face up on each, and lays the other {stock} "
                     "cards face down as the stock.", None, tuple(effects), "",
                     (dealer, stock))

    # -- a turn -------------------------------------------------------------------------------

    @_memo
    def turn(self, seat: int, draws: int, phase: int, done: int, limit: int) -> Event:
        who = self.names[seat]
        when = ""
        if phase:
            stage = "before the last rounds" if phase == 1 else "of the last rounds"
            when = f" (turn {done + 1} of {limit} {stage})"
        return Event("turn", f"{who}'s turn{when}: {who} draws {plural(draws, 'card')}.", None,
                     (Fact("turn", seat, (draws, phase, done)),), "",
                     (seat, draws, phase, done, limit))

    def draw_stock(self, seat: int) -> Event:
        return self.stock_draws[seat]

    @_memo
    def drawn(self, seat: int, card: str) -> Event:
        return Event("drawn", f"{self.names[seat]} draws {a_card(card)}.", (seat,),
                     (Reveal(_HANDS[seat], -1, card),), "", (seat, card))

    @_memo
    def draw_discard(self, seat: int, card: str) -> Event:
        return Event("draw", f"{self.names[seat]} takes the {show(card)} from the discard "
                     "pile.", None, (Move(DISCARD_ZONE, _HANDS[seat], 1, False),), "",
                     (seat, "discard", card))

    @_memo
    def short(self, seat: int, missing: int) -> Event:
        return Event("short", f"No card is left to draw anywhere, so {self.names[seat]} draws "
                     f"{plural(missing, 'card')} fewer, and the turn goes on.", None,
                     (Fact("short", seat, missing),), "", (seat, missing))

    @_memo
    def reshuffle(self, seat: int, from_discard: int, from_out: int) -> Event:
        effects: list[Move | Shuffle] = []
        if from_discard:
            effects.append(Move(DISCARD_ZONE, STOCK_ZONE, from_discard, False, 0))
        if from_out:
            effects.append(Move(OUT_ZONE, STOCK_ZONE, from_out, False, 0))
        effects.append(Shuffle(STOCK_ZONE))
        total = from_discard + from_out
        return Event("reshuffle", f"The stock is empty as {self.names[seat]} draws: "
                     f"{rebuilt_from(from_discard, from_out)} {'is' if total == 1 else 'are'} "
                     f"shuffled into a new stock of "
                     f"{plural(total, 'card')}.", None, tuple(effects), "",
                     (seat, from_discard, from_out))

    # -- moves ------------------------------------------------------------------------------

    def defend(self, seat: int, cards: Sequence[str], positions: Sequence[int],
               pile: int) -> Event:
        """Made every time, as an attack is (see ``attack``): the hand slots seldom repeat."""
        effects = _laid(_HANDS[seat], _PILES[seat][pile], cards, positions)
        text = (f"{self.names[seat]} defends, laying {_the(cards)} on "
                f"{self._piles[seat][pile]}.")
        return new_tuple(Event, ("defend", text, None, effects, "", (seat, tuple(cards), pile)))

    def attack(self, seat: int, cards: Sequence[str], source: int | str,
               positions: Sequence[int], target: int, pile: int,
               beaten: Sequence[str]) -> Event:
        """The attack: the attacking cards and the beaten ones go out of play, face up.
        ``source`` is ``"hand"`` or the attacker's own pile; ``positions`` the hand slots.

        Made every time rather than remembered: its arguments (the hand slots and the cards
        beaten among them) seldom repeat. The parts of its sentence are made once per
        table, and the event and its effects are built as tuples directly (``new_tuple``),
        so an attack costs about what a remembered event costs to look up."""
        if source == "hand":
            effects = _laid(_HANDS[seat], OUT_ZONE, cards, positions)
            where = ""
        else:
            assert isinstance(source, int)
            effects = (new_tuple(Move, (_PILES[seat][source], OUT_ZONE, len(cards), True,
                                        None)),)
            where = self._off[seat][source]
        effects += (new_tuple(Move, (_PILES[target][pile], OUT_ZONE, len(beaten), True, None)),)
        text = (f"{self.names[seat]} attacks {self._piles[target][pile]} with {_the(cards)}"
                f"{where} and takes {_the(beaten)}.")
        return new_tuple(Event, ("attack", text, None, effects, "",
                                 (seat, tuple(cards), source, target, pile, tuple(beaten))))

    @_memo
    def turn_up(self, seat: int, pile: int, card: str) -> Event:
        return Event("turn_up", f"{self.pile(seat, pile)} turns up "
                     f"{a_card(card)}.", None, (Reveal(_PILES[seat][pile], -1, card, True),),
                     "", (seat, pile, card))

    @_memo
    def pile_gone(self, seat: int, pile: int, left: int) -> Event:
        rest = (f"{self.names[seat]} has {plural(left, 'pile')} left" if left
                else f"{self.names[seat]} has no piles left")
        return Event("pile_gone", f"{self.pile(seat, pile)} is gone for good: "
                     f"{rest}.", None, (Fact("pile_gone", seat, pile),), "", (seat, pile, left))

    @_memo
    def out(self, seat: int, cards: Sequence[str]) -> Event:
        who = self.names[seat]
        n = len(cards)
        effects: list[Move | Reveal | Fact] = [Move(_HANDS[seat], OUT_ZONE, n, True)]
        effects += [Reveal(OUT_ZONE, i - n, c, True) for i, c in enumerate(cards)]
        effects.append(Fact("out", seat))
        held = (f"{who}'s hand ({show_all(cards)}) goes out of play" if cards
                else f"{who} holds no cards")
        return Event("out", f"{who} is out of the game; {held}.", None, tuple(effects), "",
                     (seat, tuple(cards)))

    @_memo
    def discard(self, seat: int, card: str, pos: int) -> Event:
        return Event("discard", f"{self.names[seat]} discards the {show(card)}, and the turn "
                     "ends.", None, (Move(_HANDS[seat], DISCARD_ZONE, 1, True, pos),
                                     Reveal(DISCARD_ZONE, -1, card, True)), "", (seat, card))

    def end(self, seat: int) -> Event:
        return self._end[seat]

    # -- the endgame ---------------------------------------------------------------------------

    @_memo
    def two_left(self, a: int, b: int, turns: int) -> Event:
        each = turns // 2
        return Event("two_left", f"Two players are left, {self.names[a]} and {self.names[b]}: "
                     f"{plural(each, 'more round')} each by the usual rules, then "
                     f"{plural(each, 'last round')} before the game is drawn.", None,
                     (Fact("phase", None, "two-left"),), "", (a, b, turns))

    @_memo
    def last_rounds(self, a: int, b: int, turns: int) -> Event:
        each = turns // 2
        return Event("last_rounds", f"The last rounds begin: {plural(each, 'turn')} each for "
                     f"{self.names[a]} and {self.names[b]}. Each draws one card per pile, and "
                     "any pair may take a Jack that is the only card of a last pile.", None,
                     (Fact("phase", None, "last-rounds"),), "", (a, b, turns))

    @_memo
    def win(self, seat: int) -> Event:
        return Event("win", f"{self.names[seat]} is the only player with piles left and wins "
                     "the game.", None, (Fact("win", seat),), "", (seat,))

    @_memo
    def tie(self, a: int, b: int) -> Event:
        return Event("tie", f"The last rounds are over and both {self.names[a]} and "
                     f"{self.names[b]} still have piles: the game is drawn "
                     "(gnäll, the whining game).", None, (Fact("draw", a), Fact("draw", b)),
                     "", (a, b))


class _Table(dict[Any, Event]):
    """One seat's events of one kind by the rest of their arguments (one, or a tuple of
    them), made by the narrator's method on first use."""

    def __init__(self, make: Callable[..., Event], seat: int) -> None:
        super().__init__()
        self.make, self.seat = make, seat

    def __missing__(self, key: Any) -> Event:
        event = self[key] = (self.make(self.seat, *key) if type(key) is tuple
                             else self.make(self.seat, key))
        return event


new_tuple = tuple.__new__
"""``new_tuple(Event, (kind, text, visible, effects, call, data))`` makes an event (or an
effect) the way its class does, with every field given, without a Python call around it:
for the events made at every attack, whose arguments seldom repeat."""

_SHOWN: dict[str, str] = {c: show(c) for c in PACK}


def _laid(src: Zone, dst: Zone, cards: Sequence[str],
          positions: Sequence[int]) -> tuple[Any, ...]:
    """Each card moved face up from its hand slot to ``dst`` and shown there: the effects
    of a defence, or of an attack from the hand (one card or a pair, written out)."""
    first = (new_tuple(Move, (src, dst, 1, True, positions[0])),
             new_tuple(Reveal, (dst, -1, cards[0], True)))
    if len(cards) == 1:
        return first
    return first + (new_tuple(Move, (src, dst, 1, True, positions[1])),
                    new_tuple(Reveal, (dst, -1, cards[1], True)))


def _the(cards: Sequence[str]) -> str:
    """"the 7♥" or "the pair 7♥ 7♦", as the attack's sentence names cards."""
    if len(cards) == 2:
        return f"the pair {_SHOWN[cards[0]]} {_SHOWN[cards[1]]}"
    return f"the {_SHOWN[cards[0]]}"


def rebuilt_from(from_discard: int, from_out: int) -> str:
    """What a rebuilt stock is made of, in words: "the 5 cards out of play and the 3 discards
    under the top one", leaving out a part that holds nothing."""
    parts = []
    if from_out:
        parts.append(f"the {plural(from_out, 'card')} out of play")
    if from_discard:
        under = "the discard under the top one" if from_discard == 1 else \
            f"the {from_discard} discards under the top one"
        parts.append(under)
    return " and ".join(parts)


def describe_seats(names: Sequence[str], seats: Sequence[int]) -> str:
    return say_list([names[s] for s in seats])
