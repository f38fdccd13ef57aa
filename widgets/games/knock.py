"""Swedish Knock's table: each seat's hand fanned round the oval, the stock and the discard
pile in the middle, running totals and stars on the plates.

A hand whose cards the viewer knows is laid out the way it counts: each set first, apart and
outlined with its words above it ("set of 7s"), a wild 2 marked with the rank it stands for,
then the loose cards; the value under it. How it counts is the engine's ``best_grouping``;
the widget only draws it. What a picture may show is gathered in ``knock_seen`` (the teacher
from the state, a seat from its observation), and every sentence here takes its grammar from
``kortspel.voice``; the round's story and review are the engine's ``telling``.

Clicks: the stock or the discard pile draws; a card of your hand discards it; knocking is a
button, since it takes the place of drawing.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from kortspel import Action
from kortspel.french import show, spoken
from kortspel.i18n import N_, _, ngettext, pgettext
from kortspel.knock import KNOCK_CALL, KnockState, telling
from kortspel.knock.cards import rank_points
from kortspel.knock.rules import OUT_OVER
from kortspel.voice import Voice, sentence

from ..model import Badge, CardGroup, CardStyle, CardView, SeatView, TableModel, ZoneView
from .knock_seen import HandSeen, Seen, seen

STYLE = CardStyle(64.0, 96.0, "back:french")
STOCK: Hashable = ("stock",)
DISCARD: Hashable = ("discard",)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


def card_ref(seat: int, card: str) -> Hashable:
    """A card of a seat's hand, by name: only ever given to a card its viewer sees."""
    return ("card", seat, card)


def face(card: str) -> str:
    """The French face of a card named as in records ("10H")."""
    return f"french:{card}:2c"


RANK_WORDS: dict[str, str] = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"),
                              "K": N_("King")}
"""The picture ranks and the Ace in words (the English of ``french.RANK_NAMES``), in this
part's catalogue so that the table's words for them are translated with the rest."""

# The words for a wild 2 and for a set name the rank as a whole phrase each: Swedish says
# "som en sjua" and "grupp av sjuor", where English can add "a" and "s" to a figure.
_AS_RANK: dict[str, str] = {
    "A": N_("{card} as an Ace"), "2": N_("{card} as a 2"), "3": N_("{card} as a 3"),
    "4": N_("{card} as a 4"), "5": N_("{card} as a 5"), "6": N_("{card} as a 6"),
    "7": N_("{card} as a 7"), "8": N_("{card} as an 8"), "9": N_("{card} as a 9"),
    "10": N_("{card} as a 10"), "J": N_("{card} as a Jack"), "Q": N_("{card} as a Queen"),
    "K": N_("{card} as a King")}
_SET_OF: dict[str, str] = {
    "A": N_("set of aces"), "2": N_("set of 2s"), "3": N_("set of 3s"), "4": N_("set of 4s"),
    "5": N_("set of 5s"), "6": N_("set of 6s"), "7": N_("set of 7s"), "8": N_("set of 8s"),
    "9": N_("set of 9s"), "10": N_("set of 10s"), "J": N_("set of jacks"),
    "Q": N_("set of queens"), "K": N_("set of kings")}


def as_rank(card_words: str, rank: str) -> str:
    """"2 of hearts as a 7", "... as an 8", "... as an Ace": a wild 2 and what it stands
    for."""
    return _(_AS_RANK[rank]).format(card=card_words)


def set_words(rank: str) -> str:
    """"set of 7s", "set of aces", "set of 2s" (2s alone)."""
    return _(_SET_OF[rank])


# ---------------------------------------------------------------------------------------------
# The picture
# ---------------------------------------------------------------------------------------------


def _known_hand(hand: HandSeen, clickable: bool) -> ZoneView:
    """A hand every card of which the viewer knows: the sets first, each outlined, then the
    loose cards in the order they came."""
    g = hand.grouping
    cards = [c for c in hand.cards if c is not None]
    order: list[str] = []
    groups: list[CardGroup] = []
    wild: dict[str, str] = {}
    if g is not None:
        for s in g.sets:
            groups.append(CardGroup(len(order), len(s.cards), set_words(s.rank)))
            order += list(s.cards)
        wild = dict(g.wild)
    order += [c for c in cards if c not in order]
    views = []
    for c in order:
        words, note = spoken(c), ""
        if c in wild:
            words = as_rank(words, wild[c])
            # i18n: under a wild 2 on the table: the rank it stands for ("as 7")
            note = _("as {rank}").format(rank=wild[c])
        if c == hand.taken:
            words = _("{card} (just taken from the discard pile)").format(card=words)
            # i18n: under the card taken from the discard pile this turn
            note = note or _("taken")
        elif c in hand.from_pile:
            words = _("{card} (taken from the discard pile)").format(card=words)
        views.append(CardView(face(c), words, card_ref(hand.seat, c) if clickable else None,
                              note=note))
    n = len(order)
    label = (_("hand worth {value}").format(value=hand.value) if n == 5 else
             ngettext("{n} card worth {value}", "{n} cards worth {value}", n).format(
                 n=n, value=hand.value))
    return ZoneView("hand", tuple(views), label=label, groups=tuple(groups))


