"""Live views: a drawn picture, a table, a replay, a match to play, and a quiz.

Each view draws from engine state on every change and again whenever a browser client
connects (``on_client_ready``), so a reload or a Voilà page is never blank. Each one also
puts a static SVG of the same picture in its output bundle, for readers without a kernel.
Nothing here blocks the kernel: every human decision arrives through a callback.
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

import kortspel
from kortspel.core import Action, KortspelError, RandomBot
from kortspel.kille import MATADORS, KilleMatch, KilleState, left_of, parse_kind

from .drawing import _SVG_SPRITES, paint_table
from .layout import HEIGHT, WIDTH, Layout, second_person, table_model
from .layout import layout as make_layout
from .paint import CanvasPainter, Painter, SvgPainter, batch
from .sprites import SpriteSheet, kille_keys

_SHEET: SpriteSheet | None = None


def sprite_sheet() -> SpriteSheet:
    """The one sheet of card sprites every canvas copies from (painted once per kernel)."""
    global _SHEET
    if _SHEET is None:
        _SHEET = SpriteSheet(64.0, 96.0)
        _SHEET.preload(kille_keys() + ["back:kille"])
    return _SHEET


# ---------------------------------------------------------------------------
# Picture: a canvas plus the same drawing as SVG
# ---------------------------------------------------------------------------


class Picture(W.VBox):
    """A drawing function shown live on a canvas and carried as SVG in the output bundle."""

    def __init__(self, draw: Callable[[Painter], None], width: int = WIDTH,
                 height: int = HEIGHT, *, alt: str = "", title: str = "") -> None:
        from ipycanvas import Canvas

        self._draw = draw
        self.alt = alt
        self.title = title
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
        sheet = sprite_sheet()
        with batch():
            self.canvas.clear()
            self._draw(CanvasPainter(self.canvas, sprites=sheet))

    def _on_client_ready(self) -> None:
        sprite_sheet().repaint_all()
        self.redraw()

    def svg(self) -> str:
        p = SvgPainter(self.canvas.width, self.canvas.height, title=self.title or self.alt,
                       desc=self.alt, sprites=_SVG_SPRITES)
        self._draw(p)
        return p.svg()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["image/svg+xml"] = self.svg()
        bundle["text/plain"] = self.alt or self.title or "a drawing"
        return bundle


def _status_html(text: str) -> str:
    return f'<div role="status" aria-live="polite" style="font-size:1.05em">{text}</div>'


# ---------------------------------------------------------------------------
# A table
# ---------------------------------------------------------------------------


class TableView(Picture):
    """A Kille table as the teacher (every card) or one seat (its observation) sees it."""

    def __init__(self, state: KilleState, viewer: int | str | None = None,
                 caption: str | None = None, **layout_kw: Any) -> None:
        self.state = state
        self.viewer = viewer
        self.layout_kw = layout_kw
        self._lay = self._make_layout()
        super().__init__(self._paint, alt=self._lay.alt, title="A Kille table")
        self.caption.value = _status_html(html.escape(caption)) if caption else ""
        self.canvas.on_mouse_down(self._clicked)
        self.on_seat_click: Callable[[int], None] | None = None
        self.on_talon_click: Callable[[], None] | None = None

    def _make_layout(self) -> Layout:
        return make_layout(table_model(self.state, self.viewer), **self.layout_kw)

    def _paint(self, p: Painter) -> None:
        paint_table(p, self._lay)

    def show(self, state: KilleState, viewer: int | str | None = None, **layout_kw: Any) -> None:
        """Draw another state (or the same from another seat)."""
        self.state = state
        self.viewer = viewer
        self.layout_kw = layout_kw
        self._lay = self._make_layout()
        self.alt = self._lay.alt
        self.redraw()

    def _clicked(self, x: float, y: float) -> None:
        seat = self._lay.seat_at(x, y)
        if seat is not None and self.on_seat_click:
            self.on_seat_click(seat)
        elif self._lay.talon_box and self._lay.talon_box.contains(x, y) and self.on_talon_click:
            self.on_talon_click()


def table(state: KilleState, viewer: int | str | None = None,
          caption: str | None = None) -> TableView:
    """Show a state: the teacher's view by default, or what seat ``viewer`` may see."""
    return TableView(state, viewer, caption)


