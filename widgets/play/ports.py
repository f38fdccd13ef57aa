"""What each part of ``Play`` may read and ask of the view it sits in: one Protocol a part.

``Play`` (``view.py``) owns its parts, a ``MatchDriver`` (``driver.py``), a ``ClickRouter``
(``router.py``), a ``Board`` and the panels beside it (``panels.py``, ``coach_panel.py``),
and stands between them: each part is handed the view typed as the one Protocol here that
says what that part needs, and nothing else. So a part reads no other part's private
state, and a panel can be built and refreshed in a test against a small fake that
implements ``PanelHost``, without a whole ``Play`` (``tests/drawing/test_play_parts.py``).

A leaf module: it imports no view and no part, so every part may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol

from kortspel import Action

Picks = Mapping[Action, frozenset[Hashable]]
"""Actions made by picking a set of cards, each with the cards it takes (an adapter's
``picks``)."""


class PanelHost(Protocol):
    """What a panel may read of the view (the game, the hand on show, whose screen it is and
    what that seat may see and do now) and ask of it (redraw, say a line, act, run later).

    A panel changes nothing in the match but through ``act``; everything it reads is public
    and read only, so a fake with plain attributes is one."""

    @property
    def spec(self) -> Any:
        """The game's ``GameSpec`` (its title, its words for a hand and a match)."""

    @property
    def adapter(self) -> Any:
        """The game's table adapter (``widgets/games``)."""

    @property
    def names(self) -> Sequence[str]:
        """The seats' names, in seat order."""

    @property
    def seed(self) -> int | str | None:
        """The view's seed: a panel's own randomness is drawn from it, so it repeats."""

    @property
    def hand(self) -> Any:
        """The hand on the table now (a state)."""

    @property
    def match(self) -> Any:
        """The match the hand belongs to."""

    @property
    def screen(self) -> int:
        """The human seat whose screen the view is (several take turns at one screen)."""

    @property
    def closed(self) -> bool:
        """The view is closed for good: a panel shows nothing new."""

    @property
    def verb_buttons(self) -> Mapping[str, Any]:
        """The view's button of each verb (a panel may add words to a label)."""

    def viewer(self) -> int | None:
        """The seat whose view the table shows, or ``None`` when every card is shown."""

    def human_turn(self) -> int | None:
        """The human seat whose turn it is, or ``None``."""

    def picks(self) -> Picks:
        """The actions the acting human makes by picking cards (empty when none)."""

    def button_action(self, verb: str) -> Action | None:
        """The action a press of ``verb``'s button plays now, or ``None``."""

    def redraw(self) -> None:
        """Draw the table and every panel again from the state of things now."""

    def say(self, text: str) -> None:
        """Tell the learner ``text`` in the status line."""

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Play a human decision as a click would; ``False`` (and said why) if refused."""

    def soon(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` in a moment, after the clicks already waiting (a long job in slices)."""


class DriverHost(Protocol):
    """What the match driver asks of the view around it: the pace, whose screen it is, and
    to forget a choice half made, redraw, say and announce, after it moved the match."""

    @property
    def screen(self) -> int:
        """The human seat whose screen the view is (undo takes back its decisions)."""

    def pace_seconds(self) -> float:
        """Seconds between computer moves now (the pace slider); 0 for no waiting."""

    def forget_choices(self) -> None:
        """Drop a choice half made (a card chosen, cards picked, a question asked)."""

    def redraw(self) -> None:
        """Draw the table and every panel again."""

    def say(self, text: str) -> None:
        """Tell the learner ``text`` in the status line."""

    def announce(self, markup: str) -> None:
        """Show ``markup`` (HTML, already escaped) as the news between hands; ``""`` clears."""


class RouterHost(Protocol):
    """What the click router reads of the view (the game, the hand, the seats) and asks of
    it (play a legal action, deal a new match, redraw, say, show or hide a question)."""

    @property
    def spec(self) -> Any:
        """The game's ``GameSpec``."""

    @property
    def adapter(self) -> Any:
        """The game's table adapter: its click paths, picks, refusals and confirmations."""

    @property
    def names(self) -> Sequence[str]:
        """The seats' names, in seat order."""

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people at this screen."""

    @property
    def restart_words(self) -> str:
        """What the status tells a learner to do after a match."""

    @property
    def hand(self) -> Any:
        """The hand on the table now."""

    @property
    def match(self) -> Any:
        """The match the hand belongs to."""

    @property
    def closed(self) -> bool:
        """The view is closed for good: nothing is played any more."""

    def human_turn(self) -> int | None:
        """The human seat whose turn it is, or ``None``."""

    def apply(self, action: Action) -> bool:
        """Play ``action``, legal for a human seat and confirmed, and move the match on."""

    def start_new_match(self) -> None:
        """Give up the match (the learner said Yes) and deal a new one."""

    def redraw(self, keep_status: bool = False) -> None:
        """Draw the table and every panel again; ``keep_status`` keeps a line just said."""

    def say(self, text: str) -> None:
        """Tell the learner ``text`` in the status line."""

    def show_question(self, text: str | None) -> None:
        """Ask ``text`` with Yes and No beside it, or (``None``) hide the question."""
