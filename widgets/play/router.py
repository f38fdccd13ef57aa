"""The click router of ``Play``: what a click on the table or a press of a button means.

A click on a card or a zone follows the adapter's paths: an action of one click happens at
once; for two clicks, the first selects a card and shows where it may go. Cards picked for
an action made by picking a set (an adapter's ``picks``) are toggled, and the action's
button plays them. A click that leads nowhere is answered in words and changes nothing. A
question waiting for Yes or No (an adapter's ``confirm``) never outlives its hand. The
router decides; the driver plays (the view's ``apply``); the board draws.

An object of its own, owned by ``Play``, that reads and asks the view only through
``ports.RouterHost``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from kortspel import Action, InvalidActionError
from kortspel.i18n import _, language
from kortspel.voice import Voice

from ..parts import brief
from ..words import cap, hand_phrase, match_phrase
from .ports import Picks, RouterHost


class ClickRouter:
    """Clicks and presses turned into actions, refusals explained.

    State it keeps, public for the board to draw: ``clicks`` (the cards clicked so far on
    a path), ``picked`` (a set picked for a button), ``confirming`` (a question and the hand
    it was asked in), ``screen`` (the human whose view the screen shows) and ``handover``
    (hot seat: the seat the screen waits for)."""

    def __init__(self, host: RouterHost, screen: int) -> None:
        self.host = host
        self.screen = screen
        self.clicks: tuple[Hashable, ...] = ()
        self.picked: frozenset[Hashable] = frozenset()
        self.confirming: tuple[Any, int] | None = None
        self.handover: int | None = None

    def forget_choices(self) -> None:
        """Drop a choice half made: a card chosen, cards picked, a question asked."""
        self.clicks = ()
        self.picked = frozenset()
        self.confirming = None
        self.host.show_question(None)

    def act(self, action: Action | str, seat: int | None = None) -> bool:
        """Play a human decision (an Action, or a verb for an action without arguments);
        anything not legal now is refused with a message and changes nothing. What is neither
        (``None``, a number, a dict) is refused with an ``InvalidActionError``. An action the
        adapter asks to confirm is asked first, and played on Yes."""
        host = self.host
        if not isinstance(action, Action | str):
            verb = self._some_verb()
            raise InvalidActionError(
                "act takes an action: one of the Actions of hand.legal_actions(seat), or the "
                f"verb of one as text{f' ({verb!r})' if verb else ''}, not {brief(action)}")
        if host.closed:
            return False
        hand = host.hand
        if isinstance(action, str):
            seat = self.acting_human() if seat is None else seat
            if seat is None:
                host.say(self.why_not())
                return False
            found: list[Action] = [a for a in hand.legal_actions(seat) if a.verb == action]
            if not found:
                host.say(self.why_not(seat, action))
                return False
            action = found[0]
        if action.seat not in host.humans or action not in hand.legal_actions(action.seat):
            host.say(self.why_not(action.seat, action.verb))
            return False
        question = getattr(host.adapter, "confirm", lambda *_: None)(hand, action)
        if question and self.confirming != (action, id(hand)):
            self.ask(action, question)
            return False
        self.forget_choices()
        return host.apply(action)

    def _some_verb(self) -> str:
        """A verb to show in a message: one a human seat may use now, or none."""
        hand = self.host.hand
        humans = self.host.humans
        for seat in (hand.to_act, *humans):
            if seat in humans and not hand.is_over:
                legal = hand.legal_actions(seat)
                if legal:
                    return str(legal[0].verb)
        return ""

    def press(self, verb: str) -> bool:
        """A verb's button: the action of that verb for the human whose screen it is (for
        an action made by picking cards, the one whose cards are picked now)."""
        if any(a.verb == verb for a in self.picks()) and self.button_action(verb) is None:
            self.host.say(_("Those cards cannot go together now; click one again to put it "
                            "back."))
            return False
        found = self.button_action(verb)
        if found is not None:
            return self.act(found)
        seat = self.acting_human()
        return self.act(verb, self.screen if seat is None else seat)

    def button_action(self, verb: str) -> Action | None:
        """The action a press of ``verb``'s button plays now, or ``None`` (not legal now,
        or cards picked that make no such action).

        One answer for the press and for whatever labels the button (the coach's hint puts
        that action's number on it): a button whose action follows the cards picked
        (Köpknack's Keep all three / Exchange 2 cards) is labelled with the option it
        plays, never with another one's."""
        picks = {a: cards for a, cards in self.picks().items() if a.verb == verb}
        if picks:
            return next((a for a, cards in picks.items() if cards == self.picked), None)
        seat = self.acting_human()
        if seat is None:
            return None
        return next((a for a in self.host.hand.legal_actions(seat) if a.verb == verb), None)

    def acting_human(self) -> int | None:
        """The human seat a click acts for now: the one whose turn it is, else the screen's
        human if it may act out of turn (a call), else ``None``."""
        turn = self.host.human_turn()
        if turn is not None:
            return turn
        return self.screen if self.host.hand.legal_actions(self.screen) else None

    def ask(self, about: Any, question: str) -> None:
        """Ask ``question`` about ``about`` (an action, or ``"new match"``), for this hand."""
        self.confirming = (about, id(self.host.hand))
        self.host.show_question(question)

    def confirmed(self) -> None:
        """Yes: do what was asked, if it was asked in the hand still on the table."""
        pending = self.confirming
        if pending is None or pending[1] != id(self.host.hand):
            self.forget_choices()  # made in a hand that is gone
            self.host.redraw()
            return
        if pending[0] == "new match":
            self.forget_choices()
            self.restart(asked=True)
            return
        self.act(pending[0])

    def drop_confirm(self) -> None:
        """No: forget the question."""
        self.forget_choices()
        self.host.redraw()

    def restart(self, asked: bool = False) -> None:
        """A new match (New match); one in progress is given up only after a Yes."""
        match, hand = self.host.match, self.host.hand
        if not asked and not match.is_over and (match.history or hand.actions):
            whole = self.host.spec.match_word
            self.ask("new match", _("Start {a_new_match}? {this_match} is not finished.").format(
                a_new_match=match_phrase(whole, "a new"),
                this_match=cap(match_phrase(whole, "this"))))
            return
        self.host.start_new_match()

    def why_not(self, seat: int | None = None, verb: str = "act") -> str:
        """Why ``seat`` cannot ``verb`` now, in a learner's words."""
        host = self.host
        spec = host.spec
        if host.hand.is_over:
            if host.match.is_over:
                return _("{the_match} is over: {restart}.").format(
                    the_match=cap(match_phrase(spec.match_word, "the")),
                    restart=host.restart_words)
            # i18n: {next_hand} is the button's words, "Next hand"
            return _("{the_hand} is over: press {next_hand}.").format(
                the_hand=cap(hand_phrase(spec.hand_word, "the")),
                next_hand=hand_phrase(spec.hand_word, "next"))
        to_act = host.hand.to_act
        if to_act is not None and to_act >= 0 and to_act != seat:
            return _("Wait: it is {owner} turn.").format(
                owner=Voice(host.names, None).owner(to_act))
        if verb == "act":
            return _("You cannot act now.")
        # i18n: {verb} is the move: in English the engine's verb ("You cannot stand now."),
        # in another language its button's words ("Stå")
        said = verb if language() == "en" else host.adapter.buttons().get(verb, (verb,))[0]
        return _("You cannot {verb} now.").format(verb=said)

    def routes(self) -> list[tuple[Action, tuple[Hashable, ...]]]:
        """Every click path of every action made by clicking: the adapter's ``paths`` and
        its optional ``more_paths``, the other ways of clicking the same actions (the second
        copy of a card in a double pack, a pair clicked in either order)."""
        seat = self.acting_human()
        if seat is None or self.handover is not None:
            return []
        hand, adapter = self.host.hand, self.host.adapter
        legal = hand.legal_actions(seat)
        routes = list(adapter.paths(hand, seat, legal).items())
        more = getattr(adapter, "more_paths", None)
        if more is not None:
            routes += more(hand, seat, legal)
        return routes

    def picks(self) -> Picks:
        """Actions made by picking a set of cards, then pressing the action's button (an
        adapter's optional ``picks``): each click on one of those cards picks or unpicks it."""
        picks = getattr(self.host.adapter, "picks", None)
        seat = self.acting_human()
        if picks is None or seat is None or self.handover is not None:
            return {}
        hand = self.host.hand
        found: Picks = picks(hand, seat, hand.legal_actions(seat))
        return found

    def _refusal(self, ref: Hashable | None,
                 chosen: tuple[Hashable, ...] = ()) -> str | None:
        """Why a click on ``ref`` is no move now, in the game's words (an adapter's optional
        ``refuse``: a card the rules forbid names the rule), or ``None``. After cards were
        chosen, an adapter's optional ``refuse_choice`` says why they cannot go there (a
        card too low for the pile names what beats it)."""
        seat = self.acting_human()
        if ref is None or seat is None or self.handover is not None:
            return None
        hand, adapter = self.host.hand, self.host.adapter
        refuse_choice = getattr(adapter, "refuse_choice", None)
        if chosen and refuse_choice is not None:
            said: str | None = refuse_choice(hand, seat, chosen, ref)
            return said
        refuse = getattr(adapter, "refuse", None)
        if refuse is None:
            return None
        said = refuse(hand, seat, ref)
        return said

    def clicked(self, ref: Hashable | None) -> None:
        """A click on the table: follow the legal paths; a click that leads nowhere is
        answered in words and changes nothing."""
        host = self.host
        if self.handover is not None:
            self.take_over()
            return
        if host.hand.is_over:
            return  # the result stays on screen; Next hand deals on
        picks = self.picks()
        if ref is not None and any(ref in cards for cards in picks.values()):
            chosen = self.picked ^ {ref}
            if any(chosen <= cards for cards in picks.values()):
                self.picked = chosen
                host.redraw()
            else:
                host.say(self._refusal(ref) or _("That is more cards than may be picked now."))
                host.redraw(keep_status=True)
            return
        paths = self.routes()
        if ref is None or not paths:
            self.clicks = ()
            refusal = self._refusal(ref)
            host.say(refusal if refusal else self.why_not(self.screen) if not paths and not
                     picks else _("That is not a place to play now; the outlined places are."))
            host.redraw(keep_status=True)
            return
        if self.clicks and ref == self.clicks[-1]:
            self.clicks = self.clicks[:-1]  # a second click on a selected card drops it
            host.redraw()
            return
        prefix = self.clicks + (ref,)
        done = list(dict.fromkeys(a for a, p in paths if p == prefix))
        longer = [a for a, p in paths if p[:len(prefix)] == prefix and len(p) > len(prefix)]
        if len(done) == 1 and not longer:
            self.clicks = ()
            self.act(done[0])
            return
        if longer or done:
            self.clicks = prefix
            host.redraw()
            return
        clicked, self.clicks = self.clicks, ()
        if clicked and any(len(p) > 1 and p[0] == ref for _, p in paths):
            self.clicks = (ref,)  # another card that starts a move: it is chosen instead
            host.redraw()
            return
        host.say(self._refusal(ref, clicked)
                 or _("That is not a move now; the outlined cards and places are."))
        host.redraw(keep_status=True)

    def targets(self) -> tuple[frozenset[Hashable], frozenset[Hashable]]:
        """The places a click may go next (outlined), and the cards chosen or picked."""
        paths = self.routes()
        n = len(self.clicks)
        nxt = frozenset(p[n] for _, p in paths if p[:n] == self.clicks and len(p) > n)
        pickable = frozenset().union(*self.picks().values())
        return nxt | (pickable - self.picked), frozenset(self.clicks) | self.picked

    def handover_due(self) -> int | None:
        """Hot seat: when another human's turn comes, the table is hidden until that person
        is ready (a choice half made is dropped); the seat the screen waits for, or ``None``."""
        turn = self.host.human_turn()
        if len(self.host.humans) > 1 and turn is not None and turn != self.screen \
                and self.handover is None:
            self.handover = turn
            self.forget_choices()
        return self.handover

    def take_over(self) -> None:
        """Ready: the person the screen waited for has it now."""
        if self.handover is not None:
            self.screen = self.handover
            self.handover = None
        self.host.redraw()

