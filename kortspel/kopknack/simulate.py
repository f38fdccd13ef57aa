"""Many Köpknack deals or sessions, played by computer players and counted: the strategy
notebook's simulations, on every core the machine has.

What is Köpknack's own lives here: what a job plays (single deals, the deal going round, or
whole sessions) and what the notebook counts of it (``seats_of``, ``seat_a``, ``holding``),
and the players its questions need. How a run is cut into seeded chunks (a hundred deals, or
a few sessions), played on both cores by helper processes, forecast and reported is the same
for every game: :mod:`kortspel.simulation`, whose ``run``, ``estimate``, ``cores`` and
``play_chunk`` this module hands on. A run gives the same counts on one core or several.

Everything here is the engine's public protocol (``KopknackGame.new_hand``, ``play_hand``,
``KopknackMatch.next_hand``, ``result()``): nothing is played faster by cutting a corner of
the rules. The players are the engine's heuristic, and two variants of it that the questions
of the notebook need: one that knocks on every hand (``Knocker``) and one that knocks and then
never buys (``Keeper``). A helper imports what it runs by name, so ``keep`` and the players'
classes must be defined in a module: a run whose ``keep`` or players were typed into a
notebook is played in the kernel's own process, on one core.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import simulation
from ..actions import Action
from ..checks import quote
from ..errors import KortspelError
from ..protocol import Bot, play_hand, step
from ..simulation import cores, estimate, play_chunk, run
from .bots import KopknackHeuristic
from .cards import SUIT, VALUE
from .game import KopknackGame, check_money
from .match import KopknackMatch
from .observation import Observation

__all__ = [
    "Seat", "Job", "Knocker", "Keeper", "holding", "HOLDINGS", "seats_of", "run", "tally",
    "cores", "estimate", "play_chunk", "DEALS_PER_CHUNK", "SESSIONS_PER_CHUNK",
]

DEALS_PER_CHUNK = 100
SESSIONS_PER_CHUNK = 4
"""Chunk sizes. They decide the seeds, so changing them changes every count (a little)."""


# -------------------------------------------------------------------------------------------
# Players for the questions
# -------------------------------------------------------------------------------------------


class Knocker(KopknackHeuristic):
    """The heuristic player, except that it knocks on every hand: a table of them plays every
    deal out with everyone in. That is the hardest test of a hand (every other seat plays
    against it), not what a session of heuristic players shows: there one seat most often
    knocks alone and takes the pot with no card played (notebooks/kopknack/04-strategy)."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        for action in legal:
            if action.verb == "knock":
                return action
        return super().choose(obs, legal, rng)


