"""How wide the page lets a table be: measured in the browser, told to the kernel.

An ipycanvas canvas has a size in pixels of its own (what the kernel draws on) and a size on
the page (what CSS gives it); the kernel never learns the second. A table drawn 960 pixels
wide and shown in the 604 pixels a notebook beside an open file browser leaves is shrunk to
six tenths, and its 11-pixel labels are 7 pixels high on the screen. So each table carries a
``WidthProbe``: an element as wide as the table's place, whose browser side watches that
width (a ``ResizeObserver``) and sends it, and the table draws itself again at that width,
one canvas pixel to one pixel on the page, its words at the sizes they are drawn at.

The probe is an ``anywidget`` (its few lines of JavaScript travel with the widget, so
nothing is built or fetched): JupyterLab and Voilà show it alike. Where no browser runs
(tests, nbconvert, a notebook read on a code host) nothing is measured and a table keeps
the size it was made with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_ESM = r"""
// The width of the place this element stands in, sent to the kernel when it changes by a
// few pixels (a window dragged wider sends one width, not one per frame). A hidden tab or
// a folded output measures 0 and sends nothing.
export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "0";
    el.style.overflow = "hidden";
    let sent = 0;
    let timer = null;
    const send = () => {
      timer = null;
      const width = Math.floor(el.getBoundingClientRect().width);
      if (width > 0 && Math.abs(width - sent) >= 4) {
        sent = width;
        model.set("width", width);
        model.save_changes();
      }
    };
    const watch = new ResizeObserver(() => {
      if (timer === null) timer = setTimeout(send, 120);
    });
    watch.observe(el);
    send();
    return () => {
      watch.disconnect();
      if (timer !== null) clearTimeout(timer);
    };
  },
};
"""


class WidthProbe(anywidget.AnyWidget):
    """An invisible, full-width element whose ``width`` is the width the browser gives it
    (0 until a browser has shown it). Several browsers showing one probe each send their
    own; the last one sent is the one a table draws for."""

    _esm = _ESM
    width = traitlets.Int(0).tag(sync=True)

    def on_width(self, callback: Callable[[int], Any]) -> None:
        """``callback(width)`` whenever a browser reports a new width."""
        self.observe(lambda change: callback(int(change["new"])), "width")
