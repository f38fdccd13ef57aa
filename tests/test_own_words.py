"""The project holds only text it wrote: nothing copied from the rule texts it was built from.

The rule texts, the rules notes and the research notes live beside the clone, in ``../shared``
(``Path(__file__).resolve().parents[2] / "shared"``). They are not part of the repository, so
nothing in it may point into them, and no run of eight or more words may be shared with them:
every rule is restated in the project's own words on ``docs/rules/kille.md``, which names its
outside sources by title and web address.

Run ``python tests/test_own_words.py`` to list every shared run.
"""

from __future__ import annotations

import io
import json
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared"
RUN = 8  # words in a row that count as copied
RECORD_TEXT = ("title", "intro", "summary", "comment")
WORD = re.compile(r"[^\W_]+")
ADDRESS = re.compile(r"https?://[^\s<>()\[\]]+(?:\([^\s()]*\)[^\s<>()\[\]]*)*")


def words(text: str) -> list[str]:
    """The text as lower-case words, punctuation and markup stripped, whitespace ignored.

    Web addresses are left out: naming a source by its address is citing it, not copying it.
    """
    return WORD.findall(ADDRESS.sub(" ", text).lower())


def source_texts(shared: Path = SHARED) -> dict[str, str]:
    """The outside texts: every rule text, the rules notes and the research notes."""
    paths = sorted((shared / "seeds").glob("*")) + [shared / "rules-notes.md"]
    paths += sorted((shared / "research").glob("*.md"))
    return {p.relative_to(shared).as_posix(): p.read_text(encoding="utf-8")
            for p in paths if p.is_file()}


def _python_text(path: Path) -> str:
    """A module's docstrings, comments and strings, in order (adjacent strings joined)."""
    parts: list[str] = []
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            parts.append(tok.string.lstrip("#"))
        elif tok.type == tokenize.STRING:
            parts.append(re.sub(r"^[A-Za-z]*", "", tok.string))
    return "\n".join(parts)


def _notebook_cells(path: Path) -> Iterator[tuple[int, str]]:
    """A notebook's markdown and code cell sources by cell number (outputs are the engine's)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] in ("markdown", "code"):
            yield i, "".join(cell["source"])


def _record_text(data: object) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in RECORD_TEXT and isinstance(value, str):
                yield value
            else:
                yield from _record_text(value)
    elif isinstance(data, list):
        for value in data:
            yield from _record_text(value)


def project_texts(repo: Path = REPO) -> dict[str, str]:
    """The project's own words: docs, README, notebooks, the package's and the views' strings,
    and the records."""
    out: dict[str, str] = {}
    for path in sorted((repo / "docs").rglob("*.md")) + [repo / "README.md"]:
        out[path.relative_to(repo).as_posix()] = path.read_text(encoding="utf-8")
    for path in sorted((repo / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in path.parts:
            for i, text in _notebook_cells(path):
                out[f"{path.relative_to(repo).as_posix()} cell {i}"] = text
    # The views' words too: a lesson's feedback (widgets/games/*_lessons.py) is read by every
    # learner, and once restated a rule text's sentence word for word.
    code = sorted((repo / "kortspel").rglob("*.py")) + sorted((repo / "widgets").rglob("*.py"))
    for path in code:
        out[path.relative_to(repo).as_posix()] = _python_text(path)
    for path in sorted((repo / "kortspel").rglob("records/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[path.relative_to(repo).as_posix()] = "\n".join(_record_text(data))
    return out


def shared_runs(sources: dict[str, str], project: dict[str, str],
                run: int = RUN) -> list[tuple[str, str]]:
    """Every run of ``run`` or more words in a row that a project text shares with a source
    text, as (project file, the run's words). Overlapping matches make one run."""
    grams: set[tuple[str, ...]] = set()
    for text in sources.values():
        w = words(text)
        grams.update(tuple(w[i:i + run]) for i in range(len(w) - run + 1))
    # A run of numbers alone (the ranks 2 to 10 listed in order) is data, not anyone's words.
    grams = {g for g in grams if not all(x.isdigit() for x in g)}
    found: list[tuple[str, str]] = []
    for name, text in project.items():
        w = words(text)
        hits = [i for i in range(len(w) - run + 1) if tuple(w[i:i + run]) in grams]
        start = end = -1
        for i in hits + [None]:
            if i is not None and i <= end:
                end = i + run
                continue
            if start >= 0:
                found.append((name, " ".join(w[start:end])))
            if i is not None:
                start, end = i, i + run
    return found


# -- the tests -------------------------------------------------------------------------------

needs_shared = pytest.mark.skipif(not (SHARED / "seeds").is_dir(),
                                  reason="the rule texts (../shared) are not beside the clone")


@needs_shared
def test_no_run_of_eight_words_is_copied_from_the_source_texts() -> None:
    runs = shared_runs(source_texts(), project_texts())
    listing = "\n".join(f"{name}: {text}" for name, text in runs)
    assert not runs, f"{len(runs)} run(s) copied word for word; restate them:\n{listing}"


def test_the_helper_finds_a_run_and_only_a_long_enough_one() -> None:
    source = {"s": "Kuku, the cuckoo, stays: and nobody at all swaps it, ever."}
    copied = {"p": "Note that the cuckoo stays and nobody at ALL swaps it ever again."}
    short = {"p": "The cuckoo stays and nobody swaps it."}
    assert shared_runs(source, copied) == [
        ("p", "the cuckoo stays and nobody at all swaps it ever")]
    assert shared_runs(source, short) == []
    ranks = {"s": "the ranks 2 3 4 5 6 7 8 9 10 J Q K"}
    assert shared_runs(ranks, {"p": "values = 2 3 4 5 6 7 8 9 10"}) == []
    cited = "see https://en.wikipedia.org/wiki/Kille_(card_game) for more"
    assert shared_runs({"s": cited}, {"p": f"<{cited}>"}) == []


OUTSIDE = re.compile(r"shared/|rules-notes|seeds/")
TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".json", ".txt", ".js", ".ts", ".css", ".html",
                 ".toml", ".cfg", ".svg"}


def _repository_files() -> Iterator[Path]:
    for top in ("docs", "notebooks", "kortspel", "widgets"):
        for path in sorted((REPO / top).rglob("*")):
            skip = {"node_modules", "__pycache__", ".ipynb_checkpoints"}
            if path.is_file() and path.suffix in TEXT_SUFFIXES and not skip & set(path.parts):
                yield path
    yield REPO / "README.md"


def test_nothing_points_outside_the_repository() -> None:
    bad = []
    for path in _repository_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                bad.append(f"{path.relative_to(REPO)}:{n}: {line.strip()[:100]}")
    assert not bad, ("these point at files outside the repository; point at "
                     "docs/rules/kille.md instead:\n" + "\n".join(bad))


def test_the_rules_page_names_its_sources_by_address() -> None:
    page = (REPO / "docs" / "rules" / "kille.md").read_text(encoding="utf-8")
    section = re.search(r"^## Sources\n(.*?)(?=^## |\Z)", page, flags=re.M | re.S)
    assert section, "docs/rules/kille.md has no '## Sources' section"
    assert re.search(r"https?://\S+", section.group(1)), "the Sources section names no address"


if __name__ == "__main__":
    found = shared_runs(source_texts(), project_texts())
    for name, text in found:
        print(f"{name}: {text}")
    print(f"{len(found)} run(s) of {RUN}+ words shared with {SHARED}", file=sys.stderr)
