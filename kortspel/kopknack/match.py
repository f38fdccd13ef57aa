"""A Köpknack session: deals in a row, each seat's balance, and the pot carried between deals.

Every seat starts with the same ``bank``. The dealer of each deal antes the stake from its
balance; what a seat takes out of a pot is added to its balance, and a penalty for taking no
trick is paid from it into the next pot. The deal passes to the left. A session lasts a set
number of deals (whole turns of the deal round the table, so every seat deals equally often),
or ends early when a seat cannot pay: a penalty takes its balance below zero, or the next
dealer cannot put up the ante. The money is never made or lost: the balances and the pot
always add up to what the seats started with. The session owns the random generator; every
deal it deals is a record. Unless told who deals first, the seats draw lots for it, as the
text has them do. The rules are on ``docs/rules/kopknack.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..checks import check_int, check_match, quote
from ..errors import RulesError, say_list
from ..records import copy_json
from ..shell import MatchShell
from ..voice import QUOTED_YOU
from .game import KopknackGame, check_money
from .rules import DEFAULT_STAKE, LENGTHS, session_deals
from .state import KopknackState

BANK_STAKES = 30
"""A seat's starting balance, in stakes, unless the session says otherwise."""

BROKE, LENGTH, NO_ANTE = "broke", "length", "no ante"
"""The ways a session ends: a seat could not pay a penalty, the set deals are played, the
next dealer cannot ante."""


def draw_lots(seats: int, rng: random.Random) -> tuple[int, ...]:
    """The lots the seats draw for the first deal: one slip each, numbered 1 to ``seats`` and
    shuffled, so each seat is equally likely to draw slip 1 and deal first. Slips rather than
    cards, because the text says lots and names no card order, and a slip cannot tie."""
    slips = list(range(1, seats + 1))
    rng.shuffle(slips)
    return tuple(slips)


def why_over(ending: tuple[str, tuple[int, ...]], target: int, names: Sequence[str]) -> str:
    """Why a session ended, in the third person (a seat named "you" is quoted, as in the
    narration; ``telling`` says it to one viewer)."""
    kind, seats = ending
    who = [QUOTED_YOU if names[s].lower() == "you" else names[s] for s in seats]
    if kind == BROKE:
        return f"{say_list(who)} could not pay the penalty in full"
    if kind == NO_ANTE:
        return f"{who[0]} cannot put up the ante to deal"
    return "its only deal is played" if target == 1 else \
        f"the last of its {target} deals is played"


@dataclass(frozen=True)
class DealSummary:
    """What one finished deal did to the session (for narration and tests)."""

    record: dict[str, Any]
    dealer: int
    swept_by: int | None
    payout: tuple[int, ...]
    penalty: tuple[int, ...]
    next_pot: int
    balances: tuple[int, ...]
    """Every seat's balance once the deal is settled (before the next dealer's ante)."""
    match_over: bool
    why_over: str


