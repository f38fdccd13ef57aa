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
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

import kortspel
from kortspel import KortspelError, search
from kortspel.checks import quote

from .parts import close_all, replace_in_cell
from .parts import with_pictures as _with_pictures
from .play import Play, opponent_levels

LEVELS = {"heuristic": "sensible", "random": "random (easy)", "expert": "strong (thinks ahead)"}
MAX_PACE = 3.0  # seconds between computer moves, as on Play's own slider
MAX_SEED = 40  # characters of a seed typed as text

HELP_VARIABLE = "KORTSPEL_HELP"
"""The environment variable a page's help starts from: ``on`` (or unset) or ``off``."""

HELP_WHAT = {"hints": "the Hint button", "review": "the coach's review after each {hand}",
             "beliefs": "the button “What might they hold?”",
             "practice": "↶ Undo and Show every card"}
"""What each switch shows, as a refusal names it."""

HELP_NONE = {"hints": "no Hint", "review": "no review", "beliefs": "no “What might they hold?”",
             "practice": "no Undo or Show every card"}
"""Each switch off, as the line under the controls says it."""


def _either(words: list[str]) -> str:
    """``a, b or c``: the choices a refusal names."""
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


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
        f"{HELP_VARIABLE} is on (every help, as when it is not set) or off (a test: no "
        f"Hint, no review, no What might they hold?, no Undo or Show every card), not "
        f"{_brief(raw)}; for a test page, make app GAME=kille {HELP_VARIABLE}=off")


def parse_seed(text: str) -> int | str | None:
    """A seed box's text: blank is ``None`` (a new seed each game), digits a number, other
    words the text itself (``"lesson 3"`` deals the same cards every time too)."""
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_SEED:
        raise KortspelError(f"a seed is a number or a few words (up to {MAX_SEED} "
                            f"characters), not {len(text)} characters")
    digits = text[1:] if text[0] == "-" else text
    return int(text) if digits.isascii() and digits.isdigit() else text


