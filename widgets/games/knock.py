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
from kortspel.errors import plural
from kortspel.french import RANK_NAMES, show, spoken
from kortspel.knock import KNOCK_CALL, KnockState, telling
from kortspel.knock.cards import rank_points
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


def _a(rank: str) -> str:
    """"a 7", "an 8", "an Ace", "a King"."""
    word = RANK_NAMES.get(rank, rank)
    return ("an " if rank in ("A", "8") else "a ") + word


def set_words(rank: str) -> str:
    """"set of 7s", "set of aces", "set of 2s" (2s alone)."""
    word = RANK_NAMES.get(rank)
    return f"set of {word.lower()}s" if word else f"set of {rank}s"


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
            words += f" as {_a(wild[c])}"
            note = f"as {wild[c]}"
        if c == hand.taken:
            words += " (just taken from the discard pile)"
            note = note or "taken"
        elif c in hand.from_pile:
            words += " (taken from the discard pile)"
        views.append(CardView(face(c), words, card_ref(hand.seat, c) if clickable else None,
                              note=note))
    n = len(order)
    label = f"hand worth {hand.value}" if n == 5 else f"{n} cards worth {hand.value}"
    return ZoneView("hand", tuple(views), label=label, groups=tuple(groups))


def _hidden_hand(hand: HandSeen) -> ZoneView:
    """Another seat's hand seen from across the table: backs, and face up only the cards
    everyone saw it take from the discard pile."""
    views = tuple(
        CardView(STYLE.back, "face down") if c is None
        else CardView(face(c), f"{spoken(c)} (taken from the discard pile)")
        for c in hand.cards)
    return ZoneView("hand", views, label=plural(len(views), "card"))


def _notes(s: Seen, seat: int) -> list[str]:
    """A seat's condition in a few words, for its plate (and the alt text); a seat out of
    the game (before this round, or over 100 at its end) has its plate marked out."""
    notes = []
    e = s.ending
    if seat == s.knocker:
        if e is None or e.knock_holds is None:
            notes.append("knocked")
        elif e.knock_holds:
            notes.append("knock holds")
        else:
            cost = f" +{e.star[1]}" if e.star[1] else ""
            notes.append(f"knock fails: ★{e.star[0]}{cost}")
    if e is None:
        if s.knocker is not None and seat == s.to_act:
            notes.append("last turn")
        return notes
    if seat in e.zero:
        notes.append("zero")
    if seat == e.winner:
        notes.append("winner")
    return notes


def _badges(s: Seen, seat: int) -> tuple[Badge, ...]:
    total, stars, skunks = s.total(seat), s.star_count(seat), s.skunk_count(seat)
    badges = [Badge("score", total, plural(total, "point"))]
    if stars:
        badges.append(Badge("stars", stars, plural(stars, "star")))
    if skunks:
        badges.append(Badge("text", plural(skunks, "skunk"), plural(skunks, "skunk")))
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
    pile = (CardView(face(top), f"{spoken(top)} on top", DISCARD),) if top else ()
    centre = (ZoneView("stock", (), s.stock_count, f"stock ({s.stock_count})", ref=STOCK),
              ZoneView("discard", pile, 0, "discard", ref=DISCARD))
    call = ""
    if s.knocker is not None and not s.is_over:
        call = f"{KNOCK_CALL} " + sentence(f"{Voice(s.names, s.viewer).who(s.knocker)} "
                                           "knocked", s.names)
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
        return sentence(f"The round is over: {_how_it_ended(v, s, e)}", v.names)
    turn = s.to_act
    if turn is None:
        return ""
    last = s.knocker is not None
    if not v.me(turn):
        if s.phase == "discard":
            return sentence(f"{v.who(turn)} has drawn and discards next", v.names)
        return sentence(f"It is {v.whose(turn)} {'last turn' if last else 'turn'}", v.names)
    hand = s.hands.get(turn)
    if s.phase == "discard":
        if hand is not None and hand.taken:
            return f"Now discard a card (not the {show(hand.taken)} you took)."
        return "Now discard one of your cards."
    worth = f"; your hand is worth {hand.value}" if hand is not None else ""
    if last:
        return f"Your last turn: draw{worth}."
    knock = " or knock" if any(a.verb == "knock" for a in s.legal) else ""
    return f"Your turn: draw{knock}{worth}."


def _how_it_ended(v: Voice, s: Seen, e: Any) -> str:
    if e.ended_by == "zero" or (e.zero and not e.ended_by):
        verb = "hold" if v.plural(list(e.zero)) else "holds"
        return f"{v.group(list(e.zero))} {verb} zero"
    k = s.knocker
    if k is not None:
        return f"{v.whose(k)} knock {'holds' if e.knock_holds else 'fails'}"
    return "the stock ran out"


# ---------------------------------------------------------------------------------------------
# The adapter
# ---------------------------------------------------------------------------------------------


class KnockAdapter:
    game = "knock"
    title = "A Swedish Knock table"
    style = STYLE

    def model(self, state: KnockState, viewer: int | None) -> TableModel:
        return build(seen(state, viewer), self.title)

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
        return {"knock": ("Knock", f"{KNOCK_CALL} (knock) instead of drawing: you claim the "
                                   "lowest hand, and every other seat gets one more turn")}

    def refuse(self, state: KnockState, seat: int, ref: Hashable) -> str | None:
        """Why a click on ``ref`` is not a move for ``seat`` now, in the rules' words (only
        ever about the seat's own cards and the middle of the table)."""
        if state.is_over or state.to_act != seat:
            return None
        drawing = state.phase_name == "draw"
        if ref in (STOCK, DISCARD) and not drawing:
            return "You have drawn already: now click one of your cards to discard it."
        if isinstance(ref, tuple) and len(ref) == 3 and ref[:2] == ("card", seat):
            if drawing:
                knock = " (or press Knock)" if any(
                    a.verb == "knock" for a in state.legal_actions(seat)) else ""
                return f"Draw first: click the stock or the discard pile{knock}."
            if ref[2] == state.taken_card:
                return (f"You took the {show(ref[2])} from the discard pile this turn, so it "
                        "stays in your hand for now: discard another card.")
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
        return "You went over 100 and are out of the game, so the others play on to the end."

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
                         "skunks": skunks, "out": "out" if out else ""})
        return rows

    def deck(self) -> tuple[Any, int, int, str, str]:
        """The thirteen ranks with what each costs in a hand."""
        per_row = 7
        cw, ch, gap = STYLE.w, STYLE.h, 16.0
        width = int(per_row * (cw + 2 * gap))
        height = int(2 * (ch + 52) + 8)

        def worth(rank: str) -> tuple[str, str]:
            if rank == "2":
                return "wild", "2 if in no set"
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

        words = ", ".join(f"{RANK_NAMES.get(r, r)} {worth(r)[0]}" for r in RANKS if r != "2")
        alt = ("What each card costs in Swedish Knock: " + words + "; a 2 is wild, and one "
               "left out of every set costs 2. Three or more of a rank make a set, worth 0.")
        return draw, width, height, alt, "The Swedish Knock card values"


ADAPTER = KnockAdapter()
