"""Kille told to one person: every event said again for a viewer, in the second person for the
viewer's own seat and the third for everyone else, with the grammar right by construction.

An event's ``text`` is the record's wording, the same for everyone (and pinned by the golden
tests); this module reads an event's ``data`` (seats and cards as values) and builds its
sentences from parts that already agree with their subject: ``you lose`` and ``Bo loses``,
``you are`` and ``Bo is``, ``your card`` and ``Bo's card``. The teacher, who sees every
card, is told everything in the third person.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any

from ..events import Event
from ..i18n import N_, _, ngettext, pgettext
from ..voice import Voice, sentence
from .cards import HARLEKIN, KAVALL, KINDS, VARDSHUS
from .narration import KUKU_CALL

KUKU_GLOSS = "(The cuckoo stands firm: no swapping.)"
"""The English gloss after the Kuku call (the Swedish telling says the call alone)."""

# i18n: a card with its article, as in "Bo is dealt a 4"; the numbers as a player says them
# ("en fyra"), the named kinds as names (Blaren, Blompottan and Kransen take no article)
_A_CARD: tuple[str, ...] = (
    N_("a Blaren"), N_("a Blompottan"), N_("a Kransen"), N_("a 1"), N_("a 2"), N_("a 3"),
    N_("a 4"), N_("a 5"), N_("a 6"), N_("a 7"), N_("an 8"), N_("a 9"), N_("a 10"),
    N_("an 11"), N_("a 12"), N_("a Värdshus"), N_("a Kavall"), N_("a Husu"), N_("a Husar"),
    N_("a Kuku"), N_("a Harlekin"))
"""``cards.a_card`` for every kind, as whole phrases: the article and the number's word
differ in Swedish ("ett Värdshus", "en åtta"), so the phrase is translated whole."""

# i18n: the verbs a refusal or a review names: what a seat may do at the table
_REVIEW_WORDS: dict[str, str] = {
    "stand": N_("stood"), "swap": N_("swapped"), "kuku": N_("called Kuku"),
    "ask": N_("asked for better cards"), "accept": N_("accepted a new deal"),
    "refuse": N_("refused a new deal"), "depends": N_("said it depends")}

_WHY_FIRST: dict[str, str] = {
    # i18n: why a seat loses a life before the lowest card is looked at
    "struck by the Husar": N_("struck by the Husar"),
    "struck by the Husu": N_("struck by the Husu"),
    "holding a low Harlekin": N_("holding a low Harlekin"),
}


def _card(kind: int) -> str:
    """A card with its article, in the language in use: "a 4", "an 8", "a Kavall"."""
    return _(_A_CARD[kind])


def _kind(kind: int) -> str:
    """The kind as a bare noun after a possessive ("your 4", Swedish "din fyra")."""
    name = KINDS[kind]
    if not name.isdigit():
        return name
    # i18n: a numbered Kille card as a noun after "your" or "Bo's" ("din fyra", "Bos åtta")
    words = (pgettext("card", "1"), pgettext("card", "2"), pgettext("card", "3"),
             pgettext("card", "4"), pgettext("card", "5"), pgettext("card", "6"),
             pgettext("card", "7"), pgettext("card", "8"), pgettext("card", "9"),
             pgettext("card", "10"), pgettext("card", "11"), pgettext("card", "12"))
    return words[int(name) - 1]


def _owned(v: Voice, seat: int, kind: int) -> str:
    """"your 4" or "Bo's 4": a seat's card named with its owner (Swedish "ditt Värdshus",
    "din fyra": the possessive agrees with the kind's gender)."""
    if v.me(seat):
        mine = (pgettext("neuter", "your {kind}") if kind == VARDSHUS else _("your {kind}"))
        return mine.format(kind=_kind(kind))
    return _("{owner} {kind}").format(owner=v.owner(seat), kind=_kind(kind))


def _kuku_said() -> str:
    # i18n: the Kuku call, in Swedish already, and its English gloss: Swedish says the call
    # alone ("{call}")
    return _("{call} (The cuckoo stands firm: no swapping.)").format(call=KUKU_CALL)


def _then(items: Sequence[str]) -> str:
    """"a, then b, then c": the steps of a card sent back, or a seat's decisions in turn."""
    return reduce(lambda first, nxt: _("{first}, then {next}").format(first=first, next=nxt),
                  items)


