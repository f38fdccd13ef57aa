"""Build the classroom site (``make site``): every notebook of the project as a static
JupyterLite site whose Python runs in each pupil's browser (Pyodide), asking nothing of the
internet once built.

What goes in, and from where (only the package registries, at build time):

- JupyterLite itself (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``, pinned to one
  release line that works together) and the widget front ends (ipywidgets' manager and
  anywidget's), from PyPI, into their own virtualenv (``build/lite-venv``: JupyterLite's
  kernel extension and JupyterLab's own server do not mix in one environment);
- Pyodide's core (``pyodide.mjs``, the WebAssembly interpreter, the standard library and its
  lock file) from the ``pyodide`` package of the npm registry;
- every Python package a kernel loads, as wheels: the kernel's start-up packages (micropip,
  IPython and what it needs) and what the notebooks import (ipywidgets, anywidget) from PyPI,
  the kernel's stand-ins (piplite, ipykernel, widgetsnbextension, pyodide-kernel) from the
  kernel extension, and kortspel's own wheel built from this checkout.

All the wheels are written into the site's ``pyodide-lock.json`` (Pyodide's own list of what
it may load, with each file's sha256) and named in ``loadPyodideOptions.packages``, so a
kernel loads them all from the site as it starts, and ``import kortspel`` works in the first
cell with no ``%pip``. The lock lists nothing else, ``disablePyPIFallback`` is on and
``pyodideUrl`` points into the site: no page has anywhere outside the site to ask.

Downloads are kept in ``build/cache`` (the npm tarball, the PyPI wheels) so a second build
asks the registries nothing; the site itself is built clean each time (an incremental
JupyterLite build has been seen to drop ``pyodideUrl``).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
CACHE = BUILD / "cache"
WORK = BUILD / "site-work"
LITE_VENV = BUILD / "lite-venv"
OUT = ROOT / "site"

JUPYTERLITE = "0.8.6"  # jupyterlite-core and jupyterlite-pyodide-kernel, one release line
PYODIDE = "314.0.6"  # the Pyodide that jupyterlite-pyodide-kernel 0.8.6 was built against
LITE_TOOLS = [f"jupyterlite-core=={JUPYTERLITE}", f"jupyterlite-pyodide-kernel=={JUPYTERLITE}",
              "jupyter-server>=2.10,<3", "ipywidgets==8.1.9", "anywidget==0.11.0"]
"""The build's own environment: JupyterLite (jupyter-server indexes the notebooks for it),
and the front ends of the widgets the notebooks use (ipywidgets' manager, anywidget's),
which the build copies into the site."""

KERNEL_START = ["micropip", "ipython", "jedi", "comm"]
"""What the Pyodide kernel loads as it starts (besides its own stand-ins, and micropip, which
piplite imports without naming it)."""
NOTEBOOKS_NEED = ["ipywidgets==8.1.9", "anywidget==0.11.0"]
"""What the notebooks import beyond kortspel; the same versions as the build's front ends."""
STAND_INS = {"piplite", "ipykernel", "widgetsnbextension", "pyodide-kernel"}
"""Shipped by the kernel extension: never a wheel of our own (a real ipykernel or
widgetsnbextension would not work in the browser)."""

# Python in the browser, as Pyodide 314 reports it (for requirements' markers).
BROWSER = {**default_environment(), "sys_platform": "emscripten",
           "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
           "python_version": "3.14", "python_full_version": "3.14.2",
           "implementation_name": "cpython", "platform_python_implementation": "CPython"}


