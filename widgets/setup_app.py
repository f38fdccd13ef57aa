"""A match against the computer for a class: the settings as controls, then the table.

Voilà (``make app``) shows a notebook's outputs without its cells, so the play page cannot
ask anyone to edit a cell. ``PlayApp`` puts the settings above the table instead: players,
match length, opponents, pace and an optional fixed seed. **New game** deals a new ``Play``
with them and closes the one before (its timers with it). A blank seed draws a new one for
every game; the line under the controls says which seed the game uses, so a deal can be
played again. A setting that cannot be dealt is answered in words, never with a traceback.

Under them are the teacher's switches, the **Help** row: **Hint**, **Review after each
hand**, **What might they hold?** and **Undo and Show every card**, each a checkbox, and
**Test: no help**, which turns them all off at once (then **All help on** turns them back
on). Like the other settings they apply from the next **New match** (the match on the table
keeps the help it was dealt with, so turning help on in a test deals new cards), and the
line under the controls says what is off. The keywords ``hints``, ``review``, ``beliefs``
and ``practice`` set them in code; one left out follows the environment variable
``KORTSPEL_HELP``: ``on`` (or unset) is every help, ``off`` none, as for a test
(``make app GAME=kille KORTSPEL_HELP=off``).

    from kortspel.widgets.setup_app import PlayApp
    PlayApp(seats=5, length="short")
    PlayApp(seats=5, hints=False, review=False, beliefs=False, practice=False)  # a test
"""

from __future__ import annotations

import html
import os
import secrets
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import KortspelError, search
from kortspel.checks import quote
from kortspel.i18n import LANGUAGES, N_, _, check_language, language, ngettext, using

from .parts import close_all, replace_in_cell, speaking
from .parts import with_pictures as _with_pictures
from .play import Play, opponent_levels
from .words import cap, hand_phrase, length_phrase, match_phrase

# i18n: the computer players a teacher chooses from
LEVELS = {"heuristic": N_("sensible"), "random": N_("random (easy)"),
          "expert": N_("strong (thinks ahead)")}
MAX_PACE = 3.0  # seconds between computer moves, as on Play's own slider
MAX_SEED = 40  # characters of a seed typed as text

HELP_VARIABLE = "KORTSPEL_HELP"
"""The environment variable a page's help starts from: ``on`` (or unset) or ``off``."""

HELP_WHAT = {"hints": N_("the Hint button"),
             # i18n: {each_hand} is "each hand" (each round, each deal, each game)
             "review": N_("the coach's review after {each_hand}"),
             "beliefs": N_("the button “What might they hold?”"),
             "practice": N_("↶ Undo and Show every card")}
"""What each switch shows, as a refusal names it."""

HELP_NONE = {"hints": N_("no Hint"), "review": N_("no review"),
             "beliefs": N_("no “What might they hold?”"),
             "practice": N_("no Undo or Show every card")}
"""Each switch off, as the line under the controls says it."""

LANGUAGE_LABEL = "Language / Språk"
"""The language menu's name, in both languages at once: whoever cannot read the language on
show still finds the menu that changes it."""


def _either(words: list[str]) -> str:
    """``a, b or c``: the choices a refusal names."""
    if len(words) < 2:
        return words[0]
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _low(text: str) -> str:
    """``text`` with a small first letter: a button's words inside a sentence."""
    return text[:1].lower() + text[1:]


def _brief(value: Any) -> str:
    """A caller's value in a message, bounded: the engine's ``checks.brief``, which a list
    nested thousands deep or a number of thousands of digits cannot break (``repr`` can)."""
    return quote(value, 40)


def help_from_environment(environ: Mapping[str, str] | None = None) -> bool:
    """Whether a page starts with help on: ``KORTSPEL_HELP`` is ``on`` (or unset: every
    help) or ``off`` (none, for a test). Anything else is refused with a ``KortspelError``
    that says what it may be and how to set it."""
    raw = (os.environ if environ is None else environ).get(HELP_VARIABLE, "")
    value = raw.strip().lower()
    if value in ("", "on"):
        return True
    if value == "off":
        return False
    raise KortspelError(
        _("{variable} is on (every help, as when it is not set) or off (a test: no Hint, no "
          "review, no What might they hold?, no Undo or Show every card), not {value}; for a "
          "test page, make app GAME=kille {variable}=off").format(variable=HELP_VARIABLE,
                                                                   value=_brief(raw)))


