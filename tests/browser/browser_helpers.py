"""Helpers for driving a real JupyterLab (or Voila) page in headless Chromium.

Everything here takes a Playwright ``Page``; the ``lab`` fixture in ``conftest.py`` wraps them
in a :class:`LabPage` so a test reads like::

    def test_table(lab):
        lab.open("kille/03-play.ipynb")
        lab.run_all()
        before = lab.canvas_hash()
        lab.click_button("Byt")
        lab.wait_for_canvas_change(before)
        lab.assert_clean()

Why the odd parts are there (see shared research notes, jupyter.md 2.5):

* ``?reset`` in the URL: otherwise JupyterLab restores the previous workspace and hidden
  notebook panels match selectors first.
* A notebook without ``metadata.kernelspec`` opens a modal "Select Kernel" dialog and never
  becomes idle; :func:`wait_for_kernel_idle` reports that instead of timing out silently.
* ipycanvas draws asynchronously (custom comm messages), so every pixel assertion polls.
* Errors raised inside widget callbacks (e.g. a Button's ``on_click``) do not land in a cell's
  outputs; :func:`open_notebook` therefore records every ``error`` / ``stderr`` message on the
  kernel's IOPub channel, and :func:`kernel_errors` returns them.
"""

from __future__ import annotations

import base64
import hashlib
import re
import time
from dataclasses import dataclass, field
from urllib.parse import quote

DEFAULT_TIMEOUT_MS = 30_000
#: Canvases inside cell outputs. Matches JupyterLab and Voila (whose lab template reuses the
#: JupyterLab output-area classes). A MultiCanvas shows up as several stacked <canvas>.
CANVAS_SELECTOR = ".jp-OutputArea-output canvas"
#: Where widget buttons live (cell outputs, in JupyterLab and in Voila).
OUTPUT_SELECTOR = ".jp-OutputArea-output"

#: Named colours for pixel counting (RGB). Pass your own tuples or "#rrggbb" strings too.
COLORS = {
    "red": (192, 0, 0),
    "blue": (0, 0, 192),
    "green": (0, 128, 0),
    "black": (0, 0, 0),
    "white": (255, 255, 255),
}

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class NotebookUIError(AssertionError):
    """Raised when the page is not in the state a helper waits for (with a readable reason)."""


# --------------------------------------------------------------------------------------------
# JavaScript snippets
# --------------------------------------------------------------------------------------------

_JS_PANEL_STATE = """(path) => {
  const app = window.jupyterapp;
  const dialog = document.querySelector('.jp-Dialog');
  if (dialog) return {dialog: dialog.innerText.slice(0, 400)};
  if (!app) return null;
  const w = app.shell.currentWidget;
  if (!w || !w.sessionContext || !w.content || !w.context) return null;
  if (path !== null && w.context.path !== path) return null;
  if (!w.context.isReady) return null;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return null;
  return {path: w.context.path, kernel: kernel.name, cells: w.content.widgets.length};
}"""

_JS_WATCH_IOPUB = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  if (window.__kortspelIopubWatched === w.id) return;
  window.__kortspelIopubWatched = w.id;
  window.__kortspelKernelErrors = [];
  w.sessionContext.iopubMessage.connect((_, msg) => {
    const t = msg.header.msg_type;
    if (t === 'error') {
      window.__kortspelKernelErrors.push({kind: 'error', ename: msg.content.ename,
        evalue: msg.content.evalue, traceback: (msg.content.traceback || []).join('\\n')});
    } else if (t === 'stream' && msg.content.name === 'stderr') {
      window.__kortspelKernelErrors.push({kind: 'stderr', text: msg.content.text});
    }
  });
}"""

_JS_START_RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  window.__kortspelRun = {done: false};
  app.commands.execute('notebook:run-all-cells').then(
    (ok) => { window.__kortspelRun = {done: true, ok: ok !== false}; },
    (err) => { window.__kortspelRun = {done: true, ok: false, error: String(err)}; });
}"""

_JS_RUN_DONE = """() => {
  const run = window.__kortspelRun;
  if (!run || !run.done) return null;
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return null;
  const pending = Array.from(document.querySelectorAll('.jp-InputPrompt'))
    .filter((p) => p.offsetParent !== null && p.innerText.includes('*')).length;
  if (pending) return null;
  return run;
}"""

