"""Köpknack in Swedish: every word a pupil or teacher reads at a Köpknack table, in Swedish.

Seeded deals (the worked ones and random ones, at tables with a seat named "you") are told
event by event to every seat and to the teacher; the status line, the table model's words,
the buttons, the refusals, the review and the session's lines are made in Swedish, and each
must hold no English word, no ``{field}`` left unfilled and no empty text. A sentence whose
Swedish is missing from the catalogue falls back to its English and fails here: by its
English words, and by being the same in both languages (the second catches English with
none of the words ``english_words`` knows, "talon: 27"). English itself is pinned by the
other Köpknack tests and the golden files.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import kortspel
from kortspel.errors import HandOverError, IllegalActionError, NotYourTurnError
from kortspel.i18n import using
from kortspel.kopknack import (
    KNACK,
    LENGTHS,
    PACK,
    KopknackGame,
    KopknackHeuristic,
    KopknackMatch,
)
from kortspel.kopknack.telling import (
    COACH_GRADES_WHY,
    deal_settled,
    lots_story,
    match_progress,
    review,
    tell,
)
from kortspel.widgets import table_model
from kortspel.widgets.games.kopknack import ADAPTER, card_ref
from kortspel.widgets.games.kopknack_lessons import QUESTIONS
from tests.i18n_helpers import english_words

PO = Path(__file__).resolve().parents[1] / "kortspel" / "locale" / "sv" / "LC_MESSAGES" / \
    "kopknack.po"
NAMES = ("you", "Bo", "Lars", "Alva", "d", "e", "f", "g")
CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")
GAME_WORDS = frozenset("""
knock knocks knocked fold folds folded exchange exchanges exchanged bought buying keep keeps
trick tricks trump trumps lead leads led play plays played must may follow suit head talon
deal deals dealer ante antes took won paid sweep sweeps penalty chips balance session slip
draws carried highest only any nobody none first then hidden spades hearts diamonds clubs
""".split())
"""Köpknack's own English words, none of them Swedish: a fragment left in English inside a
Swedish sentence ("Stick 2: Du must lead a trump") shows by these, where ``english_words``
knows only the commonest words."""


def _rename(rec: dict[str, Any], new: dict[str, str]) -> dict[str, Any]:
    n = lambda s: new.get(s, s)  # noqa: E731
    return {**rec, "seats": [n(s) for s in rec["seats"]], "dealer": n(rec["dealer"]),
            "deal": {n(s): c for s, c in rec["deal"].items()},
            "actions": [{**a, "seat": n(a["seat"])} for a in rec.get("actions", [])]}


def worked_and_random() -> Iterator[kortspel.State]:
    """The worked deals (and again with a seat named "you"), then seeded random deals at 3 to
    8 seats, the first seat named "you"."""
    for name in kortspel.examples("kopknack"):
        rec = kortspel.example(name, "kopknack")
        yield kortspel.replay(rec)
        yield kortspel.replay(_rename(rec, {rec["seats"][0]: "you"}))
    rng = random.Random(40)
    for i in range(30):
        seats = 3 + i % 6
        game = KopknackGame(list(NAMES[:seats]))
        players = [KopknackHeuristic() if (i + s) % 3 else kortspel.RandomBot()
                   for s in range(seats)]
        yield kortspel.play_hand(game.new_hand(rng=rng, dealer=i % seats,
                                               pot=3 * rng.randrange(4)), players, rng)


@pytest.fixture(scope="module")
def deals() -> list[kortspel.State]:
    return list(worked_and_random())


def steps(state: kortspel.State) -> Iterator[kortspel.State]:
    """Every state of a finished deal, from the deal to its end (replayed from its record)."""
    rec = state.record()
    game = state.game
    for upto in range(len(rec.get("actions", [])) + 1):
        yield game.replay(rec, upto=upto)


def words_of(names: tuple[str, ...]) -> frozenset[str]:
    """The seat names, as ``english_words`` may meet them ("you" is a name here)."""
    return frozenset(n.lower() for n in names)


def check_sv(text: str, where: object, names: tuple[str, ...], english: str | None = None
             ) -> None:
    """``text`` is Swedish: not empty, no field left, no English word (seat names allowed);
    and, given the same text made in English, not the same unless it has no words at all."""
    assert text.strip(), where
    assert "{" not in text and "}" not in text, (where, text)
    # A seat named "you" is ”du” to other readers; its quoted English name must not show.
    assert "“you”" not in text, (where, text)
    assert not english_words(text, words_of(names)), (where, english_words(text), text)
    code = re.sub(r'\w+="\w*"', "", text)  # an option as code is written: penalty="single"
    game_words = [w for w in re.findall(r"[A-Za-z]+", code) if w.lower() in GAME_WORDS
                  and w.lower() not in words_of(names)]
    assert not game_words, (where, game_words, text)
    if english is not None and text == english:
        rest = CARD.sub("", text).replace(KNACK, "")  # the call is Swedish in both
        for n in sorted(names, key=len, reverse=True):
            rest = re.sub(rf"\b{re.escape(n)}\b", "", rest)
        assert not re.search(r"[A-Za-z]{2,}", rest), (where, "not translated", text)


def both(make: Callable[[], Any]) -> tuple[Any, Any]:
    """What ``make`` makes in Swedish, and in English."""
    with using("sv"):
        sv = make()
    with using("en"):
        en = make()
    return sv, en


def texts(obj: Any) -> Iterator[str]:
    """Every string in a table model (its dataclasses, tuples and dicts), but not the keys
    of sprites, kinds and references, which no one reads."""
    if isinstance(obj, str):
        yield obj
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            if f.name in ("key", "kind", "ref", "highlight", "style", "extra", "back"):
                continue
            yield from texts(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            yield from texts(x)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from texts(x)


# -- the catalogue -------------------------------------------------------------------------------

def test_every_sentence_of_the_catalogue_has_its_swedish() -> None:
    with PO.open("rb") as f:
        cat = read_po(f, locale="sv")
    todo = [m.id for m in cat if m.id and (m.fuzzy or not all(
        m.string if isinstance(m.string, (list, tuple)) else [m.string]))]
    assert not todo
    assert len([m for m in cat if m.id]) > 250


# -- the telling ---------------------------------------------------------------------------------

def test_every_event_is_told_in_swedish_to_every_seat_and_the_teacher(
        deals: list[kortspel.State]) -> None:
    told = 0
    kinds = set()
    for st in deals:
        names = tuple(st.game.names)
        for e in st.events:
            for viewer in (None, *range(len(names))):
                if viewer is not None and not e.visible_to(viewer):
                    continue
                sv, en = both(lambda: tell(e, names, viewer))  # noqa: B023
                check_sv(sv, (e.kind, viewer), names, en)
                told += 1
            kinds.add(e.kind)
    assert kinds == set(kortspel.kopknack.EVENT_KINDS)
    assert told > 3000


def test_the_review_is_in_swedish(deals: list[kortspel.State]) -> None:
    for st in deals:
        names = tuple(st.game.names)
        for viewer in (None, *range(len(names))):
            sv, en = both(lambda: review(st, viewer))  # noqa: B023
            assert len(sv) == len(en) > len(names)
            for s, e in zip(sv, en, strict=True):
                check_sv(s, ("review", viewer), names, e)


def test_a_swedish_sentence_keeps_the_reader_in_the_right_person() -> None:
    rec = kortspel.example("lone-knocker", "kopknack")
    st = kortspel.replay(_rename(rec, {rec["seats"][0]: "you"}))
    with using("sv"):
        mine = [tell(e, st.game.names, 0) for e in st.events if e.kind in ("fold", "knock")]
        teacher = [tell(e, st.game.names) for e in st.events if e.kind == "knock"]
    assert any(t.startswith(("Du lägger dig", "Du knackar")) for t in mine), mine
    assert all("Du " not in t for t in teacher if not t.startswith("Du")), teacher


# -- the table -----------------------------------------------------------------------------------

def test_the_table_and_the_status_are_in_swedish_at_every_step(
        deals: list[kortspel.State]) -> None:
    seen = 0
    for st in deals[::3]:
        names = tuple(st.game.names)
        for now in steps(st):
            for viewer in (None, *range(len(names))):
                sv, en = both(lambda: table_model(now, viewer))  # noqa: B023
                for s, e in zip(texts(sv), texts(en), strict=True):
                    if s == "" and e == "":
                        continue
                    if s in names:  # a seat's name on its plate, in every language
                        continue
                    check_sv(s, ("table", viewer, e), names, e)
                    seen += 1
                status, en_status = both(lambda: ADAPTER.status(now, viewer))  # noqa: B023
                if en_status:
                    check_sv(status, ("status", viewer), names, en_status)
    assert seen > 5000


def test_the_buttons_and_the_refusals_of_a_click_are_in_swedish() -> None:
    with using("sv"):
        buttons = ADAPTER.buttons()
        picks = [ADAPTER.pick_button("exchange", n) for n in range(4)]
    for label, tip in buttons.values():
        check_sv(label, "button", ())
        check_sv(tip, "tooltip", ())
    for p in picks:
        check_sv(p, "pick", ())
    assert buttons["fold"][0] == "Lägg dig" and picks[2] == "Köp 2 kort"
    game = KopknackGame(["a", "b", "c", "d", "e", "f", "g", "h"])
    # Eight seats knock, each buys three and the next buys two: one card is left for the
    # next buyer, who is told so.
    eight = game.new_hand(seed=11)
    for s in eight.order:
        eight.apply({"seat": game.names[s], "do": "knock"})
    for s in eight.order:
        eight.apply({"seat": game.names[s], "do": "exchange",
                     "cards": sorted(eight.hands[s], key=PACK.index)})
    first = eight.to_act
    assert first is not None
    eight.apply({"seat": game.names[first], "do": "exchange",
                 "cards": sorted(eight.hands[first][:2], key=PACK.index)})
    states = [eight]
    rng = random.Random(5)
    for _ in range(150):
        st = game.new_hand(rng=rng)
        players = [kortspel.RandomBot()] * game.seats
        while not st.is_over:
            states.append(st.clone())
            kortspel.step(st, players, rng)
    met: set[str] = set()
    for st in states:
        seat = st.to_act
        if seat is None:
            continue
        for card in [*st.hands[seat], PACK[0]]:
            for ref in (card_ref(seat, card), card_ref((seat + 1) % game.seats, card)):
                sv, en = both(lambda: ADAPTER.refuse(st, seat, ref))  # noqa: B023
                if sv is not None:
                    check_sv(sv, ("refuse", ref), game.names, en)
                    met.add(en)
    for said in ("that breaks the duty to follow suit", "that breaks the duty to head the trick",
                 "that breaks the duty to lead a trump", "that breaks the duty to trump",
                 "The talon holds 1 card,", "Only your own cards", "First knock or fold"):
        assert any(said in en for en in met), said


def test_the_engine_refuses_in_swedish() -> None:
    """A pupil's move the rules forbid is refused in Swedish; each kind of refusal met."""
    game = KopknackGame(["you", "Bo", "Lars", "Alva", "e"])
    rng = random.Random(9)
    kinds: set[str] = set()
    for _ in range(15):
        st = game.new_hand(rng=rng)
        players = [kortspel.RandomBot()] * game.seats
        while True:
            for seat, name in enumerate(game.names):
                hand = list(st.hands[seat])
                others = [c for c in PACK if c not in hand][:2]
                tries: list[dict[str, Any]] = [
                    {"seat": name, "do": "knock"}, {"seat": name, "do": "fold"},
                    {"seat": name, "do": "exchange", "cards": others[:1]},
                    {"seat": name, "do": "exchange", "cards": hand[:3] + others[:1]},
                    {"seat": name, "do": "exchange", "cards": hand[:3]},
                    *({"seat": name, "do": "play", "card": c} for c in hand + others[:1])]
                for action in tries:
                    def attempt(a: dict[str, Any] = action, now: Any = st) -> str:
                        try:
                            now.clone().apply(a)
                        except (IllegalActionError, NotYourTurnError, HandOverError) as err:
                            return str(err)
                        return ""
                    sv, en = both(attempt)
                    if sv:
                        check_sv(sv, ("engine", action), game.names, en)
                        kinds.add(type(sv).__name__ + en.split(":")[0][-12:])
            if st.is_over:
                break
            kortspel.step(st, players, rng)
    assert len(kinds) > 10


