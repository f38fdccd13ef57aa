"""The rooms in Swedish: a pupil who joins with ``"language": "sv"`` is refused, told and
drawn for in Swedish, whatever language the others at the table speak; the teacher's API
answers in the language its page asks for; the pages' own words (``rooms/static/words.js``)
have every key in both languages, with no English left in a Swedish one.

English is checked the other way round: an English pupil at the same table keeps the English
sentences the other tests pin.
"""

from __future__ import annotations

import html
import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from rooms_helpers import MOVED_ON, answer, connect_raw, try_act, wait_until

from kortspel.rooms.client import RoomClient, RoomError, open_room

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from i18n_helpers import english_words  # noqa: E402 - the tests' own helper, by path

WORDS_JS = Path(__file__).resolve().parents[2] / "rooms" / "static" / "words.js"
SEATS = frozenset("abcdefgh")
"""Seat names, which pass in any language."""


def no_english(text: str, allowed: frozenset[str] = frozenset()) -> None:
    left = english_words(text, SEATS | allowed)
    assert not left, f"English {left} in Swedish text: {text!r}"
    assert "{" not in text and "}" not in text, text


def page_words() -> dict[str, dict[str, str]]:
    """words.js's dictionary, read as the JSON it is written as."""
    source = WORDS_JS.read_text(encoding="utf-8")
    found = re.search(r"/\* words \*/(.*)/\* end words \*/", source, re.S)
    assert found, "words.js keeps its words between /* words */ and /* end words */"
    words: dict[str, dict[str, str]] = json.loads(found.group(1))
    return words


def test_every_page_word_is_in_both_languages_and_the_swedish_has_no_english() -> None:
    words = page_words()
    assert set(words) == {"en", "sv"}
    assert set(words["en"]) == set(words["sv"]), set(words["en"]) ^ set(words["sv"])
    fields = re.compile(r"\{(\w+)\}")
    for key, english in words["en"].items():
        swedish = words["sv"][key]
        assert swedish.strip(), key
        assert sorted(fields.findall(english)) == sorted(fields.findall(swedish)), key
        markup = re.sub(r"<[^>]+>", " ", fields.sub(" ", swedish))
        left = english_words(markup, frozenset({"make", "site", "classroom"}))
        assert not left, (key, left, swedish)
    # The language a pupil chose reaches the server with the join.
    pupil = (WORDS_JS.parent / "pupil.js").read_text(encoding="utf-8")
    assert 'language: LANG' in pupil


def test_a_swedish_pupil_is_refused_in_swedish_and_an_english_one_in_english(
        rooms_server: Any) -> None:
    server = rooms_server()
    with pytest.raises(RoomError) as err:
        RoomClient(server.url, "QQQQQ", "Alva", language="sv")
    assert err.value.reason == "unknown-room"  # the reason is a code: English in every language
    assert str(err.value).startswith("inget öppet rum har den koden"), err.value
    with pytest.raises(RoomError) as err:
        RoomClient(server.url, "QQQQQ", "Alva", language="tlh")
    assert err.value.reason == "bad-language" and "svenska" in str(err.value)

    room = open_room(server.url, "kille", seats=3, computers=[None, None, "heuristic"])
    alva = RoomClient(server.url, room["code"], "Alva", language="sv")
    with pytest.raises(RoomError) as err:
        RoomClient(server.url, room["code"], "alva", language="sv")
    assert err.value.reason == "name-taken"
    no_english(str(err.value), frozenset({"alva"}))
    assert "sitter redan vid bordet" in str(err.value)
    bo = RoomClient(server.url, room["code"], "Bo")  # English: the room starts
    try:
        wait_until(lambda: alva.observation is not None and bo.observation is not None,
                   what="the deal")
        refusals: dict[str, str] = {}
        for _ in range(400):  # until each pupil has been refused once out of turn
            if len(refusals) == 2:
                break
            for me, other in ((alva, bo), (bo, alva)):  # out of turn, while the other acts
                if other.legal and not me.legal and me.name not in refusals:
                    try:
                        me.act("stand")
                    except RoomError as refused:
                        if refused.reason == "not-your-turn":
                            refusals[str(me.name)] = str(refused)
            for me in (alva, bo):
                if me.legal:
                    try_act(me)
            wait_until(lambda: alva.legal or bo.legal or alva.over, what="a pupil's turn")
        assert set(refusals) == {"Alva", "Bo"}, refusals
        swedish, english = refusals["Alva"], refusals["Bo"]
        assert swedish.startswith("det är ") and "inte din; vänta på din tur" in swedish
        no_english(swedish, frozenset({"bo", "kuku"}))
        assert english.startswith("it is ") and "not yours; wait for your turn" in english
        assert "Alvas" not in english
    finally:
        alva.close()
        bo.close()


def _svg_words(svg: str) -> str:
    """The words a drawn table shows: its text and title, not its description for a screen
    reader (``_svg_alt``)."""
    shown = re.sub(r"<desc>.*?</desc>", "", svg, flags=re.S)
    return " ".join(html.unescape(t) for t in re.findall(r">([^<]+)<", shown))


