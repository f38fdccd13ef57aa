"""Live views: a drawn picture, a table, a replay, a match to play, and a quiz, for any game.

Each view draws from engine state on every change and again whenever a browser client
connects (``on_client_ready``), so a reload or a Voilà page is never blank. Each one also
puts a static SVG of the same picture in its output bundle, for readers without a kernel.
Nothing here blocks the kernel: every human decision arrives through a callback, and the
game's adapter (``games/``) says what a click means, so no view names a game.
"""

from __future__ import annotations

import base64
import html
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import KortspelError
from kortspel.i18n import N_, _, check_language, pgettext, using

from . import canvas_io
from .drawing import paint_table, svg_from_layout
from .games import Adapter, adapter_for, check_viewer
from .geometry import HEIGHT, WIDTH, Layout, layout
from .model import TableModel, mark
from .paint import CanvasPainter, Painter, SvgPainter
from .parts import brief as _brief
from .parts import button as _button
from .parts import close_all, speaking
from .parts import status_html as _status_html
from .parts import with_pictures as _with_pictures
from .sprites import SpriteSheet, svg_sprites
from .svg_view import SvgSurface, live_backend

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


# ---------------------------------------------------------------------------------------------
# Picture: a canvas plus the same drawing as SVG
# ---------------------------------------------------------------------------------------------


class Picture(W.VBox):
    """A drawing function shown live on a canvas and carried as SVG in the output bundle."""

    def __init__(self, draw: Callable[[Painter], None], width: int = WIDTH,
                 height: int = HEIGHT, *, alt: str = "", title: str = "",
                 card: tuple[float, float] = (64.0, 96.0), language: str | None = None) -> None:
        # The language it draws in: a code, or None for the kernel's (set_language), read
        # at each drawing.
        self.language = None if language is None else check_language(language)
        self._draw = draw
        self.alt = alt
        self.title = title
        self._card = card
        # The canvas wherever ipycanvas can be imported (JupyterLab, Voila); else the same
        # picture as SVG (the browser-only site, which has no numpy or Pillow): both take
        # the same callbacks, so a view never asks which it has (svg_view.py says why).
        self.backend = live_backend()
        size_on_page = W.Layout(width="100%", max_width=f"{width}px", height="auto")
        if self.backend == "canvas":
            from ipycanvas import Canvas

            self.canvas = Canvas(width=width, height=height, layout=size_on_page)
        else:
            self.canvas = SvgSurface(width, height, layout=size_on_page)
        self.caption = W.HTML(layout=W.Layout(width="100%", max_width=f"{width}px"))
        super().__init__([self.canvas, self.caption])
        if self.backend == "canvas":  # an SVG is widget state: a new client has it already
            self.canvas.on_client_ready(speaking(self, self._on_client_ready))
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
        with using(self.language):
            if self.backend == "svg":
                self.canvas.draw(self.svg())
                return
            sheet = sprite_sheet(*self._card)
            with canvas_io.batch():
                self.canvas.clear()
                self._draw(CanvasPainter(self.canvas, sprites=sheet))

    def _on_client_ready(self) -> None:
        repaint_sprites_for_client()
        self.redraw()

    def close(self) -> None:
        """Close the canvas, the caption and their layouts with the picture."""
        close_all(self)

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

    def image_uri(self) -> str:
        """The picture as a data URI for an ``<img>``: PNG where Pillow is installed (a
        saved notebook's readers see it in any viewer), else the SVG (the site has no
        Pillow; a browser draws either)."""
        try:
            data, kind = self.png(), "png"
        except ImportError:
            data, kind = self.svg().encode("utf-8"), "svg+xml"
        return f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        with using(self.language):
            words = self.alt or self.title or _("a drawing")
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self, words)


# ---------------------------------------------------------------------------------------------
# A table
# ---------------------------------------------------------------------------------------------


