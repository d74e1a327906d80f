"""`lab tune` for the seat: any game's candidates (presets, one-option changes), Army
Man Backgammon's re-armed army lists, and the seat-balance search over them."""

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
from dicefront.lab import variants as variants_module
from dicefront.lab.backends import LabError
from dicefront.lab.text import print_tune_variants
from dicefront.lab.variants import candidates, games_needed, verdict


def _role() -> Any:
    module = role_module(game_class("army_backgammon"), "tune")
    assert module is not None and module.KIND == "variants"
    return module


def test_candidates_are_valid_games_and_rearming_keeps_the_men() -> None:
    seed = 7
    print("seed", seed)
    game: Any = dicefront.load("army_backgammon")
    assert set(_role().variants(game, random.Random(seed))) == {"rearmed-1", "rearmed-2", "rearmed-3"}
    found, notes = candidates(game, _role(), random.Random(seed))
    assert "current" in found and "preset default" not in found and not notes  # the default preset is the current game
    assert {"preset mines", "preset three-dice", "rearmed-1", "dice_rule=within-orders"} <= set(found)
    assert "mines=true" not in found  # the same game as the preset "mines"
    for name, (options, files) in found.items():
        built: Any = dicefront.load("army_backgammon", data_files=files, **options)
        if name.startswith("rearmed"):
            old, new = game.army.men, built.army.men
            assert [(m.row, m.stance, m.sergeant, m.detector) for m in new] == [(m.row, m.stance, m.sergeant, m.detector) for m in old]
            assert Counter(m.weapons for m in new) == Counter(m.weapons for m in old)
    assert found["rearmed-1"][1]["army"] != found["rearmed-2"][1]["army"]


def test_a_game_without_a_role_gets_its_presets_and_one_option_changes() -> None:
    game: Any = dicefront.load("ditch", turn_limit=50)
    found, notes = candidates(game, None, random.Random(0))
    assert not notes and found["current"] == (game.options_json(), {})
    assert {"preset hex", "preset sudden-death", "straight_moves=true", "archer_range=line", "end_condition=no-pawns"} <= set(found)
    assert not any(n.startswith(("board=", "turn_limit=")) for n in found)  # data files and numbers are not searched
    assert found["archer_range=line"][0] == {**game.options_json(), "archer_range": "line"}  # on top of the game as given
    keys = [repr(sorted(dicefront.load("ditch", data_files=f, **o).options_json().items())) for o, f in found.values()]
    assert len(set(keys)) == len(keys)  # no candidate twice (a preset equal to an option change is kept once)


def test_candidates_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 3)
    found, notes = candidates(dicefront.load("hells_ditch"), None, random.Random(0))
    assert len(found) == 3 and notes and all("left out" in n for n in notes)


def test_a_preset_the_game_refuses_is_left_out_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dicefront.load("ditch")
    monkeypatch.setattr(type(game), "presets", {"broken": {"turn_limit": -5}})
    found, notes = candidates(game, None, random.Random(0))
    assert "preset broken" not in found and notes[0].startswith("preset broken: not a valid game")


