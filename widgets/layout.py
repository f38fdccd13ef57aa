"""The pure layout step: a table model in, positioned cards, labels and highlights out.

No drawing and no ipywidgets here, so the geometry (no overlaps for 2-8 seats) and the
secrecy (a seat view never carries another seat's hidden card) are tested in plain pytest.

A seat view is built from ``state.observation(seat)`` alone; only the teacher view reads the
state itself. Both become the same ``TableModel``, which is all the geometry ever sees.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kortspel.kille import KINDS, KilleState, Observation

WIDTH = 960
HEIGHT = 640
CARD_W = 64.0
CARD_H = 96.0
FELT = "#1f6b45"
FELT_EDGE = "#14482e"
INK = "#1b1b1b"
PAPER = "#fdfaf2"
GOLD = "#f2c94c"


@dataclass(frozen=True)
class SeatModel:
    """One seat as a viewer may see it. ``card`` is ``None`` when hidden from this viewer."""

    seat: int
    name: str
    lives: int
    in_hand: bool
    card: str | None
    face_up: bool  # turned up for everyone
    known: bool  # the viewer knows it without it being face up (own card, followed swaps)
    is_dealer: bool
    to_act: bool
    struck: str = ""  # "Husar" / "Husu"
    low_harlekin: bool = False
    loses_life: bool = False
    is_viewer: bool = False
    may_call: bool = False  # holds the Kuku and may call it now (only shown to its owner)


@dataclass(frozen=True)
class TableModel:
    """Everything a picture of a Kille table needs, already filtered for the viewer."""

    seats: tuple[SeatModel, ...]
    viewer: int | None
    talon_left: int
    out_of_play: tuple[str | None, ...]  # kinds shown face up, None for face-down cards
    lines: tuple[str, ...]  # narration, oldest first
    call: str  # the last words said out loud ("Kavall förbi!"), or ""
    status: str
    is_over: bool


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


@dataclass(frozen=True)
class CardItem:
    """A card to draw: a sprite key, where, and how it is marked."""

    key: str  # "kille:Kuku" or "back:kille"
    box: Box
    seat: int | None
    label: str  # words for screen readers and tests
    highlight: str | None = None  # "selected" | "legal" | "struck" | "low"


@dataclass(frozen=True)
class TextItem:
    x: float
    y: float
    text: str
    size: float = 13.0
    fill: str = PAPER
    bold: bool = False
    align: str = "center"


@dataclass(frozen=True)
class SeatPlate:
    """The name plate under a seat's card: name, lives, and markers."""

    seat: int
    box: Box
    name: str
    lives: int
    max_lives: int
    is_dealer: bool
    to_act: bool
    out: bool
    marks: tuple[str, ...]


@dataclass
class Layout:
    width: int
    height: int
    cards: list[CardItem] = field(default_factory=list)
    plates: list[SeatPlate] = field(default_factory=list)
    texts: list[TextItem] = field(default_factory=list)
    seat_boxes: dict[int, Box] = field(default_factory=dict)  # click targets
    talon_box: Box | None = None
    alt: str = ""

    def seat_at(self, x: float, y: float) -> int | None:
        """Which seat a click at buffer coordinates (x, y) landed on, if any."""
        for seat, box in self.seat_boxes.items():
            if box.contains(x, y):
                return seat
        return None


# ---------------------------------------------------------------------------
# Models: state (teacher) or observation (one seat)
# ---------------------------------------------------------------------------


def _status(names: Sequence[str], to_act: int | None, is_over: bool, losers: Sequence[int],
            redeal: bool, viewer: int | None) -> str:
    if is_over:
        if redeal:
            return "The dealer deals again."
        if not losers:
            return "The hand is over: nobody loses a life."
        who = ", ".join(names[s] for s in losers)
        return f"The hand is over: {who} {'loses' if len(losers) == 1 else 'lose'} a life."
    if to_act is None:
        return ""
    if viewer is not None and to_act == viewer:
        return f"Your turn, {names[to_act]}."
    return f"{names[to_act]} to act."


def model_from_state(state: KilleState, lines: int = 5) -> TableModel:
    """The teacher's view: every card face up, hidden ones marked as such."""
    g = state.game
    out = state.outcome
    losers = set(out.lose_life) if out else set()
    to_act = state.to_act
    seats = []
    for s in range(g.seats):
        in_hand = s in state.order
        seats.append(SeatModel(
            seat=s, name=g.names[s], lives=state.lives[s], in_hand=in_hand,
            card=state.card(s), face_up=state.is_face_up(s) or state.is_over,
            known=True, is_dealer=s == state.dealer, to_act=s == to_act,
            struck=state.struck.get(s, ""), low_harlekin=bool(state.low[s]) if in_hand else False,
            loses_life=s in losers,
            may_call=bool(in_hand and s != to_act and state.legal_actions(s)),
        ))
    dead = tuple(
        KINDS[c >> 1] if (state.face >> c) & 1 else None for c in state.dead
    )
    return TableModel(
        seats=tuple(seats), viewer=None, talon_left=state.talon_left, out_of_play=dead,
        lines=tuple(e.text for e in state.events[-lines:]),
        call=_last_call(state.events), is_over=state.is_over,
        status=_status(g.names, to_act, state.is_over, sorted(losers), bool(out and out.redeal),
                       None),
    )