def parse_seed(text: str) -> int | str | None:
    """A seed box's text: blank is ``None`` (a new seed each game), digits a number, other
    words the text itself (``"lesson 3"`` deals the same cards every time too)."""
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_SEED:
        raise KortspelError(_("a seed is a number or a few words (up to {most} characters), "
                              "not {n} characters").format(most=MAX_SEED, n=len(text)))
    digits = text[1:] if text[0] == "-" else text
    return int(text) if digits.isascii() and digits.isdigit() else text


class PlayApp(W.VBox):
    """Settings above a ``Play``; **New game** deals a new match with them.

    ``seats``, ``length``, ``opponents`` and ``pace`` are the controls' starting values and
    ``seed`` fills the seed box (``None``: blank). ``hints``, ``review``, ``beliefs`` and
    ``practice`` tick the teacher's switches (``None``: as ``KORTSPEL_HELP`` says, on when
    it is not set). ``language`` is the page's language (``"en"``, ``"sv"``; ``None``: the
    kernel's, as ``kortspel.set_language`` set it); the **Language / Språk** menu changes
    it at once, the settings' words and the table on show with it. Other keywords (the
    game's rules options) go to every ``Play`` as they are. ``play`` is the match on show
    (``None`` while a setting is wrong), ``seed_used`` the seed it was dealt with,
    ``help_used`` the switches it was dealt with, and ``said`` the words shown under the
    controls (``message``).
    """

    def __init__(self, game: str = "kille", seats: int = 5, length: str | None = None,
                 opponents: str = "heuristic", pace: float = 0.8,
                 seed: int | str | None = None, hints: bool | None = None,
                 review: bool | None = None, beliefs: bool | None = None,
                 practice: bool | None = None, language: str | None = None,
                 **options: Any) -> None:
        # A wrong language is refused as set_language refuses it, before anything is made.
        self._language = None if language is None else check_language(language)
        with using(self._language):
            self._build(game, seats, length, opponents, pace, seed, hints, review, beliefs,
                        practice, options)

    def _build(self, game: str, seats: Any, length: Any, opponents: Any, pace: Any,
               seed: Any, hints: Any, review: Any, beliefs: Any, practice: Any,
               options: dict[str, Any]) -> None:
        self.play: Play | None = None
        self.seed_used: int | str | None = None
        self.help_used: dict[str, bool] = {}  # the switches the match on show was dealt with
        self.options = options
        self.message = W.HTML(layout=W.Layout(margin="2px 0 6px 0"))
        self.said = ""  # the message's words, without markup
        # How the message is made, so a language changed says it again in the new one.
        self._saying: tuple[Callable[[], str], bool] | None = None
        self._last_drawn: int | None = None
        try:
            self.spec = kortspel.spec(game)
        except KortspelError as err:
            super().__init__([self.message])
            self._say(_("Cannot deal: {why}.").format(why=err), error=True)
            return
        say = speaking  # every callback speaks the page's language
        low, high = self.spec.seats
        wide = {"description_width": "initial"}
        self.seats = W.Dropdown(style=wide, layout=W.Layout(width="auto"),
                                options=self._seat_options(), value=min(max(5, low), high))
        # A game whose match has lengths to choose (its ``LENGTHS``) gets a Match menu,
        # shortest first and chosen; the others have none (hidden, so the layout stays put).
        lengths = getattr(self.spec.match, "LENGTHS", None) or {}
        self.length = W.Dropdown(style=wide, layout=W.Layout(width="auto"),
                                 options=[(_(label), key) for key, label in lengths.items()],
                                 value=next(iter(lengths), None))
        if not lengths:
            self.length.layout.display = "none"
        self.opponents = W.Dropdown(style=wide, layout=W.Layout(width="auto"),
                                    options=self._level_options())
        self.pace = W.FloatSlider(value=0.8, min=0.0, max=MAX_PACE, step=0.1,
                                  layout=W.Layout(width="250px"))
        self.seed = W.Text(style=wide, layout=W.Layout(width="270px"))
        self.new_game = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.new_game.on_click(say(self, lambda _b: self._new_game_pressed()))
        self.sure = W.HTML()
        self.yes = W.Button(layout=W.Layout(width="auto"))
        self.no = W.Button(layout=W.Layout(width="auto"))
        self.yes.on_click(say(self, lambda _b: self.start()))
        self.no.on_click(say(self, lambda _b: self._ask(False)))
        self.confirm = W.HBox([self.sure, self.yes, self.no],
                              layout=W.Layout(display="none", align_items="center"))
        self.pace.observe(say(self, self._pace_changed), "value")
        # The page's language: named in both languages, each language by its own name.
        self.languages = W.Dropdown(description=LANGUAGE_LABEL, style=wide,
                                    layout=W.Layout(width="auto"),
                                    options=[(name, code) for code, name in LANGUAGES.items()],
                                    value=language())
        self.languages.observe(self._language_chosen, "value")
        self.settings = W.HBox([self.seats, self.length, self.opponents, self.pace, self.seed,
                                self.new_game, self.languages],
                               layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.help_row = self._help_controls()
        self.relabel()
        self.controls = W.VBox([self.settings, self.help_row])
        super().__init__([self.controls, self.confirm, self.message])
        replace_in_cell(self, "app")
        wrong = [why for why in (
            self._set(self.seats, seats, _("{game} is played by {low} to {high} players, not "
                                           "{value}").format(game=_(self.spec.title), low=low,
                                                             high=high, value=_brief(seats))),
            self._set_length(length),
            self._set(self.opponents, opponents, _("the computer plays {choices}, not "
                                                   "{value}").format(
                choices=_either(opponent_levels(self.spec)), value=_brief(opponents))),
            self._set_pace(pace), self._set_seed(seed),
            self._set_help({"hints": hints, "review": review, "beliefs": beliefs,
                            "practice": practice})) if why]
        if wrong:
            self._say(_("Cannot deal: {why}. Choose the settings above and press "
                        "{new_match}.").format(why="; ".join(wrong),
                                               new_match=self._new_match()),
                      error=True)
        else:
            self.start()

    # -- the language -----------------------------------------------------------------------

    @property
    def language(self) -> str | None:
        """The page's language (``"en"``, ``"sv"``), or ``None``: the kernel's. Set, it
        relabels the settings at once and the table on show speaks it too."""
        return self._language

    @language.setter
    def language(self, value: str | None) -> None:
        self._language = None if value is None else check_language(value)
        with using(self._language):
            if "spec" not in self.__dict__:  # the game was refused: only the message shows
                return
            self.relabel()
            if self.languages.value != language():
                self.languages.value = language()  # the menu agrees (it asks nothing more)
            if self.play is not None:
                self.play.language = self._language
            if self._saying is not None:
                make, error = self._saying
                self._say(make, error=error)

    def _language_chosen(self, change: dict[str, Any]) -> None:
        if change["new"] != (self._language or language()):
            self.language = change["new"]

    def _new_match(self) -> str:
        """The button's words: "New match", "New game", "New session"."""
        return match_phrase(self.spec.match_word, "new")

    def _seat_options(self) -> list[tuple[str, int]]:
        low, high = self.spec.seats
        return [(ngettext("{n}: you and {m} computer", "{n}: you and {m} computers",
                          n - 1).format(n=n, m=n - 1), n) for n in range(low, high + 1)]

    def _level_options(self) -> list[tuple[str, str]]:
        return [(_(LEVELS[b]) if b in LEVELS else b, b) for b in opponent_levels(self.spec)]

    @staticmethod
    def _relabel_menu(menu: W.Dropdown, options: list[tuple[str, Any]]) -> None:
        """New words for a menu's options, its choice kept (and nothing else told)."""
        value = menu.value
        with menu.hold_trait_notifications():
            menu.options = options
            menu.value = value

    def relabel(self) -> None:
        """Every control's words in the language in use: made here, and again when the
        language changes."""
        whole, word = self.spec.match_word, self.spec.hand_word
        new_match = self._new_match()
        self.seats.description = _("Players")
        self._relabel_menu(self.seats, self._seat_options())
        self.length.description = match_phrase(whole, "name")
        lengths = getattr(self.spec.match, "LENGTHS", None) or {}
        if lengths:
            self._relabel_menu(self.length, [(_(label), key) for key, label in lengths.items()])
        # i18n: the menu of the computer players' strength
        self.opponents.description = _("Computer")
        self._relabel_menu(self.opponents, self._level_options())
        self.pace.description = _("Pace (s)")
        # i18n: the box for a seed: the same seed deals the same cards
        self.seed.description = _("Seed")
        self.seed.placeholder = _("blank: new cards {each_match}").format(
            each_match=match_phrase(whole, "each"))
        self.new_game.description = new_match
        self.new_game.tooltip = _("Deal {a_new_match} with these settings").format(
            a_new_match=match_phrase(whole, "a new"))
        self.sure.value = html.escape(_("{this_match} is not finished. Deal a new one?").format(
            this_match=cap(match_phrase(whole, "this"))), quote=False)
        # i18n: {new_match} is the button's words with a small first letter: "new match"
        self.yes.description = _("Yes, {new_match}").format(new_match=_low(new_match))
        self.no.description = _("No, play on")
        after = _("Applies from the next {new_match}.").format(new_match=new_match)
        each_hand = hand_phrase(word, "each")
        words = {
            "hints": (_("Hint"), _("The Hint button: what each choice is worth, drawn on the "
                                   "table")),
            "review": (_("Review after {each_hand}").format(each_hand=each_hand),
                       _("The coach's review of your decisions after {each_hand}, with Step "
                         "through").format(each_hand=each_hand)),
            "beliefs": (_("What might they hold?"), _("The button that shows beside each "
                                                      "computer player the cards it may hold")),
            "practice": (_("Undo and Show every card"), _("Practice: ↶ Undo takes a decision "
                                                          "back, Show every card turns every "
                                                          "card face up")),
        }
        for name, (label, tip) in words.items():
            box = self.switches[name]
            box.description = label
            box.tooltip = f"{tip}. {after}"
        self.help_label.value = "<b>{}</b> {}".format(
            html.escape(_("Help"), quote=False),
            html.escape(_("(from the next {new_match}):").format(new_match=new_match),
                        quote=False))
        self._help_changed()

    # -- settings ---------------------------------------------------------------------------

    @staticmethod
    def _set(control: W.Dropdown, value: Any, why: str) -> str:
        if isinstance(value, bool) or value not in [v for _label, v in control.options]:
            return why
        control.value = value
        return ""

    def _set_length(self, length: Any) -> str:
        keys = [v for _label, v in self.length.options]
        if not keys:
            return "" if length is None else _(
                "a {game} {match} has no lengths to choose from, so length {value} cannot be "
                "set").format(game=_(self.spec.title),
                              match=match_phrase(self.spec.match_word, "name").lower(),
                              value=_brief(length))
        if length is None:
            return ""
        return self._set(self.length, length, _("{the_match} is {choices}, not {value}").format(
            the_match=match_phrase(self.spec.match_word, "the"), choices=_either(keys),
            value=_brief(length)))

    def _set_pace(self, pace: Any) -> str:
        if isinstance(pace, bool) or not isinstance(pace, int | float) or not (
                0 <= pace <= MAX_PACE):
            return _("pace is 0 to {most} seconds between computer moves, not {value}").format(
                most=f"{MAX_PACE:g}", value=_brief(pace))
        self.pace.value = float(pace)
        return ""

    def _set_seed(self, seed: Any) -> str:
        if seed is None:
            return ""
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            return _("the seed is a whole number or a few words, not {value}").format(
                value=_brief(seed))
        self.seed.value = str(seed)
        return ""

    def _help_controls(self) -> W.HBox:
        """The teacher's switches: a checkbox each, and one button for all of them (their
        words: ``relabel``)."""

        def switch() -> W.Checkbox:
            box = W.Checkbox(value=True, indent=False,
                             layout=W.Layout(width="auto", margin="2px 14px 2px 0"))
            box.observe(speaking(self, lambda _c: self._help_changed()), "value")
            return box

        self.switches = {name: switch() for name in ("hints", "review", "beliefs", "practice")}
        if not search.searchable(self.spec.name):  # no coach plays this game: no such help
            for name in ("hints", "review", "beliefs"):
                self.switches[name].value = False
                self.switches[name].layout.display = "none"
        self.no_help = W.Button(layout=W.Layout(width="auto"))
        self.no_help.on_click(speaking(self, lambda _b: self._all_help(not self._any_help())))
        self.help_label = W.HTML()
        self.help_label.layout.margin = "2px 12px 2px 0"
        return W.HBox([self.help_label, *self.switches.values(), self.no_help],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _shown_switches(self) -> list[W.Checkbox]:
        return [b for b in self.switches.values() if b.layout.display != "none"]

    def _any_help(self) -> bool:
        return any(b.value for b in self._shown_switches())

    def _all_help(self, on: bool) -> None:
        """**Test: no help** (every switch off) or **All help on** (every switch on)."""
        for box in self._shown_switches():
            box.value = on

    def _help_changed(self) -> None:
        new_match = self._new_match()
        if self._any_help():
            self.no_help.description = _("Test: no help")
            self.no_help.tooltip = _("Turn every help off at once, for a test: Hint, the "
                                     "review, What might they hold?, Undo and Show every "
                                     "card. Applies from the next {new_match}.").format(
                new_match=new_match)
        else:
            self.no_help.description = _("All help on")
            self.no_help.tooltip = _("Turn every help back on. Applies from the next "
                                     "{new_match}.").format(new_match=new_match)

    def _set_help(self, given: dict[str, Any]) -> str:
        """The switches from the keywords; one left out (``None``) from ``KORTSPEL_HELP``."""
        wrong, default = [], True
        for name, value in given.items():
            if value is not None and not isinstance(value, bool):
                what = _(HELP_WHAT[name]).format(
                    each_hand=hand_phrase(self.spec.hand_word, "each"))
                wrong.append(_("{name} is True (show {what}) or False (leave it out, for a "
                               "test), not {value}").format(name=name, what=what,
                                                            value=_brief(value)))
        if any(v is None for v in given.values()):
            try:
                default = help_from_environment()
            except KortspelError as err:
                wrong.append(str(err))
        for name, value in given.items():
            box = self.switches[name]
            if box.layout.display != "none":
                box.value = value if isinstance(value, bool) else default
        return "; ".join(wrong)

    def chosen_help(self) -> dict[str, bool]:
        """The switches as ticked now: ``Play``'s keywords for the next match."""
        return {name: bool(box.value) for name, box in self.switches.items()}

    def _help_words(self, used: dict[str, bool]) -> str:
        """What the match on the table leaves out, for the line under the controls."""
        shown = [n for n, b in self.switches.items() if b.layout.display != "none"]
        off = [_(HELP_NONE[n]) for n in shown if not used[n]]
        if not off:
            return ""
        if len(off) == len(shown):
            return " " + _("A test: no help ({what}).").format(what=", ".join(off))
        return " " + _("Less help: {what}.").format(what=", ".join(off))

    def _pace_changed(self, change: dict[str, Any]) -> None:
        if self.play is not None:
            self.play.pace.value = change["new"]

    # -- games ------------------------------------------------------------------------------

    def _fresh_seed(self) -> int:
        """A six-digit seed, easy to read out to a class, never the last one drawn."""
        while True:
            seed = secrets.randbelow(900_000) + 100_000
            if seed != self._last_drawn:
                self._last_drawn = seed
                return seed

    def _in_progress(self) -> bool:
        """A match someone has played in: a hand finished, or a decision of yours made."""
        play = self.play
        if play is None or play.match.is_over:
            return False
        return bool(getattr(play.match, "history", None)) or any(
            a.seat in play.humans for a in play.hand.actions)

    def _ask(self, show: bool) -> None:
        self.confirm.layout.display = "" if show else "none"

    def _new_game_pressed(self) -> None:
        """**New game**: at once, or after a Yes when a match is under way."""
        if self._in_progress():
            self._ask(True)
        else:
            self.start()

    def start(self) -> Play | None:
        """Deal a new match with the settings shown; the match before is closed once the
        new one is dealt. A wrong setting is answered in words under the controls, and the
        match on show goes on."""
        with using(self._language):
            return self._start()

    def _start(self) -> Play | None:
        self._ask(False)
        try:
            fixed = parse_seed(self.seed.value)
            seed = self._fresh_seed() if fixed is None else fixed
            used: dict[str, Any] = dict(self.chosen_help())  # keywords of Play's own
            play = Play(game=self.spec.name, seats=self.seats.value, length=self.length.value,
                        opponents=self.opponents.value, seed=seed, pace=self.pace.value,
                        language=self._language, **used, **self.options)
        except KortspelError as err:
            if self.play is not None:
                self._say(_("Cannot deal: {why}. {the_match} on the table goes on.").format(
                    why=err, the_match=cap(match_phrase(self.spec.match_word, "the"))),
                    error=True)
            else:
                self._say(_("Cannot deal: {why}.").format(why=err), error=True)
            return None
        play.pace.layout.display = "none"  # the pace slider above drives it
        play.new_match.layout.display = "none"  # the New … button above deals anew
        old, self.play, self.seed_used, self.help_used = self.play, play, seed, used
        self.children = (self.controls, self.confirm, self.message, play)
        if old is not None:
            old.close()
        self._say(lambda: self._dealt_words(play, seed, fixed is not None, used))
        return play

    def _dealt_words(self, play: Play, seed: int | str, typed: bool,
                     used: dict[str, bool]) -> str:
        """The line under the controls once a match is dealt: the game, the players, the
        match's length and target, the seed and what help is off."""
        pots = getattr(play.match, "target", None)
        if typed:
            how = _("the seed you typed")
        else:
            how = _("new for {this_match}; type it under Seed to deal the same cards "
                    "again").format(this_match=match_phrase(self.spec.match_word, "this"))
        # i18n: the set-up line: "Kille, 5 players, a short match of 3 pots. Seed 123456 (the
        # seed you typed)." {length} is ", a short match" or nothing, {target} " of 3 pots"
        # or nothing, {help} what help is off (or nothing)
        return _("{game}, {n} players{length}{target}. Seed {seed} ({how}).{help}").format(
            game=_(self.spec.title), n=self.seats.value, length=self._match_words(),
            target=" " + self._target_words(play, pots) if pots else "", seed=seed, how=how,
            help=self._help_words(used))

    @staticmethod
    def _target_words(play: Play, pots: int) -> str:
        """What a match's target counts: pots by default; an adapter may say (deals)."""
        unit = getattr(play.adapter, "target_word", "pots")
        said = {"pots": ngettext("of {n} pot", "of {n} pots", pots),
                "deals": ngettext("of {n} deal", "of {n} deals", pots),
                "games": ngettext("of {n} game", "of {n} games", pots)}.get(unit)
        if said is None:
            return f"of {pots} {unit[:-1] if pots == 1 else unit}"
        return said.format(n=pots)

    def _match_words(self) -> str:
        return (", " + length_phrase(self.spec.match_word, self.length.value)
                if self.length.value else "")

    def _say(self, text: str | Callable[[], str], error: bool = False) -> None:
        """Say ``text`` under the controls (a function that makes it: said again in a new
        language when the language changes)."""
        self._saying = (text, error) if callable(text) else None
        said = text() if callable(text) else text
        self.said = said
        role, colour = ("alert", "#9b1c1c") if error else ("status", "#444")
        self.message.value = (f'<div role="{role}" style="color:{colour}">'
                              f"{html.escape(said)}</div>")

    def close(self) -> None:
        """Stop for good: close the match on show (its timers with it) and every control,
        with their layouts and styles (a page refused before it was made has none)."""
        play = self.__dict__.get("play")
        if play is not None:
            play.close()
        close_all(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """For readers without a kernel: the table as pictures (as ``Play`` gives), or the
        message in words while no match is dealt."""
        with using(self._language):
            if self.play is not None:
                words = _("{game} against the computer: {n} players{length}. {table}").format(
                    game=_(self.spec.title), n=self.seats.value, length=self._match_words(),
                    table=self.play.table.alt)
                return _with_pictures(super()._repr_mimebundle_(**kwargs), self.play.table,
                                      words)
            bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
            bundle["text/html"] = self.message.value
            spec = self.__dict__.get("spec")  # absent when the game's name was refused
            # i18n: {match} is the game's word for a match alone, small: "match", "session"
            whole = match_phrase(spec.match_word if spec is not None else "game", "name")
            bundle["text/plain"] = _("Settings for a {match}. {said}").format(
                match=_low(whole), said=self.said)
            return bundle