class Keeper(Knocker):
    """Knocks on every hand and never buys: it plays the three cards it was dealt."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if legal[0].verb == "exchange":
            return legal[0]  # the first exchange offered is always the one of no cards
        return super().choose(obs, legal, rng)


# -------------------------------------------------------------------------------------------
# What is kept of a deal
# -------------------------------------------------------------------------------------------

HOLDINGS = ("top trump", "second or third trump", "a lower trump", "no trump")
"""The classes of a dealt hand, strongest first (see ``holding``)."""


def holding(hand: Sequence[str], trump: str) -> str:
    """What a dealt hand holds in trumps, counted against the trumps still in play (the turned
    card is not): the top trump, which wins any trick it is played to; the second or third;
    a lower one; or none. Only the best trump of the hand counts."""
    suit = SUIT[trump]
    mine = [VALUE[c] for c in hand if SUIT[c] == suit]
    if not mine:
        return HOLDINGS[3]
    above = sum(1 for v in range(max(mine) + 1, 15) if v != VALUE[trump])
    return HOLDINGS[0] if above == 0 else HOLDINGS[1] if above <= 2 else HOLDINGS[2]


class Seat(NamedTuple):
    """One seat of one finished deal.

    ``position``: 1 is forehand (on the dealer's left, first to speak) ... the last is the
    dealer. ``holding``: the dealt hand's class (``HOLDINGS``). ``bid``: "knock", "fold", or
    "" when the pot was swept before the seat spoke. ``bought``: cards it exchanged in all.
    ``net``: what the deal did to its balance, in stakes (what it took from the pot, less its
    penalty, less the ante for the dealer). ``pot``: the pot played for, in stakes. ``swept``:
    whether this seat swept the pot. ``knockers``: how many seats knocked in the deal.
    """

    position: int
    holding: str
    bid: str
    tricks: int
    bought: int
    net: float
    pot: float
    swept: bool
    knockers: int


def seats_of(hand: Any) -> list[Seat]:
    """One Seat per seat of a finished deal, in seat order (seat a first)."""
    out = hand.outcome
    n = hand.game.seats
    stake = hand.stake
    bought = [0] * n
    for seat, count in hand.bought:
        bought[seat] += count
    knockers = hand.bids.count("knock")
    return [Seat((s - hand.dealer - 1) % n + 1, holding(hand.dealt[s], hand.trump),
                 hand.bids[s] or "", out.won[s], bought[s],
                 (out.payout[s] - out.penalty[s] - (stake if s == hand.dealer else 0)) / stake,
                 hand.pot / stake, out.swept_by == s, knockers)
            for s in range(n)]


def seat_a(hand: Any) -> Seat:
    """Seat a's Seat of a finished deal: for runs where only seat a plays differently."""
    return seats_of(hand)[0]


# -------------------------------------------------------------------------------------------
# A job: deals or sessions
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job(simulation.Job):
    """``n`` deals (or, with ``session`` a session length, ``n`` sessions) at a table of these
    players, one per seat, from ``seed``; ``keep(deal)`` says what to count of each finished
    deal (sessions too are counted deal by deal): one key, or a list of keys.

    ``rules`` are the table's rules options (``{"penalty": "single"}``). Single deals start
    with ``carried`` stakes in the pot besides the ante; the deal moves round the table, so
    every seat deals equally often."""

    session: str | int | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    carried: int = 0
    stake: int = 3

    units = "deals"
    keep_of = "a finished deal"

    @property
    def per_chunk(self) -> int:
        return DEALS_PER_CHUNK if self.session is None else SESSIONS_PER_CHUNK

    def kind(self) -> tuple[Any, ...]:
        """What the time a deal takes depends on: the seats, the kinds of player, sessions,
        and the pot (a rich pot brings more players in, and a deal played out takes longer)."""
        return (*super().kind(), self.session is not None, self.carried)

    def check(self) -> None:
        if type(self.carried) is not int or self.carried < 0:
            raise KortspelError(f"carried is a number of stakes in the pot before the ante, 0 "
                                f"or more, not {quote(self.carried, 40)}")
        KopknackGame(len(self.players), rules=dict(self.rules))  # 3 to 8 seats, known options
        check_money(self.stake, self.carried * self.stake)

    def timing(self) -> tuple[int, int]:
        return (1 if self.session else 5), 200  # a session is long: time one at a time

    def play(self, rng: random.Random, first: int, count: int) -> Iterator[Any]:
        """Single deals with the deal going round the table, or whole sessions each from a
        seed of its own (counted deal by deal)."""
        game = KopknackGame(len(self.players), rules=dict(self.rules))
        seats = game.seats
        for i in range(first, first + count):
            if self.session is None:
                deal = game.new_hand(rng=rng, dealer=i % seats, stake=self.stake,
                                     pot=self.carried * self.stake)
                yield self.keep(play_hand(deal, self.players, rng))
                continue
            session = KopknackMatch(game, length=self.session, stake=self.stake,
                                    seed=rng.randrange(2**32), dealer=i % seats)
            kept = []
            while not session.is_over:
                deal = session.hand
                while not deal.is_over:
                    step(deal, self.players, rng)
                got = self.keep(deal)
                kept.extend(got if isinstance(got, list) else [got])
                session.next_hand()
            yield kept


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Any], Any],
          session: str | int | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, session)})[None]``;
    ``workers`` and ``progress`` go to ``run``, anything else to the ``Job``."""
    run_options = {k: options.pop(k) for k in ("workers", "progress") if k in options}
    return run({None: Job(players, n, seed, keep, session, **options)}, **run_options)[None]
