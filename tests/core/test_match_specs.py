"""``play_match`` names each agent by the spec it was built from (``make_agent`` keeps
it), not by its bare name (``mcts``), and records the spec it stood for (a level
resolved): a saved match says which budget played. So do the match CLI's JSON and its
saved replays."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import dicefront
from dicefront.agents import RandomAgent, levels, make_agent
from dicefront.cli import app
from dicefront.core import MatchRecord

runner = CliRunner()


def test_play_match_records_the_spec_each_agent_was_built_from(tmp_path: Path) -> None:
    game = dicefront.load("ditch")
    agents = [make_agent("mcts:iterations=5", game), make_agent(" easy ", game)]
    record = dicefront.play_match(game, agents, seed=4, max_steps=20)
    assert record.agents == ["mcts:iterations=5", "easy"]
    assert record.agent_specs == ["mcts:iterations=5", levels(game)["easy"]]
    path = tmp_path / "match.json"
    record.save(path)
    again = MatchRecord.load(path)
    assert again.agents == record.agents and again.agent_specs == record.agent_specs
    shown = runner.invoke(app, ["replay", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["agent_specs"] == record.agent_specs


def test_agents_built_directly_are_named_as_before_with_no_specs() -> None:
    record = dicefront.play_match(dicefront.load("ditch"), [RandomAgent(), RandomAgent()], seed=4, max_steps=5)
    assert record.agents == ["random", "random"] and record.agent_specs is None and "agent_specs" not in record.to_json()


def test_the_match_cli_json_and_saved_replays_name_the_specs(tmp_path: Path) -> None:
    spec = levels(dicefront.load("ditch"))["easy"]
    args = ["match", "ditch", "--agents", "mcts:iterations=3,easy", "--games", "2", "--seed", "1", "-o", "turn_limit=4", "--json",
            "--save", str(tmp_path)]
    ran = runner.invoke(app, args)
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output[ran.output.index("{"):])
    assert data["agents"] == ["mcts:iterations=3", "easy"] and data["agent_specs"] == ["mcts:iterations=3", spec]
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 2
    second = MatchRecord.load(saved[1])  # seats swapped in the second game
    assert second.agents == ["easy", "mcts:iterations=3"] and second.agent_specs == [spec, "mcts:iterations=3"]