class KopknackMatch(MatchShell):
    """Balances, the pot carried from deal to deal, the moving deal and the session's end,
    around deal states.

    ``length`` is ``"short"``, ``"standard"``, ``"long"`` (one, two or three turns of the
    deal round the table) or a number of deals. ``stake`` is the dealer's ante (a positive
    multiple of 3); ``bank`` each seat's starting balance (default 30 stakes); ``dealer`` (a
    seat number or name) deals first; without it the seats draw lots for the deal (``lots``:
    each seat's slip, the seat with slip 1 deals). ``seed`` fixes every shuffle, the lots
    included.
    Every method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: Mapping[str, str] = LENGTHS
    """The session lengths a player may choose, shortest first, with how a menu names them."""
    over = "the session is over"
    anew = "start a new one"
    hand_word = "deal"

    def __init__(
        self,
        game: KopknackGame,
        *extra: Any,
        length: str | int = "standard",
        stake: int = DEFAULT_STAKE,
        bank: int | None = None,
        seed: int | str | None = None,
        dealer: int | str | None = None,
        **unknown: Any,
    ) -> None:
        check_match("a Köpknack session", game, KopknackGame, seed, extra, unknown,
                    ("length", "stake", "bank", "seed", "dealer"))
        check_money(stake, 0, RulesError)
        if bank is None:
            bank = BANK_STAKES * stake
        check_int(bank, "bank", RulesError, game.seats)
        if type(bank) is not int or bank < stake:
            raise RulesError(f"bank is each seat's starting balance: a whole number at least "
                             f"the stake ({stake}), not {quote(bank, 40)}")
        n = game.seats
        self.game = game
        self.length = length
        self.target = session_deals(n, length)
        self.stake = stake
        self.bank = bank
        self.rng = random.Random(seed)
        self.lots: tuple[int, ...] = ()
        """Each seat's slip in the draw for the first deal (empty when ``dealer`` was given)."""
        first = self._first_dealer(dealer)
        if first is None:
            self.lots = draw_lots(n, self.rng)
            first = self.lots.index(1)
        self.dealer = first
        self.first_dealer = self.dealer
        self._balances = [bank] * n
        self.carried = 0
        """The pot the next deal starts from, before its dealer's ante."""
        self.deals_played = 0
        self._history: list[DealSummary] = []
        self.why_over = ""
        self.ending: tuple[str, tuple[int, ...]] | None = None
        """Why the session ended, as ``(kind, seats)``: ``BROKE`` (the seats that could not
        pay), ``LENGTH`` (no seats) or ``NO_ANTE`` (the dealer); ``None`` while it goes on.
        ``telling`` says it to each viewer; ``why_over`` says it to the teacher."""
        self._balances[self.dealer] -= stake
        self.hand: KopknackState = game.new_hand(rng=self.rng, dealer=self.dealer, stake=stake,
                                                 pot=0)

    # -- reading ------------------------------------------------------------------------------

    balances = property(lambda self: self._balances[:], doc=(
        "Each seat's balance now: a copy (the session changes its own as deals settle)."))

    @property
    def is_over(self) -> bool:
        return bool(self.why_over)

    @property
    def pot(self) -> int:
        """The pot on the table: the current deal's while it is played, then what is carried
        to the next deal."""
        return self.carried if self.hand.is_over else self.hand.pot

    @property
    def winner(self) -> int | None:
        """Once the session is over, the seat with the highest balance (``None`` on a tie, or
        while the session goes on)."""
        if not self.is_over:
            return None
        best = max(self._balances)
        top = [s for s, b in enumerate(self._balances) if b == best]
        return top[0] if len(top) == 1 else None

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest balance now."""
        best = max(self._balances)
        return [s for s, b in enumerate(self._balances) if b == best]

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "balance": self._balances[s],
                 "gain": self._balances[s] - self.bank} for s in range(self.game.seats)]

    # -- playing ------------------------------------------------------------------------------

    def next_hand(self) -> DealSummary:
        """Settle the finished deal (balances, the pot carried on) and deal the next, unless
        the session is over. Worked out on copies first and committed at the end, so a
        refusal (the deal still going, the session over) leaves the session as it was."""
        hand = self._finished_hand()
        out = hand.outcome
        assert out is not None
        n = self.game.seats
        balances = [self._balances[s] + out.payout[s] - out.penalty[s] for s in range(n)]
        played = self.deals_played + 1
        dealer = out.next_dealer
        broke = tuple(s for s in range(n) if balances[s] < 0)
        ending: tuple[str, tuple[int, ...]] | None = None
        if broke:
            ending = (BROKE, broke)
        elif played >= self.target:
            ending = (LENGTH, ())
        elif balances[dealer] < self.stake:
            ending = (NO_ANTE, (dealer,))
        why = "" if ending is None else why_over(ending, self.target, self.game.names)
        summary = DealSummary(hand.record(), hand.dealer, out.swept_by, out.payout,
                              out.penalty, out.next_pot, tuple(balances), bool(why), why)
        new_hand = hand
        if not why:
            balances[dealer] -= self.stake
            new_hand = self.game.new_hand(rng=self.rng, dealer=dealer, stake=self.stake,
                                          pot=out.next_pot)
        # commit
        self._balances = balances
        self.carried = out.next_pot
        self.deals_played = played
        self.why_over = why
        self.ending = ending
        if not why:
            self.dealer = dealer
        self.hand = new_hand
        return self._settled(summary)

    def record(self) -> dict[str, Any]:
        """The session so far: its table, settings, every deal's record in order, the
        balances and the pot carried."""
        names = self.game.names
        deals = [copy_json(h.record) for h in self._history]
        if not self.is_over:
            deals.append(self.hand.record())
        return {
            "game": "kopknack", "match": True, "seats": list(names), "length": self.length,
            "target": self.target, "stake": self.stake, "bank": self.bank,
            "lots": {names[s]: slip for s, slip in enumerate(self.lots)},
            "first_dealer": names[self.first_dealer], "deals": deals,
            "balances": {names[s]: b for s, b in enumerate(self._balances)},
            "carried": self.carried,
            "winner": None if self.winner is None else names[self.winner],
        }
