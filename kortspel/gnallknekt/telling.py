"""Gnällknekt told to one person: every event said again for a viewer, in the second person for
the viewer's own seat and the third for everyone else, with the grammar right by construction.

An event's ``text`` is the record's wording, the same for everyone; this module reads an
event's ``data`` (seats and cards as values) and builds sentences from parts that agree with
their subject: "you attack" and "c attacks", "your second pile" and "b's second pile". The
teacher (no viewer) hears everyone in the third person and sees every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import say_list
from ..events import Event
from ..voice import Voice, counted, sentence
from .cards import a_card, show, show_all
from .narration import ORDINALS, PHASES, plural, rebuilt_from


def _pile(v: Voice, seat: int, pile: int) -> str:
    return f"{v.whose(seat)} {ORDINALS[pile]} pile"


def _cards(cards: Sequence[str]) -> str:
    return f"the pair {show_all(cards)}" if len(cards) == 2 else f"the {show(cards[0])}"


def tell(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """The event in English for ``viewer`` (a seat, or ``None`` for the teacher)."""
    v = Voice(names, viewer)
    teller = _TELLERS.get(event.kind)
    if teller is None or not event.data:
        return event.text
    return " ".join(sentence(s, v.names) for s in teller(v, event.data) if s)


def _deal(v: Voice, d: tuple[Any, ...]) -> list[str]:
    dealer, stock = d
    return [f"{v.says(dealer, 'deals')} three piles to each player: three cards face down and "
            "one face up on each",
            f"The other {stock} cards lie face down as the stock"]


def _turn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, draws, phase, done, limit = d
    when = ""
    if phase:
        stage = "before the last rounds" if phase == 1 else "of the last rounds"
        when = f" (turn {done + 1} of {limit} {stage})"
    whose = "your" if v.me(seat) else f"{v.names[seat]}'s"
    return [f"{whose} turn{when}: {v.says(seat, 'draws')} {plural(draws, 'card')}"]


def _draw(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, source = d[0], d[1]
    if source == "stock":
        return [f"{v.says(seat, 'draws')} from the stock"]
    return [f"{v.says(seat, 'takes')} the {show(d[2])} from the discard pile"]


def _drawn(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [f"{v.says(seat, 'draws')} {a_card(card)}"]


def _short(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, missing = d
    return [f"No card is left to draw anywhere, so {v.says(seat, 'draws')} "
            f"{plural(missing, 'card')} fewer, and the turn goes on"]


def _reshuffle(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, from_discard, from_out = d
    total = from_discard + from_out
    return [f"The stock is empty as {v.says(seat, 'draws')}",
            f"{rebuilt_from(from_discard, from_out)} {'is' if total == 1 else 'are'} shuffled "
            f"into a new stock of {plural(total, 'card')}"]


def _defend(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, pile = d
    return [f"{v.says(seat, 'defends')}, laying {_cards(cards)} on {_pile(v, seat, pile)}"]


def _attack(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards, source, target, pile, beaten = d
    where = "" if source == "hand" else f" off {_pile(v, seat, source)}"
    return [f"{v.says(seat, 'attacks')} {_pile(v, target, pile)} with {_cards(cards)}{where} "
            f"and {v.verb(seat, 'takes')} {_cards(beaten)}"]


def _turn_up(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pile, card = d
    return [f"{_pile(v, seat, pile)} turns up {a_card(card)}"]


def _pile_gone(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, pile, left = d
    rest = f"{v.have(seat)} {plural(left, 'pile')} left" if left else \
        f"{v.have(seat)} no piles left"
    return [f"{_pile(v, seat, pile)} is gone for good: {rest}"]


def _out(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, cards = d
    held = (f"{v.whose(seat)} hand ({show_all(cards)}) goes out of play" if cards
            else f"{v.says(seat, 'holds', 'hold')} no cards")
    return [f"{v.be(seat)} out of the game", held]


def _discard(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat, card = d
    return [f"{v.says(seat, 'discards')} the {show(card)}, and the turn ends"]


def _end(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [f"{v.have(seat)} no card left to discard, and the turn ends"]


def _two_left(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b, turns = d
    each = turns // 2
    return [f"Two players are left, {v.group([a, b])}",
            f"{counted(each, 'more round')} each by the usual rules, then "
            f"{counted(each, 'last round')} before the game is drawn"]


def _last_rounds(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b, turns = d
    return [f"The last rounds begin: {counted(turns // 2, 'turn')} each for {v.group([a, b])}",
            "Each draws one card per pile, and any pair may take a Jack that is the only card "
            "of a last pile"]


def _win(v: Voice, d: tuple[Any, ...]) -> list[str]:
    seat = d[0]
    return [f"{v.be(seat)} the only player with piles left, and {v.verb(seat, 'wins')} the "
            "game"]


def _tie(v: Voice, d: tuple[Any, ...]) -> list[str]:
    a, b = d
    return [f"The last rounds are over and {v.group([a, b])} both still have piles",
            "The game is drawn (gnäll, the whining game)"]


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
        out.append(sentence(f"{v.says(state.winner, 'wins')} the game, the last with piles "
                            "left", v.names))
    elif state.tie is not None:
        a, b = state.tie
        out.append(sentence(f"The game is drawn: {v.group([a, b])} still had piles when the "
                            "last rounds ran out", v.names))
    for s in range(len(names)):
        did = (f"{plural(turns[s], 'turn')}, {plural(attacks[s], 'attack')} taking "
               f"{plural(taken[s], 'card')}, {plural(defences[s], 'defence')}")
        if s in state.out_order:
            place = state.out_order.index(s) + 1
            end = f"out {_nth(place)} of the game"
        else:
            end = f"{plural(state.lives[s], 'pile')} left"
        out.append(sentence(f"{v.who(s)}: {did}; {end}", v.names))
    out.append(f"The game ended in the {PHASES[state.phase]} phase "
               f"after {plural(len(state.actions), 'action')}.")
    return out


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def draw_story(match: Any, viewer: int | None = None) -> list[str]:
    """How the first dealer was found (rule 14): each round of the draw, the seats that drew
    again, and who drew highest. Empty when the match was told its first dealer."""
    if not match.draws:
        return []
    v = Voice(match.game.names, viewer)
    out = []
    for i, row in enumerate(match.draws):
        drawn = say_list([f"{v.says(s, 'draws')} {a_card(c)}" for s, c in enumerate(row)
                          if c is not None])
        out.append(sentence(f"{'Drawing again for the ranks that clashed: ' if i else ''}"
                            f"{drawn}", v.names))
    first = match.first_dealer
    out.append(sentence(f"{v.says(first, 'drew', 'drew')} the highest card (the Ace is high, "
                        f"the Jack between the 10 and the Queen), so "
                        f"{v.says(first, 'deals')} first", v.names))
    return out


def match_progress(match: Any) -> str:
    """Where the match stands, in words: which game, and what the endgame's clock says."""
    names = match.game.names
    if match.is_over:
        w = match.winner
        return "" if w is None else f"{names[w]} wins the match."
    line = f"Game {match.games_played + 1} of {match.target}"
    if match.games_played >= match.target:
        line = f"Game {match.games_played + 1}, a decider: the lead is shared"
    hand = match.hand
    if hand.turns_left is not None and not hand.is_over:
        stage = "before the last rounds" if hand.phase == 1 else "of the last rounds"
        line += f"; {plural(hand.turns_left, 'turn')} left {stage}"
    return line + "."


