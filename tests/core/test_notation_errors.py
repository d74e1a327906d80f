"""Notation errors name the text, the player who typed it and the reason; they are
not illegal-action errors (the text never became an action)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.core import DicefrontError, IllegalActionError, NotationError, State, sample


def _decision(game: Any) -> State:
    state = game.new_state()
    rng = random.Random(1)
    while state.is_chance:
        state.apply_chance(sample(state.chance_outcomes(), rng))
    return state


@pytest.mark.parametrize("name", dicefront.names())
def test_notation_error_names_the_player_and_the_game(name: str) -> None:
    game = dicefront.load(name)
    state = _decision(game)
    player = state.actors[0]
    with pytest.raises(NotationError) as err:
        game.parse_action(state, "hello", player)
    message = str(err.value)
    assert message.startswith(f"'hello' by Player {player + 1}: not "), message
    assert "chance" not in message and "expected " in message
    assert err.value.player == player and err.value.text == "hello"
    article = "an" if game.title[0].lower() in "aeiou" else "a"
    assert f"not {article} {game.title} action" in message


def test_notation_error_is_a_sibling_of_illegal_action_error() -> None:
    assert issubclass(NotationError, DicefrontError) and issubclass(NotationError, ValueError)
    assert not issubclass(NotationError, IllegalActionError)


def test_army_backgammon_says_an() -> None:
    game = dicefront.load("army_backgammon")
    with pytest.raises(NotationError, match="not an Army Man Backgammon action"):
        game.parse_notation("hello")


def test_errors_repeat_at_most_a_short_piece_of_the_text() -> None:
    game = dicefront.load("ditch")
    state = game.new_state()
    with pytest.raises(NotationError) as err:
        game.parse_action(state, "x" * 100_000, 0)
    assert len(str(err.value)) < 400 and "..." in str(err.value)
    with pytest.raises(IllegalActionError) as illegal:
        raise IllegalActionError("y" * 100_000, 1, "the game is over")
    assert len(str(illegal.value)) < 200
