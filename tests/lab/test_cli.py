"""`dicefront lab` as a designer runs it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dicefront.cli import app

runner = CliRunner()
BALANCE = ["lab", "balance", "ditch", "--agents", "random,random", "--games", "6", "--seed", "4", "--workers", "1"]


def test_balance_json_has_every_headline_number() -> None:
    result = runner.invoke(app, [*BALANCE, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["agents"] == ["random", "random"]
    assert set(data["seat_advantage"]) >= {"first_seat_win_rate", "ci95", "p_value_vs_half"}
    assert set(data["metrics"]) >= {"completion", "drawishness", "timeouts", "decisiveness", "lead_changes",
                                    "branching_factor", "dice_influence"}
    assert data["length_steps"]["histogram"]["counts"]


def test_balance_json_does_not_depend_on_workers() -> None:
    one = runner.invoke(app, [*BALANCE, "--json"]).stdout
    two = runner.invoke(app, [*BALANCE[:-1], "2", "--json"]).stdout
    assert one == two


def test_balance_prints_tables() -> None:
    result = runner.invoke(app, BALANCE)
    assert result.exit_code == 0 and "first seat win rate" in result.stdout and "dice_influence" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["lab", "balance", "chess"], "unknown game"),
    (["lab", "balance", "ditch", "--agents", "random"], "exactly two agents"),
    (["lab", "balance", "ditch", "--agents", "random,nosuch"], "nosuch"),
    (["lab", "balance", "ditch", "-o", "nosuch=1"], "nosuch"),
    (["lab", "balance", "ditch", "--backend", "spark", "-n", "1"], "unknown backend"),
    (["lab", "balance", "ditch", "--address", "x:1", "-n", "1"], "--address"),
])
def test_bad_input_is_a_one_line_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
