"""The speed work on the Gnällknekt engine changes nothing but speed.

A fingerprint of a few hundred seeded random games (every legal list in order, every event in
full, every seat's observation, the records and results) was taken on the engine as it was
before its hot path was made faster, and must not move. The tables and fast paths of
``kortspel.gnallknekt.fast`` are each held to the plain rule they stand for: the legal list
to a plain enumeration straight from the rules and ``cards.beats``, in the same order, and
each table to the function it was built from.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from kortspel import CHANCE, Action
from kortspel.gnallknekt import GnallknektGame, GnallknektState, beats, top_unit
from kortspel.gnallknekt.rules import OPTIONS
from kortspel.gnallknekt.state import DRAW, MAX_UP, MOVE, MOVES_PER_TURN

# ---------------------------------------------------------------------------------------------
# The fingerprint of seeded games
# ---------------------------------------------------------------------------------------------

GAMES = 180
"""Seeded games in the fingerprint: 3, 4 and 5 seats, each ``draw`` option (about 80,000
steps)."""
OBSERVE_EVERY = 5
"""The seat to act's observation, as a player reads it, is taken this often (in steps)."""
FULL_VIEW_EVERY = 90
"""Every seat's whole observation (the generic fold and the narration included) is taken
this often (in steps), and at the end of each game."""


def _obs_text(obs: Any, full: bool) -> str:
    """A seat's observation as stable text: what a player reads of it every turn, or (when
    ``full``) its whole ``view()``, the generic fold and the narration included."""
    if full:
        return json.dumps(obs.view(), sort_keys=True, default=repr) + repr(obs)
    n = len(obs.names)
    return repr((obs.seat, obs.to_act, obs.is_over, len(obs.legal), obs.hand,
                 [obs.piles(s) for s in range(n)], obs.hand_sizes,
                 [obs.known_cards(s) for s in range(n)], obs.stock_count, obs.discard,
                 obs.out_of_play, obs.out, obs.seats_in, obs.phase, obs.turns_left,
                 obs.turn_seat, obs.draws_left, obs.moves_left, obs.winner, obs.drawn))


