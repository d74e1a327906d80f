"""The CLI reads a designer's local data file, records its content in replays, and
refuses special or oversized files with a one-line error."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import dicefront
from dicefront.cli import app

from ..core.fifo_guard import fifo_guard

runner = CliRunner()
FIELD = (Path(dicefront.__file__).parent / "games" / "ditch" / "boards" / "field.toml").read_text(encoding="utf-8")
NARROW = FIELD.replace('name = "Field"', 'name = "Narrow"')


def test_match_reads_a_local_board_and_its_replays_carry_it(tmp_path: Path) -> None:
    board = tmp_path / "narrow.toml"
    board.write_text(NARROW)
    saved = tmp_path / "replays"
    result = runner.invoke(app, ["match", "ditch", "-n", "1", "-o", f"board={board}", "--save", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    replay = next(saved.iterdir())
    assert json.loads(replay.read_text())["data_files"] == {"board": NARROW}
    board.unlink()  # the replay re-runs without the file
    again = runner.invoke(app, ["replay", str(replay), "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["verified"] is True


def one_line_error(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    text = " ".join(result.output.split())  # Rich wraps a long line at the terminal width
    assert text.startswith("error:") and text.count("error:") == 1 and "Traceback" not in text, result.output
    return text


def test_a_fifo_is_refused_in_one_line(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    with fifo_guard(pipe):
        line = one_line_error(["match", "ditch", "-n", "1", "-o", f"board={pipe}"])
    assert line.endswith("not a regular file")


def test_an_oversized_file_is_refused_in_one_line(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as f:
        f.truncate((1 << 20) + 1)
    assert "larger than" in one_line_error(["match", "ditch", "-n", "1", "-o", f"board={big}"])
