"""Which tiers of tests run (see tests/conftest.py): shared by the conftest that skips them
and the tests that thin their own work to match."""

from __future__ import annotations

import os


def _set(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("true", "1", "yes")


THOROUGH = any(_set(k) for k in ("CI", "KORTSPEL_THOROUGH", "KORTSPEL_SLOW"))
"""Whether the tests marked ``thorough`` run (CI, or asked for)."""
SLOW = bool(os.environ.get("KORTSPEL_SLOW"))
"""Whether the tests marked ``slow`` run (only when asked for)."""
