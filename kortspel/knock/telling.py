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

from ..errors import plural, say_list
from ..events import Event
from ..voice import Voice, sentence
from .cards import NAMES, SHOWN, article, show_all
from .narration import KNOCK_CALL, ordinal
from .rules import OUT_OVER, SKUNK_BELOW
from .value import best_grouping


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in English for ``viewer`` (a seat, or ``None`` for the teacher)."""
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
    still = " still in" if some_out else ""
    return [f"{v.says(dealer, 'deals')} five cards to each seat{still}, "
            f"{v.verb(dealer, 'turns')} up the {SHOWN[upcard]} to start the discard pile and "
            f"{v.verb(dealer, 'leaves')} {stock} cards face down as the stock"]


def _dealt(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, value = d
    return [f"{v.be(seat)} dealt {show_all(cards)}, worth {value}"]


def _knock(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    others = "everyone else" if v.me(seat) or v.viewer is None else "every other seat"
    return [f"{v.says(seat, 'knocks')}, saying “{KNOCK_CALL}” (Swedish for knock)",
            f"{others.capitalize()} gets one more turn"]


def _draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"{v.says(d[0], 'draws')} from the stock"]


def _drew(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [f"{v.says(seat, 'draws')} {article(card)} {SHOWN[card]}"]


def _take(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [f"{v.says(seat, 'takes')} the {SHOWN[card]} from the discard pile"]


def _discard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [f"{v.says(seat, 'discards')} the {SHOWN[card]}"]


def _zero(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, _cards, at_deal, grouping = d
    when = "from the deal" if at_deal else "after that discard"
    return [f"{v.says(seat, 'holds')} zero {when}: {grouping}",
            f"{v.says(seat, 'shows')} the hand, and the round ends at once"]


def _end(v: Voice, d: tuple[Any, ...]) -> list[str]:
    if d[0] == "stock":
        return ["That was the last card of the stock, so the round ends here"]
    return ["Every other seat has had its last turn, so the round ends"]


def _show(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, hands, values = d
    parts = [f"{v.have(s)} {show_all(h)} ({val})" for s, h, val in zip(order, hands, values,
                                                                         strict=True)]
    return [f"The hands are shown: {say_list(parts)}"]


def _knock_holds(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, value = d
    return [f"{v.whose(seat)} knock holds: no seat is lower than {v.whose(seat)} {value}"]


def _star(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, value, lower, star, cost = d
    below = say_list([f"{v.have(s)} {val}" for s, val in lower])
    price = "costs nothing yet" if cost == 0 else f"costs {cost}"
    return [f"{v.whose(seat)} knock was not the lowest ({below}, against {v.whose(seat)} "
            f"{value})",
            f"{v.says(seat, 'gets')} a star, {v.whose(seat)} {ordinal(star)}, which {price}"]


def _scores(v: Voice, d: tuple[Any, ...]) -> list[str]:
    order, values, penalties, totals = d
    parts = [f"{v.who(s)} {val + p}" + (f" ({val} + {p} for the star)" if p else "")
             for s, val, p in zip(order, values, penalties, strict=True)]
    running = ", ".join(f"{v.who(s)} {t}" for s, t in zip(order, totals, strict=True))
    return [f"Round scores: {', '.join(parts)}", f"Running totals: {running}"]


def _out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total = d
    return [f"{v.whose(seat)} total is {total}, over {OUT_OVER}: {v.be(seat)} out of the game"]


def _skunk(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total, gone, count = d
    went = v.group(gone)
    verb = "go" if v.plural(gone) else "goes"
    return [f"{v.says(seat, 'stands')} at {total}, below {SKUNK_BELOW}, as {went} {verb} out",
            f"{v.says(seat, 'earns')} {plural(len(gone), 'skunk')} ({count} in all)"]


def _winner(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, total, circles = d
    skunks = circles - 1
    why = ("one for the win" if not skunks else "one for the win and one for the skunk"
           if skunks == 1 else f"one for the win and {skunks} more for the skunks")
    return [f"{v.be(seat)} the last seat left and {v.verb(seat, 'wins')} the game with "
            f"{total}, circled {plural(circles, 'time')} ({why})"]


def _no_winner(v: Voice, d: tuple[Any, ...]) -> list[str]:
    return [f"Every seat is over {OUT_OVER}: nobody wins the game"]


def _next_dealer(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, reason, tied = d
    deals = v.says(seat, "deals")
    if reason == "lowest":
        return [f"{v.have(seat)} the lowest round score, so {deals} the next round"]
    share = f"{v.group(tied)} share the lowest round score"
    if reason == "knocker":
        return [f"{share}; {v.who(seat)} knocked, so {deals} next"]
    if reason == "face":
        return [f"{share}. Counting every card at face value (no set zeroed, a 2 as 2), "
                f"{v.whose(seat)} hand is the lowest, so {deals} next"]
    return [f"{share} and tie at face value too. Going round from the dealer's left, "
            f"{v.who(seat)} {'come' if v.me(seat) else 'comes'} first, so {deals} next"]


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
        who = v.group(o.zero)
        out.append(sentence(f"The round ended at once on a zero hand: {who}", v.names))
    elif o.ended_by == "stock":
        out.append("The round ended when the last card of the stock was taken.")
    else:
        out.append(sentence(f"{v.says(o.knocker, 'knocked', 'knocked')}, and the round ended "
                            "after everyone else's last turn", v.names))
    for s in state.order:
        grouping = best_grouping([NAMES[c] for c in state.hands[s]], two)
        out.append(sentence(f"{v.who(s)}: {grouping.describe()}", v.names))
    if o.knocker is not None:
        k = o.knocker
        if st.valid_knock:
            out.append(sentence(f"{v.whose(k)} knock holds: nobody is strictly lower, "
                                "and a tie would have been fine", v.names))
        else:
            cost = st.penalty[k]
            out.append(sentence(
                f"{v.whose(k)} knock fails: a lower hand was shown, so "
                f"{v.says(k, 'takes', 'take')} star number {st.stars[k]}, costing {cost}",
                v.names))
    for s in state.order:
        pen = st.penalty[s]
        extra = f" + {pen} for the star" if pen else ""
        out.append(sentence(f"{v.who(s)} {v.verb(s, 'scores')} {o.values[s]}{extra} this "
                            f"round; the total is now {st.scores[s]}", v.names))
    for s in st.new_out:
        out.append(sentence(f"{v.be(s)} out, over {OUT_OVER}", v.names))
    return out


def cut_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found: each cut, and who cut highest."""
    v = Voice(match.game.names, viewer)
    out = []
    for i, cut in enumerate(match.cuts):
        parts = say_list([f"{v.says(s, 'cuts')} {article(c)} {SHOWN[c]}" for s, c in cut])
        again = "" if i == 0 else "Cutting again: "
        out.append(sentence(f"{again}{parts}", v.names))
    if match.cuts:
        d = match.first_dealer
        out.append(sentence(f"{v.who(d)} cut highest (a King is high, an Ace low), so "
                            f"{v.says(d, 'deals')} first", v.names))
    return out


