"""The package as a user installs it, and the one-way dependency between engine and views.

The wheel is built from a clean copy of the checkout, installed alone (no extras, no index) into
a fresh virtualenv without system site packages, and used from a directory far from this
checkout: ``import kortspel``, a replay, ``python -m kortspel replay``. The views live in the
repository's ``widgets/`` folder but install as ``kortspel.widgets``; nothing named ``widgets``
may reach site-packages, and the engine may never import the views.

The wheel tests take half a minute or so. They skip only when this machine cannot create a
virtualenv at all (Debian without ``python3-venv``), and never when ``CI=true``.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "kortspel"
VIEWS = REPO / "widgets"
IN_CI = os.environ.get("CI", "").lower() == "true"
EXAMPLE = "horse-and-cuckoo"

# What a copy of the checkout leaves out: environments, caches and earlier builds (setuptools
# reuses build/lib, so a stale build/ could smuggle deleted modules into the wheel).
_NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
    ".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints", "node_modules")


# ------------------------------------------------------------------------------------------
# Fast: the sources alone
# ------------------------------------------------------------------------------------------

_VIEW_MODULE = re.compile(r"(kortspel\.)?widgets(\.\w+)*(:[\w.]+)?")
"""``widgets``, ``kortspel.widgets.bench``, ``kortspel.widgets.bench:redraw_figures``."""


def _is_view(module: str) -> bool:
    return bool(_VIEW_MODULE.fullmatch(module))


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes (text about the views is allowed; code is not)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _engine_reaches_views(path: Path) -> list[str]:
    """Every way ``path`` (a module under kortspel/) names the views in code: imports,
    relative ones resolved, and module names in strings (``import_module``, entry points)."""
    package = list(path.relative_to(REPO).parts[:-1])  # kortspel/kille/x.py: kortspel.kille
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names = [module] + [f"{module}.{a.name}" for a in node.names]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs):
            names = [node.value.strip()]
        found += [f"{path.relative_to(REPO)}:{node.lineno}: {n}"
                  for n in names if _is_view(n)]
    return found


_TEXT_IMPORT = re.compile(
    r"(?<![\w.])from\s+(?:kortspel\.)?widgets\b"
    r"|(?<![\w.])from\s+(?:kortspel|\.+)\s+import\s+[^\n]*\bwidgets\b"
    r"|(?<![\w.])from\s+\.+widgets\b"
    r"|\b(?:import_module|__import__)\(\s*[\"'](?:kortspel\.)?widgets\b")


def test_the_engine_never_imports_the_views() -> None:
    """Every file under kortspel/, read as code (ast) and as text (grep)."""
    files = sorted(p for p in ENGINE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert any(p.name == "__init__.py" for p in files)
    found = []
    for path in files:
        if path.suffix == ".py":
            found += _engine_reaches_views(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for m in _TEXT_IMPORT.finditer(text):
            found.append(f"{path.relative_to(REPO)}:{text.count(chr(10), 0, m.start()) + 1}: "
                         f"{m.group(0)}")
        for m in _imports_in_text(text):
            if m == "kortspel.widgets" or m.startswith("kortspel.widgets."):
                found.append(f"{path.relative_to(REPO)}: import {m}")
    assert not found, "kortspel/ must not import the views (kortspel.widgets):\n" + "\n".join(
        found)


def _imports_in_text(text: str) -> list[str]:
    """Module names of every ``import a, b.c as d`` in ``text`` (code, strings, notebooks)."""
    out = []
    for m in re.finditer(r"(?<![\w.])import\s+([\w.]+(?:\s+as\s+\w+)?"
                         r"(?:[ \t]*,[ \t]*[\w.]+(?:\s+as\s+\w+)?)*)", text):
        out += [part.split()[0] for part in m.group(1).split(",") if part.split()]
    return out


def _code_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    if path.suffix == ".md":
        return "\n".join(re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"),
                                    flags=re.S))
    return path.read_text(encoding="utf-8")


def test_nothing_imports_a_top_level_widgets_package() -> None:
    """The views are ``kortspel.widgets`` everywhere. pytest puts the repository root on
    sys.path (``pythonpath``), so a stray import of a top-level ``widgets`` would still pass
    here while failing for every user; this reads the code instead."""
    roots = [VIEWS, REPO / "tests", REPO / "notebooks", REPO / "docs", REPO / "tools"]
    files = [REPO / "README.md"] + sorted(
        p for root in roots if root.is_dir() for p in root.rglob("*")
        if p.suffix in {".py", ".ipynb", ".md"} and ".ipynb_checkpoints" not in p.parts)
    found = []
    for path in files:
        code = _code_of(path)
        found += [f"{path.relative_to(REPO)}: from {m}" for m in
                  re.findall(r"(?<![\w.])from\s+(widgets(?:\.\w+)*)\s+import\b", code)]
        found += [f"{path.relative_to(REPO)}: import {m}" for m in _imports_in_text(code)
                  if m == "widgets" or m.startswith("widgets.")]
    assert not found, "import kortspel.widgets instead:\n" + "\n".join(found)


def test_the_views_import_each_other_relatively() -> None:
    """Inside the views, ``from .layout import ...``: the package works under any name."""
    found = []
    for path in sorted(VIEWS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                if _is_view(node.module):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.module}")
            elif isinstance(node, ast.Import):
                found += [f"{path.relative_to(REPO)}:{node.lineno}: {a.name}"
                          for a in node.names if _is_view(a.name)]
    assert not found, "use relative imports inside widgets/:\n" + "\n".join(found)


def test_the_editable_install_maps_kortspel_widgets_to_the_widgets_folder(tmp_path) -> None:
    """What `make lab` / `make test` set up: from any directory, ``kortspel.widgets`` is this
    checkout's widgets/ folder, and there is no top-level ``widgets``."""
    def where(module: str) -> str | None:
        code = ("import importlib.util, sys; s = importlib.util.find_spec(sys.argv[1]); "
                "print(s.origin if s else '')")
        proc = _run([sys.executable, "-I", "-c", code, module], cwd=tmp_path, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip() or None

    engine = where("kortspel")
    if engine is None or Path(engine) != ENGINE / "__init__.py":
        pytest.skip(f"this checkout is not installed in editable mode here ({engine})")
    assert where("kortspel.widgets") == str(VIEWS / "__init__.py")
    assert where("widgets") is None, "a top-level `widgets` is importable outside the checkout"


# ------------------------------------------------------------------------------------------
# Slow: build the wheel, install it alone into a fresh venv, use it from elsewhere
# ------------------------------------------------------------------------------------------


def _skip_or_fail(why: str) -> None:
    if IN_CI:
        pytest.fail(f"{why} (CI=true: not skipped)")
    pytest.skip(why)


def _run(argv: list, cwd: Path, timeout: float = 600, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "PIP_REQUIRE_VIRTUALENV", "VIRTUAL_ENV"}}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(kw.pop("env", {}))
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, **kw)


