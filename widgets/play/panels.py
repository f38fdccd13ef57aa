"""The board of ``Play`` and the panels beside it: what the view shows, one concern each.

A panel is a small object with a ``widget`` and a ``refresh(host)`` that reads the view
through ``ports.PanelHost`` (its hand, match, adapter, viewer, names) and sets its widget;
it changes nothing in the match but through ``host.act``. So a panel is built and tested
against a small fake host, without a ``Play``. ``Board.refresh`` draws the table and the
controls (status, buttons, Yes/No, hot-seat handover) from the driver and the router, then
asks every panel in ``board.panels`` to refresh in turn. A new panel is a class here (or in
its own module) and one line in ``Board.__init__`` (or ``Play.add_panel``): nothing else of
the view needs reading. A panel may also ``prepare(host)`` before the table is drawn and
``dress(host, model)`` the table's model to draw on it (the coach's hint does).
"""

from __future__ import annotations

import html
from abc import ABC, abstractmethod
from typing import Any

import ipywidgets as W

from kortspel.i18n import N_, _, ngettext, pgettext
from kortspel.voice import Voice

from ..parts import button, speaking, status_html
from ..views import TableView
from ..words import cap, hand_phrase, match_phrase
from .driver import MatchDriver
from .ports import PanelHost
from .router import ClickRouter


class Panel(ABC):
    """One part of the view beside the table: ``widget`` is shown, ``refresh`` redraws it.

    ``handover`` says whether the panel still shows while a hot-seat screen waits for the
    next person (the story does not: it would tell the cards of the seat before)."""

    widget: W.Widget
    handover = True

    @abstractmethod
    def refresh(self, host: PanelHost) -> None:
        """Set ``widget`` from what ``host`` shows now; change nothing in the match."""


