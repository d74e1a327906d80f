"""The files under examples/ that the README's commands use still load: a position or
replay saved before a later option existed is read under that option's legacy value."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.cli import app
from dicefront.core.errors import StateFormatError
from dicefront.core.record import MatchRecord
from dicefront.core.registry import build

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_file_loads(path: Path) -> None:
    data = json.loads(path.read_text())
    if data.get("kind") == "dicefront-replay":
        record = MatchRecord.from_json(data)
        assert dicefront.rerun(record) is not None  # every step re-runs to the recorded end
    else:
        state = dicefront.state_from_json(data)  # as `dicefront odds --position` reads it
        assert state.game.name == data["game"] and not state.is_terminal


def test_a_position_older_than_an_option_takes_its_legacy_value_and_no_other() -> None:
    for name in dicefront.names():
        game = dicefront.load(name)
        legacy = [f for f in dataclasses.fields(game.options_class) if f.metadata.get("legacy") is not None]
        if not legacy:
            continue
        option = legacy[0]
        played = build(name, {option.name: option.metadata["legacy"]})  # the rules the file was played by
        saved = played.new_state().to_json()
        older = dict(saved, options={k: v for k, v in saved["options"].items() if k != option.name})
        stored = build(name, older["options"], stored=True)
        assert stored.state_from_json(older).key() == played.new_state().key()
        if getattr(game.options, option.name) != option.metadata["legacy"]:
            with pytest.raises(StateFormatError, match="other game options"):
                game.state_from_json(older)  # today's default is not what the file was played under
        return
    pytest.fail("no game declares a legacy option value: this test has nothing to check")


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "replay" not in p.name], ids=lambda p: p.name)
def test_play_continues_from_an_example_position_under_its_saved_options(path: Path) -> None:
    data = json.loads(path.read_text())
    result = CliRunner().invoke(app, ["play", data["game"], "--position", str(path), "--vs", "random", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Game left" in result.output and "saved with other game options" not in result.output