def _builds_in_place() -> bool:
    """Whether this environment's setuptools builds a wheel by itself (70.1 has bdist_wheel
    built in): then no build isolation, and no download."""
    try:
        version = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        return False
    return tuple(int(x) for x in re.findall(r"\d+", version)[:2]) >= (70, 1)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source") / "kortspel"
    shutil.copytree(REPO, source, ignore=_NOT_SOURCES)
    out = tmp_path_factory.mktemp("wheel")
    argv = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", out, source]
    if _builds_in_place():
        argv.insert(4, "--no-build-isolation")
    proc = _run(argv, cwd=out)
    assert proc.returncode == 0, f"building the wheel failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = list(out.glob("kortspel-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv (no system site packages) with the wheel and nothing else; its python."""
    home = tmp_path_factory.mktemp("venv")
    try:
        venv.EnvBuilder(with_pip=True, system_site_packages=False, clear=True).create(home)
    except (subprocess.CalledProcessError, OSError) as err:
        _skip_or_fail(f"cannot create a virtualenv with pip here: {err}")
    python = home / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        _skip_or_fail(f"venv created no interpreter at {python}")
    proc = _run([python, "-m", "pip", "install", "--no-deps", "--no-index", wheel], cwd=home)
    assert proc.returncode == 0, f"installing the wheel failed:\n{proc.stdout}\n{proc.stderr}"
    return python


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A working directory outside the checkout (so nothing is imported from it)."""
    assert REPO not in tmp_path.parents
    return tmp_path


def test_the_wheel_holds_kortspel_and_its_views_and_records_and_nothing_else(wheel) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    dist_info = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
    assert len(dist_info) == 1, dist_info
    tops = {n.split("/")[0] for n in names} - dist_info
    assert tops == {"kortspel"}, f"the wheel installs more than kortspel/: {sorted(tops)}"
    assert not any(n.startswith("widgets/") for n in names)
    assert "kortspel/widgets/__init__.py" in names
    top_level = zipfile.ZipFile(wheel).read(f"{dist_info.pop()}/top_level.txt").decode()
    assert top_level.split() == ["kortspel"]

    def shipped(root: Path, prefix: str, pattern: str) -> set[str]:
        return {prefix + p.relative_to(root).as_posix() for p in root.rglob(pattern)
                if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts}

    # Every module of the engine and the views (a new game's package included), every record.
    want = (shipped(ENGINE, "kortspel/", "*.py") | shipped(VIEWS, "kortspel/widgets/", "*.py")
            | shipped(ENGINE, "kortspel/", "*.json"))
    assert not want - set(names), f"missing from the wheel: {sorted(want - set(names))}"
    kille_records = [n for n in names if n.endswith(".json") and "records/" in n
                     and "kille" in n.split("/")]
    assert f"{EXAMPLE}.json" in {n.rsplit("/", 1)[1] for n in kille_records}, kille_records


