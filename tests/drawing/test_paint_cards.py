"""Painters, card art and sprites, checked without a browser.

ipycanvas pixels only exist in a browser, so these tests check structure instead: SVG that
parses, recorded call lists that differ where pictures must differ, and ipycanvas commands
that are actually produced (and flushed) by the canvas backend.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from kortspel.widgets.cards import (
    CARD_H,
    CARD_W,
    FOUR_COLOUR,
    FRENCH_RANKS,
    FRENCH_SUITS,
    HIGHLIGHTS,
    TWO_COLOUR,
    draw_back,
    draw_french_card,
    draw_highlight,
    draw_suit,
    french_label,
)
from kortspel.widgets.games.kille_cards import (
    KILLE_GLOSS,
    KILLE_KINDS,
    LOW_CARDS,
    MATADORS,
    card_label,
    draw_kille_card,
    kille_category,
)
from kortspel.widgets.paint import (
    CanvasPainter,
    Painter,
    RecordingPainter,
    SvgPainter,
    batch,
    fit_text_size,
    svg_id,
    text_width,
)
from kortspel.widgets.sprites import (
    SpriteSheet,
    all_keys,
    back_keys,
    deck_keys,
    french_keys,
    parse_sprite_key,
    sprite_key,
)

SVG_NS = "{http://www.w3.org/2000/svg}"
FRENCH_CARDS = [(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG_NS}text")]


def record(fn: Any, *args: Any, **kwargs: Any) -> RecordingPainter:
    p = RecordingPainter()
    fn(p, *args, **kwargs)
    return p


COLOUR_KEYS = ("fill", "stroke")


def without_colour(ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> list[Any]:
    return [(m, a, {k: v for k, v in kw.items() if k not in COLOUR_KEYS}) for m, a, kw in ops]


# ---------------------------------------------------------------------------------------
# Kille deck


def test_kille_kinds_are_the_21_named_cards_in_order() -> None:
    assert len(KILLE_KINDS) == 21 == len(set(KILLE_KINDS))
    assert KILLE_KINDS[:3] == ("Blaren", "Blompottan", "Kransen")
    assert KILLE_KINDS[3:15] == tuple(str(n) for n in range(1, 13))
    assert KILLE_KINDS[15:] == ("Värdshus", "Kavall", "Husu", "Husar", "Kuku", "Harlekin")
    assert set(KILLE_GLOSS) == set(KILLE_KINDS)
    assert KILLE_GLOSS["Kuku"] == "the cuckoo"
    assert KILLE_GLOSS["Husar"] == "the hussar"
    assert KILLE_GLOSS["Husu"] == "the pig"
    assert KILLE_GLOSS["Kavall"] == "the horse"
    assert KILLE_GLOSS["Värdshus"] == "the inn"
    assert KILLE_GLOSS["Blaren"] == "the mask"
    assert KILLE_GLOSS["Blompottan"] == "the flowerpot"
    assert KILLE_GLOSS["Kransen"] == "the wreath"
    assert KILLE_GLOSS["Harlekin"] == "the harlequin"
    assert KILLE_GLOSS["1"] == "one" and KILLE_GLOSS["12"] == "twelve"


def test_kille_categories() -> None:
    assert [kille_category(k) for k in LOW_CARDS] == ["low"] * 3
    assert [kille_category(k) for k in MATADORS] == ["matador"] * 5
    assert kille_category("Harlekin") == "harlekin"
    assert kille_category("7") == "number"
    with pytest.raises(ValueError):
        kille_category("Joker")


@pytest.mark.parametrize("kind", KILLE_KINDS)
def test_card_label(kind: str) -> None:
    label = card_label(kind)
    assert kind in label and KILLE_GLOSS[kind] in label


@pytest.mark.parametrize("kind", KILLE_KINDS)
def test_kille_card_svg_parses_and_shows_its_name(kind: str) -> None:
    p = SvgPainter(CARD_W, CARD_H, title=card_label(kind))
    draw_kille_card(p, kind, 0, 0, CARD_W, CARD_H)
    root = parse(p.svg())
    assert kind in texts(root)
    assert root.get("aria-label") == card_label(kind)


@pytest.mark.parametrize("kind", KILLE_KINDS)
@pytest.mark.parametrize("size", [(72, 108), (60, 90), (200, 300)])
def test_kille_card_records(kind: str, size: tuple[int, int]) -> None:
    p = record(draw_kille_card, kind, 5, 7, *size)
    assert len(p.ops) > 5
    assert p.ops[0] == ("group", (5.0, 7.0, size[0] / 100), {})
    assert kind in p.texts()


def test_every_kille_kind_is_drawn_differently() -> None:
    drawings = {k: record(draw_kille_card, k, 0, 0).ops for k in KILLE_KINDS}
    for a, b in itertools.combinations(KILLE_KINDS, 2):
        assert drawings[a] != drawings[b], (a, b)
    # The pictures differ even ignoring the written name (emblems/pips are distinct).
    shapes = {k: [op for op in ops if op[0] != "text"] for k, ops in drawings.items()}
    for a, b in itertools.combinations(KILLE_KINDS, 2):
        assert shapes[a] != shapes[b], (a, b)


def test_number_cards_show_as_many_pips_as_their_value() -> None:
    base = record(draw_kille_card, "1", 0, 0).count("circle")
    for n in range(2, 13):
        assert record(draw_kille_card, str(n), 0, 0).count("circle") == base + 2 * (n - 1)


def test_matadors_get_a_gold_frame_and_others_do_not() -> None:
    gold = "#D4A62A"

    def frame_strokes(kind: str) -> set[str]:
        return {kw.get("stroke") for m, _, kw in record(draw_kille_card, kind, 0, 0).ops
                if m == "rect"}  # fmt: skip

    for kind in KILLE_KINDS:
        assert (gold in frame_strokes(kind)) == (kind in MATADORS), kind


def test_kille_text_fits_its_band() -> None:
    for kind in KILLE_KINDS:
        ops = [op for op in record(draw_kille_card, kind, 0, 0).ops if op[0] == "text"]
        for _, args, kw in ops:
            width = text_width(args[2], kw["size"], bold=kw.get("bold", False))
            assert width <= kw.get("max_width", 100) * 1.15, (kind, args[2], width)


def test_unknown_kille_kind_rejected_even_face_down() -> None:
    with pytest.raises(ValueError):
        draw_kille_card(RecordingPainter(), "Joker", 0, 0, face_up=False)


def test_face_down_kille_card_is_the_back() -> None:
    down = record(draw_kille_card, "Kuku", 3, 4, 60, 90, face_up=False).ops
    assert down == record(draw_back, 3, 4, 60, 90, style="kille").ops
    assert (
        record(draw_kille_card, "1", 0, 0, face_up=False).ops
        == record(draw_kille_card, "Harlekin", 0, 0, face_up=False).ops
    )


# ---------------------------------------------------------------------------------------
# French pack


@pytest.mark.parametrize("four_colour", [False, True], ids=["2c", "4c"])
@pytest.mark.parametrize(("rank", "suit"), FRENCH_CARDS, ids=[r + s for r, s in FRENCH_CARDS])
def test_french_card_draws(rank: str, suit: str, four_colour: bool) -> None:
    p = SvgPainter(CARD_W, CARD_H, title=french_label(rank, suit))
    draw_french_card(p, rank, suit, 0, 0, four_colour=four_colour)
    root = parse(p.svg())
    assert texts(root).count(rank) >= 2  # index in two corners
    fills = {el.get("fill") for el in root.iter()}
    palette = FOUR_COLOUR if four_colour else TWO_COLOUR
    assert palette[suit] in fills
    rec = record(draw_french_card, rank, suit, 0, 0, four_colour=four_colour)
    assert rec.texts().count(rank) >= 2


def test_all_52_french_cards_differ() -> None:
    drawings = [record(draw_french_card, r, s, 0, 0).ops for r, s in FRENCH_CARDS]
    assert len(drawings) == 52
    for a, b in itertools.combinations(range(52), 2):
        assert drawings[a] != drawings[b], (FRENCH_CARDS[a], FRENCH_CARDS[b])


def test_suit_shapes_differ_without_colour() -> None:
    shapes = {s: without_colour(record(draw_suit, s, 50, 50, 20, fill="#000").ops)
              for s in FRENCH_SUITS}  # fmt: skip
    for a, b in itertools.combinations(FRENCH_SUITS, 2):
        assert shapes[a] != shapes[b], (a, b)
    # Shapes, not font glyphs.
    assert all(m != "text" for ops in shapes.values() for m, *_ in ops)


def test_suit_flip_is_a_half_turn() -> None:
    up = record(draw_suit, "H", 50, 50, 20, fill="#000").ops
    down = record(draw_suit, "H", 50, 50, 20, fill="#000", flip=True).ops
    assert up != down
    (_, (cmds_up,), _), (_, (cmds_down,), _) = up[0], down[0]
    for cu, cd in zip(cmds_up, cmds_down, strict=True):
        for vu, vd in zip(cu[1:], cd[1:], strict=True):
            assert vu - 50 == pytest.approx(-(vd - 50))


def test_four_colour_palette_appears_and_differs_per_suit() -> None:
    assert FOUR_COLOUR == {"S": "#000000", "H": "#D55E00", "D": "#0072B2", "C": "#009E73"}
    assert len(set(FOUR_COLOUR.values())) == 4
    for suit in FRENCH_SUITS:
        p = SvgPainter(CARD_W, CARD_H)
        draw_french_card(p, "7", suit, 0, 0, four_colour=True)
        svg = p.svg()
        assert f'fill="{FOUR_COLOUR[suit]}"' in svg
        for other in FRENCH_SUITS:
            if other != suit:
                assert f'fill="{FOUR_COLOUR[other]}"' not in svg, (suit, other)


def test_two_colour_palette_is_black_and_red() -> None:
    assert TWO_COLOUR["S"] == TWO_COLOUR["C"] != TWO_COLOUR["H"] == TWO_COLOUR["D"]
    p = SvgPainter(CARD_W, CARD_H)
    draw_french_card(p, "A", "H", 0, 0)
    assert f'fill="{TWO_COLOUR["H"]}"' in p.svg()


def test_french_labels() -> None:
    assert french_label("A", "S") == "ace of spades"
    assert french_label("10", "H") == "ten of hearts"
    assert french_label("Q", "D", "en") == "queen of diamonds"
    assert french_label("A", "S", lang="sv") == "spader ess"
    assert french_label("J", "C", lang="sv") == "klöver knekt"
    assert french_label("K", "H", lang="sv") == "hjärter kung"
    assert french_label("2", "D", lang="sv") == "ruter tvåa"
    with pytest.raises(ValueError):
        french_label("1", "S")
    with pytest.raises(ValueError):
        french_label("A", "X")
    with pytest.raises(ValueError):
        french_label("A", "S", lang="de")  # type: ignore[arg-type]


def test_face_down_french_card_is_the_french_back() -> None:
    down = record(draw_french_card, "K", "S", 0, 0, face_up=False).ops
    assert down == record(draw_back, 0, 0, style="french").ops


# ---------------------------------------------------------------------------------------
# Backs and highlights


@pytest.mark.parametrize("style", ["kille", "french"])
def test_backs_draw(style: str) -> None:
    p = SvgPainter(CARD_W, CARD_H)
    draw_back(p, 0, 0, style=style)  # type: ignore[arg-type]
    root = parse(p.svg())
    assert texts(root) == []  # a pattern, no text
    assert len(record(draw_back, 0, 0, style=style).ops) > 20  # type: ignore[arg-type]


def test_backs_differ_and_bad_style_rejected() -> None:
    assert record(draw_back, 0, 0, style="kille").ops != record(draw_back, 0, 0, style="french").ops
    with pytest.raises(ValueError):
        draw_back(RecordingPainter(), 0, 0, style="tarot")  # type: ignore[arg-type]


def test_highlights_differ_by_more_than_colour() -> None:
    marks = {h: without_colour(record(draw_highlight, h, 0, 0, CARD_W, CARD_H).ops)
             for h in HIGHLIGHTS}  # fmt: skip
    for a, b in itertools.combinations(HIGHLIGHTS, 2):
        assert marks[a] != marks[b], (a, b)
    with pytest.raises(ValueError):
        draw_highlight(RecordingPainter(), "glowing", 0, 0, CARD_W, CARD_H)


@pytest.mark.parametrize("highlight", HIGHLIGHTS)
def test_highlighted_cards_draw_in_both_decks(highlight: str) -> None:
    p = SvgPainter(400, 200)
    draw_kille_card(p, "Harlekin", 10, 40, highlight=highlight)
    draw_french_card(p, "Q", "H", 100, 40, highlight=highlight, four_colour=True)
    parse(p.svg())
    plain = record(draw_kille_card, "Kuku", 0, 0).ops
    marked = record(draw_kille_card, "Kuku", 0, 0, highlight=highlight).ops
    assert marked[: len(plain)] != plain or len(marked) > len(plain)


def test_selected_card_is_lifted() -> None:
    ops = record(draw_kille_card, "Kuku", 0, 100, 72, 108, highlight="selected").ops
    assert ops[0][0] == "group" and ops[0][1][1] < 100


# ---------------------------------------------------------------------------------------
# SvgPainter


def test_svg_escapes_text_and_attributes() -> None:
    p = SvgPainter(100, 50, title='A <b> & "c"', desc="x < y & z")
    p.text(10, 10, "<&>\"'", fill="#000")
    svg = p.svg()
    assert "&lt;&amp;&gt;" in svg and "<&>" not in svg
    root = parse(svg)
    assert texts(root) == ["<&>\"'"]
    assert root.find(f"{SVG_NS}title").text == 'A <b> & "c"'  # type: ignore[union-attr]
    assert root.find(f"{SVG_NS}desc").text == "x < y & z"  # type: ignore[union-attr]
    assert root.get("aria-label") == 'A <b> & "c"'
    assert root.get("role") == "img"


def test_svg_is_deterministic_and_compact() -> None:
    def draw() -> str:
        p = SvgPainter(CARD_W, CARD_H, background="#fff")
        draw_kille_card(p, "Kuku", 0, 0)
        draw_french_card(p, "10", "D", 0, 0, four_colour=True)
        return p.svg()

    assert draw() == draw()
    p = SvgPainter(10, 10)
    p.circle(1 / 3, 2.0, 0.1 + 0.2)
    assert '<circle cx="0.33" cy="2" r="0.3" fill="none"/>' in p.svg()


def test_svg_all_primitives_parse() -> None:
    p = SvgPainter(200, 100, title="primitives", background="#eee")
    with p.group(10, 10, 2.0), p.alpha(0.5):
        p.rect(0, 0, 10, 10, fill="#f00", stroke="#000", line_width=2, radius=2, dash=(2, 1))
        p.circle(5, 5, 3, stroke="#00f")
        p.ellipse(5, 5, 4, 2, fill="#0f0", rotation=30)
        p.polygon([(0, 0), (5, 0), (0, 5)], fill="#123")
        p.polyline([(0, 0), (5, 5)], stroke="#456", line_width=3)
        p.path([("M", 0, 0), ("L", 1, 1), ("Q", 2, 2, 3, 1), ("C", 4, 0, 5, 1, 6, 2), ("Z",)],
               fill="#789")  # fmt: skip
        for align in ("left", "center", "right"):
            for baseline in ("top", "middle", "bottom", "alphabetic"):
                p.text(0, 0, "x", align=align, baseline=baseline, bold=True, italic=True)  # type: ignore[arg-type]
        p.text(0, 0, "a long line of text", size=20, max_width=20, family="serif")
    root = parse(p.svg())
    tags = {el.tag.removeprefix(SVG_NS) for el in root.iter()}
    assert {"rect", "circle", "ellipse", "polygon", "polyline", "path", "text", "g"} <= tags
    squeezed = [el for el in root.iter(f"{SVG_NS}text") if el.get("textLength")]
    assert len(squeezed) == 1 and squeezed[0].get("font-family") == "serif"


def test_bad_path_command_rejected_by_every_backend() -> None:
    for p in (SvgPainter(10, 10), RecordingPainter()):
        with pytest.raises(ValueError):
            p.path([("A", 1, 1, 0, 0, 1, 5, 5)])
        with pytest.raises(ValueError):
            p.path([("M", 1)])


def test_svg_sprites_become_symbols_used_once_each() -> None:
    sheet = SpriteSheet()
    p = SvgPainter(400, 200, sprites=sheet)
    key = sprite_key("kille", "Värdshus")
    for i in range(3):
        p.image(key, 10 + i * 80, 10, CARD_W, CARD_H)
    p.image(sprite_key("back", "kille"), 300, 10, CARD_W, CARD_H)
    svg = p.svg()
    root = parse(svg)
    symbols = root.findall(f"{SVG_NS}defs/{SVG_NS}symbol")
    assert sorted(s.get("id") for s in symbols) == sorted([svg_id(key), svg_id("back:kille")])
    uses = root.findall(f"{SVG_NS}use")
    assert [u.get("href") for u in uses] == [f"#{svg_id(key)}"] * 3 + ["#s-back_3a_kille"]
    assert svg.count("Värdshus</text>") == 1  # drawn once, referenced three times
    with pytest.raises(KeyError):
        SvgPainter(10, 10).image(key, 0, 0, 1, 1)


def test_svg_ids_are_distinct_and_safe() -> None:
    ids = [svg_id(k) for k in all_keys()]
    assert len(set(ids)) == len(ids)
    assert all(i.replace("-", "").replace("_", "").isalnum() and i.isascii() for i in ids)


def test_define_svg_emits_a_whole_deck() -> None:
    sheet = SpriteSheet(60, 90)
    p = SvgPainter(10, 10)
    sheet.define_svg(p, deck_keys("kille"))
    root = parse(p.svg())
    assert len(root.findall(f"{SVG_NS}defs/{SVG_NS}symbol")) == 21
    assert root.find(f"{SVG_NS}defs/{SVG_NS}symbol").get("viewBox") == "0 0 60 90"  # type: ignore[union-attr]


def test_text_metrics() -> None:
    assert text_width("", 12) == 0
    assert text_width("Blompottan", 15, bold=True) > text_width("Blompottan", 15)
    assert text_width("WW", 10) > text_width("ii", 10)
    assert fit_text_size("Kuku", 15, 1000) == 15
    size = fit_text_size("Blompottan", 15, 50, bold=True)
    assert text_width("Blompottan", size, bold=True) == pytest.approx(50)


def test_backends_satisfy_the_protocol() -> None:
    from ipycanvas import Canvas

    assert isinstance(SvgPainter(1, 1), Painter)
    assert isinstance(RecordingPainter(), Painter)
    assert isinstance(CanvasPainter(Canvas(width=1, height=1)), Painter)


# ---------------------------------------------------------------------------------------
# Sprite keys


def test_sprite_keys_round_trip() -> None:
    assert sprite_key("kille", "Kuku") == "kille:Kuku"
    assert sprite_key("french", "Q", "H", four_colour=True) == "french:QH:4c"
    assert sprite_key("french", "10", "S") == "french:10S:2c"
    assert sprite_key("back", "kille") == "back:kille"
    keys = all_keys()
    assert len(keys) == len(set(keys)) == 21 + 52 + 52 + 2
    assert len(french_keys()) == 52 and back_keys() == ["back:kille", "back:french"]
    for key in keys:
        spec = parse_sprite_key(key)
        assert sprite_key(spec.deck, spec.card, spec.suit, four_colour=spec.four_colour) == key


@pytest.mark.parametrize(
    "bad", ["kille:Joker", "french:1S:2c", "french:QH", "french:QX:4c", "back:tarot", "x:y", ""]
)
def test_bad_sprite_keys_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_sprite_key(bad)


def test_sprite_key_validates() -> None:
    with pytest.raises(ValueError):
        sprite_key("kille", "13")
    with pytest.raises(ValueError):
        sprite_key("french", "Q")
    with pytest.raises(ValueError):
        sprite_key("deck", "Q")  # type: ignore[arg-type]


def test_importing_paint_cards_sprites_does_not_import_ipycanvas() -> None:
    code = (
        "import sys, kortspel.widgets.paint, kortspel.widgets.cards, kortspel.widgets.sprites\n"
        "assert 'ipycanvas' not in sys.modules, 'ipycanvas imported'\n"
        "assert 'ipywidgets' not in sys.modules, 'ipywidgets imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------------------
# ipycanvas backend (real Canvas objects, no browser: commands go nowhere but are built)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Capture what the global canvas manager would send to the browser."""
    from ipycanvas.canvas import _CANVAS_MANAGER

    messages: list[Any] = []
    monkeypatch.setattr(
        _CANVAS_MANAGER, "_send_custom", lambda command, buffers=(): messages.append(command)
    )
    monkeypatch.setattr(_CANVAS_MANAGER, "_caching", False)
    monkeypatch.setattr(_CANVAS_MANAGER, "_commands_cache", [])
    monkeypatch.setattr(_CANVAS_MANAGER, "_buffers_cache", [])
    return messages


