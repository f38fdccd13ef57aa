"""Live views: a drawn picture, a table, a replay, a match to play, and a quiz, for any game.

Each view draws from engine state on every change and again whenever a browser client
connects (``on_client_ready``), so a reload or a Voilà page is never blank. Each one also
puts a static SVG of the same picture in its output bundle, for readers without a kernel.
Nothing here blocks the kernel: every human decision arrives through a callback, and the
game's adapter (``games/``) says what a click means, so no view names a game.
"""

from __future__ import annotations

import asyncio
import base64
import html
import random
import time
import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import Action, KortspelError

from . import canvas_io
from .drawing import paint_table, svg_from_layout
from .games import Adapter, adapter_for, check_viewer
from .geometry import HEIGHT, WIDTH, Layout, layout
from .model import TableModel, mark
from .paint import CanvasPainter, Painter, SvgPainter
from .sprites import SpriteSheet, svg_sprites

# ---------------------------------------------------------------------------------------------
# Sprites: painted once per kernel, sent once per browser client
# ---------------------------------------------------------------------------------------------

_SHEETS: dict[tuple[float, float], SpriteSheet] = {}
_REPAINTED_AT = 0.0
CLIENT_WINDOW = 2.0  # seconds in which canvases that report a new client share one repaint


def sprite_sheet(w: float = 64.0, h: float = 96.0) -> SpriteSheet:
    """The sheet of card sprites every canvas of one card size copies from."""
    sheet = _SHEETS.get((w, h))
    if sheet is None:
        sheet = _SHEETS[(w, h)] = SpriteSheet(w, h, repaint_on_client=False)
    return sheet


def repaint_sprites_for_client() -> bool:
    """Send every sprite again, once for all the canvases that report the same new client
    (a reload shows many tables; each reports, and one repaint serves them all)."""
    global _REPAINTED_AT
    now = time.monotonic()
    if now - _REPAINTED_AT < CLIENT_WINDOW:
        return False
    _REPAINTED_AT = now
    with canvas_io.batch():
        for sheet in _SHEETS.values():
            sheet.repaint_all()
    return True