# -- the session ---------------------------------------------------------------------------------

def test_the_session_lines_are_in_swedish() -> None:
    endings = set()
    for seats, length, bank, seed in ((3, 1, None, 1), (4, 4, None, 2), (5, "short", None, 3),
                                      (6, 60, 6, 4), (3, 60, 3, 5), (8, 60, 6, 6),
                                      (4, 60, 9, 7), (5, 60, 3, 8)):
        game = KopknackGame(list(NAMES[:seats]))
        match = KopknackMatch(game, length=length, bank=bank, seed=seed)
        names = tuple(game.names)
        viewers = (None, *range(seats))
        rng = random.Random(seats)
        players = [kortspel.RandomBot() for _ in names]
        for v in viewers:
            for s, e in zip(*both(lambda: lots_story(match, v)), strict=True):  # noqa: B023
                check_sv(s, ("lots", v), names, e)
        while not match.is_over:
            for v in viewers:
                sv, en = both(lambda: match_progress(match, v))  # noqa: B023
                check_sv(sv, ("progress", v), names, en)
            while not match.hand.is_over:
                kortspel.step(match.hand, players, rng)
            with using("sv"):
                model = ADAPTER.dress(match, ADAPTER.model(match.hand, None))
            for s in texts(model):
                if s and s not in names:
                    check_sv(s, "dress", names)
            summary = match.next_hand()
            for v in viewers:
                sv, en = both(lambda: deal_settled(match, summary, v))  # noqa: B023
                check_sv(sv, ("settled", v), names, en)
        for v in viewers:
            sv, en = both(lambda: match_progress(match, v))  # noqa: B023
            check_sv(sv, ("over", v), names, en)
        assert match.ending is not None
        endings.add(match.ending[0])
    assert endings == {"broke", "length", "no ante"}


def test_the_lengths_the_coach_words_and_the_questions_are_in_swedish() -> None:
    with using("sv"):
        from kortspel.i18n import _

        lengths = [_(w) for w in LENGTHS.values()]
        why = _(COACH_GRADES_WHY)
        unit = _(ADAPTER.target_word)
    for t in (*lengths, why, unit):
        check_sv(t, "words", ())
    pytest.importorskip("ipywidgets")
    from kortspel.widgets.games.kopknack_lessons import ask

    for name, q in QUESTIONS.items():
        for answer in q.choices:
            with using("sv"):
                check = ask(name, answer)
            seats = ("a", "b", "c", "d", "e", "f")
            for t in (check.question, check.explain, *check.why.values(),
                      *(str(c) for c in check.choices)):
                check_sv(t, ("question", name), seats)
            assert check.question != q.text and check.explain != q.explain
    with using("sv"):
        check = ask("follow-first", "8♥ or K♦")
    assert check.answer == "8♥ eller K♦" and "8♥ eller K♦" in check.choices
