"""Each game's part of the search (``kortspel/<game>/worlds.py``) reads and plays its state
through the state's public protocol only: no private member of another object, no private
name imported. And what it does through that protocol is what it did before: a rollout from a
seeded state always plays the same moves, each one ``apply`` would allow, to the end; a world
dealt with the true cards is the real state.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

import kortspel
from kortspel import search
from kortspel.actions import CHANCE
from kortspel.protocol import RandomBot, step

ROOT = Path(kortspel.__file__).parent
WORLDS = sorted(ROOT.glob("*/worlds.py"))
GAMES = ("kille", "knock", "kopknack", "gnallknekt")
SEATS = {"kille": 5, "knock": 4, "kopknack": 5, "gnallknekt": 4}


def _private(name: str) -> bool:
    """A private name: one underscore or more in front, not a dunder (``ORDER.__getitem__``
    is the public protocol of a mapping)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_reaches(path: Path) -> list[str]:
    """Every place ``path`` reaches a private name: ``x._name`` on anything but ``self``,
    ``getattr(x, "_name")``, ``from m import _name``, ``import m._name``, and ``from ._m
    import ...``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        where = f"{path.parent.name}/{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                found.append(f"{where}: .{node.attr} on {ast.unparse(node.value)}")
        elif isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            found += [f"{where}: from {node.module} (a private module)"
                      for p in parts if _private(p)][:1]
            found += [f"{where}: imports {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Import):
            found += [f"{where}: imports {a.name}" for a in node.names
                      if any(_private(p) for p in a.name.split("."))]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and _private(node.args[1].value)
              and not (isinstance(node.args[0], ast.Name) and node.args[0].id == "self")):
            found.append(f"{where}: {node.func.id}(..., {node.args[1].value!r})")
    return found


def test_every_game_with_a_search_has_a_worlds_module_here() -> None:
    assert {p.parent.name for p in WORLDS} >= set(GAMES)


@pytest.mark.parametrize("path", WORLDS, ids=lambda p: p.parent.name)
def test_a_worlds_module_reaches_no_private_name(path: Path) -> None:
    """The worlds replay history and play rollouts through the state's public members."""
    assert private_reaches(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The AST check above is no empty pass: each kind of private reach is caught, and
    ``self``'s own members and dunders are left alone."""
    src = tmp_path / "worlds.py"
    src.write_text(
        "from .state import _SWAP, KilleState\n"
        "from ._fast import x\n"
        "import kortspel._y\n"
        "class S:\n"
        "    def f(self, state):\n"
        "        self._ok = state._hands\n"
        "        getattr(state, '_do_stand')(0)\n"
        "        return ORDER.__getitem__, self._ok\n", encoding="utf-8")
    found = private_reaches(src)
    assert len(found) == 5, found
    assert any("_SWAP" in f for f in found) and any("._hands on state" in f for f in found)
    assert any("_fast" in f for f in found) and any("kortspel._y" in f for f in found)
    assert any("_do_stand" in f for f in found)


# -- the same play through the public protocol --------------------------------------------


def decisions(name: str, count: int, seed: int) -> list[Any]:
    """``count`` states of ``name`` at a seat's decision, some steps into freshly dealt
    hands played by random players (Gnällknekt: some turns into a game)."""
    game = kortspel.load(name, seats=SEATS[name])
    rng = random.Random(seed)
    bots = [RandomBot() for _ in range(SEATS[name])]
    out: list[Any] = []
    while len(out) < count:
        st = game.new_hand(rng=rng)
        for _ in range(rng.randrange(60 if name == "gnallknekt" else 10)):
            if st.is_over:
                break
            step(st, bots, rng)
        if not st.is_over and st.to_act in range(SEATS[name]):
            out.append(st)
    return out


def play_out(name: str, state: Any, seed: int) -> Any:
    """A clone of ``state`` played to its end by the game's rollout (Gnällknekt's, which
    stops at a horizon, told to play on to the end)."""
    w = state.clone()
    hooks = search.hooks(name)
    if name == "gnallknekt":
        hooks.rollout(w, random.Random(seed), rounds=10**6)  # type: ignore[call-arg]
    else:
        hooks.rollout(w, random.Random(seed))
    return w


@pytest.mark.parametrize("name", GAMES)
def test_a_rollout_is_deterministic_legal_and_ends_the_hand(name: str) -> None:
    """From a seeded state a rollout plays the same moves every time, to the hand's end,
    leaving the state it was cloned from alone; and every move it played through
    ``apply_legal`` is one ``apply`` takes, to the same state."""
    hooks = search.hooks(name)
    for i, st in enumerate(decisions(name, 12, seed=31)):
        before = st.clone()
        w = play_out(name, st, i)
        assert w.is_over
        assert st == before
        again = play_out(name, st, i)
        assert again == w and again.result() == w.result()
        assert [hooks.value(again, s) for s in range(SEATS[name])] == \
            [hooks.value(w, s) for s in range(SEATS[name])]
        checked = st.clone()
        for a in w.actions[len(st.actions):]:
            assert a.seat == CHANCE or checked.legal_actions() != []
            checked.apply(a)
        assert checked == w


def true_cards(name: str, state: Any, hid: search.Hidden) -> list[Any]:
    """The cards really lying in ``hid``'s places, in its order."""
    if name == "gnallknekt":
        return [state.start_piles[p[1]][p[2]][p[3]] if p[0] == "pile"
                else state.start_stock[p[1]] for p in hid.places]
    unseen = set(hid.cards)  # one of each card in these games: a card is its place
    dealt = [(d,) if name == "kille" else d for d in state.dealt]  # Kille: one card a seat
    hands = {s: iter([c for c in dealt[s] if c in unseen]) for s in range(SEATS[name])}
    rest = state.stock0 if name == "knock" else state.talon
    return [next(hands[p[1]]) if p[0] == "hand" else rest[p[1]] for p in hid.places]

@pytest.mark.parametrize("name", GAMES)
def test_a_world_dealt_the_true_cards_is_the_real_state(name: str) -> None:
    """``hidden(state, seat).deal(cards)`` with the cards that really lie in the seat's
    unseen places replays the history (through ``apply``) to the very state, for the seat
    to act and for another."""
    hooks = search.hooks(name)
    for st in decisions(name, 10, seed=47):
        for seat in (st.to_act, (st.to_act + 1) % SEATS[name]):
            hid = hooks.hidden(st, seat)
            cards = true_cards(name, st, hid)
            assert sorted(cards) == sorted(hid.cards)
            world = hid.deal(cards)
            assert world is not None and world == st
