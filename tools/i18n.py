"""Make and check the Swedish catalogues: the library's sentences and the notebooks.

    python tools/i18n.py update [DOMAIN ...]   # read the code, add new sentences to the .po
    python tools/i18n.py compile               # every .po -> its .mo (what the wheel ships)
    python tools/i18n.py notebooks [update|build] [PATH ...]
                                               # notebook cells -> their .po; .po -> notebooks/sv/
    python tools/i18n.py check                 # 0 untranslated, 0 fuzzy, all up to date

The library: one catalogue per part of the project (``domains()`` below: the shared one, one
per game, the views, the rooms), in ``kortspel/locale/sv/LC_MESSAGES/<domain>.po``, made
from the strings the code marks with ``_``, ``N_``, ``ngettext`` and ``pgettext`` (Babel's
extractor). ``update`` keeps every
translation, marks a sentence whose English changed *fuzzy* (Babel's guess, for a person to
confirm) and drops the ones the code no longer says.

The notebooks: the English notebook is the source. Each cell's text is a message in
``notebooks/locale/sv/<same path>.po`` (the cell's id as its context, so two equal cells
are translated apart), and ``notebooks build`` writes ``notebooks/sv/<same path>.ipynb``:
the same cells in Swedish, outputs cleared, with a first cell that turns the library to
Swedish. A worked example changed in English is changed once: ``update`` marks its Swedish
fuzzy, a translator mends it, ``build`` makes the Swedish notebook again.

Everything written is reproducible: no dates, sorted, no line numbers, so a run on an
unchanged tree changes nothing (``check`` says so, and the test suite runs ``check``).
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "kortspel" / "locale"
NOTEBOOKS = ROOT / "notebooks"
NB_LOCALE = NOTEBOOKS / "locale"
LANG = "sv"
GAMES = ("kille", "knock", "kopknack", "gnallknekt")
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
WIDTH = 100
FIRST_CELL_ID = "kortspel-svenska"
FIRST_CELL = ("# Allt i den här anteckningsboken är på svenska: bordet, berättelsen och coachen.\n"
              "import kortspel\n"
              "\n"
              "kortspel.set_language(\"sv\");")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[.!:][^{}]*)?\}")


# ---------------------------------------------------------------------------------------------
# The library's catalogues
# ---------------------------------------------------------------------------------------------

def domain_files(domain: str) -> list[Path]:
    """The source files whose marked strings belong to ``domain``."""
    if domain in GAMES or (ROOT / "kortspel" / domain / "__init__.py").exists():
        files = list((ROOT / "kortspel" / domain).rglob("*.py"))
        files += list((ROOT / "widgets" / "games").glob(f"{domain}*.py"))
    elif domain == "core":
        files = list((ROOT / "kortspel").glob("*.py"))
    elif domain == "widgets":
        files = [p for p in (ROOT / "widgets").rglob("*.py")
                 if not (p.parent.name == "games" and p.stem.split("_")[0] in GAMES)]
    elif domain == "rooms":
        files = list((ROOT / "rooms").rglob("*.py"))
    else:
        raise SystemExit(f"i18n: no domain {domain!r}; the domains are {', '.join(domains())}")
    return sorted(p for p in files if "__pycache__" not in p.parts)


def domains() -> tuple[str, ...]:
    """Every part with a catalogue: the shared sentences (``core``), each game's package
    under kortspel/, the views and the rooms (the runtime, ``kortspel.i18n``, loads what it
    finds; this list is what must be there)."""
    games = sorted(p.parent.name for p in (ROOT / "kortspel").glob("*/__init__.py")
                   if p.parent.name not in ("locale", "__pycache__"))
    return ("core", *games, "rooms", "widgets")


def _new_catalog(domain: str) -> Catalog:
    cat = Catalog(locale=LANG, domain=domain, project="kortspel", version="",
                  copyright_holder="the kortspel authors", msgid_bugs_address="",
                  creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                  language_team="svenska", last_translator="the kortspel authors",
                  charset="utf-8", fuzzy=False)
    return cat


def extract(domain: str) -> Catalog:
    """What the code of ``domain`` says now, as a template."""
    template = _new_catalog(domain)
    for path in domain_files(domain):
        rel = path.relative_to(ROOT).as_posix()
        for _lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=("i18n:",),
                strip_comment_tags=True):
            template.add(message, locations=[(rel, 0)], auto_comments=comments,
                         context=context)
    return template


def po_path(domain: str) -> Path:
    return LOCALE / LANG / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, domain: str | None = None) -> Catalog:
    if not path.exists():
        return _new_catalog(domain or path.stem)
    with path.open("rb") as f:
        return read_po(f, locale=LANG, domain=domain)


def po_bytes(cat: Catalog) -> bytes:
    cat.creation_date = FIXED_DATE
    cat.revision_date = FIXED_DATE
    cat.fuzzy = False
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, sort_output=True, include_lineno=False,
             ignore_obsolete=True, include_previous=False)
    return buf.getvalue()


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def merged(old: Catalog, template: Catalog) -> Catalog:
    new = copy.deepcopy(old)
    new.update(template, no_fuzzy_matching=False, update_header_comment=False)
    new.obsolete.clear()
    return new


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update(names: Iterable[str]) -> None:
    for domain in names:
        cat = merged(read(po_path(domain), domain), extract(domain))
        changed = write_if_changed(po_path(domain), po_bytes(cat))
        compile_one(domain)
        todo = sum(1 for m in cat if m.id and (m.fuzzy or not _translated(m)))
        print(f"{domain}: {len([m for m in cat if m.id])} messages, {todo} to translate"
              + (" (written)" if changed else ""))


def compile_one(domain: str) -> None:
    path = po_path(domain)
    if path.exists():
        write_if_changed(path.with_suffix(".mo"), mo_bytes(read(path, domain)))


def _translated(m: Message) -> bool:
    if isinstance(m.string, (list, tuple)):
        return all(s for s in m.string)
    return bool(m.string)


def _placeholders(text: str | tuple[str, ...] | list[str] | None) -> set[str]:
    texts = [text] if isinstance(text, str) else list(text or ())
    return {p.split(":")[0].split("!")[0].rstrip("}") + "}" for t in texts
            for p in PLACEHOLDER.findall(t)}


def problems_of(cat: Catalog, where: str) -> Iterator[str]:
    for m in cat:
        if not m.id:
            continue
        shown = (m.id if isinstance(m.id, str) else m.id[0])[:60]
        if m.fuzzy:
            yield f"{where}: fuzzy (English changed, check the Swedish): {shown!r}"
        elif not _translated(m):
            yield f"{where}: untranslated: {shown!r}"
        elif _placeholders(m.id) != _placeholders(m.string):
            yield (f"{where}: the Swedish has {sorted(_placeholders(m.string))}, the English "
                   f"{sorted(_placeholders(m.id))}: {shown!r}")


# ---------------------------------------------------------------------------------------------
# The notebooks
# ---------------------------------------------------------------------------------------------

def english_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts
                  and p.relative_to(NOTEBOOKS).parts[0] not in (LANG, "locale"))


def nb_po_path(nb: Path) -> Path:
    return (NB_LOCALE / LANG / nb.relative_to(NOTEBOOKS)).with_suffix(".po")


def nb_sv_path(nb: Path) -> Path:
    return NOTEBOOKS / LANG / nb.relative_to(NOTEBOOKS)


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def nb_template(nb: Path) -> Catalog:
    cat = _new_catalog(nb.stem)
    rel = nb.relative_to(ROOT).as_posix()
    for i, cell in enumerate(json.loads(nb.read_text(encoding="utf-8"))["cells"]):
        text = _source(cell)
        if text.strip():
            cat.add(text, context=f"{cell['cell_type']} {cell.get('id', i)}",
                    locations=[(rel, 0)])
    return cat


def nb_update(nbs: Iterable[Path]) -> None:
    for nb in nbs:
        path = nb_po_path(nb)
        cat = merged(read(path, nb.stem), nb_template(nb))
        written = write_if_changed(path, po_bytes(cat))
        todo = sum(1 for m in cat if m.id and (m.fuzzy or not _translated(m)))
        print(f"{path.relative_to(ROOT)}: {len([m for m in cat if m.id])} cells, {todo} to "
              "translate" + (" (written)" if written else ""))


def nb_built(nb: Path) -> dict | None:
    """The Swedish notebook, its cells' text from the catalogue (outputs kept from the one
    on disk where a cell's text is unchanged, so a build after ``make notebooks`` keeps the
    pictures); ``None`` while a cell has no finished translation."""
    cat = read(nb_po_path(nb), nb.stem)
    book = json.loads(nb.read_text(encoding="utf-8"))
    sv = nb_sv_path(nb)
    old: dict[str, dict] = {}
    if sv.exists():
        old = {c.get("id", ""): c for c in json.loads(sv.read_text(encoding="utf-8"))["cells"]}
    cells = []
    first = {"cell_type": "code", "execution_count": None, "id": FIRST_CELL_ID,
             "metadata": {"tags": ["kortspel-language"]}, "outputs": [],
             "source": FIRST_CELL.splitlines(keepends=True)}
    for i, cell in enumerate([first, *book["cells"]]):
        text = _source(cell)
        cell = copy.deepcopy(cell)
        if i and text.strip():
            m = cat.get(text, context=f"{cell['cell_type']} {cell.get('id', i - 1)}")
            if m is None or m.fuzzy or not _translated(m):
                return None
            text = str(m.string)
        cell["source"] = text.splitlines(keepends=True)
        if cell["cell_type"] == "code":
            was = old.get(cell.get("id", ""))
            if was is not None and _source(was) == text:
                cell["outputs"] = was.get("outputs", [])
                cell["execution_count"] = was.get("execution_count")
            else:
                cell["outputs"] = []
                cell["execution_count"] = None
        cells.append(cell)
    book["cells"] = cells
    book.setdefault("metadata", {})["kortspel"] = {
        "language": LANG, "source": nb.relative_to(NOTEBOOKS).as_posix()}
    return book


def _dump(book: dict) -> str:
    return json.dumps(book, ensure_ascii=False, indent=1) + "\n"


def _sources(book: dict) -> list[tuple[str, str, str]]:
    return [(c["cell_type"], c.get("id", ""), _source(c)) for c in book["cells"]]


def nb_build(nbs: Iterable[Path]) -> None:
    for nb in nbs:
        book = nb_built(nb)
        out = nb_sv_path(nb)
        if book is None:
            print(f"{out.relative_to(ROOT)}: not built, its translation is not finished")
            continue
        if write_if_changed(out, _dump(book).encode("utf-8")):
            unrun = sum(1 for c in book["cells"]
                        if c["cell_type"] == "code" and c["execution_count"] is None)
            print(f"{out.relative_to(ROOT)}: written" + (
                f"; {unrun} code cells to run (make notebooks, or jupyter nbconvert "
                "--execute --inplace, then tools/tidy_notebooks.py)" if unrun else ""))


# ---------------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------------

def check() -> list[str]:
    """Every problem, one line each (none: all is translated and every file up to date)."""
    out: list[str] = []
    for domain in domains():
        path = po_path(domain)
        template = extract(domain)
        if not path.exists():
            if len([m for m in template if m.id]):
                out.append(f"{path.relative_to(ROOT)}: missing; run tools/i18n.py update "
                           f"{domain}")
            continue
        cat = read(path, domain)
        if po_bytes(merged(cat, template)) != path.read_bytes():
            out.append(f"{path.relative_to(ROOT)}: not up to date with the code; run "
                       f"tools/i18n.py update {domain}")
        out += problems_of(cat, str(path.relative_to(ROOT)))
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
            out.append(f"{mo.relative_to(ROOT)}: not compiled from its .po; run "
                       "tools/i18n.py compile")
    for nb in english_notebooks():
        path = nb_po_path(nb)
        if not path.exists():
            out.append(f"{path.relative_to(ROOT)}: missing; run tools/i18n.py notebooks update")
            continue
        cat = read(path, nb.stem)
        if po_bytes(merged(cat, nb_template(nb))) != path.read_bytes():
            out.append(f"{path.relative_to(ROOT)}: not up to date with {nb.name}; run "
                       "tools/i18n.py notebooks update")
        out += problems_of(cat, str(path.relative_to(ROOT)))
        built = nb_built(nb)
        sv = nb_sv_path(nb)
        if built is None:
            continue
        if not sv.exists() or _sources(json.loads(sv.read_text(encoding="utf-8"))) != \
                _sources(built):
            out.append(f"{sv.relative_to(ROOT)}: not built from its .po; run tools/i18n.py "
                       "notebooks build")
    return out


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "update":
        update(rest or domains())
    elif cmd == "compile":
        for domain in domains():
            compile_one(domain)
    elif cmd == "notebooks":
        what = rest[0] if rest and rest[0] in ("update", "build") else None
        paths = [Path(p).resolve() for p in (rest[1:] if what else rest)] or english_notebooks()
        if what in (None, "update"):
            nb_update(paths)
        if what in (None, "build"):
            nb_build(paths)
    elif cmd == "check":
        found = check()
        for line in found:
            print(line)
        print(f"i18n: {len(found)} problems" if found else "i18n: every catalogue complete")
        return 1 if found else 0
    else:
        print(f"i18n: no command {cmd!r}; see tools/i18n.py --help", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
