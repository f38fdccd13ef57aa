"""The words on a table during a hint, at the sizes a 1366×768 screen gives it (issue 38,
items 9 and 10).

A hint writes the coach's number for each option at its card or place (``coach_panel``):
drawn on the card faces and run on after the places' words, they read as "8.1 points8.1
points19.3 points★ 6.0 points", "talon: 37 43%", "1 25% (1↓)", and the gold hint line
crossed the name plates beside the middle, where the layout, finding no room, fell to its
smallest cards (the pupil's Köpknack cards 10–15 px slivers). These tests build each
game's table as the coach panel dresses it (its own code, every option given the widest
number the coach writes), lay it out at those sizes and read the layout's own boxes: no
two lines of words touch, none lies on a card's face or a name plate, the middle's words
stay on the felt; a place's number stands on a line of its own, a card's under the card,
without the unit the middle says; the pupil's cards keep their size and their corners.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import kortspel
from kortspel import coach
from kortspel.gnallknekt.state import DRAW, MOVE
from kortspel.widgets.games import adapter_for
from kortspel.widgets.geometry import (
    FAN,
    LABEL_H,
    READ_STRIP,
    Layout,
    TextItem,
    label_problems,
    layout,
    problems,
    short_number,
    split_hint,
    text_box,
)
from kortspel.widgets.model import TableModel
from kortspel.widgets.play.coach_panel import CoachPanel

# The widths a play table gets at 1366×768: Voilà (its words beside it), JupyterLab
# (beside), JupyterLab with the words under the table (flatter).
SIZES = [(968, 600), (852, 528), (934, 486)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


def amount(game: str, i: int) -> str:
    """The ``i``-th option's number, as wide as the coach writes them: "+19.3 points",
    "−6.0 chips", "43%"."""
    words = coach.coach_words(game)
    if words.percent:
        return f"{(43 + 29 * i) % 101}%"
    value = (i * 7.3) % 39.8 - 19.9
    return f"{'+' if value >= 0 else '−'}{abs(value):.1f} {words.unit}"


def hinted(state: Any, seat: int, tag: Any = None) -> TableModel:
    """The model of ``seat``'s table with a hint on it, dressed by the coach panel's own
    code (``CoachPanel._dress_hint``): a number on each option's card or place, the best
    marked ★, the gold line in the middle. ``tag(i)`` is the ``i``-th option's number."""
    game = state.game.name
    adapter = adapter_for(game)
    legal = state.legal_actions(seat)
    words = coach.coach_words(game)
    said = [coach.say_action(a, state.game.names, seat, words) for a in legal]
    tag = tag or (lambda i: amount(game, i))
    hint = SimpleNamespace(seat=seat, options=[SimpleNamespace(action=a) for a in legal],
                           labels=tuple(f"{s}: {tag(i)}" for i, s in enumerate(said)))
    panel = SimpleNamespace(host=SimpleNamespace(adapter=adapter, hand=state), _placed=set())
    return CoachPanel._dress_hint(panel, adapter.model(state, seat), hint)  # type: ignore[arg-type]


def decisions(game: str, every: int = 3) -> Iterator[tuple[Any, int]]:
    """Every ``every``-th position of the game's worked records where a seat has a choice,
    with that seat (the one a hint is asked for)."""
    for name in kortspel.examples(game):
        for state in kortspel.frames(kortspel.example(name, game))[::every]:
            seat = state.to_act
            if seat is None or seat < 0 or state.is_over:
                continue
            if len(state.legal_actions(seat)) > 1:
                yield state, seat


def middle_lines(lay: Layout) -> list[TextItem]:
    """The words in the middle of the table: the notices, the gold hint line, the call,
    what to do now (the zones' labels there are smaller)."""
    return [t for t in lay.texts if t.seat is None and t.size > 12]


# -- the coach's numbers, taken apart -------------------------------------------------------


@pytest.mark.parametrize(("label", "words", "number"), [
    ("talon: 37 43%", "talon: 37", "43%"),
    ("1 25%", "1", "25%"),
    ("★ 6%", "", "★ 6%"),
    ("stock (31) ★ 17.1 points", "stock (31)", "★ 17.1 points"),
    ("discard −12.6 chips", "discard", "−12.6 chips"),
    ("discard equal best", "discard", "equal best"),
    ("1 worse", "1", "worse"),
    ("stock only move", "stock", "only move"),
    ("5 cards", "5 cards", ""),  # cards are no measure of the coach's
    ("hand worth 32", "hand worth 32", ""),
    ("talon: 37", "talon: 37", ""),
    ("", "", ""),
])
def test_a_places_number_comes_off_its_words(label: str, words: str, number: str) -> None:
    assert split_hint(label) == (words, number)


def test_a_number_under_a_card_leaves_its_unit_to_the_middle() -> None:
    said = "each trick wins 1 · Hint ★ Discard J♠: 8.1 points"
    assert short_number("★ 8.1 points", said) == "★ 8.1"
    assert short_number("−19.3 points", said) == "−19.3"
    assert short_number("+2.5 chips", said) == "+2.5 chips"  # chips are not said there
    assert short_number("+2.5 points", "Hint ★ Draw from stock: best") == "+2.5 points"
    assert short_number("43%", said) == "43%"
    assert short_number("equal best", said) == "equal best"


