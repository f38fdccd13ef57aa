"""Speed tricks of the Gnällknekt engine, kept apart so the rules read plainly.

None of them changes what happens, only how fast: a fingerprint of seeded games taken before
they were written (``tests/test_gnallknekt_fast.py``) holds every legal list, in order, every
event and every observation to what they were, and each table here is tested against the
rule it stands for.

Most of a game's time goes into listing the legal moves of a turn (about forty, two thirds of
them attacks): for every card or pair that may attack and every pile top in reach, does the
one beat the other? ``cards.beats`` says so for one pair of them. Here:

- the tables below are ``beats`` asked once for every card and rank at import, so the engine
  looks an answer up instead of working it out again. They are built *from* ``beats`` and
  nothing else, so there is still one definition of what beats what;
- every pile top is a small number (``target_key``), kept by the state as piles change, and
  ``LANES_ON`` turns the tops in reach into, for every card and pair rank at once, the mask
  of the piles it beats (a dozen big-integer operations in C per listing);
- the actions are made once per seating (``quick_action``, no checks: the table built their
  parts) and kept in rows by unit and pile (``MoveCache``), so a listing reads runs of them
  off a row with one ``itemgetter`` per mask (``PICK``) and builds nothing;
- a random player needs one move, not the list (``State.pick_legal``): ``pick_move`` counts
  the moves instead, from ``COUNTS_ON`` (how many tops in reach each card and pair rank
  beats, kept summed by the state), and reads only the one picked.

The state's hot paths (``_enumerate``, ``apply``) are written for speed where they stay
readable; the events made at every attack and defence are built directly in ``narration``.
``python -m kortspel bench --only gnallknekt`` measures it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from ..actions import Action, quick_action
from .cards import _JACKS, _RANK, PACK, beats

_CARDS = tuple(PACK)
_PAIR_RANKS = tuple(dict.fromkeys(_RANK[c] for c in _CARDS if c not in _JACKS))
"""The ranks that make an attacking pair: every rank but the Jack (two Jacks never attack
together)."""
_SAMPLE_PAIR = {r: (r + "S", r + "H") for r in _PAIR_RANKS}  # suits never matter for pairs

SINGLE_BEATERS: dict[str, frozenset[str]] = {
    t: frozenset(c for c in _CARDS if beats((c,), (t,))) for t in _CARDS}
"""For a single card on top: the cards that beat it on their own."""

PAIRS_ON_SINGLE: dict[tuple[str, bool], frozenset[str]] = {
    (t, lone): frozenset(r for r in _PAIR_RANKS if beats(_SAMPLE_PAIR[r], (t,), lone))
    for t in _CARDS for lone in (False, True)}
"""For a single card on top (and whether it is a lone Jack of the last rounds): the ranks
of the pairs that beat it."""

JACK_SET: frozenset[str] = frozenset(c for c in _CARDS if all(
    beats((c,), _SAMPLE_PAIR[r]) for r in _PAIR_RANKS))
"""The single cards that beat any pair on top: the Jacks."""

PAIRS_ON_PAIR: dict[str, frozenset[str]] = {
    rt: frozenset(r for r in _PAIR_RANKS if beats(_SAMPLE_PAIR[r], _SAMPLE_PAIR[rt]))
    for rt in _PAIR_RANKS}
"""For a pair of rank ``rt`` on top: the ranks of the pairs that beat it."""

assert JACK_SET == _JACKS

# ---------------------------------------------------------------------------------------------
# Pile tops as small numbers, and what beats each
# ---------------------------------------------------------------------------------------------

CARD_KEY: dict[str, int] = {c: i for i, c in enumerate(_CARDS)}
"""A single card on top of a pile, as a number: its place in the pack (0 to 51)."""
LONE_JACK = len(_CARDS)
"""A Jack alone on its owner's only pile in the last rounds (rule 13): any pair takes it too.
Which Jack it is never matters, so every lone Jack is this one number."""
PAIR_KEY: dict[str, int] = {c: LONE_JACK + 1 + _PAIR_RANKS.index(_RANK[c])
                            for c in _CARDS if c not in _JACKS}
"""A pair on top, as a number, by the rank of either of its cards: suits never matter."""
EMPTY = -1
"""A pile that is gone (or a seat's pile slot at a table too small to have it)."""


def target_key(unit: tuple[str, ...], lone: bool) -> int:
    """The number of a pile's top (``cards.top_unit``), ``lone`` when it is a lone Jack of the
    last rounds (``state.lone_jack``): every top that the same cards beat gets one number, so
    the tables below answer for all of them at once."""
    if not unit:
        return EMPTY
    if len(unit) == 2:
        return PAIR_KEY[unit[0]]
    return LONE_JACK if lone else CARD_KEY[unit[0]]


def _tables() -> tuple[tuple[frozenset[str], ...], tuple[frozenset[str], ...]]:
    singles: list[frozenset[str]] = []
    pairs: list[frozenset[str]] = []
    for t in _CARDS:
        singles.append(SINGLE_BEATERS[t])
        pairs.append(PAIRS_ON_SINGLE[t, False])
    jacks = [t for t in _CARDS if t in _JACKS]
    assert len({(SINGLE_BEATERS[t], PAIRS_ON_SINGLE[t, True]) for t in jacks}) == 1
    singles.append(SINGLE_BEATERS[jacks[0]])
    pairs.append(PAIRS_ON_SINGLE[jacks[0], True])
    for r in _PAIR_RANKS:
        singles.append(JACK_SET)
        pairs.append(PAIRS_ON_PAIR[r])
    return tuple(singles), tuple(pairs)


SINGLES_ON, PAIR_RANKS_ON = _tables()
"""By a top's number (``target_key``): the single cards that beat it, and the ranks of the
pairs that beat it. Read from the tables above, so from ``beats``; a test checks every top
and every card and pair against ``beats`` itself."""


# ---------------------------------------------------------------------------------------------
# Which piles each card beats, for all cards at once
# ---------------------------------------------------------------------------------------------

LANE_WIDTH = 16
"""Bits per lane: one bit per pile slot (``seat * 3 + pile``; 15 slots at five seats)."""
LANE_MASK = (1 << LANE_WIDTH) - 1
LANE: dict[str, int] = {c: LANE_WIDTH * i for i, c in enumerate(_CARDS)}
"""Where each card's lane starts in a ``LANES_ON`` number."""
PAIR_LANE: dict[str, int] = {r: LANE_WIDTH * (len(_CARDS) + i) for i, r in enumerate(_PAIR_RANKS)}
"""Where the lane of the pairs of each rank starts (after the cards' lanes)."""
LANES_ON: tuple[int, ...] = tuple(
    sum(1 << LANE[c] for c in SINGLES_ON[t]) + sum(1 << PAIR_LANE[r] for r in PAIR_RANKS_ON[t])
    for t in range(len(SINGLES_ON)))
"""By a top's number: one big integer with a lane of bits per card and per pair rank, bit 0
of a lane set when that card (or a pair of that rank) beats the top.

Listing a turn's attacks asks which of the pile tops in reach each card or pair beats. For
every top in reach, ``LANES_ON[top] << slot`` puts its answers for *all* cards at once in
bit ``slot`` of each lane, and OR-ing them together gives, in each card's lane, the mask of
the slots that card beats: a dozen big-integer operations (done in C) instead of asking
``beats`` for every card against every top. ``lane_slots`` reads a mask back as slots."""

_SLOTS: dict[int, tuple[int, ...]] = {}


def lane_slots(mask: int) -> tuple[int, ...]:
    """The pile slots set in ``mask``, lowest first (remembered: a few thousand masks)."""
    got = _SLOTS.get(mask)
    if got is None:
        got = _SLOTS[mask] = tuple(k for k in range(LANE_WIDTH) if mask >> k & 1)
    return got


class _Picks(dict[int, Callable[[list[Any]], Sequence[Any]]]):
    """``PICK[mask](row)``: the row's items at the slots of ``mask``, in slot order, as one
    C call (an ``itemgetter``; a slice for a single slot or none, so the answer is always
    a sequence the legal list can be extended with). Made on first use of each mask."""

    def __missing__(self, mask: int) -> Callable[[list[Any]], Sequence[Any]]:
        slots = lane_slots(mask)
        got: Callable[[list[Any]], Sequence[Any]]
        if len(slots) > 1:
            got = self[mask] = itemgetter(*slots)
        elif slots:  # one slot: a slice of the row, so still a sequence
            got = self[mask] = itemgetter(slice(slots[0], slots[0] + 1))
        else:  # no slot: nothing
            got = self[mask] = itemgetter(slice(0, 0))
        return got


PICK = _Picks()


# ---------------------------------------------------------------------------------------------
# The table's attacks and defences, made once and found by small numbers
# ---------------------------------------------------------------------------------------------

HAND = 3
"""The source of an attack from the hand, as an index next to the own piles 0, 1 and 2."""


class MoveCache:
    """The attack and defence actions of one seating, each made once, in rows that a turn's
    listing reads by small numbers instead of building an action or a key per listed move.

    A turn's attacks are listed unit by unit (a card or pair, from the hand or off an own
    pile), each against every pile top it beats, in seat and pile order. ``rows[seat]
    [source][unit]`` holds that unit's attack on every pile slot (``seat * 3 + pile``), so
    the listing gathers, per unit, the slots it beats and reads the actions off its row.
    ``defences[seat][unit]`` holds a unit's defences for each mask of the own piles with
    room. Every action is an ``Action`` made by ``quick_action`` (the table built its parts
    itself) and entered in ``own``, so ``apply`` knows it for the table's own.

    A row is made whole the first time its unit attacks (a dozen actions at most), and kept:
    a seating has at most a few thousand units, so a long simulation soon lists its moves
    without making any.
    """

    def __init__(self, names: Sequence[str], own: dict[int, Action]) -> None:
        self.names = tuple(names)
        self.own = own
        seats = range(len(self.names))
        self.attack_actions: dict[tuple[Any, ...], Action] = {}
        self.defend_actions: dict[tuple[Any, ...], Action] = {}
        self.rows: tuple[tuple[_Row, ...], ...] = tuple(
            tuple(_Row(self, seat, source) for source in range(HAND + 1)) for seat in seats)
        """``rows[seat][source][unit][slot]``: the unit's attack on that pile slot (``None``
        for the seat's own). The unit is the card itself for a single, the pair's tuple for
        a pair; the source an own pile (0-2) or ``HAND``."""
        self.defences: tuple[tuple[_Defences, ...], ...] = tuple(
            tuple(_Defences(self, seat, mask) for mask in range(8)) for seat in seats)
        """``defences[seat][mask][unit]``: the unit laid on each own pile in ``mask``."""

    def attack_action(self, seat: int, cards: tuple[str, ...], source: int | str,
                      target: int, pile: int) -> Action:
        key = (seat, cards, source, target, pile)
        act = self.attack_actions.get(key)
        if act is None:
            act = self.attack_actions[key] = quick_action(
                seat, "attack", self.names[seat],
                (("cards", cards), ("from", source), ("target", self.names[target]),
                 ("pile", pile)))
            self.own[id(act)] = act
        return act

    def defend_action(self, seat: int, cards: tuple[str, ...], pile: int) -> Action:
        key = (seat, cards, pile)
        act = self.defend_actions.get(key)
        if act is None:
            act = self.defend_actions[key] = quick_action(
                seat, "defend", self.names[seat], (("cards", cards), ("pile", pile)))
            self.own[id(act)] = act
        return act

    def attack_row(self, seat: int, source: int, cards: tuple[str, ...]) -> list[Action | None]:
        """The row of ``cards`` attacking from ``source`` (``HAND`` or an own pile)."""
        src: int | str = "hand" if source == HAND else source
        return [None if k // 3 == seat else self.attack_action(seat, cards, src, k // 3, k % 3)
                for k in range(3 * len(self.names))]

    def defence_run(self, seat: int, mask: int, cards: tuple[str, ...]) -> tuple[Action, ...]:
        """The defences of ``cards`` on each own pile in ``mask``, in pile order."""
        return tuple(self.defend_action(seat, cards, i) for i in range(3) if mask >> i & 1)


class _Row(dict[Any, list[Action | None]]):
    """One seat's attack rows from one source, by unit, each made on first use."""

    def __init__(self, cache: MoveCache, seat: int, source: int) -> None:
        super().__init__()
        self.cache, self.seat, self.source = cache, seat, source

    def __missing__(self, unit: str | tuple[str, ...]) -> list[Action | None]:
        cards = (unit,) if isinstance(unit, str) else unit
        row = self[unit] = self.cache.attack_row(self.seat, self.source, cards)
        return row


class _Defences(dict[Any, tuple[Action, ...]]):
    """One seat's defences on the own piles of one mask, by unit, each made on first use."""

    def __init__(self, cache: MoveCache, seat: int, mask: int) -> None:
        super().__init__()
        self.cache, self.seat, self.mask = cache, seat, mask

    def __missing__(self, unit: str | tuple[str, ...]) -> tuple[Action, ...]:
        cards = (unit,) if isinstance(unit, str) else unit
        run = self[unit] = self.cache.defence_run(self.seat, self.mask, cards)
        return run


# ---------------------------------------------------------------------------------------------
# One move picked by its place in the list, without the list
# ---------------------------------------------------------------------------------------------

COUNT_BYTE: dict[str, int] = {c: i for i, c in enumerate(_CARDS)}
"""Where each card's count is in a ``COUNTS_ON`` number: its byte, lowest first."""
PAIR_COUNT_BYTE: dict[str, int] = {r: len(_CARDS) + i for i, r in enumerate(_PAIR_RANKS)}
"""Where the count of the pairs of each rank is (after the cards')."""
COUNT_BYTES = len(_CARDS) + len(_PAIR_RANKS)
COUNTS_ON: tuple[int, ...] = tuple(
    sum(1 << 8 * COUNT_BYTE[c] for c in SINGLES_ON[t])
    + sum(1 << 8 * PAIR_COUNT_BYTE[r] for r in PAIR_RANKS_ON[t])
    for t in range(len(SINGLES_ON))) + (0,)
"""By a top's number (its last entry, at ``EMPTY``, for a gone pile): a byte per card and
per pair rank, 1 when that card (or a pair of that rank) beats the top.

``LANES_ON`` says *which* piles each card beats; to count the moves of a turn it is enough
to know *how many*. Summed over the tops (fifteen at most, so no byte overflows), this
gives every card's and pair rank's count of the piles it beats; ``counts_by_byte`` turns
the sum into bytes, so each count is then read by indexing, without shifting a number of
some five hundred bits for each."""


def counts_by_byte(counts: int) -> bytes:
    """A sum of ``COUNTS_ON`` as bytes: ``[COUNT_BYTE[card]]`` is that card's count."""
    return counts.to_bytes(COUNT_BYTES, "little")


_RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(dict.fromkeys(_RANK[c] for c in PACK))}
NIBBLE: dict[str, int] = {c: 1 << 4 * _RANK_INDEX[_RANK[c]] for c in PACK}
"""A card as one in its rank's four bits: the sum over a hand counts the cards of each rank
(at most eight of one rank, two packs), in one C call."""
_TWICE = sum(0b1110 << 4 * i for i in _RANK_INDEX.values())
"""The bits of a count of two or more in every rank's four bits."""


