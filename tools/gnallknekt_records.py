"""Build Gnällknekt's worked games, ``kortspel/gnallknekt/records/*.json``.

Each worked game is described here in a few lines: its deal (every seat's three piles, bottom
first, with ``/`` between piles; the stock, top first; the order of every rebuilt stock),
its actions turn by turn in the engine's text form (``"a: draw stock x4; attack 2S hand b 1;
discard 3C"``; ``x4`` repeats an action) and the notes written for it. The script plays
every action through the engine, so an illegal one stops it with the engine's reason, and
writes each record in the contract's form (``../shared/contracts/gnallknekt.md``): the
action objects, the reshuffles and every other field come from the played game.

An action's ``comment`` teaches: why the move was made or forced, the rule it shows, what to
notice. The replay already tells what happened (the Replay widget prints the engine's
narration above the comment), so a comment never says it again. Notes written by hand, by
action number (1 is the record's first action), say what matters most; a hand-written note
that starts with ``+`` is followed by the note made from the position, and every other
action gets that note alone: what a drawn card could do, why an attack beats
its target, what a defended pile now needs to be beaten, what a discard gives the next
player.

    python tools/gnallknekt_records.py            # write every record
    python tools/gnallknekt_records.py --check    # compare with the shipped files; exit 1 and
                                                  # name each one that differs
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kortspel import CHANCE
from kortspel.actions import Action
from kortspel.french import show, show_all
from kortspel.gnallknekt import GnallknektState, beats, game_for
from kortspel.gnallknekt.cards import attack_value, is_jack, pile_value, rank, suit
from kortspel.gnallknekt.records import chance_action, state_from_record, write_record

RECORDS = Path(__file__).resolve().parent.parent / "kortspel" / "gnallknekt" / "records"
ORDINALS = ("first", "second", "third")
RANK_WORDS = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
              "7": "sevens", "8": "eights", "9": "nines", "10": "tens", "J": "Jacks",
              "Q": "Queens", "K": "Kings", "A": "Aces"}


@dataclass(frozen=True)
class Worked:
    """One worked game: its notes, its deal, its turns and the hand-written comments."""

    name: str
    title: str
    intro: str
    summary: str
    seats: str
    dealer: str
    piles: dict[str, str]
    stock: str
    turns: list[str]
    notes: dict[int, str]
    reshuffles: list[str] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)


# -------------------------------------------------------------------------------------------
# Notes made from the position
# -------------------------------------------------------------------------------------------


def _pile(state: GnallknektState, seat: int, pile: int) -> str:
    return f"{state.game.names[seat]}'s {ORDINALS[pile]} pile"


def _top(cards: Sequence[str]) -> str:
    return f"the pair {show_all(cards)}" if len(cards) == 2 else f"the {show(cards[0])}"


def why_beats(attack: Sequence[str], target: Sequence[str], lone_jack: bool = False) -> str:
    """The rule by which ``attack`` beats ``target``, in a clause."""
    assert beats(attack, target, lone_jack), (attack, target)
    if len(attack) == 2:
        if len(target) == 1 and is_jack(target[0]):
            return ("in the last rounds any pair may take a Jack that stands alone on a "
                    "player's last pile")
        if len(target) == 1:
            return "a pair beats any single card but a Jack, however high the card"
        mine, theirs = RANK_WORDS[rank(attack[0])], RANK_WORDS[rank(target[0])]
        return (f"a pair is beaten by a pair of its rank or higher, and attacking {mine} stand "
                f"at least as high as {theirs} lying on a pile")
    card = attack[0]
    if is_jack(card):
        if is_jack(target[0]):
            return "only a Jack beats a Jack, one Jack at a time"
        if len(target) == 2:
            return "one Jack takes a whole pair"
        return "a Jack is the trump: it beats any single card"
    other = target[0]
    if rank(card) == rank(other):
        return "a card of the same rank beats a single card, whatever the suits"
    if rank(other) == "A":
        return "lying on a pile an Ace is the lowest card, so any card of its suit beats it"
    if rank(card) == "A":
        return "an attacking Ace is the highest card of its suit"
    return "a higher card of the same suit beats a single card"


def guards(target: Sequence[str]) -> str:
    """What it now takes to beat a pile whose top is ``target``."""
    if is_jack(target[-1]):
        return "Only a Jack beats a Jack on a pile, and two Jacks are taken one at a time."
    if len(target) == 2:
        return (f"The top two are a pair of {RANK_WORDS[rank(target[0])]}: no single card but "
                f"a Jack can take them now, only a pair of {RANK_WORDS[rank(target[0])]} or "
                "higher.")
    card = target[0]
    if rank(card) == "A":
        return ("An Ace guards badly: on a pile it is the lowest card, beaten by any card of "
                "its suit.")
    higher = [c for c in _SUIT_CARDS[suit(card)] if attack_value(c) > pile_value(card)]
    shown = (", ".join(show(c) for c in higher) if len(higher) <= 3
             else f"the {show(higher[0])} or higher")
    what = f"a higher {show(card)[-1]} ({shown})" if higher else ""
    parts = [f"another {rank(card)}", *([what] if what else []), "a Jack"]
    return f"Now only {', '.join(parts)} or a pair can take the {show(card)}."


_SUIT_CARDS = {s: [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K",
                                         "A")] for s in "SHDC"}


def targets_beaten(state: GnallknektState, attacker: int, cards: Sequence[str]) -> list[str]:
    """The piles of other seats that ``cards`` would beat now, as words."""
    out = []
    for seat in state.seats_in:
        if seat == attacker:
            continue
        for pile in range(3):
            top = state.target(seat, pile)
            if top and beats(cards, top, state.lone_jack(seat, pile)):
                out.append(f"{_top(top)} on {_pile(state, seat, pile)}")
    return out


def _listed(items: Sequence[str], most: int = 2) -> str:
    shown = list(items[:most])
    if len(items) > most:
        shown.append(f"{len(items) - most} more")
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def card_use(state: GnallknektState, seat: int, card: str) -> str:
    """What a card just drawn by ``seat`` can do on this table."""
    if is_jack(card):
        return ("A Jack is the best card to hold: it beats any top on any pile, a pair "
                "included, and on a pile of one's own only a Jack can take it.")
    mates = [c for c in state.hands[seat][:-1] if rank(c) == rank(card)]
    if len(mates) == 1:
        held = "other " if mates[0] == card else ""
        return (f"With the {held}{show(mates[0])} already in hand the {show(card)} makes a pair "
                f"of {RANK_WORDS[rank(card)]}, which beats any single card but a Jack.")
    if mates:
        return (f"The {show(card)} joins the {show_all(mates)}: three "
                f"{RANK_WORDS[rank(card)]}, a pair to play and one to spare.")
    hit = targets_beaten(state, seat, [card])
    if hit:
        return f"The {show(card)} would beat {_listed(hit)}."
    return (f"The {show(card)} beats no top on the table just now: a card to lay on a pile of "
            "one's own, or to throw away.")


def auto_note(before: GnallknektState, action: Action, after: GnallknektState,
              kinds: list[str]) -> str:
    """A note made from the position before and after ``action``."""
    seat = action.seat
    who = before.game.names[seat]
    verb = action.verb
    notes: list[str] = []
    if verb == "draw":
        done = [a for a in before.actions if a.seat != CHANCE]
        first = not done or done[-1].seat != seat or done[-1].verb != "draw"
        if first:
            n = before.draws_left
            if before.phase_name == "last-rounds":
                notes.append(f"In the last rounds the draw is one card per pile, no extra: "
                             f"{who} draws {n}.")
            else:
                piles = before.lives[seat]
                more = "one card more than" if n > piles else "as many cards as"
                notes.append(f"{who} has {piles} pile{'s' * (piles != 1)}, so {who} draws "
                             f"{n}: {more} the piles left.")
        if "reshuffle" in kinds or after.to_act == CHANCE:
            notes.append("The stock is empty, so it is rebuilt from the cards out of play and "
                         "the discards under the top one; the order is chance, and the record "
                         "keeps it in 'reshuffles' so the game replays exactly.")
        elif "short" in kinds:
            notes.append("With no card left to draw anywhere, the draw simply ends short.")
        elif action.get("from") == "discard":
            card = after.hands[seat][-1]
            notes.append(f"Taking from the discard pile is done in full view: everyone now "
                         f"knows {who} holds the {show(card)}. {card_use(after, seat, card)}")
        else:
            notes.append(card_use(after, seat, after.hands[seat][-1]))
    elif verb == "attack":
        cards = action.get("cards")
        target, pile = before.game.index[action.get("target")], action.get("pile")
        top = before.target(target, pile)
        why = why_beats(cards, top, before.lone_jack(target, pile))
        notes.append(f"It works because {why}.")
        source = action.get("from")
        if source != "hand":
            left = len(after.up[seat][source]) + len(after.down[seat][source])
            notes.append(f"Attacking off a pile of one's own is allowed, but it costs: that "
                         f"pile of {who}'s now holds {left} card{'s' * (left != 1)}.")
        name = before.game.names[target]
        if "win" in kinds:
            notes.append("Only one player has piles left, so the game ends at once.")
        elif "out" in kinds:
            notes.append(f"{name} has no pile left and is out; the turns now pass {name} by.")
        elif "pile_gone" in kinds:
            notes.append(f"A pile that is gone never comes back: {name} is down to "
                         f"{after.lives[target]}, and draws one card fewer each turn.")
        elif "turn_up" in kinds:
            new = after.target(target, pile)
            notes.append(f"The card turned up is the pile's new top. {guards(new)}")
        if "two_left" in kinds:
            notes.append("Two players are left: from the next turn the endgame's clock runs.")
    elif verb == "defend":
        cards = action.get("cards")
        pile = action.get("pile")
        new = after.target(seat, pile)
        notes.append(guards(new))
        if len(after.up[seat][pile]) == 3:
            notes.append("The pile now shows three face-up cards, the most a pile may hold.")
    elif verb == "discard":
        card = action.get("card")
        nxt = after.cur if not after.is_over else None
        if is_jack(card):
            notes.append(f"Throwing away a Jack gives the next player a trump to take, so "
                         f"{who} had no better use for it.")
        elif nxt is not None and nxt != seat:
            hit = targets_beaten(after, nxt, [card])
            name = after.game.names[nxt]
            if hit:
                notes.append(f"A discard lies open for the next player: {name} could take the "
                             f"{show(card)} and beat {_listed(hit)} with it.")
            else:
                notes.append(f"A safe discard: the {show(card)} would beat no pile {name} "
                             f"could attack.")
        if "last_rounds" in kinds:
            notes.append("Ten turns have been played with two left, so the last rounds begin.")
        if "tie" in kinds:
            notes.append("Both still have piles after the last rounds: the game is drawn.")
    elif verb == "end":
        notes.append(f"{who}'s hand is empty, so there is nothing to discard: 'end' closes the "
                     f"turn instead.")
    return " ".join(notes)


# -------------------------------------------------------------------------------------------
# Building
# -------------------------------------------------------------------------------------------


def actions_of(turns: Sequence[str]) -> list[str]:
    """Every action's text, in order: ``"a: draw stock x2; discard 3C"`` gives ``a draw
    stock``, ``a draw stock``, ``a discard 3C``."""
    out = []
    for turn in turns:
        who, moves = turn.split(":", 1)
        for move in moves.split(";"):
            words = move.split()
            times = 1
            if words[-1].startswith("x") and words[-1][1:].isdigit():
                times = int(words.pop()[1:])
            out += [f"{who.strip()} {' '.join(words)}"] * times
    return out


def build(worked: Worked) -> dict[str, Any]:
    """The record of one worked game, each action played and checked by the engine."""
    deal: dict[str, Any] = {
        "game": "gnallknekt",
        "seats": worked.seats.split(),
        "dealer": worked.dealer,
        "piles": {s: [p.split() for p in piles.split("/")]
                  for s, piles in worked.piles.items()},
        "stock": worked.stock.split(),
        "reshuffles": [r.split() for r in worked.reshuffles],
        **({"rules": dict(worked.rules)} if worked.rules else {}),
    }
    state = state_from_record(game_for(deal), deal)
    shuffles = iter(deal["reshuffles"])
    comments = []
    texts = actions_of(worked.turns)
    for number, text in enumerate(texts, 1):
        before = state.clone()
        try:
            action = state.parse(text)
            events = state.apply(action)
            while state.to_act == CHANCE and (number < len(texts)):
                events = events + state.apply(chance_action(next(shuffles)))
        except Exception as err:
            raise SystemExit(f"{worked.name}: action {number} ({text}): {err}") from None
        note = worked.notes.get(number, "+")
        if note.startswith("+"):  # the note made from the position, after what is written
            made = auto_note(before, action, state, [e.kind for e in events])
            note = f"{note[1:]} {made}".strip()
        comments.append(note)
    unused = set(worked.notes) - set(range(1, len(texts) + 1))
    if unused:
        raise SystemExit(f"{worked.name}: notes for actions that do not exist: {sorted(unused)}")
    played = write_record(state)
    if played["reshuffles"] != deal["reshuffles"]:
        raise SystemExit(f"{worked.name}: the reshuffles given are not the ones used")
    record: dict[str, Any] = {"game": played["game"], "title": worked.title,
                              "intro": worked.intro}
    for key in ("seats", "dealer", "rules", "piles", "stock", "reshuffles"):
        if key in played:
            record[key] = played[key]
    record["actions"] = [{**a, "comment": c} for a, c in zip(played["actions"], comments,
                                                              strict=True)]
    record["summary"] = worked.summary
    return record


def text_of(record: dict[str, Any]) -> str:
    """A record as the shipped file holds it."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="rebuild in memory and name every shipped record that differs")
    args = parser.parse_args(argv)
    differ = []
    for worked in WORKED:
        path = RECORDS / f"{worked.name}.json"
        text = text_of(build(worked))
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    shipped = {p.stem for p in RECORDS.glob("*.json")}
    extra = sorted(shipped - {w.name for w in WORKED})
    if args.check:
        for name in differ:
            print(f"{name} differs from what tools/gnallknekt_records.py builds",
                  file=sys.stderr)
        for name in extra:
            print(f"{name}.json is shipped but not described here", file=sys.stderr)
        return 1 if differ or extra else 0
    print(f"wrote {len(WORKED)} records to {RECORDS}")
    return 0


