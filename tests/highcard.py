"""High card: a tiny game that lives only in the test suite.

It shows that a game needs nothing outside its own module and the core: the conformance
suite registers it with ``kortspel.register("highcard")`` and runs it through the checks every
shipped game passes. It is written as ``docs/architecture.md`` ("Adding a game") says a new
game is: its cards, its rules, its state, its records, its bots, on the core's shell
(``kortspel.shell``: ``Table``, ``HandState``, ``ObservationShell``, ``MatchShell``,
``game_spec``), which holds the rest, and read bottom up, each part after what it uses.
Small as it is, it has what the protocol must carry: private draws, a public discard pile
and a chance turn (a reshuffle) in the middle of a hand.

The rules: 2-4 seats; a pack of six cards "1".."6"; the last seat deals one card to each seat
face down, the rest form the stock. From the dealer's left, each seat once keeps or trades (its
card goes face up onto the discard pile; it draws the top of the stock, seen by it alone). When
the stock is empty, a seat still has a turn to come and the discard pile holds two or more
cards, every discard but the top one is shuffled into a new stock: a chance turn, drawn with
the driver's rng and kept in the record's ``reshuffles``. The highest card wins; the option
``ties`` ("share" or "dealer") settles a tie.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from kortspel import CHANCE, Action, ActionCodec, Event, Verb
from kortspel import errors as err
from kortspel.checks import check_choice, check_match, quote
from kortspel.events import DISCARD, STOCK, Fact, Move, Place, Reveal, Zone, hand
from kortspel.records import (
    check_names,
    check_text_fields,
    copy_json,
    get_actions,
    get_field,
    shuffle_fields,
)
from kortspel.search import Hidden
from kortspel.shell import (
    HandState,
    MatchShell,
    ObservationShell,
    Table,
    check_record,
    check_upto,
    game_spec,
    record_rules,
)

NAME, TITLE = "highcard", "High card"
PACK = ("1", "2", "3", "4", "5", "6")
OPTIONS: dict[str, tuple[Any, ...]] = {"ties": ("share", "dealer")}
EVENT_KINDS = ("deal", "dealt", "keep", "trade", "draw", "reshuffle", "showdown", "win")
VERBS = (Verb("keep", gloss="keep your card"),
         Verb("trade", gloss="lay your card face up and draw the top of the stock"))
STOCK_ZONE, DISCARD_ZONE = Zone(STOCK), Zone(DISCARD)


def _card(text: str) -> str:
    if text not in PACK:
        raise ValueError(f"{quote(text)} is not a High card card; the cards are 1 to 6")
    return text


def _chance(cards: Sequence[str]) -> Action:
    return Action(CHANCE, "reshuffle", "chance", (("cards", tuple(cards)),))


@dataclass(frozen=True)
class Rules:
    """High card's one option: ``ties``, ``"share"`` (every seat with the best card wins) or
    ``"dealer"`` (the dealer, or the first such seat from the dealer's left, wins alone)."""

    ties: str = "share"

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, Mapping):
            raise err.RulesError(f"rules are options by name, e.g. {{'ties': 'dealer'}}, not "
                                 f"{type(data).__name__}")
        if set(data) - {"ties"}:
            raise err.RulesError(f"unknown High card rules option(s) "
                                 f"{quote(sorted(map(str, set(data) - {'ties'})))}; the only "
                                 "option is 'ties' ('share' or 'dealer')")
        ties = data.get("ties", "share")
        check_choice("ties", ties, OPTIONS["ties"])
        return cls(ties)


