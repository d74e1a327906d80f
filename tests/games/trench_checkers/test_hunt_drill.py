"""Book ``drill`` (``mcts:book=drill``): our Commando woken as ``raid`` wakes it, then,
before the end game, our Soldiers promoted one after another on it in the enemy half
(rule 6.1)."""

from __future__ import annotations

import random

from dicefront.agents import MCTSAgent, make_agent
from dicefront.games.trench_checkers import hunt
from dicefront.games.trench_checkers.actions import Move
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import c, empty, moving, put

ENEMY = ("b9", "d9", "f9", "h9", "c8", "e8", "g8")  # seven enemy Soldiers: no end game yet


def _drill(commando: str, cmd_ranks: str, soldiers: tuple[str, ...], active: bool = True) -> TrenchState:
    """Round 3: our Commando's stack on ``commando`` (awake or not), our lone Soldiers on
    ``soldiers``, seven enemy Soldiers on their own rows, their Commando asleep."""
    st = empty()
    st.round = 3
    for cell in soldiers:
        put(st, cell, 0, "S")
    put(st, commando, 0, cmd_ranks, active=active)
    for cell in ENEMY:
        put(st, cell, 1, "S")
    put(st, "h2", 1, "C", active=False)
    return moving(st, 0)


def _commando_cell(st: TrenchState) -> tuple[int, int]:
    cmd = st.commando_pid(0)
    return next(cell for cell, stack in st.board.items() if cmd in stack)


def test_drill_wakes_our_sleeping_commando_first_as_raid_does() -> None:
    st = _drill("a9", "C", ("a2", "c2", "b6"), active=False)
    assert hunt.book_action(st, 0, "drill") == hunt.book_action(st, 0, "raid") is not None


def test_rule_6_1_the_drill_brings_a_soldier_and_our_commando_together_in_the_enemy_half() -> None:
    st = _drill("b7", "C", ("b3", "e2"))
    half = st.game.tables.enemy_half[0]
    for _ in range(3):
        move = hunt.book_action(st, 0, "drill")
        assert isinstance(move, Move), move
        st.push(move, 0)
        assert _commando_cell(st) in half  # it never leaves the enemy half
        if "V" in st.ranks_at(_commando_cell(st)):
            break
    # b3 and b7 are four moves apart: three of the drill's moves close it to one, or
    # they meet and the Soldier is a Veteran on our Commando (either one moving onto the other)
    ranks = st.ranks_at(_commando_cell(st))
    assert ranks in ("CV", "VC") or min(abs(a - b) for a, b in zip(_commando_cell(st), c("b3"), strict=True)) <= 3
    assert not any(r == "S" * len(r) and len(r) > 1 for r in (st.ranks_at(x) for x in st.board))


def test_the_drill_promotes_the_soldier_next_to_our_commando() -> None:
    st = _drill("b6", "CV", ("b5", "e2"))
    move = hunt.book_action(st, 0, "drill")
    assert isinstance(move, Move)
    st.push(move, 0)
    assert sorted(st.ranks_at(_commando_cell(st))) == ["C", "V", "V"]  # rule 6.1, on arrival
    assert _commando_cell(st) in st.game.tables.enemy_half[0]


def test_rule_4_1_a_veteran_steps_off_our_commandos_full_stack_to_make_room() -> None:
    st = _drill("b6", "CVV", ("b3", "e2"))
    move = hunt.book_action(st, 0, "drill")
    assert isinstance(move, Move) and move.src == c("b6") and move.rank == "V", move
    assert move.dst not in st.board


def test_the_drill_leaves_the_last_rounds_the_end_game_and_the_attack_step_to_others() -> None:
    st = _drill("b6", "CV", ("b5", "e2"))
    st.round = st.game.options.round_limit - hunt.DRILL_LEFT + 1
    assert hunt.book_action(st, 0, "drill") is None
    st = _drill("b6", "CV", ("b5", "e2"))
    for cell in ENEMY[:4]:  # three enemy pieces left: the end-game technique's turn
        del st.board[c(cell)]
    assert hunt.book_action(st, 0, "drill") == hunt.book_action(st, 0, "game")


def test_mcts_plays_the_drill_outright() -> None:
    st = _drill("b6", "CV", ("b5", "e2"))
    agent = make_agent("mcts:iterations=20:book=drill", st.game)
    assert isinstance(agent, MCTSAgent)
    move = agent.choose(st.clone(), 0, random.Random(1))
    assert agent.last_iterations == 0 and move == hunt.book_action(st, 0, "drill")
