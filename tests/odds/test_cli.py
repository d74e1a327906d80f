"""`dicefront odds GAME --position FILE --action TEXT [--player P] [--json]`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicefront.cli import app

from .test_ditch import COVER, position

runner = CliRunner()


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position(COVER).to_json()), encoding="utf-8")
    return path


def test_table_output(saved: Path) -> None:
    result = runner.invoke(app, ["odds", "ditch", "--position", str(saved), "--action", "attack c3 c4"])
    assert result.exit_code == 0, result.output
    assert "attacker wins: Soldier on d4 eliminated" in result.stdout
    assert "72.22%" in result.stdout and "13/18" in result.stdout
    assert "best-cover" in result.stdout


def test_json_output_with_policy_and_player(saved: Path) -> None:
    args = ["odds", "ditch", "--position", str(saved), "--action", "attack c3 c4", "--player", "1", "--policy", "no-cover", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["policy"] == "no-cover" and data["exact"] is True
    assert {o["label"]: o["probability"] for o in data["outcomes"]} == {
        "attacker wins: Skirmisher on c4 eliminated": "13/18",
        "tie: both pawns stay": "1/9",
        "defender wins: Archer on c3 eliminated": "1/6",
    }


def test_action_without_dice(saved: Path) -> None:
    result = runner.invoke(app, ["odds", "ditch", "--position", str(saved), "--action", "block b3", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["outcomes"] == []


def test_policies_are_listed() -> None:
    result = runner.invoke(app, ["odds", "ditch", "--policies", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["name"] == "best-cover"


@pytest.mark.parametrize(
    ("content", "action", "message"),
    [
        (None, "attack c3 c4", "cannot read position file"),
        ("{not json", "attack c3 c4", "is not valid JSON"),
        ('{"game": "ditch", "format": 1, "state": {}}', "attack c3 c4", "corrupt ditch position"),
        ('{"kind": "dicefront-replay", "steps": []}', "attack c3 c4", "is a replay, not a position"),
        ("GOOD", "attack c3 h8", "not an enemy pawn in range"),
        ("GOOD", "jump", "not a Ditch action"),
        ("GOOD", "attack c3 c4 --policy", "unknown odds policy"),
    ],
)
def test_bad_positions_and_actions_are_clear_errors(tmp_path: Path, saved: Path, content: str | None, action: str, message: str) -> None:
    path = tmp_path / "bad.json"
    if content == "GOOD":
        path = saved
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    extra = ["--policy", "bravado"] if action.endswith("--policy") else []
    action = action.removesuffix(" --policy")
    result = runner.invoke(app, ["odds", "ditch", "--position", str(path), "--action", action, *extra])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split()), result.output


def test_position_of_another_game_is_rejected(saved: Path) -> None:
    data = json.loads(saved.read_text())
    data["game"] = "army_backgammon"
    saved.write_text(json.dumps(data))
    result = runner.invoke(app, ["odds", "ditch", "--position", str(saved), "--action", "attack c3 c4"])
    assert result.exit_code == 2 and "not 'ditch'" in result.output


def test_pending_dice_need_no_action(tmp_path: Path) -> None:
    import dicefront

    path = tmp_path / "start.json"
    path.write_text(json.dumps(dicefront.load("ditch").new_state().to_json()), encoding="utf-8")
    result = runner.invoke(app, ["odds", "ditch", "--position", str(path), "--player", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["action"] == "(pending dice)"
    assert [o["probability"] for o in data["outcomes"]] == ["1/2", "1/2"]


def test_missing_action_is_a_clear_error(saved: Path) -> None:
    result = runner.invoke(app, ["odds", "ditch", "--position", str(saved)])
    assert result.exit_code == 2 and "give --action" in result.output