class PlayApp(W.VBox):
    """Settings above a ``Play``; **New game** deals a new match with them.

    ``seats``, ``length``, ``opponents`` and ``pace`` are the controls' starting values and
    ``seed`` fills the seed box (``None``: blank). ``hints``, ``review``, ``beliefs`` and
    ``practice`` tick the teacher's switches (``None``: as ``KORTSPEL_HELP`` says, on when
    it is not set). Other keywords (the game's rules options) go to every ``Play`` as they
    are. ``play`` is the match on show (``None`` while a setting is wrong), ``seed_used``
    the seed it was dealt with, ``help_used`` the switches it was dealt with, and ``said``
    the words shown under the controls (``message``).
    """

    def __init__(self, game: str = "kille", seats: int = 5, length: str | None = None,
                 opponents: str = "heuristic", pace: float = 0.8,
                 seed: int | str | None = None, hints: bool | None = None,
                 review: bool | None = None, beliefs: bool | None = None,
                 practice: bool | None = None, **options: Any) -> None:
        self.play: Play | None = None
        self.seed_used: int | str | None = None
        self.help_used: dict[str, bool] = {}  # the switches the match on show was dealt with
        self.options = options
        self.message = W.HTML(layout=W.Layout(margin="2px 0 6px 0"))
        self.said = ""  # the message's words, without markup
        self._last_drawn: int | None = None
        try:
            self.spec = kortspel.spec(game)
        except KortspelError as err:
            super().__init__([self.message])
            self._say(f"Cannot deal: {err}.", error=True)
            return
        low, high = self.spec.seats
        wide = {"description_width": "initial"}
        self.seats = W.Dropdown(
            description="Players", style=wide, layout=W.Layout(width="auto"),
            options=[(f"{n}: you and {n - 1} computer{'s' if n > 2 else ''}", n)
                     for n in range(low, high + 1)], value=min(max(5, low), high))
        # A game whose match has lengths to choose (its ``LENGTHS``) gets a Match menu,
        # shortest first and chosen; the others have none (hidden, so the layout stays put).
        lengths = getattr(self.spec.match, "LENGTHS", None) or {}
        whole = self.spec.match_word  # the rules' word: a Knock game, a Köpknack session
        self.length = W.Dropdown(description=whole.capitalize(), style=wide,
                                 layout=W.Layout(width="auto"),
                                 options=[(label, key) for key, label in lengths.items()],
                                 value=next(iter(lengths), None))
        if not lengths:
            self.length.layout.display = "none"
        self.opponents = W.Dropdown(description="Computer", style=wide,
                                    layout=W.Layout(width="auto"),
                                    options=[(LEVELS.get(b, b), b)
                                             for b in opponent_levels(self.spec)])
        self.pace = W.FloatSlider(value=0.8, min=0.0, max=MAX_PACE, step=0.1,
                                  description="Pace (s)", layout=W.Layout(width="250px"))
        self.seed = W.Text(description="Seed", placeholder=f"blank: new cards each {whole}",
                           style=wide, layout=W.Layout(width="270px"))
        self.new_game = W.Button(description=f"New {whole}", button_style="primary",
                                 tooltip=f"Deal a new {whole} with these settings",
                                 layout=W.Layout(width="auto"))
        self.new_game.on_click(lambda _b: self._new_game_pressed())
        self.sure = W.HTML(f"This {whole} is not finished. Deal a new one?")
        self.yes = W.Button(description=f"Yes, new {whole}", layout=W.Layout(width="auto"))
        self.no = W.Button(description="No, play on", layout=W.Layout(width="auto"))
        self.yes.on_click(lambda _b: self.start())
        self.no.on_click(lambda _b: self._ask(False))
        self.confirm = W.HBox([self.sure, self.yes, self.no],
                              layout=W.Layout(display="none", align_items="center"))
        self.pace.observe(self._pace_changed, "value")
        self.settings = W.HBox([self.seats, self.length, self.opponents, self.pace, self.seed,
                                self.new_game],
                               layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.help_row = self._help_controls()
        self.controls = W.VBox([self.settings, self.help_row])
        super().__init__([self.controls, self.confirm, self.message])
        replace_in_cell(self, "app")
        wrong = [why for why in (
            self._set(self.seats, seats, f"{self.spec.title} is played by {low} to {high} "
                                         f"players, not {_brief(seats)}"),
            self._set_length(length),
            self._set(self.opponents, opponents, f"the computer plays "
                                                 f"{_either(opponent_levels(self.spec))}, not "
                                                 f"{_brief(opponents)}"),
            self._set_pace(pace), self._set_seed(seed),
            self._set_help({"hints": hints, "review": review, "beliefs": beliefs,
                            "practice": practice})) if why]
        if wrong:
            self._say("Cannot deal: " + "; ".join(wrong) + ". Choose the settings above and "
                      f"press New {self.spec.match_word}.", error=True)
        else:
            self.start()

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
            return "" if length is None else (
                f"a {self.spec.title} {self.spec.match_word} has no lengths to choose from, "
                f"so length "
                f"{_brief(length)} cannot be set")
        if length is None:
            return ""
        either = _either(keys)
        return self._set(self.length, length,
                         f"the {self.spec.match_word} is {either}, not {_brief(length)}")

    def _set_pace(self, pace: Any) -> str:
        if isinstance(pace, bool) or not isinstance(pace, int | float) or not (
                0 <= pace <= MAX_PACE):
            return f"pace is 0 to {MAX_PACE:g} seconds between computer moves, not {_brief(pace)}"
        self.pace.value = float(pace)
        return ""

    def _set_seed(self, seed: Any) -> str:
        if seed is None:
            return ""
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            return f"the seed is a whole number or a few words, not {_brief(seed)}"
        self.seed.value = str(seed)
        return ""

    def _help_controls(self) -> W.HBox:
        """The teacher's switches: a checkbox each, and one button for all of them."""
        whole, word = self.spec.match_word, self.spec.hand_word
        after = f"Applies from the next New {whole}."

        def switch(words: str, tip: str) -> W.Checkbox:
            box = W.Checkbox(value=True, description=words, indent=False,
                             tooltip=f"{tip}. {after}",
                             layout=W.Layout(width="auto", margin="2px 14px 2px 0"))
            box.observe(lambda _c: self._help_changed(), "value")
            return box

        self.switches = {
            "hints": switch("Hint", "The Hint button: what each choice is worth, drawn on "
                            "the table"),
            "review": switch(f"Review after each {word}", f"The coach's review of your "
                             f"decisions after each {word}, with Step through"),
            "beliefs": switch("What might they hold?", "The button that shows beside each "
                              "computer player the cards it may hold"),
            "practice": switch("Undo and Show every card", "Practice: ↶ Undo takes a "
                               "decision back, Show every card turns every card face up"),
        }
        if not search.searchable(self.spec.name):  # no coach plays this game: no such help
            for name in ("hints", "review", "beliefs"):
                self.switches[name].value = False
                self.switches[name].layout.display = "none"
        self.no_help = W.Button(description="Test: no help", layout=W.Layout(width="auto"))
        self.no_help.on_click(lambda _b: self._all_help(not self._any_help()))
        self._help_changed()
        label = W.HTML(f"<b>Help</b> (from the next New {html.escape(whole)}):")
        label.layout.margin = "2px 12px 2px 0"
        return W.HBox([label, *self.switches.values(), self.no_help],
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
        whole = self.spec.match_word
        if self._any_help():
            self.no_help.description = "Test: no help"
            self.no_help.tooltip = ("Turn every help off at once, for a test: Hint, the "
                                    "review, What might they hold?, Undo and Show every card. "
                                    f"Applies from the next New {whole}.")
        else:
            self.no_help.description = "All help on"
            self.no_help.tooltip = f"Turn every help back on. Applies from the next New {whole}."

    def _set_help(self, given: dict[str, Any]) -> str:
        """The switches from the keywords; one left out (``None``) from ``KORTSPEL_HELP``."""
        wrong, default = [], True
        for name, value in given.items():
            if value is not None and not isinstance(value, bool):
                what = HELP_WHAT[name].format(hand=self.spec.hand_word)
                wrong.append(f"{name} is True (show {what}) or False (leave it out, for a "
                             f"test), not {_brief(value)}")
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
        off = [HELP_NONE[n] for n in shown if not used[n]]
        if not off:
            return ""
        if len(off) == len(shown):
            return f" A test: no help ({', '.join(off)})."
        return f" Less help: {', '.join(off)}."

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
        self._ask(False)
        try:
            fixed = parse_seed(self.seed.value)
            seed = self._fresh_seed() if fixed is None else fixed
            used: dict[str, Any] = dict(self.chosen_help())  # keywords of Play's own
            play = Play(game=self.spec.name, seats=self.seats.value, length=self.length.value,
                        opponents=self.opponents.value, seed=seed, pace=self.pace.value,
                        **used, **self.options)
        except KortspelError as err:
            goes_on = (f" The {self.spec.match_word} on the table goes on."
                       if self.play is not None else "")
            self._say(f"Cannot deal: {err}.{goes_on}", error=True)
            return None
        play.pace.layout.display = "none"  # the pace slider above drives it
        play.new_match.layout.display = "none"  # the New … button above deals anew
        old, self.play, self.seed_used, self.help_used = self.play, play, seed, used
        self.children = (self.controls, self.confirm, self.message, play)
        if old is not None:
            old.close()
        pots = getattr(play.match, "target", None)
        # What a match's target counts: pots by default; an adapter may say (deals).
        unit = getattr(play.adapter, "target_word", "pots")
        if pots == 1:
            unit = unit[:-1]  # "a short match of 1 game"
        how = ("the seed you typed" if fixed is not None
               else f"new for this {self.spec.match_word}; type it under Seed to deal the "
                    "same cards again")
        self._say(f"{self.spec.title}, {self.seats.value} players{self._match_words()}"
                  + (f" of {pots} {unit}" if pots else "") + f". Seed {seed} ({how})."
                  + self._help_words(used))
        return play

    def _match_words(self) -> str:
        return (f", a {self.length.value} {self.spec.match_word}" if self.length.value
                else "")

    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        role, colour = ("alert", "#9b1c1c") if error else ("status", "#444")
        self.message.value = (f'<div role="{role}" style="color:{colour}">'
                              f"{html.escape(text)}</div>")

    def close(self) -> None:
        """Stop for good: close the match on show (its timers with it) and every control,
        with their layouts and styles."""
        if self.play is not None:
            self.play.close()
        close_all(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """For readers without a kernel: the table as pictures (as ``Play`` gives), or the
        message in words while no match is dealt."""
        if self.play is not None:
            return _with_pictures(super()._repr_mimebundle_(**kwargs), self.play.table,
                                  f"{self.spec.title} against the computer: "
                                  f"{self.seats.value} players{self._match_words()}. "
                                  f"{self.play.table.alt}")
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = self.message.value
        spec = self.__dict__.get("spec")  # absent when the game's name was refused
        whole = spec.match_word if spec is not None else "game"
        bundle["text/plain"] = f"Settings for a {whole}. {self.said}"
        return bundle
