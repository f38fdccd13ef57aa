"""Where everything goes: a ``TableModel`` in, boxes for cards, zones, plates and words out.

Pure arithmetic with no drawing and no widgets, so the promises a table makes (nothing
overlaps for 2 to 8 seats and every kind of zone, labels stay inside their plates, every
card a player may click can be found under the pointer) are tested in plain pytest.

The seats sit round an oval with the viewer at the bottom; each seat's zones stand side by
side above its name plate. When a table's seats would touch (many seats, wide hands, three
piles each), the cards are drawn smaller, step by step, until nothing overlaps.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from .model import Badge, CardStyle, SeatView, TableModel, ZoneView
from .paint import fit_text_size, text_width

WIDTH = 960
HEIGHT = 600
PLATE_MIN_W = 132.0
PLATE_H = 40.0
NOTE_H = 14.0
LABEL_H = 14.0
GAP = 8.0
SCALES = (1.0, 0.9, 0.8, 0.72, 0.64, 0.56, 0.5)
FAN = 0.42  # how much of each card a fanned hand shows, as a share of a card's width
PILE_STEP = 4.0  # offset of each face-down card under a pile
MAX_BACKS = 3  # face-down cards drawn under a pile (the count says how many there are)
OUT_STEP = 0.5  # share of a card's width between the cards out of play
GROUP_GAP = 0.22  # share of a card's width between a group of cards and the cards beside it
GROUP_PAD = 4.0  # room between a group's outline and its cards
MIN_TEXT = 11.0  # no word on a table is drawn smaller: a table is drawn at its size on the page
LABEL_SIZE = 11.0  # the words under a zone
STATUS_W = 480.0  # the widest the line of what to do now is drawn (longer is cut short)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
        return not (self.x + self.w <= other.x or other.x + other.w <= self.x
                    or self.y + self.h <= other.y or other.y + other.h <= self.y)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def inside(self, other: Box) -> bool:
        """Whether this box lies within ``other``, edges included, give or take a
        millionth of a pixel (a row of cards summed one by one may end a rounding past the
        zone's width worked out in one step)."""
        e = 1e-6
        return (other.x - e <= self.x and other.y - e <= self.y
                and self.x + self.w <= other.x + other.w + e
                and self.y + self.h <= other.y + other.h + e)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class CardItem:
    key: str
    box: Box
    label: str
    ref: Hashable | None = None
    highlight: str | None = None
    seat: int | None = None
    note: str = ""
    shown_w: float = 0.0  # width not covered by the next card of a fanned hand (0: all)


@dataclass(frozen=True)
class TextItem:
    x: float
    y: float
    text: str
    size: float = 13.0
    fill: str = "#fdfaf2"
    bold: bool = False
    align: str = "center"


@dataclass(frozen=True)
class ZoneItem:
    """Where a zone lies (its click target, and the outline of a legal target)."""

    box: Box
    kind: str
    label: str
    ref: Hashable | None = None
    highlight: str | None = None
    seat: int | None = None
    count: int = 0  # the zone's ``hidden`` count: how many chips a stack of chips shows


@dataclass(frozen=True)
class GroupItem:
    """The outline round a group of a hand's cards (a set), with its words above it."""

    box: Box
    label: str
    seat: int | None = None


@dataclass(frozen=True)
class PlateItem:
    seat: int
    box: Box
    name: str
    name_size: float
    badges: tuple[Badge, ...]
    notes: str
    notes_size: float
    is_dealer: bool
    to_act: bool
    out: bool
    is_viewer: bool


@dataclass
class Layout:
    width: int
    height: int
    style: CardStyle
    cards: list[CardItem] = field(default_factory=list)
    zones: list[ZoneItem] = field(default_factory=list)
    plates: list[PlateItem] = field(default_factory=list)
    texts: list[TextItem] = field(default_factory=list)
    groups: list[GroupItem] = field(default_factory=list)
    seat_boxes: dict[int, Box] = field(default_factory=dict)
    centre_box: Box | None = None
    alt: str = ""

    def hit(self, x: float, y: float) -> Hashable | None:
        """The ref under the pointer: the topmost card that has one, else a zone."""
        for card in reversed(self.cards):
            if card.ref is not None and card.box.contains(x, y):
                return card.ref
        for zone in reversed(self.zones):
            if zone.ref is not None and zone.box.contains(x, y):
                return zone.ref
        return None

    def seat_at(self, x: float, y: float) -> int | None:
        for seat, box in self.seat_boxes.items():
            if box.contains(x, y):
                return seat
        return None

    def boxes_of(self, ref: Hashable) -> list[Box]:
        return ([c.box for c in self.cards if c.ref == ref]
                + [z.box for z in self.zones if z.ref == ref])


# ---------------------------------------------------------------------------------------------
# Sizes
# ---------------------------------------------------------------------------------------------


def zone_size(zone: ZoneView, style: CardStyle) -> tuple[float, float]:
    """Width and height a zone needs (its label excluded)."""
    cw, ch = style.w, style.h
    n = len(zone.cards)
    if zone.kind == "hand":
        top, bottom, side = _group_margins(zone)
        return hand_offsets(zone, cw)[1] + 2 * side, ch + top + bottom
    if zone.kind == "pile":
        backs = min(zone.hidden, MAX_BACKS) * PILE_STEP
        return cw + backs, ch + backs + max(0, n - 1) * ch * 0.22
    if zone.kind == "trick":
        return (cw + max(0, n - 1) * cw * 0.75 if n else cw), ch + LABEL_H
    if zone.kind == "chips":
        return cw * 0.9, ch
    if zone.kind == "out":
        k = 0.8
        return (cw * k + max(0, n + min(zone.hidden, 6) - 1) * cw * k * OUT_STEP
                if n + zone.hidden else cw * k), ch * k
    return cw, ch  # single, stock, discard, talon


def hand_offsets(zone: ZoneView, cw: float) -> tuple[list[float], float]:
    """Where each card of a hand starts, and the hand's width: fanned, each group of cards
    set apart from its neighbours with its last card whole (and the card before it too)."""
    if not zone.cards:
        return [], cw * 0.6
    breaks: set[int] = set()
    for g in zone.groups:
        breaks.update((g.start - 1, g.start + g.count - 1))
    xs = []
    x = 0.0
    for i, card in enumerate(zone.cards):
        xs.append(x)
        step = cw * (1 + GROUP_GAP) if i in breaks else cw * (zone.fan or FAN)
        if card.note:  # the part left uncovered holds the card's note at a readable size
            step = max(step, text_width(card.note, MIN_TEXT, bold=True) + 6)
        x += step
    return xs, xs[-1] + cw


def _group_margins(zone: ZoneView) -> tuple[float, float, float]:
    """Room round a hand for its groups' outlines (top, bottom, each side), and above them
    for their words: none for a hand without groups."""
    if not zone.groups:
        return 0.0, 0.0, 0.0
    words = LABEL_H if any(g.label for g in zone.groups) else 0.0
    return GROUP_PAD + words, GROUP_PAD, GROUP_PAD


def zone_label(zone: ZoneView) -> str:
    """The words drawn under a zone: its label, a pile's face-down count added."""
    label = zone.label
    if zone.kind == "pile" and zone.hidden:
        label = f"{label} ({zone.hidden}↓)" if label else f"{zone.hidden} face down"
    return label


LABEL_SPACE = 12.0
"""The least room between the words of two zones side by side (they stand on one line):
with less, two labels read as one ("stock (31) ★ 17.1 points discard 22.2 points", a hint's
numbers on Knock's stock and discard pile). A trick keeps 2 px: its row of played cards
needs every pixel at eight seats, and its words are shorter than its cards."""


def slot_width(zone: ZoneView, style: CardStyle) -> float:
    """The room a zone takes in its row: its cards, or its words when they are wider (a
    label is never cut or shortened; small cards make room for it, as "stock 12" must
    read the same at every size). Words wider than the cards may reach into the gap to
    the next zone, up to ``LABEL_SPACE`` short of its words."""
    w = zone_size(zone, style)[0]
    label = zone_label(zone)
    space = 2.0 if zone.kind == "trick" else LABEL_SPACE
    return max(w, text_width(label, LABEL_SIZE) + space - GAP) if label else w


def _zones_size(zones: Sequence[ZoneView], style: CardStyle) -> tuple[float, float]:
    if not zones:
        return style.w * 0.6, style.h * 0.5
    sizes = [(slot_width(z, style), zone_size(z, style)[1]) for z in zones]
    w = sum(s[0] for s in sizes) + GAP * (len(sizes) - 1)
    h = max(s[1] for s in sizes)
    if any(z.label or (z.kind == "pile" and z.hidden) for z in zones):
        h += LABEL_H
    return w, h


def plate_height(seat: SeatView) -> float:
    return PLATE_H + (NOTE_H if seat.notes else 0.0)


def _badge_text(b: Badge) -> str:
    if b.kind == "lives":
        return ""
    if b.kind == "stars":
        return f"★{b.value}"
    if b.kind == "score":
        return f"{b.value} pt" if b.value in (1, -1) else f"{b.value} pts"
    if b.kind == "pot":
        return f"pot {b.value}"
    if b.kind == "tricks":
        return f"{b.value} trick" if b.value == 1 else f"{b.value} tricks"
    return str(b.value)


def badges_width(badges: Sequence[Badge]) -> float:
    w = 0.0
    for b in badges:
        if b.kind == "lives":
            w += 13 * max(b.max, int(b.value) if isinstance(b.value, int) else 0) + 6
        else:
            w += text_width(_badge_text(b), MIN_TEXT, bold=True) + 10
    return w


def notes_width(seat: SeatView) -> float:
    """The width a plate's notes take, at the smallest size a table draws."""
    return text_width("; ".join(seat.notes), MIN_TEXT, bold=True) + 12 if seat.notes else 0.0


# ---------------------------------------------------------------------------------------------
# The layout
# ---------------------------------------------------------------------------------------------


def seat_anchor(index: int, count: int, rx: float, ry: float,
                centre: tuple[float, float]) -> tuple[float, float]:
    """Centre of the ``index``-th place of ``count`` round an oval, starting at the bottom.

    Places go clockwise on screen, which is to the left of a player facing the table, so the
    seat that speaks after you sits on your left as at a real table.
    """
    theta = 2 * math.pi * index / count
    cx, cy = centre
    return cx - rx * math.sin(theta), cy + ry * math.cos(theta)


def layout(model: TableModel, width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """Place every card, zone, plate and word; smaller cards only when they would touch."""
    best: Layout | None = None
    for k in SCALES:
        lay = _place(model, model.style.scaled(k), width, height)
        if not problems(lay):
            return lay
        best = lay
    assert best is not None
    return best  # the smallest try; a layout test reports what still touches


def _place(model: TableModel, style: CardStyle, width: int, height: int) -> Layout:
    lay = Layout(width, height, style)
    n = len(model.seats)
    blocks: list[tuple[SeatView, float, float, float, float]] = []
    for seat in model.seats:
        zw, zh = _zones_size(seat.zones, style)
        name_w = text_width(seat.name + "  ▶", 13, bold=True) + 34
        out_w = text_width("out", 11) + 8 if seat.out else 0.0  # the plate's "out" mark
        pw = max(PLATE_MIN_W, zw, min(name_w + 0, 220), badges_width(seat.badges) + 16 + out_w,
                 notes_width(seat))
        blocks.append((seat, zw, zh, pw, plate_height(seat)))
    # The oval's radii leave room for the tallest and widest seat block, and keep every
    # plate on the felt (a plate over the felt's dark edge reads as cut by it).
    bw = max(max(b[1], b[3]) for b in blocks)
    bh = max(b[2] + GAP + b[4] for b in blocks)
    cx, cy = width / 2, height / 2 - 6
    rx = max(60.0, width / 2 - bw / 2 - 8)
    ry = max(40.0, height / 2 - bh / 2 - 8)
    rx, ry = _on_the_felt(blocks, n, rx, ry, (cx, cy), width, height,
                          model.viewer if model.viewer is not None else 0)
    start = model.viewer if model.viewer is not None else 0
    for seat, zw, zh, pw, ph in blocks:
        ax, ay = seat_anchor((seat.seat - start) % n, n, rx, ry, (cx, cy))
        top = ay - (zh + GAP + ph) / 2
        _place_zones(lay, seat.zones, ax - zw / 2, top, style, seat.seat)
        plate = Box(ax - pw / 2, top + zh + GAP, pw, ph)
        _place_plate(lay, seat, plate)
        left = min(ax - zw / 2, plate.x)
        lay.seat_boxes[seat.seat] = Box(left, top, max(zw, pw), zh + GAP + ph)
    _place_centre(lay, model, style, (cx, cy))
    lay.alt = alt_text(model)
    return lay


def felt(width: float, height: float) -> tuple[float, float, float, float, float]:
    """The felt's oval: centre, radii and the width of its dark edge (``paint_table``)."""
    return width / 2, height / 2 - 6, width / 2 - 14, height / 2 - 10, 10.0


def _on_the_felt(blocks: Sequence[tuple[SeatView, float, float, float, float]], n: int,
                 rx: float, ry: float, centre: tuple[float, float], width: float,
                 height: float, start: int) -> tuple[float, float]:
    """The seats' oval drawn in far enough that the bottom plate's last line (its notes,
    "knock fails: ★2 +10") lies on the felt, inside its dark edge, not across it. The other
    plates stand on the felt already (the seats at the sides have it at its widest; the top
    seat's plate is below its cards)."""
    fcx, fcy, frx, fry, edge = felt(width, height)
    frx, fry = frx - edge / 2 - 2, fry - edge / 2 - 2
    for seat, _zw, zh, pw, ph in blocks:
        if (seat.seat - start) % n:
            continue
        half = min(pw / 2, (notes_width(seat) / 2) if seat.notes else 24.0)
        lowest = fcy + fry * math.sqrt(max(0.0, 1 - (half / frx) ** 2))
        # The bottom seat's block stands centred on cy + ry; its plate's bottom is the
        # block's bottom.
        ry = max(40.0, min(ry, lowest - centre[1] - (zh + GAP + ph) / 2))
    return rx, ry


def _place_zones(lay: Layout, zones: Sequence[ZoneView], x: float, y: float,
                 style: CardStyle, seat: int | None) -> None:
    # Piles side by side say their words on one line, under the tallest of them.
    piles_h = max((zone_size(z, style)[1] for z in zones if z.kind == "pile"), default=0.0)
    for zone in zones:
        w, h = zone_size(zone, style)
        slot = slot_width(zone, style)
        left = x + (slot - w) / 2  # the cards in the middle of the room their words take
        _place_zone(lay, zone, left, y, style, seat)
        label = zone_label(zone)
        if zone.kind == "pile":
            h = piles_h
        if label:
            lay.texts.append(TextItem(left + w / 2, y + h + LABEL_H / 2 + 3, label,
                                      LABEL_SIZE, "#e8f0ea"))
        x += slot + GAP


def _fit(text: str, size: float, width: float) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` at ``size``."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def _place_zone(lay: Layout, zone: ZoneView, x: float, y: float, style: CardStyle,
                seat: int | None) -> None:
    cw, ch = style.w, style.h
    w, h = zone_size(zone, style)
    lay.zones.append(ZoneItem(Box(x, y, w, h), zone.kind, zone.label, zone.ref,
                              zone.highlight, seat, zone.hidden))
    cards = zone.cards
    if zone.kind == "hand":
        xs, _ = hand_offsets(zone, cw)
        top, _bottom, side = _group_margins(zone)
        x, y = x + side, y + top
        for i, c in enumerate(cards):
            # A card's note is read in the part of it the next card leaves uncovered.
            shown = xs[i + 1] - xs[i] if i + 1 < len(cards) else cw
            _card(lay, c, Box(x + xs[i], y, cw, ch), seat, shown if shown < cw else 0.0)
        for g in zone.groups:
            left = x + xs[g.start] - GROUP_PAD
            gw = xs[g.start + g.count - 1] + cw - xs[g.start] + 2 * GROUP_PAD
            box = Box(left, y - GROUP_PAD, gw, ch + 2 * GROUP_PAD)
            lay.groups.append(GroupItem(box, g.label, seat))
            if g.label:
                lay.texts.append(TextItem(left + gw / 2, box.y - LABEL_H / 2,
                                          _fit(g.label, MIN_TEXT, gw + GAP), MIN_TEXT,
                                          "#f2c94c", bold=True))
    elif zone.kind == "pile":
        backs = min(zone.hidden, MAX_BACKS)
        for i in range(backs):
            off = (backs - i) * PILE_STEP
            lay.cards.append(CardItem(style.back, Box(x + off, y + off, cw, ch),
                                      f"{zone.hidden} face down", zone.ref, None, seat))
        for i, c in enumerate(cards):
            _card(lay, c, Box(x, y + i * ch * 0.22, cw, ch), seat)
    elif zone.kind == "trick":
        for i, c in enumerate(cards):
            bx = x + i * cw * 0.75
            _card(lay, c, Box(bx, y, cw, ch), seat)
            if i < len(zone.played_by):
                lay.texts.append(TextItem(bx + cw / 2, y + ch + LABEL_H / 2,
                                          _fit(zone.played_by[i], MIN_TEXT, cw * 0.75),
                                          MIN_TEXT))
    elif zone.kind == "out":
        k = 0.8
        step = cw * k * OUT_STEP
        backs = min(zone.hidden, 6)
        for i in range(backs):  # face down first, so the face-up cards on top can be read
            lay.cards.append(CardItem(style.back, Box(x + i * step, y, cw * k, ch * k),
                                      "out of play: a face-down card", None, None, seat))
        for i, c in enumerate(cards):
            _card(lay, c, Box(x + (backs + i) * step, y, cw * k, ch * k), seat)
    elif zone.kind == "chips":
        pass  # no card: the painter draws the stack from the zone's count
    else:  # single, stock, discard, talon: the top card (or a back) stands for the zone
        if cards:
            _card(lay, cards[-1], Box(x, y, cw, ch), seat)
        elif zone.hidden:
            lay.cards.append(CardItem(style.back, Box(x, y, cw, ch), zone.label or zone.kind,
                                      zone.ref, None, seat))


def _card(lay: Layout, c: object, box: Box, seat: int | None, shown_w: float = 0.0) -> None:
    from .model import CardView

    assert isinstance(c, CardView)
    lay.cards.append(CardItem(c.key, box, c.label, c.ref, c.highlight, seat, c.note, shown_w))


def _place_plate(lay: Layout, seat: SeatView, box: Box) -> None:
    arrow = "  ▶" if seat.to_act else ""
    room = box.w - 16 - (24 if seat.is_dealer else 0)
    size = max(MIN_TEXT, fit_text_size(seat.name + arrow, 13, room, bold=True))
    name = seat.name
    if text_width(name + arrow, size, bold=True) > room:  # a very long name: cut, not shrunk
        name = _fit(name, size, room - text_width(arrow, size, bold=True))
    notes = "; ".join(seat.notes)
    lay.plates.append(PlateItem(
        seat.seat, box, name, size, seat.badges, notes,
        max(MIN_TEXT, fit_text_size(notes, 11, box.w - 12, bold=True)) if notes else MIN_TEXT,
        seat.is_dealer, seat.to_act, seat.out, seat.is_viewer))


def _place_centre(lay: Layout, model: TableModel, style: CardStyle,
                  centre: tuple[float, float]) -> None:
    cx, cy = centre
    zw, zh = _zones_size(model.centre, style)
    top = cy - (zh + 44) / 2
    _place_zones(lay, model.centre, cx - zw / 2, top, style, None)
    y = top + zh + 16
    wide = zw  # the middle is as wide as its zones and its words as drawn, no wider
    lines = []
    words = [b.label for b in model.badges]
    if words:
        lines.append((_fit(" · ".join(words), 13, 420), 13.0, "#f2c94c", 18.0))
    if model.call:
        lines.append((_fit(model.call, 20, 420), 20.0, "#f2c94c", 22.0))
    if model.status:
        lines.append((_fit(model.status, 14, STATUS_W), 14.0, "#fdfaf2", 16.0))
    for text, size, fill, step in lines:
        lay.texts.append(TextItem(cx, y, text, size, fill, bold=True))
        wide = max(wide, text_width(text, size, bold=True) + 8)
        y += step
    lay.centre_box = Box(cx - wide / 2, top, wide, y - top)


def problems(lay: Layout) -> list[str]:
    """What overlaps or leaves the canvas (empty for a good layout)."""
    out = []
    frame = Box(0, 0, lay.width, lay.height)
    items = sorted(lay.seat_boxes.items())
    for i, (s, a) in enumerate(items):
        if not a.inside(frame):
            out.append(f"seat {s} leaves the canvas")
        for t, b in items[i + 1:]:
            if a.overlaps(b):
                out.append(f"seats {s} and {t} overlap")
        if lay.centre_box is not None and a.overlaps(lay.centre_box):
            out.append(f"seat {s} overlaps the middle")
    return out


def _card_words(zone: ZoneView) -> list[str]:
    """A zone's cards in words, each group said as one: "set of 7s (7♣, 7♦, 2♥ as a 7)"."""
    starts = {g.start: g for g in zone.groups}
    words = []
    i = 0
    while i < len(zone.cards):
        g = starts.get(i)
        if g is None:
            words.append(zone.cards[i].label)
            i += 1
            continue
        inside = ", ".join(c.label for c in zone.cards[i:i + g.count])
        words.append(f"{g.label} ({inside})" if g.label else inside)
        i += g.count
    return words


def alt_text(model: TableModel) -> str:
    """The whole table in words: the canvas is invisible to screen readers."""
    parts = []
    for s in model.seats:
        named = any(c.label.startswith(f"{s.name}:") for z in s.zones for c in z.cards)
        bits = [] if named else [s.name]  # a card's label may already name its seat
        if s.out:
            bits.append("out")
        for z in s.zones:
            seen = _card_words(z)
            if z.hidden:
                seen.append(f"{z.hidden} face down")
            name = z.said or z.label
            if seen:
                bits.append(f"{name}: " + ", ".join(seen) if name else ", ".join(seen))
        bits += [b.label for b in s.badges]
        if s.is_dealer:
            bits.append("dealer")
        bits += list(s.notes)
        if s.to_act:
            bits.append("to act")
        parts.append(", ".join(bits))
    middle = []
    for z in model.centre:
        seen = [c.label for c in z.cards]
        if z.hidden and z.kind not in ("stock", "talon", "chips"):
            seen.append(f"{z.hidden} face down")
        middle.append((z.said or z.label) + (": " + ", ".join(seen) if seen else ""))
    text = "; ".join(parts)
    if middle:
        text += ". In the middle: " + "; ".join(middle)
    return text + (f". {model.status}" if model.status else "")
