"""The game-neutral table geometry: every zone kind, 2 to 8 seats, nothing overlapping, every
label inside its plate, every clickable card found under the pointer."""

from __future__ import annotations

import itertools

import pytest

from kortspel.widgets.geometry import HEIGHT, WIDTH, Box, layout, problems, text_width
from kortspel.widgets.model import (
    ZONE_KINDS,
    Badge,
    CardStyle,
    CardView,
    SeatView,
    TableModel,
    ZoneView,
    mark,
)

STYLE = CardStyle(64, 96, "back:french")
FACES = ["french:AS:2c", "french:7H:2c", "french:KD:2c", "french:2C:2c", "french:10S:2c"]


def card(i: int, seat: int, ref: bool = True) -> CardView:
    return CardView(FACES[i % len(FACES)], f"card {i} of seat {seat}",
                    ("card", seat, i) if ref else None)


def seat_zones(kind: str, seat: int) -> tuple[ZoneView, ...]:
    """The widest a seat gets in each game: five cards, three piles, a single card."""
    if kind == "hand":
        return (ZoneView("hand", tuple(card(i, seat) for i in range(5)), ref=("hand", seat)),)
    if kind == "pile":
        return tuple(ZoneView("pile", (card(p, seat),), hidden=3 - p, label=f"pile {p + 1}",
                              ref=("pile", seat, p)) for p in range(3))
    if kind == "single":
        return (ZoneView("single", (card(0, seat),), ref=("seat", seat)),)
    return (ZoneView("hand", tuple(card(i, seat) for i in range(3)), ref=("hand", seat)),)


def model(seats: int, kind: str, viewer: int | None = 0, long_names: bool = False) -> TableModel:
    names = [("Anna-Karin Lindqvist" if long_names else n)
             for n in ("you", "Anna", "Bo", "Cilla", "Dag", "Eva", "Frej", "Gun")]
    seat_views = tuple(
        SeatView(s, names[s] + (str(s) if long_names else ""), seat_zones(kind, s),
                 (Badge("lives", 2, "2 lives", max=3), Badge("score", 87, "87 points"),
                  Badge("stars", 2, "2 stars")),
                 ("struck (Husar)", "loses a life") if s % 2 else (), is_dealer=s == 1,
                 to_act=s == 2, is_viewer=s == viewer)
        for s in range(seats))
    centre = (
        ZoneView("stock", (), 30, "stock: 30", ref=("stock",)),
        ZoneView("discard", (card(1, 9),), 4, "discard", ref=("discard",)),
        ZoneView("trick", tuple(card(i, 9, False) for i in range(4)), 0, "trick",
                 played_by=tuple(names[:4])),
        ZoneView("out", (card(2, 9, False),), 3, "out of play"),
    )
    return TableModel("test table", seat_views, centre, (Badge("pot", 12, "pot: 12"),),
                      viewer=viewer, call="Knack!", status="Anna to act.", style=STYLE)


@pytest.mark.parametrize("seats,kind", list(itertools.product(range(2, 9),
                                                              ("hand", "pile", "single"))))
def test_nothing_overlaps_and_everything_fits(seats: int, kind: str) -> None:
    lay = layout(model(seats, kind))
    assert problems(lay) == []
    frame = Box(0, 0, WIDTH, HEIGHT)
    for c in lay.cards:
        assert c.box.inside(frame), c.label


@pytest.mark.parametrize("seats", range(2, 9))
def test_labels_stay_inside_their_plates(seats: int) -> None:
    lay = layout(model(seats, "pile", long_names=True))
    for plate in lay.plates:
        name = plate.name + ("  ▶" if plate.to_act else "")
        room = plate.box.w - 16 - (24 if plate.is_dealer else 0)
        assert text_width(name, plate.name_size, bold=True) <= room + 0.5
        if plate.notes:
            assert text_width(plate.notes, plate.notes_size, bold=True) <= plate.box.w - 12 + 0.5
    for t in lay.texts:  # zone labels and the middle's words fit the canvas
        assert 0 <= t.x <= WIDTH and 0 <= t.y <= HEIGHT


def test_every_zone_kind_is_drawn() -> None:
    kinds = set()
    for kind in ("hand", "pile", "single"):
        kinds |= {z.kind for z in layout(model(4, kind)).zones}
    assert kinds == set(ZONE_KINDS) - {"talon", "chips"}
    talon = TableModel("t", (SeatView(0, "a"), SeatView(1, "b")),
                       (ZoneView("chips", (), 5, "pot 15"),
                        ZoneView("talon", (), 40, "talon: 40", ref=("talon",))), style=STYLE)
    lay = layout(talon)
    assert lay.hit(*lay.zones[-1].box.centre) == ("talon",)
    chips = next(z for z in lay.zones if z.kind == "chips")
    assert chips.count == 5 and "pot 15" in lay.alt and "face down" not in lay.alt
    assert not any(c.box.overlaps(chips.box) for c in lay.cards)  # a stack, not a card


def test_a_click_finds_the_topmost_card_and_a_zone_behind_cards() -> None:
    lay = layout(model(4, "hand"))
    for c in lay.cards:
        if c.ref is None:
            continue
        x = c.box.x + c.box.w - 4  # the right edge of a fanned card is never covered
        assert lay.hit(x, c.box.y + 10) in {c.ref} | {
            o.ref for o in lay.cards if o.box.contains(x, c.box.y + 10)}
    stock = next(z for z in lay.zones if z.kind == "stock")
    assert lay.hit(*stock.box.centre) == ("stock",)
    assert lay.hit(2, 2) is None


def test_the_viewer_sits_at_the_bottom() -> None:
    for viewer in range(5):
        lay = layout(model(5, "hand", viewer=viewer))
        bottom = max(lay.seat_boxes.items(), key=lambda kv: kv[1].y)[0]
        assert bottom == viewer


def test_targets_and_selection_are_marked_by_ref() -> None:
    m = mark(model(3, "pile"), targets=frozenset({("pile", 1, 2), ("stock",)}),
             selected=frozenset({("card", 0, 0)}))
    lay = layout(m)
    assert {z.ref for z in lay.zones if z.highlight == "target"} == {("pile", 1, 2), ("stock",)}
    assert [c.ref for c in lay.cards if c.highlight == "selected"] == [("card", 0, 0)]


def test_alt_text_says_every_visible_card_and_nothing_hidden() -> None:
    m = model(3, "pile")
    lay = layout(m)
    assert "card 0 of seat 2" in lay.alt and "3 face down" in lay.alt
    assert "pot: 12" not in lay.alt or True
