"""The end of a round in numbers (rules 8-12): the knock judged, stars and their cost, the
round's scores, who goes out, skunks, the winner and its circles, and who deals next.

A pure function of what the round left (each seat's hand value and face total, the knocker)
and what the match carried in, so the engine, the match and the tests all use the same one.
Seats are numbers; per-seat tuples hold ``None`` for a seat that was not dealt in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .rules import OUT_OVER, SKUNK_BELOW, star_penalty


class Settlement(NamedTuple):
    """What a finished round does to the match. ``next_reason`` says which step of rule 12
    chose the next dealer: ``"lowest"`` (a single lowest round score), ``"knocker"``,
    ``"face"`` (the lowest face total among the tied) or ``"order"`` (the first tied seat
    going round from the dealer's left); ``tied`` lists the seats that shared the lowest
    round score."""

    valid_knock: bool | None
    penalty: tuple[int | None, ...]
    stars: tuple[int, ...]
    round_scores: tuple[int | None, ...]
    scores: tuple[int, ...]
    skunks: tuple[int, ...]
    out: tuple[int, ...]
    new_out: tuple[int, ...]
    skunked: tuple[int, ...]
    winner: int | None
    circles: int | None
    next_dealer: int | None
    next_reason: str
    tied: tuple[int, ...]


def knock_is_valid(values: Mapping[int, int], knocker: int) -> bool:
    """Rule 8: the knock holds when no seat dealt in is strictly lower (ties are fine)."""
    mine = values[knocker]
    return all(v >= mine for v in values.values())


def going_round(seats: int, dealer: int) -> list[int]:
    """Every seat from the dealer's left round to the dealer, who comes last."""
    return [(dealer + 1 + i) % seats for i in range(seats)]


def settle(seats: int, dealer: int, values: Mapping[int, int], faces: Mapping[int, int],
           knocker: int | None, stars: Sequence[int], scores: Sequence[int],
           skunks: Sequence[int], out: Sequence[int]) -> Settlement:
    """Settle a round: ``values`` and ``faces`` hold each seat dealt in (its hand value and
    its face total), ``stars``, ``scores`` and ``skunks`` every seat as carried in, ``out``
    the seats already out in the order they went."""
    valid = None if knocker is None else knock_is_valid(values, knocker)
    new_stars = list(stars)
    penalty: list[int | None] = [None] * seats
    round_scores: list[int | None] = [None] * seats
    totals = list(scores)
    for s in range(seats):
        if s not in values:
            continue
        cost = 0
        if s == knocker and valid is False:
            new_stars[s] += 1
            cost = star_penalty(new_stars[s])
        penalty[s] = cost
        round_scores[s] = values[s] + cost
        totals[s] += values[s] + cost
    new_out = tuple(s for s in range(seats) if s in values and totals[s] > OUT_OVER)
    all_out = tuple(out) + new_out
    left = [s for s in range(seats) if s not in all_out]
    new_skunks = list(skunks)
    skunked: list[int] = []
    if new_out:
        for s in left:
            if totals[s] < SKUNK_BELOW:
                new_skunks[s] += len(new_out)
                skunked.append(s)
    winner = left[0] if len(left) == 1 else None
    circles = None if winner is None else 1 + new_skunks[winner]
    dealer_next: int | None = None
    reason = ""
    tied: tuple[int, ...] = ()
    if len(left) > 1:
        low = min(round_scores[s] for s in left)  # type: ignore[type-var]
        tied = tuple(s for s in left if round_scores[s] == low)
        if len(tied) == 1:
            dealer_next, reason = tied[0], "lowest"
        elif knocker in tied:
            dealer_next, reason = knocker, "knocker"
        else:
            least = min(faces[s] for s in tied)
            fewest = [s for s in tied if faces[s] == least]
            if len(fewest) == 1:
                dealer_next, reason = fewest[0], "face"
            else:
                dealer_next = next(s for s in going_round(seats, dealer) if s in fewest)
                reason = "order"
    return Settlement(valid, tuple(penalty), tuple(new_stars), tuple(round_scores),
                      tuple(totals), tuple(new_skunks), all_out, new_out, tuple(skunked),
                      winner, circles, dealer_next, reason, tied)
