"""Gnällknekt told to one person: every event said again for a viewer, in the second person for
the viewer's own seat and the third for everyone else, in the language in use.

An event's ``text`` is the record's wording, the same for everyone and always English; this
module reads an event's ``data`` (seats and cards as values) and says it again in whole
sentences looked up in the catalogue (``kortspel.i18n``): "you attack" and "c attacks", "your
second pile" and "b's second pile" are each a template of their own, because Swedish orders
its words differently ("På din andra hög vänds 8♥ upp"). The teacher (no viewer) hears
everyone in the third person and sees every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..events import Event
from ..i18n import N_, _, language, ngettext, pgettext
from ..voice import Voice, sentence
from .cards import article, show, show_all

_OWN_PILES = (N_("your first pile"), N_("your second pile"), N_("your third pile"))
# i18n: {owner} is a seat's name in the genitive: "Bo's", in Swedish "Bos"
_THEIR_PILES = (N_("{owner} first pile"), N_("{owner} second pile"), N_("{owner} third pile"))
_OUT_PLACES = (N_("out first of the game"), N_("out second of the game"),
               N_("out third of the game"), N_("out fourth of the game"))


def _pile(v: Voice, seat: int, pile: int) -> str:
    """A pile by its owner and number: "your second pile", "b's second pile"."""
    if v.me(seat):
        return _(_OWN_PILES[pile])
    return _(_THEIR_PILES[pile]).format(owner=v.owner(seat))


def _cards(cards: Sequence[str]) -> str:
    """What an attack or a defence plays, or what it takes: "the pair 7♥ 7♦", "the 9♠"."""
    if len(cards) == 2:
        return _("the pair {cards}").format(cards=show_all(cards))
    # i18n: one card named in a sentence ("takes the 9♠"); Swedish needs no article: "{card}"
    return _("the {card}").format(card=show(cards[0]))


def a_card(card: str) -> str:
    """A card with its article in English ("an 8♥", "a K♠"), as Swedish says it ("8♥")."""
    if article(card) == "an":
        # i18n: a card with its article, as in "draws an 8♥"; Swedish says only "{card}"
        return _("an {card}").format(card=show(card))
    # i18n: a card with its article, as in "draws a K♠"; Swedish says only "{card}"
    return _("a {card}").format(card=show(card))


def _count(n: int) -> str:
    """A small count in words ("five"), a larger one in figures, as ``voice.counted`` says
    it in English."""
    words = (pgettext("count", "no"), pgettext("count", "one"), pgettext("count", "two"),
             pgettext("count", "three"), pgettext("count", "four"), pgettext("count", "five"),
             pgettext("count", "six"), pgettext("count", "seven"), pgettext("count", "eight"),
             pgettext("count", "nine"), pgettext("count", "ten"), pgettext("count", "eleven"),
             pgettext("count", "twelve"))
    return words[n] if 0 <= n < len(words) else str(n)


def _listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c" in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's name where no voice speaks to a reader (the match's lines): a seat named
    "you" is "you" in English, "du" in Swedish."""
    name = names[seat]
    return _("you") if name.lower() == "you" and language() != "en" else name


