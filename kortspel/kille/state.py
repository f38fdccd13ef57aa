"""The rules of one Kille hand: the deal, stand or swap, the matadors, the talon, the showdown.

How each happening is told lives in ``narration.py``, how a record is read and written in
``records.py``, and the shuffle in ``fast.py``: this module is what the rules decide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..actions import CHANCE, Action
from ..checks import quote
from ..errors import (
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from ..events import OUT, TALON, Event, Zone, hand
from ..i18n import _, pgettext
from ..shell import HandState
from ..voice import Voice
from .cards import HARLEKIN, HIGH, HUSAR, HUSU, KAVALL, KINDS, KUKU, KUKU_CARDS, VARDSHUS
from .cards import card_name as _card_name
from .observation import Observation, ObservedState, ObservedTable

_KUKU0, _KUKU1 = KUKU_CARDS
SWAP, ANSWER, MIDDLE, OVER = 0, 1, 2, 3
"""The values of ``KilleState.phase``: a seat to stand or swap (or ask), the dealer to answer
an ask for better cards, the middle seat to answer "it depends", and the hand over. Public, so
that a reader of the hand (the search's rollout, ``worlds.py``) can tell where it stands
without reaching into this module's private names."""

VERBS = ("stand", "swap", "kuku", "ask", "accept", "refuse", "depends")


def _verb(verb: str) -> str:
    """A verb as a refusal names it ("Bo may stand or swap"): the record's word in English,
    the infinitive a player says in Swedish ("stå eller byta")."""
    # i18n: what a seat may do, as an infinitive after "may" / "cannot" ("får stå")
    words = {"stand": pgettext("verb", "stand"), "swap": pgettext("verb", "swap"),
             "kuku": pgettext("verb", "kuku"), "ask": pgettext("verb", "ask"),
             "accept": pgettext("verb", "accept"), "refuse": pgettext("verb", "refuse"),
             "depends": pgettext("verb", "depends")}
    return words.get(verb, verb)


class Outcome(NamedTuple):
    """How a hand ended, in seat indices. ``redeal`` hands cost nobody anything.

    Immutable all through (``struck`` is a read-only mapping), so a clone can share it.
    """

    final: tuple[int, ...]  # kind held at the end, per seat (-1 for a seat not in the hand)
    struck: Mapping[int, str]  # seat -> "Husar" | "Husu"
    low_harlekin: tuple[int, ...]
    lowest: tuple[int, ...]  # seats holding the lowest card among those left
    lose_life: tuple[int, ...]
    guard: str  # which never-everyone rule applied, if any
    redeal: str  # why the dealer deals again, if so


def left_of(order: Sequence[int], seat: int) -> int | None:
    """The seat a swap by ``seat`` asks first: the next in the hand, ``None`` for the dealer
    (who goes to the talon). Matadors may then send the swap further on."""
    i = order.index(seat)
    return order[i + 1] if i + 1 < len(order) else None


def play_order(dealer: int, lives: Sequence[int]) -> tuple[int, ...]:
    """Seats in the hand, from the dealer's left round to the dealer."""
    n = len(lives)
    return tuple(s for s in ((dealer + 1 + i) % n for i in range(n)) if lives[s] > 0)


class HandTable(ObservedTable, Protocol):
    """What a hand reads of the table it is dealt at: the seats, their names and the rules
    options (its codec, narrator and actions it reads through ``self.game``, as the shell
    declares it).

    The table (``game.KilleGame``) is drawn above the state, since it deals hands, so the
    state names here what it needs of a table rather than importing it: ``KilleGame`` fits
    by its shape alone.
    """

    @property
    def seats(self) -> int: ...


class KilleState(HandState):
    """One Kille hand, from the deal to the showdown. Mutable; ``clone`` is cheap.

    ``pos`` indexes ``order`` (forehand first, dealer last). ``chain`` lists the swaps that
    moved the card now on offer, so that a Husu can send it back the way it came; a per-seat
    history would not be enough once a card has passed through several hands.

    ``to_act`` (the seat to decide, ``None`` once the hand is over) and ``is_over`` are plain
    attributes, read several times a decision: every change of ``phase`` or ``pos`` sets them
    too (``phase`` to ``OVER`` only in ``_end``). Treat them, like the rest, as read-only.
    Kille has no chance turns after the deal, so ``to_act`` is never ``CHANCE``.
    """

    __slots__ = ("game", "dealer", "lives", "order", "_hold", "dealt", "_low", "_struck",
                 "face", "talon", "tp", "dead", "chain", "pos", "phase", "asks", "asked",
                 "_actions", "_events", "outcome", "to_act", "is_over")

    Observation = Observation

    def __init__(
        self,
        game: HandTable,
        dealer: int,
        lives: tuple[int, ...],
        order: tuple[int, ...],
        hold: list[int],
        talon: tuple[int, ...],
        asks: int = 0,
        *,
        _blank: bool = False,
    ) -> None:
        self.game = game
        self.dealer = dealer
        self.lives = lives
        self.order = order
        self._hold = hold
        if _blank:
            return
        self.dealt = tuple(hold)
        self._low = [False] * game.seats
        self._struck: dict[int, str] = {}
        self.face = 0  # bitmask of face-up card ids
        self.talon = talon
        self.tp = 0
        self.dead: tuple[int, ...] = ()
        self.chain: tuple[tuple[int, int, int, int, bool, bool], ...] = ()
        self.pos = 0
        self.phase = SWAP
        self.to_act: int | None = order[0]
        self.is_over = False
        self.asks = asks
        self.asked = False
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self.outcome: Outcome | None = None
        self._deal()

    # -- what the hand holds, handed out as copies ------------------------------------
    # The rules change these lists in place, many times a hand, and read them through the
    # private names; a caller gets a copy of its own, of the same kind (a list prints and
    # compares as it always did), so nothing it does to what it was given reaches the hand.

    hold = property(lambda self: self._hold[:], doc=(
        "The card id each seat holds, in seat order (-1 for a seat not in the hand)."))
    low = property(lambda self: self._low[:], doc=(
        "Per seat, whether it holds a Harlekin that counts as the lowest card."))
    struck = property(lambda self: dict(self._struck), doc=(
        'Seat -> the matador that struck it ("Husar" or "Husu").'))

    def card_id(self, seat: int) -> int:
        """The card id ``seat`` holds now (two ids a kind: ``id >> 1`` is its kind), -1 for a
        seat out of the hand. Omniscient and unchecked: for the search (``worlds.hidden``),
        which tells the two copies of a kind apart and holds a seat number already, where
        ``hold`` would copy every seat's card to read one."""
        return self._hold[seat]

    # -- protocol ----------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now; out of turn only a Kuku call."""
        ph = self.phase
        if ph == OVER:
            if seat is not None:
                self._seat(seat, "legal_actions")
            return []
        me = self.to_act
        if seat is None:
            seat = me
        elif type(seat) is not int or not 0 <= seat < self.game.seats:
            self._seat(seat, "legal_actions")
        g = self.game
        acts = g.actions[seat]
        kuku = (self._hold[seat] >> 1) == KUKU and g._kuku_anytime  # type: ignore[index]
        if seat != me:
            return [acts["kuku"]] if kuku else []
        if ph == SWAP:
            out = [acts["stand"], acts["swap"]]
            if self.pos == 0 and not self.asked and self.asks < 3 and len(self.order) <= 3:
                out.append(acts["ask"])
        elif ph == ANSWER:
            if len(self.order) == 2:
                out = [acts["accept"], acts["refuse"]]
            else:
                out = [acts["refuse"], acts["depends"]]
        else:
            out = [acts["accept"], acts["refuse"]]
        if kuku:
            out.append(acts["kuku"])
        return out

    def callers(self) -> list[int]:
        """Seats other than the one to act that may call out of turn right now."""
        hold = self._hold
        if (_KUKU0 not in hold and _KUKU1 not in hold) or self.is_over \
                or not self.game._kuku_anytime:
            return []
        me = self.to_act
        return [s for s in self.order if s != me and (hold[s] >> 1) == KUKU]

    def sample_chance(self, rng: random.Random) -> Action:
        """Kille shuffles only at the deal, so there is never a chance turn to sample."""
        raise IllegalActionError("Kille has no chance turns: the only shuffle is the deal's, "
                                 "and every later step is a seat's decision")

    def parse(self, text: Any) -> Action:
        """``"swap"`` (the seat to act), ``"c swap"``, or Swedish ``"byt"``/``"stå"``.

        The verb follows the seat's name, which may itself be several words
        (``"Anna Karin swap"``).
        """
        return self.game.codec.from_text(text, None if self.phase == OVER else self.to_act)

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Play one action after checking it; returns the events it caused.

        ``action`` is an ``Action``, a record's action object (``{"seat": "a", "do":
        "swap"}``) or text (``"a swap"``). An illegal action raises a ``KortspelError`` and
        leaves the state exactly as it was: all checks happen before the first change.
        """
        g = self.game
        if type(action) is not Action:
            action = self.parse(action) if isinstance(action, str) else g.codec.coerce(
                action, self.to_act)
        if self.is_over:
            raise HandOverError(self._over_message())
        seat, verb = action.seat, action.verb
        if not (0 <= seat < g.seats):
            raise InvalidActionError(
                f"{quote(action, 120)} names no seat of this table; its seats are 0 to "
                f"{g.seats - 1}")
        own = g.actions[seat].get(verb)
        if own is not action and own != action:
            g.codec.check(action)
            raise InvalidActionError(f"{quote(action, 120)} does not belong to this table")
        # Standing or swapping in turn is always legal: skip building the legal list for it.
        if (seat != self.to_act or self.phase != SWAP or (verb != "stand" and verb != "swap")) \
                and action not in self.legal_actions(seat):
            self._refuse(seat, verb)
        start = len(self._events)
        self._actions.append(own)
        _DO[verb](self, seat)
        return self._events[start:]

    def apply_legal(self, action: Action) -> None:
        """Play ``action`` without the checks ``apply`` makes and without the list of events
        it returns: for the search's rollout (``worlds.rollout``), which plays only the
        table's own actions (``game.actions[seat][verb]``) when they are legal. An illegal
        one breaks the hand."""
        self._actions.append(action)
        _DO[action.verb](self, action.seat)

    def clone(self) -> KilleState:
        c = KilleState(self.game, self.dealer, self.lives, self.order, self._hold[:], (),
                       _blank=True)
        c.dealt = self.dealt
        c._low = self._low[:]
        c._struck = dict(self._struck)
        c.face = self.face
        c.talon = self.talon
        c.tp = self.tp
        c.dead = self.dead
        c.chain = self.chain
        c.pos = self.pos
        c.phase = self.phase
        c.to_act = self.to_act
        c.is_over = self.is_over
        c.asks = self.asks
        c.asked = self.asked
        c._actions = self._actions[:]
        c._events = self._events[:]
        c.outcome = self.outcome  # immutable all through, so sharing it is safe
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""
        out = self.outcome
        # struck as sorted pairs, a hashable stand-in for its mapping: in the key only.
        okey = None if out is None else out._replace(
            struck=tuple(sorted(out.struck.items())))  # type: ignore[arg-type]
        return (self.game.names, self.game.rules, self.dealer, self.lives, self.order,
                tuple(self._hold), self.dealt, tuple(self._low),
                tuple(sorted(self._struck.items())), self.face, self.talon, self.tp, self.dead,
                self.chain, self.pos, self.phase, self.asks, self.asked, tuple(self._actions),
                okey)

    # -- reading the table --------------------------------------------------------

    def zones(self) -> dict[Zone, tuple[str, ...]]:
        """Where every card is now, omniscient, each zone bottom first: the hands, the talon
        (its next card last, on top) and the cards out of play. With ``game.pack()`` it
        shows that no card is ever made or lost."""
        out: dict[Zone, tuple[str, ...]] = {
            hand(s): (_card_name(self._hold[s]),) for s in self.order}
        out[Zone(TALON)] = tuple(_card_name(c) for c in reversed(self.talon[self.tp:]))
        out[Zone(OUT)] = tuple(_card_name(c) for c in self.dead)
        return out

    def card(self, seat: int) -> str | None:
        """The kind the seat holds now (``None`` for a seat out of the hand). Omniscient."""
        c = self._hold[self._seat(seat, "card")]
        return None if c < 0 else _card_name(c)

    def is_face_up(self, seat: int) -> bool:
        """Whether the seat's card lies face up: a matador that refused, a Harlekin that went
        across, a two-seat Kuku, and every card once the showdown has turned them all up."""
        c = self._hold[self._seat(seat, "is_face_up")]
        if c < 0:
            return False
        out = self.outcome
        return bool(self.face >> c & 1) or (out is not None and not out.redeal)

    @property
    def seats_in_hand(self) -> tuple[int, ...]:
        return self.order

    @property
    def talon_left(self) -> int:
        return len(self.talon) - self.tp

    @property
    def out_of_play(self) -> list[str]:
        """Cards taken out of this hand: the talon-swapper's old card and set-aside matadors."""
        return [_card_name(c) for c in self.dead]

    @property
    def accepted_asks(self) -> int:
        return self.asks

    def __repr__(self) -> str:
        g = self.game
        cards = " ".join(f"{g.names[s]}:{self.card(s)}" for s in self.order)
        if self.phase == OVER:
            return f"<Kille hand over: {cards}>"
        return f"<Kille hand: {cards}; {g.names[self.to_act]} to act>"

    def __str__(self) -> str:
        g = self.game
        lines = []
        for s in self.order:
            mark = []
            if s == self.dealer:
                mark.append("dealer")
            if self.is_face_up(s):
                mark.append("face up")
            if self._low[s]:
                mark.append("low Harlekin")
            if s in self._struck:
                mark.append(f"struck by {self._struck[s]}")
            if s == self.to_act:
                mark.append("to act")
            extra = f" ({', '.join(mark)})" if mark else ""
            lines.append(f"{g.names[s]:>8}: {self.card(s)}{extra}")
        return "\n".join(lines)

    # -- results --------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The outcome in seat names, as ``python -m kortspel replay`` prints it.

        While the hand goes on: ``"over": false``, who is to act, the lives as dealt and the
        story so far.
        """
        names = self.game.names
        if self.outcome is None:
            return {
                "game": "kille",
                "over": False,
                "to_act": names[self.to_act],
                "lives": {names[s]: self.lives[s] for s in range(len(names))},
                "narration": [e.text for e in self._events],
            }
        o = self.outcome
        lost = set(o.lose_life)
        return {
            "game": "kille",
            "final": {names[s]: KINDS[o.final[s]] for s in self.order},
            "struck": [names[s] for s in self.order if s in o.struck],
            "struck_by": {names[s]: o.struck[s] for s in self.order if s in o.struck},
            "low_harlekin": [names[s] for s in o.low_harlekin],
            "lowest": [names[s] for s in o.lowest],
            "lose_life": [names[s] for s in o.lose_life],
            "lives": {names[s]: self.lives[s] - (s in lost) for s in range(len(names))},
            "guard": o.guard or None,
            "redeal": o.redeal or None,
            "narration": [e.text for e in self._events],
        }

    # -- errors ---------------------------------------------------------------------

    def _over_message(self) -> str:
        return _("the hand is over; deal a new hand to play on")

    def _say_legal(self, seat: int) -> str:
        verbs = [_verb(a.verb) for a in self.legal_actions(seat)]
        if not verbs:
            return _("nothing")
        if len(verbs) == 1:
            return verbs[0]
        return _("{first} or {last}").format(first=", ".join(verbs[:-1]), last=verbs[-1])

    def _refuse(self, seat: int, verb: str) -> None:
        """Raise the refusal a pupil reads at the table, in the language in use (the English
        is the library's own wording, which tests and rooms read)."""
        names = self.game.names
        me = self.to_act
        who = names[seat]
        if seat not in self.order:
            raise IllegalActionError(
                _("{who} is not in this hand (no lives left)").format(who=who))
        if verb == "kuku":
            if self.game.rules.kuku_call != "anytime":
                raise IllegalActionError(
                    _("with kuku_call='asked' the Kuku is never called; it only refuses a swap")
                )
            raise IllegalActionError(
                _("{who} cannot call Kuku: only a seat holding the Kuku may call it").format(
                    who=who)
            )
        if seat != me:
            assert me is not None  # the hand goes on (apply refused a finished one)
            raise NotYourTurnError(
                _("{who} cannot {verb} now: it is {owner} turn; {other} may {legal}").format(
                    who=who, verb=_verb(verb), owner=Voice(names, None).owner(me),
                    other=names[me], legal=self._say_legal(me))
            )
        if verb == "ask":
            if self.pos != 0 or self.phase != SWAP:
                why = _("only the first to speak may ask for better cards, before choosing")
            elif len(self.order) > 3:
                why = _("better cards may be asked for only when two or three seats have lives")
            elif self.asked:
                why = _("{who} has asked once in this hand already").format(who=who)
            else:
                why = _("three asks have been accepted in this hand, the most there can be")
            raise IllegalActionError(
                _("{who} cannot ask for better cards: {why}").format(who=who, why=why))
        raise IllegalActionError(_("{who} cannot {verb} now; {who} may {legal}").format(
            who=who, verb=_verb(verb), legal=self._say_legal(seat)))

    def _reveal(self, seat: int) -> None:
        self.face |= 1 << self._hold[seat]

    # -- the deal -----------------------------------------------------------------------

    def _deal(self) -> None:
        say = self.game.narrator
        hold = self._hold
        order = self.order
        events = self._events
        deal = say._deal.get((self.dealer, order))
        events.append(deal if deal is not None else say.deal(self.dealer, order,
                                                             len(self.talon)))
        dealt = say._dealt
        for s in order:
            events.append(dealt[s][hold[s] >> 1])
        if len(order) != 2:
            return
        harlekins = [s for s in order if hold[s] >> 1 == HARLEKIN]
        if harlekins:
            events.append(say.two_seat_harlekin(tuple(harlekins), self.dealer))
            for s in harlekins:
                self._reveal(s)
            self._end(redeal="Harlekin dealt with two seats")
            return
        kukus = [s for s in order if hold[s] >> 1 == KUKU]
        if kukus:
            for s in kukus:
                self._reveal(s)
            events.append(say.two_seat_kuku(tuple(kukus)))
            self._showdown()

    # -- verbs --------------------------------------------------------------------------

    def _do_stand(self, seat: int) -> None:
        self._events.append(self.game.narrator._stand[seat])
        self.chain = ()
        self._next(self.pos + 1)

    def _do_kuku(self, seat: int) -> None:
        self._reveal(seat)
        self._events.append(self.game.narrator.kuku_call(seat))
        self._showdown()

    def _do_ask(self, seat: int) -> None:
        self.asked = True
        self._events.append(self.game.narrator.ask(seat, self.dealer))
        self.phase = ANSWER
        self.to_act = self.dealer

    def _do_accept(self, seat: int) -> None:
        self._events.append(self.game.narrator.accept(seat, self.dealer))
        self.asks += 1
        self._end(redeal="better cards accepted")

    def _do_refuse(self, seat: int) -> None:
        self._events.append(self.game.narrator.refuse(seat, self.order[0]))
        self.phase = SWAP
        self.to_act = self.order[self.pos]

    def _do_depends(self, seat: int) -> None:
        self._events.append(self.game.narrator.depends(seat, self.order[1]))
        self.phase = MIDDLE
        self.to_act = self.order[1]

    def _do_swap(self, seat: int) -> None:
        say = self.game.narrator
        order = self.order
        n = len(order)
        hold = self._hold
        p = self.pos
        if p == n - 1:
            self._events.append(say._ask_talon[seat])
            self._talon_swap(seat)
            return
        q = p + 1
        target = order[q]
        self._events.append(say._ask[seat][target])
        while hold[target] >> 1 in (KAVALL, VARDSHUS):
            k = hold[target] >> 1
            self._reveal(target)
            q += 1
            self._events.append(say.forbi(target, k, seat, order[q] if q < n else None))
            if q == n:
                self._talon_swap(seat)
                return
            target = order[q]
        k = hold[target] >> 1
        if k < HUSU or k == HARLEKIN:  # not a matador (Kavall and Värdshus are passed above)
            self._exchange(seat, target)
            self.pos = q
            self.to_act = order[q]
        elif k == KUKU:
            self._reveal(target)
            self._events.append(say.kuku_refuses(target, seat))
            self._showdown()
        elif k == HUSAR:
            self._reveal(target)
            self._struck[seat] = "Husar"
            self._events.append(say.husar(target, seat))
            self.chain = ()
            self._next(q + 1)
        elif k == HUSU:
            self._reveal(target)
            self._events.append(say.husu(target, k))
            self._bite_back(seat)
            self._next(q + 1)

    def _exchange(self, p: int, q: int) -> None:
        hold = self._hold
        cp, cq = hold[p], hold[q]
        kp, kq = cp >> 1, cq >> 1
        self.chain = self.chain + ((p, q, cp, cq, self._low[p], self._low[q]),)
        hold[p], hold[q] = cq, cp
        say = self.game.narrator
        private = say._swap_cards.get((p, q, kp, kq))  # the usual case, without a call
        if private is None:
            private = say.plain_swap(p, q, kp, kq)[1]
        if kp != HARLEKIN and kq != HARLEKIN:
            public = say._swap[p][q]
            self._low[p] = self._low[q] = False
            self._events += (public, private)
            return
        both = kp == kq
        self._low[p] = kq == HARLEKIN and not both
        self._low[q] = kp == HARLEKIN and not both
        if kp == HARLEKIN:
            self.face |= 1 << cp
        if kq == HARLEKIN:
            self.face |= 1 << cq
        self._events.append(say.harlekin_swap(p, q, kp, kq, self._low[p], self._low[q]))
        self._events.append(private)

    def _bite_back(self, seat: int) -> None:
        """Husu: send the offered card back along its chain; its first holder is struck."""
        chain = self.chain
        for p, q, cp, cq, lp, lq in reversed(chain):
            self._hold[p], self._hold[q] = cp, cq
            self._low[p], self._low[q] = lp, lq
        origin = chain[0][0] if chain else seat
        self.chain = ()
        self._struck[origin] = "Husu"
        say = self.game.narrator
        self._events.append(say.bite_back(seat, chain, origin))
        for s in dict.fromkeys(s for p, q, *_rest in chain for s in (p, q)):  # each seat once
            self._events.append(say.back(s, self._hold[s] >> 1))

    def _talon_swap(self, seat: int) -> None:
        """Draw from the talon for ``seat``; whatever comes, the round ends after it."""
        say = self.game.narrator
        talon = self.talon
        while self.tp < len(talon):
            c = talon[self.tp]
            self.tp += 1
            k = c >> 1
            if k in (KAVALL, VARDSHUS):
                self.dead += (c,)
                self.face |= 1 << c
                self._events.append(say.talon_aside(seat, k))
                continue
            if k == KUKU:
                self.dead += (c,)
                self.face |= 1 << c
                self._events.append(say.talon_kuku(seat))
            elif k == HUSAR:
                self.dead += (c,)
                self.face |= 1 << c
                self._struck[seat] = "Husar"
                self._events.append(say.talon_husar(seat))
            elif k == HUSU:
                self.dead += (c,)
                self.face |= 1 << c
                self._events.append(say.talon_husu(seat, k))
                self._bite_back(seat)
            else:
                old = self._hold[seat]
                self._hold[seat] = c
                self.dead += (old,)
                self._low[seat] = False
                self._events += say.talon_draw(seat, k, old >> 1)
            self._showdown()
            return
        # Never reached: the talon holds every card not dealt (34 or more), and only the four
        # Kavall and Värdshus cards are set aside, so a card to keep always comes.
        raise AssertionError("the talon ran out, which a full pack never allows")

    def _next(self, pos: int) -> None:
        if pos >= len(self.order):
            self._events.append(self.game.narrator.round_over)
            self._showdown()
        else:
            self.pos = pos
            self.to_act = self.order[pos]

    # -- the showdown ----------------------------------------------------------------

    def rank(self, seat: int) -> int:
        """The seat's card for the lowest-card comparison (19 = Kuku or high Harlekin)."""
        c = self._hold[seat]
        k = c >> 1
        if k == HARLEKIN:
            if self._low[seat]:
                return -2
            if self.game.rules.dealt_harlekin == "low" and c == self.dealt[seat]:
                return -1
            return HIGH
        return k

    def _showdown(self) -> None:
        g = self.game
        say = g.narrator
        order = self.order
        hold = self._hold
        struck = self._struck
        low = self._low
        # The hottest lines of a hand, so the narrator's caches are read here directly (a
        # plain loop: a comprehension or a call per seat costs more than the work).
        show, label = say._show, say._label
        kinds: list[int] = []
        shown: list[str] = []
        effects: list[Any] = []
        for s in order:
            k = hold[s] >> 1
            kinds.append(k)
            shown.append(label[s][k])
            effects += show[s][k]
        self._events.append(Event("showdown", f"Everyone turns up: {', '.join(shown)}.", None,
                                 tuple(effects), "", (order, tuple(kinds))))
        # Struck seats and low Harlekins lose first; the lowest card is picked from the rest.
        first: list[int] = []
        lowest: list[int] = []
        if not struck and True not in low and (
                HARLEKIN not in kinds or g.rules.dealt_harlekin == "high"):
            # The usual hand: every rank is the kind (a high Harlekin's 19 is never lowest),
            # and a kind has two copies, so at most two seats share the lowest.
            m = min(kinds)
            if m < HIGH:
                i = kinds.index(m)
                lowest = [order[i]]
                if m in kinds[i + 1:]:
                    lowest.append(order[kinds.index(m, i + 1)])
        else:
            m = HIGH
            for s, k in zip(order, kinds, strict=True):
                if s in struck or low[s]:
                    first.append(s)
                    continue
                r = k if k != HARLEKIN else self.rank(s)
                if r < m:
                    m = r
                    lowest = [s]
                elif r == m and r < HIGH:
                    lowest.append(s)
        losers = first + lowest
        guard = ""
        if len(losers) == len(order):
            if struck:
                losers = first
                guard = "struck"
                if len(losers) == len(order):
                    losers = []
                    guard = "everyone"
            else:
                losers = []
                guard = "nobody struck"
        for s in first:
            why = (f"struck by the {self._struck[s]}" if s in self._struck
                   else "holding a low Harlekin")
            if s in losers:
                self._events.append(say.loses_first(s, why))
        if lowest and (guard == "" or set(lowest) <= set(losers)):
            key = (tuple(lowest), hold[lowest[0]] >> 1)
            event = say._lowest.get(key)
            self._events.append(event if event is not None else say.lowest(*key))
        if guard:
            self._events.append(say.guard(guard))
        elif not losers:
            self._events.append(say.nobody)
        self._end(first=first, lowest=lowest, losers=losers, guard=guard)

    def _end(self, first: Sequence[int] = (), lowest: Sequence[int] = (),
             losers: Sequence[int] = (), guard: str = "", redeal: str = "") -> None:
        self.phase = OVER
        self.to_act = None
        self.is_over = True
        order = self.order
        low = self._low
        if first:
            lost = set(losers)
            lose_life = tuple([s for s in order if s in lost])
        else:
            lose_life = tuple(losers)  # no seat lost first, so these are the lowest: in order
        self.outcome = Outcome(
            tuple([c >> 1 for c in self._hold]),  # -1 >> 1 is -1: a seat not in the hand
            MappingProxyType(dict(self._struck)) if self._struck else _NOBODY_STRUCK,
            tuple([s for s in order if low[s]]) if True in low else (),
            tuple(lowest),
            lose_life,
            guard,
            redeal,
        )


_DO = {verb: getattr(KilleState, "_do_" + verb) for verb in VERBS}
_NOBODY_STRUCK: Mapping[int, str] = MappingProxyType({})
assert CHANCE not in range(8)  # a chance turn can never be mistaken for a seat


if TYPE_CHECKING:
    def _observed(state: KilleState) -> ObservedState:
        """For the type checker only: a Kille hand is what its observation reads of one."""
        return state
