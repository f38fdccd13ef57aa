"""The panels of ``Play``: what the view shows beside the table, one concern each.

A panel is a small object with a ``widget`` and a ``refresh(play)`` that reads the view
(its hand, match, adapter, viewer) and sets its widget; it changes nothing in the match.
``Panels._refresh`` draws the table and the controls (status, buttons, Yes/No, hot-seat
handover), then asks every panel in ``play.panels`` to refresh in turn. A new panel is a
class here (or in its own module) and one line in ``Panels._build_panels``: nothing else of
the view needs reading. A panel may also ``prepare(play)`` before the table is drawn
and ``dress(play, model)`` the table's model to draw on it (the coach's hint does).
"""

from __future__ import annotations

import html
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..parts import button as _button
from ..parts import status_html as _status_html
from ..views import TableView

if TYPE_CHECKING:
    from .host import PlayHost as _Host
else:
    _Host = object  # the parts' base for the type checker only (host.py)


class Panel(ABC):
    """One part of the view beside the table: ``widget`` is shown, ``refresh`` redraws it.

    ``handover`` says whether the panel still shows while a hot-seat screen waits for the
    next person (the story does not: it would tell the cards of the seat before)."""

    widget: W.Widget
    handover = True

    @abstractmethod
    def refresh(self, play: Any) -> None:
        """Set ``widget`` from what ``play`` shows now; change nothing in the match."""


class ProgressPanel(Panel):
    """The match's progress in one bold line (an adapter's ``progress``: lives, scores)."""

    def __init__(self) -> None:
        self.widget = W.HTML()

    def refresh(self, play: Any) -> None:
        progress = getattr(play.adapter, "progress", None)
        self.widget.value = (f"<b>{html.escape(progress(play.match))}</b>" if progress
                             else "")


class HandReviewPanel(Panel):
    """After a hand, the game's own few lines about it (an adapter's ``review``), the
    outcome first.

    A game tells a hand seat by seat ("Anna: stood.", "Bo: A♣ A♠ 2♠: a set, 0; …") and
    says who lost or won and why in lines of its own, before or after those. In a box of a
    few lines, Kille's "Bo loses a life: a 1 was the lowest card…" came last, below the
    box's fold: the lines that are not a seat's come first here, each game's in its own
    order, and the seats' follow."""

    def __init__(self) -> None:
        self.widget = W.HTML(layout=W.Layout(max_height="12em", overflow="auto"))

    def refresh(self, play: Any) -> None:
        hand = play.hand
        review = getattr(play.adapter, "review", None)
        said = review(hand, play._viewer()) if review and hand.is_over else []
        said = outcome_first(said, play.game.names)
        self.widget.value = (f"<div style='line-height:1.35'><b>This {play.spec.hand_word}:"
                             "</b><ul style='margin:2px 0'>" + "".join(
            f"<li>{html.escape(t)}</li>" for t in said) + "</ul></div>") if said else ""


def outcome_first(lines: list[str], names: Any) -> list[str]:
    """``lines`` with those that tell one seat's part ("Anna: stood.", "You: …": a seat's
    name, then a colon) after the others (who lost or won, and why), each kind in its
    order."""
    seats = {str(n).casefold() for n in names} | {"you"}

    def a_seats(line: str) -> bool:
        head, colon, _ = line.partition(":")
        return bool(colon) and head.strip().casefold() in seats

    return [t for t in lines if not a_seats(t)] + [t for t in lines if a_seats(t)]


class StoryPanel(Panel):
    """Every line of the hand so far, as the viewer may read it, the newest in sight.

    The story box shows its newest line, in every game: what the computer just did is what a
    learner must see. A column laid out from the bottom starts scrolled to its end, and
    stays there as each refresh adds lines; a plain box would stay at its first lines while
    moves were added out of sight below."""

    handover = False

    def __init__(self) -> None:
        self.widget = W.HTML(layout=W.Layout(max_height="10em", overflow="auto",
                                           border="1px solid #ccc", padding="2px 6px",
                                           display="flex", flex_flow="column-reverse"))
        self.widget.add_class("kortspel-story")  # how a page (and a browser test) finds it

    def refresh(self, play: Any) -> None:
        lines = play.adapter.lines(play.hand, play._viewer())
        self.widget.value = "<br>".join(html.escape(t) for t in lines)

    def clear(self) -> None:
        self.widget.value = ""


class ScoresPanel(Panel):
    """The standings as a small table (an adapter's ``standings``, else the match's)."""

    def __init__(self) -> None:
        self.widget = W.HTML()

    def refresh(self, play: Any) -> None:
        standings = getattr(play.adapter, "standings", None)
        table = standings(play.match) if standings else play.match.standings()
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row.values()) + "</tr>"
            for row in table)
        heads = "".join(f"<th>{html.escape(str(k))}</th>" for k in (table or [{}])[0])
        self.widget.value = (f"<table style='font-size:0.9em;line-height:1.1'><tr>{heads}"
                             f"</tr>{rows}</table>")


