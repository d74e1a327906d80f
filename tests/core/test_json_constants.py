"""NaN and Infinity are not JSON. Files read from outside (saved positions, lab runs,
replays) may not carry them in, and the files Dicefront writes never hold them: a
value that is not finite is refused at writing instead of leaving a file that no JSON
reader (nor Dicefront itself) accepts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import make_agent
from dicefront.cli import app
from dicefront.core import MatchRecord, ReplayError
from dicefront.lab.store import Appender, LabError, read_records

runner = CliRunner()


def _position(tmp_path: Path) -> Path:
    state = dicefront.load("ditch").new_state()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    return path


def test_a_position_file_with_nan_is_a_one_line_error(tmp_path: Path) -> None:
    path = _position(tmp_path)
    assert runner.invoke(app, ["play", "ditch", "--position", str(path)], input="quit\n").exit_code == 0
    path.write_text(path.read_text()[:-1] + ', "note": NaN}', encoding="utf-8")  # an unknown key was ignored before
    result = runner.invoke(app, ["play", "ditch", "--position", str(path)], input="quit\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines == [f"error: position file {path} is not valid JSON: NaN is not a JSON number"], result.stderr


def test_a_replay_with_a_value_that_is_not_finite_is_not_written(tmp_path: Path) -> None:
    game = dicefront.load("ditch")
    record = dicefront.play_match(game, [make_agent("random"), make_agent("random")], seed=3, max_steps=10)
    record.returns = (math.nan, math.nan)
    path = tmp_path / "game.json"
    with pytest.raises(ValueError, match="not JSON compliant"):
        record.save(path)
    assert not path.exists() or not path.read_text()
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")  # what save wrote before: NaN
    with pytest.raises(ReplayError, match="NaN is not a JSON number"):
        MatchRecord.load(path)


def test_lab_records_are_never_written_with_nan(tmp_path: Path) -> None:
    appender = Appender(tmp_path)
    with pytest.raises(ValueError, match="not JSON compliant"):
        appender([{"index": 0, "branching": math.nan}])
    appender.close()
    assert (tmp_path / "records.jsonl").read_text() == ""
    (tmp_path / "records.jsonl").write_text('{"index": 0, "branching": NaN}\n')
    with pytest.raises(LabError, match="line 1: not valid JSON"):
        read_records(tmp_path)
