"""The small parts of the rooms, without a server: codes, the flood bucket, the wrong-code
limit, and a room's options read (or refused) before any room opens."""

from __future__ import annotations

import pytest

from kortspel.rooms.limits import (
    CODE_LETTERS,
    Bucket,
    FailureLimit,
    new_code,
    normal_code,
    same_secret,
)
from kortspel.rooms.room import RoomError, read_options


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_codes_avoid_letters_read_as_digits_and_forgive_case_and_spaces() -> None:
    assert not set("ILOSZB") & set(CODE_LETTERS)
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 5 and set(c) <= set(CODE_LETTERS) for c in codes)
    assert new_code(taken=codes) not in codes
    assert normal_code(" acd ef ") == "ACDEF"
    for bad in ("ACDE", "ACDEFG", "ACDE1", "ABCDE", None, 12345, "x" * 1000):
        assert normal_code(bad) is None


def test_secrets_compare_whole() -> None:
    assert same_secret("abc", "abc")
    assert not same_secret("abd", "abc") and not same_secret(None, "abc")
    assert not same_secret("abc", None) and not same_secret(["abc"], "abc")


def test_the_bucket_lets_a_burst_pass_and_refills_at_its_rate() -> None:
    clock = Clock()
    bucket = Bucket(rate=10, burst=5, clock=clock)
    assert [bucket.take() for _ in range(7)] == [True] * 5 + [False] * 2
    clock.now += 0.15  # one and a half messages refilled: one passes
    assert bucket.take() and not bucket.take()
    clock.now += 10
    assert sum(bucket.take() for _ in range(20)) == 5


def test_wrong_attempts_lock_an_address_for_the_window_only() -> None:
    clock = Clock()
    limit = FailureLimit(most=3, window=60, clock=clock)
    for _ in range(3):
        assert limit.wait("10.0.0.1") == 0
        limit.failed("10.0.0.1")
    assert limit.wait("10.0.0.1") == pytest.approx(60)
    assert limit.wait("10.0.0.2") == 0  # another address is not touched
    clock.now += 30
    assert limit.wait("10.0.0.1") == pytest.approx(30)
    clock.now += 31
    assert limit.wait("10.0.0.1") == 0


def test_options_default_to_the_shortest_match_and_the_heuristic() -> None:
    o = read_options({"game": "Kille"})
    assert (o.game, o.seats, o.length, o.fill) == ("kille", 4, "short", "heuristic")
    assert o.computers == (None, None, None, None)
    o = read_options({"game": "kopknack", "seats": 3, "computers": {"2": "expert"}})
    assert o.computers == (None, None, "expert")
    assert read_options({"game": "knock"}).length is None


@pytest.mark.parametrize("data, words", [
    ([], "JSON object"),
    ({"game": 7}, "named by text"),
    ({"seats": "four"}, "seats must be a whole number"),
    ({"seats": True}, "seats must be a whole number"),
    ({"computers": {"9": "heuristic"}}, "computers lists"),
    ({"computers": "heuristic"}, "computers lists"),
    ({"fill": "genius"}, "fill is the level"),
    ({"rules": ["lives"]}, "rules is an object"),
    ({"rules": {"wings": 2}}, "wings"),
    ({"length": "forever"}, "forever"),
    ({"auto_start": "yes"}, "auto_start is true"),
])
def test_bad_options_are_refused_in_words(data: object, words: str) -> None:
    with pytest.raises(RoomError, match=words) as err:
        read_options(data)
    assert err.value.reason == "bad-options"
