"""Gnällknekt's table: each seat's three piles (face-down cards drawn offset under the face-up
ones, their count written under the pile) beside its hand, the stock with its count, the
discard pile and the cards out of play in the middle, and the endgame's clock.

Everything Gnällknekt-specific the views need is here: how a game (the teacher's view) or one
seat's observation becomes a table model (``gnallknekt_seen`` reads either into the same
record, so a seat's view is built from its observation alone), what the clicks mean, and the
words. The rules stay in the engine: which piles a choice of cards may attack comes from the
legal actions, whose attacks the engine checks with its one ``beats``; a refusal quotes
``beats_name``; the story and the review are the engine's ``telling``.

Clicks: the stock or the discard pile draws. Then pick a card of your hand (or the top of one
of your piles), a second card for a pair, and click where it goes: another seat's pile
attacks it, your own pile defends, the discard pile discards it and ends your turn. Once no
attack or defence is left, a single click on a card discards it. ``End turn`` is a button,
for a turn that ends with an empty hand.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from kortspel import Action
from kortspel.french import PACK, spoken
from kortspel.gnallknekt import (
    ATTACK_ORDER,
    DRAW,
    PILE_ORDER,
    GnallknektState,
    beats_name,
    telling,
    top_unit,
)
from kortspel.i18n import N_, _, language, ngettext, pgettext
from kortspel.voice import Voice, sentence

from ..model import Badge, CardStyle, CardView, SeatView, TableModel, ZoneView
from .gnallknekt_seen import Seen, seen

STYLE = CardStyle(64.0, 96.0, "back:french")
STOCK: Hashable = ("stock",)
DISCARD: Hashable = ("discard",)
ORDINALS = ("1st", "2nd", "3rd")
WORDS = ("first", "second", "third")
PILES_SAID = (N_("first pile"), N_("second pile"), N_("third pile"))
"""A pile's name for a screen reader (its label is its number alone)."""
YOUR_PILES = (N_("your first pile"), N_("your second pile"), N_("your third pile"))
# i18n: {owner} is a seat's name in the genitive: "Bo's", in Swedish "Bos"
THEIR_PILES = (N_("{owner} first pile"), N_("{owner} second pile"), N_("{owner} third pile"))
OUT_SHOWN = 4
"""Cards out of play drawn face up (the newest); the label counts them all."""
USUAL_FAN, MIN_FAN, FULL_FAN_CARDS = 0.36, 0.12, 8
"""A hand shows a third of each card (the rank in its corner reads; the table's usual fan
shows more, but three piles beside a hand leave less room), up to eight cards; a longer hand
is fanned closer to take the room of eight, down to an eighth of each card."""
_ORDER = {r: i for i, r in enumerate(ATTACK_ORDER)}
_SUITS = {s: i for i, s in enumerate("SHDC")}


def face(card: str) -> str:
    """The French face of a card named as in records ("10H")."""
    return f"french:{card}:2c"


def hand_ref(seat: int, card: str, copy: int) -> Hashable:
    """A card of a hand: the ``copy``-th card of that name in it (the pack is double, so a
    hand may hold the same card twice, and each is clicked on its own)."""
    return ("hand", seat, card, copy)


def pile_ref(seat: int, pile: int) -> Hashable:
    """A pile as a place: where an attack or a defence goes."""
    return ("pile", seat, pile)


def up_ref(seat: int, pile: int, index: int) -> Hashable:
    """A face-up card of one of your own piles (its top card, or the top pair, attacks)."""
    return ("up", seat, pile, index)


def sort_key(card: str) -> tuple[int, int]:
    """A hand in attacking order, so pairs lie together: 2 up to the Ace, the Jacks (the
    trumps) last."""
    r = card[:-1]
    return (_ORDER.get(r, len(_ORDER)), _SUITS[card[-1]])


def arranged(cards: Sequence[str]) -> list[tuple[str, int]]:
    """A hand as drawn: each card with its copy number, in ``sort_key`` order."""
    seen_count: dict[str, int] = {}
    out = []
    for c in sorted(cards, key=sort_key):
        k = seen_count.get(c, 0)
        seen_count[c] = k + 1
        out.append((c, k))
    return out


# ---------------------------------------------------------------------------------------------
# The picture
# ---------------------------------------------------------------------------------------------


