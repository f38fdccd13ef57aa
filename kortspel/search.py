"""A computer that thinks: worlds a seat cannot tell apart, and every option played out in them.

Written once for every game (it names none). A game takes part by a module
``<its package>.worlds``, declared on its spec (``GameSpec.worlds``, a
:class:`kortspel.protocol.SearchHooks`; never imported here by name), that supplies only what
is its own:

- ``METRIC``: the words of its measure and whether ``"lower"`` or ``"higher"`` is better;
  ``BOUNDS``: the least and greatest value a playout can give (for the intervals);
- ``hidden(state, seat)``: a :class:`Hidden` -- the cards ``seat`` has never seen, in an
  order that depends on what it knows only, and how to deal them anew into the places they
  could be (returning a full state, its history replayed, or ``None`` if the history cannot
  be played in that deal);
- ``rollout(state, rng)``: play the state to the end (or the game's tested horizon) in place,
  with a quick policy that reads each mover's own cards only;
- ``value(state, seat)``: the measure for ``seat`` once the rollout ends (or at its horizon):
  the one a player of the game plays for, which the hint, the review, the grades and the
  expert all use (docs/coach.md, "The measure, game by game");
- optionally ``objective(state, seat)``, with its ``OBJECTIVE`` words and ``OBJECTIVE_BOUNDS``:
  a second measure for the expert, given when asked (``evaluate(..., objective=True)``). No
  game has one now: Knock's expert once played for its points against the others' while the
  coach spoke of its own points, and now both use that one measure.

Worlds (:func:`sample_world`) are drawn by dealing the unseen cards uniformly into their
places and keeping a deal only when everything the seat saw happen happens again, event for
event: the rejection makes each kept world exactly as likely as it is given what the seat
saw (a refusal, a card taken from the pile, a count bought), with the other seats' choices
taken to tell nothing of their cards. Since the unseen cards and their places are a function
of what the seat knows, and the check compares only what the seat saw, the same ``rng``
draws the same worlds from any deal the seat cannot tell from the real one: a search cannot
peek (the conformance suite holds it to that).

The evaluator (:func:`evaluate`) plays each legal action out in the same worlds with the same
rollout randomness (common random numbers: the differences between options are sharp), and
says each option's mean with a 95% interval. It never changes the state it is given: it works
on worlds of its own, so an interrupt (``KeyboardInterrupt``) or ``stop()`` leaves it as it
was.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap
from typing import Any

from . import registry
from .actions import CHANCE, Action
from .checks import quote
from .errors import KortspelError
from .protocol import SearchHooks

__all__ = ["OptionValue", "Evaluation", "Edge", "Hidden", "SearchError", "evaluate",
           "sample_world", "metric_of", "hooks", "visible", "same_view", "ExpertBot", "rollout",
           "value", "searchable", "step", "play_hand", "CLEAR_WORLDS", "paired_interval"]


MAX_SECONDS = 3600.0
"""The most ``seconds`` a search (or the expert, a decision) may be given: an hour. A budget
of NaN compares false with every clock reading and infinity (or ``1e308``) never passes, so
a search given one would never return; no one means a decision of more than an hour."""

MAX_PLAYOUTS = 1_000_000
"""The most worlds (``playouts``) a search may be given: a million, hours of play-outs in
the slowest game."""

MAX_TRIES = 1_000_000
"""The most deals :func:`sample_world` may be given (``tries``) to find one that agrees."""

CLEAR_WORLDS = 8
"""Worlds below which no difference counts as clear, however steady: a few worlds that
happen to agree say little about the many the seat cannot tell apart."""


class SearchError(KortspelError):
    """The search cannot work here: a game without a worlds module, a hand that is over, a
    seat not to act, or no world consistent with what the seat saw could be dealt."""


def check_budget(seconds: Any, playouts: Any) -> None:
    """Refuse a budget the search could not keep: ``seconds`` a finite number more than 0
    and at most :data:`MAX_SECONDS` (or ``None``), ``playouts`` a whole number from 1 to
    :data:`MAX_PLAYOUTS` (or ``None``). A value from zero worlds is never given."""
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, int | float) or not math.isfinite(seconds)
            or not 0 < seconds <= MAX_SECONDS):
        raise SearchError(f"seconds is the time to think, a number more than 0 and at most "
                          f"{MAX_SECONDS:g} (or None, with playouts=), not "
                          f"{quote(seconds, 40)}")
    if playouts is not None and (type(playouts) is not int
                                 or not 1 <= playouts <= MAX_PLAYOUTS):
        raise SearchError(f"playouts is a number of worlds to play out, a whole number from 1 "
                          f"to {MAX_PLAYOUTS} (or None, with seconds=), not "
                          f"{quote(playouts, 40)}")


def _check_state(state: Any, what: str) -> None:
    """Refuse what is not a hand's state (an observation, a record, ``None``)."""
    if all(hasattr(state, a) for a in ("game", "legal_actions", "events", "is_over")):
        return
    if hasattr(state, "view"):
        raise SearchError(f"{what} deals from the hand itself (its state), using only what the "
                          "seat saw; an observation alone cannot be dealt from")
    raise SearchError(f"{what} takes a hand's state (game.new_hand(...) or "
                      f"kortspel.replay(record)), not {quote(state, 40)}")


