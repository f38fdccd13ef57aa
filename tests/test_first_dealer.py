"""How the first dealer is found, told at the play table as a match starts (issue 19, item
11): Swedish Knock cuts, Gnällknekt draws for high card, Köpknack draws lots. The words name
the seat that then deals, in the person of the one who plays."""

from __future__ import annotations

import html
import re

import pytest


def _plain(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", value))


@pytest.mark.parametrize("name", ["knock", "kopknack", "gnallknekt"])
def test_the_table_says_who_deals_first_and_why(name: str) -> None:
    from kortspel.widgets import Play

    for seed in range(6):
        play = Play(game=name, pace=0, seed=seed, auto=False)
        dealer = play.match.first_dealer
        said = _plain(play.news.value)
        last = said.rsplit(". ", 1)[-1]
        if dealer == 0:
            assert last.startswith("You ") and last.endswith(" deal first."), said
        else:
            name_ = play.game.names[dealer]
            assert last.startswith(f"{name_} ") and last.endswith(f"{name_} deals first.") \
                or last.endswith(" and deals first."), said
        assert play.hand.dealer == dealer
        play._restart(asked=True)
        assert _plain(play.news.value).endswith("first."), "a new match tells its own draw"
        play.close()


def test_a_match_told_its_dealer_draws_nothing_and_says_nothing() -> None:
    from kortspel.widgets import Play

    play = Play(game="kille", pace=0, seed=1, auto=False)
    assert play.news.value == ""  # Kille's text names no way to find the first dealer
    play.close()
