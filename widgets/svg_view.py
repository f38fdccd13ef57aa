"""The tables' second drawing surface: the picture as SVG on the page, for wherever ipycanvas
cannot be imported.

ipycanvas needs numpy and Pillow, and the classroom site (JupyterLite: Python in each pupil's
browser, nothing installed) has neither to load. The painter already draws every table as SVG
(the picture each view carries for readers without a kernel), so where ipycanvas is missing
a live view shows that SVG instead of a canvas, drawn again on every change, and the
browser sends back where the pointer went down, in the drawing's own pixels, to the same
hit-testing the canvas uses (``Layout.hit``): the same clicks make the same moves.

Why an ``anywidget`` and not ipyevents on an ``HTML`` or ``Image`` widget: the views already
ship one anywidget (``sizing.WidthProbe``), so no new package and no new front-end extension
comes in; its few lines of browser code travel with the widget (nothing is built or
fetched, so a page asks nothing outside its server); and the click is turned into the
drawing's pixels in the browser, where the shown size is known, as ipycanvas does. ipyevents
would report page pixels of an ``Image`` (a PNG needs Pillow) or an ``HTML`` element, and the
kernel would have to learn the shown size from a second widget.

The surface answers the calls the views make of an ipycanvas ``Canvas`` (``width``,
``height``, ``layout``, ``on_mouse_down``, ``on_key_down``, ``on_client_ready``, ``clear``,
``hold_sync``), so a view holds either one as its ``canvas`` and asks no question of which.
Keys: arrows, Home, End, space and Enter go to Python (a replay steps with them) and are
kept from the notebook's shortcuts; Tab and Escape are left alone, so focus never gets
trapped on the table (ipycanvas's canvas swallows every key).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["BACKEND_ENV", "SvgSurface", "canvas_available", "live_backend"]

BACKEND_ENV = "KORTSPEL_TABLE_BACKEND"
"""Set to ``svg`` to draw live tables as SVG even where ipycanvas is installed (to try the
site's surface in JupyterLab); ``canvas`` or unset: the canvas wherever it can be imported."""


def canvas_available() -> bool:
    """Whether ipycanvas (and so numpy and Pillow under it) can be imported here."""
    try:
        import ipycanvas  # noqa: F401
    except ImportError:
        return False
    return True


def live_backend() -> str:
    """``"canvas"`` (the default, in JupyterLab and Voilà) or ``"svg"`` (where ipycanvas
    cannot be imported, as in the browser-only site, or when ``KORTSPEL_TABLE_BACKEND=svg``)."""
    wanted = os.environ.get(BACKEND_ENV, "").strip().lower()
    if wanted not in ("", "canvas", "svg"):
        from kortspel import KortspelError

        raise KortspelError(f"{BACKEND_ENV} is 'canvas' or 'svg', not {wanted!r}")
    if wanted == "svg" or not canvas_available():
        return "svg"
    return "canvas"


_ESM = r"""
// The drawing as SVG, as wide as its place allows (never wider than drawn); a pointer
// press is sent to the kernel in the drawing's own pixels, whatever size it is shown at.
const KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
                      " ", "Enter"]);
export default {
  render({ model, el }) {
    el.classList.add("kortspel-svg-table");
    el.tabIndex = 0;
    el.setAttribute("data-lm-suppress-shortcuts", "true");
    el.style.lineHeight = "0";
    el.style.outlineOffset = "2px";
    const draw = () => {
      el.innerHTML = model.get("svg");
      const svg = el.querySelector("svg");
      if (svg) {
        svg.style.width = "100%";
        svg.style.height = "auto";
        svg.style.display = "block";
        svg.style.maxWidth = model.get("width") + "px";
      }
      el.dataset.drawn = String(model.get("drawn"));
    };
    const down = (event) => {
      const svg = el.querySelector("svg");
      if (!svg) return;
      const box = svg.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return;
      const x = (event.clientX - box.left) * model.get("width") / box.width;
      const y = (event.clientY - box.top) * model.get("height") / box.height;
      el.focus({ preventScroll: true });
      model.send({ event: "mouse_down", x, y });
    };
    const key = (event) => {
      if (!KEYS.has(event.key)) return;  // Tab and Escape leave the table as usual
      event.preventDefault();
      event.stopPropagation();
      model.send({ event: "key_down", key: event.key, shift: event.shiftKey,
                   ctrl: event.ctrlKey, meta: event.metaKey });
    };
    model.on("change:svg", draw);
    el.addEventListener("pointerdown", down);
    el.addEventListener("keydown", key);
    draw();
    model.send({ event: "client_ready" });
    return () => {
      model.off("change:svg", draw);
      el.removeEventListener("pointerdown", down);
      el.removeEventListener("keydown", key);
    };
  },
};
"""


class SvgSurface(anywidget.AnyWidget):
    """A drawing shown as SVG, ``width`` by ``height`` pixels as drawn (shown smaller where
    its place is narrower), with ipycanvas's callbacks for presses and keys."""

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)
    drawn = traitlets.Int(0).tag(sync=True)
    """How many drawings were sent: a browser test waits for it to change after a click."""

    def __init__(self, width: int, height: int, **kwargs: Any) -> None:
        super().__init__(width=width, height=height, **kwargs)
        self._mouse_down: list[Callable[[float, float], Any]] = []
        self._key_down: list[Callable[..., Any]] = []
        self._client_ready: list[Callable[[], Any]] = []
        self.on_msg(self._message)

    # -- what a view calls, as on an ipycanvas Canvas --------------------------------------
    def on_mouse_down(self, callback: Callable[[float, float], Any], remove: bool = False
                      ) -> None:
        _register(self._mouse_down, callback, remove)

    def on_key_down(self, callback: Callable[..., Any], remove: bool = False) -> None:
        _register(self._key_down, callback, remove)

    def on_client_ready(self, callback: Callable[[], Any], remove: bool = False) -> None:
        _register(self._client_ready, callback, remove)

    def clear(self) -> None:
        self.draw("")

    def draw(self, svg: str) -> None:
        """Show this SVG (one message, with the count of drawings sent)."""
        with self.hold_sync():
            self.svg = svg
            self.drawn += 1

    # -- what the browser sends ------------------------------------------------------------
    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "mouse_down":
            try:
                x, y = float(content["x"]), float(content["y"])
            except (KeyError, TypeError, ValueError):
                return
            for callback in list(self._mouse_down):
                callback(x, y)
        elif event == "key_down":
            key = str(content.get("key", ""))
            mods = (bool(content.get("shift")), bool(content.get("ctrl")),
                    bool(content.get("meta")))
            for callback in list(self._key_down):
                callback(key, *mods)
        elif event == "client_ready":
            for ready in list(self._client_ready):
                ready()


def _register(callbacks: list[Any], callback: Any, remove: bool) -> None:
    if remove:
        if callback in callbacks:
            callbacks.remove(callback)
    elif callback not in callbacks:
        callbacks.append(callback)