def _pile_zone(s: Seen, seat: int, i: int, mine: bool) -> ZoneView:
    p = s.piles[seat][i]
    cards = tuple(CardView(face(c), spoken(c), up_ref(seat, i, k) if mine else None)
                  for k, c in enumerate(p.up))
    # The label is the pile's number alone ("2 (1↓)" with its face-down count), so it fits
    # under a pile of small cards; the table's words say "second pile".
    return ZoneView("pile", cards, p.down, str(i + 1), ref=pile_ref(seat, i),
                    said=_(PILES_SAID[i]))


def fan_for(n: int) -> float:
    """How much of each card a hand of ``n`` shows (see ``USUAL_FAN``)."""
    if n <= FULL_FAN_CARDS:
        return USUAL_FAN
    return max(MIN_FAN, USUAL_FAN * (FULL_FAN_CARDS - 1) / (n - 1))


def _hand_zone(s: Seen, seat: int) -> ZoneView:
    cards = s.hands[seat]
    n = len(cards)
    # An empty hand: its place, no words.
    label = ngettext("{n} card", "{n} cards", n).format(n=n) if n else ""
    if s.viewer is None or seat == s.viewer:
        views = tuple(CardView(face(c), spoken(c), hand_ref(seat, c, k))
                      for c, k in arranged([c for c in cards if c is not None]))
        return ZoneView("hand", views, label=label, fan=fan_for(n))
    # Another seat's hand: the cards it was seen to take from the discard pile, then one
    # back standing for the rest.
    known = [c for c in cards if c is not None]
    hidden = n - len(known)
    views = tuple(CardView(face(c), _("{card} (taken from the discard pile)").format(
        card=spoken(c))) for c in sorted(known, key=sort_key))
    if hidden:
        views += (CardView(STYLE.back, ngettext("{n} face down", "{n} face down", hidden
                                                ).format(n=hidden)),)
    return ZoneView("hand", views, label=label, fan=fan_for(len(views)))


def _notes(s: Seen, seat: int) -> tuple[str, ...]:
    if seat == s.winner:
        return (_("wins the game"),)
    if seat in s.drawn:
        return (_("drawn game"),)
    return ()  # a seat out of the game says "out" on its plate


def _seat(s: Seen, seat: int) -> SeatView:
    me = s.viewer if s.viewer is not None else s.turn
    lives = s.lives(seat)
    zones: tuple[ZoneView, ...] = ()
    if seat not in s.out:
        # A pile that is gone is gone for good: it leaves no place on the table, and the
        # dots on the plate count the piles left.
        zones = tuple(_pile_zone(s, seat, i, seat == me) for i in range(3)
                      if not s.piles[seat][i].gone)
        zones += (_hand_zone(s, seat),)
    badge = Badge("lives", lives, ngettext("{n} pile left", "{n} piles left", lives).format(
        n=lives), max=3)
    return SeatView(seat, s.names[seat], zones, (badge,), _notes(s, seat),
                    is_dealer=seat == s.dealer, to_act=seat == s.turn and not s.is_over,
                    is_viewer=seat == s.viewer, out=seat in s.out)


def _centre(s: Seen) -> tuple[ZoneView, ...]:
    # The labels have no short forms: the table makes room for "stock 12" under a small
    # card, so it reads the same at every size (a bare "12" was read as anything).
    stock = ZoneView("stock", (), s.stock, _("stock {n}").format(n=s.stock), ref=STOCK,
                     said=ngettext("the stock ({n} card)", "the stock ({n} cards)",
                                   s.stock).format(n=s.stock))
    top = s.discard[-1] if s.discard else None
    n = len(s.discard)
    pile = (CardView(face(top), ngettext("{card} on top of {n} card", "{card} on top of {n} cards",
                                         n).format(card=spoken(top), n=n),
                     DISCARD),) if top else ()
    # i18n: the label under the discard pile
    discard = ZoneView("discard", pile, 0, pgettext("table", "discard"), ref=DISCARD)
    shown = s.out_of_play[-OUT_SHOWN:]
    n = len(s.out_of_play)
    out = ZoneView("out", tuple(CardView(face(c), spoken(c)) for c in shown), 0,
                   _("out of play {n}").format(n=n), said=_("out of play ({n})").format(n=n))
    return (stock, discard, out)