_JS_EXECUTION_COUNTS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return nb.widgets.map((c) => c.model.type === 'code' ? c.model.executionCount : 'md');
}"""

_JS_MODEL_ERRORS = """(withStderr) => {
  const app = window.jupyterapp;
  const out = [];
  if (app && app.shell.currentWidget && app.shell.currentWidget.content
      && app.shell.currentWidget.content.widgets) {
    app.shell.currentWidget.content.widgets.forEach((cell, i) => {
      if (cell.model.type !== 'code') return;
      cell.model.outputs.toJSON().forEach((o) => {
        if (o.output_type === 'error') {
          out.push({cell: i, kind: 'error', ename: o.ename, evalue: o.evalue,
                    traceback: (o.traceback || []).join('\\n')});
        } else if (withStderr && o.output_type === 'stream' && o.name === 'stderr') {
          const text = Array.isArray(o.text) ? o.text.join('') : o.text;
          out.push({cell: i, kind: 'stderr', text: text});
        }
      });
    });
    return out;
  }
  // No JupyterLab application object (e.g. Voila): read the rendered DOM instead.
  document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
  ).forEach((el) => out.push({cell: null, kind: 'stderr', text: el.innerText}));
  return out;
}"""

_JS_CANVASES = """(sel) => Array.from(document.querySelectorAll(sel)).map((c, i) => {
  const r = c.getBoundingClientRect();
  return {index: i, width: c.width, height: c.height,
          css_width: r.width, css_height: r.height, visible: c.offsetParent !== null};
})"""

_JS_CANVAS_STATS = """([sel, index, colors, tol, bg]) => {
  const c = document.querySelectorAll(sel)[index];
  if (!c) return null;
  if (!c.width || !c.height) return {width: c.width, height: c.height, total: 0,
                                      non_transparent: 0, non_background: 0,
                                      counts: colors.map(() => 0), top: []};
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const counts = colors.map(() => 0);
  const hist = new Map();
  let nonTransparent = 0, nonBackground = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i + 1], b = d[i + 2], a = d[i + 3];
    if (a > 0) nonTransparent++;
    if (bg === null ? a > 0 : (Math.abs(r - bg[0]) > tol || Math.abs(g - bg[1]) > tol
        || Math.abs(b - bg[2]) > tol || Math.abs(a - bg[3]) > tol)) nonBackground++;
    if (a >= 128) {
      for (let k = 0; k < colors.length; k++) {
        const t = colors[k];
        if (Math.abs(r - t[0]) <= tol && Math.abs(g - t[1]) <= tol && Math.abs(b - t[2]) <= tol)
          counts[k]++;
      }
    }
    if (a > 0) {
      const key = ((r >> 4) << 12) | ((g >> 4) << 8) | ((b >> 4) << 4) | (a >> 4);
      hist.set(key, (hist.get(key) || 0) + 1);
    }
  }
  const top = Array.from(hist.entries()).sort((x, y) => y[1] - x[1]).slice(0, 8).map(([k, n]) => {
    const h = (v) => ((v & 15) * 17).toString(16).padStart(2, '0');
    return ['#' + h(k >> 12) + h(k >> 8) + h(k >> 4) + '/a' + ((k & 15) * 17), n];
  });
  return {width: c.width, height: c.height, total: d.length / 4,
          non_transparent: nonTransparent, non_background: nonBackground, counts, top};
}"""

_JS_CANVAS_DATA_URL = """([sel, index]) => {
  const c = document.querySelectorAll(sel)[index];
  return c ? c.toDataURL('image/png') : null;
}"""


# --------------------------------------------------------------------------------------------
# Collected browser-side errors
# --------------------------------------------------------------------------------------------

#: Console errors that are expected in this test set-up (matched with ``re.search``).
BENIGN_CONSOLE_PATTERNS = (r"favicon\.ico",)
#: Requests to anything but the local test server are aborted (this machine is offline, and a
#: test must not depend on the internet); the resulting "Failed to load resource" console errors
#: are recorded in ``JSErrors.blocked`` rather than counted as failures. Known example: Voila's
#: lab template loads Font Awesome CSS from cdn.jsdelivr.net (so Button ``icon=`` glyphs are
#: missing offline).
LOCAL_URL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)[:/]")


@dataclass
class JSErrors:
    """Uncaught page exceptions and ``console.error`` messages of one page."""

    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console_log: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def attach(self, page) -> JSErrors:
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("console", self._on_console)
        return self

    def block_external(self, context) -> None:
        """Abort every request that does not go to 127.0.0.1/localhost (and remember it)."""

        def handler(route):
            self.blocked.append(route.request.url)
            route.abort()

        context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/])"), handler)

    def _on_console(self, msg) -> None:
        text = f"[{msg.type}] {msg.text}"
        url = (msg.location or {}).get("url") or ""
        self.console_log.append(text + (f" ({url})" if url else ""))
        del self.console_log[:-300]
        if msg.type != "error":
            return
        if msg.text.startswith("Failed to load resource") and url and not LOCAL_URL.match(url):
            return  # an external resource we blocked: see ``blocked``
        self.console_errors.append(msg.text + (f" ({url})" if url else ""))

    def unexpected(self, ignore: tuple[str, ...] = ()) -> list[str]:
        own = [re.compile(p) for p in ignore]
        benign = own + [re.compile(p) for p in BENIGN_CONSOLE_PATTERNS]
        console = [e for e in self.console_errors if not any(p.search(e) for p in benign)]
        page = [e for e in self.page_errors if not any(p.search(e) for p in own)]
        return [f"pageerror: {e}" for e in page] + [f"console.error: {e}" for e in console]

    def assert_none(self, ignore: tuple[str, ...] = ()) -> None:
        bad = self.unexpected(ignore)
        if bad:
            raise AssertionError("JavaScript errors on the page:\n  " + "\n  ".join(bad))


# --------------------------------------------------------------------------------------------
# Waiting helpers
# --------------------------------------------------------------------------------------------


def poll(fn, *, timeout_ms: int = DEFAULT_TIMEOUT_MS, interval_s: float = 0.1, what: str = ""):
    """Call ``fn()`` until it returns something truthy; return it, or raise after the timeout."""
    deadline = time.monotonic() + timeout_ms / 1000
    last = None
    while True:
        last = fn()
        if last:
            return last
        if time.monotonic() > deadline:
            raise NotebookUIError(f"timed out after {timeout_ms} ms waiting for {what or fn}"
                                  f" (last value: {last!r})")
        time.sleep(interval_s)


def wait_for_kernel_idle(page, path: str | None = None, timeout_ms: int = 60_000) -> dict:
    """Wait until the current notebook (``path`` if given) is loaded and its kernel is idle.

    Fails fast with the dialog text if JupyterLab shows a modal dialog (typically the
    "Select Kernel" dialog of a notebook without ``metadata.kernelspec``).
    """
    handle = page.wait_for_function(_JS_PANEL_STATE, arg=path, timeout=timeout_ms, polling=100)
    state = handle.json_value()
    if "dialog" in state:
        raise NotebookUIError(
            "JupyterLab shows a modal dialog instead of a running kernel (does the notebook have"
            f" metadata.kernelspec python3?):\n{state['dialog']}")
    return state


# --------------------------------------------------------------------------------------------
# Notebook actions
# --------------------------------------------------------------------------------------------


def lab_url(base_url: str, path: str) -> str:
    """URL opening ``path`` (relative to the server root) in a fresh workspace."""
    return f"{base_url.rstrip('/')}/lab/tree/{quote(path)}?reset"


def open_notebook(page, base_url: str, path: str, timeout_ms: int = 60_000) -> dict:
    """Open ``path`` in JupyterLab with ``?reset``, wait for an idle kernel, watch its IOPub."""
    page.goto(lab_url(base_url, path), wait_until="domcontentloaded", timeout=timeout_ms)
    state = wait_for_kernel_idle(page, path, timeout_ms)
    page.evaluate(_JS_WATCH_IOPUB)
    return state


def run_all(page, timeout_ms: int = 120_000, check: bool = True) -> list:
    """Clear outputs, run every cell, wait until all executed and the kernel is idle.

    Returns the execution counts per cell (``'md'`` for markdown cells). With ``check`` (default)
    raises if any cell produced an error output or did not run.
    """
    page.evaluate(_JS_START_RUN_ALL)
    handle = page.wait_for_function(_JS_RUN_DONE, timeout=timeout_ms, polling=100)
    run = handle.json_value()
    counts = page.evaluate(_JS_EXECUTION_COUNTS)
    if check:
        errors = error_outputs(page)
        if errors:
            raise NotebookUIError("cells raised errors:\n" + format_errors(errors))
        if not run.get("ok", True) or any(c is None for c in counts):
            raise NotebookUIError(f"run-all did not execute every cell: {run}, counts={counts}")
    return counts


def run_cell(page, index: int, timeout_ms: int = 60_000) -> None:
    """Run one cell (0-based, markdown cells count) and wait for the kernel to be idle."""
    page.evaluate(
        """(i) => { const nb = window.jupyterapp.shell.currentWidget.content;
                    nb.activeCellIndex = i;
                    window.__kortspelRun = {done: false};
                    window.jupyterapp.commands.execute('notebook:run-cell').then(
                      (ok) => { window.__kortspelRun = {done: true, ok: ok !== false}; },
                      (e) => { window.__kortspelRun = {done: true, ok: false, error: String(e)}; });
                  }""",
        index,
    )
    page.wait_for_function(_JS_RUN_DONE, timeout=timeout_ms, polling=100)


def restart_kernel(page, timeout_ms: int = 60_000) -> None:
    """Restart the current notebook's kernel (no dialog) and wait for idle."""
    page.evaluate("""async () => {
        await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart(); }""")
    wait_for_kernel_idle(page, None, timeout_ms)


