"""Not a test of the project: the run that ``test_harness_cleanup.py`` starts and kills.

It brings up what a browser test brings up (JupyterLab, Voila, a kernel in each, a browser
page), prints ``PROBE READY`` and waits to be killed. Skipped unless that test runs it.
"""

from __future__ import annotations

import os
import time

import pytest
from conftest import _http

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os.environ.get("KORTSPEL_HARNESS_PROBE"),
                                 reason="run by test_harness_cleanup.py only")]


def test_probe_waits_to_be_killed(jupyter_lab, voila_page) -> None:
    _http("POST", jupyter_lab.url("api/kernels"), timeout=30)  # a kernel in JupyterLab
    page = voila_page.page
    page.goto(voila_page.url("smoke.ipynb"), wait_until="domcontentloaded")
    voila_page.wait_for_canvas(0, timeout_ms=90_000)  # Voila's kernel has run the notebook
    print("PROBE READY", flush=True)
    time.sleep(600)
