"""Sentences that agree with who reads them: "you lose" to you, "Bo loses" to everyone else.

Every game's narration is told again for one viewer: the second person for the viewer's own
seat, the third for the others, and the teacher (no viewer) hears everyone in the third person.
Building sentences from parts that already agree with their subject (``says``, ``be``,
``whose``, ``group``) gets the grammar right by construction, where rewriting third-person text
could not ("you loses", "You Värdshu"). Games use it from their own ``telling`` modules.

A seat may be *named* "you" (the one person playing against the computer). When the teacher
reads, that seat is the reader. When another seat's view is on screen, "you" already means the
viewer, so the seat named "you" is spoken of in the third person, by its name in quotes
(“you” stands), and "you" never stands for two seats in one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import N_, _, language, pgettext

QUOTED_YOU = N_("“you”")
"""How a seat named "you" is called when someone else is the reader."""


class Voice:
    """Names, verbs and possessives that agree with who is speaking to whom."""

    def __init__(self, names: Sequence[str], viewer: int | None) -> None:
        named_you = [i for i, n in enumerate(names) if n.lower() == "you"]
        if viewer is None and named_you:  # the teacher's view: the seat named "you" reads
            viewer = named_you[0]
        self.viewer = viewer
        self._names = tuple(names)
        self._quoted = frozenset(i for i in named_you if i != viewer)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as this reader hears them: a seat named "you" that is not the
        reader's own is “you” in quotes, looked up when said, so a voice made before the
        language was chosen still speaks the language in use."""
        return tuple(_(QUOTED_YOU) if i in self._quoted else n
                     for i, n in enumerate(self._names))

    def me(self, seat: int) -> bool:
        """The reader's own seat, spoken to as "you"."""
        return seat == self.viewer

    def who(self, seat: int) -> str:
        """The seat as a sentence's subject: "you" (Swedish "du") or its name."""
        return _("you") if self.me(seat) else self.names[seat]

    def whom(self, seat: int) -> str:
        """The seat as an object: "you" (Swedish "dig") or its name."""
        return pgettext("object", "you") if self.me(seat) else self.names[seat]

    def owner(self, seat: int) -> str:
        """The genitive of another seat's name: "Bo's" (Swedish "Bos"; "Lars" stays "Lars",
        as Swedish adds no s to a name that ends in s, x or z; a seat named by one letter or
        ending in a digit takes a colon, "a:s", as Swedish writes a letter's genitive)."""
        name = self.names[seat]
        if language() == "sv":
            if len(name) == 1 or name[-1:].isdigit():
                return name + ":s"
            return name if name.endswith(("s", "x", "z")) else name + "s"
        return f"{name}'s"

    def line(self, seat: int, you: str, other: str, **fields: object) -> str:
        """One sentence in the right person, for languages whose grammar is not built from
        parts: ``v.line(s, _("you stand"), _("{name} stands"))``. ``you`` is said when
        ``seat`` is the reader's own, ``other`` otherwise; ``{name}`` is the seat's name and
        ``{owner}`` its genitive, other ``{fields}`` are given as keywords (seats among them
        already put as ``who``/``whom``)."""
        template = you if self.me(seat) else other
        return template.format(name=self.names[seat], owner=self.owner(seat), **fields)

    def verb(self, seat: int, third: str, base: str | None = None) -> str:
        """``verb(s, "loses")`` -> "loses", or "lose" said to you; irregular: pass ``base``."""
        if not self.me(seat):
            return third
        if base is not None:
            return base
        if third.endswith(("ches", "shes", "sses", "xes", "oes")):
            return third[:-2]
        return third[:-1] if third.endswith("s") else third

    def says(self, seat: int, third: str, base: str | None = None) -> str:
        """Subject and verb together: "Bo stands", "you stand"."""
        return f"{self.who(seat)} {self.verb(seat, third, base)}"

    def be(self, seat: int) -> str:
        return f"{self.who(seat)} {'are' if self.me(seat) else 'is'}"

    def have(self, seat: int) -> str:
        return f"{self.who(seat)} {'have' if self.me(seat) else 'has'}"

    def whose(self, seat: int) -> str:
        return "your" if self.me(seat) else f"{self.names[seat]}'s"

    def group(self, seats: Sequence[int]) -> str:
        """"a", "you and c", "a, b and c": the viewer first, then in seat order."""
        ordered = sorted(seats, key=lambda s: (not self.me(s), list(seats).index(s)))
        words = [self.who(s) for s in ordered]
        if len(words) == 1:
            return words[0]
        return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])

    def plural(self, seats: Sequence[int]) -> bool:
        return len(seats) > 1 or (len(seats) == 1 and self.me(seats[0]))


def sentence(text: str, names: Sequence[str] = ()) -> str:
    """Capital first letter, and a full stop unless it ends in one already. A sentence that
    opens with a seat's name keeps the name as it is written ("d asks e", not "D asks e")."""
    text = text.strip()
    if not text:
        return text
    if not any(text.startswith(n) and text[len(n):len(n) + 1] in " :,'" for n in names
               if n.lower() != "you"):
        text = text[0].upper() + text[1:]
    ended = text[-1] in ".!?" or (text[-1] == ")" and text[-2:-1] in (".", "!", "?"))
    return text if ended else text + "."


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """``n`` in words in the language in use, from 0 to 12 ("five", "fem"), larger counts in
    figures: a sentence may open with one, and a small count reads better as a word. One is
    the common gender's "en" in Swedish; a sentence about an ett-word writes its singular
    form itself (see :func:`counted`)."""
    if not 0 <= n < len(_NUMBER_WORDS):
        return str(n)
    # Made here, not at import, so each word is looked up in the language in use.
    words = (pgettext("count", "no"), pgettext("count", "one"), pgettext("count", "two"),
             pgettext("count", "three"), pgettext("count", "four"), pgettext("count", "five"),
             pgettext("count", "six"), pgettext("count", "seven"), pgettext("count", "eight"),
             pgettext("count", "nine"), pgettext("count", "ten"), pgettext("count", "eleven"),
             pgettext("count", "twelve"))
    return words[n]


def counted(n: int, word: str) -> str:
    """``counted(5, "more round")`` -> "five more rounds": small counts in words, as a
    sentence may open with one ("Five more rounds each"), larger ones in figures.

    In two languages pass the whole phrase as a plural template with ``{count}``:
    ``counted(n, ngettext("{count} more round", "{count} more rounds", n))`` -> "five more
    rounds", "fem rundor till" (the count in words of the language in use; a Swedish
    singular may write its own "ett" or "en" in place of ``{count}``)."""
    if "{count}" in word:
        return word.format(count=number_word(n))
    number = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{number} {word}" if n == 1 else f"{number} {word}s"
