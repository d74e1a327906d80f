"""Seats as the command line shows and takes them: counted from 1 (or the side's name)
in `match`'s summary, `replay`'s log and `--seat`; the 0 of earlier versions is refused
with a hint, never read as another seat. Stored event texts keep "Player 0"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.core.record import MatchRecord

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ditch-replay.json"


def test_match_names_the_seats_as_shown() -> None:
    plain = runner.invoke(app, ["match", "ditch", "--games", "2", "--seed", "1"])
    assert plain.exit_code == 0 and re.search(r"Player 1 won \d+, Player 2 won \d+", plain.stdout), plain.stdout
    assert "seat 0" not in plain.stdout
    sided = runner.invoke(app, ["match", "army_backgammon", "--games", "2", "--seed", "1"])
    assert sided.exit_code == 0 and re.search(r"Green won \d+, Tan won \d+", sided.stdout), sided.stdout


def test_replay_log_counts_seats_from_one_while_the_file_keeps_its_texts() -> None:
    stored = [e.text for s in MatchRecord.load(EXAMPLE).steps for e in s.events]
    assert "Deployment roll: Player 0 1, Player 1 2" in stored  # the record is unchanged
    out = runner.invoke(app, ["replay", str(EXAMPLE), "--at", "3"]).stdout
    assert "Deployment roll: Player 1 1, Player 2 2" in out
    assert "P2   deploy-first 0   Player 2 lets Player 1 deploy first" in out
    assert "Player 0" not in out and " P0 " not in out


@pytest.mark.parametrize("value", ["1", "2", " 2 "])
def test_replay_seat_takes_the_shown_number(value: str) -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLE), "--seat", value, "--at", "2"])
    assert result.exit_code == 0, result.output


def test_seat_zero_and_nonsense_are_one_line_errors() -> None:
    zero = runner.invoke(app, ["replay", str(EXAMPLE), "--seat", "0"])
    assert zero.exit_code == 2 and "--seat 0: seats are numbered from 1 as shown (1 or 2)" in zero.output
    assert len(zero.output.strip().splitlines()) == 1
    for args in (["play", "ditch", "--vs", "random", "--seat", "0"], ["play", "army_backgammon", "--vs", "random", "--seat", "0"]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2 and "the first seat is --seat 1" in result.output, result.output
    assert "1, 2, Green or Tan" in runner.invoke(app, ["play", "army_backgammon", "--vs", "random", "--seat", "0"]).output
    bad = runner.invoke(app, ["play", "ditch", "--vs", "random", "--seat", "[red]3"], input="")
    assert bad.exit_code == 2 and "--seat '[red]3': give 1 or 2" in bad.output and "Traceback" not in bad.output


@pytest.mark.parametrize(("value", "side"), [("2", "Tan"), ("tan", "Tan"), ("GREEN", "Green"), ("1", "Green")])
def test_play_seat_takes_numbers_and_side_names(value: str, side: str) -> None:
    result = runner.invoke(app, ["play", "army_backgammon", "--vs", "random", "--seat", value, "--seed", "1"], input="quit\n")
    assert f"you are {side} against random" in result.output, result.output


def test_match_json_keeps_its_keys() -> None:
    data = json.loads(runner.invoke(app, ["match", "ditch", "--games", "2", "--seed", "1", "--json"]).stdout)
    assert len(data["seat_wins"]) == 2


def test_the_terminal_play_log_counts_seats_from_one() -> None:
    result = runner.invoke(app, ["play", "ditch", "--vs", "random", "--seat", "2", "--seed", "1"], input="quit\n")
    log = re.search(r"Deployment roll: Player (\d) \d, Player (\d) \d", result.output)
    assert log is not None and log.groups() == ("1", "2"), result.output


def test_odds_takes_the_asking_seat_as_shown(tmp_path: Path) -> None:
    import dicefront

    path = tmp_path / "start.json"
    path.write_text(json.dumps(dicefront.load("ditch").new_state().to_json()), encoding="utf-8")
    asked = runner.invoke(app, ["odds", "ditch", "--position", str(path), "--player", "2", "--json"])
    assert asked.exit_code == 0 and json.loads(asked.stdout)["player"] == 1, asked.output
    zero = runner.invoke(app, ["odds", "ditch", "--position", str(path), "--player", "0"])
    assert zero.exit_code == 2 and "--player 0: seats are numbered from 1 as shown" in zero.output
    example = Path(__file__).resolve().parents[2] / "examples" / "ditch-attack.json"
    table = runner.invoke(app, ["odds", "ditch", "--position", str(example), "--action", "attack d6 e7"])
    assert table.exit_code == 0 and "attack d6 e7 by Player 1 (ditch)" in table.stdout, table.output
