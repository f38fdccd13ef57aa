"""The coach: every option's odds at a decision, every decision of a hand graded, and why the
hand went as it did.

Written once for every game; it names none. It stands on the search (``kortspel.search``):
``evaluate`` plays every legal action out in worlds dealt from what the seat has seen, so a
hint never peeks at cards the seat cannot see, and with a sample budget (``playouts=``) and
an ``rng`` every answer is the same each time. A game lends the coach its words through its
``telling`` module, found by name as the search finds ``worlds``:

- ``COACH_UNIT``: how its measure is said: ``"percent"`` (a chance, said as 22%) or a unit
  word for a score (``"points"``, ``"stakes"``);
- ``COACH_GRADES``: the three losses (in the measure's own units) where a decision stops
  being *good* and becomes an *inaccuracy*, a *mistake*, a *blunder*; with
  ``COACH_GRADES_WHY``, one sentence on why those numbers (``docs/coach.md`` lists them);
- optionally ``say_action(action, names, viewer)``: an action in plain words.

What the coach says is text first (a screen reader reads it as it is) and a grade is always
a word, never a colour alone.
"""

from __future__ import annotations

import json
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import registry
from .actions import CHANCE, Action
from .checks import quote
from .errors import KortspelError
from .i18n import N_, _, language, ngettext, pgettext
from .search import Edge, Evaluation, OptionValue, RankedOptions
from .voice import number_word

__all__ = ["CoachError", "Hint", "Decision", "Review", "Reviewer", "Belief", "hint", "review",
           "beliefs", "grade", "grade_interval", "GRADES", "say_action", "coach_words",
           "shown", "hinted", "Luck", "luck", "NOISE", "choices",
           "likelihood"]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The grades, from no loss to a large one. ``best`` is the option the coach valued best (or
one within ``BEST_SHARE`` of the good band from it: too close to tell apart)."""

BEST_SHARE = 0.25
"""A loss under a quarter of the *good* band is counted as best: with a few hundred
samples the coach cannot tell two options that close apart, so it does not pretend to."""

MARKS = {"best": "✔✔", "good": "✔", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""A sign for each grade, as chess notation has them: a grade is shown in words and signs,
never by colour alone."""


class CoachError(KortspelError):
    """The coach cannot answer: a hand that is over, a seat that is not to act, a record or
    seat that is not one, or a game the search cannot play."""


# ---------------------------------------------------------------------------------------------
# A game's words
# ---------------------------------------------------------------------------------------------

MEASURES = (
    # i18n: Kille's measure (a chance; lower is better), said after "Before the deal you
    # could expect about 30% (" and at the head of a hint: "Chance of losing …, lower is
    # better: …"; also after "in" ("22% against 30% in the chance of …")
    N_("chance of losing a life this hand"),
    # i18n: Knock's measure (lower is better): one's own penalty points less the average of
    # the others'; a star is Knock's mark for a round lost with a knock against you
    N_("your points this round less the others' average (stars included)"),
    # i18n: Köpknack's measure (higher is better), in chips
    N_("money won or lost this deal"),
    # i18n: Gnällknekt's measure (a chance; higher is better)
    N_("chance of winning the game"),
)
"""Every game's measure as its search hooks declare it (``METRIC`` in each game's ``worlds``
module), listed here so the coach's catalogue holds their words: the coach says them."""


def _unit(unit: str) -> str:
    """A measure's unit word (a game's ``COACH_UNIT``) in the language in use."""
    # Made here, not at import, so each word is looked up in the language in use.
    said = {"points": pgettext("unit", "points"), "chips": pgettext("unit", "chips"),
            "stakes": pgettext("unit", "stakes")}
    return said.get(unit) or _(unit)


def _metric(words: CoachWords) -> str:
    """The game's measure in the language in use: 'chance of losing a life this hand'."""
    return _(words.metric)


def _local(figures: str) -> str:
    """Figures as the language in use writes them: English as it is; Swedish with a decimal
    comma, a space that does not break before the per cent sign and the minus sign (−). Only
    text made of figures and signs passes through here, never a sentence."""
    if language() != "sv":
        return figures
    return figures.replace(".", ",").replace("%", "\u00a0%").replace("-", "\u2212")



@dataclass(frozen=True)
class CoachWords:
    """How one game's coach speaks: its measure, its unit, its grade thresholds and why."""

    metric: str
    better: str
    unit: str
    grades: tuple[float, float, float]
    why: str
    say: Callable[[Action, Sequence[str], int | None], str] | None = None
    signed: bool = True  # the measure can be below zero (money), so a sign is shown
    names: frozenset[str] = frozenset()  # the game's own words, capitalised in mid-sentence
    # The game's verbs and values in the language in use (its telling's ``action_words``),
    # for a game without a ``say_action`` of its own, spoken in another language than English
    action_words: Callable[[], Mapping[str, str]] | None = None

    def mid(self, said: str) -> str:
        """An action's words inside a sentence: lower case, except a word of the game's own
        that players write with a capital (Kille's "Kuku" is a call, not a verb)."""
        first = said.split(" ", 1)[0].rstrip("!,.:")
        return said if first in self.names else said[:1].lower() + said[1:]

    @property
    def percent(self) -> bool:
        return self.unit == "percent"


def _telling(name: str) -> Any:
    """The game's telling, as its ``GameSpec`` declares it (``telling=``), or ``None``."""
    return registry.spec(name).telling


def coach_words(game_name: str) -> CoachWords:
    """The coach's words for a game: its measure (from the search) and its own telling's
    unit and grade thresholds. A game whose telling says none is coached in plain numbers
    with thresholds a tenth, a quarter and half of its measure's range."""
    from . import search

    name = registry.spec(game_name).name
    try:
        metric, better = search.metric_of(name)
        bounds = tuple(getattr(search.hooks(name), "BOUNDS", (0.0, 1.0)))
    except KortspelError as err:
        raise CoachError(f"the coach cannot judge {name}: {err}") from err
    tell = _telling(name)
    unit = getattr(tell, "COACH_UNIT", None)
    if unit is None:
        unit = "percent" if metric.startswith("chance") else "points"
    grades = getattr(tell, "COACH_GRADES", None)
    if grades is None:
        span = float(bounds[1]) - float(bounds[0])
        grades = (0.1 * span, 0.25 * span, 0.5 * span)
    why = getattr(tell, "COACH_GRADES_WHY", "")
    # Three thresholds, as every game's COACH_GRADES gives them.
    three = cast(tuple[float, float, float], tuple(float(g) for g in grades))
    return CoachWords(metric, better, unit, three, why,
                      getattr(tell, "say_action", None), float(bounds[0]) < 0,
                      frozenset(getattr(tell, "COACH_NAMES", ())),
                      getattr(tell, "action_words", None))


def _card_words(value: str) -> str:
    from . import french

    try:
        return french.show(french.parse_card(value))
    except KortspelError:
        return value


