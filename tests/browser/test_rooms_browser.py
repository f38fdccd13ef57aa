"""Four pupils at one room's table, each in a browser of their own (headless Chromium).

The real server runs as a process (``python -m kortspel serve`` on a free loopback port), as
a teacher starts it. A 4-seat Kille room with no computers is opened through the HTTP API and
started with the teacher's token; four browser contexts (four pupils' machines) each join by
code and name through the server's front page's form, see "waiting for the teacher", and then
play a whole hand by clicks on the table the server draws for their seat. Every WebSocket
frame each browser received is then held to what the engine let that seat know at that
moment (the match's record replayed), the drawn table included: no card of another seat
reaches a pupil's browser. A click out of turn shows the server's refusal and changes nothing;
a reload takes the seat back by the token kept in the tab. No request leaves 127.0.0.1.

The join form of the site's own front page (shown only where a room server answers) is the
site's tier: ``test_site.py``, which has the built site. Here the server serves no site, and
its own front page holds the same form (it leads to the same ``/play``).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rooms"))
from rooms_helpers import (  # noqa: E402 - the rooms' tests' helpers, by path
    DEADLINE,
    card_names,
    http,
    table_state,
    teacher_room,
    told,
    wait_until,
)

import kortspel  # noqa: E402

pytestmark = pytest.mark.browser

NAMES = ("Alva", "Bo", "Cilla", "Dag")
VIEWPORT = {"width": 1366, "height": 768}
SHOTS = Path("/tmp/rooms-shots")
TIMEOUT_MS = 20_000


class Served:
    """``python -m kortspel serve`` in a process of its own: its address and token."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kortspel", "serve", "--host", "127.0.0.1", "--port", "0",
             "--pace", "0", "--between", "60", "--grace", "30"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.lines: list[str] = []
        self.url = self.teacher_token = ""
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(DEADLINE) or not self.teacher_token:
            self.stop()
            raise AssertionError("the server did not start:\n" + "".join(self.lines))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:  # read to the end: a full pipe would stall it
            self.lines.append(line)
            if line.startswith("kortspel classroom server on "):
                self.url = line.split(" on ")[1].split("/ ")[0]
            elif "Teacher's token: " in line:
                self.teacher_token = line.split("Teacher's token: ")[1].split()[0]
                self._ready.set()
        self._ready.set()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture
def served() -> Iterator[Served]:
    server = Served()
    yield server
    server.stop()


class Pupil:
    """One pupil's browser: a context of its own, its page, and every frame it received."""

    def __init__(self, browser: Any, name: str, outside: list[str]) -> None:
        self.name = name
        self.context = browser.new_context(viewport=VIEWPORT)
        self.context.set_default_timeout(TIMEOUT_MS)

        def abort(route: Any) -> None:
            outside.append(route.request.url)
            route.abort()

        self.context.route(re.compile(r"^(?!(https?|wss?)://127\.0\.0\.1[:/])(?!data:).*"),
                           abort)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(
                payload if isinstance(payload, str) else payload.decode())))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text)
                     if m.type == "error" else None)

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        out = [json.loads(f) for f in list(self.frames)]
        return [m for m in out if kind is None or m.get("type") == kind]

    @property
    def seat(self) -> int:
        return int(self.messages("welcome")[-1]["seat"])

    def last_update(self) -> dict[str, Any]:
        return self.messages("update")[-1]

    def shown_step(self) -> int | None:
        step = self.page.get_attribute("#table", "data-step")
        return None if step is None else int(step)

    def click_drawing(self, x: float, y: float) -> None:
        """A real mouse click at a point of the drawing, in the drawing's own pixels."""
        at = self.page.evaluate(
            """([x, y]) => { const m = document.querySelector('#table svg').getScreenCTM();
                return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; }""", [x, y])
        self.page.mouse.click(at[0], at[1])


