"""Two languages from one source: English (the default, the words in the code) and Swedish.

Everything a pupil reads -- the telling of a hand, the coach's hints and grades, the table's
labels, the buttons -- is written in English in the code and looked up in a catalogue for
the language in use. This is the standard library's ``gettext`` (it runs in the classroom
site's Python too, where nothing else is installed); the catalogues are made and checked
with Babel (``tools/i18n.py``): a ``.po`` file per part of the project in
``kortspel/locale/sv/LC_MESSAGES/`` is what a translator edits, the ``.mo`` beside it is
what ships in the wheel and is read here. ``docs/i18n.md`` says how to add or change a
sentence.

Why one global language with a per-view override, not a language argument threaded through
every call: the sentences are made deep inside the games' telling modules and the coach, far
from the view that shows them. ``set_language("sv")`` changes it for the whole kernel (a
notebook's first cell); ``using("sv")`` changes it for one block and is what a view with
its own ``language=`` wraps its drawing in. The kernel's language is a module setting (it
must outlive the cell that set it, whatever context the next cell runs in); a block's is a
context variable, so two views in two languages in one kernel, each drawing inside its own
``using``, do not mix, nor do two threads.

A programmer's exception (a bad argument in code) may stay English; a refusal a pupil sees at
the table is translated. Records, ``replay`` output and event ``text`` are the project's
contracts and stay English in every language.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from .errors import KortspelError

__all__ = ["LANGUAGES", "set_language", "language", "using", "check_language", "_", "N_",
           "ngettext", "pgettext", "percent", "number", "signed", "domains"]

LANGUAGES: dict[str, str] = {"en": "English", "sv": "svenska"}
"""The languages the project speaks: code -> the language's own name (for a menu)."""

FIRST = "core"
"""The catalogue of the sentences every game shares, tried first. Beside it, one catalogue
per game (named by the game: its package's sentences and its table's), one for the views and
one for the rooms: each part's sentences are translated (and checked, ``tools/i18n.py``)
beside the code that says them, and a game added to the project brings its own catalogue
without a line changed here."""


def domains(lang: str = "sv") -> tuple[str, ...]:
    """Every catalogue there is for ``lang``, in the order a lookup tries them: the shared
    one, then the others by name."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    found = sorted({p.stem for p in folder.glob("*.mo")} - {FIRST}) if folder.is_dir() else []
    return (FIRST, *found)


LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogues are: ``<lang>/LC_MESSAGES/<part>.mo`` (and the ``.po`` they are
compiled from, in the repository)."""

_kernel_language = "en"
"""The language ``set_language`` chose for the whole kernel. A module global, not only the
context variable: a kernel may run each cell in a context of its own (JupyterLite's does, so a
language set in the first cell was gone by the next), and "from now on" must hold there too."""

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("kortspel_language",
                                                                      default=None)
"""The language of one block (``using``), where it differs from the kernel's."""


def check_language(lang: object) -> str:
    """``lang`` as a known code (``"sv"``, ``"en"``; ``"sv_SE"`` and ``"SV"`` are read as
    ``"sv"``), or a :class:`KortspelError` naming the choices."""
    if isinstance(lang, str):
        code = lang.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
        if code in LANGUAGES:
            return code
    choices = ", ".join(f"{c!r} ({n})" for c, n in LANGUAGES.items())
    shown = repr(lang) if len(repr(lang)) <= 40 else repr(lang)[:37] + "..."
    raise KortspelError(f"language is one of {choices}, not {shown}")


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on in this kernel, every cell and thread (inside a ``using``
    block, there too until the block ends); returns the code."""
    global _kernel_language
    code = check_language(lang)
    _kernel_language = code
    if _current.get() is not None:
        _current.set(code)
    return code


def language() -> str:
    """The language in use now: ``"en"`` or ``"sv"``."""
    return _current.get() or _kernel_language


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (``None``: keep the language in use); other threads
    and blocks keep theirs."""
    if lang is None:
        yield language()
        return
    token = _current.set(check_language(lang))
    try:
        yield language()
    finally:
        _current.reset(token)


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    """Every part's catalogue for ``lang`` chained into one (a missing part falls through to
    English: the check in ``tools/i18n.py`` is what keeps that from happening)."""
    head: gettext.NullTranslations = gettext.NullTranslations()
    if lang == "en":
        return head
    for domain in domains(lang):
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
        if path.is_file():
            with path.open("rb") as f:
                head.add_fallback(gettext.GNUTranslations(f))
    return head


def _(message: str) -> str:
    """``message`` (written in English) in the language in use."""
    lang = language()
    return message if lang == "en" else _catalogue(lang).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it now: for constants made at
    import time, translated with ``_`` where they are shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (``"{n} card"`` / ``"{n} cards"``) in the language in use."""
    lang = language()
    if lang == "en":
        return singular if n == 1 else plural
    return _catalogue(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English word needs two translations (``pgettext("button",
    "Stand")`` and ``pgettext("telling", "stands")``), told apart by ``context``."""
    lang = language()
    return message if lang == "en" else _catalogue(lang).pgettext(context, message)


# ---------------------------------------------------------------------------------------------
# Numbers as each language writes them: "51%" and "2.5" in English, "51 %" and "2,5" in
# Swedish (a decimal comma, a space before the per cent sign, and the minus sign U+2212).
# ---------------------------------------------------------------------------------------------

_NBSP = "\u00a0"


def number(x: float, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals: ``2.5`` -> "2.5" or "2,5"; a negative number takes the
    minus sign (−), not a hyphen."""
    if not math.isfinite(x):
        return str(x)
    text = f"{abs(x):.{digits}f}"
    if language() == "sv":
        text = text.replace(".", ",")
    return ("\u2212" if x < 0 and float(text.replace(",", ".")) != 0 else "") + text


def signed(x: float, digits: int = 1) -> str:
    """``x`` with its sign always shown: "+2.5", "−0.4" ("+2,5" in Swedish)."""
    text = number(x, digits)
    zero = float(text.replace(",", ".").lstrip("\u2212")) == 0
    return text if text.startswith("\u2212") or zero else "+" + text


def percent(share: float, digits: int = 0) -> str:
    """A share (0.51) as per cent: "51%" in English, "51 %" in Swedish (a space that does not
    break the line before the sign)."""
    text = number(100 * share, digits)
    return text + (_NBSP + "%" if language() == "sv" else "%")
