"""Köpknack: knock or fold on three cards, buy twice from the talon, play three tricks whose
duties change from trick to trick, and share the pot in thirds.

The rules are those of the project's rules page, ``docs/rules/kopknack.md``, which follows the
contract for records (``kopknack`` records, ``python -m kortspel replay FILE``) and says where a
reading had to be chosen and why.

API
---
A table and a deal (the state protocol of ``docs/architecture.md``)::

    game = kortspel.load("kopknack", seats=6)            # 3 to 8 seats; penalty="single"
    state = game.new_hand(seed=7)                         # or rng=, record=; dealer=, stake=, pot=
    state = game.deal({"a": ["AS", "7H", "2C"], ...}, trump="9D")   # a deal set up by hand
    state.to_act, state.phase_name                 # a seat; "bidding", "buying", "play", "over"
    state.legal_actions()                                 # knock/fold, exchange (0-3 cards), play
    state.apply("a knock") / state.apply({"seat": "a", "do": "exchange", "cards": ["2C"]})
    state.result()                                        # the contract's replay JSON
    state.record(), game.replay(record, upto=3), state.zones(), state.clone()

The trick duties, one pure function on card names, used by the engine, the table's highlights
and the notebooks::

    legal_cards(hand, trick, trick_number, trump_suit) -> tuple of cards
    duty(hand, trick, trick_number, trump_suit) -> Duty(name, cards)   # name in DUTIES
    broken_duty(hand, trick, trick_number, trump_suit, card, name=show) -> str | None
    winning_index(trick, trump_suit), beats(card, other, trump_suit)

What a seat may know: ``state.observation(seat)`` (``Observation``: ``hand``, ``trump``,
``trump_suit``, ``pot``, ``stake``, ``phase``, ``bids``, ``exchanged``, ``talon_left``,
``trick``, ``played``, ``tricks``, ``trick_number``, ``won``, ``in_play``, ``swept_by``,
``gone``, ``duty()``, ``knowledge``). The state's own readings, for a teacher's view and the
table: ``hands`` (per seat), ``trump``/``trump_suit``, ``dealer``, ``stake``, ``pot``,
``bids`` (per seat: ``"knock"``, ``"fold"`` or ``None``), ``active`` (the players, from the
dealer's left), ``in_play``, ``bought`` ((seat, count) per buying turn), ``talon_left``,
``number`` (the trick being played), ``trick``/``trick_seats`` (the trick on the table),
``leader``, ``played`` ((seat, card) in order), ``tricks`` (the winners), ``won_by(seat)``,
``outcome`` (an ``Outcome``: ``swept_by``, ``tricks``, ``won``, ``payout``, ``penalty``,
``next_pot``, ``next_dealer``; seat numbers) and ``say_legal(seat)``.

Words: ``telling.tell(event, names, viewer)`` says an event to one viewer (second person for
the viewer's own seat); ``telling.story(state, viewer)``, ``telling.review(state, viewer)``,
``telling.match_progress(match, viewer)`` and ``telling.deal_settled(match, summary, viewer)``
say a deal, a finished deal and a session's standing. With no viewer (the teacher) a seat
named "you" is the reader; to any other viewer it is “you”, in the third person, as it is in
the events' own ``text``. Refusals speak the same way and write cards as ``show`` does (K♦).

A session: ``KopknackMatch(game, length="standard" | deals, stake=3, bank=..., seed=...)``
with ``hand``, ``next_hand()`` (a ``DealSummary``), ``balances``, ``carried``, ``pot``,
``deals_played``, ``target``, ``standings()``, ``undo(seat)``, ``is_over``, ``why_over``
(in words), ``ending`` (``(kind, seats)``), ``winner``, ``leaders``, ``history``,
``record()``.

Bots: ``RandomBot`` and ``KopknackHeuristic`` (``kortspel.bot_for("kopknack", level)``).

The package is split by concern: ``cards`` (the pack and its ranks), ``rules`` (options and
session lengths), ``tricks`` (the duties and who wins a trick), ``state`` (what the rules
decide in a deal), ``narration`` (how each happening is told), ``telling`` (told to one
viewer), ``observation`` (what a seat may know), ``records`` (reading and writing deals),
``fast`` (speed tricks), ``game`` (a table), ``match`` (a session), ``bots`` and
``simulate`` (many deals on every core, for the strategy notebook).
"""

from __future__ import annotations

from ..shell import game_spec
from . import telling, worlds  # the search's and the coach's parts: on SPEC below
from .bots import KopknackHeuristic
from .cards import (
    DECK_SIZE,
    HAND_SIZE,
    ORDER,
    PACK,
    SUIT,
    SUITS,
    VALUE,
    by_strength,
    parse_card,
    show,
    show_all,
    spoken,
    suit_word,
)
from .fast import shuffled_pack
from .game import KopknackGame, game_for
from .match import DealSummary, KopknackMatch
from .narration import (
    EVENT_KINDS,
    KNACK,
    OUT_ZONE,
    TALON_ZONE,
    TRICK_ZONE,
    TRUMP_ZONE,
    won_zone,
)
from .observation import Observation
from .records import hidden_shuffle
from .rules import LENGTHS, OPTIONS, Rules, session_deals
from .state import PHASES, VERBS, KopknackState, Outcome
from .tricks import (
    DUTIES,
    FOLLOW,
    FREE,
    HEAD,
    LEAD_TRUMP,
    MUST_TRUMP,
    Duty,
    beats,
    broken_duty,
    duty,
    legal_cards,
    winning_index,
)

__all__ = [
    "PACK", "SUITS", "SUIT", "VALUE", "ORDER", "DECK_SIZE", "HAND_SIZE", "parse_card", "show",
    "show_all", "spoken", "suit_word", "by_strength", "shuffled_pack",
    "Rules", "OPTIONS", "LENGTHS", "session_deals",
    "Duty", "DUTIES", "FREE", "FOLLOW", "HEAD", "LEAD_TRUMP", "MUST_TRUMP", "duty",
    "legal_cards", "broken_duty", "winning_index", "beats",
    "KopknackGame", "KopknackState", "Outcome", "PHASES", "VERBS", "Observation",
    "EVENT_KINDS", "KNACK", "TALON_ZONE", "TRUMP_ZONE", "TRICK_ZONE", "OUT_ZONE", "won_zone",
    "KopknackMatch", "DealSummary", "KopknackHeuristic", "game_for", "hidden_shuffle", "SPEC",
]


SPEC = game_spec(KopknackGame, KopknackHeuristic, KopknackMatch, game_for,
                 hidden_shuffle, OPTIONS, EVENT_KINDS,
                 aliases=("köp knack", "kop knack"),
                 bench_seats=7, bench_unit="deals", match_word="session", bench_aim="aim 8,000",
                 worlds=worlds, telling=telling)