def _pair(v: Voice, a: int, b: int, both: str, a_me: str, b_me: str, neither: str,
          **fields: object) -> str:
    """A sentence with two seats whose verbs agree with them: the template for who of ``a``
    and ``b`` is the reader, formatted with ``{a}`` and ``{b}`` as the two seats' names."""
    template = (both if v.me(a) and v.me(b) else a_me if v.me(a) else b_me if v.me(b)
                else neither)
    return template.format(a=v.names[a], b=v.names[b], **fields)


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event for ``viewer`` (a seat, or ``None`` for the teacher), in the language in
    use (``kortspel.i18n``); the record's own ``event.text`` stays English."""
    v = Voice(names, viewer)
    d: tuple[Any, ...] = event.data
    kind = event.kind
    teller = _TELLERS.get(kind)
    if teller is None or (not d and kind not in ("round_over", "nobody")):
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, d) if s)


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you deal one card to each seat, face down"),
                   _("{name} deals one card to each seat, face down"))]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you are dealt {card}"), _("{name} is dealt {card}"),
                   card=_card(d[1]))]


def _redeal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seats, dealer = d
    if len(seats) > 1:
        template = (_("{seats} are each dealt a Harlekin with only two seats in play, so you "
                      "deal again") if v.me(dealer) else
                    _("{seats} are each dealt a Harlekin with only two seats in play, so "
                      "{dealer} deals again"))
        return [template.format(seats=v.group(seats), dealer=v.names[dealer])]
    return [_pair(v, seats[0], dealer,
                  _("you are dealt a Harlekin with only two seats in play, so you deal again"),
                  _("you are dealt a Harlekin with only two seats in play, so {b} deals "
                    "again"),
                  _("{a} is dealt a Harlekin with only two seats in play, so you deal again"),
                  _("{a} is dealt a Harlekin with only two seats in play, so {b} deals "
                    "again"))]


def _kuku(v: Voice, d: tuple[Any, ...]) -> list[str]:
    how = d[0]
    if how == "dealt":
        seat = d[1][0]
        return [v.line(seat, _("you are dealt the Kuku, and with two seats it is turned up "
                               "at once"),
                       _("{name} is dealt the Kuku, and with two seats it is turned up at "
                         "once")), _kuku_said()]
    if how == "call":
        return [v.line(d[1], _("you call the Kuku: {call}"), _("{name} calls the Kuku: {call}"),
                       call=_kuku_said()),
                _("The swapping is over")]
    target, seat = d[1], d[2]
    return [v.line(target, _("you turn up the Kuku: {call}"),
                   _("{name} turns up the Kuku: {call}"), call=_kuku_said()),
            _("The swapping is over, and asking costs {seat} nothing").format(
                seat=v.whom(seat))]


def _stand(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you stand"), _("{name} stands"))]


def _ask(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you ask {dealer}, the dealer, for better cards"),
                   _("{name} asks {dealer}, the dealer, for better cards"),
                   dealer=v.whom(d[1]))]


