"""The coach at the table: a Hint button, the review after each hand, and what the others
might hold. One panel of ``Play`` (see ``panels.py``); it names no game, and reads and asks
the view only through ``ports.PanelHost`` (a test builds it on a fake host).

- **Hint** asks ``kortspel.coach.hint`` for the seat whose turn it is: the options are drawn
  on the table (each option's card or place notes its number, the best outlined, the rest
  marked; the middle lists the best few) and the words stand under the button.
- **The review** starts when a hand you played in ends: one decision is judged per slice of
  the view's timer (``Play.soon``), so the table stays usable, and a line says how far it
  has got. Then, in a box of bounded height, the summary (the costliest decision explained,
  once), the decisions with their grades and the luck bars; and **Step through the hand**:
  a replay with each decision's grade as its note, under the table, scrolled into sight.
- **What might they hold?** (a toggle) writes beside each opponent its likeliest unseen
  cards, from the search's world sampler, and lists them in words under it.

Everything is text first (a screen reader reads the words; a grade is a word and a sign,
never a colour alone), and nothing here changes the match.
"""

from __future__ import annotations

import html
import random
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import ipywidgets as W

from kortspel import CHANCE, KortspelError, coach, search
from kortspel.i18n import _, ngettext, percent, using

from ..model import Badge, TableModel
from ..parts import button, card_words, close_all, speaking, status_html
from ..views import Replay
from ..words import cap, hand_phrase
from .luck_bars import luck_html
from .panels import Panel
from .ports import PanelHost
from .screen import IntoView


def _key(hand: Any) -> tuple[int, int]:
    return (id(hand), len(hand.actions))