def test_the_wheel_declares_the_extras_and_the_bench_entry_point(wheel) -> None:
    with zipfile.ZipFile(wheel) as z:
        info = next(n.split("/")[0] for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = z.read(f"{info}/METADATA").decode()
        entry = z.read(f"{info}/entry_points.txt").decode()
    requires = re.findall(r"^Requires-Dist: (.+)$", meta, flags=re.M)
    assert not [r for r in requires if "extra ==" not in r], "the engine needs nothing"
    extras = set(re.findall(r"^Provides-Extra: (\S+)$", meta, flags=re.M))
    assert {"views", "lab", "test"} <= extras

    def extra(name: str) -> str:
        return " ".join(r for r in requires if f'extra == "{name}"' in r)

    assert "ipywidgets" in extra("views") and "ipycanvas" in extra("views")
    assert "jupyterlab" not in extra("views")
    for need in ("kortspel[views]", "jupyterlab", "voila", "matplotlib"):
        assert need in extra("lab"), need
    assert re.search(r"^\[kortspel\.bench\]\s*\ntable = kortspel\.widgets\.bench:redraw_figures",
                     entry, flags=re.M), entry


def test_the_engine_alone_imports_and_replays_without_the_views(installed, elsewhere) -> None:
    code = textwrap.dedent(f"""
        import importlib.util, json, sys
        import kortspel
        state = kortspel.replay(kortspel.example({EXAMPLE!r}))
        print(json.dumps({{
            "file": kortspel.__file__,
            "prefix": sys.prefix,
            "result": state.result(),
            "loaded": sorted(m for m in sys.modules
                             if m.split(".")[0] in ("widgets", "ipywidgets", "ipycanvas")
                             or m.startswith("kortspel.widgets")),
            "ipywidgets": importlib.util.find_spec("ipywidgets") is not None,
            "top_level_widgets": importlib.util.find_spec("widgets") is not None,
        }}))
    """)
    proc = _run([installed, "-I", "-c", code], cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout)
    assert Path(seen["file"]).resolve().is_relative_to(Path(seen["prefix"]).resolve()), (
        f"kortspel was imported from {seen['file']}, not from the venv")
    assert seen["result"]["game"] == "kille"
    assert seen["loaded"] == [], f"the engine imported the views: {seen['loaded']}"
    assert not seen["ipywidgets"], "the wheel alone must not bring ipywidgets"
    assert not seen["top_level_widgets"], "a package named `widgets` reached site-packages"


def test_python_m_kortspel_replay_runs_from_the_wheel(installed, elsewhere) -> None:
    record = elsewhere / "hand.json"
    dump = (f"import json, kortspel; json.dump(kortspel.example({EXAMPLE!r}), "
            f"open({str(record)!r}, 'w', encoding='utf-8'))")
    assert _run([installed, "-I", "-c", dump], cwd=elsewhere).returncode == 0
    proc = _run([installed, "-I", "-m", "kortspel", "replay", record.name], cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["game"] == "kille"


def test_the_views_say_which_extra_they_need(installed, elsewhere) -> None:
    """Shipped in the wheel even without ipywidgets: the package imports, and a live view
    says to install ``kortspel[views]`` instead of a bare ModuleNotFoundError."""
    code = textwrap.dedent("""
        import kortspel.widgets as w
        try:
            w.table
        except ModuleNotFoundError as err:
            print(err)
        else:
            raise SystemExit("kortspel.widgets.table imported without ipywidgets")
    """)
    proc = _run([installed, "-I", "-c", code], cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    assert "kortspel[views]" in proc.stdout


def test_the_bench_of_the_engine_alone_skips_the_views(installed, elsewhere) -> None:
    """The ``kortspel.bench`` entry point is installed with the wheel, but without the views'
    extra it cannot load: the bench says so and carries on instead of failing."""
    proc = _run([installed, "-I", "-m", "kortspel", "bench", "--seconds", "0.05"],
                cwd=elsewhere)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
