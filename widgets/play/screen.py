"""What the screen shows of the play view: how much room the table has under its top, and
bringing a part that appears below the screen's edge into sight.

Both are ``anywidget`` elements (their few lines of JavaScript travel with the widget, as
``sizing.WidthProbe``'s do): JupyterLab, Voilà and the site show them alike, and where no
browser runs nothing is measured or scrolled.

- ``RoomProbe`` tells the kernel the height of the screen the page scrolls in and how far
  down that page its element stands. A table as high as the width allows (600 pixels at
  1000) under Voilà's page header (the title, the settings, about 260 pixels) ran past a
  laptop's 768: the learner's own hand, at the bottom of the table, was below the edge.
  Knowing both, the view draws the table no higher than the room under its top.
- ``IntoView`` scrolls itself to the top of the screen once, when it is first shown: the
  step-through of a hand appears under the play table, below the edge of a laptop's
  screen, and a learner who pressed its button saw nothing happen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

# The page scrolls in the nearest ancestor that scrolls up and down (JupyterLab's notebook
# panel), else in the window (Voilà, the site). ``top`` is the element's place in what
# scrolls, so it does not change as the learner scrolls; it is measured again every second
# (the page above may grow: a settings row, a news line) and sent when either figure
# changes by a few pixels. A hidden element (a folded output, a tab not shown) sends
# nothing.
_ROOM_ESM = r"""
export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "0";
    el.style.overflow = "hidden";
    const scroller = () => {
      for (let n = el.parentElement; n && n !== document.body &&
           n !== document.documentElement; n = n.parentElement) {
        const y = getComputedStyle(n).overflowY;
        if ((y === "auto" || y === "scroll") && n.scrollHeight > n.clientHeight + 1) {
          return n;
        }
      }
      return null;
    };
    const send = () => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 0) return;
      const box = scroller();
      const screen = box ? box.clientHeight : window.innerHeight;
      const top = box ? rect.top - box.getBoundingClientRect().top + box.scrollTop
                      : rect.top + window.scrollY;
      const s = Math.round(screen), t = Math.round(top);
      if (s <= 0) return;
      if (Math.abs(s - model.get("screen")) >= 4 || Math.abs(t - model.get("top")) >= 4) {
        model.set("screen", s);
        model.set("top", t);
        model.save_changes();
      }
    };
    const timer = setInterval(send, 1000);
    window.addEventListener("resize", send);
    setTimeout(send, 150);
    return () => {
      clearInterval(timer);
      window.removeEventListener("resize", send);
    };
  },
};
"""

# Once per widget, not per view: ``shown`` is set with the first scroll, so a view drawn
# again (a notebook's output scrolled back into its window, a second browser) stays put.
_INTO_VIEW_ESM = r"""
export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "0";
    if (model.get("shown")) return;
    const go = () => {
      if (el.getBoundingClientRect().width <= 0) return;  // not on the page yet
      clearInterval(timer);
      el.scrollIntoView({ block: "start" });
      model.set("shown", true);
      model.save_changes();
    };
    const timer = setInterval(go, 100);
    setTimeout(() => clearInterval(timer), 5000);
    return () => clearInterval(timer);
  },
};
"""


class RoomProbe(anywidget.AnyWidget):
    """An invisible, full-width element that reports ``screen`` (the height of the screen
    the page scrolls in) and ``top`` (how far down the page it stands), 0 until a browser
    has shown it."""

    _esm = _ROOM_ESM
    screen = traitlets.Int(0).tag(sync=True)
    top = traitlets.Int(0).tag(sync=True)

    def on_room(self, callback: Callable[[int, int], Any]) -> None:
        """``callback(screen, top)`` whenever a browser reports new figures."""
        self.observe(lambda _change: callback(self.screen, self.top), ["screen", "top"])


class IntoView(anywidget.AnyWidget):
    """An invisible element that scrolls the page to put itself at the top of the screen,
    once, when a browser first shows it (``shown`` then says so)."""

    _esm = _INTO_VIEW_ESM
    shown = traitlets.Bool(False).tag(sync=True)
