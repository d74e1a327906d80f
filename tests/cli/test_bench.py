"""`dicefront bench`: the JSON carries, per game, the ratio to OpenSpiel backgammon
(when pyspiel is installed) and the odds query CPU percentiles. Speed itself is never
asserted here, only the shape of the report."""

from __future__ import annotations

import importlib.util
import json
import os

import pytest
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.cli._common import console
from dicefront.core.registry import load
from dicefront.lab.bench import odds_bench, odds_positions, run_bench

runner = CliRunner()
HAVE_SPIEL = importlib.util.find_spec("pyspiel") is not None


def test_bench_json_has_the_ratio_and_odds_fields() -> None:
    result = runner.invoke(app, ["bench", "ditch", "--seconds", "0.3", "--rounds", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rounds"] == 2
    row = data["games"]["ditch"]
    for field in ("actions_per_s", "games_per_s", "clones_per_s", "odds_p50_ms", "odds_p99_ms", "odds_queries"):
        assert field in row
    assert row["odds_queries"] > 0 and row["odds_p99_ms"] >= row["odds_p50_ms"] >= 0
    assert os.environ.get("CI") != "true" or HAVE_SPIEL, "pyspiel missing: the adapters extra installs it"
    if HAVE_SPIEL:
        assert data["openspiel_backgammon"]["actions_per_s"] > 0
        assert data["openspiel_backgammon"]["cpu_actions_per_s"] > 0
        assert row["ratio_to_openspiel_backgammon"] > 0
        assert row["cpu_ratio_to_openspiel_backgammon"] > 0
    else:
        assert data["openspiel_backgammon"] is None
        assert "ratio_to_openspiel_backgammon" not in row and "cpu_ratio_to_openspiel_backgammon" not in row


def test_bench_table_shows_the_new_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "_width", 160)  # the table's headers on one line each, whatever COLUMNS says
    result = runner.invoke(app, ["bench", "ditch", "--seconds", "0.2", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    assert "odds p99" in result.output and "median of 1 rounds" in result.output
    if HAVE_SPIEL:
        assert "CPU vs OpenSpiel" in result.output


def test_playouts_only_skips_clones_and_mcts() -> None:
    row = run_bench(["ditch"], 0.2, rounds=1, odds=False, extras=False)["games"]["ditch"]
    assert row["actions_per_s"] > 0 and row["cpu_actions_per_s"] > 0
    assert "clones_per_s" not in row and "mcts_iterations_per_s" not in row


def test_references_are_interleaved_between_games() -> None:
    data = run_bench(["ditch", "die_fighting"], 0.2, rounds=1, odds=False)
    assert set(data["games"]) == {"ditch", "die_fighting"}
    assert "odds_p99_ms" not in data["games"]["ditch"]


def test_odds_positions_are_seeded() -> None:
    game = load("ditch")
    a = [s.key() for s in odds_positions(game, 5, seed=3)]
    b = [s.key() for s in odds_positions(game, 5, seed=3)]
    assert a == b and len(a) == 5
    assert odds_bench("ditch", positions=2)["queries"] > 0
