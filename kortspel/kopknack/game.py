"""A Köpknack table: its seats, their names and the rules options; it deals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from ..actions import Action, ActionCodec, Arg, Verb
from ..errors import KortspelError, RecordError, RulesError
from ..protocol import check_seats
from ..records import seat_names
from .cards import HAND_SIZE, PACK, card_key, parse_card
from .fast import ExchangeCache, dealing, shuffled
from .narration import Narrator
from .rules import DEFAULT_SEATS, DEFAULT_STAKE, SEATS, Rules
from .state import FOLD, KNOCK, KopknackState

VERB_SPECS = (
    Verb("knock", gloss="play this deal (knack: knock on the table)"),
    Verb("fold", gloss="give up this deal: the hand goes face down to the dealer"),
    Verb("exchange", (Arg("cards", "cards", empty=True),),
         gloss="give up 0 to 3 cards and take as many from the talon ([] keeps the hand)"),
    Verb("play", (Arg("card", "card"),), gloss="play a card to the trick"),
)

TEXT_ALIASES = {
    "knack": "knock", "knacka": "knock", "knackar": "knock",
    "pass": "fold", "passa": "fold", "passar": "fold",
    "buy": "exchange", "köp": "exchange", "kop": "exchange", "köpa": "exchange",
    "byt": "exchange", "keep": "exchange", "spela": "play", "lead": "play",
}
"""Words a person may type for a verb (Swedish and everyday English); text only, never in
records. ``keep`` alone is an exchange of no cards."""


def check_seed(seed: Any) -> None:
    """A seed is a whole number or text: anything else would fail deep inside ``random``,
    or be hashed differently from one Python to the next."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise KortspelError(f"a seed is a whole number or text (or None for a fresh shuffle), "
                            f"not {type(seed).__name__}")


def check_money(stake: Any, pot: Any, error: type[KortspelError] = KortspelError) -> None:
    """The stake is a positive whole multiple of 3 (a pot must split into thirds); a pot
    carried in is a whole multiple of 3, 0 or more."""
    if type(stake) is not int or stake <= 0 or stake % 3:
        raise error(f"the stake is the dealer's ante: a positive whole number divisible by 3 "
                    f"(3, 6, 9, ...), not {_brief(stake)}")
    if type(pot) is not int or pot < 0 or pot % 3:
        raise error(f"the pot carried in is a whole number divisible by 3, 0 or more, not "
                    f"{_brief(pot)}")