def say(text: str) -> None:
    print(f"[site] {text}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]


def pip_env() -> dict[str, str]:
    """pip as this machine configures it, less any constraint file: the wheels are for the
    browser's Python 3.14, not for the machine's own Python."""
    env = dict(os.environ)
    env["PIP_CONSTRAINT"] = ""
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


# -------------------------------------------------------------------------------------------
# The build's environment and Pyodide's core
# -------------------------------------------------------------------------------------------


def lite_venv() -> Path:
    """build/lite-venv with JupyterLite, made once (and again when the pins change)."""
    stamp = LITE_VENV / ".kortspel-pins"
    want = "\n".join(LITE_TOOLS)
    jupyter = LITE_VENV / "bin" / "jupyter"
    if jupyter.exists() and stamp.exists() and stamp.read_text() == want:
        return jupyter
    say(f"installing JupyterLite {JUPYTERLITE} into {LITE_VENV.relative_to(ROOT)}")
    if not (LITE_VENV / "bin" / "python").exists():
        run([sys.executable, "-m", "venv", str(LITE_VENV)])
    run([str(LITE_VENV / "bin" / "python"), "-m", "pip", "install", "-q", *LITE_TOOLS])
    stamp.write_text(want)
    return jupyter


def pyodide_core(dest: Path) -> dict[str, object]:
    """Pyodide's core from the npm registry's ``pyodide`` package, into ``dest``; returns
    its lock file."""
    tarball = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        say(f"fetching pyodide@{PYODIDE} from the npm registry")
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE)],
            stdout=subprocess.DEVNULL)
    dest.mkdir(parents=True, exist_ok=True)
    keep = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
            "pyodide-lock.json", "pyodide.js", "package.json")
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if name in keep and member.isfile():
                source = tar.extractfile(member)
                assert source is not None
                (dest / name).write_bytes(source.read())
    return json.loads((dest / "pyodide-lock.json").read_text())


# -------------------------------------------------------------------------------------------
# Wheels: what a kernel loads
# -------------------------------------------------------------------------------------------


def metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.BytesParser().parsebytes(z.read(name))


def requirements(wheel: Path) -> list[Requirement]:
    """What a wheel needs in the browser (its requirements whose markers hold there, no
    extras)."""
    out = []
    for line in metadata(wheel).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate({**BROWSER, "extra": ""}):
            out.append(req)
    return out


def imports(wheel: Path) -> list[str]:
    """The top-level modules a wheel installs (Pyodide finds packages by them)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    tops = set()
    for n in names:
        top = n.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in n or top.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    return sorted(t for t in tops if t.isidentifier())


def cached_wheel(req: Requirement) -> Path | None:
    """The newest wheel in the cache that meets ``req``."""
    found = []
    for path in (CACHE / "wheels").glob("*.whl"):
        name, version, _build, _tags = parse_wheel_filename(path.name)
        if name == canonicalize_name(req.name) and req.specifier.contains(version,
                                                                         prereleases=True):
            found.append((version, path))
    return max(found)[1] if found else None


def download(req: Requirement) -> Path:
    """A pure-Python wheel meeting ``req`` for the browser's Python, from PyPI (once)."""
    have = cached_wheel(req)
    if have is not None:
        return have
    say(f"fetching {req} from PyPI")
    (CACHE / "wheels").mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.14", "--implementation", "py", "--abi", "none",
         "--platform", "any", "-d", str(CACHE / "wheels"), str(req)], env=pip_env())
    have = cached_wheel(req)
    if have is None:
        raise SystemExit(f"no pure-Python wheel of {req} for the browser")
    return have


_NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "site", "*.egg-info", "__pycache__", "*.pyc",
    ".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints", "node_modules")


def kortspel_wheel(dest: Path) -> Path:
    """kortspel's own wheel (its engine and views), built from a clean copy of this checkout
    (setuptools reuses a build/ folder it finds, and build/ is where the site's cache is)."""
    source = dest.parent / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCES)
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest),
         str(source)], env=pip_env(), stdout=subprocess.DEVNULL)
    return next(dest.glob("kortspel-*.whl"))


def gather_wheels(lock: dict[str, object], stand_ins: Path, ours: Path) -> dict[str, Path]:
    """Every wheel a kernel loads, by canonical name: the stand-ins, kortspel, and the
    closure of what they and the kernel's start-up need (versions as Pyodide's lock pins
    them where it names them)."""
    pinned = {canonicalize_name(k): v["version"]
              for k, v in lock["packages"].items()}  # type: ignore[attr-defined]
    wheels: dict[str, Path] = {}
    for path in stand_ins.glob("*.whl"):
        name, version, _b, _t = parse_wheel_filename(path.name)
        if name in wheels and parse_wheel_filename(wheels[name].name)[1] >= version:
            continue
        wheels[name] = path
    wheels["kortspel"] = ours
    todo = [Requirement(r) for r in KERNEL_START + NOTEBOOKS_NEED]
    for name in list(wheels):
        todo += requirements(wheels[name])
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in wheels:
            continue
        if name in STAND_INS:
            raise SystemExit(f"{req} should come from the kernel extension")
        if name in pinned and not req.specifier:
            req = Requirement(f"{name}=={pinned[name]}")
        wheels[name] = download(req)
        todo += requirements(wheels[name])
    return wheels