class Observation(ObservationShell):
    """What one seat may know: the fold of the events it saw, nothing read from the state."""

    def __init__(self, state: HandState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self._open(state, seat, legal)
        self.names = state.game.names
        self.knowledge = self._knowledge()

    @property
    def my_card(self) -> str | None:
        top = self.knowledge.top(hand(self.seat))
        return None if top is None else top.name


class HighcardState(HandState):
    """One hand. ``stock`` and ``discard`` are bottom first (their top is last)."""

    Observation = Observation

    def __init__(self, game: Table, deal: Sequence[str], stock: Sequence[str]) -> None:
        self.game, n = game, game.seats
        self.dealt, self.stock0 = tuple(deal), tuple(stock)  # as dealt; the stock top first
        self._hands, self._stock, self._discard = list(deal), list(reversed(stock)), []
        self._reshuffles: list[tuple[str, ...]] = []
        self.turn, self.to_act, self.is_over = 0, 0, False
        self.winners: tuple[int, ...] = ()
        self._actions: list[Action] = []
        self._events: list[Event] = [Event(
            "deal", f"{game.names[-1]} deals one card to each seat; {len(stock)} form the stock.",
            None, (*(Place(hand(s), (None,)) for s in range(n)),
                   Place(STOCK_ZONE, (None,) * len(stock))))]
        self._events += [Event("dealt", f"{game.names[s]} is dealt the {deal[s]}.", (s,),
                              (Reveal(hand(s), 0, deal[s]),)) for s in range(n)]

    # What the hand holds, handed out as copies: nothing a caller does to them reaches it.
    hands = property(lambda self: self._hands[:], doc="Each seat's card.")
    stock = property(lambda self: self._stock[:], doc="The stock, bottom first.")
    discard = property(lambda self: self._discard[:], doc="The discard pile, bottom first.")
    reshuffles = property(lambda self: self._reshuffles[:], doc="Each rebuilt stock's order.")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Keep, or trade while the stock has a card: for the seat to act only."""
        seat = self.to_act if seat is None else self._seat(seat, "legal_actions")
        if seat is None or seat != self.to_act or seat == CHANCE:
            return []
        moves = self.game.moves[seat]
        return [moves["keep"], moves["trade"]] if self._stock else [moves["keep"]]

    def callers(self) -> list[int]:
        return []  # nobody ever acts out of turn

    def sample_chance(self, rng: random.Random) -> Action:
        """The reshuffle due now: every discard but the top one, in an order from ``rng``."""
        if self.to_act != CHANCE:
            raise err.IllegalActionError("no reshuffle is due: the stock is shuffled only when "
                                         "it is empty and a seat still has a turn to come")
        if not isinstance(rng, random.Random):
            raise err.KortspelError(f"rng is a random.Random, not {type(rng).__name__}")
        cards = self._discard[:-1]
        rng.shuffle(cards)
        return _chance(cards)

    def zones(self) -> dict[Zone, tuple[str, ...]]:
        out = {hand(s): (c,) for s, c in enumerate(self._hands)}
        out.update({STOCK_ZONE: tuple(self._stock), DISCARD_ZONE: tuple(self._discard)})
        return out

    def key(self) -> tuple[Any, ...]:
        return (self.game.names, self.game.rules, self.dealt, self.stock0, self._hands,
                self._stock, self._discard, self._reshuffles, self.turn, self.to_act, self.is_over,
                self.winners, self._actions)

    def clone(self) -> HighcardState:
        c = HighcardState.__new__(HighcardState)
        c.__dict__.update(self.__dict__)
        for name in ("_hands", "_stock", "_discard", "_reshuffles", "_actions", "_events"):
            setattr(c, name, list(getattr(self, name)))
        return c

    def result(self) -> dict[str, Any]:
        names = self.game.names
        if not self.is_over:
            who = "chance" if self.to_act == CHANCE else names[self.to_act]  # type: ignore[index]
            return {"game": NAME, "over": False, "to_act": who}
        return {"game": NAME, "over": True, "final": dict(zip(names, self._hands, strict=True)),
                "winners": [names[s] for s in self.winners]}

    def apply(self, action: Action | str | Mapping[str, Any]) -> list[Event]:
        """Check everything, then play ``action``; returns the events it caused."""
        if type(action) is not Action:
            action = self.game.codec.coerce(action, self.to_act)
        if self.is_over:
            raise err.HandOverError("the hand is over; deal a new hand to play on")
        start, who, verb = len(self._events), action.who, action.verb
        if action.seat == CHANCE:
            want, cards = sorted(self._discard[:-1]), action.get("cards")
            if self.to_act != CHANCE:
                raise err.IllegalActionError(f"{quote(action, 120)}: no reshuffle is due; the "
                                             "stock is shuffled only when it is empty")
            if (verb, who, [k for k, _ in action.args]) != ("reshuffle", "chance", ["cards"]) \
                    or not isinstance(cards, tuple) or sorted(cards) != want:
                raise err.InvalidActionError(f"{quote(action, 120)} is not the reshuffle due: "
                                             f"'reshuffle' of the discards {want} in any order")
            self._reshuffle(cards)
        else:
            self.game.codec.check(action)
            if self.to_act == CHANCE:
                raise err.NotYourTurnError(f"{who} cannot {verb} now: the stock is reshuffled "
                                           "first; apply state.sample_chance(rng)")
            if action.seat != self.to_act:
                raise err.NotYourTurnError(f"{who} cannot {verb} now: it is "
                                           f"{self.game.names[self.to_act]}'s turn")
            if verb == "trade" and not self._stock:
                raise err.IllegalActionError(f"{who} cannot trade: the stock is empty; {who} "
                                             "may keep")
            self._play(action.seat, verb)
        self._actions.append(action)
        return self._events[start:]

    def _play(self, seat: int, verb: str) -> None:
        name = self.game.names[seat]
        if verb == "keep":
            self._events.append(Event("keep", f"{name} keeps.", None, (Fact("keep", seat),)))
        else:
            old, new = self._hands[seat], self._stock.pop()
            self._discard.append(old)
            self._hands[seat] = new
            self._events.append(Event(
                "trade", f"{name} lays the {old} face up and draws from the stock.", None,
                (Move(hand(seat), DISCARD_ZONE, 1, True), Reveal(DISCARD_ZONE, -1, old, True),
                 Move(STOCK_ZONE, hand(seat)))))
            self._events.append(Event("draw", f"{name} draws the {new}.", (seat,),
                                     (Reveal(hand(seat), 0, new),)))
        if seat + 1 < self.game.seats:
            self.turn = seat + 1
            due = not self._stock and len(self._discard) >= 2
            self.to_act = CHANCE if due else self.turn
        else:
            self._showdown()

    def _reshuffle(self, cards: tuple[str, ...]) -> None:
        """The discards under the top one become the stock. Only one card ever goes (the
        stock runs dry with exactly two discards), so every seat rightly knows the new stock:
        a shuffle of two or more known cards would need an effect that forgets names."""
        self._reshuffles.append(cards)
        del self._discard[:-1]
        self._stock = list(reversed(cards))
        self._events.append(Event(
            "reshuffle", f"The stock is empty: the {', '.join(sorted(cards))} from under the top "
            "discard are shuffled into a new stock.", None,
            (Move(DISCARD_ZONE, STOCK_ZONE, len(cards), False, 0),)))
        self.to_act = self.turn

    def _showdown(self) -> None:
        names, hands = self.game.names, self._hands
        self._events.append(Event(
            "showdown", "Everyone turns up: " + ", ".join(
                f"{names[s]} the {c}" for s, c in enumerate(hands)) + ".", None,
            tuple(Reveal(hand(s), 0, c, True) for s, c in enumerate(hands))))
        best = max(hands, key=int)
        tied = tuple(s for s, c in enumerate(hands) if c == best)
        if self.game.rules.ties == "dealer" and len(tied) > 1:
            tied = (len(hands) - 1,) if len(hands) - 1 in tied else tied[:1]
        self.winners, self.to_act, self.is_over = tied, None, True
        self._events.append(Event(
            "win", f"{err.say_list([names[s] for s in tied])} win"
            f"{'s' if len(tied) == 1 else ''} with the {best}.", None,
            tuple(Fact("win", s) for s in tied)))


def _dealt_from(game: Table, record: Mapping[str, Any]) -> HighcardState:
    """The hand as the record deals it, every field checked."""
    if check_record(record).get("game", NAME) != NAME:
        raise err.RecordError("a High card record is a JSON object with game 'highcard'")
    names = check_names(get_field(record, "seats", list))
    if (tuple(names), record_rules(record, Rules)) != (game.names, game.rules):
        raise err.RecordError("the record's seats or rules differ from this table's; use "
                              "kortspel.replay(record) to load its own table")
    check_text_fields(record)
    deal, stock = get_field(record, "deal", dict), get_field(record, "stock", list)
    if set(deal) != set(game.names):
        raise err.RecordError(f"the deal gives one card to each of {', '.join(game.names)}, "
                              f"not to {', '.join(map(str, deal))}"[:200])
    cards = [deal[n] for n in game.names] + stock
    if not all(isinstance(c, str) for c in cards) or sorted(cards) != list(PACK):
        raise err.RecordError(f"the deal and the stock hold each card 1 to 6 once: "
                              f"{quote(cards, 100)}")
    return HighcardState(game, cards[:game.seats], stock)


def replay_record(game: Table, record: Mapping[str, Any],
                  upto: int | None = None) -> HighcardState:
    """The state after the record's first ``upto`` actions, chance turns counted as in
    ``state.actions``; each chance turn takes the next of the record's ``reshuffles``."""
    check_upto(upto)
    state = _dealt_from(game, record)
    acts, shuffles = get_actions(record), get_field(record, "reshuffles", list, [])
    i = r = 0
    while upto is None or len(state.actions) < upto:
        if state.to_act == CHANCE and r < len(shuffles):
            cards, r, where = shuffles[r], r + 1, f"reshuffle {r + 1}"
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise err.RecordError(f"{where} should be a list of cards, top first")
            act: Action = _chance(cards)
        elif i == len(acts):
            break
        elif state.to_act == CHANCE:
            raise err.RecordError(f"action {i + 1} comes after a reshuffle the record's "
                                  f"'reshuffles' lacks (it has {len(shuffles)})")
        else:
            i, where = i + 1, f"action {i + 1}"
            try:
                act = game.codec.from_json(acts[i - 1], where)
            except err.KortspelError as why:
                raise err.RecordError(str(why)) from None
        try:
            state.apply(act)
        except err.KortspelError as why:
            raise err.RecordError(f"{where}: {why}") from None
    if upto is None and state.is_over and r < len(shuffles):
        raise err.RecordError(f"the record holds {len(shuffles)} reshuffles; the hand "
                              f"used {r}")
    return state


def write_record(state: HighcardState) -> dict[str, Any]:
    names = state.game.names
    return {"game": NAME, "version": 1, "seats": list(names), "rules": asdict(state.game.rules),
            "deal": dict(zip(names, state.dealt, strict=True)), "stock": list(state.stock0),
            "reshuffles": [list(r) for r in state._reshuffles],
            "actions": [a.to_json() for a in state._actions if a.seat != CHANCE]}


def hidden_shuffle(state: HighcardState, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The record so far with the cards ``seat`` cannot know shuffled among the places they
    may lie (other seats' deal, the stock). A card ever laid face up stays where it is: the
    public story names it. ``None`` when fewer than two cards are hidden."""
    rec = state.record()
    fixed = {state.dealt[seat], state.hands[seat], *state.discard,
             *(c for r in state.reshuffles for c in r)}
    slots: list[tuple[str, Any]] = [("deal", state.game.names[s]) for s, c in
                                    enumerate(state.dealt) if s != seat and c not in fixed]
    slots += [("stock", i) for i, c in enumerate(state.stock0) if c not in fixed]
    return shuffle_fields(rec, slots, rng)


# -- the table: the shell's Table, with what High card makes once and how it deals ---------


class HighcardGame(Table):
    """A High card table: 2-4 seats and the ``ties`` option. Immutable."""

    name, title, seat_range, usual_seats, Rules = NAME, TITLE, (2, 4), 4, Rules
    _read = staticmethod(_dealt_from)
    _replay = staticmethod(replay_record)
    _write = staticmethod(write_record)

    def _equip(self) -> None:
        self.codec = ActionCodec(TITLE, VERBS, self.names, parse_card=_card)
        self.moves = tuple({v.name: self.codec.make(s, v.name) for v in VERBS}
                           for s in range(self.seats))

    def pack(self) -> list[str]:
        return list(PACK)

    def new_hand(self, seed: int | str | None = None, *, record: Mapping[str, Any] | None = None,
                 rng: random.Random | None = None) -> HighcardState:
        """A fresh hand from ``rng`` or ``random.Random(seed)``, or the deal ``record`` gives."""
        if record is not None:
            return self.from_record(record)
        deck = list(PACK)
        self._shuffler(seed, rng).shuffle(deck)
        return HighcardState(self, deck[:self.seats], deck[self.seats:])


def game_for(record: Any) -> HighcardGame:
    """The table a record was played at."""
    names = check_names(get_field(check_record(record), "seats", list))
    if not 2 <= len(names) <= 4:
        raise err.RecordError(f"High card is played by 2 to 4 seats, not {len(names)}")
    return HighcardGame(names, rules=record_rules(record, Rules))


@dataclass(frozen=True)
class HandSummary:
    """What one finished hand did to the match."""

    record: dict[str, Any]
    winners: tuple[int, ...]


class HighcardMatch(MatchShell):
    """Hands in a row, a point to each winner of a hand; the most points after ``hands``
    hands wins (a tie: nobody). Enough of a match for the views to play; the shell's
    ``MatchShell`` gives it undo, ``play_bots`` and the refusals of ``next_hand``."""

    def __init__(self, game: HighcardGame, *extra: Any, seed: Any = None, hands: int = 5,
                 **unknown: Any) -> None:
        check_match("a High card match", game, HighcardGame, seed, extra, unknown,
                    ("seed", "hands"))
        if type(hands) is not int or not 1 <= hands <= 50:
            raise err.KortspelError(f"hands is a whole number from 1 to 50, not {quote(hands, 40)}")
        self.game, self.hands, self.rng = game, hands, random.Random(seed)
        self._points = [0] * game.seats
        self._history: list[HandSummary] = []
        self.hand = game.new_hand(rng=self.rng)

    points = property(lambda self: self._points[:], doc="Each seat's hands won.")
    played = property(lambda self: len(self._history), doc="How many hands are played.")

    @property
    def is_over(self) -> bool:
        return self.played >= self.hands

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        best = max(self._points)
        top = [s for s, p in enumerate(self._points) if p == best]
        return top[0] if len(top) == 1 else None

    def next_hand(self) -> HandSummary:
        hand = self._finished_hand()
        for s in hand.winners:
            self._points[s] += 1
        summary = self._settled(HandSummary(hand.record(), hand.winners))
        if not self.is_over:
            self.hand = self.game.new_hand(rng=self.rng)
        return summary

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": n, "hands won": p} for n, p in zip(self.game.names, self._points,
                                                             strict=True)]

    def record(self) -> dict[str, Any]:
        return {"game": NAME, "match": True,
                "hands": [*(copy_json(h.record) for h in self._history), self.hand.record()]}


class HeuristicBot:
    """Trades a card below 4 and keeps the rest, as a beginner would."""

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        verbs = {a.verb: a for a in legal}
        low = obs.my_card is not None and int(obs.my_card) < 4
        return verbs["trade"] if low and "trade" in verbs else verbs.get("keep", legal[0])

    def interrupt(self, obs: Observation, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        return None


# -- its part of the search: declared on the spec, so the expert and the coach find it -----


class HighcardWorlds:
    """What the search needs of High card (``kortspel.protocol.SearchHooks``), as an object
    rather than a ``worlds`` module: a game registered from anywhere is searched and coached
    by what its spec declares. It reads the state through its public protocol only."""

    METRIC = ("chance of winning the hand", "higher")
    BOUNDS = (0.0, 1.0)

    def hidden(self, state: HighcardState, seat: int) -> Hidden:
        """The cards ``seat`` never saw (sorted) and their places: the other seats' deal and
        the stock as dealt, less every card laid face up; the turns replayed by ``apply``."""
        seen = {state.dealt[seat], state.hands[seat], *state.discard,
                *(c for r in state.reshuffles for c in r)}
        n = state.game.seats
        spots = [s for s in range(n) if s != seat and state.dealt[s] not in seen]
        stock = [i for i, c in enumerate(state.stock0) if c not in seen]
        cards = sorted([state.dealt[s] for s in spots] + [state.stock0[i] for i in stock])
        actions = state.actions

        def deal(order: list[str]) -> HighcardState | None:
            dealt, stock0 = list(state.dealt), list(state.stock0)
            for place, card in zip([*spots, *(n + i for i in stock)], order, strict=True):
                if place < n:
                    dealt[place] = card
                else:
                    stock0[place - n] = card
            world = HighcardState(state.game, dealt, stock0)
            try:
                for a in actions:
                    world.apply(a)
            except err.KortspelError:
                return None
            return world

        return Hidden(cards, deal, [("hand", s) for s in spots] + [("stock", i) for i in stock])

    def rollout(self, state: HighcardState, rng: random.Random) -> None:
        """Trade a card below 4 while the stock lasts, else keep; reshuffle with ``rng``."""
        while not state.is_over:
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_act
            moves = state.game.moves[seat]
            low = int(state.hands[seat]) < 4
            state.apply(moves["trade"] if low and state.stock else moves["keep"])

    def value(self, state: HighcardState, seat: int) -> float:
        """A win is 1, shared by a tie; a loss 0."""
        return 1.0 / len(state.winners) if seat in state.winners else 0.0


SPEC = game_spec(HighcardGame, HeuristicBot, HighcardMatch, game_for, hidden_shuffle, OPTIONS,
                 EVENT_KINDS, examples=None, worlds=HighcardWorlds())