class KopknackGame:
    """A Köpknack table: how many seats (3 to 8; the rule text plays 6 to 8), their names and
    the rules options. Immutable once made; every deal at it shares it, with its caches of
    actions and events."""

    name = "kopknack"
    title = "Köpknack"

    def __init__(
        self,
        seats: int | Sequence[str] = DEFAULT_SEATS,
        names: Sequence[str] | None = None,
        rules: Rules | Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.seats, self.names = check_seats("Köpknack", seats, names, *SEATS, seat_names)
        n = self.seats
        if rules is None:
            self.rules = Rules.from_dict(options)
        elif isinstance(rules, Rules):
            self.rules = Rules.from_dict({**asdict(rules), **options})
        elif isinstance(rules, Mapping):
            self.rules = Rules.from_dict({**dict(rules), **options})
        else:
            raise RulesError(f"rules are options by name, e.g. {{'penalty': 'single'}}, not "
                             f"{type(rules).__name__}")
        self._index = {nm: i for i, nm in enumerate(self.names)}
        self.codec = ActionCodec("Köpknack", VERB_SPECS, self.names, parse_card,
                                 TEXT_ALIASES, card_order=card_key)
        self.narrator = Narrator(self.names)
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((d + 1 + i) % n for i in range(n)) for d in range(n))
        """Per dealer: every seat from the dealer's left round to the dealer."""
        self.next_dealer: tuple[int, ...] = tuple((d + 1) % n for d in range(n))
        make = self.codec.make
        self.bid_actions: tuple[tuple[Action, Action], ...] = tuple(
            (make(s, KNOCK), make(s, FOLD)) for s in range(n))
        self.bid_by_verb: tuple[dict[str, Action], ...] = tuple(
            {KNOCK: k, FOLD: f} for k, f in self.bid_actions)
        self.play_actions: tuple[dict[str, Action], ...] = tuple(
            {c: make(s, "play", card=c) for c in PACK} for s in range(n))
        self.exchange_choices = ExchangeCache(self.names)
        """``offer(seat, hand, talon_left)``: the exchanges a hand allows (see ``fast``)."""
        self._dealings = tuple(dealing(order) for order in self.orders)

    def __repr__(self) -> str:
        return f"kortspel.load('kopknack', seats={self.seats}, names={list(self.names)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KopknackGame) and (self.names, self.rules) == (
            other.names, other.rules)

    __hash__ = None  # type: ignore[assignment]

    def seat_index(self, name: Any) -> int:
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise RecordError(
                f"{_brief(name)} is not a seat at this table; the seats are "
                f"{', '.join(self.names)}") from None

    def exchange_action(self, seat: int, cards: tuple[str, ...]) -> Action:
        """The table's one ``exchange`` action of these cards (in the pack's order)."""
        return self.exchange_choices.action(seat, cards)

    def pack(self) -> list[str]:
        """Every card of the pack: 52, one of each."""
        return list(PACK)

    def action(self, data: Any, to_act: int | None = None) -> Action:
        """An action of this table from text or a record's action object."""
        return self.codec.coerce(data, to_act)

    def bot(self, level: str = "heuristic", name: str | None = None) -> Any:
        from ..registry import bot_for

        return bot_for("kopknack", level, name)

    def match(self, **options: Any) -> Any:
        from .match import KopknackMatch

        return KopknackMatch(self, **options)

    # -- starting deals -------------------------------------------------------------------

    def new_hand(
        self,
        seed: int | str | None = None,
        *,
        record: Mapping[str, Any] | None = None,
        rng: random.Random | None = None,
        dealer: int | str | None = None,
        stake: int = DEFAULT_STAKE,
        pot: int = 0,
    ) -> KopknackState:
        """A fresh deal: shuffled by ``rng`` (or ``random.Random(seed)``), or the deal a
        record gives (its actions are not played; ``replay`` does that).

        ``dealer`` (a seat number or name; default the last seat) antes ``stake`` on top of
        ``pot``, the pot carried in from the last deal. The cards go out as at a real table:
        two to each seat from the dealer's left, then one each, then the trump is turned and
        the rest is the talon. The state itself never holds randomness.
        """
        if record is not None:
            from .records import state_from_record

            return state_from_record(self, record)
        check_money(stake, pot)
        d = self._dealer(dealer)
        if rng is None:
            check_seed(seed)
            rng = random.Random(seed)
        elif not isinstance(rng, random.Random):
            raise KortspelError(f"rng is a random.Random, not {type(rng).__name__}")
        cards = shuffled(rng)
        at = HAND_SIZE * self.seats  # two cards to each seat in turn, then one each
        return KopknackState(self, d, stake, pot, self._dealings[d](cards), cards[at],
                             cards[at + 1:])

    def deal(self, hands: Mapping[str, Sequence[str]] | Sequence[Sequence[str]], trump: str,
             talon: Sequence[str] | None = None, *, dealer: int | str | None = None,
             stake: int = DEFAULT_STAKE, pot: int = 0) -> KopknackState:
        """A deal set up by hand, for lessons and examples: each seat's three cards (by name
        or in seat order), the trump card and, if it matters, the talon top first (the cards
        not named go under it in the pack's order)."""
        from .records import state_from_record

        if isinstance(hands, Mapping):
            deal = {str(k): list(v) for k, v in hands.items()}
        else:
            deal = {self.names[s]: list(h) for s, h in enumerate(hands)}
        named = [parse_card(c) for h in deal.values() for c in h if isinstance(c, str)]
        named.append(parse_card(trump) if isinstance(trump, str) else "")
        top = [parse_card(c) for c in talon or ()]
        rest = [c for c in PACK if c not in set(named) | set(top)]
        d = self._dealer(dealer)
        return state_from_record(self, {
            "game": "kopknack", "seats": list(self.names), "dealer": self.names[d],
            "stake": stake, "pot": pot, "deal": deal, "trump": trump,
            "talon": top + rest, **({"rules": self.rules.to_dict()}
                                    if self.rules.to_dict() else {})})

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> KopknackState:
        """The state after the record's actions (or only its first ``upto``)."""
        from .records import replay_record

        return replay_record(self, record, upto)

    def _dealer(self, dealer: int | str | None) -> int:
        if dealer is None:
            return self.seats - 1
        d = self.seat_index(dealer) if isinstance(dealer, str) else dealer
        if type(d) is not int or not 0 <= d < self.seats:
            raise KortspelError(f"no seat {_brief(dealer)} to deal; the seats are 0 to "
                                f"{self.seats - 1} or their names ({', '.join(self.names)})")
        return d


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
