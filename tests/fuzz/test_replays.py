"""Corrupted replays of every game: each gives a one-line DicefrontError or re-runs
cleanly, never another exception (issue 13, item 10). Seeded and bounded: the seed
and the corruption are in the test id and in every failure message."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import RandomAgent
from dicefront.cli import app
from dicefront.core import DicefrontError, MatchRecord, rerun
from tests.conftest import play_out

SEED = 1310
PER_GAME = 80
ODD_VALUES: list[Any] = [None, True, False, -1, 0, 2, 10**30, 1e308, -0.5, "", "x", "²", "٣", "[/]", "\x00\n",
                         [], {}, [1, 2], [[[[]]]], {"kind": 1}, "9" * 300]
SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@cache
def replays(name: str) -> tuple[str, ...]:
    """Two real replays of ``name`` as JSON text (bounded length: truncated records count)."""
    game = dicefront.load(name)
    agents = [RandomAgent(), RandomAgent()]
    out = [json.dumps(dicefront.play_match(game, agents, seed=SEED, max_steps=150).to_json())]
    start = game.new_state()  # the second one starts from a saved position (its 'initial_state')
    play_out(start, random.Random(SEED), 40)
    out.append(json.dumps(dicefront.play_match(game, agents, seed=SEED + 1, max_steps=110, state=start).to_json()))
    return tuple(out)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path from the root to a value of ``node``."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    """(parent, key) of ``path``; the root is ({"": data}, "")."""
    parent: Any = {"": data}
    key: Any = ""
    for part in path:
        parent, key = parent[key], part
    return parent, key


def _pick(data: Any, rng: random.Random) -> tuple[Any, Any]:
    paths = _paths(data)[1:]
    # favour the steps: most of a replay, and where the rules get involved
    return _at(data, rng.choice(paths))


def set_odd_value(data: Any, rng: random.Random) -> str:
    parent, key = _pick(data, rng)
    parent[key] = rng.choice(ODD_VALUES)
    return f"set {key!r} to {parent[key]!r:.40}"


def nudge_number(data: Any, rng: random.Random) -> str:
    numbers = [p for p in _paths(data) if isinstance(_get(data, p), (int, float)) and not isinstance(_get(data, p), bool)]
    if not numbers:
        return set_odd_value(data, rng)
    parent, key = _at(data, rng.choice(numbers))
    parent[key] = parent[key] + rng.choice([-1, 1, 7, -100, 10**12])
    return f"nudged {key!r}"


def delete_key(data: Any, rng: random.Random) -> str:
    objects = [p for p in _paths(data) if isinstance(_get(data, p), dict) and _get(data, p)]
    node = _get(data, rng.choice(objects))
    key = rng.choice(list(node))
    del node[key]
    return f"deleted {key!r}"


def drop_or_duplicate_step(data: Any, rng: random.Random) -> str:
    steps = data["steps"]
    if not steps:
        return "no steps"
    i = rng.randrange(len(steps))
    if rng.random() < 0.5:
        del steps[i]
        return f"dropped step {i}"
    steps.insert(i, json.loads(json.dumps(steps[i])))
    return f"duplicated step {i}"


def swap_steps(data: Any, rng: random.Random) -> str:
    steps = data["steps"]
    if len(steps) < 2:
        return "too few steps"
    i, j = rng.sample(range(len(steps)), 2)
    steps[i], steps[j] = steps[j], steps[i]
    return f"swapped steps {i} and {j}"


def superscript_action(data: Any, rng: random.Random) -> str:
    actions = [s for s in data["steps"] if isinstance(s.get("action"), str) and any(c.isdigit() for c in s["action"])]
    if not actions:
        return set_odd_value(data, rng)
    step = rng.choice(actions)
    step["action"] = step["action"].translate(SUPERSCRIPTS)
    return f"superscript digits in {step['action']!r}"


def rewrite_action(data: Any, rng: random.Random) -> str:
    """An action's digits and letters changed: well-formed notation, often illegal."""
    actions = [s for s in data["steps"] if isinstance(s.get("action"), str)]
    if not actions:
        return set_odd_value(data, rng)
    step = rng.choice(actions)
    step["action"] = "".join(
        rng.choice("0123456789") if c.isdigit() else rng.choice("abcdefghz") if c.isalpha() and rng.random() < 0.2 else c
        for c in rng.choice(actions)["action"]
    )
    return f"rewrote an action to {step['action']!r}"