def turn_words(s: Seen) -> str:
    """The turn in a few words for the middle of the table: how many cards are still to
    draw, or how many moves are left (the plate's arrow says whose turn it is)."""
    if s.turn is None or s.is_over:
        return ""
    if s.stage in ("draw", "shuffle"):
        return ngettext("{n} card to draw", "{n} cards to draw", s.draws_left).format(
            n=s.draws_left)
    if s.moves_left:
        return ngettext("{n} move left", "{n} moves left", s.moves_left).format(n=s.moves_left)
    return _("Both moves made")


def clock_words(s: Seen) -> str:
    """The endgame's clock, or nothing before two players are left."""
    if s.turns_left is None or s.is_over:
        return ""
    n = s.turns_left
    if s.phase == "two-left":
        return ngettext("Last rounds in {n} turn", "Last rounds in {n} turns", n).format(n=n)
    return ngettext("{n} turn to a draw", "{n} turns to a draw", n).format(n=n)


def ending_words(s: Seen) -> str:
    """The big words of a finished game."""
    v = Voice(s.names, s.viewer)
    if s.winner is not None:
        return sentence(v.line(s.winner, _("you win!"), _("{name} wins!")), v.names)
    if s.drawn:
        return _("Drawn: gnäll!")
    return ""


def status_words(s: Seen) -> str:
    """One short sentence on what happens now, told to the viewer (it is drawn in the middle
    of the table too, so it stays short: the story and the review say the rest)."""
    v = Voice(s.names, s.viewer)
    if s.is_over:
        if s.winner is not None:
            return sentence(v.line(s.winner, _("you are the last with piles"),
                                   _("{name} is the last with piles")), v.names)
        both = v.group(list(s.drawn))
        return sentence(_("{players} both kept piles").format(players=both), v.names)
    t = s.turn
    if t is None:
        return ""
    if s.stage == "shuffle":
        return _("The stock is empty: it is rebuilt.")
    if not v.me(t):
        return sentence(_("It is {owner} turn").format(owner=v.owner(t)), v.names)
    if s.stage == "draw":
        return _("Draw: the stock or the discard pile.")
    if any(a.verb in ("attack", "defend") for a in s.legal):
        return _("Pick a card, then where it goes.")
    if any(a.verb == "end" for a in s.legal):
        # i18n: "End turn" is the button's label (the button's own message)
        return _("Your hand is empty: press End turn.")
    return _("Discard a card to end your turn.")


def build(s: Seen, title: str) -> TableModel:
    """The table model of what one viewer may know: nothing here reads a state."""
    seats = tuple(_seat(s, seat) for seat in range(len(s.names)))
    words = [w for w in (turn_words(s),) if w]
    clock = clock_words(s)
    call = ending_words(s) or clock
    return TableModel(title, seats, _centre(s),
                      tuple(Badge("text", w, w) for w in words), viewer=s.viewer,
                      call=call, status=status_words(s), is_over=s.is_over, style=STYLE)


# ---------------------------------------------------------------------------------------------
# Clicks
# ---------------------------------------------------------------------------------------------


def _copies(state: GnallknektState, seat: int) -> dict[str, list[Hashable]]:
    """Each card name of the seat's hand with the refs of its copies."""
    out: dict[str, list[Hashable]] = {}
    for c, k in arranged(state.hands[seat]):
        out.setdefault(c, []).append(hand_ref(seat, c, k))
    return out


def _sources(state: GnallknektState, seat: int, action: Action,
             copies: dict[str, list[Hashable]]) -> list[tuple[Hashable, ...]]:
    """Every way of clicking the cards an attack or a defence plays, the first the main
    one: a hand's card by any of its copies, a pair in the order it is laid."""
    cards = action.get("cards")
    src = action.get("from") if action.verb == "attack" else "hand"
    if src != "hand":
        pile = cast(int, src)  # not the hand: a pile's number
        up = state.up[seat][pile]
        top = len(up) - 1
        if len(cards) == 1:
            return [(up_ref(seat, pile, top),)]
        # A pair off a pile is its top two cards; the order clicked is the order played.
        first = top if cards[0] == up[top] else top - 1
        ways: list[tuple[Hashable, ...]] = [
            (up_ref(seat, pile, first), up_ref(seat, pile, 2 * top - 1 - first))]
        if cards[0] == cards[1]:
            ways.append(ways[0][::-1])
        return ways
    if len(cards) == 1:
        return [(r,) for r in copies.get(cards[0], [])]
    a, b = cards
    if a == b:
        refs = copies.get(a, [])
        return [(x, y) for x in refs for y in refs if x != y]
    return [(x, y) for x in copies.get(a, []) for y in copies.get(b, [])]