def _accept(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [_pair(v, d[0], d[1],
                  _("you accept: the cards are gathered and shuffled, and you deal again"),
                  _("you accept: the cards are gathered and shuffled, and {b} deals again"),
                  _("{a} accepts: the cards are gathered and shuffled, and you deal again"),
                  _("{a} accepts: the cards are gathered and shuffled, and {b} deals again"))]


def _refuse(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, first = d
    return [v.line(seat, _("you refuse: no new deal"), _("{name} refuses: no new deal")),
            v.line(first, _("you now stand or swap, and cannot ask again this hand"),
                   _("{name} now stands or swaps, and cannot ask again this hand"))]


def _depends(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, middle = d
    return [_pair(v, seat, middle,
                  _("you say it depends, so you, the middle seat, decide"),
                  _("you say it depends, so {b}, the middle seat, decides"),
                  _("{a} says it depends, so you, the middle seat, decide"),
                  _("{a} says it depends, so {b}, the middle seat, decides"))]


def _ask_swap(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you ask {them} to swap"), _("{name} asks {them} to swap"),
                   them=v.whom(d[1]))]


def _swap(v: Voice, d: tuple[Any, ...]) -> list[str]:
    p, q = d[0], d[1]
    out = [_("{seats} swap cards").format(seats=v.group([p, q]))]
    if len(d) == 4:
        kp, kq = d[2], d[3]
        if kp == kq:
            out.append(_("Two Harlekins meet in one swap: both go across face up, and both "
                         "count high"))
        else:
            to = q if kp == HARLEKIN else p
            out.append(_("The Harlekin goes across face up to {seat}: once swapped onto a "
                         "seat, it counts lower than Blaren").format(seat=v.whom(to)))
    return out


def _swap_cards(v: Voice, d: tuple[Any, ...]) -> list[str]:
    p, q, kp, kq = d
    if v.me(q):
        p, q, kp, kq = q, p, kq, kp
    return [v.line(p, _("you get {got}, and {them} gets {given}"),
                   _("{name} gets {got}, and {them} gets {given}"),
                   got=_owned(v, q, kq), them=v.who(q), given=_owned(v, p, kp))]


def _forbi(v: Voice, d: tuple[Any, ...]) -> list[str]:
    target, kind, seat, nxt = d
    word = KINDS[kind]
    # i18n: a matador's call when it refuses a swap ("Kavall förbi!"), in Swedish already;
    # the English gloss in brackets goes in Swedish
    call = (_("{word} förbi! (Pass the horse.)") if kind == KAVALL
            else _("{word} förbi! (Pass the inn.)")).format(word=word)
    first = v.line(target, _("you turn up {card}: {call}"), _("{name} turns up {card}: {call}"),
                   card=_card(kind), call=call)
    if nxt is None:
        then = v.line(target, _("you lose the turn, and the swap goes on past the dealer, to "
                                "the talon"),
                      _("{name} loses the turn, and the swap goes on past the dealer, to the "
                        "talon"))
    else:
        then = _pair(v, target, seat,
                     _("you lose the turn, and you go on to {next}"),
                     _("you lose the turn, and {b} goes on to {next}"),
                     _("{a} loses the turn, and you go on to {next}"),
                     _("{a} loses the turn, and {b} goes on to {next}"), next=v.whom(nxt))
    return [first, then]


def _husar_said() -> str:
    # i18n: the Husar's call, in Swedish already; the English gloss goes in Swedish
    return _("Husar hugger! (The hussar strikes.)")


def _husu_said() -> str:
    # i18n: the Husu's call, in Swedish already; the English gloss goes in Swedish
    return _("Svinhugg går igen! (The pig strikes back.)")


def _husar(v: Voice, d: tuple[Any, ...]) -> list[str]:
    target, seat = d
    return [v.line(target, _("you turn up a Husar: {call}"), _("{name} turns up a Husar: {call}"),
                   call=_husar_said()),
            # i18n: {who} is "you" (Swedish "du"): the sentence said to the seat struck
            v.line(seat, _("The swap does not happen, and {who} are struck"),
                   _("The swap does not happen, and {name} is struck"), who=v.who(seat))]


def _husu(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you turn up a Husu: {call}"), _("{name} turns up a Husu: {call}"),
                   call=_husu_said())]


def _bite_back(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, path, origin = d
    if len(path) > 1:
        steps = _then([v.whom(s) for s in path[1:]])
        return [_("What {seat} offered goes back the way it came, to {steps}").format(
                    seat=v.who(seat), steps=steps),
                v.line(origin, _("you are struck, as the seat that was dealt it, and each seat "
                                 "on the way has its own dealt card back"),
                       _("{name} is struck, as the seat that was dealt it, and each seat on the "
                         "way has its own dealt card back"))]
    return [v.line(seat, _("you offer the card you were dealt, so you are struck"),
                   _("{name} offers the card {name} was dealt, so {name} is struck"))]


def _back(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you have {card} again"), _("{name} has {card} again"),
                   card=_card(d[1]))]


def _ask_talon(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you, the dealer, swap with the talon"),
                   _("{name}, the dealer, swaps with the talon"))]


def _talon_draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you take the top card of the talon and put your old card face "
                           "down under the talon, out of play"),
                   _("{name} takes the top card of the talon and puts {name}'s old card face "
                     "down under the talon, out of play")),
            _("The round is over")]


