"""The rules of one Knock round: the deal, draw and discard or knock, the last turns, zero,
the stock running out, and the settling of scores at the end.

How each happening is told lives in ``narration.py``, the arithmetic of the end of a round in
``settle.py``, hand values in ``value.py`` and records in ``records.py``: this module is what
the rules decide, turn by turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..actions import Action
from ..checks import quote
from ..errors import (
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from ..events import DISCARD, STOCK, Event, Zone, hand
from ..i18n import _, using
from ..shell import HandState
from .cards import INDEX, NAMES, POINTS, SHOWN
from .observation import Observation, ObservedState, ObservedTable
from .settle import Settlement, settle
from .value import KEY, best_grouping, value_of_key

_DRAW, _DISCARD, _OVER = 0, 1, 2
PHASES = ("draw", "discard", "over")

VERBS = ("draw", "discard", "knock")
STOCK_ZONE, DISCARD_ZONE = Zone(STOCK), Zone(DISCARD)


class Outcome(NamedTuple):
    """How a round ended, in seat numbers. Per-seat tuples hold ``None`` for seats that were
    not dealt in. ``settlement`` is what the round did to the match (``settle.py``)."""

    ended_by: str  # "knock" | "zero" | "stock"
    values: tuple[int | None, ...]
    faces: tuple[int | None, ...]
    zero: tuple[int, ...]
    knocker: int | None
    settlement: Settlement


class Carry(NamedTuple):
    """What the match brings into a round: per seat, the running totals, the stars and the
    skunks; and the seats already out, in the order they went out."""

    scores: tuple[int, ...]
    stars: tuple[int, ...]
    skunks: tuple[int, ...]
    out: tuple[int, ...]


def play_order(dealer: int, seats: int, out: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The seats still in, from the dealer's left round to the dealer (rule 1)."""
    return tuple(s for s in ((dealer + 1 + i) % seats for i in range(seats)) if s not in out)


class HandTable(ObservedTable, Protocol):
    """What a round reads of the table it is dealt at: the seats, their names and the rules
    options (its codec, narrator and actions it reads through ``self.game``, as the shell
    declares it). Reading a record needs no more of it (``records``).

    The table (``game.KnockGame``) is drawn above the state, since it deals rounds, so the
    state names here what it needs of a table rather than importing it: ``KnockGame`` fits
    by its shape alone.
    """

    @property
    def seats(self) -> int: ...