def say_action(action: Action, names: Sequence[str] = (), viewer: int | None = None,
               words: CoachWords | None = None) -> str:
    """An action as a pupil reads it, capitalised: the game's own ``say_action`` if it has
    one, else its verb and what it takes (cards shown with their suits: 'Attack J♥')."""
    if words is not None and words.say is not None:
        return words.say(action, names, viewer)
    if language() != "en":
        if words is not None:
            own = words.action_words() if words.action_words else {}
        else:  # the game is not known: every game's words (a verb means one thing in all)
            own = {}
            for name in registry.games():
                said = getattr(_telling(name), "action_words", None)
                own.update(said() if said else {})
        return _said_elsewhere(action, own)
    parts = [action.verb.replace("_", " ")]
    for key, value in action.args:
        if key in PLACE_WORDS:
            parts.append(key)
        if isinstance(value, tuple):
            parts.append(" ".join(_card_words(v) for v in value) or "nothing")
        elif isinstance(value, str):
            parts.append(_card_words(value) if key in ("card", "cards") else value)
        else:
            parts.append(str(value))
    text = " ".join(parts)
    return text[:1].upper() + text[1:]


def _place_words() -> dict[str, str]:
    """The small words every game's actions share ("draw *from* stock", "exchange
    *nothing*"), in the language in use; a game's own verbs and piles come from its telling's
    ``action_words``."""
    # i18n: "draw from stock": from which pile a card is drawn
    return {
        "from": pgettext("coach place", "from"),
        "to": pgettext("coach place", "to"),
        "on": pgettext("coach place", "on"),
        "onto": pgettext("coach place", "onto"),
        "into": pgettext("coach place", "into"),
        # i18n: "exchange nothing": keep the whole hand
        "nothing": pgettext("coach place", "nothing"),
    }


def _said_elsewhere(action: Action, own: Mapping[str, str]) -> str:
    """:func:`say_action`'s own words in a language other than English: the same parts in
    the same order (verb, place, what it takes), each looked up in the game's words
    (``own``) and the shared small words; a verb or value neither knows is said as the game
    names it."""
    words = {**_place_words(), **own}
    parts = [words.get(action.verb, action.verb.replace("_", " "))]
    for key, value in action.args:
        if key in PLACE_WORDS:
            parts.append(words[key])
        if isinstance(value, tuple):
            parts.append(" ".join(_card_words(v) for v in value) or words["nothing"])
        elif isinstance(value, str):
            if key in ("card", "cards"):
                parts.append(_card_words(value))
            else:
                parts.append(words.get("discard pile" if value == "discard" else value, value))
        else:
            parts.append(str(value))
    text = " ".join(parts)
    return text[:1].upper() + text[1:]


PLACE_WORDS = ("from", "to", "on", "onto", "into")
"""An argument said with its name before it: 'draw from stock', where a card is said alone."""


def _figures(value: float, words: CoachWords) -> str:
    """A value's figures in English ('22%', '+9.4'): :func:`_number` says them."""
    if words.percent:
        return f"{round(100 * value)}%"
    sign = ("−" if value < 0 else "+" if value > 0 else "") if words.signed else (
        "−" if value < 0 else "")
    return f"{sign}{abs(value):.1f}"


def _number(value: float, words: CoachWords) -> str:
    return _local(_figures(value, words))


def _amount(value: float, words: CoachWords) -> str:
    """A value as a pupil reads it: '22%', '9.4 points', '+0.4 stakes'."""
    if words.percent:
        return _number(value, words)
    return _with_unit(_number(value, words), words)


def _with_unit(figures: str, words: CoachWords) -> str:
    # i18n: an amount and its unit: "9.4 points", "+0.4 chips"
    return _("{amount} {unit}").format(amount=figures, unit=_unit(words.unit))


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def grade_word(grade: str) -> str:
    """A grade (a word of :data:`GRADES`) as a pupil reads it, in the language in use:
    'mistake', 'misstag'."""
    said = {
        # i18n: the coach's grades of a decision, from no loss to a large one
        "best": pgettext("grade", "best"),
        "good": pgettext("grade", "good"),
        "inaccuracy": pgettext("grade", "inaccuracy"),
        "mistake": pgettext("grade", "mistake"),
        "blunder": pgettext("grade", "blunder"),
    }
    return said.get(grade, grade)


def _a_grade(grade: str) -> str:
    """A grade with its article: 'a mistake', 'ett misstag'."""
    if language() == "en":
        return _article(grade)
    said = {
        "inaccuracy": pgettext("grade", "an inaccuracy"),
        "mistake": pgettext("grade", "a mistake"),
        "blunder": pgettext("grade", "a blunder"),
    }
    return said.get(grade, _article(grade))


def grades_counted(counts: Mapping[str, int]) -> str:
    """A review's grades counted, as a pupil reads them: '3 best, 1 mistake' ('3 bäst, 1
    misstag'); a grade counted 0 is left out."""
    def one(grade: str, n: int) -> str:
        # English says the grade as it is ("2 mistake"), as the review's count always has;
        # a language with plural forms writes them.
        said = {
            "best": ngettext("{n} best", "{n} best", n),
            "good": ngettext("{n} good", "{n} good", n),
            "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracy", n),
            "mistake": ngettext("{n} mistake", "{n} mistake", n),
            "blunder": ngettext("{n} blunder", "{n} blunder", n),
        }
        return said[grade].format(n=n) if grade in said else f"{n} {grade}"

    return ", ".join(one(g, n) for g, n in counts.items() if n)


def _points(n: int) -> str:
    """A difference of chances: '9 percentage points'."""
    return ngettext("{n} percentage point", "{n} percentage points", n).format(n=n)


def _gap(value: float, words: CoachWords) -> str:
    if words.percent:
        return _points(round(100 * value))
    return _with_unit(_local(f"{value:.1f}"), words)


def _span(low: float, high: float, words: CoachWords) -> str:
    """A 95% interval: '19–25%', '7.6–11.2', '−0.3 to +0.5'."""
    lo, hi = _figures(low, words), _figures(high, words)
    if lo == hi and low != high:  # narrower than the last digit said: one digit more
        if words.percent:
            return _local(f"{100 * low:.1f}–{100 * high:.1f}%")
        lo, hi = f"{low:+.2f}".replace("-", "−"), f"{high:+.2f}".replace("-", "−")
    if words.percent:
        return _local(f"{lo[:-1]}–{hi}")
    if low < 0 or words.signed:
        # i18n: an interval of values with signs: "−0.3 to +0.5"
        return _("{low} to {high}").format(low=_local(lo), high=_local(hi))
    return _local(f"{lo}–{hi}")


