"""The rules of one game of Gnällknekt: the piles, the draw, attack and defence, the stock
rebuilt, the endgame.

A *state* is one whole game, from the deal of the piles to a win or a draw (the protocol's
"hand"). How each happening is told lives in ``narration.py``, how records are read and
written in ``records.py``, and what beats what in ``cards.beats``: this module is what the
rules decide, numbered as in the contract (``docs/rules/gnallknekt.md``).

The turn is a little machine: ``DRAW`` (one card per action until the turn's count is drawn),
then ``MOVE`` (up to two attacks or defences, then a discard, or ``end`` with an empty hand).
When a seat draws from an empty stock that can be rebuilt, the game waits at a chance turn
(``to_act == CHANCE``): the driver's rng orders the new stock, the record keeps that order,
and the state itself never holds randomness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..actions import CHANCE, Action
from ..checks import quote
from ..errors import (
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from ..events import Event, Zone
from ..shell import HandState
from .cards import _JACKS, _RANK, beats, beats_name, show, show_all, top_unit
from .fast import (
    CARD_KEY,
    COUNTS_ON,
    EMPTY,
    HAND,
    LANE,
    LANE_MASK,
    LANES_ON,
    LONE_JACK,
    PAIR_KEY,
    PAIR_LANE,
    PICK,
    pick_move,
)
from .narration import (
    DISCARD_ZONE,
    ORDINALS,
    OUT_ZONE,
    PHASES,
    STOCK_ZONE,
    Narrator,
    hand_of,
    pile_zone,
    plural,
)
from .observation import Observation, ObservedState, ObservedTable
from .rules import LAST_ROUND_TURNS, TWO_LEFT_TURNS

DRAW, MOVE, SHUFFLE, OVER = 0, 1, 2, 3
"""The stages of a turn: drawing, moving (and discarding), waiting for the rebuilt stock's
order (a chance turn), and the game over."""
NORMAL, TWO_LEFT, LAST_ROUNDS = 0, 1, 2
MOVES_PER_TURN = 2
MAX_UP = 3
"""The most face-up cards a pile may show (rule 4)."""

VERBS = ("draw", "defend", "attack", "discard", "end")
CHANCE_VERB = "reshuffle"


_MOVED: list[Action] = []
"""``state._legal`` after ``apply``: the legal list is to be made again, and the pile tops
(``_tops``) are known, kept in step by the moves (see ``_moved``)."""


def chance_action(cards: Sequence[str]) -> Action:
    """The chance turn that orders a rebuilt stock: ``cards`` top first."""
    return Action(CHANCE, CHANCE_VERB, "chance", (("cards", tuple(cards)),))


class HandTable(ObservedTable, Protocol):
    """What a game reads of the table it is dealt at: the seats, their names, the rules
    options and the narrator that tells the deal (its codec, actions and the rest it reads
    through ``self.game``, as the shell declares it).

    The table (``game.GnallknektGame``) is drawn above the state, since it deals, so the state
    names here what it needs of a table rather than importing it: ``GnallknektGame`` fits by
    its shape alone.
    """

    @property
    def seats(self) -> int: ...

    @property
    def narrator(self) -> Narrator: ...


class GnallknektState(HandState):
    """One game of Gnällknekt. Mutable; ``clone`` copies it; ``apply`` checks first.

    Piles are ``down[seat][i]`` (face-down cards, bottom first) under ``up[seat][i]``
    (face-up cards, bottom first); a pile index never shifts, an emptied pile stays an empty
    slot. ``stock``, ``discard`` and ``out_cards`` (the cards out of play) are bottom first,
    so their top is the last card. ``hands`` keep the order cards arrived in.

    ``to_act`` and ``is_over`` are plain attributes kept in step with ``stage``; like the rest
    they are read-only to callers.
    """

    __slots__ = ("game", "dealer", "start_piles", "start_stock", "_hands", "_up", "_down",
                 "_stock", "_discards", "_out_cards", "_lives", "_out_order", "cur", "stage",
                 "draws_left", "moves", "phase", "phase_turns", "counting", "_reshuffles",
                 "winner", "tie", "to_act", "is_over", "_actions", "_events", "_legal",
                 "_folders", "_tops", "_counted")

    to_act: int | None  # the seat to act; None once the game is over

    Observation = Observation

    def __init__(self, game: HandTable, dealer: int,
                 piles: Sequence[Sequence[Sequence[str]]], stock: Sequence[str],
                 *, _blank: bool = False) -> None:
        self.game = game
        self.dealer = dealer
        self._legal: list[Action] | None = None
        self._folders: list[Any] = [None] * game.seats  # see observation.Folder
        if _blank:
            return
        n = game.seats
        self.start_piles = tuple(tuple(tuple(p) for p in seat) for seat in piles)
        self.start_stock = tuple(stock)
        self._hands: list[list[str]] = [[] for _ in range(n)]
        self._down: list[list[list[str]]] = [[list(p[:-1]) for p in seat] for seat in piles]
        self._up: list[list[list[str]]] = [[[p[-1]] for p in seat] for seat in piles]
        self._stock = list(reversed(stock))
        self._discards: list[str] = []
        self._out_cards: list[str] = []
        self._lives = [3] * n
        self._out_order: list[int] = []
        self.phase = NORMAL
        self.phase_turns = 0
        self.counting = True
        self._reshuffles: list[tuple[str, ...]] = []
        self.winner: int | None = None
        self.tie: tuple[int, int] | None = None
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self.draws_left = self.moves = 0
        self.stage = DRAW
        self.is_over = False
        self._tops = [EMPTY] * (3 * n)
        self._counted = 0
        self._read_tops()
        say = game.narrator
        self._events.append(say.deal(dealer, range(n), [[p[-1] for p in seat] for seat in piles],
                                    len(stock)))
        self.cur = dealer
        self._start_turn(self._next_seat(dealer))  # rule 1: the seat left of the dealer

    # -- what the game holds, handed out as copies ----------------------------------------
    # The rules (and ``fast``) change these lists in place at every move, through the private
    # names; a caller gets a copy of its own, of the same kind (a list prints and compares
    # as it always did), so nothing it does to what it was given reaches the game.

    hands = property(lambda self: [h[:] for h in self._hands], doc=(
        "Each seat's hand, in the order its cards came."))

    @property
    def up(self) -> list[list[list[str]]]:
        """``up[seat][pile]``: the face-up cards of each pile, bottom first."""
        return [[p[:] for p in seat] for seat in self._up]

    @property
    def down(self) -> list[list[list[str]]]:
        """``down[seat][pile]``: the face-down cards of each pile, bottom first."""
        return [[p[:] for p in seat] for seat in self._down]

    stock = property(lambda self: self._stock[:], doc="The stock, bottom first (its top last).")
    discard = property(lambda self: self._discards[:], doc=(
        "The discard pile, bottom first (its top last)."))
    out_cards = property(lambda self: self._out_cards[:], doc=(
        "The cards out of play, bottom first."))
    lives = property(lambda self: self._lives[:], doc="Each seat's piles left.")
    out_order = property(lambda self: self._out_order[:], doc=(
        "The seats out of the game, in the order they went out."))
    reshuffles = property(lambda self: self._reshuffles[:], doc=(
        "The order of every stock rebuilt so far (top first), in turn."))

    # -- one seat's or one pile's part, for the search (``worlds.py``) ------------------------
    # The search reads the table at every move of a rollout, where the copies above (every
    # seat's hand, every pile) would cost more than the move: these hand out only the part
    # asked for, still as a copy or a count, and take a seat number unchecked.

    def hand_of(self, seat: int) -> list[str]:
        """``seat``'s hand, in the order its cards came: a list of its own (``hands``
        copies every seat's)."""
        return self._hands[seat][:]

    def face_up(self, seat: int, pile: int) -> tuple[str, ...]:
        """The face-up cards of one pile, bottom first: what every seat sees of it."""
        return tuple(self._up[seat][pile])

    def down_counts(self) -> list[list[int]]:
        """``down_counts()[seat][pile]``: how many cards lie face down in each pile, all any
        seat may know of them (``down`` names them)."""
        return [[len(d) for d in piles] for piles in self._down]

    @property
    def discard_top(self) -> str | None:
        """The discard pile's top card, or ``None`` while it is empty."""
        discards = self._discards
        return discards[-1] if discards else None

    # -- the protocol (``actions``, ``events``, ``_seat``, ``==``: ``HandState``) ------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now. Nobody acts out of turn."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.game.seats):
            self._seat(seat, "legal_actions")
        if self.stage >= SHUFFLE or (seat is not None and seat != self.cur):
            return []
        legal = self._legal
        if legal is None or legal is _MOVED:
            if legal is None:  # the table may have been set by hand: read every top again
                self._read_tops()
            legal = self._legal = self._enumerate()
        return legal[:]

    def pick_legal(self, pick: Callable[[int, random.Random], int],
                   rng: random.Random) -> Action:
        """``legal_actions()[pick(len(legal_actions()), rng)]``, without making the list when
        the seat is moving (``fast.pick_move``): what ``play_hand`` asks for a random
        player."""
        stage = self.stage
        if self._legal is not None:
            if stage == MOVE:
                return pick_move(self, pick, rng)
            if stage == DRAW:
                legal = self._draws()
                return legal[pick(len(legal), rng)]
        legal = self.legal_actions()  # a table set by hand, or nothing to pick
        return legal[pick(len(legal), rng)]

    calls_out_of_turn = False
    """Nobody ever acts out of turn here: the drivers need not ask ``callers()``."""

    def callers(self) -> list[int]:
        return []  # no call is ever made out of turn

    def sample_chance(self, rng: random.Random) -> Action:
        """The order of the rebuilt stock, drawn with the driver's ``rng`` (rule 12)."""
        if self.stage != SHUFFLE:
            raise IllegalActionError(
                "no chance turn is due: the stock is rebuilt only when a seat draws from "
                "the empty stock, and then state.to_act is CHANCE")
        if not isinstance(rng, random.Random):
            raise InvalidActionError(f"rng is a random.Random, not {type(rng).__name__}")
        cards = self._out_cards + self._discards[:-1]
        rng.shuffle(cards)
        return chance_action(cards)

    def parse(self, text: Any) -> Action:
        """``"a draw stock"``, ``"defend 7H 0"`` (the seat to act), ``"a attack 9H hand b 1"``,
        ``"a attack 7H,7D 2 c 0"``, ``"discard 3C"``, ``"end"``."""
        return self.game.codec.from_text(text, None if self.is_over else self.cur)

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Play one action after checking it; returns the events it caused.

        ``action`` is an ``Action``, a record's action object or text. A refused action
        raises a ``KortspelError`` whose message says what is allowed now, and leaves the
        state exactly as it was: every check comes before the first change.
        """
        if type(action) is not Action:
            by_codec = True  # then the codec made it, well formed
            action = self.parse(action) if isinstance(action, str) else self.game.codec.coerce(
                action, None if self.is_over else self.cur)
        else:
            by_codec = False
        if self.is_over:
            raise HandOverError(self._over_message())
        events = self._events
        start = len(events)
        if action.seat == CHANCE:
            self._check_chance(action)
            self._moved()
            self._actions.append(action)
            self._rebuild(action.args[0][1])  # type: ignore[arg-type]
            return events[start:]
        legal = self._legal
        stage = self.stage
        # A draw just listed as legal (a draw list holds one or two) needs no checking;
        # anything else is checked by the rules for that one action.
        if not (stage == DRAW and legal and (action is legal[0] or action is legal[-1])):
            if not by_codec and id(action) not in self.game.own:
                self.game.codec.check(action)  # made by hand: is it one of this table's?
            if stage != MOVE and stage != DRAW or not self.allows(action):
                self._refuse(action)
        self._play(action)
        return events[start:]

    def play_pick(self, pick: Callable[[int, random.Random], int],
                  rng: random.Random) -> Action:
        """``apply(pick_legal(pick, rng))`` in one call, for ``play_hand``'s random players:
        the action found is legal by construction, so it is played without the check
        ``apply`` makes, and without the list of events ``apply`` returns."""
        act = self.pick_legal(pick, rng)
        self._play(act)
        return act

    def apply_legal(self, action: Action) -> None:
        """Play ``action`` without the checks ``apply`` makes and without the list of events
        it returns: for the search's rollout (``worlds.rollout``), which plays an action just
        taken from ``legal_actions()``. An illegal one breaks the game. A chance turn's
        order (``sample_chance``) is still checked, as ``apply`` checks it."""
        if action.seat == CHANCE:
            self.apply(action)
        else:
            self._play(action)

    def _play(self, action: Action) -> None:
        """Play a seat's action, legal now (checked, or found legal)."""
        if self._legal is None:  # see _moved
            self._read_tops()
        self._legal = _MOVED
        self._actions.append(action)
        verb = action.verb
        args = action.args
        if verb == "draw":
            self._draw(args[0][1] == "stock")
        elif verb == "attack":
            self._attack(args[0][1], args[1][1], self.game.index[args[2][1]],  # type: ignore[arg-type]
                         args[3][1])  # type: ignore[arg-type]
        elif verb == "defend":
            self._defend(args[0][1], args[1][1])  # type: ignore[arg-type]
        elif verb == "discard":
            self._discard(args[0][1])  # type: ignore[arg-type]
        else:
            self._events.append(self.game.narrator.end(self.cur))
            self._end_turn()

    def clone(self) -> GnallknektState:
        c = GnallknektState(self.game, self.dealer, (), (), _blank=True)
        c.start_piles = self.start_piles
        c.start_stock = self.start_stock
        c._hands = [h[:] for h in self._hands]
        c._up = [[p[:] for p in seat] for seat in self._up]
        c._down = [[p[:] for p in seat] for seat in self._down]
        c._stock = self._stock[:]
        c._discards = self._discards[:]
        c._out_cards = self._out_cards[:]
        c._lives = self._lives[:]
        c._out_order = self._out_order[:]
        c.cur = self.cur
        c.stage = self.stage
        c.draws_left = self.draws_left
        c.moves = self.moves
        c.phase = self.phase
        c.phase_turns = self.phase_turns
        c.counting = self.counting
        c._reshuffles = self._reshuffles[:]
        c.winner = self.winner
        c.tie = self.tie
        c.to_act = self.to_act
        c.is_over = self.is_over
        c._actions = self._actions[:]
        c._events = self._events[:]
        c._legal = self._legal  # never handed out itself, and rebuilt after any change
        c._tops = self._tops[:]
        c._counted = self._counted
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""
        return (self.game.names, self.game.rules, self.dealer, self.start_piles,
                self.start_stock, self._hands, self._up, self._down, self._stock, self._discards,
                self._out_cards, self._lives, self._out_order, self.cur, self.stage,
                self.draws_left, self.moves, self.phase, self.phase_turns, self.counting,
                self._reshuffles, self.winner, self.tie, self._actions)

    # -- reading the table (omniscient) ------------------------------------------------------

    def zones(self) -> dict[Zone, tuple[str, ...]]:
        """Where every card is now, each zone bottom first: hands, the twelve-to-fifteen
        piles (face-down cards under face-up ones), the stock (its top last), the discard
        pile and the cards out of play. With ``game.pack()`` it shows no card is made or
        lost."""
        out: dict[Zone, tuple[str, ...]] = {}
        for s in range(self.game.seats):
            out[hand_of(s)] = tuple(self._hands[s])
            for i in range(3):
                out[pile_zone(s, i)] = (*self._down[s][i], *self._up[s][i])
        out[STOCK_ZONE] = tuple(self._stock)
        out[DISCARD_ZONE] = tuple(self._discards)
        out[OUT_ZONE] = tuple(self._out_cards)
        return out

    def pile(self, seat: int, pile: int) -> dict[str, Any]:
        """One pile as the replay output shows it: ``{"down": n, "up": [cards]}``."""
        return {"down": len(self._down[seat][pile]), "up": list(self._up[seat][pile])}

    def target(self, seat: int, pile: int) -> tuple[str, ...]:
        """What an attacker faces on this pile: its top card, or its top pair."""
        return top_unit(self._up[seat][pile])

    def lone_jack(self, seat: int, pile: int) -> bool:
        """Whether a pair may take this pile's top now: the last rounds, a Jack alone on the
        seat's only pile (rule 13)."""
        up = self._up[seat][pile]
        return (self.phase == LAST_ROUNDS and self._lives[seat] == 1 and len(up) == 1
                and not self._down[seat][pile] and up[0] in _JACKS)

    @property
    def seats_in(self) -> list[int]:
        """Seats still in the game (with piles), in seat order."""
        return [s for s in range(self.game.seats) if self._lives[s]]

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    @property
    def turns_left(self) -> int | None:
        """Turns still to play in this phase of the endgame, this one included if it counts;
        ``None`` before two players are left."""
        if self.phase == NORMAL:
            return None
        limit = TWO_LEFT_TURNS if self.phase == TWO_LEFT else LAST_ROUND_TURNS
        return limit - self.phase_turns

    def draws_due(self, seat: int) -> int:
        """How many cards ``seat`` would draw if its turn began now (rule 3)."""
        if self.phase == LAST_ROUNDS or self.game.rules.draw == "piles":
            return self._lives[seat]
        return self._lives[seat] + 1

    def __repr__(self) -> str:
        if self.is_over:
            how = (f"{self.game.names[self.winner]} won" if self.winner is not None
                   else "drawn")
            return f"<Gnällknekt game over: {how}>"
        return (f"<Gnällknekt game: {self.game.names[self.cur]} to "
                f"{'draw' if self.stage == DRAW else 'move'}, phase {self.phase_name}>")

    def __str__(self) -> str:
        names = self.game.names
        lines = []
        for s in range(self.game.seats):
            piles = "  ".join(
                f"[{len(self._down[s][i])}▯ {show_all(self._up[s][i])}]" if self._lives[s]
                and (self._up[s][i] or self._down[s][i]) else "[gone]" for i in range(3))
            mark = " (to act)" if s == self.cur and not self.is_over else ""
            mark += " (out)" if not self._lives[s] else ""
            lines.append(f"{names[s]:>8}{mark}: {piles}  hand: {show_all(self._hands[s])}")
        top = show(self._discards[-1]) if self._discards else "-"
        lines.append(f"stock {len(self._stock)}, discard {len(self._discards)} (top {top}), "
                     f"out of play {len(self._out_cards)}, phase {self.phase_name}")
        return "\n".join(lines)

    # -- results -----------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The replay output of the contract: piles, lives, hands, out, over, winner, draw,
        phase, to_act (after the game's name, which every kortspel result carries)."""
        names = self.game.names
        n = self.game.seats
        return {
            "game": "gnallknekt",
            "piles": {names[s]: [self.pile(s, i) for i in range(3)] for s in range(n)},
            "lives": {names[s]: self._lives[s] for s in range(n)},
            "hands": {names[s]: list(self._hands[s]) for s in range(n)},
            "out": [names[s] for s in self._out_order],
            "over": self.is_over,
            "winner": None if self.winner is None else names[self.winner],
            "draw": None if self.tie is None else [names[s] for s in self.tie],
            "phase": PHASES[self.phase],
            "to_act": None if self.is_over else names[self.cur],
        }

    # -- turns -------------------------------------------------------------------------------

    def _next_seat(self, after: int) -> int:
        n = self.game.seats
        for i in range(1, n + 1):
            s = (after + i) % n
            if self._lives[s]:
                return s
        raise AssertionError("no seat has piles")  # the game ends before that can happen

    def _start_turn(self, seat: int) -> None:
        self.cur = seat
        self.to_act = seat
        self.stage = DRAW
        self.moves = 0
        draws = self.draws_left = self.draws_due(seat)
        limit = TWO_LEFT_TURNS if self.phase == TWO_LEFT else LAST_ROUND_TURNS
        self._events.append(self.game.narrator.turn(seat, draws, self.phase, self.phase_turns,
                                                   limit))
        self._after_draw()

    def _moved(self) -> None:
        """An action is being applied: the legal list must be made again. ``_legal`` is
        ``None`` when nothing is known of the table, as after a test sets its piles by hand
        (and then clears ``_legal``, as it always had to): the pile tops are read again
        then; after an action ``apply`` played they are kept in step by ``_retop``."""
        if self._legal is None:
            self._read_tops()
        self._legal = _MOVED

    def _read_tops(self) -> None:
        for s in range(self.game.seats):
            for i in range(3):
                self._retop(s, i)

    def _retop(self, seat: int, pile: int) -> None:
        """Keep ``_tops`` (what an attacker faces on each pile, as ``fast.target_key``
        numbers) in step with a pile that changed: a move changes one or two piles, so the
        legal moves are listed without reading every pile top again.

        It is ``target_key(top_unit(up), self.lone_jack(seat, pile))`` worked out in one
        place (a test holds it to that at every step of seeded games): a Jack on top is
        faced alone, and only a Jack can be a lone one. The tops' ``fast.COUNTS_ON`` are
        kept summed in ``_counted`` too, so a seat's reach is that sum less its own three."""
        up = self._up[seat][pile]
        if not up:
            key = EMPTY
        else:
            top = up[-1]
            if top in _JACKS:
                key = LONE_JACK if self.lone_jack(seat, pile) else CARD_KEY[top]
            elif len(up) > 1 and _RANK[up[-2]] == _RANK[top]:
                key = PAIR_KEY[top]
            else:
                key = CARD_KEY[top]
        k = seat * 3 + pile
        self._counted += COUNTS_ON[key] - COUNTS_ON[self._tops[k]]  # see fast.pick_move
        self._tops[k] = key

    def _can_rebuild(self) -> bool:
        return bool(self._out_cards) or len(self._discards) > 1

    def _after_draw(self) -> None:
        """Go on drawing, or on to the moves when the count is drawn or nothing is left."""
        if self.draws_left and not (self._stock or self._discards or self._out_cards):
            self._events.append(self.game.narrator.short(self.cur, self.draws_left))
            self.draws_left = 0
        if not self.draws_left:
            self.stage = MOVE

    def _draw(self, from_stock: bool) -> None:
        seat = self.cur
        say = self.game.narrator
        if from_stock:
            if not self._stock:  # rule 12: the stock is rebuilt, in an order chance gives
                self.stage = SHUFFLE
                self.to_act = CHANCE
                return
            card = self._stock.pop()
            self._hands[seat].append(card)
            self._events += (say.stock_draws[seat], say.drawn_by[seat][card])
        else:
            card = self._discards.pop()
            self._hands[seat].append(card)
            self._events.append(say.draw_discard(seat, card))
        left = self.draws_left = self.draws_left - 1
        if not left:
            self.stage = MOVE
        elif not (self._stock or self._discards or self._out_cards):
            self._after_draw()  # nothing left to draw: the turn goes on short

    def _check_chance(self, action: Action) -> None:
        if self.stage != SHUFFLE:
            raise IllegalActionError(
                f"{action} is not due: the stock is rebuilt only when a seat draws from the "
                "empty stock")
        cards = action.get("cards")
        if (action.verb, action.who, len(action.args)) != (CHANCE_VERB, "chance", 1) \
                or not isinstance(cards, tuple):
            raise InvalidActionError(
                f"{quote(action, 120)} is not the chance turn due: it is 'reshuffle' with the new "
                "stock's cards, top first (see state.sample_chance)")
        self._check_rebuild(cards)

    def _check_rebuild(self, cards: Sequence[str]) -> None:
        want = sorted(self._out_cards + self._discards[:-1])
        if sorted(cards) != want:
            have = _count(cards)
            need = _count(want)
            extra = [c for c in have if have[c] > need.get(c, 0)]
            lack = [c for c in need if need[c] > have.get(c, 0)]
            said = []
            if lack:
                said.append("it lacks " + ", ".join(lack[:6]))
            if extra:
                said.append("it has " + ", ".join(map(str, extra[:6])) + " too many")
            raise InvalidActionError(
                f"the rebuilt stock must hold exactly the {len(want)} cards out of play and "
                f"under the top discard, in any order: {'; '.join(said)}")

    def _rebuild(self, cards: Sequence[str]) -> None:
        seat = self.cur
        say = self.game.narrator
        n_discard = len(self._discards) - 1 if self._discards else 0
        self._events.append(say.reshuffle(seat, n_discard, len(self._out_cards)))
        self._reshuffles.append(tuple(cards))
        self._stock = list(reversed(cards))
        self._out_cards = []
        del self._discards[:-1]
        self.stage = DRAW
        self.to_act = seat
        self._draw(True)  # the draw that found the stock empty now takes the new top card

    def _end_turn(self) -> None:
        say = self.game.narrator
        if self.phase and self.counting:
            self.phase_turns += 1
            a, b = self.seats_in
            if self.phase == TWO_LEFT and self.phase_turns == TWO_LEFT_TURNS:
                self.phase = LAST_ROUNDS
                self.phase_turns = 0
                self._read_tops()  # a Jack may be lone now
                self._events.append(say.last_rounds(a, b, LAST_ROUND_TURNS))
            elif self.phase == LAST_ROUNDS and self.phase_turns == LAST_ROUND_TURNS:
                self.tie = (a, b)
                self._events.append(say.tie(a, b))
                self._over()
                return
        self.counting = True
        self._start_turn(self._next_seat(self.cur))

    def _over(self) -> None:
        self.stage = OVER
        self.to_act = None
        self.is_over = True

    # -- moves ---------------------------------------------------------------------------------

    def _defend(self, cards: tuple[str, ...], pile: int) -> None:
        seat = self.cur
        hand = self._hands[seat]
        positions = []
        for c in cards:
            i = hand.index(c)
            del hand[i]
            positions.append(i)
        self._up[seat][pile].extend(cards)
        self._retop(seat, pile)
        self._events.append(self.game.narrator.defend(seat, cards, tuple(positions), pile))
        self.moves += 1

    def _attack(self, cards: tuple[str, ...], source: int | str, target: int,
                pile: int) -> None:
        seat = self.cur
        say = self.game.narrator
        positions: list[int] = []
        if source == "hand":
            hand = self._hands[seat]
            for c in cards:
                i = hand.index(c)
                del hand[i]
                positions.append(i)
            self._out_cards.extend(cards)
        else:
            assert isinstance(source, int)
            own = self._up[seat][source]
            self._out_cards.extend(own[-len(cards):])
            del own[-len(cards):]
        up = self._up[target][pile]
        beaten = top_unit(up)  # rules 6-7: a pair on a single takes the single only,
        del up[-len(beaten):]  # a Jack on a pair takes the whole pair
        self._out_cards.extend(beaten)
        self._events.append(say.attack(seat, cards, source, tuple(positions), target, pile,
                                      beaten))
        self.moves += 1
        if source != "hand":
            self._uncover(seat, source)  # type: ignore[arg-type]
            self._retop(seat, source)  # type: ignore[arg-type]
        self._uncover(target, pile)
        self._retop(target, pile)

    def _uncover(self, seat: int, pile: int) -> None:
        """Rule 9: turn up a face-down card left on top; an emptied pile is gone for good,
        and a seat whose last pile goes is out (rule 11)."""
        up = self._up[seat][pile]
        if up:
            return
        down = self._down[seat][pile]
        say = self.game.narrator
        if down:
            card = down.pop()
            up.append(card)
            self._events.append(say.turn_up(seat, pile, card))
            return
        self._lives[seat] -= 1
        for i in range(3):  # with one pile left, its Jack may be lone now
            self._retop(seat, i)
        self._events.append(say.pile_gone(seat, pile, self._lives[seat]))
        if self._lives[seat]:
            return
        hand = self._hands[seat]
        self._events.append(say.out(seat, tuple(hand)))
        self._out_cards.extend(hand)
        self._hands[seat] = []
        self._out_order.append(seat)
        left = self.seats_in
        if len(left) == 1:  # rule 11: the last seat with piles wins at once
            self.winner = left[0]
            self._events.append(say.win(left[0]))
            self._over()
        elif len(left) == 2 and self.phase == NORMAL:  # rule 13: the endgame begins
            self.phase = TWO_LEFT
            self.phase_turns = 0
            self.counting = False  # the rest of this turn is not counted
            self._events.append(say.two_left(left[0], left[1], TWO_LEFT_TURNS))

    def _discard(self, card: str) -> None:
        seat = self.cur
        hand = self._hands[seat]
        i = hand.index(card)
        del hand[i]
        self._discards.append(card)
        self._events.append(self.game.narrator.discard_by[seat][card, i])
        self._end_turn()

    # -- what may be done ---------------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        """Whether a well-formed action of this table is legal now: the rules checked for this
        one action, without listing every other (a replay checks each action this way). It
        says yes exactly for the actions ``legal_actions`` lists; a test holds it to that."""
        seat = self.cur
        if action.seat != seat:
            return False
        verb = action.verb
        args = action.args
        if self.stage == DRAW:
            if verb != "draw":
                return False
            if args[0][1] == "stock":
                return bool(self._stock) or self._can_rebuild()
            return bool(self._discards)
        if self.stage != MOVE:
            return False
        hand = self._hands[seat]
        if verb == "discard":
            return args[0][1] in hand
        if verb == "end":
            return not hand
        if verb == "draw" or self.moves >= MOVES_PER_TURN:
            return False
        cards: tuple[str, ...] = args[0][1]  # type: ignore[assignment]
        n = len(cards)
        if n == 2:
            if _RANK[cards[0]] != _RANK[cards[1]]:
                return False
        elif n != 1:
            return False
        if verb == "defend":
            up = self._up[seat][args[1][1]]  # type: ignore[index]
            return bool(up) and len(up) + n <= MAX_UP and _holds_all(hand, cards)
        # an attack
        if n == 2 and cards[0] in _JACKS:
            return False
        target = self.game.index[args[2][1]]
        if target == seat or not self._lives[target]:
            return False
        tup = self._up[target][args[3][1]]  # type: ignore[index]
        if not tup:
            return False
        source = args[1][1]
        if source == "hand":
            if not _holds_all(hand, cards):
                return False
        else:
            own = self._up[seat][source]  # type: ignore[index]
            if len(own) < n:
                return False
            if n == 1:
                if own[-1] != cards[0]:
                    return False
            elif not _pair_top(own) or sorted(own[-2:]) != sorted(cards):
                return False
            if self._lives[seat] == 1 and len(own) + len(self._down[seat][source]) == n:  # type: ignore[index]
                return False  # rule 10
        return beats(cards, top_unit(tup), self.lone_jack(target, args[3][1]))  # type: ignore[arg-type]

    def _enumerate(self) -> list[Action]:
        """Every legal action of the seat to act, in a fixed order: draws; or attacks,
        defences, then discards (or ``end``). A test holds it to a plain reading of the
        rules; how it is made fast is told in ``fast.MoveCache``."""
        g = self.game
        seat = self.cur
        if self.stage == DRAW:
            return self._draws()
        hand = self._hands[seat]
        distinct = list(dict.fromkeys(hand))
        out: list[Action] = []
        if self.moves < MOVES_PER_TURN:
            # Pairs only when some rank is held twice (one pass in C says whether).
            pairs = (self._pairs(hand, distinct)
                     if len(set(map(_RANK.__getitem__, hand))) < len(hand) else [])
            out = self._attacks(seat, distinct, pairs)
            self._defences(seat, distinct, pairs, out)
        if hand:
            out += map(g.discard_actions[seat].__getitem__, distinct)
        else:
            out.append(g.end_actions[seat])
        return out

    def _draws(self) -> list[Action]:
        """The draws of the seat to act: from the stock, the discard pile, or either. A list
        shared by the table and never changed: the state hands out copies."""
        return self.game.draw_lists[self.cur][(2 if self._stock or self._can_rebuild() else 0)
                                              + (1 if self._discards else 0)]

    def _pairs(self, hand: list[str], distinct: list[str]) -> list[tuple[str, str]]:
        """Pairs the hand can lay, in both orders (the order matters on a pile): for each
        distinct card in hand order, itself twice (when held twice), then with each later
        card of its rank. Only ranks met more than once are searched for partners. Pairs
        of Jacks are listed too: they defend, but never attack (``_attacks`` skips them)."""
        out: list[tuple[str, str]] = []
        twice: frozenset[str] | set[str] = frozenset()
        if len(distinct) != len(hand):  # some card twice
            seen: set[str] = set()
            twice = set()
            for c in hand:
                (twice if c in seen else seen).add(c)
        ranks = list(map(_RANK.__getitem__, distinct))
        met: set[str] = set()
        many: set[str] = set()  # ranks of two distinct cards or more
        for r in ranks:
            (many if r in met else met).add(r)
        n = len(distinct)
        for i in range(n):
            a = distinct[i]
            if a in twice:
                out.append((a, a))
            ra = ranks[i]
            if ra in many:
                for j in range(i + 1, n):
                    if ranks[j] == ra:
                        b = distinct[j]
                        out += ((a, b), (b, a))
        return out

    def _attacks(self, seat: int, distinct: list[str],
                 pairs: list[tuple[str, str]]) -> list[Action]:
        """The attacks: each card, then each pair (no two Jacks) from the hand, then what
        may come off each own pile (rule 8; not the last card(s) of the last pile, rule
        10), each against every pile top in reach that it beats, in seat and pile order.

        Which piles each card or pair beats is worked out for all of them at once, from
        the pile tops' numbers kept in ``_tops`` (``fast.LANES_ON``, made from ``beats``);
        the actions are read off the table's rows (``fast.MoveCache``).
        """
        tops = self._tops
        lanes = 0  # in each card's (and pair rank's) lane, the slots it beats
        for k in self.game.others[seat]:
            t = tops[k]
            if t != EMPTY:
                lanes |= LANES_ON[t] << k
        if not lanes:
            return []
        rows = self.game.moves.rows[seat]
        row = rows[HAND]
        pick = PICK
        out: list[Action] = []
        for c in distinct:
            m = lanes >> LANE[c] & LANE_MASK
            if m:
                out += pick[m](row[c])
        for p in pairs:
            if p[0] in _JACKS:  # two Jacks never attack together
                continue
            m = lanes >> PAIR_LANE[_RANK[p[0]]] & LANE_MASK
            if m:
                out += pick[m](row[p])
        last = self._lives[seat] == 1
        mine = self._up[seat]
        for i in range(3):  # off the top of an own pile (rule 8)
            pu = mine[i]
            if not pu:
                continue
            size = len(pu) + len(self._down[seat][i])
            a = pu[-1]
            if not (last and size == 1):  # rule 10: not the last pile's last card
                m = lanes >> LANE[a] & LANE_MASK
                if m:
                    out += pick[m](rows[i][a])
            if len(pu) >= 2 and _pair_top(pu) and not (last and size == 2):
                m = lanes >> PAIR_LANE[_RANK[a]] & LANE_MASK
                if m:
                    b = pu[-2]
                    out += pick[m](rows[i][a, b])
                    if a != b:
                        out += pick[m](rows[i][b, a])
        return out

    def _defences(self, seat: int, distinct: list[str], pairs: list[tuple[str, str]],
                  out: list[Action]) -> None:
        """Add the defences to ``out``: each card, then each pair, on each own pile with
        room (rule 4), in pile order; the table keeps each unit's defences by the mask of
        piles with room (``MoveCache.defences``)."""
        mine = self._up[seat]
        one = two = 0  # the piles with room for one card, for two
        for i in range(3):
            n = len(mine[i])
            if n and n < MAX_UP:
                one |= 1 << i
                if n < MAX_UP - 1:
                    two |= 1 << i
        if not one:
            return
        runs = self.game.moves.defences[seat]
        run = runs[one]
        for c in distinct:
            out += run[c]
        if two and pairs:
            run = runs[two]
            for p in pairs:
                out += run[p]

    # -- refusals that teach -----------------------------------------------------------------

    def _over_message(self) -> str:
        names = self.game.names
        if self.winner is not None:
            return (f"the game is over: {names[self.winner]} won; start a new game to play "
                    "on")
        return "the game is over: it was drawn; start a new game to play on"

    def allowed(self, seat: int | None = None) -> str:
        """What the seat to act may do now, in words (for messages and the table)."""
        names = self.game.names
        if self.is_over:
            return "nothing: the game is over"
        who = names[self.cur]
        if self.stage == SHUFFLE:
            return "nothing yet: the stock is being rebuilt (a chance turn)"
        if self.stage == DRAW:
            srcs = []
            if self._stock or self._can_rebuild():
                srcs.append("the stock")
            if self._discards:
                srcs.append("the discard pile")
            return (f"{who} may draw ({plural(self.draws_left, 'more card')}) from "
                    f"{' or '.join(srcs)}")
        hand = self._hands[self.cur]
        end = "discard a card to end the turn" if hand else "end the turn (the hand is empty)"
        if self.moves >= MOVES_PER_TURN:
            return f"{who} has made both moves and may {end}"
        left = MOVES_PER_TURN - self.moves
        return f"{who} may attack or defend ({plural(left, 'move')} left) or {end}"

    def _refuse(self, action: Action) -> None:
        g = self.game
        if action.seat != CHANCE:
            g.codec.check(action)  # a hand-made action this table could not have made
        if self.stage == SHUFFLE:
            raise NotYourTurnError(
                f"{action.who} cannot {action.verb} now: the stock is being rebuilt first; "
                "apply state.sample_chance(rng)")
        names = g.names
        seat, verb = action.seat, action.verb
        who = names[seat]
        if seat != self.cur:
            if not self._lives[seat]:
                raise NotYourTurnError(f"{who} is out of the game and plays no more")
            raise NotYourTurnError(f"{who} cannot {verb} now: it is {names[self.cur]}'s turn; "
                                   f"{self.allowed()}")
        why = self._why_not(action)
        raise IllegalActionError(f"{who} cannot {_said(action)}: {why}; {self.allowed()}")

    def _why_not(self, action: Action) -> str:
        """Why a well-formed action of the seat to act is not legal now."""
        verb = action.verb
        seat = self.cur
        names = self.game.names
        who = names[seat]
        hand = self._hands[seat]
        if self.stage == DRAW and verb != "draw":
            return f"{who} draws first ({plural(self.draws_left, 'more card')} to draw)"
        if verb == "draw":
            if self.stage != DRAW:
                return "the draws of this turn are done"
            if action.get("from") == "discard":
                return "the discard pile is empty"
            return ("the stock is empty and there is nothing out of play to rebuild it from; "
                    "take the top discard")
        if verb == "discard":
            return f"{who} holds no {show(action.get('card'))} ({_holds(hand)})"
        if verb == "end":
            return (f"{who} still holds {plural(len(hand), 'card')}: a turn ends with a "
                    "discard while the hand has cards")
        if self.moves >= MOVES_PER_TURN:
            return "a turn has at most two moves, and both are made"
        cards = action.get("cards")
        if len(cards) > 2:
            return "a move plays one card or a pair"
        if verb == "defend":
            return self._why_not_defend(cards, action.get("pile"))
        return self._why_not_attack(cards, action.get("from"),
                                    self.game.index[action.get("target")],
                                    action.get("pile"))

    def _why_not_defend(self, cards: tuple[str, ...], pile: int) -> str:
        seat = self.cur
        hand = self._hands[seat]
        if len(cards) == 2 and _RANK[cards[0]] != _RANK[cards[1]]:
            return f"{show_all(cards)} is not a pair: a pair is two cards of one rank"
        missing = _missing(hand, cards)
        if missing:
            return f"{self.game.names[seat]} holds no {missing} ({_holds(hand)})"
        up = self._up[seat][pile]
        if not up:
            return (f"{self.game.narrator.pile(seat, pile)} is gone, and a gone pile is never "
                    "rebuilt")
        return (f"{self.game.narrator.pile(seat, pile)} has {plural(len(up), 'face-up card')}, "
                f"and no pile may hold more than three")

    def _why_not_attack(self, cards: tuple[str, ...], source: int | str, target: int,
                        pile: int) -> str:
        seat = self.cur
        say = self.game.narrator
        names = self.game.names
        if target == seat:
            return "a seat attacks the piles of other players, never its own"
        if not self._lives[target]:
            return f"{names[target]} is out of the game"
        up = self._up[target][pile]
        if not up:
            return f"{say.pile(target, pile)} is gone"
        if len(cards) == 2 and cards[0] in _JACKS and cards[1] in _JACKS:
            return "two Jacks never attack together: each Jack attacks alone"
        if len(cards) == 2 and _RANK[cards[0]] != _RANK[cards[1]]:
            return f"{show_all(cards)} is not a pair: a pair is two cards of one rank"
        if source == "hand":
            missing = _missing(self._hands[seat], cards)
            if missing:
                return f"{names[seat]} holds no {missing} ({_holds(self._hands[seat])})"
        else:
            assert isinstance(source, int)
            own = self._up[seat][source]
            if not own:
                return f"{say.pile(seat, source)} is gone"
            if len(cards) == 2 and (len(own) < 2 or sorted(own[-2:]) != sorted(cards)):
                return (f"a pair off a pile is its top two face-up cards; the top of "
                        f"{say.pile(seat, source)} is {show_all(own[-2:])}")
            if len(cards) == 1 and own[-1] != cards[0]:
                return (f"only the top card of a pile can be played; the top of "
                        f"{say.pile(seat, source)} is the {show(own[-1])}")
            size = len(own) + len(self._down[seat][source])
            if self._lives[seat] == 1 and size == len(cards):
                last = "last card" if len(cards) == 1 else "last two cards"
                return (f"no player may attack with the {last} of their only pile, which "
                        "would leave them with nothing")
        return beats_name(cards, top_unit(up), self.lone_jack(target, pile))


def _holds_all(hand: list[str], cards: tuple[str, ...]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    a, b = cards
    if a == b:
        return hand.count(a) >= 2
    return a in hand and b in hand


def _pair_top(up: Sequence[str]) -> bool:
    return len(up) >= 2 and up[-1] not in _JACKS and _RANK[up[-1]] == _RANK[up[-2]]


def _count(cards: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _missing(hand: Sequence[str], cards: Sequence[str]) -> str:
    """The cards asked for that the hand cannot give (a pair of one card needs two)."""
    have = _count(hand)
    lack = []
    for c in cards:
        if have.get(c, 0):
            have[c] -= 1
        else:
            lack.append(c)
    if len(cards) == 2 and cards[0] == cards[1] and lack:
        return f"second {show(cards[0])}"
    return show_all(lack)


def _holds(hand: Sequence[str]) -> str:
    return f"the hand is {show_all(hand)}" if hand else "the hand is empty"


def _said(action: Action) -> str:
    verb = action.verb
    if verb == "draw":
        return f"draw from the {action.get('from')}"
    if verb == "discard":
        return f"discard the {show(action.get('card'))}"
    if verb == "end":
        return "end the turn"
    played = action.get("cards")
    cards = f"the {show_all(played)}" if len(played) == 1 else f"the pair {show_all(played)}"
    if verb == "defend":
        return f"defend the {ORDINALS[action.get('pile')]} pile with {cards}"
    src = action.get("from")
    where = "" if src == "hand" else f" off {action.who}'s {ORDINALS[src]} pile"
    return (f"attack {action.get('target')}'s {ORDINALS[action.get('pile')]} pile with "
            f"{cards}{where}")


if TYPE_CHECKING:
    def _observed(state: GnallknektState) -> ObservedState:
        """For the type checker only: a Gnällknekt game is what its observation reads of one."""
        return state
