"""Kille's table: one card per seat round the oval, the talon and the cards out of play in the
middle, lives as dots on each plate.

Everything Kille-specific the views need is here: how a state or a seat's observation
becomes a table model, what a click on a card means (your own card: stand; the card on your
left, or the talon for the dealer: swap), and the buttons' words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from kortspel import Action
from kortspel.i18n import N_, _, ngettext, pgettext
from kortspel.kille import KINDS, KilleState, Observation, left_of
from kortspel.kille.telling import Voice, match_progress, pot_settled, review, sentence, story

from ..model import Badge, CardStyle, CardView, SeatView, TableModel, ZoneView

STYLE = CardStyle(64.0, 96.0, "back:kille")
TALON: Hashable = ("talon",)


def seat_ref(seat: int) -> Hashable:
    return ("seat", seat)


def _status(names: Sequence[str], to_act: int | None, is_over: bool, losers: Sequence[int],
            redeal: bool, viewer: int | None, legal: Sequence[str] = ()) -> str:
    """One sentence on what happens now, with the grammar of ``telling.Voice``."""
    v = Voice(names, viewer)
    if is_over:
        if redeal:
            return _("The dealer deals again.")
        if not losers:
            return _("The hand is over, and nobody loses a life.")
        said = (_("The hand is over: {seats} lose a life") if v.plural(list(losers))
                else _("The hand is over: {seats} loses a life"))
        return sentence(said.format(seats=v.group(list(losers))), names)
    if to_act is None:
        return ""
    if v.me(to_act):
        words = [_verb_words(w) for w in legal]
        if not words:
            return _("Your turn.")
        choice = words[0] if len(words) == 1 else _("{first} or {last}").format(
            first=", ".join(words[:-1]), last=words[-1])
        return _("Your turn: you may {choice}.").format(choice=choice)
    # the genitive of the seat's own name ("Bo's", Swedish "Bos"): Voice(names, None) keeps
    # every name as written, as this line always has
    return _("It is {owner} turn.").format(owner=Voice(names, None).owner(to_act))


def _verb_words(verb: str) -> str:
    """What the status line says a seat may do: "stand", "call Kuku" (Swedish "stå", "ropa
    Kuku"); a verb it does not know, as it is."""
    # i18n: the choices of "Your turn: you may {choice}.", infinitives ("stå eller byta")
    words = {"stand": pgettext("verb", "stand"), "swap": pgettext("verb", "swap"),
             "kuku": _("call Kuku"), "ask": _("ask for better cards"),
             "accept": pgettext("verb", "accept"), "refuse": pgettext("verb", "refuse"),
             "depends": _("say it depends")}
    return words.get(verb, verb)


def seat_notes(struck: str, low: bool, loses: bool, face_up: bool, in_hand: bool,
               is_over: bool) -> list[str]:
    """Words for a seat's condition, shared by its name plate and the table's alt text."""
    notes = []
    if struck:
        # i18n: a seat's note: struck by a Husar or a Husu ("huggen (Husar)")
        notes.append(_("struck ({matador})").format(matador=struck))
    if low:
        notes.append(_("low Harlekin"))
    if loses:
        notes.append(_("loses a life"))
    if face_up and in_hand and not is_over:
        notes.append(_("face up"))
    return notes


def _last_call(events: Sequence[Any]) -> str:
    for e in reversed(events):
        if e.call:
            return str(e.call)
        if e.kind in ("deal", "showdown"):
            break
    return ""


class KilleAdapter:
    game = "kille"
    title = N_("A Kille table")
    """The table's title, marked for the catalogue: ``_(adapter.title)`` where it is shown
    (``model`` does so; a class attribute cannot change with the language)."""
    style = STYLE

    # -- models -------------------------------------------------------------------------------

    def model(self, state: KilleState, viewer: int | None) -> TableModel:
        if viewer is None:
            return self._teacher(state)
        return self._seat_view(state.observation(viewer))

    def _card(self, seat: int, name: str, kind: str | None, how: str, struck: bool = False,
              low: bool = False) -> CardView:
        mark = "struck" if struck else ("low" if low else None)
        if kind is None:
            return CardView(STYLE.back, _("{name}: a hidden card").format(name=name),
                            seat_ref(seat), mark)
        return CardView(f"kille:{kind}", _("{name}: {kind} ({how})").format(
            name=name, kind=kind, how=how), seat_ref(seat), mark)

    def _seat(self, s: int, name: str, lives: int, max_lives: int, in_hand: bool,
              card: CardView | None, notes: list[str], **flags: bool) -> SeatView:
        zones = (ZoneView("single", (card,) if card else (), ref=seat_ref(s)),) if in_hand \
            else ()
        badge = Badge("lives", lives, ngettext("{n} life", "{n} lives", lives).format(n=lives),
                      max=max_lives)
        return SeatView(s, name, zones, (badge,), tuple(notes), out=not in_hand, **flags)

    def _centre(self, talon: int, aside: Sequence[str], face_down: int) -> tuple[ZoneView, ...]:
        centre = [ZoneView("talon", (), talon, _("talon: {n}").format(n=talon), ref=TALON)]
        if aside or face_down:
            cards = tuple(CardView(f"kille:{k}", _("out of play: {card}").format(card=k))
                          for k in aside)
            centre.append(ZoneView("out", cards, face_down, _("out of play")))
        return tuple(centre)

    def _teacher(self, state: KilleState) -> TableModel:
        g = state.game
        out = state.outcome
        losers = set(out.lose_life) if out else set()
        max_lives = max(list(state.lives) + [g.rules.lives])
        seats = []
        for s in range(g.seats):
            in_hand = s in state.order
            face = state.is_face_up(s) or state.is_over
            card = None
            if in_hand:
                # i18n: how a card lies, after its name on the table ("Bo: Kavall (face up)")
                how = _("face up") if face else _("hidden from the others")
                card = self._card(s, g.names[s], state.card(s), how, s in state.struck,
                                  bool(state.low[s]))
            low = bool(state.low[s]) if in_hand else False
            notes = seat_notes(state.struck.get(s, ""), low, s in losers, face, in_hand,
                               state.is_over)
            lives = state.lives[s] - (s in losers)  # a life lost shows at once
            seats.append(self._seat(s, g.names[s], lives, max_lives, in_hand, card,
                                    notes, is_dealer=s == state.dealer,
                                    to_act=s == state.to_act))
        aside = [KINDS[c >> 1] for c in state.dead if (state.face >> c) & 1]
        face_down = sum(1 for c in state.dead if not (state.face >> c) & 1)
        return TableModel(
            _(self.title), tuple(seats), self._centre(state.talon_left, aside, face_down),
            viewer=None, call=_last_call(state.events), is_over=state.is_over, style=STYLE,
            status=_status(g.names, state.to_act, state.is_over,
                           [s for s in state.order if s in losers], bool(out and out.redeal),
                           None, [a.verb for a in state.legal_actions()]))

    def _seat_view(self, obs: Observation) -> TableModel:
        known, face, losers = obs.known, obs.face_up, obs.lose_life
        max_lives = max(list(obs.lives) + [obs.rules.lives])
        seats = []
        for s, name in enumerate(obs.names):
            in_hand = s in obs.order
            kind = known.get(s)
            card = None
            if in_hand:
                how = _("face up") if s in face else _("known to you")
                card = self._card(s, name, None if kind is None else KINDS[kind], how,
                                  s in obs.struck, s in obs.low_harlekin)
            notes = seat_notes(obs.struck.get(s, ""), s in obs.low_harlekin, s in losers,
                               s in face, in_hand, obs.is_over)
            lives = obs.lives[s] - (s in losers)  # a life lost shows at once
            seats.append(self._seat(s, name, lives, max_lives, in_hand, card, notes,
                                    is_dealer=s == obs.dealer, to_act=s == obs.to_act,
                                    is_viewer=s == obs.seat))
        aside = obs.set_aside
        face_down = sum(1 for c in obs.out_of_play if c is None)
        return TableModel(
            _(self.title), tuple(seats), self._centre(obs.talon_left, aside, face_down),
            viewer=obs.seat, call=_last_call(obs.events), is_over=obs.is_over, style=STYLE,
            status=_status(obs.names, obs.to_act, obs.is_over, losers, obs.redeal, obs.seat,
                           [a.verb for a in obs.legal]))

    # -- input --------------------------------------------------------------------------------

    def paths(self, state: KilleState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        """Click your own card to stand; the card on your left (the talon, for the dealer)
        to swap. Everything else (Kuku, asking for better cards) is a button."""
        out: dict[Action, tuple[Hashable, ...]] = {}
        for a in legal:
            if a.verb == "stand":
                out[a] = (seat_ref(seat),)
            elif a.verb == "swap":
                left = left_of(state.order, seat)
                out[a] = (TALON,) if left is None else (seat_ref(left),)
        return out

    def buttons(self) -> dict[str, tuple[str, str]]:
        return {
            "stand": (pgettext("button", "Stand"), _("Keep your card")),
            "swap": (pgettext("button", "Swap"), _("Ask the seat on your left for its card")),
            "kuku": (_("Kuku! (call)"), _("Kuku står, ingen byta får: end the swapping now")),
            "ask": (_("Ask for better cards"), _("Ask the dealer to deal again")),
            "accept": (pgettext("button", "Accept"), _("Agree: the dealer deals again")),
            "refuse": (pgettext("button", "Refuse"), _("No new deal")),
            "depends": (_("It depends"), _("Let the middle seat decide")),
        }

    def sprite_keys(self) -> list[str]:
        return [f"kille:{k}" for k in KINDS] + [STYLE.back]

    def status(self, state: KilleState, seat: int | None) -> str:
        return self.model(state, seat).status

    def lines(self, state: KilleState, seat: int | None) -> list[str]:
        """The hand told to ``seat`` (second person for it), or to the teacher."""
        return story(state, seat)

    # -- between hands ------------------------------------------------------------------------

    def review(self, state: KilleState, viewer: int | None) -> list[str]:
        return review(state, viewer)

    def progress(self, match: Any) -> str:
        return match_progress(match)

    def between(self, match: Any, summary: Any) -> str:
        return pot_settled(match, summary)

    def sits_out(self, state: KilleState, seat: int) -> str:
        """Why ``seat`` has no part in this hand (empty if it plays)."""
        if seat in state.order:
            return ""
        return _("You have no lives left in this pot, so the others play on until one seat is "
                 "left.")

    def standings(self, match: Any) -> list[dict[str, Any]]:
        """Points and lives, with a finished hand's lost lives already taken off."""
        out = match.hand.outcome
        lost = set(out.lose_life) if out is not None and not match.is_over else set()
        # i18n: the standings' column headings (the keys stay English: a view translates
        # them where it shows them)
        return [{N_("seat"): row["seat"], N_("pots won"): row["points"],
                 N_("lives"): row["lives"] - (s in lost)}
                for s, row in enumerate(match.standings())]

    def confirm(self, state: KilleState, action: Action) -> str | None:
        """A question to ask before ``action``, or ``None``: swapping away a matador."""
        from kortspel.kille import MATADORS, parse_kind

        if action.verb != "swap":
            return None
        mine = state.card(action.seat)
        if mine is not None and parse_kind(mine) in MATADORS:
            return _("You hold {card}, a matador. Swap it away?").format(card=mine)
        return None


    def deck(self) -> tuple[Any, int, int, str, str]:
        """The 21 kinds, lowest to highest, each with its name and what it means."""
        from kortspel.kille import GLOSS

        shown = list(KINDS[:-1])  # the Harlekin has no fixed place: shown apart, last
        per_row = 7
        cw, ch, gap = STYLE.w, STYLE.h, 18.0
        width = int(per_row * (cw + 2 * gap))
        height = int(3 * (ch + 58) + 10)

        def draw(p: Any) -> None:
            p.rect(0, 0, width, height, fill="#0e2a1c")
            for i, kind in enumerate(shown + ["Harlekin"]):
                r, c = divmod(i, per_row)
                x = gap + c * (cw + 2 * gap)
                y = 8 + r * (ch + 58)
                p.image(f"kille:{kind}", x, y, cw, ch)
                p.text(x + cw / 2, y + ch + 14, kind, size=12, fill="#fdfaf2", bold=True)
                gloss = _(GLOSS[kind]) if kind in GLOSS else ""
                if kind == "Harlekin":
                    gloss = _("high, or low")
                elif not gloss:
                    gloss = _("lowest") if i == 0 else ""
                if gloss:
                    p.text(x + cw / 2, y + ch + 30, gloss, size=11, fill="#d9e8dd")

        alt = _("The Kille deck from lowest to highest: {kinds}; and the Harlekin, which counts "
                "high or low depending on how it came.").format(kinds=", ".join(shown))
        return draw, width, height, alt, _("The Kille deck")


ADAPTER = KilleAdapter()