class TableView(Picture):
    """A table as the teacher (every card) or one seat (its observation) sees it.

    ``on_click(ref)`` is called with what the pointer landed on (a card or a zone, in the
    adapter's own refs); the view itself decides nothing.

    The table is drawn as wide as the page lets it be (``fit``, told by its ``WidthProbe``),
    ``aspect`` times as high: one canvas pixel to one pixel on the page, so its words are
    read at the size they are drawn at. Until a browser says (or where none does) it keeps
    ``WIDTH`` × ``HEIGHT``.
    """

    MIN_WIDTH = 520  # narrower than this, the table is drawn this wide and shrunk by CSS
    MAX_WIDTH = 1000  # wider, the cards would only grow: the table stays this wide
    MAX_HEIGHT = 600
    FLATTEST = 0.5  # the table is never drawn flatter than this, to make room under it
    LEAST_ROOM = 360  # less room under its top on the first screen: the table is scrolled to

    def __init__(self, state: Any, viewer: int | str | None = None,
                 caption: str | None = None, aspect: float = HEIGHT / WIDTH,
                 language: str | None = None) -> None:
        self.language = None if language is None else check_language(language)
        self.adapter: Adapter = adapter_for(state.game)
        self.aspect = aspect
        self.size: tuple[int, int] = (WIDTH, HEIGHT)
        self.state = state
        self.viewer = check_viewer(state.game, viewer)
        self.targets: frozenset[Hashable] = frozenset()
        self.selected: frozenset[Hashable] = frozenset()
        self.cover: str = ""  # a hand-over screen: the table hidden, these words instead
        self.headline: str = ""  # big words in the middle instead of the last call
        # The table's line of what to do now, when the view knows better than the state (a
        # card chosen: where it goes), so the table and the words beside it agree.
        self.status: str = ""
        # What a match adds to the picture of its hand (a game's ``dress``: balances on the
        # plates), set by Play; a bare table or a replay has no match around it.
        self.dress: Callable[[TableModel], TableModel] | None = None
        # The height the screen leaves the table (``room``), set by a view that measures it
        # (Play): the room under the table's top on the page's first screen, and the whole
        # screen's height. ``None``: the table is as high as its width and aspect say.
        self.room: tuple[int, int] | None = None
        self._lay = self._make_layout()
        style = self.adapter.style
        # Every face this game can show, painted once per kernel in one message: later
        # tables only copy them, and no new sprite widget is made in the middle of a match.
        if live_backend() == "canvas":
            sheet = sprite_sheet(style.w, style.h)
            if any(key not in sheet for key in self.adapter.sprite_keys()):
                sheet.preload(self.adapter.sprite_keys())
        with using(self.language):
            title = _(self.adapter.title)
        super().__init__(self._paint, alt=self._lay.alt, title=title,
                         card=(style.w, style.h), language=self.language)
        self.caption.value = _status_html(html.escape(caption)) if caption else ""
        self.canvas.on_mouse_down(self._clicked)
        self.on_click: Callable[[Hashable | None], None] | None = None
        from .sizing import WidthProbe

        self.probe = WidthProbe()
        self.probe.on_width(speaking(self, self.fit))
        self.children: tuple[Any, ...] = (*self.children, self.probe)

    def fit(self, width: int) -> None:
        """Draw the table ``width`` pixels wide (the width its place on the page has, as
        the probe measured it) and ``aspect`` times as high, everything laid out afresh for
        that size: cards shrink only when the seats would touch, words keep their size."""
        w = max(self.MIN_WIDTH, min(self.MAX_WIDTH, int(width)))
        h = min(self.MAX_HEIGHT, round(w * self.aspect))
        if self.room is not None:
            w, h = self._within_room(w, h, *self.room)
        if (w, h) == self.size:
            return
        self.size = (w, h)
        with self.canvas.hold_sync():  # one message: the canvas resized once
            self.canvas.width, self.canvas.height = w, h
        self.canvas.layout.max_width = self.caption.layout.max_width = f"{w}px"
        self._lay = self._make_layout()
        self.alt = self.cover or self._lay.alt
        self.redraw()

    def _within_room(self, w: int, h: int, under: int, screen: int) -> tuple[int, int]:
        """The size of a table at most ``w`` × ``h`` that fits the room the screen leaves.

        Under its top on the page's first screen (Voilà's page: the header, then the table)
        where that leaves at least ``LEAST_ROOM``: the whole table, the learner's own hand
        at its bottom, shows as the page opens. Else (a notebook, where the table stands
        further down and the learner scrolls to it) within one screen. Drawn no flatter
        than ``FLATTEST``: narrower instead (a table squashed flat would crowd its seats)."""
        room = under if under >= self.LEAST_ROOM else screen
        if h <= room:
            return w, h
        h = room
        if h < w * self.FLATTEST:
            w = max(self.MIN_WIDTH, int(h / self.FLATTEST))
            h = max(h, round(w * self.FLATTEST))
        return w, h

    def model(self) -> TableModel:
        model = mark(self.adapter.model(self.state, self.viewer), targets=self.targets,
                     selected=self.selected)
        if self.dress is not None:
            model = self.dress(model)
        if self.headline:
            model = replace(model, call=self.headline)
        if self.status:
            model = replace(model, status=self.status)
        return model

    def _make_layout(self) -> Layout:
        with using(self.language):
            return layout(self.model(), *self.size)

    def _paint(self, p: Painter) -> None:
        if self.cover:
            _paint_cover(p, self._lay.width, self._lay.height, self.cover)
        else:
            paint_table(p, self._lay)

    def show(self, state: Any, viewer: int | str | None = None, *,
             targets: frozenset[Hashable] = frozenset(),
             selected: frozenset[Hashable] = frozenset(), cover: str = "",
             headline: str = "", status: str = "") -> None:
        """Draw another state (or the same from another seat, or with other highlights, or
        with a headline in the middle: the match's result, or the line of what to do now
        in the view's words: ``status``)."""
        self.state = state
        self.viewer = check_viewer(state.game, viewer)
        self.targets, self.selected, self.cover = targets, selected, cover
        self.headline, self.status = headline, status
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
    p.text(width / 2, height / 2 + 22, _("(click the table when you are ready)"), size=14,
           fill="#d9e8dd")


