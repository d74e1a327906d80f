"""`dicefront play` in the terminal: a deployment with hundreds of legal actions is
listed in groups (numbers still valid), not one numbered line per action."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


def test_a_choice_named_by_a_seat_number_is_shown_in_words() -> None:
    """Ditch's "deploy-first 0" counts seats from 0 while the terminal names them from
    1: the menu says in words who each choice makes deploy first (issue 20)."""
    args = ["play", "ditch", "--vs", "random", "--seed", "4"]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    menu = result.output.rsplit("since your last move", 1)[-1]
    assert re.search(r"1 deploy-first 0\s+\(Player 1 deploys first\)", menu), menu
    assert re.search(r"2 deploy-first 1\s+\(Player 2 deploys first\)", menu), menu


def _attack_step(seed: int) -> tuple[dict[str, object], int]:
    """A Trench Checkers position (as saved by ``save FILE``) where the seat to act has
    an attack, with that seat's next attack cancelled by the enemy's Flashbang (rule
    11.3), and that seat counted from 0."""
    from tests.games.trench_checkers.helpers import played_to_an_attack

    state = played_to_an_attack(seed)
    seat = state.actors[0]
    state.cancel_next[seat] = True
    return state.to_json(), seat


def test_an_attack_a_flashbang_cancels_says_so_in_the_menu_and_its_odds(tmp_path: Path) -> None:
    position, seat = _attack_step(2)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    args = ["play", "trench_checkers", "--position", str(path), "--seat", str(seat + 1), "--seed", "1"]
    menu = runner.invoke(app, args, input="quit\n")
    assert menu.exit_code == 0, menu.output
    number = re.search(r"(\d+) attack [a-h]\d+ [a-h]\d+ +\[cancelled by the enemy's Flashbang", menu.output)
    assert number, menu.output
    asked = runner.invoke(app, args, input=f"? {number.group(1)}\nquit\n")
    assert "no dice involved: cancelled by the enemy's Flashbang" in asked.output, asked.output
    state = position["state"]
    assert isinstance(state, dict)
    state["cancel_next"] = [False, False]  # without the card: nothing noted, the odds shown
    path.write_text(json.dumps(position), encoding="utf-8")
    plain = runner.invoke(app, args, input=f"? {number.group(1)}\nquit\n")
    assert "[cancelled" not in plain.output and "no dice involved" not in plain.output and "%" in plain.output, plain.output