def digest_of_seeded_games(games: int = GAMES) -> str:
    """A fingerprint of ``games`` seeded random games at every table size and ``draw`` rule:
    at each step the legal list (in order, as text), the events of the step in full (kind,
    text, who sees it, effects, data), the seat to act's observation; every seat's whole
    observation now and then; and each game's record (as JSON), result and events."""
    h = hashlib.sha256()
    rng = random.Random(2026)
    draws = OPTIONS["draw"]
    for i in range(games):
        seats = 3 + i % 3
        game = GnallknektGame(seats, rules={"draw": draws[(i // 3) % len(draws)]})
        st = game.new_hand(rng=rng)
        h.update(repr([tuple(e) for e in st.events]).encode())
        steps = 0
        while not st.is_over:
            if st.to_act == CHANCE:
                act = st.sample_chance(rng)
                h.update(str(act).encode())
            else:
                seat = st.to_act
                legal = st.legal_actions()
                h.update(repr([str(a) for a in legal]).encode())
                if steps % OBSERVE_EVERY == 0:
                    h.update(_obs_text(st.observation(seat), False).encode())
                act = legal[rng.randrange(len(legal))]
            h.update(repr([tuple(e) for e in st.apply(act)]).encode())
            steps += 1
            if steps % FULL_VIEW_EVERY == 0:
                for s in range(seats):
                    h.update(_obs_text(st.observation(s), True).encode())
        for s in range(seats):
            h.update(_obs_text(st.observation(s), True).encode())
        h.update(json.dumps(st.record(), sort_keys=True).encode())
        h.update(json.dumps(st.result(), sort_keys=True).encode())
        h.update(repr([tuple(e) for e in st.events]).encode())
    return h.hexdigest()


def test_seeded_games_are_what_they_were_before_the_speed_work() -> None:
    """Fixed from the engine as it was before its hot path was made faster: the same seeds
    deal the same piles, offer the same actions in the same order (a random player picks by
    index, so an order change would change every seeded simulation), tell the same events
    and show every seat the same table. A deliberate change of the rules' words changes it
    too: then check the change, and set the new value from ``digest_of_seeded_games()``."""
    assert digest_of_seeded_games() == SEEDED_DIGEST


SEEDED_DIGEST = "bd21eccca14ed17f4070e6ecb4e2946d65b2badb5709109892647ddb1a29db45"


# ---------------------------------------------------------------------------------------------
# The legal list against a plain reading of the rules
# ---------------------------------------------------------------------------------------------


def _pairs(hand: list[str], jacks: bool) -> list[tuple[str, str]]:
    """The pairs a hand can lay, in both orders, in the order of the hand's distinct cards:
    for each card, itself twice (when held twice), then with each later card of its rank."""
    distinct = list(dict.fromkeys(hand))
    out: list[tuple[str, str]] = []
    for i, a in enumerate(distinct):
        if a[:-1] == "J" and not jacks:
            continue
        if hand.count(a) >= 2:
            out.append((a, a))
        for b in distinct[i + 1:]:
            if b[:-1] == a[:-1]:
                out += [(a, b), (b, a)]
    return out


def plain_legal(st: GnallknektState) -> list[str]:
    """Every legal action of the seat to act, as text, straight from the rules and ``beats``
    and in the engine's documented order: the draws (stock, then discard); or the attacks
    (each card or pair from the hand, then off each own pile, against every pile top in
    reach in seat and pile order), the defences (each card, then each pair, on each pile with
    room), then the discards (each distinct card in hand order) or ``end``."""
    g = st.game
    seat = st.cur
    names = g.names
    if st.stage == DRAW:
        out = []
        if st.stock or st.out_cards or len(st.discard) > 1:
            out.append(f"{names[seat]} draw stock")
        if st.discard:
            out.append(f"{names[seat]} draw discard")
        return out
    assert st.stage == MOVE
    hand = st.hands[seat]
    distinct = list(dict.fromkeys(hand))
    acts: list[Action] = []
    if st.moves < MOVES_PER_TURN:
        units: list[tuple[tuple[str, ...], int | str]] = [((c,), "hand") for c in distinct]
        units += [(p, "hand") for p in _pairs(hand, False)]
        for i in range(3):
            up = st.up[seat][i]
            if not up:
                continue
            size = len(up) + len(st.down[seat][i])
            if not (st.lives[seat] == 1 and size == 1):
                units.append(((up[-1],), i))
            if (len(up) >= 2 and up[-1][:-1] != "J" and up[-1][:-1] == up[-2][:-1]
                    and not (st.lives[seat] == 1 and size == 2)):
                units.append(((up[-1], up[-2]), i))
                if up[-1] != up[-2]:
                    units.append(((up[-2], up[-1]), i))
        for cards, src in units:
            for t in range(g.seats):
                if t == seat or not st.lives[t]:
                    continue
                for j in range(3):
                    if st.up[t][j] and beats(cards, top_unit(st.up[t][j]), st.lone_jack(t, j)):
                        acts.append(Action(seat, "attack", names[seat], (
                            ("cards", cards), ("from", src), ("target", names[t]),
                            ("pile", j))))
        rooms = [(i, MAX_UP - len(st.up[seat][i])) for i in range(3) if st.up[seat][i]]
        for c in distinct:
            acts += [Action(seat, "defend", names[seat], (("cards", (c,)), ("pile", i)))
                     for i, room in rooms if room >= 1]
        for p in _pairs(hand, True):
            acts += [Action(seat, "defend", names[seat], (("cards", p), ("pile", i)))
                     for i, room in rooms if room >= 2]
    if hand:
        acts += [Action(seat, "discard", names[seat], (("card", c),)) for c in distinct]
    else:
        acts.append(Action(seat, "end", names[seat]))
    return [str(a) for a in acts]


def test_the_legal_list_is_the_plain_reading_of_the_rules_in_order() -> None:
    """At every step of seeded games (every table size and ``draw`` rule), the engine's fast
    legal list is, in content and order, what the rules say read plainly; and nobody but the
    seat to act may do anything."""
    rng = random.Random(7)
    for i in range(60):
        seats = 3 + i % 3
        game = GnallknektGame(seats, rules={"draw": OPTIONS["draw"][i // 3 % 2]})
        st = game.new_hand(rng=rng)
        while not st.is_over:
            if st.to_act == CHANCE:
                assert st.legal_actions() == []
                st.apply(st.sample_chance(rng))
                continue
            legal = st.legal_actions()
            assert [str(a) for a in legal] == plain_legal(st), str(st)
            assert all(st.legal_actions(s) == [] for s in range(seats) if s != st.cur)
            assert legal == st.legal_actions(st.cur)
            st.apply(legal[rng.randrange(len(legal))])