def _hidden_hand(hand: HandSeen) -> ZoneView:
    """Another seat's hand seen from across the table: backs, and face up only the cards
    everyone saw it take from the discard pile."""
    views = tuple(
        CardView(STYLE.back, _("face down")) if c is None
        else CardView(face(c), _("{card} (taken from the discard pile)").format(
            card=spoken(c)))
        for c in hand.cards)
    n = len(views)
    return ZoneView("hand", views, label=ngettext("{n} card", "{n} cards", n).format(n=n))


def _notes(s: Seen, seat: int) -> list[str]:
    """A seat's condition in a few words, for its plate (and the alt text); a seat out of
    the game (before this round, or over 100 at its end) has its plate marked out."""
    notes = []
    e = s.ending
    if seat == s.knocker:
        if e is None or e.knock_holds is None:
            notes.append(pgettext("plate", "knocked"))
        elif e.knock_holds:
            notes.append(pgettext("plate", "knock holds"))
        elif e.star[1]:
            notes.append(pgettext("plate", "knock fails: ★{star} +{cost}").format(
                star=e.star[0], cost=e.star[1]))
        else:
            notes.append(pgettext("plate", "knock fails: ★{star}").format(star=e.star[0]))
    if e is None:
        if s.knocker is not None and seat == s.to_act:
            notes.append(pgettext("plate", "last turn"))
        return notes
    if seat in e.zero:
        notes.append(pgettext("plate", "zero"))
    if seat == e.winner:
        notes.append(pgettext("plate", "winner"))
    return notes


def _badges(s: Seen, seat: int) -> tuple[Badge, ...]:
    total, stars, skunks = s.total(seat), s.star_count(seat), s.skunk_count(seat)
    # The plate's counts take a context of their own: a lookup searches every part's
    # catalogue, and "{n} points" elsewhere may mean something else (the coach's percentage
    # points). Swedish counts as English does, one form for 1 and one for the rest.
    said = (pgettext("plate", "1 point") if total == 1
            else pgettext("plate", "{n} points").format(n=total))
    badges = [Badge("score", total, said)]
    if stars:
        said = (pgettext("plate", "1 star") if stars == 1
                else pgettext("plate", "{n} stars").format(n=stars))
        badges.append(Badge("stars", stars, said))
    if skunks:
        said = (pgettext("plate", "1 skunk") if skunks == 1
                else pgettext("plate", "{n} skunks").format(n=skunks))
        badges.append(Badge("text", said, said))
    return tuple(badges)


def build(s: Seen, title: str) -> TableModel:
    """The table model of what one viewer may know: nothing here reads a state."""
    seats = []
    for seat, name in enumerate(s.names):
        hand = s.hands.get(seat)
        zones: tuple[ZoneView, ...] = ()
        if hand is not None:
            mine = s.viewer is None or seat == s.viewer
            zones = (_known_hand(hand, mine) if hand.known else _hidden_hand(hand),)
        seats.append(SeatView(
            seat, name, zones, _badges(s, seat), tuple(_notes(s, seat)),
            is_dealer=seat == s.dealer, to_act=seat == s.to_act, is_viewer=seat == s.viewer,
            out=s.is_out(seat)))
    top = s.discard[-1] if s.discard else None
    pile = ((CardView(face(top), _("{card} on top").format(card=spoken(top)), DISCARD),)
            if top else ())
    centre = (ZoneView("stock", (), s.stock_count,
                       _("stock ({n})").format(n=s.stock_count), ref=STOCK),
              ZoneView("discard", pile, 0, pgettext("table", "discard"), ref=DISCARD))
    call = ""
    if s.knocker is not None and not s.is_over:
        v = Voice(s.names, s.viewer)
        call = f"{KNOCK_CALL} " + sentence(
            _("{who} knocked").format(who=v.who(s.knocker)), s.names)
    e = s.ending
    if e is not None and (e.winner is not None or e.no_winner):  # this round ended the game
        call = telling.game_over(s.names, s.viewer, e.winner, None, e.circles)
    return TableModel(title, tuple(seats), centre, viewer=s.viewer, call=call,
                      status=status_words(s), is_over=s.is_over, style=STYLE)