class _RanksTwice(dict[int, tuple[tuple[int, int | None], ...]]):
    """``_ranks_twice(twice)``: for the ranks whose count in a hand's four bits a rank has
    any bit of ``twice`` set (two cards or more), the shift of those four bits and the byte
    of the count of that rank's pairs (``None`` for the Jacks, which never attack as a
    pair). Made on first use of each mask, so a turn reads its held pairs' ranks at once."""

    def __missing__(self, twice: int) -> tuple[tuple[int, int | None], ...]:
        got = self[twice] = tuple((4 * i, PAIR_COUNT_BYTE.get(r))
                                  for r, i in _RANK_INDEX.items() if twice >> 4 * i & 15)
        return got


_ranks_twice = _RanksTwice().__getitem__


def _room(sizes: int) -> tuple[int, int, int, int]:
    """For a seat's three piles' face-up counts (two bits each): the masks of the piles
    with room for one more card and for two (rule 4: three face up at most; a gone pile
    takes nothing), and how many piles each holds."""
    counts = [sizes >> 2 * p & 3 for p in range(3)]
    one = sum(1 << p for p in range(3) if 0 < counts[p] < 3)
    two = sum(1 << p for p in range(3) if counts[p] == 1)
    return one, two, bin(one).count("1"), bin(two).count("1")


