"""Köpknack's table: up to eight seats round the oval, each with its three cards (face down
to the others), its bid and its tricks; in the middle the pot as a stack of chips, the talon
with its count, the turned trump beside it, and the trick being played with who played what.

Everything Köpknack-specific the views need is here: how a deal (the teacher's view) or one
seat's observation becomes a table model (``kopknack_seen`` reads either into the same
record, so a seat's view is built from its observation alone), which cards light up (the
engine's one duty function says which cards may be played), what a click means (in the play,
one of your cards: play it; while buying, your cards are picked and the Exchange button
exchanges them), and the words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any

from kortspel import Action
from kortspel.i18n import N_, _, ngettext, pgettext
from kortspel.kopknack import (
    FOLLOW,
    FREE,
    HEAD,
    LEAD_TRUMP,
    MUST_TRUMP,
    PACK,
    KopknackState,
    broken_duty,
    show,
    winning_index,
)
from kortspel.kopknack.telling import (
    deal_settled,
    lots_story,
    match_progress,
    review,
    story,
    tell,
)
from kortspel.kopknack.words import SeatVoice, suit_one
from kortspel.voice import sentence

from ..model import Badge, CardStyle, CardView, SeatView, TableModel, ZoneView
from .kopknack_seen import Seen, count_words, seen

STYLE = CardStyle(64.0, 96.0, "back:french")


def face(card: str) -> str:
    """The sprite of a Köpknack card ("10H" -> "french:10H:2c")."""
    return f"french:{card}:2c"


def card_ref(seat: int, card: str) -> Hashable:
    """A card in a seat's hand, as a click names it (only cards the viewer sees have one)."""
    return ("card", seat, card)


def _duty_words(name: str, lead: bool, led: str, who: str) -> str:
    """What a duty asks of ``who`` (the seat to play, as a subject), as a clause ("you must
    follow suit with a heart")."""
    if name == FOLLOW:
        # i18n: {suit} is one card of the suit led ("a heart"; Swedish "hjärter")
        return _("{who} must follow suit with a {suit}").format(who=who, suit=suit_one(led))
    if name == HEAD:
        # i18n: to head the trick is to play a trump that beats every card in it so far
        return _("{who} must head the trick with a trump").format(who=who)
    if name == LEAD_TRUMP:
        return _("{who} must lead a trump").format(who=who)
    if name == MUST_TRUMP:
        return _("{who} must play a trump").format(who=who)
    assert name == FREE
    return (_("{who} may lead any card") if lead else _("{who} may play any card")).format(
        who=who)


def status_of(s: Seen) -> str:
    """One short sentence on what happens now, told to the viewer (it fits the table's
    middle, so the longer help is in the narration and the review), in the language in
    use."""
    v = SeatVoice(s.names, s.viewer)
    if s.is_over:
        if s.swept_by is not None:
            return sentence(v.line(s.swept_by, _("you sweep the pot of {pot}"),
                                   _("{name} sweeps the pot of {pot}"), pot=s.pot), v.names)
        carried = s.next_pot or 0
        return (_("The deal is over; {carried} goes into the next pot.").format(carried=carried)
                if carried else _("The deal is over; no penalty goes into the next pot."))
    t = s.to_act
    if t is None:
        return ""
    if s.phase == "bidding":
        if v.me(t):
            return _("Your turn: knock (play this deal) or fold.")
        return _("It is {owner} turn to knock or fold.").format(owner=v.owner(t))
    if s.phase == "buying":
        rnd = sum(len(c) for c in s.exchanged.values()) // max(1, len(s.in_play)) + 1
        if v.me(t):
            most = min(3, s.talon_left)
            if not most:
                return _("Buying, round {round} of 2: the talon is empty; keep your cards."
                         ).format(round=rnd)
            # The words name the buttons as they show: "Keep all three" while none is
            # picked, "Exchange 2 cards" once two are.
            return _("Buying, round {round} of 2: exchange up to {most}, or keep all three."
                     ).format(round=rnd, most=most)
        return _("Buying, round {round} of 2: it is {owner} turn.").format(round=rnd,
                                                                         owner=v.owner(t))
    lead = not s.trick
    if s.duty_name:
        led = s.trick[0][1][-1] if s.trick else ""
        said = _duty_words(s.duty_name, lead, led, v.who(t))
    elif lead:
        said = _("it is {owner} turn to lead").format(owner=v.owner(t))
    else:
        said = _("it is {owner} turn to play").format(owner=v.owner(t))
    return sentence(_("Trick {number}: {said}").format(number=s.number, said=said), v.names)


def _last_call(state: KopknackState, viewer: int | None) -> str:
    """The call said aloud by the latest decision: "Knack!" right after a knock."""
    for e in reversed(state.events):
        if viewer is not None and not e.visible_to(viewer):
            continue
        return str(e.call or "")
    return ""