def _places(state: GnallknektState, seat: int, action: Action) -> list[Hashable]:
    """Where a click sends an attack or a defence: the pile itself first; for your own
    pile, its face-up cards too (they cover most of it)."""
    if action.verb == "attack":
        return [pile_ref(state.game.index[action.get("target")], action.get("pile"))]
    i = action.get("pile")
    return [pile_ref(seat, i)] + [up_ref(seat, i, k) for k in range(len(state.up[seat][i]))]


def routes(state: GnallknektState, seat: int, legal: Sequence[Action]
           ) -> list[tuple[Action, tuple[Hashable, ...]]]:
    """Every click path of every legal action made by clicking, the main one of each action
    first: draws (one click), attacks and defences (cards, then the place), discards (a
    card, then the discard pile; a card alone once no attack or defence is left)."""
    out: list[tuple[Action, tuple[Hashable, ...]]] = []
    if not legal or state.is_over or state.cur != seat:
        return out
    copies = _copies(state, seat)
    moving = any(a.verb in ("attack", "defend") for a in state.legal_actions(seat))
    for a in legal:
        verb = a.verb
        if verb == "draw":
            out.append((a, (STOCK,) if a.get("from") == "stock" else (DISCARD,)))
        elif verb == "discard":
            tail = (DISCARD,) if moving else ()
            for r in copies.get(a.get("card"), []):
                out.append((a, (r, *tail)))
        elif verb in ("attack", "defend"):
            for place in _places(state, seat, a):
                for way in _sources(state, seat, a, copies):
                    out.append((a, (*way, place)))
    return out


def place_of(state: GnallknektState, ref: Hashable) -> tuple[int, int] | None:
    """The pile (seat, number) a click on ``ref`` lands on: the pile itself or one of its
    face-up cards; ``None`` for anything else."""
    if not isinstance(ref, tuple) or len(ref) not in (3, 4) or ref[0] not in ("pile", "up"):
        return None
    seat, pile = ref[1], ref[2]
    if type(seat) is not int or not 0 <= seat < state.game.seats or pile not in (0, 1, 2):
        return None
    if (ref[0] == "pile") != (len(ref) == 3):
        return None
    return seat, pile


def chosen_cards(state: GnallknektState, seat: int, chosen: Sequence[Hashable]
                 ) -> tuple[tuple[str, ...], int | str] | None:
    """The cards a seat's clicks so far name, and where they come from (``"hand"`` or a
    pile's number); ``None`` when the clicks name no cards of this seat."""
    cards: list[str] = []
    source: int | str | None = None
    for ref in chosen:
        if not isinstance(ref, tuple) or len(ref) != 4 or ref[1] != seat:
            return None
        if ref[0] == "hand":
            where: int | str = "hand"
            card = ref[2]
        elif ref[0] == "up":
            up = state.up[seat][ref[2]] if ref[2] in (0, 1, 2) else []
            if not isinstance(ref[3], int) or not 0 <= ref[3] < len(up):
                return None
            where, card = ref[2], up[ref[3]]
        else:
            return None
        if source is not None and source != where:
            return None
        source = where
        cards.append(card)
    if source is None:
        return None
    return tuple(cards), source


# ---------------------------------------------------------------------------------------------
# The adapter
# ---------------------------------------------------------------------------------------------


