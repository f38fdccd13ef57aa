"""The three tricks: which cards a seat may play, and who wins a trick. Pure functions.

``duty`` is the whole of the play's rules in one place: the engine checks every card with it,
the table lights up the cards it allows, and the notebooks ask it questions. It takes cards
by name, so anyone can call it with a hand they made up:

>>> legal_cards(["5S", "QD", "3D"], ["9S", "KS"], 1, "D")   # void? no: spades must be followed
('5S',)
>>> legal_cards(["5H", "QD", "3D"], ["9S", "4D"], 1, "D")   # void: head the 4♦ with the Q♦
('QD',)
>>> legal_cards(["5H", "2D", "3D"], ["9S", "4D"], 2, "D")   # trick 2: cannot head, still trump
('2D', '3D')

The duties, trick by trick (``docs/rules/kopknack.md`` explains each choice):

* Every trick: follow the led suit if you can.
* Tricks 1 and 2: among the cards following suit allows, if a trump would *head* the trick
  (beat every card in it so far), you must play such a trump.
* Trick 2: the leader must lead a trump if it has one; a seat void in the led suit must play
  a trump if it has one, heading if it can, else any trump.
* Trick 3: follow suit, nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..i18n import _
from .cards import SUIT, VALUE
from .words import or_list, suit_name

FREE = "free"
"""No duty binds: any card in the hand."""
FOLLOW = "follow suit"
"""Cards of the led suit must be played."""
HEAD = "head the trick"
"""A trump that beats every card played so far must be played."""
LEAD_TRUMP = "lead a trump"
"""Trick 2's leader holds a trump, so it must lead one."""
MUST_TRUMP = "trump"
"""Trick 2: void in the led suit, holding trumps none of which heads: any trump."""
DUTIES = (FREE, FOLLOW, HEAD, LEAD_TRUMP, MUST_TRUMP)


class Duty(NamedTuple):
    """What binds a seat now (one of ``DUTIES``) and the cards it leaves, in hand order."""

    name: str
    cards: tuple[str, ...]


def duty(hand: Sequence[str], trick: Sequence[str], number: int, trump: str) -> Duty:
    """The duty that binds the seat holding ``hand`` when ``trick`` (the cards played to it
    so far, the lead first) is trick ``number`` (1, 2 or 3) and ``trump`` the trump suit."""
    return Duty._make(_duty(hand, trick, number, trump))


def legal_cards(hand: Sequence[str], trick: Sequence[str], number: int,
                trump: str) -> tuple[str, ...]:
    """The cards of ``hand`` that may be played now (see ``duty``)."""
    return _duty(hand, trick, number, trump)[1]


def _duty(hand: Sequence[str], trick: Sequence[str], number: int,
          trump: str) -> tuple[str, tuple[str, ...]]:
    """The duties themselves, as a plain pair (name, cards): ``duty`` names its parts, and
    the engine, which asks at every card played, skips that. (Plain loops over three cards
    at most: cheaper than comprehensions, and this runs at every card played.)"""
    if not trick:
        if number == 2:
            trumps: tuple[str, ...] = ()
            for c in hand:
                if SUIT[c] == trump:
                    trumps += (c,)
            if trumps:
                return LEAD_TRUMP, trumps
        return FREE, tuple(hand)
    led = SUIT[trick[0]]
    follow: tuple[str, ...] = ()
    for c in hand:
        if SUIT[c] == led:
            follow += (c,)
    if number >= 3:
        return (FOLLOW, follow) if follow else (FREE, tuple(hand))
    top = 0  # the highest trump in the trick so far: a trump above it heads the trick
    for c in trick:
        if SUIT[c] == trump and VALUE[c] > top:
            top = VALUE[c]
    heading: tuple[str, ...] = ()
    for c in follow or hand:
        if SUIT[c] == trump and VALUE[c] > top:
            heading += (c,)
    if heading:
        return HEAD, heading
    if follow:
        return FOLLOW, follow
    if number == 2:
        trumps = ()
        for c in hand:
            if SUIT[c] == trump:
                trumps += (c,)
        if trumps:
            return MUST_TRUMP, trumps
    return FREE, tuple(hand)


def winning_index(trick: Sequence[str], trump: str) -> int:
    """Which card of a trick (0 = the lead) wins it: the highest trump, else the highest
    card of the led suit. Cards of other suits never win (``beats``, card by card)."""
    best = 0
    top = trick[0]
    suit, value = SUIT[top], VALUE[top]
    for i in range(1, len(trick)):
        c = trick[i]
        s = SUIT[c]
        if s == suit:
            if VALUE[c] > value:
                best, value = i, VALUE[c]
        elif s == trump:
            best, suit, value = i, s, VALUE[c]
    return best


def beats(card: str, other: str, trump: str) -> bool:
    """Whether ``card``, played after ``other`` (the card winning so far), takes the lead:
    a trump beats any other suit; within the winning card's suit the higher card wins; any
    other suit loses."""
    s, o = SUIT[card], SUIT[other]
    if s == o:
        return VALUE[card] > VALUE[other]
    return s == trump


def broken_duty(hand: Sequence[str], trick: Sequence[str], number: int, trump: str,
                card: str, name: Callable[[str], str] = str) -> str | None:
    """Why ``card`` may not be played now, naming the duty it breaks and the cards the duty
    allows; ``None`` when it may. ``name`` writes a card: ``cards.show`` for "9♠", as the
    engine's refusals and the table say it to a learner; the default keeps a record's
    spelling, "9S". The words are in the language in use: a learner reads them at the
    table (this runs only when a card is refused, never in a search)."""
    if card not in hand:
        return _("{card} is not in the hand, which holds {cards}").format(
            card=name(card), cards=" ".join(map(name, hand)))
    d = duty(hand, trick, number, trump)
    if card in d.cards:
        return None
    may = or_list([name(c) for c in d.cards])
    trumps = suit_name(trump)
    # i18n: each of these follows "{who} cannot play {card}: that breaks ..."; {may} lists
    # the cards allowed ("9♠ eller K♠")
    if d.name == LEAD_TRUMP:
        return _("the duty to lead a trump: in trick 2 a leader holding {trumps} (trumps) must "
                 "lead one; play {may}").format(trumps=trumps, may=may)
    led = SUIT[trick[0]]
    if SUIT[card] != led and any(SUIT[c] == led for c in hand):
        return _("the duty to follow suit: {led} were led and the hand holds {led}; play "
                 "{may}").format(led=suit_name(led), may=may)
    if d.name == HEAD:
        return _("the duty to head the trick: in trick {number} a trump that beats every card "
                 "played so far must be played when the hand has one; play {may}").format(
                     number=number, may=may)
    if d.name == MUST_TRUMP:
        return _("the duty to trump: in trick 2 a seat with no {led} must play a trump "
                 "({trumps}) when it holds one; play {may}").format(
                     led=suit_name(led), trumps=trumps, may=may)
    raise AssertionError(f"no duty explains {card} against {d}")  # every case is above
