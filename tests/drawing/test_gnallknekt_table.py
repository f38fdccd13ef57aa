"""Gnällknekt's table through the game-neutral core, without a browser: the layout at every
seat count, what a seat's picture may show, the clicks of a turn (draws, attacks, defences,
pairs, discards), Replay of worked and played games, and Play from the first turn to the
review.

The browser test (tests/browser/test_gnallknekt_browser.py) checks pixels and real clicks;
these check the geometry, the secrecy and the callbacks' logic, where most mistakes would
hide. ``KORTSPEL_SLOW=1`` clicks through more whole games.
"""

from __future__ import annotations

import os
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import pytest

import kortspel
from kortspel import CHANCE
from kortspel.french import PACK, show, spoken
from kortspel.gnallknekt import GnallknektState, beats, telling, top_unit
from kortspel.widgets import svg_table, table_model
from kortspel.widgets.canvas_io import counting_messages
from kortspel.widgets.games.gnallknekt import (
    ADAPTER,
    DISCARD,
    FULL_FAN_CARDS,
    MIN_FAN,
    STOCK,
    USUAL_FAN,
    arranged,
    hand_ref,
    pile_ref,
    routes,
    up_ref,
)
from kortspel.widgets.geometry import HEIGHT, WIDTH, badges_width, layout, problems, text_width

SLOW = bool(os.environ.get("KORTSPEL_SLOW"))
FACES = {f"french:{c}:2c": c for c in PACK}


def _plain(html_text: str) -> str:
    return re.sub("<[^>]+>", "", html_text).replace("&#x27;", "'").replace("&amp;", "&")


def games(seats: int, count: int, seed: int, level: str = "mixed"
          ) -> Iterator[GnallknektState]:
    """Every state of ``count`` games, clones all: heuristic and random seats ``mixed``
    (random seats hoard long hands and pile cards up three high; heuristic ones attack), or
    every seat at one ``level``."""
    rng = random.Random(seed)
    game = kortspel.load("gnallknekt", seats=seats)
    bots = [kortspel.bot_for("gnallknekt", level if level != "mixed" else
                             "random" if s % 2 else "heuristic") for s in range(seats)]
    for _ in range(count):
        st = game.new_hand(rng=rng)
        yield st.clone()
        while not st.is_over:
            kortspel.step(st, bots, rng)
            yield st.clone()


def record_states() -> Iterator[tuple[str, GnallknektState]]:
    for name in kortspel.examples("gnallknekt"):
        for st in kortspel.frames(kortspel.example(name, "gnallknekt")):
            yield name, st


def _worked() -> list[str]:
    names = kortspel.examples("gnallknekt")
    if not names:
        pytest.skip("no worked Gnällknekt records shipped yet")
    return names


def played_record(seed: int = 11, seats: int = 4, rebuilt: bool = True) -> dict:
    """The record of a whole game of random seats, one whose stock was rebuilt (a chance
    turn) when ``rebuilt``."""
    rng = random.Random(seed)
    game = kortspel.load("gnallknekt", seats=seats)
    bots = [kortspel.bot_for("gnallknekt", "random") for _ in range(seats)]
    for _ in range(50):
        st = game.new_hand(rng=rng)
        kortspel.play_hand(st, bots, rng)
        if st.reshuffles or not rebuilt:
            return st.record()
    raise AssertionError("no game rebuilt its stock")


# -- the layout ------------------------------------------------------------------------------


def _check_layout(lay, where) -> None:
    assert problems(lay) == [], where
    frame_ok = [0 <= b.x and b.x + b.w <= WIDTH and 0 <= b.y and b.y + b.h <= HEIGHT
                for b in [c.box for c in lay.cards] + [p.box for p in lay.plates]]
    assert all(frame_ok), where
    for p in lay.plates:  # every word of a plate inside it, at a readable size
        out_w = text_width("out", 11) + 8 if p.out else 0
        assert badges_width(p.badges) + 16 + out_w <= p.box.w + 0.5, (where, p)
        assert p.name_size >= 11 and (not p.notes or p.notes_size >= 8.5), (where, p)
        if p.notes:
            assert text_width(p.notes, p.notes_size, bold=True) <= p.box.w - 12 + 0.5


