"""Trench Checkers end game: a favourable kill must score at least as well as keeping
the threat (one ply, as ``greedy`` and the first visit of ``mcts`` see it)."""

from __future__ import annotations

import random

from dicefront.agents import GreedyAgent
from dicefront.games.trench_checkers.actions import Attack, EndAttacks
from dicefront.games.trench_checkers.heuristics import C_VALUE, commando_worth, evaluate
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import attacking, c, empty, moving, put


def _scores(st: TrenchState) -> tuple[float, float]:
    """(attack from d5 on d6, end the attack step) as ``greedy`` scores them for player 0."""
    scores = dict(GreedyAgent().scores(st, 0, random.Random(7)))
    return scores[Attack(c("d5"), c("d6"))], scores[EndAttacks()]


def _last_soldier(stack: str) -> TrenchState:
    """Round 40: player 0's ``stack`` of Veterans next to player 1's last Soldier,
    whose Commando is still inactive (it wakes when the Soldier falls, rule 7.5)."""
    st = empty()
    st.round = 40
    put(st, "d5", 0, stack)
    put(st, "a1", 0, "S")
    put(st, "b1", 0, "V")
    put(st, "d6", 1, "S")
    put(st, "h10", 1, "C", active=False)
    return attacking(st, 0)


def test_attacking_the_last_soldier_beats_keeping_the_threat() -> None:
    # before: 0.40 to attack against 0.78 to end the attack step with three Veterans
    # (the hunt credit for standing next to the Soldier was lost with the kill, and the
    # kill woke the Commando, worth 0.5 more awake)
    for stack in ("VVV", "V"):
        attack, end = _scores(_last_soldier(stack))
        assert attack > end, (stack, attack, end)


def test_a_won_game_within_reach_is_taken() -> None:
    # the enemy's last piece, a wounded Commando: winning the battle (or a tie) wins
    # the game; before: ending the attack step scored 0.80 against 0.76
    for stack in ("VVV", "V"):
        st = empty()
        st.round = 45
        put(st, "d5", 0, stack)
        put(st, "a9", 0, "V")
        put(st, "b9", 0, "V")
        put(st, "d6", 1, "C")
        st.wounded[1] = True
        attack, end = _scores(attacking(st, 0))
        assert attack > end, (stack, attack, end)


def test_killing_the_soldier_that_wakes_the_commando_gains() -> None:
    before = _last_soldier("VVV")
    after = empty()
    after.round = 40
    put(after, "d6", 0, "VVV")
    put(after, "a1", 0, "S")
    put(after, "b1", 0, "V")
    put(after, "h10", 1, "C")
    assert evaluate(moving(after, 1), 0) > evaluate(moving(before, 1), 0)


def test_an_inactive_commando_is_worth_more_as_its_army_dwindles() -> None:
    worth = [commando_worth(False, False, others) for others in (12, 6, 3, 1)]
    assert worth == sorted(worth) and worth[0] < worth[-1] == C_VALUE
    assert commando_worth(True, False, 12) == C_VALUE
    assert commando_worth(False, True, 1) == commando_worth(True, True, 1) < C_VALUE
