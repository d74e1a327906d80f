"""Impossible saved Hell's Ditch positions are refused with an error naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position, refused


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("hells_ditch")


@pytest.fixture
def mid(game: Any) -> dict[str, Any]:
    """A position where both players write plans, after a few turns."""
    return real_position(game, lambda s: s.phase == "plan" and s.round >= 2 and not any(s.submitted))


def test_real_position_loads_and_saves_back(game: Any, mid: dict[str, Any]) -> None:
    assert game.state_from_json(mid).to_json() == mid


def test_loot_500(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["loot"][0] = 500
    assert "state.loot[0]: 500 is out of range 0..27" in refused(game, mid)


def test_loot_past_the_target_in_a_running_game(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["loot"] = [9, 2]
    assert "state.loot: the target loot is reached but the game is not over" in refused(game, mid)


def test_negative_hit_points(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["hp"][1][2] = -4
    assert "state.hp[1][2]: -4 is out of range 0..5" in refused(game, mid)


def test_dead_warband_on_the_map(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["hp"][0][0] = 0
    if mid["state"]["loc"][0][0] is None:
        mid["state"]["hp"][0][0] = 3
    assert "state.hp: player 0's W1" in refused(game, mid)


def test_counter_used_twice(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["round"] = 2
    mid["state"]["turn"] = 3
    mid["state"]["used"][0] = [2, 2]
    assert "state.used[0][1]: counter 2 appears twice" in refused(game, mid)


def test_razed_twice(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["razed"] = ["gorsemoor", "gorsemoor"]
    assert "village 'gorsemoor' appears twice" in refused(game, mid)


def test_orders_without_a_counter(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["counter"][1] = None
    mid["state"]["orders"][1] = ["w1 recruit"]
    mid["state"]["used"][1] = mid["state"]["used"][1][:2]
    assert "state.orders" in refused(game, mid) or "state.counter" in refused(game, mid)


def test_fight_outside_a_fight_phase(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["fight"] = [None, 1, 1]
    assert "state.fight: a fight must be under way exactly in the roll and choice phases" in refused(game, mid)
