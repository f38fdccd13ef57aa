"""Kille told to one person: second person for the viewer, third for the others, grammar
right by construction, over every kind of event and every viewer."""

from __future__ import annotations

import random
import re

import pytest

import kortspel
from kortspel.kille import EVENT_KINDS
from kortspel.kille.telling import story, tell

BAD = re.compile(
    r"\b[Yy]ou (is|was|has|\w+(?<!ss)(?<!'s)s)\b(?<!\byou thus)"  # "you loses", "you is"
    r"|\byou's\b|\b[Yy]ou [Vv]ärdshu\b"
    r"|\ba (8|11|Harlekin's)\b"  # "a 8": an 8
    r"|\b(\w+), (?!and\b)(\w+) lose\b"  # "a, c lose": a and c
    r"|\bor \w+ or\b"  # "stand or swap or kuku"
)
AFTER_GLOSS = re.compile(r"\) (\w+)")  # a sentence after a gloss: a capital, or a seat name


def every_hand(n: int = 2500, seed: int = 1):
    rng = random.Random(seed)
    options = [{"dealt_harlekin": h, "kuku_call": k} for h in ("high", "low")
               for k in ("anytime", "asked")]
    for i in range(n):
        seats = 2 + i % 7
        game = kortspel.load("kille", seats=seats, names=["you", "Anna", "Bo", "Cilla", "Dag",
                                                          "Eva", "Frej", "Gun"][:seats],
                             **options[i % 4])
        bots = [kortspel.bot_for("kille", "random") for _ in range(seats)]
        yield kortspel.play_hand(game.new_hand(rng=rng), bots, rng)


def test_every_event_kind_is_told_for_every_viewer_in_good_english() -> None:
    seen = set()
    hands = list(every_hand())
    hands += [kortspel.replay(kortspel.example(n)) for n in kortspel.examples("kille")]
    hands.append(kortspel.replay({  # every card high: nobody holds a lowest card
        "game": "kille", "seats": ["you", "Anna", "Bo"], "dealer": "Bo",
        "deal": {"you": "Kuku", "Anna": "Kuku", "Bo": "Harlekin"},
        "rules": {"kuku_call": "asked"},
        "actions": [{"seat": s, "do": "stand"} for s in ("you", "Anna", "Bo")]}))
    for st in hands:
        for viewer in (None, *range(st.game.seats)):
            for e in st.events:
                if viewer is not None and not e.visible_to(viewer):
                    continue
                text = tell(e, st.game.names, viewer)
                seen.add(e.kind)
                starts = text[:1].isupper() or text.startswith("“") or any(
                    text.startswith(n) and text[len(n)] in " ," for n in st.game.names)
                assert text and starts and text[-1] in ".!?)", (e.kind, text)
                assert not BAD.search(text), (e.kind, viewer, text)
                for word in AFTER_GLOSS.findall(text):
                    assert word[0].isupper() or word in st.game.names, (e.kind, text)
                if viewer is not None and any(s == viewer for s in _seats(e)):
                    assert re.search(r"\b[Yy]ou(r)?\b", text), (e.kind, text)
    assert seen == set(EVENT_KINDS)


def _seats(e) -> list[int]:
    """Seats an event is about (its data's plain ints that name seats)."""
    if e.kind in ("showdown", "deal", "guard", "nobody", "round_over", "lose", "kuku",
                  "bite_back", "redeal", "swap_cards", "talon_card", "dealt", "back"):
        return []
    return [x for x in e.data[:2] if type(x) is int]


