"""The teacher's page in a real browser (headless Chromium): every table live with its
cards, a room opened from the form, a room ended, a record downloaded that replays, and a
wrong token refused in words. Marked ``thorough`` (a browser costs seconds): CI runs it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from rooms_helpers import http, try_act, wait_until

from kortspel.rooms.client import RoomClient, open_room
from kortspel.rooms.room import replay_match

pytestmark = [pytest.mark.thorough, pytest.mark.browser]

CHROMIUM = os.environ.get("KORTSPEL_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "build"


@pytest.fixture
def browser_page() -> Any:
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM} (CI installs it)")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1366, "height": 900},
                                accept_downloads=True)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        outside: list[str] = []
        page.on("request", lambda r: outside.append(r.url)
                if not r.url.startswith(("http://127.0.0.1", "blob:", "data:")) else None)
        yield page, errors, outside
        browser.close()


def test_the_teacher_watches_opens_ends_and_downloads(rooms_server: Any,
                                                      browser_page: Any) -> None:
    page, errors, outside = browser_page
    server = rooms_server(pace=0.0, between=0.0)
    room = open_room(server.url, "kille", seats=3, computers=[None, "heuristic", "random"])
    alva = RoomClient(server.url, room["code"], "Alva")
    wait_until(lambda: alva.observation is not None, what="the deal")

    page.goto(f"{server.url}/teacher#token=wrong")
    page.wait_for_selector("#state:has-text(\"teacher's token\")")
    page.fill("#token", server.teacher_token)
    page.click("#login button")
    card = page.locator(".room", has_text=room["code"])
    card.wait_for()
    assert "Alva" in card.inner_text() and "computer (heuristic)" in card.inner_text()
    wait_until(lambda: "hand a:" in card.inner_text(), what="the cards shown")
    assert page.url.endswith("/teacher")  # the token left the address bar
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "rooms-teacher.png"), full_page=True)

    # open a Knock room from the form
    page.select_option("#game", "knock")
    page.select_option("#seats", "3")
    page.locator("#computers select").nth(2).select_option("expert")
    page.click("#open button[type=submit]")
    page.wait_for_selector("#opened:has-text('is open')")
    code = page.inner_text("#opened").split()[1]
    status, info = http(server, f"/api/rooms/{code}")
    assert status == 200 and info["game"] == "knock" and info["seats"] == 3

    # end Alva's room: she is sent away, its record is listed and downloads
    wait_until(lambda: (alva.wait_turn(), try_act(alva))[1], what="Alva's move")
    page.on("dialog", lambda d: d.accept())
    card.get_by_role("button", name="End room").click()
    wait_until(lambda: alva.closed, what="Alva sent away")
    item = page.locator("#records li", has_text=room["code"])
    item.wait_for()
    with page.expect_download() as download:
        item.get_by_role("button", name="Download").click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["room"]["code"] == room["code"]
    replay_match(record)
    assert [e for e in errors if "status of 401" not in e] == []  # 401: the wrong token
    assert len(errors) == 1
    assert not outside, outside
