"""What a teacher meets first: the play page's own settings (``PlayApp``, served by
``make app``), the project's JupyterLab without its news pop-up, an install that shows
progress, and a README that starts with what this is and how to use it in a lesson.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import kortspel  # noqa: E402
from kortspel.kille import match_pots  # noqa: E402
from kortspel.widgets.setup_app import PlayApp, parse_seed  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def _make(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    if shutil.which("make") is None or shutil.which("bash") is None:
        pytest.skip("make and bash are needed to read the Makefile's recipes")
    # Run by `make test`, the flags of the make above (-n, -j, ...) must not leak in.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", "--no-print-directory", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=60, env=env)


# ------------------------------------------------------------------------------------------
# PlayApp: the settings as controls
# ------------------------------------------------------------------------------------------


def test_the_app_deals_a_play_with_the_settings_chosen() -> None:
    app = PlayApp(seats=3, length="standard", opponents="random", pace=0, seed=7)
    play = app.play
    assert play is not None and play in app.children
    assert play.game.names == ("you", "Anna", "Bo")
    assert play.match.target == match_pots(3, "standard")
    assert [type(p).__name__ for p in play.players[1:]] == ["RandomBot", "RandomBot"]
    assert play.pace.value == 0 and play.pace.layout.display == "none"  # the app's slider rules
    assert app.seed_used == 7 and "Seed 7" in app.said
    # The controls are read again at every new game; pace reaches the match on show at once.
    app.seats.value, app.length.value = 6, "short"
    app.pace.value = 1.5
    assert play.pace.value == 1.5
    app.new_game.click()
    assert app.play is not play and len(app.play.game.names) == 6
    assert app.play.match.target == match_pots(6, "short") and app.play.pace.value == 1.5
    app.close()


def test_the_players_control_offers_the_games_seats() -> None:
    app = PlayApp(pace=0)
    low, high = kortspel.spec("kille").seats
    assert [v for _label, v in app.seats.options] == list(range(low, high + 1))
    assert app.seats.value == 5 and app.length.value == "short"  # a lesson's match
    app.close()


def test_new_game_closes_the_previous_play_and_cancels_its_timer() -> None:
    async def main() -> None:  # on a running loop, as in a kernel: moves wait on timers
        app = PlayApp(pace=0.5, seed=1)
        old = app.play
        assert old.press("stand")  # you stand; the next seat's move waits on a timer
        handle = old._pending
        assert old.pending_timers == 1 and handle is not None
        app.new_game.click()  # a match under way: it asks first
        assert app.play is old and old.pending_timers == 1
        app.yes.click()
        assert app.play is not old
        assert old._closed and old.pending_timers == 0 and handle.cancelled()
        assert old not in app.children
        new = app.play
        app.close()
        assert new._closed and new.pending_timers == 0

    # A loop of its own, in a thread: the browser tests may leave one running in this one.
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as err:  # noqa: BLE001 - handed back to the test below
            failed.append(err)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    if failed:
        raise failed[0]


def test_new_game_asks_first_when_a_match_is_under_way() -> None:
    app = PlayApp(pace=0, seed=1)
    play = app.play
    assert play.press("stand")  # your first decision: the match is under way
    app.new_game.click()
    assert app.confirm.layout.display == "" and app.play is play
    app.no.click()
    assert app.confirm.layout.display == "none" and app.play is play and not play._closed
    app.new_game.click()
    app.yes.click()
    assert app.play is not play and play._closed and app.confirm.layout.display == "none"
    app.close()


def test_a_blank_seed_is_new_each_game_and_a_fixed_one_deals_the_same_cards() -> None:
    app = PlayApp(pace=0)
    assert app.seed.value == ""
    seeds = {app.seed_used}
    for _ in range(3):
        app.start()
        seeds.add(app.seed_used)
    assert len(seeds) == 4, seeds
    app.seed.value = " 4711 "
    first = app.start()
    second = app.start()
    assert app.seed_used == 4711 and "the seed you typed" in app.said
    assert first is not None and second is not None and first is not second
    assert first.hand.record() == second.hand.record()
    assert PlayApp(pace=0, seed=4711).play.hand.record() == first.hand.record()
    app.close()


def test_seed_text() -> None:
    assert parse_seed("") is None and parse_seed("   ") is None
    assert parse_seed("12") == 12 and parse_seed("-3") == -3
    assert parse_seed("lesson 3") == "lesson 3"
    with pytest.raises(kortspel.KortspelError, match="up to 40 characters"):
        parse_seed("x" * 41)


@pytest.mark.parametrize(("settings", "words"), [
    ({"seats": 12}, "2 to 8 players, not 12"),
    ({"length": "forever"}, "short, standard or long, not 'forever'"),
    ({"opponents": "genius"}, "random, heuristic or expert, not 'genius'"),
    ({"pace": 9}, "0 to 3 seconds"),
    ({"pace": "fast"}, "0 to 3 seconds"),
    ({"seed": 1.5}, "a whole number or a few words, not 1.5"),
    ({"game": "poker"}, "no game called 'poker'"),
])
def test_bad_settings_are_answered_in_words(settings, words, capsys) -> None:
    app = PlayApp(**settings)  # no exception
    assert app.play is None
    assert app.said.startswith("Cannot deal: ") and words in app.said, app.said
    assert 'role="alert"' in app.message.value and "Traceback" not in app.message.value
    bundle = app._repr_mimebundle_()
    assert words in bundle["text/plain"]
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    app.close()


def test_a_bad_seed_typed_keeps_the_game_on_the_table(capsys) -> None:
    app = PlayApp(pace=0)
    play = app.play
    app.seed.value = "a" * 60
    app.new_game.click()  # through the button: an exception would be printed, not raised
    assert app.play is play and not play._closed
    assert "up to 40 characters" in app.said and "goes on" in app.said
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    app.seed.value = ""
    app.new_game.click()
    assert app.play is not play and not app.said.startswith("Cannot")
    app.close()


def test_a_notebook_reader_without_a_kernel_sees_the_table() -> None:
    app = PlayApp(pace=0)
    bundle, meta = app._repr_mimebundle_()
    assert '<img src="data:image/png;base64,' in bundle["text/html"]
    assert bundle["text/plain"].startswith("Kille against the computer: 5 players")
    assert 'alt="Kille against the computer: 5 players' in bundle["text/html"]
    app.close()


# ------------------------------------------------------------------------------------------
# The play notebook as a Voilà page
# ------------------------------------------------------------------------------------------


def test_the_play_notebook_shows_the_app_and_never_asks_to_edit_a_cell() -> None:
    nb = json.loads((REPO / "notebooks" / "kille" / "03-play.ipynb").read_text("utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1, "Voilà shows every output: one, the app"
    source = "".join(code[0]["source"])
    assert "from kortspel.widgets.setup_app import PlayApp" in source
    assert source.rstrip().splitlines()[-1].startswith("PlayApp(")
    words = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for notebook_only in ("cell", "run the notebook", "run again", "edit"):
        assert notebook_only not in words.lower(), notebook_only
    assert "New match" in words and "Seed" in words


# ------------------------------------------------------------------------------------------
# make lab: the settings override, and an install that shows progress
# ------------------------------------------------------------------------------------------


def _override_paths() -> tuple[Path, str]:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    src = re.search(r"^LAB_OVERRIDES_SRC\s*:=\s*(\S+)", text, re.M)
    dest = re.search(r"^LAB_OVERRIDES\s*:=\s*(\S+)", text, re.M)
    assert src and dest, "the Makefile names the lab's settings override"
    assert re.search(r"^lab:.*\$\(LAB_OVERRIDES\)", text, re.M), "make lab installs it"
    return REPO / src.group(1), dest.group(1)


def test_make_lab_turns_the_news_and_update_checks_off() -> None:
    src, _dest = _override_paths()
    overrides = json.loads(src.read_text(encoding="utf-8"))
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}
    try:  # the values are the schema's own (fetchNews is text: "true", "false" or "none")
        import jsonschema
        from jupyterlab.commands import get_app_dir
    except ImportError:
        return
    schema = Path(get_app_dir()) / "schemas" / "@jupyterlab" / "apputils-extension" / \
        "notification.json"
    if schema.is_file():
        jsonschema.validate(overrides[NOTIFICATION], json.loads(schema.read_text("utf-8")))


def test_the_override_lands_where_jupyterlab_reads_it(tmp_path) -> None:
    """`make lab` copies it into the venv's app settings (overrides.d), and JupyterLab's own
    reader then finds it."""
    jl_server = pytest.importorskip("jupyterlab_server.settings_utils")
    commands = pytest.importorskip("jupyterlab.commands")
    import sys

    _src, dest = _override_paths()
    venv = tmp_path / "venv"
    dry = _make("-n", f"VENV={venv}", "lab")
    assert dry.returncode == 0, dry.stderr
    copied = re.search(rf"^cp jupyter/\S+ ({re.escape(str(venv))}/\S+)$", dry.stdout, re.M)
    assert copied, dry.stdout
    assert copied.group(1) == dest.replace("$(VENV)", str(venv))
    assert re.search(r"bin/jupyter lab\b.*00-start-here\.ipynb", dry.stdout)
    # The same place relative to the venv as this JupyterLab's app settings.
    app_settings = Path(commands.get_app_dir()) / "settings"
    if Path(sys.prefix) in app_settings.parents:
        rel = Path(copied.group(1)).relative_to(venv)
        assert rel == app_settings.relative_to(sys.prefix) / "overrides.d" / "kortspel.json"
    here = tmp_path / "settings" / "overrides.d"
    here.mkdir(parents=True)
    shutil.copy(REPO / "jupyter" / "lab-overrides.json", here / "kortspel.json")
    overrides, error = jl_server._get_overrides(str(tmp_path / "settings"))
    assert not error and overrides[NOTIFICATION]["fetchNews"] == "false"


PIP_LINES = """\
Obtaining file:///home/teacher/kortspel
  Installing build dependencies: started