class KnockState(HandState):
    """One Knock round, from the deal to the settling of scores. Mutable; ``clone`` is cheap.

    Hands are kept in the order their cards arrived (dealt, then drawn at the end), so a
    discard's position in a hand says nothing about the other cards. ``stock`` and ``pile``
    keep their top card last. ``to_act`` (``None`` once the round is over) and ``is_over``
    are plain attributes, set whenever the turn moves; treat them, like the rest, as
    read-only. The stock is never reshuffled, so ``to_act`` is never ``CHANCE``.
    """

    __slots__ = ("game", "dealer", "order", "carry", "dealt", "upcard", "stock0", "_hands",
                 "_keys", "_stock", "_pile", "pos", "phase", "taken", "knocker", "final_left",
                 "turn", "_actions", "_events", "outcome", "to_act", "is_over")

    Observation = Observation

    def __init__(self, game: HandTable, dealer: int, order: tuple[int, ...], carry: Carry,
                 hands: Sequence[Sequence[int]], upcard: int, stock: Sequence[int],
                 *, _blank: bool = False) -> None:
        self.game = game
        self.dealer = dealer
        self.order = order
        self.carry = carry
        self.upcard = upcard
        if _blank:
            return
        self.dealt = tuple(tuple(h) for h in hands)
        self.stock0 = tuple(stock)  # top first, as a record lists it
        self._hands = [list(h) for h in hands]
        self._keys = [sum([KEY[c] for c in h]) for h in hands]
        self._stock = list(reversed(self.stock0))  # top last
        self._pile = [upcard]
        self.pos = 0
        self.phase = _DRAW
        self.taken = -1
        self.knocker: int | None = None
        self.final_left = 0
        self.turn = 0
        self.to_act: int | None = order[0]
        self.is_over = False
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self.outcome: Outcome | None = None
        self._deal()

    # -- what the round holds, handed out as copies ---------------------------------------
    # The rules change these lists in place at every turn, through the private names; a
    # caller gets a copy of its own, of the same kind (a list prints and compares as it
    # always did), so nothing it does to what it was given reaches the round.

    hands = property(lambda self: [h[:] for h in self._hands], doc=(
        "Each seat's card ids, in the order they arrived (empty for a seat out)."))
    keys = property(lambda self: self._keys[:], doc=(
        "Each seat's hand as a multiset of ranks (``value.KEY``): what its value is read by."))
    stock = property(lambda self: self._stock[:], doc="The stock's card ids, its top last.")
    pile = property(lambda self: self._pile[:], doc="The discard pile's card ids, its top last.")

    # -- protocol ---------------------------------------------------------------------------

    def _may_knock(self) -> bool:
        return self.knocker is None and (self.game.rules.first_round_knock
                                         or self.turn >= len(self.order))

    may_knock = property(_may_knock, doc=(
        "Whether the seat to act may knock now, before it draws: nobody has knocked, and the "
        "first round is over where the rules say so."))

    # -- for the search's rollouts: one seat's cards, and a move known to be legal -----------

    def cards_of(self, seat: int) -> tuple[int, ...]:
        """``seat``'s card ids now, in the order they arrived (a tuple: nothing done to it
        reaches the round). Unchecked: for a caller that holds a seat number already."""
        return tuple(self._hands[seat])

    def key_of(self, seat: int) -> int:
        """``seat``'s hand as a multiset of ranks (``value.KEY``), what its value is read by."""
        return self._keys[seat]

    @property
    def top_id(self) -> int | None:
        """The discard pile's top card id, or ``None`` while it is empty."""
        return self._pile[-1] if self._pile else None

    def apply_legal(self, action: Action) -> None:
        """Play ``action`` without the checks ``apply`` makes: for a rollout that takes its
        actions from the game's own tables (``game.from_stock[seat]``, ``game.discards[seat]
        [card]`` …) only when they are legal. An illegal one breaks the round."""
        seat, verb = action.seat, action.verb
        self._actions.append(action)
        if verb == "discard":
            self._discard(seat, INDEX[action.args[0][1]])  # type: ignore[index]
        elif verb == "draw":
            if action.args[0][1] == "stock":
                self._draw_stock(seat)
            else:
                self._take(seat)
        else:
            self._knock(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now; nobody acts out of turn."""
        me = self.to_act
        if seat is None:
            seat = me
        elif type(seat) is not int or not 0 <= seat < self.game.seats:
            self._seat(seat, "legal_actions")
        if seat != me or me is None:
            return []
        g = self.game
        if self.phase == _DRAW:
            if self._may_knock():
                return [g.from_stock[me], g.from_pile[me], g.knocks[me]]
            return [g.from_stock[me], g.from_pile[me]]
        mine = g.discards[me]
        taken = self.taken
        return [mine[c] for c in self._hands[me] if c != taken]

    calls_out_of_turn = False
    """Nobody ever acts out of turn here: the drivers need not ask ``callers()``."""

    def callers(self) -> list[int]:
        """Knock has no calls out of turn."""
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Knock shuffles only at the deal (an empty stock ends the round), so there is never
        a chance turn to sample."""
        raise IllegalActionError("Swedish Knock has no chance turns: the only shuffle is the "
                                 "deal's, and when the stock runs out the round ends")

    def parse(self, text: Any) -> Action:
        """``"draw stock"`` (the seat to act), ``"b draw discard"``, ``"b discard KS"``,
        ``"knock"``, or Swedish ``"knacka"``."""
        return self.game.codec.from_text(text, self.to_act)

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Play one action after checking it; returns the events it caused.

        ``action`` is an ``Action``, a record's action object (``{"seat": "a", "do":
        "discard", "card": "KS"}``) or text (``"a discard KS"``). An illegal action raises a
        ``KortspelError`` whose message says what is allowed now, and leaves the state exactly
        as it was: every check comes before the first change.
        """
        g = self.game
        if type(action) is not Action:
            action = self.parse(action) if isinstance(action, str) else g.codec.coerce(
                action, self.to_act)
        if self.is_over:
            raise HandOverError(self._over_message())
        seat, verb = action.seat, action.verb
        own = g.canonical(action)
        if own is None:
            if type(seat) is int and 0 <= seat < g.seats:
                g.codec.check(action)
            raise InvalidActionError(
                f"{quote(action, 120)} is not an action of this table; its seats are 0 to "
                f"{g.seats - 1} ({', '.join(g.names)}) and its verbs {', '.join(VERBS)}")
        if seat != self.to_act:
            self._refuse(seat, verb, action)
        start = len(self._events)
        if verb == "discard":
            card = INDEX[action.args[0][1]]  # type: ignore[index]
            if self.phase != _DISCARD or card == self.taken or card not in self._hands[seat]:
                self._refuse(seat, verb, action)
            self._actions.append(own)
            self._discard(seat, card)
        elif verb == "draw":
            if self.phase != _DRAW:
                self._refuse(seat, verb, action)
            self._actions.append(own)
            if own.args[0][1] == "stock":
                self._draw_stock(seat)
            else:
                self._take(seat)
        else:
            if self.phase != _DRAW or not self._may_knock():
                self._refuse(seat, verb, action)
            self._actions.append(own)
            self._knock(seat)
        return self._events[start:]

    def clone(self) -> KnockState:
        c = KnockState(self.game, self.dealer, self.order, self.carry, (), self.upcard, (),
                       _blank=True)
        c.dealt = self.dealt
        c.stock0 = self.stock0
        c._hands = [h[:] for h in self._hands]
        c._keys = self._keys[:]
        c._stock = self._stock[:]
        c._pile = self._pile[:]
        c.pos = self.pos
        c.phase = self.phase
        c.taken = self.taken
        c.knocker = self.knocker
        c.final_left = self.final_left
        c.turn = self.turn
        c.to_act = self.to_act
        c.is_over = self.is_over
        c._actions = self._actions[:]
        c._events = self._events[:]
        c.outcome = self.outcome  # immutable all through, so sharing it is safe
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""
        return (self.game.names, self.game.rules, self.dealer, self.order, self.carry,
                self.dealt, self.upcard, self.stock0, tuple(map(tuple, self._hands)),
                tuple(self._stock), tuple(self._pile), self.pos, self.phase, self.taken,
                self.knocker, self.final_left, self.turn, tuple(self._actions), self.outcome)

    # -- reading the table (omniscient: for the teacher's view, tests and tools) -------------

    def zones(self) -> dict[Zone, tuple[str, ...]]:
        """Where every card is now, each zone bottom first: the hands of the seats dealt in
        (in the order their cards arrived), the stock (its top last) and the discard pile."""
        out: dict[Zone, tuple[str, ...]] = {hand(s): tuple([NAMES[c] for c in self._hands[s]])
                                            for s in self.order}
        out[STOCK_ZONE] = tuple([NAMES[c] for c in self._stock])
        out[DISCARD_ZONE] = tuple([NAMES[c] for c in self._pile])
        return out

    def hand(self, seat: int) -> list[str]:
        """The cards ``seat`` holds now, by name, in the order they arrived."""
        return [NAMES[c] for c in self._hands[self._seat(seat, "hand")]]

    def value(self, seat: int) -> int:
        """What ``seat``'s hand is worth now (six cards between a draw and a discard)."""
        return value_of_key(self._keys[self._seat(seat, "value")], self.game.rules.unused_two)

    def grouping(self, seat: int) -> Any:
        """The best grouping of ``seat``'s hand now (``value.best_grouping``)."""
        return best_grouping(self.hand(seat), self.game.rules.unused_two)

    @property
    def seats_in_round(self) -> tuple[int, ...]:
        """The seats dealt in, from the dealer's left round to the dealer."""
        return self.order

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> list[str]:
        """The discard pile, bottom first (its top card last)."""
        return [NAMES[c] for c in self._pile]

    @property
    def discard_top(self) -> str | None:
        return NAMES[self._pile[-1]] if self._pile else None

    @property
    def phase_name(self) -> str:
        """``"draw"`` (the seat to act draws or knocks), ``"discard"`` or ``"over"``."""
        return PHASES[self.phase]

    @property
    def taken_card(self) -> str | None:
        """The card the seat to act took from the discard pile this turn (it may not discard
        it this turn), or ``None``."""
        return NAMES[self.taken] if self.taken >= 0 else None

    @property
    def last_turns(self) -> bool:
        """Whether someone has knocked and the others are playing their last turns."""
        return self.knocker is not None and not self.is_over

    def __repr__(self) -> str:
        g = self.game
        cards = "; ".join(f"{g.names[s]}: {' '.join(self.hand(s))}" for s in self.order)
        if self.is_over:
            return f"<Knock round over: {cards}>"
        return (f"<Knock round: {cards}; {g.names[self.to_act]} to "
                f"{PHASES[self.phase]}>")

    # -- results ----------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The contract's replay output: per-seat objects keyed by seat name, seats in the
        record's order. While the round goes on: ``"over": false``, who is to act, the knocker
        so far, what the match carried in, and ``null`` for every round result."""
        names = self.game.names
        n = len(names)
        c = self.carry
        o = self.outcome
        if o is None:
            return {
                "game": "knock", "values": None, "ended_by": None,
                "knocker": None if self.knocker is None else names[self.knocker],
                "zero": None, "valid_knock": None, "penalty": None,
                "stars": {names[s]: c.stars[s] for s in range(n)},
                "round_scores": None,
                "scores": {names[s]: c.scores[s] for s in range(n)},
                "skunks": {names[s]: c.skunks[s] for s in range(n)},
                "out": [names[s] for s in c.out],
                "winner": None, "circles": None, "next_dealer": None,
                "over": False,
                "to_act": names[self.to_act],
            }
        st = o.settlement
        dealt = [s for s in range(n) if o.values[s] is not None]
        return {
            "game": "knock",
            "values": {names[s]: o.values[s] for s in dealt},
            "ended_by": o.ended_by,
            "knocker": None if o.knocker is None else names[o.knocker],
            "zero": [names[s] for s in o.zero],
            "valid_knock": st.valid_knock,
            "penalty": {names[s]: st.penalty[s] for s in dealt},
            "stars": {names[s]: st.stars[s] for s in range(n)},
            "round_scores": {names[s]: st.round_scores[s] for s in dealt},
            "scores": {names[s]: st.scores[s] for s in range(n)},
            "skunks": {names[s]: st.skunks[s] for s in range(n)},
            "out": [names[s] for s in st.out],
            "winner": None if st.winner is None else names[st.winner],
            "circles": st.circles,
            "next_dealer": None if st.next_dealer is None else names[st.next_dealer],
            "over": True,
        }

    # -- errors -------------------------------------------------------------------------------

    def _over_message(self) -> str:
        """Why no action is taken now, for the pupil who tried (in the language in use; a
        replay's refusal is English, as replay runs in English)."""
        o = self.outcome
        if o is None:  # pragma: no cover - a round over always has its outcome
            return "the round is over (it ended ); deal the next round to play on"
        return {"knock": _("the round is over (it ended after the knock and the last turns); "
                           "deal the next round to play on"),
                "zero": _("the round is over (it ended on a zero hand); deal the next round to "
                          "play on"),
                "stock": _("the round is over (it ended when the stock ran out); deal the next "
                           "round to play on")}[o.ended_by]

    def say_legal(self, seat: int) -> str:
        """What ``seat`` may do now, in words: "draw from the stock or the discard pile, or
        knock", "discard one of 7♥, K♠, ...", or "nothing: it is not its turn"."""
        if seat != self.to_act:
            return _("nothing now")
        if self.phase == _DRAW:
            if self._may_knock():
                return _("draw from the stock or the discard pile, or knock")
            return _("draw from the stock or the discard pile")
        cards = [SHOWN[c] for c in self._hands[seat] if c != self.taken]
        return _("discard one of {cards}").format(cards=", ".join(cards))

    def _refuse(self, seat: int, verb: str, action: Action) -> None:
        """Raises the refusal of ``action``: what is wrong with it, then what the seat may
        do now. Each is one whole sentence to translate; the seats are named in the third
        person, as the engine speaks of every seat alike."""
        names = self.game.names
        me = self.to_act
        who = names[seat]
        assert me is not None
        if seat not in self.order:
            raise IllegalActionError(_("{name} is out of the game and has no cards this "
                                       "round").format(name=who))
        if seat != me:
            said = {"draw": _("{name} cannot draw now: it is {other}'s turn; {other} may "
                              "{legal}"),
                    "discard": _("{name} cannot discard now: it is {other}'s turn; {other} may "
                                 "{legal}"),
                    "knock": _("{name} cannot knock now: it is {other}'s turn; {other} may "
                               "{legal}")}.get(verb)
            if said is None:  # pragma: no cover - the verbs are these three
                said = (f"{{name}} cannot {verb} now: it is {{other}}'s turn; {{other}} may "
                        "{legal}")
            raise NotYourTurnError(said.format(name=who, other=names[me],
                                               legal=self.say_legal(me)))
        now = self.say_legal(seat)
        if verb == "knock":
            if self.phase == _DISCARD:
                said = _("{name} cannot knock now: a knock takes the place of the whole turn, "
                         "so it comes before drawing, and {name} has drawn already; {name} may "
                         "{legal}")
            elif self.knocker is not None:
                said = _("{name} cannot knock now: {knocker} has knocked already, and a round "
                         "has one knock; this is {name}'s last turn; {name} may {legal}")
            else:
                said = _("{name} cannot knock now: this table plays without knocking in the "
                         "first round of turns (first_round_knock=False); {name} may {legal}")
            knocker = "" if self.knocker is None else names[self.knocker]
            raise IllegalActionError(said.format(name=who, knocker=knocker, legal=now))
        if verb == "draw":
            raise IllegalActionError(_("{name} has drawn already this turn; {name} may "
                                       "{legal}").format(name=who, legal=now))
        card = INDEX[action.get("card")]
        if self.phase == _DRAW:
            raise IllegalActionError(_("{name} must draw before discarding; {name} may "
                                       "{legal}").format(name=who, legal=now))
        if card == self.taken:
            raise IllegalActionError(_("{name} took the {card} from the discard pile this turn "
                                       "and may not throw it back at once; {name} may "
                                       "{legal}").format(name=who, card=SHOWN[card], legal=now))
        raise IllegalActionError(_("{name} does not hold the {card}; {name} may {legal}").format(
            name=who, card=SHOWN[card], legal=now))

    # -- the deal -------------------------------------------------------------------------------

    def _deal(self) -> None:
        say = self.game.narrator
        events = self._events
        events.append(say.deal(self.dealer, self.order, self.upcard, len(self._stock)))
        two = self.game.rules.unused_two
        zeros = []
        for s in self.order:
            v = value_of_key(self._keys[s], two)
            events.append(say.dealt(s, self._hands[s], v))
            if v == 0:
                zeros.append(s)
        if zeros:
            for s in zeros:
                self._say_zero(s, True)
            self._end("zero")

    def _say_zero(self, seat: int, at_deal: bool) -> None:
        cards = self._hands[seat]
        grouping = best_grouping([NAMES[c] for c in cards], self.game.rules.unused_two)
        with using("en"):  # the record's words are English in every language
            said = grouping.describe()
        self._events.append(self.game.narrator.zero(seat, cards, at_deal, said))

    # -- the turn -------------------------------------------------------------------------------

    def _knock(self, seat: int) -> None:
        self._events.append(self.game.narrator._knock[seat])
        self.knocker = seat
        self.final_left = len(self.order) - 1
        self._next()

    def _draw_stock(self, seat: int) -> None:
        c = self._stock.pop()
        self._hands[seat].append(c)
        self._keys[seat] += KEY[c]
        say = self.game.narrator
        drew = say._drew.get((seat, c))
        self._events += (say._draw[seat], drew if drew is not None else say.drew(seat, c))
        self.phase = _DISCARD

    def _take(self, seat: int) -> None:
        c = self._pile.pop()
        self._hands[seat].append(c)
        self._keys[seat] += KEY[c]
        self.taken = c
        say = self.game.narrator
        took = say._take.get((seat, c))
        self._events.append(took if took is not None else say.take(seat, c))
        self.phase = _DISCARD

    def _discard(self, seat: int, card: int) -> None:
        mine = self._hands[seat]
        i = mine.index(card)
        del mine[i]
        self._keys[seat] -= KEY[card]
        self._pile.append(card)
        say = self.game.narrator
        event = say._discard.get((seat, i, card))
        self._events.append(event if event is not None else say.discard(seat, i, card))
        self.taken = -1
        if value_of_key(self._keys[seat], self.game.rules.unused_two) == 0:
            self._say_zero(seat, False)
            self._end("zero")
        elif not self._stock:
            self._events.append(say.end_stock)
            self._end("stock")
        elif self.knocker is not None:
            self.final_left -= 1
            if self.final_left:
                self._next()
            else:
                self._events.append(say.end_knock)
                self._end("knock")
        else:
            self._next()

    def _next(self) -> None:
        pos = self.pos + 1
        if pos == len(self.order):
            pos = 0
        self.pos = pos
        self.to_act = self.order[pos]
        self.phase = _DRAW
        self.turn += 1

    # -- the end of the round -----------------------------------------------------------------

    def _end(self, how: str) -> None:
        g = self.game
        say = g.narrator
        two = g.rules.unused_two
        n = g.seats
        order = self.order
        hands = self._hands
        values = {s: value_of_key(self._keys[s], two) for s in order}
        faces = {s: sum([POINTS[c] for c in hands[s]]) for s in order}
        c = self.carry
        st = settle(n, self.dealer, values, faces, self.knocker, c.stars, c.scores, c.skunks,
                    c.out)
        ev = self._events
        ev.append(say.show(order, [hands[s] for s in order], [values[s] for s in order]))
        k = self.knocker
        if k is not None:
            if st.valid_knock:
                ev.append(say.knock_holds(k, values[k]))
            else:
                lower = [(s, values[s]) for s in order if values[s] < values[k]]
                ev.append(say.star(k, values[k], lower, st.stars[k],
                                   st.penalty[k]))
        ev.append(say.scores(order, [values[s] for s in order],
                             [st.penalty[s] for s in order],
                             [st.scores[s] for s in order]))
        for s in st.new_out:
            ev.append(say.out(s, st.scores[s]))
        for s in st.skunked:
            ev.append(say.skunk(s, st.scores[s], st.new_out, st.skunks[s]))
        if st.winner is not None:
            ev.append(say.winner(st.winner, st.scores[st.winner], st.circles))
        elif len(st.out) == n:
            ev.append(say.no_winner)
        if st.next_dealer is not None:
            ev.append(say.next_dealer(st.next_dealer, st.next_reason, st.tied))
        self.outcome = Outcome(
            how, tuple(values.get(s) for s in range(n)), tuple(faces.get(s) for s in range(n)),
            tuple(s for s in range(n) if values.get(s) == 0), k, st)
        self.phase = _OVER
        self.to_act = None
        self.is_over = True


if TYPE_CHECKING:
    def _observed(state: KnockState) -> ObservedState:
        """For the type checker only: a Knock round is what its observation reads of one."""
        return state
