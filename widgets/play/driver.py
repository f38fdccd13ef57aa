"""The match driver of ``Play``: whose turn it is, the computer's moves on a timer, a human's
decision applied, the hand and match moved on, and undo.

It holds no widgets of its own and draws nothing: after every change it asks for
``self._refresh()`` (the panels) and ``self._schedule()`` (the next computer move). The
computer's moves are made one at a time through ``kortspel.step``, ``pace`` seconds apart on
the kernel's event loop, or at once when no loop runs (tests). ``_later`` is the one way to
run something after a delay; a long job (the coach's review) is cut into slices with it too,
so the table stays usable while it runs.
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import kortspel
from kortspel import Action, InvalidActionError, KortspelError
from kortspel.search import searchable
from kortspel.search import step as think_and_step

from ..parts import brief as _brief
from ..parts import close_all
from ..parts import status_html as _status_html

if TYPE_CHECKING:
    from .host import PlayHost as _Host
else:
    _Host = object  # the parts' base for the type checker only (host.py)

DEFAULT_NAMES = ("you", "Anna", "Bo", "Cilla", "Dag", "Eva", "Frej", "Gun")


EXPERT_SECONDS = 0.5
"""How long the strong computer player thinks a move at the table: half the search's default,
so a table of four such players still answers within a couple of seconds."""


def opponent_levels(spec: Any) -> list[str]:
    """The computer players a table offers, easiest first: the game's own bots, then the
    player that thinks ahead (``"expert"``, shown as "strong") where the search plays."""
    return [*spec.bots, *(["expert"] if searchable(spec.name) else [])]


def make_bot(spec: Any, level: str, name: str) -> Any:
    """A computer seat of ``level`` (one of ``opponent_levels``)."""
    if level == "expert":
        return kortspel.bot_for(spec.name, "expert", name=name, seconds=EXPERT_SECONDS)
    return kortspel.bot_for(spec.name, level, name=name)


class HumanPlayer:
    """A seat played by a person: ``kortspel.step`` asks it like any bot, and it answers
    with the action the person chose by clicking, or ``None`` to wait for one."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.queued: Action | None = None

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        act, self.queued = self.queued, None
        return act if act is not None and act in legal else None

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random
                  ) -> Action | None:
        if self.queued is not None and self.queued in legal:
            act, self.queued = self.queued, None
            return act
        return None