# ---------------------------------------------------------------------------------------------
# Checking a view's arguments
# ---------------------------------------------------------------------------------------------


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _with_pictures(widget_bundle: Any, picture: Picture, words: str
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A widget's output bundle plus the same picture as an HTML image with words: the live
    view where the kernel runs, the picture wherever the notebook is read without one.

    Why HTML and not a plain ``image/png`` (or SVG): JupyterLab draws a saved PNG without its
    alt text, and nbconvert's HTML export draws PNG and SVG outputs as ``<img>`` with "No
    description has been provided for this image". An ``<img alt=...>`` in ``text/html`` keeps
    the table's words for a screen reader in all three places (an untrusted notebook in
    JupyterLab, exported HTML, a code host's viewer), and HTML outranks the images in each.
    ``Picture.svg()`` stays for whoever wants the drawing as SVG."""
    bundle = dict(widget_bundle or {})
    png = base64.b64encode(picture.png()).decode("ascii")
    bundle["text/html"] = (f'<img src="data:image/png;base64,{png}" alt="{html.escape(words)}" '
                           f'width="{picture.canvas.width}" style="max-width:100%">')
    bundle["text/plain"] = words
    return bundle, {}


def _status_html(text: str) -> str:
    return f'<div role="status" aria-live="polite" style="font-size:1.05em">{text}</div>'


def _button(label: str, tip: str, width: str = "auto") -> W.Button:
    return W.Button(description=label, tooltip=tip, layout=W.Layout(width=width))


# ---------------------------------------------------------------------------------------------
# Picture: a canvas plus the same drawing as SVG
# ---------------------------------------------------------------------------------------------


class Picture(W.VBox):
    """A drawing function shown live on a canvas and carried as SVG in the output bundle."""

    def __init__(self, draw: Callable[[Painter], None], width: int = WIDTH,
                 height: int = HEIGHT, *, alt: str = "", title: str = "",
                 card: tuple[float, float] = (64.0, 96.0)) -> None:
        from ipycanvas import Canvas

        self._draw = draw
        self.alt = alt
        self.title = title
        self._card = card
        self.canvas = Canvas(width=width, height=height,
                             layout=W.Layout(width="100%", max_width=f"{width}px",
                                             height="auto"))
        self.caption = W.HTML(layout=W.Layout(width="100%", max_width=f"{width}px"))
        super().__init__([self.canvas, self.caption])
        self.canvas.on_client_ready(self._on_client_ready)
        self.redraw()

    def set_drawing(self, draw: Callable[[Painter], None], *, alt: str = "",
                    caption: str | None = None) -> None:
        self._draw = draw
        self.alt = alt
        if caption is not None:
            self.caption.value = caption
        self.redraw()

    def redraw(self) -> None:
        """One batch, one message: clear and paint the whole picture again."""
        sheet = sprite_sheet(*self._card)
        with canvas_io.batch():
            self.canvas.clear()
            self._draw(CanvasPainter(self.canvas, sprites=sheet))

    def _on_client_ready(self) -> None:
        repaint_sprites_for_client()
        self.redraw()

    def svg(self) -> str:
        p = SvgPainter(self.canvas.width, self.canvas.height, title=self.title or self.alt,
                       desc=self.alt, sprites=svg_sprites(*self._card))
        self._draw(p)
        return p.svg()

    def png(self) -> bytes:
        """The picture as PNG: what a notebook shows before it is run or trusted."""
        from .raster import png_of

        return png_of(self._draw, self.canvas.width, self.canvas.height,
                      svg_sprites(*self._card))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self,
                              self.alt or self.title or "a drawing")


# ---------------------------------------------------------------------------------------------
# A table
# ---------------------------------------------------------------------------------------------


class TableView(Picture):
    """A table as the teacher (every card) or one seat (its observation) sees it.

    ``on_click(ref)`` is called with what the pointer landed on (a card or a zone, in the
    adapter's own refs); the view itself decides nothing.
    """

    def __init__(self, state: Any, viewer: int | str | None = None,
                 caption: str | None = None) -> None:
        self.adapter: Adapter = adapter_for(state.game)
        self.state = state
        self.viewer = check_viewer(state.game, viewer)
        self.targets: frozenset[Hashable] = frozenset()
        self.selected: frozenset[Hashable] = frozenset()
        self.cover: str = ""  # a hand-over screen: the table hidden, these words instead
        self.headline: str = ""  # big words in the middle instead of the last call
        # What a match adds to the picture of its hand (a game's ``dress``: balances on the
        # plates), set by Play; a bare table or a replay has no match around it.
        self.dress: Callable[[TableModel], TableModel] | None = None
        self._lay = self._make_layout()
        style = self.adapter.style
        # Every face this game can show, painted once per kernel in one message: later
        # tables only copy them, and no new sprite widget is made in the middle of a match.
        sheet = sprite_sheet(style.w, style.h)
        if any(key not in sheet for key in self.adapter.sprite_keys()):
            sheet.preload(self.adapter.sprite_keys())
        super().__init__(self._paint, alt=self._lay.alt, title=self.adapter.title,
                         card=(style.w, style.h))
        self.caption.value = _status_html(html.escape(caption)) if caption else ""
        self.canvas.on_mouse_down(self._clicked)
        self.on_click: Callable[[Hashable | None], None] | None = None

    def model(self) -> TableModel:
        model = mark(self.adapter.model(self.state, self.viewer), targets=self.targets,
                     selected=self.selected)
        if self.dress is not None:
            model = self.dress(model)
        if self.headline:
            model = replace(model, call=self.headline)
        return model

    def _make_layout(self) -> Layout:
        return layout(self.model())

    def _paint(self, p: Painter) -> None:
        if self.cover:
            _paint_cover(p, self._lay.width, self._lay.height, self.cover)
        else:
            paint_table(p, self._lay)

    def show(self, state: Any, viewer: int | str | None = None, *,
             targets: frozenset[Hashable] = frozenset(),
             selected: frozenset[Hashable] = frozenset(), cover: str = "",
             headline: str = "") -> None:
        """Draw another state (or the same from another seat, or with other highlights, or
        with a headline in the middle: the match's result)."""
        self.state = state
        self.viewer = check_viewer(state.game, viewer)
        self.targets, self.selected, self.cover = targets, selected, cover
        self.headline = headline
        self._lay = self._make_layout()
        self.alt = cover or self._lay.alt
        self.redraw()

    @property
    def layout_now(self) -> Layout:
        return self._lay

    def _clicked(self, x: float, y: float) -> None:
        if self.on_click is not None:
            self.on_click(None if self.cover else self._lay.hit(x, y))

    def svg(self) -> str:
        if self.cover:
            return super().svg()
        return svg_from_layout(self._lay, title=self.title)

    def png(self) -> bytes:
        if self.cover:
            return super().png()
        from .raster import png_of

        lay = self._lay
        return png_of(lambda p: paint_table(p, lay), lay.width, lay.height,
                      svg_sprites(lay.style.w, lay.style.h))


def _paint_cover(p: Painter, width: float, height: float, words: str) -> None:
    p.rect(0, 0, width, height, fill="#0e2a1c")
    p.ellipse(width / 2, height / 2 - 6, width / 2 - 14, height / 2 - 10, fill="#1f6b45",
              stroke="#14482e", line_width=10)
    p.text(width / 2, height / 2 - 10, words, size=22, fill="#fdfaf2", bold=True)
    p.text(width / 2, height / 2 + 22, "(click the table when you are ready)", size=14,
           fill="#d9e8dd")


def table(state: Any, viewer: int | str | None = None, caption: str | None = None) -> TableView:
    """Show a state: the teacher's view by default, or what seat ``viewer`` may see."""
    if not hasattr(state, "game") or not hasattr(state, "legal_actions"):
        raise KortspelError(f"table() shows a hand state (game.new_hand(...) or "
                            f"kortspel.replay(record)), not {_brief(state)}")
    return TableView(state, viewer, caption)


# ---------------------------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------------------------


class Replay(W.VBox):
    """Step through a recorded hand with its narration and the record's own comments."""

    NOTES_HIDDEN = ("The notes of this worked hand name every card, so a seat's view leaves "
                    "them out; choose the teacher's view to read them.")

    def __init__(self, record: Mapping[str, Any], viewer: int | str | None = None,
                 start: int = 0) -> None:
        if not isinstance(record, Mapping):
            raise KortspelError(f"Replay shows a hand record (a dict such as "
                                f"kortspel.example(...)), not {_brief(record)}")
        self.record = dict(record)
        self.frames: list[Any] = kortspel.frames(record)
        game = self.frames[0].game
        self.adapter = adapter_for(game)
        if type(start) is not int:
            raise KortspelError(f"start is a step number, not {_brief(start)}")
        acts = record.get("actions", [])
        last = len(self.frames) - 1
        notes = iter([str(a.get("comment", "")) if isinstance(a, Mapping) else ""
                      for a in acts])
        # One frame per action of the game; a chance turn (the shuffle a rule calls for) is
        # kept apart from the record's actions, so it has no comment of its own.
        self.comments = [str(record.get("intro", ""))] + [
            "" if act.seat == kortspel.CHANCE else next(notes, "")
            for act in self.frames[-1].actions]
        if record.get("summary"):
            self.comments[last] = (self.comments[last] + " " + str(record["summary"])).strip()
        self.viewer = check_viewer(game, viewer)
        self.table = TableView(self.frames[0], self.viewer)
        self.table.canvas.on_key_down(self._key)
        self.first = _button("◀◀ First", "Go to the deal")
        self.back = _button("◀ Back", "One step back")
        self.fwd = _button("Next ▶", "One step forward")
        self.end = _button("Last ▶▶", "Go to the end of the hand")
        self.slider = W.IntSlider(value=0, min=0, max=last, description="Step",
                                  continuous_update=True, layout=W.Layout(width="300px"))
        self.view = W.Dropdown(options=[("Teacher: every card", -1)]
                               + [(f"Seat {n}", i) for i, n in enumerate(game.names)],
                               value=-1 if self.viewer is None else self.viewer,
                               description="View", style={"description_width": "auto"},
                               layout=W.Layout(width="300px"))
        self.note = W.HTML()
        for b, delta in ((self.first, -10**6), (self.back, -1), (self.fwd, 1), (self.end, 10**6)):
            b.on_click(lambda _b, d=delta: self.go(self.slider.value + d))
        self.slider.observe(lambda ch: self._draw(), "value")
        self.view.observe(self._view_changed, "value")
        title = W.HTML(f"<b>{html.escape(str(record.get('title', '')))}</b>")
        controls = W.HBox([self.first, self.back, self.fwd, self.end, self.slider, self.view],
                          layout=W.Layout(flex_flow="row wrap"))
        super().__init__([title, self.table, controls, self.note])
        self.go(start)

    @property
    def step(self) -> int:
        return int(self.slider.value)

    def go(self, i: int) -> None:
        self.slider.value = max(0, min(self.slider.max, int(i)))
        self._draw()

    def _view_changed(self, change: Mapping[str, Any]) -> None:
        new = change["new"]
        self.viewer = None if new == -1 else check_viewer(self.frames[0].game, new)
        self._draw()

    def _key(self, key: str, *_mods: Any) -> None:
        moves = {"ArrowRight": 1, "ArrowLeft": -1, "Home": -10**6, "End": 10**6,
                 " ": 1, "Enter": 1}
        if key in moves:
            self.go(self.step + moves[key])

    def step_text(self, i: int) -> str:
        """What happened at step ``i``, as this view's viewer may read it."""
        state = self.frames[i]
        before = len(self.adapter.lines(self.frames[i - 1], self.viewer)) if i else 0
        new = self.adapter.lines(state, self.viewer)[before:]
        if self.viewer is None and i == 0:
            # The deal, not every seat's private cards in turn; a game whose deal says more
            # in public (an ante, a turned trump) says which lines with ``opening``.
            opening = getattr(self.adapter, "opening", None)
            new = opening(state) if opening is not None else new[:1]
        if i and not new:
            # A step that tells nothing new (a draw from an empty stock, before the chance
            # turn that rebuilds it) says what the table shows now.
            return str(self.adapter.status(state, self.viewer))
        return " ".join(new)

    def comment(self, i: int) -> str:
        """The record's note for step ``i``; a seat's view leaves notes out, since the notes
        of a worked hand are written for the teacher and name every card."""
        text = self.comments[i] if i < len(self.comments) else ""
        if text and self.viewer is not None:
            return self.NOTES_HIDDEN
        return text

    def _draw(self) -> None:
        i = self.step
        self.table.show(self.frames[i], self.viewer)
        self.first.disabled = self.back.disabled = i == 0
        self.fwd.disabled = self.end.disabled = i == self.slider.max
        said = html.escape(self.step_text(i))
        comment = html.escape(self.comment(i))
        head = "The deal" if i == 0 else f"Step {i} of {self.slider.max}"
        body = f"<b>{head}.</b> {said}"
        if comment:
            body += f"<br><i>{comment}</i>"
        self.note.value = _status_html(body)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self.table,
                              f"Replay of {self.record.get('title') or 'a hand'}: "
                              f"{len(self.frames) - 1} steps. {self.table.alt}")


# ---------------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------------


class HumanPlayer:
    """A seat played by a person: ``kortspel.step`` asks it like any bot, and it answers
    with the action the person chose by clicking, or ``None`` to wait for one."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.queued: Action | None = None

    def choose(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        act, self.queued = self.queued, None
        return act if act is not None and act in legal else None

    def interrupt(self, obs: Any, legal: Sequence[Action], rng: random.Random
                  ) -> Action | None:
        if self.queued is not None and self.queued in legal:
            act, self.queued = self.queued, None
            return act
        return None


_LIVE_IN_CELL: dict[tuple[str, str], weakref.ref[Any]] = {}


def replace_in_cell(widget: Any, kind: str) -> None:
    """A cell run again makes a new view: the one it made before stops (its timers with
    it). ``kind`` keeps different views of one cell apart."""
    cell = _cell_id()
    if cell is None:
        return
    old = _LIVE_IN_CELL.get((cell, kind))
    before = old() if old is not None else None
    if before is not None and before is not widget:
        before.close()
    _LIVE_IN_CELL[(cell, kind)] = weakref.ref(widget)


def _cell_id() -> str | None:
    """The id of the notebook cell running now, when the front end says (JupyterLab does)."""
    try:
        from IPython import get_ipython

        ip = get_ipython()
        header = ip.parent_header if ip is not None else {}  # type: ignore[attr-defined]
        cell = header.get("metadata", {}).get("cellId")
        return str(cell) if cell else None
    except Exception:  # noqa: BLE001 - outside a kernel there is no cell
        return None


DEFAULT_NAMES = ("you", "Anna", "Bo", "Cilla", "Dag", "Eva", "Frej", "Gun")


class Play(W.VBox):
    """A real match: you against computer players, on callbacks only.

    Computer moves are made one at a time through ``kortspel.step``, ``pace`` seconds
    apart on the kernel's event loop (or at once when no loop runs, as in tests); each human
    seat is a ``HumanPlayer`` that waits for clicks. A click on a card or a zone follows the
    adapter's paths: an action of one click happens at once; for two clicks, the first
    selects a card and shows where it may go. The buttons are made once and shown or hidden,
    timers are cancelled when the view closes or its cell runs again, and a choice pending
    (a selection, a confirmation) never outlives the hand it was made in.
    """

    def __init__(self, game: str = "kille", seats: int = 5, names: Sequence[str] | None = None,
                 you: int | Sequence[int] = 0, length: str | int | None = None,
                 opponents: str = "heuristic", seed: int | str | None = None,
                 practice: bool = True, pace: float = 0.8, auto: bool = True,
                 **rules: Any) -> None:
        spec = kortspel.spec(game)
        low, high = spec.seats
        if names is not None:
            if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
                raise KortspelError(f"names is a list of seat names, not {_brief(names)}")
            seats = len(names)
        if type(seats) is not int or not low <= seats <= high:
            raise KortspelError(f"{spec.title} is played by {low} to {high} seats; seats="
                                f"{_brief(seats)} cannot be dealt")
        humans = self._check_you(you, seats)
        if names is None:
            # One person is "you"; several at one screen are told apart by name.
            names = list(DEFAULT_NAMES[:seats]) if len(humans) == 1 else [
                f"Player {humans.index(s) + 1}" if s in humans else DEFAULT_NAMES[s]
                for s in range(seats)]
        self.game = kortspel.load(spec.name, seats=seats, names=list(names), **rules)
        self.humans = humans
        if not isinstance(opponents, str) or opponents not in spec.bots:
            raise KortspelError(f"opponents is one of {', '.join(spec.bots)}, not "
                                f"{_brief(opponents)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise KortspelError(f"seed is a whole number or text, not {_brief(seed)}")
        if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= 5:
            raise KortspelError(f"pace is seconds between computer moves, 0 to 5, not "
                                f"{_brief(pace)}")
        self.adapter = adapter_for(spec.name)
        self.spec = spec
        self.match_options = self._length(spec, length)
        self.practice = bool(practice)
        self.seed = seed
        self.auto = auto  # False: computer seats move only when bot_step() is called (tests)
        self.rng = random.Random(seed)
        self.players: list[Any] = [
            HumanPlayer(names[s]) if s in self.humans
            else kortspel.bot_for(spec.name, opponents, name=names[s]) for s in range(seats)]
        self._pending: asyncio.TimerHandle | None = None
        self._auto_steps = 0
        # What the status tells a learner to do after a match; an app that deals new games
        # with its own button hides New match and says its own words here.
        self.restart_words = "press New match to play again"
        self._closed = False
        self._clicks: tuple[Hashable, ...] = ()
        # Cards picked for an action made by picking a set and pressing its button (an
        # adapter's ``picks``: cards to exchange), in any order.
        self._picked: frozenset[Hashable] = frozenset()
        # A question waiting for Yes or No: what it is about, and the hand it was asked in.
        self._confirming: tuple[Any, int] | None = None
        self.news = W.HTML()  # a pot won, the match won: said once, between hands
        self.review = W.HTML(layout=W.Layout(max_height="9em", overflow="auto"))
        self._screen = self.humans[0]  # the human whose view the screen shows
        self._handover: int | None = None
        self.match = self._new_match()
        self.table = TableView(self.hand, self._screen)
        self.table.on_click = self._clicked
        dress = getattr(self.adapter, "dress", None)
        if dress is not None:
            self.table.dress = lambda model: dress(self.match, model)
        self.status = W.HTML()
        self.story = W.HTML(layout=W.Layout(max_height="10em", overflow="auto",
                                          border="1px solid #ccc", padding="2px 6px"))
        if getattr(self.adapter, "long_story", False):
            # A game told in hundreds of lines opens its story box at the end, where the
            # newest lines are (a column laid out from the bottom starts scrolled there).
            self.story.layout.display = "flex"
            self.story.layout.flex_flow = "column-reverse"
        # A fixed pool of buttons, one per verb, shown and hidden: nothing is ever re-made.
        self.verb_buttons: dict[str, W.Button] = {}
        for verb, (label, tip) in self.adapter.buttons().items():
            b = _button(label, tip)
            b.on_click(lambda _b, v=verb: self.press(v))
            b.layout.display = "none"
            self.verb_buttons[verb] = b
        self.actions = W.HBox(list(self.verb_buttons.values()),
                              layout=W.Layout(flex_flow="row wrap"))
        self.yes = _button("Yes", "Go ahead")
        self.no = _button("No", "Keep it")
        self.question = W.HTML()
        self.yes.on_click(lambda _b: self._confirmed())
        self.no.on_click(lambda _b: self._drop_confirm())
        self.confirm = W.HBox([self.question, self.yes, self.no])
        self.confirm.layout.display = "none"
        self.ready = _button("Ready", "Show the table to the seat whose turn it is")
        self.ready.on_click(lambda _b: self._take_over())
        self.ready.layout.display = "none"
        word = spec.hand_word
        self.next_hand = _button(f"Next {word} ▶", f"Settle this {word} and deal the next")
        self.new_match = _button("New match", f"Start the match again from the first {word}")
        self.undo = _button("↶ Undo", "Take back your last decision (practice mode)")
        self.teacher = W.Checkbox(value=False, description="Show every card (practice)",
                                  indent=False, layout=W.Layout(width="auto"))
        self.pace = W.FloatSlider(value=float(pace), min=0.0, max=3.0, step=0.1,
                                  description="Pace (s)", layout=W.Layout(width="240px"))
        self.scores = W.HTML()
        self.next_hand.on_click(lambda _b: self._next_hand())
        self.new_match.on_click(lambda _b: self._restart())
        self.undo.on_click(lambda _b: self._undo())
        self.teacher.observe(lambda _c: self._refresh(), "value")
        self.undo.layout.display = "" if self.practice else "none"
        self.teacher.layout.display = "" if self.practice and len(self.humans) == 1 else "none"
        bar = W.HBox([self.next_hand, self.new_match, self.undo, self.teacher, self.pace],
                     layout=W.Layout(flex_flow="row wrap"))
        self.progress = W.HTML()
        self.table.layout = W.Layout(flex="3 1 560px", max_width="860px")
        side = W.VBox([self.progress, self.news, self.status, self.ready, self.actions,
                       self.confirm, self.review, bar, self.story, self.scores],
                      layout=W.Layout(flex="2 1 300px", min_width="280px", max_width="520px"))
        # Side by side on a laptop (the whole table and its buttons fit 1366×768 without
        # scrolling); stacked on a narrow screen.
        super().__init__([W.HBox([self.table, side],
                                 layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))])
        replace_in_cell(self, "play")
        self._refresh()
        self._schedule()

    @staticmethod
    def _check_you(you: Any, seats: int) -> tuple[int, ...]:
        humans = (you,) if type(you) is int else you
        if not isinstance(humans, list | tuple) or not humans or not all(
                type(h) is int and 0 <= h < seats for h in humans) or len(set(humans)) != len(
                humans):
            raise KortspelError(f"you is your seat number (0 to {seats - 1}), or a list of the "
                                f"human seats for hot-seat play, not {_brief(you)}")
        return tuple(humans)

    # -- match bookkeeping -----------------------------------------------------------------

    @staticmethod
    def _length(spec: Any, length: Any) -> dict[str, Any]:
        """The match's length: as given, or (``None``) the shortest the game's match offers,
        since a match in class should end within the lesson. A game whose match has no
        lengths to choose (its ``LENGTHS``) refuses one."""
        lengths = getattr(spec.match, "LENGTHS", None)
        if length is None:
            return {"length": next(iter(lengths))} if lengths else {}
        if not lengths:
            raise KortspelError(f"a {spec.title} match has no lengths to choose from; leave "
                                f"length out")
        return {"length": length}

    def _new_match(self) -> Any:
        assert self.spec.match is not None
        return self.spec.match(self.game, seed=self.rng.randrange(2**32), **self.match_options)

    @property
    def hand(self) -> Any:
        return self.match.hand

    def _human_turn(self) -> int | None:
        s = self.hand.to_act
        return s if s in self.humans else None

    def _viewer(self) -> int | None:
        if self.practice and len(self.humans) == 1 and self.teacher.value:
            return None
        return self._screen

    def _forget_choices(self) -> None:
        self._clicks = ()
        self._picked = frozenset()
        self._confirming = None
        self.confirm.layout.display = "none"

    # -- the loop of computer moves ---------------------------------------------------------

    def _sitting_out(self) -> str:
        """Why every human watches this hand, or empty when one of them plays in it."""
        sits_out = getattr(self.adapter, "sits_out", None)
        if sits_out is None:
            return ""
        why = [sits_out(self.hand, s) for s in self.humans]
        return why[0] if all(why) else ""

    def _schedule(self) -> None:
        """Arrange the next computer move, if the computer has one to make; while every
        human sits a hand out, the hands play on by themselves at the same pace."""
        if self._closed or not self.auto or self._pending is not None:
            return
        if self.hand.is_over:
            if self._sitting_out() and not self.match.is_over:
                self._later(self._auto_next)
            return
        if self._human_turn() is not None:
            return
        delay = float(self.pace.value)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if delay <= 0 or loop is None:
            while not self.hand.is_over and self._human_turn() is None:
                if self.bot_step(redraw=False) is None:
                    break
            self._refresh()
            if self.hand.is_over and self._sitting_out() and not self.match.is_over:
                self._later(self._auto_next)
            return
        self._pending = loop.call_later(delay, self._timer)

    def _later(self, fn: Callable[[], None]) -> None:
        """``fn`` after the pace's delay on the running loop; at once (tests) otherwise."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        delay = max(float(self.pace.value), 0.8)
        if loop is None or float(self.pace.value) <= 0:
            if self._auto_steps < 500:  # a bound, so a match can never run away
                self._auto_steps += 1
                fn()
            return

        def run() -> None:
            self._pending = None
            if not self._closed:
                fn()

        self._pending = loop.call_later(delay, run)

    def _auto_next(self) -> None:
        if self.hand.is_over and not self.match.is_over and self._sitting_out():
            self._next_hand()

    def _timer(self) -> None:
        self._pending = None
        if self._closed:
            return
        self.bot_step()
        self._schedule()

    def _cancel(self) -> None:
        pending = self.__dict__.get("_pending")
        if pending is not None:
            pending.cancel()
            self._pending = None

    @property
    def pending_timers(self) -> int:
        return 0 if self._pending is None else 1

    def bot_step(self, redraw: bool = True) -> Action | None:
        """One computer move (a chance draw, a call out of turn, or the seat to act)."""
        hand = self.hand
        if hand.is_over:
            return None
        for p in self.players:
            if isinstance(p, HumanPlayer):
                p.queued = None  # a human's move is made in act(), never here
        act = kortspel.step(hand, self.players, self.rng)
        if act is not None and redraw:
            self._refresh()
        return act

    # -- human input -------------------------------------------------------------------------

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Play a human decision (an Action, or a verb for an action without arguments);
        anything not legal now is refused with a message and changes nothing."""
        if self._closed:
            return False
        if isinstance(action, str):
            seat = self._acting_human() if seat is None else seat
            if seat is None:
                self._say(self._why_not())
                return False
            found = [a for a in self.hand.legal_actions(seat) if a.verb == action]
            if not found:
                self._say(self._why_not(seat, action))
                return False
            action = found[0]
        if action.seat not in self.humans or action not in self.hand.legal_actions(
                action.seat):
            self._say(self._why_not(action.seat, action.verb))
            return False
        question = getattr(self.adapter, "confirm", lambda *_: None)(self.hand, action)
        if question and self._confirming != (action, id(self.hand)):
            self._ask(action, question)
            return False
        self._forget_choices()
        self._cancel()
        self._auto_steps = 0
        try:
            self.hand.apply(action)
        except KortspelError as err:  # legal a moment ago; say so rather than crash
            self._say(str(err))
            return False
        self._refresh()
        self._schedule()
        return True

    def press(self, verb: str) -> bool:
        """A verb's button: the action of that verb for the human whose screen it is (for
        an action made by picking cards, the one whose cards are picked now)."""
        picks = {a: cards for a, cards in self._picks().items() if a.verb == verb}
        if picks:
            found = [a for a, cards in picks.items() if cards == self._picked]
            if not found:
                self._say("Those cards cannot go together now; click one again to put it "
                          "back.")
                return False
            return self.act(found[0])
        seat = self._acting_human()
        if seat is None:
            seat = self._screen
        return self.act(verb, seat)

    def _acting_human(self) -> int | None:
        turn = self._human_turn()
        if turn is not None:
            return turn
        return self._screen if self.hand.legal_actions(self._screen) else None

    def _ask(self, about: Any, question: str) -> None:
        self._confirming = (about, id(self.hand))
        self.question.value = html.escape(question)
        self.confirm.layout.display = ""

    def _confirmed(self) -> None:
        pending = self._confirming
        if pending is None or pending[1] != id(self.hand):
            self._forget_choices()  # made in a hand that is gone
            self._refresh()
            return
        if pending[0] == "new match":
            self._forget_choices()
            self._restart(asked=True)
            return
        self.act(pending[0])

    def _drop_confirm(self) -> None:
        self._forget_choices()
        self._refresh()

    def _why_not(self, seat: int | None = None, verb: str = "act") -> str:
        if self.hand.is_over:
            if self.match.is_over:
                return f"The match is over: {self.restart_words}."
            return (f"The {self.spec.hand_word} is over: press Next "
                    f"{self.spec.hand_word}.")
        names = self.game.names
        to_act = self.hand.to_act
        if to_act is not None and to_act >= 0 and to_act != seat:
            return f"Wait: it is {names[to_act]}'s turn."
        return f"You cannot {verb} now."

    def _routes(self) -> list[tuple[Action, tuple[Hashable, ...]]]:
        """Every click path of every action made by clicking: the adapter's ``paths`` and
        its optional ``more_paths``, the other ways of clicking the same actions (the second
        copy of a card in a double pack, a pair clicked in either order)."""
        seat = self._acting_human()
        if seat is None or self._handover is not None:
            return []
        legal = self.hand.legal_actions(seat)
        routes = list(self.adapter.paths(self.hand, seat, legal).items())
        more = getattr(self.adapter, "more_paths", None)
        if more is not None:
            routes += more(self.hand, seat, legal)
        return routes

    def _picks(self) -> dict[Action, frozenset[Hashable]]:
        """Actions made by picking a set of cards, then pressing the action's button (an
        adapter's optional ``picks``): each click on one of those cards picks or unpicks it."""
        picks = getattr(self.adapter, "picks", None)
        seat = self._acting_human()
        if picks is None or seat is None or self._handover is not None:
            return {}
        return picks(self.hand, seat, self.hand.legal_actions(seat))  # type: ignore[no-any-return]

    def _refusal(self, ref: Hashable | None,
                 chosen: tuple[Hashable, ...] = ()) -> str | None:
        """Why a click on ``ref`` is no move now, in the game's words (an adapter's optional
        ``refuse``: a card the rules forbid names the rule), or ``None``. After cards were
        chosen, an adapter's optional ``refuse_choice`` says why they cannot go there (a
        card too low for the pile names what beats it)."""
        seat = self._acting_human()
        if ref is None or seat is None or self._handover is not None:
            return None
        refuse_choice = getattr(self.adapter, "refuse_choice", None)
        if chosen and refuse_choice is not None:
            return refuse_choice(self.hand, seat, chosen, ref)  # type: ignore[no-any-return]
        refuse = getattr(self.adapter, "refuse", None)
        if refuse is None:
            return None
        return refuse(self.hand, seat, ref)  # type: ignore[no-any-return]

    def _clicked(self, ref: Hashable | None) -> None:
        """A click on the table: follow the legal paths; a click that leads nowhere is
        answered in words and changes nothing."""
        if self._handover is not None:
            self._take_over()
            return
        if self.hand.is_over:
            return  # the result stays on screen; Next hand deals on
        picks = self._picks()
        if ref is not None and any(ref in cards for cards in picks.values()):
            chosen = self._picked ^ {ref}
            if any(chosen <= cards for cards in picks.values()):
                self._picked = chosen
                self._refresh()
            else:
                self._say(self._refusal(ref) or "That is more cards than may be picked now.")
                self._refresh(keep_status=True)
            return
        paths = self._routes()
        if ref is None or not paths:
            self._clicks = ()
            refusal = self._refusal(ref)
            self._say(refusal if refusal else self._why_not(self._screen) if not paths and not
                      picks else "That is not a place to play now; the outlined places are.")
            self._refresh(keep_status=True)
            return
        if self._clicks and ref == self._clicks[-1]:
            self._clicks = self._clicks[:-1]  # a second click on a selected card drops it
            self._refresh()
            return
        prefix = self._clicks + (ref,)
        done = list(dict.fromkeys(a for a, p in paths if p == prefix))
        longer = [a for a, p in paths if p[:len(prefix)] == prefix and len(p) > len(prefix)]
        if len(done) == 1 and not longer:
            self._clicks = ()
            self.act(done[0])
            return
        if longer or done:
            self._clicks = prefix
            self._refresh()
            return
        chosen, self._clicks = self._clicks, ()
        if chosen and any(len(p) > 1 and p[0] == ref for _, p in paths):
            self._clicks = (ref,)  # another card that starts a move: it is chosen instead
            self._refresh()
            return
        self._say(self._refusal(ref, chosen)
                  or "That is not a move now; the outlined cards and places are.")
        self._refresh(keep_status=True)

    def _targets(self) -> tuple[frozenset[Hashable], frozenset[Hashable]]:
        paths = self._routes()
        n = len(self._clicks)
        nxt = frozenset(p[n] for _, p in paths if p[:n] == self._clicks and len(p) > n)
        pickable = frozenset().union(*self._picks().values())
        return nxt | (pickable - self._picked), frozenset(self._clicks) | self._picked

    def _take_over(self) -> None:
        if self._handover is not None:
            self._screen = self._handover
            self._handover = None
        self._refresh()

    # -- between hands ------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.status.value = _status_html(html.escape(text))

    def _next_hand(self) -> None:
        if not self.hand.is_over:
            self._say(f"Finish this {self.spec.hand_word} first.")
            return
        if self.match.is_over:
            self._say(f"The match is over: {self.restart_words}.")
            return
        self._forget_choices()
        summary = self.match.next_hand()
        between = getattr(self.adapter, "between", None)
        said = between(self.match, summary) if between else ""
        self.news.value = _status_html(f"<b>{html.escape(said)}</b>") if said else ""
        self._refresh()
        self._schedule()

    def _restart(self, asked: bool = False) -> None:
        """A new match; one in progress is given up only after a Yes."""
        if not asked and not self.match.is_over and (self.match.history or self.hand.actions):
            self._ask("new match", "Start a new match? This one is not finished.")
            return
        self._cancel()
        self._forget_choices()
        self.news.value = ""
        self.match = self._new_match()
        self._refresh()
        self._schedule()

    def _undo(self) -> None:
        if not self.practice:
            return
        self._cancel()
        self._forget_choices()
        try:
            undone = self.match.undo(self._screen)
        except KortspelError as err:
            self._say(str(err))
            return
        if not undone:
            self._say("Nothing of yours to take back in this hand.")
            return
        self._refresh()
        self._schedule()

    def close(self) -> None:
        """Stop for good: cancel the timer and close every widget this view made."""
        self._closed = True
        self._cancel()
        table = getattr(self, "table", None)
        parts = [] if table is None else [table.canvas, table.caption, table]
        for name in ("status", "story", "actions", "question", "yes", "no", "confirm", "ready",
                     "next_hand", "new_match", "undo", "teacher", "pace", "scores", "news",
                     "review", "progress"):
            if name in self.__dict__:
                parts.append(self.__dict__[name])
        parts += list(getattr(self, "verb_buttons", {}).values())
        for w in parts:
            w.close()
        super().close()

    # -- drawing ----------------------------------------------------------------------------

    def _refresh(self, keep_status: bool = False) -> None:
        hand = self.hand
        turn = self._human_turn()
        if len(self.humans) > 1 and turn is not None and turn != self._screen \
                and self._handover is None:
            self._handover = turn  # hot seat: hide the table until the next person is ready
            self._forget_choices()
        if self._handover is not None:
            name = self.game.names[self._handover]
            self.table.show(hand, None, cover=f"Pass the screen to {name}")
            for b in self.verb_buttons.values():
                b.layout.display = "none"
            self.ready.description = f"I am {name}: show my cards"
            self.ready.layout.display = ""
            self._say(f"{name}'s turn. Pass the screen to {name}, then click the table.")
            self.story.value = ""
            return
        self.ready.layout.display = "none"
        targets, selected = self._targets()
        headline = ""
        if self.match.is_over:
            progress = getattr(self.adapter, "progress", None)
            headline = progress(self.match) if progress else "The match is over."
        self.table.show(hand, self._viewer(), targets=targets, selected=selected,
                        headline=headline)
        progress = getattr(self.adapter, "progress", None)
        self.progress.value = (f"<b>{html.escape(progress(self.match))}</b>" if progress
                               else "")
        review = getattr(self.adapter, "review", None)
        said = review(hand, self._viewer()) if review and hand.is_over else []
        self.review.value = (f"<b>This {self.spec.hand_word}:</b>"
                             "<ul style='margin:2px 0'>" + "".join(
            f"<li>{html.escape(t)}</li>" for t in said) + "</ul>") if said else ""
        acting = self._acting_human()
        legal = {a.verb for a in hand.legal_actions(acting)} if acting is not None else set()
        clickable = set()
        if acting is not None:
            clickable = {a.verb for a in self.adapter.paths(
                hand, acting, hand.legal_actions(acting)) if len(
                self.adapter.paths(hand, acting, [a])[a]) > 1}
        for verb, b in self.verb_buttons.items():
            b.layout.display = "" if verb in legal and verb not in clickable else "none"
        pick_button = getattr(self.adapter, "pick_button", None)
        if pick_button is not None:  # the button says what it does with the cards picked
            for verb in {a.verb for a in self._picks()} & set(self.verb_buttons):
                self.verb_buttons[verb].description = pick_button(verb, len(self._picked))
        self.next_hand.disabled = not hand.is_over or self.match.is_over
        self.undo.disabled = not any(a.seat == self._screen for a in hand.actions)
        if not keep_status:
            self.status.value = _status_html(html.escape(self._status_text()))
        lines = self.adapter.lines(hand, self._viewer())
        self.story.value = "<br>".join(html.escape(t) for t in lines)
        standings = getattr(self.adapter, "standings", None)
        table = standings(self.match) if standings else self.match.standings()
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row.values()) + "</tr>"
            for row in table)
        heads = "".join(f"<th>{html.escape(str(k))}</th>" for k in (table or [{}])[0])
        self.scores.value = (f"<table style='font-size:0.9em;line-height:1.1'><tr>{heads}</tr>"
                             f"{rows}</table>")

    def _status_text(self) -> str:
        hand = self.hand
        names = self.game.names
        said = self.adapter.status(hand, self._viewer())
        if self.match.is_over:
            return f"{said} The match is over: {self.restart_words}."
        if hand.is_over:
            out = self._sitting_out()
            return f"{said} {out}" if out else f"{said} Press Next {self.spec.hand_word}."
        if self._clicks:
            return "Now click where it goes (outlined), or click it again to choose another."
        if self._picked:
            return (f"{said} {len(self._picked)} picked; click a picked card again to put it "
                    "back.")
        if self._human_turn() is None:
            to_act = hand.to_act
            if to_act is not None and 0 <= to_act < len(names):
                return f"{said} {names[to_act]} is thinking…"
        return said

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self.table,
                              f"{self.spec.title} against the computer. {self.table.alt}")


