"""Room codes, secret tokens and the limits that keep one bad client from hurting a room.

A code is what a teacher writes on the board, so it avoids the letters a pupil misreads
(I and L beside 1, O beside 0, S beside 5, Z beside 2, B beside 8): five of the 19 left give
2.5 million codes. Guessing one of thirty open rooms then needs tens of thousands of tries,
and :class:`FailureLimit` allows an address a handful a minute. Tokens (a pupil's seat, the
teacher's) are 128 random bits from :mod:`secrets`, compared in constant time.

:class:`Bucket` is the flood limit of one connection: a token bucket, so a burst of clicks
passes while a steady stream above the rate is refused.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable

CODE_LETTERS = "ACDEFGHJKMNPQRTUVWXY"
"""The letters of a room's code: no I, L, O, S, Z or B, which read as digits."""

CODE_LENGTH = 5


def new_code(taken: Iterable[str] = ()) -> str:
    """A fresh room code, none of ``taken``."""
    used = set(taken)
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in used:
            return code


def normal_code(text: object) -> str | None:
    """The code a pupil meant (spaces and case forgiven, ``abc de`` is ``ABCDE``), or ``None``
    when it cannot be a code at all (wrong length, a letter codes never use)."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        return None
    return code


def new_token() -> str:
    """A secret for a seat or for the teacher: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def same_secret(given: object, kept: str | None) -> bool:
    """Whether ``given`` is the secret ``kept``, compared in constant time."""
    if not isinstance(given, str) or kept is None or len(given) > 200:
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8"))


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once.

    ``take()`` says whether one more message may pass now. The clock is injectable so the
    limit can be tested without waiting.
    """

    __slots__ = ("rate", "burst", "_level", "_at", "_clock")

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._level = burst
        self._clock = clock
        self._at = clock()

    def take(self) -> bool:
        now = self._clock()
        self._level = min(self.burst, self._level + (now - self._at) * self.rate)
        self._at = now
        if self._level >= 1.0:
            self._level -= 1.0
            return True
        return False


class FailureLimit:
    """Failed attempts per address (a wrong room code, a wrong token): at most ``most`` in
    any ``window`` seconds. Once over, the address is refused until its oldest failure in the
    window has aged out, whatever it sends, so guessing costs time and a right guess made
    in the meantime does not count either."""

    def __init__(self, most: int, window: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.window = window
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}

    def _recent(self, who: str) -> deque[float] | None:
        times = self._seen.get(who)
        if times is None:
            return None
        cut = self._clock() - self.window
        while times and times[0] <= cut:
            times.popleft()
        if not times:
            del self._seen[who]
            return None
        return times

    def wait(self, who: str) -> float:
        """Seconds ``who`` must wait before trying again; 0 when it may try now."""
        times = self._recent(who)
        if times is None or len(times) < self.most:
            return 0.0
        return max(0.0, times[0] + self.window - self._clock())

    def failed(self, who: str) -> None:
        """Count one failure of ``who``."""
        times = self._recent(who)
        if times is None:
            times = self._seen[who] = deque()
        times.append(self._clock())
        if len(self._seen) > 10_000:  # a sweep now and then, so old addresses are forgotten
            for key in list(self._seen)[:5_000]:
                self._recent(key)