_ROOMS = tuple(_room(sizes) for sizes in range(64))


def _slot(tops: list[int], slots: Sequence[int], beaten: frozenset[int], i: int) -> int:
    """The ``i``-th of ``slots`` (in order) whose top is one of ``beaten`` (a gone pile's
    ``EMPTY`` never is)."""
    for k in slots:
        if tops[k] in beaten:
            if not i:
                return k
            i -= 1
    raise AssertionError("the index is past the piles beaten")


def pick_move(state: Any, pick: Callable[[int, Any], int], rng: Any) -> Action:
    """``state.legal_actions()[pick(n, rng)]`` for a seat in the moving part of its turn,
    where ``n`` is the number of legal moves: worked out by counting, not listing.

    A random player (``RandomBot.pick``) needs only the count and one index; the listing
    (``state._enumerate``) makes every action of forty-odd. Here each run of the list is
    counted: how many pile tops in reach each card or pair beats is read off the summed
    ``COUNTS_ON`` of those tops, the pairs are counted by rank without making them, and
    only the run the index falls in is read. The order of the runs is the listing's:
    attacks by a hand card, by a hand pair, off an own pile; defences by a card, by a
    pair; the discards (or ``end``). A test holds every index of every position of seeded
    games to the list.
    """
    g = state.game
    seat = state.cur
    hand = state._hands[seat]
    # The hand's cards without repeats, in hand order (only read, never changed, here):
    distinct = hand if len(set(hand)) == len(hand) else list(dict.fromkeys(hand))
    n_cards = len(distinct)
    ends = n_cards or 1  # the discards, or the one ``end`` of an empty hand
    if state.moves >= 2:  # both moves made: a discard ends the turn
        i = pick(ends, rng)
        return g.discard_actions[seat][distinct[i]] if hand else g.end_actions[seat]
    tops = state._tops
    k = 3 * seat  # every top's counts are kept summed (``state._counted``): take the seat's own
    reached = state._counted - COUNTS_ON[tops[k]] - COUNTS_ON[tops[k + 1]] - COUNTS_ON[tops[k + 2]]
    counts = counts_by_byte(reached)
    n_single = kinds = 0  # the hand's attacks by a single card; its distinct cards by rank
    at = COUNT_BYTE
    for c in distinct:
        n_single += counts[at[c]]
        kinds += NIBBLE[c]
    held = kinds if len(hand) == n_cards else sum(map(NIBBLE.__getitem__, hand))
    n_pair_attacks = n_pairs = 0
    for shift, pair_at in _ranks_twice(held & _TWICE):  # count a rank's pairs as ``_pairs``
        h = held >> shift & 15  # lists them: each card held twice once, and each two
        d = kinds >> shift & 15  # distinct cards in both orders
        t = h - d + d * (d - 1)
        n_pairs += t
        if pair_at is not None:
            n_pair_attacks += t * counts[pair_at]
    mine = state._up[seat]
    n_piles = 0
    if reached:  # what may come off an own pile, as ``_attacks`` lists it
        last = state._lives[seat] == 1
        for p in range(3):
            t = tops[k + p]
            if t == EMPTY:
                continue
            pu = mine[p]
            a = pu[-1]
            singles = counts[at[a]]
            pairs = 0
            if t > LONE_JACK:  # a pair on top: it comes off as a pair too, both ways round
                pairs = counts[PAIR_COUNT_BYTE[_RANK[a]]]  # when the two differ
                if a != pu[-2]:
                    pairs *= 2
            if last:  # rule 10: never the last card (or pair) of the last pile
                size = len(pu) + len(state._down[seat][p])
                if size == 1:
                    singles = 0
                elif size == 2:
                    pairs = 0
            n_piles += singles + pairs
    one, two, per_card, per_pair = _ROOMS[len(mine[0]) | len(mine[1]) << 2 | len(mine[2]) << 4]
    n_card_defences = n_cards * per_card
    i = pick(n_single + n_pair_attacks + n_piles + n_card_defences + n_pairs * per_pair
             + ends, rng)
    if i < n_single:
        for c in distinct:
            k = counts[at[c]]
            if i < k:
                return g.moves.rows[seat][HAND][c][
                    _slot(tops, g.others[seat], SINGLES_ON_SETS[c], i)]
            i -= k
    i -= n_single
    if i < n_pair_attacks:
        return _pair_attack(g.moves.rows[seat][HAND], hand, distinct, kinds, counts, tops,
                            g.others[seat], i)
    i -= n_pair_attacks
    if i < n_piles:
        return _pile_attack(state, seat, counts, i)
    i -= n_piles
    runs = g.moves.defences[seat]
    if i < n_card_defences:
        return runs[one][distinct[i // per_card]][i % per_card]
    i -= n_card_defences
    if i < n_pairs * per_pair:
        pair = state._pairs(hand, distinct)[i // per_pair]
        return runs[two][pair][i % per_pair]
    i -= n_pairs * per_pair
    return g.discard_actions[seat][distinct[i]] if hand else g.end_actions[seat]


SINGLES_ON_SETS: dict[str, frozenset[int]] = {
    c: frozenset(t for t in range(len(SINGLES_ON)) if c in SINGLES_ON[t]) for c in _CARDS}
"""By card: the top numbers it beats (``SINGLES_ON`` read the other way)."""
PAIRS_ON_SETS: dict[str, frozenset[int]] = {
    r: frozenset(t for t in range(len(PAIR_RANKS_ON)) if r in PAIR_RANKS_ON[t])
    for r in _PAIR_RANKS}
"""By pair rank: the top numbers a pair of that rank beats."""


def _pair_attack(row: Any, hand: list[str], distinct: list[str], kinds: int, counts: bytes,
                 tops: list[int], reach: Sequence[int], i: int) -> Action:
    """The ``i``-th attack by a pair from the hand, in ``_pairs``' order (by the first card
    in hand order: itself twice, when held twice, then with each later card of its rank,
    both ways round), without making the pairs before it: how many pairs start at a card
    is known from ``kinds`` (the distinct cards of each rank, four bits a rank)."""
    met = 0  # the distinct cards of each rank met so far, four bits a rank as in ``kinds``
    for j, a in enumerate(distinct):
        met += NIBBLE[a]
        at = PAIR_COUNT_BYTE.get(_RANK[a])  # None for the Jacks, which never attack as a pair
        k = 0 if at is None else counts[at]
        if not k:
            continue
        shift = 4 * _RANK_INDEX[_RANK[a]]
        later = (kinds - met) >> shift & 15
        doubled = hand.count(a) > 1
        starting = doubled + 2 * later
        if i < k * starting:
            ra = _RANK[a]
            own = ([(a, a)] if doubled else []) + [
                p for b in distinct[j + 1:] if _RANK[b] == ra for p in ((a, b), (b, a))]
            slot = _slot(tops, reach, PAIRS_ON_SETS[ra], i % k)
            return row[own[i // k]][slot]
        i -= k * starting
    raise AssertionError("the index is past the pairs' attacks")


def _pile_attack(state: Any, seat: int, counts: bytes, i: int) -> Action:
    """The ``i``-th attack off an own pile, in ``_attacks``' order: pile by pile, its top
    card, then its top pair both ways round (rule 8), save the last card or pair of the
    last pile (rule 10). The same walk as ``pick_move``'s count of them, which it follows
    to the pile the index falls in."""
    g = state.game
    rows = g.moves.rows[seat]
    reach = g.others[seat]
    tops = state._tops
    last = state._lives[seat] == 1
    for p in range(3):
        t = tops[3 * seat + p]
        if t == EMPTY:
            continue
        pu = state._up[seat][p]
        a = pu[-1]
        size = len(pu) + len(state._down[seat][p])
        if not (last and size == 1):
            n = counts[COUNT_BYTE[a]]
            if i < n:
                return rows[p][a][_slot(tops, reach, SINGLES_ON_SETS[a], i)]
            i -= n
        if t > LONE_JACK and not (last and size == 2):  # a pair on top
            rank = _RANK[a]
            n = counts[PAIR_COUNT_BYTE[rank]]
            b = pu[-2]
            for pair in ((a, b), (b, a)) if a != b else ((a, b),):
                if i < n:
                    return rows[p][pair][
                        _slot(tops, reach, PAIRS_ON_SETS[rank], i)]
                i -= n
    raise AssertionError("the index is past the attacks off own piles")