class MatchDriver(_Host):
    """Turns, bots, timers, undo: the part of ``Play`` that moves the match on.

    The view (``Play``) sets ``game``, ``spec``, ``adapter``, ``humans``, ``players``,
    ``rng``, ``match``, ``auto`` and the ``pace`` slider before the first call; the
    router and the panels give ``_say``, ``_ask``, ``_forget_choices`` and ``_refresh``."""

    _pending: asyncio.TimerHandle | None = None
    _closed = False
    _auto_steps = 0

    @staticmethod
    def _check_you(you: Any, seats: int) -> tuple[int, ...]:
        humans = (you,) if type(you) is int else you
        if not isinstance(humans, list | tuple) or not humans or not all(
                type(h) is int and 0 <= h < seats for h in humans) or len(set(humans)) != len(
                humans):
            raise KortspelError(f"you is your seat number (0 to {seats - 1}), or a list of the "
                                f"human seats for hot-seat play, not {_brief(you)}")
        return tuple(humans)

    @staticmethod
    def _length(spec: Any, length: Any) -> dict[str, Any]:
        """The match's length: as given, or (``None``) the shortest the game's match offers,
        since a match in class should end within the lesson. A game whose match has no
        lengths to choose (its ``LENGTHS``) refuses one."""
        lengths = getattr(spec.match, "LENGTHS", None)
        if length is None:
            return {"length": next(iter(lengths))} if lengths else {}
        if not lengths:
            raise KortspelError(f"a {spec.title} {spec.match_word} has no lengths to choose "
                                f"from; leave length out")
        return {"length": length}

    def _tell_first_deal(self) -> None:
        """Say once, as a match starts, how its first dealer was found (Knock's cut,
        Gnällknekt's draw, Köpknack's lots: an adapter's ``first_deal``), to the human seat."""
        first_deal = getattr(self.adapter, "first_deal", None)
        said = first_deal(self.match, self._screen) if first_deal is not None else []
        self.news.value = _status_html(html.escape(" ".join(said))) if said else ""

    def _new_match(self) -> Any:
        assert self.spec.match is not None
        return self.spec.match(self.game, seed=self.rng.randrange(2**32), **self.match_options)

    @property
    def hand(self) -> Any:
        return self.match.hand

    def _human_turn(self) -> int | None:
        s = self.hand.to_act
        return s if s in self.humans else None

    def _viewer(self) -> int | None:
        if self.practice and len(self.humans) == 1 and self.teacher.value:
            return None
        return self._screen

    def _sitting_out(self) -> str:
        """Why every human watches this hand, or empty when one of them plays in it."""
        sits_out = getattr(self.adapter, "sits_out", None)
        if sits_out is None:
            return ""
        why = [sits_out(self.hand, s) for s in self.humans]
        return why[0] if all(why) else ""

    def _schedule(self) -> None:
        """Arrange the next computer move, if the computer has one to make; while every
        human sits a hand out, the hands play on by themselves at the same pace."""
        if self._closed or not self.auto or self._pending is not None:
            return
        if self.hand.is_over:
            if self._sitting_out() and not self.match.is_over:
                self._later(self._auto_next)
            return
        if self._human_turn() is not None:
            return
        delay = float(self.pace.value)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if delay <= 0 or loop is None:
            while not self.hand.is_over and self._human_turn() is None:
                if self.bot_step(redraw=False) is None:
                    break
            self._refresh()
            if self.hand.is_over and self._sitting_out() and not self.match.is_over:
                self._later(self._auto_next)
            return
        self._pending = loop.call_later(delay, self._timer)

    def _later(self, fn: Callable[[], None]) -> None:
        """``fn`` after the pace's delay on the running loop; at once (tests) otherwise."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        delay = max(float(self.pace.value), 0.8)
        if loop is None or float(self.pace.value) <= 0:
            if self._auto_steps < 500:  # a bound, so a match can never run away
                self._auto_steps += 1
                fn()
            return

        def run() -> None:
            self._pending = None
            if not self._closed:
                fn()

        self._pending = loop.call_later(delay, run)

    def _auto_next(self) -> None:
        if self.hand.is_over and not self.match.is_over and self._sitting_out():
            self._next_hand()

    def _timer(self) -> None:
        self._pending = None
        if self._closed:
            return
        self.bot_step()
        self._schedule()

    def _cancel(self) -> None:
        pending = self.__dict__.get("_pending")
        if pending is not None:
            pending.cancel()
            self._pending = None

    def soon(self, fn: Callable[[], None]) -> None:
        """``fn`` in a moment on the running loop, after the clicks already waiting (a long
        job cut into slices, as the coach's review, leaves the table usable between them);
        at once where no loop runs (tests), or at pace 0, which asks for no waiting as
        ``_later`` reads it (a loop another library left set, as Playwright's, may never turn
        in a test). Cancelled when the view closes."""
        if self._closed:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or float(self.pace.value) <= 0:
            fn()
            return
        handles = self.__dict__.setdefault("_soon", set())

        def run() -> None:
            handles.discard(handle)
            if not self._closed:
                fn()

        handle = loop.call_later(0.02, run)
        handles.add(handle)

    @property
    def pending_timers(self) -> int:
        return (0 if self._pending is None else 1) + len(self.__dict__.get("_soon", ()))

    def bot_step(self, redraw: bool = True) -> Action | None:
        """One computer move (a chance draw, a call out of turn, or the seat to act)."""
        hand = self.hand
        if hand.is_over:
            return None
        for p in self.players:
            if isinstance(p, HumanPlayer):
                p.queued = None  # a human's move is made in act(), never here
        # search.step asks the strong player to think (decide) and every other bot as
        # kortspel.step does.
        act = think_and_step(hand, self.players, self.rng)
        if act is not None and redraw:
            self._refresh()
        return act

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Play a human decision (an Action, or a verb for an action without arguments);
        anything not legal now is refused with a message and changes nothing. What is neither
        (``None``, a number, a dict) is refused with an ``InvalidActionError``."""
        if not isinstance(action, Action | str):
            verb = self._some_verb()
            raise InvalidActionError(
                "act takes an action: one of the Actions of hand.legal_actions(seat), or the "
                f"verb of one as text{f' ({verb!r})' if verb else ''}, not {_brief(action)}")
        if self._closed:
            return False
        if isinstance(action, str):
            seat = self._acting_human() if seat is None else seat
            if seat is None:
                self._say(self._why_not())
                return False
            found: list[Action] = [a for a in self.hand.legal_actions(seat) if a.verb == action]
            if not found:
                self._say(self._why_not(seat, action))
                return False
            action = found[0]
        if action.seat not in self.humans or action not in self.hand.legal_actions(
                action.seat):
            self._say(self._why_not(action.seat, action.verb))
            return False
        question = getattr(self.adapter, "confirm", lambda *_: None)(self.hand, action)
        if question and self._confirming != (action, id(self.hand)):
            self._ask(action, question)
            return False
        self._forget_choices()
        self._cancel()
        self._auto_steps = 0
        try:
            self.hand.apply(action)
        except KortspelError as err:  # legal a moment ago; say so rather than crash
            self._say(str(err))
            return False
        self._refresh()
        self._schedule()
        return True

    def _some_verb(self) -> str:
        """A verb to show in a message: one a human seat may use now, or none."""
        hand = self.hand
        for seat in (hand.to_act, *self.humans):
            if seat in self.humans and not hand.is_over:
                legal = hand.legal_actions(seat)
                if legal:
                    return str(legal[0].verb)
        return ""

    def _next_hand(self) -> None:
        if not self.hand.is_over:
            self._say(f"Finish this {self.spec.hand_word} first.")
            return
        if self.match.is_over:
            self._say(f"The {self.spec.match_word} is over: {self.restart_words}.")
            return
        self._forget_choices()
        summary = self.match.next_hand()
        between = getattr(self.adapter, "between", None)
        said = between(self.match, summary) if between else ""
        self.news.value = _status_html(f"<b>{html.escape(said)}</b>") if said else ""
        self._refresh()
        self._schedule()

    def _restart(self, asked: bool = False) -> None:
        """A new match; one in progress is given up only after a Yes."""
        if not asked and not self.match.is_over and (self.match.history or self.hand.actions):
            whole = self.spec.match_word
            self._ask("new match", f"Start a new {whole}? This {whole} is not finished.")
            return
        self._cancel()
        self._forget_choices()
        self.match = self._new_match()
        self._tell_first_deal()
        self._refresh()
        self._schedule()

    def _undo(self) -> None:
        if not self.practice:
            return
        self._cancel()
        self._forget_choices()
        try:
            undone = self.match.undo(self._screen)
        except KortspelError as err:
            self._say(str(err))
            return
        if not undone:
            self._say("Nothing of yours to take back in this hand.")
            return
        self._refresh()
        self._schedule()

    def close(self) -> None:
        """Stop for good: cancel the timer and close every widget this view made (each one
        is shown somewhere inside the view, hidden or not, so the walk finds them all)."""
        self._closed = True
        self._cancel()
        for handle in self.__dict__.pop("_soon", set()):
            handle.cancel()
        close_all(self)