Collecting jupyterlab<5,>=4.1 (from kortspel==0.2.0)
  Downloading jupyterlab-4.6.6-py3-none-any.whl (17.3 MB)
Processing /opt/wheels/matplotlib-3.11.2-cp311-cp311-manylinux2014_x86_64.whl (from kortspel)
Collecting jupyter-server<3,>=2.4.0 (from jupyterlab<5,>=4.1->kortspel==0.2.0)
Installing collected packages: jupyter-server, matplotlib, jupyterlab, kortspel
Successfully installed jupyter-server-2.21.1 jupyterlab-4.6.6 kortspel-0.2.0 matplotlib-3.11.2
"""


def test_the_install_shows_one_numbered_line_per_package(tmp_path) -> None:
    sample = tmp_path / "pip.txt"
    sample.write_text(PIP_LINES)
    run = _make("--eval", f"progress: ; @cat {sample} | $(PIP_PROGRESS)", "progress")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "  [  1] kortspel (this folder)",
        "  [  2] jupyterlab",
        "  [  3] matplotlib",
        "  [  4] jupyter-server",
        "  installing them into .venv (a minute or so)...",
        "  done",
    ]
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = text[text.index("$(STAMP): pyproject.toml"):text.index("@touch $@")]
    assert "| tee $(VENV)/install.log | $(PIP_PROGRESS)" in recipe
    assert "pip install failed, see $(VENV)/install.log" in recipe
    assert "pipefail" in re.search(r"^\.SHELLFLAGS.*$", text, re.M).group(0)


def test_a_failing_install_still_fails(tmp_path) -> None:
    run = _make("--eval", "failing: ; @if ! { echo 'Collecting x'; echo 'ERROR: no x'; exit 1; }"
                " | tee " + str(tmp_path / "log") + " | $(PIP_PROGRESS); then echo failed; "
                "exit 1; fi", "failing")
    assert run.returncode != 0
    assert run.stdout.splitlines() == ["  [  1] x", "ERROR: no x", "failed"]


def test_make_app_serves_the_play_page_of_the_game_named() -> None:
    dry = _make("-n", "app", "GAME=kille")
    assert dry.returncode == 0, dry.stderr
    assert re.search(r"bin/voila notebooks/kille/03-play\.ipynb\b", dry.stdout)
    # -o: take the (missing) venv as installed, so only the notebook check runs.
    wrong = _make("app", "GAME=nogame", "VENV=/nonexistent-venv", "-o",
                  "/nonexistent-venv/.installed")
    assert wrong.returncode != 0 and "GAME is one of:" in wrong.stdout
    offered = wrong.stdout.split("GAME is one of:")[1].split()
    assert "kille" in offered and all((REPO / "notebooks" / g / "03-play.ipynb").exists()
                                      for g in offered)


# ------------------------------------------------------------------------------------------
# The README, for a teacher first
# ------------------------------------------------------------------------------------------


def test_the_readme_starts_with_make_lab_and_make_test_then_a_picture() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert first and readme.index(first.group(0)) < 40, "the two commands come first"
    commands = [ln.split("#")[0].strip() for ln in first.group(1).splitlines()]
    assert [c for c in commands if c] == ["make lab", "make test"]
    picture = re.search(r"!\[[^\]]+\]\((docs/img/[\w.-]+\.png)\)", readme)
    assert picture, "the README shows a table"
    png = REPO / picture.group(1)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert readme.index(picture.group(0)) < readme.index("## For developers")


def test_the_readme_has_a_lesson_path_and_says_how_to_run_the_app() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    teachers = readme[:readme.index("## For developers")]
    assert "lesson path" in teachers.lower()
    steps = ["00-start-here", "kille/01-rules", "kille/02-worked-examples", "kille/03-play",
             "kille/04-strategy"]
    rows = [ln for ln in teachers.splitlines() if any(f"`{s}`" in ln for s in steps)]
    assert [next(s for s in steps if f"`{s}`" in row) for row in rows] == steps
    assert all(re.search(r"\|\s*\d+(–\d+)?\s*\|\s*$", row) for row in rows), "minutes each"
    for path in steps:
        assert (REPO / "notebooks" / f"{path}.ipynb").is_file(), path
    assert "make app" in teachers and "http://127.0.0.1:8866/" in teachers
    assert "minutes" in teachers and ".venv/install.log" in teachers
