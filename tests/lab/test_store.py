"""Stored runs: extended, resumed after an interruption, re-reported without
simulating; damaged run files give one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.lab import tasks as lab_tasks

runner = CliRunner()
ARGS = ["lab", "balance", "ditch", "-a", "random,greedy", "--seed", "3", "-w", "1", "--json"]


def _balance(n: int, run: Path | None = None) -> str:
    extra = [] if run is None else ["--run", str(run)]
    result = runner.invoke(app, [*ARGS, "-n", str(n), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_extending_a_run_equals_a_fresh_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _balance(4, run)
    extended = _balance(7, run)
    assert extended == _balance(7)
    assert len((run / "records.jsonl").read_text().splitlines()) == 7
    assert json.loads((run / "summary.json").read_text()) == json.loads(extended)


def test_resume_after_an_interruption_drops_the_cut_line(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _balance(6, run)
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:40])  # killed while writing game 3
    assert _balance(6, run) == _balance(6)
    assert path.read_text() == "".join(lines)


def test_report_reads_the_run_without_simulating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    fresh = _balance(5, run)

    def no_games(task: object) -> None:
        raise AssertionError("lab report played a game")

    monkeypatch.setattr(lab_tasks, "run_task", no_games)
    result = runner.invoke(app, ["lab", "report", str(run), "--json"])
    assert result.exit_code == 0, result.output
    assert result.stdout == fresh
    first = runner.invoke(app, ["lab", "report", str(run), "--json", "-n", "2"])
    assert json.loads(first.stdout)["games"] == 2
    # a summary from stored records needs no game played: the same when more are asked for than stored
    assert runner.invoke(app, ["lab", "report", str(run), "-n", "50", "--json"]).stdout == fresh


def _one_line_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_another_runs_directory_is_refused(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _balance(2, run)
    _one_line_error([*ARGS, "-n", "3", "--run", str(run), "-o", "turn_limit=30"], "options differ")
    _one_line_error([*ARGS[:4], "random,random", *ARGS[5:], "-n", "3", "--run", str(run)], "agents differ")


@pytest.mark.parametrize(("damage", "message"), [
    (lambda lines: ["{not json\n", *lines[1:]], "line 1: not valid JSON"),
    (lambda lines: [lines[1], lines[0], *lines[2:]], "records must be in order"),
    (lambda lines: [lines[0].replace('"steps":', '"steps":-5,"x":'), *lines[1:]], "out of range"),
    (lambda lines: [lines[0].replace('"winner":', '"winner":"me","w":'), *lines[1:]], "'winner'"),
    (lambda lines: [lines[0].replace('"stats":{', '"stats":{"t":{"r":{"c":"x"}},'), *lines[1:]], "not a number"),
    (lambda lines: [lines[0], "[" * 100000 + "\n"], "not valid JSON"),
])
def test_damaged_records_are_a_clear_error(tmp_path: Path, damage: object, message: str) -> None:
    run = tmp_path / "run"
    _balance(3, run)
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(damage(lines)))  # type: ignore[operator]
    _one_line_error(["lab", "report", str(run)], message)


@pytest.mark.parametrize("content", ['{"kind": "dicefront-replay"}', "[]", "\u00ff\u00fe", '{"kind": "dicefront-lab-run", "format": 1, "agents": "x"}'])
def test_foreign_run_files_are_refused(tmp_path: Path, content: str) -> None:
    (tmp_path / "run.json").write_text(content, encoding="latin-1")
    result = runner.invoke(app, ["lab", "report", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_report_of_an_empty_directory(tmp_path: Path) -> None:
    _one_line_error(["lab", "report", str(tmp_path)], "holds no lab run")


def test_a_directory_in_place_of_a_run_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "run.json").mkdir()
    _one_line_error(["lab", "report", str(tmp_path)], "not a regular file")
    run = tmp_path / "run"
    _balance(2, run)
    (run / "records.jsonl").unlink()
    (run / "records.jsonl").mkdir()
    _one_line_error(["lab", "report", str(run)], "not a regular file")


def test_numbers_with_thousands_of_digits_are_a_clear_error(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _balance(2, run)
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0].replace('"steps":', '"steps":' + "9" * 5000 + ',"x":') + lines[1])
    _one_line_error(["lab", "report", str(run)], "line 1: not valid JSON")
    spec = run / "run.json"
    spec.write_text(spec.read_text().replace('"seed": 3', '"seed": ' + "9" * 5000))
    _one_line_error(["lab", "report", str(run)], "is not valid JSON")


@pytest.mark.parametrize(("line", "field", "value", "message"), [
    (0, "winner", "true", "'winner' must be an integer or null, got true"),  # a bool is no seat (Python's True == 1)
    (1, "index", "true", "'index' must be an integer, got true"),  # game 1 written as true
    (0, "steps", "false", "'steps' must be an integer, got false"),
    (0, "turns", "true", "'turns' must be an integer or null, got true"),
    (0, "branching", "true", "'branching' must be a number, got true"),
    (0, "decisive_at", "false", "'decisive_at' must be a number or null, got false"),
    (0, "branching_deciles", "[1, true]", "'branching_deciles' must be a list of numbers"),
    (0, "seats", "[1, 2]", "'seats' must be two agent specs"),
    (0, "branching", "1e999", "'branching' must be a number, got a value that is not a finite number"),  # json reads inf
    (0, "winner", "NaN", "not valid JSON"),  # NaN, Infinity: Python's json reads them, JSON has no such numbers
])
def test_record_fields_of_the_wrong_json_type_are_named(tmp_path: Path, line: int, field: str, value: str, message: str) -> None:
    """Each field is checked as the JSON type it is written as: the error names the
    file, the line and the field (and never shows the line's content)."""
    run = tmp_path / "run"
    _balance(3, run)
    path = run / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    data = json.loads(lines[line])
    assert field in data
    data[field] = "PLACEHOLDER"
    lines[line] = json.dumps(data, separators=(",", ":")).replace('"PLACEHOLDER"', value) + "\n"
    path.write_text("".join(lines))
    _one_line_error(["lab", "report", str(run)], f"{path} line {line + 1}: {message}")
