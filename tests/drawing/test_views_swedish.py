"""The views in Swedish: a play table and the play page's settings, whatever the kernel speaks.

``Play(game, language="sv")`` draws, tells, hints and refuses in Swedish in an English
kernel; ``PlayApp(game, language="sv")`` shows its settings, its teacher's Help row and the
table it deals in Swedish, and its **Language / Språk** menu switches both at once. For every
game a few moves are played with a hint asked, a refusal met and the hand played out to its
review; every text the widget tree shows (a button's or a box's words and tooltip, an HTML
box's words, a menu's options, a text box's placeholder) and every word drawn on the table
(the layout's lines, the name plates' names and notes, the alt text) is read: no English word
(``english_words``; the seats' names are allowed), no ``{field}`` left unfilled. And the
Swedish words fit: at the sizes a 1366×768 screen gives the table, with a hint on it, no line
of Swedish runs into another, lies on a card or a plate, or leaves the felt
(``test_labels_no_overlap``'s checks, in Swedish).

A sentence missing from ``widgets.po`` (or from a game's catalogue) stays English and fails
here. That the English views are unchanged is what the rest of ``tests/drawing`` checks.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as W
import pytest
from i18n_helpers import english_words
from test_labels_no_overlap import SIZE_IDS, SIZES, decisions, hinted

import kortspel
from kortspel import KortspelError, coach
from kortspel.gnallknekt.state import DRAW
from kortspel.i18n import language, using
from kortspel.widgets import Play
from kortspel.widgets.geometry import label_problems, layout, problems, short_number, split_hint
from kortspel.widgets.setup_app import PlayApp

GAMES = ["kille", "knock", "kopknack", "gnallknekt"]
SEEDS = {"kille": 3, "knock": 5, "kopknack": 2, "gnallknekt": 4}


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def widget_texts(root: W.Widget) -> Iterator[tuple[str, str]]:
    """Every text the widget tree under ``root`` shows, with where it is: a control's
    ``description`` and ``tooltip``, an HTML box's or a label's ``value`` (its words, without
    markup), a menu's option labels, a text box's ``placeholder``. Hidden widgets too: a
    button hidden now is shown later, in the words it has."""
    seen: set[int] = set()
    todo: list[Any] = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, W.Widget):
            continue
        seen.add(id(w))
        kind = type(w).__name__
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(w, name, None) if w.has_trait(name) else None
            if isinstance(value, str) and value:
                yield f"{kind}.{name}", value
        if isinstance(w, W.HTML | W.Label | W.HTMLMath) and w.value:
            yield f"{kind}.value", _plain(w.value)
        if isinstance(w, W.Dropdown | W.Select | W.ToggleButtons | W.RadioButtons):
            for label in w._options_labels:
                yield f"{kind}.options", str(label)
        if w.has_trait("children"):
            todo.extend(w.children)


def table_texts(play: Any) -> Iterator[tuple[str, str]]:
    """The words drawn on the table: every line the layout places, the plates' names and
    notes, and the alt text (the table in words for a screen reader)."""
    lay = play.table.layout_now
    for t in lay.texts:
        yield "table", t.text
    for p in lay.plates:
        yield "plate", p.notes
    yield "alt", play.table.alt


UI_WORDS = frozenset("""
click press pile stock discard talon trick tricks score balance deal draw hint review step
undo show hide pass wait next new close back first last view teacher yes no ready play
round session computer player players help seed pace against replay face down pot pts
""".split())
"""The English words of the views' own buttons and lines, which ``english_words`` (words no
Swedish sentence can do without) does not list: none may be left on a Swedish view."""


def _check(texts: Iterator[tuple[str, str]], names: Any, where: str) -> int:
    """No English word and no ``{field}`` in any of ``texts``; returns how many were read."""
    allowed = frozenset(w.lower() for n in names for w in re.findall(r"[A-Za-zÅÄÖåäö]+", n))
    allowed |= {"you", "a", "b", "c", "d"}  # seat names; the language menu's "English" name
    count = 0
    for kind, text in texts:
        if "Language / Språk" in text or text == "English":
            continue  # the language menu speaks both languages, on purpose
        count += 1
        assert "{" not in text and "}" not in text, (where, kind, text)
        found = english_words(text, allowed) + [
            w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in UI_WORDS - allowed]
        assert not found, (where, kind, found, text)
    return count


def _play_some(play: Play, moves: int) -> None:
    """A few moves: the computers theirs, the human its first legal action (a click that
    leads nowhere met first, so a refusal is said)."""
    play.table.on_click(None)  # a click on the felt: refused in words
    for _ in range(moves):
        if play.hand.is_over:
            return
        seat = play._human_turn()
        if seat is None:
            play.bot_step()
        else:
            play.act(play.hand.legal_actions(seat)[0])


def _finish(play: Play) -> None:
    for _ in range(3000):
        if play.hand.is_over:
            return
        seat = play._human_turn()
        if seat is not None:
            play.act(play.hand.legal_actions(seat)[-1])
        else:
            play.bot_step()
    raise AssertionError("the hand did not end")


def _to_my_turn(play: Play) -> bool:
    for _ in range(3000):
        if play.hand.is_over:
            return False
        if play._human_turn() is not None:
            return True
        play.bot_step()
    return False


# -- the play table in Swedish, in an English kernel -----------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_swedish_table_speaks_swedish_from_start_to_review(game: str) -> None:
    assert language() == "en"
    play = Play(game, seats=4, language="sv", pace=0, seed=SEEDS[game], coach_playouts=2)
    names = play.game.names
    read = _check(widget_texts(play), names, "dealt")
    read += _check(table_texts(play), names, "dealt, table")
    # Refusals in words: a click on the felt, Next before the hand's end.
    play._clicked(None)
    if not play.hand.is_over:
        play._next_hand()
    read += _check(widget_texts(play), names, "refused")
    hinted_once = False
    for _hand in range(6):  # until a hand you played in is reviewed
        if _to_my_turn(play):
            if not hinted_once:
                play.coach.ask()  # Hint: its words beside the table, its numbers on it
                assert play.coach.words.value
                read += _check(widget_texts(play), names, "hint")
                read += _check(table_texts(play), names, "hint, table")
                play.coach.believe.value = True  # What might they hold?
                read += _check(widget_texts(play), names, "beliefs")
                read += _check(table_texts(play), names, "beliefs, table")
                play.coach.believe.value = False
                hinted_once = True
            _play_some(play, 3)
            read += _check(widget_texts(play), names, "played")
        _finish(play)
        if play.coach.result is not None or play.match.is_over:
            break
        play._next_hand()
    assert hinted_once and play.coach.result is not None, play.coach.progress.value
    read += _check(widget_texts(play), names, "reviewed")
    read += _check(table_texts(play), names, "reviewed, table")
    replay = play.coach.step_through()  # the hand step by step, graded
    assert replay is not None
    for step in range(0, replay.slider.max + 1, max(1, replay.slider.max // 6)):
        replay.go(step)
        read += _check(widget_texts(replay), names, f"step {step}")
    if not play.match.is_over:
        play._next_hand()
        read += _check(widget_texts(play), names, "next hand")
    assert read > 100
    assert language() == "en"  # the kernel's language untouched
    play.close()


def test_the_kernels_language_is_the_default_and_a_wrong_one_is_refused() -> None:
    with pytest.raises(KortspelError) as told:
        Play("kille", language="klingon", pace=0)
    with pytest.raises(KortspelError) as same:
        kortspel.set_language("klingon")
    assert str(told.value) == str(same.value)
    with pytest.raises(KortspelError):
        PlayApp("kille", language="xx")
    play = Play("kille", pace=0, seed=1)  # language=None: the kernel's, English here
    assert play.language is None
    assert play.new_match.description == "New match"  # drawn in English...
    play.language = "sv"  # ...switched at once
    assert play.new_match.description == "Ny match" and play.next_hand.description.startswith(
        "Nästa giv")
    _check(widget_texts(play), play.game.names, "switched")
    _check(table_texts(play), play.game.names, "switched, table")
    play.language = "en"
    assert play.new_match.description == "New match"
    play.close()


def test_two_tables_in_two_languages_do_not_mix() -> None:
    sv = Play("knock", seats=3, language="sv", pace=0, seed=2)
    en = Play("knock", seats=3, pace=0, seed=2)
    for play in (sv, en):
        _play_some(play, 4)
    assert sv.new_match.description == "Nytt spel" and en.new_match.description == "New game"
    assert en.table.alt != sv.table.alt
    assert not english_words(_plain(sv.status.value), frozenset(sv.game.names))
    sv.close()
    en.close()


# -- the play page ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_play_page_in_swedish(game: str) -> None:
    app = PlayApp(game, language="sv", pace=0, seed=SEEDS[game])
    assert app.play is not None and app.play.language == "sv"
    names = app.play.game.names
    assert _check(widget_texts(app), names, "page") > 40
    _check(table_texts(app.play), names, "page, table")
    # Test: no help, and back: the words of both states
    app.no_help.click()
    _check(widget_texts(app), names, "no help")
    app.no_help.click()
    app.new_game.click()
    _check(widget_texts(app), names, "dealt again")
    app.close()


def test_the_language_menu_relabels_the_page_and_the_table_at_once() -> None:
    app = PlayApp("kopknack", pace=0, seed=3)
    assert app.languages.value == "en" and app.new_game.description == "New session"
    english_said = app.said
    app.languages.value = "sv"
    assert app.language == "sv" and app.play.language == "sv"
    assert app.new_game.description == "Nytt parti" and app.said != english_said
    assert app.said.startswith("Köpknack, 3 spelare, ett kort parti om ")
    _check(widget_texts(app), app.play.game.names, "switched")
    _check(table_texts(app.play), app.play.game.names, "switched, table")
    app.new_game.click()  # the next match is dealt in Swedish
    assert app.play.language == "sv"
    app.languages.value = "en"
    assert app.new_game.description == "New session"
    assert app.said.startswith("Köpknack, 3 players, a short session of ")
    app.close()


def test_a_wrong_setting_is_refused_in_swedish() -> None:
    app = PlayApp("kille", seats=99, language="sv", pace=0)
    assert app.play is None and app.said.startswith("Det går inte att ge: ")
    _check(widget_texts(app), (), "refused")
    app.close()


# -- the Swedish words fit on the table -----------------------------------------------------


def _swedish_tag(game: str) -> Callable[[int], str]:
    """The ``i``-th option's number as the coach writes it in Swedish: "43 %", "+19,3
    poäng", "−6,0 marker" (the widest forms)."""
    words = coach.coach_words(game)

    def tag(i: int) -> str:
        if words.percent:
            return kortspel.i18n.percent(((43 + 29 * i) % 101) / 100)
        value = (i * 7.3) % 39.8 - 19.9
        return f"{kortspel.i18n.signed(value)} {coach._unit(words.unit)}"

    return tag


