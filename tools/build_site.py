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
        if shutil.which("npm") is None:
            raise SystemExit("make site needs npm to fetch Pyodide's core once (Debian/Ubuntu: "
                             "apt-get install npm); it is kept in build/cache afterwards")
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


DOCS = ("docs/rules/*.md", "docs/coach.md", "docs/players.md")
"""The pages the notebooks link to (``../../docs/rules/kille.md``): staged beside them."""


def stage_notebooks(dest: Path) -> list[Path]:
    """Every notebook under notebooks/ (new ones come in by themselves), its kernel named as
    the site's (Pyodide's ``python``), so none opens on a "Select Kernel" dialog; and the
    pages they link to. Both keep the repository's layout (``notebooks/kille/01-rules.ipynb``,
    ``docs/rules/kille.md``), so a notebook's links lead where they lead in the repository
    and under ``make lab``."""
    found = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    for path in found:
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb.setdefault("metadata", {})["kernelspec"] = {
            "name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        target = dest / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    for pattern in DOCS:
        for page in sorted(ROOT.glob(pattern)):
            target = dest / page.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(page, target)
    return found


DOC_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} \u2014 kortspel</title>
<style>
 body {{ font-family: DejaVu Sans, Verdana, sans-serif; max-width: 52em; margin: 1.5em auto;
        padding: 0 1em; color: #14281c; background: #fdfaf2; line-height: 1.55; }}
 h1, h2, h3 {{ color: #1f6b45; }} a {{ color: #14482e; }}
 table {{ border-collapse: collapse; margin: .8em 0; }} code {{ background: #eef4ef; }}
 td, th {{ padding: .3em .55em; border: 1px solid #d9e8dd; text-align: left; }}
 pre {{ background: #eef4ef; padding: .6em; overflow-x: auto; }}
 .home {{ font-weight: bold; }}
</style></head><body>
<p><a class="home" href="{home}index.html">\u2190 All games</a></p>
{body}
</body></html>
"""


def _slug(text: str) -> str:
    """A heading's anchor as GitHub makes it (the notebooks link ``kille.md#the-showdown``)."""
    import re

    plain = re.sub(r"<[^>]+>", "", html.unescape(text)).strip().lower()
    plain = re.sub(r"[^\w\- ]", "", plain)
    return plain.replace(" ", "-")


def write_doc_pages(out: Path) -> list[str]:
    """The pages the notebooks link to, as plain web pages of the site (``docs/…/x.html``,
    headings anchored as on GitHub): a lesson's link opens one in a tab of its own, which
    the notebook app's editor could not (a blank page for a ``.md`` file)."""
    import re

    import mistune

    class Anchored(mistune.HTMLRenderer):
        def heading(self, text: str, level: int, **attrs: object) -> str:
            return f'<h{level} id="{_slug(text)}">{text}</h{level}>\n'

        def link(self, text: str, url: str, title: str | None = None) -> str:
            if not re.match(r"^[a-z]+:", url):
                url = re.sub(r"\.md(?=$|#)", ".html", url)
            return super().link(text, url, title)

    render = mistune.create_markdown(renderer=Anchored(escape=False),
                                     plugins=["table", "strikethrough"])
    written = []
    for pattern in DOCS:
        for page in sorted(ROOT.glob(pattern)):
            rel = page.relative_to(ROOT).with_suffix(".html")
            text = page.read_text(encoding="utf-8")
            title = next((ln.lstrip("# ").strip() for ln in text.splitlines()
                          if ln.startswith("# ")), page.stem)
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            home = "../" * (len(rel.parts) - 1)
            target.write_text(DOC_PAGE.format(title=html.escape(title), home=home,
                                              body=render(text)), encoding="utf-8")
            written.append(rel.as_posix())
    return written


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


HOME_LINK = """<style>
 /* The way back to the front page: in the empty middle of an app's top bar; on a play page
    (no top bar) above the settings, clear of the table and of the story beside it. */
 #kortspel-home {{ position: fixed; top: 9px; right: 150px; z-index: 10000;
   font: bold 14px DejaVu Sans, Verdana, sans-serif; color: #14482e; background: #fdfaf2;
   border: 1px solid #b9d3c2; border-radius: 4px; padding: 3px 9px; text-decoration: none; }}
 #kortspel-home:hover {{ background: #e6f1e9; }}
 .{flag} #kortspel-home {{ top: 6px; right: 12px; }}
</style>
<script>
 document.addEventListener("DOMContentLoaded", () => {{
   // A Swedish lesson (notebooks/sv/...) or play page (lang=sv) leads to the Swedish front
   // page, in Swedish.
   const q = new URLSearchParams(location.search);
   const sv = q.get("lang") === "sv" || (q.get("path") || "").startsWith("notebooks/sv/");
   const a = document.createElement("a");
   a.id = "kortspel-home"; a.href = sv ? "../index-sv.html" : "../index.html";
   a.textContent = sv ? "\u2190 Alla spel" : "\u2190 All games";
   a.title = sv ? "Tillbaka till startsidan: alla spel, deras spelsidor och lektioner"
                : "Back to the front page: every game, its play page and its lessons";
   if (sv) document.documentElement.lang = "sv";
   document.body.appendChild(a);
 }});
 // A lesson's link to a rules page (``../../docs/rules/kille.md#zero``, as in the
 // repository; the app resolves it to ``files/docs/rules/kille.md``) opens the site's web
 // page of it in a new tab, where the app would open the Markdown file in its editor.
 document.addEventListener("click", (event) => {{
   const a = event.target.closest && event.target.closest(".jp-RenderedMarkdown a[href]");
   if (!a) return;
   const url = new URL(a.href, location.href);
   const md = url.origin === location.origin &&
     url.pathname.match(/^(.*\\/)files\\/(.+)\\.md$/);
   if (!md) return;
   event.preventDefault(); event.stopPropagation();
   window.open(md[1] + md[2] + ".html" + url.hash, "_blank");
 }}, true);
 // One tab per lesson, named by its game and lesson ("Kille \u00b7 01-rules"), where
 // the app names every tab after the site.
 (() => {{
   const path = new URLSearchParams(location.search).get("path");
   if (!path) return;
   const games = {games};
   const parts = path.split("/");
   const file = parts[parts.length - 1].replace(/\\.ipynb$/, "");
   const game = games[parts[parts.length - 2]];
   const want = (game ? game + " \u00b7 " : "") + file + " \u2014 kortspel";
   const keep = () => {{ if (document.title !== want) document.title = want; }};
   keep();
   new MutationObserver(keep).observe(document.querySelector("title") ||
     document.head.appendChild(document.createElement("title")),
     {{childList: true, characterData: true, subtree: true}});
 }})();
</script>
"""
"""A link back to the front page on every app page (the lab, a lesson, a play page), and a
tab title that says which lesson it is."""

APP_PAGES = ("lab", "notebooks", "repl", "edit", "tree", "consoles", "doc")


def mark_pages(out: Path, games: dict[str, str]) -> None:
    """Teach the app pages what a pupil needs of them: every page a link home and a title of
    its own; the REPL's page hides its prompt when it is opened as a play page (other uses
    of the REPL, a teacher's own link without the flag, keep it)."""
    home = HOME_LINK.format(flag=PLAY_FLAG, games=json.dumps(games, ensure_ascii=False))
    for app in APP_PAGES:
        page = out / app / "index.html"
        if not page.exists():
            continue
        text = page.read_text(encoding="utf-8")
        if "</head>" not in text:
            raise SystemExit(f"{page.relative_to(out)} has no </head>: JupyterLite's page "
                             "changed shape, so the site cannot mark it")
        extra = home + (PLAY_PAGE_STYLE if app == "repl" else "")
        page.write_text(text.replace("</head>", extra + "</head>", 1), encoding="utf-8")


LEFT_OUT = ("**/*.map", "rspack.config*.js", "package.json", "jupyterlite.schema.v0.json")
"""What the build leaves in the site that no page loads: source maps (half the site's size)
and the app's build files."""


def leave_out(out: Path) -> int:
    """Remove ``LEFT_OUT`` from the built site; returns the bytes saved."""
    saved = 0
    for pattern in LEFT_OUT:
        for path in out.glob(pattern):
            if path.is_file():
                saved += path.stat().st_size
                path.unlink()
    return saved


def play_code(notebook: Path) -> str:
    """The code cells of a play notebook, as one program: what its page runs."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def play_url(notebook: Path, lang: str = "en") -> str:
    """The play page of a game without code: the site's REPL app, told by its URL to run the
    play notebook's code at once, with the code, the prompt and the banner hidden (the same
    settings and New game button as `make app`'s Voila page; its empty prompt line is hidden by
    ``mark_play_pages``)."""
    from urllib.parse import urlencode

    # No "toolbar" parameter: JupyterLite shows the REPL's toolbar (Restart, Clear …) for
    # any value of it, "0" too, and one click on Clear would wipe the game.
    query = [("kernel", "python"), ("showBanner", "0"),
             ("hideCodeInput", "1"), ("execute", "1"), (PLAY_FLAG, "1")]
    query += [("code", line) for line in play_code(notebook).splitlines()]
    if lang != "en":  # the page's own words (its link home) follow; the code sets the rest
        query.append(("lang", lang))
    return "repl/index.html?" + urlencode(query)


ORDER = ("kille", "knock", "kopknack", "gnallknekt")
"""The games in the order a class meets them: Kille's one card first, Gnällknekt's long game
last. A game not named here comes after them."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "lang": "en", "title": "kortspel: four Swedish card games in the browser",
        "heading": "kortspel: four Swedish card games",
        "intro": "Everything here runs in this browser: nothing to install, and nothing you do "
                 "is sent anywhere. Each page starts its own Python, which takes a little while "
                 "the first time (up to a minute on a slow computer); after that it answers at "
                 "once.\nNew here? Start with <a href=\"{start}\">the start-here page</a>.",
        "game": "Game", "play_col": "Play against the computer", "lessons": "Lessons, in order",
        "play": "Play {name}",
        "outro": "A lesson opens in this tab; your browser's Back button, or <b>\u2190 All "
                 "games</b> at the top of the lesson, brings you back here. Changes you make in "
                 "a lesson are kept in this browser only. Teachers: <a href=\"lab/index.html"
                 "?path={start_path}\">every notebook in JupyterLab</a>, several side by side.",
        "other": "På svenska", "other_title": "Samma sidor på svenska",
        "01-rules": "1 Rules", "02-worked-examples": "2 Worked hands", "03-play": "3 Play",
        "04-strategy": "4 Strategy", "05-coach": "5 The coach",
        "join": "Join a room", "join_note": "(your teacher gives you the code):",
        "code": "Room code", "name": "Your name", "join_button": "Join",
    },
    "sv": {
        "lang": "sv", "title": "kortspel: fyra svenska kortspel i webbläsaren",
        "heading": "kortspel: fyra svenska kortspel",
        "intro": "Allt här körs i den här webbläsaren: inget att installera, och inget du gör "
                 "skickas någonstans. Varje sida startar sin egen Python, och det tar en stund "
                 "första gången (upp till en minut på en långsam dator); sedan svarar den "
                 "direkt.\nNy här? Börja med <a href=\"{start}\">startsidan</a>.",
        "game": "Spel", "play_col": "Spela mot datorn", "lessons": "Lektioner, i ordning",
        "play": "Spela {name}",
        "outro": "En lektion öppnas i den här fliken; webbläsarens bakåtknapp, eller <b>\u2190 "
                 "Alla spel</b> överst i lektionen, tar dig tillbaka hit. Det du ändrar i en "
                 "lektion sparas bara i den här webbläsaren. Lärare: <a href=\"lab/index.html"
                 "?path={start_path}\">alla anteckningsböcker i JupyterLab</a>, flera bredvid "
                 "varandra.",
        "other": "In English", "other_title": "The same pages in English",
        "01-rules": "1 Regler", "02-worked-examples": "2 Exempelgivar", "03-play": "3 Spela",
        "04-strategy": "4 Strategi", "05-coach": "5 Coachen",
        "join": "Gå med i ett rum", "join_note": "(koden får du av din lärare):",
        "code": "Rumskod", "name": "Ditt namn", "join_button": "Gå med",
    },
}
"""The front page's words in each language: one page, written once, filled in twice
(``index.html`` in English, ``index-sv.html`` in Swedish, each linking the other)."""

FRONT_PAGES = {"en": "index.html", "sv": "index-sv.html"}
SWEDISH_TITLES = {"knock": "Knack"}
"""A game's name where Swedish players call it otherwise than its English title."""

INDEX = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<!-- JupyterLite's pages read their settings up to this root page: it keeps the empty block
     they look for (and does not load config-utils.js, which would send it to the lab). -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
{{}}
</script>
<style>
 body {{ font-family: DejaVu Sans, Verdana, sans-serif; max-width: 60em; margin: 2em auto;
        padding: 0 1em; color: #14281c; background: #fdfaf2; line-height: 1.5; }}
 h1 {{ color: #1f6b45; }} table {{ border-collapse: collapse; width: 100%; }}
 td, th {{ padding: .45em .6em; border-bottom: 1px solid #d9e8dd; text-align: left; }}
 a {{ color: #14482e; font-weight: bold; }} .lessons a {{ white-space: nowrap; }}
 #language {{ float: right; margin-top: .4em; border: 1px solid #b9d3c2; border-radius: 4px;
             padding: 3px 9px; text-decoration: none; background: #fdfaf2; }}
</style></head><body>
<a id="language" href="{other_page}" hreflang="{other_lang}" title="{other_title}">{other}</a>
<h1>{heading}</h1>
<p>{intro}</p>
{join}
<table><tr><th>{game}</th><th>{play_col}</th><th>{lessons}</th></tr>
{rows}
</table>
<p>{outro}</p>
</body></html>
"""


JOIN_FORM = """<!-- Join a room: shown only when a classroom server (python -m kortspel serve)
     serves this page and answers api/hello beside it; on a plain static host it stays hidden.
     Relative addresses, so it works under a sub-path too. -->
<form id="join-room" action="play" method="get" hidden
 style="margin:1em 0;padding:.8em 1em;border:2px solid #1f6b45;border-radius:8px">
<input type="hidden" name="lang" value="{lang}">
<b>{join}</b> {join_note}
<label>{code} <input name="code" required maxlength="12" size="7" autocomplete="off"
 autocapitalize="characters" spellcheck="false" placeholder="HQTKA"></label>
<label>{name} <input name="name" required maxlength="24" size="12" autocomplete="off"
 spellcheck="false" placeholder="Alva"></label>
<button type="submit">{join_button}</button>
</form>
<script>
fetch("api/hello", {{cache: "no-store"}}).then(r => r.ok ? r.json() : null)
  .then(j => {{ if (j && j.kortspel === "rooms")
                 document.getElementById("join-room").hidden = false; }})
  .catch(() => {{}});
</script>"""
"""The front page's "Join a room" form: kept to itself, so other changes to the page leave
it alone; it tells the pupils' page the page's language."""


def lesson_url(path: str) -> str:
    """A lesson opens alone in the site's notebook page: one notebook, one Python, nothing
    restored from an earlier visit (the lab reopens every notebook opened before)."""
    return f"notebooks/index.html?path={path}"


def _games(contents: Path, where: str) -> list[Path]:
    """The play notebooks under ``where`` (``notebooks`` or ``notebooks/sv``), in teaching
    order."""
    return sorted((contents / where).glob("*/03-play.ipynb"),
                  key=lambda p: (ORDER.index(p.parent.name) if p.parent.name in ORDER
                                 else len(ORDER), p.parent.name))


def write_index(out: Path, contents: Path) -> dict[str, str]:
    """The site's front pages, English and Swedish: each game's play page (no code) and its
    lessons, in the order a class meets them; returns each game's title by its folder."""
    import kortspel

    games: dict[str, str] = {}
    for lang, page in FRONT_PAGES.items():
        words = WORDS[lang]
        where = "notebooks" if lang == "en" else f"notebooks/{lang}"
        rows = []
        for play in _games(contents, where):
            game = play.parent.name
            try:
                name = kortspel.spec(game).title  # Köpknack, Swedish Knock: as the games say
            except kortspel.KortspelError:
                name = game.capitalize()
            if lang == "en":
                games[game] = name
            else:
                name = SWEDISH_TITLES.get(game, name)
            title = json.loads(play.read_text(encoding="utf-8"))["cells"]
            heading = next((line.lstrip("# ").strip() for cell in title
                            if cell["cell_type"] == "markdown" for line in cell["source"]
                            if line.startswith("#")), game)
            lessons = " · ".join(
                f'<a href="{html.escape(lesson_url(f"{where}/{game}/{nb.name}"))}" '
                f'title="{html.escape(name)}: {nb.stem}">'
                f"{html.escape(words.get(nb.stem, nb.stem))}</a>"
                for nb in sorted(play.parent.glob("*.ipynb")))
            rows.append(f"<tr><td>{html.escape(name)}</td>"
                        f'<td><a href="{html.escape(play_url(play, lang))}" data-game="{game}" '
                        f'title="{html.escape(heading)}">'
                        f"{html.escape(words['play'].format(name=name))}</a></td>"
                        f'<td class="lessons">{lessons}</td></tr>')
        start_path = f"{where}/00-start-here.ipynb"
        other = "sv" if lang == "en" else "en"
        fields = dict(words, rows="\n".join(rows), join=JOIN_FORM.format(**words),
                      other_page=FRONT_PAGES[other], other_lang=other)
        fields["intro"] = words["intro"].format(start=html.escape(lesson_url(start_path)))
        fields["outro"] = words["outro"].format(start_path=start_path)
        (out / page).write_text(INDEX.format(**fields), encoding="utf-8")
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
    saved = leave_out(out)
    games = write_index(out, WORK / "contents")
    mark_pages(out, games)
    docs = write_doc_pages(out)
    shutil.copy2(ROOT / "tools" / "serve_site.py", out / "serve.py")  # a copy serves itself
    say(f"front page: index.html, play pages for {', '.join(games)}; "
        f"{len(docs)} rules and guide pages; "
        f"{saved / 1e6:.0f} MB of source maps and build files left out")
    say(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
        f"{size_of(out) / 1e6:.0f} MB in {time.monotonic() - start:.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the site goes (site/)")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