def nest_deeply(data: Any, rng: random.Random) -> str:
    parent, key = _pick(data, rng)
    value: Any = parent[key]
    for _ in range(rng.choice([50, 2000])):
        value = [value]
    parent[key] = value
    return f"nested {key!r} deeply"


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    parent, key = _at(data, path)
    return parent[key]


STRUCTURAL: list[Callable[[Any, random.Random], str]] = [
    set_odd_value, set_odd_value, nudge_number, delete_key, drop_or_duplicate_step, swap_steps, superscript_action,
    rewrite_action, rewrite_action, nest_deeply,
]


def corrupt(text: str, rng: random.Random) -> tuple[bytes, str]:
    """A corrupted copy of replay ``text`` and what was done to it."""
    roll = rng.random()
    raw = text.encode()
    if roll < 0.12:
        cut = rng.randrange(len(raw))
        return raw[:cut], f"truncated at byte {cut}"
    if roll < 0.24:
        data = bytearray(raw)
        spots = [rng.randrange(len(data)) for _ in range(rng.randint(1, 4))]
        for spot in spots:
            data[spot] = rng.randrange(256)
        return bytes(data), f"flipped bytes at {spots}"
    if roll < 0.28:
        at = rng.randrange(len(raw))
        dup = raw.find(b'"', at)
        return raw[:dup] + b'"game": 5, ' + raw[dup:] if dup > 0 else raw, "injected a duplicate key"
    data = json.loads(text)
    what = rng.choice(STRUCTURAL)(data, rng)
    try:
        return json.dumps(data).encode(), what
    except RecursionError:
        return b"[" * 5000, what


def check_file(path: Path, label: str) -> None:
    try:
        record = MatchRecord.load(path)
        rerun(record)
    except DicefrontError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 600, f"{label}: bad error text {message[:300]!r}"
    except Exception as exc:  # the failure this suite exists to catch
        pytest.fail(f"{label}: {type(exc).__name__}: {str(exc)[:300]}")


@pytest.mark.parametrize("name", dicefront.names())
def test_corrupted_replays_give_one_line_errors(name: str, tmp_path: Path) -> None:
    rng = random.Random(f"{SEED}:{name}")
    texts = replays(name)
    for i in range(PER_GAME):
        raw, what = corrupt(texts[i % len(texts)], rng)
        path = tmp_path / f"{i}.json"
        path.write_bytes(raw)
        check_file(path, f"seed {SEED}, {name} corruption {i}: {what}")


@pytest.mark.parametrize("name", dicefront.names())
def test_real_replays_rerun(name: str) -> None:
    for text in replays(name):
        rerun(MatchRecord.from_json(json.loads(text)))


@pytest.mark.parametrize("name", dicefront.names())
def test_the_cli_answers_corrupted_replays_in_one_line(name: str, tmp_path: Path) -> None:
    rng = random.Random(f"{SEED}:cli:{name}")
    runner = CliRunner()
    for i in range(6):
        raw, what = corrupt(replays(name)[0], rng)
        path = tmp_path / f"{i}.json"
        path.write_bytes(raw)
        label = f"seed {SEED}, {name} CLI corruption {i}: {what}"
        for args in ([], ["--json"]):
            result = runner.invoke(app, ["replay", str(path), *args])
            assert "Traceback" not in result.output, label
            assert result.exception is None or isinstance(result.exception, SystemExit), f"{label}: {result.exception!r}"
            if result.exit_code != 0:
                assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, f"{label}: {result.stderr!r}"