# ---------------------------------------------------------------------------------------------
# A hint
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint(RankedOptions):
    """Every legal action of the seat to act, valued from what that seat has seen.

    ``options`` are the search's ``OptionValue`` (``.action``, ``.value``, ``.low``,
    ``.high`` the 95% interval, ``.samples``), best first; ``metric`` and ``better`` say what
    the values mean; ``words`` says it in one or two sentences; ``labels`` gives each option
    its short words ('Swap: 22%'), in the options' order, for a table to draw."""

    seat: int
    metric: str
    better: str
    options: tuple[OptionValue, ...]
    words: str
    labels: tuple[str, ...]
    unit: str
    shown: tuple[bool, ...] = ()
    """For each option, whether its value is said as a number (see :func:`shown`)."""
    equal: tuple[Action, ...] = ()
    """The options the search could not tell from the best, world by world (best first)."""
    evaluation: Evaluation | None = None
    """The search's own answer, with every option's value world by world: ask it
    ``difference(a, b)`` for how much better ``a`` did than ``b`` in the same deals."""

    def gap(self) -> float:
        """How much better the best option is than the worst, in the measure's units."""
        return abs(self.options[0].value - self.options[-1].value)


def _check_state(state: Any) -> None:
    if not hasattr(state, "legal_actions") or not hasattr(state, "game"):
        raise CoachError(f"the coach reads a hand in play (game.new_hand(...) or "
                         f"kortspel.replay(record)), not {quote(state, 40)}")


def _check_budget(seconds: Any, playouts: Any) -> None:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, int | float) or not 0 < seconds <= 60):
        raise CoachError(f"seconds is the time to think, more than 0 and at most 60, not "
                         f"{quote(seconds, 40)}")
    if playouts is not None and (type(playouts) is not int or not 1 <= playouts <= 100_000):
        raise CoachError(f"playouts is a number of sampled deals, 1 to 100000, not "
                         f"{quote(playouts, 40)}")


def _check_stop(stop: Any) -> None:
    if stop is not None and not callable(stop):
        raise CoachError(f"stop is a function of no arguments that says True to stop thinking "
                         f"early (stop=lambda: False), or None, not {quote(stop, 40)}")


def _check_rng(rng: Any) -> random.Random:
    if rng is None:
        return random.Random()
    if not isinstance(rng, random.Random):
        raise CoachError(f"rng is a random.Random (random.Random(7)), not {quote(rng, 40)}")
    return rng


def _steady(low: float, high: float) -> bool:
    """Whether an interval is a point: every sampled deal gave the same (up to the rounding
    of adding the same number up many times), so it is said as such, never as '(41.8–41.8%)'."""
    return abs(high - low) <= 1e-9 * max(1.0, abs(low), abs(high))


def shown(low: float, high: float, samples: int, words: CoachWords) -> bool:
    """Whether a figure may be said as a number: from at least one world, with its 95%
    interval narrower than the game's first grade step (``COACH_GRADES[0]``). A wider one
    says less than the difference between a good decision and a slip, so it is not said."""
    return samples > 0 and high - low < words.grades[0]


def _value(o: OptionValue, words: CoachWords) -> str:
    """An option's value with its interval: 'about 22% (19–25%)', or, where every sampled
    deal gave the same, '−1.0 chips in every sampled deal'."""
    if _steady(o.low, o.high):
        # i18n: a "sampled deal" is one of the deals the coach dealt and played out to
        # weigh the options (the cards it cannot see, dealt in every way that fits)
        return _("{amount} in every sampled deal").format(amount=_amount(o.value, words))
    return _("about {amount} ({span})").format(amount=_amount(o.value, words),
                                               span=_span(o.low, o.high, words))


def _gap_span(low: float, high: float, words: CoachWords) -> str:
    """A difference's interval: '5–13 percentage points', '1.2–3.4 points'."""
    if words.percent:
        return _("{low}–{high} percentage points").format(low=round(100 * low),
                                                         high=round(100 * high))
    return _with_unit(_local(f"{low:.1f}–{high:.1f}"), words)


def _better_by(e: Edge, words: CoachWords) -> str:
    """How much better, as far as the sampled deals tell: 'by about 9 percentage points
    (5–13 percentage points)', or 'by at least 5 percentage points' where the interval is too
    wide to put a number in the middle of it."""
    # i18n: these end "Stand is better than swap …" and "swap was better …"
    if _steady(e.low, e.high):
        return _("by {gap} in every sampled deal").format(gap=_gap(e.mean, words))
    if shown(e.low, e.high, e.samples, words):
        return _("by about {gap} ({span})").format(gap=_gap(e.mean, words),
                                                   span=_gap_span(e.low, e.high, words))
    if (round(100 * e.low) == 0) if words.percent else f"{e.low:.1f}" == "0.0":
        return _("by a little, as far as the sampled deals tell")
    return _("by at least {gap}").format(gap=_gap(e.low, words))


def _losses(ev: Evaluation) -> list[Edge]:
    """Each option's loss against the best, world by world (above zero: worse than the
    best), in the options' order; the best's own is nothing."""
    best = ev.best.action
    return [ev.difference(best, o.action) for o in ev.options]


