"""Köpknack's table through the game-neutral core, without a browser: the layout at every seat
count, what a seat's view may show, the clicks and buttons of Play, replays of every worked
deal, and wrong-time clicks.

The browser test (tests/browser/test_kopknack_browser.py) checks the pixels and real clicks;
these check the geometry, the secrecy and the callbacks' logic.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import kortspel
from kortspel.kopknack import PACK, show
from kortspel.widgets import svg_table, table_model
from kortspel.widgets.canvas_io import counting_messages
from kortspel.widgets.games import adapter_for
from kortspel.widgets.geometry import HEIGHT, WIDTH, badges_width, layout, problems, text_width

ADAPTER = adapter_for("kopknack")
FACES = {f"french:{c}:2c": c for c in PACK}


def _plain(html_text: str) -> str:
    return re.sub("<[^>]+>", "", html_text).replace("&#x27;", "'")


def random_states(seats: int, deals: int, seed: int) -> Iterator[kortspel.kopknack.KopknackState]:
    """Every state of a few deals at ``seats`` seats, heuristic and random players mixed (the
    heuristic knocks often, so full tricks of many seats are drawn too)."""
    rng = random.Random(seed)
    game = kortspel.load("kopknack", seats=seats)
    bots = [kortspel.bot_for("kopknack", "heuristic" if s % 3 else "random")
            for s in range(seats)]
    for d in range(deals):
        st = game.new_hand(rng=rng, dealer=d % seats, pot=3 * rng.randrange(6))
        yield st.clone()
        while not st.is_over:
            kortspel.step(st, bots, rng)
            yield st.clone()


def record_states() -> Iterator[tuple[str, kortspel.kopknack.KopknackState]]:
    for name in kortspel.examples("kopknack"):
        for st in kortspel.frames(kortspel.example(name, "kopknack")):
            yield name, st


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
    cut = [t.text for t in lay.texts if t.text.endswith("…")]
    assert not cut, (where, cut)


@pytest.mark.parametrize("seats", range(3, 9))
def test_nothing_overlaps_and_every_word_fits_at_every_seat_count(seats: int) -> None:
    for st in random_states(seats, deals=4, seed=seats):
        for viewer in (None, 0, seats // 2):
            _check_layout(layout(table_model(st, viewer)), (seats, viewer, str(st)))


def test_the_largest_table_with_a_full_trick_and_balances_fits() -> None:
    """Eight seats all in the play (the widest trick) on a session's table, where every
    plate carries a balance too."""
    from kortspel.widgets import Play

    hands = {n: h for n, h in zip("abcdefgh", (
        ["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "10S"], ["JS", "QS", "KS"],
        ["2H", "3H", "4H"], ["5H", "6H", "7H"], ["8H", "9H", "10H"], ["JH", "QH", "KH"]),
        strict=True)}
    game = kortspel.load("kopknack", seats=list("abcdefgh"))
    st = game.deal(hands, trump="AD")
    for name in "abcdefgh":
        st.apply(f"{name} knock")
    for _ in range(16):
        st.apply(st.legal_actions()[0])  # everyone keeps, twice
    while len(st.trick) < 7:
        st.apply(st.legal_actions()[0])
    p = Play(game="kopknack", names=list("abcdefgh"), seed=1, pace=0, auto=False)
    p.match.hand = st
    p._refresh()
    lay = p.table.layout_now
    _check_layout(lay, "eight seats")
    trick = next(z for z in lay.zones if z.kind == "trick")
    assert len([c for c in lay.cards if c.box.inside(trick.box)]) == 7
    assert all("chips" in str(b.value) for pl in lay.plates for b in pl.badges
               if b.kind == "text")
    p.close()


def test_the_model_of_every_state_of_every_worked_deal_builds_for_every_viewer() -> None:
    count = 0
    for name, st in record_states():
        for viewer in (None, *range(st.game.seats)):
            lay = layout(table_model(st, viewer))
            _check_layout(lay, (name, viewer))
            assert lay.alt and st.game.names[0] in lay.alt
            count += 1
    assert count > 500


@pytest.mark.parametrize("viewer", [None, 0, 3])
def test_svg_of_a_worked_deal_is_well_formed_and_says_the_table(viewer) -> None:
    rec = kortspel.example("talon-runs-out", "kopknack")
    st = kortspel.replay(rec, upto=30)
    svg = svg_table(st, viewer)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    desc = root.find(f"{ns}desc")
    assert desc is not None and "trumps" in desc.text and "talon: 0" in desc.text


# -- what a seat may see ---------------------------------------------------------------------


def _public(st) -> set[str]:
    """Cards anyone may see: the trump and every card played."""
    return {st.trump} | {c for _, c in st.played}


def _check_secrecy(st, viewer: int) -> None:
    lay = layout(table_model(st, viewer))
    own = set(st.hands[viewer])
    allowed = own | _public(st)
    shown = {FACES[c.key] for c in lay.cards if c.key in FACES}
    assert shown <= allowed, (viewer, shown - allowed)
    secret = {c for s in range(st.game.seats) if s != viewer for c in st.hands[s]}
    secret |= set(st.talon[st.tp:])
    secret |= {c for c in st.out if c not in own}  # folded hands and others' discards
    secret -= _public(st)
    words = lay.alt + " ".join(t.text for t in lay.texts)
    for c in secret:
        assert show(c) not in words, (viewer, c)
    for c in lay.cards:  # nothing clickable names a card the seat does not hold
        if c.ref is not None:
            assert c.ref[1] == viewer and c.ref[2] in own
    # Others' hands are there as backs, as many as they hold.
    for s in range(st.game.seats):
        if s != viewer and st.hands[s]:
            backs = [c for c in lay.cards if c.seat == s and c.key == "back:french"]
            assert len(backs) == len(st.hands[s])


@pytest.mark.parametrize("seats", [3, 6, 8])
def test_a_seat_view_never_shows_a_card_the_seat_may_not_know(seats: int) -> None:
    for st in random_states(seats, deals=4, seed=40 + seats):
        for viewer in range(seats):
            _check_secrecy(st, viewer)


def test_a_seat_view_is_the_same_whatever_the_hidden_cards_are() -> None:
    """The engine's hidden shuffle deals every card a seat cannot know anew: the seat's
    table must not change, or it showed something it had no way to know."""
    spec = kortspel.spec("kopknack")
    rng = random.Random(5)
    moved = 0
    for seats in (4, 7):
        for st in random_states(seats, deals=3, seed=seats):
            if st.is_over:
                continue
            for viewer in range(seats):
                rec = spec.hidden_shuffle(st, viewer, rng)
                if rec is None:
                    continue
                other = kortspel.replay(rec)
                if other.key() == st.key():
                    continue
                moved += 1
                assert table_model(other, viewer) == table_model(st, viewer)
                assert ADAPTER.lines(other, viewer) == ADAPTER.lines(st, viewer)
    assert moved > 20


def test_every_worked_deal_keeps_its_secrets_at_every_step() -> None:
    for _name, st in record_states():
        for viewer in range(st.game.seats):
            _check_secrecy(st, viewer)


def test_the_teacher_sees_every_hand_and_the_legal_cards_of_the_seat_to_play() -> None:
    for name, st in record_states():
        lay = layout(table_model(st, None))
        shown = [FACES[c.key] for c in lay.cards if c.key in FACES and c.seat is not None]
        assert sorted(shown) == sorted(c for h in st.hands for c in h), name
        if st.phase_name == "play":
            lit = {c.ref[2] for c in lay.cards if c.highlight == "legal"}
            assert lit == {a.get("card") for a in st.legal_actions()}, name


def test_a_seat_to_play_sees_exactly_its_legal_cards_lit_and_others_see_none() -> None:
    lit_some = 0
    for st in random_states(6, deals=8, seed=3):
        for viewer in range(6):
            lay = layout(table_model(st, viewer))
            lit = {c.ref[2] for c in lay.cards if c.highlight == "legal"}
            if st.phase_name == "play" and st.to_act == viewer:
                assert lit == {a.get("card") for a in st.legal_actions()}
                assert all("(may be played)" in c.label for c in lay.cards
                           if c.highlight == "legal")
                lit_some += 1
            else:
                assert not lit
    assert lit_some > 30


# -- words on the table ------------------------------------------------------------------------


def test_status_speaks_to_its_viewer_and_names_the_duty() -> None:
    rec = kortspel.example("trick-two-under-trump", "kopknack")
    said = set()
    for st in kortspel.frames(rec):
        for viewer in (None, *range(st.game.seats)):
            text = ADAPTER.status(st, viewer)
            assert text and text[0].isupper() and text.endswith("."), text
            assert "you knocks" not in text and "you plays" not in text
            said.add(text)
            if viewer is not None and st.to_act == viewer and st.phase_name == "play":
                assert re.search(r"you (must|may)", text), text
    assert any("must play a trump" in t for t in said), said
    assert any("must lead a trump" in t or "may lead any card" in t for t in said)


def test_the_trick_says_who_played_what_and_who_is_winning() -> None:
    rec = kortspel.example("talon-runs-out", "kopknack")
    st = kortspel.replay(rec, upto=31)
    model = table_model(st, 2)
    trick = next(z for z in model.centre if z.kind == "trick")
    # c's view: c's card is labelled "c", as c's plate is (it said "you" beside a plate "c").
    assert trick.played_by == ("a", "b", "c", "e", "g")
    assert model.seats[2].name == "c"
    assert next(c for c in trick.cards if c.label.startswith("you played"))
    assert trick.label == "trick 2, best: g"
    # The trick just won stays in view until the next lead, with its winner.
    done = next(k for k in range(31, 40) if not kortspel.replay(rec, upto=k).trick)
    model = table_model(kortspel.replay(rec, upto=done), None)
    trick = next(z for z in model.centre if z.kind == "trick")
    assert "won by" in trick.label and len(trick.cards) == 6


def test_the_pot_is_a_number_and_a_stack() -> None:
    st = kortspel.replay(kortspel.example("talon-runs-out", "kopknack"), upto=0)
    lay = layout(table_model(st, None))
    chips = next(z for z in lay.zones if z.kind == "chips")
    assert chips.count == st.pot // st.stake and chips.label == f"pot {st.pot}"
    from kortspel.widgets.drawing import paint_table
    from kortspel.widgets.paint import RecordingPainter

    p = RecordingPainter()
    paint_table(p, lay)
    assert p.count("ellipse") >= 1 + 3 * chips.count  # the felt, then three per chip


# -- live views ----------------------------------------------------------------------------------


def test_one_message_per_redraw() -> None:
    from kortspel.widgets import table

    st = kortspel.replay(kortspel.example("heading-trump", "kopknack"), upto=19)
    view = table(st)
    with counting_messages() as sent:
        for viewer in (None, 0, 5, 3):
            view.show(st, viewer)
    assert len(sent) == 4
    view.close()


def test_a_table_carries_its_picture_and_words() -> None:
    from kortspel.widgets import table

    st = kortspel.replay(kortspel.example("no-trick-penalty", "kopknack"))
    view = table(st, viewer="c")
    bundle, _ = view._repr_mimebundle_()
    assert 'alt="' in bundle["text/html"] and "data:image/png;base64," in bundle["text/html"]
    assert "penalty 6" in bundle["text/plain"]
    assert view.svg().startswith("<svg")
    view.close()


def _play(**kw):
    from kortspel.widgets import Play

    return Play(game="kopknack", **{"pace": 0, "seats": 5, **kw})


def test_replay_steps_through_every_worked_deal_in_the_viewers_person() -> None:
    from kortspel.widgets import Replay

    for name in kortspel.examples("kopknack"):
        rec = kortspel.example(name, "kopknack")
        r = Replay(rec)
        r.go(0)
        first = _plain(r.note.value)
        assert "antes" in first and "trumps" in first, (name, first)
        assert " is dealt " not in first  # not every seat's cards one by one
        r.go(10**6)
        assert r.step == len(r.frames) - 1
        seat = Replay(rec, viewer=0)
        for i in range(len(seat.frames)):
            seat.go(i)
            text = _plain(seat.note.value)
            assert "a knocks" not in text and "a folds" not in text, (name, i, text)
            assert "You are dealt" in text if i == 0 else True
        r.close()
        seat.close()


def test_knock_and_fold_are_buttons_and_the_exchange_is_picked() -> None:
    p = _play(seed=3, auto=True)
    assert p._human_turn() == 0 and p.hand.phase_name == "bidding"
    shown = {v: b.description for v, b in p.verb_buttons.items() if b.layout.display != "none"}
    assert shown == {"knock": "Knock (knack!)", "fold": "Fold"}
    mine = list(p.hand.hands[0])
    before = list(p.hand.actions)
    p._clicked(("card", 0, mine[0]))  # cards mean nothing before the bidding is done
    assert list(p.hand.actions) == before and "knock or fold" in _plain(p.status.value)
    p.press("knock")
    while p._human_turn() is None:
        p.bot_step()
    assert p.hand.phase_name == "buying"
    exchange = p.verb_buttons["exchange"]
    assert exchange.layout.display != "none" and exchange.description == "Keep all three"
    targets, selected = p._targets()
    assert targets == {("card", 0, c) for c in mine} and not selected
    p._clicked(("card", 0, mine[2]))
    p._clicked(("card", 0, mine[0]))
    assert exchange.description == "Exchange 2 cards"
    assert p._targets()[1] == {("card", 0, mine[0]), ("card", 0, mine[2])}
    marks = {c.ref: c.highlight for c in p.table.layout_now.cards if c.ref}
    assert marks[("card", 0, mine[0])] == "selected" and marks[("card", 0, mine[1])] == "target"
    p._clicked(("card", 0, mine[2]))  # a second click puts it back
    assert exchange.description == "Exchange 1 card"
    p._clicked(("card", 0, mine[1]))
    n = len(p.hand.actions)
    p.press("exchange")
    made = p.hand.actions[n]
    assert made.seat == 0 and made.verb == "exchange"
    assert set(made.get("cards")) == {mine[0], mine[1]}
    assert p._picked == frozenset()


def test_the_paths_and_picks_are_exactly_the_legal_actions() -> None:
    seen_phases = set()
    for seats in (3, 8):
        for st in random_states(seats, deals=4, seed=70 + seats):
            t = st.to_act
            if t is None:
                continue
            legal = st.legal_actions(t)
            paths = ADAPTER.paths(st, t, legal)
            picks = ADAPTER.picks(st, t, legal)
            buttons = {a for a in legal if a.verb in ("knock", "fold")}
            assert set(paths) | set(picks) | buttons == set(legal)
            assert not (set(paths) & set(picks))
            assert len(set(paths.values())) == len(paths)  # one path, one action
            assert len(set(picks.values())) == len(picks)
            for a, refs in picks.items():
                assert refs == {("card", t, c) for c in a.get("cards")}
            seen_phases.add(st.phase_name)
    assert seen_phases == {"bidding", "buying", "play"}


def _illegal_moment(seed_from: int = 0):
    """A Play where you must play and hold a card the duties forbid."""
    for seed in range(seed_from, seed_from + 300):
        p = _play(seats=4, seed=seed, opponents="heuristic", auto=False)
        for _ in range(60):
            h = p.hand
            if h.is_over:
                break
            if h.to_act == 0:
                legal = h.legal_actions(0)
                if h.phase_name == "play":
                    banned = [c for c in h.hands[0] if c not in {a.get("card") for a in legal}]
                    if banned:
                        return p, banned[0]
                p.act(legal[0])
            else:
                p.bot_step()
        p.close()
    pytest.fail("no seed gave a card the duties forbid")


def test_an_illegal_card_names_the_duty_it_breaks_and_changes_nothing() -> None:
    names = set()
    start = 0
    while len(names) < 2 and start < 900:
        p, card = _illegal_moment(start)
        start = (p.seed or 0) + 1
        key, record = p.hand.key(), p.hand.record()
        p._clicked(("card", 0, card))
        said = _plain(p.status.value)
        assert p.hand.key() == key and p.hand.record() == record
        assert said.startswith(f"You cannot play {show(card)}: that breaks the duty to"), said
        with pytest.raises(kortspel.KortspelError) as err:  # the engine names the same duty
            p.hand.clone().apply({"seat": "you", "do": "play", "card": card})
        duty = re.search(r"the duty to ([a-z ]+?)[:;]", str(err.value)).group(1)
        assert f"the duty to {duty}" in said
        names.add(duty)
        p.close()
    assert len(names) >= 2, names


def test_a_pick_beyond_the_talon_is_refused_in_words() -> None:
    """Eight seats: the talon runs out in the buying; picking more cards than it holds is
    refused and says how many are left."""
    rec = kortspel.example("talon-runs-out", "kopknack")
    frames = kortspel.frames(rec)
    k = next(i for i, st in enumerate(frames)
             if st.phase_name == "buying" and 0 < st.talon_left < 3)
    st = frames[k]
    seat = st.to_act
    p = _play(names=list(st.game.names), you=seat, seed=1, auto=False)
    p.match.hand = kortspel.replay(rec, upto=k)
    p._refresh()
    hand = p.hand.hands[seat]
    for c in hand:
        p._clicked(("card", seat, c))
    assert len(p._picked) == p.hand.talon_left
    assert f"The talon holds {p.hand.talon_left}" in _plain(p.status.value)
    key = p.hand.key()
    p.press("exchange")
    assert p.hand.key() != key and p.hand.actions[-1].verb == "exchange"
    p.close()


def test_wrong_time_clicks_do_nothing_illegal_and_never_raise() -> None:
    """Whole sessions where every ref on the table is clicked at every moment (and every
    button pressed): each change the clicks make is a legal action of yours."""
    for seed in range(3):
        p = _play(seats=4 + seed, seed=seed, length=2, auto=True,
                  opponents="random" if seed else "heuristic")
        rng = random.Random(seed)
        moves = 0
        for _ in range(400):
            if p.match.is_over:
                break
            if p.hand.is_over:
                for ref in [c.ref for c in p.table.layout_now.cards] + [None]:
                    key = p.hand.key()
                    p._clicked(ref)
                    assert p.hand.key() == key
                p._next_hand()
                continue
            refs = [c.ref for c in p.table.layout_now.cards] + [z.ref for z in
                                                                p.table.layout_now.zones]
            refs += [("card", 1, "AS"), ("zone", "nowhere"), None]
            rng.shuffle(refs)
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
        assert moves > 0
        p.close()


def test_undo_takes_back_your_decision_in_practice() -> None:
    p = _play(seed=4, auto=True)
    before = p.hand.record()
    p.press("knock")
    assert any(a.seat == 0 for a in p.hand.actions)
    assert not p.undo.disabled
    p._undo()
    assert p.hand.record() == before and p._human_turn() == 0
    assert "Nothing of yours" not in p.status.value
    q = _play(seed=4, practice=False)
    assert q.undo.layout.display == "none"


def test_a_finished_deal_shows_a_review_and_next_deal_deals_on() -> None:
    p = _play(seed=8, auto=True, length=1)
    rng = random.Random(8)
    deals = 0
    while not p.match.is_over:
        if p.hand.is_over:
            review = _plain(p.review.value)
            assert review.startswith("This deal:") and "You:" in review
            assert not p.next_hand.disabled or p.match.is_over
            bal = ADAPTER.balances(p.match)
            assert sum(bal) + p.hand.outcome.next_pot == p.match.bank * 5
            plates = {pl.seat: pl for pl in p.table.layout_now.plates}
            assert f"{bal[0]} chips" in [str(b.value) for b in plates[0].badges]
            p._next_hand()
            deals += 1
            if not p.match.is_over:
                assert p.review.value == "" and "Deal" in _plain(p.progress.value)
            continue
        legal = p.hand.legal_actions(0)
        p.act(rng.choice(legal))
    assert deals == p.match.target
    said = _plain(p.news.value)
    assert "The session is over" in said and ("has the highest" in said
                                              or "have the highest" in said), said
    assert "you wins" not in _plain(p.progress.value) and "you deals" not in said
    assert p.next_hand.disabled
    p._restart(asked=True)
    assert not p.match.is_over and p.match.deals_played == 0


def test_hot_seat_hides_the_table_between_two_people() -> None:
    p = _play(seats=4, seed=2, you=[0, 1], opponents="random", auto=True)
    covered = 0
    rng = random.Random(2)
    for _ in range(200):
        if p.hand.is_over:
            break
        if p._handover is not None:
            covered += 1
            who = p._handover
            assert p.table.cover and p.ready.layout.display == ""
            svg = p.table.svg()
            for c in p.hand.hands[who] + p.hand.hands[1 - who]:
                assert show(c) not in svg and show(c) not in p.table.alt
            key = p.hand.key()
            p._clicked(("card", who, p.hand.hands[who][0]) if p.hand.hands[who] else None)
            assert p.hand.key() == key and p._handover is None  # the click only took over
            assert p.table.viewer == who
            continue
        seat = p._human_turn()
        assert seat is not None and p.table.viewer == seat
        p.act(rng.choice(p.hand.legal_actions(seat)))
    assert covered >= 1


def test_play_app_deals_a_kopknack_session() -> None:
    from kortspel.widgets.setup_app import PlayApp

    app = PlayApp(game="kopknack", seats=6, seed="7")
    app.start()
    assert app.play is not None and app.play.game.seats == 6
    assert app.play.hand.game.name == "kopknack"
    assert f"of {app.play.match.target} deals" in app.said and "pots" not in app.said
    app.close()


def test_the_legal_outline_stays_dashed_in_the_static_picture() -> None:
    """The PNG a notebook shows before it runs draws a legal card's dashed outline dashed,
    not as a solid line that only its colour tells apart."""
    from kortspel.widgets.raster import SCALE, RasterPainter

    p = RasterPainter(100, 40)
    p.rect(10, 10, 80, 20, stroke="#007A5A", line_width=2, dash=(10, 6))
    row = [p.canvas.getpixel((round(x * SCALE), round(10 * SCALE)))[3] for x in range(20, 80)]
    inked = sum(1 for a in row if a > 128)
    assert 0.4 * len(row) < inked < 0.8 * len(row)  # about 10 of every 16 units
    solid = RasterPainter(100, 40)
    solid.rect(10, 10, 80, 20, stroke="#007A5A", line_width=2)
    assert all(solid.canvas.getpixel((round(x * SCALE), round(10 * SCALE)))[3] > 128
               for x in range(20, 80))
