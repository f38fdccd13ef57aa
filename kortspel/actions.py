"""Actions: a seat, a verb and the game's own arguments, as one frozen value.

A record stores an action as JSON (``{"seat": "a", "do": "discard", "card": "KS"}``) and a
person types it as short text (``"a discard KS"``); both come back to the same ``Action``
through the game's ``ActionCodec``, which knows each verb's arguments. The codec checks the
form only (is this a seat, a verb, a card?); whether the rules allow the action now is the
state's business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .checks import MAX_INT, MAX_INT_DIGITS
from .checks import quote as _short
from .errors import HandOverError, InvalidActionError

ArgValue = str | int | tuple[str, ...]

CHANCE = -1
"""``state.to_act`` when the next step is the shuffle of the rules, not a seat's choice:
``state.sample_chance(rng)`` then gives the action, drawn with the driver's rng."""

CHANCE_NAME = "chance"

EMPTY_WORD = "-"
"""How an empty list of cards is written in the text form of an action (``"a exchange -"``)."""


def _check_arg(name: object, value: object) -> None:
    if not isinstance(name, str) or not name:
        raise InvalidActionError(f"an action's argument needs a name, not {_short(name)}")
    if isinstance(value, bool) or not isinstance(value, str | int | tuple):
        raise InvalidActionError(
            f"the argument {_short(name)} must be text, a whole number or a tuple of card names, "
            f"not {type(value).__name__}"
        )
    if isinstance(value, tuple) and not all(isinstance(v, str) for v in value):
        raise InvalidActionError(f"the argument {_short(name)} must hold card names only")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: which seat does what, with what.

    The seat is part of the action because some calls (the Kuku) are made out of turn, so a
    verb alone would not say who acts. ``who`` is the seat's name, kept so that an action
    prints and records without its table. ``args`` are ``(name, value)`` pairs in the verb's
    order: ``(("card", "KS"),)``. ``str(action)`` is the short text form.
    """

    seat: int
    verb: str
    who: str = ""
    args: tuple[tuple[str, ArgValue], ...] = ()

    def __post_init__(self) -> None:
        if type(self.seat) is not int:
            raise InvalidActionError(
                f"an action's seat is the seat's number (0 for the first seat), not "
                f"{_short(self.seat)}; to name a seat, write the action as text: 'a swap'"
            )
        if not isinstance(self.verb, str) or not self.verb:
            raise InvalidActionError(f"an action's verb is a word such as 'swap', not "
                                     f"{_short(self.verb)}")
        if not isinstance(self.who, str):
            raise InvalidActionError(
                f"an action's 'who' is the seat's name, not {_short(self.who)}")
        if not isinstance(self.args, tuple):
            raise InvalidActionError("an action's args are a tuple of (name, value) pairs")
        for pair in self.args:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise InvalidActionError(
                    f"an action's args are (name, value) pairs, not {_short(pair)}")
            _check_arg(*pair)

    def get(self, name: str, default: Any = None) -> Any:
        """The argument called ``name`` (``action.get("card")``)."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        words = [self.who, self.verb] if self.who else [self.verb]
        for _, value in self.args:
            if isinstance(value, tuple):
                words.append(",".join(value) or EMPTY_WORD)
            else:
                words.append(str(value))
        return " ".join(words)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.who, "do": self.verb}
        for key, value in self.args:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


# ---------------------------------------------------------------------------------------------
# What each verb takes, and the codec that reads and writes actions by it
# ---------------------------------------------------------------------------------------------

ARG_KINDS = ("card", "cards", "seat", "int", "choice")

def quick_action(seat: int, verb: str, who: str, args: tuple[tuple[str, ArgValue], ...]) -> Action:
    """An ``Action`` made without its checks, for a table's own actions whose parts it made
    itself: about a third of the cost of ``Action(...)``, which checks what a caller gives
    it. Only an engine's speed paths use it, never a caller's values. The frozen slots are
    filled through their own descriptors, as the dataclass's ``__init__`` fills them."""
    act = _new(Action)
    _set_seat(act, seat)
    _set_verb(act, verb)
    _set_who(act, who)
    _set_args(act, args)
    return act