class ProgressPanel(Panel):
    """The match's progress in one bold line (an adapter's ``progress``: lives, scores)."""

    def __init__(self) -> None:
        self.widget = W.HTML()

    def refresh(self, host: PanelHost) -> None:
        progress = getattr(host.adapter, "progress", None)
        self.widget.value = (f"<b>{html.escape(progress(host.match))}</b>" if progress
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

    def refresh(self, host: PanelHost) -> None:
        hand = host.hand
        review = getattr(host.adapter, "review", None)
        said = review(hand, host.viewer()) if review and hand.is_over else []
        said = outcome_first(said, host.names)
        # i18n: the head of the finished hand's lines: "This hand:"
        head = _("{this_hand}:").format(this_hand=cap(hand_phrase(host.spec.hand_word, "this")))
        self.widget.value = (f"<div style='line-height:1.35'><b>{html.escape(head, quote=False)}"
                             "</b><ul style='margin:2px 0'>" + "".join(
            f"<li>{html.escape(t)}</li>" for t in said) + "</ul></div>") if said else ""


def outcome_first(lines: list[str], names: Any) -> list[str]:
    """``lines`` with those that tell one seat's part ("Anna: stood.", "You: …": a seat's
    name, then a colon) after the others (who lost or won, and why), each kind in its
    order."""
    seats = {str(n).casefold() for n in names} | {"you", _("You").casefold()}

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

    def refresh(self, host: PanelHost) -> None:
        lines = host.adapter.lines(host.hand, host.viewer())
        self.widget.value = "<br>".join(html.escape(t) for t in lines)

    def clear(self) -> None:
        self.widget.value = ""


class ScoresPanel(Panel):
    """The standings as a small table (an adapter's ``standings``, else the match's)."""

    def __init__(self) -> None:
        self.widget = W.HTML()

    def refresh(self, host: PanelHost) -> None:
        standings = getattr(host.adapter, "standings", None)
        table = standings(host.match) if standings else host.match.standings()
        def cell(key: str, value: object) -> str:
            # The seat named "you" is "du" on a Swedish page, as the story calls it.
            said = _("you") if key == "seat" and str(value).casefold() == "you" else str(value)
            return f"<td>{html.escape(said)}</td>"

        rows = "".join("<tr>" + "".join(cell(str(k), v) for k, v in row.items()) + "</tr>"
                       for row in table)
        heads = "".join(f"<th>{html.escape(column(str(k)))}</th>" for k in (table or [{}])[0])
        self.widget.value = (f"<table style='font-size:0.9em;line-height:1.1'><tr>{heads}"
                             f"</tr>{rows}</table>")


COLUMNS = {
    # i18n: the heads of the score table's columns
    "seat": N_("seat"), "points": N_("points"), "lives": N_("lives"), "balance": N_("balance"),
    "gain": N_("gain"), "piles": N_("piles"), "stars": N_("stars"), "skunks": N_("skunks"),
    "total": N_("total"), "games": N_("games"), "won": N_("won"), "chips": N_("chips"),
}
"""The score table's heads the views know (each game's ``standings`` keys)."""


def column(key: str) -> str:
    """A score table's head in the language in use (a key no catalogue knows, as it is)."""
    return _(COLUMNS[key]) if key in COLUMNS else _(key)


class Board:
    """The table and the controls of ``Play`` and their drawing: the table, the status
    line, the buttons, the question, the bar, and the panels beside them.

    Made once (buttons are shown and hidden, never re-made) from the view's driver and
    router, whose public state it draws and whose methods its buttons call, and the view
    as a ``PanelHost`` for the panels. The view asks it to ``refresh`` after every change,
    to ``say`` a line, to ``show_question`` and to ``announce`` news; nothing here moves the
    match. ``children`` are the view's: the table with the words and buttons beside or
    under it."""

    # The table's height to its width: beside the words and buttons (a wide page), or above
    # them, flatter, so the table and the buttons under it fit a laptop's 768 pixels.
    ASPECT, STACKED_ASPECT = 0.62, 0.5
    TABLE_BASIS, SIDE_BASIS = 700, 300  # below their sum the words go under the table
    ROOM_MARGIN = 16  # pixels kept free under the table: its margins, and air
    CHOSEN = N_("Now click where it goes (outlined).")  # a card chosen, on the table and beside

    def __init__(self, host: PanelHost, driver: MatchDriver, router: ClickRouter,
                 pace: float) -> None:
        self.host = host
        self.driver = driver
        self.router = router
        self.news = W.HTML()  # a pot won, the match won: said once, between hands
        self.table = TableView(driver.hand, router.screen, aspect=self.STACKED_ASPECT,
                               language=getattr(host, "language", None))
        self.table.on_click = self.speaking(router.clicked)
        self.table.dress = self.dress
        self.status = W.HTML()
        self.progress_panel = ProgressPanel()
        self.review_panel = HandReviewPanel()
        self.story_panel = StoryPanel()
        self.scores_panel = ScoresPanel()
        self.panels: list[Panel] = [self.progress_panel, self.review_panel, self.story_panel,
                                    self.scores_panel]
        # A fixed pool of buttons, one per verb, shown and hidden: nothing is ever re-made.
        self.verb_buttons: dict[str, W.Button] = {}
        say = self.speaking  # every callback speaks the view's language
        for verb, (label, tip) in driver.adapter.buttons().items():
            b = button(label, tip)
            b.on_click(say(lambda _b, v=verb: router.press(v)))
            b.layout.display = "none"
            self.verb_buttons[verb] = b
        self.actions = W.HBox(list(self.verb_buttons.values()),
                              layout=W.Layout(flex_flow="row wrap"))
        self.yes = button("Yes", "Go ahead")
        self.no = button("No", "Keep it")  # their words: ``relabel``
        # The question takes the row's room and wraps its words; Yes and No keep theirs and
        # go under it where the column is narrow (they were cut to "Y…" and "N…").
        self.question = W.HTML(layout=W.Layout(flex="1 1 12em", min_width="0"))
        self.yes.on_click(say(lambda _b: router.confirmed()))
        self.no.on_click(say(lambda _b: router.drop_confirm()))
        self.confirm = W.HBox([self.question, self.yes, self.no],
                              layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.confirm.layout.display = "none"
        self.ready = button("Ready", "Show the table to the seat whose turn it is")
        self.ready.on_click(say(lambda _b: router.take_over()))
        self.ready.layout.display = "none"
        self.next_hand = button("Next", "")
        self.new_match = button("New", "")
        self.undo = button("↶ Undo", "")
        self.teacher = W.Checkbox(value=False, description="Show every card (practice)",
                                  indent=False, layout=W.Layout(width="auto"))
        self.pace = W.FloatSlider(value=float(pace), min=0.0, max=3.0, step=0.1,
                                  description="Pace (s)", layout=W.Layout(width="240px"))
        self.relabel()
        self.next_hand.on_click(say(lambda _b: driver.next_hand()))
        self.new_match.on_click(say(lambda _b: router.restart()))
        self.undo.on_click(say(lambda _b: driver.undo()))
        self.teacher.observe(say(lambda _c: host.redraw()), "value")
        practice = driver.practice
        self.undo.layout.display = "" if practice else "none"
        alone = len(driver.humans) == 1
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
        self.controls = W.VBox([self.progress_panel.widget, self.status, self.ready,
                                self.actions, self.confirm, self.bar, self.news,
                                self.review_panel.widget],
                               layout=W.Layout(flex="1 1 280px", min_width="260px"))
        self.told = W.VBox([self.story_panel.widget, self.scores_panel.widget],
                           layout=W.Layout(flex="1 1 280px", min_width="260px"))
        side = W.HBox([self.controls, self.told],
                      layout=W.Layout(flex=f"1 1 {self.SIDE_BASIS}px", flex_flow="row wrap",
                                      align_content="flex-start", min_width="280px"))
        from ..sizing import WidthProbe
        from .screen import RoomProbe

        # The width of the whole view says whether the words stand beside the table or
        # under it (the page's flex wrap decides by the same two widths).
        self.probe = WidthProbe()
        self.probe.on_width(say(self.page_width))
        # The screen's height and the table's place on the page say how high it may be.
        self.room_probe = RoomProbe()
        self.room_probe.on_room(say(self.page_room))
        self.table_row = W.HBox([self.table, side],
                                layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.children: list[W.Widget] = [self.room_probe, self.table_row, self.probe]

    def speaking(self, fn: Any) -> Any:
        """``fn`` run in the view's language (``parts.speaking``)."""
        return speaking(self.host, fn)

    def relabel(self) -> None:
        """Every button's and control's words, in the language in use: made once here, and
        again when the view's language changes (``Play.language``)."""
        spec = self.driver.spec
        word, whole = spec.hand_word, spec.match_word
        for verb, (label, tip) in self.driver.adapter.buttons().items():
            b = self.verb_buttons.get(verb)
            if b is not None:
                b.description, b.tooltip = label, tip
        # i18n: the Yes and No beside a question at the table ("Start a new match? …")
        self.yes.description, self.yes.tooltip = pgettext("button", "Yes"), _("Go ahead")
        self.no.description, self.no.tooltip = pgettext("button", "No"), _("Keep it")
        # i18n: the hot seat's button, before the next person's name is on it
        self.ready.description = _("Ready")
        self.ready.tooltip = _("Show the table to the seat whose turn it is")
        # i18n: the button that deals the next hand: "Next hand ▶"
        self.next_hand.description = _("{next_hand} ▶").format(
            next_hand=hand_phrase(word, "next"))
        self.next_hand.tooltip = _("Settle {this_hand} and deal the next").format(
            this_hand=hand_phrase(word, "this"))
        self.new_match.description = match_phrase(whole, "new")
        self.new_match.tooltip = _("Start {the_match} again from {the_first_hand}").format(
            the_match=match_phrase(whole, "the"), the_first_hand=hand_phrase(word, "the first"))
        self.undo.description = _("↶ Undo")
        self.undo.tooltip = _("Take back your last decision (practice mode)")
        self.teacher.description = _("Show every card (practice)")
        # i18n: the slider of the computer's pace, in seconds between moves
        self.pace.description = _("Pace (s)")

    def add_panel(self, panel: Panel, place: str = "controls") -> Panel:
        """Show ``panel`` at the end of the controls (``"controls"``) or of the story's
        column (``"told"``), and refresh it with the others from now on."""
        box = self.controls if place == "controls" else self.told
        box.children = (*box.children, panel.widget)
        self.panels.append(panel)
        return panel

    def dress(self, model: Any) -> Any:
        """What the match adds to the picture of its hand (a game's ``dress``: balances on
        the plates), then what each panel draws on the table (a panel's ``dress``)."""
        dress = getattr(self.driver.adapter, "dress", None)
        if dress is not None:
            model = dress(self.driver.match, model)
        for panel in self.panels:
            more = getattr(panel, "dress", None)
            if more is not None:
                model = more(self.host, model)
        return model

    def page_width(self, width: int) -> None:
        """The view is ``width`` pixels wide: the table is drawn flatter when the words and
        buttons go under it, so that both fit on the screen at once."""
        stacked = width < self.TABLE_BASIS + self.SIDE_BASIS
        aspect = self.STACKED_ASPECT if stacked else self.ASPECT
        if aspect != self.table.aspect:
            self.table.aspect = aspect
            self.table.fit(self.table.probe.width or self.table.size[0])

    def page_room(self, screen: int, top: int) -> None:
        """The page scrolls in a screen ``screen`` pixels high and the table's row starts
        ``top`` pixels down it: the table is drawn no higher than the room under its top
        (Voilà's page, a header above the table), or than one screen where it stands
        further down (``TableView``'s ``room`` chooses)."""
        if screen <= 0:
            return
        margin = self.ROOM_MARGIN
        self.table.room = (screen - top - margin, screen - margin)
        self.table.fit(self.table.probe.width or self.table.size[0])

    def say(self, text: str) -> None:
        self.status.value = status_html(html.escape(text))

    def show_question(self, text: str | None) -> None:
        """Ask ``text`` with Yes and No beside it, or (``None``) hide the question."""
        if text is None:
            self.confirm.layout.display = "none"
            return
        self.question.value = html.escape(text)
        self.confirm.layout.display = ""

    def announce(self, markup: str) -> None:
        self.news.value = status_html(markup) if markup else ""

    # -- drawing ----------------------------------------------------------------------------

    def refresh(self, keep_status: bool = False) -> None:
        """Draw the table and the controls from the driver and the router, then every
        panel; ``keep_status`` keeps the line just said."""
        driver, router, host = self.driver, self.router, self.host
        hand = driver.hand
        handover = router.handover_due()
        if handover is not None:
            name = driver.game.names[handover]
            self.table.show(hand, None, cover=_("Pass the screen to {name}").format(name=name))
            for b in self.verb_buttons.values():
                b.layout.display = "none"
            self.ready.description = _("I am {name}: show my cards").format(name=name)
            self.ready.layout.display = ""
            self.say(_("{owner} turn. Pass the screen to {name}, then click the table.").format(
                owner=Voice(driver.game.names, None).owner(handover), name=name))
            for panel in self.panels:
                if not panel.handover:
                    getattr(panel, "clear", lambda: None)()
            return
        self.ready.layout.display = "none"
        for panel in self.panels:  # a panel that draws on the table works out what first
            prepare = getattr(panel, "prepare", None)
            if prepare is not None:
                prepare(host)
        targets, selected = router.targets()
        headline = ""
        match = driver.match
        spec = driver.spec
        adapter = driver.adapter
        if match.is_over:
            progress = getattr(adapter, "progress", None)
            headline = progress(match) if progress else _("{the_match} is over.").format(
                the_match=cap(match_phrase(spec.match_word, "the")))
        # A card chosen: the table says where it goes, as the words beside it do (its own
        # line, from the state, would still say to pick one).
        self.table.show(hand, host.viewer(), targets=targets,
                        selected=selected, headline=headline,
                        status=_(self.CHOSEN) if router.clicks else "")
        acting = router.acting_human()
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
            for verb in {a.verb for a in router.picks()} & set(self.verb_buttons):
                self.verb_buttons[verb].description = pick_button(verb, len(router.picked))
        self.next_hand.disabled = not hand.is_over or match.is_over
        self.undo.disabled = not any(a.seat == router.screen for a in hand.actions)
        if not keep_status:
            self.status.value = status_html(html.escape(self.status_text()))
        for panel in self.panels:
            panel.refresh(host)

    def status_text(self) -> str:
        """What the status line says now: what happened, and what to do next."""
        driver, router = self.driver, self.router
        hand = driver.hand
        names = driver.game.names
        spec = driver.spec
        said: str = driver.adapter.status(hand, self.host.viewer())
        if driver.match.is_over:
            # i18n: {said} is the game's own line of what happened; then the match is over
            return _("{said} {over}").format(said=said, over=driver.over_words())
        if hand.is_over:
            out = driver.sitting_out()
            # i18n: {next_hand} is the button's words, "Next hand"
            return _("{said} {out}").format(said=said, out=out) if out else _(
                "{said} Press {next_hand}.").format(said=said,
                                                    next_hand=hand_phrase(spec.hand_word, "next"))
        if router.clicks:
            return _("{chosen} Click the card again to choose another.").format(
                chosen=_(self.CHOSEN))
        if router.picked:
            n = len(router.picked)
            return ngettext("{said} {n} picked; click a picked card again to put back.",
                            "{said} {n} picked; click a picked card again to put back.",
                            n).format(said=said, n=n)
        if driver.human_turn() is None:
            to_act = hand.to_act
            if to_act is not None and 0 <= to_act < len(names):
                return _("{said} {name} is thinking…").format(said=said, name=names[to_act])
        return said
