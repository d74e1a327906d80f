"""Agents that stop searching by the wall clock (``mcts``'s ``seconds``, the global
``hard``) are named as such: a seed does not reproduce their games, so ``match`` and
the lab warn, and a series' JSON says ``reproducible: false``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import LEVELS, agent_names, clock_bound, clock_warning
from dicefront.cli import app
from dicefront.core.errors import AgentError

CLOCKED = "mcts:iterations=2:seconds=0.01"  # a clock budget that stays fast


def test_the_global_hard_reads_the_clock_and_the_other_levels_do_not() -> None:
    assert "seconds=" in LEVELS["hard"]
    assert clock_bound("hard") == ["seconds=0.9"]
    assert clock_bound("easy") == clock_bound("medium") == []


@pytest.mark.parametrize("name", agent_names())
def test_every_agent_and_level_left_at_its_defaults_is_reproducible_or_is_hard(name: str) -> None:
    assert (clock_bound(name) != []) == (name == "hard")


def test_a_games_own_hard_is_judged_by_its_spec() -> None:
    # Trench Checkers' hard searches a fixed number of iterations
    trench = dicefront.load("trench_checkers")
    assert clock_bound("hard", trench) == []
    assert clock_bound("hard", dicefront.load("ditch")) == ["seconds=0.9"]


def test_clock_bound_refuses_a_bad_spec() -> None:
    with pytest.raises(AgentError, match="no parameter"):
        clock_bound("mcts:secs=1")


def test_the_warning_names_each_clocked_agent_once_with_the_remedy() -> None:
    assert clock_warning(["medium", "random"]) is None
    one = clock_warning(["hard", "hard"])
    assert one is not None and one.startswith("hard (seconds=0.9) stops ") and one.count("hard") == 1
    assert "mcts:iterations=1000" in one
    two = clock_warning(["mcts:seconds=0.5", "hard"])
    assert two is not None and two.startswith("mcts:seconds=0.5 and hard (seconds=0.9) stop ")


def test_match_warns_and_its_json_says_not_reproducible() -> None:
    runner = CliRunner()
    clocked = runner.invoke(app, ["match", "ditch", "--agents", f"{CLOCKED},random", "--games", "1", "--json"])
    assert clocked.exit_code == 0, clocked.output
    assert "warning:" in clocked.stderr and "wall clock" in clocked.stderr
    data = json.loads(clocked.stdout)
    assert data["reproducible"] is False and CLOCKED in data["clock_warning"]
    plain = runner.invoke(app, ["match", "ditch", "--agents", "random,random", "--games", "1", "--json"])
    assert plain.exit_code == 0 and plain.stderr == ""
    assert json.loads(plain.stdout)["reproducible"] is True and json.loads(plain.stdout)["clock_warning"] is None


@pytest.mark.parametrize("command", [["lab", "balance"], ["lab", "compare", "--b", "straight_moves=true"]])
def test_the_lab_warns_of_a_clocked_agent(command: list[str]) -> None:
    runner = CliRunner()
    args = [*command, "ditch", "--agents", f"{CLOCKED},random", "--games", "1", "--workers", "1", "--json"]
    result = runner.invoke(app, args, env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    (line,) = [line for line in result.stderr.splitlines() if "wall clock" in line]
    assert CLOCKED in line and "iterations alone" in line  # one line, however narrow the terminal
    summary = json.loads(result.stdout)
    summary = summary.get("a", summary)  # compare: each variant's summary
    assert summary["reproducible"] is False and CLOCKED in summary["clock_warning"]
    quiet = runner.invoke(app, [*command, "ditch", "--agents", "random,random", "--games", "1", "--workers", "1", "--json"])
    assert quiet.exit_code == 0 and "wall clock" not in quiet.stderr
    summary = json.loads(quiet.stdout)
    assert summary.get("a", summary)["reproducible"] is True and summary.get("a", summary)["clock_warning"] is None


def test_a_report_says_its_run_is_not_reproducible(tmp_path: Path) -> None:
    runner = CliRunner()
    run, report = tmp_path / "run", tmp_path / "report.md"
    result = runner.invoke(app, ["lab", "balance", "ditch", "--agents", f"{CLOCKED},random", "--games", "1",
                                 "--workers", "1", "--run", str(run)])
    assert result.exit_code == 0, result.output
    again = runner.invoke(app, ["lab", "report", str(run), "--report", str(report), "--json"])  # no warning: nothing is played
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["reproducible"] is False
    assert f"Not reproducible: {CLOCKED}" in report.read_text(encoding="utf-8")