def join_from_front_page(pupil: Pupil, url: str, code: str) -> None:
    pupil.page.goto(url + "/")
    pupil.page.fill("input[name=code]", code.lower())  # case does not matter
    pupil.page.fill("input[name=name]", pupil.name)
    pupil.page.click("form.join button[type=submit]")
    pupil.page.wait_for_selector("body[data-state=waiting]")


def test_four_pupils_play_a_hand_by_clicks_and_see_only_their_own_cards(
        browser: Any, served: Served) -> None:
    status, room = http(served, "/api/rooms", {
        "game": "kille", "seats": 4, "computers": [None] * 4, "fill": None,
        "auto_start": False})
    assert status == 201, room
    code = room["code"]
    outside: list[str] = []
    pupils = [Pupil(browser, n, outside) for n in NAMES]
    try:
        for p in pupils:
            join_from_front_page(p, served.url, code)
        for p in pupils:  # each is told to wait, and sees who has come
            assert p.page.is_visible("text=Waiting for the teacher to start")
            p.page.wait_for_function(
                "n => document.querySelectorAll('#players tbody tr').length === n", arg=4)
            assert p.name in p.page.inner_text("#me")
        assert sorted(p.seat for p in pupils) == [0, 1, 2, 3]
        by_seat = {p.seat: p for p in pupils}

        status, answer = http(served, f"/api/teacher/rooms/{code}/start", {},
                              token=served.teacher_token)
        assert status == 200, answer
        for p in pupils:
            p.page.wait_for_selector("body[data-state=playing] #table svg")

        rng = random.Random(39)
        refused = False
        shot = None
        actions = 0
        while True:
            view = wait_until(lambda: _settled(served, code), what="a seat's turn or the end")
            if view["hand_over"]:
                break
            seat = "abcd".index(view["to_act"])
            me = by_seat[seat]
            me.page.wait_for_selector("#turn.mine")
            me.page.wait_for_function(
                "s => document.querySelector('#table').dataset.step === String(s)",
                arg=view["step"])
            table = me.last_update()["table"]
            assert me.page.inner_text("#status") == table["status"]
            assert table["status"].startswith("Your turn")
            if not refused:  # a click out of turn: refused in words, nothing changes
                other = by_seat[(seat + 1) % 4]
                before = table_state(served, code)
                own = next(t for t in table["targets"] if t["y"] > table["height"] / 2)
                other.click_drawing(own["x"] + own["w"] / 2, own["y"] + own["h"] / 2)
                other.page.wait_for_selector("#refusal:not([hidden])")
                said = other.page.inner_text("#refusal")
                assert "turn" in said and me.name in said, said
                assert other.messages("error")[-1]["message"] == said
                assert table_state(served, code) == before
                assert other.shown_step() == view["step"]
                refused = True
            if actions < 2:  # the first turn, then mid-hand: a pupil whose turn it is
                SHOTS.mkdir(exist_ok=True)
                shot = SHOTS / ("pupil-first-turn.png", "pupil-mid-hand.png")[actions]
                me.page.screenshot(path=str(shot))
                _fits(me)
            if table["targets"]:
                t = rng.choice(table["targets"])
                me.click_drawing(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
            else:  # nothing to click: a call or an answer (Kille's Kuku, a new deal asked)
                me.page.click("#buttons button")
            wait_until(lambda step=view["step"]: table_state(served, code)["step"] > step,
                       what=f"{me.name}'s click to make a move")
            actions += 1
        assert actions >= 1 and shot is not None  # a Kuku may end a hand early

        # Every page shows the end of the hand, told to its own seat.
        over = teacher_room(served, code)
        for p in pupils:
            p.page.wait_for_function(
                "s => document.querySelector('#table').dataset.step === String(s)",
                arg=over["step"])
            assert p.page.inner_text("#status") == p.last_update()["table"]["status"]
            assert not p.page.is_visible("#buttons button")

        # A reload takes the seat back by the token this tab kept, with the hand told anew.
        alva = pupils[0]
        alva.page.reload()
        alva.page.wait_for_selector("body[data-state=playing] #table svg")
        assert len(alva.messages("welcome")) == 2 and alva.messages("welcome")[-1][
            "seat"] == alva.messages("welcome")[0]["seat"]
        assert "Alva" in alva.page.inner_text("#me")

        # The teacher ends the room: every page says so.
        status, _ = http(served, f"/api/teacher/rooms/{code}/end", {},
                         token=served.teacher_token)
        assert status == 200
        for p in pupils:
            p.page.wait_for_selector("body[data-state=closed] #ending:not([hidden])")

        _no_card_leaked(served, code, pupils)
        assert not outside, outside
        for p in pupils:
            assert not p.errors, (p.name, p.errors)
        assert "Traceback" not in "".join(served.lines), "".join(served.lines)
    finally:
        for p in pupils:
            p.context.close()


def _settled(served: Served, code: str) -> dict[str, Any] | None:
    """The teacher's view once a pupil is to act or the hand is over (not between a deal
    and the chance draws the server makes at once)."""
    view = teacher_room(served, code)
    return view if view.get("hand_over") or view.get("to_act") else None


def _fits(p: Pupil) -> None:
    """At 1366x768 the table, its status and the side column fit the window, side by side,
    nothing cut: the story scrolls inside its box."""
    boxes = p.page.evaluate("""() => Object.fromEntries(
        ['#turn', '#table svg', '#side', '#players', '#story'].map(s => {
          const r = document.querySelector(s).getBoundingClientRect();
          return [s, [r.left, r.top, r.right, r.bottom]]; }))""")
    for name, (left, top, right, bottom) in boxes.items():
        assert left >= 0 and top >= 0 and right <= VIEWPORT["width"] + 0.5 and \
            bottom <= VIEWPORT["height"] + 0.5, (name, boxes[name])
    assert boxes["#table svg"][2] <= boxes["#side"][0]  # the table and the side, apart
    assert boxes["#table svg"][3] - boxes["#table svg"][1] >= 500  # a readable size
    assert p.page.evaluate("document.documentElement.scrollHeight") <= VIEWPORT["height"]


def _no_card_leaked(served: Served, code: str, pupils: list[Pupil]) -> None:
    """Every frame each browser received names only cards its seat could see then: the
    record of what was played, replayed, says what each seat's observation held."""
    status, answer = http(served, "/api/teacher/rooms", token=served.teacher_token)
    record = next(r for r in answer["records"] if r["code"] == code)
    status, full = http(served, f"/api/teacher/records/{record['id']}",
                        token=served.teacher_token)
    assert status == 200, full
    frames = [kortspel.frames(h) for h in full["hands"]]
    deck = set(kortspel.load("kille", seats=4).pack())
    checked = drawn = 0
    for p in pupils:
        seat = p.seat
        seen: dict[int, set[str]] = {}
        for raw in p.frames:
            message = json.loads(raw)
            allowed: set[str] = set()
            if message["type"] == "update":
                hand = message["hand"]
                state = frames[hand][message["step"]]
                expected = state.observation(seat).view()
                seen.setdefault(hand, set()).update(card_names(expected, deck))
                expected.pop("narration")
                assert message["observation"] == expected, (p.name, hand, message["step"])
                allowed = seen[hand]
                checked += 1
                drawn += "table" in message
            leaked = told(message, deck) - allowed
            assert not leaked, f"{p.name} (seat {seat}) was shown {leaked}: {raw[:300]}"
    assert checked == drawn and checked >= 4 * 3  # the deal, a move, the end, at least


def test_a_swedish_pupil_joins_in_swedish_and_reads_no_english(
        browser: Any, served: Served) -> None:
    """The front page's form in svenska: the pupils' page, the table the server draws for the
    seat, its status, story, buttons and standings all speak Swedish; screenshots at
    1366x768 (/tmp/rooms-shots/pupil-swedish-*.png) are looked at for words that do not fit."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from i18n_helpers import english_words

    status, room = http(served, "/api/rooms", {
        "game": "kille", "seats": 3, "computers": [None, "heuristic", "heuristic"]})
    assert status == 201, room
    outside: list[str] = []
    alva = Pupil(browser, "Alva", outside)
    allowed = frozenset({"alva", "a", "b", "c", "kuku", "kortspel"})

    def no_english(where: str) -> None:
        text = alva.page.evaluate("document.body.innerText")
        drawn = " ".join(alva.page.eval_on_selector_all(
            "#table svg text", "nodes => nodes.map(n => n.textContent)"))
        left = english_words(text + " " + drawn, allowed)
        assert not left, (where, left, text, drawn)

    try:
        page = alva.page
        page.goto(served.url + "/")
        page.select_option("select[name=lang]", "sv")
        assert page.inner_text("form.join h2") == "Gå in i ett rum"
        no_english("the front page")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "pupil-swedish-front.png"))
        page.fill("input[name=code]", room["code"])
        page.fill("input[name=name]", "Alva")
        page.click("form.join button[type=submit]")
        page.wait_for_selector("body[data-state=playing] #table svg")
        assert page.evaluate("document.documentElement.lang") == "sv"
        assert alva.messages("welcome")[0]["language"] == "sv"
        SHOTS.mkdir(exist_ok=True)
        shots = 0
        for _ in range(40):
            view = wait_until(lambda: _alvas_turn(served, room["code"]),
                              what="Alva's turn or the end of the hand")
            if view["hand_over"]:
                break
            page.wait_for_selector("#turn.mine")
            page.wait_for_function(
                "s => document.querySelector('#table').dataset.step === String(s)",
                arg=view["step"])
            no_english(f"step {view['step']}")
            if shots == 0:
                page.screenshot(path=str(SHOTS / "pupil-swedish-turn.png"))
                _fits(alva)
                shots += 1
            table = alva.last_update()["table"]
            if table["targets"]:
                t = table["targets"][-1]
                alva.click_drawing(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
            else:
                page.click("#buttons button")
            try:  # a question first (Kille: swap away a matador?): Ja
                page.wait_for_selector("#question:not([hidden])", timeout=500)
                no_english("the question")
                page.screenshot(path=str(SHOTS / "pupil-swedish-question.png"))
                page.click("#yes")
            except Exception:  # noqa: BLE001 - no question was asked: the move is made
                pass
            wait_until(lambda step=view["step"]: table_state(served, room["code"])["step"] >
                       step or table_state(served, room["code"])["hand"] > 0,
                       what="Alva's click to make a move")
        over = teacher_room(served, room["code"])
        page.wait_for_function(
            "s => document.querySelector('#table').dataset.step === String(s)",
            arg=over["step"])
        no_english("the end of the hand")
        page.screenshot(path=str(SHOTS / "pupil-swedish-end.png"))
        _fits(alva)

        # A refusal in words, in Swedish: a click on the table when nothing may be done.
        last = alva.last_update()["table"]
        alva.click_drawing(last["width"] / 2, last["height"] / 2)
        page.wait_for_selector("#refusal:not([hidden])")
        assert "slut" in page.inner_text("#refusal"), page.inner_text("#refusal")
        no_english("a refusal")
        page.screenshot(path=str(SHOTS / "pupil-swedish-refusal.png"))
        http(served, f"/api/teacher/rooms/{room['code']}/end", {}, token=served.teacher_token)
        page.wait_for_selector("body[data-state=closed] #ending:not([hidden])")
        assert page.inner_text("#ending") == "Läraren stängde det här rummet."
        no_english("the room closed")
        assert not outside, outside
        assert not alva.errors, alva.errors
    finally:
        alva.context.close()


def _alvas_turn(served: Served, code: str) -> dict[str, Any] | None:
    """The teacher's view once seat a (the one pupil) is to act or the hand is over."""
    view = teacher_room(served, code)
    return view if view.get("hand_over") or view.get("to_act") == "a" else None