def _talon_card(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, kind, old = d
    return [v.line(seat, _("you draw {card} and give up {old}"),
                   _("{name} draws {card} and gives up {old}"),
                   card=_card(kind), old=_card(old))]


def _talon_aside(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, kind = d
    return [v.line(seat, _("you draw {card} from the talon: {word} förbi!"),
                   _("{name} draws {card} from the talon: {word} förbi!"),
                   card=_card(kind), word=KINDS[kind]),
            v.line(seat, _("It is set aside face up, out of play, and you draw again"),
                   _("It is set aside face up, out of play, and {name} draws again"))]


def _talon_kuku(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [v.line(seat, _("you draw the Kuku from the talon: {call}"),
                   _("{name} draws the Kuku from the talon: {call}"), call=_kuku_said()),
            v.line(seat, _("you keep your old card, and the round is over"),
                   _("{name} keeps {name}'s old card, and the round is over"))]


def _talon_husar(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [v.line(seat, _("you draw a Husar from the talon: {call}"),
                   _("{name} draws a Husar from the talon: {call}"), call=_husar_said()),
            v.line(seat, _("you are struck and keep your old card, and the round is over"),
                   _("{name} is struck and keeps {name}'s old card, and the round is over"))]


def _talon_husu(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you draw a Husu from the talon: {call}"),
                   _("{name} draws a Husu from the talon: {call}"), call=_husu_said())]


def _round_over(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [_("The turn would pass the dealer, so the swapping is over")]


def _listed(parts: Sequence[str]) -> str:
    """"a, b and c" in the language in use."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def _showdown(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, kinds = d
    parts = [v.line(s, _("you have {card}"), _("{name} has {card}"), card=_card(k))
             for s, k in zip(order, kinds, strict=True)]
    return [_("Everyone turns up their card: {cards}").format(cards=_listed(parts))]


def _lose(v: Voice, d: tuple[Any, ...]) -> list[str]:
    how, seats = d[0], d[1]
    if how == "first":
        why = d[2]
        why = _(_WHY_FIRST[why]) if why in _WHY_FIRST else why
        return [v.line(seats[0], _("you lose a life, {why}"), _("{name} loses a life, {why}"),
                       why=why)]
    kind = d[2]
    if len(seats) == 1:
        return [v.line(seats[0], _("you hold the lowest card, {card}, and lose a life"),
                       _("{name} holds the lowest card, {card}, and loses a life"),
                       card=_card(kind))]
    return [_("{seats} hold the lowest card, {card}, and each lose a life").format(
        seats=v.group(seats), card=_card(kind))]


def _guard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    which = d[0]
    if which == "struck":
        return [_("That would cost every seat a life, so the lowest card is ignored: only "
                  "the struck seats and low Harlekins lose")]
    if which == "nobody struck":
        return [_("That would cost every seat a life, and nobody was struck, so nobody "
                  "loses: no hand may cost every seat a life")]
    return [_("The struck seats and low Harlekins are every seat, so nobody loses: no hand "
              "may cost every seat a life")]


def _nobody(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [_("Nobody loses a life this hand")]


_TELLERS = {
    "deal": _deal, "dealt": _dealt, "redeal": _redeal, "kuku": _kuku, "stand": _stand,
    "ask": _ask, "accept": _accept, "refuse": _refuse, "depends": _depends,
    "ask_swap": _ask_swap, "swap": _swap, "swap_cards": _swap_cards, "forbi": _forbi,
    "husar": _husar, "husu": _husu, "bite_back": _bite_back, "back": _back,
    "ask_talon": _ask_talon, "talon_draw": _talon_draw, "talon_card": _talon_card,
    "talon_aside": _talon_aside, "talon_kuku": _talon_kuku, "talon_husar": _talon_husar,
    "talon_husu": _talon_husu, "round_over": _round_over, "showdown": _showdown,
    "lose": _lose, "guard": _guard, "nobody": _nobody,
}


# -- between hands: a review of a hand, and where the match stands ------------------------------

def review(state: Any, viewer: int | None = None) -> list[str]:
    """After a hand: what each seat did, and for every life lost the rule that took it."""
    if not state.is_over or state.outcome is None:
        return []
    names = state.game.names
    v = Voice(names, viewer)
    did: dict[int, list[str]] = {s: [] for s in state.order}
    for a in state.actions:
        did[a.seat].append(_(_REVIEW_WORDS[a.verb]))
    out = []
    for s in state.order:
        acts = did[s] or [_("did not act (the swapping ended first)")]
        out.append(sentence(f"{v.who(s)}: " + _then(acts), v.names))
    o = state.outcome
    if o.redeal:
        return out + [_("Nobody loses a life: the dealer deals again.")]
    for s in o.lose_life:
        if s in o.struck:
            why = (_("the Husar struck, because the swap asked a seat holding a Husar")
                   if o.struck[s] == "Husar" else
                   _("the Husu sent the card back along its swaps, and the seat that was "
                     "dealt it is struck"))
        elif s in o.low_harlekin:
            why = _("a Harlekin that arrives by a swap counts lower than any card")
        else:
            why = _("{card} was the lowest card at the table when all were turned "
                    "up").format(card=_card(o.final[s]))
        out.append(sentence(v.line(s, _("you lose a life: {why}"),
                                   _("{name} loses a life: {why}"), why=why), v.names))
    if o.guard:
        out.append(_("No hand may cost every seat a life, so the rule that would have done "
                     "so was set aside."))
    if not o.lose_life:
        out.append(_("Nobody loses a life."))
    return out


def _and(names: Sequence[str]) -> str:
    """"a and b", "a and b and c": the seats of a tie-break."""
    return reduce(lambda first, last: _("{first} and {last}").format(first=first, last=last),
                  names)


def match_progress(match: Any) -> str:
    """Where the match stands, in words: which pot, and what a tie-break is."""
    names = match.game.names
    if match.is_over:
        w = match.winner
        return "" if w is None else _("{name} wins the match.").format(name=names[w])
    if match.tiebreak:
        return _("Tie-break pot: {seats} share the most pots won, so one more pot between "
                 "them settles the match.").format(
                     seats=_and([names[s] for s in match.tiebreak]))
    return _("Pot {n} of {target}.").format(n=match.pots_played + 1, target=match.target)


def pot_settled(match: Any, summary: Any) -> str:
    """Words after a hand is settled: a pot won, the match won."""
    names = match.game.names
    if summary.match_over and match.winner is not None:
        w = match.winner
        pots = match.points[w]
        return ngettext("{name} wins pot {n} and with it the match, with {pots} pot won.",
                        "{name} wins pot {n} and with it the match, with {pots} pots won.",
                        pots).format(name=names[w], n=match.pots_played, pots=pots)
    if summary.pot_winner is not None:
        return _("{name} is the last seat with lives and wins pot {n}. Everyone starts the "
                 "next pot on {lives} lives.").format(name=names[summary.pot_winner],
                                                      n=match.pots_played,
                                                      lives=match.start_lives)
    return ""


def story(state: Any, viewer: int | None = None) -> list[str]:
    """The hand so far as ``viewer`` may read it: what it saw, told to it."""
    names = state.game.names
    return [tell(e, names, viewer) for e in state.events
            if viewer is None or e.visible_to(viewer)]


# How the coach (kortspel.coach) speaks of Kille: the measure is the chance of losing a life
# this hand, said in percent; a decision's loss is graded in percentage points of that chance.
COACH_UNIT = "percent"
COACH_NAMES = ("Kuku",)  # the call keeps its capital inside a sentence, as players write it
COACH_GRADES = (0.03, 0.08, 0.15)
COACH_GRADES_WHY = N_("A life is one of a few: 3 points more chance of losing it is felt over "
                      "a match, 8 is a clear error, 15 or more throws a life away one time in "
                      "seven.")


def action_words() -> dict[str, str]:
    """Kille's moves as the coach names them in a language other than English (its hook:
    ``coach.say_action``). The infinitive, which reads right both as a label ("Byta: 22 %")
    and inside a sentence ("att byta")."""
    # i18n: a Kille move as the coach names it, in a label and inside a sentence
    return {"stand": pgettext("coach action", "stand"), "swap": pgettext("coach action", "swap"),
            "kuku": pgettext("coach action", "Kuku"), "ask": pgettext("coach action", "ask"),
            "accept": pgettext("coach action", "accept"),
            "refuse": pgettext("coach action", "refuse"),
            "depends": pgettext("coach action", "depends")}
