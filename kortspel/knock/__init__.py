"""Swedish Knock: five cards each, wild 2s, sets of three score nothing, knock when lowest.

The rules are those of the project's rules page, ``docs/rules/knock.md``, which says where
a reading had to be chosen and why; records, and what a replay prints, follow the
contract. The package is split by concern: ``cards`` (the pack and card points),
``rules`` (options), ``value`` (what a hand is worth, and why), ``settle`` (the end of a
round in numbers), ``state`` (what the rules decide, turn by turn), ``narration`` (how each
happening is told), ``telling`` (the same, for one reader), ``observation`` (what a seat may
know), ``records`` (reading and writing rounds), ``fast`` (speed tricks), ``game`` (a
table), ``match`` (rounds to 100) and ``bots`` (computer players).

API
---
Cards are named as in the contract: rank then suit, ``"10H"``, ``"QS"``, ``"AD"`` (case does
not matter on the way in); ``cards.SHOWN``/``show`` give ``"10♥"`` for sentences.

- ``hand_value(cards, unused_two=2) -> int``: the pure function of rule 5.
  ``best_grouping(cards, unused_two=2) -> Grouping``: ``value``, ``sets`` (each a
  ``CardSet(rank, cards)``), ``loose`` (``(card, points)`` pairs), ``wild`` (``(two,
  rank it stands for)`` pairs) and ``describe()``, one line saying why.
  ``face_total(cards)``: points with no set zeroed and every 2 as 2 (the dealer tie-break).
- ``kortspel.load("knock", seats=4, unused_two=2, first_round_knock=True)`` gives a
  ``KnockGame`` (2-5 seats, or a list of names). ``game.new_hand(seed=|rng=|record=,
  dealer=, scores=, stars=, skunks=, out=)`` deals a round; ``game.replay(record, upto=)``;
  ``game.pack()``; ``game.codec``; ``game.match(seed=, dealer=)``.
- A round is a ``KnockState`` with the core protocol: ``to_act`` (a seat, ``None`` once
  over; never ``CHANCE``), ``legal_actions(seat)``, ``apply(action | record dict | text)``
  (``"a draw stock"``, ``"a draw discard"``, ``"a discard KS"``, ``"a knock"``), ``clone()``,
  ``==``, ``observation(seat)``, ``record()``, ``result()`` (the contract's replay JSON),
  ``zones()``. Read-outs for tables and lessons (omniscient): ``hand(seat)``,
  ``value(seat)``, ``grouping(seat)``, ``phase_name`` (``"draw"``, ``"discard"``,
  ``"over"``), ``knocker``, ``last_turns``, ``taken_card``, ``stock_count``,
  ``discard_pile``, ``discard_top``, ``seats_in_round``, ``dealer``, ``carry`` (scores,
  stars, skunks, out brought in), ``say_legal(seat)``, and once over ``outcome``
  (``ended_by``, ``values``, ``zero``, ``knocker`` and ``settlement``: the knock judged,
  penalties, totals, who went out, skunks, winner, circles, next dealer and why).
- ``Observation`` (``state.observation(seat)``): ``hand``, ``value``, ``discard_pile``,
  ``discard_top``, ``stock_count``, ``known(seat)`` (another hand as this seat knows it),
  ``hand_size(seat)``, ``turns_played(seat)``, ``knocker``, ``taken``, ``last_turn``,
  ``phase``, ``legal``, ``scores``/``stars``/``skunks``/``out`` (carried in), ``events``,
  ``narration``, ``knowledge`` (the generic fold) and ``view()``.
- ``telling.tell(event, names, viewer)``: an event told to one reader (second person for
  the viewer's seat); ``telling.story(state, viewer)``, ``telling.review(state, viewer)``
  (after a round: how each hand counts and why each score is what it is),
  ``telling.match_progress(match)`` and ``telling.cut_story(match, viewer)``.
- ``KnockMatch(game, seed=, dealer=)``: the cut (``cuts``, ``first_dealer``), ``hand``,
  ``next_hand()`` -> ``RoundSummary``, ``scores``/``stars``/``skunks``/``out``,
  ``standings()``, ``is_over``, ``winner``, ``circles``, ``undo(seat)``, ``record()``,
  ``play_bots(bots)``.
- Bots: ``RandomBot`` and ``KnockHeuristic`` (``kortspel.bot_for("knock", "heuristic")``).
- Worked rounds: ``kortspel.examples("knock")``, ``kortspel.example(name, "knock")``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from ..shell import game_spec
from . import (
    telling,
    worlds,  # the search's and the coach's parts: on SPEC below
)
from .bots import KnockHeuristic
from .cards import NAMES, POINTS, RANKS, SHOWN, card_id, face_total, show, show_all
from .fast import shuffled_pack
from .game import VERB_SPECS, KnockGame, game_for, play_order
from .match import KnockMatch, RoundSummary, cut_for_dealer, highest_cut
from .narration import EVENT_KINDS, KNOCK_CALL
from .observation import Observation
from .records import hidden_shuffle
from .rules import OPTIONS, Rules, star_penalty
from .settle import Settlement, knock_is_valid, settle
from .state import Carry, KnockState, Outcome
from .value import CardSet, Grouping, best_grouping, hand_value, is_zero

__all__ = [
    "NAMES", "POINTS", "RANKS", "SHOWN", "card_id", "face_total", "show", "show_all",
    "hand_value", "best_grouping", "is_zero", "Grouping", "CardSet", "Rules", "OPTIONS",
    "star_penalty", "settle", "Settlement", "knock_is_valid", "KnockGame", "KnockState",
    "Outcome", "Carry", "Observation", "KnockMatch", "RoundSummary", "cut_for_dealer",
    "highest_cut", "KnockHeuristic", "EVENT_KINDS", "KNOCK_CALL", "VERB_SPECS", "play_order",
    "game_for", "hidden_shuffle", "telling", "SPEC",
]


def _bench_hand_value(seconds: float) -> Iterable[str]:
    """``hand_value`` calls per second on random five-card hands given by name."""
    rng = random.Random(5)
    hands = [[NAMES[c] for c in shuffled_pack(rng)[:5]] for _ in range(1000)]
    calls = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for h in hands:
            hand_value(h)
        calls += len(hands)
    rate = calls / (time.perf_counter() - start)
    yield "knock hand_value calls/s (cards by name):".ljust(44) + f"{rate:>10,.0f}"


SPEC = game_spec(KnockGame, KnockHeuristic, KnockMatch, game_for,
                 hidden_shuffle, OPTIONS, EVENT_KINDS,
                 bench_seats=4, bench_unit="rounds",
                 match_word="game", bench_aim="aim 5,000", bench_extra=_bench_hand_value,
                 worlds=worlds, telling=telling, aliases=("knack",))
