"""Replays store, beside each seat's label (a level such as ``easy``), the agent spec it
stood for when the game was played ('agent_specs'), so a replay says what played after
a game's levels change. The field is optional: replays from before it load and re-run
as they did, and show the names alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import base as agents_base
from dicefront.agents import resolved_spec
from dicefront.cli import app
from dicefront.core import AgentError, MatchRecord, ReplayError, rerun
from dicefront.lab.series import play_one

runner = CliRunner()
REPLAYS = Path(__file__).resolve().parents[1] / "fixtures" / "replays"
NEW = REPLAYS / "ditch-level-easy-vs-random.json"  # dicefront match ditch --agents easy,random --games 1 --seed 5 -o pass_over_blocks=false --save DIR
OLD = REPLAYS / "ditch-default.json"  # recorded before 'agent_specs'


def test_a_level_resolves_to_the_games_own_spec() -> None:
    army, ditch = dicefront.load("army_backgammon"), dicefront.load("ditch")
    assert resolved_spec("hard", army) == "mcts:iterations=3000"  # army_backgammon's levels.py
    assert resolved_spec("hard", ditch) == "mcts:iterations=1000:seconds=0.9:min_iterations=400"  # the global table
    assert resolved_spec(" mcts:iterations=50 ", ditch) == "mcts:iterations=50"
    with pytest.raises(AgentError):
        resolved_spec("mcts:iterations=-1", ditch)


def test_a_series_records_the_spec_of_each_seat() -> None:
    for index, seats in ((0, ["easy", "random"]), (1, ["random", "easy"])):  # seats swap on odd games
        record = play_one("ditch", {}, ["easy", "random"], 5, index)
        assert record.agents == seats
        assert record.agent_specs == ["greedy:epsilon=0.25" if s == "easy" else "random" for s in seats]


def test_the_recorded_spec_is_kept_when_the_levels_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents_base._LEVELS, "easy", "greedy:epsilon=0.5")
    assert play_one("ditch", {}, ["easy", "random"], 5, 0).agent_specs == ["greedy:epsilon=0.5", "random"]
    record = MatchRecord.load(NEW)  # played when easy was epsilon 0.25: the file still says so
    assert record.agents == ["easy", "random"] and record.agent_specs == ["greedy:epsilon=0.25", "random"]
    rerun(record)


def test_new_and_old_replays_load_round_trip_and_rerun() -> None:
    new, old = MatchRecord.load(NEW), MatchRecord.load(OLD)
    assert old.agent_specs is None and "agent_specs" not in old.to_json()  # an old file re-saved stays as it was
    assert MatchRecord.from_json(json.loads(json.dumps(new.to_json()))).agent_specs == new.agent_specs
    rerun(new)
    rerun(old)


def test_dicefront_replay_shows_the_spec() -> None:
    shown = runner.invoke(app, ["replay", str(NEW)])
    assert shown.exit_code == 0, shown.output
    assert "easy (greedy:epsilon=0.25) vs random" in shown.output
    as_json = json.loads(runner.invoke(app, ["replay", str(NEW), "--json"]).stdout)
    assert as_json["agent_specs"] == ["greedy:epsilon=0.25", "random"]
    old = runner.invoke(app, ["replay", str(OLD)])
    assert old.exit_code == 0 and "random vs random" in old.output and "(" not in old.output.splitlines()[0]
    assert json.loads(runner.invoke(app, ["replay", str(OLD), "--json"]).stdout)["agent_specs"] is None


@pytest.mark.parametrize(("value", "message"), [
    ("easy", "'agent_specs' must be a list of 2 agent specs or nulls"),
    (["greedy"], "'agent_specs' must be a list of 2 agent specs or nulls"),
    ([5, None], "'agent_specs' must be text, got a number"),
    (["x" * 500, None], "'agent_specs' is longer than 200 characters"),
    (["greedy\n", None], "'agent_specs' contains control characters"),
])
def test_a_bad_agent_specs_field_is_a_one_line_error(tmp_path: Path, value: Any, message: str) -> None:
    data = json.loads(NEW.read_text(encoding="utf-8"))
    data["agent_specs"] = value
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReplayError, match="^" + message.replace("(", r"\(")):
        MatchRecord.load(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, result.stderr


def test_play_against_a_level_records_its_spec(tmp_path: Path) -> None:
    """From the recorded game one move before its end: seat 2 attacks, the computer
    (easy) finishes it, and the saved replay names what easy stood for."""
    position, replay = tmp_path / "position.json", tmp_path / "played.json"
    exported = runner.invoke(app, ["replay", str(NEW), "--at", "158", "--export", str(position)])
    assert exported.exit_code == 0, exported.output
    args = ["play", "ditch", "--position", str(position), "--vs", "easy", "--seat", "2", "--seed", "1", "--replay", str(replay)]
    played = runner.invoke(app, args, input="attack a3 a2\n" * 3)
    assert played.exit_code == 0 and replay.exists(), played.output
    record = MatchRecord.load(replay)
    assert record.agents == ["easy", "human"] and record.agent_specs == ["greedy:epsilon=0.25", None]
    rerun(record)
