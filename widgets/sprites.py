"""Card sprites: each face painted once, then stamped onto tables.

ipycanvas is fastest when the same picture is copied from another canvas with
``draw_image`` (jupyter.md 1.4), so every card face and back is painted once into an
undisplayed ``ipycanvas.Canvas``.  Those canvases are as stateless in the browser as any
other, hence :meth:`SpriteSheet.repaint_all` for ``on_client_ready``.

The key scheme is a pure function so engines, tests and the SVG fallback can name sprites
without ipycanvas; the SVG backend turns the same keys into ``<symbol>`` defs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import (
    CARD_H,
    CARD_W,
    FRENCH_RANKS,
    FRENCH_SUITS,
    draw_back,
    draw_french_card,
)
from .paint import CanvasPainter, DrawFn, Painter, SvgPainter, batch

if TYPE_CHECKING:
    from .model import CardStyle

__all__ = [
    "DECKS",
    "SpriteSheet",
    "SpriteSpec",
    "all_keys",
    "back_keys",
    "deck_keys",
    "draw_sprite",
    "french_keys",
    "parse_sprite_key",
    "register_deck",
    "sprite_key",
    "svg_sprites",
]

BACK_STYLES = ("kille", "french")


class Deck(NamedTuple):
    """A game's own pack of card faces: its card names and how one is drawn."""

    cards: tuple[str, ...]
    draw: Callable[[Painter, str, float, float, float, float], None]


DECKS: dict[str, Deck] = {}
"""Decks beyond the French pack, by the sprite-key prefix that names them (``"kille"``)."""


def register_deck(name: str, cards: Iterable[str],
                  draw: Callable[[Painter, str, float, float, float, float], None]) -> None:
    """Add a game's deck, so that keys ``"name:card"`` draw with ``draw(p, card, x, y, w, h)``."""
    if name in ("french", "back") or ":" in name:
        raise ValueError(f"{name!r} cannot name a deck")
    DECKS[name] = Deck(tuple(cards), draw)


def _deck(name: str) -> Deck | None:
    if name not in DECKS:
        from .games import load_deck

        load_deck(name)
    return DECKS.get(name)


class SpriteSpec(NamedTuple):
    """A parsed sprite key."""

    deck: str
    card: str  # a card of a game's deck, a French rank, or a back style
    suit: str | None = None
    four_colour: bool = False


def sprite_key(deck: str, card: str, suit: str | None = None, *,
               four_colour: bool = False) -> str:
    """Stable name of one sprite.

    ``sprite_key("kille", "Kuku")`` → ``"kille:Kuku"``;
    ``sprite_key("french", "Q", "H", four_colour=True)`` → ``"french:QH:4c"``;
    ``sprite_key("back", "kille")`` → ``"back:kille"``.
    Validates its input so a typo fails where it is made, not when a sprite is drawn.
    """
    if deck == "french":
        if card not in FRENCH_RANKS or suit not in FRENCH_SUITS:
            raise ValueError(f"not a French card: {card!r} {suit!r}")
        return f"french:{card}{suit}:{'4c' if four_colour else '2c'}"
    if deck == "back":
        if card not in BACK_STYLES or suit is not None:
            raise ValueError(f"not a back style: {card!r}")
        return f"back:{card}"
    found = _deck(deck) if isinstance(deck, str) else None
    if found is None:
        raise ValueError(f"unknown deck {deck!r}")
    if card not in found.cards or suit is not None:
        raise ValueError(f"not a card of the {deck} deck: {card!r}")
    return f"{deck}:{card}"


def parse_sprite_key(key: str) -> SpriteSpec:
    """Inverse of :func:`sprite_key`; raises ``ValueError`` on anything it did not make."""
    deck, _, rest = key.partition(":")
    if deck == "french":
        card, _, palette = rest.partition(":")
        if palette not in ("2c", "4c") or len(card) < 2:
            raise ValueError(f"bad sprite key {key!r}")
        spec = SpriteSpec("french", card[:-1], card[-1], palette == "4c")
    else:
        spec = SpriteSpec(deck, rest)
    if sprite_key(spec.deck, spec.card, spec.suit, four_colour=spec.four_colour) != key:
        raise ValueError(f"bad sprite key {key!r}")
    return spec


def deck_keys(deck: str) -> list[str]:
    """Every face of a game's deck, as sprite keys."""
    found = _deck(deck)
    if found is None:
        raise ValueError(f"unknown deck {deck!r}")
    return [sprite_key(deck, c) for c in found.cards]


def french_keys(*, four_colour: bool = False) -> list[str]:
    return [
        sprite_key("french", r, s, four_colour=four_colour)
        for s in FRENCH_SUITS
        for r in FRENCH_RANKS
    ]