@pytest.mark.parametrize("viewer,expected", [
    (0, "you have an 8, Anna has a 4 and Bo has a Kavall"),
    (None, "you have an 8, Anna has a 4 and Bo has a Kavall"),  # "you" is the reader
    # Anna reads: she is "you", so the seat named "you" is named in quotes, in the third person.
    (1, "“you” has an 8, you have a 4 and Bo has a Kavall"),
])
def test_the_showdown_lists_every_card_with_its_article(viewer, expected: str) -> None:
    rec = {"game": "kille", "seats": ["you", "Anna", "Bo"], "dealer": "Bo",
           "deal": {"you": "8", "Anna": "4", "Bo": "Kavall"},
           "actions": [{"seat": "you", "do": "stand"}, {"seat": "Anna", "do": "stand"},
                       {"seat": "Bo", "do": "stand"}]}
    st = kortspel.replay(rec)
    show = [t for t in story(st, viewer) if t.startswith("Everyone")][0]
    assert show.endswith(expected + ".")


def test_the_viewer_is_you_and_the_others_are_named() -> None:
    rec = {"game": "kille", "seats": ["you", "Anna", "Bo"], "dealer": "Bo",
           "deal": {"you": "2", "Anna": "Husar", "Bo": "9"},
           "actions": [{"seat": "you", "do": "swap"}, {"seat": "Bo", "do": "stand"}]}
    st = kortspel.replay(rec)
    mine = " ".join(story(st, 0))
    assert "You are dealt a 2." in mine
    assert "You ask Anna to swap." in mine
    assert "Anna turns up a Husar: Husar hugger! (The hussar strikes.)" in mine
    assert "The swap does not happen, and you are struck." in mine
    assert "You lose a life, struck by the Husar." in mine
    sam = kortspel.replay({**rec, "seats": ["Sam", "Anna", "Bo"], "dealer": "Bo",
                           "deal": {"Sam": "2", "Anna": "Husar", "Bo": "9"},
                           "actions": [{"seat": "Sam", "do": "swap"},
                                       {"seat": "Bo", "do": "stand"}]})
    annas = " ".join(story(sam, 1))
    assert "Sam asks you to swap. You turn up a Husar" in annas
    assert "The swap does not happen, and Sam is struck." in annas
    assert "Anna is dealt" not in annas and "You are dealt a Husar." in annas


def test_two_losers_are_joined_with_and() -> None:
    rec = {"game": "kille", "seats": ["a", "b", "c"], "dealer": "c",
           "deal": {"a": "2", "b": "9", "c": "2"},
           "actions": [{"seat": "a", "do": "stand"}, {"seat": "b", "do": "stand"},
                       {"seat": "c", "do": "stand"}]}
    told = story(kortspel.replay(rec), 2)
    assert "A and you hold" not in told[-1]
    assert told[-1] == "You and a hold the lowest card, a 2, and each lose a life."


def test_a_seat_name_keeps_its_case_at_the_start_of_a_sentence() -> None:
    st = kortspel.replay(kortspel.example("horse-and-cuckoo"))
    told = " ".join(story(st, None))
    assert "d asks e to swap. e turns up the Kuku" in told
    assert "D asks" not in told and "E turns" not in told
    hussar = kortspel.example("hussar")
    seats = ["you", "b", "c", "d", "e"]
    mine = {**hussar, "seats": seats, "actions": [],
            "deal": dict(zip(seats, hussar["deal"].values(), strict=True))}
    assert story(kortspel.replay(mine), 0)[1].startswith("You are dealt")


def test_you_never_means_two_seats() -> None:
    """A record may name a seat "you". Read by another seat, "you" is that reader, and the seat
    named "you" is spoken of by its name in quotes, in the third person."""
    rec = {"game": "kille", "seats": ["you", "Anna", "Bo"], "dealer": "Bo",
           "deal": {"you": "8", "Anna": "4", "Bo": "Kavall"},
           "actions": [{"seat": "you", "do": "swap"}, {"seat": "Anna", "do": "stand"},
                       {"seat": "Bo", "do": "stand"}]}
    annas = story(kortspel.replay(rec), 1)
    assert "“you” asks you to swap." in annas
    assert "You get “you”'s 8, and “you” gets your 4." in annas
    assert annas[-1] == "“you” holds the lowest card, a 4, and loses a life."
    assert "You and Anna swap cards." in story(kortspel.replay(rec), None)