def _check_seat(state: Any, seat: Any) -> int:
    n = len(state.game.names)
    if type(seat) is not int or not 0 <= seat < n:
        raise SearchError(f"seat is a seat number, 0 to {n - 1} ("
                          f"{', '.join(map(str, state.game.names))}), not {quote(seat, 40)}")
    return seat


def _check_rng(rng: Any) -> None:
    if not isinstance(rng, random.Random):
        raise SearchError(f"rng is a random.Random (random.Random(7)), not {quote(rng, 40)}")


@dataclass(frozen=True)
class OptionValue:
    """One legal action's value: the mean of ``samples`` playouts, with a 95% interval."""

    action: Action
    value: float
    low: float
    high: float
    samples: int


@dataclass(frozen=True)
class Edge:
    """How much better ``action`` did than the anchor action in the same worlds, played out
    with the same rollouts (common random numbers): the mean of the world-by-world
    differences and its 95% interval, in the measure's units, above zero when better
    (whichever way the measure counts). Paired so, the noise the two share cancels, and a
    small real difference shows in far fewer worlds than two separate means would need."""

    action: Action
    mean: float
    low: float
    high: float
    samples: int


class RankedOptions:
    """What a list of valued options, best first, answers: shared by the search's
    :class:`Evaluation` and the coach's ``Hint``, which add their own words."""

    options: tuple[OptionValue, ...]

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def of(self, action: Action) -> OptionValue:
        """The value of one action (``KeyError`` if it was not among the options)."""
        for o in self.options:
            if o.action == action:
                return o
        raise KeyError(action)


@dataclass(frozen=True)
class Evaluation(RankedOptions):
    """Every legal action of ``seat`` valued in the game's own terms, best first.

    ``metric`` says in words what the values are ("chance of losing a life this hand");
    ``better`` is ``"lower"`` or ``"higher"``.
    """

    seat: int
    metric: str
    better: str
    options: tuple[OptionValue, ...]
    edges: tuple[Edge, ...] = ()
    paired: tuple[tuple[float, ...], ...] = ()
    """With ``evaluate(..., paired=True)``: each option's value world by world, in the
    options' order (the same worlds, the same rollouts for every option), so any two can be
    compared world by world (:meth:`difference`); empty otherwise."""
    bounds: tuple[float, float] = (0.0, 1.0)
    """The least and greatest value a playout can give."""

    @property
    def samples(self) -> int:
        return min((o.samples for o in self.options), default=0)

    def difference(self, a: Action, b: Action) -> Edge:
        """How much better ``a`` did than ``b`` in the same worlds (above zero when better,
        whichever way the measure counts): the mean of the world-by-world differences and
        its 95% interval (see :func:`paired_interval`). Needs ``evaluate(..., paired=True)``;
        from zero worlds the interval is the whole range either way."""
        if not self.paired:
            raise SearchError("difference needs the values world by world: "
                              "evaluate(..., paired=True)")
        index = {o.action: i for i, o in enumerate(self.options)}
        xs, ys = self.paired[index[a]], self.paired[index[b]]
        sign = -1.0 if self.better == "higher" else 1.0
        diffs = [sign * (y - x) for x, y in zip(xs, ys, strict=True)]
        span = float(self.bounds[1]) - float(self.bounds[0])
        chance = self.bounds == (0.0, 1.0)
        return Edge(a, *paired_interval(diffs, span, chance), len(diffs))

    def clearly_better(self, worlds: int = CLEAR_WORLDS) -> Edge | None:
        """The option that beat the anchor by most, world by world, with its whole 95%
        interval above zero in at least ``worlds`` worlds; ``None`` when none did (or no
        anchor was given)."""
        clear = [e for e in self.edges if e.low > 0 and e.samples >= worlds]
        return max(clear, key=lambda e: e.mean, default=None)


