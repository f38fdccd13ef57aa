"""Knock told to one person: every event said again for a reader, in the second person for
the reader's own seat and the third for everyone else, with the grammar right by
construction.

An event's ``text`` is the record's wording, the same for everyone; this module reads an
event's ``data`` (seats and cards as values) and builds its sentences from parts that agree
with their subject (``kortspel.voice``): "you knock" and "b knocks", "your knock" and "b's
knock". The teacher, who sees every card, is told everything in the third person. Also here:
the review of a finished round, the cut for the first dealer, and where a match stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..events import Event
from ..i18n import N_, _, language, ngettext, pgettext
from ..voice import Voice, sentence
from .cards import NAMES, SHOWN, article
from .narration import KNOCK_CALL, ordinal
from .rules import OUT_OVER, SKUNK_BELOW
from .value import best_grouping

# Every sentence below is one whole template with named fields (docs/i18n.md), so Swedish
# can put its words in its own order; a template about a seat comes twice, for the reader's
# own seat ("you") and for another's ("{name}"), through ``Voice.line``. The English of every
# template is exactly what this module said before it spoke two languages. The English says
# "{name}'s" rather than "{owner}" where Swedish turns the sentence round to do without a
# genitive ("b gets a star, b's second" is "b får en stjärna, sin andra"): a template's
# fields are the same in both languages, and "bs" is no Swedish for a seat called b.


def _and(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c" in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


_ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"),
             N_("seventh"), N_("eighth"), N_("ninth"), N_("tenth"))


def _ordinal(n: int) -> str:
    """"second" / "andra": a star's number in words (figures past ten: "11th" / "11:e")."""
    if 1 <= n <= len(_ORDINALS):
        return _(_ORDINALS[n - 1])
    return ordinal(n) if language() == "en" else f"{n}:e"


