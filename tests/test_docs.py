"""The examples in the README and docstrings are run, so the docs cannot drift from the code."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import kortspel

REPO = Path(__file__).resolve().parents[1]


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_readme_engine_example_runs_and_its_error_is_the_real_one() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = _python_blocks(readme)
    env: dict = {}
    exec(blocks[0], env)  # the API walk-through
    state = env["state"]
    shown = re.search(r">>> state.apply\(\"(.+?)\"\)\n(\w+): (.+)", readme)
    assert shown, "the README shows an error example"
    with pytest.raises(getattr(kortspel, shown.group(2))) as err:
        state.apply(shown.group(1))
    assert str(err.value) == shown.group(3)


def test_readme_widgets_example_runs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = next(b for b in _python_blocks(readme) if "from kortspel.widgets import" in b)
    env: dict = {}
    exec(_python_blocks(readme)[0] + "\n" + block, env)


def test_package_docstring_examples() -> None:
    result = doctest.testmod(kortspel, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_widgets_api_doc_example_runs() -> None:
    doc = (REPO / "docs" / "widgets-api.md").read_text(encoding="utf-8")
    env: dict = {}
    exec(_python_blocks(doc)[0], env)