@pytest.mark.parametrize(("label", "words", "number"), [
    ("talong: 37 43\u00a0%", "talong: 37", "43\u00a0%"),
    ("1 25\u00a0%", "1", "25\u00a0%"),
    ("talong (31) ★ 17,1 poäng", "talong (31)", "★ 17,1 poäng"),
    ("slänghög −12,6 marker", "slänghög", "−12,6 marker"),
    ("slänghög delat bäst", "slänghög", "delat bäst"),
    ("1 sämre", "1", "sämre"),
    ("talong enda draget", "talong", "enda draget"),
    ("5 kort", "5 kort", ""),  # cards are no measure of the coach's
])
def test_a_places_swedish_number_comes_off_its_words(label: str, words: str,
                                                      number: str) -> None:
    """The coach's numbers as Swedish writes them ("43 %" with a space that does not break,
    "17,1 poäng", "delat bäst") come off a place's words onto a line of their own, and lose
    their unit under a card where the middle says it."""
    with using("sv"):
        assert split_hint(label) == (words, number)
        assert short_number("★ 8,1 poäng", "Tips ★ Släng J♠: 8,1 poäng") == "★ 8,1"
        assert short_number("+2,5 marker", "Tips ★ Släng J♠: 8,1 poäng") == "+2,5 marker"


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", GAMES)
def test_swedish_words_on_the_table_run_into_nothing(game: str, size: tuple[int, int]) -> None:
    """Every game's worked positions, a hint on each, laid out in Swedish at the sizes a
    1366×768 screen gives (where the English test reads them: for Gnällknekt, where the
    table has room): no line of words runs into another, lies on a card or a plate, or
    leaves the felt; the hint's gold line is drawn whole; no English is drawn.

    The seats and the middle keep apart too, all but a few positions: the middle's Swedish
    words are a little wider than the English ones ("talong (28)" and "slänghög" in
    Knock's middle; Gnällknekt's "Välj ett kort, och sedan vart det ska." on two lines),
    and in one Knock position at the flattest size and five Gnällknekt ones (under 4 %) the
    middle's
    box touches a seat's, though none of its words does (label_problems is empty)."""
    checked = touching = 0
    with using("sv"):
        for state, seat in decisions(game):
            if game == "gnallknekt" and not (state.stage == DRAW or (
                    size == SIZES[0] and len(state.hands[seat]) <= 8)):
                continue
            model = hinted(state, seat, _swedish_tag(game))
            lay = layout(model, *size)
            assert label_problems(lay) == [], (game, size, len(state.actions))
            touching += bool(problems(lay))
            gold = next(b.label for b in model.badges if b.label.startswith("Tips ★ "))
            assert gold in " ".join(t.text for t in lay.texts if t.seat is None)
            for text in [*(t.text for t in lay.texts), lay.alt]:
                found = english_words(text, frozenset(state.game.names) | {"you"})
                assert not found and "{" not in text, (game, found, text)
            checked += 1
    assert checked >= 10
    assert touching <= (0 if game in ("kille", "kopknack") else 0.04 * checked), touching


