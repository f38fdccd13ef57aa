"""Smoke tests of the browser harness: ipycanvas + ipywidgets really render and react."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.browser
def test_lab_canvas_draws_and_button_redraws(lab):
    lab.open("smoke.ipynb")
    counts = lab.run_all()
    assert counts == ["md", 1, 2]

    lab.wait_for_canvas(0)
    stats = lab.wait_for_color("red", min_count=80 * 80 * 0.9)
    assert stats["colors"]["want"] <= 80 * 80 + 400, stats  # one 80x80 square, anti-aliased
    blue_before = lab.canvas_stats(0, colors={"blue": "#0000c0"})["colors"]["blue"]
    assert blue_before == 0
    before = lab.canvas_hash(0)

    lab.click_button("Draw blue")

    lab.wait_for_canvas_change(before, 0)
    after = lab.wait_for_color("#0000c0", min_count=80 * 80 * 0.9)
    assert after["non_transparent"] >= 2 * 80 * 80 * 0.9, after
    lab.assert_clean()


@pytest.mark.browser
def test_voila_renders_canvas_like_make_app(voila_page):
    page = voila_page.page
    page.goto(voila_page.url("smoke.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=60_000)
    voila_page.wait_for_color("red", min_count=80 * 80 * 0.9)
    before = voila_page.canvas_hash(0)
    voila_page.click_button("Draw blue")
    voila_page.wait_for_canvas_change(before, 0)
    voila_page.wait_for_color("#0000c0", min_count=80 * 80 * 0.9)
    voila_page.assert_clean()


def _all_notebooks():
    for base in (REPO / "notebooks", REPO / "tests" / "browser" / "notebooks"):
        if base.is_dir():
            yield from (p for p in sorted(base.rglob("*.ipynb"))
                        if ".ipynb_checkpoints" not in p.parts)


def test_every_notebook_declares_python3_kernel():
    """Without metadata.kernelspec JupyterLab blocks on a "Select Kernel" dialog."""
    bad = []
    for path in _all_notebooks():
        spec = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("kernelspec")
        if not spec or spec.get("name") != "python3":
            bad.append(f"{path.relative_to(REPO)}: kernelspec={spec!r}")
    assert not bad, "notebooks need metadata.kernelspec.name == 'python3':\n" + "\n".join(bad)