# -- every game, every size ---------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", ["kille", "knock", "kopknack"])
def test_a_hint_on_the_table_runs_into_nothing(game: str, size: tuple[int, int]) -> None:
    checked = 0
    for state, seat in decisions(game):
        model = hinted(state, seat)
        lay = layout(model, *size)
        assert problems(lay) == [], (game, size, len(state.actions))
        drawn = " ".join(t.text for t in lay.texts)
        gold = next(b.label for b in model.badges if b.label.startswith("Hint ★ "))
        assert gold in " ".join(t.text for t in middle_lines(lay))  # whole, if on two lines
        numbers = {short_number(split_hint(z.label)[1], gold) for s in model.seats
                   for z in s.zones} | {short_number(c.note, gold) for s in model.seats
                                        for z in s.zones for c in z.cards}
        for number in numbers - {""}:
            assert number in drawn, (game, size, number)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_gnallknekt_hints_run_into_nothing_where_the_table_has_room(
        size: tuple[int, int]) -> None:
    """Gnällknekt's seats each hold three piles and a hand, and a hint numbers every
    pile and every card: while drawing, and at Voilà's size while playing a hand of up
    to eight cards, nothing touches. A long hand with a number on each card at the
    flatter sizes is more than the oval holds (the layout says so); there the middle's
    words stand on a patch of felt over what they cross, never through it."""
    full = 0
    for state, seat in decisions("gnallknekt"):
        lay = layout(hinted(state, seat), *size)
        drawing = state.stage == DRAW
        if drawing or (size == SIZES[0] and len(state.hands[seat]) <= 8):
            assert problems(lay) == [], (size, len(state.actions))
            full += 1
        under = [c.box for c in lay.cards] + [p.box for p in lay.plates]
        for t in middle_lines(lay):
            assert t.backed == any(text_box(t).overlaps(b) for b in under), t.text
    assert full >= 40


# -- what issue 38 saw --------------------------------------------------------------------


def _knock_discard() -> tuple[Any, int]:
    return next((st, seat) for st, seat in decisions("knock", every=1)
                if st.phase_name == "discard" and len(st.hand(seat)) == 6)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_knocks_numbers_stand_under_the_cards_without_their_unit(
        size: tuple[int, int]) -> None:
    """Knock's discard: "8.1 points8.1 points19.3 points★ 6.0 points" ran together on the
    faces. Each number stands under its card, on the felt, apart from the next; the unit
    is said once, in the gold line."""
    state, seat = _knock_discard()
    model = hinted(state, seat)
    lay = layout(model, *size)
    assert label_problems(lay) == []
    mine = [c for c in lay.cards if c.seat == seat]
    notes = [t for t in lay.texts if t.seat == seat and t.text[-1].isdigit()]
    assert len(notes) == len(mine) == 6
    assert not any("points" in t.text for t in notes)
    assert sum(t.text.startswith("★ ") for t in notes) == 1
    bottom = max(c.box.y + c.box.h for c in mine)
    assert all(text_box(t).y >= bottom for t in notes)  # under the cards, not on them
    gold = next(b.label for b in model.badges if b.label.startswith("Hint ★ "))
    assert gold.endswith(" points") and gold in " ".join(t.text for t in middle_lines(lay))


