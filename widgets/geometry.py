"""Where everything goes: a ``TableModel`` in, boxes for cards, zones, plates and words out.

Pure arithmetic with no drawing and no widgets, so the promises a table makes (nothing
overlaps for 2 to 8 seats and every kind of zone, labels stay inside their plates, every
card a player may click can be found under the pointer) are tested in plain pytest.

The seats sit round an oval with the viewer at the bottom; each seat's zones stand side by
side above its name plate. When a table's seats would touch (many seats, wide hands, three
piles each), the cards are drawn smaller, step by step, until nothing overlaps.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from kortspel.i18n import _, language, ngettext, pgettext

from .model import Badge, CardStyle, CardView, SeatView, TableModel, ZoneView
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
WORDS_W = 560.0  # the widest a line of words in the middle is drawn (longer goes on two)
NOTE_SPACE = 10.0  # the least room between two cards' notes side by side
NOTE_ROW = LABEL_H + 4  # the line under a hand where its cards' notes stand
LABEL_INK = "#e8f0ea"  # the words under a zone, on the felt
HINT_GOLD = "#f2c94c"  # the coach's best option, as in the hint's line in the middle


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
    seat: int | None = None  # the seat whose words these are (None: the middle's)
    backed: bool = False  # drawn on a patch of felt: it lies over cards or a plate


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
    # Each seat's cards with their words, and its plate: what must not touch another seat's
    # (the box round both is wider than either where a plate is wider than the cards).
    seat_parts: dict[int, tuple[Box, ...]] = field(default_factory=dict)
    centre_box: Box | None = None  # round all of the middle
    centre_boxes: list[Box] = field(default_factory=list)  # its zones' row, each line of words
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
        top, bottom, side = _group_margins(zone, style)
        return hand_offsets(zone, cw)[1] + 2 * side, ch + top + bottom + _notes_row(zone)
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


def note_room(card: CardView) -> float:
    """The width a card's note needs under the card, with the room to the next note."""
    return text_width(card.note, LABEL_SIZE, bold=True) + NOTE_SPACE if card.note else 0.0


READ_STRIP = 0.24
"""The least share of each card's width the viewer's own hand shows, where its cards are
clicked: the corner, rank and suit, read ("10♦" whole). A long hand fanned closer than that
(an eighth of each card) showed the player slivers to choose from; the others' hands, and
every hand the teacher sees, keep their close fan."""
STAGGER = 6
"""A hand with more notes than this says them on two lines, every other card's on the
second, so each card needs half a note's width, not a whole one."""


def _staggered(zone: ZoneView) -> bool:
    return not zone.groups and sum(1 for c in zone.cards if c.note) > STAGGER


def _hand_plan(zone: ZoneView, cw: float
               ) -> tuple[list[float], float, list[tuple[float, int]]]:
    """Where each card of a hand starts, the hand's width, and where each card's note
    stands: its middle from the hand's left and its line (0, or 1 for the second)."""
    if not zone.cards:
        return [], cw * 0.6, []
    cards = zone.cards
    breaks: set[int] = set()
    for g in zone.groups:
        breaks.update((g.start - 1, g.start + g.count - 1))
    steps = [cw * (1 + GROUP_GAP) if i in breaks else cw * (zone.fan or FAN)
             for i in range(len(cards))]
    xs: list[float] = []
    x = 0.0
    if _staggered(zone):
        # One step for all: two notes on one line stand two cards apart.
        step = max(max(steps), max(note_room(c) for c in cards) / 2)
        xs = [i * step for i in range(len(cards))]
        notes = [(xi + step / 2, i % 2) for i, xi in enumerate(xs)]
        last = max((xs[-1] + step / 2 + note_room(cards[-1]) / 2), xs[-1] + cw)
        return xs, last, notes
    for card, step in zip(cards, steps, strict=True):
        xs.append(x)
        x += max(step, note_room(card))
    width = xs[-1] + max(cw, note_room(cards[-1]))
    ends = [*xs[1:], width]
    return xs, width, [((a + b) / 2, 0) for a, b in zip(xs, ends, strict=True)]