def _svg_alt(svg: str) -> str:
    """The table said in words for a screen reader (the drawing's ``<desc>``)."""
    return " ".join(html.unescape(t) for t in re.findall(r"<desc>(.*?)</desc>", svg, re.S))


def _swedish_tables(server: Any, game: str = "kille") -> tuple[list[dict[str, Any]], list[str]]:
    """Every table a Swedish pupils' page at a room of ``game`` is sent while it plays its
    first legal move each turn (Yes to every question) until the match ends or sixty
    pictures; and the questions it was asked."""
    room = open_room(server.url, game, seats=3, computers=[None, "heuristic", "random"],
                     **({"rules": {"lives": 1}} if game == "kille" else {}))
    ws = connect_raw(server)
    tables: list[dict[str, Any]] = []
    asked: list[str] = []
    try:
        ws.send(json.dumps({"type": "join", "code": room["code"], "name": "Alva",
                            "view": "svg", "language": "sv"}))
        welcome = answer(ws, "welcome")
        assert welcome["language"] == "sv"
        sent = 0
        while len(tables) < 60:
            message = json.loads(ws.recv(timeout=20))
            kind = message["type"]
            if kind == "over":
                break
            if kind == "confirm":  # Kille: swap away a matador? Yes
                asked.append(message["question"])
                sent += 1
                ws.send(json.dumps({"type": "act", "action": message["action"],
                                    "step": message["step"], "confirmed": True, "id": sent}))
            elif kind == "error":
                assert message["reason"] in MOVED_ON, message  # the table moved on
                no_english(message["message"])
            elif kind == "update" and "table" in message:
                tables.append(message["table"])
                if message["legal"] and not message["match_over"]:
                    sent += 1
                    ws.send(json.dumps({"type": "act", "action": message["legal"][0],
                                        "step": message["step"], "id": sent}))
        # Clicks on the table are refused in Swedish too: a point outside the drawing.
        ws.send(json.dumps({"type": "click", "x": -5, "y": -5, "id": 999}))
        refused = answer(ws)
        assert refused["reason"] in ("bad-click", "not-playing", "hand-over"), refused
        no_english(refused["message"])
    finally:
        ws.close()
    return tables, asked


@pytest.mark.xfail(reason="the table's description for a screen reader (widgets/geometry.py's "
                   "alt text) is the widgets' part, not translated yet", strict=False)
def test_a_swedish_pupils_table_is_described_in_swedish(rooms_server: Any) -> None:
    tables, _asked = _swedish_tables(rooms_server())
    for table in tables:
        no_english(_svg_alt(table["svg"]), frozenset({"kuku"}))


@pytest.mark.parametrize("game", ["kille", "knock", "kopknack", "gnallknekt"])
def test_a_swedish_pupils_page_gets_its_table_status_story_and_buttons_in_swedish(
        rooms_server: Any, game: str) -> None:
    tables, asked = _swedish_tables(rooms_server(), game)
    assert len(tables) >= 3
    calls = frozenset({"kuku", "står", "ingen", "byta", "får", "knack"})
    for table in tables:
        no_english(table["status"], calls)
        for line in table["lines"]:
            no_english(line, calls)
        for button in table["buttons"]:
            no_english(button["label"] + " " + button["title"], calls)
        no_english(table.get("progress", ""))
        no_english(" ".join(str(v) for v in table["columns"].values()))
        no_english(_svg_words(table["svg"]), calls)
    assert "plats" not in tables[-1]["columns"] and "seat" in tables[-1]["columns"]
    for question in asked:
        no_english(question)


def test_the_teachers_api_answers_in_the_language_asked(rooms_server: Any) -> None:
    server = rooms_server()
    room = open_room(server.url, "kille", seats=3, computers=[None, "heuristic", "random"])
    alva = RoomClient(server.url, room["code"], "Alva")
    try:
        wait_until(lambda: alva.observation is not None, what="the deal")

        def ask(path: str, token: str) -> tuple[int, Any]:
            request = urllib.request.Request(server.url + path, headers={
                "Authorization": f"Bearer {token}", "Accept-Language": "sv-SE,sv;q=0.9"})
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as err:
                return err.code, json.loads(err.read())

        status, refused = ask("/api/teacher/rooms", "wrong")
        assert status == 401 and refused["error"] == "teacher-token"
        assert refused["message"].startswith("det här kräver lärarens nyckel"), refused
        status, rooms = ask("/api/teacher/rooms", server.teacher_token)
        assert status == 200
        view = rooms["rooms"][0]
        assert view["columns"]["lives"] == "liv" and view["title"] == "Kille"
        assert view["told"], view
        for line in view["told"]:
            no_english(line, frozenset({"alva", "kuku"}))
        assert view["events"]  # the record's words, English, beside the story told
        status, games = ask("/api/games", server.teacher_token)
        named = {g["game"]: g for g in games["games"]}
        assert named["knock"]["title"] == "Knack"
        assert named["kille"]["lengths"]["short"] == "kort (för en lektion)"
    finally:
        alva.close()
