"""A notebook opened but not run shows its tables as pictures with words, in JupyterLab and in
exported HTML (issue 9, item 5). Nothing is run: the kernel never draws anything here."""

from __future__ import annotations

import pytest
from browser_helpers import open_notebook, poll

pytestmark = pytest.mark.browser

PICTURED = ["kille/01-rules.ipynb", "kille/02-worked-examples.ipynb"]


@pytest.mark.parametrize("path", PICTURED)
def test_an_unrun_notebook_shows_its_tables_as_pictures_with_words(lab, path):
    open_notebook(lab.page, lab.base_url, path)

    def pictures():
        found = lab.page.eval_on_selector_all(
            ".jp-OutputArea-output img",
            "els => els.map(e => ({w: e.naturalWidth, alt: e.alt || ''}))")
        return found if len(found) >= 3 and all(p["w"] > 0 for p in found) else None

    shown = poll(pictures, what="pictures in the saved outputs")
    lab.page.screenshot(path="/tmp/shots/issue9/unrun-" + path.replace("/", "-") + ".png")
    worded = [p for p in shown if len(p["alt"]) > 20]
    assert len(worded) >= len(shown) - 1, shown[:3]
