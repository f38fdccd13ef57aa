"""The rules of one Köpknack deal: the ante, knock or fold, two rounds of buying, three tricks,
the pot shared in thirds and the penalty for a seat that took no trick.

How each happening is told lives in ``narration.py``, the trick duties in ``tricks.py``, how a
record is read and written in ``records.py``: this module is what the rules decide, and the
state protocol (``kortspel.protocol.State``) around it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..actions import CHANCE, Action
from ..checks import quote
from ..errors import (
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from ..events import Event, Zone, hand
from ..i18n import N_, _, ngettext, pgettext
from ..shell import HandState
from .cards import HAND_SIZE, ORDER, show
from .narration import OUT_ZONE, SHOWN, TALON_ZONE, TRICK_ZONE, TRUMP_ZONE, won_zone
from .observation import BID, BUY, OVER, PHASES, PLAY, ObservedState, observe
from .rules import Rules
from .tricks import _duty, broken_duty, legal_cards, winning_index
from .words import SeatVoice, and_list, or_list

VERBS = ("knock", "fold", "exchange", "play")
KNOCK, FOLD = "knock", "fold"
TRICKS = 3
MAX_EXCHANGE = 3

# What a refusal says a seat cannot do, per verb: whole sentences for the reader and for
# another seat (a Swedish "fold" is "lägga dig" said to you, "lägga sig" of another).
_CANNOT: dict[str, tuple[str, str]] = {
    "knock": (N_("you cannot knock now"), N_("{name} cannot knock now")),
    "fold": (N_("you cannot fold now"), N_("{name} cannot fold now")),
    "exchange": (N_("you cannot exchange now"), N_("{name} cannot exchange now")),
    "play": (N_("you cannot play now"), N_("{name} cannot play now")),
}
# i18n: a phase of a deal, in "it is the {phase}"
_PHASE_WORDS = (N_("bidding"), N_("buying"), N_("play"), N_("over"))


def _bid_word(verb: str, you: bool) -> str:
    """A bid as what a seat may do ("knock", "fold"), after "you may" or "b may"."""
    if verb == KNOCK:
        return pgettext("may", "knock")
    return pgettext("you may", "fold") if you else pgettext("may", "fold")


class Outcome(NamedTuple):
    """How a deal ended, in seat indices; immutable, so clones share it.

    ``won``, ``payout`` and ``penalty`` have one entry per seat (0 for a folded seat).
    """

    swept_by: int | None
    tricks: tuple[int, ...]
    won: tuple[int, ...]
    payout: tuple[int, ...]
    penalty: tuple[int, ...]
    next_pot: int
    next_dealer: int


class HandTable(Protocol):
    """What a deal reads of the table it is dealt at: the seats, their names, the rules
    options, and each dealer's order round the table (its codec, narrator and actions it
    reads through ``self.game``, as the shell declares it). Reading a record needs no more
    of it (``records``).

    The table (``game.KopknackGame``) is drawn above the state, since it deals, so the state
    names here what it needs of a table rather than importing it: ``KopknackGame`` fits by
    its shape alone.
    """

    @property
    def seats(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def orders(self) -> tuple[tuple[int, ...], ...]: ...


class KopknackState(HandState):
    """One Köpknack deal, from the ante to the settling. Mutable; ``clone`` is cheap.

    ``order`` is every seat from the dealer's left round to the dealer: the bidding order.
    ``active`` (after the bidding) holds the seats that knocked in that order, which is the
    order they buy in, and their order round the table in play. ``hands`` are in the order the
    cards arrived (dealt, then bought); the talon is kept top first with ``tp`` its next card.

    ``to_act`` (``None`` once the deal is over; never ``CHANCE``: after the deal nothing is
    left to chance, the talon's order is part of the deal) and ``is_over`` are plain
    attributes, kept in step with ``phase``. Treat them, like the rest, as read-only.
    """

    __slots__ = ("game", "dealer", "stake", "carried", "pot", "dealt", "trump", "trump_suit",
                 "talon", "order", "_hands", "tp", "_out", "_bids", "knocks", "pos", "phase",
                 "active", "_nxt", "round", "xpos", "number", "_trick", "_trick_seats",
                 "_tricks", "to_act", "is_over", "_actions", "_events", "outcome", "_table",
                 "_offered")

    def __init__(
        self,
        game: HandTable,
        dealer: int,
        stake: int,
        carried: int,
        dealt: tuple[tuple[str, ...], ...],
        trump: str,
        talon: tuple[str, ...],
    ) -> None:
        self.game = game
        self.dealer = dealer
        self.stake = stake
        self.carried = carried
        self.pot = carried + stake
        self.dealt = dealt
        self.trump = trump
        self.trump_suit = trump[-1]
        self.talon = talon
        self.order: tuple[int, ...] = game.orders[dealer]
        self._table = (game.names, game.rules, dealer, stake)
        """What an observation shares with the deal: names, rules, dealer and stake."""
        # The legal actions last handed out, while they are current.
        self._offered: Sequence[Action] | None = None
        n = game.seats
        self._hands: list[list[str]] = list(map(list, dealt))
        self.tp = 0
        self._out: list[str] = []
        self._bids: list[str | None] = [None] * n
        self.knocks = 0
        self.pos = 0
        self.phase = BID
        self.active: tuple[int, ...] = ()
        self._nxt: dict[int, int] = {}
        self.round = 0
        self.xpos = 0
        self.number = 0
        self._trick: list[str] = []
        self._trick_seats: list[int] = []
        self._tricks: list[int] = []
        self.to_act: int | None = self.order[0]
        self.is_over = False
        self._actions: list[Action] = []
        self._events: list[Event]
        self.outcome: Outcome | None = None
        self._deal()

    # -- what the deal holds, handed out as copies ----------------------------------------
    # The rules change these lists in place at every turn, through the private names; a
    # caller gets a copy of its own, of the same kind (a list prints and compares as it
    # always did), so nothing it does to what it was given reaches the deal.

    hands = property(lambda self: [h[:] for h in self._hands], doc=(
        "Each seat's cards, in the order they arrived (dealt, then bought)."))
    out = property(lambda self: self._out[:], doc=(
        "The cards out of play: folded hands and exchanged cards, in the order they went."))
    bids = property(lambda self: self._bids[:], doc=(
        'Per seat: ``"knock"``, ``"fold"`` or ``None`` (not yet bid).'))
    nxt = property(lambda self: dict(self._nxt), doc=(
        "Seat -> the next seat in the play (once the bidding is over)."))
    trick = property(lambda self: self._trick[:], doc=(
        "The cards of the trick on the table, the lead first."))
    trick_seats = property(lambda self: self._trick_seats[:], doc=(
        "Who played each card of the trick on the table."))
    tricks = property(lambda self: self._tricks[:], doc=(
        "The winner of each finished trick, in order."))

    def hand_of(self, seat: int) -> tuple[str, ...]:
        """``seat``'s cards now, in the order they arrived (a tuple: nothing done to it
        reaches the deal). Omniscient and unchecked: for the search (``worlds.py``), which
        reads one seat's hand at a time with a seat number in hand, where ``hands`` would copy
        every seat's."""
        return tuple(self._hands[seat])

    def playable(self) -> tuple[str, ...]:
        """The cards the seat to act may play now, in hand order (``tricks.legal_cards`` of
        its hand and the trick on the table); ``()`` outside the play. For the search's
        rollout (``worlds.rollout``), which asks at every card it plays, where
        ``legal_actions()`` would make a list of actions and ``hands`` and ``trick`` copies."""
        me = self.to_act
        if self.phase != PLAY or me is None:
            return ()
        return _duty(self._hands[me], self._trick, self.number, self.trump_suit)[1]

    # -- protocol ---------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now. Only the seat to act may do
        anything: Köpknack has no calls out of turn."""
        me = self.to_act
        if seat is not None and seat != me:
            if type(seat) is not int or not 0 <= seat < self.game.seats:
                self._seat(seat, "legal_actions")
            return []
        if me is None:
            return []
        # ``apply`` knows an action from the list kept here by identity, without checking it
        # again; the caller gets a copy, so nothing it does to its list can reach this one.
        ph = self.phase
        if ph == PLAY:
            acts = self.game.play_actions[me]
            out = [acts[c] for c in _duty(self._hands[me], self._trick, self.number,
                                          self.trump_suit)[1]]
        elif ph == BID:
            self._offered = bids = self.game.bid_actions[me]
            return list(bids)
        else:
            # Every set of 0 to 3 of the seat's cards (no more than the talon holds), each in
            # the pack's order, fewest first: the first is keeping the hand.
            out = self.game.exchange_choices.offer(me, self._hands[me],
                                                   len(self.talon) - self.tp)
        self._offered = out
        return out[:]

    def pick_legal(self, pick: Callable[[int, random.Random], int],
                   rng: random.Random) -> Action:
        """``legal_actions()[pick(len(legal_actions()), rng)]``, without copying the list, and
        an exchange without making the other seven (``ExchangeCache.pick``): what
        ``play_hand`` asks for a random player. ``apply`` then knows the action found by
        identity, as it knows one of a list just handed out."""
        me = self.to_act
        if me is None:
            raise HandOverError(self._over_message())
        ph = self.phase
        g = self.game
        if ph == PLAY:
            cards = _duty(self._hands[me], self._trick, self.number, self.trump_suit)[1]
            act = g.play_actions[me][cards[pick(len(cards), rng)]]
        elif ph == BID:
            bids = g.bid_actions[me]
            act = bids[pick(len(bids), rng)]
        else:
            act = g.exchange_choices.pick(me, self._hands[me], len(self.talon) - self.tp,
                                          pick, rng)
        self._offered = (act,)
        return act

    calls_out_of_turn = False
    """Nobody ever acts out of turn here: the drivers need not ask ``callers()``."""

    def callers(self) -> list[int]:
        """Seats that may act out of turn now: never any in Köpknack."""
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Köpknack shuffles only before the deal, so no chance turn ever comes."""
        raise IllegalActionError("Köpknack has no chance turns: the talon's order is fixed "
                                 "at the deal, and every later step is a seat's decision")

    def parse(self, text: Any) -> Action:
        """``"knock"`` (the seat to act), ``"c fold"``, ``"a exchange 2C,7H"``, ``"a keep"``,
        ``"b play KS"``, or the Swedish ``"knacka"``."""
        return self.game.codec.from_text(text, None if self.is_over else self.to_act)

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Play one action after checking it; returns the events it caused.

        ``action`` is an ``Action``, a record's action object (``{"seat": "a", "do":
        "play", "card": "KS"}``) or text (``"a play KS"``). An action the rules do not allow
        now raises a ``KortspelError`` that says what is allowed, and leaves the state
        exactly as it was: every check comes before the first change.
        """
        # The usual case first: one of the actions ``legal_actions`` just handed out, known
        # by identity (the list is dropped at every change, so it is this moment's).
        offered = self._offered
        if offered is not None:
            for own in offered:
                if own is action:
                    break
            else:
                own = self._checked(action)
        else:
            own = self._checked(action)
        events = self._events
        start = len(events)
        self.apply_legal(own)
        return events[start:]

    def play_pick(self, pick: Callable[[int, random.Random], int],
                  rng: random.Random) -> Action:
        """``apply(pick_legal(pick, rng))``, in one call and without the list of events
        ``apply`` returns: what ``play_hand`` does for a random player."""
        own = self.pick_legal(pick, rng)
        self.apply_legal(own)
        return own

    def apply_legal(self, own: Action) -> None:
        """Play the table's own action, legal now, without the checks ``apply`` makes and
        without the list of events it returns: what ``apply`` does once it has checked an
        action, and what the search's rollout (``worlds.rollout``) does with the actions it
        takes from the table's own tables (``game.bid_actions``, ``game.play_actions``,
        ``game.exchange_choices``) when they are legal. An illegal one breaks the deal."""
        self._offered = None
        self._actions.append(own)
        verb = own.verb
        if verb == "play":
            self._do_play(own.seat, own.args[0][1])  # type: ignore[arg-type]
        elif verb == "exchange":
            self._do_exchange(own.seat, own.args[0][1])  # type: ignore[arg-type]
        elif verb == KNOCK:
            self._do_knock(own.seat)
        else:
            self._do_fold(own.seat)

    def _checked(self, action: Action | str | Mapping[str, Any]) -> Action:
        """The table's own copy of ``action`` (given as an action, text or a record's
        object) if the rules allow it now; else the error that says why not and what is
        allowed."""
        if type(action) is not Action:
            action = self.parse(action) if isinstance(action, str) else self.game.codec.coerce(
                action, None if self.is_over else self.to_act)
        if self.is_over:
            raise HandOverError(self._over_message())
        own = self._legal_one(action)
        if own is None:
            self._refuse(action)
            raise AssertionError("_refuse always raises")  # pragma: no cover
        return own

    def _legal_one(self, action: Action) -> Action | None:
        """The table's own copy of ``action`` if the rules allow it now, else ``None``: the
        same answer as looking it up in ``legal_actions()``, without building that list."""
        seat = action.seat
        if seat != self.to_act:
            return None
        g = self.game
        verb = action.verb
        ph = self.phase
        own: Action | None
        if ph == PLAY:
            if verb != "play":
                return None
            card = action.get("card")
            own = g.play_actions[seat].get(card)
            if own is None or card not in legal_cards(self._hands[seat], self._trick,
                                                      self.number, self.trump_suit):
                return None
        elif ph == BID:
            own = g.bid_by_verb[seat].get(verb)
        else:
            if verb != "exchange":
                return None
            cards = action.get("cards")
            if type(cards) is not tuple:
                return None
            mine = self._hands[seat]
            if (len(cards) > min(MAX_EXCHANGE, len(self.talon) - self.tp)
                    or len(set(cards)) != len(cards) or any(c not in mine for c in cards)
                    or list(cards) != sorted(cards, key=ORDER.__getitem__)):
                return None
            own = g.exchange_action(seat, cards)
        if own is None or (own is not action and own != action):
            return None
        return own

    def clone(self) -> KopknackState:
        c = _new_state(KopknackState)  # every slot is set below: no need to deal again
        c.game = self.game
        c.dealer = self.dealer
        c.stake = self.stake
        c.carried = self.carried
        c.pot = self.pot
        c.dealt = self.dealt
        c.trump = self.trump
        c.trump_suit = self.trump_suit
        c.talon = self.talon
        c.order = self.order
        c._table = self._table
        c._offered = None  # the clone hands out its own lists
        c._hands = [h[:] for h in self._hands]
        c.tp = self.tp
        c._out = self._out[:]
        c._bids = self._bids[:]
        c.knocks = self.knocks
        c.pos = self.pos
        c.phase = self.phase
        c.active = self.active
        c._nxt = self._nxt  # made once when the bidding ends, never changed after
        c.round = self.round
        c.xpos = self.xpos
        c.number = self.number
        c._trick = self._trick[:]
        c._trick_seats = self._trick_seats[:]
        c._tricks = self._tricks[:]
        c.to_act = self.to_act
        c.is_over = self.is_over
        c._actions = self._actions[:]
        c._events = self._events[:]
        c.outcome = self.outcome
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""
        g = self.game
        return (g.names, g.rules, self.dealer, self.stake, self.carried, self.dealt,
                self.trump, self.talon, tuple(map(tuple, self._hands)), self.tp, tuple(self._out),
                tuple(self._bids), self.phase, self.round, self.xpos, self.number,
                tuple(self._trick), tuple(self._tricks), self.to_act,
                tuple(self._actions), self.outcome)

    observation = observe
    """``observation(seat, legal=None)``: what ``seat`` may know now (``legal``, if the
    caller has it, saves working it out again)."""

    # -- reading the table ----------------------------------------------------------------

    def zones(self) -> dict[Zone, tuple[str, ...]]:
        """Where every card is now, omniscient, each zone bottom first: the hands, the talon
        (its next card last, on top), the turned trump, the trick being played, the tricks
        each seat has taken, and the cards out of play (folded hands and exchanged cards)."""
        n = self.game.seats
        out: dict[Zone, tuple[str, ...]] = {hand(s): tuple(self._hands[s]) for s in range(n)}
        out[TALON_ZONE] = tuple(reversed(self.talon[self.tp:]))
        out[TRUMP_ZONE] = (self.trump,)
        out[TRICK_ZONE] = tuple(self._trick)
        size = len(self.active)
        played = self.played
        for k, w in enumerate(self._tricks):
            zone = won_zone(w)
            out[zone] = out.get(zone, ()) + tuple(c for _, c in played[k * size:
                                                                        (k + 1) * size])
        out[OUT_ZONE] = tuple(self._out)
        return out

    @property
    def phase_name(self) -> str:
        """``"bidding"``, ``"buying"``, ``"play"`` or ``"over"``."""
        return PHASES[self.phase]

    @property
    def talon_left(self) -> int:
        return len(self.talon) - self.tp

    @property
    def played(self) -> list[tuple[int, str]]:
        """Every card played so far, (seat, card) in order (read from the actions)."""
        return [(a.seat, a.args[0][1]) for a in self._actions  # type: ignore[misc]
                if a.verb == "play"]

    @property
    def bought(self) -> list[tuple[int, int]]:
        """(seat, cards exchanged) for each buying turn so far, in turn order."""
        return [(a.seat, len(a.args[0][1])) for a in self._actions  # type: ignore[arg-type]
                if a.verb == "exchange"]

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still in: during the bidding those that have not folded; after it those
        that knocked (or the one that swept)."""
        if self.outcome is not None and self.outcome.swept_by is not None:
            return (self.outcome.swept_by,)
        if self.phase == BID:
            return tuple(s for s in range(self.game.seats) if self._bids[s] != FOLD)
        return tuple(sorted(self.active))

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the current trick, during the play."""
        if self.phase != PLAY:
            return None
        return self._trick_seats[0] if self._trick_seats else self.to_act

    def won_by(self, seat: int) -> int:
        """Tricks the seat has taken so far."""
        return self._tricks.count(self._seat(seat, "won_by"))

    def __repr__(self) -> str:
        g = self.game
        if self.is_over:
            return f"<Köpknack deal over: {self.result()}>"
        return (f"<Köpknack deal, {PHASES[self.phase]}: "
                f"{g.names[self.to_act]} to act>")

    def __str__(self) -> str:
        g = self.game
        lines = [f"pot {self.pot}, trump {self.trump}, talon {self.talon_left}"]
        for s in range(g.seats):
            mark = []
            if s == self.dealer:
                mark.append("dealer")
            if self._bids[s]:
                mark.append(self._bids[s] + "ed")  # type: ignore[operator]
            if s == self.to_act:
                mark.append("to act")
            extra = f" ({', '.join(mark)})" if mark else ""
            lines.append(f"{g.names[s]:>8}: {' '.join(self._hands[s]) or '-'}{extra}")
        if self._trick:
            lines.append("trick: " + " ".join(self._trick))
        return "\n".join(lines)

    # -- results --------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The outcome in seat names, field for field what ``python -m kortspel replay``
        prints (the contract's form): while the deal goes on, ``over: false``, who is to act
        and the fields that stand so far, the rest ``null``."""
        names = self.game.names
        n = len(names)
        o = self.outcome
        active = self.in_play
        act_set = set(active)
        won = {names[s]: self._tricks.count(s) for s in active}
        out: dict[str, Any] = {
            "game": "kopknack",
            "pot": self.pot,
            "active": [names[s] for s in active],
            "folded": [names[s] for s in range(n) if s not in act_set],
            "swept_by": None,
            "tricks": [names[s] for s in self._tricks],
            "won": won,
            "payout": None,
            "penalty": None,
            "next_pot": None,
            "next_dealer": None,
            "over": False,
            "to_act": None,
        }
        if o is None:
            out["to_act"] = names[self.to_act]
            return out
        out["swept_by"] = None if o.swept_by is None else names[o.swept_by]
        out["payout"] = {names[s]: o.payout[s] for s in range(n)}
        out["penalty"] = {names[s]: o.penalty[s] for s in range(n)}
        out["next_pot"] = o.next_pot
        out["next_dealer"] = names[o.next_dealer]
        out["over"] = True
        return out

    # -- refusals -----------------------------------------------------------------------------

    def _over_message(self) -> str:
        return _("the deal is over; deal the next one to play on")

    def say_legal(self, seat: int, you: bool = False) -> str:
        """What ``seat`` may do now, in words for an error message ("knock or fold", "play
        9♠ or K♠": cards as the narration shows them), in the language in use. ``you``: the
        words follow "you may" (a Swedish "fold" then says "lägga dig", not "lägga sig")."""
        legal = self.legal_actions(seat)
        if not legal:
            return _("do nothing now")
        verb = legal[0].verb
        if verb == "play":
            cards = or_list([SHOWN[a.args[0][1]] for a in legal])  # type: ignore[index]
            return _("play {cards}").format(cards=cards)
        if verb == "exchange":
            most = max(len(a.args[0][1]) for a in legal)  # type: ignore[arg-type]
            if most == 0:
                return _("only keep the hand (exchange with no cards: the talon is empty)")
            return ngettext("exchange up to {n} card of the hand, or none (an exchange of no "
                            "cards keeps the hand)",
                            "exchange up to {n} cards of the hand, or none (an exchange of no "
                            "cards keeps the hand)", most).format(n=most)
        return or_list([_bid_word(a.verb, you) for a in legal])

    def _refuse(self, action: Action) -> None:
        """Raise the error that says why ``action`` is not allowed now, and what is: in the
        words a learner reads at the table (cards as "K♦"; a seat named "you" is the reader,
        so "you have folded", never "you has folded"), in the language in use. A bad
        argument (no such seat, a malformed action) is a programmer's error and stays
        English."""
        g = self.game
        n = g.seats
        seat, verb = action.seat, action.verb
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidActionError(
                f"{quote(action, 120)} names no seat of this table; its seats are 0 to {n - 1} "
                f"({', '.join(g.names)})")
        g.codec.check(action)  # the form: a verb of the game, the right who, its arguments
        v = SeatVoice(g.names, None)
        me = self.to_act
        assert me is not None

        def may(s: int) -> str:
            """"you may knock or fold", "b may play 9♠ or K♠"."""
            return v.line(s, _("you may {legal}"), _("{name} may {legal}"),
                          legal=self.say_legal(s, v.me(s)))

        def cannot(s: int, what: str) -> str:
            """"you cannot knock now", "b cannot play now"."""
            you, other = _CANNOT[what]
            return v.line(s, _(you), _(other))

        now = v.line(me, _("it is your turn; {may}"), _("it is {owner} turn; {may}"),
                     may=may(me))
        if self._bids[seat] == FOLD:
            raise IllegalActionError(v.line(
                seat, _("you have folded and are out of this deal; {now}"),
                _("{name} has folded and is out of this deal; {now}"), now=now))
        if seat != me:
            if self.phase != BID and seat not in self.active:
                raise IllegalActionError(v.line(
                    seat, _("you are not in the play of this deal; {now}"),
                    _("{name} is not in the play of this deal; {now}"), now=now))
            raise NotYourTurnError(_("{cannot}: {now}").format(cannot=cannot(seat, verb),
                                                               now=now))
        ph = self.phase
        wanted = {BID: (KNOCK, FOLD), BUY: ("exchange",), PLAY: ("play",)}[ph]
        if verb not in wanted:
            # i18n: {phase} is "the bidding", "the buying" or "the play"
            raise IllegalActionError(_("{cannot}: it is the {phase}; {may}").format(
                cannot=cannot(seat, verb), phase=_(_PHASE_WORDS[ph]), may=may(seat)))
        mine = self._hands[seat]
        hand_said = " ".join(SHOWN[c] for c in mine)
        if verb == "exchange":
            cards: tuple[str, ...] = action.get("cards")
            left = len(self.talon) - self.tp
            missing = [SHOWN[c] for c in cards if c not in mine]
            if missing:
                why = v.line(seat, _("you do not hold {cards}; you hold {hand}"),
                             _("{name} does not hold {cards}; {name} holds {hand}"),
                             cards=and_list(missing), hand=hand_said)
            elif len(set(cards)) != len(cards):
                why = v.line(seat, _("you name a card twice; the cards exchanged are different "
                                     "cards"),
                             _("{name} names a card twice; the cards exchanged are different "
                               "cards"))
            elif len(cards) > MAX_EXCHANGE:
                why = _("at most three cards may be exchanged in one turn")
            else:
                why = (ngettext("the talon holds only {n} card, so no more may be exchanged",
                                "the talon holds only {n} cards, so no more may be exchanged",
                                left).format(n=left) if left
                       else _("the talon is empty, so no card may be exchanged"))
            raise IllegalActionError(v.line(
                seat, _("you cannot exchange {cards}: {why}; {may}"),
                _("{name} cannot exchange {cards}: {why}; {may}"),
                cards=" ".join(SHOWN[c] for c in cards), why=why, may=may(seat)))
        card: str = action.get("card")
        why_not = broken_duty(mine, self._trick, self.number, self.trump_suit, card, show)
        if why_not is not None:
            if card not in mine:
                raise IllegalActionError(v.line(
                    seat, _("you cannot play {card}: you do not hold it; you hold {hand}"),
                    _("{name} cannot play {card}: {name} does not hold it; {name} holds "
                      "{hand}"), card=SHOWN[card], hand=hand_said))
            raise IllegalActionError(_("{who} cannot play {card}: that breaks {why}").format(
                who=v.who(seat), card=SHOWN[card], why=why_not))
        raise IllegalActionError(_("{cannot}; {may}").format(cannot=cannot(seat, verb),
                                                             may=may(seat)))

    # -- the deal ---------------------------------------------------------------------------

    def _deal(self) -> None:
        self._events = self.game.narrator.opening(self.dealer, self.stake, self.carried,
                                                 self.order, len(self.talon), self.trump,
                                                 self.dealt)

    # -- bidding --------------------------------------------------------------------------------

    def _do_knock(self, seat: int) -> None:
        self._bids[seat] = KNOCK
        self.knocks += 1
        self._events.append(self.game.narrator._knock[seat])
        pos = self.pos + 1
        if pos < len(self.order) - 1:  # not yet the dealer's turn: nothing else to settle
            self.pos = pos
            self.to_act = self.order[pos]
            return
        self._next_bidder(pos)

    def _do_fold(self, seat: int) -> None:
        self._bids[seat] = FOLD
        mine = self._hands[seat]
        self._out += mine
        mine.clear()
        self._events.append(self.game.narrator.fold(seat, self.dealer))
        pos = self.pos + 1
        if pos < len(self.order) - 1:
            self.pos = pos
            self.to_act = self.order[pos]
            return
        self._next_bidder(pos)

    def _next_bidder(self, pos: int) -> None:
        """The dealer's turn to bid comes, or the bidding is over (``pos``: the next place
        in the bidding order)."""
        n = len(self.order)
        if pos == n - 1 and not self.knocks:  # everyone but the dealer folded
            self._sweep(self.dealer, True)
            return
        if pos < n:
            self.pos = pos
            self.to_act = self.order[pos]
            return
        if self.knocks == 1:
            self._sweep(next(s for s in self.order if self._bids[s] == KNOCK), False)
            return
        self.active = active = tuple(s for s in self.order if self._bids[s] == KNOCK)
        k = len(active)
        self._nxt = {s: active[(i + 1) % k] for i, s in enumerate(active)}
        self._start_round(1)

    def _sweep(self, seat: int, dealer: bool) -> None:
        say = self.game.narrator
        n = self.game.seats
        nxt = self.game.next_dealer[self.dealer]
        payout = [0] * n
        payout[seat] = self.pot
        self._events.append(say.sweep(seat, self.pot, dealer))
        self._events.append(say.next_deal(0, nxt))
        self._end(Outcome(seat, (), (0,) * n, tuple(payout), (0,) * n, 0, nxt))

    # -- buying -----------------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        self.phase = BUY
        self.round = number
        self.xpos = 0
        self.to_act = self.active[0]
        self._events.append(self.game.narrator.buy_round(number, self.active[0]))

    def _do_exchange(self, seat: int, cards: tuple[str, ...]) -> None:
        n = len(cards)
        tp = self.tp
        talon = self.talon
        say = self.game.narrator
        if n:
            # The cards given up leave the hand from the highest place down (so the places
            # named stay true), and the ones drawn join it at the end.
            mine = self._hands[seat]
            out = self._out
            if n == 1:
                p = mine.index(cards[0])
                positions: tuple[int, ...] = (p,)
                out.append(mine.pop(p))
            elif n == 2:
                p, q = mine.index(cards[0]), mine.index(cards[1])
                if p > q:
                    p, q = q, p
                positions = (p, q)
                out.append(mine.pop(q))
                out.append(mine.pop(p))
            else:
                positions = (0, 1, 2)
                out += reversed(mine)
                mine.clear()
            start = len(mine)
            self.tp = end = tp + n
            got = talon[tp:end]
            mine += got
            self._events += (say.exchange(seat, positions, False),
                            say.drawn(seat, cards, got, start))
            if end == len(talon):
                self._events.append(say.talon_out)
        else:
            self._events.append(say.exchange(seat, (), tp == len(talon)))
        self.xpos = x = self.xpos + 1
        active = self.active
        if x < len(active):
            self.to_act = active[x]
        elif self.round == 1:
            self._start_round(2)
        else:
            self.phase = PLAY
            self.number = 1
            self.to_act = active[0]

    # -- the play ---------------------------------------------------------------------------

    def _do_play(self, seat: int, card: str) -> None:
        mine = self._hands[seat]
        p = mine.index(card)
        del mine[p]
        trick = self._trick
        self._events.append(self.game.narrator.play(seat, card, p, self.number, not trick))
        trick.append(card)
        self._trick_seats.append(seat)
        if len(trick) < len(self.active):
            self.to_act = self._nxt[seat]
            return
        i = winning_index(trick, self.trump_suit)
        winner = self._trick_seats[i]
        self._tricks.append(winner)
        self._events.append(self.game.narrator.trick(winner, self.number, trick[i], len(trick)))
        self._trick = []
        self._trick_seats = []
        if self.number == TRICKS:
            self._settle()
        else:
            self.number += 1
            self.to_act = winner

    def _settle(self) -> None:
        """Each trick takes a third of the pot; each seat in the play that took none pays the
        penalty into the next pot, which the next dealer's ante joins."""
        g = self.game
        say = g.narrator
        n = g.seats
        pot = self.pot
        share = pot // TRICKS
        tricks = self._tricks
        won = [0] * n
        for w in tricks:
            won[w] += 1
        payout = [0] * n
        shares: tuple[tuple[int, int, int], ...] = ()  # (seat, tricks, amount), seat order
        for s in sorted(set(tricks)):
            payout[s] = amount = won[s] * share
            shares += ((s, won[s], amount),)
        stakes = g.rules.penalty_stakes
        fine = self.stake * stakes
        penalty = [0] * n
        losers: tuple[int, ...] = ()
        for s in sorted(self.active):
            if not won[s]:
                penalty[s] = fine
                losers += (s,)
        next_pot = fine * len(losers)
        nxt = g.next_dealer[self.dealer]
        ev = self._events
        ev.append(say.payout(pot, shares))
        if losers:
            ev.append(say.penalty(losers, fine, stakes))
        ev.append(say.next_deal(next_pot, nxt))
        self._end(Outcome(None, tuple(tricks), tuple(won), tuple(payout), tuple(penalty),
                          next_pot, nxt))

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = OVER
        self.to_act = None
        self.is_over = True


_new_state = object.__new__

assert CHANCE not in range(8)  # a chance turn can never be mistaken for a seat
assert HAND_SIZE == TRICKS  # three cards, three tricks: every seat in the play plays all


if TYPE_CHECKING:
    def _observed(state: KopknackState) -> ObservedState:
        """For the type checker only: a Köpknack deal is what its observation reads of one."""
        return state
