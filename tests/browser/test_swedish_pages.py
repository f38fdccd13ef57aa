"""Every game's play page in Swedish, as a Swedish class meets it at 1366×768 (issue 40).

``make app GAME=<game> UI=sv`` serves ``notebooks/sv/<game>/03-play.ipynb`` with Voilà. The
page is played in a real browser: its table drawn, the computers' moves told in the story,
your turn, the coach's hint asked and drawn on the table, and "Vad kan de ha?" shown. Then
everything a pupil can read is gathered -- the page's text (settings, the Help row, the
status, the story, the coach's words) and every word drawn on the table's canvas -- and must
hold no English word (``tests/i18n_helpers.py``; the seats' names are names). No drawn word
may run past the table's edge. A screenshot of each page goes to ``KORTSPEL_SHOTS`` (by
default .pytest_cache/classroom) for a person to look at.
"""

from __future__ import annotations

import pytest
from browser_helpers import poll
from test_classroom_pages import FELT, LAPTOP, NEWEST_LINE, RECORD_TEXT, _shots

from kortspel.i18n import _, using
from tests.i18n_helpers import english_words

pytestmark = pytest.mark.browser

# Two games every run, all four in CI (the games' English pages are played elsewhere).
GAMES = [g if g in ("kille", "kopknack") else pytest.param(g, marks=pytest.mark.thorough)
         for g in ("kille", "knock", "kopknack", "gnallknekt")]

# Words the canvas drew, with where and how wide (the font's own measure), per canvas.
DRAWN = """() => (window.__kortspelTexts || []).map(([w, h, px, text]) => text)"""
OVERRUN = """() => {
  const out = [];
  for (const c of document.querySelectorAll('canvas')) {
    const ctx = c.getContext('2d');
    for (const [w, h, px, text] of (window.__kortspelTexts || [])) {
      if (w !== c.width || h !== c.height) continue;
      ctx.save(); ctx.font = `${px}px DejaVu Sans`;
      const wide = ctx.measureText(text).width; ctx.restore();
      if (wide > c.width) out.push([text, wide, c.width]);
    }
  }
  return out;
}"""


def _swedish(message: str) -> str:
    with using("sv"):
        return _(message)


@pytest.mark.parametrize("game", GAMES)
def test_a_swedish_play_page_speaks_swedish_only(voila_page, game) -> None:
    page = voila_page.page
    page.set_viewport_size(LAPTOP)
    page.add_init_script(f"({RECORD_TEXT})()")
    page.goto(voila_page.url(f"sv/{game}/03-play.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)
    voila_page.wait_for_color(FELT, min_count=50_000, index=0, tolerance=12)
    poll(lambda: (lambda s: s if s and not s.get("empty") else None)(
        page.evaluate(NEWEST_LINE)), timeout_ms=90_000, what="the story's first lines")
    assert page.evaluate("document.documentElement.lang") in ("sv", "en")
    hint = page.get_by_role("button", name=_swedish("Hint"), exact=True)
    poll(lambda: hint.count() and hint.first.is_enabled(), timeout_ms=120_000,
         what=f"{_swedish('Hint')} to be enabled (your turn)")
    before = voila_page.canvas_hash(0)
    hint.first.click()
    voila_page.wait_for_canvas_change(before, 0, timeout_ms=90_000)
    beliefs = page.get_by_role("button", name=_swedish("What might they hold?"))
    if beliefs.count():
        beliefs.first.click()
        poll(lambda: page.inner_text("body").count("%") >= 1, timeout_ms=60_000,
             what="the beliefs' chances")
    page.screenshot(path=str(_shots() / f"{game}-sv-voila-1366x768.png"))
    shown = page.inner_text("body")
    drawn = " ".join(page.evaluate(DRAWN))
    lines = {line.strip() for line in (shown + "\n" + drawn.replace("  ", "\n")).splitlines()}
    english = sorted(line for line in lines if english_words(line))
    assert english == [], f"English on the Swedish {game} page:\n" + "\n".join(english)
    assert "{" not in shown and "}" not in shown, shown[:2000]
    assert page.evaluate(OVERRUN) == []
    assert voila_page.errors.blocked == [], voila_page.errors.blocked
    voila_page.assert_clean()