def _an(card: int) -> bool:
    """Whether English says "an" before the card ("an 8♥", "an A♠"): Swedish says none, and
    each sentence that names a card with an article comes in both forms."""
    return article(card) == "an"


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in the language in use for ``viewer`` (a seat, or ``None`` for the
    teacher)."""
    v = Voice(names, viewer)
    teller = _TELLERS.get(event.kind)
    if teller is None or (not event.data and event.kind != "no_winner"):
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, event.data) if s)


def story(state: Any, viewer: int | None = None) -> list[str]:
    """The round so far as ``viewer`` may read it: what it saw, told to it."""
    names = state.game.names
    return [tell(e, names, viewer) for e in state.events
            if viewer is None or e.visible_to(viewer)]


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, upcard, stock, some_out = d
    if some_out:
        line = v.line(dealer,
                      _("you deal five cards to each seat still in, turn up the {card} to start "
                        "the discard pile and leave {stock} cards face down as the stock"),
                      _("{name} deals five cards to each seat still in, turns up the {card} to "
                        "start the discard pile and leaves {stock} cards face down as the "
                        "stock"), card=SHOWN[upcard], stock=stock)
    else:
        line = v.line(dealer,
                      _("you deal five cards to each seat, turn up the {card} to start the "
                        "discard pile and leave {stock} cards face down as the stock"),
                      _("{name} deals five cards to each seat, turns up the {card} to start "
                        "the discard pile and leaves {stock} cards face down as the stock"),
                      card=SHOWN[upcard], stock=stock)
    return [line]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, value = d
    return [v.line(seat, _("you are dealt {cards}, worth {value}"),
                   _("{name} is dealt {cards}, worth {value}"),
                   cards=" ".join(SHOWN[c] for c in cards), value=value)]


def _knock(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    # i18n: {call} is the call "Knack!"; the English explains that it is Swedish for knock
    said = v.line(seat, _("you knock, saying “{call}” (Swedish for knock)"),
                  _("{name} knocks, saying “{call}” (Swedish for knock)"), call=KNOCK_CALL)
    if v.me(seat) or v.viewer is None:
        return [said, _("Everyone else gets one more turn")]
    return [said, _("Every other seat gets one more turn")]


def _draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [v.line(d[0], _("you draw from the stock"), _("{name} draws from the stock"))]


def _drew(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    if _an(card):
        return [v.line(seat, _("you draw an {card}"), _("{name} draws an {card}"),
                       card=SHOWN[card])]
    return [v.line(seat, _("you draw a {card}"), _("{name} draws a {card}"), card=SHOWN[card])]


def _take(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [v.line(seat, _("you take the {card} from the discard pile"),
                   _("{name} takes the {card} from the discard pile"), card=SHOWN[card])]


def _discard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [v.line(seat, _("you discard the {card}"), _("{name} discards the {card}"),
                   card=SHOWN[card])]


def _zero(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, at_deal, grouping = d
    if language() != "en":  # the event holds the grouping in the record's (English) words
        # a zero hand counts the same whatever an unused 2 costs: every card is in the set
        grouping = best_grouping([NAMES[c] for c in cards]).describe()
    if at_deal:
        holds = v.line(seat, _("you hold zero from the deal: {grouping}"),
                       _("{name} holds zero from the deal: {grouping}"), grouping=grouping)
    else:
        holds = v.line(seat, _("you hold zero after that discard: {grouping}"),
                       _("{name} holds zero after that discard: {grouping}"),
                       grouping=grouping)
    return [holds, v.line(seat, _("you show the hand, and the round ends at once"),
                          _("{name} shows the hand, and the round ends at once"))]


def _end(v: Voice, d: tuple[Any, ...]) -> list[str]:
    if d[0] == "stock":
        return [_("That was the last card of the stock, so the round ends here")]
    return [_("Every other seat has had its last turn, so the round ends")]


def _show(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, hands, values = d
    parts = [v.line(s, _("you have {cards} ({value})"), _("{name} has {cards} ({value})"),
                    cards=" ".join(SHOWN[c] for c in h), value=val)
             for s, h, val in zip(order, hands, values, strict=True)]
    return [_("The hands are shown: {hands}").format(hands=_and(parts))]


def _knock_holds(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, value = d
    return [v.line(seat, _("your knock holds: no seat is lower than your {value}"),
                   _("{name}'s knock holds: no seat is lower than {name}'s {value}"),
                   value=value)]


def _star(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, value, lower, star, cost = d
    below = _and([v.line(s, _("you have {value}"), _("{name} has {value}"), value=val)
                  for s, val in lower])
    judged = v.line(seat, _("your knock was not the lowest ({below}, against your {value})"),
                    _("{name}'s knock was not the lowest ({below}, against {name}'s {value})"),
                    below=below, value=value)
    nth = _ordinal(star)
    if cost == 0:
        got = v.line(seat, _("you get a star, your {nth}, which costs nothing yet"),
                     _("{name} gets a star, {name}'s {nth}, which costs nothing yet"), nth=nth)
    else:
        got = v.line(seat, _("you get a star, your {nth}, which costs {cost}"),
                     _("{name} gets a star, {name}'s {nth}, which costs {cost}"), nth=nth,
                     cost=cost)
    return [judged, got]


def _scores(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, values, penalties, totals = d
    parts = [_("{who} {score} ({value} + {star} for the star)").format(
                 who=v.who(s), score=val + p, value=val, star=p) if p
             else f"{v.who(s)} {val + p}"
             for s, val, p in zip(order, values, penalties, strict=True)]
    running = ", ".join(f"{v.who(s)} {t}" for s, t in zip(order, totals, strict=True))
    return [_("Round scores: {scores}").format(scores=", ".join(parts)),
            _("Running totals: {totals}").format(totals=running)]


def _out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total = d
    return [v.line(seat, _("your total is {total}, over {limit}: you are out of the game"),
                   _("{name}'s total is {total}, over {limit}: {name} is out of the game"),
                   total=total, limit=OUT_OVER)]


def _skunk(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total, gone, count = d
    went = v.group(gone)
    if v.plural(gone):
        stands = v.line(seat, _("you stand at {total}, below {limit}, as {gone} go out"),
                        _("{name} stands at {total}, below {limit}, as {gone} go out"),
                        total=total, limit=SKUNK_BELOW, gone=went)
    else:
        stands = v.line(seat, _("you stand at {total}, below {limit}, as {gone} goes out"),
                        _("{name} stands at {total}, below {limit}, as {gone} goes out"),
                        total=total, limit=SKUNK_BELOW, gone=went)
    n = len(gone)
    earns = v.line(seat, ngettext("you earn {n} skunk ({count} in all)",
                                  "you earn {n} skunks ({count} in all)", n),
                   ngettext("{name} earns {n} skunk ({count} in all)",
                            "{name} earns {n} skunks ({count} in all)", n), n=n, count=count)
    return [stands, earns]


def _circles_why(skunks: int) -> str:
    """Why the winning score has its circles, said in brackets after their number."""
    if not skunks:
        return _("one for the win")
    if skunks == 1:
        return _("one for the win and one for the skunk")
    return _("one for the win and {n} more for the skunks").format(n=skunks)


def _winner(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total, circles = d
    return [v.line(seat,
                   ngettext("you are the last seat left and win the game with {total}, circled "
                            "{n} time ({why})",
                            "you are the last seat left and win the game with {total}, circled "
                            "{n} times ({why})", circles),
                   ngettext("{name} is the last seat left and wins the game with {total}, "
                            "circled {n} time ({why})",
                            "{name} is the last seat left and wins the game with {total}, "
                            "circled {n} times ({why})", circles),
                   total=total, n=circles, why=_circles_why(circles - 1))]


def _no_winner(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [_("Every seat is over {limit}: nobody wins the game").format(limit=OUT_OVER)]


def _next_dealer(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, reason, tied = d
    if reason == "lowest":
        return [v.line(seat, _("you have the lowest round score, so you deal the next round"),
                       _("{name} has the lowest round score, so {name} deals the next "
                         "round"))]
    group = v.group(tied)
    if reason == "knocker":
        return [v.line(seat, _("{tied} share the lowest round score; you knocked, so you deal "
                               "next"),
                       _("{tied} share the lowest round score; {name} knocked, so {name} "
                         "deals next"), tied=group)]
    if reason == "face":
        return [v.line(seat, _("{tied} share the lowest round score. Counting every card at "
                               "face value (no set zeroed, a 2 as 2), your hand is the lowest, "
                               "so you deal next"),
                       _("{tied} share the lowest round score. Counting every card at face "
                         "value (no set zeroed, a 2 as 2), {name}'s hand is the lowest, so "
                         "{name} deals next"), tied=group)]
    return [v.line(seat, _("{tied} share the lowest round score and tie at face value too. "
                           "Going round from the dealer's left, you come first, so you deal "
                           "next"),
                   _("{tied} share the lowest round score and tie at face value too. Going "
                     "round from the dealer's left, {name} comes first, so {name} deals next"),
                   tied=group)]


_TELLERS = {
    "deal": _deal, "dealt": _dealt, "knock": _knock, "draw": _draw, "drew": _drew,
    "take": _take, "discard": _discard, "zero": _zero, "end": _end, "show": _show,
    "knock_holds": _knock_holds, "star": _star, "scores": _scores, "out": _out,
    "skunk": _skunk, "winner": _winner, "no_winner": _no_winner,
    "next_dealer": _next_dealer,
}


# -- between rounds: the review of a round, the cut, and where the match stands ---------------

def review(state: Any, viewer: int | None = None) -> list[str]:
    """After a round: how it ended, how each hand counts, the knock judged, and each seat's
    round score and total, told to ``viewer``."""
    if not state.is_over or state.outcome is None:
        return []
    g = state.game
    v = Voice(g.names, viewer)
    o = state.outcome
    st = o.settlement
    two = g.rules.unused_two
    out = []
    if o.ended_by == "zero":
        out.append(sentence(_("The round ended at once on a zero hand: {who}").format(
            who=v.group(o.zero)), v.names))
    elif o.ended_by == "stock":
        out.append(_("The round ended when the last card of the stock was taken."))
    else:
        out.append(sentence(v.line(
            o.knocker, _("you knocked, and the round ended after everyone else's last turn"),
            _("{name} knocked, and the round ended after everyone else's last turn")),
            v.names))
    for s in state.order:
        grouping = best_grouping([NAMES[c] for c in state.hands[s]], two)
        out.append(sentence(f"{v.who(s)}: {grouping.describe()}", v.names))
    if o.knocker is not None:
        k = o.knocker
        if st.valid_knock:
            out.append(sentence(v.line(
                k, _("your knock holds: nobody is strictly lower, and a tie would have been "
                     "fine"),
                _("{name}'s knock holds: nobody is strictly lower, and a tie would have been "
                  "fine")), v.names))
        else:
            out.append(sentence(v.line(
                k, _("your knock fails: a lower hand was shown, so you take star number {n}, "
                     "costing {cost}"),
                _("{name}'s knock fails: a lower hand was shown, so {name} takes star number "
                  "{n}, costing {cost}"), n=st.stars[k], cost=st.penalty[k]), v.names))
    for s in state.order:
        pen = st.penalty[s]
        if pen:
            said = v.line(s, _("you score {value} + {star} for the star this round; the total "
                               "is now {total}"),
                          _("{name} scores {value} + {star} for the star this round; the total "
                            "is now {total}"), value=o.values[s], star=pen, total=st.scores[s])
        else:
            said = v.line(s, _("you score {value} this round; the total is now {total}"),
                          _("{name} scores {value} this round; the total is now {total}"),
                          value=o.values[s], total=st.scores[s])
        out.append(sentence(said, v.names))
    for s in st.new_out:
        out.append(sentence(v.line(s, _("you are out, over {limit}"),
                                   _("{name} is out, over {limit}"), limit=OUT_OVER), v.names))
    return out


def cut_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found: each cut, and who cut highest."""
    v = Voice(match.game.names, viewer)
    out = []
    for i, cut in enumerate(match.cuts):
        parts = _and([v.line(s, _("you cut an {card}"), _("{name} cuts an {card}"),
                             card=SHOWN[c]) if _an(c)
                      else v.line(s, _("you cut a {card}"), _("{name} cuts a {card}"),
                                  card=SHOWN[c]) for s, c in cut])
        line = parts if i == 0 else _("Cutting again: {cuts}").format(cuts=parts)
        out.append(sentence(line, v.names))
    if match.cuts:
        d = match.first_dealer
        out.append(sentence(v.line(
            d, _("you cut highest (a King is high, an Ace low), so you deal first"),
            _("{name} cut highest (a King is high, an Ace low), so {name} deals first")),
            v.names))
    return out


