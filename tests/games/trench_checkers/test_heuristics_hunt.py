"""The Trench Checkers end-game hunt: a side ahead is credited for bringing units that
beat the last enemy units next to them, in moves counted on the board."""

from __future__ import annotations

import random

from dicefront.agents import GreedyAgent
from dicefront.games.trench_checkers.actions import Move
from dicefront.games.trench_checkers.heuristics import evaluate, finish_weight, hunt_credit, reach_map
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import c, empty, moving, put


def _chase(stack_at: str, round_: int = 40, walls: tuple[str, ...] = ()) -> TrenchState:
    """Player 0 well ahead (a Commando-Veteran stack and two Soldiers at home) against
    player 1's last piece, its fresh Commando on d9; ``walls``: terrain tiles."""
    st = empty()
    st.round = round_
    put(st, stack_at, 0, "CV")
    put(st, "a1", 0, "S")
    put(st, "b1", 0, "S")
    put(st, "d9", 1, "C")
    for cell in walls:
        st.terrain[c(cell)] = 1
    return moving(st, 0)


def test_reach_map_counts_moves_around_walls() -> None:
    st = empty()
    ortho = st.game.tables.ortho
    open_field = reach_map(ortho, frozenset(), c("d9"))
    assert open_field[c("d8")] == 0 and open_field[c("d5")] == 3
    walled = reach_map(ortho, frozenset({c("c6"), c("d6"), c("e6")}), c("d9"))
    assert walled[c("d5")] == 7  # around the wall: d5 c5 b5 b6 b7 b8 c8 (next to d9)
    assert c("d6") not in walled


def test_closing_in_counts_moves_on_the_board_not_the_straight_line() -> None:
    # the same tiles apart, but terrain makes the way four moves longer: worth less
    # (the evaluation before this change did not read terrain at all: equal values)
    clear, walled = _chase("d5"), _chase("d5", walls=("c6", "d6", "e6"))
    assert evaluate(clear, 0) > evaluate(walled, 0)
    assert evaluate(clear, 1) < evaluate(walled, 1)


def test_closer_to_the_last_enemy_unit_is_better() -> None:
    values = [evaluate(_chase(cell), 0) for cell in ("d3", "d5", "d7", "d8")]
    assert values == sorted(values) and values[0] < values[-1]


def test_greedy_closes_in_on_the_last_enemy_unit() -> None:
    st = _chase("d5")
    scores = dict(GreedyAgent().scores(st, 0, random.Random(7)))
    best = max(scores, key=lambda a: scores[a])
    # the whole stack steps toward it (the evaluation before this change preferred taking
    # the Commando off the stack, which leaves two units that beat a fresh Commando less often)
    assert isinstance(best, Move) and (best.src, best.dst, best.rank) == (c("d5"), c("d6"), None), best


def test_only_units_that_win_the_battle_earn_credit() -> None:
    st = empty()
    ortho = st.game.tables.ortho
    fresh_commando = [(3, 8, "C", True, False)]
    lone_soldier = [(3, 6, "S", True, False)]
    stack = [(3, 6, "CV", True, True)]
    assert hunt_credit(ortho, {}, lone_soldier, fresh_commando) == 0.0  # a d4 against a d10
    assert hunt_credit(ortho, {}, stack, fresh_commando) > 0.0
    # nobody to hunt with, or nothing reachable
    assert hunt_credit(ortho, {}, [(3, 6, "SS", False, False)], fresh_commando) == 0.0
    boxed = {c("c10"): 1, c("e10"): 1, c("d9"): 1}
    assert hunt_credit(ortho, boxed, stack, [(3, 9, "C", True, False)]) == 0.0  # d10 walled in


def test_the_hunt_weighs_more_with_a_bigger_lead_and_later() -> None:
    assert finish_weight(8.0, 2.5, 50, 60) > finish_weight(8.0, 2.5, 10, 60)
    assert finish_weight(8.0, 2.5, 30, 60) > finish_weight(5.0, 4.0, 30, 60) > 0.0