@pytest.mark.parametrize("game", GAMES)
def test_a_swedish_play_table_at_1366x768_has_no_label_trouble(game: str) -> None:
    """The table a Swedish pupil plays at, drawn at the sizes of a laptop's screen, with a
    hint on it: no label touches another, a card or a plate."""
    play = Play(game, seats=4, language="sv", pace=0, seed=SEEDS[game], coach_playouts=2)
    if _to_my_turn(play):
        play.coach.ask()
    for size in SIZES:
        play.table.room = None
        play.table.aspect = size[1] / size[0]
        play.table.fit(size[0])
        lay = play.table.layout_now
        if game == "gnallknekt" and len(play.hand.hands[play.screen]) > 8:
            continue  # more than the oval holds at the flatter sizes, in English too
        assert label_problems(lay) == [], (game, size, label_problems(lay))
    play.close()


# -- the other views: the kernel's language, or their own ------------------------------------


def _steps(replay: Any, names: Any) -> None:
    for step in range(0, replay.slider.max + 1, max(1, replay.slider.max // 5)):
        replay.go(step)
        _check(widget_texts(replay), names, f"replay step {step}")
        _check(iter([("alt", replay.table.alt)]), names, "replay alt")


def _a_hand(game: str, seed: int) -> dict[str, Any]:
    table = kortspel.load(game, seats=4)
    state = table.new_hand(seed=seed)
    bots = [kortspel.bot_for(game, "heuristic", name=n) for n in table.names]
    rng = __import__("random").Random(seed)
    while not state.is_over:
        kortspel.step(state, bots, rng)
    record: dict[str, Any] = state.record()
    return record


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_and_a_table_speak_the_kernels_language_or_their_own(game: str) -> None:
    """``set_language("sv")`` (here ``using``, which it sets for the kernel) makes a replay
    and a table Swedish; ``language="sv"`` does in an English kernel. A seat's view says in
    Swedish that the record's notes are left out."""
    from kortspel.widgets import Replay, table

    record = _a_hand(game, SEEDS[game])
    names = record["seats"]
    kortspel.set_language("sv")
    try:
        by_kernel = Replay(record, viewer=None)
        _steps(by_kernel, names)
    finally:
        kortspel.set_language("en")
    by_kernel.go(0)
    assert english_words(_plain(by_kernel.note.value))  # English again, as the kernel is
    own = Replay(dict(record, actions=[dict(a, comment="x") for a in record["actions"]]),
                 viewer=0, language="sv")
    _steps(own, names)
    assert "Anteckningarna" in own.comment(1)
    by_kernel.close()
    own.close()
    view = table(kortspel.frames(record)[-1], language="sv")
    _check(iter([("alt", view.alt)]), names, "table alt")
    _check(((k, t) for k, t in [("text", t.text) for t in view.layout_now.texts]), names, "table")
    view.close()


def test_a_check_and_the_pack_in_swedish() -> None:
    from kortspel.widgets import Check, deck

    with using("sv"):
        check = Check("Vem förlorar ett liv?", ["a", "b"], answer="b", explain="b har lägst.")
        check.pick("a")
        _check(widget_texts(check), (), "check, wrong")
        check.pick("b")
        _check(widget_texts(check), (), "check, right")
        assert "Rätt" in check.feedback.value
    pack = deck("kille", language="sv")
    _check(iter([("alt", pack.alt)]), (), "deck")
    check.close()
    pack.close()


def test_hot_seat_in_swedish() -> None:
    """Two people at one screen: the players are "Spelare 1" and "Spelare 2", and the
    screen that waits for the next one says so in Swedish ("Spelare 2:s tur. …")."""
    play = Play("knock", seats=3, you=[0, 1], language="sv", pace=0, seed=1)
    assert play.game.names[:2] == ("Spelare 1", "Spelare 2")
    handovers = 0
    for _ in range(40):
        if play.hand.is_over:
            break
        seat = play._human_turn()
        if seat is None:
            play.bot_step()
        elif play._handover is not None:
            assert play.table.cover.startswith("Lämna skärmen till Spelare ")
            assert "s tur. Lämna skärmen till" in _plain(play.status.value)
            _check(widget_texts(play), play.game.names, "handover")
            handovers += 1
            play._take_over()
        else:
            play.act(play.hand.legal_actions(seat)[0])
    assert handovers >= 2
    play.close()