# -------------------------------------------------------------------------------------------
# The worked games
# -------------------------------------------------------------------------------------------

DOWN_TO_TWO_PILES = {
    'a': 'JD 2S 2S 3H / 8C 5C KH 7C / 9H 4S 7H QC',
    'b': 'AS QD 6D 3C / AC JH 4C JH / 2C 3D QC 8C',
    'c': '5S 7H 10C 2D / 2C 7D 5D 9D / 8H 7S 6C 4H',
}
DOWN_TO_TWO_STOCK = (
    "2D 10H 10D 6H 3D 7D AD 3S 10H 5H 10S 8S KH QH 5S KD 10S 4D QD AH 6H 3C 6S 4C 7C 6C 3H 5C 8S "
    "AH 8H 8D 9S KS 8D 2H JC 9S AS 2H 9D 3S KC 10D QS AC 9C 9H QS JC JD JS 7S 4S 5D KC AD KS 6D "
    "5H JS 6S KD QH 4H 10C 9C 4D")
DOWN_TO_TWO_OPENING = [
    'a: draw stock x4; attack 2D hand c 0; attack 10H hand c 0; discard 10D',
    'b: draw stock x4; attack 7D hand c 0; attack AD hand c 1; discard 3D',
    'c: draw stock x4; discard 10H',
    'a: draw stock x4; attack 6H hand c 2; attack 5S hand c 0; discard KH',
    'b: draw stock x4; attack QD hand c 1; attack JH 1 c 1; discard 3S',
    'c: draw stock x3; discard 5H',
    'a: draw stock x4; attack 4C hand c 1; attack 7C hand c 2; discard QH',
    'b: draw stock x4; attack 10S hand c 2; attack AH hand c 2; discard 4D',
]
"""The deal of the two endgame records and their first eight turns, up to c going out: the
same game until then, played on to a win and to a draw, so the two compare turn by turn."""