@dataclass
class Hidden:
    """What a seat has not seen, as a game's ``hidden`` gives it: ``cards`` in an order that
    depends on the seat's knowledge alone, and ``deal(cards)``, the full state with those
    cards, in that order, put in the places the seat cannot see (``None`` if the history
    does not play out in that deal). ``places`` names the places, one per card, for tests
    that count where cards land."""

    cards: list[Any]
    deal: Callable[[list[Any]], Any]
    places: list[Any]


def hooks(name: str) -> SearchHooks:
    """The game's part of the search, as its ``GameSpec`` declares it (``worlds=``, its
    ``worlds`` module). Raises :class:`SearchError` for a game that declares none."""
    spec = registry.spec(name)
    if spec.worlds is None:
        raise SearchError(f"the game {spec.name!r} has no worlds module, so the computer "
                          "cannot think ahead in it")
    return spec.worlds


def searchable(name: str) -> bool:
    """Whether the search can play ``name``."""
    try:
        hooks(name)
    except SearchError:
        return False
    return True


def metric_of(game_name: str) -> tuple[str, str]:
    """The words of a game's measure and which way is better: ``("chance of losing a life
    this hand", "lower")`` for Kille."""
    return hooks(game_name).METRIC


def visible(state: Any, seat: int) -> list[Any]:
    """The events ``seat`` saw, in order, as it saw them: each one's kind, words, viewers,
    effects and call, all an observation is built from (with the public facts: lives, order,
    whose turn). An event's ``data`` is left out: it holds what happened for a teller to
    word again, which may name cards the seat was not shown."""
    return [e[:5] for e in state.events if e.visible is None or seat in e.visible]


def same_view(a: Any, b: Any, seat: int) -> bool:
    """Whether ``seat``'s observations of the two states say the same (their ``view()``)."""
    return a.observation(seat).view() == b.observation(seat).view()


def sample_world(state: Any, seat: int, rng: random.Random, *, tries: int = 2000,
                 _hidden: Hidden | None = None, _seen: list[Any] | None = None) -> Any:
    """A full state consistent with everything ``seat`` has seen:
    ``same_view(sample, state, seat)``, the unseen cards dealt uniformly among the deals that
    agree with what it saw. Raises :class:`SearchError` when ``tries`` deals all disagree
    (a history so telling that almost no deal plays it out)."""
    if _hidden is None:
        _check_state(state, "sample_world")
        _check_seat(state, seat)
        _check_rng(rng)
        if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
            raise SearchError(f"tries is a number of deals to try, a whole number from 1 to "
                              f"{MAX_TRIES}, not {quote(tries, 40)}")
    mod = hooks(state.game.name)
    hid = _hidden if _hidden is not None else mod.hidden(state, seat)
    seen = _seen if _seen is not None else visible(state, seat)
    base = hid.cards
    n = len(base)
    draw, none = rng.random, ((),) * n
    for _ in range(tries):
        # a uniform shuffle by sorting on one random key a card: a C call a card, where
        # rng.shuffle draws bounded integers in Python (a third of a Kille world's cost)
        keys = list(starmap(draw, none))
        cards = [base[i] for i in sorted(range(n), key=keys.__getitem__)]
        world = hid.deal(cards)
        if world is not None and world.to_act == state.to_act \
                and world.is_over == state.is_over and visible(world, seat) == seen:
            return world
    if state.is_over:
        raise SearchError(f"the hand is over: what was shown at its end leaves almost no deal "
                          f"of the {len(base)} cards seat {seat} did not see that agrees "
                          f"(none in {tries} tries); sample worlds of a hand still in play")
    raise SearchError(f"no deal of {len(base)} unseen cards agreed with what seat {seat} saw "
                      f"in {tries} tries")


