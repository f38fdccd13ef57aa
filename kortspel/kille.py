"""Kille: one hidden card each, stand or swap to the left, five matadors refuse.

The rules are those of ``shared/seeds/004_2655151eaba28fd1.txt`` with the defaults of
``rules-notes.md``; ``docs/rules/kille.md`` quotes the text behind every decision.

A card is an int ``0..41``: ``kind * 2 + copy``. Kinds run lowest to highest, so ``card >> 1``
is also the rank, except for the Harlekin (kind 20), whose rank depends on how it arrived.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from itertools import starmap
from operator import itemgetter, lt
from typing import Any, NamedTuple

from .core import (
    Action,
    Event,
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidDealError,
    NotYourTurnError,
    RecordError,
    RulesError,
    check_names,
    get_field,
    register,
    seat_names,
)

# ---------------------------------------------------------------------------
# The deck
# ---------------------------------------------------------------------------

KINDS: tuple[str, ...] = (
    ("Blaren", "Blompottan", "Kransen")
    + tuple(str(n) for n in range(1, 13))
    + ("Värdshus", "Kavall", "Husu", "Husar", "Kuku", "Harlekin")
)
"""The 21 kinds, lowest to highest; the Harlekin, whose rank moves, is listed last."""

BLAREN, BLOMPOTTAN, KRANSEN = 0, 1, 2
VARDSHUS, KAVALL, HUSU, HUSAR, KUKU, HARLEKIN = 15, 16, 17, 18, 19, 20
MATADORS = (VARDSHUS, KAVALL, HUSU, HUSAR, KUKU)
DECK_SIZE = 42

GLOSS: dict[str, str] = {
    "Blaren": "the mask",
    "Blompottan": "the flowerpot",
    "Kransen": "the wreath",
    "Värdshus": "the inn",
    "Kavall": "the horse",
    "Husu": "the pig",
    "Husar": "the hussar",
    "Kuku": "the cuckoo",
    "Harlekin": "the harlequin, also called Killen",
}

_ALIASES = {k.lower(): i for i, k in enumerate(KINDS)}
_ALIASES.update({"vardshus": VARDSHUS, "killen": HARLEKIN, "harlequin": HARLEKIN})

HIGH = 19  # the rank of a Kuku and of a high Harlekin: never the lowest card
_KUKU0, _KUKU1 = KUKU * 2, KUKU * 2 + 1  # the two Kuku cards' ids


def kind_of(card: int) -> int:
    return card >> 1


def card_name(card: int) -> str:
    return KINDS[card >> 1]


def parse_kind(name: Any) -> int:
    """The kind index of a card name (``"Kavall"``, ``"8"``, ``8``); raises for anything else."""
    key = str(name).strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise InvalidDealError(
        f"{name!r} is not a Kille card; the kinds are {', '.join(KINDS)}"
    )


def a_card(kind: int) -> str:
    """English with the right article: 'a 4', 'an 8', 'a Kavall'."""
    name = KINDS[kind]
    return ("an " if name in ("8", "11") else "a ") + name


# ---------------------------------------------------------------------------
# Rules options and match lengths
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """Where sources differ, the choice this table plays (defaults follow the seed text).

    ``dealt_harlekin``: ``"high"`` (Pagat, English Wikipedia, the seed) or ``"low"``
    (Killeboken: a Harlekin you are dealt is the lowest card).
    ``kuku_call``: ``"anytime"`` (the seed: a holder may call it at any moment) or ``"asked"``
    (Byteskille, Gnav: the Kuku only refuses when someone asks for it).
    ``lives``: lives per seat at the start of a pot.
    """

    dealt_harlekin: str = "high"
    kuku_call: str = "anytime"
    lives: int = 3

    def __post_init__(self) -> None:
        if self.dealt_harlekin not in ("high", "low"):
            raise RulesError(
                f"dealt_harlekin must be 'high' or 'low', not {self.dealt_harlekin!r}"
            )
        if self.kuku_call not in ("anytime", "asked"):
            raise RulesError(f"kuku_call must be 'anytime' or 'asked', not {self.kuku_call!r}")
        if not isinstance(self.lives, int) or isinstance(self.lives, bool) or self.lives < 1:
            raise RulesError(f"lives must be a whole number of at least 1, not {self.lives!r}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(
                f"unknown Kille rules option(s) {sorted(unknown)}; the options are {sorted(known)}"
            )
        return cls(**dict(data))


STANDARD_POTS = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4, 7: 3, 8: 3}


def match_pots(seats: int, length: str | int = "standard") -> int:
    """How many pots a match lasts: the text's table, short = half, long = 1.5x, rounded up."""
    if isinstance(length, int) and not isinstance(length, bool):
        if length < 1:
            raise RulesError(f"a match needs at least one pot, not {length}")
        return length
    if seats not in STANDARD_POTS:
        raise RulesError(f"Kille is played by 2 to 8 seats, not {seats}")
    base = STANDARD_POTS[seats]
    if length == "standard":
        return base
    if length == "short":
        return math.ceil(base / 2)
    if length == "long":
        return math.ceil(base * 1.5)
    raise RulesError(
        f"match length must be 'short', 'standard', 'long' or a number, not {length!r}"
    )


# ---------------------------------------------------------------------------
# Outcome and observation
# ---------------------------------------------------------------------------


class Outcome(NamedTuple):
    """How a hand ended, in seat indices. ``redeal`` hands cost nobody anything."""

    final: tuple[int, ...]  # kind held at the end, per seat (-1 for a seat not in the hand)
    struck: dict[int, str]  # seat -> "Husar" | "Husu"
    low_harlekin: tuple[int, ...]
    lowest: tuple[int, ...]  # seats holding the lowest card among those left
    lose_life: tuple[int, ...]
    guard: str  # which never-everyone rule applied, if any
    redeal: str  # why the dealer deals again, if so


_SWAP, _ANSWER, _MIDDLE, _OVER = 0, 1, 2, 3

VERBS = ("stand", "swap", "kuku", "ask", "accept", "refuse", "depends")
_VERB_ALIASES = {
    "stå": "stand", "sta": "stand", "nöjd": "stand", "nojd": "stand", "pass": "stand",
    "byt": "swap", "byta": "swap", "byter": "swap", "trade": "swap",
    "call": "kuku", "cuckoo": "kuku",
    "better": "ask", "bättre": "ask",
    "yes": "accept", "no": "refuse",
}


