"""Book ``drill`` (``mcts:book=drill``): our Commando woken as ``raid`` wakes it, then,
before the end game, our Soldiers promoted one after another on it in the enemy half
(rule 6.1)."""

from __future__ import annotations

import random

from dicefront.agents import MCTSAgent, make_agent
from dicefront.games.trench_checkers import hunt
from dicefront.games.trench_checkers.actions import Attack, EndAttacks, Move
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import attacking, c, empty, moving, put

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


def _apart(st: TrenchState, soldier: tuple[int, int]) -> int:
    cmd = _commando_cell(st)
    return abs(cmd[0] - soldier[0]) + abs(cmd[1] - soldier[1])


def test_rule_6_1_the_drill_brings_a_soldier_and_our_commando_together_in_the_enemy_half() -> None:
    st = _drill("b7", "C", ("b3",))
    half = st.game.tables.enemy_half[0]
    soldier = c("b3")
    for left in (3, 2, 1):  # b3 and b7 are four moves apart: each drill move closes one
        move = hunt.book_action(st, 0, "drill")
        assert isinstance(move, Move), move
        st.push(move, 0)
        assert _commando_cell(st) in half  # it never leaves the enemy half
        if move.src == soldier:
            soldier = move.dst
        assert _apart(st, soldier) == left
    moving(st, 0)  # the next movement phase (three moves a phase, rule 3.1)
    move = hunt.book_action(st, 0, "drill")
    assert isinstance(move, Move)
    st.push(move, 0)  # the last move stacks them there: the Soldier is a Veteran
    assert sorted(st.ranks_at(_commando_cell(st))) == ["C", "V"]


def test_the_drill_never_stacks_soldiers_which_then_could_not_move() -> None:
    # rule 4.3: a stack of Soldiers moves only piece by piece; c3 steps toward the
    # Commando on c6 only past its neighbour on c4, never onto it
    st = _drill("c6", "C", ("c3", "c4", "b3"))
    for _ in range(3):
        move = hunt.book_action(st, 0, "drill")
        assert isinstance(move, Move), move
        st.push(move, 0)
        soldier_stacks = [r for r in (st.ranks_at(x) for x in st.board) if set(r) == {"S"} and len(r) > 1]
        assert not soldier_stacks, (move, soldier_stacks)


def test_a_promotion_is_never_refused_for_the_walks_of_the_others() -> None:
    # promoting b5 moves farther Soldiers up in the weighting; the Veteran is worth more
    st = _drill("b6", "CV", ("b5", "f1", "g1", "h1"))
    assert hunt.book_action(st, 0, "drill") == Move(c("b5"), c("b6"))
    st = _drill("b6", "CV", ("b5", "a1"))
    put(st, "a2", 1, "S")
    put(st, "b1", 1, "S")  # a1 is shut in: its walk counts FAR
    assert hunt.book_action(st, 0, "drill") == Move(c("b5"), c("b6"))


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
    st = _drill("a9", "C", ("a2", "c2", "b6"), active=False)
    st.round = st.game.options.round_limit - hunt.DRILL_LEFT + 1
    assert hunt.book_action(st, 0, "drill") == hunt.book_action(st, 0, "raid") is not None  # still woken
    st = attacking(_drill("b6", "CV", ("b5", "e2")), 0)
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


def _fighting(cmd_ranks: str) -> TrenchState:
    """Our attack step: our Commando's stack on e7, a lone Soldier on c7 and a lone
    Veteran on g7, each next to an enemy Soldier on row 8 (seven of them: no end game)."""
    st = _drill("e7", cmd_ranks, ("c7", "b2"))
    put(st, "g7", 0, "V")
    return attacking(st, 0)


def test_the_drill_offers_the_search_no_attack_that_costs_the_whole_game() -> None:
    # by the whole game's dice (siege.campaign_chance), with only two Soldiers left to
    # promote, a lone Commando risks its wound (rule 7.4), a lone Soldier and a lone
    # Veteran their lives for one enemy Soldier: all three too dear
    st = _fighting("C")
    actions = st.legal_actions(0)
    lone_commando, lone_soldier = Attack(c("e7"), c("e8")), Attack(c("c7"), c("c8"))
    lone_veteran = Attack(c("g7"), c("g8"))
    assert {lone_commando, lone_soldier, lone_veteran} <= set(actions)
    for attack in (lone_commando, lone_soldier, lone_veteran):
        assert hunt.drill_cost(st, 0, attack) > hunt.DRILL_RISK, attack
    assert hunt.book_allowed(st, 0, actions, "drill") == [EndAttacks()]
    assert hunt.book_allowed(st, 0, actions) == actions  # other books leave them to the search
    assert hunt.book_allowed(st, 0, actions, "raid") == actions


def test_the_drill_leaves_every_attack_to_the_search_in_the_last_rounds() -> None:
    # waiting is free in the dice model, not on the board: at the round limit the game
    # is drawn (rule 9.3), so the gate ends where the drill's moves end
    st = _fighting("C")
    st.round = st.game.options.round_limit - hunt.DRILL_LEFT + 1
    assert hunt.book_allowed(st, 0, st.legal_actions(0), "drill") == st.legal_actions(0)


def test_the_drill_keeps_a_veterans_attack_the_whole_game_affords() -> None:
    # with six Soldiers more to promote, a lone Veteran (two d4s kept best, rule 6.3)
    # may trade with an enemy Soldier: it costs the whole game almost nothing
    st = _drill("e7", "CV", ("c7", "b2", "a1", "c1", "d1", "f1"))
    put(st, "g7", 0, "V")
    st = attacking(st, 0)
    veteran = Attack(c("g7"), c("g8"))
    assert hunt.drill_cost(st, 0, veteran) <= hunt.DRILL_RISK
    assert veteran in hunt.book_allowed(st, 0, st.legal_actions(0), "drill")


def test_our_commandos_stack_does_not_attack_a_soldier_before_the_end_game() -> None:
    # the Commando's stack is the drill's station: even where the dice price its attack
    # at nothing (a d10 rolled twice against a d4, rules 6.3, 7.2), a defeat wounds the
    # Commando and removes its Veteran (rule 7.4), so the search is not offered it
    st = _fighting("CV")
    station = Attack(c("e7"), c("e8"))
    assert station in st.legal_actions(0)
    assert hunt.drill_cost(st, 0, station) <= hunt.DRILL_RISK
    assert station not in hunt.book_allowed(st, 0, st.legal_actions(0), "drill")
    assert station in hunt.book_allowed(st, 0, st.legal_actions(0))


def test_an_attack_on_the_enemys_commando_is_left_to_the_search() -> None:
    st = _fighting("C")
    del st.board[c("h2")]
    put(st, "e6", 1, "C")  # the enemy's Commando, awake, next to ours
    put(st, "f6", 0, "V")  # ... and to a lone Veteran of ours
    for attack in (Attack(c("e7"), c("e6")), Attack(c("f6"), c("e6"))):
        assert attack in st.legal_actions(0), attack
        assert hunt.drill_cost(st, 0, attack) == 0.0
        assert attack in hunt.book_allowed(st, 0, st.legal_actions(0), "drill")


def test_mcts_with_the_drill_does_not_search_a_costly_attack() -> None:
    st = _fighting("C")
    agent = make_agent("mcts:iterations=20:book=drill", st.game)
    assert isinstance(agent, MCTSAgent)
    assert agent.choose(st.clone(), 0, random.Random(3)) == EndAttacks()
    assert agent.last_iterations == 0  # the only action left
