"""The match driver of ``Play``: whose turn it is, the computer's moves on a timer, a human's
decision applied, the hand and match moved on, and undo.

An object of its own, owned by ``Play``: it holds the match, the players, the random
generator and the timers, no widgets, and draws nothing. What it needs of the view (the
pace, whose screen it is, to redraw, say, announce and forget a choice half made) it asks
through ``ports.DriverHost``, so it can be driven without a ``Play``. After every change it
asks the view to redraw and ``schedule``s the next computer move. The computer's moves are
made one at a time through ``kortspel.step``, ``pace`` seconds apart on the kernel's event
loop, or at once when no loop runs (tests). ``later`` is the one way to run something after
a delay; a long job (the coach's review) is cut into slices with ``soon``, so the table
stays usable while it runs.
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Sequence
from typing import Any

import kortspel
from kortspel import Action, KortspelError
from kortspel.i18n import _
from kortspel.search import searchable
from kortspel.search import step as think_and_step

from ..parts import brief
from ..words import cap, hand_phrase, match_phrase
from .ports import DriverHost

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



def check_you(you: Any, seats: int) -> tuple[int, ...]:
    """The human seats ``you`` names (one seat, or a list for hot-seat play), refused in
    words when they are not distinct seats of the table."""
    humans = (you,) if type(you) is int else you
    if not isinstance(humans, list | tuple) or not humans or not all(
            type(h) is int and 0 <= h < seats for h in humans) or len(set(humans)) != len(
            humans):
        raise KortspelError(f"you is your seat number (0 to {seats - 1}), or a list of the "
                            f"human seats for hot-seat play, not {brief(you)}")
    return tuple(humans)


def match_length(spec: Any, length: Any) -> dict[str, Any]:
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


class MatchDriver:
    """Turns, bots, timers, undo: the part of ``Play`` that moves the match on.

    Made with the view's settings (the game's spec, its table, its adapter, the human
    seats, the players, the random generator, the match's options) and the view as its
    ``host`` (``ports.DriverHost``). It deals the first match at once: a length the match
    refuses is refused before any widget is made."""

    def __init__(self, host: DriverHost, *, spec: Any, game: Any, adapter: Any,
                 humans: tuple[int, ...], players: list[Any], rng: random.Random,
                 match_options: dict[str, Any], practice: bool, auto: bool) -> None:
        self.host = host
        self.spec = spec
        self.game = game
        self.adapter = adapter
        self.humans = humans
        self.players = players
        self.rng = rng
        self.match_options = match_options
        self.practice = practice
        self.auto = auto  # False: computer seats move only when bot_step() is called (tests)
        self.pending: asyncio.TimerHandle | None = None  # the next move's (or job's) timer
        self._soon: set[asyncio.TimerHandle] = set()
        self.closed = False
        self.auto_steps = 0  # moves made at once since the last human one (a bound)
        # The news on show (a first dealer found, a pot won), made again when asked: a view
        # whose language changes says it again in the new one.
        self.news: Callable[[], str] = str
        # What the status tells a learner to do after a match; an app that deals new games
        # with its own button hides New match and says its own words here (``None``: the
        # view's own, made in the language in use when said).
        self.own_restart_words: str | None = None
        self.match = self.deal_match()

    @property
    def restart_words(self) -> str:
        """What the status tells a learner to do after a match."""
        if self.own_restart_words is not None:
            return self.own_restart_words
        # i18n: after "The match is over: "; {new_match} is the button's words, "New match"
        return _("press {new_match} to play again").format(
            new_match=match_phrase(self.spec.match_word, "new"))

    @restart_words.setter
    def restart_words(self, words: str) -> None:
        self.own_restart_words = words

    def over_words(self) -> str:
        """What the status says once the match is over ("The match is over: press New
        match to play again.")."""
        return _("{the_match} is over: {restart}.").format(
            the_match=cap(match_phrase(self.spec.match_word, "the")),
            restart=self.restart_words)

    def deal_match(self) -> Any:
        """A new match of the view's options, seeded from the view's generator."""
        assert self.spec.match is not None
        return self.spec.match(self.game, seed=self.rng.randrange(2**32), **self.match_options)

    def tell_first_deal(self) -> None:
        """Say once, as a match starts, how its first dealer was found (Knock's cut,
        Gnällknekt's draw, Köpknack's lots: an adapter's ``first_deal``), to the human seat."""
        first_deal = getattr(self.adapter, "first_deal", None)
        match, screen = self.match, self.host.screen

        def news() -> str:
            said = first_deal(match, screen) if first_deal is not None else []
            return html.escape(" ".join(said)) if said else ""

        self.news = news
        self.host.announce(news())

    def retell(self) -> None:
        """Say the news on show again, in the language in use now (the view's language
        changed)."""
        self.host.announce(self.news())

    @property
    def hand(self) -> Any:
        return self.match.hand

    def human_turn(self) -> int | None:
        """The human seat whose turn it is, or ``None``."""
        s = self.hand.to_act
        return s if s in self.humans else None

    def sitting_out(self) -> str:
        """Why every human watches this hand, or empty when one of them plays in it."""
        sits_out = getattr(self.adapter, "sits_out", None)
        if sits_out is None:
            return ""
        why = [sits_out(self.hand, s) for s in self.humans]
        return why[0] if all(why) else ""

    def schedule(self) -> None:
        """Arrange the next computer move, if the computer has one to make; while every
        human sits a hand out, the hands play on by themselves at the same pace."""
        if self.closed or not self.auto or self.pending is not None:
            return
        if self.hand.is_over:
            if self.sitting_out() and not self.match.is_over:
                self.later(self._auto_next)
            return
        if self.human_turn() is not None:
            return
        delay = self.host.pace_seconds()
        loop = _running_loop()
        if delay <= 0 or loop is None:
            while not self.hand.is_over and self.human_turn() is None:
                if self.bot_step(redraw=False) is None:
                    break
            self.host.redraw()
            if self.hand.is_over and self.sitting_out() and not self.match.is_over:
                self.later(self._auto_next)
            return
        self.pending = loop.call_later(delay, self._timer)

    def later(self, fn: Callable[[], None]) -> None:
        """``fn`` after the pace's delay on the running loop; at once (tests) otherwise."""
        loop = _running_loop()
        pace = self.host.pace_seconds()
        delay = max(pace, 0.8)
        if loop is None or pace <= 0:
            if self.auto_steps < 500:  # a bound, so a match can never run away
                self.auto_steps += 1
                fn()
            return

        def run() -> None:
            self.pending = None
            if not self.closed:
                fn()

        self.pending = loop.call_later(delay, run)

    def _auto_next(self) -> None:
        if self.hand.is_over and not self.match.is_over and self.sitting_out():
            self.next_hand()

    def _timer(self) -> None:
        self.pending = None
        if self.closed:
            return
        self.bot_step()
        self.schedule()

    def cancel(self) -> None:
        """Cancel the next computer move (or job) waiting on the timer."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None

    def soon(self, fn: Callable[[], None]) -> None:
        """``fn`` in a moment on the running loop, after the clicks already waiting (a long
        job cut into slices, as the coach's review, leaves the table usable between them);
        at once where no loop runs (tests), or at pace 0, which asks for no waiting as
        ``later`` reads it (a loop another library left set, as Playwright's, may never turn
        in a test). Cancelled when the view closes."""
        if self.closed:
            return
        loop = _running_loop()
        if loop is None or self.host.pace_seconds() <= 0:
            fn()
            return
        handles = self._soon

        def run() -> None:
            handles.discard(handle)
            if not self.closed:
                fn()

        handle = loop.call_later(0.02, run)
        handles.add(handle)

    @property
    def pending_timers(self) -> int:
        return (0 if self.pending is None else 1) + len(self._soon)

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
            self.host.redraw()
        return act

    def apply(self, action: Action) -> bool:
        """Play a human's ``action``, already found legal and confirmed (the router's
        ``act``), and move the match on; an engine's refusal is said, not raised."""
        self.cancel()
        self.auto_steps = 0
        try:
            self.hand.apply(action)
        except KortspelError as err:  # legal a moment ago; say so rather than crash
            self.host.say(str(err))
            return False
        self.host.redraw()
        self.schedule()
        return True

    def next_hand(self) -> None:
        """Settle the hand over and deal the next (Next hand), or say why not yet."""
        if not self.hand.is_over:
            self.host.say(_("Finish {this_hand} first.").format(
                this_hand=hand_phrase(self.spec.hand_word, "this")))
            return
        if self.match.is_over:
            self.host.say(self.over_words())
            return
        self.host.forget_choices()
        summary = self.match.next_hand()
        between = getattr(self.adapter, "between", None)
        match = self.match

        def news() -> str:
            said = between(match, summary) if between else ""
            return f"<b>{html.escape(said)}</b>" if said else ""

        self.news = news
        self.host.announce(news())
        self.host.redraw()
        self.schedule()

    def new_match(self) -> None:
        """Deal a new match at once (a match in progress was given up after a Yes)."""
        self.cancel()
        self.host.forget_choices()
        self.match = self.deal_match()
        self.tell_first_deal()
        self.host.redraw()
        self.schedule()

    def undo(self) -> None:
        """Take back the screen's human's last decision (practice only), or say why not."""
        if not self.practice:
            return
        self.cancel()
        self.host.forget_choices()
        try:
            undone = self.match.undo(self.host.screen)
        except KortspelError as err:
            self.host.say(str(err))
            return
        if not undone:
            self.host.say(_("Nothing of yours to take back in this hand."))
            return
        self.host.redraw()
        self.schedule()

    def close(self) -> None:
        """Stop for good: cancel the timer and every job waiting to run."""
        self.closed = True
        self.cancel()
        for handle in self._soon:
            handle.cancel()
        self._soon.clear()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
