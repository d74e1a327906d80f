"""Stored `lab tune` and `lab compare` runs: resumed after an interruption with the
numbers of an uninterrupted run, extended, and re-reported without playing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.cli import app
from dicefront.lab import tasks as lab_tasks
from dicefront.lab import variants as variants_module

runner = CliRunner()
TUNE = ["lab", "tune", "ditch", "-a", "random,random", "-n", "10", "--seed", "6", "-w", "1", "--json"]
COMPARE = ["lab", "compare", "ditch", "--b", "-o archer_range=line", "-a", "random,random", "--seed", "2", "-w", "1", "--json"]


def _ok(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def _one_line_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.fixture
def few_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 3)


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def played(task: object) -> None:
        raise AssertionError("a game was played")
    monkeypatch.setattr(lab_tasks, "run_task", played)


@pytest.mark.usefixtures("few_candidates")
def test_a_cut_tune_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    run = tmp_path / "run"
    fresh = _ok([*TUNE, "-r", "2"])
    assert _ok([*TUNE, "-r", "2", "--run", str(run)]) == fresh
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    assert len(lines) == (3 + 2) * 10
    for k in (0, 7, 23, 41):  # stopped after k games, the next one half written
        path.write_text("".join(lines[:k]) + lines[k][:50])
        assert _ok([*TUNE, "-r", "2", "--run", str(run)]) == fresh, k
        assert path.read_text() == "".join(lines)
    assert json.loads((run / "summary.json").read_text()) == json.loads(fresh)


@pytest.mark.usefixtures("few_candidates")
def test_more_rounds_extend_a_tune_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _ok([*TUNE, "--run", str(run)])
    assert _ok([*TUNE, "-r", "3", "--run", str(run)]) == _ok([*TUNE, "-r", "3"])


@pytest.mark.usefixtures("few_candidates")
def test_a_tune_run_is_re_reported_without_playing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    fresh = _ok([*TUNE, "-r", "2", "--run", str(run)])
    _no_games(monkeypatch)
    assert _ok(["lab", "report", str(run), "--json"]) == fresh
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:12]))
    _one_line_error(["lab", "report", str(run)], "holds 12 games of this run, it needs more")


@pytest.mark.usefixtures("few_candidates")
def test_a_tune_run_refuses_other_settings_and_foreign_records(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _ok([*TUNE, "--run", str(run)])
    _one_line_error([*TUNE[:6], "12", *TUNE[7:], "--run", str(run)], "games differ")
    _one_line_error([*TUNE, "-o", "archer_range=line", "--run", str(run)], "options differ")
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    record = json.loads(lines[3])
    record["task"] = "0" * 24
    path.write_text("".join([*lines[:3], json.dumps(record) + "\n", *lines[4:]]))
    _one_line_error([*TUNE, "--run", str(run)], "line 4: the stored game was played with other settings")


def test_a_killed_tune_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    run = tmp_path / "run"
    source = Path(dicefront.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(source), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, "-m", "dicefront.cli", *TUNE, "--run", str(run)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    path = run / "records.jsonl"
    try:
        while child.poll() is None and (not path.exists() or len(path.read_bytes().splitlines()) < 25):
            time.sleep(0.05)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    stored = len(path.read_bytes().splitlines())
    assert child.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    print("killed after", stored, "games")
    assert _ok([*TUNE, "--run", str(run)]) == _ok(TUNE)


def test_a_compare_run_is_extended_resumed_and_re_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    _ok([*COMPARE, "-n", "4", "--run", str(run)])
    path = run / "b" / "records.jsonl"
    path.write_text("".join(path.read_text().splitlines(keepends=True)[:2]))  # B was stopped after 2 games
    fresh = _ok([*COMPARE, "-n", "7"])
    assert _ok([*COMPARE, "-n", "7", "--run", str(run)]) == fresh
    _no_games(monkeypatch)
    assert _ok(["lab", "report", str(run), "--json"]) == fresh
    assert json.loads(_ok(["lab", "report", str(run), "--json", "-n", "4"]))["games"] == 4
    assert json.loads(_ok(["lab", "report", str(run / "a"), "--json"]))["games"] == 7
    _one_line_error([*COMPARE[:4], "-o archer_range=ring", *COMPARE[5:], "-n", "7", "--run", str(run)], "b differ")


@pytest.mark.usefixtures("few_candidates")
def test_a_tune_directory_is_not_a_balance_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _ok([*TUNE, "--run", str(run)])
    _one_line_error(["lab", "balance", "ditch", "-a", "random,random", "-n", "2", "--seed", "6", "--run", str(run)], "(kind differ)")
    _one_line_error([*COMPARE, "-n", "2", "--run", str(run)], "kind")


@pytest.mark.usefixtures("few_candidates")
def test_a_tampered_games_count_is_refused_before_any_game_is_set_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """run.json asking for more games a phase than records.jsonl holds cannot be
    re-reported: refused at once, without building the millions of tasks it names."""
    run = tmp_path / "run"
    _ok([*TUNE, "--run", str(run)])
    spec = json.loads((run / "run.json").read_text())
    spec["extra"]["games"] = 5_000_000
    (run / "run.json").write_text(json.dumps(spec))

    def no_tasks(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game task was built")

    monkeypatch.setattr(variants_module, "GameTask", no_tasks)
    _one_line_error(["lab", "report", str(run)], "asks for 5000000 games a phase")


@pytest.mark.usefixtures("few_candidates")
def test_a_bad_stored_setting_is_refused_naming_the_run_file(tmp_path: Path) -> None:
    """A run.json whose stored settings were changed by hand is refused in one line that
    names the file, for a tune run (an integer setting) and a compare run (options)."""
    tune = tmp_path / "tune"
    _ok([*TUNE, "--run", str(tune)])
    spec = json.loads((tune / "run.json").read_text())
    spec["extra"]["rounds"] = "two"
    (tune / "run.json").write_text(json.dumps(spec))
    _one_line_error(["lab", "report", str(tune)], f"run file {tune / 'run.json'}: 'rounds' must be an integer")
    compare = tmp_path / "compare"
    _ok([*COMPARE, "-n", "2", "--run", str(compare)])
    spec = json.loads((compare / "run.json").read_text())
    spec["extra"]["a"] = ["not", "options"]
    (compare / "run.json").write_text(json.dumps(spec))
    _one_line_error(["lab", "report", str(compare)], f"run file {compare / 'run.json'}: 'a' must be an object of options")