def hand_offsets(zone: ZoneView, cw: float) -> tuple[list[float], float]:
    """Where each card of a hand starts, and the hand's width: fanned, each group of cards
    set apart from its neighbours with its last card whole (and the card before it too).

    A card with a note ("as 7", a hint's "★ 8.1") is followed at least the note's width
    later: the notes stand on a line under the cards, each under the part of its card left
    uncovered, apart from each other (drawn on the faces, they ran together and over the
    corner index: "as 102", "8.1 points8.1 points"); a long hand's on two lines."""
    xs, width, _ = _hand_plan(zone, cw)
    return xs, width


def _notes_row(zone: ZoneView) -> float:
    """The lines a hand keeps under its cards for their notes (none without notes)."""
    if zone.kind != "hand" or not any(c.note for c in zone.cards):
        return 0.0
    return NOTE_ROW + (LABEL_H if _staggered(zone) else 0.0)


def _lifted(zone: ZoneView, style: CardStyle) -> float:
    """How far a chosen card of a hand with groups rises above the others, its outline
    with it: its group's words stand that much higher ("set of kings" lay on the king the
    hint had lifted)."""
    if not zone.groups or not any(c.highlight == "selected" for c in zone.cards):
        return 0.0
    return 0.1 * style.h + 0.075 * style.w


def _group_margins(zone: ZoneView, style: CardStyle) -> tuple[float, float, float]:
    """Room round a hand for its groups' outlines (top, bottom, each side), and above them
    for their words: none for a hand without groups."""
    if not zone.groups:
        return 0.0, 0.0, 0.0
    words = LABEL_H + _lifted(zone, style) if any(g.label for g in zone.groups) else 0.0
    return GROUP_PAD + words, GROUP_PAD, GROUP_PAD


def zone_label(zone: ZoneView) -> str:
    """The words drawn under a zone: its label, a pile's face-down count added."""
    label = zone.label
    if zone.kind == "pile" and zone.hidden:
        # i18n: a pile's words with its face-down cards counted: "discard (3↓)"
        label = (_("{label} ({n}↓)").format(label=label, n=zone.hidden) if label
                 else _face_down(zone.hidden))
    return label


def _face_down(n: int) -> str:
    """"3 face down": cards lying face down, counted."""
    return ngettext("{n} face down", "{n} face down", n).format(n=n)


def zone_lines(zone: ZoneView) -> list[tuple[str, bool]]:
    """The lines drawn under a zone, each with whether it is the coach's: its words, then
    the hint's number for the place, then the notes of its cards (a hand's notes stand
    under its cards instead). A pile with a number of its own and one on its top card says
    which is the card's ("top ★ 25%")."""
    lines = [(zone_label(zone), False)] if zone_label(zone) else []
    if zone.hint:
        lines.append((zone.hint, True))
    if zone.kind != "hand":
        lines += [(("top " if zone.hint else "") + c.note, True) for c in zone.cards if c.note]
    return lines


def line_width(text: str, coach: bool) -> float:
    """A zone's line as drawn: the coach's numbers in bold."""
    return text_width(text, LABEL_SIZE, bold=coach)


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
    lines = zone_lines(zone)
    space = 2.0 if zone.kind == "trick" else LABEL_SPACE
    words = max((line_width(t, coach) for t, coach in lines), default=0.0)
    return max(w, words + space - GAP) if lines else w


MARK_ROOM = 18.0  # a legal target's arrow stands this far above its zone


def marks_room(zones: Sequence[ZoneView], style: CardStyle) -> float:
    """The room above a row of zones for what the painter draws over it: a target's arrow,
    a chosen card lifted out of its hand (left out, they crossed the words above them)."""
    if any(z.highlight == "target" for z in zones):
        return MARK_ROOM
    if any(c.highlight == "selected" for z in zones for c in z.cards):
        return 0.1 * style.h + 5
    return 0.0


def _zones_size(zones: Sequence[ZoneView], style: CardStyle) -> tuple[float, float]:
    if not zones:
        return style.w * 0.6, style.h * 0.5
    sizes = [(slot_width(z, style), zone_size(z, style)[1]) for z in zones]
    w = sum(s[0] for s in sizes) + GAP * (len(sizes) - 1)
    h = max(s[1] for s in sizes) + marks_room(zones, style)
    return w, h + LABEL_H * max(len(zone_lines(z)) for z in zones)


def plate_height(seat: SeatView) -> float:
    return PLATE_H + (NOTE_H if seat.notes else 0.0)


