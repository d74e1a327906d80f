"""Impossible saved Army Man Backgammon positions are refused with an error naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position, refused


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("army_backgammon", mines=True)


@pytest.fixture
def mid(game: Any) -> dict[str, Any]:
    """A position where a player chooses orders after a few turns."""
    return real_position(game, lambda s: s.phase == "orders" and s.turn >= 4)


def test_real_position_loads_and_saves_back(game: Any, mid: dict[str, Any]) -> None:
    assert game.state_from_json(mid).to_json() == mid


def test_duplicate_man(game: Any, mid: dict[str, Any]) -> None:
    men = mid["state"]["men"]
    men[1] = list(men[0])
    assert "state.men[1][0]: G1 appears twice" in refused(game, mid)


def test_negative_turn(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["turn"] = -2
    assert "state.turn: -2 is out of range 0..200" in refused(game, mid)


def test_too_many_men_on_one_row(game: Any, mid: dict[str, Any]) -> None:
    for man in mid["state"]["men"]:
        if man[0].startswith("G"):
            man[1] = 7
    assert "holds 15 men, at most 5" in refused(game, mid)


def test_men_of_both_armies_on_one_row(game: Any, mid: dict[str, Any]) -> None:
    men = mid["state"]["men"]
    enemy = next(m for m in men if m[0].startswith("T"))
    men[0][1] = enemy[1]
    assert "holds men of both armies" in refused(game, mid)


def test_die_that_was_not_rolled(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["dice"] = [d % 6 + 1 for d in mid["state"]["rolled"]][:1] * 2
    assert "state.dice" in refused(game, mid)


def test_minefield_outside_the_zone(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["mines"][0][0][0] = 20
    assert "state.mines[0][0][0]" in refused(game, mid) or "state.mines" in refused(game, mid)


def test_weapon_not_from_the_army_list(game: Any, mid: dict[str, Any]) -> None:
    man = mid["state"]["men"][0]
    man[2] = ["mortar"] if man[2] != ["mortar"] else ["rifle"]
    assert "state.men[0]: G1 is not armed as the army list says" in refused(game, mid)


def test_living_sergeant_marked_lost(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["sergeant_lost"] = [True, True]
    assert "state.sergeant_lost" in refused(game, mid)


def test_stance_name_is_checked(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["men"][0][3] = "x" * 5000
    text = refused(game, mid)
    assert "state.men[0][3]: a string of 5000 characters, at most 64" in text and len(text) < 200


@pytest.mark.rule("9.1")
def test_a_sergeant_who_escapes_to_win_leaves_a_loadable_final_position() -> None:
    from .helpers import act, position, roll

    st = position({"G1": (22, "pistol", "running", "sgt"), "T1": (24, "pistol", "prone", "sgt"), "G2": (1, "pistol", "prone")},
                  player=0, setup="choose")
    roll(st, 3, 5)
    while not st.is_terminal:
        act(st, next(t for t in (str(a) for a in st.legal_actions(0)) if t.startswith(("orders charge", "move G1"))))
    assert st.winner == 0 and "G1" not in st.men
    data = st.to_json()
    assert st.game.state_from_json(data).to_json() == data