@pytest.mark.parametrize(("name", "options", "agents"), [
    ("ditch", {}, ("random", "random")),
    ("hells_ditch", {}, ("random", "random")),
    # random v random Trench Checkers games all end at the round limit: nothing to propose
    ("trench_checkers", {"board": "compact", "round_limit": 40}, ("greedy", "random")),
    ("army_backgammon", {}, ("random", "random")),
])
def test_seat_tuning_does_not_depend_on_workers(name: str, options: dict[str, Any], agents: tuple[str, str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 3)
    game = dicefront.load(name, **options)
    one = tune_module.tune(game, agents, 4, 5, workers=1)
    assert one == tune_module.tune(game, agents, 4, 5, workers=2)
    assert one["kind"] == "variants" and len(one["candidates"]) == 3 and one["verified"]["games"] == 4


def _stub(found: dict[str, tuple[dict[str, Any], dict[str, str]]]) -> Any:
    return SimpleNamespace(KIND="variants", WHAT="test candidates", variants=lambda game, rng: found)


def _only_the_role(monkeypatch: pytest.MonkeyPatch, stub: Any) -> None:
    monkeypatch.setattr(tune_module, "role_module", lambda cls, role: stub)
    monkeypatch.setattr(variants_module, "preset_candidates", lambda game: {})
    monkeypatch.setattr(variants_module, "option_changes", lambda game: {})


def test_the_closest_candidate_is_proposed_and_checked_on_fresh_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dicefront.load("army_backgammon")
    _only_the_role(monkeypatch, _stub({"small": ({"army": "small"}, {})}))
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
    _only_the_role(monkeypatch, _stub({"bad": ({"dice": 99}, {})}))
    with pytest.raises(LabError, match="candidate 'bad' is not a valid game") as caught:
        tune_module.tune(game, ("random", "random"), 4, 3, workers=1)
    assert "\n" not in str(caught.value)


def test_verdict_and_games_needed() -> None:
    assert verdict({"decided_games": 4000, "ci95": [0.485, 0.515]}) == "within"
    assert verdict({"decided_games": 100, "ci95": [0.4, 0.6]}) == "undetermined"
    assert verdict({"decided_games": 100, "ci95": [0.6, 0.8]}) == "outside"
    assert verdict({"decided_games": 0, "ci95": [0.0, 1.0]}) == "undetermined"
    assert games_needed(100, 100) == 1068 and games_needed(50, 100) == 2135 and games_needed(0, 10) is None


def test_a_candidate_without_decided_games_is_never_proposed(monkeypatch: pytest.MonkeyPatch) -> None:
    def records(tasks: list[Any], progress: Any) -> list[dict[str, Any]]:
        # one candidate only draws (a first-seat rate of "0.0 of 0"); in the others the first seat always wins
        drawn = tasks[0].options.get("archer_range") == "line"
        return [{"winner": None if drawn else 0, "turns": 3, "truncated": False} for t in tasks]

    game = dicefront.load("ditch")
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 30)
    result = tune_module.tune(game, ("random", "random"), 4, 1, play=records)
    assert result["candidates"]["archer_range=line"]["first_seat"]["decided_games"] == 0
    assert result["proposed"] != "archer_range=line"
    with pytest.raises(LabError, match="no candidate had a decided game"):
        tune_module.tune(game, ("random", "random"), 4, 1, play=lambda tasks, progress: [
            {"winner": None, "turns": 3, "truncated": False} for _ in tasks])


def test_a_change_that_never_came_into_play_is_named_and_never_proposed(monkeypatch: pytest.MonkeyPatch) -> None:
    # the mine detectors' sweep rule (detector_sweep=pass) only matters with mines, which
    # the default game has not: its games are the default game's, seed for seed
    game = dicefront.load("army_backgammon")
    monkeypatch.setattr(variants_module, "preset_candidates", lambda game: {})
    result = tune_module.tune(game, ("random", "random"), 6, 2, workers=1)
    assert "detector_sweep=pass" in result["candidates"] and "detector_sweep=pass" in result["same_as_current"]
    assert result["candidates"]["detector_sweep=pass"] == result["candidates"]["current"]
    assert "dice_rule=within-orders" not in result["same_as_current"], "a rule that plays differently is a real candidate"
    assert result["proposed"] not in result["same_as_current"]
    console = Console(record=True, width=300)
    print_tune_variants(console, result)
    text = console.export_text()
    assert "the same games as current on every seed (the change never came into play): detector_sweep=pass" in text
    with_mines = tune_module.tune(dicefront.load("army_backgammon", mines=True), ("random", "random"), 6, 2, workers=1)
    assert "detector_sweep=pass" not in with_mines["same_as_current"]


def test_a_same_game_candidate_loses_a_tie_to_the_game_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    # every candidate plays the very same records; one that sorts before "current"
    # (archer_range=line) must not be proposed for a rate it only shares
    game = dicefront.load("ditch")
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 30)
    result = tune_module.tune(game, ("random", "random"), 4, 1, play=lambda tasks, progress: [
        {"winner": t.index % 2, "turns": 3, "truncated": False} for t in tasks])
    assert "archer_range=line" in result["same_as_current"] and result["proposed"] == "current"


def test_a_tie_between_real_candidates_goes_to_the_game_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    # the first seat wins half the games in every candidate, but the records differ
    # (turns), so none is the same game: the game as given still wins the tie
    game = dicefront.load("ditch")
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 30)
    result = tune_module.tune(game, ("random", "random"), 4, 1, play=lambda tasks, progress: [
        {"winner": t.index % 2, "turns": sum(map(ord, repr(sorted(t.options.items())))), "truncated": False} for t in tasks])
    assert not result["same_as_current"] and result["proposed"] == "current"
