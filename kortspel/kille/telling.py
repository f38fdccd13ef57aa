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
from typing import Any

from ..events import Event
from ..voice import Voice, sentence
from .cards import KAVALL, KINDS, a_card
from .narration import KUKU_CALL

KUKU_GLOSS = "(The cuckoo stands firm: no swapping.)"


def _card(kind: int) -> str:
    return a_card(kind)


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in English for ``viewer`` (a seat, or ``None`` for the teacher)."""
    v = Voice(names, viewer)
    d: tuple[Any, ...] = event.data
    kind = event.kind
    teller = _TELLERS.get(kind)
    if teller is None or (not d and kind not in ("round_over", "nobody")):
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, d) if s)


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'deals')} one card to each seat, face down"]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.be(d[0])} dealt {_card(d[1])}"]


def _redeal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seats, dealer = d
    got = ("are each dealt a Harlekin" if len(seats) > 1
           else ("are" if v.me(seats[0]) else "is") + " dealt a Harlekin")
    return [f"{v.group(seats)} {got} with only two seats in play, so "
            f"{v.says(dealer, 'deals')} again"]


def _kuku(v: Voice, d: tuple[Any, ...]) -> list[str]:
    how = d[0]
    if how == "dealt":
        seat = d[1][0]
        return [f"{v.be(seat)} dealt the Kuku, and with two seats it is turned up at once",
                f"{KUKU_CALL} {KUKU_GLOSS}"]
    if how == "call":
        return [f"{v.says(d[1], 'calls')} the Kuku: {KUKU_CALL} {KUKU_GLOSS}",
                "The swapping is over"]
    target, seat = d[1], d[2]
    return [f"{v.says(target, 'turns')} up the Kuku: {KUKU_CALL} {KUKU_GLOSS}",
            f"The swapping is over, and asking costs {v.who(seat)} nothing"]


def _stand(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.says(d[0], "stands")]


def _ask(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'asks')} {v.who(d[1])}, the dealer, for better cards"]


def _accept(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'accepts')}: the cards are gathered and shuffled, and "
            f"{v.says(d[1], 'deals')} again"]


def _refuse(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, first = d
    return [f"{v.says(seat, 'refuses')}: no new deal",
            f"{v.who(first)} now {v.verb(first, 'stands')} or {v.verb(first, 'swaps')}, and "
            "cannot ask again this hand"]


def _depends(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, middle = d
    return [f"{v.says(seat, 'says', 'say')} it depends, so {v.who(middle)}, the middle seat, "
            f"{v.verb(middle, 'decides')}"]


def _ask_swap(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'asks')} {v.who(d[1])} to swap"]


def _swap(v: Voice, d: tuple[Any, ...]) -> list[str]:
    p, q = d[0], d[1]
    out = [f"{v.group([p, q])} swap cards"]
    if len(d) == 4:
        kp, kq = d[2], d[3]
        if kp == kq:
            out.append("Two Harlekins meet in one swap: both go across face up, and both "
                       "count high")
        else:
            to = q if kp == KINDS.index("Harlekin") else p
            out.append(f"The Harlekin goes across face up to {v.who(to)}: once swapped onto "
                       "a seat, it counts lower than Blaren")
    return out


def _swap_cards(v: Voice, d: tuple[Any, ...]) -> list[str]:
    p, q, kp, kq = d
    if v.me(q):
        p, q, kp, kq = q, p, kq, kp
    return [f"{v.says(p, 'gets')} {v.whose(q)} {KINDS[kq]}, and {v.says(q, 'gets')} "
            f"{v.whose(p)} {KINDS[kp]}"]


def _forbi(v: Voice, d: tuple[Any, ...]) -> list[str]:
    target, kind, seat, nxt = d
    word = KINDS[kind]
    gloss = "(Pass the horse.)" if kind == KAVALL else "(Pass the inn.)"
    where = (f"{v.says(seat, 'goes', 'go')} on to {v.who(nxt)}" if nxt is not None
             else "the swap goes on past the dealer, to the talon")
    return [f"{v.says(target, 'turns')} up {_card(kind)}: {word} förbi! {gloss}",
            f"{v.says(target, 'loses')} the turn, and {where}"]


def _husar(v: Voice, d: tuple[Any, ...]) -> list[str]:
    target, seat = d
    return [f"{v.says(target, 'turns')} up a Husar: Husar hugger! (The hussar strikes.)",
            f"The swap does not happen, and {v.be(seat)} struck"]


def _husu(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'turns')} up a Husu: Svinhugg går igen! (The pig strikes back.)"]


def _bite_back(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, path, origin = d
    if len(path) > 1:
        steps = ", then ".join(v.who(s) for s in path[1:])
        return [f"What {v.who(seat)} offered goes back the way it came, to {steps}",
                f"{v.be(origin)} struck, as the seat that was dealt it, and each seat on the "
                "way has its own dealt card back"]
    own = "were" if v.me(seat) else "was"
    return [f"{v.says(seat, 'offers')} the card {v.who(seat)} {own} dealt, so "
            f"{v.be(seat)} struck"]


def _back(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.have(d[0])} {_card(d[1])} again"]


def _ask_talon(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.who(d[0])}, the dealer, {v.verb(d[0], 'swaps')} with the talon"]


def _talon_draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [f"{v.says(seat, 'takes')} the top card of the talon and "
            f"{v.verb(seat, 'puts', 'put')} {v.whose(seat)} old card face down under the "
            "talon, out of play", "The round is over"]


def _talon_card(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, kind, old = d
    return [f"{v.says(seat, 'draws')} {_card(kind)} and {v.verb(seat, 'gives', 'give')} up "
            f"{_card(old)}"]


def _talon_aside(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, kind = d
    return [f"{v.says(seat, 'draws')} {_card(kind)} from the talon: {KINDS[kind]} förbi!",
            f"It is set aside face up, out of play, and {v.says(seat, 'draws')} again"]


def _talon_kuku(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [f"{v.says(seat, 'draws')} the Kuku from the talon: {KUKU_CALL} {KUKU_GLOSS}",
            f"{v.says(seat, 'keeps')} {v.whose(seat)} old card, and the round is over"]


def _talon_husar(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [f"{v.says(seat, 'draws')} a Husar from the talon: Husar hugger! (The hussar "
            "strikes.)", f"{v.be(seat)} struck and {v.verb(seat, 'keeps')} {v.whose(seat)} "
            "old card, and the round is over"]


def _talon_husu(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'draws')} a Husu from the talon: Svinhugg går igen! (The pig "
            "strikes back.)"]


def _round_over(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return ["The turn would pass the dealer, so the swapping is over"]


def _showdown(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, kinds = d
    parts = [f"{v.have(s)} {_card(k)}" for s, k in zip(order, kinds, strict=True)]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return [f"Everyone turns up their card: {listed}"]


def _lose(v: Voice, d: tuple[Any, ...]) -> list[str]:
    how, seats = d[0], d[1]
    if how == "first":
        return [f"{v.says(seats[0], 'loses')} a life, {d[2]}"]
    kind = d[2]
    if len(seats) == 1:
        return [f"{v.says(seats[0], 'holds')} the lowest card, {_card(kind)}, and "
                f"{v.verb(seats[0], 'loses')} a life"]
    return [f"{v.group(seats)} hold the lowest card, {_card(kind)}, and each lose a life"]


def _guard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    which = d[0]
    if which == "struck":
        return ["That would cost every seat a life, so the lowest card is ignored: only "
                "the struck seats and low Harlekins lose"]
    if which == "nobody struck":
        return ["That would cost every seat a life, and nobody was struck, so nobody "
                "loses: no hand may cost every seat a life"]
    return ["The struck seats and low Harlekins are every seat, so nobody loses: no hand may "
            "cost every seat a life"]


def _nobody(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return ["Nobody loses a life this hand"]


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
    words = {"stand": "stood", "swap": "swapped", "kuku": "called Kuku",
             "ask": "asked for better cards", "accept": "accepted a new deal",
             "refuse": "refused a new deal", "depends": "said it depends"}
    for a in state.actions:
        did[a.seat].append(words[a.verb])
    out = []
    for s in state.order:
        acts = did[s] or ["did not act (the swapping ended first)"]
        out.append(sentence(f"{v.who(s)}: " + ", then ".join(acts), v.names))
    o = state.outcome
    if o.redeal:
        return out + ["Nobody loses a life: the dealer deals again."]
    for s in o.lose_life:
        if s in o.struck:
            why = ("the Husar struck, because the swap asked a seat holding a Husar"
                   if o.struck[s] == "Husar" else
                   "the Husu sent the card back along its swaps, and the seat that was "
                   "dealt it is struck")
        elif s in o.low_harlekin:
            why = "a Harlekin that arrives by a swap counts lower than any card"
        else:
            why = (f"{_card(o.final[s])} was the lowest card at the table when all "
                   "were turned up")
        out.append(sentence(f"{v.says(s, 'loses', 'lose')} a life: {why}", v.names))
    if o.guard:
        out.append("No hand may cost every seat a life, so the rule that would have done "
                   "so was set aside.")
    if not o.lose_life:
        out.append("Nobody loses a life.")
    return out

def match_progress(match: Any) -> str:
    """Where the match stands, in words: which pot, and what a tie-break is."""
    names = match.game.names
    if match.is_over:
        w = match.winner
        return "" if w is None else f"{names[w]} wins the match."
    if match.tiebreak:
        who = " and ".join(names[s] for s in match.tiebreak)
        return (f"Tie-break pot: {who} share the most pots won, so one more pot between "
                "them settles the match.")
    return f"Pot {match.pots_played + 1} of {match.target}."

def pot_settled(match: Any, summary: Any) -> str:
    """Words after a hand is settled: a pot won, the match won."""
    names = match.game.names
    if summary.match_over and match.winner is not None:
        w = match.winner
        pots = match.points[w]
        return (f"{names[w]} wins pot {match.pots_played} and with it the match, with "
                f"{pots} {'pot' if pots == 1 else 'pots'} won.")
    if summary.pot_winner is not None:
        return (f"{names[summary.pot_winner]} is the last seat with lives and wins pot "
                f"{match.pots_played}. Everyone starts the next pot on "
                f"{match.start_lives} lives.")
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
COACH_GRADES_WHY = ("A life is one of a few: 3 points more chance of losing it is felt over a "
                    "match, 8 is a clear error, 15 or more throws a life away one time in seven.")
