"""Swedish Knock's table through the game-neutral core, without a browser: layouts at every
seat count, what each seat's picture may show, the grouping drawn from the engine, the clicks
of a turn, and Replay and Play from the first round to the last.

The browser test (tests/browser/test_knock_browser.py) checks pixels and real clicks; these
check geometry, secrecy and the callbacks' logic, where most mistakes would hide.
``KORTSPEL_SLOW=1`` clicks through whole matches instead of single rounds.
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Iterator

import pytest

import kortspel
from kortspel.events import STOCK, Zone
from kortspel.french import show, spoken
from kortspel.knock import KnockState, best_grouping, telling
from kortspel.widgets import svg_table, table_model
from kortspel.widgets.canvas_io import counting_messages
from kortspel.widgets.games.knock import ADAPTER, DISCARD, card_ref, face
from kortspel.widgets.games.knock import STOCK as STOCK_REF
from kortspel.widgets.geometry import HEIGHT, WIDTH, Box, Layout, layout, problems, text_width
from kortspel.widgets.model import CardGroup, CardView, ZoneView

SLOW = bool(os.environ.get("KORTSPEL_SLOW"))
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = [r + s for s in "SHDC" for r in RANKS]


def record(hands: dict[str, list[str]], upcard: str, actions: list[str] = (),
           **carry: object) -> dict:
    """A round as the contract writes it: the named hands, the upcard, the rest of the pack
    as the stock in pack order; actions as short text ("a draw stock", "b knock")."""
    used = [c for h in hands.values() for c in h] + [upcard]
    acts = []
    for text in actions:
        seat, verb, *rest = text.split()
        act = {"seat": seat, "do": verb}
        if verb == "draw":
            act["from"] = rest[0]
        elif verb == "discard":
            act["card"] = rest[0]
        acts.append(act)
    names = list(carry.pop("seats", hands))
    return {"game": "knock", "seats": names, "dealer": carry.pop("dealer", names[-1]),
            "deal": hands, "upcard": upcard, "stock": [c for c in PACK if c not in used],
            "actions": acts, **carry}


# a holds a set of 7s with a wild 2; b a King high; c starts, then a knocks.
SETS = record({"a": ["7C", "7D", "2H", "KS", "AS"], "b": ["KH", "QH", "JH", "9S", "8S"],
               "c": ["3C", "4C", "5C", "6C", "9C"]}, "10D",
              ["a draw stock", "a discard KS", "b draw discard", "b discard KH", "c knock"])


def rounds(seats: int, count: int, seed: int) -> Iterator[KnockState]:
    """Every state of ``count`` rounds of matches played by a mix of heuristic and random
    seats (so knocks, stars, zeros and seats out all come up), clones all."""
    rng = random.Random(seed)
    game = kortspel.load("knock", seats=seats)
    bots = [kortspel.bot_for("knock", "heuristic" if s % 2 else "random", name=n)
            for s, n in enumerate(game.names)]
    match = game.match(seed=seed)
    for _ in range(count):
        st = match.hand
        yield st.clone()
        while not st.is_over:
            kortspel.step(st, bots, rng)
            yield st.clone()
        if match.is_over:
            match = game.match(seed=rng.randrange(10**6))
        else:
            match.next_hand()


def hidden_from(st: KnockState, viewer: int) -> list[str]:
    """The cards ``viewer`` may not know now: the stock, and every card of another hand its
    observation does not name."""
    obs = st.observation(viewer)
    out = list(st.zones()[Zone(STOCK)])
    for s in st.order:
        if s != viewer:
            known = [c for c in obs.known(s) if c is not None]
            out += [c for c in st.hand(s) if c not in known]
    return out


def _check_fits(lay: Layout) -> None:
    assert problems(lay) == []
    frame = Box(0, 0, WIDTH, HEIGHT)
    for item in [c.box for c in lay.cards] + [p.box for p in lay.plates] + [
            g.box for g in lay.groups]:
        assert item.inside(frame), item
    for t in lay.texts:
        assert not t.text.endswith("…"), f"cut: {t.text!r}"
    for p in lay.plates:
        # Words stay inside their plates: the name beside the dealer's mark, the notes below.
        assert p.name_size >= 9 and p.notes_size >= 8, (p.name, p.notes)
        if p.notes:
            assert text_width(p.notes, p.notes_size, bold=True) <= p.box.w - 11, p.notes
    for g in lay.groups:  # each set's outline holds exactly its cards, and its words fit it
        inside = [c for c in lay.cards if c.box.inside(g.box)]
        assert len(inside) >= 3 and all(c.seat == g.seat for c in inside), g
        for other in lay.groups:
            assert other is g or not other.box.overlaps(g.box)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_view_fits_and_a_seat_sees_nothing_hidden(seats: int) -> None:
    for i, st in enumerate(rounds(seats, 3 if not SLOW else 30, seed=seats)):
        _check_fits(layout(table_model(st, None)))
        for viewer in range(seats):
            lay = layout(table_model(st, viewer))
            _check_fits(lay)
            hidden = hidden_from(st, viewer)
            keys = {c.key for c in lay.cards}
            words = " ".join([lay.alt, ADAPTER.status(st, viewer)]
                             + ADAPTER.lines(st, viewer))
            for c in hidden:
                assert face(c) not in keys, (viewer, c)
                assert spoken(c) not in lay.alt and show(c) not in words, (viewer, c)
            for c in lay.cards:  # only the viewer's own cards answer a click
                assert c.ref in (None, DISCARD, STOCK_REF) or c.ref[:2] == ("card", viewer)
            if i % 25 == 0:  # the static picture says no more than the live one
                svg = svg_table(st, viewer)
                assert not any(spoken(c) in svg for c in hidden)


def test_the_teacher_sees_every_card_and_how_each_hand_counts() -> None:
    st = kortspel.replay(SETS)
    lay = layout(table_model(st))
    assert {c.key for c in lay.cards if c.seat == 0} == {face(c) for c in st.hand(0)}
    (group,) = [g for g in lay.groups if g.seat == 0]
    assert "set of 7s" in [t.text for t in lay.texts]
    in_set = [c for c in lay.cards if c.box.inside(group.box)]
    # a drew the 2♠ (the stock is the rest of the pack in order): both 2s stand for 7s.
    assert [c.key for c in in_set] == [face("7C"), face("7D"), face("2H"), face("2S")]
    assert [c.note for c in in_set] == ["", "", "as 7", "as 7"]
    assert in_set[-1].shown_w == 0 and 0 < in_set[-2].shown_w < in_set[-2].box.w
    assert "hand worth 1" in [t.text for t in lay.texts]  # the Ace alone counts
    assert ("set of 7s (7 of clubs, 7 of diamonds, 2 of hearts as a 7, 2 of spades as a 7), "
            "Ace of spades") in lay.alt
    plates = {p.seat: p for p in lay.plates}
    assert "knocked" in plates[2].notes and plates[0].to_act and plates[2].is_dealer
    assert table_model(st).call == "Knack! c knocked."
    assert "last turn" in plates[0].notes


def test_values_and_groupings_are_the_engines() -> None:
    for st in rounds(4, 4, seed=11):
        model = table_model(st, None)
        for seat in model.seats:
            if not seat.zones:
                continue
            (zone,) = seat.zones
            g = best_grouping(st.hand(seat.seat), st.game.rules.unused_two)
            n = len(st.hand(seat.seat))
            assert zone.label == (f"hand worth {g.value}" if n == 5
                                  else f"{n} cards worth {g.value}")
            assert [x.count for x in zone.groups] == [len(s.cards) for s in g.sets]
            assert st.value(seat.seat) == g.value


def test_a_seat_sees_cards_taken_from_the_discard_pile_and_every_hand_once_shown() -> None:
    st = kortspel.replay(SETS, upto=4)  # b took the K♠ a had just thrown
    lay = layout(table_model(st, 0))
    b_cards = [c for c in lay.cards if c.seat == 1]
    assert [c.key for c in b_cards].count("back:french") == 4
    assert any(c.key == face("KS") and "taken from the discard pile" in c.label
               for c in b_cards)
    assert "hand worth" not in " ".join(t.text for t in lay.texts if t.y < lay.height / 2)
    over = kortspel.replay(SETS)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    lay = layout(table_model(over, 0))
    for s in over.order:  # shown: every hand face up, each with its value
        assert {c.key for c in lay.cards if c.seat == s} == {face(c) for c in over.hand(s)}
    assert sum("hand worth" in t.text for t in lay.texts) == 3


def test_status_speaks_to_its_reader() -> None:
    st = kortspel.replay(SETS, upto=0)  # a to draw; may knock
    v = st.value(0)
    assert ADAPTER.status(st, 0) == f"Your turn: draw or knock; your hand is worth {v}."
    assert ADAPTER.status(st, 1) == "It is a's turn."
    assert ADAPTER.status(st, None) == "It is a's turn."
    st.apply("a draw discard")
    assert ADAPTER.status(st, 0) == "Now discard a card (not the 10♦ you took)."
    assert ADAPTER.status(st, 2) == "a has drawn and discards next."
    st = kortspel.replay(SETS)  # c knocked; a's last turn
    assert ADAPTER.status(st, 0).startswith("Your last turn: draw; your hand is worth")
    assert ADAPTER.status(st, 1) == "It is a's last turn."
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    said = {v: ADAPTER.status(st, v) for v in (None, 0, 2)}
    verdict = "holds" if st.outcome.settlement.valid_knock else "fails"
    assert said[2] == f"The round is over: your knock {verdict}."
    assert said[0] == said[None] == f"The round is over: c's knock {verdict}."


def test_zero_on_the_deal_is_said_and_shown() -> None:
    rec = record({"a": ["7C", "7D", "7H", "2S", "7S"], "b": ["KH", "QH", "JH", "9H", "8S"]},
                 "2C")
    st = kortspel.replay(rec)
    assert st.is_over
    assert ADAPTER.status(st, 1) == "The round is over: a holds zero."
    assert ADAPTER.status(st, 0) == "The round is over: you hold zero."
    lay = layout(table_model(st, 1))
    assert "zero" in {p.seat: p for p in lay.plates}[0].notes


def test_a_replay_of_a_zero_on_the_deal_says_it_at_its_only_step() -> None:
    from kortspel.widgets import Replay

    rec = record({"a": ["7C", "7D", "7H", "2S", "7S"], "b": ["KH", "QH", "JH", "9H", "8S"]},
                 "2C")
    said = Replay(rec).step_text(0)
    assert said.startswith("b deals five cards") and "a holds zero from the deal" in said
    assert "is dealt" not in said and "b has K♥ Q♥ J♥ 9♥ 8♠ (53)" in said  # public lines
    assert "You hold zero from the deal" in Replay(rec, viewer="a").step_text(0)


def test_scores_stars_and_seats_out_on_the_plates() -> None:
    rec = record({"a": ["KC", "QD", "JH", "9S", "9D"], "b": ["AH", "2H", "3H", "4H", "5S"],
                  "c": ["7C", "7D", "7H", "AS", "AD"]}, "10C",
                 ["a knock", "b draw stock", "b discard 5S", "c draw stock", "c discard AD"],
                 seats=["a", "b", "c", "d"], dealer="c", out=["d"],
                 scores={"a": 95, "b": 10, "c": 40, "d": 101}, stars={"a": 1})
    st = kortspel.replay(rec)
    assert st.is_over
    lay = layout(table_model(st, 1))
    _check_fits(lay)
    plates = {p.seat: p for p in lay.plates}
    st_ = st.outcome.settlement
    assert plates[3].out and not plates[1].out and not plates[2].out
    score = {p.seat: next(b.value for b in p.badges if b.kind == "score") for p in lay.plates}
    assert score == dict(enumerate(st_.scores))
    stars = next(b for b in plates[0].badges if b.kind == "stars")
    assert stars.value == 2 and plates[0].notes == "knock fails: ★2 +10"
    assert plates[0].out  # over 100 now: out, its hand still shown
    assert {c.key for c in lay.cards if c.seat == 0} == {face(c) for c in st.hand(0)}


def test_clicks_give_exactly_the_legal_actions() -> None:
    checked = 0
    for st in rounds(3, 4, seed=5):
        seat = st.to_act
        if seat is None:
            continue
        legal = st.legal_actions(seat)
        for viewer in (seat, None):
            lay = layout(table_model(st, viewer))
            paths = ADAPTER.paths(st, seat, legal)
            assert len(set(paths.values())) == len(paths)  # one click, one action
            assert set(paths) | {a for a in legal if a.verb == "knock"} == set(legal)
            for action, (ref,) in paths.items():
                box = lay.boxes_of(ref)[-1]
                card = next((c for c in lay.cards if c.ref == ref), None)
                w = card.shown_w if card is not None and card.shown_w else box.w
                assert lay.hit(box.x + w / 2, box.y + box.h / 2) == ref, (action, ref)
                checked += 1
    assert checked > 100


def test_one_message_per_redraw() -> None:
    from kortspel.widgets import table

    st = kortspel.replay(SETS, upto=2)
    view = table(st)
    with counting_messages() as sent:
        for viewer in (None, 0, 1):
            view.show(st, viewer)
    assert len(sent) == 3
    view.close()


def test_pictures_carry_their_words() -> None:
    from kortspel.widgets import Replay, table

    bundle, _ = table(kortspel.replay(SETS, upto=3), viewer="b")._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert 'alt="' in bundle["text/html"] and "data:image/png;base64," in bundle["text/html"]
    assert "Ace of spades" not in bundle["text/plain"]  # a's card, hidden from b
    name = kortspel.examples("knock")[0]
    bundle, _ = Replay(kortspel.example(name, "knock"))._repr_mimebundle_()
    assert "Replay of" in bundle["text/plain"] and 'alt="' in bundle["text/html"]


def test_the_group_seam_checks_its_runs() -> None:
    cards = tuple(CardView(face(c), c) for c in ("7C", "7D", "2H", "KS", "AS"))
    ZoneView("hand", cards, groups=(CardGroup(0, 3, "set of 7s"),))
    for bad in ((CardGroup(3, 3),), (CardGroup(0, 0),), (CardGroup(2, 2), CardGroup(0, 2))):
        with pytest.raises(ValueError):
            ZoneView("hand", cards, groups=bad)
    with pytest.raises(ValueError):
        ZoneView("pile", cards, groups=(CardGroup(0, 3),))


# -- every worked record -------------------------------------------------------------------


def _examples() -> list[str]:
    names = kortspel.examples("knock")
    assert len(names) >= 8, names
    return names


def test_every_state_of_every_worked_record_is_drawn() -> None:
    for name in _examples():
        frames = kortspel.frames(kortspel.example(name, "knock"))
        seats = len(frames[0].game.names)
        for st in frames:
            for viewer in (None, *range(seats)):
                lay = layout(table_model(st, viewer))
                _check_fits(lay)
                if viewer is not None:
                    assert not any(face(c) in {x.key for x in lay.cards}
                                   for c in hidden_from(st, viewer))


@pytest.mark.parametrize("name", kortspel.examples("knock"))
def test_replay_tells_each_worked_round_to_its_reader(name: str) -> None:
    from kortspel.widgets import Replay

    rec = kortspel.example(name, "knock")
    teacher = Replay(rec)
    last = teacher.slider.max
    assert teacher.step_text(0) and (last == 0 or all(
        teacher.step_text(i) for i in range(1, last + 1)))
    teacher.go(last)
    assert "Step" in teacher.note.value or last == 0
    for seat, who in enumerate(rec["seats"]):
        if who not in rec["deal"]:
            continue
        r = Replay(rec, viewer=seat)
        for i, act in enumerate(rec["actions"], start=1):
            said = r.step_text(i)
            if act["seat"] == who:
                assert said.startswith("You "), (i, said)
            else:  # told of another seat by its name
                assert said.startswith(f"{act['seat']} "), (i, said)
        review = " ".join(ADAPTER.review(r.frames[-1], seat))
        assert "you" in review.lower()


# -- Play ----------------------------------------------------------------------------------


def _play(**kw):
    from kortspel.widgets import Play

    return Play(**{"game": "knock", "pace": 0, **kw})


def _refs(p) -> list:
    lay = p.table.layout_now
    refs = {c.ref for c in lay.cards} | {z.ref for z in lay.zones}
    refs |= {None, STOCK_REF, DISCARD, card_ref(0, "AS"), card_ref(1, "KH"), ("bogus",)}
    return sorted(refs, key=repr)


def _human_moves(p) -> dict:
    seat = p._human_turn()
    if seat is None:
        return {}
    legal = p.hand.legal_actions(seat)
    moves = {a: path for a, path in p.adapter.paths(p.hand, seat, legal).items()}
    moves.update({a: "knock" for a in legal if a.verb == "knock"})
    return moves


def _click_everything_then_move(p, rng: random.Random) -> None:
    """Every ref that is not a legal click, and every wrong button, changes nothing; then one
    legal move (or a computer's, or the next round)."""
    moves = _human_moves(p)
    legal_refs = {path[0] for path in moves.values() if path != "knock"}
    for ref in _refs(p):
        if ref in legal_refs:
            continue
        key, done = p.hand.key(), len(p.match.history)
        p._clicked(ref)
        assert p.hand.key() == key and len(p.match.history) == done, ref
    if not any(a.verb == "knock" for a in moves):
        key = p.hand.key()
        assert p.press("knock") is False and p.hand.key() == key
    if not p.hand.is_over:
        key = p.hand.key()
        p._next_hand()
        assert p.hand.key() == key
    if p.hand.is_over:
        p._next_hand()
    elif moves:
        action = rng.choice(sorted(moves, key=str))
        path = moves[action]
        if path == "knock":
            assert p.press("knock") is True
        else:
            p._clicked(path[0])
        assert p.hand.actions[-1] == action
    else:
        p.bot_step()


@pytest.mark.parametrize("seats,opponents,seed",
                         [(2, "random", 2), (3, "heuristic", 3), (5, "random", 5)]
                         + ([(s, o, 100 + s) for s in (2, 3, 4, 5) for o in ("random", "heuristic")]
                            if SLOW else []))
def test_wrong_time_clicks_are_harmless_all_through_a_match(seats: int, opponents: str,
                                                            seed: int) -> None:
    rng = random.Random(seed)
    p = _play(seats=seats, seed=seed, auto=False, opponents=opponents)
    for _ in range(5000):
        if p.match.is_over:
            break
        _click_everything_then_move(p, rng)
    assert p.match.is_over and p.match.rounds_played >= 2
    key = p.hand.key()
    for ref in _refs(p):  # and after the match, as before it
        p._clicked(ref)
    assert p.hand.key() == key and p.pending_timers == 0


def test_a_round_is_played_by_clicks_and_ends_with_its_review() -> None:
    p = _play(seats=3, seed=8, auto=True)  # computer seats move at once (no event loop)
    rng = random.Random(1)
    while not p.hand.is_over:
        moves = _human_moves(p)
        assert moves, "the computer seats stopped before the human's turn"
        shown = {v for v, b in p.verb_buttons.items() if b.layout.display != "none"}
        assert shown == ({"knock"} if any(a.verb == "knock" for a in moves) else set())
        targets, _ = p._targets()
        assert targets == {path[0] for path in moves.values() if path != "knock"}
        worth = p.hand.value(0)
        if p.hand.phase_name == "draw":
            assert f"your hand is worth {worth}" in p.status.value
        action = rng.choice(sorted((a for a in moves if a.verb != "knock"), key=str))
        p._clicked(moves[action][0])
    review = telling.review(p.hand, 0)
    for line in review:
        assert html.escape(line) in p.review.value
    assert "Press Next round" in p.status.value
    assert not p.next_hand.disabled
    rows = p.adapter.standings(p.match)
    assert [r["points"] for r in rows] == list(p.hand.outcome.settlement.scores)
    p._next_hand()
    assert not p.hand.is_over and len(p.match.history) == 1
    assert "deal" in p.news.value  # the next dealer, in the engine's words


def test_undo_takes_back_a_draw_in_practice() -> None:
    p = _play(seats=3, seed=4)
    before = p.hand.key()
    assert p._human_turn() == 0
    p._clicked(STOCK_REF)
    assert p.hand.phase_name == "discard" and p.hand.key() != before
    p._undo()
    assert p.hand.key() == before
    strict = _play(seats=3, seed=4, practice=False)
    strict._clicked(STOCK_REF)
    key = strict.hand.key()
    strict._undo()
    assert strict.hand.key() == key and strict.undo.layout.display == "none"


def test_hot_seat_covers_the_table_between_two_people() -> None:
    p = _play(seats=3, you=[0, 1], seed=6, auto=True)
    rng = random.Random(2)
    covered = 0
    for _ in range(200):
        if p.hand.is_over:
            break
        if p._handover is not None:
            covered += 1
            hidden = p.hand.hand(p._screen)
            assert p.table.cover and all(spoken(c) not in p.table.alt for c in hidden)
            assert all(show(c) not in p.status.value + p.story.value for c in hidden)
            assert all(b.layout.display == "none" for b in p.verb_buttons.values())
            p._clicked(None)  # the next person clicks the table
            assert p.table.viewer == p._human_turn() and not p.table.cover
            continue
        moves = _human_moves(p)
        action = rng.choice(sorted((a for a in moves if a.verb != "knock"), key=str))
        p._clicked(moves[action][0])
    assert covered >= 2


def test_a_whole_match_ends_with_its_winner_and_a_new_match_starts() -> None:
    p = _play(seats=2, seed=12, opponents="random")
    rng = random.Random(3)
    for _ in range(3000):
        if p.match.is_over:
            break
        if p.hand.is_over:
            p._next_hand()
            continue
        moves = _human_moves(p)
        if not moves:  # you went out: the rounds play on by themselves
            continue
        action = rng.choice(sorted(moves, key=str))
        if moves[action] == "knock":
            p.press("knock")
        else:
            p._clicked(moves[action][0])
    assert p.match.is_over
    headline = telling.match_progress(p.match)
    assert p.table.model().call == headline and "The game is over" in p.status.value
    assert p.next_hand.disabled
    old = p.match
    p._restart()
    assert p.match is not old and not p.match.is_over and p.match.rounds_played == 0


def test_playapp_deals_knock() -> None:
    from kortspel.widgets.setup_app import PlayApp

    app = PlayApp(game="knock", pace=0, seed=3)
    assert app.play is not None and app.play.game.seats == 5
    assert app.length.layout.display == "none"  # a Knock match has no lengths
    assert "Swedish Knock, 5 players" in app.said
    app.close()


def test_the_card_values_picture() -> None:
    from kortspel.widgets import deck

    d = deck("knock")
    assert "King 13" in d.alt and "a 2 is wild" in d.alt
    assert d.svg().startswith("<svg")


def test_rules_options_reach_the_table() -> None:
    """No knock in the first round of turns: no Knock button and no 'or knock'; an unused 2
    costing 0: the values shown are the engine's under that rule."""
    p = _play(seats=3, seed=9, first_round_knock=False, unused_two=0)
    assert p._human_turn() == 0 and p.hand.turn < 3
    assert p.verb_buttons["knock"].layout.display == "none"
    worth = p.hand.value(0)
    assert f"Your turn: draw; your hand is worth {worth}." in p.status.value
    from kortspel.knock import hand_value

    assert worth == hand_value(p.hand.hand(0), unused_two=0)
    assert f"hand worth {worth}" in [t.text for t in p.table.layout_now.texts]
    key = p.hand.key()
    assert p.press("knock") is False and p.hand.key() == key


def test_the_table_of_the_round_that_ends_the_game_says_the_winner_and_circles() -> None:
    """A round that ends the game is drawn with the game's end across the table (the winner,
    the total and the circles, or nobody), in the words the match's progress uses; the status
    still says how the round ended."""
    from kortspel.widgets.games.knock import build
    from kortspel.widgets.games.knock_seen import from_state, seen

    won = kortspel.replay(kortspel.example("out-skunks-and-circles", "knock"))
    res = won.result()
    w = won.game.names.index(res["winner"])
    model = build(from_state(won), "t")
    assert model.call == f"{res['winner']} wins the game, circled {res['circles']} times."
    assert model.status.startswith("The round is over: ")
    mine = build(seen(won, w), "t")
    assert mine.call.startswith("You win the game, circled ")
    nobody = kortspel.replay(kortspel.example("everyone-out", "knock"))
    assert build(from_state(nobody), "t").call == "Every seat went over 100: nobody wins."
    going_on = kortspel.replay(kortspel.example("valid-knock", "knock"))
    assert build(from_state(going_on), "t").call == ""
