"""Impossible saved Die Fighting positions are refused with an error naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position, refused


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("die_fighting", map="stream")


@pytest.fixture
def mid(game: Any) -> dict[str, Any]:
    """A position on a movement phase with units on the map."""
    return real_position(game, lambda s: s.phase == "move" and s.round >= 2)


def test_real_position_loads_and_saves_back(game: Any, mid: dict[str, Any]) -> None:
    assert game.state_from_json(mid).to_json() == mid


def test_strength_99(game: Any, mid: dict[str, Any]) -> None:
    unit = mid["state"]["units"][0]
    unit[5] = 99
    die = game.table.units[unit[2]].die
    assert f"state.units[0][5]: 99 is out of range 1..{die}" in refused(game, mid)


def test_two_units_on_one_square(game: Any, mid: dict[str, Any]) -> None:
    units = mid["state"]["units"]
    units[1][4] = units[0][4]
    assert "state.units[1][4]: two units on" in refused(game, mid)


def test_duplicate_unit_id(game: Any, mid: dict[str, Any]) -> None:
    units = mid["state"]["units"]
    units[1][0] = units[0][0]
    assert "state.units[1][0]: unit" in refused(game, mid) and "appears twice" in refused(game, mid)


def test_negative_points_lost(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["lost"][0] = -5
    assert "state.lost[0]: -5 is out of range" in refused(game, mid)


def test_unit_not_in_the_army_list(game: Any, mid: dict[str, Any]) -> None:
    units = mid["state"]["units"]
    listed = game.armies[units[0][1]]
    other = next(k for k in game.table.units if k not in listed)
    units[0][2] = other
    assert "state.army: player" in refused(game, mid) or "state.units" in refused(game, mid)


def test_points_lost_must_match_the_missing_units(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["lost"][1] += 3
    assert "state.lost: player 1 lost" in refused(game, mid)


def test_ranged_uses_bounded(game: Any, mid: dict[str, Any]) -> None:
    unit = mid["state"]["units"][0]
    unit[6] = 50
    assert "state.units[0][6]: 50 is out of range" in refused(game, mid)


def test_pending_roll_outside_a_roll(game: Any, mid: dict[str, Any]) -> None:
    uid = mid["state"]["units"][0][0]
    mid["state"]["pending"] = {"kind": "attack", "unit": uid, "targets": [uid], "total": None, "queue": [], "hits": []}
    assert "state.pending" in refused(game, mid)
