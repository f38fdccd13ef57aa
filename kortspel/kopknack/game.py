"""A Köpknack table: its seats, their names and the rules options; it deals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, ActionCodec, Arg, Verb
from ..checks import brief as _brief
from ..errors import KortspelError, RecordError
from ..records import check_names, get_field
from ..shell import Table, check_record
from .cards import HAND_SIZE, PACK, card_key, parse_card
from .fast import ExchangeCache, dealing, shuffled
from .narration import Narrator
from .records import _rules, check_money, replay_record, state_from_record, write_record
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


class KopknackGame(Table):
    """A Köpknack table: how many seats (3 to 8; the rule text plays 6 to 8), their names and
    the rules options. Immutable once made; every deal at it shares it, with its caches of
    actions and events."""

    name = "kopknack"
    title = "Köpknack"
    Rules = Rules
    seat_range, usual_seats = SEATS, DEFAULT_SEATS
    _read = staticmethod(state_from_record)
    _replay = staticmethod(replay_record)
    _write = staticmethod(write_record)

    def _equip(self) -> None:
        n = self.seats
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

    def exchange_action(self, seat: int, cards: tuple[str, ...]) -> Action:
        """The table's one ``exchange`` action of these cards (in the pack's order)."""
        return self.exchange_choices.action(seat, cards)

    def pack(self) -> list[str]:
        """Every card of the pack: 52, one of each."""
        return list(PACK)

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
            return self.from_record(record)
        check_money(stake, pot)
        d = self._dealer(dealer)
        cards = shuffled(self._shuffler(seed, rng))
        at = HAND_SIZE * self.seats  # two cards to each seat in turn, then one each
        return KopknackState(self, d, stake, pot, self._dealings[d](cards), cards[at],
                             cards[at + 1:])

    def deal(self, hands: Mapping[str, Sequence[str]] | Sequence[Sequence[str]], trump: str,
             talon: Sequence[str] | None = None, *, dealer: int | str | None = None,
             stake: int = DEFAULT_STAKE, pot: int = 0) -> KopknackState:
        """A deal set up by hand, for lessons and examples: each seat's three cards (by name
        or in seat order), the trump card and, if it matters, the talon top first (the cards
        not named go under it in the pack's order)."""
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

    def _dealer(self, dealer: int | str | None) -> int:
        if dealer is None:
            return self.seats - 1
        d = self._seat_number(dealer)
        if d is None:
            raise KortspelError(f"no seat {_brief(dealer)} to deal; the seats are 0 to "
                                f"{self.seats - 1} or their names ({', '.join(self.names)})")
        return d


def game_for(record: Any) -> KopknackGame:
    """The table a record was played at: its seats and (if it has any) its rules options."""
    names = check_names(get_field(check_record(record), "seats", list))
    low, high = SEATS
    if not low <= len(names) <= high:
        raise RecordError(f"Köpknack is played by {low} to {high} seats (6 to 8 as the rule "
                          f"text has it, 3 to 5 for a small class); the record has "
                          f"{len(names)}")
    return KopknackGame(names, rules=_rules(record))
