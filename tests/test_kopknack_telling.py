"""Köpknack told to each viewer: the second person for the viewer's own seat, the third for
everyone else, the teacher told everything in the third person, with the grammar right for
every viewer of every kind of event; and the narration's Swedish calls, glossed."""

from __future__ import annotations

import random
import re

import pytest

import kortspel
from kortspel.kopknack import EVENT_KINDS, KNACK, KopknackGame
from kortspel.kopknack.telling import review, story, tell

# A "you" followed by a verb in the third person singular, or "you is/has/was".
BAD_YOU = re.compile(
    r"\byou (is|has|was|knocks|folds|antes|deals|turns|sweeps|exchanges|keeps|gives|draws|"
    r"leads|plays|wins|takes|pays|throws)\b", re.IGNORECASE)
BAD_THIRD = re.compile(r"\b[a-h] (are|have|knock|fold|ante|deal|turn|sweep|exchange|keep|"
                       r"give|draw|lead|play|win|take|pay)\b")


def sample_deals() -> list:
    """Deals covering every kind of event: the worked deals and some random ones."""
    out = [kortspel.replay(kortspel.example(n, "kopknack"))
           for n in kortspel.examples("kopknack")]
    rng = random.Random(3)
    for seats in (3, 6, 8):
        game = KopknackGame(seats)
        for _ in range(20):
            out.append(kortspel.play_hand(game.new_hand(rng=rng, pot=3 * rng.randrange(5)),
                                          [kortspel.RandomBot()] * seats, rng))
    return out


DEALS = sample_deals()


def test_the_samples_hold_every_kind_of_event() -> None:
    assert {e.kind for st in DEALS for e in st.events} == set(EVENT_KINDS)


@pytest.mark.parametrize("kind", EVENT_KINDS)
def test_every_kind_of_event_is_told_right_to_every_viewer(kind: str) -> None:
    """For each event: the teacher hears third person only; the seat it is about hears
    "you" with the verb agreeing; no one else is addressed as "you"."""
    seen = 0
    for st in DEALS:
        names = st.game.names
        for e in st.events:
            if e.kind != kind:
                continue
            seen += 1
            teacher = tell(e, names)
            assert "you" not in teacher.lower().split(), teacher
            assert not BAD_THIRD.search(teacher), teacher
            for viewer in range(len(names)):
                if not e.visible_to(viewer):
                    continue
                said = tell(e, names, viewer)
                assert said[0].isupper() or said.split()[0].rstrip(",:") in names, said
                assert not BAD_YOU.search(said), said
                assert not BAD_THIRD.search(said), said
                if names[viewer] not in " ".join(map(str, e.data)) and viewer in _seats(e):
                    assert re.search(r"\b(you|your|yours)\b", said, re.IGNORECASE), said
                if viewer not in _seats(e):
                    assert not re.search(r"\byou\b", said, re.IGNORECASE), said
            if seen > 40:
                return
    assert seen, f"no {kind} event in the samples"


def _seats(event) -> set[int]:
    """The seats an event is about, from its data."""
    d = event.data
    k = event.kind
    if k in ("ante", "trump"):
        return {d[0]}
    if k in ("deal",):
        return {d[0]}
    if k == "fold":
        return {d[0], d[1]}
    if k in ("dealt", "knock", "exchange", "drawn", "play", "sweep"):
        return {d[0]}
    if k == "trick":
        return {d[0]}
    if k == "payout":
        return {s for s, _, _ in d[2]}
    if k == "penalty":
        return set(d[0])
    if k == "next_deal":
        return {d[1]}
    if k == "buy_round":
        return {d[1]}
    return set()


def test_the_viewer_is_spoken_to() -> None:
    st = kortspel.replay(kortspel.example("trick-two-under-trump", "kopknack"))
    told = story(st, 0)
    assert "You are dealt 2♥ 7♣ 9♦." in told
    assert f"You knock, saying “{KNACK}” (Swedish for knock), and play this deal." in told
    assert "You lead 9♦ to trick 1." in told
    assert "You took no trick, so you pay 6 (twice the stake) into the next pot." in told
    assert "The next deal is yours: its pot starts with 6 carried in, plus your ante." in told
    others = story(st, 2)
    assert "a knocks, saying “Knack!” (Swedish for knock), and plays this deal." in others
    assert "You win trick 1 with A♦." in others
    assert "c wins trick 1 with A♦." in story(st, 4)


def test_a_seat_sees_only_its_own_cards_in_its_story() -> None:
    """Private events (the cards dealt and bought) reach only their seat's story."""
    st = kortspel.replay(kortspel.example("talon-runs-out", "kopknack"))
    mine = story(st, 0)
    assert any(s.startswith("You are dealt") for s in mine)
    assert not any("is dealt" in s for s in mine)
    assert any(s.startswith("You give up") for s in mine)
    assert not any("gives up" in s for s in mine)
    assert sum("is dealt" in s for s in story(st)) == 8


def test_the_review_of_a_played_deal_says_who_took_and_paid_what() -> None:
    st = kortspel.replay(kortspel.example("no-trick-penalty", "kopknack"))
    lines = review(st, 2)
    assert lines[0] == "a: folded."
    assert lines[2] == "You: knocked, exchanged 1 then 0, took no trick and paid 6 into the " \
                       "next pot."
    assert "e: knocked, exchanged 2 then 0, took two tricks and won 2." in lines
    assert lines[-1] == "You and f took no trick, so each pays 6 into the next pot."
    assert review(st)[-1] == "c and f took no trick, so each pays 6 into the next pot."


def test_the_review_of_a_sweep() -> None:
    st = kortspel.replay(kortspel.example("dealer-sweep", "kopknack"))
    assert review(st, 5)[-1] == ("You take the whole pot of 9: everyone else folded before the "
                                 "dealer spoke.")
    assert review(st)[5] == "f: did not bid (the pot was swept first) and won 9."
    st = kortspel.replay(kortspel.example("lone-knocker", "kopknack"))
    assert review(st)[-1] == "b takes the whole pot of 6: nobody else knocked."
    assert review(kortspel.load("kopknack").new_hand(seed=1)) == []


def test_a_seat_named_you_is_quoted_for_other_viewers() -> None:
    game = KopknackGame(["you", "b", "c"])
    st = game.new_hand(seed=4)
    st.apply("you knock")
    e = st.events[-1]
    mine = "You knock, saying “Knack!” (Swedish for knock), and play this deal."
    assert tell(e, game.names, 0) == mine
    assert tell(e, game.names, 1) == ("“you” knocks, saying “Knack!” (Swedish for knock), "
                                      "and plays this deal.")
    assert tell(e, game.names) == mine


def test_the_record_text_is_third_person_with_the_call_glossed() -> None:
    st = kortspel.replay(kortspel.example("lone-knocker", "kopknack"))
    knock = next(e for e in st.events if e.kind == "knock")
    assert knock.text == "b knocks, saying “Knack!” (Swedish for knock), and plays this deal."
    assert knock.call == "Knack!"
    assert all(e.text and "you" not in e.text.lower().split() for e in st.events)