def _badge_text(b: Badge) -> str:
    if b.kind == "lives":
        return ""
    if b.kind == "stars":
        return f"★{b.value}"
    if b.kind == "score":
        # i18n: a seat's score on its plate, short: "1 pt", "12 pts"
        return (_("{n} pt") if b.value in (1, -1) else _("{n} pts")).format(n=b.value)
    if b.kind == "pot":
        # i18n: the pot on a plate: "pot 3"
        return _("pot {n}").format(n=b.value)
    if b.kind == "tricks":
        n = b.value if isinstance(b.value, int) else 0
        return ngettext("{n} trick", "{n} tricks", n).format(n=b.value)
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


# ---------------------------------------------------------------------------------------------
# The coach's numbers: on lines of their own, short where the middle says their unit
# ---------------------------------------------------------------------------------------------

HINT_WORDS = ("only move", "not weighed", "equal best", "best", "worse")
"""What the coach says of an option it puts no number on (``kortspel.coach``), in English;
``hint_words`` adds them in the language in use."""

_UNITS: dict[tuple[tuple[str, ...], str], frozenset[str]] = {}


def hint_words() -> tuple[str, ...]:
    """``HINT_WORDS`` and the coach's own words for them in the language in use ("bäst",
    "delat bäst", "sämre", "enda draget"), longest first: the table takes either off a
    place's words. Looked up in the coach's catalogue, not written again here."""
    lang = language()
    found = _HINT_WORDS.get(lang)
    if found is None:
        said = set(HINT_WORDS)
        if lang != "en":
            for word in ("best", "equal best", "worse"):
                said.add(pgettext("hint", word))
            for template in ("{action}: only move", "{action}: not weighed"):
                said.add(_(template).replace("{action}", "").lstrip(": ").strip())
        found = _HINT_WORDS[lang] = tuple(sorted(said - {""}, key=len, reverse=True))
    return found


_HINT_WORDS: dict[str, tuple[str, ...]] = {}


def coach_units() -> frozenset[str]:
    """The words the coach says its numbers in, besides "%": each game's ``COACH_UNIT``
    (and "points", the coach's own when a game names none), and those words in the
    language in use ("poäng", "marker")."""
    from kortspel import registry

    names = tuple(registry.games())
    lang = language()
    units = _UNITS.get((names, lang))
    if units is None:
        said = {"points"}
        for name in names:
            unit = getattr(registry.spec(name).telling, "COACH_UNIT", None)
            if isinstance(unit, str) and unit != "percent":
                said.add(unit)
        if lang != "en":
            said |= {pgettext("unit", u) for u in list(said)} | {_(u) for u in list(said)}
        units = _UNITS[(names, lang)] = frozenset(said)
    return units


_NUMBER = r"[+−-]?\d+(?:[.,]\d+)?"
_TAGS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _tag() -> re.Pattern[str]:
    """A hint's tag: "★ 43%", "−12.6 chips", "equal best" (and "43 %", "2,5 poäng",
    "delat bäst" in Swedish: a space that does not break before the per cent sign, a
    decimal comma)."""
    words = hint_words()
    found = _TAGS.get(words)
    if found is None:
        found = _TAGS[words] = re.compile(
            r"(?:★ )?(?:" + "|".join(re.escape(w) for w in words)
            + r"|" + _NUMBER + r"(?:\u00a0?%| (?P<unit>[a-zåäö]+)))")
    return found


def split_hint(label: str, units: frozenset[str] | None = None) -> tuple[str, str]:
    """A place's words and the number a hint added to them: ``"talon: 37 ★ 43%"`` is
    ``("talon: 37", "★ 43%")``, ``"1 25%"`` (Gnällknekt's first pile) ``("1", "25%")``;
    words without one come back whole with ``""`` ("5 cards": cards are no measure of the
    coach's, ``units``, by default ``coach_units()``). The coach writes its number after a
    place's words (``coach_panel``); drawn on one line the two read as one ("talon: 37
    43%"), so the table draws the number on a line of its own."""
    words = label.split(" ")
    tag = _tag()
    for k in range(len(words)):  # the longest ending that is a hint's
        m = tag.fullmatch(" ".join(words[k:]))
        if m is None:
            continue
        unit = m.group("unit")
        if unit is None or unit in (coach_units() if units is None else units):
            return " ".join(words[:k]), m.group(0)
    return label, ""


