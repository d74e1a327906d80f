"""The `dicefront` command as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dicefront.cli import app

runner = CliRunner()


def test_games_lists_ditch() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    names = [g["name"] for g in json.loads(result.stdout)]
    assert "ditch" in names
    human = runner.invoke(app, ["games"])
    assert "Ditch" in human.stdout


def test_rules_prints_the_rules() -> None:
    result = runner.invoke(app, ["rules", "ditch", "--raw"])
    assert result.exit_code == 0 and "## 5. Attack" in result.stdout


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_match_json_is_reproducible() -> None:
    args = ["match", "ditch", "--agents", "random,random", "--games", "6", "--seed", "1", "--json"]
    first = json.loads(runner.invoke(app, args).stdout)
    second = json.loads(runner.invoke(app, args).stdout)
    for key in ("game", "games", "agents", "wins", "seat_wins", "draws", "mean_length", "max_length", "seconds"):
        assert key in first
    first.pop("seconds"), second.pop("seconds")
    assert first == second and first["games"] == 6 and sum(first["wins"]) + first["draws"] == 6


def test_match_rejects_bad_agents_and_options() -> None:
    assert "exactly two agents" in runner.invoke(app, ["match", "ditch", "--agents", "random"]).output
    assert "unknown agent" in runner.invoke(app, ["match", "ditch", "--agents", "random,oracle"]).output
    assert "unknown option" in runner.invoke(app, ["match", "ditch", "-o", "speed=3"]).output


def test_replay_verifies_and_exports(tmp_path: Path) -> None:
    runner.invoke(app, ["match", "ditch", "--games", "1", "--seed", "2", "--save", str(tmp_path)])
    (replay,) = list(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(replay)])
    assert result.exit_code == 0 and "identical final state" in result.stdout
    pos = tmp_path / "pos.json"
    result = runner.invoke(app, ["replay", str(replay), "--at", "20", "--export", str(pos), "--json"])
    assert result.exit_code == 0 and json.loads(pos.read_text())["game"] == "ditch"
    (tmp_path / "bad.json").write_text("{not json")
    bad = runner.invoke(app, ["replay", str(tmp_path / "bad.json")])
    assert bad.exit_code == 2 and "not valid JSON" in bad.output


def test_play_a_whole_game_against_random_and_save_the_replay(tmp_path: Path) -> None:
    replay = tmp_path / "mine.json"
    lines = ["?", "move z9", "999", "? 1", "deploy"] + ["1"] * 3000
    args = ["play", "ditch", "--vs", "random", "--seed", "4", "--replay", str(replay)]
    result = runner.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "How to play" in out and "There is no action 999" in out and "not a Ditch action" in out
    assert "game over" in out and ("wins" in out or "Draw" in out)
    record = json.loads(replay.read_text())
    assert record["finished"] and record["agents"] == ["human", "random"]
    assert runner.invoke(app, ["replay", str(replay)]).exit_code == 0


def test_play_saves_position_and_quits(tmp_path: Path) -> None:
    pos = tmp_path / "p.json"
    result = runner.invoke(app, ["play", "ditch", "--seed", "1"], input=f"save {pos}\nquit\n")
    assert result.exit_code == 0 and "Game left" in result.stdout
    assert json.loads(pos.read_text())["game"] == "ditch"
    again = runner.invoke(app, ["play", "ditch", "--position", str(pos)], input="quit\n")
    assert again.exit_code == 0
    bad = runner.invoke(app, ["play", "ditch", "--vs", "oracle"])
    assert bad.exit_code == 2 and "unknown agent" in bad.output
