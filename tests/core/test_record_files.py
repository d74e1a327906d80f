"""Replay files are hostile input: every malformed one is a one-line ReplayError
naming the field or step, and a tampered one does not pass as verified (issue 13,
item 10; `replay --at` of item 9)."""

from __future__ import annotations

import json
import os
import threading
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import RandomAgent
from dicefront.cli import app
from dicefront.core import MatchRecord, ReplayError, rerun
from dicefront.core import record as record_module

runner = CliRunner()


@cache
def _ditch_replay() -> str:
    rec = dicefront.play_match(dicefront.load("ditch"), [RandomAgent(), RandomAgent()], seed=5)
    return json.dumps(rec.to_json())


def replay_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_ditch_replay())
    return data


def first_player_step(data: dict[str, Any]) -> int:
    return next(i for i, s in enumerate(data["steps"]) if s["player"] is not None)


def load_error(data: Any) -> str:
    with pytest.raises(ReplayError) as err:
        rerun(MatchRecord.from_json(data))
    message = str(err.value)
    assert "\n" not in message and len(message) < 400, message
    return message


def edited(**changes: Any) -> dict[str, Any]:
    return {**replay_data(), **changes}


def with_step(index: int, **changes: Any) -> dict[str, Any]:
    data = replay_data()
    data["steps"][index] = {**data["steps"][index], **changes}
    return data


def test_a_real_replay_loads_and_reruns() -> None:
    rerun(MatchRecord.from_json(replay_data()))


@pytest.mark.parametrize(("change", "named"), [
    ({"events": [1, 2]}, "step 3: event 0 must be an object"),
    ({"events": {"kind": "x"}}, "step 3: 'events' must be a list"),
    ({"events": [{"kind": 5, "text": "t"}]}, "step 3: event 0: 'kind' must be text"),
    ({"events": [{"kind": "k", "text": "t", "audience": [7]}]}, "bad player 7"),
    ({"events": [{"kind": "k", "text": "t", "data": [1]}]}, "'data' must be an object"),
    ({"player": True}, "step 3: bad player true/false"),
    ({"player": "0"}, "step 3: bad player text"),
    ({"player": 0, "action": 7}, "step 3: a player step needs an 'action'"),
    ({"player": 0, "action": "x" * 10_000}, "step 3: 'action' is longer than"),
    ({"player": None, "outcome": [10**12]}, "step 3: 'outcome': a face must be"),
    ({"player": None, "outcome": "6"}, "step 3: 'outcome' must be a list"),
    ({"player": None, "outcome": [1.5]}, "step 3: 'outcome': a face must be"),
])
def test_malformed_steps_name_the_step_and_field(change: dict[str, Any], named: str) -> None:
    assert named in load_error(with_step(3, **change))


@pytest.mark.parametrize(("change", "named"), [
    ({"steps": {"0": 1}}, "'steps' must be a list"),
    ({"steps": [1, 2]}, "step 0 must be an object"),
    ({"game": ["ditch"]}, "'game' must be text"),
    ({"options": [1]}, "'options' must be an object"),
    ({"options": {"turn_limit": {"a": 1}}}, "option 'turn_limit' must be"),
    ({"seed": 1.5}, "'seed' must be"),
    ({"agents": "random"}, "'agents' must be a list"),
    ({"returns": [1]}, "'returns' must be a list of two numbers"),
    ({"returns": ["1", 0]}, "'returns' must be a finite number"),
    ({"finished": "no"}, "'finished' must be true or false"),
    ({"final_digest": 5}, "'final_digest' must be text"),
    ({"final_digest": "zz"}, "'final_digest' must be a SHA-256"),
    ({"initial_state": [1]}, "'initial_state' must be an object"),
    ({"initial_state": {"game": "ditch"}}, "'initial_state' is not a valid position"),
    ({"format": True}, "unsupported replay format"),
    ({"length": 3}, "'length' says 3 steps"),
    ({"winner": True}, "'winner' does not match"),
])
def test_malformed_fields_are_named(change: dict[str, Any], named: str) -> None:
    assert named in load_error(edited(**change))


def test_unicode_digits_in_an_action_are_a_replay_error() -> None:
    data = replay_data()
    i = first_player_step(data)
    data["steps"][i]["action"] = "attack d² e7"
    assert f"step {i} does not replay" in load_error(data)


