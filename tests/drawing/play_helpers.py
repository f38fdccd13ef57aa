"""What several view tests do with a ``Play``: play its hand to the end, the human seats
choosing by a fixed rule (the first or last legal action) and the computers their own."""

from __future__ import annotations

from typing import Any


def finish_hand(play: Any, pick: int = -1, moves: int = 5000) -> None:
    """Play ``play``'s hand to its end: a human seat takes its legal action at ``pick``, the
    computers move; fails if the hand is not over within ``moves`` steps."""
    for _ in range(moves):
        if play.hand.is_over:
            return
        seat = play._human_turn()
        if seat is not None:
            play.act(play.hand.legal_actions(seat)[pick])
        else:
            play.bot_step()
    raise AssertionError("the hand did not end")
