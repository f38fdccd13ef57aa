"""Many Knock rounds, played by computer players and counted: the strategy notebook's
simulations, on every core the machine has.

What is Knock's own lives here: what a job plays and what the notebook counts of it (``ends``,
``round_of``), and the players its questions need. How a run is cut into seeded chunks,
played on both cores by helper processes, forecast and reported is the same for every game:
:mod:`kortspel.simulation`, whose ``run``, ``estimate``, ``cores`` and ``play_chunk`` this
module hands on. A run gives the same counts on one core or several.

Every round is dealt afresh (all totals 0, no stars), with the deal moving round the table so
each seat plays every position equally often, and played through the engine's public
protocol (``KnockGame.new_hand``, ``play_hand``, ``result()``): nothing is played faster by
cutting a corner of the rules. The players are the engine's heuristic and variants of it that
the notebook's questions need, each changing one habit: when it knocks (``KnockAt``) or
where it draws from (``StockOnly``, ``PileWhenLower``). A helper imports what it runs by
name, so ``keep`` and the players' classes must be defined in a module: a run whose ``keep``
or players were typed into a notebook is played in the kernel's own process, on one core.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import simulation
from ..actions import Action
from ..french import show
from ..i18n import _, language, ngettext
from ..protocol import Bot, play_hand
from ..simulation import cores, estimate, play_chunk, run
from .bots import KnockHeuristic
from .game import KnockGame
from .observation import Observation
from .value import hand_value

__all__ = [
    "End", "Job", "KnockAt", "StockOnly", "PileWhenLower", "ends", "round_of",
    "run", "tally", "cores", "estimate", "play_chunk", "ROUNDS_PER_CHUNK",
]

ROUNDS_PER_CHUNK = 50
"""The chunk size. It decides the seeds, so changing it changes every count (a little)."""


# -------------------------------------------------------------------------------------------
# Players for the questions: the heuristic with one habit changed
# -------------------------------------------------------------------------------------------


def _without(legal: Sequence[Action], verb: str, source: str | None = None) -> list[Action]:
    """The legal actions less ``verb`` (only the draw from ``source``, if given)."""
    return [a for a in legal
            if not (a.verb == verb and (source is None or a.get("from") == source))]


class KnockAt(KnockHeuristic):
    """The heuristic player, except that it knocks as soon as its hand is worth ``at`` or
    less, and never while it is worth more: a fixed rule to set against the heuristic's
    judgement of the table."""

    def __init__(self, at: int, name: str = "knock-at") -> None:
        super().__init__(name)
        self.at = at

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        knocks = [a for a in legal if a.verb == "knock"]
        if knocks and obs.value is not None and obs.value <= self.at:
            return knocks[0]
        return super().choose(obs, _without(legal, "knock") if knocks else legal, rng)


class StockOnly(KnockHeuristic):
    """The heuristic player, except that it never takes from the discard pile: what it draws,
    nobody else sees."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        return super().choose(obs, _without(legal, "draw", "discard"), rng)


class PileWhenLower(KnockHeuristic):
    """The heuristic player, except that it takes the discard pile's top card whenever
    keeping it (and throwing another card) makes its hand worth less than now; otherwise it
    draws from the stock. The heuristic takes the card only when it beats what the stock
    would give on average."""

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        choice = super().choose(obs, legal, rng)
        top = obs.discard_top
        if choice.verb != "draw" or top is None:
            return choice  # a knock or a discard: the heuristic's own
        draws = {a.get("from"): a for a in legal if a.verb == "draw"}
        two = obs.rules.unused_two
        hand = obs.hand
        kept = min(hand_value([c for c in hand if c != out] + [top], two) for out in hand)
        return draws["discard"] if kept < hand_value(hand, two) else draws["stock"]


# -------------------------------------------------------------------------------------------
# What is kept of a round
# -------------------------------------------------------------------------------------------