def game_over(names: Sequence[str], viewer: int | None, winner: int | None,
              total: int | None, circles: int | None) -> str:
    """The game's end in a line: the winner, its total (unless ``None``: a table, short of
    room, shows totals on the plates) and its circles, or nobody. The match's progress and a
    table of the round that ended the game say it in these words."""
    if winner is None:
        return _("Every seat went over {limit}: nobody wins.").format(limit=OUT_OVER)
    v = Voice(names, viewer)
    n = circles or 1
    if total is None:
        said = v.line(winner, ngettext("you win the game, circled {n} time",
                                       "you win the game, circled {n} times", n),
                      ngettext("{name} wins the game, circled {n} time",
                               "{name} wins the game, circled {n} times", n), n=n)
    else:
        said = v.line(winner, ngettext("you win the game with {total}, circled {n} time",
                                       "you win the game with {total}, circled {n} times", n),
                      ngettext("{name} wins the game with {total}, circled {n} time",
                               "{name} wins the game with {total}, circled {n} times", n),
                      n=n, total=total)
    return sentence(said, v.names)


def match_progress(match: Any, viewer: int | None = None) -> str:
    """Where the match stands in a line: the round, or the winner and its circles."""
    if match.is_over:
        w = match.winner
        return game_over(match.game.names, viewer, w, None if w is None else match.scores[w],
                         match.circles)
    left = len(match.seats_in)
    return _("Round {round}, {left} seats still in (a seat is out once its total passes "
             "{limit}).").format(round=match.rounds_played + 1, left=left, limit=OUT_OVER)


