"""The layers of docs/architecture.md, checked by reading every engine module's imports.

The core names no game, a game imports only the core (never another game, never the views,
never a third-party package), and nothing in ``kortspel/`` outside the views reaches up into
``kortspel.widgets``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import kortspel

ROOT = Path(__file__).resolve().parents[1] / "kortspel"
GAMES = sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()
               and p.name != "widgets")
CORE = sorted(p for p in ROOT.glob("*.py"))


def imports(path: Path) -> list[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                out.append(mod)
                if not node.module:
                    out += [f"{mod}.{a.name}" for a in node.names]
            else:
                out.append(node.module or "")
    return out


def test_there_is_a_game_and_a_core() -> None:
    assert "kille" in GAMES and any(p.name == "protocol.py" for p in CORE)


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_the_core_imports_no_game_no_view_and_nothing_outside_the_standard_library(
        path: Path) -> None:
    for name in imports(path):
        top = name.split(".")[0]
        if top == "kortspel":
            part = name.split(".")[1] if "." in name else ""
            assert part not in GAMES, f"{path.name} imports the game {name}"
            assert part != "widgets", f"{path.name} imports the views"
        else:
            assert top in sys.stdlib_module_names, f"{path.name} imports {name}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_core_and_itself(game: str) -> None:
    for path in (ROOT / game).rglob("*.py"):
        for name in imports(path):
            top = name.split(".")[0]
            if top != "kortspel":
                assert top in sys.stdlib_module_names, f"{path} imports {name}"
                continue
            part = name.split(".")[1] if "." in name else ""
            assert part == game or part not in GAMES, f"{path} imports another game: {name}"
            assert part != "widgets", f"{path} imports the views"


def test_the_core_text_names_no_game_outside_the_registry() -> None:
    """Only the registry's table of built-in modules and the bench's aims may say a game's
    name; a name anywhere else would be a dispatch that bypasses the registry."""
    allowed = {"registry.py", "bench.py"}
    for path in CORE:
        if path.name in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for game in GAMES:
                    assert node.value.lower() != game, f"{path.name} names {game!r}"


def package_imports(game: str) -> dict[str, set[str]]:
    """Within one game package: each module (``__init__`` for the package itself) and the
    modules of the same package it imports, every import statement counted: at the top,
    inside a function, or under ``if TYPE_CHECKING`` (a circle a type checker follows is
    still a circle a reader has to follow)."""
    package = f"kortspel.{game}"
    modules = {p.stem for p in (ROOT / game).glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in sorted((ROOT / game).glob("*.py")):
        edges: set[str] = set()
        for name in imports(path):
            if name == package:
                edges.add("__init__")
            elif name.startswith(package + "."):
                part = name[len(package) + 1:].split(".")[0]
                if part in modules:
                    edges.add(part)
        edges.discard(path.stem)
        graph[path.stem] = edges
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph`` (its modules in order, the first again at the end),
    or ``None`` when the modules can be read one way, each after all it imports."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start)
        if found:
            return found
    return None


def test_a_circle_of_imports_is_found() -> None:
    """The check itself: a circle, however long, is named; a tree is not one."""
    assert a_circle({"game": {"state"}, "state": {"records"}, "records": {"game"}}) == [
        "game", "state", "records", "game"]
    assert a_circle({"match": {"game", "state"}, "game": {"state"}, "state": set()}) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_reads_one_way(game: str) -> None:
    """No module of a game imports, however indirectly, a module that imports it back: the
    package reads bottom up, in the order docs/architecture.md draws (cards, rules, state,
    records, game, match, bots, ...), and any file can be read after those it names."""
    circle = a_circle(package_imports(game))
    assert circle is None, f"kortspel/{game} imports itself in a circle: {' -> '.join(circle)}"


def test_the_game_packages_follow_the_drawn_order() -> None:
    """The order docs/architecture.md draws for a game's shell holds in every game: a module
    imports only modules drawn below it."""
    order = ["cards", "rules", "fast", "narration", "observation", "state", "records", "game",
             "match", "telling", "bots", "worlds", "simulate", "__init__"]
    for game in GAMES:
        for module, edges in package_imports(game).items():
            if module not in order:
                continue
            for other in edges:
                if other in order:
                    assert order.index(other) < order.index(module), (
                        f"kortspel/{game}/{module}.py imports {other}, drawn above it")


def test_importing_the_engine_loads_no_game_until_asked() -> None:
    code = ("import sys, kortspel; assert 'kortspel.kille' not in sys.modules; "
            "kortspel.load('kille'); assert 'kortspel.kille' in sys.modules; "
            "assert not any(m.startswith(('ipywidgets', 'ipycanvas', 'kortspel.widgets')) "
            "for m in sys.modules)")
    import subprocess

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT.parent, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert kortspel.games()


VIEWS = Path(__file__).resolve().parents[1] / "widgets"


@pytest.mark.parametrize("path", sorted(VIEWS.glob("*.py")), ids=lambda p: p.name)
def test_the_table_core_imports_no_game(path: Path) -> None:
    """Only the adapters in widgets/games/ may know a game; the core draws zones."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            assert not (parts[0] == "kortspel" and len(parts) > 1 and parts[1] in GAMES), (
                f"{path.name} imports {name}")