def test_a_wild_2_says_what_it_stands_for_under_the_card() -> None:
    """The wild 2's "as 10", drawn on its face, read with the card's own corner as "as
    102": it stands under the card now."""
    hands = {"a": ["7C", "7D", "2H", "KS", "AS"], "b": ["KH", "QH", "JH", "9S", "8S"],
             "c": ["3C", "4C", "5C", "6C", "9C"]}
    pack = [r + s for s in "SHDC" for r in
            ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    used = {c for h in hands.values() for c in h} | {"10D"}
    record = {"game": "knock", "seats": ["a", "b", "c"], "dealer": "c", "deal": hands,
              "upcard": "10D", "stock": [c for c in pack if c not in used],
              "actions": [{"seat": "a", "do": "draw", "from": "stock"},
                          {"seat": "a", "do": "discard", "card": "KS"}]}
    state = kortspel.replay(record)
    for viewer in (0, None):
        for size in SIZES:
            lay = layout(adapter_for("knock").model(state, viewer), *size)
            wild = [t for t in lay.texts if t.text == "as 7"]
            assert len(wild) == 2 and label_problems(lay) == []
            for t in wild:
                box = text_box(t)
                assert not any(box.overlaps(c.box) for c in lay.cards)


def test_kille_says_the_talon_and_its_number_on_two_lines() -> None:
    """Kille's dealer: "talon: 37 43%" read as one label. The talon's words, and under
    them its number."""
    state, seat = next((st, s) for st, s in decisions("kille", every=1) if s == st.dealer)
    lay = layout(hinted(state, seat), *SIZES[0])
    talon = next(t for t in lay.texts if t.text.startswith("talon: "))
    assert talon.text.split(": ")[1].isdigit()  # the count alone
    number = next(t for t in lay.texts if t.x == talon.x and t.y > talon.y)
    assert number.text.rstrip("%").lstrip("★ ").isdigit() and number.bold
    assert label_problems(lay) == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_gnallknekts_pile_numbers_stand_under_the_piles_words(size: tuple[int, int]) -> None:
    """"1 25% (1↓)": a pile's number ran into its words and its face-down count. The
    words ("1 (3↓)") on one line, the number under them."""
    seen = 0
    for state, seat in decisions("gnallknekt"):
        if state.stage != MOVE:
            continue
        lay = layout(hinted(state, seat), *size)
        piles = [t for t in lay.texts if t.text.endswith("↓)")]
        assert all(t.text.split(" ")[0].isdigit() and "%" not in t.text for t in piles)
        under = [t for t in lay.texts if t.text.endswith("%") and any(
            t.x == p.x and 0 < t.y - p.y < 2 * LABEL_H for p in piles)]
        seen += len(under)
    assert seen > 100


def test_the_gold_line_keeps_off_the_plates_and_on_the_felt() -> None:
    """The hint's gold line crossed two name plates: it is wrapped to the room between
    the seats at its height, and moved where there is room."""
    for game in ("kille", "knock", "kopknack", "gnallknekt"):
        for state, seat in decisions(game, every=5):
            if game == "gnallknekt" and len(state.hands[seat]) > 8:
                continue  # see test_gnallknekt_hints_run_into_nothing_where_the_table_has_room
            lay = layout(hinted(state, seat), *SIZES[0])
            for t in middle_lines(lay):
                box = text_box(t)
                assert not any(box.overlaps(p.box) for p in lay.plates), (game, t.text)
            assert not [p for p in label_problems(lay) if "leaves the felt" in p]


# -- item 9: the pupil's own cards ----------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_pupils_cards_are_never_slivers_while_buying(size: tuple[int, int]) -> None:
    """Köpknack's buying with a hint: the gold line made the middle cross the plates
    beside it, and the layout fell to its smallest cards, the pupil's three 10–15 px
    slivers to click. Up to six seats the pupil's cards keep nine tenths of their size,
    eight seats two thirds, and each shows its corner."""
    checked = 0
    for state, seat in decisions("kopknack", every=1):
        if state.phase_name != "buying":
            continue
        lay = layout(hinted(state, seat), *size)
        assert problems(lay) == []
        mine = [c for c in lay.cards if c.seat == seat]
        least = 0.9 if state.game.seats <= 6 else 0.64
        assert all(c.box.w >= least * 64 - 1e-9 for c in mine), (state.game.seats, size)
        shown = [c.shown_w or c.box.w for c in mine]
        assert min(shown) >= FAN * least * 64 - 1e-9
        for c in mine:  # each found under the pointer in the part left uncovered
            w = c.shown_w or c.box.w
            assert lay.hit(c.box.x + w / 2, c.box.y + c.box.h / 2) == c.ref
        checked += 1
    assert checked >= 20


def test_the_pupils_long_hand_shows_every_corner() -> None:
    """A long Gnällknekt hand was fanned to an eighth of each card: the pupil's own shows
    at least ``READ_STRIP`` of each (rank and suit), another seat's keeps its close fan."""
    state, seat = next((st, s) for st, s in decisions("gnallknekt", every=1)
                       if len(st.hands[s]) >= 14)
    for size in SIZES:
        lay = layout(adapter_for("gnallknekt").model(state, seat), *size)
        strips = [c.shown_w for c in lay.cards if c.seat == seat and c.shown_w]
        assert strips and min(strips) >= READ_STRIP * lay.style.w - 1e-9


# -- "Kranse⊗" ----------------------------------------------------------------------------


def test_a_struck_kille_cards_name_reads_whole() -> None:
    """The struck badge sat on the name band: "Kranse⊗". Struck or not, the band's pixels
    are the same; the badge is drawn (the corner differs)."""
    from PIL import Image

    from kortspel.widgets.cards import draw_highlight
    from kortspel.widgets.raster import SCALE, png_of
    from kortspel.widgets.sprites import svg_sprites

    def card(mark: str | None) -> Any:
        def draw(p: Any) -> None:
            p.image("kille:Kransen", 0, 0, 64, 96)
            if mark:
                draw_highlight(p, mark, 0, 0, 64, 96)
        return Image.open(io.BytesIO(png_of(draw, 64, 96, svg_sprites(64, 96))))

    plain, struck = card(None), card("struck")
    band = tuple(round(v * SCALE) for v in (6, 78, 58, 90))  # the name band, inside the frame
    assert plain.crop(band).tobytes() == struck.crop(band).tobytes()
    corner = tuple(round(v * SCALE) for v in (48, 2, 62, 16))
    assert plain.crop(corner).tobytes() != struck.crop(corner).tobytes()