WORKED = [
    Worked(
        name='first-turn',
        title="The first turns: drawing, the Ace's two faces, a pair by accident",
        intro=("Three players, a, b and c; c deals, so a plays first. Every player has three "
               "piles of four cards, three face down and one face up on top. Watch the Ace: on a "
               "pile it is the weakest card, in an attack the strongest."),
        summary=("After two turns nobody has lost a pile yet, but both attacks took a card: the "
                 "A♠ fell to a mere 2♠, and the 9♥ to a 9♠. a's first pile is now protected by a "
                 "pair of fives, and b's third pile by a King. The record stops here, with c to "
                 "play."),
        seats='a b c', dealer='c',
        piles={
            'a': '2S 3S 4S 5C / 2H 3H 4H 9H / 2D 3D 4D KD',
            'b': '3S 4S 5S 8H / 5S 6S 6S AS / 7S 7S 8S QC',
            'c': '8S 9S 10S 10D / 10S 2H 3H 4C / 4H 5H 6H 6H',
        },
        stock=("AH 2S 5D 3C KC 5H 9S 7H 7H 8H 9H 10H 10H 2D 3D 4D 5D 6D 6D 7D 7D 8D 8D 9D 9D 10D "
               "2C 2C 3C 4C 5C 6C 6C 7C 7C 8C 8C 9C 9C 10C 10C QS QS QH QH QD QD QC KS KS KH KH KD "
               "KC AS AH AD AD AC AC JS JS JH JH JD JD JC JC"),
        turns=[
            'a: draw stock x4; attack 2S hand b 1; defend 5D 0; discard 3C',
            'b: draw discard; draw stock x3; attack 9S hand a 1; defend KC 2; discard 3C',
        ],
        notes={
            1: ("a sits left of the dealer c, so a plays first. With three piles a draws four "
                "cards, one at a time, from the stock or the discard pile in any mix; on the first "
                "turn of the game there is no discard pile, so all four come from the stock. The "
                "A♥ is worth keeping: an attacking Ace is the highest card of its suit."),
            5: ("First move. Lying on a pile, an Ace is the lowest card there is, so even a 2♠ "
                "beats the A♠ (same suit, higher). Both cards go out of play, and the face-down "
                "card under the Ace turns up to guard the pile."),
            6: ("Second move, a defence. The 5♣ was already on top, so the 5♦ makes a pair of "
                "fives: from now on no single card but a Jack can attack that pile, only a pair of "
                "fives or higher."),
            7: ("Two moves are the most a turn allows, so a ends the turn with a discard. a keeps "
                "the A♥ for a later turn: the hand is kept between turns, with no limit."),
            8: ("b draws four too, and may mix the stock and the discard pile. Taking the 3♣ from "
                "the discard pile is done in full view: everyone now knows b holds it."),
            12: ("A card of the same rank beats a single card whatever the suits, so the 9♠ takes "
                 "the 9♥ and turns up the card beneath."),
            13: ("The K♣ goes on the Q♣. A high card is a good guard: a King on top is beaten only "
                 "by another King, by the Ace of its suit, by a Jack or by a pair."),
            14: ("b gives back the very 3♣ it took: any card held may be discarded, even one just "
                 "drawn from the discard pile."),
        },
    ),
    Worked(
        name='jacks-one-at-a-time',
        title="A pair of Jacks, taken one Jack at a time",
        intro=("a builds a wall of two Jacks on a pile. Jacks are trumps: only a Jack beats a "
               "Jack, and two Jacks on a pile are beaten one at a time, never by a single pair."),
        summary=("b had the two Jacks needed and spent both moves of the turn on a's pile: two "
                 "cards taken, and two Jacks gone out of play with them. Was it worth it? A Jack "
                 "in hand beats any card on any pile, so a player with Jacks has to choose where "
                 "they count most."),
        seats='a b c', dealer='c',
        piles={
            'a': '2S 3S 4S JC / 2H 3H 4H 9H / 2D 3D 4D KD',
            'b': '2S 3S 4S 8H / 5S 5S 6S AS / 6S 7S 7S QC',
            'c': '8S 8S 9S 9S / 10S 2H 3H 4H / 5H 5H 6H 6H',
        },
        stock=("JD 6C 7C 8C JS JH 10S 2D 7H 7H 8H 9H 10H 10H 3D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D "
               "10D 10D 2C 2C 3C 3C 4C 4C 5C 5C 6C 7C 8C 9C 9C 10C 10C QS QS QH QH QD QD QC KS KS "
               "KH KH KD KC KC AS AH AH AD AD AC AC JS JH JD JC"),
        turns=[
            'a: draw stock x4; defend JD 0; discard 6C',
            'b: draw stock x4; attack JS hand a 0; attack JH hand a 0; discard 2D',
        ],
        notes={
            5: ("a lays the J♦ on the J♣ already on top of a's first pile. A Jack is the trump: "
                "only a Jack beats it. Two Jacks on top look like a pair, but they are not beaten "
                "as one: each Jack needs a Jack of its own."),
            6: "+Moves are allowed, not required: one is enough for a this turn.",
            11: ("b holds two Jacks. They may not attack together as a pair, so b spends one move "
                 "on each: the J♠ takes the top Jack, the J♦."),
            12: ("b's second move: the J♥ takes the J♣, and the face-down card under it turns up. "
                 "b has used both Jacks and both moves to take two cards."),
        },
    ),
    Worked(
        name='pair-against-pair',
        title="Pair against pair, and a pair against a King",
        intro=("Two cards of one rank on top of a pile make a pair, and a pair is only beaten by "
               "a pair of the same rank or higher, or by a Jack. In attack, a pair is strong in "
               "another way: it beats any single card but a Jack."),
        summary=("b turned two pairs into two taken piles' tops. Note the end of the turn: with "
                 "no card left in hand there is nothing to discard, so the turn simply ends."),
        seats='a b c', dealer='c',
        piles={
            'a': '2S 3S 4S 7C / 2H 3H 4H 9H / 2D 3D 4D KD',
            'b': '2S 3S 4S 8H / 5S 5S 6S AS / 7S 7S 8S QC',
            'c': '8S 9S 10S 10S / 2H 3H 4H 5H / 5H 6H 7H 7H',
        },
        stock=("7D 6C 2C 3C 9S 9H 6S 6H 8H 10H 10H 2D 3D 4D 5D 5D 6D 6D 7D 8D 8D 9D 9D 10D 10D 2C "
               "3C 4C 4C 5C 5C 6C 7C 8C 8C 9C 9C 10C 10C QS QS QH QH QD QD QC KS KS KH KH KD KC KC "
               "AS AH AH AD AD AC AC JS JS JH JH JD JD JC JC"),
        turns=[
            'a: draw stock x4; defend 7D 0; discard 6C',
            'b: draw stock x4; attack 9S,9H hand a 0; attack 6S,6H hand a 2; end',
        ],
        notes={
            5: ("a lays the 7♦ on the 7♣: a pair of sevens on top of a's first pile. A single card "
                "can no longer attack it, whatever its rank or suit; only a pair of sevens or "
                "higher, or a Jack, can."),
            6: ("+The 2♣ and 3♣ stay in a's hand: low cards, but two more and they could make "
                "pairs."),
            11: ("b holds two pairs. The sixes are too low for a's pair of sevens, but the nines "
                 "are higher: b attacks with the pair of nines and takes both sevens."),
            12: ("A pair also beats any single card except a Jack, even one higher than the pair: "
                 "the lowly pair of sixes takes a's K♦. Only that one card goes, not two."),
            13: ("b has played all four cards drawn this turn, so with an empty hand there is "
                 "nothing to discard: 'end' closes the turn instead."),
        },
    ),
    Worked(
        name='stock-rebuilt',
        title="The stock runs out and is rebuilt",
        intro=("Five players, so only 44 cards are left for the stock, and each turn draws four. "
               "The players draw from the stock every time, and attack c whenever they can."),
        summary=("The rebuilt stock holds the cards out of play and the discard pile without its "
                 "top card; the top discard stays where it is, so the next player can still take "
                 "it. The record stops just after the first draw from the new stock."),
        seats='a b c d e', dealer='e',
        piles={
            'a': 'JS KC 9C JD / 2S QD AC 8C / KH 5C 10C 3S',
            'b': '8D 3D 8S 4D / AC AH 4S 8H / 8D AD 3S 7S',
            'c': '9S JH QC 8C / 4D 3H 6S 10S / 5D KH 10H 3C',
            'd': '6S 4C 6C QD / KD QC QS 5S / 7D 5D JS 2H',
            'e': 'QH 3D 7H QH / 10D 6C QS 2C / 2C 5C 7H 9D',
        },
        stock=("KS 10H 6H KS 9H KC AD 4H AS 6H 4H 5S 5H 10S KD JC JH 10D AS 2D 2S 9D 9H AH 5H 10C "
               "3C 9S 9C 2H 8H 7S 7C 6D 8S 4S 3H 6D JC JD 7C 4C 7D 2D"),
        reshuffles=[
            ("4D 6D 10H AS KS 9S 9C KS 3H 6S 5S 7C 5D 10D 6H KC 6H AD 2D 9H 2H 7S 10H JC 9D KD JH "
             "4H 10S JH AS 10S 8C 9H QC 3C KH AH 4H 5H"),
        ],
        turns=[
            'a: draw stock x4; attack KS hand c 1; attack 6H hand c 1; discard 10H',
            'b: draw stock x4; attack 9H hand c 1; attack KC hand c 0; discard AD',
            'c: draw stock x4; discard AS',
            'd: draw stock x4; attack KD hand c 1; attack JC hand c 0; discard 5H',
            'e: draw stock x4; attack JH hand c 0; attack AS hand c 0; discard 10D',
            'a: draw stock x4; attack 9D,9H hand c 2; attack AH hand c 2; discard KS',
            'b: draw stock x4; discard 4H',
            'c: draw stock x2; discard 6H',
            'd: draw stock x4; attack 7S,7C hand c 2; attack 6D hand c 2; discard 10S',
            'e: draw stock x4; discard 2D',
            'a: draw stock x4; discard 2S',
            'b: draw stock x4',
        ],
        notes={
            68: ("The stock is empty when b reaches for it, so it is rebuilt (the next step): a "
                 "draw from the empty stock is what calls for it, not the last card going. The new "
                 "stock's order is chance; the record keeps it in its 'reshuffles', so the game "
                 "replays exactly."),
        },
    ),
    Worked(
        name='knocked-out',
        title="Three piles gone: b is out",
        intro=("Four players. a, c and d all attack b whenever they can; b only draws and "
               "discards. Watch b's piles shrink, the face-down cards turn up, and the piles go "
               "one by one."),
        summary=("When b's last pile went, b was out of the game at once, and b's hand went out "
                 "of play face up. From then on the turns pass b by: a's turn is followed by c's."),
        seats='a b c d', dealer='d',
        piles={
            'a': '2C 7H 4S 7C / 7S 9D 7D 8S / 8C JC KC 6C',
            'b': '7C 8H 8C 6C / 4H 5H JS KD / 3C 9C 8D 10H',
            'c': '3D 6S QD 7D / AC 10C JS 2C / 3D 3C 6D AD',
            'd': '9D 5C KC QC / QH 10C KH 10D / 8S 8D QD 4C',
        },
        stock=("9H AH KS JC QH AC AD 2D KD 2H JH 4H 10S 6D KH 5C 8H 7S 6H 3H QS 7H 3S 10D 2H QS 5H "
               "4C 5S 5S AS 4S 6S 5D 4D 6H 9S 3S 10H 9C 2S AS 5D 3H KS JH AH 9S 2D 10S JD 4D QC JD "
               "2S 9H"),
        reshuffles=[
            ("10H 3S 10S AH 5H AC 5C JC 6C 3H 10D 2H 6H 8D JH 8H JS 5S KH 5S 9S 8C KD 6H 8H 4C 7S "
             "6D 4H KD 2D QH 3C QC AD 7C 5H 10S JH QS JD 9H 9C KS 7H 4H"),
        ],
        turns=[
            'a: draw stock x4; attack AH hand b 2; attack KS hand b 1; discard 9H',
            'b: draw stock x4; discard QH',
            'c: draw stock x4; attack KD hand b 2; attack JH hand b 0; discard 2H',
            'd: draw stock x4; attack QC 0 b 0; attack KH hand b 0; discard 10S',
            'a: draw stock x4; attack JC hand b 0; discard 8H',
            'b: draw stock x3; discard AC',
            'c: draw stock x4; discard 4H',
            'd: draw stock x4; attack 5C,5S hand b 2; attack 4C hand b 2; discard 6D',
            'a: draw stock x4; discard 7S',
            'b: draw stock x2; discard AD',
            'c: draw stock x4; discard 10D',
            'd: draw stock x4; discard 5S',
            'a: draw stock x4; attack JH hand b 1; attack 6H hand b 1; discard 3H',
            'b: draw stock x2; discard 2D',
            'c: draw stock x4; attack 5H hand b 1; discard 2H',
            'd: draw stock x4; discard AS',
            'a: draw stock x4; discard 4S',
            'c: draw stock x4; discard QS',
        ],
        notes={
            31: "+The first of b's piles is gone, and a gone pile is never built again.",
            81: ("With its third pile gone, b is out: b plays no more, and the cards b held go out "
                 "of play, face up for all to see."),
            84: ("The stock is rebuilt from the cards out of play, b's old hand among them, and "
                 "the discards but the top one."),
        },
    ),
    Worked(
        name='endgame-win',
        title="Down to two, and a wins",
        intro=("Three players. a and b both attack c until c is out; that starts the endgame: two"
               " players left, five more rounds each by the usual rules, then five last rounds. "
               "Then a turns on b."),
        summary=("a took b's last pile in the last-rounds phase and won at once; the rest of that"
                 " turn was not played."),
        seats='a b c', dealer='c', piles=DOWN_TO_TWO_PILES, stock=DOWN_TO_TWO_STOCK,
        reshuffles=[
            ("3D 4C KH 9D JH 10S 6S 8H JC 5C 8D 10H 2H 5S 10C 5S 6H 6C QD 10H 2D 3H 2D 9D AC JH 7D "
             "2C JD 9S AS 10S 3C 4D KC KC 5H 7S 7D QC QH 4H QD 8C AH KS AD 3S 7C 6H 8S 5D QS AH 3C "
             "6C 8H 3D 8S KD 6D 8D 4C 7H 3S 10D"),
        ],
        turns=[
            *DOWN_TO_TWO_OPENING,
            'a: draw stock x4; attack 6C hand b 0; attack KD hand b 0; discard 3H',
            'b: draw stock x4; discard 5C',
            'a: draw stock x4; attack 8D hand b 2; attack KC hand b 1; discard 9S',
            'b: draw stock x4; discard 8S',
            'a: draw stock x4; attack QS hand b 0; attack KS hand b 0; discard 8D',
            'b: draw stock x3; discard AH',
            'a: draw stock x4; attack JC hand b 1; attack JD hand b 1; discard 2H',
            'b: draw stock x2; discard 8H',
            'a: draw stock x4; attack KC hand b 2; attack 9D hand b 2; discard 3S',
            'b: draw stock x2; discard 2H',
            'a: draw stock x3; attack JS hand b 2',
        ],
        notes={
            50: ("That attack left only two players in the game. The endgame's clock starts with "
                 "the next turn: the rest of this turn does not count."),
            106: ("Ten turns have passed since c went out, so the last rounds begin. Each draw is "
                  "now one card per pile, with no extra card, and a pair may take a Jack that "
                  "stands alone on a player's last pile."),
            109: ("The stock runs out in the last rounds too, and is rebuilt just as before, from "
                  "everything out of play and the discards but the top one. The rules of the "
                  "endgame change the number drawn, not where it comes from."),
            110: ("b had no piles left, so the game ends on this attack: a has won, and a's second "
                  "move and discard are never played."),
        },
    ),
    Worked(
        name='endgame-draw',
        title="Down to two, and nobody wins: the whining game",
        intro=("The same deal as 'Down to two, and a wins', but once c is out, a and b only draw "
               "and discard: neither attacks. The endgame's clock runs: five rounds each, then "
               "five last rounds, in which each draws one card per pile."),
        summary=("Twenty turns after c went out both a and b still have piles, so the game is "
                 "drawn. This is what the endgame rules are for: without them, a player who keeps"
                 " defending could make the game go on for ever."),
        seats='a b c', dealer='c', piles=DOWN_TO_TWO_PILES, stock=DOWN_TO_TWO_STOCK,
        reshuffles=[
            ("2D 5H QD 2D 6C 7S 5S 9D 8D 3H 10D 10S JH AD 7H 8H 7D 5S AH 6S 4H 4D 3C QH 2C 3S 5C "
             "KD 10C 8H 7D 7C 6H 8S 5D AH 3D 6C 8S 10H KH 4C 10H 6H 10S"),
        ],
        turns=[
            *DOWN_TO_TWO_OPENING,
            'a: draw stock x4; discard KD',
            'b: draw stock x4; discard 5C',
            'a: draw stock x4; discard 6C',
            'b: draw stock x4; discard 8S',
            'a: draw stock x4; discard 3H',
            'b: draw stock x4; discard AH',
            'a: draw stock x4; discard 8D',
            'b: draw stock x4; discard 8H',
            'a: draw stock x4; discard 9S',
            'b: draw stock x4; discard 2H',
            'a: draw stock x3; discard KS',
            'b: draw stock x3; discard JC',
            'a: draw stock x3; discard 8D',
            'b: draw stock x3; discard 9S',
            'a: draw stock x3; discard 2H',
            'b: draw stock x3; discard AS',
            'a: draw stock x3; discard 9D',
            'b: draw stock x3; discard 10D',
            'a: draw stock x3; discard 3S',
            'b: draw stock x3; discard QS',
        ],
        notes={
            50: ("+From the next turn on, every turn counts: ten turns of the usual rules, then "
                 "ten of the last rounds."),
            98: ("The stock is rebuilt in the endgame as in any phase, and the draw goes on "
                 "from the new stock: the endgame's clock counts turns, not cards."),
            101: ("The last rounds: one card drawn per pile, and a pair could now take a lone Jack "
                  "off a last pile. Neither player tries."),
            141: ("The tenth turn of the last rounds is over and both players still have piles, so "
                  "the game ends in a draw. Neither lost a pile after c went out: defending alone "
                  "cannot win, it can only run out the clock."),
        },
    ),
    Worked(
        name='the-cards-run-out',
        title="Every card in hand: the draw ends short",
        intro=("Three players who never attack or defend: they only draw and discard. Nothing "
               "goes out of play, the hands grow by three cards a turn, and the stock is rebuilt "
               "from the discards until there is nothing left to draw."),
        summary=("In the end every card is in a hand or on a pile except the one on the discard "
                 "pile, and then not even that: the draw ends short and the turn goes on with "
                 "fewer cards. A game played like this never ends; attacks are what make "
                 "Gnällknekt move."),
        seats='a b c', dealer='c',
        piles={
            'a': '2S 2S 3S 3S / 4S 4S 5S 5S / 6S 6S 7S 7S',
            'b': '8S 8S 9S 9S / 10S 10S 2H 2H / 3H 3H 4H 4H',
            'c': '5H 5H 6H 6H / 7H 7H 8H 8H / 9H 9H 10H 10H',
        },
        stock=("2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D 10D 10D 2C 2C 3C 3C 4C 4C 5C 5C 6C "
               "6C 7C 7C 8C 8C 9C 9C 10C 10C QS QS QH QH QD QD QC QC KS KS KH KH KD KD KC KC AS AS "
               "AH AH AD AD AC AC JS JS JH JH JD JD JC JC"),
        reshuffles=[
            "5D 3C 6D 4D 3D 6D 2D 7D 10D 5D 7D 4D 2D 3D 8D 8D",
            "3C 2C 10D 9D",
            "4C",
        ],
        turns=[
            'a: draw stock x4; discard 2D',
            'b: draw stock x4; discard 4D',
            'c: draw stock x4; discard 6D',
            'a: draw stock x4; discard 2D',
            'b: draw stock x4; discard 4D',
            'c: draw stock x4; discard 6D',
            'a: draw stock x4; discard 3D',
            'b: draw stock x4; discard 5D',
            'c: draw stock x4; discard 7D',
            'a: draw stock x4; discard 3D',
            'b: draw stock x4; discard 5D',
            'c: draw stock x4; discard 7D',
            'a: draw stock x4; discard 8D',
            'b: draw stock x4; discard 10D',
            'c: draw stock x4; discard 3C',
            'a: draw stock x4; discard 8D',
            'b: draw stock x4; discard 10D',
            'c: draw stock x4; discard 3C',
            'a: draw stock x4; discard 9D',
            'b: draw stock x4; discard 2C',
            'c: draw stock x4; discard 4C',
            'a: draw stock x4; discard 9D',
            'b: draw stock; draw discard; discard 9D',
        ],
        notes={
            86: ("Nothing has gone out of play, so the new stock is made of the discards alone "
                 "(all but the top one, which stays for the next player to take)."),
            106: ("The stock is rebuilt again, and smaller each time: with every card kept in a "
                  "hand, only the few discards since the last rebuild are left to make it."),
            111: "A stock of one card: the hands now hold almost the whole pack.",
            112: ("Now there is no card left to draw: the stock is empty, nothing is out of play, "
                  "and the discard pile is empty too. The draw simply ends short."),
        },
    ),
]


if __name__ == "__main__":
    sys.exit(main())
