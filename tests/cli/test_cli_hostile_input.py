"""The CLI under hostile input: Rich markup in anything typed or printed, odd digits,
bad agent specs, the wrong kind of file, a busy port. Each gives a one-line answer
and, at the `play` prompt, the game goes on."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import make_agent
from dicefront.cli import app

runner = CliRunner()


def _no_crash(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


def _one_line_error(result: Any) -> str:
    _no_crash(result)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("typed", ["[/]", "[bold]x[/bold", "?\u00b2", "\u00b2", "\u0661", "[/]\\"])
def test_markup_and_odd_digits_at_the_play_prompt_keep_the_game_going(typed: str) -> None:
    result = runner.invoke(app, ["play", "ditch", "--seed", "1"], input=f"{typed}\nquit\n")
    _no_crash(result)
    assert result.exit_code == 0 and "Game left" in result.stdout, result.output


def test_markup_is_echoed_literally_in_the_error() -> None:
    result = runner.invoke(app, ["play", "ditch", "--seed", "1"], input="[/]\nquit\n")
    assert "'[/]' by Player 2: not a Ditch action" in result.stdout, result.stdout


def test_a_die_fighting_typo_shows_the_notation_hint_and_the_game_goes_on() -> None:
    result = runner.invoke(app, ["play", "die_fighting", "--seed", "1", "--vs", "random"], input="byu x\nquit\n")
    _no_crash(result)
    assert result.exit_code == 0 and "Game left" in result.stdout, result.output
    assert "UNIT[/S|L|C]" in result.stdout


def test_markup_in_a_game_name_is_a_one_line_error() -> None:
    line = _one_line_error(runner.invoke(app, ["games", "[/]"]))
    assert "'[/]'" in line


@pytest.mark.parametrize(
    "args, words",
    [
        (["match", "ditch", "--agents", "mcts:iterations=abc,random"], "iterations must be a whole number in 1..100000"),
        (["match", "ditch", "--agents", "mcts:seconds=inf,random"], "seconds must be a finite number"),
        (["play", "ditch", "--vs", "mcts:foo=1"], "agent mcts has no parameter 'foo'; its parameters: iterations"),
        (["play", "ditch", "--vs", "mcts:c=nan"], "c must be a finite number"),
        (["play", "ditch", "--vs", "[/]"], "unknown agent '[/]'"),
    ],
)
def test_bad_agent_specs_are_one_line_errors(args: list[str], words: str) -> None:
    assert words in _one_line_error(runner.invoke(app, args))


def test_agents_lists_parameters_with_bounds() -> None:
    result = runner.invoke(app, ["agents"])
    assert result.exit_code == 0
    for text in ("iterations", "1..100000", "(0, 60]", "epsilon", "[0, 1]", "auto|true|false", "hard"):
        assert text in result.stdout, text
    data = json.loads(runner.invoke(app, ["agents", "--json"]).stdout)
    mcts = next(a for a in data["agents"] if a["name"] == "mcts")
    assert {"name": "c", "type": "float", "allowed": "[0, 10]"}.items() <= mcts["params"][2].items()
    assert data["levels"]["hard"] == "mcts:iterations=1000:seconds=0.9:min_iterations=400"


def _replay_file(tmp_path: Path) -> Path:
    game = dicefront.load("ditch")
    record = dicefront.play_match(game, [make_agent("random"), make_agent("random")], seed=3, max_steps=20)
    path = tmp_path / "game.json"
    record.save(path)
    return path


@pytest.mark.parametrize("command", [["play", "ditch"], ["odds", "ditch", "--action", "pass"]])
def test_a_replay_given_as_position_says_how_to_export_one(tmp_path: Path, command: list[str]) -> None:
    replay = _replay_file(tmp_path)
    line = _one_line_error(runner.invoke(app, [*command, "--position", str(replay)]))
    assert "is a replay, not a position" in line and "dicefront replay" in line and "--export" in line


@pytest.mark.parametrize(
    "content, words",
    [
        (b"\xff\xfe\x00binary", "not a text file"),
        (b"[" * 100_000, "nested too deeply"),
        (b"{not json", "not valid JSON"),
        (b'{"game": "ditch"}', "not a saved position"),
        (b"[1, 2]", "not a saved position"),
        (b'{"game": ' + b"9" * 5000 + b"}", "too many digits"),
    ],
    ids=["binary", "nested", "not-json", "no-state", "a-list", "huge-number"],
)
def test_play_position_files_that_are_not_positions(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "pos.json"
    path.write_bytes(content)
    assert words in _one_line_error(runner.invoke(app, ["play", "ditch", "--position", str(path)], input="quit\n"))


def test_serve_on_a_busy_port_is_a_one_line_error_before_any_open_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    def must_not_run(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the server was started on a busy port")

    monkeypatch.setattr(uvicorn, "run", must_not_run)
    monkeypatch.setattr(uvicorn.Server, "run", must_not_run)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite3")])
    assert "Open http" not in result.output
    line = _one_line_error(result)
    assert f"cannot listen on 127.0.0.1:{port}" in line
    assert not (tmp_path / "g.sqlite3").exists()


def test_serve_on_a_free_port_hands_its_bound_socket_to_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    seen: list[Any] = []

    def fake_run(self: Any, sockets: Any = None) -> None:
        seen.append(sockets)
        for s in sockets:
            s.close()

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: seen.append("uvicorn.run without a bound socket"))
    result = runner.invoke(app, ["serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3")])
    assert result.exit_code == 2 and "--port must be" in result.output  # port 0 is refused as before
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite3")])
    assert result.exit_code == 0, result.output
    assert f"Open http://127.0.0.1:{port}/" in result.stdout
    assert len(seen) == 1 and isinstance(seen[0], list), seen


def test_a_fifo_given_as_a_position_is_refused_without_being_opened(tmp_path: Path) -> None:
    from tests.core.fifo_guard import fifo_guard

    pipe = tmp_path / "position.json"
    with fifo_guard(pipe) as opened:
        result = runner.invoke(app, ["odds", "ditch", "--position", str(pipe), "--action", "move a1"])
    assert "not a regular file" in _one_line_error(result)
    assert not opened.is_set()  # a blocking read would have waited for a writer
