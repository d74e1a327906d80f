"""`dicefront play` in the terminal: a deployment with hundreds of legal actions is
listed in groups (numbers still valid), not one numbered line per action."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from dicefront.cli import app

runner = CliRunner()


def test_deployment_actions_are_grouped_and_numbers_still_work() -> None:
    args = ["play", "die_fighting", "-o", "mode=war", "--vs", "random", "--seed", "3"]
    result = runner.invoke(app, args, input="1\n1\n1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    last_prompt = result.output.rsplit("since your last move", 1)[-1]
    listed = [line for line in last_prompt.splitlines() if "deploy" in line]
    assert listed and len(listed) <= 20, f"{len(listed)} lines of deploy actions"
    ranges = re.findall(r"(\d+)-(\d+) deploy", last_prompt)
    assert ranges and ranges[0][0] == "1"
    assert sum(int(b) - int(a) + 1 for a, b in ranges) > 200  # every action still has its number


def test_typing_a_group_lists_its_actions() -> None:
    args = ["play", "die_fighting", "-o", "mode=war", "--vs", "random", "--seed", "3"]
    result = runner.invoke(app, args, input="1\n1\n1\n1\n1\ndeploy CO/S\nquit\n")
    assert result.exit_code == 0, result.output
    assert re.search(r"\d+ deploy CO/S [a-t]\d+", result.output)
