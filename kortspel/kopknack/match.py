"""A Köpknack session: deals in a row, each seat's balance, and the pot carried between deals.

Every seat starts with the same ``bank``. The dealer of each deal antes the stake from its
balance; what a seat takes out of a pot is added to its balance, and a penalty for taking no
trick is paid from it into the next pot. The deal passes to the left. A session lasts a set
number of deals (whole turns of the deal round the table, so every seat deals equally often),
or ends early when a seat cannot pay: a penalty takes its balance below zero, or the next
dealer cannot put up the ante. The money is never made or lost: the balances and the pot
always add up to what the seats started with. The session owns the random generator; every
deal it deals is a record. The rules are on ``docs/rules/kopknack.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, MatchError, RulesError, SeatError, say_list
from ..protocol import Bot, step
from ..records import undo_last
from ..voice import QUOTED_YOU
from .game import KopknackGame, check_money, check_seed
from .rules import DEFAULT_STAKE, LENGTHS, session_deals
from .state import KopknackState

BANK_STAKES = 30
"""A seat's starting balance, in stakes, unless the session says otherwise."""

BROKE, LENGTH, NO_ANTE = "broke", "length", "no ante"
"""The ways a session ends: a seat could not pay a penalty, the set deals are played, the
next dealer cannot ante."""


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


class KopknackMatch:
    """Balances, the pot carried from deal to deal, the moving deal and the session's end,
    around deal states.

    ``length`` is ``"short"``, ``"standard"``, ``"long"`` (one, two or three turns of the
    deal round the table) or a number of deals. ``stake`` is the dealer's ante (a positive
    multiple of 3); ``bank`` each seat's starting balance (default 30 stakes); ``dealer`` (a
    seat number or name) deals first (default the last seat). ``seed`` fixes every shuffle.
    Every method either does all it says or, refusing, changes nothing.
    """

    LENGTHS: dict[str, str] = LENGTHS
    """The session lengths a player may choose, shortest first, with how a menu names them."""

    def __init__(
        self,
        game: KopknackGame,
        *,
        length: str | int = "standard",
        stake: int = DEFAULT_STAKE,
        bank: int | None = None,
        seed: int | str | None = None,
        dealer: int | str | None = None,
    ) -> None:
        if not isinstance(game, KopknackGame):
            raise MatchError(f"a Köpknack session is played at a Köpknack table (kortspel.load("
                             f"'kopknack', ...)), not {type(game).__name__}")
        check_seed(seed)
        check_money(stake, 0, RulesError)
        if bank is None:
            bank = BANK_STAKES * stake
        if type(bank) is not int or bank < stake:
            raise RulesError(f"bank is each seat's starting balance: a whole number at least "
                             f"the stake ({stake}), not {bank!r}")
        n = game.seats
        self.game = game
        self.length = length
        self.target = session_deals(n, length)
        self.stake = stake
        self.bank = bank
        self.rng = random.Random(seed)
        if dealer is None:
            self.dealer = n - 1
        elif isinstance(dealer, str):
            self.dealer = game.seat_index(dealer)
        elif type(dealer) is int and 0 <= dealer < n:
            self.dealer = dealer
        else:
            raise SeatError(f"dealer is a seat number from 0 to {n - 1} or a seat's name "
                            f"({', '.join(game.names)}), not {dealer!r}")
        self.balances = [bank] * n
        self.carried = 0
        """The pot the next deal starts from, before its dealer's ante."""
        self.deals_played = 0
        self.history: list[DealSummary] = []
        self.why_over = ""
        self.ending: tuple[str, tuple[int, ...]] | None = None
        """Why the session ended, as ``(kind, seats)``: ``BROKE`` (the seats that could not
        pay), ``LENGTH`` (no seats) or ``NO_ANTE`` (the dealer); ``None`` while it goes on.
        ``telling`` says it to each viewer; ``why_over`` says it to the teacher."""
        self.balances[self.dealer] -= stake
        self.hand: KopknackState = game.new_hand(rng=self.rng, dealer=self.dealer, stake=stake,
                                                 pot=0)

    # -- reading ------------------------------------------------------------------------------

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
        best = max(self.balances)
        top = [s for s, b in enumerate(self.balances) if b == best]
        return top[0] if len(top) == 1 else None

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest balance now."""
        best = max(self.balances)
        return [s for s, b in enumerate(self.balances) if b == best]

    def standings(self) -> list[dict[str, Any]]:
        names = self.game.names
        return [{"seat": names[s], "balance": self.balances[s],
                 "gain": self.balances[s] - self.bank} for s in range(self.game.seats)]

    # -- playing ------------------------------------------------------------------------------

    def next_hand(self) -> DealSummary:
        """Settle the finished deal (balances, the pot carried on) and deal the next, unless
        the session is over. Worked out on copies first and committed at the end, so a
        refusal (the deal still going, the session over) leaves the session as it was."""
        hand = self.hand
        if self.is_over:
            raise MatchError("the session is over; start a new one to play on")
        if not hand.is_over:
            raise IllegalActionError("the deal is still being played; finish it first")
        out = hand.outcome
        assert out is not None
        n = self.game.seats
        balances = [self.balances[s] + out.payout[s] - out.penalty[s] for s in range(n)]
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
        self.balances = balances
        self.carried = out.next_pot
        self.deals_played = played
        self.why_over = why
        self.ending = ending
        if not why:
            self.dealer = dealer
        self.hand = new_hand
        self.history.append(summary)
        return summary

    def play_bots(self, bots: Sequence[Bot], rng: random.Random | None = None) -> None:
        """Play the whole session with computer players (for simulations and tests)."""
        rng = rng or self.rng
        while not self.is_over:
            while not self.hand.is_over:
                step(self.hand, bots, rng)
            self.next_hand()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last decision in this deal (practice mode): the deal is
        rebuilt from its record without that decision and what followed. ``False`` when the
        seat has made none in this deal; refused once the session is over."""
        if type(seat) is not int or not 0 <= seat < self.game.seats:
            raise SeatError(f"undo takes a seat number from 0 to {self.game.seats - 1}, "
                            f"not {seat!r}")
        if self.is_over:
            raise MatchError("the session is over and its result stands; start a new one "
                             "to play again")
        undone = undo_last(self.game, self.hand, seat)
        if undone is None:
            return False
        self.hand = undone
        return True

    undo_to_before = undo

    def record(self) -> dict[str, Any]:
        """The session so far: its table, settings, every deal's record in order, the
        balances and the pot carried."""
        names = self.game.names
        deals = [h.record for h in self.history]
        if not self.is_over:
            deals.append(self.hand.record())
        return {
            "game": "kopknack", "match": True, "seats": list(names), "length": self.length,
            "target": self.target, "stake": self.stake, "bank": self.bank, "deals": deals,
            "balances": {names[s]: b for s, b in enumerate(self.balances)},
            "carried": self.carried,
            "winner": None if self.winner is None else names[self.winner],
        }
