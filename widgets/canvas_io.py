"""Every use of ipycanvas internals, in one small adapter checked against the version.

ipycanvas sends each drawing command as its own comm message unless its private canvas
manager is told to cache them; its public ``hold_canvas()`` does that but has no
``try/finally`` (a drawing that raises leaves every later canvas silently queued), and it
offers no way to count what it sends. Both needs are met here, on the internals of the
versions this project was checked against; on any other version the code falls back to the
public ``hold_canvas`` and counting reports that it cannot count, rather than guessing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHECKED = ("0.13.", "0.14.")
"""ipycanvas versions whose canvas manager (``_caching``, ``flush``, ``send``) was read."""

_depth = 0


def _manager() -> Any | None:
    """ipycanvas's canvas manager, when this version is one we checked and it has what we
    use; ``None`` otherwise (then only the public API is used)."""
    try:
        import ipycanvas
        from ipycanvas import canvas as module
    except ImportError:  # pragma: no cover - the views need ipycanvas
        return None
    version = getattr(ipycanvas, "__version__", "")
    manager = getattr(module, "_CANVAS_MANAGER", None)
    if not version.startswith(CHECKED) or manager is None:
        return None
    if not all(hasattr(manager, a) for a in ("_caching", "flush", "send")):
        return None
    return manager


def internals_available() -> bool:
    return _manager() is not None


@contextmanager
def batch() -> Iterator[None]:
    """Hold every drawing command in the block and send them as one message at the end.

    Safe when the drawing raises: the queue is flushed and caching restored, so one bad
    drawing (students edit these notebooks) cannot freeze every canvas after it. Nested
    blocks join the outermost, so a table and the sprites it paints leave as one message.
    """
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    manager = _manager()
    if manager is None:
        from ipycanvas import hold_canvas

        _depth = 1
        try:
            with hold_canvas():
                yield
        finally:
            _depth = 0
        return
    was_caching = manager._caching
    manager._caching = True
    _depth = 1
    try:
        yield
    finally:
        _depth = 0
        try:
            manager.flush()
        finally:
            manager._caching = was_caching


def release_hold() -> None:
    """Send anything queued and stop caching: the repair after a crashed ``hold_canvas``."""
    manager = _manager()
    if manager is None:
        return
    try:
        manager.flush()
    finally:
        manager._caching = False


@contextmanager
def counting_messages() -> Iterator[list[int]]:
    """Count the comm messages ipycanvas sends inside the block (one list item each).

    Counted where the manager hands them to the comm layer, so "one message per redraw" is
    measured, not assumed. Raises ``RuntimeError`` on an unchecked ipycanvas version.
    """
    manager = _manager()
    if manager is None:
        raise RuntimeError("cannot count canvas messages on this ipycanvas version; checked: "
                           + ", ".join(v + "x" for v in CHECKED))
    sent: list[int] = []
    original = manager.send

    def counting_send(*args: Any, **kwargs: Any) -> Any:
        sent.append(1)
        return original(*args, **kwargs)

    manager.send = counting_send
    try:
        yield sent
    finally:
        manager.send = original


def is_caching() -> bool:
    """Whether the manager is holding commands now (tests check a crash left it clean)."""
    manager = _manager()
    return bool(manager is not None and manager._caching)
