"""Köpknack told to one person: every event said again for a viewer, in the second person for
the viewer's own seat and the third for everyone else, with the grammar right by construction.

An event's ``text`` is the record's wording, the same for everyone; this module reads an
event's ``data`` (seats, cards and sums as values) and builds its sentences from parts that
already agree with their subject (``you knock`` and ``Bo knocks``, ``your hand`` and ``Bo's
hand``; see ``kortspel.voice``). The teacher, who sees every card, is told everything in the
third person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import say_list
from ..events import Event
from ..voice import Voice, sentence
from .cards import article, show, show_all, suit_word
from .match import BROKE, NO_ANTE, why_over
from .narration import KNACK, KNACK_GLOSS, cards_word, tricks_word


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in English for ``viewer`` (a seat, or ``None`` for the teacher)."""
    v = Voice(names, viewer)
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, event.data) if s)


def story(state: Any, viewer: int | None = None) -> list[str]:
    """The deal so far as ``viewer`` may read it: what it saw, told to it."""
    names = state.game.names
    return [tell(e, names, viewer) for e in state.events
            if viewer is None or e.visible_to(viewer)]


# -- one teller per kind of event ---------------------------------------------------------------

def _ante(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, stake, carried, pot = d
    before = f" on top of the {carried} carried in" if carried else ""
    return [f"{v.says(dealer, 'antes')} {stake}{before}, so the pot is {pot}"]


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, talon = d
    return [f"{v.says(dealer, 'deals')} three cards to each seat, two and then one; the "
            f"other {talon} cards, face down, are the talon"]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards = d
    return [f"{v.be(seat)} dealt {show_all(cards)}"]


def _trump(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, card = d
    return [f"{v.says(dealer, 'turns')} up {article(card)} {show(card)}, so "
            f"{suit_word(card[-1])} are trumps", "The card stays face up beside the talon"]


def _knock(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'knocks')}, saying “{KNACK}” {KNACK_GLOSS}, and "
            f"{v.verb(d[0], 'plays')} this deal"]