def back_keys() -> list[str]:
    return [sprite_key("back", style) for style in BACK_STYLES]


def all_keys() -> list[str]:
    """Every sprite: the French pack in both palettes, the backs, and the registered decks."""
    decks = [k for name in sorted(DECKS) for k in deck_keys(name)]
    return decks + french_keys() + french_keys(four_colour=True) + back_keys()


def draw_sprite(p: Painter, key: str, x: float, y: float, w: float, h: float) -> None:
    """Draw the picture a key names; the single dispatch both backends share."""
    spec = parse_sprite_key(key)
    if spec.deck == "french":
        assert spec.suit is not None
        draw_french_card(p, spec.card, spec.suit, x, y, w, h, four_colour=spec.four_colour)
    elif spec.deck == "back":
        draw_back(p, x, y, w, h, style=spec.card)  # type: ignore[arg-type]
    else:
        DECKS[spec.deck].draw(p, spec.card, x, y, w, h)


class SpriteSheet:
    """Lazily painted, cached sprite canvases for one card size.

    Works as the ``sprites=`` source of both :class:`~kortspel.widgets.paint.CanvasPainter`
    (``canvas(key)``) and :class:`~kortspel.widgets.paint.SvgPainter` (``resolve(key)``), so a
    table drawn with ``p.image(key, ...)`` renders the same on either backend.  Only ``canvas``
    and the repaint methods import ipycanvas.
    """

    def __init__(
        self, card_w: float = CARD_W, card_h: float = CARD_H, *, pixel_ratio: float = 2.0,
        repaint_on_client: bool = True,
    ) -> None:
        self.repaint_on_client = repaint_on_client
        self.card_w = card_w
        self.card_h = card_h
        # Painting at 2x keeps text crisp on HiDPI screens and when the table scales up.
        self.pixel_ratio = pixel_ratio
        self._canvases: dict[str, Any] = {}

    # -- SVG side ----------------------------------------------------------------------
    def resolve(self, key: str) -> tuple[float, float, DrawFn]:
        parse_sprite_key(key)
        w, h = self.card_w, self.card_h

        def draw(p: Painter) -> None:
            draw_sprite(p, key, 0, 0, w, h)

        return w, h, draw

    def define_svg(self, painter: SvgPainter, keys: Iterable[str]) -> None:
        """Emit ``<symbol>`` defs for ``keys`` up front (e.g. a whole deck for a gallery)."""
        for key in keys:
            w, h, draw = self.resolve(key)
            painter.define(key, w, h, draw)

    # -- canvas side -------------------------------------------------------------------
    def keys(self) -> list[str]:
        """Keys painted so far, in the order they were first requested."""
        return list(self._canvases)

    def __contains__(self, key: object) -> bool:
        return key in self._canvases

    def canvas(self, key: str) -> Any:
        """The sprite canvas for ``key``, created and painted on first use."""
        found = self._canvases.get(key)
        if found is not None:
            return found
        parse_sprite_key(key)
        from ipycanvas import Canvas

        c = Canvas(
            width=round(self.card_w * self.pixel_ratio),
            height=round(self.card_h * self.pixel_ratio),
        )
        self._canvases[key] = c
        # A new browser client (reload, Voilà) recreates the model blank: repaint then too,
        # unless the views repaint the whole sheet once per client (``repaint_on_client``).
        if self.repaint_on_client:
            c.on_client_ready(lambda: self._paint(key))
        self._paint(key)
        return c

    def preload(self, keys: Iterable[str]) -> None:
        """Create and paint many sprites in one batch (one comm message)."""
        with batch():
            for key in keys:
                self.canvas(key)

    def repaint_all(self) -> None:
        """Re-send every sprite's drawing; call from the table's ``on_client_ready``."""
        with batch():
            for key in self._canvases:
                self._paint(key)

    def _paint(self, key: str) -> None:
        c = self._canvases[key]
        with batch():
            c.clear()
            cp = CanvasPainter(c)
            with cp.group(0, 0, self.pixel_ratio):
                draw_sprite(cp, key, 0, 0, self.card_w, self.card_h)


_SVG_SHEETS: dict[tuple[float, float], SpriteSheet] = {}


def svg_sprites(card_w: float | CardStyle = CARD_W, card_h: float = CARD_H) -> SpriteSheet:
    """The sprite source for SVG pictures of one card size (no ipycanvas needed)."""
    if not isinstance(card_w, int | float):  # a CardStyle
        style = card_w
        card_w, card_h = style.w, style.h
    sheet = _SVG_SHEETS.get((card_w, card_h))
    if sheet is None:
        sheet = _SVG_SHEETS[(card_w, card_h)] = SpriteSheet(card_w, card_h)
    return sheet