def game_settled(match: Any, summary: Any) -> str:
    """Words after a game is settled: a game won or drawn, the match won."""
    names = match.game.names
    if summary.winner is not None:
        said = f"{names[summary.winner]} wins game {match.games_played}."
    else:
        a, b = summary.drawn
        said = f"Game {match.games_played} is drawn between {names[a]} and {names[b]}."
    if summary.match_over and match.winner is not None:
        said += f" {names[match.winner]} wins the match."
    return said


# How the coach (kortspel.coach) speaks of Gnällknekt: the measure is the chance of winning the
# game, said in percent; a loss is graded in percentage points of that chance, as chess
# trainers grade a move by how much it drops the chance of winning.
COACH_UNIT = "percent"
COACH_GRADES = (0.03, 0.08, 0.15)
COACH_GRADES_WHY = ("The chance of winning a whole game moves slowly, one card at a time: 3 "
                    "points is a small slip, 8 a clear error, 15 a game thrown away.")


def say_action(action: Any, names: Sequence[str], viewer: int | None = None) -> str:
    """A move as the coach says it to ``viewer`` (the seat to act): 'Attack b's second pile
    with the 9♠ off your first pile', 'Defend your third pile with the pair 4♠ 4♥'."""
    v = Voice(names, viewer)
    seat = action.seat
    verb = action.verb
    if verb == "draw":
        where = "the stock" if action.get("from") == "stock" else "the discard pile"
        return f"Draw from {where}"
    if verb == "defend":
        return (f"Defend {_pile(v, seat, action.get('pile'))} with "
                f"{_cards(action.get('cards'))}")
    if verb == "attack":
        source = action.get("from")
        where = "" if source == "hand" else f" off {_pile(v, seat, source)}"
        target = action.get("target")
        target = names.index(target) if isinstance(target, str) and target in names else target
        return (f"Attack {_pile(v, target, action.get('pile'))} with "
                f"{_cards(action.get('cards'))}{where}")
    if verb == "discard":
        return f"Discard the {show(action.get('card'))}"
    if verb == "end":
        return "End the turn"
    return verb.capitalize()