def rollout(state: Any, rng: random.Random) -> Any:
    """Play ``state`` (changed in place) to the end with its game's quick rollout policy."""
    hooks(state.game.name).rollout(state, rng)
    return state


def value(state: Any, seat: int) -> float:
    """The game's measure for ``seat`` in a played-out state."""
    return hooks(state.game.name).value(state, seat)


_T95 = ((1, 12.71), (2, 4.30), (3, 3.18), (4, 2.78), (5, 2.57), (6, 2.45), (7, 2.36),
        (8, 2.31), (9, 2.26), (10, 2.23), (12, 2.18), (15, 2.13), (20, 2.09), (30, 2.04),
        (60, 2.00), (120, 1.98))


def t95(df: int) -> float:
    """Student's t for a 95% interval from ``df`` degrees of freedom (the next smaller row of
    the table: never narrower than it should be); 1.96 from a few hundred worlds on. Two
    worlds that happen to agree say far less than 1.96 standard errors would claim."""
    t = 1.96
    for d, v in reversed(_T95):
        if df >= d:
            return v if df < 240 else t
    return _T95[0][1]


def _interval(n: int, total: float, squares: float, bounds: tuple[float, float],
              steady: bool = True) -> tuple[float, float, float]:
    """Mean and 95% interval of ``n`` values (their sum and sum of squares). Where every
    value was the same the spread says nothing: a chance that was always 0 (or 1) is put
    within ``3 / n`` of it (the rule of three), and with ``steady`` a run of fewer than
    :data:`CLEAR_WORLDS` equal values is given ``3 / n`` of the whole range either side, never
    a point like (16.0–16.0) from one or two worlds (the expert's edges keep the point)."""
    lo, hi = bounds
    if n == 0:
        return (lo + hi) / 2, lo, hi
    mean = total / n
    if n == 1:
        return mean, lo, hi
    var = max(0.0, (squares - total * total / n) / (n - 1))
    if var == 0.0 and ((lo == 0.0 and hi == 1.0) or (steady and n < CLEAR_WORLDS)):
        half = 3.0 * (hi - lo) / n
        return mean, max(lo, mean - half), min(hi, mean + half)
    half = (t95(n - 1) if steady else 1.96) * math.sqrt(var / n)
    return mean, max(lo, mean - half), min(hi, mean + half)


def paired_interval(diffs: Sequence[float], span: float, chance: bool = False
                    ) -> tuple[float, float, float]:
    """The mean of world-by-world differences and its 95% interval; a difference lies within
    ``span`` (the measure's range) either way. Where every difference was the same, the rule
    of three: a world unlike them comes less than one time in ``n / 3`` and differs by at
    most ``span``, so the interval is ``3 * span / n`` either side; for a chance always, for
    other measures in fewer than :data:`CLEAR_WORLDS` worlds (from there a steady
    difference is taken as it is)."""
    n = len(diffs)
    if n > 1 and max(diffs) == min(diffs):
        mean = diffs[0]
        if chance or n < CLEAR_WORLDS:
            half = 3.0 * span / n
            return mean, max(-span, mean - half), min(span, mean + half)
        return mean, mean, mean
    total = math.fsum(diffs)
    squares = math.fsum(d * d for d in diffs)
    return _interval(n, total, squares, (-span, span))