class End(NamedTuple):
    """One seat at the end of one round.

    ``position``: 1 is the first to play (on the dealer's left) ... the last is the dealer.
    ``twos``: how many 2s it was dealt. ``value``: its hand's value at the end. ``beaten``:
    another seat ended strictly lower. ``turns``: how many times it drew (for a knocker, the
    turns it played before knocking, as a knock ends its part in the round). ``knocked``: it
    knocked; ``star``: it knocked and was beaten (a star). ``ended_by``: how the round ended
    (``knock``, ``zero`` or ``stock``).
    """

    position: int
    twos: int
    value: int
    beaten: bool
    turns: int
    knocked: bool
    star: bool
    ended_by: str

    def words(self) -> str:
        """The seat's end in plain words, as the strategy notebook shows one round, in the
        language in use: a list of facts, each clause translated whole."""
        if language() == "en":
            nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(self.position, f"{self.position}th")
        else:  # Swedish writes 1:a, 2:a, 3:e, 4:e
            nth = f"{self.position}:{'a' if self.position in (1, 2) else 'e'}"
        position = _("{nth} to play").format(nth=nth)
        if self.twos == 0:
            twos = _("dealt no 2")
        elif self.twos == 1:
            twos = _("dealt one 2")
        else:
            twos = _("dealt {n} 2s").format(n=self.twos)
        drew = ngettext("drew {n} time", "drew {n} times", self.turns).format(n=self.turns)
        knock = (_("knocked and got a star") if self.star else _("knocked") if self.knocked
                 else _("did not knock"))
        end = (_("ends on {value}, a lower hand beat it") if self.beaten
               else _("ends on {value}, no hand was lower")).format(value=self.value)
        return f"{position}, {twos}; {drew}, {knock}; {end}"


def ends(state: Any) -> list[End]:
    """One ``End`` per seat dealt in, in seat order (seat a first), from the round's record
    and result (as a list, so a run counts each seat)."""
    record, result = state.record(), state.result()
    values = result["values"]
    low = min(values.values())
    knocker = result["knocker"]
    drew = Counter(a["seat"] for a in record["actions"] if a["do"] == "draw")
    names = state.game.names
    position = {names[s]: pos for pos, s in enumerate(state.seats_in_round, 1)}
    return [End(position[name], sum(1 for c in record["deal"][name] if c.startswith("2")),
                values[name], values[name] > low, drew[name], name == knocker,
                name == knocker and result["valid_knock"] is False, result["ended_by"])
            for name in names if name in values]


def round_of(state: Any) -> tuple[str, tuple[End, ...]]:
    """The round's deal in a line, with every seat's ``End``. Runs with the same seed deal
    the same rounds whoever plays seat a (the deal is the only draw on the random generator,
    as the heuristic and its variants choose without it), so the line pairs each round of one
    run with the same deal in another."""
    record = state.record()
    hands = "; ".join(f"{name} {' '.join(map(show, hand))}"
                      for name, hand in record["deal"].items())
    return (f"{record['dealer']} deals {hands}; the upcard {show(record['upcard'])}",
            tuple(ends(state)))


# -------------------------------------------------------------------------------------------
# A job: rounds
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job(simulation.Job):
    """``n`` rounds at a table of these players, one per seat (seat a first), from ``seed``,
    under the table's ``rules`` options (e.g. ``{"unused_two": 0}``); ``keep(round)`` says
    what to count: one key, or a list of keys."""

    rules: Mapping[str, Any] = field(default_factory=dict)

    units = "rounds"
    keep_of = "a round"

    @property
    def per_chunk(self) -> int:
        return ROUNDS_PER_CHUNK

    def kind(self) -> tuple[Any, ...]:
        """What the time a round takes depends on: the seats, the kinds of player, the rules."""
        return (*super().kind(), tuple(sorted(self.rules.items())))

    def check(self) -> None:
        KnockGame(len(self.players), rules=dict(self.rules))  # 2 to 5 players, known options

    def timing(self) -> tuple[int, int]:
        return 2, 400

    def play(self, rng: random.Random, first: int, count: int) -> Iterator[Any]:
        """Fresh rounds, the deal going round the table."""
        game = KnockGame(len(self.players), rules=dict(self.rules))
        for i in range(first, first + count):
            state = game.new_hand(rng=rng, dealer=i % game.seats)  # the deal goes round
            yield self.keep(play_hand(state, self.players, rng))


def tally(players: Sequence[Bot], n: int, seed: int | str, keep: Callable[[Any], Any],
          rules: Mapping[str, Any] | None = None, **options: Any) -> Counter[Hashable]:
    """The counts of one job: ``run({None: Job(players, n, seed, keep, rules)})[None]``."""
    return run({None: Job(players, n, seed, keep, dict(rules or {}))}, **options)[None]
