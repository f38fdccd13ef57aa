"""Kille: one hidden card each, stand or swap to the left, five matadors refuse.

The rules are those of the project's rules page, ``docs/rules/kille.md``, which says where a
reading had to be chosen and why. The package is split by concern: ``cards`` (the pack),
``rules`` (options and match lengths), ``state`` (what the rules decide in a hand),
``narration`` (how each happening is told), ``observation`` (what a seat may know),
``records`` (reading and writing hands), ``fast`` (speed tricks), ``game`` (a table),
``match`` (pots and matches) and ``bots`` (computer players).
"""

from __future__ import annotations

from ..shell import game_spec
from . import telling, worlds  # the search's and the coach's parts: on SPEC below
from .bots import KilleHeuristic
from .cards import (
    BLAREN,
    BLOMPOTTAN,
    DECK_SIZE,
    GLOSS,
    HARLEKIN,
    HIGH,
    HUSAR,
    HUSU,
    KAVALL,
    KINDS,
    KRANSEN,
    KUKU,
    MATADORS,
    VARDSHUS,
    a_card,
    card_name,
    kind_of,
    parse_kind,
)
from .fast import shuffled_deck
from .game import KilleGame, game_for
from .match import HandSummary, KilleMatch
from .narration import EVENT_KINDS
from .observation import Observation
from .records import hidden_shuffle
from .rules import OPTIONS, STANDARD_POTS, Rules, match_pots
from .state import VERBS, KilleState, Outcome, left_of, play_order

__all__ = [
    "BLAREN", "BLOMPOTTAN", "KRANSEN", "VARDSHUS", "KAVALL", "HUSU", "HUSAR", "KUKU",
    "HARLEKIN", "HIGH", "MATADORS", "DECK_SIZE", "KINDS", "GLOSS", "VERBS", "EVENT_KINDS",
    "a_card", "card_name", "kind_of", "parse_kind", "shuffled_deck", "left_of", "play_order",
    "Rules", "OPTIONS", "STANDARD_POTS", "match_pots", "KilleGame", "KilleState", "Outcome",
    "Observation", "KilleMatch", "HandSummary", "KilleHeuristic", "game_for", "SPEC",
]


SPEC = game_spec(KilleGame, KilleHeuristic, KilleMatch, game_for,
                 hidden_shuffle, OPTIONS, EVENT_KINDS,
                 bench_aim="floor 20,000; aim 50,000",
                 worlds=worlds, telling=telling)