def evaluate(state: Any, *, seconds: float | None = 1.0, playouts: int | None = None,
             rng: random.Random | None = None, stop: Callable[[], bool] | None = None,
             seat: int | None = None, actions: Sequence[Action] | None = None,
             objective: bool = False, anchor: Action | None = None,
             paired: bool = False) -> Evaluation:
    """Value every legal action of the seat to act, from what that seat has seen only.

    Each round draws one world (:func:`sample_world`) and plays every action out in a clone
    of it, each with the same rollout randomness. The search stops after ``playouts`` worlds,
    or once ``seconds`` have passed (at least one world is always played), or as soon as
    ``stop()`` is true (polled before every world and every option): with ``playouts`` and
    no ``seconds`` the result depends on ``rng`` alone. ``state`` is never changed.
    With ``objective`` the options are valued by the game's ``objective`` where it has one
    (what the expert plays for), in the game's measure otherwise. With ``anchor`` (one of
    the legal actions) the result's ``edges`` say how much better each other option did than
    it, world by world. With ``paired`` the result keeps every option's value world by
    world (``Evaluation.paired``), so :meth:`Evaluation.difference` compares any two (the
    coach asks for it; the expert, deciding every turn, does not). Every option is counted
    over the same whole worlds: a world cut short by ``stop()`` counts for none.
    """
    _check_state(state, "evaluate")
    if state.is_over:
        raise SearchError("the hand is over: there is nothing left to decide")
    me = state.to_act if seat is None else _check_seat(state, seat)
    if me is None or me == CHANCE:
        raise SearchError("no seat is to act now (the rules shuffle next)")
    check_budget(seconds, playouts)
    if playouts is None and seconds is None:
        raise SearchError("give the search a budget: seconds=, playouts= or both")
    if rng is not None:
        _check_rng(rng)
    if stop is not None and not callable(stop):
        raise SearchError(f"stop is a function of no arguments that says True to end the "
                          f"search early (or None), not {quote(stop, 40)}")
    mod = hooks(state.game.name)
    legal_now = state.legal_actions(me)
    if actions is None:
        legal = list(legal_now)
    elif not isinstance(actions, Sequence) or not all(
            isinstance(a, Action) and a in legal_now for a in actions):
        raise SearchError(f"actions is a list of seat {me}'s legal actions now (some of "
                          f"state.legal_actions({me})), or None for all of them, not "
                          f"{quote(actions, 60)}")
    else:
        legal = list(actions)
    if not legal:
        raise SearchError(f"seat {me} has nothing to decide now")
    rng = rng if rng is not None else random.Random()
    words, better = mod.METRIC
    bounds = mod.BOUNDS
    do_value = mod.value
    extra: Any = mod  # ``objective`` is optional, outside SearchHooks: no game has one today
    if objective and hasattr(extra, "objective"):
        (words, better), bounds, do_value = extra.OBJECTIVE, extra.OBJECTIVE_BOUNDS, \
            extra.objective
    n_opt = len(legal)
    totals = [0.0] * n_opt
    squares = [0.0] * n_opt
    counts = [0] * n_opt
    if anchor is not None and anchor not in legal:
        raise SearchError(f"the anchor {anchor} is not one of the legal actions")
    base = -1 if anchor is None else legal.index(anchor)
    gains = [0.0] * n_opt  # world-by-world differences to the anchor, and their squares
    gain_squares = [0.0] * n_opt
    sign = -1.0 if better == "higher" else 1.0
    worlds = 0  # worlds every option was played out in
    rows: list[list[float]] | None = [] if paired else None
    if n_opt > 1:
        hid = mod.hidden(state, me)
        seen = visible(state, me)
        deadline = None if seconds is None else time.perf_counter() + seconds
        do_rollout = mod.rollout
        while True:
            if playouts is not None and worlds >= playouts:
                break
            if worlds and deadline is not None and time.perf_counter() >= deadline:
                break
            if stop is not None and stop():
                break
            world = sample_world(state, me, rng, _hidden=hid, _seen=seen)
            seed = rng.getrandbits(64)
            stopped = False
            values = [0.0] * n_opt
            for i, act in enumerate(legal):
                if stop is not None and i and stop():
                    stopped = True
                    break
                w = world.clone()
                w.apply(act)
                do_rollout(w, random.Random(seed))
                values[i] = float(do_value(w, me))
            if stopped:
                break
            for i, v in enumerate(values):
                totals[i] += v
                squares[i] += v * v
                counts[i] += 1
            if rows is not None:
                rows.append(values)
            if base >= 0:
                for i, v in enumerate(values):
                    g = sign * (values[base] - v)  # above zero: option i did better
                    gains[i] += g
                    gain_squares[i] += g * g
            worlds += 1
    opts = []
    for i, act in enumerate(legal):
        mean, lo, hi = _interval(counts[i], totals[i], squares[i], bounds)
        opts.append(OptionValue(act, mean, lo, hi, counts[i]))
    order = sorted(range(n_opt), key=lambda i: (sign * opts[i].value, i))
    edges: tuple[Edge, ...] = ()
    if base >= 0:
        span = float(bounds[1]) - float(bounds[0])
        edges = tuple(Edge(legal[i], *_interval(worlds, gains[i], gain_squares[i],
                                                (-span, span), False), worlds)
                      for i in order)
    kept: tuple[tuple[float, ...], ...] = ()
    if rows is not None:
        kept = tuple(tuple(r[i] for r in rows) for i in order)
    return Evaluation(me, words, better, tuple(opts[i] for i in order), edges, kept,
                      (float(bounds[0]), float(bounds[1])))


