"""The two languages: switching, numbers as each language writes them, and the voice."""

from __future__ import annotations

import threading

import pytest

import kortspel
from kortspel import KortspelError
from kortspel.i18n import _, language, ngettext, number, percent, set_language, signed, using
from kortspel.voice import Voice


def test_english_is_the_default_and_a_block_speaks_swedish_only_inside() -> None:
    assert language() == "en"
    with using("sv"):
        assert language() == "sv"
        assert _("you") == "du"
    assert language() == "en" and _("you") == "you"


def test_set_language_reads_the_usual_spellings_and_refuses_others_by_name() -> None:
    try:
        assert set_language("sv_SE.UTF-8") == "sv"
        assert kortspel.set_language("EN") == "en"
    finally:
        set_language("en")
    for bad in ("de", "", None, 3, "x" * 500):
        with pytest.raises(KortspelError, match="language is one of 'en' .English., 'sv'"):
            set_language(bad)  # type: ignore[arg-type]
    assert language() == "en"


def test_a_language_set_in_one_thread_does_not_change_another() -> None:
    seen: list[str] = []

    def other() -> None:
        seen.append(language())

    with using("sv"):
        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert seen == ["en"]


@pytest.mark.parametrize(("lang", "share", "x", "expected"), [
    ("en", 0.51, 2.5, ("51%", "2.5", "+2.5")),
    ("sv", 0.51, 2.5, ("51\u00a0%", "2,5", "+2,5")),
    ("sv", 0.005, -0.44, ("0\u00a0%", "\u22120,4", "\u22120,4")),
    ("en", 1.0, -0.04, ("100%", "0.0", "0.0")),
])
def test_numbers_are_written_as_each_language_writes_them(
        lang: str, share: float, x: float, expected: tuple[str, str, str]) -> None:
    with using(lang):
        assert (percent(share), number(x), signed(x)) == expected


def test_the_voice_speaks_swedish_subject_object_and_genitive() -> None:
    v = Voice(["you", "Bo", "Lars"], viewer=0)
    with using("sv"):
        assert v.group([1, 0, 2]) == "du, Bo och Lars"
        assert (v.who(0), v.whom(0), v.owner(1), v.owner(2)) == ("du", "dig", "Bos", "Lars")
    assert v.group([1, 0, 2]) == "you, Bo and Lars"
    assert (v.whom(0), v.owner(1)) == ("you", "Bo's")
    other = Voice(["you", "Bo"], viewer=1)
    with using("sv"):
        assert other.names[0] == "”du”"


def test_plural_forms_follow_the_count() -> None:
    assert ngettext("{n} life", "{n} lives", 1) == "{n} life"
    assert ngettext("{n} life", "{n} lives", 2) == "{n} lives"


def test_every_catalogue_is_complete_and_every_file_made_from_its_source() -> None:
    """``tools/i18n.py check``: every sentence the code marks and every notebook cell has its
    Swedish (0 untranslated, 0 fuzzy, the same {placeholders}), each .po is up to date with
    the code, each .mo compiled from its .po, each Swedish notebook built from its .po."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / "i18n.py"
    spec = importlib.util.spec_from_file_location("kortspel_i18n_tool", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    problems = tool.check()
    assert problems == [], "\n".join(problems)


def test_the_wheel_ships_every_compiled_catalogue() -> None:
    """The .mo files are package data (pyproject.toml), so the site's Python finds them, and
    the runtime finds every one the tool makes (the shared one first)."""
    from pathlib import Path

    import kortspel.i18n as i18n

    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert '"locale/*/LC_MESSAGES/*.mo"' in text
    made = {p.stem for p in (i18n.LOCALE_DIR / "sv" / "LC_MESSAGES").glob("*.po")}
    assert i18n.domains()[0] == "core" and set(i18n.domains()) == made
    for domain in made:
        assert (i18n.LOCALE_DIR / "sv" / "LC_MESSAGES" / f"{domain}.mo").is_file(), domain


def test_a_game_loads_by_its_swedish_name_too() -> None:
    """Swedish Knock is "Knack" to a Swedish class: ``kortspel.load("Knack")`` finds it."""
    assert kortspel.spec("Knack").name == "knock"
    assert kortspel.load("knack", seats=3).new_hand(seed=1).legal_actions()


def test_set_language_holds_in_every_later_context_as_a_kernel_runs_each_cell_in_its_own(
        ) -> None:
    """JupyterLite runs each cell in a context of its own: a language set in the first cell
    must still hold in the next one (and in a thread), where a context variable alone was
    gone (the Swedish site's play page came up in English)."""
    import contextvars

    try:
        contextvars.Context().run(set_language, "sv")  # the first cell, in its own context
        assert contextvars.Context().run(language) == "sv"  # the next cell, in another
        seen: list[str] = []
        t = threading.Thread(target=lambda: seen.append(_("you")))
        t.start()
        t.join()
        assert seen == ["du"]
        with using("en"):  # a view with its own language keeps it
            assert _("you") == "you"
        assert language() == "sv"
    finally:
        set_language("en")
    assert language() == "en"