def deck(kinds: Sequence[str] | None = None) -> Picture:
    """The Kille deck, lowest to highest, each card with its name and meaning."""
    from kortspel.kille import GLOSS, KINDS

    shown = list(kinds) if kinds is not None else list(KINDS)
    per_row = 7
    cw, ch, gap = 64.0, 96.0, 18.0
    rows = (len(shown) + per_row - 1) // per_row
    width = int(per_row * (cw + 2 * gap))
    height = int(rows * (ch + 58) + 10)

    def draw(p: Painter) -> None:
        p.rect(0, 0, width, height, fill="#0e2a1c")
        for i, kind in enumerate(shown):
            r, c = divmod(i, per_row)
            x = gap + c * (cw + 2 * gap)
            y = 8 + r * (ch + 58)
            p.image(f"kille:{kind}", x, y, cw, ch)
            p.text(x + cw / 2, y + ch + 14, f"{i + 1}. {kind}", size=12, fill="#fdfaf2",
                   bold=True)
            gloss = GLOSS.get(kind, "")
            if kind == "Harlekin":
                gloss = "the harlequin"
            if gloss:
                p.text(x + cw / 2, y + ch + 30, gloss, size=11, fill="#d9e8dd")

    alt = "The Kille deck from lowest to highest: " + ", ".join(shown) + "."
    return Picture(draw, width, height, alt=alt, title="The Kille deck")


# ---------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------


def _button(label: str, tip: str, width: str = "auto") -> W.Button:
    return W.Button(description=label, tooltip=tip, layout=W.Layout(width=width))


class Replay(W.VBox):
    """Step through a recorded hand with its narration and the record's own comments."""

    def __init__(self, record: Mapping[str, Any], viewer: int | str | None = None,
                 start: int = 0) -> None:
        self.record = dict(record)
        self.frames: list[KilleState] = kortspel.frames(record)
        acts = record.get("actions", [])
        last = len(self.frames) - 1
        self.comments = [str(record.get("intro", ""))] + [
            str(a.get("comment", "")) if isinstance(a, Mapping) else "" for a in acts]
        if record.get("summary"):
            self.comments[last] = (self.comments[last] + " " + str(record["summary"])).strip()
        names = list(self.frames[0].game.names)
        self.viewer = self._seat(viewer)
        self.table = TableView(self.frames[0], self.viewer)
        self.table.canvas.on_key_down(self._key)
        self.first = _button("◀◀ First", "Go to the deal")
        self.back = _button("◀ Back", "One step back")
        self.fwd = _button("Next ▶", "One step forward")
        self.end = _button("Last ▶▶", "Go to the end of the hand")
        self.slider = W.IntSlider(value=0, min=0, max=last, description="Step",
                                  continuous_update=True,
                                  layout=W.Layout(width="340px"))
        self.view = W.Dropdown(options=[("Teacher: every card", -1)]
                               + [(f"Seat {n}", i) for i, n in enumerate(names)],
                               value=-1 if self.viewer is None else self.viewer,
                               description="View", layout=W.Layout(width="230px"))
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

    def _seat(self, viewer: int | str | None) -> int | None:
        if viewer is None or viewer == -1:
            return None
        g = self.frames[0].game
        return g.seat_index(viewer) if isinstance(viewer, str) else int(viewer)

    @property
    def step(self) -> int:
        return int(self.slider.value)

    def go(self, i: int) -> None:
        self.slider.value = max(0, min(self.slider.max, i))
        self._draw()

    def _view_changed(self, change: Mapping[str, Any]) -> None:
        self.viewer = self._seat(change["new"])
        self._draw()

    def _key(self, key: str, *_mods: Any) -> None:
        moves = {"ArrowRight": 1, "ArrowLeft": -1, "Home": -10**6, "End": 10**6,
                 " ": 1, "Enter": 1}
        if key in moves:
            self.go(self.step + moves[key])

    def step_text(self, i: int) -> str:
        """What happened at step ``i``, as this view's viewer may read it."""
        state = self.frames[i]
        before = len(self.frames[i - 1].events) if i else 0
        new = state.events[before:]
        if self.viewer is not None:
            new = [e for e in new if e.visible_to(self.viewer)]
        else:
            new = [e for e in new if e.kind != "dealt"] or new[:1]
        return " ".join(e.text for e in new)

    def _draw(self) -> None:
        i = self.step
        self.table.show(self.frames[i], self.viewer)
        self.first.disabled = self.back.disabled = i == 0
        self.fwd.disabled = self.end.disabled = i == self.slider.max
        said = html.escape(self.step_text(i))
        comment = html.escape(self.comments[i]) if i < len(self.comments) else ""
        head = "The deal" if i == 0 else f"Step {i} of {self.slider.max}"
        body = f"<b>{head}.</b> {said}"
        if comment:
            body += f"<br><i>{comment}</i>"
        self.note.value = _status_html(body)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["image/svg+xml"] = self.table.svg()
        bundle["text/plain"] = (f"Replay of {self.record.get('title') or 'a Kille hand'}: "
                                f"{len(self.frames) - 1} steps. {self.table.alt}")
        return bundle


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------

