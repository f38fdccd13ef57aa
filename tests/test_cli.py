"""``python -m kortspel replay FILE`` and ``bench``: JSON out, one line on stderr for any bad
input, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_protocol import BAD_RECORDS, GOOD

import kortspel

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "kortspel", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=timeout)


def write(tmp_path: Path, data, raw: bool = False) -> str:
    """Write ``data`` as JSON (or, with ``raw``, the text as it is) to a file."""
    path = tmp_path / "hand.json"
    path.write_text(data if raw else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_replay_the_horse_and_cuckoo_hand(tmp_path):
    proc = run("replay", write(tmp_path, GOOD))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["final"] == {"a": "8", "b": "Kavall", "c": "2", "d": "4", "e": "Kuku"}
    assert out["struck"] == []
    assert out["lose_life"] == ["c"]
    assert out["game"] == "kille"
    assert any("Kavall förbi" in line for line in out["narration"])
    assert any("Kuku står, ingen byta får" in line for line in out["narration"])
    assert out == kortspel.replay(GOOD).result()


def test_replay_prints_struck_seats(tmp_path):
    rec = dict(GOOD, deal={"a": "4", "b": "Husar", "c": "8", "d": "2", "e": "9"},
               actions=[{"seat": s, "do": v} for s, v in
                        [("a", "swap"), ("c", "stand"), ("d", "stand"), ("e", "stand")]])
    proc = run("replay", write(tmp_path, rec))
    out = json.loads(proc.stdout)
    assert out["struck"] == ["a"] and out["lose_life"] == ["a", "d"]


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("replay: ")
    assert len(lines[0]) <= 300
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_bad_records_print_one_line_and_exit_non_zero(tmp_path, case):
    rec, _error, words = BAD_RECORDS[case]
    assert_one_line_error(run("replay", write(tmp_path, rec)), words)


@pytest.mark.parametrize("text,words", [
    ("{not json", "is not JSON"),
    ("", "is not JSON"),
    ('{"game": "kille"', "is not JSON"),
])
def test_files_that_are_not_json(tmp_path, text, words):
    assert_one_line_error(run("replay", write(tmp_path, text, raw=True)), words)


def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"seats": ["å"]}'.encode("latin-1"))
    assert_one_line_error(run("replay", str(path)), "UTF-8")


def test_a_missing_file(tmp_path):
    assert_one_line_error(run("replay", str(tmp_path / "nope.json")), "cannot read")


def test_an_unfinished_record_prints_its_state_new_result_contract(tmp_path):
    """The engine contract: ``state.result()`` works on every state, so a
    record that stops before the end is not an error: it prints ``"over": false`` and who is
    to act, and exits 0."""
    rec = dict(GOOD, actions=GOOD["actions"][:1])
    proc = run("replay", write(tmp_path, rec))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["over"] is False
    assert out["to_act"] == "c"
    assert out == kortspel.replay(rec).result()


def test_a_deeply_nested_record(tmp_path):
    text = "[" * 100000 + "]" * 100000
    assert_one_line_error(run("replay", write(tmp_path, text, raw=True)), "nested too deeply")


def test_bench_prints_the_figures():
    proc = run("bench", "--seconds", "0.2")
    assert proc.returncode == 0, proc.stderr
    assert "kille hands/s, 5 seats, random players" in proc.stdout
    assert "kille engine decisions/s" in proc.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    """`python -m kortspel bench | head -1` must not print a traceback."""
    import subprocess
    import sys

    proc = subprocess.run(
        f"{sys.executable} -m kortspel bench --seconds 0.05 | head -1",
        shell=True, capture_output=True, text=True, timeout=120,
    )
    assert proc.stdout.startswith("kortspel bench")
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) <= 1, proc.stderr
