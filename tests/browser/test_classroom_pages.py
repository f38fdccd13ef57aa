"""Every game's play page as a class meets it, in a real browser at 1366×768.

* JupyterLab with the file browser open (a pupil's laptop): the table is drawn as wide as
  the notebook lets it be, one canvas pixel to one page pixel, and no word on it is smaller
  than 11 pixels on the screen; your cards show enough of themselves to be read; after a
  few moves the story box shows its newest line (what the computer just did).
* Voilà (`make app GAME=...`): the page asks nothing of the internet (every request that
  does not go to 127.0.0.1 is aborted and counted), and its story box shows its newest line.
* JupyterLab's page asks nothing of the internet either.

The notebooks are served from a copy (JupyterLab saves what it runs). Screenshots go to
``KORTSPEL_SHOTS`` (by default .pytest_cache/classroom) for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from browser_helpers import CANVAS_SELECTOR, poll

REPO = Path(__file__).resolve().parents[2]
GAMES = ["kille", "knock", "kopknack", "gnallknekt"]
# Every run checks two games' play tables beside the file browser and two play pages offline
# (the games' own browser tests fit each table to a laptop); CI (``thorough``) checks all four.
LARGEST = [g if g in ("kopknack", "gnallknekt") else pytest.param(g, marks=pytest.mark.thorough)
           for g in GAMES]
OFFLINE = [g if g in ("kille", "gnallknekt") else pytest.param(g, marks=pytest.mark.thorough)
           for g in GAMES]
LAPTOP = {"width": 1366, "height": 768}
FELT = "#1f6b45"
MIN_TEXT = 11.0  # pixels on the screen
MIN_SHOWN = 14.0  # pixels of each of your fanned cards left uncovered (its rank's corner)

pytestmark = pytest.mark.browser

# Every fillText on every canvas, with the canvas's own size and the font's pixel size, so
# a word's size on the screen is its drawn size times the canvas's page/own width.
RECORD_TEXT = """() => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.__kortspelTexts = [];
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, w) {
    const m = /([0-9.]+)px/.exec(this.font);
    const all = window.__kortspelTexts;
    all.push([this.canvas.width, this.canvas.height, m ? parseFloat(m[1]) : 0, String(text)]);
    if (all.length > 40000) all.splice(0, 20000);
    return fill.call(this, text, x, y, w);
  };
}"""

# Run code in the notebook's kernel (not in a cell) and return what it printed.
IN_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += "ERROR " + msg.content.evalue;
  };
  await future.done;
  return out;
}"""

# The play view the notebook's PlayApp shows, your moves played through its own act() (the
# computers answer at once, pace 0) until the hand's story is longer than its box shows,
# then what the table looks like now.
PLAY_MOVES = """
import json
from kortspel.widgets.parts import _LIVE_IN_CELL
_app = [r() for (c, k), r in _LIVE_IN_CELL.items() if k == "app" and r() is not None][-1]
_app.pace.value = 0.0
_play = _app.play
_play._cancel()  # the computer's move waiting on its timer is made now, at pace 0
_play._schedule()
for _ in range({moves}):
    if _play.match.is_over or len(_play.adapter.lines(_play.hand, _play._viewer())) >= 8:
        break  # more lines than the story box shows at once
    if _play.hand.is_over:
        _play._next_hand()
        continue
    _seat = _play._acting_human()
    if _seat is None:
        _play._cancel()
        _play._schedule()
        continue
    _play.act(_play.hand.legal_actions(_seat)[0])
_lay = _play.table.layout_now
_mine = [c for c in _lay.cards if c.seat == _play._screen and c.ref is not None]
print("STATE " + json.dumps({{
    "size": list(_play.table.size), "card_w": _lay.style.w,
    "shown": min([c.shown_w for c in _mine if c.shown_w] or [_lay.style.w]),
    "lines": len(_play.adapter.lines(_play.hand, _play._viewer()))}}))
"""

NEWEST_LINE = """() => {
  const box = document.querySelector('.kortspel-story');
  if (!box) return null;
  const content = box.querySelector('.widget-html-content') || box;
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent.trim()) last = n;
  if (!last) return {empty: true};
  const range = document.createRange();
  range.selectNodeContents(last);
  const line = range.getBoundingClientRect();
  const r = box.getBoundingClientRect();
  return {text: last.textContent.trim(), overflows: box.scrollHeight > box.clientHeight + 4,
          scroll_top: box.scrollTop, in_view: line.top >= r.top - 2 && line.bottom <= r.bottom + 2,
          line_top: line.top, line_bottom: line.bottom, box_top: r.top, box_bottom: r.bottom};
}"""


def _shots() -> Path:
    folder = Path(os.environ.get("KORTSPEL_SHOTS") or REPO / ".pytest_cache" / "classroom")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _play_notebook(game: str) -> str:
    path = REPO / "notebooks" / game / "03-play.ipynb"
    if not path.exists():
        pytest.skip(f"notebooks/{game}/03-play.ipynb is not written yet")
    return f"{game}/03-play.ipynb"