class Panels(_Host):
    """The widgets of ``Play`` and their drawing: the table, the status line, the buttons,
    the question, the bar, and the panels beside it.

    The driver and the router call ``_refresh`` after every change and ``_say`` to answer
    in words; nothing here moves the match."""

    # The table's height to its width: beside the words and buttons (a wide page), or above
    # them, flatter, so the table and the buttons under it fit a laptop's 768 pixels.
    ASPECT, STACKED_ASPECT = 0.62, 0.5
    TABLE_BASIS, SIDE_BASIS = 700, 300  # below their sum the words go under the table
    ROOM_MARGIN = 16  # pixels kept free under the table: its margins, and air
    CHOSEN = "Now click where it goes (outlined)."  # a card chosen, on the table and beside

    def _build_panels(self, pace: float) -> list[W.Widget]:
        """Make every widget once (buttons are shown and hidden, never re-made) and return
        the view's children: the table with the words and buttons beside or under it."""
        spec = self.spec
        self.table = TableView(self.hand, self._screen,
                               aspect=self.STACKED_ASPECT)
        self.table.on_click = self._clicked
        self.table.dress = self._dress
        self.status = W.HTML()
        self.progress_panel = ProgressPanel()
        self.review_panel = HandReviewPanel()
        self.story_panel = StoryPanel()
        self.scores_panel = ScoresPanel()
        self.progress = self.progress_panel.widget
        self.review = self.review_panel.widget
        self.story = self.story_panel.widget
        self.scores = self.scores_panel.widget
        self.panels: list[Panel] = [self.progress_panel, self.review_panel, self.story_panel,
                                    self.scores_panel]
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
        # The question takes the row's room and wraps its words; Yes and No keep theirs and
        # go under it where the column is narrow (they were cut to "Y…" and "N…").
        self.question = W.HTML(layout=W.Layout(flex="1 1 12em", min_width="0"))
        self.yes.on_click(lambda _b: self._confirmed())
        self.no.on_click(lambda _b: self._drop_confirm())
        self.confirm = W.HBox([self.question, self.yes, self.no],
                              layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.confirm.layout.display = "none"
        self.ready = _button("Ready", "Show the table to the seat whose turn it is")
        self.ready.on_click(lambda _b: self._take_over())
        self.ready.layout.display = "none"
        word = spec.hand_word
        self.next_hand = _button(f"Next {word} ▶", f"Settle this {word} and deal the next")
        whole = spec.match_word
        self.new_match = _button(f"New {whole}", f"Start the {whole} again from the first {word}")
        self.undo = _button("↶ Undo", "Take back your last decision (practice mode)")
        self.teacher = W.Checkbox(value=False, description="Show every card (practice)",
                                  indent=False, layout=W.Layout(width="auto"))
        self.pace = W.FloatSlider(value=float(pace), min=0.0, max=3.0, step=0.1,
                                  description="Pace (s)", layout=W.Layout(width="240px"))
        self.next_hand.on_click(lambda _b: self._next_hand())
        self.new_match.on_click(lambda _b: self._restart())
        self.undo.on_click(lambda _b: self._undo())
        self.teacher.observe(lambda _c: self._refresh(), "value")
        practice = self.practice
        self.undo.layout.display = "" if practice else "none"
        alone = len(self.humans) == 1
        self.teacher.layout.display = "" if practice and alone else "none"
        self.bar = W.HBox([self.next_hand, self.new_match, self.undo, self.teacher, self.pace],
                          layout=W.Layout(flex_flow="row wrap"))
        # The table's own Layout is set, not replaced: a replaced one stays open for good.
        # It takes the room the page gives it (the table draws itself that wide), and the
        # words and buttons stand beside it where that leaves them 300 pixels, else below
        # it, the controls and the story side by side there.
        self.table.layout.flex = f"4 1 {self.TABLE_BASIS}px"  # the table takes most room
        self.table.layout.min_width = "0"
        self.table.layout.max_width = f"{TableView.MAX_WIDTH}px"
        # What to do now and the buttons to do it come first, nearest the table (on a laptop
        # they show with it); the news of the last hand and its review follow.
        self.controls = W.VBox([self.progress, self.status, self.ready, self.actions,
                                self.confirm, self.bar, self.news,
                                self.review],
                               layout=W.Layout(flex="1 1 280px", min_width="260px"))
        self.told = W.VBox([self.story, self.scores],
                           layout=W.Layout(flex="1 1 280px", min_width="260px"))
        side = W.HBox([self.controls, self.told],
                      layout=W.Layout(flex=f"1 1 {self.SIDE_BASIS}px", flex_flow="row wrap",
                                      align_content="flex-start", min_width="280px"))
        from ..sizing import WidthProbe
        from .screen import RoomProbe

        # The width of the whole view says whether the words stand beside the table or
        # under it (the page's flex wrap decides by the same two widths).
        self.probe = WidthProbe()
        self.probe.on_width(self._page_width)
        # The screen's height and the table's place on the page say how high it may be.
        self.room_probe = RoomProbe()
        self.room_probe.on_room(self._page_room)
        self.table_row = W.HBox([self.table, side],
                                layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        return [self.room_probe, self.table_row, self.probe]

    def add_panel(self, panel: Panel, place: str = "controls") -> Panel:
        """Show ``panel`` at the end of the controls (``"controls"``) or of the story's
        column (``"told"``), and refresh it with the others from now on."""
        box = self.controls if place == "controls" else self.told
        box.children = (*box.children, panel.widget)
        self.panels.append(panel)
        return panel

    def _dress(self, model: Any) -> Any:
        """What the match adds to the picture of its hand (a game's ``dress``: balances on
        the plates), then what each panel draws on the table (a panel's ``dress``)."""
        dress = getattr(self.adapter, "dress", None)
        if dress is not None:
            model = dress(self.match, model)
        for panel in self.panels:
            more = getattr(panel, "dress", None)
            if more is not None:
                model = more(self, model)
        return model

    def _page_width(self, width: int) -> None:
        """The view is ``width`` pixels wide: the table is drawn flatter when the words and
        buttons go under it, so that both fit on the screen at once."""
        stacked = width < self.TABLE_BASIS + self.SIDE_BASIS
        aspect = self.STACKED_ASPECT if stacked else self.ASPECT
        if aspect != self.table.aspect:
            self.table.aspect = aspect
            self.table.fit(self.table.probe.width or self.table.size[0])

    def _page_room(self, screen: int, top: int) -> None:
        """The page scrolls in a screen ``screen`` pixels high and the table's row starts
        ``top`` pixels down it: the table is drawn no higher than the room under its top
        (Voilà's page, a header above the table), or than one screen where it stands
        further down (``TableView._within_room`` chooses)."""
        if screen <= 0:
            return
        margin = self.ROOM_MARGIN
        self.table.room = (screen - top - margin, screen - margin)
        self.table.fit(self.table.probe.width or self.table.size[0])

    def _say(self, text: str) -> None:
        self.status.value = _status_html(html.escape(text))

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
            for panel in self.panels:
                if not panel.handover:
                    getattr(panel, "clear", lambda: None)()
            return
        self.ready.layout.display = "none"
        for panel in self.panels:  # a panel that draws on the table works out what first
            prepare = getattr(panel, "prepare", None)
            if prepare is not None:
                prepare(self)
        targets, selected = self._targets()
        headline = ""
        match = self.match
        spec = self.spec
        adapter = self.adapter
        if match.is_over:
            progress = getattr(adapter, "progress", None)
            headline = progress(match) if progress else f"The {spec.match_word} is over."
        # A card chosen: the table says where it goes, as the words beside it do (its own
        # line, from the state, would still say to pick one).
        self.table.show(hand, self._viewer(), targets=targets,
                        selected=selected, headline=headline,
                        status=self.CHOSEN if self._clicks else "")
        acting = self._acting_human()
        legal = {a.verb for a in hand.legal_actions(acting)} if acting is not None else set()
        clickable = set()
        if acting is not None:
            clickable = {a.verb for a in adapter.paths(
                hand, acting, hand.legal_actions(acting)) if len(
                adapter.paths(hand, acting, [a])[a]) > 1}
        for verb, b in self.verb_buttons.items():
            b.layout.display = "" if verb in legal and verb not in clickable else "none"
        pick_button = getattr(adapter, "pick_button", None)
        if pick_button is not None:  # the button says what it does with the cards picked
            for verb in {a.verb for a in self._picks()} & set(
                    self.verb_buttons):
                self.verb_buttons[verb].description = pick_button(
                    verb, len(self._picked))
        self.next_hand.disabled = not hand.is_over or match.is_over
        self.undo.disabled = not any(
            a.seat == self._screen for a in hand.actions)
        if not keep_status:
            self.status.value = _status_html(html.escape(self._status_text()))
        for panel in self.panels:
            panel.refresh(self)

    def _status_text(self) -> str:
        hand = self.hand
        names = self.game.names
        spec = self.spec
        said = self.adapter.status(hand, self._viewer())
        if self.match.is_over:
            return f"{said} The {spec.match_word} is over: {self.restart_words}."
        if hand.is_over:
            out = self._sitting_out()
            return f"{said} {out}" if out else f"{said} Press Next {spec.hand_word}."
        if self._clicks:
            return f"{self.CHOSEN} Click the card again to choose another."
        if self._picked:
            return (f"{said} {len(self._picked)} picked; click a picked card again to put "
                    "back.")
        if self._human_turn() is None:
            to_act = hand.to_act
            if to_act is not None and 0 <= to_act < len(names):
                return f"{said} {names[to_act]} is thinking…"
        return said