def status_words(s: Seen) -> str:
    """One short sentence on what happens now, told to the viewer (it is drawn on the table
    too, so it stays short: the story and the review say the rest)."""
    v = Voice(s.names, s.viewer)
    e = s.ending
    if e is not None:
        return sentence(_how_it_ended(v, s, e), v.names)
    turn = s.to_act
    if turn is None:
        return ""
    last = s.knocker is not None
    if not v.me(turn):
        if s.phase == "discard":
            return sentence(_("{name} has drawn and discards next").format(name=v.who(turn)),
                            v.names)
        said = _("It is {name}'s last turn") if last else _("It is {name}'s turn")
        return sentence(said.format(name=v.who(turn)), v.names)
    hand = s.hands.get(turn)
    if s.phase == "discard":
        if hand is not None and hand.taken:
            return _("Now discard a card (not the {card} you took).").format(
                card=show(hand.taken))
        return _("Now discard one of your cards.")
    knock = any(a.verb == "knock" for a in s.legal)
    if hand is None:
        if last:
            return _("Your last turn: draw.")
        return _("Your turn: draw or knock.") if knock else _("Your turn: draw.")
    if last:
        said = _("Your last turn: draw; your hand is worth {value}.")
    elif knock:
        said = _("Your turn: draw or knock; your hand is worth {value}.")
    else:
        said = _("Your turn: draw; your hand is worth {value}.")
    return said.format(value=hand.value)


def _how_it_ended(v: Voice, s: Seen, e: Any) -> str:
    """"The round is over: ..." and how, as one sentence."""
    if e.ended_by == "zero" or (e.zero and not e.ended_by):
        zero = list(e.zero)
        said = (_("The round is over: {who} hold zero") if v.plural(zero)
                else _("The round is over: {who} holds zero"))
        return said.format(who=v.group(zero))
    k = s.knocker
    if k is not None:
        if e.knock_holds:
            return v.line(k, _("The round is over: your knock holds"),
                          _("The round is over: {name}'s knock holds"))
        return v.line(k, _("The round is over: your knock fails"),
                      _("The round is over: {name}'s knock fails"))
    return _("The round is over: the stock ran out")


# ---------------------------------------------------------------------------------------------
# The adapter
# ---------------------------------------------------------------------------------------------


