"""Gnällknekt: three piles of lives each, attack and defend with a double pack, Jacks as
trumps, and a two-player endgame that ends in a win or a draw.

The rules are those of the contract, restated with every decision on the project's rules
page, ``docs/rules/gnallknekt.md``. The package is split by concern: ``cards`` (the double
pack and ``beats``, what beats what), ``rules`` (options, match lengths), ``state`` (what the
rules decide), ``narration`` (how the record tells each event), ``telling`` (the same events
told to one reader), ``observation`` (what a seat may know), ``records`` (reading, checking
and writing games), ``game`` (a table), ``match`` (games in a row) and ``bots``.

API
===

A table and a game::

    >>> import kortspel
    >>> game = kortspel.load("gnallknekt", seats=4)       # names a, b, c, d; or seats=[...]
    >>> state = game.new_hand(seed=7, dealer="d")           # a whole game: the piles dealt
    >>> [str(a) for a in state.legal_actions()]             # a, left of d, draws first
    ['a draw stock']
    >>> [e.kind for e in state.apply("a draw stock")]       # Action, record dict or text
    ['draw', 'drawn']

A state (``GnallknektState``) is one whole game. The protocol: ``to_act`` (a seat,
``kortspel.CHANCE`` while a rebuilt stock is ordered, ``None`` when over), ``is_over``,
``legal_actions(seat)``, ``apply(action)``, ``sample_chance(rng)``, ``clone()``, ``==``,
``observation(seat)``, ``record()``, ``result()`` (the contract's replay JSON), ``zones()``,
``events`` (each with ``kind``, ``text``, ``data``, ``effects``) and ``actions``.

Reading the table (omniscient, for a teacher's view): ``state.up[seat][pile]`` (face-up
cards, bottom first), ``state.down[seat][pile]`` (face-down cards), ``state.pile(seat, i)``
(``{"down": n, "up": [...]}``), ``state.target(seat, i)`` (what an attacker faces there),
``state.hands[seat]``, ``state.stock`` / ``state.discard`` / ``state.out_cards`` (bottom
first), ``state.lives``, ``state.cur`` (whose turn), ``state.stage`` (``DRAW``, ``MOVE``,
``SHUFFLE``, ``OVER``), ``state.draws_left``, ``state.moves`` (moves made this turn),
``state.phase_name`` and ``state.turns_left`` (the endgame's clock), ``state.allowed()``
(what the seat to act may do, in words), ``state.winner`` / ``state.tie``.

What a seat may know (``Observation``, for bots and a player's view): ``hand``,
``pile(seat, i)`` / ``piles(seat)`` (``Pile`` with ``down`` and ``up``), ``hand_sizes``,
``known_cards(seat)`` (cards others took from the discard pile), ``discard``,
``stock_count``, ``out_of_play``, ``seats_in``, ``out``, ``lives(seat)``, ``draws_left``,
``moves_left``, ``phase``, ``turns_left``, ``legal``, ``knowledge`` (the generic fold).

What beats what, for the table's highlights and the notebooks: ``beats(attack, target,
lone_jack=False)`` with cards as ``"10H"``-style names; ``top_unit(up)`` gives the target a
pile's face-up cards offer; ``beats_name`` says why, in words.

Words: ``telling.tell(event, names, viewer)``, ``telling.story(state, viewer)``,
``telling.review(state, viewer)``, ``telling.match_progress(match)``. Cards in sentences:
``show("QS")`` → ``"Q♠"``.

Records: ``kortspel.replay(record)``, ``kortspel.frames(record)``,
``kortspel.examples("gnallknekt")``; ``python -m kortspel replay FILE`` prints ``result()``.
Matches: ``game.match(length="standard", seed=1)`` (``GnallknektMatch``). Bots:
``kortspel.bot_for("gnallknekt", "heuristic" | "random")``.
"""

from __future__ import annotations

from ..shell import game_spec
from . import telling, worlds  # the search's and the coach's parts: on SPEC below
from .bots import GnallknektHeuristic
from .cards import (
    ATTACK_ORDER,
    DOUBLE_PACK,
    PILE_ORDER,
    a_card,
    attack_value,
    beats,
    beats_name,
    is_pair,
    parse_card,
    pile_value,
    show,
    show_all,
    spoken,
    top_unit,
)
from .game import GnallknektGame, draw_for_dealer, game_for
from .match import GameSummary, GnallknektMatch
from .narration import EVENT_KINDS, PHASES
from .observation import Observation, Pile
from .records import hidden_shuffle
from .rules import OPTIONS, Rules, match_games
from .state import DRAW, MOVE, OVER, SHUFFLE, VERBS, GnallknektState

__all__ = [
    "ATTACK_ORDER", "PILE_ORDER", "DOUBLE_PACK", "EVENT_KINDS", "PHASES", "VERBS",
    "DRAW", "MOVE", "SHUFFLE", "OVER", "beats", "beats_name", "top_unit", "is_pair",
    "attack_value", "pile_value", "parse_card", "show", "show_all", "spoken", "a_card",
    "draw_for_dealer", "Rules", "OPTIONS", "match_games", "GnallknektGame",
    "GnallknektState", "Observation", "Pile", "GnallknektMatch", "GameSummary",
    "GnallknektHeuristic", "game_for", "hidden_shuffle", "SPEC",
]


SPEC = game_spec(GnallknektGame, GnallknektHeuristic, GnallknektMatch, game_for,
                 hidden_shuffle, OPTIONS, EVENT_KINDS,
                 aliases=("gnällknekt", "gnall"),
                 bench_seats=4, bench_unit="games", bench_aim="aim 300",
                 worlds=worlds, telling=telling)