def short_number(tag: str, said: str) -> str:
    """A hint's number without its unit where the middle of the table says the unit
    ("★ 8.1 points" is "★ 8.1" under a card when the hint's line reads "Hint ★ Discard
    J♠: 8.1 points"): under a card there is room for a number, not for its unit six
    times over. Where the middle does not say it, the unit stays."""
    m = re.fullmatch(r"(?P<num>(?:★ )?" + _NUMBER + r") (?P<unit>[a-zåäö]+)", tag)
    if m is None or not re.search(rf"\d {m.group('unit')}\b", said):
        return tag
    return m.group("num")


def for_the_table(model: TableModel) -> TableModel:
    """The model as the layout draws it: a place's number from the coach off its words
    into ``hint`` (a line of its own), every number short where the middle says its unit,
    and the viewer's own hand fanned no closer than ``READ_STRIP``."""
    said = " ".join(b.label for b in model.badges)

    def readable(z: ZoneView) -> ZoneView:
        if z.kind != "hand" or not any(c.ref is not None for c in z.cards):
            return z
        return replace(z, fan=max(z.fan or FAN, READ_STRIP))

    def card(c: CardView) -> CardView:
        return replace(c, note=short_number(c.note, said)) if c.note else c

    def zone(z: ZoneView) -> ZoneView:
        hint = z.hint
        label = z.label
        if not hint and z.ref is not None:
            label, hint = split_hint(z.label)
        return replace(z, label=label, hint=short_number(hint, said),
                       cards=tuple(card(c) for c in z.cards))

    seats = tuple(replace(s, zones=tuple(
        readable(zone(z)) if s.seat == model.viewer else zone(z) for z in s.zones))
        for s in model.seats)
    return replace(model, seats=seats, centre=tuple(zone(z) for z in model.centre))


def named(model: TableModel) -> TableModel:
    """The seat named "you" by the word for "you" of the language in use ("du" on a Swedish
    table), as the story and the score table call it; other names are names."""
    if not any(s.name.casefold() == "you" for s in model.seats):
        return model
    return replace(model, seats=tuple(replace(s, name=_("you")) if s.name.casefold() == "you"
                                      else s for s in model.seats))