def _canvas(page) -> dict:
    return page.evaluate("""(sel) => {
      const c = document.querySelector(sel);
      const r = c.getBoundingClientRect();
      return {width: c.width, height: c.height, css_width: r.width, css_height: r.height};
    }""", CANVAS_SELECTOR)


def _smallest_word(page, canvas: dict) -> tuple[float, str]:
    """The smallest word drawn on the table canvas, in pixels on the screen."""
    texts = page.evaluate("() => window.__kortspelTexts || []")
    scale = canvas["css_width"] / canvas["width"]
    mine = [(px * scale, t) for w, h, px, t in texts
            if (w, h) == (canvas["width"], canvas["height"]) and t.strip()]
    assert mine, "no words were drawn on the table"
    return min(mine)


def _state(lab, moves: int) -> dict:
    out = lab.page.evaluate(IN_KERNEL, PLAY_MOVES.format(moves=moves))
    assert "ERROR" not in out, out
    line = next(ln for ln in out.splitlines() if ln.startswith("STATE "))
    return json.loads(line[6:])


@pytest.mark.parametrize("game", LARGEST)
def test_a_play_table_in_jupyterlab_beside_the_file_browser_is_read_at_full_size(lab, game):
    path = _play_notebook(game)
    page = lab.page
    page.set_viewport_size(LAPTOP)
    page.add_init_script(f"({RECORD_TEXT})()")
    lab.open(path)
    if page.evaluate("() => window.jupyterapp.shell.leftCollapsed"):
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    assert not page.evaluate("() => window.jupyterapp.shell.leftCollapsed")
    lab.run_all()
    lab.wait_for_canvas(0)
    lab.wait_for_color(FELT, min_count=50_000, index=0, tolerance=12)

    state = _state(lab, 80)
    # The table drawn at the size of its place: one canvas pixel to one page pixel, as wide
    # as the output area the notebook gives it (the words go under it at this width).
    canvas = poll(lambda: (lambda c: c if c["width"] == state["size"][0] else None)(
        _canvas(page)), what="the table redrawn at its measured width")
    area = page.evaluate("(sel) => document.querySelector(sel).closest("
                         "'.jp-OutputArea-output').getBoundingClientRect().width",
                         CANVAS_SELECTOR)
    assert abs(canvas["css_width"] - canvas["width"]) <= 1, canvas
    assert canvas["css_width"] >= 0.95 * min(area, 1000), (canvas, area)
    page.wait_for_timeout(500)
    size, word = _smallest_word(page, canvas)
    assert size >= MIN_TEXT, f"{word!r} is {size:.1f} px high on the screen"
    # Your cards: each shows enough of itself for its corner to be read.
    shown = state["shown"] * canvas["css_width"] / canvas["width"]
    assert shown >= MIN_SHOWN, f"your cards show {shown:.1f} px each"

    # After a few moves the story box shows its newest line (scrolled to its end).
    seen = poll(lambda: (lambda s: s if s and s.get("overflows") else None)(
        page.evaluate(NEWEST_LINE)), what="a story longer than its box")
    assert seen["in_view"], seen
    canvas_el = page.locator(CANVAS_SELECTOR).nth(0)
    canvas_el.evaluate("c => c.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(_shots() / f"{game}-lab-file-browser-1366x768.png"))
    assert not lab.errors.blocked, f"JupyterLab asked the internet for {lab.errors.blocked}"
    lab.assert_clean()


@pytest.mark.parametrize("game", OFFLINE)
def test_a_voila_play_page_asks_nothing_outside_its_server(voila_page, game):
    path = _play_notebook(game)
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(voila_page.url(path), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=50_000, index=0, tolerance=12)
    page.wait_for_load_state("networkidle")
    # The story box shows its newest line while the computers play their turns.
    seen = poll(lambda: (lambda s: s if s and not s.get("empty") else None)(
        page.evaluate(NEWEST_LINE)), timeout_ms=60_000, what="the story's first lines")
    assert seen["in_view"], seen
    canvas = _canvas(page)
    assert abs(canvas["css_width"] - canvas["width"]) <= 1, canvas
    page.screenshot(path=str(_shots() / f"{game}-voila-1366x768.png"))
    # No dead link: the notes' links to the lessons and the rules pages (not served by
    # Voila, which answers 403) are plain words saying where to read them.
    dead = page.eval_on_selector_all(
        ".jp-RenderedMarkdown a[href]",
        "els => els.map(a => a.getAttribute('href'))"
        ".filter(h => h && !h.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(h))")
    assert dead == [], dead
    nb = json.loads((REPO / "notebooks" / path).read_text(encoding="utf-8"))
    local = [h for c in nb["cells"] if c["cell_type"] == "markdown"
             for h in re.findall(r"\]\(([^)\s]+)\)", "".join(c["source"]))
             if not h.startswith("#") and not re.match(r"^[a-z][a-z0-9+.-]*:", h)]
    assert page.locator(".kortspel-not-here").count() == len(local), local
    assert voila_page.errors.blocked == [], (
        f"the page asked the internet for {voila_page.errors.blocked}")
    voila_page.assert_clean()
