"""``Play``: a real match, you against computer players, on callbacks only.

``Play`` is a ``VBox`` that owns its parts, each an object with one concern: the match
driver (``driver.py``: turns, bots, timers, undo), the click router (``router.py``: what a
click or a button means), the board (``panels.py``: the table, the status, the buttons)
and the panels beside it (the story, the scores, the coach's, any added with
``add_panel``). No part reaches into another: each is handed the view typed as the one
Protocol of ``ports.py`` that says what it may read and ask (a panel: ``PanelHost``), and
the view answers by asking the part that knows. This module checks the arguments, makes
the parts and stands between them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import Action, KortspelError
from kortspel.i18n import _, check_language, using

from ..games import adapter_for
from ..parts import brief, close_all, replace_in_cell, with_pictures
from .coach_panel import CoachPanel
from .driver import (
    DEFAULT_NAMES,
    HumanPlayer,
    MatchDriver,
    check_you,
    make_bot,
    match_length,
    opponent_levels,
)
from .panels import Board, Panel
from .ports import Picks
from .router import ClickRouter


class Play(W.VBox):
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

    The parts: ``driver`` (a ``MatchDriver``), ``router`` (a ``ClickRouter``), ``board`` (a
    ``Board``) and ``coach`` (a ``CoachPanel``), each given this view as the narrow host it
    needs (``ports.py``). The view's widgets and the state tests read (``table``,
    ``status``, ``verb_buttons``, ``match``, ``hand``, ...) are the parts', named here too.
    """

    # The board's proportions and words, read by tests and pages as Play's.
    ASPECT, STACKED_ASPECT = Board.ASPECT, Board.STACKED_ASPECT
    TABLE_BASIS, SIDE_BASIS = Board.TABLE_BASIS, Board.SIDE_BASIS
    ROOM_MARGIN = Board.ROOM_MARGIN
    CHOSEN = Board.CHOSEN

    def __new__(cls, *args: Any, **kwargs: Any) -> Play:
        """``Play(room="HQTKA", name="Alva", server="http://192.168.1.20:8765")`` (and
        ``language=``): a seat at a classroom room instead, a ``RoomPlay``
        (``widgets/room_view.py``), where the room's server runs the match."""
        if "room" not in kwargs:
            return super().__new__(cls, *args, **kwargs)
        from ..room_view import room_play

        return room_play(*args, **kwargs)

    def __init__(self, game: str = "kille", seats: int = 5, names: Sequence[str] | None = None,
                 you: int | Sequence[int] = 0, length: str | int | None = None,
                 opponents: str = "heuristic", seed: int | str | None = None,
                 practice: bool = True, pace: float = 0.8, auto: bool = True,
                 hints: bool | None = None, review: bool = True, beliefs: bool | None = None,
                 coach_seconds: float = 1.0, coach_playouts: int | None = None,
                 language: str | None = None, **rules: Any) -> None:
        # The language first: a wrong one is refused as set_language refuses it, before
        # anything is made; everything below speaks it.
        code = None if language is None else check_language(language)
        self._language = code
        with using(code):
            spec = kortspel.spec(game)
            low, high = spec.seats
            if names is not None:
                if not isinstance(names, list | tuple) or not all(isinstance(n, str)
                                                                  for n in names):
                    raise KortspelError(f"names is a list of seat names, not {brief(names)}")
                seats = len(names)
            if type(seats) is not int or not low <= seats <= high:
                raise KortspelError(f"{spec.title} is played by {low} to {high} seats; seats="
                                    f"{brief(seats)} cannot be dealt")
            humans = check_you(you, seats)
            if names is None:
                # One person is "you"; several at one screen are told apart by name.
                names = list(DEFAULT_NAMES[:seats]) if len(humans) == 1 else [
                    _("Player {n}").format(n=humans.index(s) + 1) if s in humans
                    else DEFAULT_NAMES[s]
                    for s in range(seats)]
            table = kortspel.load(spec.name, seats=seats, names=list(names), **rules)
            levels = opponent_levels(spec)
            if not isinstance(opponents, str) or opponents not in levels:
                raise KortspelError(f"opponents is one of {', '.join(levels)}, not "
                                    f"{brief(opponents)}")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
                raise KortspelError(f"seed is a whole number or text, not {brief(seed)}")
            if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= 5:
                raise KortspelError(f"pace is seconds between computer moves, 0 to 5, not "
                                    f"{brief(pace)}")
            # Every argument is checked before the first widget is made: a refused view leaves
            # no model open in the kernel.
            for flag, name, what in ((hints, "hints", "the Hint button"),
                                     (review, "review", "the coach's review after each "
                                                        f"{spec.hand_word}"),
                                     (beliefs, "beliefs", "the button What might they hold?")):
                if flag is not None and not isinstance(flag, bool):
                    raise KortspelError(f"{name} is True or False, not {brief(flag)}: "
                                        f"{name}=False leaves out {what} (for a test)")
            if isinstance(coach_seconds, bool) or not isinstance(coach_seconds, int | float) or \
                    not 0 < coach_seconds <= 10:
                raise KortspelError(f"coach_seconds is the coach's time to think, more than 0 and "
                                    f"at most 10 seconds, not {brief(coach_seconds)}")
            if coach_playouts is not None and (type(coach_playouts) is not int
                                               or not 1 <= coach_playouts <= 10_000):
                raise KortspelError(f"coach_playouts is a number of sampled deals, 1 to 10000, "
                                    f"not {brief(coach_playouts)}")
            self.game: Any = table
            self.adapter = adapter_for(spec.name)
            self.spec = spec
            self.practice = bool(practice)
            self.seed = seed
            self.humans = humans
            players: list[Any] = [
                HumanPlayer(names[s]) if s in humans
                else make_bot(spec, opponents, names[s]) for s in range(seats)]
            # The match is dealt here: a length the match refuses leaves no widget made.
            self.driver = MatchDriver(self, spec=spec, game=table, adapter=self.adapter,
                                      humans=humans, players=players, rng=random.Random(seed),
                                      match_options=match_length(spec, length),
                                      practice=self.practice, auto=auto)
            self.router = ClickRouter(self, screen=humans[0])
            self.board = board = Board(self, self.driver, self.router, pace)
            # The board's widgets, by the names the view has always had.
            self.table, self.status, self.news = board.table, board.status, board.news
            self.verb_buttons, self.actions = board.verb_buttons, board.actions
            self.confirm, self.question, self.yes, self.no = (board.confirm, board.question,
                                                              board.yes, board.no)
            self.ready, self.next_hand, self.new_match, self.undo = (board.ready, board.next_hand,
                                                                     board.new_match, board.undo)
            self.teacher, self.pace, self.bar = board.teacher, board.pace, board.bar
            self.controls, self.told, self.table_row = board.controls, board.told, board.table_row
            self.probe, self.room_probe = board.probe, board.room_probe
            self.progress_panel, self.review_panel = board.progress_panel, board.review_panel
            self.story_panel, self.scores_panel = board.story_panel, board.scores_panel
            self.progress, self.review = board.progress_panel.widget, board.review_panel.widget
            self.story, self.scores = board.story_panel.widget, board.scores_panel.widget
            self.panels: list[Panel] = board.panels
            self.driver.tell_first_deal()
            # Hints are for practice: a match (practice=False) has none unless asked for.
            self.hints = self.practice if hints is None else hints
            self.coach = CoachPanel(self, hints=self.hints, review=review, beliefs=beliefs,
                                    seconds=coach_seconds, review_seconds=coach_seconds / 3,
                                    playouts=coach_playouts)
            self.add_panel(self.coach)
            children = list(board.children)
            # Under the table, as wide as the view.
            children.insert(children.index(self.table_row) + 1, self.coach.replay_box)
            super().__init__(children)
            replace_in_cell(self, "play")
            self.redraw()
            self.driver.schedule()

    # -- the view's public calls ------------------------------------------------------------

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Play a human decision (an Action, or a verb for an action without arguments);
        anything not legal now is refused with a message and changes nothing. What is neither
        (``None``, a number, a dict) is refused with an ``InvalidActionError``."""
        with using(self._language):
            return self.router.act(action, seat)

    def press(self, verb: str) -> bool:
        """A verb's button: the action of that verb for the human whose screen it is."""
        with using(self._language):
            return self.router.press(verb)

    def button_action(self, verb: str) -> Action | None:
        """The action a press of ``verb``'s button plays now, or ``None``."""
        return self.router.button_action(verb)

    def bot_step(self, redraw: bool = True) -> Action | None:
        """One computer move (a chance draw, a call out of turn, or the seat to act)."""
        with using(self._language):
            return self.driver.bot_step(redraw)

    @property
    def language(self) -> str | None:
        """The language this view speaks (``"en"``, ``"sv"``), or ``None``: the kernel's,
        as ``kortspel.set_language`` set it. Set it to switch the table on show at once:
        its buttons are relabelled and everything drawn again in the new language (the
        coach's words already said stay as they were said, a hint on show is dropped)."""
        return self._language

    @language.setter
    def language(self, value: str | None) -> None:
        self._language = None if value is None else check_language(value)
        self.table.language = self._language
        with using(self._language):
            self.board.relabel()
            self.coach.relabel()
            self.driver.retell()
            self.redraw()

    def add_panel(self, panel: Panel, place: str = "controls") -> Panel:
        """Show ``panel`` at the end of the controls (``"controls"``) or of the story's
        column (``"told"``), and refresh it with the others from now on."""
        return self.board.add_panel(panel, place)

    def soon(self, fn: Callable[[], None]) -> None:
        """``fn`` in a moment, after the clicks already waiting; cancelled on close."""
        self.driver.soon(fn)

    @property
    def pending_timers(self) -> int:
        return self.driver.pending_timers

    def close(self) -> None:
        """Stop for good: cancel the timers and close every widget this view made (each one
        is shown somewhere inside the view, hidden or not, so the walk finds them all)."""
        # A view refused in its constructor is closed by ipywidgets' ``__del__`` too, before
        # it has a driver: then there is no timer to stop.
        driver: MatchDriver | None = self.__dict__.get("driver")
        if driver is not None:
            driver.close()
        close_all(self)

    # -- what the parts read and ask (ports.PanelHost, DriverHost, RouterHost) -------------

    @property
    def hand(self) -> Any:
        return self.driver.match.hand

    @property
    def match(self) -> Any:
        return self.driver.match

    @property
    def players(self) -> list[Any]:
        return self.driver.players

    @property
    def rng(self) -> random.Random:
        return self.driver.rng

    @property
    def auto(self) -> bool:
        return self.driver.auto

    @auto.setter
    def auto(self, value: bool) -> None:
        self.driver.auto = value

    @property
    def match_options(self) -> dict[str, Any]:
        return self.driver.match_options

    @property
    def restart_words(self) -> str:
        """What the status tells a learner to do after a match; an app that deals new games
        with its own button hides New match and says its own words here."""
        return self.driver.restart_words

    @restart_words.setter
    def restart_words(self, words: str) -> None:
        self.driver.restart_words = words

    @property
    def names(self) -> Sequence[str]:
        names: Sequence[str] = self.game.names
        return names

    @property
    def screen(self) -> int:
        return self.router.screen

    @property
    def closed(self) -> bool:
        return self.driver.closed

    def viewer(self) -> int | None:
        """The seat whose view the table shows: the screen's human, or (``None``) every
        card when one learner practises with Show every card ticked."""
        if self.practice and len(self.humans) == 1 and self.board.teacher.value:
            return None
        return self.router.screen

    def human_turn(self) -> int | None:
        return self.driver.human_turn()

    def picks(self) -> Picks:
        return self.router.picks()

    def redraw(self, keep_status: bool = False) -> None:
        with using(self._language):
            self.board.refresh(keep_status)

    def say(self, text: str) -> None:
        self.board.say(text)

    def show_question(self, text: str | None) -> None:
        self.board.show_question(text)

    def announce(self, markup: str) -> None:
        self.board.announce(markup)

    def pace_seconds(self) -> float:
        return float(self.board.pace.value)

    def forget_choices(self) -> None:
        self.router.forget_choices()

    def apply(self, action: Action) -> bool:
        return self.driver.apply(action)

    def start_new_match(self) -> None:
        with using(self._language):
            self.driver.new_match()

    # -- the names the view's parts had when they were one object (tests read them) --------

    def _refresh(self, keep_status: bool = False) -> None:
        self.redraw(keep_status)

    def _human_turn(self) -> int | None:
        return self.driver.human_turn()

    def _viewer(self) -> int | None:
        return self.viewer()

    def _sitting_out(self) -> str:
        return self.driver.sitting_out()

    def _acting_human(self) -> int | None:
        return self.router.acting_human()

    def _clicked(self, ref: Hashable | None) -> None:
        with using(self._language):
            self.router.clicked(ref)

    def _targets(self) -> tuple[frozenset[Hashable], frozenset[Hashable]]:
        return self.router.targets()

    def _routes(self) -> list[tuple[Action, tuple[Hashable, ...]]]:
        return self.router.routes()

    def _picks(self) -> Mapping[Action, frozenset[Hashable]]:
        return self.router.picks()

    def _forget_choices(self) -> None:
        self.router.forget_choices()

    def _confirmed(self) -> None:
        with using(self._language):
            self.router.confirmed()

    def _drop_confirm(self) -> None:
        with using(self._language):
            self.router.drop_confirm()

    def _take_over(self) -> None:
        with using(self._language):
            self.router.take_over()

    def _next_hand(self) -> None:
        with using(self._language):
            self.driver.next_hand()

    def _restart(self, asked: bool = False) -> None:
        with using(self._language):
            self.router.restart(asked)

    def _undo(self) -> None:
        with using(self._language):
            self.driver.undo()

    def _schedule(self) -> None:
        with using(self._language):
            self.driver.schedule()

    def _cancel(self) -> None:
        self.driver.cancel()

    def _page_width(self, width: int) -> None:
        with using(self._language):
            self.board.page_width(width)

    def _page_room(self, screen: int, top: int) -> None:
        with using(self._language):
            self.board.page_room(screen, top)

    @property
    def _closed(self) -> bool:
        return self.driver.closed

    @property
    def _pending(self) -> Any:
        return self.driver.pending

    @property
    def _screen(self) -> int:
        return self.router.screen

    @_screen.setter
    def _screen(self, seat: int) -> None:
        self.router.screen = seat

    @property
    def _handover(self) -> int | None:
        return self.router.handover

    @_handover.setter
    def _handover(self, seat: int | None) -> None:
        self.router.handover = seat

    @property
    def _clicks(self) -> tuple[Hashable, ...]:
        return self.router.clicks

    @property
    def _picked(self) -> frozenset[Hashable]:
        return self.router.picked

    @property
    def _confirming(self) -> tuple[Any, int] | None:
        return self.router.confirming

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        with using(self._language):
            words = _("{game} against the computer. {table}").format(
                game=_(self.spec.title), table=self.table.alt)
        return with_pictures(super()._repr_mimebundle_(**kwargs), self.table, words)