def model_from_observation(obs: Observation, lines: int = 5) -> TableModel:
    """A seat's view, from its observation alone: hidden cards stay hidden."""
    known = obs.known
    face = obs.face_up
    low = obs.low_harlekin
    struck = obs.struck
    events = obs.events
    losers = obs.lose_life
    redeal = obs.redeal
    seats = []
    for s, name in enumerate(obs.names):
        in_hand = s in obs.order
        kind = known.get(s)
        seats.append(SeatModel(
            seat=s, name=name, lives=obs.lives[s], in_hand=in_hand,
            card=None if kind is None else KINDS[kind], face_up=s in face,
            known=kind is not None, is_dealer=s == obs.dealer, to_act=s == obs.to_act,
            struck=struck.get(s, ""), low_harlekin=s in low, loses_life=s in losers,
            is_viewer=s == obs.seat,
            may_call=s == obs.seat and any(a.verb == "kuku" for a in obs.legal),
        ))
    me = obs.names[obs.seat]
    out_of_play = tuple(obs.out_of_play)
    return TableModel(
        seats=tuple(seats), viewer=obs.seat, talon_left=obs.talon_left,
        out_of_play=out_of_play,
        lines=tuple(second_person(e.text, me) for e in events[-lines:]),
        call=_last_call(events), is_over=obs.is_over,
        status=_status(obs.names, obs.to_act, obs.is_over, losers, redeal, obs.seat),
    )


_VERB = re.compile(r"\b(you) (is|was|has|\w+s)\b")
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "goes": "go", "does": "do",
              "passes": "pass", "reaches": "reach", "catches": "catch"}


def second_person(text: str, name: str) -> str:
    """Make narration about a seat named "you" read as English ("you are dealt a 4").

    The engine narrates in the third person with seat names; a human seat is called "you"
    in the play notebook, and "you is dealt" would teach bad grammar along with Kille.
    """
    if name.lower() != "you":
        return text
    text = re.sub(r"\byou's\b", "your", text)
    text = _VERB.sub(lambda m: f"{m.group(1)} {_IRREGULAR.get(m.group(2), m.group(2)[:-1])}",
                     text)
    return re.sub(r"(^|[.!?:]\s+)you\b", lambda m: m.group(1) + "You", text)


def _last_call(events: Sequence[Any]) -> str:
    for e in reversed(events):
        if e.call:
            return str(e.call)
        if e.kind in ("deal", "showdown"):
            break
    return ""


ModelBuilder = Callable[[Any, "int | None"], TableModel]
MODELS: dict[str, ModelBuilder] = {}
"""Per game: how a state (teacher, viewer None) or a seat's observation becomes a model.

A new game plugs in by adding its builder here (and, if its table differs, its own layout
function); the painters, sprites and views stay as they are.
"""


def _kille_model(state: KilleState, seat: int | None) -> TableModel:
    if seat is None:
        return model_from_state(state)
    return model_from_observation(state.observation(seat))


MODELS["kille"] = _kille_model


def table_model(state: Any, viewer: int | str | None = None) -> TableModel:
    """The model of ``state`` for the teacher (``viewer=None``) or one seat."""
    game = state.game
    builder = MODELS.get(game.name)
    if builder is None:
        raise ValueError(f"no table layout for {game.name!r} yet; there are: {sorted(MODELS)}")
    seat = game.seat_index(viewer) if isinstance(viewer, str) else viewer
    return builder(state, seat)


# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------

_CENTER = (WIDTH / 2, HEIGHT / 2 - 30)
_RX, _RY = 370.0, 205.0
PLATE_W, PLATE_H = 132.0, 40.0


def seat_anchor(index: int, count: int) -> tuple[float, float]:
    """Centre of the ``index``-th place of ``count`` round an oval, starting at the bottom.

    Places go clockwise on screen, which is to the left of a player facing the table, so the
    seat that speaks after you sits on your left as at a real table.
    """
    theta = 2 * math.pi * index / count
    cx, cy = _CENTER
    return cx - _RX * math.sin(theta), cy + _RY * math.cos(theta)