def _cut(lay) -> list[str]:
    return [t.text for t in lay.texts if t.text.endswith("…")]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_nothing_overlaps_and_every_word_fits_at_every_seat_count(seats: int) -> None:
    scales = Counter()
    for k, st in enumerate(games(seats, 2, seed=seats)):
        if k % 3:
            continue
        for viewer in (None, 0, seats // 2):
            lay = layout(table_model(st, viewer))
            _check_layout(lay, (seats, viewer, str(st)))
            scales[lay.style.w / 64] += 1
            # Words under the cards are whole wherever the cards are not at their smallest
            # (long hands of random seats, every hand face up for the teacher, three seats).
            if lay.style.w >= 64 * 0.64:
                assert not _cut(lay), (seats, viewer, _cut(lay), str(st))
    # Most pictures keep cards large enough to read from the back of a classroom.
    assert sum(n for k, n in scales.items() if k >= 0.64) > 0.9 * sum(scales.values())


def test_heuristic_games_keep_large_cards_and_whole_words() -> None:
    """Against the heuristic (hands stay short, as a person's do), every seat's picture
    keeps its cards at 64% or more and cuts no word."""
    for seats in (3, 4, 5):
        for k, st in enumerate(games(seats, 1, seed=40 + seats, level="heuristic")):
            viewer = k % seats
            lay = layout(table_model(st, viewer))
            assert lay.style.w >= 64 * 0.64 and not _cut(lay), (seats, viewer, str(st))


def _full_game(seats: int = 5) -> GnallknektState:
    """The most crowded table of a few games, every seat still in and the seat to act
    about to move: piles three face-up cards high, long hands."""
    def crowd(st: GnallknektState) -> int:
        ups = sum(len(st.up[s][i]) for s in range(seats) for i in range(3))
        return ups + max(len(h) for h in st.hands)
    best = max((st for st in games(seats, 3, seed=9)
                if not st.out_order and st.stage == 1 and not st.is_over), key=crowd)
    assert crowd(best) >= 3 * seats + 8, str(best)
    return best


def test_the_largest_table_fits_in_play_with_a_card_chosen() -> None:
    from kortspel.widgets import Play

    st = _full_game()
    p = Play(game="gnallknekt", names=list(st.game.names), you=st.cur, seed=1, pace=0,
             auto=False)
    p.match.hand = st
    p._refresh()
    c, k = arranged(st.hands[st.cur])[-1]
    p._clicked(hand_ref(st.cur, c, k))
    assert p._clicks == (hand_ref(st.cur, c, k),)
    _check_layout(p.table.layout_now, "five seats")
    assert not _cut(p.table.layout_now)
    p.close()


def test_piles_show_their_face_down_count_and_face_up_cards() -> None:
    st = _full_game()
    lay = layout(table_model(st, None))
    for s in range(st.game.seats):
        for i in range(3):
            zone = next((z for z in lay.zones if z.ref == pile_ref(s, i)), None)
            down, up = len(st.down[s][i]), st.up[s][i]
            if not down and not up:
                assert zone is None  # a pile gone for good leaves no place
                continue
            assert zone is not None and zone.count == down
            inside = [FACES[c.key] for c in lay.cards if c.key in FACES
                      and c.box.inside(zone.box)]
            assert inside == list(up), (s, i)
            label = f"{i + 1} ({down}↓)" if down else str(i + 1)
            assert any(t.text == label for t in lay.texts
                       if zone.box.x <= t.x <= zone.box.x + zone.box.w), (s, i, label)
    assert "second pile:" in lay.alt and "face down" in lay.alt


def test_a_long_hand_is_fanned_closer_and_each_card_can_be_clicked() -> None:
    """A long hand is fanned closer, but its player's own cards each show their corner
    (``READ_STRIP`` of a card): chosen from slivers, they could not be read."""
    from kortspel.widgets.geometry import READ_STRIP, hand_offsets

    st = next(s for s in games(3, 3, seed=2, level="random")
              if max(len(h) for h in s.hands) >= 16)
    seat = max(range(3), key=lambda s: len(st.hands[s]))
    model = table_model(st, seat)
    hand = next(z for z in model.seats[seat].zones if z.kind == "hand")
    xs, width = hand_offsets(hand, 64)
    assert MIN_FAN <= hand.fan < USUAL_FAN
    assert width <= 64 + (FULL_FAN_CARDS - 1) * USUAL_FAN * 64 + 0.5 or hand.fan == MIN_FAN
    lay = layout(model)
    mine = [c for c in lay.cards if c.seat == seat]
    assert all(c.shown_w == 0 or c.shown_w >= READ_STRIP * c.box.w - 1e-9 for c in mine)
    # The teacher's picture of that hand keeps the close fan.
    teacher = layout(table_model(st, None))
    strips = [c.shown_w for c in teacher.cards if c.seat == seat and c.shown_w]
    assert min(strips) < READ_STRIP * teacher.style.w
    refs = [c.ref for c in lay.cards if c.seat == seat and c.ref and c.ref[0] == "hand"]
    assert len(refs) == len(st.hands[seat]) == len(set(refs))
    for c in lay.cards:  # each card found under the pointer in the part left uncovered
        if c.ref in refs:
            w = c.shown_w or c.box.w
            assert lay.hit(c.box.x + w / 2, c.box.y + c.box.h / 2) == c.ref


# -- every worked record -----------------------------------------------------------------------


def test_the_model_of_every_state_of_every_worked_record_builds_for_every_viewer() -> None:
    _worked()
    count = 0
    for k, (name, st) in enumerate(record_states()):
        models = {v: table_model(st, v) for v in (None, *range(st.game.seats))}
        for viewer in (None, k % st.game.seats):  # laid out: the teacher, a seat in turn
            lay = layout(models[viewer])
            _check_layout(lay, (name, viewer))
            assert lay.alt and st.game.names[0] in lay.alt
            count += 1
    assert count > 300


def test_every_worked_record_keeps_its_secrets_at_every_step() -> None:
    _worked()
    for k, (_name, st) in enumerate(record_states()):
        _check_secrecy(st, k % st.game.seats)


# -- what a seat may see -----------------------------------------------------------------------


def _taken(st: GnallknektState, seat: int) -> tuple[Counter, Counter]:
    """Bounds on the cards of ``seat``'s hand that everyone saw it take from the discard
    pile: at least those taken and not played under the same name since, at most those
    ever taken that it still holds (a copy drawn unseen may be the one it played)."""
    low: Counter = Counter()
    ever: Counter = Counter()
    for e in st.events:
        if e.kind == "draw" and e.data[0] == seat and e.data[1] == "discard":
            low[e.data[2]] += 1
            ever[e.data[2]] += 1
        elif e.kind in ("discard", "defend", "attack") and e.data[0] == seat:
            if e.kind == "attack" and e.data[2] != "hand":
                continue
            for c in (e.data[1],) if e.kind == "discard" else e.data[1]:
                if low[c]:
                    low[c] -= 1
    held = Counter(st.hands[seat])
    return low & held, ever & held


def _check_secrecy(st: GnallknektState, viewer: int) -> None:
    lay = layout(table_model(st, viewer))
    allowed = Counter(st.hands[viewer])
    for s in range(st.game.seats):
        for i in range(3):
            allowed.update(st.up[s][i])
        if s != viewer:
            allowed.update(_taken(st, s)[1])
    allowed.update(st.discard)
    allowed.update(st.out_cards)
    shown = Counter(FACES[c.key] for c in lay.cards if c.key in FACES)
    assert not shown - allowed, (viewer, shown - allowed)
    # A card no copy of which the seat can know is never named in its words.
    secret = Counter()
    for s in range(st.game.seats):
        for i in range(3):
            secret.update(st.down[s][i])
        if s != viewer:
            secret.update(st.hands[s])
    secret.update(st.stock)
    words = lay.alt + " " + " ".join(t.text for t in lay.texts)
    for c in secret:
        if not allowed[c]:
            assert show(c) not in words and spoken(c) not in words, (viewer, c)
    for c in lay.cards:  # nothing clickable belongs to another seat
        if c.ref is not None and c.ref[0] in ("hand", "up"):
            assert c.ref[1] == viewer, (viewer, c.ref)
    # Another seat's hand is its count, the cards it took in view, one back for the rest.
    model = table_model(st, viewer)
    for s in range(st.game.seats):
        if s == viewer or s in st.out_order:
            continue
        hand = next(z for z in model.seats[s].zones if z.kind == "hand")
        hidden = len(st.hands[s]) - sum(1 for c in hand.cards if c.key in FACES)
        backs = [c for c in hand.cards if c.key == "back:french"]
        assert len(backs) == (1 if hidden else 0), (viewer, s)
        assert not hidden or backs[0].label == f"{hidden} face down"
        n = len(st.hands[s])
        assert hand.label == (f"{n} card{'' if n == 1 else 's'}" if n else ""), (viewer, s)


@pytest.mark.parametrize("seats", [3, 5])
def test_a_seat_view_never_shows_a_card_the_seat_may_not_know(seats: int) -> None:
    for k, st in enumerate(games(seats, 2, seed=60 + seats)):
        if k % 5 == 0:
            for viewer in range(seats):
                _check_secrecy(st, viewer)


def test_a_seat_view_is_the_same_whatever_the_hidden_cards_are() -> None:
    """The engine's hidden shuffle deals every card a seat cannot know anew: the seat's
    table and its story must not change, or they showed something it had no way to know."""
    spec = kortspel.spec("gnallknekt")
    rng = random.Random(5)
    moved = 0
    for seats in (3, 5):
        for k, st in enumerate(games(seats, 1, seed=seats)):
            if st.is_over or k % 7:
                continue
            for viewer in range(seats):
                rec = spec.hidden_shuffle(st, viewer, rng)
                if rec is None:
                    continue
                other = kortspel.replay(rec)
                if other.record() == st.record():
                    continue
                moved += 1
                assert table_model(other, viewer) == table_model(st, viewer)
                assert ADAPTER.lines(other, viewer) == ADAPTER.lines(st, viewer)
                assert ADAPTER.status(other, viewer) == ADAPTER.status(st, viewer)
    assert moved > 20


def test_a_card_taken_from_the_discard_pile_shows_in_the_takers_hand() -> None:
    seen_one = False
    for k, st in enumerate(games(4, 2, seed=21)):
        if k % 4:
            continue
        for s in range(4):
            low, high = _taken(st, s)
            if not high:
                continue
            for viewer in range(4):
                if viewer == s:
                    continue
                model = table_model(st, viewer)
                hand = next(z for z in model.seats[s].zones if z.kind == "hand")
                faces = Counter(FACES[c.key] for c in hand.cards if c.key in FACES)
                assert low <= faces <= high, (s, viewer)
                assert all("taken from the discard pile" in c.label for c in hand.cards
                           if c.key in FACES)
                seen_one = True
    assert seen_one


def test_the_teacher_sees_every_card() -> None:
    for st in games(4, 1, seed=3):
        lay = layout(table_model(st, None))
        shown = Counter(FACES[c.key] for c in lay.cards if c.key in FACES and c.seat is not None)
        want = Counter(c for h in st.hands for c in h)
        for s in range(4):
            for i in range(3):
                want.update(st.up[s][i])
        assert shown == want, str(st)


# -- words on the table ------------------------------------------------------------------------


def test_status_and_the_middle_speak_to_their_reader() -> None:
    said = set()
    for st in games(4, 2, seed=8):
        for viewer in (None, 0, 1):
            model = table_model(st, viewer)
            text = model.status
            assert text and text.endswith((".", "!")), text
            assert text[0].isupper() or text.split()[0] in st.game.names, text
            for bad in ("you draws", "you wins", "you has", "you is", "It is you's"):
                assert bad not in text and bad not in model.call, (text, model.call)
            said.add(text)
            words = " ".join(b.label for b in model.badges)
            if st.stage == 0 and not st.is_over:
                n = st.draws_left
                assert f"{n} card{'s' if n != 1 else ''} to draw" in words
    assert "Draw: the stock or the discard pile." in said
    assert "Pick a card, then where it goes." in said
    assert any(t.startswith("It is ") and t.endswith("'s turn.") for t in said)
    assert any(t.endswith(" the last with piles.") or t.endswith(" both kept piles.")
               for t in said)


def test_the_endgame_clock_and_the_end_are_said_in_the_middle() -> None:
    clocks, ends = set(), set()
    for st in games(3, 4, seed=12):
        model = table_model(st, 0)
        if st.is_over:
            ends.add(model.call)
            if st.winner is not None:
                name = "You" if st.winner == 0 else st.game.names[st.winner]
                assert model.call == f"{name} {'win' if st.winner == 0 else 'wins'}!"
            else:
                assert model.call == "Drawn: gnäll!"
        elif st.turns_left is not None:
            clocks.add(model.call)
            if st.phase_name == "two-left":
                assert model.call.startswith("Last rounds in ")
            else:
                assert model.call.endswith(" to a draw")
            assert str(st.turns_left) in model.call
        else:
            assert model.call == ""
    assert clocks and ends


def test_svg_is_well_formed_and_says_the_table() -> None:
    st = _full_game(4)
    svg = svg_table(st, 1)
    root = ET.fromstring(svg)
    desc = root.find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and "the stock (" in desc.text and "first pile" in desc.text


# -- clicks ------------------------------------------------------------------------------------


def _by_path(st: GnallknektState, seat: int) -> dict:
    out: dict = {}
    for a, path in routes(st, seat, st.legal_actions(seat)):
        assert out.setdefault(path, a) == a, (path, a, out[path])  # one path, one action
    return out


def test_the_paths_are_exactly_the_legal_actions_and_each_card_copy_works() -> None:
    checked = Counter()
    for seats in (3, 5):
        for st in games(seats, 2, seed=70 + seats):
            t = st.to_act
            if t is None or t == CHANCE:
                continue
            legal = st.legal_actions(t)
            paths = ADAPTER.paths(st, t, legal)
            more = ADAPTER.more_paths(st, t, legal)
            assert set(paths) | {a for a in legal if a.verb == "end"} == set(legal)
            assert {a for a, _ in more} <= set(paths)
            by_path = _by_path(st, t)
            for a in legal:
                checked[a.verb] += 1
                if a.verb == "attack" and a.get("from") == "hand":
                    # Every copy of each card named starts a path of the action.
                    firsts = {p[0] for p, b in by_path.items() if b == a}
                    for c in set(a.get("cards")):
                        copies = [hand_ref(t, c, k) for c2, k in arranged(st.hands[t])
                                  if c2 == c]
                        assert set(copies) <= firsts or len(a.get("cards")) == 2, (a, c)
    assert all(checked[v] for v in ("draw", "attack", "defend", "discard")), checked


def test_the_piles_lit_for_an_attack_are_those_the_cards_beat() -> None:
    """Which piles light up after a card is chosen is the engine's ``beats`` (and its rule
    that a seat never attacks with the last card of its only pile): checked pile by pile."""
    lit = unlit = 0
    for st in games(4, 2, seed=31):
        t = st.to_act
        if t is None or t == CHANCE or st.stage != 1 or st.moves >= 2:
            continue
        by_path = _by_path(st, t)
        for c, k in arranged(st.hands[t]):
            first = hand_ref(t, c, k)
            nxt = {p[1] for p in by_path if len(p) == 2 and p[0] == first}
            for s in range(4):
                if s == t or not st.lives[s]:
                    continue
                for i in range(3):
                    if not st.up[s][i]:
                        continue
                    want = beats((c,), top_unit(st.up[s][i]), st.lone_jack(s, i))
                    assert (pile_ref(s, i) in nxt) == want, (c, s, i, str(st))
                    lit += want
                    unlit += not want
    assert lit > 20 and unlit > 20


def _play(**kw):
    from kortspel.widgets import Play

    return Play(game="gnallknekt", **{"pace": 0, "seats": 4, **kw})


def _click_path(p, path) -> None:
    for ref in path:
        p._clicked(ref)


def test_every_path_plays_its_action_when_clicked() -> None:
    """From real moments of a game, click paths (main ones and the others) played in Play
    make exactly their action."""
    p = None
    tried = Counter()
    for k, st in enumerate(games(4, 1, seed=44, level="heuristic")):
        t = st.to_act
        if t is None or t == CHANCE or k % 3:
            continue
        if p is None:
            p = _play(names=list(st.game.names), you=[0, 1, 2, 3], seed=1, auto=False)
        all_routes = routes(st, t, st.legal_actions(t))
        rng = random.Random(k)
        for a, path in rng.sample(all_routes, min(3, len(all_routes))):
            p.match.hand = st.clone()
            p._forget_choices()
            p._screen, p._handover = t, None
            n = len(p.hand.actions)
            _click_path(p, path)
            assert p.hand.actions[n] == a, (path, a, p.hand.actions[n:])
            tried[a.verb] += 1
    assert p is not None
    p.close()
    assert all(tried[v] for v in ("draw", "attack", "defend", "discard")), tried


def _moment(want, seed: int = 1, seats: int = 4):
    """A Play at a moment of a real game, after the draws, where ``want(state)`` holds for
    the seat to act, which is yours (the game's seats keep their names)."""
    for st in games(seats, 6, seed=seed):
        t = st.to_act
        if t is None or t == CHANCE or st.stage != 1 or not want(st):
            continue
        p = _play(names=list(st.game.names), you=t, seed=1, auto=False)
        p.match.hand = st.clone()
        p._refresh()
        return p, t
    raise AssertionError("no such moment")


def test_a_turn_is_played_by_clicks_draws_then_a_move_then_the_discard() -> None:
    p = _play(seed=3, auto=True)
    assert p._human_turn() == 0 and p.hand.stage == 0
    shown = {v for v, b in p.verb_buttons.items() if b.layout.display != "none"}
    assert shown == set()  # drawing, moving and discarding are all clicks
    assert p._targets()[0] == {STOCK} | ({DISCARD} if p.hand.discard else set())
    draws = p.hand.draws_left
    p._clicked(STOCK)
    assert p.hand.draws_left == draws - 1
    assert f"{draws - 1} card" in " ".join(b.label for b in table_model(p.hand, 0).badges)
    while p.hand.stage == 0:
        p._clicked(STOCK)
    assert _plain(p.status.value) == "Pick a card, then where it goes."
    # Choose a card: it rises, and where it may go is outlined (shape, not colour alone).
    hand = p.hand.hands[0]
    c, k = arranged(hand)[0]
    p._clicked(hand_ref(0, c, k))
    targets, selected = p._targets()
    assert selected == {hand_ref(0, c, k)} and DISCARD in targets
    lay = p.table.layout_now
    marks = {z.ref for z in lay.zones if z.highlight == "target"}
    assert DISCARD in marks and all(r in targets for r in marks)
    assert any(z.highlight == "target" and z.ref == pile_ref(0, i) for z in lay.zones
               for i in range(3))  # your own piles: a defence
    # Defend: the card goes onto your own pile.
    pile = next(i for i in range(3) if pile_ref(0, i) in targets)
    before = len(p.hand.up[0][pile])
    p._clicked(pile_ref(0, pile))
    made = p.hand.actions[-1]
    assert made.verb == "defend" and made.get("cards") == (c,) and made.get("pile") == pile
    assert len(p.hand.up[0][pile]) == before + 1
    # Discard: a card, then the discard pile; the turn passes.
    c2, k2 = arranged(p.hand.hands[0])[-1]
    p._clicked(hand_ref(0, c2, k2))
    p._clicked(DISCARD)
    assert any(a.seat == 0 and a.verb == "discard" and a.get("card") == c2
               for a in p.hand.actions)
    p.close()


def test_an_attack_is_a_card_then_the_pile_it_beats() -> None:
    p, me = _moment(lambda h: any(a.verb == "attack" and a.get("from") == "hand"
                                  and len(a.get("cards")) == 1 for a in h.legal_actions()))
    h = p.hand
    a = next(a for a in h.legal_actions(me) if a.verb == "attack" and a.get("from") == "hand"
             and len(a.get("cards")) == 1)
    c = a.get("cards")[0]
    target, pile = h.game.index[a.get("target")], a.get("pile")
    beaten = top_unit(h.up[target][pile])
    p._clicked(hand_ref(me, c, 0))
    assert pile_ref(target, pile) in p._targets()[0]
    marks = {z.ref for z in p.table.layout_now.zones if z.highlight == "target"}
    assert pile_ref(target, pile) in marks
    p._clicked(pile_ref(target, pile))
    assert p.hand.actions[-1] == a
    story = " ".join(ADAPTER.lines(p.hand, me))
    assert f"You attack {h.game.names[target]}'s" in story and show(beaten[-1]) in story
    p.close()


def test_a_pair_is_two_cards_chosen_one_after_the_other() -> None:
    p, me = _moment(lambda h: any(a.verb == "defend" and len(a.get("cards")) == 2
                                  for a in h.legal_actions()))
    h = p.hand
    a = next(a for a in h.legal_actions(me) if a.verb == "defend" and len(a.get("cards")) == 2)
    x, y = a.get("cards")
    first = hand_ref(me, x, 0)
    second = hand_ref(me, y, 1 if x == y else 0)
    p._clicked(first)
    assert second in p._targets()[0]  # a card that makes a pair with it is outlined
    p._clicked(second)
    assert p._targets()[1] == {first, second}
    p._clicked(pile_ref(me, a.get("pile")))
    assert p.hand.actions[-1] == a
    p.close()


def test_an_attack_off_your_own_pile_starts_at_its_top_card() -> None:
    p, me = _moment(lambda h: any(a.verb == "attack" and a.get("from") != "hand"
                                  and len(a.get("cards")) == 1 for a in h.legal_actions()))
    h = p.hand
    a = next(a for a in h.legal_actions(me) if a.verb == "attack" and a.get("from") != "hand"
             and len(a.get("cards")) == 1)
    src = a.get("from")
    top = len(h.up[me][src]) - 1
    p._clicked(up_ref(me, src, top))
    assert p._targets()[1] == {up_ref(me, src, top)}
    p._clicked(pile_ref(h.game.index[a.get("target")], a.get("pile")))
    assert p.hand.actions[-1] == a
    p.close()


def test_a_card_under_the_top_of_a_pile_is_refused_in_words() -> None:
    def under(h):
        me = h.cur
        return any(len(h.up[me][i]) >= 2 and len(top_unit(h.up[me][i])) == 1
                   for i in range(3)) and h.moves < 2
    p, me = _moment(under)
    i = next(i for i in range(3) if len(p.hand.up[me][i]) >= 2
             and len(top_unit(p.hand.up[me][i])) == 1)
    key = p.hand.record()
    p._clicked(up_ref(me, i, 0))
    assert p.hand.record() == key and not p._clicks
    assert "Only the top card of a pile, or its top pair, can attack" in _plain(p.status.value)
    p.close()


def test_a_pile_the_card_cannot_beat_is_refused_with_the_reason() -> None:
    def missing(h):
        me = h.cur
        return [(c, k, s, i) for c, k in arranged(h.hands[me]) for s in range(h.game.seats)
                if s != me and h.lives[s] for i in range(3)
                if h.up[s][i] and not beats((c,), top_unit(h.up[s][i]), h.lone_jack(s, i))]
    p, me = _moment(lambda h: h.moves < 2 and missing(h))
    h = p.hand
    c, k, s, i = missing(h)[0]
    key = p.hand.record()
    p._clicked(hand_ref(me, c, k))
    p._clicked(pile_ref(s, i))
    said = _plain(p.status.value)
    assert p.hand.record() == key and not p._clicks
    assert said.startswith(f"Not on {h.game.names[s]}'s "), said
    assert show(top_unit(h.up[s][i])[-1]) in said, said
    p.close()


def test_a_card_is_discarded_by_one_click_once_no_move_is_left() -> None:
    p, me = _moment(lambda h: h.moves >= 2 and h.hands[h.cur])
    h = p.hand
    assert _plain(p.status.value) == "Discard a card to end your turn."
    c, k = arranged(h.hands[me])[0]
    p._clicked(hand_ref(me, c, k))
    made = [a for a in p.hand.actions if a.seat == me][-1]
    assert made.verb == "discard" and made.get("card") == c
    p.close()


def test_end_turn_is_a_button_for_an_empty_hand_only() -> None:
    p, me = _moment(lambda h: not h.hands[h.cur])
    end = p.verb_buttons["end"]
    assert end.layout.display != "none"
    assert _plain(p.status.value).startswith("Your hand is empty: press End turn.")
    p.press("end")
    assert [a for a in p.hand.actions if a.seat == me][-1].verb == "end"
    assert end.layout.display == "none"
    p.close()


def test_a_draw_from_the_empty_stock_waits_for_the_shuffle_and_goes_on() -> None:
    """The human's draw from the empty stock: the driver (kortspel.step) makes the chance
    turn, and the human's draw is the new stock's top card."""
    for seed in range(300):
        p = _play(seed=seed, auto=True, opponents="random")
        for _ in range(400):
            h = p.hand
            if h.is_over:
                break
            if p._human_turn() == 0:
                legal = h.legal_actions(0)
                stock = [a for a in legal if a.verb == "draw" and a.get("from") == "stock"]
                if stock and not h.stock:
                    n = len(h.hands[0])
                    p._clicked(STOCK)
                    assert p.hand.reshuffles and len(p.hand.hands[0]) == n + 1
                    assert p.hand.actions[-1].seat == CHANCE
                    assert "shuffled into a new stock" in " ".join(ADAPTER.lines(p.hand, 0))
                    p.close()
                    return
                p.act(next((a for a in legal if a.verb in ("draw", "discard", "end")),
                           legal[0]))
        p.close()
    pytest.fail("no game asked you to draw from an empty stock")


def test_wrong_time_clicks_do_nothing_illegal_and_never_raise() -> None:
    """Whole games where refs on the table are clicked at every moment of yours (all of
    them with KORTSPEL_SLOW, a handful otherwise, and refs that name nothing) and every
    button is pressed: each change the clicks make is a legal action of yours. Between the
    clicks the game goes on with a sensible action, so it reaches its end."""
    you = kortspel.bot_for("gnallknekt", "heuristic")
    for seed in range(3 if SLOW else 1):
        p = _play(seats=3 + seed, seed=seed, length="short", auto=True,
                  opponents="random" if seed % 2 else "heuristic")
        rng = random.Random(seed)
        moves = 0
        while not p.match.is_over:
            if p.hand.is_over:
                for ref in [c.ref for c in p.table.layout_now.cards][:20] + [None]:
                    key = p.hand.record()
                    p._clicked(ref)
                    assert p.hand.record() == key
                p._next_hand()
                continue
            lay = p.table.layout_now
            refs = list({c.ref for c in lay.cards} | {z.ref for z in lay.zones})
            rng.shuffle(refs)
            refs = (refs if SLOW else refs[:4]) + [
                ("hand", 1, "AS", 0), ("pile", 9, 9), ("up", 0, 5, 5), ("up", 0, "x", -1),
                ("zone",), None]
            for ref in refs:
                before = p.hand
                n = len(before.actions)
                legal = set(before.legal_actions(0))
                p._clicked(ref)
                if p.hand is before and len(before.actions) > n:
                    assert before.actions[n] in legal
                    moves += 1
            for verb in list(p.verb_buttons):
                before, n = p.hand, len(p.hand.actions)
                legal = set(p.hand.legal_actions(0))
                p.press(verb)
                if p.hand is before and len(before.actions) > n:
                    assert before.actions[n] in legal
            legal_now = p.hand.legal_actions(0)
            if legal_now and not p.hand.is_over:
                p.act(you.choose(p.hand.observation(0, legal_now), legal_now, rng))
        assert moves > 5
        p.close()


def test_undo_takes_back_your_decision_in_practice() -> None:
    p = _play(seed=4, auto=True)
    before = p.hand.record()
    p._clicked(STOCK)
    assert any(a.seat == 0 for a in p.hand.actions) and not p.undo.disabled
    p._undo()
    assert p.hand.record() == before and p._human_turn() == 0
    q = _play(seed=4, practice=False)
    assert q.undo.layout.display == "none"
    p.close()
    q.close()


def test_a_finished_game_shows_its_review_and_next_game_deals_on() -> None:
    """A game stays on the table with its review until Next game, whether you won it or
    were knocked out and watched the others play it to its end."""
    you = kortspel.bot_for("gnallknekt", "heuristic")  # chooses your actions
    reviewed = out = 0
    for seed in range(8):
        p = _play(seed=seed, auto=True, length="standard", seats=3,
                  opponents="random" if seed % 2 else "heuristic")
        rng = random.Random(seed)
        while p.match.games_played == 0:
            if p.hand.is_over:
                review = _plain(p.review.value)
                assert review.startswith("This game:") and "You:" in review, review
                if not p.hand.lives[0]:  # you were out: the others played it to its end
                    out += 1
                    assert "You: " in review and " of the game" in review, review
                assert "The game ended in the" in review
                call = p.table.model().call
                assert call in ("You win!", "Drawn: gnäll!") or call.endswith(" wins!"), call
                assert "Press Next game." in _plain(p.status.value)
                p._next_hand()
                reviewed += 1
                assert p.review.value == "" and "Game 2 of 3" in _plain(p.progress.value)
                break
            legal = p.hand.legal_actions(0)
            p.act(you.choose(p.hand.observation(0, legal), legal, rng))
        assert p.match.games_played == 1
        news = _plain(p.news.value)
        assert news.startswith("Game 1 is drawn") or " wins game 1." in news, news
        p.close()
        if reviewed >= 3 and out:
            break
    assert reviewed >= 3 and out
    rows = ADAPTER.standings(p.match)
    assert set(rows[0]) == {"seat", "games won", "piles"}
    p._restart(asked=True)
    assert not p.match.is_over and p.match.games_played == 0


def test_hot_seat_hides_the_table_between_two_people() -> None:
    p = _play(seats=3, seed=2, you=[0, 1], opponents="random", auto=True)
    covered = 0
    rng = random.Random(2)
    for _ in range(300):
        if p.hand.is_over or covered >= 3:
            break
        if p._handover is not None:
            covered += 1
            who = p._handover
            assert p.table.cover and p.ready.layout.display == ""
            svg = p.table.svg()
            assert "french:" not in svg and p.table.alt.startswith("Pass the screen")
            key = p.hand.record()
            p._clicked(STOCK)
            assert p.hand.record() == key and p._handover is None  # the click only took over
            assert p.table.viewer == who
            continue
        seat = p._human_turn()
        if seat is None:
            p.bot_step()
            continue
        assert p.table.viewer == seat
        p.act(rng.choice(p.hand.legal_actions(seat)))
    assert covered >= 2
    p.close()


def test_one_message_per_redraw() -> None:
    from kortspel.widgets import table

    st = _full_game(4)
    view = table(st)
    with counting_messages() as sent:
        for viewer in (None, 0, 3, 1):
            view.show(st, viewer)
    assert len(sent) == 4
    view.close()


def test_a_table_carries_its_picture_and_words() -> None:
    from kortspel.widgets import table

    st = _full_game(4)
    view = table(st, viewer=2)
    bundle, _ = view._repr_mimebundle_()
    assert 'alt="' in bundle["text/html"] and "data:image/png;base64," in bundle["text/html"]
    assert "first pile:" in bundle["text/plain"] and "the stock (" in bundle["text/plain"]
    assert view.svg().startswith("<svg")
    view.close()


def test_play_app_deals_a_gnallknekt_match() -> None:
    from kortspel.widgets.setup_app import PlayApp

    app = PlayApp(game="gnallknekt", seats=3, seed="7")
    app.start()
    assert app.play is not None and app.play.game.seats == 3
    assert app.play.hand.game.name == "gnallknekt"
    assert ", a short match of 1 game. Seed 7" in app.said and "pot" not in app.said
    app.close()


# -- Replay ------------------------------------------------------------------------------------


def test_replay_steps_through_a_game_with_a_rebuilt_stock_in_the_viewers_person() -> None:
    from kortspel.widgets import Replay

    rec = played_record()
    rec["intro"] = "A game of random seats."
    shuffle = next(i for i, a in enumerate(kortspel.replay(rec).actions) if a.seat == CHANCE)
    # Comments belong to the record's actions; a chance turn has none of its own.
    for k, act in enumerate(rec["actions"]):
        act["comment"] = f"note {k}"
    r = Replay(rec)
    assert len(r.frames) == len(kortspel.replay(rec).actions) + 1
    assert r.comment(shuffle + 1) == ""
    assert r.comment(shuffle) == f"note {shuffle - 1}"
    assert r.comment(shuffle + 2) == f"note {shuffle}"
    r.go(0)
    first = _plain(r.note.value)
    assert "deals three piles to each player" in first and "'s turn" in first, first
    r.go(shuffle)  # the draw that found the stock empty: the table says what happens
    assert "The stock is empty: it is rebuilt." in _plain(r.note.value)
    r.go(shuffle + 1)
    assert "shuffled into a new stock" in _plain(r.note.value)
    r.go(10**6)
    assert r.step == len(r.frames) - 1
    seat = Replay(rec, viewer=1)
    for i in range(0, len(seat.frames), 5):
        seat.go(i)
        text = _plain(seat.note.value)
        who = rec["seats"][1]
        assert f"{who} draws" not in text and f"{who} attacks" not in text, (i, text)
    r.close()
    seat.close()


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_replay_tells_every_worked_record_to_its_reader(viewer) -> None:
    from kortspel.widgets import Replay

    for name in _worked():
        rec = kortspel.example(name, "gnallknekt")
        r = Replay(rec, viewer=viewer)
        assert r.step == 0 and r.note.value
        who = rec["seats"][viewer] if viewer is not None else None
        for i in range(len(r.frames)):
            text = r.step_text(i)
            assert text.strip(), (name, i)
            if who is not None:
                assert f"{who} draws" not in text and f"{who} attacks" not in text, (name, i)
                assert "you draws" not in text and "you attacks" not in text, (name, i)
            if i and r.frames[i].actions[-1].seat == CHANCE:
                assert "shuffled into a new stock" in text, (name, i, text)
        r.go(10**6)  # the last step: the record's summary, for the teacher
        if viewer is None and rec.get("summary"):
            assert str(rec["summary"])[:30] in _plain(r.note.value)
        r.close()


def test_telling_is_the_engines() -> None:
    st = kortspel.replay(played_record(seed=3, rebuilt=False))
    assert ADAPTER.lines(st, 2) == telling.story(st, 2)
    assert ADAPTER.review(st, None) == telling.review(st, None)


def test_the_rank_picture_shows_both_orders_and_the_trump() -> None:
    from kortspel.widgets import deck

    d = deck("gnallknekt")
    assert "Attacking, from low to high: 2, 3" in d.alt and "Queen, King, Ace." in d.alt
    assert "on a pile, from low to high: Ace, 2," in d.alt and "Jack" in d.alt
    svg = d.svg()
    ET.fromstring(svg)
    assert svg.count("french:") or "<use" in svg
    bundle, _ = d._repr_mimebundle_()
    assert 'alt="The Gnällknekt ranks.' in bundle["text/html"]
    d.close()
