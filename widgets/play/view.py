"""``Play``: a real match, you against computer players, on callbacks only.

The view is three parts with one concern each, put together here: the match driver
(``driver.py``: turns, bots, timers, undo), the click router (``router.py``: what a click or
a button means) and the panels (``panels.py``: the table, the status, the buttons, the
story, the scores, and any panel added with ``add_panel``). This module checks the
arguments and joins them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import KortspelError

from ..games import adapter_for
from ..parts import brief as _brief
from ..parts import replace_in_cell
from ..parts import with_pictures as _with_pictures
from .coach_panel import CoachPanel
from .driver import DEFAULT_NAMES, HumanPlayer, MatchDriver, make_bot, opponent_levels
from .panels import Panels
from .router import ClickRouter


class Play(MatchDriver, ClickRouter, Panels, W.VBox):
    """A real match: you against computer players, on callbacks only.

    Computer moves are made one at a time through ``kortspel.step``, ``pace`` seconds
    apart on the kernel's event loop (or at once when no loop runs, as in tests); each human
    seat is a ``HumanPlayer`` that waits for clicks. A click on a card or a zone follows the
    adapter's paths: an action of one click happens at once; for two clicks, the first
    selects a card and shows where it may go. The buttons are made once and shown or hidden,
    timers are cancelled when the view closes or its cell runs again, and a choice pending
    (a selection, a confirmation) never outlives the hand it was made in.

    The coach (``coach_panel.py``): ``hints`` shows a Hint button (on in practice, off in a
    match unless ``hints=True``); ``beliefs`` the toggle **What might they hold?** (``None``:
    as ``hints``); ``review`` judges every hand you played in once it ends. Each is a
    teacher's switch: off, its button or review is not there at all (a test).
    ``coach_seconds`` is a hint's thinking time (a reviewed decision gets a third of it);
    ``coach_playouts`` fixes a number of sampled deals instead (tests), so every answer is
    the same each time.
    """

    def __init__(self, game: str = "kille", seats: int = 5, names: Sequence[str] | None = None,
                 you: int | Sequence[int] = 0, length: str | int | None = None,
                 opponents: str = "heuristic", seed: int | str | None = None,
                 practice: bool = True, pace: float = 0.8, auto: bool = True,
                 hints: bool | None = None, review: bool = True, beliefs: bool | None = None,
                 coach_seconds: float = 1.0, coach_playouts: int | None = None,
                 **rules: Any) -> None:
        spec = kortspel.spec(game)
        low, high = spec.seats
        if names is not None:
            if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
                raise KortspelError(f"names is a list of seat names, not {_brief(names)}")
            seats = len(names)
        if type(seats) is not int or not low <= seats <= high:
            raise KortspelError(f"{spec.title} is played by {low} to {high} seats; seats="
                                f"{_brief(seats)} cannot be dealt")
        humans = self._check_you(you, seats)
        if names is None:
            # One person is "you"; several at one screen are told apart by name.
            names = list(DEFAULT_NAMES[:seats]) if len(humans) == 1 else [
                f"Player {humans.index(s) + 1}" if s in humans else DEFAULT_NAMES[s]
                for s in range(seats)]
        self.game = kortspel.load(spec.name, seats=seats, names=list(names), **rules)
        self.humans = humans
        levels = opponent_levels(spec)
        if not isinstance(opponents, str) or opponents not in levels:
            raise KortspelError(f"opponents is one of {', '.join(levels)}, not "
                                f"{_brief(opponents)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise KortspelError(f"seed is a whole number or text, not {_brief(seed)}")
        if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= 5:
            raise KortspelError(f"pace is seconds between computer moves, 0 to 5, not "
                                f"{_brief(pace)}")
        # Every argument is checked before the first widget is made: a refused view leaves
        # no model open in the kernel.
        for flag, name, what in ((hints, "hints", "the Hint button"),
                                 (review, "review", "the coach's review after each "
                                                    f"{spec.hand_word}"),
                                 (beliefs, "beliefs", "the button What might they hold?")):
            if flag is not None and not isinstance(flag, bool):
                raise KortspelError(f"{name} is True or False, not {_brief(flag)}: "
                                    f"{name}=False leaves out {what} (for a test)")
        if isinstance(coach_seconds, bool) or not isinstance(coach_seconds, int | float) or \
                not 0 < coach_seconds <= 10:
            raise KortspelError(f"coach_seconds is the coach's time to think, more than 0 and "
                                f"at most 10 seconds, not {_brief(coach_seconds)}")
        if coach_playouts is not None and (type(coach_playouts) is not int
                                           or not 1 <= coach_playouts <= 10_000):
            raise KortspelError(f"coach_playouts is a number of sampled deals, 1 to 10000, "
                                f"not {_brief(coach_playouts)}")
        self.adapter = adapter_for(spec.name)
        self.spec = spec
        self.match_options = self._length(spec, length)
        self.practice = bool(practice)
        self.seed = seed
        self.auto = auto  # False: computer seats move only when bot_step() is called (tests)
        self.rng = random.Random(seed)
        self.players: list[Any] = [
            HumanPlayer(names[s]) if s in self.humans
            else make_bot(spec, opponents, names[s]) for s in range(seats)]
        self._pending = None
        self._auto_steps = 0
        # What the status tells a learner to do after a match; an app that deals new games
        # with its own button hides New match and says its own words here.
        self.restart_words = f"press New {spec.match_word} to play again"
        self._closed = False
        self._clicks = ()
        # Cards picked for an action made by picking a set and pressing its button (an
        # adapter's ``picks``: cards to exchange), in any order.
        self._picked = frozenset()
        # A question waiting for Yes or No: what it is about, and the hand it was asked in.
        self._confirming = None
        self._screen = self.humans[0]  # the human whose view the screen shows
        self._handover = None
        self.match = self._new_match()  # a length the match refuses: no widget made yet
        self.news = W.HTML()  # a pot won, the match won: said once, between hands
        self._tell_first_deal()
        # Hints are for practice: a match (practice=False) has none unless asked for.
        self.hints = self.practice if hints is None else hints
        children = self._build_panels(pace)
        self.coach = CoachPanel(self, hints=self.hints, review=review, beliefs=beliefs,
                                seconds=coach_seconds, review_seconds=coach_seconds / 3,
                                playouts=coach_playouts)
        self.add_panel(self.coach)
        # Under the table, as wide as the view.
        children.insert(children.index(self.table_row) + 1, self.coach.replay_box)
        super().__init__(children)
        replace_in_cell(self, "play")
        self._refresh()
        self._schedule()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self.table,
                              f"{self.spec.title} against the computer. {self.table.alt}")