def error_outputs(page, include_stderr: bool = False) -> list[dict]:
    """Error outputs stored in the cells (``{cell, kind, ename, evalue, traceback}``).

    In JupyterLab this reads the notebook model; without ``window.jupyterapp`` (Voila) it reads
    the rendered ``application/vnd.jupyter.stderr`` outputs, which include errors.
    """
    return page.evaluate(_JS_MODEL_ERRORS, include_stderr)


def kernel_errors(page, include_stderr: bool = False) -> list[dict]:
    """Every ``error`` (and optionally ``stderr``) message seen on the kernel's IOPub channel
    since :func:`open_notebook` -- including exceptions raised in widget callbacks."""
    msgs = page.evaluate("() => window.__kortspelKernelErrors || []")
    return [m for m in msgs if include_stderr or m["kind"] == "error"]


def format_errors(errors: list[dict]) -> str:
    lines = []
    for e in errors:
        where = f"cell {e['cell']}: " if e.get("cell") is not None else ""
        if e["kind"] == "error":
            lines.append(f"{where}{e['ename']}: {e['evalue']}\n{_ANSI.sub('', e['traceback'])}")
        else:
            lines.append(f"{where}stderr: {_ANSI.sub('', e['text'])}")
    return "\n".join(lines)


def click_button(page, text: str, *, exact: bool = True, nth: int = 0,
                 scope: str = OUTPUT_SELECTOR, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
    """Click the ``nth`` widget button whose accessible name is ``text`` inside cell outputs."""
    button = page.locator(scope).get_by_role("button", name=text, exact=exact).nth(nth)
    button.click(timeout=timeout_ms)


# --------------------------------------------------------------------------------------------
# Canvas pixels
# --------------------------------------------------------------------------------------------


def _rgb(color) -> list[int]:
    if isinstance(color, str):
        if color in COLORS:
            return list(COLORS[color])
        h = color.lstrip("#")
        return [int(h[i:i + 2], 16) for i in (0, 2, 4)]
    return [int(v) for v in color[:3]]


def canvases(page, selector: str = CANVAS_SELECTOR) -> list[dict]:
    """All canvases in outputs: ``{index, width, height, css_width, css_height, visible}``."""
    return page.evaluate(_JS_CANVASES, selector)


def wait_for_canvas(page, index: int = 0, selector: str = CANVAS_SELECTOR,
                    timeout_ms: int = DEFAULT_TIMEOUT_MS) -> dict:
    """Wait until at least ``index + 1`` canvases with a non-zero size are in the outputs."""
    return poll(lambda: (lambda cs: len(cs) > index and cs[index]["width"] > 0 and cs[index])(
        canvases(page, selector)), timeout_ms=timeout_ms, what=f"canvas #{index} ({selector})")


def wait_for_fit(page, index: int = 0, selector: str = CANVAS_SELECTOR,
                 timeout_ms: int = DEFAULT_TIMEOUT_MS) -> dict:
    """Wait until canvas ``index`` is drawn at its size on the page, and stays so.

    A table measures its place and draws itself again at that width a moment after it is
    shown, or after its place changes (a sidebar folded): until then the canvas's own width
    and its width on the page differ, and a click position worked out from the old layout
    lands elsewhere. (A canvas narrower on the page than a table's narrowest stays scaled.)"""
    last: dict = {}

    def fitted():
        c = canvases(page, selector)
        if len(c) <= index or not c[index]["width"]:
            return None
        now = c[index]
        ok = abs(now["css_width"] - now["width"]) <= 1 or now["css_width"] < 520
        same = last.get("c") is not None and last["c"]["width"] == now["width"]
        last["c"] = now
        return now if ok and same else None

    return poll(fitted, timeout_ms=timeout_ms, interval_s=0.25,
                what=f"canvas #{index} drawn at its size on the page")


def canvas_stats(page, index: int = 0, colors: dict | None = None, tolerance: int = 40,
                 background=None, selector: str = CANVAS_SELECTOR) -> dict:
    """Pixel statistics of one canvas, read with ``getImageData``.

    Returns ``{width, height, total, non_transparent, non_background, colors: {name: count},
    top: [[ '#rrggbb/aNNN', count ], ...]}``. ``colors`` maps names to RGB tuples / "#rrggbb" /
    names from :data:`COLORS` (default: all of :data:`COLORS`); a pixel counts for a colour when
    every channel is within ``tolerance`` and alpha >= 128. ``background`` (RGBA tuple, default
    transparent) defines ``non_background``. ``top`` is a coarse colour histogram for messages.
    """
    colors = dict(COLORS) if colors is None else dict(colors)
    names = list(colors)
    bg = None if background is None else [*_rgb(background), *(list(background[3:4]) or [255])]
    raw = page.evaluate(_JS_CANVAS_STATS,
                        [selector, index, [_rgb(colors[n]) for n in names], tolerance, bg])
    if raw is None:
        raise NotebookUIError(f"no canvas #{index} for selector {selector!r}")
    raw["colors"] = dict(zip(names, raw.pop("counts"), strict=True))
    return raw


def canvas_png(page, index: int = 0, selector: str = CANVAS_SELECTOR) -> bytes:
    """The canvas as PNG bytes (``toDataURL``)."""
    url = page.evaluate(_JS_CANVAS_DATA_URL, [selector, index])
    if url is None:
        raise NotebookUIError(f"no canvas #{index} for selector {selector!r}")
    return base64.b64decode(url.split(",", 1)[1])


def canvas_hash(page, index: int = 0, selector: str = CANVAS_SELECTOR) -> str:
    """SHA-1 of the canvas PNG: compare before/after an action."""
    return hashlib.sha1(canvas_png(page, index, selector)).hexdigest()


def wait_for_color(page, color, min_count: int = 1, index: int = 0, tolerance: int = 40,
                   selector: str = CANVAS_SELECTOR, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> dict:
    """Wait until canvas ``index`` has at least ``min_count`` pixels of ``color``; return stats."""
    return wait_for_colors(page, {"want": (color, min_count)}, index, tolerance,
                           selector=selector, timeout_ms=timeout_ms)


def wait_for_colors(page, wants: dict, index: int = 0, tolerance: int = 40,
                    selector: str = CANVAS_SELECTOR, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> dict:
    """Wait until canvas ``index`` has, for every ``name: (color, min_count)`` of ``wants``, that
    many pixels of that colour at one reading; return the stats.

    One reading for all of them, read again until whole: a table that fits itself to its place
    is cleared by the resize and drawn anew a moment later, so a felt seen in one reading and
    card faces looked for in the next may belong to two different pictures.
    """
    colors = {name: color for name, (color, _) in wants.items()}
    last: dict = {}

    def check():
        try:
            last["stats"] = canvas_stats(page, index, colors, tolerance, selector=selector)
        except NotebookUIError:
            return None
        counts = last["stats"]["colors"]
        return last["stats"] if all(counts[name] >= least
                                    for name, (_, least) in wants.items()) else None

    wanted = ", ".join(f"{least}+ pixels of {color!r}" for color, least in wants.values())
    try:
        return poll(check, timeout_ms=timeout_ms, what=f"{wanted} on canvas #{index}")
    except NotebookUIError as exc:
        raise NotebookUIError(f"{exc}; canvas stats: {last.get('stats')}") from None


def steady_hash(page, index: int = 0, quiet_s: float = 1.5, timeout_s: float = 60,
                selector: str = CANVAS_SELECTOR) -> str:
    """The canvas's hash once it has stopped changing for ``quiet_s``: on a loaded machine a
    picture may still be on its way (a fit to the page's width redraws it) when first read,
    and a picture compared with one read later must be the finished one both times."""
    last, since = canvas_hash(page, index, selector), time.monotonic()
    deadline = since + timeout_s
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = canvas_hash(page, index, selector)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return last
    raise NotebookUIError(f"canvas #{index} never stopped changing in {timeout_s} s")


def wait_for_canvas_change(page, before: str, index: int = 0, selector: str = CANVAS_SELECTOR,
                           timeout_ms: int = DEFAULT_TIMEOUT_MS) -> str:
    """Wait until :func:`canvas_hash` differs from ``before``; return the new hash."""
    return poll(lambda: (lambda h: h != before and h)(canvas_hash(page, index, selector)),
                timeout_ms=timeout_ms, what=f"canvas #{index} to change")


# --------------------------------------------------------------------------------------------
# Convenience wrapper used by the ``lab`` / ``voila_page`` fixtures
# --------------------------------------------------------------------------------------------


class LabPage:
    """A Playwright page bound to a server, with the helpers above as methods."""

    def __init__(self, page, base_url: str, errors: JSErrors):
        self.page = page
        self.base_url = base_url
        self.errors = errors

    # notebook
    def open(self, path: str, timeout_ms: int = 60_000) -> dict:
        return open_notebook(self.page, self.base_url, path, timeout_ms)

    def run_all(self, timeout_ms: int = 120_000, check: bool = True) -> list:
        return run_all(self.page, timeout_ms, check)

    def run_cell(self, index: int, timeout_ms: int = 60_000) -> None:
        run_cell(self.page, index, timeout_ms)

    def restart_kernel(self) -> None:
        restart_kernel(self.page)

    def error_outputs(self, include_stderr: bool = False) -> list[dict]:
        return error_outputs(self.page, include_stderr)

    def kernel_errors(self, include_stderr: bool = False) -> list[dict]:
        return kernel_errors(self.page, include_stderr)

    def click_button(self, text: str, **kw) -> None:
        click_button(self.page, text, **kw)

    # canvas
    def canvases(self, selector: str = CANVAS_SELECTOR) -> list[dict]:
        return canvases(self.page, selector)

    def wait_for_canvas(self, index: int = 0, **kw) -> dict:
        return wait_for_canvas(self.page, index, **kw)

    def wait_for_fit(self, index: int = 0, **kw) -> dict:
        return wait_for_fit(self.page, index, **kw)

    def canvas_stats(self, index: int = 0, **kw) -> dict:
        return canvas_stats(self.page, index, **kw)

    def canvas_png(self, index: int = 0, **kw) -> bytes:
        return canvas_png(self.page, index, **kw)

    def canvas_hash(self, index: int = 0, **kw) -> str:
        return canvas_hash(self.page, index, **kw)

    def wait_for_color(self, color, min_count: int = 1, index: int = 0, **kw) -> dict:
        return wait_for_color(self.page, color, min_count, index, **kw)

    def wait_for_colors(self, wants: dict, index: int = 0, **kw) -> dict:
        return wait_for_colors(self.page, wants, index, **kw)

    def steady_hash(self, index: int = 0, **kw) -> str:
        return steady_hash(self.page, index, **kw)

    def wait_for_canvas_change(self, before: str, index: int = 0, **kw) -> str:
        return wait_for_canvas_change(self.page, before, index, **kw)

    # verdict
    def assert_clean(self, ignore_js: tuple[str, ...] = (), include_stderr: bool = False) -> None:
        """No JS errors, no error outputs in cells, no errors on the kernel's IOPub channel."""
        problems = []
        bad_js = self.errors.unexpected(ignore_js)
        if bad_js:
            problems.append("JavaScript errors:\n  " + "\n  ".join(bad_js))
        outs = error_outputs(self.page, include_stderr)
        if outs:
            problems.append("error outputs:\n" + format_errors(outs))
        if self.page.evaluate("() => !!window.jupyterapp"):
            seen = {(o.get("ename"), o.get("evalue"), o.get("text")) for o in outs}
            kerr = [e for e in kernel_errors(self.page, include_stderr)
                    if (e.get("ename"), e.get("evalue"), e.get("text")) not in seen]
            if kerr:
                problems.append("kernel errors (e.g. in widget callbacks):\n" + format_errors(kerr))
        if problems:
            raise AssertionError("\n".join(problems))