_LABELS = {
    "stand": ("Stand", "Keep your card"),
    "swap": ("Swap", "Ask the seat on your left for its card"),
    "kuku": ("Kuku! (call)", "Kuku står, ingen byta får: end the swapping now"),
    "ask": ("Ask for better cards", "Ask the dealer to deal again"),
    "accept": ("Accept", "Agree: the dealer deals again"),
    "refuse": ("Refuse", "No new deal"),
    "depends": ("It depends", "Let the middle seat decide"),
}


class Play(W.VBox):
    """A real Kille match: you against computer players, on callbacks only.

    Computer decisions are made one at a time, ``pace`` seconds apart, through the kernel's
    event loop (or at once when there is no running loop, as in tests), so the human can
    call Kuku between them and the kernel is never blocked waiting for a click.
    """

    def __init__(self, seats: int = 5, names: Sequence[str] | None = None,
                 you: int | Sequence[int] = 0, length: str | int = "long",
                 opponents: str = "heuristic", seed: int | None = None,
                 practice: bool = True, pace: float = 0.8, auto: bool = True,
                 **rules: Any) -> None:
        if names is None:
            names = ["you"] + [n for n in ("Anna", "Bo", "Cilla", "Dag", "Eva", "Frej", "Gun")][
                : seats - 1]
        self.game = kortspel.load("kille", seats=len(names), names=list(names), **rules)
        self.humans = (you,) if isinstance(you, int) else tuple(you)
        self.length = length
        self.opponents = opponents
        self.practice = practice
        self.seed = seed
        self.auto = auto  # False: computer seats move only when bot_step() is called (tests)
        self.rng = random.Random(seed)
        self.bots = [None if s in self.humans
                     else kortspel.bot_for("kille", opponents, name=names[s])
                     for s in range(self.game.seats)]
        self._pending: Any = None
        self._confirming: Action | None = None
        self.match = self._new_match()
        self.table = TableView(self.match.hand, self._viewer())
        self.table.on_seat_click = self._seat_clicked
        self.table.on_talon_click = self._talon_clicked
        self.status = W.HTML()
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.confirm = W.HBox()
        self.next_hand = _button("Next hand ▶", "Settle this hand and deal the next")
        self.new_match = _button("New match", "Start the match again from the first pot")
        self.undo = _button("↶ Undo", "Take back your last decision (practice mode)")
        self.teacher = W.Checkbox(value=False, description="Show every card (practice)",
                                  indent=False, layout=W.Layout(width="auto"))
        self.pace = W.FloatSlider(value=pace, min=0.0, max=3.0, step=0.1,
                                  description="Pace (s)", layout=W.Layout(width="260px"))
        self.scores = W.HTML()
        self.next_hand.on_click(lambda _b: self._next_hand())
        self.new_match.on_click(lambda _b: self._restart())
        self.undo.on_click(lambda _b: self._undo())
        self.teacher.observe(lambda _c: self._refresh(), "value")
        self.undo.layout.display = "" if practice else "none"
        self.teacher.layout.display = "" if practice else "none"
        bar = W.HBox([self.next_hand, self.new_match, self.undo, self.teacher, self.pace],
                     layout=W.Layout(flex_flow="row wrap"))
        super().__init__([self.table, self.status, self.actions, self.confirm, bar,
                          self.scores])
        self._refresh()
        self._schedule()

    # -- match bookkeeping -----------------------------------------------------------

    def _new_match(self) -> KilleMatch:
        return KilleMatch(self.game, length=self.length, seed=self.rng.randrange(2**32))

    @property
    def hand(self) -> KilleState:
        return self.match.hand

    def _viewer(self) -> int | None:
        if self.practice and getattr(self, "teacher", None) is not None and self.teacher.value:
            return None
        to_act = self.hand.to_act
        if to_act in self.humans:
            return to_act
        return self.humans[0]

    def _human_turn(self) -> int | None:
        s = self.hand.to_act
        return s if s in self.humans else None

    # -- the loop of computer moves -----------------------------------------------------

    def _schedule(self) -> None:
        """Arrange the next computer decision, if the computer has one to make."""
        if (not self.auto or self._pending is not None or self.hand.is_over
                or self._human_turn() is not None):
            return
        delay = float(self.pace.value)
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            loop = None
        if delay <= 0 or loop is None or not loop.is_running():
            while not self.hand.is_over and self._human_turn() is None:
                self.bot_step(redraw=False)
            self._refresh()
            return
        self._pending = loop.call_later(delay, self._timer)

    def _timer(self) -> None:
        self._pending = None
        self.bot_step()
        self._schedule()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def bot_step(self, redraw: bool = True) -> Action | None:
        """One computer decision: a Kuku call out of turn, or the seat to act."""
        hand = self.hand
        if hand.is_over:
            return None
        act = None
        for seat in hand.callers():
            bot = self.bots[seat]
            if bot is None:
                continue
            calls = hand.legal_actions(seat)
            act = bot.interrupt(hand.observation(seat, calls), calls, self.rng)
            if act is not None:
                break
        if act is None:
            seat = hand.to_act
            bot = self.bots[seat] if seat is not None else None
            if bot is None:
                return None
            legal = hand.legal_actions()
            act = bot.choose(hand.observation(seat, legal), legal, self.rng)
        hand.apply(act)
        if redraw:
            self._refresh()
        return act

    # -- human input ---------------------------------------------------------------------

    def act(self, verb: str, seat: int | None = None) -> bool:
        """Play a human decision; anything not legal now is refused with a message."""
        if seat is None:
            turn = self._human_turn()
            seat = turn if turn is not None else self.humans[0]
        who = seat
        if who not in self.humans:
            return False
        legal = {a.verb: a for a in self.hand.legal_actions(who)}
        if verb not in legal:
            self._say(self._why_not(who, verb))
            return False
        action = legal[verb]
        mine = self.hand.card(who)
        if verb == "swap" and mine is not None and parse_kind(mine) in MATADORS \
                and self._confirming != action:
            self._ask_confirm(action, mine)
            return False
        self._confirming = None
        self.confirm.children = ()
        self._cancel()
        try:
            self.hand.apply(action)
        except KortspelError as err:  # legal a moment ago; say so rather than crash
            self._say(str(err))
            return False
        self._refresh()
        self._schedule()
        return True

    def _why_not(self, who: int, verb: str) -> str:
        if self.hand.is_over:
            return "The hand is over: press Next hand."
        names = self.game.names
        to_act = self.hand.to_act
        if to_act != who:
            return f"Wait: it is {names[to_act]}'s turn."  # type: ignore[index]
        return f"You cannot {verb} now."

    def _ask_confirm(self, action: Action, card: str) -> None:
        self._confirming = action
        yes = _button(f"Yes, swap away my {card}", "Swap anyway")
        no = _button("No, keep it", "Do not swap")
        yes.on_click(lambda _b: self.act("swap", action.seat))
        no.on_click(lambda _b: self._drop_confirm())
        self.confirm.children = (W.HTML(f"You hold {card}, a matador. Swap it away?"), yes, no)

    def _drop_confirm(self) -> None:
        self._confirming = None
        self.confirm.children = ()
        self._refresh()

    def _seat_clicked(self, seat: int) -> None:
        me = self._human_turn()
        if me is None:
            if seat in self.humans and any(a.verb == "kuku"
                                           for a in self.hand.legal_actions(seat)):
                self._say("To call Kuku, press the Kuku button.")
            else:
                self._say(self._why_not(self.humans[0], "act"))
            return
        left = left_of(self.hand.order, me)
        if seat == me:
            self.act("stand", me)
        elif seat == left:
            self.act("swap", me)
        else:
            self._say("Click your own card to stand, or the card on your left to swap.")

    def _talon_clicked(self) -> None:
        me = self._human_turn()
        if me is not None and me == self.hand.dealer:
            self.act("swap", me)

    def _say(self, text: str) -> None:
        self.status.value = _status_html(html.escape(text))

    def _next_hand(self) -> None:
        if not self.hand.is_over:
            self._say("Finish this hand first.")
            return
        if self.match.is_over:
            self._say("The match is over: press New match to play again.")
            return
        self.match.next_hand()
        self._refresh()
        self._schedule()

    def _restart(self) -> None:
        self._cancel()
        self.match = self._new_match()
        self._refresh()
        self._schedule()

    def _undo(self) -> None:
        if not self.practice:
            return
        self._cancel()
        if not self.match.undo_to_before(self.humans[0]):
            self._say("Nothing of yours to take back in this hand.")
            return
        self._refresh()
        self._schedule()

    # -- drawing ----------------------------------------------------------------------

    def _refresh(self) -> None:
        hand = self.hand
        viewer = self._viewer()
        me = self._human_turn()
        target = left_of(hand.order, me) if me is not None else None
        self.table.show(hand, viewer, legal_seats=[] if target is None else [target])
        buttons = []
        for seat in self.humans:
            for a in hand.legal_actions(seat):
                label, tip = _LABELS[a.verb]
                if len(self.humans) > 1:
                    label = f"{self.game.names[seat]}: {label}"
                b = _button(label, tip)
                b.on_click(lambda _b, v=a.verb, s=seat: self.act(v, s))
                buttons.append(b)
        self.actions.children = tuple(buttons)
        self.next_hand.disabled = not hand.is_over or self.match.is_over
        self.status.value = _status_html(html.escape(self._status_text()))
        names = self.game.names
        rows = "".join(
            f"<tr><td>{html.escape(names[s])}</td><td>{self.match.points[s]}</td>"
            f"<td>{self.match.lives[s]}</td></tr>" for s in range(self.game.seats))
        self.scores.value = (f"<table><tr><th>Seat</th><th>Pots won</th><th>Lives</th></tr>"
                             f"{rows}</table><small>Pot {self.match.pots_played + 1} of "
                             f"{self.match.target}"
                             + (" (tie-break)" if self.match.tiebreak else "") + "</small>")

    def _status_text(self) -> str:
        hand = self.hand
        names = self.game.names
        last = [e.text for e in hand.events if e.visible_to(self.humans[0])][-2:]
        said = second_person(" ".join(last), names[self.humans[0]])
        if self.match.is_over:
            w = self.match.winner
            return f"{said} The match is over: {names[w]} wins." if w is not None else said
        if hand.is_over:
            return f"{said} Press Next hand."
        me = self._human_turn()
        if me is not None:
            verbs = " or ".join(a.verb for a in hand.legal_actions(me))
            return f"{said} Your turn, {names[me]}: {verbs}."
        return f"{said} {names[hand.to_act]} is thinking…"  # type: ignore[index]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["image/svg+xml"] = self.table.svg()
        bundle["text/plain"] = f"A Kille match against the computer. {self.table.alt}"
        return bundle


