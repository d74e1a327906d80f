"""Ditch's board: each pawn on the board is marked with its look (side and kind) so the
browser can glide it when it moves (static/motion.js)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import dicefront
from tests.fuzz.test_positions import real_position

LOOK = re.compile(r'data-look="([^"]*)"')


@pytest.fixture(scope="module")
def game() -> Any:
    return dicefront.load("ditch")


@pytest.mark.parametrize("board", ["field", "hex"])
@pytest.mark.parametrize("viewer", [0, 1, None])
def test_each_pawn_on_the_board_is_drawn_once_with_its_look(board: str, viewer: int | None) -> None:
    game = dicefront.load("ditch", board=board)
    state = game.state_from_json(real_position(game, lambda s: s.phase == "action" and s.turn >= 3))
    view = state.view(viewer)
    svg = game.render_svg(state, viewer)
    assert Counter(LOOK.findall(svg)) == Counter(f"{owner}{kind}" for _, owner, kind in view["pawns"])  # not the trays' or legend's


def test_a_pawn_is_drawn_in_its_square(game: Any) -> None:
    state = game.state_from_json(real_position(game, lambda s: s.phase == "action" and s.turn >= 3))
    svg = game.render_svg(state, 0)
    for name, owner, kind in state.view(0)["pawns"]:
        square = svg[svg.index(f'id="cell-{name}"'):]
        square = square[: square.index('id="', 1)]
        assert f'data-look="{owner}{kind}"' in square  # clicked through its square


def test_the_legend_names_the_marks_drawn_on_the_board(game: Any) -> None:
    """The browser's board draws pawns as icons, not the terminal's letters A, K, S:
    its legend names what is drawn (issue 20), block tokens and green tiles included."""
    legend = game.role_function("svg", "legend")(game)
    keys = [key for key, _ in legend]
    assert not {"A", "K", "S"} & set(keys), keys
    meanings = " ".join(meaning for _, meaning in legend)
    for word in ("Archer", "Skirmisher", "Soldier", "block token", "deployment zone"):
        assert word in meanings, f"the legend does not explain {word!r}"
