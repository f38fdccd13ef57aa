"""What the coach notebooks (``notebooks/<game>/05-coach.ipynb``) call, for every game.

``position`` finds a seeded decision the same way every run; ``intuitive`` is what the
sensible computer (the game's heuristic, which follows the rules of thumb of the strategy
notebook) would do there; ``mistakes`` reviews the hands a pupil played at a ``Play`` table
(or, when none were played, hands of a beginner: the random player) and turns each mistake
into a ``Check`` whose answer stays hidden until it is tried. The words of each question are
the coach's own, so nothing here names a game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kortspel
from kortspel import CHANCE, KortspelError, coach
from kortspel.i18n import _, ngettext

from .views import Check


def decisions(game: str, seats: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """Every real decision (two or more legal actions) of a hand dealt with ``seed`` and
    played by the heuristic computers: ``(state, the heuristic's action there)``, the state
    a copy that later play does not change."""
    table = kortspel.load(game, seats=seats)
    state = table.new_hand(seed=seed)
    rng = random.Random(seed)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in table.names]
    for _step in range(5000):
        if state.is_over:
            return
        seat = state.to_act
        if seat is not None and seat != CHANCE and len(state.legal_actions(seat)) > 1:
            ahead = random.Random()
            ahead.setstate(rng.getstate())
            trial = state.clone()
            act = kortspel.step(trial, bots, ahead)
            yield state.clone(), act
        kortspel.step(state, bots, rng)


def position(game: str, seats: int, seed: int, decision: int) -> Any:
    """The hand dealt with ``seed`` at its ``decision``-th real decision (0 is the first)."""
    for i, (state, _act) in enumerate(decisions(game, seats, seed)):
        if i == decision:
            return state
    raise KortspelError(f"the hand dealt with seed {seed} has fewer than {decision + 1} "
                        "decisions")


def intuitive(game: str, seats: int, seed: int, decision: int) -> Any:
    """What the sensible computer played at that decision."""
    for i, (_state, act) in enumerate(decisions(game, seats, seed)):
        if i == decision:
            return act
    raise KortspelError(f"the hand dealt with seed {seed} has fewer than {decision + 1} "
                        "decisions")


POSITIONS = Path(__file__).with_name("records") / "coach-positions.json"
"""The coach notebooks' worked positions, kept as records of the hand so far: found once by
heuristic play from a seed, they stay the same positions when a computer player changes."""


def saved(game: str, name: str) -> Any:
    """A coach notebook's worked position ``name`` of ``game``, replayed from its record."""
    positions = json.loads(POSITIONS.read_text(encoding="utf-8"))
    known = positions.get(kortspel.spec(game).name, {})
    if name not in known:
        raise KortspelError(f"no worked position called {name!r} for {game}; there are: "
                            f"{', '.join(known) or 'none'}")
    return kortspel.replay(known[name])


@dataclass
class Mistake:
    """One decision graded a mistake or a blunder: the position, what was played, and the
    question that asks for the better move (the coach's numbers are its explanation)."""

    state: Any
    decision: coach.Decision
    check: Check


def _records(play: Any) -> list[dict[str, Any]]:
    match = play.match
    records = [dict(h.record) for h in match.history]
    if play.hand.is_over and (not records or records[-1] != play.hand.record()):
        records.append(play.hand.record())
    return records


def beginner_hands(game: str, seats: int, hands: int, seed: int) -> list[dict[str, Any]]:
    """``hands`` hands in which seat 0 is played by the random player (a beginner who knows
    the rules only) against the heuristic computers: mistakes to learn from, every run the
    same."""
    table = kortspel.load(game, seats=seats)
    rng = random.Random(seed)
    out = []
    for h in range(hands):
        state = table.new_hand(seed=seed * 1000 + h)
        bots = [kortspel.bot_for(game, "random" if s == 0 else "heuristic", name=n)
                for s, n in enumerate(table.names)]
        for _step in range(5000):
            if state.is_over:
                break
            kortspel.step(state, bots, rng)
        if state.is_over:
            out.append(state.record())
    return out


def mistakes(records: Sequence[dict[str, Any]], seat: int, *, playouts: int = 60,
             limit: int = 3, seed: int = 1, first: int | None = None) -> list[Mistake]:
    """The decisions of ``seat`` graded a mistake or a blunder in these hands, the costliest
    first (at most ``limit``), each as a question: what should have been played? ``first``
    judges only each hand's first so many decisions (a long game's review takes a while)."""
    found = []
    for k, record in enumerate(records):
        r = coach.Reviewer(record, seat, seconds=None, playouts=playouts,
                           rng=random.Random(f"{seed}:{k}"))
        while not r.done and (first is None or len(r.decisions) < first):
            r.step()
        frames = kortspel.frames(record)
        for d in r.decisions:
            if d.grade in ("mistake", "blunder"):
                found.append((d.loss, k, d, frames[d.step]))
    found.sort(key=lambda x: (-x[0], x[1], x[2].step))
    out = []
    for _loss, _k, d, state in found[:limit]:
        words = coach.coach_words(state.game.name)
        names = state.game.names
        said = {o.action: coach.say_action(o.action, names, seat, words) for o in d.options}
        choices = list(dict.fromkeys(said[o.action] for o in d.options))
        if len(choices) > 4:  # the best, what was played, and the next best two
            keep = [said[d.best.action], said[d.action]]
            keep += [c for c in choices if c not in keep][:2]
            choices = [c for c in choices if c in keep]
        choices.sort()
        values = {said[o.action]: o for o in d.options}
        played = said[d.action][:1].lower() + said[d.action][1:]
        explain = _("The coach: {best} gives about {best_amount} ({measure}); {played}, the "
                    "move that was made, about {played_amount}: {a_grade}.").format(
            best=said[d.best.action], best_amount=coach._amount(d.best.value, words),
            measure=_(words.metric), played=played,
            played_amount=coach._amount(d.chosen.value, words),
            a_grade=coach._a_grade(d.grade))
        why = {c: _("The coach's deals give {choice} about {amount}; look for a better "
                    "one.").format(choice=c[:1].lower() + c[1:],
                                   amount=coach._amount(values[c].value, words))
               for c in choices if c != said[d.best.action]}
        check = Check(_("You are to act here. What is the best move?"), choices,
                      said[d.best.action], explain, why=why)
        out.append(Mistake(state, d, check))
    return out


def pupil_mistakes(play: Any, game: str, seats: int, *, hands: int = 3, seed: int = 1,
                   playouts: int = 60, limit: int = 3, first: int | None = None
                   ) -> tuple[list[Mistake], str]:
    """The mistakes of the person at ``play`` (its human seat) in the hands finished there;
    with none finished, those of a beginner's hands. Returns them and a sentence saying
    whose they are."""
    spec = kortspel.spec(game)
    word, whole = spec.hand_word, spec.match_word
    records = _records(play) if play is not None else []
    if records:
        found = mistakes(records, play.humans[0], playouts=playouts, limit=limit, seed=seed,
                         first=first)
        if found:
            return found, _costliest(word, len(records))
        return [], _no_mistake(word)
    found = mistakes(beginner_hands(game, seats, hands, seed), 0, playouts=playouts,
                     limit=limit, seed=seed, first=first)
    return found, _a_beginners(word, whole)


def _costliest(word: str, n: int) -> str:
    """"Your costliest mistakes in the 2 hands you played above." for a game's hand word."""
    said = {
        "hand": ngettext("Your costliest mistakes in the {n} hand you played above.",
                         "Your costliest mistakes in the {n} hands you played above.", n),
        "round": ngettext("Your costliest mistakes in the {n} round you played above.",
                          "Your costliest mistakes in the {n} rounds you played above.", n),
        "deal": ngettext("Your costliest mistakes in the {n} deal you played above.",
                         "Your costliest mistakes in the {n} deals you played above.", n),
        "game": ngettext("Your costliest mistakes in the {n} game you played above.",
                         "Your costliest mistakes in the {n} games you played above.", n),
    }.get(word)
    if said is None:
        return (f"Your costliest mistakes in the {n} {word}{'' if n == 1 else 's'} you played "
                "above.")
    return said.format(n=n)


def _no_mistake(word: str) -> str:
    said = {
        "hand": _("The coach saw no mistake in the hands you played above. Well done: play a "
                  "few more and run this cell again."),
        "round": _("The coach saw no mistake in the rounds you played above. Well done: play "
                   "a few more and run this cell again."),
        "deal": _("The coach saw no mistake in the deals you played above. Well done: play a "
                  "few more and run this cell again."),
        "game": _("The coach saw no mistake in the games you played above. Well done: play a "
                  "few more and run this cell again."),
    }.get(word)
    return said or (f"The coach saw no mistake in the {word}s you played above. Well done: "
                    "play a few more and run this cell again.")


def _a_beginners(word: str, whole: str) -> str:
    said = {
        ("hand", "match"): _(
            "No hand was finished at the table above, so here are the mistakes of a beginner "
            "(the random player, in seat a) in a short practice match: the same kind of "
            "questions you would get."),
        ("round", "game"): _(
            "No round was finished at the table above, so here are the mistakes of a beginner "
            "(the random player, in seat a) in a short practice game: the same kind of "
            "questions you would get."),
        ("deal", "session"): _(
            "No deal was finished at the table above, so here are the mistakes of a beginner "
            "(the random player, in seat a) in a short practice session: the same kind of "
            "questions you would get."),
        ("game", "match"): _(
            "No game was finished at the table above, so here are the mistakes of a beginner "
            "(the random player, in seat a) in a short practice match: the same kind of "
            "questions you would get."),
    }.get((word, whole))
    return said or (f"No {word} was finished at the table above, so here are the mistakes of "
                    f"a beginner (the random player, in seat a) in a short practice {whole}: "
                    "the same kind of questions you would get.")
