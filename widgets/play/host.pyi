"""What the parts of ``Play`` call of one another, declared once for the type checker.

``Play`` is ``MatchDriver`` (the match and its timers), ``ClickRouter`` (clicks and presses
into actions) and ``Panels`` (the widgets) on a ``VBox``, and each part reaches the others
and ``Play``'s own settings through ``self``. Each part names ``PlayHost`` as its base for
mypy only (``if TYPE_CHECKING``; at run time the base is ``object``, as before), so every
such call is checked against the one definition, which the part that makes it must match.

A stub (``.pyi``) only: nothing imports it at run time. A plain class, not a Protocol: the
parts assign some of these attributes themselves, which mypy would take, in an explicit
subclass of a Protocol, for their first definition.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from kortspel import Action

class PlayHost:
    # Play's settings (Play.__init__).
    game: Any
    spec: Any
    adapter: Any
    humans: tuple[int, ...]
    practice: bool
    auto: bool
    rng: random.Random
    players: list[Any]
    match_options: dict[str, Any]
    restart_words: str
    match: Any

    # Panels' widgets (ipywidgets has no types).
    news: Any
    status: Any
    question: Any
    confirm: Any
    teacher: Any
    pace: Any

    # ClickRouter's state.
    _clicks: tuple[Hashable, ...]
    _picked: frozenset[Hashable]
    _confirming: tuple[Any, int] | None
    _handover: int | None
    _screen: int

    # MatchDriver.
    @property
    def hand(self) -> Any: ...

    def _human_turn(self) -> int | None: ...

    def _viewer(self) -> int | None: ...

    def _sitting_out(self) -> str: ...

    def act(self, action: Action | str, seat: int | None = None) -> bool: ...

    def _next_hand(self) -> None: ...

    def _restart(self, asked: bool = False) -> None: ...

    def _undo(self) -> None: ...

    # ClickRouter.
    def _forget_choices(self) -> None: ...

    def press(self, verb: str) -> bool: ...

    def _acting_human(self) -> int | None: ...

    def _ask(self, about: Any, question: str) -> None: ...

    def _confirmed(self) -> None: ...

    def _drop_confirm(self) -> None: ...

    def _why_not(self, seat: int | None = None, verb: str = "act") -> str: ...

    def _picks(self) -> dict[Action, frozenset[Hashable]]: ...

    def _clicked(self, ref: Hashable | None) -> None: ...

    def _targets(self) -> tuple[frozenset[Hashable], frozenset[Hashable]]: ...

    def _take_over(self) -> None: ...

    # Panels.
    def _say(self, text: str) -> None: ...

    def _refresh(self, keep_status: bool = False) -> None: ...