class CoachPanel(Panel):
    """Hint, review and beliefs for the human seat of a ``Play`` (its ``host``).

    ``hints`` shows the Hint button, ``beliefs`` the belief toggle (``None``: as ``hints``),
    and ``review`` judges each finished hand; each is the teacher's switch, off for a test.
    ``seconds`` is a hint's thinking time and ``review_seconds`` each reviewed
    decision's; ``playouts`` (for tests) fixes the number of sampled deals instead, so the
    answers are the same every time."""

    LISTED = 8  # more decisions than this: only those that cost are listed by name
    _closed = False

    def __init__(self, host: PanelHost, *, hints: bool, review: bool, beliefs: bool | None = None,
                 seconds: float = 1.0, review_seconds: float = 0.3,
                 playouts: int | None = None) -> None:
        self.host = host
        self.able = search.searchable(host.spec.name)
        self.hints = hints and self.able
        self.reviews = review and self.able
        self.beliefs = (hints if beliefs is None else beliefs) and self.able
        self.seconds, self.review_seconds, self.playouts = seconds, review_seconds, playouts
        self.hint: coach.Hint | None = None
        self._placed: set[Any] = set()  # options whose place is on the table
        self._buttons_changed: dict[str, str] = {}  # verb -> its button's own words
        self._hint_for: tuple[int, int] | None = None
        self._beliefs: dict[int, coach.Belief] = {}
        self._beliefs_for: tuple[int, int] | None = None
        self.reviewer: coach.Reviewer | None = None
        self.result: coach.Review | None = None
        self._reviewed: int | None = None  # id of the hand reviewed (or under review)
        self._record: dict[str, Any] | None = None
        self.replay: Replay | None = None
        say = speaking  # every callback speaks the view's language
        self.hint_button = button("Hint", "")
        self.hint_button.on_click(say(host, lambda _b: self.ask()))
        self.believe = W.ToggleButton(value=False, layout=W.Layout(width="auto",
                                                                   flex="0 0 auto"))
        self.believe.observe(say(host, self._believe_toggled), "value")
        self.words = W.HTML()
        self.belief_words = W.HTML()
        self.progress = W.HTML()
        # A bounded box: a long review scrolls inside it, the summary at its top.
        self.review_words = W.HTML(layout=W.Layout(max_height="24em", overflow="auto"))
        self.review_words.add_class("kortspel-review")  # how a browser test finds it
        self.step_button = button("Step through", "")
        self.step_button.on_click(say(host, lambda _b: self.step_through()))
        self.step_button.layout.display = "none"
        self.close_replay = button("Close the replay", "")
        self.close_replay.on_click(say(host, lambda _b: self._drop_replay()))
        self.relabel()
        self.close_replay.layout.display = "none"
        # The step-through is as wide as the view, under the table (the view places it):
        # in the column beside the table its words would be drawn too small to read.
        self.replay_box = W.VBox([])
        row = W.HBox([self.hint_button, self.believe], layout=W.Layout(flex_flow="row wrap"))
        # Each switched off is not shown at all (a test): the row too when both are off.
        if not self.hints:
            self.hint_button.layout.display = "none"
        if not self.beliefs:
            self.believe.layout.display = "none"
        if not (self.hints or self.beliefs):
            row.layout.display = "none"
        self.widget = W.VBox([row, self.words, self.belief_words, self.progress,
                              self.review_words,
                              W.HBox([self.step_button, self.close_replay])])
        self.widget.add_class("kortspel-coach")

    def relabel(self) -> None:
        """The buttons' words in the language in use: made once, and again when the view's
        language changes (then a hint on show, said in the other language, is dropped)."""
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("What is each choice worth? The coach samples the cards "
                                     "you cannot see and plays every option out")
        self._believe_words()
        self.believe.tooltip = _("Beside each opponent, the cards it may hold, as far as you "
                                 "can tell")
        the_hand = hand_phrase(self.host.spec.hand_word, "the")
        # i18n: the button under the review: "Step through the hand ▶"
        self.step_button.description = _("Step through {the_hand} ▶").format(the_hand=the_hand)
        self.step_button.tooltip = _("Replay {the_hand} with each of your decisions "
                                     "graded").format(the_hand=the_hand)
        self.close_replay.description = _("Close the replay")
        self.close_replay.tooltip = _("Back to the table")
        if self.hint is not None:
            self.hint, self._hint_for = None, None
            self.words.value = ""
        self._beliefs, self._beliefs_for = {}, None

    def _believe_words(self) -> None:
        # The button's words say its state too (not its shade alone).
        self.believe.description = (_("Hide what they might hold") if self.believe.value
                                    else _("What might they hold?"))

    def _believe_toggled(self, change: dict[str, Any]) -> None:
        self._believe_words()
        self.host.redraw()

    # -- the hint -------------------------------------------------------------------------

    def _rng(self, *parts: Any) -> random.Random:
        return random.Random(":".join(map(str, (self.host.seed, *parts))))

    def ask(self) -> coach.Hint | None:
        """Press Hint: the options of the seat to act, if it is a human's turn (said in
        the view's language)."""
        with using(getattr(self.host, "language", None)):
            return self._ask()

    def _ask(self) -> coach.Hint | None:
        host = self.host
        hand = host.hand
        if not self.hints:
            return None
        seat = host.human_turn()
        if hand.is_over or seat is None:
            self.words.value = status_html(html.escape(
                _("The coach's hint is for your own turn: wait until it is your move.")))
            return None
        try:
            h = coach.hint(hand, seconds=None if self.playouts else self.seconds,
                           playouts=self.playouts, rng=self._rng("hint", len(hand.actions)))
        except KortspelError as err:
            self.words.value = status_html(html.escape(
                _("No hint here: {why}.").format(why=err)))
            return None
        self.hint, self._hint_for = h, _key(hand)
        best = h.labels[0]
        # An option made by picking cards (an exchange) has no place of its own: its number
        # shows on the button once its cards are picked, the button saying what it plays.
        where = (_("Each option's number is on the table at its card or place, or on the "
                   "button that plays it; an option made by picking cards shows its number on "
                   "the button once those cards are picked; the best is outlined.")
                 if host.picks() else
                 _("Each option's number is on the table at its card or place, or on the "
                   "button that plays it; the best is outlined."))
        # i18n: the head of the hint's words ("Coach: …") and of its best option
        coach_head = _("Coach:")
        best_line = _("Best: {option} (★).").format(option=best)
        self.words.value = status_html(
            f"<b>{html.escape(coach_head, quote=False)}</b> {html.escape(h.words)}<br><small>"
            f"{html.escape(best_line)} {html.escape(where, quote=False)}</small>")
        host.redraw()
        return h

    def _current_hint(self) -> coach.Hint | None:
        if self.hint is not None and self._hint_for == _key(self.host.hand):
            return self.hint
        return None

    # -- drawing on the table -------------------------------------------------------------

    def dress(self, host: PanelHost, model: TableModel) -> TableModel:
        """The hint's numbers and the beliefs, drawn on the table's model."""
        h = self._current_hint()
        if h is not None:
            model = self._dress_hint(model, h)
        if self.beliefs and self.believe.value and self._beliefs:
            seats = []
            for sv in model.seats:
                b = self._beliefs.get(sv.seat)
                likely = b.likely(2) if b is not None and not b.even else []
                if b is not None and b.even:
                    # i18n: beside an opponent's name plate: nothing tells its cards apart
                    sv = replace(sv, notes=(*sv.notes, _("might hold anything")))
                if likely:
                    # i18n: beside an opponent's name plate: "might hold K♠ 40%, 7♦ 35%"
                    words = _("might hold {cards}").format(cards=", ".join(
                        _("{card} {chance}").format(card=card_words(c), chance=percent(p))
                        for c, p in likely))
                    sv = replace(sv, notes=(*sv.notes, words))
                seats.append(sv)
            model = replace(model, seats=tuple(seats))
        return model

    def _dress_hint(self, model: TableModel, h: coach.Hint) -> TableModel:
        host = self.host
        seat = h.seat
        legal = [o.action for o in h.options]
        try:
            paths = host.adapter.paths(host.hand, seat, legal)
        except KortspelError:
            paths = {}
        number: dict[Hashable, str] = {}
        best_ref: Hashable | None = None
        for i, o in enumerate(h.options):
            path = paths.get(o.action) or ()
            if not path:
                continue
            ref = path[0] if len(path) == 1 else path[-1] if path[0] in number else path[0]
            if ref in number:
                continue  # the better option of the two is shown (they come best first)
            number[ref] = h.labels[i].rsplit(": ", 1)[-1]
            if i == 0:
                best_ref = ref

        # A number goes on a zone's label where the option's place is a zone, else under
        # its card: never both.
        zone_refs = {z.ref for s in model.seats for z in s.zones} | {z.ref for z in model.centre}

        def card(c: Any) -> Any:
            if c.ref not in number:
                return c
            c = replace(c, highlight="selected" if c.ref == best_ref else "target")
            if c.ref not in zone_refs:
                c = replace(c, note=("★ " if c.ref == best_ref else "") + number[c.ref])
            return c

        def zone(z: Any) -> Any:
            z = replace(z, cards=tuple(card(c) for c in z.cards))
            if z.ref is not None and z.ref in number:
                mark = "★ " if z.ref == best_ref else ""
                z = replace(z, label=f"{z.label} {mark}{number[z.ref]}".strip(),
                            highlight="selected" if z.ref == best_ref else "target")
            return z

        seats = tuple(replace(s, zones=tuple(zone(z) for z in s.zones)) for s in model.seats)
        self._placed = {o.action for o in h.options if (paths.get(o.action) or ())}
        # The best option in words in the middle, in the gold of the table's own notices
        # (its measure is said beside the table: the middle has room for one short line).
        # i18n: the hint's gold line in the middle of the table: "Hint ★ Swap: 22%"
        badge = Badge("text", "hint", _("Hint ★ {option}").format(option=h.labels[0]))
        return replace(model, seats=seats, centre=tuple(zone(z) for z in model.centre),
                       badges=(*model.badges, badge))

    # -- each refresh -----------------------------------------------------------------------

    def prepare(self, host: PanelHost) -> None:
        """Before the table is drawn: forget a hint of a position gone, and work out the
        beliefs for the position on show, so ``dress`` draws what is current."""
        hand = host.hand
        if self._hint_for is not None and self._hint_for != _key(hand):
            self.hint, self._hint_for = None, None
            self.words.value = ""
        if not (self.beliefs and self.believe.value) or hand.is_over:
            self._beliefs, self._beliefs_for = {}, None  # at the end the cards are shown
            return
        if self._beliefs_for != _key(hand) and not hand.is_over:
            self._beliefs_for = _key(hand)
            try:
                self._beliefs = coach.beliefs(hand, host.screen,
                                              self._rng("beliefs", len(hand.actions)),
                                              worlds=60 if self.playouts else 300)
            except KortspelError as err:
                self._beliefs = {}
                self.belief_words.value = status_html(html.escape(
                    _("No guess here: {why}.").format(why=err)))

    def _number_buttons(self, host: PanelHost) -> None:
        """A button carries the number of the option a press of it plays now (the router's
        ``button_action``), and the star only when that option is the best.

        Why not the best number of the button's verb: one Exchange button plays whichever
        exchange the cards picked make, Keep all three when none is picked. Labelled with
        the verb's best (an exchange chosen by clicking cards), it read "Keep all three · ★"
        and a pupil who pressed it kept the hand and was graded a blunder."""
        for verb, text in self._buttons_changed.items():
            b = host.verb_buttons.get(verb)
            if b is not None and b.description.startswith(text):
                b.description = text
        self._buttons_changed = {}
        h = self._current_hint()
        if h is None:
            return
        label_of = {o.action: label for o, label in zip(h.options, h.labels, strict=True)}
        for verb, b in host.verb_buttons.items():
            if b.layout.display == "none":
                continue
            action = host.button_action(verb)
            if action is None or action in self._placed or action not in label_of:
                continue
            self._buttons_changed[verb] = b.description
            mark = "★ " if action == h.best.action else ""
            b.description = f"{b.description} · {mark}{label_of[action].rsplit(': ', 1)[-1]}"

    def refresh(self, host: PanelHost) -> None:
        hand = host.hand
        self._number_buttons(host)
        self.hint_button.disabled = hand.is_over or host.human_turn() is None
        if not (self.beliefs and self.believe.value) or hand.is_over:
            self.belief_words.value = ""
        elif self._beliefs:
            items = "".join(f"<li>{html.escape(b.words)}</li>" for b in self._beliefs.values())
            # i18n: the head of the list of what each opponent might hold
            head = html.escape(_("What might they hold"), quote=False)
            seen = html.escape(_("(from what you have seen):"), quote=False)
            self.belief_words.value = (
                f"<div role='status'><b>{head}</b> {seen}"
                f"<ul style='margin:2px 0'>{items}</ul></div>")
        if self.reviews and hand.is_over and self._reviewed != id(hand):
            self._start_review()

    # -- the review -------------------------------------------------------------------------

    def _start_review(self) -> None:
        host = self.host
        hand = host.hand
        self._reviewed = id(hand)
        seat = host.screen
        self.result = None
        self._drop_replay()
        self.step_button.layout.display = "none"
        if not any(a.seat == seat for a in hand.actions):
            self.reviewer = None
            self.review_words.value = ""
            self.progress.value = ""
            return
        self._record = hand.record()
        hands = len(getattr(host.match, "history", ()))
        try:
            self.reviewer = coach.Reviewer(
                self._record, seat, seconds=None if self.playouts else self.review_seconds,
                rng=self._rng("review", hands), playouts=self.playouts)
        except KortspelError as err:
            self.reviewer = None
            self.progress.value = status_html(html.escape(
                _("No review: {why}.").format(why=err)))
            return
        self.review_words.value = ""
        self._say_progress()
        host.soon(self._review_slice)

    def _say_progress(self) -> None:
        r = self.reviewer
        if r is None:
            return
        self.progress.value = status_html(html.escape(
            _("The coach is reviewing your decisions of {this_hand}: {done} of {total} done. "
              "The table is yours meanwhile.").format(
                this_hand=hand_phrase(self.host.spec.hand_word, "this"),
                done=len(r.decisions), total=r.total)))

    def _review_slice(self) -> None:
        """Judge one decision; come back for the next, or show the review."""
        r = self.reviewer
        if r is None or self._reviewed is None:
            return
        try:
            r.step()
        except KortspelError as err:
            self.progress.value = status_html(html.escape(
                _("The review stopped: {why}.").format(why=err)))
            self.reviewer = None
            return
        if not r.done:
            self._say_progress()
            self.host.soon(self._review_slice)
            return
        self.result = r.result()
        self.progress.value = ""
        self._show_review(self.result)

    def _show_review(self, rv: coach.Review) -> None:
        """The review in a box of bounded height beside the table: the summary first (how
        the hand went, and the costliest decision with what it cost, said there once), then
        the decisions, the costliest by its move and grade only, then the luck bars.

        Why so: a whole Gnällknekt game is some hundred decisions, and the list made a
        column many screens long beside the table; the summary, the list and a
        "Costliest" line said the costliest decision three times over."""
        word = self.host.spec.hand_word
        counts = coach.grades_counted(rv.grades())
        shown = list(rv.decisions)
        fine = [d for d in shown if d.grade in ("best", "good")]
        if len(shown) > self.LISTED and fine:
            # A long hand (a whole Gnällknekt game): the decisions that cost are listed, the
            # rest counted; the step-through shows every one.
            shown = [d for d in shown if d.grade not in ("best", "good")]
        worst = rv.costliest

        def item(d: coach.Decision) -> str:
            if d is worst and worst is not None:
                # Its sign, move and grade; what it cost is the summary's, above.
                said = d.words.split(" — ", 1)[0]
                # i18n: the costliest decision in the review's list, said in the summary
                said = _("{decision} — the costliest, said above").format(decision=said)
                head, _sep, tail = said.partition(" — ")
                return f"<li><b>{html.escape(head)}</b> — {html.escape(tail, quote=False)}</li>"
            return f"<li>{html.escape(d.words)}</li>"

        items = "".join(item(d) for d in shown)
        if len(shown) < len(rv.decisions):
            n = len(rv.decisions) - len(shown)
            marks = {"best": coach.MARKS["best"], "good": coach.MARKS["good"]}
            rest = (ngettext("… and {n} more decision, each best or good ({best} or {good}; "
                             "step through to see them).",
                             "… and {n} more decisions, each best or good ({best} or {good}; "
                             "step through to see them).", n) if shown else
                    ngettext("… and {n} decision, each best or good ({best} or {good}; step "
                             "through to see them).",
                             "… and {n} decisions, each best or good ({best} or {good}; step "
                             "through to see them).", n)).format(n=n, **marks)
            items += f"<li>{html.escape(rest, quote=False)}</li>"
        title = _("The coach's review of {your_last_hand}").format(
            your_last_hand=hand_phrase(word, "your last"))
        head = (f"<b>{html.escape(title, quote=False)}</b>"
                + (f" ({html.escape(counts)})" if counts else ""))
        summary = f"<p style='margin:2px 0'>{html.escape(rv.summary)}</p>"
        yours = html.escape(_("Your decisions"), quote=False)
        decisions = (f"<b>{yours}</b><ol style='margin:2px 0'>{items}</ol>"
                     if items else "")
        # The bars last: the coach's figures drawn, which its summary has said in words.
        bars = luck_html(rv.luck) if rv.luck is not None else ""
        self.review_words.value = (
            "<div role='status' aria-live='polite' style='line-height:1.35'>"
            f"{head}{summary}{decisions}{bars}</div>")
        self.step_button.layout.display = "" if rv.decisions else "none"

    def graded_record(self) -> dict[str, Any] | None:
        """The reviewed hand's record with each judged decision's words as its note."""
        if self.result is None or self._record is None:
            return None
        rec = dict(self._record)
        actions = [dict(a) for a in rec.get("actions", [])]
        final = self.reviewer.final if self.reviewer is not None else None
        if final is None:
            return rec
        # The record lists the players' actions; the frames count chance turns too.
        index, k = {}, 0
        for i, act in enumerate(final.actions):
            if act.seat != CHANCE:
                index[i] = k
                k += 1
        for d in self.result.decisions:
            j = index.get(d.step)
            if j is not None and j < len(actions):
                actions[j]["comment"] = d.words
        rec["actions"] = actions
        rec["title"] = _("{your_hand}, graded by the coach").format(
            your_hand=cap(hand_phrase(self.host.spec.hand_word, "your")))
        rec["summary"] = self.result.summary
        return rec

    def step_through(self) -> Replay | None:
        """Show the reviewed hand step by step, each decision's grade as its note. A closed
        view (``close()``) refuses with a ``CoachError`` and makes no widget."""
        with using(getattr(self.host, "language", None)):
            return self._step_through()

    def _step_through(self) -> Replay | None:
        if self._closed or self.host.closed:
            raise coach.CoachError(
                "this view is closed, and a closed view shows nothing: step through a hand in "
                "a view that is open (make a new Play, or kortspel.widgets.Replay(record) for "
                "a record)")
        rec = self.graded_record()
        if rec is None:
            return None
        self._drop_replay()
        self.replay = Replay(rec, viewer=None, language=getattr(self.host, "language", None))
        # It appears under the table, below the edge of a laptop's screen: it scrolls
        # itself into sight, or a pupil who pressed the button would see nothing happen.
        self.replay_box.children = (IntoView(), self.replay)
        self.close_replay.layout.display = ""
        return self.replay

    def _drop_replay(self) -> None:
        if self.replay is not None:
            shown = self.replay_box.children
            self.replay_box.children = ()
            for w in shown:
                close_all(w)
            self.replay = None
        self.close_replay.layout.display = "none"

    def close(self) -> None:
        self._closed = True
        self._reviewed = None
        self.reviewer = None
        self._drop_replay()
        close_all(self.widget)