def test_batch_restores_caching_after_an_exception(sent: list[Any]) -> None:
    from ipycanvas import Canvas
    from ipycanvas.canvas import _CANVAS_MANAGER

    c = Canvas(width=20, height=20)
    with pytest.raises(RuntimeError), batch():
        c.fill_rect(0, 0, 5, 5)
        raise RuntimeError("student code broke")
    assert _CANVAS_MANAGER._caching is False
    assert _CANVAS_MANAGER._commands_cache == []
    assert len(sent) == 1  # the partial batch was flushed, not left queued
    c.fill_rect(1, 1, 2, 2)  # later draws go straight out again
    assert len(sent) >= 2 and _CANVAS_MANAGER._commands_cache == []


def test_batch_nests_and_keeps_outer_caching(sent: list[Any]) -> None:
    from ipycanvas import Canvas
    from ipycanvas.canvas import _CANVAS_MANAGER

    c = Canvas(width=20, height=20)
    with batch():
        with batch():
            c.fill_rect(0, 0, 5, 5)
        assert _CANVAS_MANAGER._caching is True
        c.fill_rect(0, 0, 5, 5)
    assert _CANVAS_MANAGER._caching is False
    assert _CANVAS_MANAGER._commands_cache == []


def test_canvas_painter_draws_every_card_on_a_real_canvas(sent: list[Any]) -> None:
    from ipycanvas import Canvas

    c = Canvas(width=1200, height=900)
    with batch():
        p = CanvasPainter(c)
        for i, kind in enumerate(KILLE_KINDS):
            draw_kille_card(p, kind, (i % 11) * 80, (i // 11) * 120, highlight="legal")
        for i, (rank, suit) in enumerate(FRENCH_CARDS):
            draw_french_card(p, rank, suit, (i % 13) * 80, 240 + (i // 13) * 120, four_colour=i % 2)
        draw_back(p, 0, 780, style="kille")
        draw_back(p, 80, 780, style="french")
        draw_kille_card(p, "Kuku", 160, 780, highlight="struck")
        draw_kille_card(p, "Harlekin", 240, 780, highlight="low")
        draw_kille_card(p, "Husu", 320, 780, highlight="selected")
        with p.alpha(0.5):
            p.text(0, 0, "x", align="right", baseline="top", italic=True)
    assert len(sent) == 1  # one comm message for the whole table
    assert len(sent[0]) > 1000


def decode(sent: list[Any]) -> list[tuple[str, list[Any]]]:
    """Turn captured comm payloads back into (command name, args) pairs."""
    from ipycanvas.canvas import COMMANDS, Canvas

    names = {v: k for k, v in COMMANDS.items()}
    attrs = {v: k for k, v in Canvas.ATTRS.items()}
    out: list[tuple[str, list[Any]]] = []
    for message in sent:
        for cmd in [message] if isinstance(message[0], int) else message:
            name, args = names[cmd[0]], cmd[1]
            if name == "set":
                out.append(("set_" + attrs[args[0]], args[1:]))
            else:
                out.append((name, args))
    return out


def test_canvas_painter_maps_calls_and_skips_repeated_state(sent: list[Any]) -> None:
    from ipycanvas import Canvas

    c = Canvas(width=100, height=100)
    with batch():
        p = CanvasPainter(c)
        p.rect(0, 0, 10, 10, fill="#f00")
        p.rect(0, 0, 10, 10, fill="#f00", stroke="#000", radius=3, dash=(2, 2))
        p.circle(5, 5, 2, fill="#f00")
        with p.group(10, 10, 2.0):
            p.ellipse(0, 0, 3, 2, fill="#0f0", rotation=90)
        p.circle(5, 5, 2, fill="#f00")  # fill_style still known after restore
        p.polyline([(0, 0), (1, 1)], stroke="#000")
        p.path([("M", 0, 0), ("Q", 1, 1, 2, 0), ("C", 1, 1, 2, 2, 3, 3), ("Z",)], fill="#f00")
        p.text(1, 2, "hi", size=10, bold=True)
    calls = decode(sent)
    names = [n for n, _ in calls]
    assert names[0] == "switchCanvas"
    assert names.count("set_fill_style") == 3  # red, green inside the group, black text
    assert names.count("setLineDash") == 2  # dashed once, back to solid once
    assert "fillRect" in names and names.count("arcTo") == 4
    assert ("translate", [10, 10]) in calls and ("scale", [2.0, 2.0]) in calls
    assert names.index("save") < names.index("ellipse") < names.index("restore")
    assert "quadraticCurveTo" in names and "bezierCurveTo" in names
    assert ("set_font", ["bold 10px DejaVu Sans, sans-serif"]) in calls
    assert ("fillText", ["hi", 1, 2]) in calls
    ellipse = next(args for n, args in calls if n == "ellipse")
    assert ellipse[4] == pytest.approx(3.14159 / 2, rel=1e-4)
    with pytest.raises(KeyError):
        p.image("kille:Kuku", 0, 0, 10, 10)


def test_sprite_sheet_paints_once_and_repaints(sent: list[Any]) -> None:
    from ipycanvas import Canvas

    sheet = SpriteSheet(60, 90)
    key = sprite_key("french", "Q", "H", four_colour=True)
    sprite = sheet.canvas(key)
    assert isinstance(sprite, Canvas)
    assert (sprite.width, sprite.height) == (120, 180)  # 2x buffer
    assert sheet.canvas(key) is sprite and key in sheet
    n = len(sent)
    sheet.preload(deck_keys("kille") + back_keys())
    assert len(sent) == n + 1  # the whole deck in one message
    assert len(sheet.keys()) == 21 + 2 + 1
    sheet.repaint_all()
    assert len(sent) == n + 2
    table = Canvas(width=400, height=200)
    with batch():
        p = CanvasPainter(table, sprites=sheet)
        p.image(key, 10, 10, 60, 90)
        p.image(sprite_key("kille", "Kuku"), 80, 10, 60, 90)
        p.image(sprite_key("french", "A", "S"), 150, 10, 60, 90)  # painted on demand
    assert len(sheet.keys()) == 25
    with pytest.raises(ValueError):
        sheet.canvas("kille:Joker")