def game_over(names: Sequence[str], viewer: int | None, winner: int | None,
              total: int | None, circles: int | None) -> str:
    """The game's end in a line: the winner, its total (unless ``None``: a table, short of
    room, shows totals on the plates) and its circles, or nobody. The match's progress and a
    table of the round that ended the game say it in these words."""
    if winner is None:
        return f"Every seat went over {OUT_OVER}: nobody wins."
    v = Voice(names, viewer)
    score = "" if total is None else f" with {total}"
    return sentence(f"{v.says(winner, 'wins', 'win')} the game{score}, "
                    f"circled {plural(circles or 1, 'time')}", v.names)


def match_progress(match: Any, viewer: int | None = None) -> str:
    """Where the match stands in a line: the round, or the winner and its circles."""
    if match.is_over:
        w = match.winner
        return game_over(match.game.names, viewer, w, None if w is None else match.scores[w],
                         match.circles)
    left = len(match.seats_in)
    return (f"Round {match.rounds_played + 1}, {left} seats still in (a seat is out once its "
            f"total passes {OUT_OVER}).")


# How the coach (kortspel.coach) speaks of Knock: the measure is your points this round less
# the others' average (stars included; fewer is better, below zero you beat the table), the
# round's worth in a game that the first seat past 100 loses. A point of yours counts in it
# one for one, so it is graded in points as before.
COACH_UNIT = "points"
COACH_GRADES = (1.0, 3.0, 7.0)
COACH_GRADES_WHY = ("Your points against the others' average run some 35 either way in a "
                    "round, and each point of yours counts in full: 1 point is a card's "
                    "difference, 3 a low card kept for nothing or a turn given to the others "
                    "to improve, 7 a star or a face card too many.")
