"""Impossible saved Trench Checkers positions are refused with an error naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position, refused


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("trench_checkers")


@pytest.fixture
def mid(game: Any) -> dict[str, Any]:
    """A position on a movement step after a few rounds."""
    return real_position(game, lambda s: s.phase == "move" and s.round >= 3 and not s.draws)


def test_real_position_loads_and_saves_back(game: Any, mid: dict[str, Any]) -> None:
    assert game.state_from_json(mid).to_json() == mid


def test_fifty_cards_in_hand(game: Any, mid: dict[str, Any]) -> None:
    total = sum(game.cards.full_deck().values())
    mid["state"]["hands"][0] = {game.cards.ids()[0]: 50}
    assert f"state.hands[0].{game.cards.ids()[0]}: 50 is out of range 0..{total}" in refused(game, mid)


def test_cards_are_conserved(game: Any, mid: dict[str, Any]) -> None:
    first = game.cards.ids()[0]
    hand = mid["state"]["hands"][1]
    hand[first] = hand.get(first, 0) + 1
    assert f"{first} cards in hands, deck and discard pile, the card list has" in refused(game, mid)


def test_stack_of_seven(game: Any, mid: dict[str, Any]) -> None:
    pieces = mid["state"]["pieces"]
    pieces[0][1] = list(range(7))
    assert "state.pieces[0][1]: 7 items, expected 1 to 3" in refused(game, mid)


def test_one_piece_in_two_places(game: Any, mid: dict[str, Any]) -> None:
    pieces = mid["state"]["pieces"]
    pieces[1][1] = [pieces[0][1][0]]
    assert "state.pieces[1][1][0]: piece" in refused(game, mid) and "is in two places" in refused(game, mid)


def test_two_stacks_on_one_square(game: Any, mid: dict[str, Any]) -> None:
    pieces = mid["state"]["pieces"]
    pieces[1][0] = pieces[0][0]
    assert "state.pieces[1][0]: two stacks on" in refused(game, mid)


def test_stack_of_both_armies(game: Any, mid: dict[str, Any]) -> None:
    pieces = mid["state"]["pieces"]
    mine, theirs = pieces[0], pieces[-1]
    mine[1] = [*mine[1][:2], theirs[1][0]]
    theirs[1] = theirs[1][1:] or theirs[1]
    assert "state.pieces" in refused(game, mid)


def test_negative_moves(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["moves_left"] = -1
    assert "state.moves_left: -1 is out of range 0..3" in refused(game, mid)


def test_draw_from_an_empty_deck(game: Any, mid: dict[str, Any]) -> None:
    mid["state"]["draws"] = [0] * (sum(mid["state"]["deck"].values()) + 1)
    assert "state.draws" in refused(game, mid)


def test_rank_of_a_soldier_cannot_be_commando(game: Any, mid: dict[str, Any]) -> None:
    rank = mid["state"]["rank"]
    mid["state"]["rank"] = "C" + rank[1:]
    assert "state.rank: piece 0 cannot have rank C" in refused(game, mid)