def write_lock(lock: dict[str, object], wheels: dict[str, Path], dest: Path) -> list[str]:
    """Copy the wheels into Pyodide's folder and write a lock that lists them alone."""
    packages = {}
    for name, path in sorted(wheels.items()):
        shutil.copy2(path, dest / path.name)
        version = str(parse_wheel_filename(path.name)[1])
        depends = sorted({canonicalize_name(r.name) for r in requirements(path)} & set(wheels))
        packages[name] = {
            "name": name, "version": version, "file_name": path.name,
            "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "imports": imports(path), "depends": depends, "unvendored_tests": False,
        }
    (dest / "pyodide-lock.json").write_text(json.dumps(
        {"info": lock["info"], "packages": packages}, indent=1, sort_keys=True) + "\n")
    return sorted(packages)


# -------------------------------------------------------------------------------------------
# Notebooks, settings, the build
# -------------------------------------------------------------------------------------------


def stage_notebooks(dest: Path) -> list[Path]:
    """Every notebook under notebooks/ (new ones come in by themselves), its kernel named as
    the site's (Pyodide's ``python``), so none opens on a "Select Kernel" dialog."""
    found = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    for path in found:
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb.setdefault("metadata", {})["kernelspec"] = {
            "name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        target = dest / path.relative_to(ROOT / "notebooks")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    return found


def lite_settings(packages: list[str]) -> dict[str, object]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "kortspel: Swedish card games",
            # window.jupyterapp, as JupyterLab's own pages have it: the browser tests drive
            # the lab through it (run all, read outputs); a page's reader gains nothing.
            "exposeAppInBrowser": "true",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


PLAY_FLAG = "kortspel-play"
"""The URL parameter that marks a REPL page as a game's play page (see ``PLAY_PAGE_STYLE``)."""

PLAY_PAGE_STYLE = f"""<style>
 /* A play page is a table and its buttons: the console's empty prompt line below them
    would invite a pupil to type code. JupyterLite's REPL has no setting that removes it
    (its prompt goes top, bottom, left or right), so the page hides it and its split
    handle itself, and lets the table's part of the page reach the bottom. */
 .{PLAY_FLAG} .jp-CodeConsole-input,
 .{PLAY_FLAG} .jp-CodeConsole-split > .lm-SplitPanel-handle {{ display: none !important; }}
 .{PLAY_FLAG} .jp-CodeConsole-split > .lm-SplitPanel-child:first-child {{
   height: 100% !important; }}
</style>
<script>
 if (new URLSearchParams(location.search).get("{PLAY_FLAG}") === "1")
   document.documentElement.classList.add("{PLAY_FLAG}");
</script>
"""


def mark_play_pages(out: Path) -> None:
    """Teach the REPL's page to hide its prompt when it is opened as a play page: other
    uses of the REPL (a teacher's own link without the flag) keep it."""
    page = out / "repl" / "index.html"
    text = page.read_text(encoding="utf-8")
    if "</head>" not in text:
        raise SystemExit(f"{page.relative_to(out)} has no </head>: JupyterLite's REPL page "
                         "changed shape, so the play pages cannot hide their prompt")
    page.write_text(text.replace("</head>", PLAY_PAGE_STYLE + "</head>", 1), encoding="utf-8")


def play_code(notebook: Path) -> str:
    """The code cells of a play notebook, as one program: what its page runs."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def play_url(notebook: Path) -> str:
    """The play page of a game without code: the site's REPL app, told by its URL to run the
    play notebook's code at once, with the code, the prompt and the banner hidden (the same
    settings and New game button as `make app`'s Voila page; its empty prompt line is hidden by
    ``mark_play_pages``)."""
    from urllib.parse import urlencode

    query = [("kernel", "python"), ("toolbar", "0"), ("showBanner", "0"),
             ("hideCodeInput", "1"), ("execute", "1"), (PLAY_FLAG, "1")]
    query += [("code", line) for line in play_code(notebook).splitlines()]
    return "repl/index.html?" + urlencode(query)


INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>kortspel: four Swedish card games in the browser</title>
<!-- JupyterLite's pages read their settings up to this root page: it keeps the empty block
     they look for (and does not load config-utils.js, which would send it to the lab). -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
{{}}
</script>
<style>
 body {{ font-family: DejaVu Sans, Verdana, sans-serif; max-width: 52em; margin: 2em auto;
        padding: 0 1em; color: #14281c; background: #fdfaf2; line-height: 1.5; }}
 h1 {{ color: #1f6b45; }} table {{ border-collapse: collapse; width: 100%; }}
 td, th {{ padding: .45em .6em; border-bottom: 1px solid #d9e8dd; text-align: left; }}
 a {{ color: #14482e; font-weight: bold; }}
</style></head><body>
<h1>kortspel: four Swedish card games</h1>
<p>Everything here runs in this browser: nothing to install, and nothing you do is sent
anywhere. The first page of a game takes a little while to start its Python
(up to a minute on a slow computer); after that it answers at once.</p>
<table><tr><th>Game</th><th>Play against the computer</th><th>Lessons (notebooks)</th></tr>
{rows}
</table>
<p><a href="lab/index.html">Open the notebooks in JupyterLab</a> (all of them, with the
start-here page). Changes you make are kept in this browser only.</p>
</body></html>
"""


