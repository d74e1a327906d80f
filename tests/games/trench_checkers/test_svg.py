"""Trench Checkers' board: every piece is its own disc carrying its piece id, so the
browser glides it when it moves, also onto or off another stack (static/motion.js)."""

from __future__ import annotations

import re

from dicefront.games.trench_checkers.rules import TrenchState
from dicefront.games.trench_checkers.svg import SIZE, _xy

from .helpers import act, c, empty, moving, put

DISC = re.compile(r'<g data-piece="p(\d+)" pointer-events="none"><circle cx="(\d+)" cy="(\d+)"')


def _discs(st: TrenchState, viewer: int | None = 0) -> dict[int, tuple[int, int]]:
    svg = st.game.render_svg(st, viewer)
    found = DISC.findall(svg)
    discs = {int(pid): (int(x), int(y)) for pid, x, y in found}
    assert len(discs) == len(found), "a piece drawn twice"
    return discs


def _square(st: TrenchState, at: tuple[int, int]) -> str | None:
    """The name of the square a disc centred at ``at`` lies on."""
    grid = st.game.board.grid
    for cell in grid.cells():
        x, y = _xy(grid, cell)
        if x <= at[0] < x + SIZE and y <= at[1] < y + SIZE:
            return grid.name(cell)
    return None


def _position() -> TrenchState:
    st = empty()
    put(st, "b2", 0, "VV")
    put(st, "c2", 0, "V")
    put(st, "e5", 1, "V")
    return moving(st, 0)


def test_every_piece_is_drawn_once_with_its_id_for_every_viewer() -> None:
    st = _position()
    on_board = {pid for stack in st.board.values() for pid in stack}
    for viewer in (0, 1, None):
        assert set(_discs(st, viewer)) == on_board
        assert st.view(viewer)["pieces"] == st.to_json()["state"]["pieces"]  # public: every piece is in sight


def test_a_merging_stack_keeps_its_ids_on_the_new_square() -> None:
    st = _position()
    moving_ids, staying = st.board[c("b2")], st.board[c("c2")]
    act(st, "move b2 c2")
    discs = _discs(st)
    assert {_square(st, discs[pid]) for pid in (*moving_ids, *staying)} == {"c2"}
    assert len({discs[pid][1] for pid in (*moving_ids, *staying)}) == 3  # three levels of one stack


def test_a_piece_leaving_a_stack_keeps_its_id() -> None:
    st = _position()
    before = _discs(st)
    act(st, "move b2 b3 V")
    after = _discs(st)
    (left,) = st.board[c("b3")]
    (kept,) = st.board[c("b2")]
    assert _square(st, before[left]) == _square(st, before[kept]) == "b2"
    assert _square(st, after[left]) == "b3" and _square(st, after[kept]) == "b2"
