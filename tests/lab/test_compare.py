"""`lab compare`: house-rule A/B tests on shared seeds."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.lab.backends import LabError
from dicefront.lab.compare import bootstrap, mcnemar, parse_variant

from .conftest import need

runner = CliRunner()


def test_parse_variant() -> None:
    assert parse_variant("-o round_limit=30 -o board=compact", "--a") == {"round_limit": "30", "board": "compact"}
    assert parse_variant("round_limit=30", "--a") == {"round_limit": "30"}
    assert parse_variant("", "--a") == {}
    for bad, message in (("-o", "needs a key=value"), ("-o nonsense", "key=value"), ('-o "x=1', "quotation"), ("x" * 3000, "longer")):
        with pytest.raises(LabError, match=message):
            parse_variant(bad, "--b")


def _r(index: int, winner: int | None, steps: int = 10) -> dict[str, Any]:
    return {"index": index, "winner": winner, "truncated": False, "steps": steps}


def test_mcnemar_counts_discordant_pairs() -> None:
    a = [_r(i, 0) for i in range(10)]
    b = [_r(i, 1 if i < 9 else 0) for i in range(10)]
    result = mcnemar(a, b, lambda r: None if r["winner"] is None else r["winner"] == 0)
    assert result["discordant"] == [9, 0] and result["a"] == 1.0 and result["b"] == 0.1
    assert result["p_value"] == pytest.approx(2 / 2**9, abs=1e-6)


def test_bootstrap_is_seeded_and_finds_a_shift() -> None:
    rng_seed = 7
    print("seed", rng_seed)
    a = [_r(i, 0, steps=100 + i % 5) for i in range(40)]
    b = [_r(i, 0, steps=110 + i % 5) for i in range(40)]
    first = bootstrap(a, b, lambda r: float(r["steps"]), random.Random(rng_seed))
    again = bootstrap(a, b, lambda r: float(r["steps"]), random.Random(rng_seed))
    assert first == again and first is not None
    assert first["difference"] == 10 and first["ci95"] == [10, 10] and first["p_value"] == 1 / 2000
    same = bootstrap(a, a, lambda r: float(r["steps"]), random.Random(rng_seed))
    assert same is not None and same["difference"] == 0 and same["p_value"] == 1.0


def _compare(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["lab", "compare", "trench_checkers", "-n", "4", "-w", "1", "--seed", "1", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_longer_round_limit_makes_longer_games_on_the_same_seeds() -> None:
    data = _compare("--a", "-o round_limit=3", "--b", "-o round_limit=6")
    rows = {r["metric"]: r for r in data["comparison"]}
    assert data["a"]["options"]["round_limit"] == 3 and data["b"]["options"]["round_limit"] == 6
    assert rows["length_turns"]["difference"] > 0 and rows["length_steps"]["b"] > rows["length_steps"]["a"]
    assert set(rows) >= {"first_seat_wins", "agent0_wins", "draw", "limit_reached", "length_steps", "lead_changes"}


def test_identical_variants_show_no_difference() -> None:
    data = _compare("--a", "-o round_limit=4", "--b", "round_limit=4")
    assert data["a"] == data["b"]
    assert all(r["difference"] == 0 and r["p_value"] == 1.0 for r in data["comparison"])


def test_compare_report(tmp_path: Path) -> None:
    need("matplotlib")
    path = tmp_path / "ab.html"
    _compare("--b", "-o round_limit=5", "--report", str(path))
    text = path.read_text(encoding="utf-8")
    assert "A/B comparison" in text and 'id="plot-a-lengths"' in text and 'id="plot-b-lengths"' in text


@pytest.mark.parametrize(("args", "message"), [
    (["--b", "-o nosuch=1"], "nosuch"),
    (["--b", "-o round_limit=0"], "round_limit"),
    (["--a", "-o", "--b", "x=1"], "needs a key=value"),
])
def test_bad_variants_are_one_line_errors(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "compare", "trench_checkers", "-n", "2", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_bootstrap_of_many_games_uses_numpy_and_stays_seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    need("numpy")
    from dicefront.lab import compare as lab_compare

    monkeypatch.setattr(lab_compare, "PURE_PYTHON_WORK", 10)
    a = [_r(i, 0, steps=100 + i % 7) for i in range(300)]
    b = [_r(i, 0, steps=103 + i % 7) for i in range(300)]
    first = bootstrap(a, b, lambda r: float(r["steps"]), random.Random(1))
    assert first == bootstrap(a, b, lambda r: float(r["steps"]), random.Random(1))
    assert first is not None and first["difference"] == 3 and first["ci95"] == [3, 3]
