"""The conformance suite: every registered game, written against the protocol and ``SPEC`` only.

Each game (and the test-only High card of ``tests/highcard.py``, which proves that a new game
needs nothing but its own module) is played at random over every seat count and every
combination of its rules options, and at every step the engine's promises are checked: cards
are conserved, what a seat knows is true, clones are equal and independent, records survive
JSON and replay, every legal action applies and every other one is refused without a trace,
nothing handed out can change the state, and observations leak nothing the seat could not
know. Then the same hostile input is thrown at every game. Nothing here names a game, so a
new game passes or fails this file unchanged.

A failure names the game, the seat count, the options, the seed, the hand and the step, and
prints the record of the state it failed at: ``kortspel.replay(record)`` reproduces it.
The default run takes about 15 s for Kille (8 checked hands per table, 28 tables, plus up to
30,000 quick hands for event coverage); ``KORTSPEL_SLOW=1`` adds runs with 10x the hands.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import FunctionType, MappingProxyType, MethodType, ModuleType
from typing import Any

import pytest
from tiers import THOROUGH

import kortspel
from kortspel import CHANCE, Action, Event, GameSpec, KortspelError, search
from kortspel.events import EFFECT_TYPES, Place, Reveal

kortspel.register("highcard")

GAMES: list[str] = sorted(set(kortspel.games()) | {"highcard"})
SLOW = bool(os.environ.get("KORTSPEL_SLOW"))
HANDS = 8
"""Hands checked at every step, per seat count and options combination (default run)."""
STEPS = 400
"""...but no more steps than this per table: hands are dealt until ``HANDS`` are played or
the budget is spent, always at least one. A hand of most games is a few dozen steps, so the
budget never binds; for a "hand" that is a whole game of hundreds of steps see
``WHOLE_GAMES``."""
WHOLE_GAMES = {"gnallknekt"}
"""Games whose "hand" is a whole game of hundreds of steps: the default run checks one game
a table (the step budget stops it after the first; each table's seed differs, so every
table is a different game); the slow run checks ten times the steps."""
CUTS = 80
"""A finished hand's record is replayed cut at every length when it has at most this many
actions; a longer one at this many lengths spread over it, both ends included."""
HIDDEN_SEATS = 3
"""Seats whose observation is checked against a hidden shuffle at each step (the seat to act
among them); every seat is checked at some steps over a run."""
COVERAGE_HANDS = 30_000
"""At most this many hands are played unchecked per game to reach every event kind (Kille's
rarest, "nobody", turns up about once in 7,000 hands; 30,000 take about 4 s)."""


def options_of(spec: GameSpec) -> list[dict[str, Any]]:
    """Every combination of every rules option value."""
    keys = sorted(spec.options)
    return [dict(zip(keys, values, strict=True))
            for values in itertools.product(*(spec.options[k] for k in keys))]


def tables() -> Iterator[Any]:
    """(game, seats, options) for every game, seat count and options combination.

    Every run checks half of them, as a checkerboard of seat counts against combinations:
    every seat count with half its combinations, every combination at half the seat counts
    (and so every rule option's every value). Of a game whose hand is a whole game
    (``WHOLE_GAMES``), every run checks one table. CI checks all (``thorough``)."""
    for name in GAMES:
        spec = kortspel.spec(name)
        low, high = spec.seats
        for i, seats in enumerate(range(low, high + 1)):
            for j, opts in enumerate(options_of(spec)):
                label = ",".join(f"{k}={v}" for k, v in opts.items()) or "standard"
                whole = name in WHOLE_GAMES and (i or j)  # one table of whole games
                marks = [pytest.mark.thorough] if (i + j) % 2 or whole else []
                yield pytest.param(name, seats, opts, id=f"{name}-{seats}-{label}",
                                   marks=marks)


TABLES = list(tables())


# ---------------------------------------------------------------------------------------------
# Where a check failed: enough to reproduce it
# ---------------------------------------------------------------------------------------------


@dataclass
class Where:
    """The game, table, seed, hand and step a check ran at; printed by every failure."""

    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    hand: int = 0
    step: int = 0
    state: Any = None

    def __str__(self) -> str:
        return (f"{self.game} seats={self.seats} options={self.options} seed={self.seed} "
                f"hand={self.hand} step={self.step}")

    def reproduce(self) -> str:
        """The record of the state being checked: ``kortspel.replay`` of it is that state."""
        if self.state is None:
            return ""
        try:
            return "\n  record: " + json.dumps(self.state.record(), ensure_ascii=False)
        except Exception as err:  # noqa: BLE001 - the record is a courtesy here
            return f"\n  (record() failed too: {type(err).__name__}: {err})"


def expect(ok: bool, where: Where, what: str | Callable[[], str]) -> None:
    """``assert`` with the place it failed: the message is built only on failure."""
    if not ok:
        pytest.fail(f"{where}: {what() if callable(what) else what}{where.reproduce()}")


def refused(where: Where, what: str, call: Callable[[], Any]) -> KortspelError:
    """``call`` must raise a ``KortspelError`` (nothing else, and not pass silently)."""
    try:
        out = call()
    except KortspelError as err:
        expect(bool(str(err).strip()), where, f"{what}: the error has no message")
        return err
    except Exception as err:  # noqa: BLE001 - any other exception is the finding
        pytest.fail(f"{where}: {what} raised {type(err).__name__}: {err} (should be a "
                    f"KortspelError){where.reproduce()}")
    pytest.fail(f"{where}: {what} was accepted (returned {out!r:.200}); it should be "
                f"refused{where.reproduce()}")


def replayed(record: Mapping[str, Any], upto: int | None = None) -> Any:
    """A record through JSON and back, replayed: what a saved file gives."""
    return kortspel.replay(json.loads(json.dumps(record)), upto=upto)


# ---------------------------------------------------------------------------------------------
# The actions a check throws at a state
# ---------------------------------------------------------------------------------------------


def arg_values(arg: kortspel.Arg, game: Any, rng: random.Random) -> list[Any]:
    """Values of one argument drawn from the pack, the seat names or the listed choices."""
    cards = sorted(set(game.pack()))
    if arg.kind == "card":
        out: list[Any] = rng.sample(cards, min(6, len(cards)))
    elif arg.kind == "cards":
        out = [(c,) for c in rng.sample(cards, min(3, len(cards)))]
        out += [tuple(rng.sample(cards, min(k, len(cards)))) for k in (2, 3)]
    elif arg.kind == "seat":
        out = list(game.names)
    elif arg.choices:
        out = list(arg.choices)
    else:
        out = [0, 1, 2, -1, 99]
    return out + ([None] if arg.optional else [])


def candidates(game: Any, seat: int, rng: random.Random, cap: int = 12) -> list[Action]:
    """Actions of ``seat`` with every verb of the game and arguments from its pack/seats."""
    out: list[Action] = []
    for verb in game.codec.verbs.values():
        pools = [arg_values(a, game, rng) for a in verb.args]
        combos = list(itertools.product(*pools))
        for values in rng.sample(combos, min(cap, len(combos))):
            args = tuple((a.name, v) for a, v in zip(verb.args, values, strict=True)
                         if v is not None)
            out.append(Action(seat, verb.name, game.names[seat], args))
    return out


def malformed(game: Any, rng: random.Random) -> list[tuple[str, Callable[[], Any]]]:
    """Input that is no action of this table at all: (label, maker). A maker may itself raise
    a ``KortspelError`` (an ``Action`` refusing to be built): that counts as refused."""
    names, n = game.names, len(game.names)
    verbs = list(game.codec.verbs)
    verb = rng.choice(verbs)
    seat = rng.randrange(n)
    name = names[seat]

    def action(*args: Any) -> Callable[[], Any]:
        return lambda: Action(*args)

    return [
        ("None", lambda: None), ("42", lambda: 42), ('""', lambda: ""),
        ('"zz zz"', lambda: "zz zz"),
        ("an empty seat name", lambda: {"seat": "", "do": verb}),
        ("a verb with spaces", lambda: {"seat": name, "do": f" {verb} "}),
        ("no verb", lambda: {"seat": name}),
        ("seat number = table size", action(n, verb, name)),
        ("seat number 99", action(99, verb, name)),
        ("seat number -2", action(-2, verb, name)),
        ("the wrong who", action(seat, verb, names[(seat + 1) % n])),
        ("an unknown verb", action(seat, "zzz", name)),
        ("an args pair that is no pair", action(seat, verb, name, (("card",),))),
        ("args that are a list", action(seat, verb, name, [("card", "x")])),
        ("an argument the verb lacks", action(seat, verb, name, (("zzz", "x"),))),
        ("a chance action with a seat's verb", action(CHANCE, verb, "chance")),
        ("a chance action with an unknown verb", action(CHANCE, "zzz", "chance")),
    ]


# ---------------------------------------------------------------------------------------------
# The checks made at every step
# ---------------------------------------------------------------------------------------------


@dataclass
class Run:
    """One random run of one table: what the checks need, and how often the no-leak check
    really moved a card (a check that never does proves nothing)."""

    spec: GameSpec
    game: Any
    where: Where
    rng: random.Random
    hidden_checked: int = 0
    hidden_changed: int = 0
    candidates: list[list[Action]] = field(default_factory=list)


def check_state(run: Run, st: Any) -> None:
    """Every promise of the protocol, at this moment of this hand."""
    w = run.where
    w.state = st
    check_turn(run, st)
    check_cards(run, st)
    check_knowledge(run, st)
    check_events(run, st)
    check_result(run, st)
    check_record(run, st)
    check_clone(run, st)
    check_legal(run, st)
    check_illegal(run, st)
    if walked_step(run.where.step):
        check_untouchable(run, st)
        check_observation_holds_copies(run, st)
        check_attributes(run, st)
        check_hidden(run, st)
    check_worlds(run, st)


WALKED_STEPS = 150
"""In the thorough tier (CI), the checks that walk or replay the whole hand so far run at
every step below this, and every fourth step past it (only Gnällknekt's whole games get
there)."""


def doubling(step: int) -> bool:
    """Steps 0 to 7, then 8, 16, 32, ...: where the quick run makes its costly checks."""
    return step < 8 or step & (step - 1) == 0


def walked_step(step: int) -> bool:
    """Whether the checks whose cost grows with the hand run at this step (what a state
    hands out is a copy, the observation holds nothing it should not, a hidden shuffle
    changes no observation). Each walks the whole state or replays the record, so checked at
    every step they grow with the square of the hand's length and, over a 700-step game,
    cost as much as the rest of the suite. A quick run makes them at the first eight steps of
    each hand and then at doubling steps (a leak that lasts is found at the next one, and a
    short hand of most games is checked whole); the thorough tier (CI) at every step of the
    first ``WALKED_STEPS`` and every fourth after; the slow run (``KORTSPEL_SLOW=1``) at
    every step."""
    if SLOW:
        return True
    if THOROUGH:
        return step < WALKED_STEPS or step % 4 == 0
    return doubling(step)


def thinned(name: str, step: int, steps: int) -> bool:
    """Whether a shipped example's frame goes unchecked in a quick run: a whole game's
    (``WHOLE_GAMES``) frames are checked at doubling steps and the last; the thorough tier
    (CI) checks every frame of every example."""
    return (not THOROUGH and name in WHOLE_GAMES and not doubling(step)
            and step != steps - 1)


def searched_step(step: int) -> bool:
    """Whether the search's checks run at this step: every step of a short hand, every
    twentieth of a long one (a Gnällknekt world replays the game so far)."""
    return step < 30 or step % 20 == 0


def check_worlds(run: Run, st: Any) -> None:
    """The search's worlds (``kortspel.search``) agree with what a seat saw: for the seat to
    act and one other, a sampled world tells that seat the same observation, and its own
    record replays to it (a world is a real hand, not a patched copy)."""
    w = run.where
    if st.is_over or not search.searchable(run.spec.name) or not searched_step(w.step):
        return
    rng = random.Random(f"worlds/{w.step}")
    seats = [s for s in range(len(run.game.names)) if s != st.to_act]
    chosen = ([st.to_act] if st.to_act in range(len(run.game.names)) else []) + \
        rng.sample(seats, min(1 if w.step % 3 == 0 or st.to_act not in range(
            len(run.game.names)) else 0, len(seats)))  # another seat every third step
    for seat in chosen:
        world = search.sample_world(st, seat, rng)
        expect(search.same_view(world, st, seat), w, lambda seat=seat, world=world: (
            f"a world sampled for seat {seat} tells it something else:\n  "
            f"{_first_difference(st.observation(seat).view(), world.observation(seat).view())}"))
        expect(replayed(world.record()) == world, w,
               f"a world sampled for seat {seat} is not the hand its record replays")


def check_turn(run: Run, st: Any) -> None:
    """Who acts is one of the seats, a chance turn or nobody, and it agrees with the rest:
    a driver loops on these, so a wrong one hangs or crashes it."""
    w, n = run.where, len(run.game.names)
    expect(st.is_over == (st.to_act is None), w,
           f"is_over={st.is_over} but to_act={st.to_act!r}")
    expect(st.to_act is None or st.to_act == CHANCE or st.to_act in range(n), w,
           f"to_act={st.to_act!r} is no seat, CHANCE or None")
    callers = st.callers()
    expect(all(c in range(n) and c != st.to_act for c in callers), w,
           f"callers() {callers} holds the seat to act or no seat")
    expect(getattr(st, "calls_out_of_turn", True) or not callers, w,
           f"the state says nobody calls out of turn, yet callers() is {callers}")
    if st.is_over:
        expect(st.legal_actions() == [] and callers == [], w,
               "a finished hand still offers actions")
    elif st.to_act != CHANCE:
        expect(bool(st.legal_actions()), w, "the seat to act has no legal action")


def check_cards(run: Run, st: Any) -> None:
    """No card made or lost: the zones together hold exactly the pack."""
    zones = st.zones()
    held = Counter(c for cards in zones.values() for c in cards)
    pack = Counter(run.game.pack())
    expect(held == pack, run.where,
           lambda: f"cards not conserved: extra {held - pack}, missing {pack - held}")


def check_knowledge(run: Run, st: Any) -> None:
    """Every seat knows each zone's size, and every card it names is the true one."""
    truth = st.zones()
    for seat in range(len(run.game.names)):
        k = st.observation(seat).knowledge
        unseen = [z for z, cards in truth.items() if cards and z not in k.zones()]
        expect(not unseen, run.where,
               f"seat {seat}'s knowledge has no trace of the cards in {unseen}")
        for zone in k.zones():
            known = k.names(zone)
            real = truth.get(zone)
            expect(real is not None, run.where,
                   f"seat {seat} knows a zone {zone} the table does not have")
            expect(len(known) == len(real), run.where,
                   f"seat {seat} thinks {zone} holds {len(known)} cards; it holds {len(real)}")
            for i, (name, card) in enumerate(zip(known, real, strict=True)):
                expect(name is None or name == card, run.where,
                       f"seat {seat} thinks card {i} of {zone} is {name!r}; it is {card!r} "
                       f"(knows {list(known)}, truth {list(real)})")


def check_events(run: Run, st: Any) -> None:
    """Events are well formed, of the game's declared kinds, seen by real seats."""
    n = len(run.game.names)
    kinds = set(run.spec.event_kinds)
    for i, e in enumerate(st.events):
        expect(type(e) is Event, run.where, f"event {i} is {type(e).__name__}, not an Event")
        expect(e.kind in kinds, run.where,
               f"event {i} has kind {e.kind!r}, not among SPEC.event_kinds {sorted(kinds)}")
        expect(isinstance(e.text, str) and bool(e.text.strip()), run.where,
               f"event {i} ({e.kind}) has no narration")
        expect(e.visible is None or (type(e.visible) is tuple and bool(e.visible) and all(
            type(s) is int and 0 <= s < n for s in e.visible)), run.where,
            f"event {i} ({e.kind}) is visible to {e.visible!r}")
        expect(type(e.effects) is tuple and all(type(x) in EFFECT_TYPES for x in e.effects),
               run.where, f"event {i} ({e.kind}) has effects {e.effects!r}")


def check_result(run: Run, st: Any) -> None:
    """The outcome is JSON, names its game, and says while the hand goes on who is to act
    (the command line prints it for any record, finished or not)."""
    w = run.where
    res = st.result()
    expect(json.loads(json.dumps(res)) == res, w, "result() does not survive JSON")
    expect(res.get("game") == run.spec.name, w, f"result()['game'] is {res.get('game')!r}")
    if not st.is_over:
        expect(res.get("over") is False, w, f"result() of a hand in play: over={res.get('over')}")
        expect("to_act" in res, w, "result() of a hand in play does not say who is to act")
        if st.to_act != CHANCE:
            expect(res["to_act"] == run.game.names[st.to_act], w,
                   f"result()['to_act'] is {res['to_act']!r}, the seat to act is "
                   f"{run.game.names[st.to_act]!r}")
    elif "over" in res:
        expect(res["over"] is True, w, "result() of a finished hand says over is not True")


def check_record(run: Run, st: Any) -> None:
    """The record is JSON and replays to this state (``check_clone`` replays it at the
    table too)."""
    w = run.where
    rec = st.record()
    text = json.dumps(rec, ensure_ascii=False)
    expect(json.loads(text) == rec, w, "record() does not survive JSON")
    expect(kortspel.replay(json.loads(text)) == st, w,
           "kortspel.replay(record) differs from the state")


def apply_any(st: Any, rng: random.Random) -> Action:
    """Apply one move to ``st``: a chance draw, or a random legal action of the seat to act."""
    if st.to_act == CHANCE:
        act = st.sample_chance(rng)
    else:
        legal = st.legal_actions()
        act = legal[rng.randrange(len(legal))]
    st.apply(act)
    return act


def check_clone(run: Run, st: Any) -> None:
    """A clone is equal, and a move on it leaves the original as its record says."""
    w = run.where
    rec = json.dumps(st.record())
    n_events = len(st.events)
    c = st.clone()
    expect(c is not st and c == st and st == c, w, "a clone is not equal to its original")
    expect(c.actions is not st.actions and c.events is not st.events, w,
           "a clone shares its action or event list with the original")
    if not c.is_over:
        apply_any(c, run.rng)
        expect(c != st, w, "a state equals its clone after a move on the clone")
    expect(st == run.game.replay(json.loads(rec)) and len(st.events) == n_events, w,
           "a move on a clone changed the original")
    if st.to_act == CHANCE:  # the driver's rng decides; the same rng, the same draw
        a, b = st.sample_chance(random.Random(9)), st.sample_chance(random.Random(9))
        expect(a == b, w, f"sample_chance is not a function of the rng: {a} vs {b}")


def check_legal(run: Run, st: Any) -> None:
    """Every legal action applies, for the seat to act and for each out-of-turn caller; an
    action given as record JSON or text does what the ``Action`` does."""
    w = run.where
    seats = [st.to_act] if st.to_act not in (None, CHANCE) else []
    for seat in seats + st.callers():
        for act in st.legal_actions(seat):
            expect(type(act) is Action and act.seat == seat, w,
                   f"legal_actions({seat}) holds {act!r}")
            c = st.clone()
            try:
                c.apply(act)
            except KortspelError as err:
                pytest.fail(f"{w}: the legal action {act} was refused: {err}{w.reproduce()}")
            for form in (act.to_json(), str(act)):
                d = st.clone()
                try:
                    d.apply(form)
                except KortspelError as err:
                    pytest.fail(f"{w}: the legal action {act} written as {form!r} was "
                                f"refused: {err}{w.reproduce()}")
                expect(d == c, w, f"the legal action as {form!r} differs from {act!r}")
    if seats and hasattr(st, "pick_legal"):
        check_pick_legal(run, st)
    if st.to_act == CHANCE:
        expect(st.legal_actions() == [], w, "a chance turn offers seat actions")
        c = st.clone()
        c.apply(st.sample_chance(run.rng))
    elif not st.is_over:
        before = st.clone()
        refused(w, "sample_chance when no chance turn is due",
                lambda: st.sample_chance(random.Random(1)))
        expect(st == before, w, "a refused sample_chance changed the state")


def check_pick_legal(run: Run, st: Any) -> None:
    """``pick_legal`` (the random player's way through ``play_hand``) finds, for every index,
    the action the legal list holds there, asks its picker once with the list's length, and
    changes nothing; ``play_pick`` plays what ``apply`` of that action plays."""
    w = run.where
    legal = st.legal_actions()
    before = st.clone()
    for i in range(len(legal)):
        asked: list[int] = []

        def pick(n: int, rng: random.Random, i: int = i, asked: list[int] = asked) -> int:
            asked.append(n)
            return i

        got = st.pick_legal(pick, run.rng)
        expect(asked == [len(legal)], w,
               f"pick_legal asked its picker {asked}, not once with {len(legal)}")
        expect(got == legal[i], w, f"pick_legal found {got} at {i}, the list holds {legal[i]}")
    expect(st == before, w, "pick_legal changed the state")
    if hasattr(st, "play_pick") and legal:
        i = len(st.actions) % len(legal)  # one index a step, which each step varies
        played, applied = st.clone(), st.clone()
        got = played.play_pick(lambda n, _rng: i, run.rng)
        applied.apply(legal[i])
        expect(got == legal[i] and played == applied and played.events == applied.events, w,
               f"play_pick at {i} did not play {legal[i]} as apply does")


def check_illegal(run: Run, st: Any) -> None:
    """Every action outside a seat's legal list is refused and changes nothing, and so is
    everything that is not an action of this table at all."""
    w = run.where
    before = st.clone()
    n_events = len(st.events)

    def refuse(what: str, call: Callable[[], Any]) -> None:
        refused(w, what, call)
        expect(st == before and len(st.events) == n_events, w,
               f"refusing {what} changed the state")

    for seat in range(len(run.game.names)):
        legal = st.legal_actions(seat)
        for act in run.candidates[seat]:
            if act not in legal:
                refuse(f"the illegal action {act!r} (legal: {[str(a) for a in legal]})",
                       lambda act=act: st.apply(act))  # type: ignore[misc]
    if not st.is_over and st.to_act != CHANCE:
        # one illegal action in its record and text forms too
        me = st.to_act
        legal = st.legal_actions(me)
        wrong = [a for a in run.candidates[me] if a not in legal and not a.args]
        if wrong:
            act = run.rng.choice(wrong)
            refuse(f"{act.to_json()} as JSON", lambda: st.apply(act.to_json()))
            refuse(f"{str(act)!r} as text", lambda: st.apply(str(act)))
    for label, make in malformed(run.game, run.rng):
        refuse(label, lambda make=make: st.apply(make()))  # type: ignore[misc]
    if st.to_act == CHANCE:  # the draw due, spoilt
        good = st.sample_chance(run.rng)
        spoilt = [("the draw for another seat", lambda: Action(0, good.verb, run.game.names[0],
                                                                good.args)),
                  ("the draw with the wrong who", lambda: Action(CHANCE, good.verb, "x",
                                                                  good.args)),
                  ("the draw with an extra argument", lambda: Action(
                      CHANCE, good.verb, good.who, (*good.args, ("zzz", "1"))))]
        if good.args:
            spoilt.append(("the draw without its arguments",
                           lambda: Action(CHANCE, good.verb, good.who)))
        for label, make in spoilt:
            refuse(label, lambda make=make: st.apply(make()))  # type: ignore[misc]
    else:  # an earlier chance draw of this hand is not due now
        for act in st.actions:
            if act.seat == CHANCE:
                refuse(f"the earlier chance draw {act}", lambda act=act: st.apply(act))


def check_untouchable(run: Run, st: Any) -> None:
    """Mutating everything the state hands out leaves the state as it was."""
    w = run.where
    before = st.clone()
    seat = run.rng.randrange(len(run.game.names))
    view = json.dumps(st.observation(seat).view(), sort_keys=True, default=str)
    result = json.dumps(st.result(), sort_keys=True)
    record = json.dumps(st.record(), sort_keys=True)
    zones_before = {z: tuple(cards) for z, cards in st.zones().items()}
    legal_before = [st.legal_actions(s) for s in range(len(run.game.names))]
    n_events = len(st.events)
    legal = st.legal_actions(seat)
    legal.append(legal[0] if legal else None)
    legal.clear()
    if st.to_act not in (None, CHANCE):
        st.legal_actions().clear()
    obs = st.observation(seat)
    k = obs.knowledge
    k.zones().append(kortspel.Zone("hand", 99))
    k.facts().append("x")  # type: ignore[arg-type]
    kv = k.view()
    kv["zones"].clear()
    kv["facts"].append(1)
    ov = obs.view()
    for value in ov.values():
        if isinstance(value, list):
            value.append("x")
        elif isinstance(value, dict):
            value.clear()
    ov.clear()
    if isinstance(obs.events, list):
        obs.events.clear()
    rec = st.record()
    rec["actions"].append({"seat": "zz", "do": "zz"})
    for value in rec.values():
        if isinstance(value, dict):
            value.clear()
    res = st.result()
    for value in res.values():
        if isinstance(value, list | dict):
            value.clear()
    res.clear()
    zones = st.zones()
    for z in list(zones):
        zones[z] = ("x",)
    zones.clear()
    for e in list(st.events[-3:]) + list(obs.events[-3:]):
        for attr in ("kind", "text", "visible", "effects"):
            with pytest.raises(AttributeError):
                setattr(e, attr, None)
    expect(st == before and len(st.events) == n_events, w,
           "mutating what the state handed out changed the state")
    expect(json.dumps(st.observation(seat).view(), sort_keys=True, default=str) == view, w,
           f"mutating what the state handed out changed seat {seat}'s observation")
    expect(json.dumps(st.result(), sort_keys=True) == result, w,
           "mutating what the state handed out changed result()")
    expect(json.dumps(st.record(), sort_keys=True) == record, w,
           "mutating what the state handed out changed record()")
    expect(st.zones() == zones_before, w, "mutating what the state handed out changed zones()")
    expect([st.legal_actions(s) for s in range(len(run.game.names))] == legal_before, w,
           "mutating what the state handed out changed legal_actions()")


MUTABLE = (list, dict, set, bytearray)
"""Containers a caller could change in place."""
_LEAVES = (str, bytes, int, float, complex, bool, type(None), type, ModuleType, range)


def reachable(root: Any, stop: Any = None, sealed: tuple[type, ...] = ()) -> Iterator[Any]:
    """Every object reachable from ``root``: through instance dicts and slots, containers,
    the closures and ``__self__`` of functions and bound methods (a bot could follow each
    of them), never into modules, classes or a function's globals, nor past ``stop`` (the
    table: public, immutable, shared by every hand at it) or into objects of the ``sealed``
    types (given, never walked through)."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj  # held, so that no id is reused while the walk goes on
        yield obj
        if isinstance(obj, _LEAVES) or obj is stop or isinstance(obj, sealed):
            continue
        if isinstance(obj, dict | MappingProxyType):
            stack.extend(obj.keys())
            stack.extend(obj.values())
            continue
        if isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
            continue
        if isinstance(obj, MethodType):
            stack += [obj.__self__, obj.__func__]
            continue
        if isinstance(obj, FunctionType):
            stack += [c.cell_contents for c in obj.__closure__ or ()
                      if c.cell_contents is not None]
            stack += list(obj.__defaults__ or ())
            continue
        stack.extend(vars(obj).values() if hasattr(obj, "__dict__") else ())
        for klass in type(obj).__mro__:
            for slot in getattr(klass, "__slots__", ()):
                if slot not in ("__dict__", "__weakref__") and hasattr(obj, slot):
                    stack.append(getattr(obj, slot))


def check_observation_holds_copies(run: Run, st: Any) -> None:
    """An observation holds only copies of what its seat may know: walking everything it
    holds (its attributes, its containers, its bound methods' closures) finds no state, no
    mutable list or dict the state holds too, no event the seat did not see, and no card
    the seat was never shown. A bot is handed the observation: what it can reach, it can
    read and change."""
    w = run.where
    seat = len(st.actions) % len(run.game.names)  # a seat a step, every seat over a hand
    obs = st.observation(seat)
    # Events and actions are immutable all through (``check_untouchable``), so the state's
    # own mutable containers are found without walking its thousand events.
    shared = {id(o) for o in reachable(st, stop=st.game, sealed=(Event, Action))
              if isinstance(o, MUTABLE)}
    seen_cards: set[str] = set()
    for e in st.events:
        if e.visible is None or seat in e.visible:
            for eff in e.effects:
                if type(eff) is Place:
                    seen_cards.update(c for c in eff.cards if c is not None)
                elif type(eff) is Reveal:
                    seen_cards.add(eff.card)
    for act in obs.legal:
        seen_cards.update(v for _, value in act.args
                          for v in (value if isinstance(value, tuple) else (value,))
                          if isinstance(v, str))
    pack = set(run.game.pack())
    for o in reachable(obs, stop=st.game):
        expect(o is not st and not isinstance(o, type(st)), w,
               f"seat {seat}'s observation holds the state itself ({type(o).__name__})")
        expect(not (isinstance(o, MUTABLE) and id(o) in shared), w,
               lambda o=o: f"seat {seat}'s observation shares a {type(o).__name__} with the "
                           f"state ({o!r:.100}): a bot could change the game through it")
        expect(type(o) is not Event or o.visible is None or seat in o.visible, w,
               lambda o=o: f"seat {seat}'s observation holds an event it did not see: {o!r}")
        expect(not (type(o) is str and o in pack and o not in seen_cards), w,
               lambda o=o: f"seat {seat}'s observation holds the card {o!r}, which no event "
                           "it saw showed it")


PUBLIC_SKIP = frozenset({"game", "hand"})
"""Attributes that are not copies by design: the table (immutable, shared by every hand)
and a match's hand in play (the state itself, which its players act on)."""


def public_values(obj: Any) -> dict[str, Any]:
    """Every public attribute of ``obj`` that is data (properties read), by name."""
    out: dict[str, Any] = {}
    for name in dir(obj):
        if name.startswith("_") or name in PUBLIC_SKIP:
            continue
        value = getattr(obj, name)
        if not callable(value):
            out[name] = value
    return out


def mutate_everything(value: Any, stop: Any) -> None:
    """Change every mutable container reachable from ``value`` in place (lists grow and
    shrink, dicts and sets are emptied), stopping at ``stop``. Events and actions are not
    walked through: they are immutable all through (``check_untouchable``)."""
    for o in list(reachable(value, stop=stop, sealed=(Event, Action))):
        if isinstance(o, list):
            o.append("zz")
            o.reverse()
            del o[:1]
        elif isinstance(o, dict | set | bytearray):
            o.clear()


def check_attributes(run: Run, st: Any) -> None:
    """Every public attribute of a state (``hands``, ``actions``, ``events``, ...) is a
    copy or immutable: changing everything it holds leaves the state as its record says."""
    w = run.where
    before, record = st.clone(), json.dumps(st.record(), sort_keys=True)
    zones, n_events = st.zones(), len(st.events)
    for name, value in public_values(st).items():
        mutate_everything(value, st.game)
        expect(st == before and len(st.events) == n_events, w,
               f"changing what state.{name} holds changed the state")
    expect(json.dumps(st.record(), sort_keys=True) == record and st.zones() == zones, w,
           "changing what the state's attributes hold changed its record or its zones")


def check_hidden(run: Run, st: Any) -> None:
    """A seat's observation is the same in every deal that agrees with what it could know."""
    if st.is_over or run.spec.hidden_shuffle is None:
        return
    w = run.where
    seats = list(range(len(run.game.names)))
    if len(seats) > HIDDEN_SEATS:  # the seat to act, and others at random: time is short
        first = [st.to_act] if st.to_act in seats else []
        seats = first + run.rng.sample([s for s in seats if s not in first],
                                       HIDDEN_SEATS - len(first))
    for seat in seats:
        rec = run.spec.hidden_shuffle(st, seat, run.rng)
        if rec is None:
            continue
        other = run.game.replay(json.loads(json.dumps(rec)))
        run.hidden_checked += 1
        run.hidden_changed += other.zones() != st.zones()
        mine = st.observation(seat).view()
        theirs = other.observation(seat).view()
        expect(mine == theirs, w, lambda mine=mine, theirs=theirs, seat=seat, rec=rec: (
            f"seat {seat}'s observation changed when only cards it cannot know moved:\n"
            f"  {_first_difference(mine, theirs)}\n  shuffled record: {json.dumps(rec)}"))
        if seat == st.to_act and search.searchable(run.spec.name) and \
                len(st.legal_actions()) > 1 and searched_step(w.step):
            # the search sees its worlds, dealt blind: the same values either way (three
            # options at most: a Gnällknekt turn has dozens, and each is a whole game), in
            # the game's measure and in what its expert plays for, where that differs; the
            # last with the gains over an anchor (the first option) an anchored expert weighs
            goals = (False, True) if hasattr(search.hooks(run.spec.name), "objective") \
                else (False,)
            for goal in goals:
                evals = [search.evaluate(s, seconds=None, playouts=2, rng=random.Random(5),
                                         actions=s.legal_actions()[:3], objective=goal,
                                         anchor=s.legal_actions()[0] if goal == goals[-1]
                                         else None)
                         for s in (st, other)]
                expect(evals[0] == evals[1], w, f"the search valued seat {seat}'s options "
                       f"{evals[0]} here but {evals[1]} after a hidden shuffle: it peeks\n"
                       f"  shuffled record: {json.dumps(rec)}")
        if seat == st.to_act:  # a bot sees the observation only, so it cannot tell either
            for level, make in sorted(run.spec.bots.items()):
                picks = [make(level).choose(s.observation(seat), s.legal_actions(),
                                            random.Random(5)) for s in (st, other)]
                expect(picks[0] == picks[1], w, f"the {level} bot of seat {seat} chose "
                       f"{picks[0]} here but {picks[1]} after a hidden shuffle: it reads "
                       f"more than its observation\n  shuffled record: {json.dumps(rec)}")


def _first_difference(a: Any, b: Any, path: str = "view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r:.300} != {b!r:.300}"


def check_finished(run: Run, st: Any, history: list[Any], played_out: bool = True) -> None:
    """At the end of a hand: the frames, and the record replayed cut at every length.
    ``played_out``: the hand was played to its end (a worked example may stop earlier, at
    the moment it teaches)."""
    w = run.where
    rec = st.record()
    frames = kortspel.frames(rec)
    expect(len(frames) == len(st.actions) + 1, w,
           f"frames(record) gives {len(frames)} states for {len(st.actions)} actions")
    cuts = set(cut_points(len(st.actions)))
    for i, (frame, seen) in enumerate(zip(frames, history, strict=True)):
        expect(frame == seen, w, f"frame {i} differs from the state after {i} actions")
        if i not in cuts:
            continue
        again = replayed(rec, upto=i)
        expect(again == seen, w, f"replay(record, upto={i}) differs from the state")
        expect(i == len(st.actions) or again.result().get("over") is False, w,
               f"replay(record, upto={i}) of a longer hand says it is over")
    for j in cut_points(len(rec["actions"])):
        cut = dict(rec, actions=rec["actions"][:j])
        again = replayed(cut)
        expect(j == len(rec["actions"]) or again.result().get("over") is False, w,
               f"the record cut to {j} actions says the hand is over")
    expect(st.is_over or not played_out, w, "play_hand stopped before the hand was over")


def cut_points(n: int) -> list[int]:
    """Where a record of ``n`` actions is cut for a replay: everywhere, or ``CUTS`` places."""
    if n <= CUTS:
        return list(range(n + 1))
    return sorted({round(k * n / (CUTS - 1)) for k in range(CUTS)})


# ---------------------------------------------------------------------------------------------
# The random runs
# ---------------------------------------------------------------------------------------------


def play_checked(name: str, seats: int, options: dict[str, Any], hands: int,
                 seed: int, steps: int = STEPS) -> Run:
    """Play ``hands`` hands with a mix of the game's bots, checking every step, or fewer
    once ``steps`` steps are checked."""
    spec = kortspel.spec(name)
    game = kortspel.load(name, seats=seats, **options)
    where = Where(name, seats, options, seed)
    run = Run(spec, game, where, random.Random(seed))
    levels = sorted(spec.bots)
    checked = 0
    for h in range(hands):
        hand_seed = seed * 10_000 + h
        rng = run.rng = random.Random(hand_seed)
        where.hand, where.seed, where.step = h, hand_seed, 0
        st = game.new_hand(rng=rng)  # the deal is the first thing the hand's rng draws
        expect(st == game.new_hand(rng=random.Random(hand_seed)), where,
               "the same rng does not deal the same hand")
        run.candidates = [candidates(game, s, rng) for s in range(seats)]
        bots = [spec.bots[rng.choice(levels)](f"bot{s}") for s in range(seats)]
        history = [st.clone()]
        while True:
            check_state(run, st)
            if st.is_over:
                break
            kortspel.step(st, bots, rng)
            where.step += 1
            history.append(st.clone())
        check_finished(run, st, history)
        where.state = None
        checked += where.step + 1
        if checked >= steps:
            break
    return run


def run_seed(name: str, seats: int, options: dict[str, Any]) -> int:
    """A seed of its own for every table, stable from one run to the next."""
    text = f"{name}/{seats}/{sorted(options.items())}"
    return sum(ord(c) * (i + 1) for i, c in enumerate(text)) % 100_000


@pytest.mark.parametrize("name,seats,options", TABLES)
def test_random_play_keeps_every_promise(name: str, seats: int, options: dict[str, Any]) -> None:
    """Every promise of the protocol at every step of random hands at this table."""
    steps = 1 if name in WHOLE_GAMES else STEPS
    run = play_checked(name, seats, options, HANDS, run_seed(name, seats, options), steps)
    if run.spec.hidden_shuffle is not None and run.hidden_checked:
        assert run.hidden_changed, (
            f"{name} seats={seats} {options}: hidden_shuffle never moved a card in "
            f"{run.hidden_checked} tries, so the no-leak check proved nothing")


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long random run: set KORTSPEL_SLOW=1")
@pytest.mark.parametrize("name,seats,options", TABLES)
def test_long_random_play_keeps_every_promise(name: str, seats: int,
                                              options: dict[str, Any]) -> None:
    """Ten times the hands, other seeds: for the paths too rare for the default run."""
    play_checked(name, seats, options, HANDS * 10, run_seed(name, seats, options) + 1,
                 STEPS * 10)


def every_kind_seen(name: str, hands: int, seed: int) -> tuple[Counter[str], int]:
    """Event kinds in every shipped example and in up to ``hands`` unchecked random hands,
    dealt round every table in turn until every declared kind has turned up; and how many
    hands that took."""
    spec = kortspel.spec(name)
    seen: Counter[str] = Counter()
    for example in kortspel.examples(name):
        seen.update(e.kind for e in kortspel.replay(kortspel.example(example, name)).events)
    rng = random.Random(seed)
    levels = sorted(spec.bots)
    games = [kortspel.load(name, seats=seats, **opts)
             for seats in range(spec.seats[0], spec.seats[1] + 1) for opts in options_of(spec)]
    played = 0
    while played < hands and not set(spec.event_kinds) <= set(seen):
        for game in games:
            bots = [spec.bots[rng.choice(levels)](f"bot{s}") for s in range(len(game.names))]
            st = kortspel.play_hand(game.new_hand(rng=rng), bots, rng)
            seen.update(e.kind for e in st.events)
        played += len(games)
    return seen, played


@pytest.mark.parametrize("name", GAMES)
def test_every_event_kind_is_reached_and_no_other(name: str) -> None:
    spec = kortspel.spec(name)
    seen, played = every_kind_seen(name, COVERAGE_HANDS * (10 if SLOW else 1), 4242)
    missing = sorted(set(spec.event_kinds) - set(seen))
    unknown = sorted(set(seen) - set(spec.event_kinds))
    assert not unknown, f"{name}: events of kinds outside SPEC.event_kinds: {unknown}"
    assert not missing, (f"{name}: SPEC.event_kinds never reached in {played} random hands "
                         f"over every table nor in the shipped examples: {missing} "
                         f"(seen: {dict(seen)})")


@pytest.mark.parametrize("name", GAMES)
def test_shipped_examples_keep_every_promise(name: str) -> None:
    """Every worked example, at every step, passes the same checks as random play."""
    spec = kortspel.spec(name)
    for example in kortspel.examples(name):
        rec = kortspel.example(example, name)
        frames = kortspel.frames(rec)
        game = frames[0].game
        where = Where(name, len(game.names), {"example": example}, 0)
        run = Run(spec, game, where, random.Random(1))
        run.candidates = [candidates(game, s, run.rng) for s in range(len(game.names))]
        for i, st in enumerate(frames):
            where.step = i
            if thinned(name, i, len(frames)):
                continue
            check_state(run, st)
        check_finished(run, frames[-1], frames, played_out=False)


def test_candidate_actions_cover_every_kind_of_argument() -> None:
    """Today's games have verbs without arguments; the games to come will not. The actions
    thrown at them must be well formed for every kind of argument the codec knows."""
    verbs = [kortspel.Verb("discard", (kortspel.Arg("card", "card"),)),
             kortspel.Verb("meld", (kortspel.Arg("cards", "cards"),)),
             kortspel.Verb("knock", (kortspel.Arg("on", "seat"),
                                     kortspel.Arg("bid", "int", optional=True))),
             kortspel.Verb("draw", (kortspel.Arg("from", "choice", ("stock", "discard")),
                                    kortspel.Arg("pile", "int", (0, 1, 2), optional=True)))]

    class Table:
        names = ("a", "b", "c")
        codec = kortspel.ActionCodec("Test", verbs, names)

        def pack(self) -> list[str]:
            return ["KS", "QS", "JS", "KS"]

    acts = candidates(Table(), 1, random.Random(3))
    made = {a.verb for a in acts}
    assert made == {v.name for v in verbs}, made
    for act in acts:
        Table.codec.check(act)  # every candidate is a well-formed action of the table
        assert act.seat == 1 and act.who == "b"
    assert any(a.get("bid") is None for a in acts if a.verb == "knock")
    assert any(len(a.get("cards")) > 1 for a in acts if a.verb == "meld")


# ---------------------------------------------------------------------------------------------
# Hostile input: the same for every game
# ---------------------------------------------------------------------------------------------


def _hand(spec: GameSpec) -> Any:
    """A hand at the game's usual table, just dealt."""
    return kortspel.load(spec.name).new_hand(seed=1)


def _seat_words(spec: GameSpec) -> list[str]:
    """A refused seat number's message gives the range of seats."""
    return ["0", str(len(kortspel.load(spec.name).names) - 1)]


HOSTILE: list[tuple[str, Callable[[GameSpec], Any], Callable[[GameSpec], list[str]]]] = [
    ("load seats=True", lambda s: kortspel.load(s.name, seats=True),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load seats=5.0", lambda s: kortspel.load(s.name, seats=5.0),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load seats=None", lambda s: kortspel.load(s.name, seats=None),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load seats='abcde'", lambda s: kortspel.load(s.name, seats="abcde"),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load seats=high+1", lambda s: kortspel.load(s.name, seats=s.seats[1] + 1),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load seats=low-1", lambda s: kortspel.load(s.name, seats=s.seats[0] - 1),
     lambda s: [str(s.seats[0]), str(s.seats[1])]),
    ("load 123", lambda s: kortspel.load(123), lambda s: [s.name]),
    ("load rules='abc'", lambda s: kortspel.load(s.name, rules="abc"), lambda s: ["option"]),
    ("new_hand seed=[1]", lambda s: kortspel.load(s.name).new_hand(seed=[1]),
     lambda s: ["seed"]),
    ("new_hand seed=1.5", lambda s: kortspel.load(s.name).new_hand(seed=1.5),
     lambda s: ["seed"]),
    ("apply Action('a', 'swap', 'a')",
     lambda s: _hand(s).apply(kortspel.Action("a", "swap", "a")),  # type: ignore[arg-type]
     lambda s: ["seat"]),
    ("legal_actions(99)", lambda s: _hand(s).legal_actions(99), _seat_words),
    ("legal_actions(-1)", lambda s: _hand(s).legal_actions(-1), _seat_words),
    ("observation(99)", lambda s: _hand(s).observation(99), _seat_words),
    ("observation(-1)", lambda s: _hand(s).observation(-1), _seat_words),
    ("observation(None)", lambda s: _hand(s).observation(None), _seat_words),
    ("observation('a')", lambda s: _hand(s).observation("a"), _seat_words),
    ("match seed=[1]", lambda s: _match(s, seed=[1]), lambda s: ["seed"]),
    ("examples('nope')", lambda s: kortspel.examples("nope"), lambda s: [s.name]),
    ("example('../x')", lambda s: kortspel.example("../x", s.name), lambda s: _examples(s)),
    ("example('../../pyproject')", lambda s: kortspel.example("../../pyproject", s.name),
     lambda s: _examples(s)),
]


def _match(spec: GameSpec, **options: Any) -> Any:
    if spec.match is None:
        pytest.skip(f"{spec.name} has no match")
    return spec.match(kortspel.load(spec.name), **options)


def _examples(spec: GameSpec) -> list[str]:
    """An unknown example's message lists the examples, or says there are none."""
    return kortspel.examples(spec.name) or ["none"]


@pytest.mark.parametrize("case", HOSTILE, ids=[c[0] for c in HOSTILE])
@pytest.mark.parametrize("name", GAMES)
def test_hostile_input_is_refused_with_a_lesson(name: str, case: Any) -> None:
    label, call, words = case
    spec = kortspel.spec(name)
    err = refused(Where(name, 0, {}, 0), label, lambda: call(spec))
    message = str(err)
    for word in words(spec):
        assert word.lower() in message.lower(), (
            f"{name}: {label} is refused with {message!r}, which does not say what is "
            f"allowed (expected it to mention {word!r})")


@pytest.mark.parametrize("name", GAMES)
def test_records_cut_at_every_length_replay(name: str) -> None:
    """A record stopped after any action replays, and says the hand is not over."""
    spec = kortspel.spec(name)
    rng = random.Random(77)
    for seats in range(spec.seats[0], spec.seats[1] + 1):
        game = kortspel.load(name, seats=seats)
        for _ in range(5):
            bots = [spec.bots["random"]("r") for _ in range(seats)] if "random" in spec.bots \
                else [kortspel.RandomBot() for _ in range(seats)]
            st = kortspel.play_hand(game.new_hand(rng=rng), bots, rng)
            rec = st.record()
            for j in cut_points(len(rec["actions"]))[:-1]:
                cut = dict(rec, actions=rec["actions"][:j])
                res = kortspel.replay(cut).result()
                assert res.get("over") is False and "to_act" in res, (
                    f"{name} seats={seats}: record cut to {j} actions: {res}")