# ---------------------------------------------------------------------------
# Check: a question with immediate feedback
# ---------------------------------------------------------------------------


class Check(W.VBox):
    """A short question with one button per answer; a click says right or wrong, and why."""

    def __init__(self, question: str, choices: Sequence[Any], answer: Any,
                 explain: str = "") -> None:
        if answer not in choices:
            raise ValueError(f"the answer {answer!r} is not among the choices {choices!r}")
        self.question = question
        self.choices = list(choices)
        self.answer = answer
        self.explain = explain
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
        right = choice == self.answer
        if right:
            text = f"✔ Right: {choice}. {self.explain}"
        else:
            text = f"✘ Not {choice}. Look again and try another answer."
        self.feedback.value = _status_html(html.escape(text))
        return right

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        opts = " · ".join(html.escape(str(c)) for c in self.choices)
        bundle["text/html"] = (
            f"<p><b>Check:</b> {html.escape(self.question)}<br>{opts}</p>"
            f"<details><summary>Answer</summary>{html.escape(str(self.answer))}. "
            f"{html.escape(self.explain)}</details>")
        bundle["text/plain"] = f"Check: {self.question} ({', '.join(map(str, self.choices))})"
        return bundle


__all__ = ["Picture", "TableView", "table", "deck", "Replay", "Play", "Check", "sprite_sheet",
           "RandomBot"]
