"""A class's lessons in the built site (``make site``), as pupils meet them, in headless
Chromium with the browser cache on (a profile on disk, as a pupil's browser has it: request
routing, the usual way to block the internet in a test, turns the cache off, so here every
host but 127.0.0.1 is made unresolvable instead, and each failed request is counted).

- From the front page, Kille's lessons 01 → 04 open one after the other in one tab: each has
  its own title, exactly one Python (kernel worker) runs, and Python is ready in each; the
  bytes each lesson moves are counted at the server (the first lesson loads Python, later
  ones come from the cache).
- Back leaves a lesson for the front page; every page has a link home.
- A lesson's tab closed, a new tab opens another lesson and gets its Python.
- Every link in every notebook leads somewhere the site holds (a notebook, or a rules page
  with the heading the link names), and a rules link clicked in a lesson opens that page.

Figures go to ``build/site-lessons.json`` (the README quotes them); screenshots at
1366x768 to ``/tmp/site-shots``.
"""

from __future__ import annotations

import collections
import functools
import http.server
import json
import re
import sys
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import IN_CI

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
SHOTS = Path("/tmp/site-shots")
FIGURES = ROOT / "build" / "site-lessons.json"
VIEWPORT = {"width": 1366, "height": 768}
LESSONS = ["1 Rules", "2 Worked hands", "3 Play", "4 Strategy"]
BLOCK_OUTSIDE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

KERNEL_READY = """(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  const w = app.shell.currentWidget;
  if (!w || !w.sessionContext || !w.context || !w.context.isReady) return null;
  if (path !== null && w.context.path !== path) return null;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return null;
  return {path: w.context.path, title: document.title};
}"""


class Served:
    """The site on a loopback port, counting the bytes of every response it sends."""

    def __init__(self, folder: Path) -> None:
        sys.path.insert(0, str(ROOT / "tools"))
        from serve_site import SiteHandler

        counts: collections.Counter[str] = collections.Counter()
        self.bytes = counts

        class Counting(SiteHandler):
            def send_header(self, keyword: str, value: str) -> None:
                if keyword.lower() == "content-length":
                    counts[self.path.split("?")[0]] += int(value)
                super().send_header(keyword, value)

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
        self.server.quiet = True  # type: ignore[attr-defined]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def total(self) -> int:
        return sum(self.bytes.values())


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    if not (SITE / "index.html").exists() or not (SITE / "jupyter-lite.json").exists():
        message = "no built site in site/: run `make site` (make test-site does)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    s = Served(SITE)
    yield s
    s.server.shutdown()
    s.server.server_close()


@pytest.fixture
def pupil(browser, tmp_path):
    """A pupil's browser: a profile on disk (its cache on), the internet unreachable, every
    request that failed for it counted in ``context.failed``."""
    from conftest import CHROMIUM, CHROMIUM_ARGS

    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, BLOCK_OUTSIDE], viewport=VIEWPORT)
    context.set_default_timeout(120_000)
    failed: list[str] = []
    context.on("requestfailed", lambda r: failed.append(r.url)
               if not r.url.startswith("http://127.0.0.1") else None)
    context.failed = failed  # type: ignore[attr-defined]
    yield context
    context.close()


def _figures(new: dict[str, float]) -> None:
    FIGURES.parent.mkdir(exist_ok=True)
    old = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.exists() else {}
    FIGURES.write_text(json.dumps({**old, **new}, indent=1, sort_keys=True) + "\n",
                       encoding="utf-8")


def _shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _ready(page, path: str | None = None, timeout_ms: int = 180_000) -> dict:
    return page.wait_for_function(KERNEL_READY, arg=path, timeout=timeout_ms,
                                  polling=200).json_value()


def _kernels(page) -> int:
    """The Pyodide kernels running for this page (each is a web worker of its own)."""
    return sum(1 for w in page.workers if "pyodide-kernel-extension" in w.url)


# -------------------------------------------------------------------------------------------


def test_lessons_one_after_another_start_one_python_each_and_later_ones_come_from_cache(
        pupil, served) -> None:
    page = pupil.new_page()
    page.goto(f"{served.url}/index.html")
    titles, figures = set(), {}
    for i, lesson in enumerate(LESSONS):
        if i:
            page.go_back()  # Back leaves the lesson for the front page
            page.wait_for_url(re.compile(r"/index\.html$"))
        before = served.total()
        start = time.monotonic()
        page.locator("tr", has_text="Kille").get_by_role("link", name=lesson,
                                                          exact=True).click()
        state = _ready(page)
        seconds = time.monotonic() - start
        assert state["path"].startswith("notebooks/kille/0"), state
        assert _kernels(page) == 1, [w.url for w in page.workers]
        titles.add(state["title"])
        moved = (served.total() - before) / 1e6
        figures[f"lesson {i + 1}: Python ready (s)"] = round(seconds, 1)
        figures[f"lesson {i + 1}: MB downloaded"] = round(moved, 1)
        if i == 0:
            _shot(page, "lesson-kille-01")
    _figures(figures)
    assert len(titles) == len(LESSONS) and all(t.startswith("Kille · 0") for t in titles)
    # Each later lesson starts its Python from the browser's cache: it moves a fraction of
    # the first lesson's bytes (the notebook, a few small requests).
    first = figures["lesson 1: MB downloaded"]
    assert first > 5
    for i in range(2, len(LESSONS) + 1):
        assert figures[f"lesson {i}: MB downloaded"] < first / 10, figures
    assert not pupil.failed, pupil.failed


