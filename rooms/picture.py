"""A seat's table drawn for the pupils' page: the project's own picture, made on the server.

The pupils' page (``/play``, ``static/pupil.*``) is plain browser script: it cannot run the
widgets, and the site's in-browser Python cannot hold a room's socket. So a connection that
joins with ``"view": "svg"`` is sent, with each ``update``, the table as the views draw it
(``adapter.model(state, seat)`` -> ``layout`` -> ``svg_from_layout``), the status sentence,
the story of the hand and the buttons of its legal verbs; the page sends back where the
pointer went down (in the drawing's own pixels) or a button's verb, and this module turns
that into the seat's action with the same rules as the play page's click router
(``widgets/play/router.py``): one-click paths, two-click paths (a card, then its target),
and cards picked for a button (Köpknack's exchange).

Privacy holds by construction, as for the rest of a seat's messages: an adapter builds a
seat's model from ``state.observation(seat)`` alone (the ``Adapter.model`` contract), and the
clickable refs come from the seat's own legal actions. The Python client and the load tool
never ask for a picture, so they cost nothing here; the widget modules are imported only when
a first page asks (they need neither ipywidgets nor ipycanvas: only the table's arithmetic
and its SVG painter).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Hashable, Sequence
from typing import Any

from kortspel import Action
from kortspel.i18n import _

from .room import COLUMNS, RoomError

log = logging.getLogger("kortspel.rooms")

STATUS_WORDS = 240
"""The longest status sentence a page is sent (the adapters' are one short line)."""


def widgets(module: str) -> Any:
    """A module of the views' table core (``games``, ``geometry``, ``drawing``, ``model``),
    imported when a first page asks. By name, as ``kortspel.widgets`` lives in ``widgets/``
    where the type checker does not follow it (pyproject.toml, ``[tool.mypy]``); none of
    these modules needs ipywidgets or ipycanvas."""
    return importlib.import_module(f"kortspel.widgets.{module}")


class Picture:
    """One connection's picture of its seat, and the clicks chosen so far on it.

    ``draw`` makes the picture for the table as it is now and keeps its layout, so that a
    click is hit-tested against the very drawing the pupil saw; ``forget`` drops a half-made
    choice (the table moved on); ``click`` and ``press`` return the action to play, or
    ``None`` when the click only chose a card (the page is then drawn again), or raise a
    ``RoomError`` that says why the click is no move."""

    def __init__(self, game: str) -> None:
        self.adapter: Any = widgets("games").adapter_for(game)
        self.clicks: tuple[Hashable, ...] = ()
        self.picked: frozenset[Hashable] = frozenset()
        self.layout: Any = None

    def forget(self) -> None:
        self.clicks, self.picked = (), frozenset()

    # -- what a seat may click ---------------------------------------------------------------

    def _routes(self, hand: Any, seat: int, legal: Sequence[Action]
                ) -> list[tuple[Action, tuple[Hashable, ...]]]:
        if not legal:
            return []
        routes = list(self.adapter.paths(hand, seat, legal).items())
        more = getattr(self.adapter, "more_paths", None)
        if more is not None:
            routes += more(hand, seat, legal)
        return routes

    def _picks(self, hand: Any, seat: int, legal: Sequence[Action]
               ) -> dict[Action, frozenset[Hashable]]:
        picks = getattr(self.adapter, "picks", None)
        if picks is None or not legal:
            return {}
        found: dict[Action, frozenset[Hashable]] = picks(hand, seat, legal)
        return found

    def _marks(self, hand: Any, seat: int, legal: Sequence[Action]
               ) -> tuple[frozenset[Hashable], frozenset[Hashable]]:
        """The refs a next click may go to, and the ones chosen so far."""
        n = len(self.clicks)
        routes = self._routes(hand, seat, legal)
        nxt = frozenset(p[n] for _, p in routes if p[:n] == self.clicks and len(p) > n)
        pickable = frozenset().union(*self._picks(hand, seat, legal).values())
        return nxt | (pickable - self.picked), frozenset(self.clicks) | self.picked

    def buttons(self, hand: Any, seat: int, legal: Sequence[Action]) -> list[dict[str, str]]:
        """The buttons of the verbs the seat may play now, as the play page shows them: a
        verb made by two clicks has none (its first click would be missing)."""
        verbs = {a.verb for a in legal}
        two_clicks = {a.verb for a, p in self._routes(hand, seat, legal) if len(p) > 1}
        label_for = getattr(self.adapter, "pick_button", None)
        picked = {a.verb for a in self._picks(hand, seat, legal)}
        out = []
        for verb, (label, title) in self.adapter.buttons().items():
            if verb in verbs and verb not in two_clicks:
                if verb in picked and label_for is not None:
                    label = label_for(verb, len(self.picked))
                out.append({"verb": verb, "label": label, "title": title})
        return out

    # -- the picture -------------------------------------------------------------------------

    def draw(self, hand: Any, seat: int, legal: Sequence[Action], match: Any
             ) -> dict[str, Any]:
        """What the page shows of the table now (the ``table`` of an ``update``): the drawing,
        its size, the sentence of what happens now, the story of the hand, the buttons, the
        boxes a click may go to (where the drawing outlines them: for a cursor, and for a
        test to aim at), and the standings."""
        targets, chosen = self._marks(hand, seat, legal)
        model = widgets("model").mark(self.adapter.model(hand, seat), targets=targets,
                                      selected=chosen)
        self.layout = widgets("geometry").layout(model)
        out: dict[str, Any] = {
            "svg": widgets("drawing").svg_from_layout(self.layout,
                                                      title=_(self.adapter.title)),
            "width": self.layout.width, "height": self.layout.height,
            "status": str(self.adapter.status(hand, seat))[:STATUS_WORDS],
            "lines": self._lines(hand, seat),
            "buttons": self.buttons(hand, seat, legal),
            "targets": [dict(zip("xywh", box, strict=True)) for box in dict.fromkeys(
                (round(b.x, 1), round(b.y, 1), round(b.w, 1), round(b.h, 1))
                for ref in sorted(targets, key=repr) for b in self.layout.boxes_of(ref))],
            "chosen": bool(chosen)}
        progress = getattr(self.adapter, "progress", None)
        if progress is not None:
            out["progress"] = str(progress(match))
        standings = getattr(self.adapter, "standings", None)
        out["standings"] = standings(match) if standings is not None else match.standings()
        keys = dict.fromkeys(k for row in out["standings"] for k in row)
        out["columns"] = {k: _(COLUMNS[k]) if k in COLUMNS else k for k in keys}
        return out

    def confirm(self, hand: Any, action: Action) -> str | None:
        """A question to ask before ``action`` (Kille's "swap away a matador?"), from the
        adapter's optional ``confirm``, as the play page asks it; ``None`` for none."""
        ask = getattr(self.adapter, "confirm", None)
        question: str | None = ask(hand, action) if ask is not None else None
        return question or None

    def _lines(self, hand: Any, seat: int) -> list[str]:
        """The story of the hand as the game tells it to this seat; should the telling
        fail (a bug), the events' own words this seat was sent anyway, so that a bug in a
        sentence never stops a table."""
        try:
            return [str(line) for line in self.adapter.lines(hand, seat)]
        except Exception:
            log.exception("the story of a %s hand could not be told", self.adapter.game)
            return [str(e.text) for e in hand.events
                    if e.visible is None or seat in e.visible]

    # -- the pupil's input -------------------------------------------------------------------

    def hit(self, x: Any, y: Any) -> Hashable | None:
        """The ref under a point of the last drawing, in its own pixels."""
        if type(x) not in (int, float) or type(y) not in (int, float):
            raise RoomError("bad-click", _('a click is {"type": "click", "x": 120, "y": '
                                           '340}: the point in the drawing\'s own pixels'))
        if self.layout is None:
            raise RoomError("no-picture", _("there is no table to click yet; wait for the "
                                            "deal"))
        if not (0 <= x <= self.layout.width and 0 <= y <= self.layout.height):
            raise RoomError("bad-click", _("that point is outside the table (it is {width} "
                                           "by {height})").format(width=self.layout.width,
                                                                  height=self.layout.height))
        return self.layout.hit(float(x), float(y))

    def click(self, hand: Any, seat: int, legal: Sequence[Action], ref: Hashable | None,
              why_not: str) -> Action | None:
        """A click on ``ref``: the action it completes, ``None`` if it chose (or put back) a
        card, or a refusal; ``why_not`` is the table's reason when the seat may not act."""
        picks = self._picks(hand, seat, legal)
        if ref is not None and any(ref in cards for cards in picks.values()):
            chosen = self.picked ^ {ref}
            if not any(chosen <= cards for cards in picks.values()):
                raise RoomError("illegal", self._refusal(hand, seat, ref)
                                or _("That is more cards than may be picked now."))
            self.picked = chosen
            return None
        routes = self._routes(hand, seat, legal)
        if ref is None or not routes:
            self.clicks = ()
            said = self._refusal(hand, seat, ref) if legal else None
            if said:
                raise RoomError("illegal", said)
            if not legal or (not routes and not picks):
                raise RoomError("not-your-turn" if not legal else "illegal", why_not)
            raise RoomError("illegal", _("That is not a place to play now; the outlined "
                                         "places are."))
        if self.clicks and ref == self.clicks[-1]:
            self.clicks = self.clicks[:-1]  # a second click on a chosen card puts it back
            return None
        prefix = self.clicks + (ref,)
        done = list(dict.fromkeys(a for a, p in routes if p == prefix))
        longer = [a for a, p in routes if p[:len(prefix)] == prefix and len(p) > len(prefix)]
        if len(done) == 1 and not longer:
            self.clicks = ()
            return done[0]
        if longer or done:
            self.clicks = prefix
            return None
        before, self.clicks = self.clicks, ()
        if before and any(len(p) > 1 and p[0] == ref for _, p in routes):
            self.clicks = (ref,)  # another card that starts a move: chosen instead
            return None
        raise RoomError("illegal", self._refusal(hand, seat, ref, before)
                        or _("That is not a move now; the outlined cards and places are."))

    def press(self, hand: Any, seat: int, legal: Sequence[Action], verb: Any,
              why_not: str) -> Action:
        """A button: the seat's legal action of that verb (for a verb played by picking
        cards, the one whose cards are picked now)."""
        if not isinstance(verb, str) or verb not in self.adapter.buttons():
            known = ", ".join(self.adapter.buttons())
            raise RoomError("bad-verb", _("there is no button {verb}; the buttons are "
                                          "{known}").format(verb=repr(str(verb)[:30]),
                                                            known=known))
        picks = {a: cards for a, cards in self._picks(hand, seat, legal).items()
                 if a.verb == verb}
        if picks:
            found = next((a for a, cards in picks.items() if cards == self.picked), None)
            if found is None:
                raise RoomError("illegal", _("Those cards cannot go together now; click one "
                                             "again to put it back."))
            return found
        found = next((a for a in legal if a.verb == verb), None)
        if found is None:
            label = self.adapter.buttons()[verb][0]
            raise RoomError("not-your-turn" if not legal else "illegal",
                            why_not if not legal else _("{button} is not a move now; you "
                                                        "may: {verbs}").format(
                                button=label, verbs=", ".join(sorted({a.verb for a in legal}))))
        return found

    def _refusal(self, hand: Any, seat: int, ref: Hashable | None,
                 chosen: tuple[Hashable, ...] = ()) -> str | None:
        """Why a click on ``ref`` is no move, in the game's words (an adapter's optional
        ``refuse`` and ``refuse_choice``, as on the play page), or ``None``."""
        if ref is None:
            return None
        refuse_choice = getattr(self.adapter, "refuse_choice", None)
        if chosen and refuse_choice is not None:
            said: str | None = refuse_choice(hand, seat, chosen, ref)
            return said
        refuse = getattr(self.adapter, "refuse", None)
        return None if refuse is None else refuse(hand, seat, ref)