# How the coach (kortspel.coach) speaks of Knock: the measure is your points this round less
# the others' average (stars included; fewer is better, below zero you beat the table), the
# round's worth in a game that the first seat past 100 loses. A point of yours counts in it
# one for one, so it is graded in points as before. The words are marked for the catalogue
# (``N_``) and translated where the coach shows them.
# i18n: the unit of the coach's numbers in Knock ("3.5 points")
COACH_UNIT = N_("points")
COACH_GRADES = (1.0, 3.0, 7.0)
COACH_GRADES_WHY = N_("Your points against the others' average run some 35 either way in a "
                      "round, and each point of yours counts in full: 1 point is a card's "
                      "difference, 3 a low card kept for nothing or a turn given to the others "
                      "to improve, 7 a star or a face card too many.")


def action_words() -> dict[str, str]:
    """Knock's moves and piles as the coach names them in a language other than English (its
    hook: ``coach.say_action``): "draw from stock", "discard 7♣", "knock"."""
    # i18n: a Knock move as the coach names it, in a label and inside a sentence
    return {"draw": pgettext("coach action", "draw"),
            "discard": pgettext("coach action", "discard"),
            "knock": pgettext("coach action", "knock"),
            # i18n: Knock's "draw from stock" (the stock: the cards not dealt, face down)
            "stock": pgettext("coach place", "stock"),
            # i18n: Knock's "draw from discard" (the discard pile, face up)
            "discard pile": pgettext("coach place", "discard")}
