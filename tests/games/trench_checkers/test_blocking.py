"""Rule 3.4 lives in one place: move generation asks ``TrenchState.blocks`` about every
enemy unit next to a moving unit, so changing which enemy units block is one edit."""

from __future__ import annotations

import pytest

from dicefront.core.native import is_compiled
from dicefront.games.trench_checkers.actions import Move
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import c, empty, moving, put


def _position() -> TrenchState:
    st = empty()
    put(st, "c3", 0, "S")  # a lone Soldier (the specialised path)
    put(st, "e3", 0, "VV")  # a stack (the general path)
    put(st, "c4", 1, "S")
    put(st, "e4", 1, "C", active=False)
    put(st, "h8", 1, "S")
    return moving(st, 0)


def test_every_enemy_unit_blocks_today() -> None:
    st = _position()
    dsts = {m.dst for m in st.moves(0)}
    assert c("c4") not in dsts and c("e4") not in dsts
    assert "holds an enemy unit" in st.why_illegal(Move(c("c3"), c("c4")), 0)


@pytest.mark.skipif(
    is_compiled(TrenchState),
    reason="rules.py is compiled (scripts/build-native.sh): compiled callers do not see a patched method",
)
def test_move_generation_asks_blocks_about_enemy_units(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, ...]] = []

    def blocks(self: TrenchState, enemy: tuple[int, ...]) -> bool:
        asked.append(enemy)
        return False

    monkeypatch.setattr(TrenchState, "blocks", blocks)
    st = _position()
    moves = {(m.src, m.dst) for m in st.moves(0)}
    assert (c("c3"), c("c4")) in moves and (c("e3"), c("e4")) in moves
    assert {st.board[c("c4")], st.board[c("e4")]} <= set(asked)
