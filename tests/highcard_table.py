"""High card's table adapter: the test-only game drawn, replayed and played through the same
views as the real games, which shows that a new game's table needs only its own adapter.

Trading takes two clicks (your card, then the stock), so the views' two-click path is
exercised; keeping is a button.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from highcard import PACK, HighcardState

from kortspel import Action
from kortspel.events import hand
from kortspel.widgets.model import CardStyle, CardView, SeatView, TableModel, ZoneView

STYLE = CardStyle(64.0, 96.0, "back:french")
STOCK_REF: Hashable = ("stock",)


def face(card: str) -> str:
    """Card "1".."6" as the French ace to six of spades."""
    return f"french:{'A' if card == '1' else card}S:2c"


class HighcardAdapter:
    game = "highcard"
    title = "A High card table"
    style = STYLE

    def model(self, state: HighcardState, viewer: int | None) -> TableModel:
        names = state.game.names
        know = None if viewer is None else state.observation(viewer).knowledge
        seats = []
        for s, name in enumerate(names):
            if know is None:
                card: str | None = state.hands[s]
                up = state.is_over
            else:
                top = know.top(hand(s))
                card, up = (None, False) if top is None else (top.name, top.face_up)
            view = (CardView(STYLE.back, f"{name}: a hidden card", ("seat", s)) if card is None
                    else CardView(face(card), f"{name}: the {card}"
                                  + (" (face up)" if up else ""), ("seat", s)))
            seats.append(SeatView(s, name, (ZoneView("single", (view,), ref=("seat", s)),),
                                  to_act=s == state.to_act, is_viewer=s == viewer,
                                  is_dealer=s == len(names) - 1,
                                  notes=("wins",) if s in state.winners else ()))
        discard = tuple(CardView(face(c), f"discarded: the {c}") for c in state.discard)
        centre = (ZoneView("stock", (), len(state.stock), f"stock: {len(state.stock)}",
                           ref=STOCK_REF),
                  ZoneView("discard", discard, 0, f"discard: {len(discard)}"))
        return TableModel(self.title, tuple(seats), centre, viewer=viewer, style=STYLE,
                          is_over=state.is_over, status=self.status(state, viewer))

    def paths(self, state: HighcardState, seat: int, legal: Sequence[Action]
              ) -> dict[Action, tuple[Hashable, ...]]:
        return {a: (("seat", seat), STOCK_REF) for a in legal if a.verb == "trade"}

    def buttons(self) -> dict[str, tuple[str, str]]:
        return {"keep": ("Keep", "Keep your card"),
                "trade": ("Trade", "Lay your card down and draw from the stock")}

    def sprite_keys(self) -> list[str]:
        return [face(c) for c in PACK] + [STYLE.back]

    def status(self, state: HighcardState, seat: int | None) -> str:
        names = state.game.names
        if state.is_over:
            return f"{' and '.join(names[s] for s in state.winners)} won the hand."
        if state.to_act is None or state.to_act < 0:
            return "The stock is shuffled."
        if seat is not None and state.to_act == seat:
            return f"Your turn, {names[seat]}: keep, or trade (your card, then the stock)."
        return f"{names[state.to_act]} to act."

    def lines(self, state: HighcardState, seat: int | None) -> list[str]:
        return [e.text for e in state.events if seat is None or e.visible_to(seat)]


ADAPTER: Any = HighcardAdapter()