def write_index(out: Path, contents: Path) -> list[str]:
    """The site's front page: each game's play page (no code) and its lessons."""
    import kortspel

    rows, games = [], []
    for play in sorted(contents.glob("*/03-play.ipynb")):
        game = play.parent.name
        games.append(game)
        try:
            name = kortspel.spec(game).title  # Köpknack, Swedish Knock: as the games say
        except kortspel.KortspelError:
            name = game.capitalize()
        title = json.loads(play.read_text(encoding="utf-8"))["cells"][0]["source"]
        heading = next((line.lstrip("# ").strip() for line in title if line.startswith("#")),
                       game)
        lessons = " · ".join(
            f'<a href="lab/index.html?path={game}/{nb.name}">{nb.stem}</a>'
            for nb in sorted(play.parent.glob("*.ipynb")))
        rows.append(f"<tr><td>{html.escape(name)}</td>"
                    f'<td><a href="{html.escape(play_url(play))}" data-game="{game}" '
                    f'title="{html.escape(heading)}">Play {html.escape(name)}</a></td>'
                    f"<td>{lessons}</td></tr>")
    (out / "index.html").write_text(INDEX.format(rows="\n".join(rows)), encoding="utf-8")
    return games


def check_offline(out: Path) -> None:
    """The built settings point inside the site; fail the build otherwise."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    url = kernel.get("pyodideUrl", "")
    if not url.startswith("./static/pyodide/") or not (out / url).exists():
        raise SystemExit(f"pyodideUrl is {url!r}, not the site's own Pyodide")
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("disablePyPIFallback is not set")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        if not (out / "static" / "pyodide" / entry["file_name"]).exists():
            raise SystemExit(f"the lock names {entry['file_name']}, missing from the site")


def size_of(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(out: Path) -> None:
    start = time.monotonic()
    jupyter = lite_venv()
    if WORK.exists():
        shutil.rmtree(WORK)
    if out.exists():
        shutil.rmtree(out)
    lite_dir = WORK / "lite"
    pyodide_dir = lite_dir / "static" / "pyodide"
    lock = pyodide_core(pyodide_dir)
    ours = kortspel_wheel(WORK / "wheels")
    stand_ins = next((LITE_VENV / "share" / "jupyter" / "labextensions").glob(
        "@jupyterlite/pyodide-kernel-extension/static/pypi"))
    wheels = gather_wheels(lock, stand_ins, ours)
    packages = write_lock(lock, wheels, pyodide_dir)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_settings(packages), indent=2))
    shutil.copy2(ROOT / "jupyter" / "lab-overrides.json", lite_dir / "overrides.json")
    notebooks = stage_notebooks(WORK / "contents")
    say(f"{len(notebooks)} notebooks, {len(packages)} packages for the kernel; "
        "building with JupyterLite")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    log = WORK / "lite-build.log"
    with log.open("w") as sink:
        done = subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(lite_dir),
                               "--contents", str(WORK / "contents"), "--output-dir", str(out)],
                              cwd=lite_dir, env=env, stdout=sink, stderr=subprocess.STDOUT)
    if done.returncode:
        print("\n".join(log.read_text().splitlines()[-30:]))
        raise SystemExit(f"jupyter lite build failed ({log.relative_to(ROOT)})")
    check_offline(out)
    mark_play_pages(out)
    games = write_index(out, WORK / "contents")
    shutil.copy2(ROOT / "tools" / "serve_site.py", out / "serve.py")  # a copy serves itself
    say(f"front page: index.html, play pages for {', '.join(games)}")
    say(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
        f"{size_of(out) / 1e6:.0f} MB in {time.monotonic() - start:.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the site goes (site/)")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