def table(state: Any, viewer: int | str | None = None, caption: str | None = None, *,
          language: str | None = None) -> TableView:
    """Show a state: the teacher's view by default, or what seat ``viewer`` may see
    (``language``: the one it is drawn in; ``None``, the kernel's)."""
    if not hasattr(state, "game") or not hasattr(state, "legal_actions"):
        raise KortspelError(f"table() shows a hand state (game.new_hand(...) or "
                            f"kortspel.replay(record)), not {_brief(state)}")
    return TableView(state, viewer, caption, language=language)


# ---------------------------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------------------------


class Replay(W.VBox):
    """Step through a recorded hand with its narration and the record's own comments.

    The buttons and the step's note stand beside the table where the place leaves them 280
    pixels, else under it, and then the table is drawn flatter: either way the table, the
    buttons and the note fit a laptop's 768 pixels at once. Under a table as high as it is
    wide allowed (1000×600) the note was below the screen's edge, and a learner stepping
    through read each step by scrolling down and back up."""

    TABLE_BASIS, SIDE_BASIS = 640, 280  # below their sum (and gaps) the note goes under it
    STACKED_ASPECT = 0.5  # the table's height to its width with the words under it

    NOTES_HIDDEN = N_("The notes of this worked hand name every card, so a seat's view "
                      "leaves them out; choose the teacher's view to read them.")

    def __init__(self, record: Mapping[str, Any], viewer: int | str | None = None,
                 start: int = 0, *, language: str | None = None) -> None:
        # The language it speaks (a code; None: the kernel's, read at each step drawn).
        self.language = None if language is None else check_language(language)
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
        self.table = TableView(self.frames[0], self.viewer, language=self.language)
        say = speaking  # every callback speaks the replay's language
        self.table.canvas.on_key_down(say(self, self._key))
        self.first = _button("◀◀ First", "")
        self.back = _button("◀ Back", "")
        self.fwd = _button("Next ▶", "")
        self.end = _button("Last ▶▶", "")
        self.slider = W.IntSlider(value=0, min=0, max=last, description="Step",
                                  continuous_update=True, layout=W.Layout(width="300px"))
        self.view = W.Dropdown(options=[("Teacher: every card", -1)]
                               + [(n, i) for i, n in enumerate(game.names)],
                               value=-1 if self.viewer is None else self.viewer,
                               description="View", style={"description_width": "auto"},
                               layout=W.Layout(width="300px"))
        self.note = W.HTML()
        with using(self.language):
            self.relabel()
        for b, delta in ((self.first, -10**6), (self.back, -1), (self.fwd, 1), (self.end, 10**6)):
            b.on_click(say(self, lambda _b, d=delta: self.go(self.slider.value + d)))
        self.slider.observe(say(self, lambda ch: self._draw()), "value")
        self.view.observe(say(self, self._view_changed), "value")
        title = W.HTML(f"<b>{html.escape(str(record.get('title', '')))}</b>")
        self.slider.layout.max_width = self.view.layout.max_width = "100%"
        controls = W.HBox([self.first, self.back, self.fwd, self.end, self.slider, self.view],
                          layout=W.Layout(flex_flow="row wrap"))
        # The table's own Layout is set, not replaced (a replaced one stays open for good).
        self.table.layout.flex = f"4 1 {self.TABLE_BASIS}px"
        self.table.layout.min_width = "0"
        self.table.layout.max_width = f"{TableView.MAX_WIDTH}px"
        self.side = W.VBox([controls, self.note],
                           layout=W.Layout(flex=f"1 1 {self.SIDE_BASIS}px", min_width="260px"))
        row = W.HBox([self.table, self.side],
                      layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        from .sizing import WidthProbe

        # The width of the whole replay says whether the note stands beside the table or
        # under it (the row's flex wrap decides by the same two widths).
        self.probe = WidthProbe()
        self.probe.on_width(say(self, self._page_width))
        super().__init__([title, row, self.probe])
        self.go(start)

    def relabel(self) -> None:
        """The buttons', the slider's and the menu's words in the language in use."""
        for b, label, tip in (
                (self.first, _("◀◀ First"), _("Go to the deal")),
                (self.back, _("◀ Back"), _("One step back")),
                # i18n: a replay's button: one step forward
                (self.fwd, pgettext("replay", "Next ▶"), _("One step forward")),
                (self.end, _("Last ▶▶"), _("Go to the end of the hand"))):
            b.description, b.tooltip = label, tip
        # i18n: the replay's slider: which step is shown
        self.slider.description = pgettext("replay", "Step")
        names = self.frames[0].game.names
        # i18n: the menu of whose view a replay shows ("View: Teacher: every card")
        self.view.description = pgettext("replay", "View")
        value = self.view.value
        with self.view.hold_trait_notifications():
            self.view.options = [(_("Teacher: every card"), -1)] + [
                (_("Seat {name}").format(name=n), i) for i, n in enumerate(names)]
            self.view.value = value

    def _page_width(self, width: int) -> None:
        """The replay is ``width`` pixels wide: with the note under the table, the table is
        drawn flatter, so that it, the buttons and the note fit the screen at once."""
        stacked = width < self.TABLE_BASIS + self.SIDE_BASIS + 8
        aspect = self.STACKED_ASPECT if stacked else HEIGHT / WIDTH
        if aspect != self.table.aspect:
            self.table.aspect = aspect
            self.table.fit(self.table.probe.width or self.table.size[0])

    @property
    def step(self) -> int:
        return int(self.slider.value)

    def go(self, i: int) -> None:
        """Show step ``i`` (a whole number; past either end, the first or the last step)."""
        if type(i) is not int:
            raise KortspelError(f"go takes a step number, 0 to {self.slider.max}, not "
                                f"{kortspel.checks.quote(i, 40)}")
        with using(self.language):
            self.slider.value = max(0, min(self.slider.max, i))
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
        """What happened at step ``i``, as this view's viewer may read it (in its
        language)."""
        with using(self.language):
            return self._step_text(i)

    def _step_text(self, i: int) -> str:
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
            with using(self.language):
                return _(self.NOTES_HIDDEN)
        return text

    def _draw(self) -> None:
        with using(self.language):
            self._draw_step()

    def _draw_step(self) -> None:
        i = self.step
        self.table.show(self.frames[i], self.viewer)
        self.first.disabled = self.back.disabled = i == 0
        self.fwd.disabled = self.end.disabled = i == self.slider.max
        said = html.escape(self.step_text(i))
        comment = html.escape(self.comment(i))
        # i18n: the head of a replay's note: "The deal." on the first step, else "Step 3 of
        # 12."
        head = _("The deal.") if i == 0 else _("Step {i} of {n}.").format(i=i, n=self.slider.max)
        body = f"<b>{head}</b> {said}"
        if comment:
            body += f"<br><i>{comment}</i>"
        self.note.value = _status_html(body)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        with using(self.language):
            words = _("Replay of {title}: {n} steps. {table}").format(
                title=self.record.get("title") or _("a hand"), n=len(self.frames) - 1,
                table=self.table.alt)
        return _with_pictures(super()._repr_mimebundle_(**kwargs), self.table, words)

    def close(self) -> None:
        """Close the table, the buttons, the slider and the menu with the replay."""
        close_all(self)


# ---------------------------------------------------------------------------------------------
# A cell run again: the view it made before is closed (Play, PlayApp)
# ---------------------------------------------------------------------------------------------


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
            b = _button(str(c), _("Answer {choice}").format(choice=c))
            b.on_click(lambda _b, c=c: self.pick(c))
            self.buttons.append(b)
        # i18n: the head of a question in a lesson: "Check: Who loses a life here?"
        head = html.escape(_("Check:"))
        super().__init__([W.HTML(f"<b>{head}</b> {html.escape(question)}"),
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
            text = _("✔ Right: “{choice}”. {explain}").format(
                choice=choice, explain=self.explain).strip()
        else:
            button.description = f"✘ {choice}"
            button.disabled = True
            reason = self.why.get(choice, _("Look at the table again, then try another "
                                            "answer."))
            # Quoted and named as a choice, never "Not no" (a yes/no answer made a double
            # negative of "Not {choice}").
            text = _("✘ “{choice}” is not the answer. {reason}").format(choice=choice,
                                                                       reason=reason)
        self.feedback.value = _status_html(html.escape(text))
        return choice == self.answer

    def close(self) -> None:
        """Close the question, its buttons and their layouts with it."""
        close_all(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        opts = " · ".join(html.escape(str(c)) for c in self.choices)
        head, answer = html.escape(_("Check:")), html.escape(pgettext("quiz", "Answer"))
        bundle["text/html"] = (
            f"<p><b>{head}</b> {html.escape(self.question)}<br>{opts}</p>"
            f"<details><summary>{answer}</summary>{html.escape(str(self.answer))}. "
            f"{html.escape(self.explain)}</details>")
        bundle["text/plain"] = _("Check: {question} ({choices})").format(
            question=self.question, choices=", ".join(map(str, self.choices)))
        return bundle


def deck(game: str = "kille", *, language: str | None = None) -> Picture:
    """The pack of a game, lowest to highest, each card with its name and meaning
    (``language``: the one its words are in; ``None``, the kernel's)."""
    adapter = adapter_for(game)
    draw_deck = getattr(adapter, "deck", None)
    if draw_deck is None:
        raise KortspelError(f"no picture of the {game} pack yet")
    code = None if language is None else check_language(language)
    with using(code):
        draw, width, height, alt, title = draw_deck()
    style = adapter.style
    return Picture(draw, width, height, alt=alt, title=title, card=(style.w, style.h),
                   language=code)


_FROM_PLAY = ("HumanPlayer", "Play", "opponent_levels")


def __getattr__(name: str) -> Any:
    """``Play`` lives in its own package (driver, router, panels), which reads this module's
    helpers: it is imported when first asked for here, so either module may be imported
    first without a circle."""
    if name in _FROM_PLAY:
        from . import play

        return getattr(play, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Play and HumanPlayer are here too, through __getattr__ (kortspel.widgets names them).
__all__ = ["Picture", "TableView", "table", "deck", "Replay", "Check", "sprite_sheet",
           "check_viewer", "close_all"]
