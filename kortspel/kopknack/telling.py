"""Köpknack told to one person: every event said again for a viewer, in the second person for
the viewer's own seat and the third for everyone else, with the grammar right by construction.

Every sentence is a whole template in the catalogue (``kortspel/locale``), so Swedish
puts its words in its own order; the English is the code's own words.

An event's ``text`` is the record's wording, the same for everyone; this module reads an
event's ``data`` (seats, cards and sums as values) and builds its sentences from parts that
already agree with their subject (``you knock`` and ``Bo knocks``, ``your hand`` and ``Bo's
hand``; see ``kortspel.voice``). The teacher, who sees every card, is told everything in the
third person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..events import Event
from ..i18n import N_, _, pgettext
from ..voice import Voice, sentence
from .cards import show, show_all
from .match import BROKE, NO_ANTE
from .words import SeatVoice, a_card, and_list, cards_said, suit_name, tricks_said


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event for ``viewer`` (a seat, or ``None`` for the teacher), in the language in use
    (``kortspel.i18n``); an event no teller knows is said in its record's words."""
    v = SeatVoice(names, viewer)
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
# Each sentence is one template per person ("you ante", "{name} antes"), so a translation can
# put the words in its own order; the record's English (``narration``) is not made from these.

def _ante(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, stake, carried, pot = d
    if carried:
        return [v.line(dealer, _("you ante {stake} on top of the {carried} carried in, so the "
                                 "pot is {pot}"),
                       _("{name} antes {stake} on top of the {carried} carried in, so the pot "
                         "is {pot}"), stake=stake, carried=carried, pot=pot)]
    return [v.line(dealer, _("you ante {stake}, so the pot is {pot}"),
                   _("{name} antes {stake}, so the pot is {pot}"), stake=stake, pot=pot)]


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, talon = d
    # i18n: the talon is the pile of cards not dealt, face down; players buy from it
    return [v.line(dealer, _("you deal three cards to each seat, two and then one; the other "
                             "{talon} cards, face down, are the talon"),
                   _("{name} deals three cards to each seat, two and then one; the other "
                     "{talon} cards, face down, are the talon"), talon=talon)]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards = d
    return [v.line(seat, _("you are dealt {cards}"), _("{name} is dealt {cards}"),
                   cards=show_all(cards))]


def _trump(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, card = d
    # i18n: {card} is "a 9♦" in English; Swedish names the card without an article ("9♦")
    return [v.line(dealer, _("you turn up {card}, so {suit} are trumps"),
                   _("{name} turns up {card}, so {suit} are trumps"),
                   card=a_card(card), suit=suit_name(card[-1])),
            _("The card stays face up beside the talon")]


def _knock(v: Voice, d: tuple[Any, ...]) -> list[str]:
    # i18n: “Knack!” is the call said aloud, kept in Swedish in both languages; the English
    # explains it, the Swedish needs no gloss
    return [v.line(d[0], _("you knock, saying “Knack!” (Swedish for knock), and play this deal"),
                   _("{name} knocks, saying “Knack!” (Swedish for knock), and plays this "
                     "deal"))]


def _fold(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, dealer = d
    if seat == dealer:
        return [v.line(seat, _("you fold: your hand goes face down on the table, out of this "
                               "deal"),
                       _("{name} folds: {owner} hand goes face down on the table, out of this "
                         "deal"))]
    # i18n: {dealer} is the seat that deals, as an object ("dig" when it is the reader)
    return [v.line(seat, _("you fold: your hand goes face down to {dealer}, the dealer, out "
                           "of this deal"),
                   _("{name} folds: {owner} hand goes face down to {dealer}, the dealer, out "
                     "of this deal"), dealer=v.whom(dealer))]


def _sweep(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pot, how = d
    if how == "dealer":
        return [v.line(seat, _("Everyone else has folded, so you, the dealer, sweep the pot of "
                               "{pot} without bidding"),
                       _("Everyone else has folded, so {name}, the dealer, sweeps the pot of "
                         "{pot} without bidding"), pot=pot)]
    return [v.line(seat, _("you are the only one to knock, so you sweep the pot of {pot} and "
                           "there is no play"),
                   _("{name} is the only one to knock, so {name} sweeps the pot of {pot} and "
                     "there is no play"), pot=pot)]


def _buy_round(v: Voice, d: tuple[Any, ...]) -> list[str]:
    number, first = d
    # i18n: to exchange with the talon is "köpa"; {first} is the seat that buys first
    return [_("Buying, round {number} of 2: from {first} on, each player still in may "
              "exchange up to three cards with the talon").format(number=number,
                                                                  first=v.whom(first))]


def _exchange(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, n, empty = d
    if n:
        return [v.line(seat, _("you exchange {cards}"), _("{name} exchanges {cards}"),
                       cards=cards_said(n))]
    if empty:
        return [v.line(seat, _("The talon is empty, so you keep all three cards"),
                       _("The talon is empty, so {name} keeps all three cards"))]
    return [v.line(seat, _("you keep all three cards"), _("{name} keeps all three cards"))]


def _drawn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, gave, got = d
    return [v.line(seat, _("you give up {gave} and draw {got}"),
                   _("{name} gives up {gave} and draws {got}"),
                   gave=show_all(gave), got=show_all(got))]


def _talon_out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [_("The talon is used up: nobody can buy any more cards")]


def _play(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card, number, lead = d
    if lead:
        return [v.line(seat, _("you lead {card} to trick {number}"),
                       _("{name} leads {card} to trick {number}"), card=show(card),
                       number=number)]
    return [v.line(seat, _("you play {card}"), _("{name} plays {card}"), card=show(card))]


def _trick(v: Voice, d: tuple[Any, ...]) -> list[str]:
    winner, number, card = d
    return [v.line(winner, _("you win trick {number} with {card}"),
                   _("{name} wins trick {number} with {card}"), number=number,
                   card=show(card))]


def _payout(v: Voice, d: tuple[Any, ...]) -> list[str]:
    pot, share, shares = d
    parts = [v.line(s, _("you take {amount} for {tricks}"), _("{name} takes {amount} for "
                                                              "{tricks}"),
                    amount=amount, tricks=tricks_said(t)) for s, t, amount in shares]
    return [_("Each trick is worth a third of the pot of {pot}, that is {share}: {listed}")
            .format(pot=pot, share=share, listed=and_list(parts))]


def _penalty(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seats, amount, stakes = d
    times = _("twice the stake") if stakes == 2 else _("the stake")
    if len(seats) == 1:
        return [v.line(seats[0], _("you took no trick, so you pay {amount} ({times}) into the "
                                   "next pot"),
                       _("{name} took no trick, so {name} pays {amount} ({times}) into the "
                         "next pot"), amount=amount, times=times)]
    return [_("{group} took no trick, so each pays {amount} ({times}) into the next pot")
            .format(group=v.group(seats), amount=amount, times=times)]


def _next_deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    next_pot, dealer = d
    if next_pot:
        return [v.line(dealer, _("The next deal is yours: its pot starts with {carried} "
                                 "carried in, plus your ante"),
                       _("The next deal is {owner}: its pot starts with {carried} carried "
                         "in, plus {owner} ante"), carried=next_pot)]
    return [v.line(dealer, _("The next deal is yours: its pot starts with nothing carried "
                             "in, plus your ante"),
                   _("The next deal is {owner}: its pot starts with nothing carried in, plus "
                     "{owner} ante"))]


_TELLERS = {
    "ante": _ante, "deal": _deal, "dealt": _dealt, "trump": _trump, "knock": _knock,
    "fold": _fold, "sweep": _sweep, "buy_round": _buy_round, "exchange": _exchange,
    "drawn": _drawn, "talon_out": _talon_out, "play": _play, "trick": _trick,
    "payout": _payout, "penalty": _penalty, "next_deal": _next_deal,
}


# -- between deals: a review of a deal, and where the session stands ------------------------------

def _did(state: Any, v: Voice, s: int, bought: dict[int, list[int]]) -> str:
    """What seat ``s`` did in a finished deal, as the words after its name: "knocked,
    exchanged 2 then 0, took one trick and won 6" (no verb agrees with a subject here: the
    seat's name stands before a colon)."""
    o = state.outcome
    bid = state.bids[s]
    if bid is None:
        did = _("did not bid (the pot was swept first)")
    elif bid == "fold":
        # i18n: said of the reader ("du: lade dig"); the next message of any other seat
        did = v.line(s, pgettext("review, you", "folded"), _("folded"))
    else:
        parts = [_("knocked")]
        if s in bought:
            counts = str(bought[s][0])
            for n in bought[s][1:]:
                counts = _("{first} then {then}").format(first=counts, then=n)
            parts.append(_("exchanged {counts}").format(counts=counts))
        if o.swept_by is None:
            parts.append(_("took {tricks}").format(tricks=tricks_said(o.won[s])))
        did = ", ".join(parts)
    if o.payout[s]:
        did = _("{first} and {last}").format(
            first=did, last=_("won {amount}").format(amount=o.payout[s]))
    if o.penalty[s]:
        did = _("{first} and {last}").format(
            first=did, last=_("paid {amount} into the next pot").format(amount=o.penalty[s]))
    return did


def review(state: Any, viewer: int | None = None) -> list[str]:
    """After a deal: what each seat did, and what each took out of the pot or paid into the
    next one, with the rule that said so."""
    o = state.outcome
    if not state.is_over or o is None:
        return []
    g = state.game
    v = SeatVoice(g.names, viewer)
    out: list[str] = []
    bought: dict[int, list[int]] = {}
    for s, n in state.bought:
        bought.setdefault(s, []).append(n)
    for s in range(g.seats):
        # i18n: a seat's name (or "you"), a colon, then what it did: "du: knackade, ..."
        out.append(sentence(_("{who}: {did}").format(who=v.who(s), did=_did(state, v, s, bought)),
                            v.names))
    if o.swept_by is not None:
        s = o.swept_by
        why = (_("everyone else folded before the dealer spoke") if s == state.dealer
               else _("nobody else knocked"))
        out.append(sentence(v.line(s, _("you take the whole pot of {pot}: {why}"),
                                   _("{name} takes the whole pot of {pot}: {why}"),
                                   pot=state.pot, why=why), v.names))
        return out
    share = state.pot // 3
    out.append(_("Each of the three tricks was worth {share}, a third of the pot of {pot}.")
               .format(share=share, pot=state.pot))
    losers = [s for s in range(g.seats) if o.penalty[s]]
    if len(losers) == 1:
        s = losers[0]
        out.append(sentence(v.line(s, _("you took no trick, so you pay {amount} into the next "
                                        "pot"),
                                   _("{name} took no trick, so {name} pays {amount} into the "
                                     "next pot"), amount=o.penalty[s]), v.names))
    elif losers:
        out.append(sentence(_("{group} took no trick, so each pays {amount} into the next pot")
                            .format(group=v.group(losers), amount=o.penalty[losers[0]]),
                            v.names))
    return out


def lots_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found: the slips the seats drew, and who drew slip 1. Empty
    when the session was told its first dealer."""
    if not match.lots:
        return []
    v = SeatVoice(match.game.names, viewer)
    drawn = and_list([v.line(s, _("you draw {slip}"), _("{name} draws {slip}"), slip=slip)
                      for s, slip in enumerate(match.lots)])
    first = match.first_dealer
    return [sentence(_("The players draw numbered slips for the first deal: {drawn}")
                     .format(drawn=drawn), v.names),
            sentence(v.line(first, _("you hold slip 1 and deal first"),
                            _("{name} holds slip 1 and deals first")), v.names)]


def match_progress(match: Any, viewer: int | None = None) -> str:
    """Where the session stands, in words for ``viewer`` (``None``: the teacher, or the
    seat named "you" when one is): which deal, who deals and the pot; at the end, who won
    and why the session ended."""
    v = SeatVoice(match.game.names, viewer)
    if match.is_over:
        w = match.winner
        why = _why_over(match, v)
        if w is None:
            return sentence(_("the session ends in a tie for the top balance ({why})")
                            .format(why=why), v.names)
        return sentence(v.line(w, _("you win the session with a balance of {balance} ({why})"),
                               _("{name} wins the session with a balance of {balance} "
                                 "({why})"), balance=match.balances[w], why=why), v.names)
    return sentence(v.line(match.hand.dealer,
                           _("Deal {number} of {target}: you deal, and the pot is {pot}"),
                           _("Deal {number} of {target}: {name} deals, and the pot is {pot}"),
                           number=match.deals_played + 1, target=match.target,
                           pot=match.hand.pot), v.names)


def deal_settled(match: Any, summary: Any, viewer: int | None = None) -> str:
    """Words after a deal is settled, for ``viewer``: the pot carried on, or how the session
    ended and who has the highest balance."""
    if summary.match_over:
        v = SeatVoice(match.game.names, viewer)
        w = match.winner
        who = (v.line(w, _("you have the highest balance, {balance}"),
                      _("{name} has the highest balance, {balance}"),
                      balance=match.balances[w]) if w is not None
               else _("the top balance is shared"))
        return _("The session is over: {why}. {who}").format(
            why=_why_over(match, v), who=sentence(who, v.names))
    if summary.next_pot:
        return _("The next pot starts with {carried} carried in.").format(
            carried=summary.next_pot)
    return _("Nothing is carried into the next pot.")


def _why_over(match: Any, v: Voice) -> str:
    """Why the session ended, told to ``v``'s reader (``match.why_over`` is the teacher's
    third-person line, in the record's English)."""
    kind, seats = match.ending
    if kind == BROKE:
        return _("{group} could not pay the penalty in full").format(group=v.group(seats))
    if kind == NO_ANTE:
        return _("{who} cannot put up the ante to deal").format(who=v.who(seats[0]))
    if match.target == 1:
        return _("its only deal is played")
    return _("the last of its {target} deals is played").format(target=match.target)


# How the coach (kortspel.coach) speaks of Köpknack: the measure is the money won or lost this
# deal, in chips (more is better; the dealer's ante counts against it), graded in chips.
COACH_UNIT = "chips"
COACH_GRADES = (0.25, 0.75, 1.5)
# i18n: shown by the coach beside its grades; a chip is "en mark"
COACH_GRADES_WHY = N_("At the usual stake of 3 chips a trick is worth one chip and a knock that "
                    "takes no trick costs six: a quarter of a chip is small change, three "
                    "quarters most of a trick, a chip and a half more than a trick thrown away.")


def action_words() -> dict[str, str]:
    """Köpknack's moves as the coach names them in a language other than English (its hook:
    ``coach.say_action``): "knock", "fold", "exchange 7♣ 2♦", "play K♠"."""
    # i18n: a Köpknack move as the coach names it, in a label and inside a sentence
    return {"knock": pgettext("coach action", "knock"), "fold": pgettext("coach action", "fold"),
            "exchange": pgettext("coach action", "exchange"),
            "play": pgettext("coach action", "play")}