def test_a_new_tab_after_a_closed_one_gets_its_python(pupil, served) -> None:
    first = pupil.new_page()
    first.goto(f"{served.url}/notebooks/index.html?path=notebooks/knock/01-rules.ipynb")
    _ready(first, "notebooks/knock/01-rules.ipynb")
    first.close()
    second = pupil.new_page()
    second.goto(f"{served.url}/notebooks/index.html?path=notebooks/knock/03-play.ipynb")
    state = _ready(second, "notebooks/knock/03-play.ipynb")
    assert state["title"].startswith("Swedish Knock · 03-play")
    assert _kernels(second) == 1
    # the way home: the link at the top of every lesson
    second.locator("#kortspel-home").click()
    second.wait_for_url(re.compile(r"/index\.html$"))
    assert not pupil.failed, pupil.failed


def test_a_rules_link_in_a_lesson_opens_the_rules_page_at_its_heading(pupil, served
                                                                      ) -> None:
    page = pupil.new_page()
    page.goto(f"{served.url}/notebooks/index.html?path=notebooks/kille/01-rules.ipynb")
    _ready(page, "notebooks/kille/01-rules.ipynb")
    link = page.locator(".jp-RenderedMarkdown a[href$='kille.md#the-five-matadors']").first
    link.scroll_into_view_if_needed()
    with pupil.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert urlsplit(rules.url).path.endswith("/docs/rules/kille.html")
    assert urlsplit(rules.url).fragment == "the-five-matadors"
    heading = rules.locator("#the-five-matadors")
    assert heading.is_visible() and "matador" in heading.inner_text().lower()
    _shot(rules, "rules-page-kille")
    rules.get_by_role("link", name="← All games").click()
    rules.wait_for_url(re.compile(r"/index\.html$"))


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))


def _parsed(path: Path) -> _Anchors:
    p = _Anchors()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_every_link_in_the_notebooks_and_on_the_front_page_leads_into_the_site(served
                                                                               ) -> None:
    """Followed as the pages follow them: a notebook's link to another notebook is to a file
    the site holds (``files/…``); to a rules page, to its web page with that heading; the
    front page's links and the rules pages' own links, to files of the site."""
    files = SITE / "files"
    checked = 0
    for nb_path in sorted((files / "notebooks").rglob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        text = "\n".join("".join(c["source"]) for c in nb["cells"]
                         if c["cell_type"] == "markdown")
        for href in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", href) or href.startswith("#"):
                continue
            path, _, anchor = href.partition("#")
            target = (nb_path.parent / unquote(path)).resolve()
            assert target.is_relative_to(files.resolve()), (nb_path.name, href)
            if target.suffix == ".md":
                page = SITE / target.relative_to(files.resolve()).with_suffix(".html")
                assert page.exists(), (nb_path.name, href)
                if anchor:
                    assert anchor in _parsed(page).ids, (nb_path.name, href)
            else:
                assert target.exists(), (nb_path.name, href)
            checked += 1
    pages = [SITE / "index.html", *sorted((SITE / "docs").rglob("*.html"))]
    for page in pages:
        for href in _parsed(page).links:
            if re.match(r"^[a-z]+:", href) or href.startswith("#"):
                continue
            path = unquote(urlsplit(href).path)
            assert (page.parent / path).resolve().exists(), (page.name, href)
            checked += 1
    assert checked > 60


def test_the_front_page_lists_games_in_teaching_order_and_links_start_here(pupil, served
                                                                         ) -> None:
    page = pupil.new_page()
    page.goto(f"{served.url}/index.html")
    games = page.locator("table tr td:first-child").all_inner_texts()
    assert games == ["Kille", "Swedish Knock", "Köpknack", "Gnällknekt"]
    start = page.get_by_role("link", name="the start-here page")
    assert "path=notebooks/00-start-here.ipynb" in (start.get_attribute("href") or "")
    start.click()
    state = _ready(page, "notebooks/00-start-here.ipynb")
    assert state["title"].startswith("00-start-here")
    _shot(page, "start-here")
    assert not pupil.failed, pupil.failed


def test_the_site_works_from_a_sub_path(pupil, served, tmp_path) -> None:
    """A school's web server puts the site under a path of its own
    (``http://host/kortspel/``): every page and link is relative, so it works there too."""
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / "kortspel").symlink_to(SITE, target_is_directory=True)
    sub = Served(tmp_path / "www")
    try:
        page = pupil.new_page()
        page.goto(f"{sub.url}/kortspel/")
        page.locator("tr", has_text="Köpknack").get_by_role("link", name="1 Rules",
                                                             exact=True).click()
        state = _ready(page, "notebooks/kopknack/01-rules.ipynb")
        assert state["title"].startswith("Köpknack · 01-rules")
        assert urlsplit(page.url).path == "/kortspel/notebooks/index.html"
        page.locator("#kortspel-home").click()
        page.wait_for_url(re.compile(r"/kortspel/index\.html$"))
        assert sub.total() > 1e6 and not pupil.failed, pupil.failed
    finally:
        sub.server.shutdown()
        sub.server.server_close()
