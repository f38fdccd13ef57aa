"""The small helpers every view shares: a leaf module, importing no view.

``views`` (tables, replays, checks) and the parts of ``Play`` (``widgets/play/``: driver,
router, panels, the coach's panel) and ``PlayApp`` all use these; kept here, below all of
them, no view reaches another's private helpers and no import goes round in a circle.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as W

import kortspel
from kortspel.i18n import using

__all__ = ["brief", "card_words", "with_pictures", "status_html", "button", "close_all",
           "replace_in_cell", "speaking"]

T = TypeVar("T")


def speaking(view: Any, fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` run in ``view``'s language (its ``language``: a code, or ``None`` for the
    kernel's language as ``kortspel.set_language`` left it).

    Why a wrapper on every callback: a view that speaks Swedish in an English kernel must
    make its words in Swedish whenever it makes them, and it makes most of them long after
    its constructor returned, in a button's or a timer's callback, which runs in the
    kernel's language. A view reads its ``language`` each time, so a language changed on
    the view is spoken from the next click on."""
    def run(*args: Any, **kwargs: Any) -> T:
        with using(getattr(view, "language", None)):
            return fn(*args, **kwargs)

    return run


def brief(value: Any) -> str:
    """``value`` quoted in a refusal, at most 40 characters: the engine's ``checks.brief``.

    Why not ``repr``: a refusal must not fail itself. ``repr`` of a list nested 5,000 deep
    raises ``RecursionError`` (and of a 5,000-digit number ``ValueError``), so a view handed
    such an argument crashed while saying what was wrong; the engine's reads a bounded part
    of the value whatever it is."""
    return kortspel.checks.brief(value)


def card_words(card: str) -> str:
    """A French-suited card's code as a pupil reads it, with its suit (``"JH"`` as
    ``"J♥"``); anything else as it is.

    The coach's words for a card (``kortspel.coach`` writes its own the same way, in a
    private helper): the coach panel writes what each opponent might hold with it, and a
    view does not reach into the engine's private names."""
    from kortspel import french

    try:
        return french.show(french.parse_card(card))
    except kortspel.KortspelError:
        return card


def with_pictures(widget_bundle: Any, picture: Any, words: str
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A widget's output bundle plus the same picture as an HTML image with words: the live
    view where the kernel runs, the picture wherever the notebook is read without one.

    Why HTML and not a plain ``image/png`` (or SVG): JupyterLab draws a saved PNG without its
    alt text, and nbconvert's HTML export draws PNG and SVG outputs as ``<img>`` whose alt
    text only says that no description was given. An ``<img alt=...>`` in ``text/html`` keeps
    the table's words for a screen reader in all three places (an untrusted notebook in
    JupyterLab, exported HTML, a code host's viewer), and HTML outranks the images in each.
    ``Picture.svg()`` stays for whoever wants the drawing as SVG."""
    bundle = dict(widget_bundle or {})
    bundle["text/html"] = (f'<img src="{picture.image_uri()}" alt="{html.escape(words)}" '
                           f'width="{picture.canvas.width}" style="max-width:100%">')
    bundle["text/plain"] = words
    return bundle, {}


def status_html(text: str) -> str:
    return f'<div role="status" aria-live="polite" style="font-size:1.05em">{text}</div>'


def button(label: str, tip: str, width: str = "auto") -> W.Button:
    """A button as wide as its words, which a row never squeezes.

    Why ``flex: 0 0 auto``: a button is a flex item of its row, and a flex item shrinks by
    default; beside a long question (Kille's "You hold Värdshus, a matador. Swap it away?")
    Yes and No were squeezed to "Y…" and "N…", the words cut by the button's ellipsis. A
    row that has no room wraps instead (the rows are ``flex_flow="row wrap"``)."""
    return W.Button(description=label, tooltip=tip,
                    layout=W.Layout(width=width, flex="0 0 auto"))


def close_all(widget: W.Widget) -> None:
    """Close ``widget``, every widget inside it, and the ``Layout`` and style each of them
    carries.

    Why a walk and not ``widget.close()``: ipywidgets makes a Layout (and most controls a
    style) model for every widget and closes neither with it, nor a box's children, so each
    view closed that way left dozens of models registered in the kernel and in every browser
    showing it, and a play cell run again grew both. Only what the view holds is walked
    (``children``, ``layout``, ``style``): the sprite canvases and ipycanvas's one canvas
    manager are shared by every table and stay open."""
    seen: set[int] = set()
    todo: list[Any] = [widget]
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, W.Widget):
            continue
        seen.add(id(w))
        if w is not widget and type(w).close is not W.Widget.close:
            w.close()  # a view inside a view closes itself (a Play stops its timers too)
            continue
        for name in ("children", "layout", "style"):
            if not w.has_trait(name):
                continue
            value = getattr(w, name)
            todo.extend(value if isinstance(value, list | tuple) else [value])
        W.Widget.close(w)


_LIVE_IN_CELL: dict[tuple[str, str], weakref.ref[Any]] = {}


def replace_in_cell(widget: Any, kind: str) -> None:
    """A cell run again makes a new view: the one it made before stops (its timers with
    it). ``kind`` keeps different views of one cell apart."""
    cell = _cell_id()
    if cell is None:
        return
    old = _LIVE_IN_CELL.get((cell, kind))
    before = old() if old is not None else None
    if before is not None and before is not widget:
        before.close()
    _LIVE_IN_CELL[(cell, kind)] = weakref.ref(widget)


def _cell_id() -> str | None:
    """The id of the notebook cell running now, when the front end says (JupyterLab does)."""
    try:
        from IPython import get_ipython

        ip = get_ipython()
        header = ip.parent_header if ip is not None else {}
        cell = header.get("metadata", {}).get("cellId")
        return str(cell) if cell else None
    except Exception:  # noqa: BLE001 - outside a kernel there is no cell
        return None