class KnockAdapter:
    game = "knock"
    title = N_("A Swedish Knock table")
    style = STYLE

    def model(self, state: KnockState, viewer: int | None) -> TableModel:
        return build(seen(state, viewer), _(self.title))

    def paths(self, state: KnockState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        """The stock or the discard pile to draw, a card of your hand to discard it; the
        knock is a button."""
        out: dict[Action, tuple[Hashable, ...]] = {}
        for a in legal:
            if a.verb == "draw":
                out[a] = (STOCK,) if a.get("from") == "stock" else (DISCARD,)
            elif a.verb == "discard":
                out[a] = (card_ref(seat, a.get("card")),)
        return out

    def buttons(self) -> dict[str, tuple[str, str]]:
        return {"knock": (pgettext("button", "Knock"),
                          _("{call} (knock) instead of drawing: you claim the lowest hand, and "
                            "every other seat gets one more turn").format(call=KNOCK_CALL))}

    def refuse(self, state: KnockState, seat: int, ref: Hashable) -> str | None:
        """Why a click on ``ref`` is not a move for ``seat`` now, in the rules' words (only
        ever about the seat's own cards and the middle of the table)."""
        if state.is_over or state.to_act != seat:
            return None
        drawing = state.phase_name == "draw"
        if ref in (STOCK, DISCARD) and not drawing:
            return _("You have drawn already: now click one of your cards to discard it.")
        if isinstance(ref, tuple) and len(ref) == 3 and ref[:2] == ("card", seat):
            if drawing:
                if any(a.verb == "knock" for a in state.legal_actions(seat)):
                    return _("Draw first: click the stock or the discard pile (or press "
                             "Knock).")
                return _("Draw first: click the stock or the discard pile.")
            if ref[2] == state.taken_card:
                return _("You took the {card} from the discard pile this turn, so it stays in "
                         "your hand for now: discard another card.").format(card=show(ref[2]))
        return None

    def sprite_keys(self) -> list[str]:
        return [face(r + s) for s in SUITS for r in RANKS] + [STYLE.back]

    def status(self, state: KnockState, seat: int | None) -> str:
        return status_words(seen(state, seat))

    def lines(self, state: KnockState, seat: int | None) -> list[str]:
        """The round told to ``seat`` (second person for it), or to the teacher."""
        return telling.story(state, seat)

    def opening(self, state: KnockState) -> list[str]:
        """A replay's first step for the teacher: what the deal said in public (the deal, and
        a zero hand that ended the round at once), not each seat's private cards in turn."""
        names = state.game.names
        return [telling.tell(e, names) for e in state.events if e.visible is None]

    # -- between rounds -------------------------------------------------------------------

    def review(self, state: KnockState, viewer: int | None) -> list[str]:
        return telling.review(state, viewer)

    def first_deal(self, match: Any, viewer: int | None) -> list[str]:
        """How the match found its first dealer, told to ``viewer`` as it starts."""
        return telling.cut_story(match, viewer)

    def progress(self, match: Any) -> str:
        return telling.match_progress(match)

    def between(self, match: Any, summary: Any) -> str:
        """What the round just settled did to the match: who went out, the skunks or the
        next dealer, in the engine's words. The match's result is left to ``progress``,
        which says it above the table and across it: said here too, it stood twice, a line
        apart ("Every seat went over 100: nobody wins." over "Every seat is over 100:
        nobody wins the game.")."""
        finished = match.game.replay(summary.record)
        names = match.game.names
        return " ".join(telling.tell(e, names) for e in finished.events
                        if e.kind in ("out", "skunk", "next_dealer"))

    def sits_out(self, state: KnockState, seat: int) -> str:
        """Why ``seat`` has no part in this round (empty if it plays)."""
        if seat in state.order:
            return ""
        return _("You went over {limit} and are out of the game, so the others play on to the "
                 "end.").format(limit=OUT_OVER)

    def standings(self, match: Any) -> list[dict[str, Any]]:
        """Each seat's total, stars and skunks, a finished round's scores already added."""
        hand = match.hand
        st = hand.outcome.settlement if hand.is_over and not match.is_over else None
        rows = []
        for s, row in enumerate(match.standings()):
            if st is not None:
                score, stars, skunks, out = (st.scores[s], st.stars[s], st.skunks[s],
                                             s in st.out)
            else:
                score, stars, skunks, out = row["score"], row["stars"], row["skunks"], row["out"]
            rows.append({"seat": row["seat"], "points": score, "stars": stars,
                         "skunks": skunks, "out": pgettext("standings", "out") if out else ""})
        return rows

    def deck(self) -> tuple[Any, int, int, str, str]:
        """The thirteen ranks with what each costs in a hand."""
        per_row = 7
        cw, ch, gap = STYLE.w, STYLE.h, 16.0
        width = int(per_row * (cw + 2 * gap))
        height = int(2 * (ch + 52) + 8)

        def worth(rank: str) -> tuple[str, str]:
            if rank == "2":
                # i18n: under the 2 in the card values picture: it is wild ("joker")
                return pgettext("card value", "wild"), _("2 if in no set")
            return str(rank_points(rank)), ""

        def draw(p: Any) -> None:
            p.rect(0, 0, width, height, fill="#0e2a1c")
            for i, rank in enumerate(RANKS):
                r, c = divmod(i, per_row)
                x = gap + c * (cw + 2 * gap) + (0 if r == 0 else (cw + 2 * gap) / 2)
                y = 8 + r * (ch + 52)
                p.image(face(rank + "H"), x, y, cw, ch)
                top, below = worth(rank)
                p.text(x + cw / 2, y + ch + 14, top, size=13, fill="#fdfaf2", bold=True)
                if below:
                    p.text(x + cw / 2, y + ch + 30, below, size=11, fill="#d9e8dd")

        words = ", ".join(f"{_(RANK_WORDS[r]) if r in RANK_WORDS else r} {worth(r)[0]}"
                          for r in RANKS if r != "2")
        alt = _("What each card costs in Swedish Knock: {values}; a 2 is wild, and one left "
                "out of every set costs 2. Three or more of a rank make a set, worth "
                "0.").format(values=words)
        return draw, width, height, alt, _("The Swedish Knock card values")


ADAPTER = KnockAdapter()
