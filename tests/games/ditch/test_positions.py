"""Impossible saved Ditch positions are refused with an error naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position, refused


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("ditch")


@pytest.fixture
def mid(game: Any) -> dict[str, Any]:
    """A position on a turn's action step, several pawns on the board."""
    return real_position(game, lambda s: s.phase == "action" and s.turn >= 3)


def test_real_position_loads_and_saves_back(game: Any, mid: dict[str, Any]) -> None:
    assert game.state_from_json(mid).to_json() == mid


def test_negative_count(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["fallen"][0]["A"] = -1
    assert "state.fallen[0].A: -1 is out of range 0..2" in refused(game, mid)


def test_negative_actions_left(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["actions_left"] = -3
    assert "state.actions_left: -3 is out of range" in refused(game, mid)


def test_two_pawns_on_one_square(game: Any, mid: dict[str, Any]) -> None:
    pawns = mid["state"]["pawns"]
    pawns[1][0] = pawns[0][0]
    assert "state.pawns[1][0]: two pawns on" in refused(game, mid)


def test_extra_pawn_breaks_the_army_count(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["fallen"][1]["S"] += 1
    assert "state.pawns: player 1 has" in refused(game, mid)


def test_pawn_on_a_block(game: Any) -> None:
    pos = real_position(game, lambda s: bool(s.blocks) and s.phase == "action")
    pos["state"]["pawns"][0][0] = pos["state"]["blocks"][0]
    assert "blocked but holds a pawn" in refused(game, pos)


def test_bool_is_not_a_seat(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["player"] = True
    assert "state.player: True is not a seat" in refused(game, mid)


def test_float_is_not_an_int(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["turn"] = float(mid["state"]["turn"])
    assert "state.turn: expected an integer, got a number" in refused(game, mid)


def test_pending_move_outside_its_step(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["pending"] = [mid["state"]["pawns"][0][0], 3]
    assert "state.pending: must be null in the action step" in refused(game, mid)


def test_unicode_digit_square(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["pawns"][0][0] = "d²"
    assert "state.pawns[0][0]: 'd²' is not a square of this board" in refused(game, mid)


def test_not_a_position_payload(game: Any, mid: dict[str, Any]) -> None:
    mid["state"] = [1, 2]
    assert refused(game, mid) == "corrupt ditch position: state: expected an object, got a list [1, 2]"
    mid["state"] = {"events": []}
    assert refused(game, mid) == "corrupt ditch position: state: missing field 'phase'"
