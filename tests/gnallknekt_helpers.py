"""Small helpers for the Gnällknekt engine tests: chosen deals as records, actions as text.

A test names only the cards that matter (``piles={"a": [...]}``, the top of the stock) and
the helper fills in the rest of the double pack in a fixed order, so every deal is a whole,
legal record and goes through the public record form: the same deal checks that records
say what they mean.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import kortspel
from kortspel.gnallknekt import DOUBLE_PACK, GnallknektState

Pile = Sequence[str]


def deal(piles: Mapping[str, Sequence[Pile]] | None = None, stock: Sequence[str] = (),
         seats: Sequence[str] = ("a", "b", "c"), dealer: str | None = None,
         reshuffles: Sequence[Sequence[str]] = (), actions: Sequence[Any] = (),
         rules: Mapping[str, Any] | None = None, fill: Sequence[str] = ()) -> dict[str, Any]:
    """A record. ``piles`` gives some seats' piles (bottom first, four cards each; a pile may
    be given by its top card alone, the three under it filled in). ``stock`` is its top,
    ``fill`` the cards to prefer when filling. The dealer is the last seat unless named, so
    the first seat plays first. Actions are text (``"a draw stock"``) or dicts."""
    left = Counter(DOUBLE_PACK)
    given = dict(piles or {})
    for seat_piles in given.values():
        for p in seat_piles:
            left.subtract(p)
    left.subtract(stock)
    if any(n < 0 for n in left.values()):
        raise ValueError(f"the deal uses a card more than twice: {+(-left)}")
    spare = [c for c in fill if left[c] > 0]
    for c in spare:
        left[c] -= 1
    order = spare + [c for c in _FILL_ORDER for _ in range(left[c])]

    def take(k: int) -> list[str]:
        out = order[:k]
        del order[:k]
        return out

    out_piles: dict[str, list[list[str]]] = {}
    for name in seats:
        mine = []
        for i in range(3):
            p = list(given[name][i]) if name in given and i < len(given[name]) else None
            if p is None:
                p = take(4)
            elif len(p) < 4:
                p = take(4 - len(p)) + p
            mine.append(p)
        out_piles[name] = mine
    rec: dict[str, Any] = {
        "game": "gnallknekt", "seats": list(seats), "dealer": dealer or seats[-1],
        "piles": out_piles, "stock": list(stock) + order,
        "reshuffles": [list(r) for r in reshuffles],
        "actions": [act(a) for a in actions],
    }
    if rules:
        rec["rules"] = dict(rules)
    return rec


# Filler cards, low and plain first (no Jacks, Aces or Kings until the end), so a filled pile
# top seldom changes what a test is about.
_FILL_ORDER = sorted(set(DOUBLE_PACK), key=lambda c: (
    {"J": 4, "A": 3, "K": 2, "Q": 1}.get(c[:-1], 0), "SHDC".index(c[-1]),
    ["2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K", "A", "J"].index(c[:-1])))


_ARGS = {"draw": ("from",), "defend": ("cards", "pile"),
         "attack": ("cards", "from", "target", "pile"), "discard": ("card",), "end": ()}


def act(text: Any) -> Any:
    """``"a attack 9H,9D hand b 1"`` → the record's action object
    ``{"seat": "a", "do": "attack", "cards": ["9H", "9D"], "from": "hand", "target": "b",
    "pile": 1}``. Dicts pass through."""
    if not isinstance(text, str):
        return text
    seat, verb, *words = text.split()
    out: dict[str, Any] = {"seat": seat, "do": verb}
    for name, word in zip(_ARGS[verb], words, strict=True):
        if name == "cards":
            out[name] = word.split(",")
        elif word.isdigit():
            out[name] = int(word)
        else:
            out[name] = word
    return out


def play(record: Mapping[str, Any], *more: Any) -> GnallknektState:
    """Replay ``record`` and then apply ``more`` actions (text) to the state."""
    st = kortspel.replay(dict(record))
    for a in more:
        st.apply(a)
    return st


def result(st: GnallknektState) -> dict[str, Any]:
    return st.result()


def kinds(st: GnallknektState, start: int = 0) -> list[str]:
    return [e.kind for e in st.events[start:]]


def texts(st: GnallknektState, kind: str) -> list[str]:
    return [e.text for e in st.events if e.kind == kind]


def legal(st: GnallknektState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def draw_all(st: GnallknektState, source: str = "stock") -> GnallknektState:
    """The seat to act draws its whole count from ``source`` (a rebuilt stock is ordered by
    a fixed rng)."""
    import random

    seat = st.game.names[st.cur]
    while st.stage in (0, 2):
        if st.to_act == kortspel.CHANCE:
            st.apply(st.sample_chance(random.Random(0)))
        else:
            st.apply(f"{seat} draw {source}")
    return st


def end_turn(st: GnallknektState, card: str | None = None) -> GnallknektState:
    """The seat to act discards ``card`` (the last card in hand if not named)."""
    seat = st.game.names[st.cur]
    hand = st.hands[st.cur]
    if not hand:
        st.apply(f"{seat} end")
    else:
        st.apply(f"{seat} discard {card or hand[-1]}")
    return st


def attack_on(st: GnallknektState, victim: str) -> str | None:
    """The first legal attack of the seat to act on ``victim``'s piles, from the hand first
    (so the attacker keeps its own piles), as text; ``None`` if there is none."""
    acts = [a for a in st.legal_actions() if a.verb == "attack" and a.get("target") == victim]
    acts.sort(key=lambda a: a.get("from") != "hand")
    return str(acts[0]) if acts else None


def drive(st: GnallknektState, victim: str | None = None, until: Any = None,
          peaceful: Sequence[str] = (), limit: int = 5000) -> GnallknektState:
    """Play on with a simple script until ``until(st)`` (or the game's end): every seat
    draws from the stock while it can (else the discard pile); then every seat but
    ``victim`` and those in ``peaceful`` attacks ``victim`` as long as it can, and every
    seat ends its turn by discarding its first card. Chance turns draw with a fixed rng."""
    import random

    rng = random.Random(0)
    for _ in range(limit):
        if st.is_over or (until is not None and until(st)):
            return st
        if st.to_act == kortspel.CHANCE:
            st.apply(st.sample_chance(rng))
            continue
        names = st.game.names
        me = names[st.cur]
        legal_now = legal(st)
        if st.stage == 0:
            pick = f"{me} draw stock" if f"{me} draw stock" in legal_now else legal_now[0]
        else:
            pick = None
            if victim is not None and me != victim and me not in peaceful:
                pick = attack_on(st, victim)
            if pick is None:
                hand = st.hands[st.cur]
                pick = f"{me} discard {hand[0]}" if hand else f"{me} end"
        st.apply(pick)
    raise AssertionError("the scripted game did not end")