def _opening(text: str, name: str) -> str:
    """A line that opens with the seat named "you", told in another language than English,
    starts with a capital ("Du vinner matchen."); English lines are left as they always were."""
    return text[:1].upper() + text[1:] if language() != "en" and name.lower() == "you" \
        else text


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event for ``viewer`` (a seat, or ``None`` for the teacher), in the language in use."""
    v = Voice(names, viewer)
    teller = _TELLERS.get(event.kind)
    if teller is None or not event.data:
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, event.data) if s)


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, stock = d
    return [v.line(dealer,
                   _("you deal three piles to each player: three cards face down and one face "
                     "up on each"),
                   _("{name} deals three piles to each player: three cards face down and one "
                     "face up on each")),
            _("The other {stock} cards lie face down as the stock").format(stock=stock)]


def _turn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, draws, phase, done, limit = d
    if not phase:
        return [v.line(seat,
                       ngettext("your turn: you draw {n} card", "your turn: you draw {n} cards",
                                draws),
                       ngettext("{owner} turn: {name} draws {n} card",
                                "{owner} turn: {name} draws {n} cards", draws), n=draws)]
    if phase == 1:
        when = _("turn {k} of {limit} before the last rounds").format(k=done + 1, limit=limit)
    else:
        when = _("turn {k} of {limit} of the last rounds").format(k=done + 1, limit=limit)
    return [v.line(seat,
                   ngettext("your turn ({when}): you draw {n} card",
                            "your turn ({when}): you draw {n} cards", draws),
                   ngettext("{owner} turn ({when}): {name} draws {n} card",
                            "{owner} turn ({when}): {name} draws {n} cards", draws),
                   n=draws, when=when)]


def _draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, source = d[0], d[1]
    if source == "stock":
        return [v.line(seat, _("you draw from the stock"), _("{name} draws from the stock"))]
    return [v.line(seat, _("you take the {card} from the discard pile"),
                   _("{name} takes the {card} from the discard pile"), card=show(d[2]))]


def _drawn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [v.line(seat, _("you draw {card}"), _("{name} draws {card}"), card=a_card(card))]


def _short(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, missing = d
    return [v.line(seat,
                   ngettext("No card is left to draw anywhere, so you draw {n} card fewer, and "
                            "the turn goes on",
                            "No card is left to draw anywhere, so you draw {n} cards fewer, "
                            "and the turn goes on", missing),
                   ngettext("No card is left to draw anywhere, so {name} draws {n} card "
                            "fewer, and the turn goes on",
                            "No card is left to draw anywhere, so {name} draws {n} cards "
                            "fewer, and the turn goes on", missing), n=missing)]


def _rebuilt(from_discard: int, from_out: int) -> str:
    """What the rebuilt stock is made of, shuffled into how many cards (``rebuilt_from`` in
    the record's words, one whole sentence for each case here)."""
    total = from_discard + from_out
    if from_out and from_discard == 1:
        return ngettext("the {out} card out of play and the discard under the top one are "
                        "shuffled into a new stock of {n} cards",
                        "the {out} cards out of play and the discard under the top one are "
                        "shuffled into a new stock of {n} cards", from_out
                        ).format(out=from_out, n=total)
    if from_out and from_discard:
        return ngettext("the {out} card out of play and the {under} discards under the top "
                        "one are shuffled into a new stock of {n} cards",
                        "the {out} cards out of play and the {under} discards under the top "
                        "one are shuffled into a new stock of {n} cards", from_out
                        ).format(out=from_out, under=from_discard, n=total)
    if from_out:
        return ngettext("the {n} card out of play is shuffled into a new stock of {n} card",
                        "the {n} cards out of play are shuffled into a new stock of {n} cards",
                        from_out).format(n=from_out)
    if from_discard == 1:
        return _("the discard under the top one is shuffled into a new stock of 1 card")
    return _("the {n} discards under the top one are shuffled into a new stock of {n} cards"
             ).format(n=from_discard)


def _reshuffle(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, from_discard, from_out = d
    return [v.line(seat, _("The stock is empty as you draw"),
                   _("The stock is empty as {name} draws")),
            _rebuilt(from_discard, from_out)]


def _defend(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, pile = d
    return [v.line(seat, _("you defend, laying {cards} on {pile}"),
                   # i18n: {pile} is the defender's own pile ("b's second pile")
                   _("{name} defends, laying {cards} on {pile}"),
                   cards=_cards(cards), pile=_pile(v, seat, pile))]


def _attack(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, source, target, pile, beaten = d
    fields = {"pile": _pile(v, target, pile), "cards": _cards(cards), "beaten": _cards(beaten)}
    if source == "hand":
        return [v.line(seat, _("you attack {pile} with {cards} and take {beaten}"),
                       _("{name} attacks {pile} with {cards} and takes {beaten}"), **fields)]
    return [v.line(seat, _("you attack {pile} with {cards} off {own} and take {beaten}"),
                   # i18n: {own} is the attacker's own pile the cards came off
                   _("{name} attacks {pile} with {cards} off {own} and takes {beaten}"),
                   own=_pile(v, seat, source), **fields)]


def _turn_up(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pile, card = d
    # i18n: a face-down card is turned face up on top of the pile
    return [_("{pile} turns up {card}").format(pile=_pile(v, seat, pile), card=a_card(card))]


def _pile_gone(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pile, left = d
    gone = _pile(v, seat, pile)
    if not left:
        return [v.line(seat, _("{pile} is gone for good: you have no piles left"),
                       _("{pile} is gone for good: {name} has no piles left"), pile=gone)]
    return [v.line(seat,
                   ngettext("{pile} is gone for good: you have {n} pile left",
                            "{pile} is gone for good: you have {n} piles left", left),
                   ngettext("{pile} is gone for good: {name} has {n} pile left",
                            "{pile} is gone for good: {name} has {n} piles left", left),
                   pile=gone, n=left)]


def _out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards = d
    if cards:
        held = v.line(seat, _("your hand ({cards}) goes out of play"),
                      _("{owner} hand ({cards}) goes out of play"), cards=show_all(cards))
    else:
        held = v.line(seat, _("you hold no cards"), _("{name} holds no cards"))
    return [v.line(seat, _("you are out of the game"), _("{name} is out of the game")), held]


def _discard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [v.line(seat, _("you discard the {card}, and the turn ends"),
                   _("{name} discards the {card}, and the turn ends"), card=show(card))]


def _end(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [v.line(seat, _("you have no card left to discard, and the turn ends"),
                   _("{name} has no card left to discard, and the turn ends"))]


def _two_left(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b, turns = d
    each = turns // 2
    return [_("Two players are left, {players}").format(players=v.group([a, b])),
            ngettext("{count} more round each by the usual rules, then {count} last round "
                     "before the game is drawn",
                     "{count} more rounds each by the usual rules, then {count} last rounds "
                     "before the game is drawn", each).format(count=_count(each))]


def _last_rounds(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b, turns = d
    each = turns // 2
    return [ngettext("The last rounds begin: {count} turn each for {players}",
                     "The last rounds begin: {count} turns each for {players}", each
                     ).format(count=_count(each), players=v.group([a, b])),
            _("Each draws one card per pile, and any pair may take a Jack that is the only "
              "card of a last pile")]


def _win(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [v.line(seat, _("you are the only player with piles left, and win the game"),
                   _("{name} is the only player with piles left, and wins the game"))]


def _tie(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b = d
    return [_("The last rounds are over and {players} both still have piles"
              ).format(players=v.group([a, b])),
            _("The game is drawn (gnäll, the whining game)")]


_TELLERS = {
    "deal": _deal, "turn": _turn, "draw": _draw, "drawn": _drawn, "short": _short,
    "reshuffle": _reshuffle, "defend": _defend, "attack": _attack, "turn_up": _turn_up,
    "pile_gone": _pile_gone, "out": _out, "discard": _discard, "end": _end,
    "two_left": _two_left, "last_rounds": _last_rounds, "win": _win, "tie": _tie,
}


def story(state: Any, viewer: int | None = None) -> list[str]:
    """The game so far as ``viewer`` may read it: what it saw, told to it."""
    names = state.game.names
    return [tell(e, names, viewer) for e in state.events
            if viewer is None or e.visible_to(viewer)]


# -- between games: a review of a finished game, and where the match stands -----------------

def _ended(phase: int, actions: int) -> str:
    """The review's last line: the phase the game ended in, after how many actions."""
    if phase == 1:
        return ngettext("The game ended in the two-left phase after {n} action.",
                        "The game ended in the two-left phase after {n} actions.",
                        actions).format(n=actions)
    if phase == 2:
        return ngettext("The game ended in the last-rounds phase after {n} action.",
                        "The game ended in the last-rounds phase after {n} actions.",
                        actions).format(n=actions)
    return ngettext("The game ended in the normal phase after {n} action.",
                    "The game ended in the normal phase after {n} actions.",
                    actions).format(n=actions)


def review(state: Any, viewer: int | None = None) -> list[str]:
    """After a game: how it ended, and for each seat its attacks, defences and what it lost."""
    if not state.is_over:
        return []
    names = state.game.names
    v = Voice(names, viewer)
    attacks = [0] * len(names)
    taken = [0] * len(names)
    defences = [0] * len(names)
    turns = [0] * len(names)
    for e in state.events:
        if e.kind == "attack":
            attacks[e.data[0]] += 1
            taken[e.data[0]] += len(e.data[5])
        elif e.kind == "defend":
            defences[e.data[0]] += 1
        elif e.kind == "turn":
            turns[e.data[0]] += 1
    out = []
    if state.winner is not None:
        out.append(sentence(v.line(state.winner, _("you win the game, the last with piles left"),
                                   _("{name} wins the game, the last with piles left")),
                            v.names))
    elif state.tie is not None:
        a, b = state.tie
        out.append(sentence(_("The game is drawn: {players} still had piles when the last "
                              "rounds ran out").format(players=v.group([a, b])), v.names))
    for s in range(len(names)):
        if s in state.out_order:
            place = state.out_order.index(s) + 1
            end = _(_OUT_PLACES[place - 1]) if place <= len(_OUT_PLACES) else \
                _("out {n}th of the game").format(n=place)
        else:
            end = ngettext("{n} pile left", "{n} piles left", state.lives[s]).format(
                n=state.lives[s])
        # i18n: one seat's game in numbers: "b: 12 turns, 3 attacks taking 4 cards, 2
        # defences; 2 piles left"
        line = _("{who}: {turns}, {attacks} taking {taken}, {defences}; {end}").format(
            who=v.who(s),
            turns=ngettext("{n} turn", "{n} turns", turns[s]).format(n=turns[s]),
            attacks=ngettext("{n} attack", "{n} attacks", attacks[s]).format(n=attacks[s]),
            taken=ngettext("{n} card", "{n} cards", taken[s]).format(n=taken[s]),
            defences=ngettext("{n} defence", "{n} defences", defences[s]).format(
                n=defences[s]),
            end=end)
        out.append(sentence(line, v.names))
    out.append(_ended(state.phase, len(state.actions)))
    return out


def draw_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found (rule 14): each round of the draw, the seats that drew
    again, and who drew highest. Empty when the match was told its first dealer."""
    if not match.draws:
        return []
    v = Voice(match.game.names, viewer)
    out = []
    for i, row in enumerate(match.draws):
        drawn = _listed([v.line(s, _("you draw {card}"), _("{name} draws {card}"),
                                card=a_card(c)) for s, c in enumerate(row) if c is not None])
        if i:
            drawn = _("Drawing again for the ranks that clashed: {draws}").format(draws=drawn)
        out.append(sentence(drawn, v.names))
    first = match.first_dealer
    out.append(sentence(v.line(first,
                               _("you drew the highest card (the Ace is high, the Jack between "
                                 "the 10 and the Queen), so you deal first"),
                               _("{name} drew the highest card (the Ace is high, the Jack "
                                 "between the 10 and the Queen), so {name} deals first")),
                        v.names))
    return out


def match_progress(match: Any) -> str:
    """Where the match stands, in words: which game, and what the endgame's clock says."""
    names = match.game.names
    if match.is_over:
        w = match.winner
        return "" if w is None else _opening(
            _("{name} wins the match.").format(name=_seat_name(names, w)), names[w])
    if match.games_played >= match.target:
        line = _("Game {n}, a decider: the lead is shared").format(n=match.games_played + 1)
    else:
        line = _("Game {n} of {total}").format(n=match.games_played + 1, total=match.target)
    hand = match.hand
    if hand.turns_left is not None and not hand.is_over:
        n = hand.turns_left
        if hand.phase == 1:
            left = ngettext("{n} turn left before the last rounds",
                            "{n} turns left before the last rounds", n).format(n=n)
        else:
            left = ngettext("{n} turn left of the last rounds",
                            "{n} turns left of the last rounds", n).format(n=n)
        line += f"; {left}"
    return line + "."


def game_settled(match: Any, summary: Any) -> str:
    """Words after a game is settled: a game won or drawn, the match won."""
    names = match.game.names
    if summary.winner is not None:
        said = _opening(_("{name} wins game {n}.").format(
            name=_seat_name(names, summary.winner), n=match.games_played), names[summary.winner])
    else:
        a, b = summary.drawn
        said = _("Game {n} is drawn between {first} and {second}.").format(
            n=match.games_played, first=_seat_name(names, a), second=_seat_name(names, b))
    if summary.match_over and match.winner is not None:
        said += " " + _opening(_("{name} wins the match.").format(
            name=_seat_name(names, match.winner)), names[match.winner])
    return said


# How the coach (kortspel.coach) speaks of Gnällknekt: the measure is the chance of winning the
# game, said in percent; a loss is graded in percentage points of that chance, as chess
# trainers grade a move by how much it drops the chance of winning.
COACH_UNIT = "percent"
COACH_GRADES = (0.03, 0.08, 0.15)
COACH_GRADES_WHY = N_("The chance of winning a whole game moves slowly, one card at a time: 3 "
                      "points is a small slip, 8 a clear error, 15 a game thrown away.")


def say_action(action: Any, names: Sequence[str], viewer: int | None = None) -> str:
    """A move as the coach says it to ``viewer`` (the seat to act): 'Attack b's second pile
    with the 9♠ off your first pile', 'Defend your third pile with the pair 4♠ 4♥'."""
    v = Voice(names, viewer)
    seat = action.seat
    verb = action.verb
    if verb == "draw":
        if action.get("from") == "stock":
            return _("Draw from the stock")
        return _("Draw from the discard pile")
    if verb == "defend":
        return _("Defend {pile} with {cards}").format(pile=_pile(v, seat, action.get("pile")),
                                                       cards=_cards(action.get("cards")))
    if verb == "attack":
        source = action.get("from")
        target = action.get("target")
        target = names.index(target) if isinstance(target, str) and target in names else target
        fields = {"pile": _pile(v, target, action.get("pile")),
                  "cards": _cards(action.get("cards"))}
        if source == "hand":
            return _("Attack {pile} with {cards}").format(**fields)
        return _("Attack {pile} with {cards} off {own}").format(own=_pile(v, seat, source),
                                                                 **fields)
    if verb == "discard":
        return _("Discard the {card}").format(card=show(action.get("card")))
    if verb == "end":
        return _("End the turn")
    return verb.capitalize()