def _fold(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, dealer = d
    to = "on the table" if seat == dealer else f"to {v.who(dealer)}, the dealer"
    return [f"{v.says(seat, 'folds')}: {v.whose(seat)} hand goes face down {to}, out of this "
            "deal"]


def _sweep(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pot, how = d
    if how == "dealer":
        return [f"Everyone else has folded, so {v.who(seat)}, the dealer, "
                f"{v.verb(seat, 'sweeps')} the pot of {pot} without bidding"]
    return [f"{v.be(seat)} the only one to knock, so {v.says(seat, 'sweeps')} the pot of "
            f"{pot} and there is no play"]


def _buy_round(v: Voice, d: tuple[Any, ...]) -> list[str]:
    number, first = d
    return [f"Buying, round {number} of 2: from {v.who(first)} on, each player still in may "
            "exchange up to three cards with the talon"]


def _exchange(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, n, empty = d
    if n:
        return [f"{v.says(seat, 'exchanges')} {cards_word(n)}"]
    if empty:
        return [f"The talon is empty, so {v.says(seat, 'keeps')} all three cards"]
    return [f"{v.says(seat, 'keeps')} all three cards"]


def _drawn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, gave, got = d
    return [f"{v.says(seat, 'gives', 'give')} up {show_all(gave)} and "
            f"{v.verb(seat, 'draws')} {show_all(got)}"]


def _talon_out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return ["The talon is used up: nobody can buy any more cards"]


def _play(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card, number, lead = d
    if lead:
        return [f"{v.says(seat, 'leads')} {show(card)} to trick {number}"]
    return [f"{v.says(seat, 'plays')} {show(card)}"]


def _trick(v: Voice, d: tuple[Any, ...]) -> list[str]:
    winner, number, card = d
    return [f"{v.says(winner, 'wins')} trick {number} with {show(card)}"]


def _payout(v: Voice, d: tuple[Any, ...]) -> list[str]:
    pot, share, shares = d
    parts = [f"{v.says(s, 'takes')} {amount} for {tricks_word(t)}" for s, t, amount in shares]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return [f"Each trick is worth a third of the pot of {pot}, that is {share}: {listed}"]


def _penalty(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seats, amount, stakes = d
    times = "twice the stake" if stakes == 2 else "the stake"
    if len(seats) == 1:
        s = seats[0]
        return [f"{v.who(s)} took no trick, so {v.says(s, 'pays')} {amount} ({times}) into "
                "the next pot"]
    return [f"{v.group(seats)} took no trick, so each pays {amount} ({times}) into the next "
            "pot"]


def _next_deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    next_pot, dealer = d
    carried = f"{next_pot} carried in" if next_pot else "nothing carried in"
    whose = v.whose(dealer)
    return [f"The next deal is {'yours' if whose == 'your' else whose}: its pot starts with "
            f"{carried}, plus {whose} ante"]


_TELLERS = {
    "ante": _ante, "deal": _deal, "dealt": _dealt, "trump": _trump, "knock": _knock,
    "fold": _fold, "sweep": _sweep, "buy_round": _buy_round, "exchange": _exchange,
    "drawn": _drawn, "talon_out": _talon_out, "play": _play, "trick": _trick,
    "payout": _payout, "penalty": _penalty, "next_deal": _next_deal,
}


# -- between deals: a review of a deal, and where the session stands ------------------------------

def review(state: Any, viewer: int | None = None) -> list[str]:
    """After a deal: what each seat did, and what each took out of the pot or paid into the
    next one, with the rule that said so."""
    o = state.outcome
    if not state.is_over or o is None:
        return []
    g = state.game
    v = Voice(g.names, viewer)
    out: list[str] = []
    bought: dict[int, list[int]] = {}
    for s, n in state.bought:
        bought.setdefault(s, []).append(n)
    for s in range(g.seats):
        bid = state.bids[s]
        if bid is None:
            did = "did not bid (the pot was swept first)"
        elif bid == "fold":
            did = "folded"
        else:
            did = "knocked"
            if s in bought:
                counts = " then ".join(str(n) for n in bought[s])
                did += f", exchanged {counts}"
            if o.swept_by is None:
                did += f", took {tricks_word(o.won[s])}"
        if o.payout[s]:
            did += f" and won {o.payout[s]}"
        if o.penalty[s]:
            did += f" and paid {o.penalty[s]} into the next pot"
        out.append(sentence(f"{v.who(s)}: {did}", v.names))
    if o.swept_by is not None:
        s = o.swept_by
        why = ("everyone else folded before the dealer spoke" if s == state.dealer
               else "nobody else knocked")
        out.append(sentence(f"{v.says(s, 'takes', 'take')} the whole pot of {state.pot}: "
                            f"{why}", v.names))
        return out
    share = state.pot // 3
    out.append(f"Each of the three tricks was worth {share}, a third of the pot of "
               f"{state.pot}.")
    losers = [s for s in range(g.seats) if o.penalty[s]]
    if len(losers) == 1:
        s = losers[0]
        out.append(sentence(f"{v.who(s)} took no trick, so {v.says(s, 'pays')} "
                            f"{o.penalty[s]} into the next pot", v.names))
    elif losers:
        out.append(sentence(f"{v.group(losers)} took no trick, so each pays "
                            f"{o.penalty[losers[0]]} into the next pot", v.names))
    return out


def lots_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found: the slips the seats drew, and who drew slip 1. Empty
    when the session was told its first dealer."""
    if not match.lots:
        return []
    v = Voice(match.game.names, viewer)
    drawn = say_list([f"{v.says(s, 'draws')} {slip}" for s, slip in enumerate(match.lots)])
    first = match.first_dealer
    return [sentence(f"The players draw numbered slips for the first deal: {drawn}", v.names),
            sentence(f"{v.says(first, 'holds')} slip 1 and {v.verb(first, 'deals')} first",
                     v.names)]


def match_progress(match: Any, viewer: int | None = None) -> str:
    """Where the session stands, in words for ``viewer`` (``None``: the teacher, or the
    seat named "you" when one is): which deal, who deals and the pot; at the end, who won
    and why the session ended."""
    v = Voice(match.game.names, viewer)
    if match.is_over:
        w = match.winner
        lead = (v.says(w, "wins", "win") + f" the session with a balance of "
                f"{match.balances[w]}" if w is not None
                else "the session ends in a tie for the top balance")
        return sentence(f"{lead} ({_why_over(match, v)})", v.names)
    return sentence(f"Deal {match.deals_played + 1} of {match.target}: "
                    f"{v.says(match.hand.dealer, 'deals')}, and the pot is {match.hand.pot}",
                    v.names)


def deal_settled(match: Any, summary: Any, viewer: int | None = None) -> str:
    """Words after a deal is settled, for ``viewer``: the pot carried on, or how the session
    ended and who has the highest balance."""
    if summary.match_over:
        v = Voice(match.game.names, viewer)
        w = match.winner
        who = (f"{v.have(w)} the highest balance, {match.balances[w]}" if w is not None
               else "the top balance is shared")
        return (f"The session is over: {_why_over(match, v)}. "
                f"{sentence(who, v.names)}")
    if summary.next_pot:
        return f"The next pot starts with {summary.next_pot} carried in."
    return "Nothing is carried into the next pot."


def _why_over(match: Any, v: Voice) -> str:
    """Why the session ended, told to ``v``'s reader (``match.why_over`` is the teacher's
    third-person line)."""
    kind, seats = match.ending
    if kind == BROKE:
        return f"{v.group(seats)} could not pay the penalty in full"
    if kind == NO_ANTE:
        return f"{v.who(seats[0])} cannot put up the ante to deal"
    return why_over(match.ending, match.target, match.game.names)


# How the coach (kortspel.coach) speaks of Köpknack: the measure is the money won or lost this
# deal, in chips (more is better; the dealer's ante counts against it), graded in chips.
COACH_UNIT = "chips"
COACH_GRADES = (0.25, 0.75, 1.5)
COACH_GRADES_WHY = ("At the usual stake of 3 chips a trick is worth one chip and a knock that "
                    "takes no trick costs six: a quarter of a chip is small change, three "
                    "quarters most of a trick, a chip and a half more than a trick thrown away.")
