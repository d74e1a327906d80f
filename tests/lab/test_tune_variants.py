"""`lab tune` for games whose sides are built alike: Army Man Backgammon's candidates
(presets, re-armed army lists) and the seat-balance search over them."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console

import dicefront
from dicefront.core.registry import game_class
from dicefront.core.roles import role_module
from dicefront.lab import tune as tune_module
from dicefront.lab.backends import LabError
from dicefront.lab.text import print_tune_variants
from dicefront.lab.variants import games_needed, verdict


def _role() -> Any:
    module = role_module(game_class("army_backgammon"), "tune")
    assert module is not None and module.KIND == "variants"
    return module


def test_candidates_are_valid_games_and_rearming_keeps_the_men() -> None:
    seed = 7
    print("seed", seed)
    game: Any = dicefront.load("army_backgammon")
    found = _role().variants(game, random.Random(seed))
    assert "current" in found and "preset default" not in found  # the default preset is the current game
    assert {"preset mines", "preset three-dice", "rearmed-1"} <= set(found)
    for name, (options, files) in found.items():
        built: Any = dicefront.load("army_backgammon", data_files=files, **options)
        if name.startswith("rearmed"):
            old, new = game.army.men, built.army.men
            assert [(m.row, m.stance, m.sergeant, m.detector) for m in new] == [(m.row, m.stance, m.sergeant, m.detector) for m in old]
            assert Counter(m.weapons for m in new) == Counter(m.weapons for m in old)
    assert found["rearmed-1"][1]["army"] != found["rearmed-2"][1]["army"]


def _stub(candidates: dict[str, tuple[dict[str, Any], dict[str, str]]]) -> Any:
    return SimpleNamespace(KIND="variants", WHAT="test candidates", variants=lambda game, rng: candidates)


def test_the_closest_candidate_is_proposed_and_checked_on_fresh_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dicefront.load("army_backgammon")
    stub = _stub({"current": ({}, {}), "small": ({"army": "small"}, {})})
    monkeypatch.setattr(tune_module, "role_module", lambda cls, role: stub)
    result = tune_module.tune(game, ("random", "random"), 4, 3, workers=1, rounds=2)
    assert result["kind"] == "variants" and set(result["candidates"]) == {"current", "small"}
    rates = {n: abs(r["first_seat"]["first_seat_win_rate"] - 0.5) for n, r in result["candidates"].items()}
    assert rates[result["proposed"]] == min(rates.values())
    assert [c["round"] for c in result["verification"]] == [1, 2] and result["verified"]["games"] == 8
    assert tune_module.planned_games(game, 4, 2) == (2 + 2) * 4
    console = Console(record=True, width=200)
    print_tune_variants(console, result)
    text = console.export_text()
    assert f"proposed: {result['proposed']}" in text and "proposed, all checks" in text


def test_an_invalid_candidate_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dicefront.load("army_backgammon")
    monkeypatch.setattr(tune_module, "role_module", lambda cls, role: _stub({"bad": ({"dice": 99}, {})}))
    with pytest.raises(LabError, match="candidate 'bad' is not a valid game") as caught:
        tune_module.tune(game, ("random", "random"), 4, 3, workers=1)
    assert "\n" not in str(caught.value)


def test_verdict_and_games_needed() -> None:
    assert verdict({"decided_games": 4000, "ci95": [0.485, 0.515]}) == "within"
    assert verdict({"decided_games": 100, "ci95": [0.4, 0.6]}) == "undetermined"
    assert verdict({"decided_games": 100, "ci95": [0.6, 0.8]}) == "outside"
    assert verdict({"decided_games": 0, "ci95": [0.0, 1.0]}) == "undetermined"
    assert games_needed(100, 100) == 1068 and games_needed(50, 100) == 2135 and games_needed(0, 10) is None