_new = object.__new__
# The slots' descriptors, read from the class's namespace (what ``Action.seat`` returns too,
# but mypy takes that for a class attribute).
_set_seat = vars(Action)["seat"].__set__
_set_verb = vars(Action)["verb"].__set__
_set_who = vars(Action)["who"].__set__
_set_args = vars(Action)["args"].__set__



class Arg(NamedTuple):
    """One argument of a verb: ``Arg("card", "card")``, ``Arg("from", "choice",
    ("stock", "discard"))``, ``Arg("pile", "int", (0, 1, 2))``. ``choices`` limits a choice
    or an int (empty: any); ``optional`` lets the record leave it out; ``empty`` lets a list
    of cards be empty (``[]`` in a record; ``-`` or nothing at all in text), for a verb where
    choosing no card is a choice (keeping one's hand), not a missing argument."""

    name: str
    kind: str
    choices: tuple[Any, ...] = ()
    optional: bool = False
    empty: bool = False


class Verb(NamedTuple):
    name: str
    args: tuple[Arg, ...] = ()
    gloss: str = ""  # what the verb means, for error messages and help


class ActionCodec:
    """Converts a game's actions to and from record JSON and short text.

    ``parse_card`` turns text into the game's canonical card name or raises
    ``InvalidActionError``/``RecordError``. ``aliases`` maps words a person may type to verbs
    (Swedish words); they are accepted in text only, never in records, where every field is
    exact so that a record means one thing. ``card_order``, when given, is a sort key that
    puts every list of cards read into one canonical order: for a game where a list is a set
    (the cards to exchange), so that ``["2C", "AS"]`` and ``["AS", "2C"]`` are one action.
    """

    __slots__ = ("verbs", "names", "index", "parse_card", "aliases", "game_title", "_plain",
                 "card_order")

    def __init__(
        self,
        game_title: str,
        verbs: Iterable[Verb],
        names: Sequence[str],
        parse_card: Callable[[str], str] | None = None,
        aliases: Mapping[str, str] | None = None,
        card_order: Callable[[str], Any] | None = None,
    ) -> None:
        self.game_title = game_title
        self.card_order = card_order
        self.verbs: dict[str, Verb] = {v.name: v for v in verbs}
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.parse_card = parse_card
        self.aliases = dict(aliases or {})
        # Actions without arguments are made once per table and shared: cheap and identical.
        self._plain: dict[tuple[int, str], Action] = {
            (s, v.name): Action(s, v.name, n) for s, n in enumerate(self.names)
            for v in self.verbs.values() if not v.args
        }

    # -- building ---------------------------------------------------------------------------

    def make(self, seat: int, verb: str, **args: ArgValue) -> Action:
        """The action ``seat`` takes with ``verb``; arguments in the verb's order."""
        if not args:
            plain = self._plain.get((seat, verb))
            if plain is not None:
                return plain
        spec = self.verbs[verb]
        ordered = tuple((a.name, args[a.name]) for a in spec.args if a.name in args)
        who = CHANCE_NAME if seat == CHANCE else self.names[seat]
        return Action(seat, verb, who, ordered)

    def verb_list(self) -> str:
        return ", ".join(self.verbs)

    # -- reading records -----------------------------------------------------------------------

    def from_json(self, data: Any, where: str = "the action") -> Action:
        """A record's action object. Exact: the seat's name as the record's ``seats`` spell
        it, the verb as the rules name it, every argument the verb needs (other fields, such
        as a ``comment``, are ignored)."""
        if not isinstance(data, Mapping):
            raise InvalidActionError(
                f"{where} should be an object like {{\"seat\": \"a\", \"do\": \"...\"}}, "
                f"not {_short(data)}")
        if "seat" not in data or "do" not in data:
            missing = "seat" if "seat" not in data else "do"
            raise InvalidActionError(f"{where} has no {missing!r} field")
        who, verb = data["seat"], data["do"]
        if not isinstance(verb, str) or verb not in self.verbs:
            raise InvalidActionError(
                f"{where}: {_short(verb)} is not a {self.game_title} verb; the verbs are "
                f"{self.verb_list()}")
        if not isinstance(who, str) or who not in self.index:
            raise InvalidActionError(
                f"{where}: {_short(who)} is not a seat at this table; the seats are "
                f"{', '.join(self.names)}")
        return self.make(self.index[who], verb, **self._args(verb, data, where))

    def _args(self, verb: str, raw: Mapping[str, Any], where: str,
              typed: bool = True) -> dict[str, ArgValue]:
        """The verb's arguments read from ``raw`` (a record's fields, or the words of a
        text when ``typed`` is false: then numbers and card lists are still strings)."""
        args: dict[str, ArgValue] = {}
        for arg in self.verbs[verb].args:
            if arg.name not in raw:
                if arg.optional:
                    continue
                if arg.empty and not typed:  # text: no word for an empty list of cards
                    args[arg.name] = ()
                    continue
                raise InvalidActionError(
                    f"{where}: {verb!r} needs a {arg.name!r} field ({self._expect(arg)})")
            value: Any = raw[arg.name]
            if not typed:
                value = self._from_word(arg, value)
            args[arg.name] = self._value(arg, value, where)
        return args

    @staticmethod
    def _from_word(arg: Arg, word: str) -> Any:
        """A typed word: ``"9H,9D"`` a list of cards, ``"2"`` a number where one is wanted."""
        if arg.kind == "cards":
            return [] if word == EMPTY_WORD else [c for c in word.split(",") if c]
        if arg.kind == "int" or (arg.kind == "choice" and arg.choices
                                 and isinstance(arg.choices[0], int)):
            try:
                return int(word)
            except ValueError:
                return word
        return word

    def _expect(self, arg: Arg) -> str:
        if arg.kind == "card":
            return "a card such as \"KS\""
        if arg.kind == "cards":
            return ("a list of cards such as [\"KS\"] (or [] for none)" if arg.empty
                    else "a list of cards such as [\"KS\"]")
        if arg.kind == "seat":
            return f"a seat: {', '.join(self.names)}"
        if arg.choices:
            return "one of " + ", ".join(map(repr, arg.choices))
        return f"a whole number of at most {MAX_INT_DIGITS} digits"

    def _value(self, arg: Arg, raw: Any, where: str) -> ArgValue:
        if arg.kind == "card":
            if not isinstance(raw, str):
                raise self._bad(arg, raw, where)
            return self._card(raw, where)
        if arg.kind == "cards":
            if not isinstance(raw, list | tuple) or (not raw and not arg.empty):
                raise self._bad(arg, raw, where)
            if not all(isinstance(c, str) for c in raw):
                raise self._bad(arg, raw, where)
            cards = tuple(self._card(c, where) for c in raw)
            if self.card_order is not None:
                cards = tuple(sorted(cards, key=self.card_order))
            return cards
        if arg.kind == "seat":
            if not isinstance(raw, str) or raw not in self.index:
                raise self._bad(arg, raw, where)
            return raw
        if arg.kind == "int":
            if type(raw) is not int or (arg.choices and raw not in arg.choices) or not (
                    -MAX_INT <= raw <= MAX_INT):
                raise self._bad(arg, raw, where)
            return raw
        # a choice: text, or a number, from the listed ones
        if isinstance(raw, bool) or raw not in arg.choices:
            raise self._bad(arg, raw, where)
        return raw

    def _bad(self, arg: Arg, raw: Any, where: str) -> InvalidActionError:
        """The error for a value that does not fit ``arg``: worded only when one is raised,
        as reading a record checks thousands of values that fit."""
        return InvalidActionError(
            f"{where}: {arg.name!r} should be {self._expect(arg)}, not {_short(raw)}")

    def _card(self, text: str, where: str) -> str:
        if self.parse_card is None:
            return text
        try:
            return self.parse_card(text)
        except ValueError as err:
            raise InvalidActionError(f"{where}: {err}") from None

    # -- reading text ---------------------------------------------------------------------------

    def from_text(self, text: Any, to_act: int | None) -> Action:
        """Short text: ``"swap"`` (the seat to act), ``"c swap"``, ``"Anna Karin swap"``,
        ``"a discard KS"``, ``"a draw from=stock"``.

        After the verb come its arguments in order (or as ``name=value``); a list of cards
        is written with commas (``"9H,9D"``), or with spaces when it is the verb's last
        argument (``"a exchange 9H 9D"``). What stands before the verb is the seat's name.

        A seat may be named like a verb (a seat called "knock"): then ``"knock draw stock"``
        is that seat drawing, not the seat to act knocking with words after it. So a reading
        with a seat's name before the verb is tried first, and the seat to act's reading
        after it; the first that is an action of this game is the one. At a table with no
        such name there is only one reading, as there always was.
        """
        if not isinstance(text, str):
            raise InvalidActionError(
                f"{_short(text)} is not an action; pass an Action, a record's action object "
                "or text such as 'a swap'")
        words = text.split()
        if not words:
            raise InvalidActionError(
                f"an empty text is not a {self.game_title} action; say e.g. "
                f"'{self.names[0]} {next(iter(self.verbs))}'")
        first: InvalidActionError | None = None
        for at in self._verb_places(words):
            try:
                return self._read(text, words, at, to_act)
            except InvalidActionError as err:
                first = first or err
        assert first is not None  # _verb_places names a place or raises
        raise first

    def _read(self, text: str, words: list[str], at: int, to_act: int | None) -> Action:
        """The action ``words`` say with the verb at ``at`` (``from_text``'s one reading)."""
        verb = self.aliases.get(words[at].lower(), words[at].lower())
        head = " ".join(words[:at])
        if head:
            seat = self.index[head]
        else:
            if to_act is None:
                raise HandOverError("the hand is over; deal a new hand to play on")
            if to_act == CHANCE:
                raise InvalidActionError(
                    "the next step is a shuffle, not a seat's decision: apply "
                    "state.sample_chance(rng)")
            seat = to_act
        spec = self.verbs[verb]
        rest = words[at + 1:]
        named = {}
        positional = []
        for w in rest:
            if "=" in w:
                k, _, v = w.partition("=")
                named[k] = v
            else:
                positional.append(w)
        if len(positional) > len(spec.args):
            positional = self._join_seats(spec, positional)
        if len(positional) > len(spec.args) and spec.args and spec.args[-1].kind == "cards":
            # A list of cards that ends the action may be typed with spaces: "a buy 2C 7H".
            last = len(spec.args) - 1
            positional[last:] = [",".join(positional[last:])]
        if len(positional) > len(spec.args):
            takes = (", ".join(a.name for a in spec.args) if spec.args else "nothing")
            raise InvalidActionError(
                f"{_short(text)} is not a {self.game_title} action: {verb!r} takes "
                f"{takes} after it, not {_short(' '.join(positional))}")
        raw: dict[str, Any] = {}
        for arg, w in zip(spec.args, positional, strict=False):
            raw[arg.name] = w
        for k, v in named.items():
            if k not in {a.name for a in spec.args}:
                raise InvalidActionError(f"{_short(text)}: {verb!r} has no argument {k!r}")
            raw[k] = v
        args = self._args(verb, raw, _short(text), typed=False)
        return self.make(seat, verb, **args)

    def _join_seats(self, spec: Verb, words: list[str]) -> list[str]:
        """``words`` (more than the verb takes) with a seat argument's name put back together
        where the name has spaces ("a attack 9H hand Anna Karin 1"): at each seat argument's
        place, the longest run of words that names a seat."""
        out = list(words)
        for i, arg in enumerate(spec.args):
            if arg.kind != "seat" or i >= len(out):
                continue
            for end in range(len(out), i + 1, -1):
                name = " ".join(out[i:end])
                if name in self.index:
                    out[i:end] = [name]
                    break
        return out

    def _verb_places(self, words: list[str]) -> list[int]:
        """Where the verb may stand: after words that name a seat (left to right), then at
        the start (the seat to act). Otherwise say what is wrong: no verb, or no such seat."""
        verb_positions = [i for i, w in enumerate(words)
                          if self.aliases.get(w.lower(), w.lower()) in self.verbs]
        places = [i for i in verb_positions if i and " ".join(words[:i]) in self.index]
        if verb_positions and verb_positions[0] == 0:
            places.append(0)
        if places:
            return places
        text = " ".join(words)
        if verb_positions:
            head = " ".join(words[:verb_positions[0]])
            raise InvalidActionError(
                f"{_short(head)} is not a seat at this table; the seats are "
                f"{', '.join(self.names)}")
        if len(words) == 1:
            raise InvalidActionError(
                f"{_short(words[0])} is not a {self.game_title} verb; the verbs are "
                f"{self.verb_list()}")
        raise InvalidActionError(
            f"{_short(text)} is not a {self.game_title} action; say e.g. "
            f"'{next(iter(self.verbs))}' or '{self.names[-1]} {next(iter(self.verbs))}' "
            f"(verbs: {self.verb_list()})")

    # -- any form -----------------------------------------------------------------------------

    def coerce(self, action: Any, to_act: int | None) -> Action:
        """An ``Action``, a record's action object or text, as an ``Action`` of this table."""
        if type(action) is Action:
            return action
        if isinstance(action, str):
            return self.from_text(action, to_act)
        if isinstance(action, Mapping):
            return self.from_json(action)
        if isinstance(action, Action):
            return action
        raise InvalidActionError(
            f"{_short(action)} is not an action; pass an Action, a record's action object "
            "or text such as 'a swap'")

    def check(self, action: Action) -> None:
        """Refuse an ``Action`` made by hand that this table could not have made."""
        seat = action.seat
        if seat == CHANCE:
            return
        if not 0 <= seat < len(self.names):
            raise InvalidActionError(
                f"{_short(action, 120)} names seat {seat}; this table's seats are 0 to "
                f"{len(self.names) - 1} ({', '.join(self.names)})")
        if action.who != self.names[seat]:
            raise InvalidActionError(
                f"{_short(action, 120)} says seat {seat} is {_short(action.who)}, but seat "
                f"{seat} is {self.names[seat]!r}")
        spec = self.verbs.get(action.verb)
        if spec is None:
            raise InvalidActionError(
                f"{_short(action.verb)} is not a {self.game_title} verb; the verbs are "
                f"{self.verb_list()}")
        want = [a.name for a in spec.args]
        got = [k for k, _ in action.args]
        if [k for k in want if k in got] != got or any(
                a.name not in got for a in spec.args if not a.optional):
            raise InvalidActionError(
                f"{action.verb!r} takes the arguments {want or 'none'}, got "
                f"{_short(got) if got else 'none'}")
        for arg in spec.args:
            value = action.get(arg.name)
            if value is not None:
                raw = list(value) if isinstance(value, tuple) else value
                try:
                    read = self._value(arg, raw, "")
                except InvalidActionError:  # worded again with the action quoted: only now
                    self._value(arg, raw, _short(action, 120))
                    raise
                if read != value:
                    raise InvalidActionError(
                        f"{_short(action, 120)}: write the card names as the game does, in "
                        f"its order ({_short(read, 120)})")