class KopknackAdapter:
    game = "kopknack"
    title = N_("A Köpknack table")
    """The table's title, marked for the catalogue: ``_(adapter.title)`` where it is shown
    (``model`` does so; a class attribute cannot change with the language)."""
    style = STYLE
    # i18n: what a session's length counts, in the teacher's set-up line ("12 deals")
    target_word = N_("deals")
    """What a session's length counts, for the teacher's set-up line (``_()`` it there)."""

    # -- models -------------------------------------------------------------------------------

    def model(self, state: KopknackState, viewer: int | None) -> TableModel:
        s = seen(state, viewer)
        seats = tuple(self._seat(s, seat) for seat in range(len(s.names)))
        return TableModel(_(self.title), seats, self._centre(s), self._words(s), viewer=viewer,
                          call=_last_call(state, viewer), status=status_of(s),
                          is_over=s.is_over, style=STYLE)

    def _seat(self, s: Seen, seat: int) -> SeatView:
        name = s.names[seat]
        v = SeatVoice(s.names, s.viewer)
        bid = s.bids.get(seat)
        mine = s.hands[seat]
        legal = set(s.legal) if seat == s.to_act else set()
        cards = []
        for c in mine:
            if c is None:
                cards.append(CardView(STYLE.back, _("{name}: a hidden card").format(name=name)))
            else:
                mark = "legal" if c in legal else None
                words = (_("{name}: {card} (may be played)") if mark else "{name}: {card}"
                         ).format(name=name, card=show(c))
                cards.append(CardView(face(c), words, card_ref(seat, c), mark))
        # A folded hand has gone to the dealer, and a played-out hand is not there to show.
        zones = (ZoneView("hand", tuple(cards)),) if cards else ()
        badges = []
        playing = s.phase in ("play", "over") and s.swept_by is None and seat in s.in_play
        if bid is not None and not playing:  # in the play, its tricks say it knocked
            word = _("knocked") if bid == "knock" else _("folded")
            badges.append(Badge("bid", word, word))
        if playing:
            won = s.won(seat)
            badges.append(Badge("tricks", won, ngettext("{n} trick", "{n} tricks", won).format(
                n=won)))
        notes = []
        if s.swept_by == seat:
            # i18n: a note on a seat's plate: it took the whole pot
            notes.append(v.line(seat, _("sweep {amount}"), _("sweeps {amount}"), amount=s.pot))
        elif s.payout.get(seat):
            notes.append(v.line(seat, _("win {amount}"), _("wins {amount}"),
                                amount=s.payout[seat]))
        if s.penalty.get(seat):
            notes.append(_("penalty {amount}").format(amount=s.penalty[seat]))
        if not notes and seat in s.exchanged and s.swept_by is None:
            notes.append(count_words(s.exchanged[seat]))  # until the deal's result says more
        return SeatView(seat, name, zones, tuple(badges), tuple(notes),
                        is_dealer=seat == s.dealer, to_act=seat == s.to_act,
                        is_viewer=seat == s.viewer, out=bid == "fold")

    def _centre(self, s: Seen) -> tuple[ZoneView, ...]:
        v = SeatVoice(s.names, s.viewer)
        chips = s.pot // s.stake if s.stake else 0
        trump = CardView(face(s.trump), _("the trump card, {card}").format(card=show(s.trump)))
        out = [ZoneView("chips", (), chips, _("pot {pot}").format(pot=s.pot)),
               ZoneView("talon", (), s.talon_left, _("talon: {n}").format(n=s.talon_left)),
               ZoneView("single", (trump,),
                        label=_("trumps {suit}").format(suit=show(s.trump)[-1]))]
        trick = s.trick
        number = s.number
        done = not trick and bool(s.tricks)
        if done:  # the trick just finished stays in view until the next lead
            number, trick = s.last_trick()
        if trick or s.phase == "play":
            cards = [c for _, c in trick]
            best = winning_index(cards, s.trump[-1]) if cards else -1
            # The drawn words name each seat as its plate does ("c", not "you" in c's view
            # of a replay); the words read aloud (the cards' labels) speak to the viewer.
            names = s.names
            if done:
                label = _("trick {number}, won by {name}").format(number=number,
                                                                 name=names[trick[best][0]])
            elif len(trick) > 1:
                label = _("trick {number}, best: {name}").format(number=number,
                                                                name=names[trick[best][0]])
            else:
                label = _("trick {number}").format(number=number)
            marked = (_("{who} played {card} (won the trick)") if done
                      else _("{who} played {card} (best so far)"))
            views = tuple(
                CardView(face(c), (marked if i == best and len(trick) > 1
                                   else _("{who} played {card}")).format(who=v.who(p),
                                                                         card=show(c)))
                for i, (p, c) in enumerate(trick))
            out.append(ZoneView("trick", views, label=label,
                                played_by=tuple(names[p] for p, _ in trick)))
        return tuple(out)

    def _words(self, s: Seen) -> tuple[Badge, ...]:
        return (Badge("text", s.pot // 3, _("each trick wins {amount}").format(
            amount=s.pot // 3)),)

    # -- input --------------------------------------------------------------------------------

    def paths(self, state: KopknackState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        """In the play, a click on one of your cards the duties allow plays it."""
        return {a: (card_ref(seat, a.get("card")),) for a in legal if a.verb == "play"}

    def picks(self, state: KopknackState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, frozenset[Hashable]]:
        """While buying, the cards you pick (in any order) are the ones Exchange gives up;
        none picked keeps the hand."""
        return {a: frozenset(card_ref(seat, c) for c in a.get("cards"))
                for a in legal if a.verb == "exchange"}

    def pick_button(self, verb: str, picked: int) -> str:
        """The Exchange button says what it will do with the cards picked so far."""
        if picked == 0:
            return pgettext("button", "Keep all three")
        # i18n: a button; to exchange with the talon is "köpa"
        return ngettext("Exchange {n} card", "Exchange {n} cards", picked).format(n=picked)

    def refuse(self, state: KopknackState, seat: int, ref: Hashable) -> str | None:
        """Why a click on ``ref`` is not a move now, in the engine's words: a card the
        trick duties forbid names the duty it breaks; a pick beyond what the talon allows
        says so."""
        if not (isinstance(ref, tuple) and len(ref) == 3 and ref[0] == "card"):
            return None
        owner, card = ref[1], ref[2]
        v = SeatVoice(state.game.names, seat)
        if owner != seat:
            return _("Only your own cards can be clicked.")
        phase = state.phase_name
        if phase == "bidding":
            return _("First knock or fold, with the buttons.")
        if phase == "buying":
            most = min(3, state.talon_left)
            left = state.talon_left
            return (ngettext("The talon holds {n} card, so you may exchange at most {most}.",
                             "The talon holds {n} cards, so you may exchange at most {most}.",
                             left).format(n=left, most=most) if most < 3 else None)
        if phase != "play" or state.to_act != seat or card not in state.hands[seat]:
            return None
        why = broken_duty(state.hands[seat], state.trick, state.number, state.trump_suit,
                          card, name=show)
        if why is None:
            return None
        return sentence(_("{who} cannot play {card}: that breaks {why}").format(
            who=v.who(seat), card=show(card), why=why), v.names)

    def buttons(self) -> dict[str, tuple[str, str]]:
        """Each verb's button label and tooltip, in the language in use."""
        return {
            "knock": (pgettext("button", "Knock (knack!)"),
                      pgettext("tooltip", "Play this deal: knack, I am in")),
            "fold": (pgettext("button", "Fold"),
                     pgettext("tooltip", "Give up this deal: your cards go face down to the "
                                         "dealer")),
            "exchange": (pgettext("button", "Exchange"),
                         pgettext("tooltip", "Give up the cards you picked and draw as many "
                                             "from the talon; none picked keeps your hand")),
        }

    def sprite_keys(self) -> list[str]:
        return [face(c) for c in PACK] + [STYLE.back]

    def status(self, state: KopknackState, seat: int | None) -> str:
        return status_of(seen(state, seat))

    def lines(self, state: KopknackState, seat: int | None) -> list[str]:
        """The deal told to ``seat`` (second person for it), or to the teacher."""
        return story(state, seat)

    def opening(self, state: KopknackState) -> list[str]:
        """What a replay's first frame says to the teacher: the ante, the deal and the
        turned trump (the events everyone saw), not each seat's cards one by one."""
        names = state.game.names
        return [tell(e, names, None) for e in state.events if e.visible is None]

    # -- between deals ------------------------------------------------------------------------

    def review(self, state: KopknackState, viewer: int | None) -> list[str]:
        return review(state, viewer)

    def first_deal(self, match: Any, viewer: int | None) -> list[str]:
        """How the match found its first dealer, told to ``viewer`` as it starts."""
        return lots_story(match, viewer)

    def progress(self, match: Any) -> str:
        """Where the session stands (also the headline on the table once it is over)."""
        return match_progress(match)

    def between(self, match: Any, summary: Any) -> str:
        """Words after a deal is settled, in the engine's words."""
        return deal_settled(match, summary)

    def balances(self, match: Any) -> list[int]:
        """Each seat's balance, a finished deal's winnings and penalties already counted
        (the session settles them only when the next deal is dealt)."""
        out = match.hand.outcome
        bal = list(match.balances)
        if out is not None and not match.is_over and match.hand.is_over:
            bal = [b + out.payout[s] - out.penalty[s] for s, b in enumerate(bal)]
        return bal

    def standings(self, match: Any) -> list[dict[str, Any]]:
        names = match.game.names
        return [{"seat": names[s], "balance": b, "gain": b - match.bank}
                for s, b in enumerate(self.balances(match))]

    def dress(self, match: Any, model: TableModel) -> TableModel:
        """During a session, each plate also shows its seat's balance."""
        bal = self.balances(match)
        seats = tuple(replace(sv, badges=(*sv.badges, Badge(
            "text", _("{n} chips").format(n=bal[sv.seat]),
            _("balance {n} chips").format(n=bal[sv.seat]))))
            for sv in model.seats)
        return replace(model, seats=seats)


ADAPTER = KopknackAdapter()