class Observation:
    """All that one seat may know of a hand, built only from the events that seat saw.

    The fold is done on first use, so a bot that only needs its legal actions (the random
    one) costs nothing here. ``known`` maps seats to the kinds this seat knows they hold now:
    its own card, face-up cards, and cards it followed through swaps.
    """

    __slots__ = ("seat", "names", "rules", "dealer", "order", "lives", "to_act", "legal",
                 "is_over", "_events", "_n", "_folded")

    def __init__(self, state: KilleState, seat: int,
                 legal: Sequence[Action] | None = None) -> None:
        self.seat = seat
        g = state.game
        self.names = g.names
        self.rules = g.rules  # the table's rules options: public, and a player needs them
        self.dealer = state.dealer
        self.order = state.order
        self.lives = state.lives
        self.to_act = state.to_act
        self.legal = tuple(state.legal_actions(seat) if legal is None else legal)
        self.is_over = state.is_over
        # A state's event list only ever grows, so the first ``_n`` events are this moment's
        # history for good; they are filtered to this seat's view on first use.
        self._events = state.events
        self._n = len(state.events)
        self._folded: dict[str, Any] | None = None

    def _fold(self) -> dict[str, Any]:
        if self._folded is not None:
            return self._folded
        known: dict[int, int] = {}
        face: set[int] = set()
        low: set[int] = set()
        struck: dict[int, str] = {}
        aside: list[int] = []
        seat = self.seat
        mine = (seat,)
        holds_dealt = False
        dead = 0
        lost: list[int] = []
        self._events = [e for e in self._events[:self._n]
                        if e.visible is None or seat in e.visible]
        for e in self._events:
            if e.visible == mine and (e.kind == "dealt" or e.kind == "back"):
                holds_dealt = True  # dealt it, or a Husu gave it back
            for eff in e.effects:
                op = eff[0]
                if op == "know":
                    known[eff[1]] = eff[2]
                elif op == "swap":
                    p, q = eff[1], eff[2]
                    if p == seat or q == seat:
                        holds_dealt = False
                    kp, kq = known.pop(p, None), known.pop(q, None)
                    if kq is not None:
                        known[p] = kq
                    if kp is not None:
                        known[q] = kp
                    fp, fq = p in face, q in face
                    face.discard(p)
                    face.discard(q)
                    if fq:
                        face.add(p)
                    if fp:
                        face.add(q)
                elif op == "face_up":
                    face.add(eff[1])
                elif op == "drew":
                    if eff[1] == seat:
                        holds_dealt = False
                    known.pop(eff[1], None)
                    face.discard(eff[1])
                    dead += 1  # the drawer's old card went out of play, face down
                elif op == "life":
                    lost.append(eff[1])
                elif op == "low":
                    if eff[2]:
                        low.add(eff[1])
                    else:
                        low.discard(eff[1])
                elif op == "struck":
                    struck[eff[1]] = eff[2]
                elif op == "aside":
                    aside.append(eff[1])
        self._folded = {"known": known, "face": face, "low": low, "struck": struck,
                        "aside": aside, "holds_dealt": holds_dealt, "dead": dead,
                        "lost": lost,
                        "redeal": any(e.kind in ("redeal", "accept") for e in self._events)}
        return self._folded

    @property
    def out_of_play(self) -> list[str | None]:
        """Cards out of this hand as everyone sees them: set-aside matadors by name, and
        ``None`` for each card a talon-drawer gave up face down."""
        f = self._fold()
        return [KINDS[k] for k in f["aside"]] + [None] * f["dead"]

    @property
    def talon_left(self) -> int:
        """Cards still in the talon: a public count, as anyone at the table can see."""
        return DECK_SIZE - len(self.order) - len(self.out_of_play)

    @property
    def lose_life(self) -> list[int]:
        """Seats that lose a life in this hand (empty until the showdown)."""
        return list(self._fold()["lost"])

    @property
    def redeal(self) -> bool:
        """Whether this hand ended in a new deal by the same dealer."""
        return bool(self._fold()["redeal"])

    @property
    def holds_dealt(self) -> bool:
        """Whether this seat holds the very card it was dealt (it matters for a Harlekin when
        ``rules.dealt_harlekin`` is ``"low"``)."""
        return bool(self._fold()["holds_dealt"])

    @property
    def my_card(self) -> str | None:
        k = self._fold()["known"].get(self.seat)
        return None if k is None else KINDS[k]

    @property
    def my_kind(self) -> int | None:
        return self._fold()["known"].get(self.seat)

    @property
    def known(self) -> dict[int, int]:
        """Seat -> kind index, for every seat whose card this seat knows now."""
        return dict(self._fold()["known"])

    @property
    def face_up(self) -> frozenset[int]:
        return frozenset(self._fold()["face"])

    @property
    def low_harlekin(self) -> frozenset[int]:
        return frozenset(self._fold()["low"])

    @property
    def struck(self) -> dict[int, str]:
        return dict(self._fold()["struck"])

    @property
    def set_aside(self) -> list[str]:
        return [KINDS[k] for k in self._fold()["aside"]]

    @property
    def events(self) -> list[Event]:
        self._fold()
        return list(self._events)

    @property
    def narration(self) -> list[str]:
        return [e.text for e in self.events]

    def __repr__(self) -> str:
        name = self.names[self.seat]
        return f"<Kille observation for {name}: holds {self.my_card}, legal {list(self.legal)}>"


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class KilleGame:
    """A Kille table: how many seats, their names, and the rules options.

    Immutable once made; every hand state shares it.
    """

    name = "kille"

    def __init__(
        self,
        seats: int | Sequence[str] = 5,
        names: Sequence[str] | None = None,
        rules: Rules | Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(seats, int) or isinstance(seats, bool):
            names = list(seats)
            seats = len(names)
        if not 2 <= seats <= 8:
            raise RulesError(f"Kille is played here by 2 to 8 seats, not {seats}")
        self.seats = seats
        self.names: tuple[str, ...] = tuple(
            check_names(names) if names is not None else seat_names(seats)
        )
        if len(self.names) != seats:
            raise RulesError(f"{seats} seats need {seats} names, got {len(self.names)}")
        if rules is None:
            self.rules = Rules.from_dict(options)
        elif isinstance(rules, Rules):
            self.rules = Rules.from_dict({**asdict(rules), **options})
        else:
            self.rules = Rules.from_dict({**dict(rules), **options})
        self._index = {n: i for i, n in enumerate(self.names)}
        self._kuku_anytime = self.rules.kuku_call == "anytime"  # a holder may call out of turn
        # The lives and dealer of a hand dealt with neither given (every seat full, the last
        # seat deals), and the seatings already worked out (see ``_seating``).
        self._seatings: dict[tuple[int, tuple[bool, ...]], tuple[tuple[int, ...], Any]] = {}
        full = tuple(self._lives(None))
        d = self._dealer(None, full)
        self._full_table = (full, d, self._seating(d, full))
        self.actions = tuple(
            {v: Action(s, v, self.names[s]) for v in VERBS} for s in range(seats)
        )
        # Events that every hand repeats word for word are made once per table and shared by
        # every state (events are never changed once made): a hand then costs no string work
        # for its deal, its stands and its plain swaps.
        nm = self.names
        self._deal_event = tuple(
            Event("deal", f"{nm[d]} deals one card to each seat, face down.")
            for d in range(seats))
        self._dealt_event = tuple(
            tuple(Event("dealt", f"{nm[s]} is dealt {a_card(k)}.", (s,), (("know", s, k),))
                  for k in range(len(KINDS)))
            for s in range(seats))
        self._stand_event = tuple(Event("stand", f"{nm[s]} stands.") for s in range(seats))
        self._ask_event = tuple(
            tuple(Event("ask_swap", f"{nm[s]} asks {nm[t]} to swap.") for t in range(seats))
            for s in range(seats))
        self._swap_event = tuple(
            tuple(Event("swap", f"{nm[p]} and {nm[q]} swap cards.", None, (("swap", p, q),))
                  for q in range(seats))
            for p in range(seats))
        self._swap_cards: dict[tuple[int, int, int, int], Event] = {}
        self._ask_talon_event = tuple(
            Event("ask_talon", f"{nm[s]}, the dealer, swaps with the talon.")
            for s in range(seats))
        self._talon_draw_event = tuple(
            Event("talon_draw", f"{nm[s]} takes the top card of the talon and puts the old card "
                  "face down under the talon, out of play. The round is over.", None,
                  (("drew", s), ("low", s, False)))
            for s in range(seats))
        self._talon_card: dict[tuple[int, int, int], Event] = {}
        self._round_over_event = Event(
            "round_over", "The turn would pass the dealer: the swapping is over.")
        self._lowest_event: dict[tuple[tuple[int, ...], int], Event] = {}
        self._show_effects = tuple(
            tuple((("know", s, k), ("face_up", s)) for k in range(len(KINDS)))
            for s in range(seats))
        self._show_label = tuple(tuple(f"{nm[s]} {KINDS[k]}" for k in range(len(KINDS)))
                                 for s in range(seats))

    def __repr__(self) -> str:
        return f"kortspel.load('kille', seats={self.seats}, names={list(self.names)!r})"

    def seat_index(self, name: str) -> int:
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise RecordError(
                f"{name!r} is not a seat at this table; the seats are {', '.join(self.names)}"
            ) from None

    # -- starting hands -------------------------------------------------------------

    def new_hand(
        self,
        seed: int | str | None = None,
        *,
        record: Mapping[str, Any] | None = None,
        dealer: int | str | None = None,
        lives: Sequence[int] | Mapping[str, int] | None = None,
        asks_accepted: int = 0,
        rng: random.Random | None = None,
    ) -> KilleState:
        """A fresh hand: shuffled by a seeded RNG, or the deal a record gives.

        With ``record`` the record's deal, dealer and lives are used and its actions are not
        played (see ``replay`` for that). Without one, the shuffle comes from ``rng`` or from
        ``random.Random(seed)``; the state itself never holds randomness.
        """
        if record is not None:
            return self._from_record(record)
        if not (isinstance(asks_accepted, int) and 0 <= asks_accepted <= 3):
            raise RecordError(
                f"asks_accepted counts accepted asks for better cards: 0 to 3, not "
                f"{asks_accepted!r}"
            )
        if lives is None and dealer is None:
            lv, d, (order, deal) = self._full_table
        else:
            lv = tuple(self._lives(lives))
            d = self._dealer(dealer, lv)
            order, deal = self._seating(d, lv)
        if rng is None:
            rng = random.Random(seed)
        deck = shuffled_deck(rng)
        deck.append(-1)  # what ``deal`` gives a seat with no lives
        return KilleState(self, d, lv, order, list(deal(deck)),
                          tuple(deck[len(order):DECK_SIZE]), asks_accepted)

    def _seating(self, dealer: int, lives: tuple[int, ...]) -> tuple[tuple[int, ...], Any]:
        """The play order for this dealer and these lives, and a getter that deals a shuffled
        deck (with -1 after its last card) round it: the n-th card to the n-th seat in order,
        -1 to seats without lives.

        Both depend only on the dealer and on which seats have lives, which change a few times
        a match, so they are worked out once per pair and kept (at most 8 * 2**8 of them).
        """
        key = (dealer, tuple(map(bool, lives)))
        seating = self._seatings.get(key)
        if seating is None:
            order = _play_order(dealer, lives)
            where = [DECK_SIZE] * self.seats
            for i, s in enumerate(order):
                where[s] = i
            seating = self._seatings[key] = (order, itemgetter(*where))
        return seating

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> KilleState:
        """The state after the record's actions (or only the first ``upto`` of them)."""
        state = self._from_record(record)
        acts = record.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError("the record's 'actions' should be a list")
        for i, a in enumerate(acts[:upto] if upto is not None else acts):
            if not isinstance(a, Mapping) or "seat" not in a or "do" not in a:
                raise RecordError(
                    f"action {i + 1} should look like {{\"seat\": \"a\", \"do\": \"swap\"}}, "
                    f"not {a!r}"
                )
            try:
                state.apply(f"{a['seat']} {a['do']}")
            except RecordError:
                raise
            except (IllegalActionError, InvalidActionError) as err:
                raise RecordError(f"action {i + 1} ({a['seat']} {a['do']}): {err}") from None
        return state

    def _lives(self, lives: Sequence[int] | Mapping[str, int] | None) -> list[int]:
        if lives is None:
            return [self.rules.lives] * self.seats
        if isinstance(lives, Mapping):
            out = [self.rules.lives] * self.seats
            for name, v in lives.items():
                out[self.seat_index(name)] = v
        else:
            out = list(lives)
        if len(out) != self.seats:
            raise RecordError(f"lives for {len(out)} seats given, the table has {self.seats}")
        for v in out:
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RecordError(f"lives must be whole numbers of 0 or more, got {v!r}")
        if sum(1 for v in out if v > 0) < 2:
            raise RecordError("a hand needs at least two seats with lives")
        return out

    def _dealer(self, dealer: int | str | None, lives: Sequence[int]) -> int:
        if dealer is None:
            d = self.seats - 1
            while lives[d] == 0:
                d -= 1
            return d
        d = self.seat_index(dealer) if isinstance(dealer, str) else dealer
        if not (isinstance(d, int) and 0 <= d < self.seats):
            raise RecordError(f"no seat {dealer!r} to deal")
        if lives[d] == 0:
            raise RecordError(f"{self.names[d]} has no lives left and cannot deal")
        return d

    def _from_record(self, record: Mapping[str, Any]) -> KilleState:
        if not isinstance(record, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
        game = record.get("game", "kille")
        if game != "kille":
            raise RecordError(f"this is a record of {game!r}, not of Kille")
        names = check_names(get_field(record, "seats", list))
        if tuple(names) != self.names:
            raise RecordError(
                f"the record seats {', '.join(names)} but this table seats "
                f"{', '.join(self.names)}; use kortspel.replay(record) to load its own table"
            )
        rules = record.get("rules", {})
        if not isinstance(rules, Mapping):
            raise RecordError("the record's 'rules' should be an object of options")
        if Rules.from_dict({**asdict(Rules()), **rules}) != self.rules:
            raise RecordError("the record's rules options differ from this table's")
        lives_raw = record.get("lives")
        if lives_raw is not None and not isinstance(lives_raw, Mapping):
            raise RecordError("the record's 'lives' should map seat names to numbers")
        lv = self._lives(lives_raw)
        d = self._dealer(get_field(record, "dealer", str), lv)
        order = _play_order(d, lv)
        deal = get_field(record, "deal", dict)
        active = {self.names[s] for s in order}
        missing = active - set(deal)
        extra = set(deal) - active
        if missing:
            raise InvalidDealError(f"the deal gives no card to {', '.join(sorted(missing))}")
        if extra:
            raise InvalidDealError(
                f"the deal gives cards to {', '.join(sorted(extra))}, who are not in the hand "
                "(unknown seat, or no lives left)"
            )
        talon_names = get_field(record, "talon", list, [])
        copies = [0] * len(KINDS)

        def take(name: Any, where: str) -> int:
            k = parse_kind(name)
            if copies[k] == 2:
                raise InvalidDealError(
                    f"{where} would need a third {KINDS[k]}; the pack has two of each kind"
                )
            copies[k] += 1
            return k * 2 + copies[k] - 1

        hold = [-1] * self.seats
        for s in order:
            hold[s] = take(deal[self.names[s]], f"the card dealt to {self.names[s]}")
        talon = [take(n, "the talon") for n in talon_names]
        talon += [k * 2 + c for k in range(len(KINDS)) for c in range(copies[k], 2)]
        asks = get_field(record, "asks_accepted", int, 0)
        if not 0 <= asks <= 3:
            raise RecordError("asks_accepted counts accepted asks for better cards: 0 to 3")
        return KilleState(self, d, tuple(lv), order, hold, tuple(talon), asks)


_DECK_RANGE = range(DECK_SIZE)
_NO_ARGS = ((),) * DECK_SIZE  # starmap(rng.random, _NO_ARGS) draws one key per card, in C
_KIND_BYTES = bytes(c >> 1 for c in _DECK_RANGE)  # card id -> kind, as a translate source
_IDS = int.from_bytes(bytes(_DECK_RANGE), "big")  # the ids 0..41 as one 42-byte integer


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled pack: sort by one random key per card.

    Five times cheaper than ``rng.shuffle`` for 42 cards (``random()`` is one C call, while
    ``shuffle`` draws bounded integers in Python), and just as reproducible from the seed.

    The two copies of a kind are interchangeable, so copy 0 is always the one dealt first:
    the order of kinds is the order of the keys, and the card ids come out exactly as a
    replay of the hand's record numbers them, so the replay of a record equals the state it
    was taken from. (This is the same deck as giving copy 0 the smaller of its kind's two
    keys before sorting, done as renumbering after the sort.)
    """
    keys = list(starmap(rng.random, _NO_ARGS))
    order = sorted(_DECK_RANGE, key=keys.__getitem__)
    # Renumbering with byte-string tables costs one C call a step rather than one a card:
    # trade[k] is 1 when copy 1 of kind k drew the smaller key, so is dealt first and takes
    # the id 2k (on equal keys the stable sort keeps copy 0 first, and ``<`` gives 0);
    # spread over the cards, flip[c] = trade[c >> 1], and XORed byte by byte into the ids
    # (no carries: each flip byte is 0 or 1), it is each card's new id.
    trade = bytes(map(lt, keys[1::2], keys[0::2])).ljust(256, b"\0")
    flip = int.from_bytes(_KIND_BYTES.translate(trade), "big")
    renumber = (_IDS ^ flip).to_bytes(DECK_SIZE, "big").ljust(256, b"\0")
    return list(bytes(order).translate(renumber))


def left_of(order: Sequence[int], seat: int) -> int | None:
    """The seat a swap by ``seat`` asks first: the next in the hand, ``None`` for the dealer
    (who goes to the talon). Matadors may then send the swap further on."""
    i = order.index(seat)
    return order[i + 1] if i + 1 < len(order) else None


def _play_order(dealer: int, lives: Sequence[int]) -> tuple[int, ...]:
    """Seats in the hand, from the dealer's left round to the dealer."""
    n = len(lives)
    return tuple(s for s in ((dealer + 1 + i) % n for i in range(n)) if lives[s] > 0)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


class KilleState:
    """One Kille hand, from the deal to the showdown. Mutable; ``clone`` is cheap.

    ``pos`` indexes ``order`` (forehand first, dealer last). ``chain`` lists the swaps that
    moved the card now on offer, so that a Husu can send it back the way it came; a per-seat
    history would not be enough once a card has passed through several hands.

    ``to_act`` (the seat to decide, ``None`` once the hand is over) and ``is_over`` are plain
    attributes, read several times a decision: every change of ``phase`` or ``pos`` sets them
    too (``phase`` to ``_OVER`` only in ``_end``). Treat them, like the rest, as read-only.
    """

    __slots__ = ("game", "dealer", "lives", "order", "hold", "dealt", "low", "struck",
                 "face", "talon", "tp", "dead", "chain", "pos", "phase", "asks", "asked",
                 "actions", "events", "outcome", "to_act", "is_over")

    def __init__(
        self,
        game: KilleGame,
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
        self.hold = hold
        if _blank:
            return
        self.dealt = tuple(hold)
        self.low = [False] * game.seats
        self.struck: dict[int, str] = {}
        self.face = 0  # bitmask of face-up card ids
        self.talon = talon
        self.tp = 0
        self.dead: tuple[int, ...] = ()
        self.chain: tuple[tuple[int, int, int, int, bool, bool], ...] = ()
        self.pos = 0
        self.phase = _SWAP
        self.to_act: int | None = order[0]
        self.is_over = False
        self.asks = asks
        self.asked = False
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.outcome: Outcome | None = None
        self._deal()

    # -- protocol ----------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now; out of turn only a Kuku call."""
        ph = self.phase
        if ph == _OVER:
            return []
        me = self.to_act
        if seat is None:
            seat = me
        g = self.game
        acts = g.actions[seat]  # type: ignore[index]
        kuku = (self.hold[seat] >> 1) == KUKU and g._kuku_anytime  # type: ignore[index]
        if seat != me:
            return [acts["kuku"]] if kuku else []
        if ph == _SWAP:
            out = [acts["stand"], acts["swap"]]
            if self.pos == 0 and not self.asked and self.asks < 3 and len(self.order) <= 3:
                out.append(acts["ask"])
        elif ph == _ANSWER:
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
        hold = self.hold
        if (_KUKU0 not in hold and _KUKU1 not in hold) or self.is_over \
                or not self.game._kuku_anytime:
            return []
        me = self.to_act
        return [s for s in self.order if s != me and (hold[s] >> 1) == KUKU]

    def parse(self, text: str) -> Action:
        """``"swap"`` (the seat to act), ``"c swap"``, or Swedish ``"byt"``/``"stå"``.

        The verb is the last word; what comes before it is the seat's name, which may itself
        be several words (``"Anna Karin swap"``).
        """
        g = self.game
        words = str(text).split()
        head = str(text).strip().rsplit(None, 1)[0] if len(words) > 1 else ""
        if not words or (len(words) > 2 and head not in g._index):
            raise InvalidActionError(
                f"{text!r} is not a Kille action; say e.g. 'swap' or 'c stand' "
                f"(verbs: {', '.join(VERBS)})"
            )
        verb = words[-1].lower()
        verb = _VERB_ALIASES.get(verb, verb)
        if verb not in VERBS:
            raise InvalidActionError(
                f"{words[-1]!r} is not a Kille verb; the verbs are {', '.join(VERBS)}"
            )
        if head:
            if head not in g._index:
                raise InvalidActionError(
                    f"{head!r} is not a seat at this table; the seats are "
                    f"{', '.join(g.names)}"
                )
            seat = g._index[head]
        else:
            if self.phase == _OVER:
                raise HandOverError(self._over_message())
            seat = self.to_act  # type: ignore[assignment]
        return g.actions[seat][verb]

    def apply(self, action: Action | str) -> list[Event]:
        """Play one action after checking it; returns the events it caused.

        An illegal action raises a ``KortspelError`` and leaves the state exactly as it was:
        all checks happen before the first change.
        """
        if type(action) is not Action:
            if isinstance(action, str):
                action = self.parse(action)
            elif not isinstance(action, Action):
                raise InvalidActionError(f"{action!r} is not an action; pass e.g. 'swap'")
        if self.is_over:
            raise HandOverError(self._over_message())
        seat, verb = action.seat, action.verb
        g = self.game
        if not (0 <= seat < g.seats):
            raise InvalidActionError(f"{action!r} does not belong to this table")
        own = g.actions[seat].get(verb)
        if own is not action and own != action:
            raise InvalidActionError(f"{action!r} does not belong to this table")
        # Standing or swapping in turn is always legal: skip building the legal list for it.
        if (seat != self.to_act or self.phase != _SWAP or (verb != "stand" and verb != "swap")) \
                and action not in self.legal_actions(seat):
            self._refuse(seat, verb)
        start = len(self.events)
        self.actions.append(own)
        _DO[verb](self, seat)
        return self.events[start:]

    def clone(self) -> KilleState:
        c = KilleState(self.game, self.dealer, self.lives, self.order, self.hold[:], (),
                       _blank=True)
        c.dealt = self.dealt
        c.low = self.low[:]
        c.struck = dict(self.struck)
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
        c.actions = self.actions[:]
        c.events = self.events[:]
        c.outcome = self.outcome
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal keys, equal states."""
        return (self.game.names, self.game.rules, self.dealer, self.lives, self.order,
                tuple(self.hold), self.dealt, tuple(self.low), tuple(sorted(self.struck.items())),
                self.face, self.talon, self.tp, self.dead, self.chain, self.pos, self.phase,
                self.asks, self.asked, tuple(self.actions), self.outcome)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KilleState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def observation(self, seat: int, legal: Sequence[Action] | None = None) -> Observation:
        """What ``seat`` may know now. ``legal``, if the caller has it, saves recomputing it."""
        return Observation(self, seat, legal)

    def record(self) -> dict[str, Any]:
        """The JSON-able record that replays this hand exactly (deal, full talon, actions)."""
        g = self.game
        names = g.names
        rec: dict[str, Any] = {
            "game": "kille",
            "version": 1,
            "seats": list(names),
            "dealer": names[self.dealer],
            "deal": {names[s]: card_name(self.dealt[s]) for s in self.order},
            "talon": [card_name(c) for c in self.talon],
            "actions": [a.to_json() for a in self.actions],
        }
        if any(v != g.rules.lives for v in self.lives):
            rec["lives"] = {names[s]: v for s, v in enumerate(self.lives)}
        if g.rules != Rules():
            rec["rules"] = asdict(g.rules)
        # The count at the deal, not after this hand's own accepted ask (if any): the record
        # replays that ask itself.
        asks = self.asks - sum(1 for a in self.actions if a.verb == "accept")
        if asks:
            rec["asks_accepted"] = asks
        return rec

    # -- reading the table --------------------------------------------------------

    def card(self, seat: int) -> str | None:
        """The kind the seat holds now (``None`` for a seat out of the hand). Omniscient."""
        c = self.hold[seat]
        return None if c < 0 else card_name(c)

    def is_face_up(self, seat: int) -> bool:
        """Whether the seat's card lies face up: a matador that refused, a Harlekin that went
        across, a two-seat Kuku, and every card once the showdown has turned them all up."""
        c = self.hold[seat]
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
        return [card_name(c) for c in self.dead]

    @property
    def accepted_asks(self) -> int:
        return self.asks

    def __repr__(self) -> str:
        g = self.game
        cards = " ".join(f"{g.names[s]}:{self.card(s)}" for s in self.order)
        if self.phase == _OVER:
            return f"<Kille hand over: {cards}>"
        return f"<Kille hand: {cards}; {g.names[self.to_act]} to act>"  # type: ignore[index]

    def __str__(self) -> str:
        g = self.game
        lines = []
        for s in self.order:
            mark = []
            if s == self.dealer:
                mark.append("dealer")
            if self.is_face_up(s):
                mark.append("face up")
            if self.low[s]:
                mark.append("low Harlekin")
            if s in self.struck:
                mark.append(f"struck by {self.struck[s]}")
            if s == self.to_act:
                mark.append("to act")
            extra = f" ({', '.join(mark)})" if mark else ""
            lines.append(f"{g.names[s]:>8}: {self.card(s)}{extra}")
        return "\n".join(lines)

    # -- errors ---------------------------------------------------------------------

    def _over_message(self) -> str:
        return "the hand is over; deal a new hand to play on"

    def _say_legal(self, seat: int) -> str:
        verbs = [a.verb for a in self.legal_actions(seat)]
        if not verbs:
            return "nothing"
        return " or ".join([", ".join(verbs[:-1]), verbs[-1]] if len(verbs) > 1 else verbs)

    def _refuse(self, seat: int, verb: str) -> None:
        names = self.game.names
        me = self.to_act
        who = names[seat]
        if seat not in self.order:
            raise IllegalActionError(f"{who} is not in this hand (no lives left)")
        if verb == "kuku":
            if self.game.rules.kuku_call != "anytime":
                raise IllegalActionError(
                    "with kuku_call='asked' the Kuku is never called; it only refuses a swap"
                )
            raise IllegalActionError(
                f"{who} cannot call Kuku: only a seat holding the Kuku may call it"
            )
        if seat != me:
            raise NotYourTurnError(
                f"{who} cannot {verb} now: it is {names[me]}'s turn; "  # type: ignore[index]
                f"{names[me]} may {self._say_legal(me)}"  # type: ignore[index]
            )
        if verb == "ask":
            if self.pos != 0 or self.phase != _SWAP:
                why = "only the first to speak may ask for better cards, before choosing"
            elif len(self.order) > 3:
                why = "better cards may be asked for only when two or three seats have lives"
            elif self.asked:
                why = f"{who} has asked once in this hand already"
            else:
                why = "three asks have been accepted in this hand, the most there can be"
            raise IllegalActionError(f"{who} cannot ask for better cards: {why}")
        raise IllegalActionError(f"{who} cannot {verb} now; {who} may {self._say_legal(seat)}")

    # -- events -----------------------------------------------------------------------

    def _say(self, kind: str, text: str, visible: tuple[int, ...] | None = None,
             effects: tuple[tuple[Any, ...], ...] = (), call: str = "") -> None:
        self.events.append(Event(kind, text, visible, effects, call))

    def _name(self, seat: int) -> str:
        return self.game.names[seat]

    def _reveal(self, seat: int) -> None:
        c = self.hold[seat]
        self.face |= 1 << c

    # -- the deal -----------------------------------------------------------------------

    def _deal(self) -> None:
        g = self.game
        names = g.names
        hold = self.hold
        order = self.order
        dealt = g._dealt_event
        events = self.events
        events.append(g._deal_event[self.dealer])
        for s in order:
            events.append(dealt[s][hold[s] >> 1])
        if len(order) != 2:
            return
        harlekins = [s for s in order if hold[s] >> 1 == HARLEKIN]
        if harlekins:
            who = " and ".join(names[s] for s in harlekins)
            dealt = "is dealt a Harlekin" if len(harlekins) == 1 else "are each dealt a Harlekin"
            self._say("redeal", f"{who} {dealt} with only two seats in play: "
                      f"{names[self.dealer]} deals again.",
                      None, tuple(("know", s, HARLEKIN) for s in harlekins)
                      + tuple(("face_up", s) for s in harlekins))
            for s in harlekins:
                self._reveal(s)
            self._end(redeal="Harlekin dealt with two seats")
            return
        kukus = [s for s in order if hold[s] >> 1 == KUKU]
        if kukus:
            for s in kukus:
                self._reveal(s)
            self._say("kuku", f"{names[kukus[0]]} is dealt the Kuku; with two seats it is "
                      "turned up at once. Kuku står, ingen byta får! (the cuckoo stays, "
                      "nobody swaps it)", None,
                      tuple(e for s in kukus for e in (("know", s, KUKU), ("face_up", s))),
                      call="Kuku står, ingen byta får!")
            self._showdown()

    # -- verbs --------------------------------------------------------------------------

    def _do_stand(self, seat: int) -> None:
        self.events.append(self.game._stand_event[seat])
        self.chain = ()
        self._next(self.pos + 1)

    def _do_kuku(self, seat: int) -> None:
        self._reveal(seat)
        self._say("kuku", f"{self._name(seat)} calls it: Kuku står, ingen byta får! (the cuckoo "
                  "stays, nobody swaps it) The swapping is over.", None,
                  (("know", seat, KUKU), ("face_up", seat)), call="Kuku står, ingen byta får!")
        self._showdown()

    def _do_ask(self, seat: int) -> None:
        self.asked = True
        d = self._name(self.dealer)
        self._say("ask", f"{self._name(seat)} asks {d}, the dealer, for better cards.")
        self.phase = _ANSWER
        self.to_act = self.dealer

    def _do_accept(self, seat: int) -> None:
        self._say("accept", f"{self._name(seat)} accepts: the cards are gathered and "
                  f"reshuffled, and {self._name(self.dealer)} deals again.")
        self.asks += 1
        self._end(redeal="better cards accepted")

    def _do_refuse(self, seat: int) -> None:
        f = self._name(self.order[0])
        self._say("refuse", f"{self._name(seat)} refuses: no better cards. {f} goes on to "
                  "stand or swap, and cannot ask again this hand.")
        self.phase = _SWAP
        self.to_act = self.order[self.pos]

    def _do_depends(self, seat: int) -> None:
        m = self._name(self.order[1])
        self._say("depends", f"{self._name(seat)} says it depends: {m}, the middle seat, "
                  "decides.")
        self.phase = _MIDDLE
        self.to_act = self.order[1]

    def _do_swap(self, seat: int) -> None:
        names = self.game.names
        order = self.order
        n = len(order)
        hold = self.hold
        p = self.pos
        if p == n - 1:
            self.events.append(self.game._ask_talon_event[seat])
            self._talon_swap(seat)
            return
        q = p + 1
        target = order[q]
        self.events.append(self.game._ask_event[seat][target])
        while hold[target] >> 1 in (KAVALL, VARDSHUS):
            k = hold[target] >> 1
            word = KINDS[k]
            gloss = "pass the horse" if k == KAVALL else "pass the inn"
            self._reveal(target)
            q += 1
            nxt = f"{names[seat]} goes on to {names[order[q]]}." if q < n else (
                f"that carries {names[seat]} past the dealer, to the talon.")
            self._say("forbi", f"{names[target]} turns up {a_card(k)}: {word} förbi! ({gloss}) "
                      f"{names[target]} loses the turn, and {nxt}", None,
                      (("know", target, k), ("face_up", target)), call=f"{word} förbi!")
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
            self._say("kuku", f"{names[target]} turns up the Kuku: Kuku står, ingen byta får! "
                      f"(the cuckoo stays, nobody swaps it) The swapping is over, and "
                      f"{names[seat]} loses nothing for asking.", None,
                      (("know", target, KUKU), ("face_up", target)),
                      call="Kuku står, ingen byta får!")
            self._showdown()
        elif k == HUSAR:
            self._reveal(target)
            self.struck[seat] = "Husar"
            self._say("husar", f"{names[target]} turns up a Husar: Husar hugger! (the hussar "
                      f"strikes) The swap does not happen and {names[seat]} is struck.", None,
                      (("know", target, HUSAR), ("face_up", target), ("struck", seat, "Husar")),
                      call="Husar hugger!")
            self.chain = ()
            self._next(q + 1)
        elif k == HUSU:
            self._reveal(target)
            self._say("husu", f"{names[target]} turns up a Husu: Svinhugg går igen! (the pig "
                      "bites back)", None, (("know", target, HUSU), ("face_up", target)),
                      call="Svinhugg går igen!")
            self._bite_back(seat)
            self._next(q + 1)

    def _exchange(self, p: int, q: int) -> None:
        hold = self.hold
        cp, cq = hold[p], hold[q]
        kp, kq = cp >> 1, cq >> 1
        self.chain = self.chain + ((p, q, cp, cq, self.low[p], self.low[q]),)
        hold[p], hold[q] = cq, cp
        g = self.game
        private = g._swap_cards.get((p, q, kp, kq))
        if private is None:
            names = g.names
            private = g._swap_cards[p, q, kp, kq] = Event(
                "swap_cards", f"{names[p]} gets {names[q]}'s {KINDS[kq]}; {names[q]} gets "
                f"{names[p]}'s {KINDS[kp]}.", (p, q), (("know", p, kq), ("know", q, kp)))
        if kp != HARLEKIN and kq != HARLEKIN:
            self.low[p] = self.low[q] = False
            self.events += (g._swap_event[p][q], private)
            return
        names = g.names
        effects: list[tuple[Any, ...]] = [("swap", p, q)]
        text = f"{names[p]} and {names[q]} swap cards."
        both = kp == kq
        self.low[p] = kq == HARLEKIN and not both
        self.low[q] = kp == HARLEKIN and not both
        if kp == HARLEKIN:
            self.face |= 1 << cp
            effects += [("know", q, HARLEKIN), ("face_up", q)]
        if kq == HARLEKIN:
            self.face |= 1 << cq
            effects += [("know", p, HARLEKIN), ("face_up", p)]
        if both:
            text += (" Two Harlekins meet in one swap: both go across face up, and both "
                     "count high.")
        else:
            to = q if kp == HARLEKIN else p
            text += (f" The Harlekin goes across face up to {names[to]}: swapped onto a "
                     "seat, it is lower than Blaren.")
        effects += [("low", p, self.low[p]), ("low", q, self.low[q])]
        self._say("swap", text, None, tuple(effects))
        self.events.append(private)

    def _bite_back(self, seat: int) -> None:
        """Husu: send the offered card back along its chain; its first holder is struck."""
        names = self.game.names
        chain = self.chain
        effects: list[tuple[Any, ...]] = []
        for p, q, cp, cq, lp, lq in reversed(chain):
            self.hold[p], self.hold[q] = cp, cq
            self.low[p], self.low[q] = lp, lq
            effects += [("swap", p, q), ("low", p, lp), ("low", q, lq)]
        origin = chain[0][0] if chain else seat
        self.chain = ()
        self.struck[origin] = "Husu"
        effects.append(("struck", origin, "Husu"))
        if chain:
            path = [seat] + [p for p, *_ in reversed(chain)]
            steps = " to ".join(names[s] for s in path)
            text = (f"The card {names[seat]} offered travels back, {steps}, to the seat "
                    f"that was dealt it: {names[origin]} is struck, and everyone on the way "
                    "gets back the card they were dealt.")
        else:
            text = (f"{names[seat]} offered the card {names[seat]} was dealt, so "
                    f"{names[seat]} is struck.")
        self._say("bite_back", text, None, tuple(effects))
        for s in dict.fromkeys(s for p, q, *_ in chain for s in (p, q)):  # each seat once
            self._say("back", f"{names[s]} has {a_card(self.hold[s] >> 1)} again.", (s,),
                      (("know", s, self.hold[s] >> 1),))

    def _talon_swap(self, seat: int) -> None:
        """Draw from the talon for ``seat``; whatever comes, the round ends after it."""
        names = self.game.names
        talon = self.talon
        who = names[seat]
        while self.tp < len(talon):
            c = talon[self.tp]
            self.tp += 1
            k = c >> 1
            if k in (KAVALL, VARDSHUS):
                self.dead += (c,)
                self.face |= 1 << c
                self._say("talon_aside", f"{who} draws {a_card(k)} from the talon: it is set "
                          "aside face up, out of play, and the next card is drawn.", None,
                          (("aside", k),), call=f"{KINDS[k]} förbi!")
                continue
            if k == KUKU:
                self.dead += (c,)
                self.face |= 1 << c
                self._say("talon_kuku", f"{who} draws the Kuku from the talon: Kuku står, ingen "
                          f"byta får! {who} keeps the old card and the round is over.", None,
                          (("aside", k),), call="Kuku står, ingen byta får!")
            elif k == HUSAR:
                self.dead += (c,)
                self.face |= 1 << c
                self.struck[seat] = "Husar"
                self._say("talon_husar", f"{who} draws a Husar from the talon: Husar hugger! "
                          f"{who} is struck, keeps the old card, and the round is over.", None,
                          (("aside", k), ("struck", seat, "Husar")), call="Husar hugger!")
            elif k == HUSU:
                self.dead += (c,)
                self.face |= 1 << c
                self._say("talon_husu", f"{who} draws a Husu from the talon: Svinhugg går igen! "
                          "(the pig bites back)", None, (("aside", k),),
                          call="Svinhugg går igen!")
                self._bite_back(seat)
            else:
                old = self.hold[seat]
                self.hold[seat] = c
                self.dead += (old,)
                self.low[seat] = False
                g = self.game
                card = g._talon_card.get((seat, k, old >> 1))
                if card is None:
                    card = g._talon_card[seat, k, old >> 1] = Event(
                        "talon_card", f"{who} draws {a_card(k)} (and gives up "
                        f"{a_card(old >> 1)}).", (seat,), (("know", seat, k),))
                self.events += (g._talon_draw_event[seat], card)
            self._showdown()
            return
        self._say("talon_empty", f"The talon has no card left for {who}; {who} keeps the old "
                  "card and the round is over.")
        self._showdown()

    def _next(self, pos: int) -> None:
        if pos >= len(self.order):
            self.events.append(self.game._round_over_event)
            self._showdown()
        else:
            self.pos = pos
            self.to_act = self.order[pos]

    # -- the showdown ----------------------------------------------------------------

    def rank(self, seat: int) -> int:
        """The seat's card for the lowest-card comparison (19 = Kuku or high Harlekin)."""
        c = self.hold[seat]
        k = c >> 1
        if k == HARLEKIN:
            if self.low[seat]:
                return -2
            if self.game.rules.dealt_harlekin == "low" and c == self.dealt[seat]:
                return -1
            return HIGH
        return k

    def _showdown(self) -> None:
        g = self.game
        names = g.names
        order = self.order
        hold = self.hold
        struck = self.struck
        low = self.low
        show, label = g._show_effects, g._show_label
        # One plain loop (a hand's hottest): comprehensions cost a function call each.
        kinds: list[int] = []
        shown: list[str] = []
        effects: list[tuple[Any, ...]] = []
        for s in order:
            k = hold[s] >> 1
            kinds.append(k)
            shown.append(label[s][k])
            effects += show[s][k]
        self.events.append(Event("showdown", f"Everyone turns up: {', '.join(shown)}.", None,
                                 tuple(effects)))
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
            why = (f"struck by the {self.struck[s]}" if s in self.struck
                   else "holding a low Harlekin")
            if s in losers:
                self._say("lose", f"{names[s]} loses a life, {why}.", None, (("life", s),))
        if lowest and (guard == "" or set(lowest) <= set(losers)):
            key = (tuple(lowest), hold[lowest[0]] >> 1)
            event = g._lowest_event.get(key)
            if event is None:
                card = KINDS[key[1]]
                who = " and ".join(names[s] for s in lowest)
                verb = "loses" if len(lowest) == 1 else "each lose"
                event = g._lowest_event[key] = Event(
                    "lose", f"{who} {'holds' if len(lowest) == 1 else 'hold'} the lowest "
                    f"card ({card}) and {verb} a life.", None, tuple(("life", s) for s in lowest))
            self.events.append(event)
        if guard == "struck":
            self._say("guard", "That would take a life from every seat, so the lowest card is "
                      "ignored: only the struck seats and low Harlekins lose.")
        elif guard == "nobody struck":
            self._say("guard", "That would take a life from every seat, and nobody was "
                      "struck, so nobody loses: a hand never takes every seat's life.")
        elif guard == "everyone":
            self._say("guard", "Even the struck seats and low Harlekins are every seat, so "
                      "nobody loses: a hand never takes every seat's life.")
        if not losers:
            if not guard:
                self._say("nobody", "Nobody loses a life this hand.")
        self._end(first=first, lowest=lowest, losers=losers, guard=guard)

    def _end(self, first: Sequence[int] = (), lowest: Sequence[int] = (),
             losers: Sequence[int] = (), guard: str = "", redeal: str = "") -> None:
        self.phase = _OVER
        self.to_act = None
        self.is_over = True
        order = self.order
        low = self.low
        if first:
            lost = set(losers)
            lose_life = tuple([s for s in order if s in lost])
        else:
            lose_life = tuple(losers)  # no seat lost first, so these are the lowest: in order
        self.outcome = Outcome(
            tuple([c >> 1 for c in self.hold]),  # -1 >> 1 is -1: a seat not in the hand
            dict(self.struck),
            tuple([s for s in order if low[s]]) if True in low else (),
            tuple(lowest),
            lose_life,
            guard,
            redeal,
        )

    # -- results --------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The outcome in seat names, as ``python -m kortspel replay`` prints it."""
        if self.outcome is None:
            raise IllegalActionError("the hand is not over yet; there is no result")
        o = self.outcome
        names = self.game.names
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
            "narration": [e.text for e in self.events],
        }


_DO = {verb: getattr(KilleState, "_do_" + verb) for verb in VERBS}


def _factory(seats: int | Sequence[str] = 5, **options: Any) -> KilleGame:
    return KilleGame(seats, **options)


register("kille", _factory)


def game_for(record: Mapping[str, Any]) -> KilleGame:
    """The table a record was played at (its seats and rules)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    names = check_names(get_field(record, "seats", list))
    if not 2 <= len(names) <= 8:
        raise RecordError(f"Kille is played by 2 to 8 seats; the record has {len(names)}")
    rules = record.get("rules", {})
    if not isinstance(rules, Mapping):
        raise RecordError("the record's 'rules' should be an object of options")
    try:
        return KilleGame(names, rules=Rules.from_dict({**asdict(Rules()), **rules}))
    except RulesError as err:
        raise RecordError(f"the record's rules: {err}") from None