def _together(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    if len(items) > 6:
        # i18n: the last of a list of moves cut short: "stand, swap, … and 3 more"
        items = [*items[:5], _("{n} more").format(n=len(items) - 5)]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _words_of(ev: Evaluation, words: CoachWords, names: Sequence[str], viewer: int | None
              ) -> tuple[str, tuple[str, ...], tuple[bool, ...], tuple[Action, ...]]:
    """A hint's words, its options' short labels, which options' values are said, and the
    options the search could not tell from the best (the best among them)."""
    options = ev.options
    said = [say_action(o.action, names, viewer, words) for o in options]
    if len(options) == 1:
        return (_("{action} is the only move here.").format(action=said[0]),
                (_("{action}: only move").format(action=said[0]),), (False,),
                (options[0].action,))
    n = ev.samples
    if n == 0:
        return (_("Nothing was weighed: the coach stopped before it had played out a single "
                  "deal, so it says nothing of these {n} moves.").format(n=len(options)),
                tuple(_("{action}: not weighed").format(action=s) for s in said),
                (False,) * len(options), ())
    losses = _losses(ev)
    equal = [i for i, e in enumerate(losses) if e.low <= 0.0]
    show = tuple(shown(o.low, o.high, o.samples, words) for o in options)
    labels = []
    for i, (s, o) in enumerate(zip(said, options, strict=True)):
        if show[i]:
            tag = _amount(o.value, words)
        elif i in equal:
            # i18n: an option's short label on the table: "Swap: best", "Stand: equal best"
            tag = pgettext("hint", "best") if len(equal) == 1 else pgettext("hint",
                                                                             "equal best")
        else:
            tag = pgettext("hint", "worse")
        # i18n: an option's short label on the table: "Swap: 22%", "Swap: worse"
        labels.append(_("{action}: {value}").format(action=s, value=tag))
    head = _measure_head(words)
    picked = [(s, o) for s, o, ok in zip(said, options, show, strict=True) if ok]
    parts = [_("{action}: {value}").format(action=s if j == 0 else words.mid(s),
                                           value=_value(o, words))
             for j, (s, o) in enumerate(picked)]
    hidden = len(options) - len(parts)
    if not parts:
        first = _("{measure}: too few sampled deals ({n}) to put a number on any of these "
                  "moves.").format(measure=head, n=n)
    else:
        shown_parts = parts[:4]
        if len(parts) > 4:
            shown_parts.append(ngettext("{n} more, each worse", "{n} more, each worse",
                                        len(parts) - 4).format(n=len(parts) - 4))
        if hidden:
            shown_parts.append(ngettext(
                "too few sampled deals ({n}) to put a number on the other one",
                "too few sampled deals ({n}) to put a number on the other {hidden}",
                hidden).format(n=n, hidden=hidden))
        # i18n: the measure, then each option's value: "Chance of …, lower is better:
        # stand: about 22% (19–25%); swap: about 31% (27–35%)."
        first = _("{measure}: {values}.").format(measure=head, values="; ".join(shown_parts))
    mids = [words.mid(s) for s in said]

    def alike(group: list[int]) -> str:
        if len(group) == 2:
            return _("{first} and {second} are about equally good").format(
                first=said[group[0]], second=mids[group[1]])
        return _("these {n} moves are about equally good: {moves}").format(
            n=len(group), moves=_together([mids[i] for i in group]))

    if len(equal) == len(options):
        second = alike(equal)
        second = second[:1].upper() + second[1:]
        second = (_("{alike}; either is fine.") if len(options) == 2 else _("{alike}.")
                  ).format(alike=second)
    else:
        worse = next(i for i in range(len(options)) if i not in equal)
        second = ""
        if len(equal) > 1:
            second = alike(equal)
            second = _("{alike}.").format(alike=second[:1].upper() + second[1:]) + " "
        second += _("{best} is better than {worse} {by}.").format(
            best=said[0], worse=mids[worse], by=_better_by(losses[worse], words))
    return first + " " + second, tuple(labels), show, tuple(options[i].action for i in equal)


def _measure_head(words: CoachWords) -> str:
    """The measure and which way is better, capitalised: 'Chance of losing a life this
    hand, lower is better'."""
    metric = _metric(words)
    if words.better == "lower":
        # i18n: the head of a hint: the game's measure, and that a lower value is better
        head = _("{metric}, lower is better").format(metric=metric)
    elif words.better == "higher":
        head = _("{metric}, higher is better").format(metric=metric)
    else:
        head = f"{metric}, {words.better} is better"
    return head[:1].upper() + head[1:]


_HINTED: OrderedDict[tuple[str, int], Evaluation] = OrderedDict()
HINTS_KEPT = 64
"""Positions whose hint the coach remembers, so the review of a decision the pupil asked a
hint about says the hint's own figures (the same sampled deals), never fresh ones."""


def _position(state: Any, seat: int) -> tuple[str, int]:
    """A position as the hint and the review both find it: the hand's record so far (the
    deal and every action before the decision) and the seat deciding."""
    return json.dumps(state.record(), sort_keys=True, default=str), seat


def _remember(state: Any, seat: int, ev: Evaluation) -> None:
    key = _position(state, seat)
    _HINTED[key] = ev
    _HINTED.move_to_end(key)
    while len(_HINTED) > HINTS_KEPT:
        _HINTED.popitem(last=False)


def hinted(state: Any, seat: int) -> Evaluation | None:
    """The search's figures of the last hint given at this position for ``seat`` (``None``
    if no hint was asked there, or it was forgotten)."""
    try:
        return _HINTED.get(_position(state, seat))
    except (KortspelError, TypeError, ValueError):
        return None


def hint(state: Any, seconds: float | None = 1.0, rng: random.Random | None = None, *,
         playouts: int | None = None, stop: Callable[[], bool] | None = None) -> Hint:
    """What each legal action of the seat to act is worth, from its observation only.

    The search deals the cards that seat cannot see in every way that agrees with what it
    saw and plays each option out in the same deals. ``seconds`` bounds the time; with
    ``playouts`` (and ``seconds=None``) the answer depends on ``rng`` alone. The state is
    never changed."""
    _check_state(state)
    _check_budget(seconds, playouts)
    _check_stop(stop)
    rng = _check_rng(rng)
    if state.is_over:
        raise CoachError("the hand is over: there is nothing left to decide (review(record, "
                         "seat) judges the decisions that were made)")
    seat = state.to_act
    if seat is None or seat == CHANCE:
        raise CoachError("no seat is to act now: the rules shuffle next")
    from . import search

    words = coach_words(state.game.name)
    try:
        ev = search.evaluate(state, seconds=seconds, playouts=playouts, rng=rng, stop=stop,
                             paired=True)
    except KortspelError as err:
        raise CoachError(f"the coach cannot judge this position: {err}") from err
    said, labels, show, equal = _words_of(ev, words, state.game.names, seat)
    if ev.samples:
        _remember(state, seat, ev)
    return Hint(seat, ev.metric, ev.better, tuple(ev.options), said, labels, words.unit,
                show, equal, ev)


# ---------------------------------------------------------------------------------------------
# Grades
# ---------------------------------------------------------------------------------------------


def grade(loss: float, thresholds: Sequence[float]) -> str:
    """The grade of a decision that lost ``loss`` (in the measure's units, 0 or more)
    against the best option, by a game's three thresholds (good, inaccuracy, mistake)."""
    good, inaccuracy, mistake = thresholds
    if loss <= good * BEST_SHARE:
        return "best"
    if loss < good:
        return "good"
    if loss < inaccuracy:
        return "inaccuracy"
    if loss < mistake:
        return "mistake"
    return "blunder"


def grade_interval(low: float, high: float, thresholds: Sequence[float]) -> str:
    """The grade of a decision whose loss against the best, world by world in the same
    sampled deals, has the 95% interval ``low`` to ``high``: graded by the interval's low end,
    so a decision is called a mistake or a blunder only when the whole interval of its loss
    lies above that grade's line; one the search cannot tell from the best (the interval
    reaches zero) is best."""
    if low <= 0.0:
        return "best"
    return grade(low, thresholds)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: at ``step`` (the number of actions before it) it
    played ``action``, valued ``chosen``; ``best`` was the best option then; ``loss`` is how
    much worse the choice was, in the measure's units; ``grade`` a word of ``GRADES``."""

    step: int
    action: Action
    chosen: Any
    best: Any
    loss: float
    grade: str
    words: str
    options: tuple[Any, ...]
    loss_low: float = 0.0
    """The low end of the loss's 95% interval, world by world against the best (what the
    grade goes by), and its high end."""
    loss_high: float = 0.0
    evaluation: Evaluation | None = None
    """The search's answer at this decision (the hint's own, where the pupil asked one)."""

    @property
    def mark(self) -> str:
        return MARKS[self.grade]


@dataclass(frozen=True)
class Luck:
    """Where the result came from, for the reviewed seat, as GNU Backgammon splits it: in the
    measure's own units, ``start`` the seat's value before the deal (from ``worlds`` fresh
    deals of the same table, ``start_low`` to ``start_high`` its 95% interval), ``deal`` the
    value at the first decision (best play) less that, ``decisions`` what the seat's own
    choices changed (each chosen option's value less the best's: skill), ``rest`` what
    came between (cards drawn and the others' play: the value before each next decision
    less that of the option chosen at the one before, and the result less the last), and
    ``result``. The parts add up exactly: ``start + deal + decisions + rest == result``.
    Raw changes of the measure: for a measure where lower is better a part above zero went
    against the seat."""

    start: float
    start_low: float
    start_high: float
    worlds: int
    deal: float
    decisions: float
    rest: float
    result: float
    better: str
    words: str
    labels: tuple[str, ...]
    """Each bar's words for a chart: the deal, your decisions, the rest, the result."""

    def gains(self) -> tuple[float, float, float]:
        """The deal's, the decisions' and the rest's parts, above zero where they helped."""
        sign = -1.0 if self.better == "lower" else 1.0
        return sign * self.deal, sign * self.decisions, sign * self.rest


def _luck_amount(value: float, words: CoachWords) -> str:
    """A part of the result: '23 percentage points of your chance', '4.5 points'."""
    if words.percent:
        n = round(100 * abs(value))
        if n > 100:
            return _("more than your whole chance (the sampled deals' noise adds up)")
        return ngettext("{n} percentage point of your chance",
                        "{n} percentage points of your chance", n).format(n=n)
    return _with_unit(_local(f"{abs(value):.1f}"), words)


def _luck_part(what: str, gain: float, words: CoachWords, plural: bool = False) -> str:
    """One part of the result: '{what} gave you about 4.5 points', '{what} was about even'
    (``what`` the part's name: 'the deal', 'your decision')."""
    amount = _luck_amount(gain, words)
    tiny = round(100 * abs(gain)) == 0 if words.percent else f"{abs(gain):.1f}" == "0.0"
    if tiny:
        # i18n: "the deal was about even": it neither helped nor hurt
        return (_("{what} were about even") if plural else _("{what} was about even")
                ).format(what=what)
    whole = words.percent and round(100 * abs(gain)) > 100  # "more than your whole chance"
    if gain > 0:
        template = _("{what} gave you {amount}") if whole else _("{what} gave you about "
                                                                  "{amount}")
    else:
        template = _("{what} cost you {amount}") if whole else _("{what} cost you about "
                                                                  "{amount}")
    return template.format(what=what, amount=amount)


def luck(start: tuple[float, float, float, int], decisions: Sequence[Decision],
         outcome: float, words: CoachWords, n_decisions_word: str = "decisions") -> Luck:
    """The result split into the deal, the seat's decisions and the rest (see :class:`Luck`),
    with words and a chart's labels."""
    v0, low, high, worlds = start
    if decisions:
        deal = decisions[0].best.value - v0
        mine = [d.chosen.value - d.best.value for d in decisions]
        between = [decisions[k + 1].best.value - decisions[k].chosen.value
                   for k in range(len(decisions) - 1)]
        between.append(outcome - decisions[-1].chosen.value)
        dec, rest = sum(mine), sum(between)
    else:
        deal, dec, rest = 0.0, 0.0, outcome - v0
    sign = -1.0 if words.better == "lower" else 1.0
    n = len(decisions)
    yours = _("your decision") if n == 1 else _("your {count} decisions").format(
        count=_count(n))
    # i18n: "fresh deals": new deals of the same table, played out by the computer
    before = _("Before the deal you could expect about {amount} ({metric}; {span} from "
               "{worlds} fresh deals)").format(amount=_amount(v0, words),
                                                metric=_metric(words),
                                                span=_span(low, high, words), worlds=worlds)
    parts = [_luck_part(_("the deal"), sign * deal, words),
             _luck_part(yours, sign * dec, words, plural=n > 1),
             _luck_part(_("the cards drawn and the others' play"), sign * rest, words)]
    if not decisions:
        parts = [_luck_part(_("the cards and the others' play"), sign * rest, words,
                            plural=True)]
    text = _("{before}; {parts}; you ended on {amount}.").format(
        before=before, parts="; ".join(parts), amount=_amount(outcome, words))
    # i18n: the luck chart's four bars
    labels = (_("Deal: {gain}").format(gain=_signed(sign * deal, words)),
              _("Your decisions: {gain}").format(gain=_signed(sign * dec, words)),
              _("Cards and others' play: {gain}").format(gain=_signed(sign * rest, words)),
              _("Result: {amount} (expected {expected})").format(
                  amount=_amount(outcome, words), expected=_amount(v0, words)))
    return Luck(v0, low, high, worlds, deal, dec, rest, outcome, words.better,
                text[:1].upper() + text[1:], labels)


def _count(n: int) -> str:
    """A count of decisions, 2 to 9 in words ('three'), more in figures."""
    return number_word(n) if 2 <= n <= 9 else str(n)


def _signed(gain: float, words: CoachWords) -> str:
    """A part for a chart in words, whichever way the measure counts: '23 points for you',
    '4.5 points against you', 'even'. A sign alone would mislead where fewer is better (a
    deal that took 4 points off your score helped you, yet '−4' reads as a loss)."""
    if words.percent:
        n = round(100 * abs(gain))
        if not n:
            return pgettext("luck", "even")
        # Past the whole scale only where many decisions' sampled noise adds up: said so,
        # never as a figure beyond the chance it is a part of.
        # i18n: percentage points of a chance, on the luck chart's bars
        amount = _("over 100 points") if n > 100 else ngettext("{n} point", "{n} points",
                                                                n).format(n=n)
    else:
        said = f"{abs(gain):.1f}"
        if said == "0.0":
            # i18n: a part of the result that neither helped nor hurt (a chart's bar)
            return pgettext("luck", "even")
        amount = _with_unit(_local(said), words)
    return (_("{amount} for you") if gain > 0 else _("{amount} against you")).format(
        amount=amount)


def _the(words: CoachWords) -> str:
    """A measure after a preposition: 'the chance of …', but 'your points …' as it is."""
    metric = words.metric
    if metric.startswith("your "):
        return _metric(words)
    # i18n: a measure after "in": "22% against 30% in the chance of …"; Swedish needs no
    # "the" here ("i risken att …")
    return _("the {metric}").format(metric=_metric(words))


@dataclass(frozen=True)
class Review:
    """The decisions of ``seat`` in one hand, graded, and why the hand went as it did."""

    seat: int
    metric: str
    better: str
    decisions: tuple[Decision, ...]
    outcome: float
    summary: str
    unit: str
    luck: Luck | None = None
    """The result split into the deal, your decisions and the rest (see :class:`Luck`)."""

    @property
    def costliest(self) -> Decision | None:
        """The decision that surely cost most: the highest low end of its loss's interval,
        as the summary names it (``None`` with no decision, or none that cost). A larger
        mean loss with a wide interval is less sure, and graded so."""
        worst = max(self.decisions, key=lambda d: (d.loss_low, d.loss), default=None)
        return worst if worst is not None and worst.grade not in ("best", "good") else None

    def grades(self) -> dict[str, int]:
        return {g: sum(d.grade == g for d in self.decisions) for g in GRADES}


def _check_record(record: Any) -> Any:
    if not isinstance(record, Mapping):
        raise CoachError(f"review reads a hand record (state.record(), or "
                         f"kortspel.example(...)), not {quote(record, 40)}")
    try:
        return registry.frames(record)
    except KortspelError as err:
        raise CoachError(f"that record cannot be reviewed: {err}") from err


class Reviewer:
    """A review made one decision at a time, so a view can run it in slices between clicks:
    ``step()`` judges the next decision (``done`` when all are), ``result()`` the review."""

    def __init__(self, record: Mapping[str, Any], seat: int | str, seconds: float | None = 0.5,
                 rng: random.Random | None = None, *, playouts: int | None = None) -> None:
        frames = _check_record(record)
        _check_budget(seconds, playouts)
        self.rng = _check_rng(rng)
        game = frames[0].game
        names = list(game.names)
        if isinstance(seat, str) and seat in names:
            seat = names.index(seat)
        if type(seat) is not int or not 0 <= seat < len(names):
            raise CoachError(f"seat is a seat number (0 to {len(names) - 1}) or name "
                             f"({', '.join(names)}), not {quote(seat, 40)}")
        self.seat = seat
        self.seconds, self.playouts = seconds, playouts
        self.words = coach_words(game.name)
        self.final = frames[-1]
        if not self.final.is_over:
            raise CoachError("that hand is not over yet: review judges a finished hand; ask "
                             "hint(state) for the decision in front of you")
        actions = self.final.actions
        # Decisions worth judging: this seat's own turns with a choice of two or more.
        self.todo = [i for i, act in enumerate(actions)
                     if act.seat == seat and frames[i].to_act == seat
                     and len(frames[i].legal_actions(seat)) > 1]
        self.frames = frames
        self.actions = actions
        self.decisions: list[Decision] = []
        self._start: tuple[float, float, float, int] | None = None

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> bool:
        return len(self.decisions) >= len(self.todo)

    def step(self, stop: Callable[[], bool] | None = None) -> Decision | None:
        """Judge the next decision; ``None`` when every one is judged."""
        _check_stop(stop)
        if self.done:
            return None
        from . import search

        i = self.todo[len(self.decisions)]
        state = self.frames[i]
        sub = random.Random(self.rng.getrandbits(64))  # drawn either way: the same sequence
        ev = hinted(state, self.seat)
        if ev is None:
            try:
                ev = search.evaluate(state, seconds=self.seconds, playouts=self.playouts,
                                     rng=sub, stop=stop, seat=self.seat, paired=True)
            except KortspelError as err:
                raise CoachError(f"the coach cannot judge step {i}: {err}") from err
        act = self.actions[i]
        chosen = ev.of(act)
        best = ev.best
        w = self.words
        if act == best.action or not ev.samples:
            e = Edge(act, 0.0, 0.0, 0.0, ev.samples)
        else:
            e = ev.difference(best.action, act)
        loss = max(0.0, e.mean)
        g = "best" if act == best.action else grade_interval(e.low, e.high, w.grades)
        names = state.game.names
        said = say_action(act, names, self.seat, w)
        other = say_action(best.action, names, self.seat, w)
        mine = shown(chosen.low, chosen.high, chosen.samples, w)
        # i18n: a decision in the review, after its grade's sign (✔✔, ✔, ?!, ?, ??)
        if not ev.samples:
            text = _("{mark} {action}: not weighed (the coach was stopped first).").format(
                mark=MARKS[g], action=said)
        elif g == "best" and act == best.action:
            text = (_("{mark} {action}: best ({value}).") if mine
                    else _("{mark} {action}: best.")).format(
                mark=MARKS[g], action=said, value=_value(chosen, w) if mine else "")
        elif g == "best":
            text = _("{mark} {action}: best — as good as {other} as far as {n} sampled deals "
                     "can tell.").format(mark=MARKS[g], action=said, other=w.mid(other),
                                         n=ev.samples)
        else:
            # i18n: "{grade}" is "inaccuracy", "mistake" or "blunder" (without an article)
            text = _("{mark} {action}: {grade} — {other} was better {by}").format(
                mark=MARKS[g], action=said, grade=grade_word(g), other=w.mid(other),
                by=_better_by(e, w))
            if mine and shown(best.low, best.high, best.samples, w):
                text += _(": {best} against {chosen} in {metric}").format(
                    best=_amount(best.value, w), chosen=_amount(chosen.value, w),
                    metric=_the(w))
            text += "."
        d = Decision(i, act, chosen, best, loss, g, text, tuple(ev.options),
                     max(0.0, e.low), max(0.0, e.high), ev)
        self.decisions.append(d)
        return d

    def result(self) -> Review:
        """The review of every decision judged so far (all of them once ``done``)."""
        from . import search

        outcome = float(search.value(self.final, self.seat))
        decisions = tuple(self.decisions)
        split = luck(self.start(), decisions, outcome, self.words)
        summary = self._summary(decisions, outcome) + " " + split.words
        return Review(self.seat, self.words.metric, self.words.better, decisions, outcome,
                      summary, self.words.unit, split)

    def start(self) -> tuple[float, float, float, int]:
        """The seat's value before the deal, its 95% interval and the number of deals: the
        game's rollouts from fresh deals of the same table (the same dealer, and lives where
        the game counts them), as many as a decision's budget buys (``playouts``, or
        ``seconds`` of them)."""
        if self._start is not None:
            return self._start
        import inspect
        import time

        from . import search

        first = self.frames[0]
        game = first.game
        params = inspect.signature(game.new_hand).parameters
        kwargs: dict[str, Any] = {}
        for name in ("dealer", "lives"):
            if name in params and getattr(first, name, None) is not None:
                value = getattr(first, name)
                kwargs[name] = list(value) if name == "lives" else value
        rng = random.Random(self.rng.getrandbits(64))
        hooks = search.hooks(game.name)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        total = squares = 0.0
        n = 0
        while True:
            if self.playouts is not None and n >= self.playouts:
                break
            if n and deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                state = game.new_hand(rng=random.Random(rng.getrandbits(64)), **kwargs)
            except (TypeError, KortspelError):
                state = game.new_hand(rng=random.Random(rng.getrandbits(64)))
            hooks.rollout(state, random.Random(rng.getrandbits(64)))
            v = float(hooks.value(state, self.seat))
            total += v
            squares += v * v
            n += 1
        mean, low, high = search._interval(n, total, squares, hooks.BOUNDS)
        self._start = (mean, low, high, n)
        return self._start

    def _summary(self, decisions: Sequence[Decision], outcome: float) -> str:
        """Why the hand went as it did: the costliest decision and what it cost (by how much
        the best option beat it in the same sampled deals: one decision's loss, never a sum
        that could pass the measure's range), and whether best play made the result
        likely."""
        w = self.words
        this = _this_hand(self._hand_word())
        if not decisions:
            return _("You had no real choice to make {this_hand}: the cards decided it."
                     ).format(this_hand=this)
        lower = w.better == "lower"
        first = decisions[0].best  # what best play expected at the first decision
        worst = max(decisions, key=lambda d: (d.loss_low, d.loss))
        names = self.final.game.names
        erred = worst.grade in ("inaccuracy", "mistake", "blunder")
        costly = ""
        if erred:
            said = say_action(worst.action, names, self.seat, w)
            other = say_action(worst.best.action, names, self.seat, w)
            e = Edge(worst.action, worst.loss, worst.loss_low, worst.loss_high,
                     worst.best.samples)
            # i18n: "{action}" is the move as the coach names it, in lower case ("swap");
            # "{grade}" has its article ("a mistake")
            costly = _("your costliest decision was to {action} ({grade}): {other} was "
                       "better {by}").format(action=w.mid(said), grade=_a_grade(worst.grade),
                                             other=w.mid(other), by=_better_by(e, w))
        if w.percent:
            bad = (outcome >= 0.5) == lower
            against = first.value if lower else 1 - first.value  # best play's bad chance
            known = shown(first.low, first.high, first.samples, w)
            if erred and bad:
                return (_("It went against you, and your decisions played a part: {costly}."
                          ).format(costly=costly)
                        + (" " + _("With best play it would have gone wrong about {amount} "
                                   "of the time.").format(amount=_amount(against, w))
                           if known else ""))
            if erred:
                return _("It went your way, but luck covered for you: {costly}.").format(
                    costly=costly)
            if bad:
                return (_("You played well; the cards did it.")
                        + (" " + _("Even with best play {this_hand} goes against you about "
                                   "{amount} of the time.").format(
                                       this_hand=this, amount=_amount(against, w))
                           if known else ""))
            return _("You played well, and {this_hand} went your way.").format(this_hand=this)
        if erred:
            return _("You ended on {amount}: {costly}.").format(amount=_amount(outcome, w),
                                                               costly=costly)
        return _("You played well. You ended on {amount}.").format(amount=_amount(outcome, w))

    def _hand_word(self) -> str:
        return str(registry.spec(self.final.game.name).hand_word)


def _this_hand(word: str) -> str:
    """'this hand' for a game's ``hand_word`` ('this round', 'this deal'), in the language in
    use: Swedish says it in the word's own gender ('den här given', 'det här spelet')."""
    said = {
        # i18n: one hand of a game as the coach speaks of it: Kille's "hand"
        "hand": pgettext("this", "this hand"),
        # i18n: Gnällknekt's one hand is a whole game
        "game": pgettext("this", "this game"),
        # i18n: Knock's one hand is a round
        "round": pgettext("this", "this round"),
        # i18n: Köpknack's one hand is a deal
        "deal": pgettext("this", "this deal"),
    }
    return said.get(word) or f"this {word}"


def review(record: Mapping[str, Any], seat: int | str, seconds: float | None = 0.5,
           rng: random.Random | None = None, *, playouts: int | None = None) -> Review:
    """Every decision of ``seat`` in a finished hand, graded by how much it lost against the
    best option then, each judged from what the seat had seen at the time; and a summary of
    why the hand went as it did, decisions set apart from luck."""
    r = Reviewer(record, seat, seconds, rng, playouts=playouts)
    while not r.done:
        r.step()
    return r.result()


# ---------------------------------------------------------------------------------------------
# Beliefs
# ---------------------------------------------------------------------------------------------


NOISE = 0.5
"""How often the model of how people play (the game's heuristic) is taken to pick at random
among the legal actions: the chance of the action a seat took is ``1 - NOISE`` if the
heuristic would have taken it, plus ``NOISE / len(legal)``. Chosen by measurement
(docs/coach.md, "What might they hold: beliefs from what they did")."""

FEW_DEALS = 30.0
"""An effective number of deals below which the beliefs say they are a rough guess."""


def _heuristic(name: str) -> Any | None:
    """A fresh heuristic of the game (the registry's ``spec.bots["heuristic"]``), or ``None``
    for a game without one (its beliefs are then left unweighted)."""
    make = registry.spec(name).bots.get("heuristic")
    return None if make is None else make("model")


def choices(world: Any, seat: int, bot: Any, rng: random.Random) -> list[tuple[bool, int]]:
    """Every decision the other seats made in ``world`` (a full state: a sampled deal), as
    ``(whether the heuristic would have made it, how many legal actions there were)``: the
    world's history is replayed from its deal, and at each action of a seat other than
    ``seat`` the heuristic is asked what it would choose from that seat's observation in that
    world (for an out-of-turn call: whether it would call so). Reads nothing but ``world``.
    A decision with one legal action, and the rules' shuffles, tell nothing and are left out."""
    state = world.game.replay(world.record(), upto=0)
    reads = getattr(bot, "reads_observation", True)
    out: list[tuple[bool, int]] = []
    for act in world.actions:
        who = act.seat
        to_act = state.to_act
        if who != seat and who != CHANCE and to_act is not None:
            legal = state.legal_actions(who)
            if len(legal) > 1:
                obs = state.observation(who, legal) if reads else None
                pick = (bot.choose(obs, legal, rng) if who == to_act
                        else bot.interrupt(obs, legal, rng))
                out.append((pick == act, len(legal)))
        state.apply(act)
    return out


def likelihood(made: Sequence[tuple[bool, int]], noise: float) -> float:
    """The log of the chance of the decisions ``made`` (from :func:`choices`) under the
    heuristic that picks at random a ``noise`` share of the time."""
    return math.fsum(math.log((1.0 - noise) * agrees + noise / n) for agrees, n in made)


@dataclass(frozen=True)
class Belief:
    """What one other seat might hold, as the seat looking can tell: ``cards`` maps each
    card it may hold (in its hand or its piles, face up or down) to the share of sampled deals
    in which it holds it, each deal weighted by how likely the others' actions were in it
    under the game's heuristic with some noise (:data:`NOISE`); ``surely`` are the cards in
    its hand in every deal. ``effective`` is the effective number of deals, the weights'
    ``(sum w)**2 / sum w**2``: ``worlds`` when every deal weighs the same, few when a few
    deals carry the weight (0: not given, taken as ``worlds``)."""

    seat: int
    name: str
    cards: Mapping[str, float]
    worlds: int
    surely: tuple[str, ...] = ()  # in its hand in every deal (a card it was seen to take)
    effective: float = 0.0

    def likely(self, n: int = 3) -> list[tuple[str, float]]:
        """The ``n`` likeliest cards that are not certain (certain ones are known: in its
        hand, or face up in front of it)."""
        unsure = [(c, p) for c, p in self.cards.items() if p < 1.0]
        return sorted(unsure, key=lambda cp: (-cp[1], cp[0]))[:n]

    @property
    def deals(self) -> float:
        """The effective number of deals the shares rest on."""
        return self.effective if self.effective > 0 else float(self.worlds)

    @property
    def even(self) -> bool:
        """No card stands out: the likeliest is under 1.6 times the average unsure card
        (what sampling noise alone gives over 200 deals; more over fewer effective deals),
        so there is no clue."""
        unsure = [p for p in self.cards.values() if p < 1.0]
        if not unsure:
            return False
        spread = 1.0 + 0.6 * math.sqrt(200.0 / max(1.0, self.deals))
        return max(unsure) < spread * sum(unsure) / len(unsure)

    @property
    def words(self) -> str:
        known = sorted(self.surely)
        surely = ", ".join(_card_words(c) for c in known)
        likely = self.likely()
        name = self.name
        if not likely:
            return (_("{name} surely holds {cards}.") if known
                    else _("{name}: no cards hidden from you.")).format(name=name, cards=surely)
        unsure = [p for p in self.cards.values() if p < 1.0]
        if self.even:
            text = _("{name}: no clue yet; any of the {n} cards you have not seen, each about "
                     "{share}").format(name=name, n=len(unsure), share=_local(
                         f"{round(100 * sum(unsure) / len(unsure))}%"))
        else:
            text = _("{name} might hold: {cards}").format(name=name, cards=", ".join(
                f"{_card_words(c)} {_local(f'{round(100 * p)}%')}" for c, p in likely))
        if known:
            text = _("{guess}; surely {cards}").format(guess=text, cards=surely)
        if self.deals < FEW_DEALS:
            text = _("{guess} (a rough guess: what was played leaves the weight on about "
                     "{n} of {worlds} sampled deals)").format(
                         guess=text, n=max(1, round(self.deals)), worlds=self.worlds)
        return text + "."


def beliefs(state: Any, seat: int, rng: random.Random | None = None, *,
            worlds: int = 200, noise: float | str | None = "game") -> dict[int, Belief]:
    """For each other seat, the chance of each card it holds, given what ``seat`` has seen:
    counted over ``worlds`` deals of the unseen cards that agree with everything that seat
    saw (the search's world sampler), each weighted by the chance of the other seats'
    decisions in it under the game's heuristic that picks at random a ``noise`` share of the
    time (:func:`choices`, :func:`likelihood`: a Kille seat that stood likely holds a good
    card). With ``noise=None`` every deal counts the same, the others' choices taken to tell
    nothing. ``noise="game"`` (the default) takes the game's own setting: its search hooks'
    ``BELIEF_NOISE`` where it has one (``None`` where its heuristic's choices were measured to
    mislead more than they tell), else :data:`NOISE`. Pass the hand's state: the sampler
    deals from it, and only what ``seat`` may see of it counts (the heuristic is asked inside
    each sampled deal only)."""
    if hasattr(state, "view") and not hasattr(state, "legal_actions"):
        raise CoachError("beliefs deals from the hand itself (the state), using only what "
                         "the seat saw; an observation alone cannot be dealt from")
    _check_state(state)
    names = list(state.game.names)
    if type(seat) is not int or not 0 <= seat < len(names):
        raise CoachError(f"seat is a seat number, 0 to {len(names) - 1}, not {quote(seat, 40)}")
    if type(worlds) is not int or not 1 <= worlds <= 10_000:
        raise CoachError(f"worlds is a number of sampled deals, 1 to 10000, not "
                         f"{quote(worlds, 40)}")
    if noise == "game":
        from . import search as _search

        try:
            noise = getattr(_search.hooks(state.game.name), "BELIEF_NOISE", NOISE)
        except KortspelError:
            noise = NOISE  # no search hooks: refused below with the coach's own words
    if noise is not None and (isinstance(noise, bool) or not isinstance(noise, int | float)
                              or not 0 < noise <= 1):
        raise CoachError(f"noise is the share of decisions taken as random, more than 0 and "
                         f"at most 1 (or None: unweighted), not {quote(noise, 40)}")
    rng = _check_rng(rng)
    from . import search

    try:
        search.hooks(state.game.name)
    except KortspelError as err:
        raise CoachError(f"the coach cannot guess cards in {state.game.name}: {err}") from err
    bot = None if noise is None else _heuristic(state.game.name)
    others = [s for s in range(len(names)) if s != seat]
    in_hand: dict[int, set[str] | None] = {s: None for s in others}
    logs: list[float] = []
    helds: list[dict[int, set[str]]] = []
    for _world in range(worlds):
        try:
            world = search.sample_world(state, seat, rng)
        except KortspelError as err:
            if state.is_over:
                word = registry.spec(state.game.name).hand_word
                raise CoachError(f"the {word} is over: what was shown at its end leaves "
                                 f"nothing for seat {seat} to guess; ask beliefs(state, seat) "
                                 f"while the {word} is in play") from err
            raise CoachError(f"no deal agrees with what seat {seat} saw: {err}") from err
        log = 0.0
        if bot is not None and noise is not None:
            made = choices(world, seat, bot, random.Random(rng.getrandbits(64)))
            log = likelihood(made, float(noise))
        logs.append(log)
        # Everything a seat has in front of it (its hand, its piles), face up or down.
        held: dict[int, set[str]] = {s: set() for s in others}
        hand: dict[int, set[str]] = {s: set() for s in others}
        for zone, cards in world.zones().items():
            owner = getattr(zone, "seat", None)
            if owner in held:
                held[owner].update(cards)  # a card held twice (a double pack) counts once
                if getattr(zone, "kind", "") == "hand":
                    hand[owner].update(cards)
        for s, cards_now in hand.items():
            before = in_hand[s]
            in_hand[s] = set(cards_now) if before is None else before & cards_now
        helds.append(held)
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]  # the likeliest deal weighs 1
    total = math.fsum(weights)
    effective = total * total / math.fsum(w * w for w in weights)
    counts: dict[int, dict[str, float]] = {s: {} for s in others}
    for weight, held in zip(weights, helds, strict=True):
        for s, cards_held in held.items():
            tally = counts[s]
            for c in cards_held:
                tally[c] = tally.get(c, 0.0) + weight
    out = {}
    for s, tally in counts.items():
        cards = {c: min(1.0, w / total) for c, w in sorted(tally.items())}
        out[s] = Belief(s, names[s], cards, worlds, tuple(sorted(in_hand[s] or ())), effective)
    return out