# ---------------------------------------------------------------------------------------------
# Check: a question with immediate feedback
# ---------------------------------------------------------------------------------------------


class Check(W.VBox):
    """A short question with one button per answer, that teaches as it marks.

    A wrong answer says why it is wrong (``why[choice]``, or a nudge to look again) and is
    marked ✘ on its button; the right one says why it is right, is marked ✔, and the
    question stays solved: later clicks change nothing. Marks are words and symbols, never
    colour alone. Put the answer and the reasons in a module the notebook imports, not in
    the cell above the question, so the code does not give the answer away.
    """

    def __init__(self, question: str, choices: Sequence[Any], answer: Any,
                 explain: str = "", why: Mapping[Any, str] | None = None) -> None:
        if not isinstance(choices, list | tuple) or len(choices) < 2:
            raise KortspelError("a Check needs a list of two or more choices")
        if answer not in choices:
            raise KortspelError(f"the answer {answer!r} is not among the choices {choices!r}")
        self.question = question
        self.choices = list(choices)
        self.answer = answer
        self.explain = explain
        self.why = dict(why or {})
        self.solved = False
        self.tries: list[Any] = []
        self.feedback = W.HTML()
        self.buttons = []
        for c in self.choices:
            b = _button(str(c), f"Answer {c}")
            b.on_click(lambda _b, c=c: self.pick(c))
            self.buttons.append(b)
        super().__init__([W.HTML(f"<b>Check:</b> {html.escape(question)}"),
                          W.HBox(self.buttons, layout=W.Layout(flex_flow="row wrap")),
                          self.feedback])

    def pick(self, choice: Any) -> bool:
        if self.solved:
            return choice == self.answer  # solved stays solved
        self.tries.append(choice)
        button = self.buttons[self.choices.index(choice)]
        if choice == self.answer:
            self.solved = True
            button.description = f"✔ {choice}"
            button.button_style = "success"
            for b in self.buttons:
                b.disabled = b is not button
            text = f"✔ Right: {choice}. {self.explain}".strip()
        else:
            button.description = f"✘ {choice}"
            button.disabled = True
            reason = self.why.get(choice, "Look at the table again, then try another answer.")
            text = f"✘ Not {choice}. {reason}"
        self.feedback.value = _status_html(html.escape(text))
        return choice == self.answer

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        opts = " · ".join(html.escape(str(c)) for c in self.choices)
        bundle["text/html"] = (
            f"<p><b>Check:</b> {html.escape(self.question)}<br>{opts}</p>"
            f"<details><summary>Answer</summary>{html.escape(str(self.answer))}. "
            f"{html.escape(self.explain)}</details>")
        bundle["text/plain"] = f"Check: {self.question} ({', '.join(map(str, self.choices))})"
        return bundle


def deck(game: str = "kille") -> Picture:
    """The pack of a game, lowest to highest, each card with its name and meaning."""
    adapter = adapter_for(game)
    draw_deck = getattr(adapter, "deck", None)
    if draw_deck is None:
        raise KortspelError(f"no picture of the {game} pack yet")
    draw, width, height, alt, title = draw_deck()
    style = adapter.style
    return Picture(draw, width, height, alt=alt, title=title, card=(style.w, style.h))


__all__ = ["Picture", "TableView", "table", "deck", "Replay", "Play", "Check", "HumanPlayer",
           "sprite_sheet", "check_viewer"]