def layout(model: TableModel, *, legal_seats: Sequence[int] = (),
           selected: int | None = None) -> Layout:
    """Place every card, plate and label; pure, so tests can check it without a browser."""
    out = Layout(WIDTH, HEIGHT)
    n = len(model.seats)
    start = model.viewer or 0  # the viewer sits at the bottom, facing the table
    max_lives = max([s.lives for s in model.seats] + [3])
    for seat in model.seats:
        cx, cy = seat_anchor((seat.seat - start) % n, n)
        card_box = Box(cx - CARD_W / 2, cy - (CARD_H + PLATE_H) / 2, CARD_W, CARD_H)
        plate_box = Box(cx - PLATE_W / 2, card_box.y + CARD_H + 4, PLATE_W, PLATE_H)
        out.seat_boxes[seat.seat] = Box(plate_box.x, card_box.y, PLATE_W,
                                        CARD_H + 4 + PLATE_H)
        out.plates.append(SeatPlate(seat.seat, plate_box, seat.name, seat.lives, max_lives,
                                    seat.is_dealer, seat.to_act, not seat.in_hand,
                                    tuple(seat_notes(seat, model.is_over))))
        if not seat.in_hand:
            continue
        highlight = None
        if seat.struck:
            highlight = "struck"
        elif seat.low_harlekin:
            highlight = "low"
        elif selected == seat.seat:
            highlight = "selected"
        elif seat.seat in legal_seats:
            highlight = "legal"
        if seat.card is None:
            key, label = "back:kille", f"{seat.name}: a hidden card"
        else:
            key = f"kille:{seat.card}"
            how = "face up" if seat.face_up else ("hidden from the others" if model.viewer
                                                  is None else "known to you")
            label = f"{seat.name}: {seat.card} ({how})"
        out.cards.append(CardItem(key, card_box, seat.seat, label, highlight))
    _centre(out, model)
    out.alt = alt_text(model)
    return out


def _centre(out: Layout, model: TableModel) -> None:
    cx, cy = _CENTER
    talon = Box(cx - CARD_W - 30, cy - CARD_H / 2 - 10, CARD_W, CARD_H)
    out.talon_box = talon
    if model.talon_left:
        out.cards.append(CardItem("back:kille", talon, None,
                                  f"the talon, {model.talon_left} cards"))
    out.texts.append(TextItem(talon.x + CARD_W / 2, talon.y + CARD_H + 12,
                              f"talon: {model.talon_left}", 12))
    # Out of play: set-aside matadors face up, the swapper's old card face down.
    ox = cx + 20
    for i, kind in enumerate(model.out_of_play[:6]):
        box = Box(ox + i * 18, cy - CARD_H / 2 - 10, CARD_W * 0.8, CARD_H * 0.8)
        key = "back:kille" if kind is None else f"kille:{kind}"
        out.cards.append(CardItem(key, box, None, f"out of play: {kind or 'a face-down card'}"))
    if model.out_of_play:
        out.texts.append(TextItem(ox + CARD_W * 0.4 + 9 * min(5, len(model.out_of_play) - 1),
                                  cy - 10 + CARD_H * 0.4 + 14, "out of play", 12))
    if model.call:
        out.texts.append(TextItem(cx, cy + CARD_H / 2 + 26, model.call, 22, GOLD, bold=True))
    out.texts.append(TextItem(cx, cy + CARD_H / 2 + 50, model.status, 15, PAPER, bold=True))
    y = HEIGHT - 14 - 15 * (len(model.lines) - 1)
    for line in model.lines:
        out.texts.append(TextItem(12, y, line, 12, "#d9e8dd", align="left"))
        y += 15


def seat_notes(seat: SeatModel, is_over: bool) -> list[str]:
    """Words for a seat's condition, shared by its name plate and the table's alt text."""
    notes = []
    if seat.struck:
        notes.append(f"struck ({seat.struck})")
    if seat.low_harlekin:
        notes.append("low Harlekin")
    if seat.loses_life:
        notes.append("loses a life")
    if seat.face_up and seat.in_hand and not is_over:
        notes.append("face up")
    return notes


def alt_text(model: TableModel) -> str:
    """The whole table in words: the canvas is invisible to screen readers."""
    parts = []
    for s in model.seats:
        if not s.in_hand:
            parts.append(f"{s.name} (out, no lives)")
            continue
        card = s.card if s.card is not None else "hidden card"
        bits = [f"{s.name}: {card}", f"{s.lives} {'life' if s.lives == 1 else 'lives'}"]
        if s.is_dealer:
            bits.append("dealer")
        bits += seat_notes(s, model.is_over)
        if s.to_act:
            bits.append("to act")
        parts.append(", ".join(bits))
    return "; ".join(parts) + f". {model.status}"