def test_a_tampered_result_is_refused() -> None:
    data = replay_data()
    data["returns"] = data["returns"][::-1]
    data["winner"] = None if data["winner"] is None else 1 - data["winner"]
    assert "re-ran to returns" in load_error(data)
    assert "'finished'" in load_error(edited(finished=not replay_data()["finished"]))
    assert "digest mismatch" in load_error(edited(final_digest="0" * 64))


def test_more_steps_than_any_game_has_is_refused_before_replaying() -> None:
    data = replay_data()
    data["steps"] = data["steps"] * 200
    data["length"] = len(data["steps"])
    assert "no Ditch game is longer than" in load_error(data)


@pytest.mark.parametrize(("content", "named"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00binary", "not UTF-8 text"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"a":' * 60 + b"1" + b"}" * 60, "nested deeper than"),
    (b'{"kind": "dicefront-replay", "format": 1, "seed": ' + b"9" * 5000 + b"}", "too many digits"),
    (b'{"kind": "dicefront-replay", "format": 1, "seed": NaN}', "NaN is not a JSON number"),
    (b"{not json", "not valid JSON"),
], ids=["binary", "deep", "nested-objects", "huge-int", "nan", "not-json"])
def test_files_that_are_not_replays(tmp_path: Path, content: bytes, named: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ReplayError, match=named) as err:
        MatchRecord.load(path)
    assert "\n" not in str(err.value)


def test_special_and_oversized_files_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    errors: list[BaseException] = []
    reader = threading.Thread(target=lambda: _catch(errors, fifo), daemon=True)
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), "reading a FIFO hung"
    assert errors and "not a regular file" in str(errors[0])
    with pytest.raises(ReplayError, match="not a regular file"):  # only once a FIFO is refused: no endless read
        MatchRecord.load("/dev/zero")
    big = tmp_path / "big.json"
    big.write_text(_ditch_replay())
    monkeypatch.setattr(record_module, "MAX_REPLAY_BYTES", 1000)
    with pytest.raises(ReplayError, match="larger than"):
        MatchRecord.load(big)


def _catch(errors: list[BaseException], path: Path) -> None:
    try:
        MatchRecord.load(path)
    except ReplayError as exc:
        errors.append(exc)


def _cli(tmp_path: Path, data: Any, *args: str) -> Any:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return runner.invoke(app, ["replay", str(path), *args])


def _one_line_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, (ValueError, TypeError, KeyError))
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
    return str(lines[0])


@pytest.mark.parametrize("args", [[], ["--json"], ["--at", "3"], ["--at", "3", "--json"]])
def test_cli_refuses_a_tampered_replay_with_json_too(tmp_path: Path, args: list[str]) -> None:
    assert "digest mismatch" in _one_line_error(_cli(tmp_path, edited(final_digest="0" * 64), *args))
    data = replay_data()
    data["returns"] = data["returns"][::-1]
    data["winner"] = None if data["winner"] is None else 1 - data["winner"]
    assert "re-ran to returns" in _one_line_error(_cli(tmp_path, data, *args))


def test_cli_at_beyond_the_end_says_how_long_the_game_is(tmp_path: Path) -> None:
    n = len(replay_data()["steps"])
    message = _one_line_error(_cli(tmp_path, replay_data(), "--at", str(n + 999)))
    assert f"this game has {n} steps" in message
    assert _cli(tmp_path, replay_data(), "--at", str(n), "--json").exit_code == 0


def test_cli_errors_with_markup_or_odd_text_stay_one_line(tmp_path: Path) -> None:
    data = replay_data()
    data["game"] = "[/]chess"
    assert "[/]chess" in _one_line_error(_cli(tmp_path, data))
    data["agents"] = ["\x1b[2J", "random"]  # a terminal escape: never printed
    assert "'agents' contains control characters" in _one_line_error(_cli(tmp_path, data))
    data = with_step(3, events=[1, 2])
    assert "step 3: event 0" in _one_line_error(_cli(tmp_path, data, "--json"))
    data = replay_data()
    data["agents"] = ["[/]", "[bold]"]
    result = _cli(tmp_path, data)
    assert result.exit_code == 0 and "[/] vs [bold]" in result.stdout


def test_cli_shows_the_rerun_events_not_the_files_text(tmp_path: Path) -> None:
    data = replay_data()
    data["steps"][0]["events"] = [{"kind": "roll", "text": "FORGED TEXT"}]
    result = _cli(tmp_path, data)
    assert result.exit_code == 0 and "FORGED" not in result.stdout
