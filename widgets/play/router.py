"""The click router of ``Play``: what a click on the table or a press of a button means.

A click on a card or a zone follows the adapter's paths: an action of one click happens at
once; for two clicks, the first selects a card and shows where it may go. Cards picked for
an action made by picking a set (an adapter's ``picks``) are toggled, and the action's
button plays them. A click that leads nowhere is answered in words and changes nothing. A
question waiting for Yes or No (an adapter's ``confirm``) never outlives its hand. The
router decides; the driver (``act``) plays; the panels draw.
"""

from __future__ import annotations

import html
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from kortspel import Action

if TYPE_CHECKING:
    from .host import PlayHost as _Host
else:
    _Host = object  # the parts' base for the type checker only (host.py)


class ClickRouter(_Host):
    """Clicks and presses turned into actions, refusals explained.

    State it keeps: ``_clicks`` (the cards clicked so far on a path), ``_picked`` (a set
    picked for a button), ``_confirming`` (a question and the hand it was asked in) and
    ``_handover`` (hot seat: the seat the screen waits for)."""

    _clicks: tuple[Hashable, ...] = ()
    _picked: frozenset[Hashable] = frozenset()
    _confirming: tuple[Any, int] | None = None
    _handover: int | None = None

    def _forget_choices(self) -> None:
        self._clicks = ()
        self._picked = frozenset()
        self._confirming = None
        self.confirm.layout.display = "none"

    def press(self, verb: str) -> bool:
        """A verb's button: the action of that verb for the human whose screen it is (for
        an action made by picking cards, the one whose cards are picked now)."""
        if any(a.verb == verb for a in self._picks()) and self.button_action(verb) is None:
            self._say("Those cards cannot go together now; click one again to put it back.")
            return False
        found = self.button_action(verb)
        if found is not None:
            return self.act(found)
        seat = self._acting_human()
        return self.act(verb, self._screen if seat is None else seat)

    def button_action(self, verb: str) -> Action | None:
        """The action a press of ``verb``'s button plays now, or ``None`` (not legal now,
        or cards picked that make no such action).

        One answer for the press and for whatever labels the button (the coach's hint puts
        that action's number on it): a button whose action follows the cards picked
        (Köpknack's Keep all three / Exchange 2 cards) is labelled with the option it
        plays, never with another one's."""
        picks = {a: cards for a, cards in self._picks().items() if a.verb == verb}
        if picks:
            return next((a for a, cards in picks.items() if cards == self._picked), None)
        seat = self._acting_human()
        if seat is None:
            return None
        return next((a for a in self.hand.legal_actions(seat) if a.verb == verb), None)

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
                return f"The {self.spec.match_word} is over: {self.restart_words}."
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
        return picks(self.hand, seat, self.hand.legal_actions(seat))

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
            return refuse_choice(self.hand, seat, chosen, ref)
        refuse = getattr(self.adapter, "refuse", None)
        if refuse is None:
            return None
        return refuse(self.hand, seat, ref)

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
        clicked, self._clicks = self._clicks, ()
        if clicked and any(len(p) > 1 and p[0] == ref for _, p in paths):
            self._clicks = (ref,)  # another card that starts a move: it is chosen instead
            self._refresh()
            return
        self._say(self._refusal(ref, clicked)
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