class GnallknektAdapter:
    game = "gnallknekt"
    title = N_("A Gnällknekt table")
    style = STYLE
    target_word = N_("games")
    """What a match's length counts, for the teacher's set-up line."""

    def model(self, state: GnallknektState, viewer: int | None) -> TableModel:
        return build(seen(state, viewer), _(self.title))

    def paths(self, state: GnallknektState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        """The main click path of each action made by clicking (see ``routes``)."""
        out: dict[Action, tuple[Hashable, ...]] = {}
        for a, path in routes(state, seat, legal):
            out.setdefault(a, path)
        return out

    def more_paths(self, state: GnallknektState, seat: int, legal: Sequence[Action]
                   ) -> list[tuple[Action, tuple[Hashable, ...]]]:
        """The other ways of clicking the same actions: the second copy of a card, a pair
        clicked in the other order, your own pile clicked on one of its cards."""
        first: set[Action] = set()
        out = []
        for a, path in routes(state, seat, legal):
            if a in first:
                out.append((a, path))
            first.add(a)
        return out

    def buttons(self) -> dict[str, tuple[str, str]]:
        return {"end": (pgettext("button", "End turn"),
                        _("Your hand is empty, so there is nothing to discard: end your turn"))}

    def refuse(self, state: GnallknektState, seat: int, ref: Hashable) -> str | None:
        """Why a click on ``ref``, with nothing picked, is no move for ``seat`` now."""
        if state.is_over or state.cur != seat or not isinstance(ref, tuple) or not ref:
            return None
        kind = ref[0]
        if state.stage == DRAW:
            if kind in ("hand", "up", "pile"):
                n = state.draws_left
                return ngettext("Draw first: click the stock or the discard pile ({n} more "
                                "card to draw).",
                                "Draw first: click the stock or the discard pile ({n} more "
                                "cards to draw).", n).format(n=n)
            return None
        if ref in (STOCK, DISCARD):
            return _("You have drawn your cards. Now pick a card, then click where it goes "
                     "(the discard pile discards it and ends your turn).")
        if kind == "pile":
            return _("Pick your card or pair first, then click the pile it goes to.")
        if kind == "up" and ref[1] == seat and len(ref) == 4 and ref[2] in (0, 1, 2) \
                and isinstance(ref[3], int) and 0 <= ref[3] < len(state.up[seat][ref[2]]):
            up = state.up[seat][ref[2]]
            if ref[3] < len(up) - 2 or (ref[3] == len(up) - 2 and len(top_unit(up)) < 2):
                return _("Only the top card of a pile, or its top pair, can attack; click "
                         "the top card.")
            if state.moves >= 2:
                return _("You have made both moves: discard a card to end your turn.")
            if state.lives[seat] == 1 and len(up) + len(state.down[seat][ref[2]]) <= len(
                    top_unit(up)):
                return _("Those are the last cards of your only pile: attacking with them "
                         "would leave you nothing, so they stay.")
            return _("That card beats no pile now.")
        return None

    def refuse_choice(self, state: GnallknektState, seat: int,
                      chosen: Sequence[Hashable], ref: Hashable) -> str | None:
        """Why the cards picked so far cannot go where ``ref`` is, in the rules' words."""
        picked = chosen_cards(state, seat, chosen)
        if picked is None or state.is_over or state.cur != seat:
            return None
        cards, source = picked
        if ref == STOCK:
            return _("You have drawn your cards; the stock takes nothing back.")
        if ref == DISCARD:
            if len(cards) > 1:
                return _("A turn ends by discarding one card, not a pair.")
            return _("A card from a pile cannot be discarded: only a card of your hand.")
        place = place_of(state, ref)
        if place is None:
            return None
        target, i = place
        if target == seat:
            if source != "hand":
                return _("A card on your pile stays there: it can only attack another pile.")
            if state.moves >= 2:
                return _("You have made both moves: discard a card to end your turn.")
            up = state.up[seat][i]
            if len(up) + len(cards) > 3:
                said = ngettext("{pile} has {n} face-up card, and no pile may hold more than "
                                "three.",
                                "{pile} has {n} face-up cards, and no pile may hold more than "
                                "three.", len(up)).format(pile=_(YOUR_PILES[i]), n=len(up))
                return said[:1].upper() + said[1:]
            return None
        if state.moves >= 2:
            return _("You have made both moves: discard a card to end your turn.")
        if not state.up[target][i]:
            return None
        why = beats_name(cards, state.target(target, i), state.lone_jack(target, i), told=True)
        pile = _(THEIR_PILES[i]).format(owner=genitive(state.game.names[target]))
        return _("Not on {pile}: {why}.").format(pile=pile, why=why)

    def sprite_keys(self) -> list[str]:
        return [face(c) for c in PACK] + [STYLE.back]

    def status(self, state: GnallknektState, seat: int | None) -> str:
        return status_words(seen(state, seat))

    def lines(self, state: GnallknektState, seat: int | None) -> list[str]:
        """The game told to ``seat`` (second person for it), or to the teacher."""
        return telling.story(state, seat)

    def opening(self, state: GnallknektState) -> list[str]:
        """A replay's first frame, for the teacher: the deal and whose turn it is."""
        return telling.story(state, None)[:2]

    # -- between games ------------------------------------------------------------------------

    def review(self, state: GnallknektState, viewer: int | None) -> list[str]:
        return telling.review(state, viewer)

    def first_deal(self, match: Any, viewer: int | None) -> list[str]:
        """How the match found its first dealer, told to ``viewer`` as it starts."""
        return telling.draw_story(match, viewer)

    def progress(self, match: Any) -> str:
        return telling.match_progress(match)

    def between(self, match: Any, summary: Any) -> str:
        return telling.game_settled(match, summary)

    def sits_out(self, state: GnallknektState, seat: int) -> str:
        """Why ``seat`` watches the rest of this game (empty while it plays, and once the
        game is over, so its end and its review stay on the table until Next game)."""
        if state.lives[seat] or state.is_over:
            return ""
        return _("Your piles are all gone, so the others play this game to its end.")

    def standings(self, match: Any) -> list[dict[str, Any]]:
        """Games won and piles left, a finished game's win counted at once (the match
        settles it only when the next game is dealt)."""
        hand = match.hand
        won = hand.winner if hand.is_over and not match.is_over else None
        return [{"seat": row["seat"], "games won": row["points"] + (s == won),
                 "piles": row["piles"]} for s, row in enumerate(match.standings())]

    def deck(self) -> tuple[Any, int, int, str, str]:
        """The ranks in their two orders: attacking (the Ace highest) and lying on a pile
        (the Ace lowest), with the Jack apart, the trump. Two of every card make the pack."""
        cw, ch, gap = STYLE.w, STYLE.h, 8.0
        # Said now, in the language in use, for the picture drawn later.
        rows = ((ATTACK_ORDER, _("attacking")), (PILE_ORDER, _("on a pile")))
        low_high = _("low → high")
        notes = {0: _("lowest"), 11: _("highest")}
        trump = _("trump")
        step = cw + gap
        left = 96.0
        width = int(left + 12 * step + 24 + cw + 16)
        height = int(2 * (ch + 34) + 14)

        def draw(p: Any) -> None:
            p.rect(0, 0, width, height, fill="#0e2a1c")
            for row, (order, words) in enumerate(rows):
                y = 8 + row * (ch + 34)
                p.text(left / 2, y + ch / 2 - 8, words, size=13, fill="#fdfaf2", bold=True)
                p.text(left / 2, y + ch / 2 + 10, low_high, size=11, fill="#d9e8dd")
                for i, rank in enumerate(order):
                    x = left + i * step
                    p.image(face(rank + "H"), x, y, cw, ch)
                    note = notes.get(i, "")
                    if note:
                        p.text(x + cw / 2, y + ch + 13, note, size=11, fill="#d9e8dd")
            x = left + 12 * step + 24
            y = 8 + (ch + 34) / 2
            p.image(face("JH"), x, y, cw, ch)
            p.text(x + cw / 2, y + ch + 13, trump, size=12, fill="#f2c94c", bold=True)

        alt = _("The Gnällknekt ranks. Attacking, from low to high: {attacking}. Lying on a "
                "pile, from low to high: {on_pile}: the Ace is the highest attacker and the "
                "lowest card on a pile. The Jack stands outside both orders: it is the trump, "
                "beaten only by another Jack. The pack is two French packs, 104 cards."
                ).format(attacking=", ".join(_(RANK_WORDS[r]) for r in ATTACK_ORDER),
                         on_pile=", ".join(_(RANK_WORDS[r]) for r in PILE_ORDER))
        return draw, width, height, alt, _("The Gnällknekt ranks")


RANK_WORDS = {**{str(n): str(n) for n in range(2, 11)}, "J": N_("Jack"), "Q": N_("Queen"),
              "K": N_("King"), "A": N_("Ace")}
"""The ranks in words, for the picture's alt text (``_`` where it is said)."""


def genitive(name: str) -> str:
    """A seat's name in the genitive where no voice is at hand: "Bo's", in Swedish "Bos"
    ("Lars" stays "Lars", as in ``Voice.owner``)."""
    if language() == "sv":
        return name if name.endswith(("s", "x", "z")) else name + "s"
    return f"{name}'s"


ADAPTER = GnallknektAdapter()
