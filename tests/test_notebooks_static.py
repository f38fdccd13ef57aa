"""The committed notebooks read well without a kernel: run, with pictures (SVG, and PNG with alt
text for untrusted notebooks and exported HTML), without widget state.

A reader on GitHub or an exported HTML page sees the static SVG beside each live widget only
when no widget state is saved (jupyter.md 5.1), so that is checked here, cell by cell.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted(p for p in (Path(__file__).resolve().parents[1] / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)  # a lab session's copies are not ours
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_with_outputs_and_static_pictures(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], "saved widget state hides the static pictures"
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None for c in code), "run `make notebooks`"
    for cell in code:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", "".join(cell["source"])[:80]
            data = out.get("data", {})
            if WIDGET in data:
                plain = "".join(data.get("text/plain", ""))
                worded = plain and "(" not in plain.split()[0]  # not a bare "IntProgress(...)"
                assert "text/html" in data or worded, (
                    f"a widget without a static fallback: {''.join(cell['source'])[:80]}")
            if WIDGET in data and "<img" in "".join(data.get("text/html", "")):
                # Untrusted, exported or on a code host this picture is shown: with its words
                # as alt text, and no bare PNG or SVG beside it (those are drawn without alt).
                assert "image/svg+xml" not in data and "image/png" not in data
                alt = re.search(r'alt="([^"]*)"', "".join(data["text/html"]))
                assert alt and len(alt.group(1)) > 20, (
                    f"a picture without alt text: {''.join(cell['source'])[:80]}")


def test_the_notebooks_the_issues_name_exist() -> None:
    names = {p.relative_to(p.parents[1] if p.parent.name != "notebooks" else p.parent).as_posix()
             for p in NOTEBOOKS}
    assert "00-start-here.ipynb" in names
    for game in ("kille", "knock", "kopknack", "gnallknekt"):
        for step in ("01-rules", "02-worked-examples", "03-play", "04-strategy"):
            assert f"{game}/{step}.ipynb" in names


@pytest.mark.parametrize("tree", ["", "sv"])
def test_start_here_links_every_notebook_and_rules_page(tree: str) -> None:
    """00-start-here lists every game's notebooks and rules page, and each link resolves:
    the English page its own tree's, the Swedish one (``notebooks/sv/``) the Swedish tree's."""
    root = Path(__file__).resolve().parents[1] / "notebooks" / tree
    start = root / "00-start-here.ipynb"
    if not start.exists():
        pytest.skip(f"no {start.relative_to(root.parents[1 if tree else 0])} yet")
    text = "".join("".join(c["source"]) for c in json.loads(
        start.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "markdown")
    links = re.findall(r"\]\(([^)#]+\.(?:ipynb|md))", text)
    for path in NOTEBOOKS:
        game = path.parent
        if game.parent == root and game.name not in ("sv", "locale"):
            assert f"{game.name}/{path.name}" in links, path
    for link in links:
        assert (start.parent / link).resolve().exists(), link


QUESTION_WORDS = ("Check:", "Kolla:")
"""How a ``Check``'s words start, in English and in Swedish (the Swedish notebooks')."""
OVER_WORDS = (" is over", " är slut")
"""How a finished hand's telling says so, in English and in Swedish."""


def _is_question(cell: dict) -> bool:
    """A quiz: its output is a ``Check`` (its words start with "Check:", "Kolla:")."""
    return any("".join(out.get("data", {}).get("text/plain", "")).startswith(QUESTION_WORDS)
               for out in cell.get("outputs", []))


def _shown_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        parts.append("".join(out.get("data", {}).get("text/plain", "")))
        parts.append(" ".join(re.findall(r'alt="([^"]*)"', "".join(
            out.get("data", {}).get("text/html", "")))))
    return " ".join(parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_question_sits_under_a_finished_hand(path: Path) -> None:
    """A table or a printout of a finished hand states its result ("The hand is over: b
    loses a life"), so one just above a question about that hand gives the answer away: ask
    first, show after."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not _is_question(cell):
            continue
        before = cells[i - 1] if i else None
        if before is None or before["cell_type"] != "code":
            continue  # prose between the two: the question is not read off an output
        shown = _shown_text(before)
        assert not any(over in shown for over in OVER_WORDS), (
            f"{path.name}: the question in {''.join(cell['source'])[:60]!r} sits right under "
            f"a finished hand: {shown.strip()[:120]!r}")


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.parent.name != "notebooks"][:8],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_exported_html_reads_every_picture_aloud(path: Path) -> None:
    """``jupyter nbconvert --to html`` (and JupyterLab's Export as HTML) gives each table its
    words, never "No description has been provided for this image"."""
    nbconvert = pytest.importorskip("nbconvert")
    page, _ = nbconvert.HTMLExporter().from_filename(str(path))
    assert "No description has been provided" not in page


CARD_CODE = re.compile(r"(?<![\w'\"])(?:10|[2-9JQKA])[SHDC](?![\w'\"])")
"""A card as a record writes it (9D), which a learner should read as the table shows it."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_show_cards_as_the_table_does(path: Path) -> None:
    """What a cell prints names cards as 9♦, never as a record's code 9D, unless the cell's
    own code typed that code (a record's action quoted in an error, a dict keyed by a hand)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        typed = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", "".join(cell.get("source", ""))))
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(
                out.get("data", {}).get("text/plain", ""))
            raw = set(CARD_CODE.findall(text)) - typed
            assert not raw, (f"{path.parent.name}/{path.name}: {sorted(raw)[:6]} in the output "
                             f"of {''.join(cell['source'])[:60]!r}")
