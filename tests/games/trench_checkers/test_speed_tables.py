"""The shortcuts of the second speed round (issue #15) agree with the rules they skip:
the depot gate never hides a claim, passing moves come from route tables equal to the
tiles around the enemy Commando, and actions are dispatched by their exact type."""

from __future__ import annotations

from typing import Any

import pytest

from dicefront import load
from dicefront.games.trench_checkers import TrenchCheckersGame
from dicefront.games.trench_checkers.actions import Move
from dicefront.games.trench_checkers.rules import TrenchState

BOARDS = ("trenches", "compact")


def trench(**options: Any) -> TrenchCheckersGame:
    game = load("trench_checkers", **options)
    assert isinstance(game, TrenchCheckersGame)
    return game


@pytest.mark.parametrize("claim", ["on-or-past", "on"])
@pytest.mark.parametrize("board", BOARDS)
def test_depot_gate_hides_no_claim(board: str, claim: str) -> None:
    """An arrival the gate lets through to nothing is one that claims nothing: every
    tile, each player, every depot unclaimed, cards on (a draw would be queued)."""
    game = trench(board=board, depot_claim=claim)
    tables = game.tables
    top = game.board.height - 1
    for player in (0, 1):
        depots, lowest, _ = tables.depot_gate[player]
        for cell in game.board.grid.cells():
            state = game.new_state()
            assert isinstance(state, TrenchState)
            state.draws = []
            events = state.claim_depots(player, cell)
            row = cell[1] if player == 0 else top - cell[1]
            if cell not in depots and row <= lowest:
                assert events == [], f"board {board}, {claim}, player {player}, {cell}: the gate skips a claim"
            if cell in depots:
                assert events, f"board {board}, {claim}, player {player}, {cell}: arriving on a depot claims it"


@pytest.mark.parametrize("board", BOARDS)
def test_pass_routes_are_the_tiles_around_the_enemy_commando(board: str) -> None:
    game = trench(board=board)
    tables = game.tables
    for player in (0, 1):
        around = tables.ortho[tables.cmd_start[1 - player]]
        routes = tables.pass_routes[player]
        assert [src for src, _ in routes] == list(around)
        for src, steps in routes:
            assert [dst for dst, _ in steps] == [d for d in around if d != src]
            for dst, by_kind in steps:
                assert by_kind == {r: Move(src, dst, r) for r in (None, "S", "V", "C")}


def test_push_of_a_foreign_action_is_a_type_error() -> None:
    state = load("trench_checkers").new_state()
    with pytest.raises(TypeError, match="not a Trench Checkers action"):
        state.push(object(), 0)