def layout(model: TableModel, width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """Place every card, zone, plate and word; smaller cards only when they would touch."""
    best: tuple[int, Layout] | None = None
    model = named(model)
    alt = alt_text(model)  # the words as the model says them, the coach's numbers whole
    model = for_the_table(model)
    for k in SCALES:
        lay = _place(model, model.style.scaled(k), width, height)
        lay.alt = alt
        found = len(problems(lay))
        if not found:
            return lay
        if best is None or found < best[0]:
            best = (found, lay)
    assert best is not None
    # The largest try with the fewest problems (not the smallest cards: what smaller cards
    # do not mend, they only make worse); a layout test reports what still touches.
    return best[1]


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
        lay.seat_parts[seat.seat] = (Box(ax - zw / 2, top, zw, zh), plate)
    # Seats that touch each other fail this size whatever the middle does: no search.
    parts = sorted(lay.seat_parts.items())
    clash = any(a.overlaps(b) for i, (_, mine) in enumerate(parts) for _, theirs in
                parts[i + 1:] for a in mine for b in theirs)
    _place_centre(lay, model, style, (cx, cy), search=not clash)
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
    y += marks_room(zones, style)
    for zone in zones:
        w, h = zone_size(zone, style)
        slot = slot_width(zone, style)
        left = x + (slot - w) / 2  # the cards in the middle of the room their words take
        _place_zone(lay, zone, left, y, style, seat)
        if zone.kind == "pile":
            h = piles_h
        # Under a marked zone or card the words stand clear of the outline drawn round it.
        below = 6.0 if zone.highlight or any(c.highlight for c in zone.cards) else 3.0
        for k, (text, coach) in enumerate(zone_lines(zone)):
            fill = HINT_GOLD if coach and "★" in text else LABEL_INK
            lay.texts.append(TextItem(left + w / 2, y + h + LABEL_H / 2 + below + k * LABEL_H,
                                      text, LABEL_SIZE, fill, bold=coach, seat=seat))
        x += slot + GAP


def _fit(text: str, size: float, width: float, *, bold: bool = False) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` at ``size``."""
    if text_width(text, size, bold=bold) <= width:
        return text
    while text and text_width(text + "…", size, bold=bold) > width:
        text = text[:-1]
    return text + "…"


def _place_zone(lay: Layout, zone: ZoneView, x: float, y: float, style: CardStyle,
                seat: int | None) -> None:
    cw, ch = style.w, style.h
    w, h = zone_size(zone, style)
    lay.zones.append(ZoneItem(Box(x, y, w, h - _notes_row(zone)), zone.kind, zone.label,
                              zone.ref, zone.highlight, seat, zone.hidden))
    cards = zone.cards
    if zone.kind == "hand":
        xs, width, notes = _hand_plan(zone, cw)
        top, bottom, side = _group_margins(zone, style)
        x, y = x + side, y + top
        for i, c in enumerate(cards):
            shown = xs[i + 1] - xs[i] if i + 1 < len(cards) else cw
            _card(lay, c, Box(x + xs[i], y, cw, ch), seat, shown if shown < cw else 0.0)
            if c.note:  # on the line under the cards, under the part of it left uncovered
                middle, line = notes[i]
                lay.texts.append(TextItem(
                    x + middle, y + ch + bottom + NOTE_ROW / 2 + 2 + line * LABEL_H, c.note,
                    LABEL_SIZE, HINT_GOLD if "★" in c.note else LABEL_INK, bold=True,
                    seat=seat))
        for g in zone.groups:
            left = x + xs[g.start] - GROUP_PAD
            gw = xs[g.start + g.count - 1] + cw - xs[g.start] + 2 * GROUP_PAD
            box = Box(left, y - GROUP_PAD, gw, ch + 2 * GROUP_PAD)
            lay.groups.append(GroupItem(box, g.label, seat))
            if g.label:
                lay.texts.append(TextItem(left + gw / 2, box.y - LABEL_H / 2
                                          - _lifted(zone, style),
                                          _fit(g.label, MIN_TEXT, gw + GAP), MIN_TEXT,
                                          "#f2c94c", bold=True, seat=seat))
    elif zone.kind == "pile":
        backs = min(zone.hidden, MAX_BACKS)
        for i in range(backs):
            off = (backs - i) * PILE_STEP
            lay.cards.append(CardItem(style.back, Box(x + off, y + off, cw, ch),
                                      _face_down(zone.hidden), zone.ref, None, seat))
        for i, c in enumerate(cards):
            _card(lay, c, Box(x, y + i * ch * 0.22, cw, ch), seat)
    elif zone.kind == "trick":
        for i, c in enumerate(cards):
            bx = x + i * cw * 0.75
            _card(lay, c, Box(bx, y, cw, ch), seat)
            if i < len(zone.played_by):
                lay.texts.append(TextItem(bx + cw / 2, y + ch + LABEL_H / 2,
                                          _fit(zone.played_by[i], MIN_TEXT, cw * 0.75),
                                          MIN_TEXT, seat=seat))
    elif zone.kind == "out":
        k = 0.8
        step = cw * k * OUT_STEP
        backs = min(zone.hidden, 6)
        for i in range(backs):  # face down first, so the face-up cards on top can be read
            lay.cards.append(CardItem(style.back, Box(x + i * step, y, cw * k, ch * k),
                                      _("out of play: a face-down card"), None, None, seat))
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


def _wrap(text: str, size: float, width: float, most: int) -> list[str]:
    """``text`` in bold on lines no wider than ``width``, broken between words into lines
    of about one length ("your hand is worth" / "1." read as a line left over), at most
    ``most`` lines (the last cut short with an ellipsis if it must be)."""
    def wide(words: Sequence[str]) -> float:
        return text_width(" ".join(words), size, bold=True)

    words = text.split(" ")
    if wide(words) <= width or most <= 1 or len(words) == 1:
        return [_fit(text, size, width, bold=True)]
    # The fewest lines that hold it, then the break that makes the longest line shortest.
    for n in range(2, most + 1):
        best: tuple[float, list[str]] | None = None
        for cuts in _cuts(len(words), n):
            parts = [words[a:b] for a, b in zip((0, *cuts), (*cuts, len(words)), strict=True)]
            longest = max(wide(part) for part in parts)
            if longest <= width and (best is None or longest < best[0]):
                best = (longest, [" ".join(part) for part in parts])
        if best is not None:
            return best[1]
    # Too long for ``most`` lines: as many words as fit on each, the last cut short.
    lines: list[str] = []
    while words and len(lines) < most - 1:
        k = len(words)
        while k > 1 and wide(words[:k]) > width:
            k -= 1
        lines.append(" ".join(words[:k]))
        words = words[k:]
    return lines + ([_fit(" ".join(words), size, width, bold=True)] if words else [])


def _wrap_to_the_end(text: str, size: float, width: float, most: int) -> list[str]:
    """As ``_wrap``, but a line too long for ``most`` lines loses words before its last
    ": " rather than after it: a hint's move is cut short, never its number ("Hint ★
    Defend your first pile…: equal best"; the words beside the table say the move)."""
    lines = _wrap(text, size, width, most)
    head, sep, tail = text.rpartition(": ")
    if not lines[-1].endswith("…") or not sep:
        return lines
    words = head.split(" ")
    for k in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[:k]).rstrip(",;:") + "…" + sep + tail
        lines = _wrap(shorter, size, width, most)
        if not lines[-1].endswith("…"):  # whole: nothing after the cut cut off
            return lines
    return lines


def _cuts(count: int, lines: int) -> Iterator[tuple[int, ...]]:
    """Every way to break ``count`` words into ``lines`` non-empty lines (where each
    line after the first starts)."""
    return itertools.combinations(range(1, count), lines - 1)


def _centre_lines(model: TableModel, room: float) -> list[tuple[str, float, str, float]]:
    """The middle's words as lines no wider than ``room``: the table's notices and the
    hint in gold on one line, or each on its own where that is too wide, then the call,
    then what to do now; a line too long for the room goes on two."""
    return list(_lines_of(tuple(b.label for b in model.badges), model.call, model.status,
                          room // 4 * 4))  # a few pixels more or less change nothing


@lru_cache(maxsize=256)
def _lines_of(words: tuple[str, ...], call: str, status: str, room: float
              ) -> tuple[tuple[str, float, str, float], ...]:
    """``_centre_lines``, worked out once for each room the middle is tried in."""
    out: list[tuple[str, float, str, float]] = []
    if words:
        joined = " · ".join(words)
        for part in [joined] if text_width(joined, 13, bold=True) <= room else words:
            out += [(t, 13.0, "#f2c94c", 18.0) for t in _wrap_to_the_end(part, 13, room, 2)]
    if call:
        out += [(t, 20.0, "#f2c94c", 22.0) for t in _wrap(call, 20, room, 2)]
    if status:
        out += [(t, 14.0, "#fdfaf2", 16.0) for t in _wrap(status, 14, min(room, STATUS_W), 2)]
    return tuple(out)


def _room(lay: Layout, cx: float, y0: float, y1: float) -> float:
    """The width free round the middle between ``y0`` and ``y1``: between the seats at
    that height (their cards, words and plates) and inside the felt's edge."""
    left, right = 0.0, float(lay.width)
    for b in (b for parts in lay.seat_parts.values() for b in parts):
        if b.y < y1 and b.y + b.h > y0 and not b.x < cx < b.x + b.w:
            if b.x + b.w / 2 < cx:
                left = max(left, b.x + b.w)
            else:
                right = min(right, b.x)
    fcx, fcy, frx, fry, edge = felt(lay.width, lay.height)
    far = max(abs(y0 - fcy), abs(y1 - fcy))
    half = (frx - edge) * math.sqrt(max(0.0, 1 - (far / (fry - edge)) ** 2))
    side = min(cx - left, right - cx, half) - 10
    return max(160.0, min(WORDS_W, 2 * side))


def _centre_top(lay: Layout, cx: float, cy: float, h: float) -> float:
    """Where the middle's top goes: the middle of the table, unless that puts it on the
    seat straight above or below it (a flat table, a tall hand at the bottom); then as
    far from that seat as there is room for."""
    top = cy - h / 2
    parts = [b for parts in lay.seat_parts.values() for b in parts]
    above = [b.y + b.h for b in parts if b.x < cx < b.x + b.w and b.y + b.h / 2 < cy]
    below = [b.y for b in parts if b.x < cx < b.x + b.w and b.y + b.h / 2 >= cy]
    fcx, fcy, frx, fry, edge = felt(lay.width, lay.height)
    upper = max(above, default=fcy - fry + edge) + 4
    lower = min(below, default=fcy + fry - edge) - 4
    if h > lower - upper:  # no room: the middle of what there is (the layout says so)
        return (upper + lower - h) / 2
    return min(max(top, upper), lower - h)


CENTRE_SHIFT = 32.0  # the step the middle moves to clear a seat


def _centre_plan(lay: Layout, model: TableModel, cx: float, cy: float, zw: float, zh: float,
                 dy: float = 0.0
                 ) -> tuple[float, list[tuple[str, float, str, float]], list[Box]]:
    """The middle about ``cx`` (``dy`` lower than it would stand): its top, its lines of
    words, and the boxes its zones' row and each line take."""
    lines = _centre_lines(model, WORDS_W)
    for _try in range(4):  # the room depends on the lines' height, the lines on the room
        top = _centre_top(lay, cx, cy, zh + 12 + sum(step for *_, step in lines)) + dy
        room = _room(lay, cx, top + zh, top + zh + 12 + sum(step for *_, step in lines))
        again = _centre_lines(model, room)
        if again == lines:
            break
        lines = again
    top = _centre_top(lay, cx, cy, zh + 12 + sum(step for *_, step in lines)) + dy
    boxes = [Box(cx - zw / 2, top, zw, zh)] if model.centre else []
    y = top + zh + 16
    for text, size, _fill, step in lines:
        w = text_width(text, size, bold=True) + 8
        boxes.append(Box(cx - w / 2, y - size * 0.6, w, size * 1.2))
        y += step
    return top, lines, boxes


def _place_centre(lay: Layout, model: TableModel, style: CardStyle,
                  centre: tuple[float, float], search: bool = True) -> None:
    """The middle's zones, and its words under them on as many lines as the room between
    the seats asks for (the hint's gold line crossed the plates beside it). Where the
    middle of the table has no room for them (a seat's plate above, a long hand below),
    they move, a step at a time, to the nearest place where there is."""
    cx, cy = centre
    zw, zh = _zones_size(model.centre, style)
    parts = [b for seat in lay.seat_parts.values() for b in seat]
    fcx, fcy, frx, fry, edge = felt(lay.width, lay.height)

    def clear(boxes: list[Box]) -> bool:
        return (not any(a.overlaps(b) for a in boxes for b in parts)
                and all(b.y >= fcy - fry + edge for b in boxes))

    plan = _centre_plan(lay, model, cx, cy, zw, zh)
    if search and not clear(plan[2]):
        # Nearest first: sideways up to a fifth of the table, up or down a sixth of it.
        steps = [(i * CENTRE_SHIFT, j * CENTRE_SHIFT)
                 for i in range(-int(lay.width / 5 / CENTRE_SHIFT),
                                int(lay.width / 5 / CENTRE_SHIFT) + 1)
                 for j in range(-int(lay.height / 6 / CENTRE_SHIFT),
                                int(lay.height / 6 / CENTRE_SHIFT) + 1)]
        for dx, dy in sorted(steps, key=lambda d: (abs(d[0]) + abs(d[1]), abs(d[1])))[1:]:
            moved = _centre_plan(lay, model, cx + dx, cy, zw, zh, dy)
            # Moved, not squeezed: words broken onto more lines than in the middle read
            # worse than smaller cards (the layout then tries those).
            if clear(moved[2]) and len(moved[1]) <= len(plan[1]):
                plan, cx = moved, cx + dx
                break
    top, lines, boxes = plan
    _place_zones(lay, model.centre, cx - zw / 2, top, style, None)
    y = top + zh + 16
    under = [c.box for c in lay.cards] + [p.box for p in lay.plates]
    for text, size, fill, step in lines:
        # Where no place was found, the words are read on a patch of felt over what they
        # cross, not through it (the layout still reports the crossing).
        item = TextItem(cx, y, text, size, fill, bold=True)
        lay.texts.append(replace(item, backed=any(text_box(item).overlaps(b) for b in under)))
        y += step
    lay.centre_boxes = boxes
    if boxes:
        left = min(b.x for b in boxes)
        right = max(b.x + b.w for b in boxes)
        lay.centre_box = Box(left, top, right - left, max(b.y + b.h for b in boxes) - top)


def problems(lay: Layout) -> list[str]:
    """What overlaps or leaves the canvas (empty for a good layout)."""
    out = []
    frame = Box(0, 0, lay.width, lay.height)
    items = sorted(lay.seat_parts.items())
    for i, (s, mine) in enumerate(items):
        if not lay.seat_boxes[s].inside(frame):
            out.append(f"seat {s} leaves the canvas")
        for t, theirs in items[i + 1:]:
            if any(a.overlaps(b) for a in mine for b in theirs):
                out.append(f"seats {s} and {t} overlap")
        if any(a.overlaps(b) for a in mine for b in lay.centre_boxes):
            out.append(f"seat {s} overlaps the middle")
    return out + label_problems(lay)


def text_box(t: TextItem) -> Box:
    """Where a line of words is drawn: its estimated width (bold is wider), as high as its
    size, about its middle (the painter's baseline is the middle)."""
    w = text_width(t.text, t.size, bold=t.bold)
    x = t.x - w / 2 if t.align == "center" else t.x - w if t.align == "right" else t.x
    return Box(x, t.y - t.size / 2, w, t.size)


def label_problems(lay: Layout) -> list[str]:
    """Words that run into other words, lie on a card's face or a name plate, or the
    middle's words off the felt: what made "8.1 points8.1 points", "talon: 37 43%" and the
    gold hint line across two plates. A lifted card is where it is drawn. (A seat's words
    at the felt's edge go with its seat, which the oval places.)"""
    from .cards import highlight_lift

    out = []
    boxes = [(t, text_box(t)) for t in lay.texts]
    faces = []
    for c in lay.cards:  # a marked card with the outline drawn round it (a 14th of it)
        pad = c.box.w * 0.075 if c.highlight else 0.0
        faces.append(Box(c.box.x - pad, c.box.y + highlight_lift(c.highlight, c.box.h) - pad,
                         c.box.w + 2 * pad, c.box.h + 2 * pad))
    fcx, fcy, frx, fry, edge = felt(lay.width, lay.height)
    for i, (t, a) in enumerate(boxes):
        for u, b in boxes[i + 1:]:
            if a.overlaps(b):
                out.append(f"{t.text!r} runs into {u.text!r}")
        if any(a.overlaps(f) for f in faces):
            out.append(f"{t.text!r} lies on a card")
        for plate in lay.plates:
            if a.overlaps(plate.box):
                out.append(f"{t.text!r} crosses {plate.name}'s plate")
        corners = ((a.x, a.y), (a.x + a.w, a.y), (a.x, a.y + a.h), (a.x + a.w, a.y + a.h))
        rx, ry = frx - edge / 2, fry - edge / 2
        if t.seat is None and any(((x - fcx) / rx) ** 2 + ((y - fcy) / ry) ** 2 > 1
                                  for x, y in corners):
            out.append(f"{t.text!r} leaves the felt")
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
            # i18n: the alt text of a seat out of the game
            bits.append(pgettext("seat", "out"))
        for z in s.zones:
            seen = _card_words(z)
            if z.hidden:
                seen.append(_face_down(z.hidden))
            name = " ".join(w for w in (z.said or z.label, z.hint) if w)
            if seen:
                bits.append(f"{name}: " + ", ".join(seen) if name else ", ".join(seen))
        bits += [b.label for b in s.badges]
        if s.is_dealer:
            # i18n: the alt text of the dealer's seat
            bits.append(_("dealer"))
        bits += list(s.notes)
        if s.to_act:
            # i18n: the alt text of the seat whose turn it is
            bits.append(_("to act"))
        parts.append(", ".join(bits))
    middle = []
    for z in model.centre:
        seen = [c.label for c in z.cards]
        if z.hidden and z.kind not in ("stock", "talon", "chips"):
            seen.append(_face_down(z.hidden))
        name = " ".join(w for w in (z.said or z.label, z.hint) if w)
        middle.append(name + (": " + ", ".join(seen) if seen else ""))
    text = "; ".join(parts)
    if middle:
        # i18n: the alt text's part for the middle of the table, after the seats
        text += _(". In the middle: {zones}").format(zones="; ".join(middle))
    return text + (f". {model.status}" if model.status else "")