class ExpertBot:
    """The strong computer player ("strong" in the play pages): it takes the action the
    evaluator values best.

    It thinks from what its seat has seen only: the worlds it plays out are dealt from the
    cards its seat has not seen and kept only when they tell it the same story, and the
    conformance suite holds its values to be the same in every deal its seat cannot tell
    from the real one. An observation alone does not hold the history a world is replayed
    from, so it decides through :meth:`decide` ``(state, seat, rng)``, which this module's
    :func:`step` and :func:`play_hand` call for every bot that says ``sees_state = True``.
    Out of turn (Kille's Kuku) it stays quiet. Its budget is ``seconds`` a decision or
    ``playouts`` worlds (then it repeats itself for the same generator).

    With an ``anchor`` (a bot that reads observations: the game's heuristic, where the
    game's search hooks say ``ANCHORED = True``) it plays what the anchor would, unless the
    search finds an option better than the anchor's in the same worlds with the whole 95%
    interval of the difference above zero. Where the rollouts are a rougher player than
    the anchor, or the budget buys only a few worlds, a search left to itself follows its
    noise; so anchored, it departs from sound play only on evidence.
    """

    sees_state = True
    label = "strong"

    def __init__(self, game: str, name: str = "expert", *, seconds: float | None = 1.0,
                 playouts: int | None = None, anchor: Any | None = None) -> None:
        check_budget(seconds, playouts)
        if seconds is None and playouts is None:
            raise SearchError("give the expert a budget a decision: seconds=, playouts= or "
                              "both")
        self.game = game
        self.name = name
        self.seconds = seconds
        self.playouts = playouts
        self.anchor = anchor

    def decide(self, state: Any, seat: int, rng: random.Random,
               stop: Callable[[], bool] | None = None) -> Action:
        """The action to play for ``seat``, the seat to act in ``state``."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        search_rng = random.Random(rng.getrandbits(64))
        sound = None if self.anchor is None else self.anchor.choose(
            state.observation(seat, legal), legal, random.Random(search_rng.getrandbits(64)))
        ev = evaluate(state, seconds=self.seconds, playouts=self.playouts, rng=search_rng,
                      stop=stop, seat=seat, actions=legal, objective=True, anchor=sound)
        if sound is None:
            return ev.best.action
        better = ev.clearly_better()
        return sound if better is None else better.action

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise SearchError("the expert thinks from the hand's history, which an observation "
                          "does not hold: drive it with kortspel.search.step or play_hand "
                          "(they call decide(state, seat, rng))")

    def interrupt(self, obs: Any, legal: Sequence[Action],
                  rng: random.Random) -> Action | None:
        return None


def step(state: Any, bots: Sequence[Any], rng: random.Random) -> Action | None:
    """:func:`kortspel.step` for tables with bots that think (``sees_state``): such a bot
    is asked ``decide(state, seat, rng)``, every other bot as ``kortspel.step`` asks it."""
    seat = state.to_act
    if state.is_over or seat == CHANCE or seat is None \
            or not getattr(bots[seat], "sees_state", False):
        from .protocol import step as plain_step

        return plain_step(state, bots, rng)
    for caller in state.callers():
        calls = state.legal_actions(caller)
        bot = bots[caller]
        obs = None if getattr(bot, "sees_state", False) else state.observation(caller, calls)
        act = bot.interrupt(obs, calls, rng)
        if act is not None:
            state.apply(act)
            return act
    act = bots[seat].decide(state, seat, rng)
    state.apply(act)
    return act


def play_hand(state: Any, bots: Sequence[Any], rng: random.Random) -> Any:
    """Play a hand to its end with :func:`step`; bots that do not think are driven by
    ``kortspel.play_hand`` whenever none of them does."""
    if not any(getattr(b, "sees_state", False) for b in bots):
        from .protocol import play_hand as plain

        return plain(state, bots, rng)
    while not state.is_over:
        if step(state, bots, rng) is None and not state.is_over:
            raise SearchError("a player did not answer")
    return state
