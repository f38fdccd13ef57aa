"""The rooms' tests' server: a real one (uvicorn in a thread of the test process, on a free
loopback port) that real clients talk to over its socket (``rooms_helpers.py`` holds the
rest of what the tests share).

Each test starts the server it needs with the settings it needs (``rooms_server(grace=0.5)``)
and it is stopped when the test ends.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from typing import Any

import pytest

if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "websockets")):
    # The engine installed without its rooms extra: nothing here can run.
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture
def rooms_server() -> Iterator[Callable[..., Any]]:
    """``rooms_server(**settings)``: a started server (:class:`kortspel.rooms.server.Running`)
    with those settings; every one started is stopped when the test ends."""
    from kortspel.rooms.hall import Settings
    from kortspel.rooms.server import Running

    started: list[Any] = []

    def start(**settings: Any) -> Any:
        defaults: dict[str, Any] = {"pace": 0.0, "between": 0.0, "grace": 30.0}
        server = Running(Settings(**{**defaults, **settings})).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
