"""Greedy's exact odds and the searches' tactics on hand-made Ditch positions, and
the Ditch evaluation the agents rely on."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

import dicefront
from dicefront.agents import Agent, GreedyAgent, MCTSAgent, make_ismcts
from dicefront.agents.common import expected_value
from dicefront.core import Roll
from dicefront.games.ditch.actions import Attack, Cover, Move
from dicefront.games.ditch.constants import Phase
from dicefront.games.ditch.heuristics import ODDS, evaluate
from dicefront.games.ditch.rules import DitchState


def c(name: str) -> tuple[int, int]:
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def position(pawns: dict[str, str], player: int = 0, reinforcements: tuple[int, int] = (0, 0)) -> DitchState:
    """Action step of a turn with the given pawns ({"c3": "A"}: player 0's Archer,
    lower case: player 1's), no block tokens left."""
    st = dicefront.load("ditch").new_state()
    assert isinstance(st, DitchState)
    st.phase, st.player, st.actions_left, st.turn = Phase.ACTION, player, 2, 1
    st.to_deploy = [dict.fromkeys("AKS", 0), dict.fromkeys("AKS", 0)]
    st.reinforcements = list(reinforcements)
    st.blocks_left = [0, 0]
    for cell, letter in pawns.items():
        owner = 0 if letter.isupper() else 1
        st.pawns[c(cell)] = (owner, letter.upper())
    return st


def test_attack_odds_table_matches_counting_the_dice() -> None:
    assert ODDS[0] == (15 / 36, 15 / 36)
    assert ODDS[2] == (26 / 36, 6 / 36)
    assert ODDS[-2] == (6 / 36, 26 / 36)


def test_greedy_scores_an_attack_by_its_exact_expected_value() -> None:
    st = position({"d4": "A", "a1": "S", "d5": "k", "h8": "s"})
    attack = Attack(c("d4"), c("d5"))
    outcomes = {}
    for dice in ((6, 1), (1, 3), (1, 6)):  # Archer +2 against the Skirmisher: win, tie, loss
        after = st.clone()
        after.apply(attack, 0)
        after.apply_chance(Roll(dice))
        outcomes[dice] = evaluate(after, 0)
    want = Fraction(26, 36) * outcomes[(6, 1)] + Fraction(4, 36) * outcomes[(1, 3)] + Fraction(6, 36) * outcomes[(1, 6)]
    scores = dict(GreedyAgent().scores(st, 0))
    assert scores[attack] == pytest.approx(float(want), abs=1e-12)
    assert len({outcomes[(6, 1)], outcomes[(1, 3)], outcomes[(1, 6)]}) == 3


def test_expected_value_weights_every_roll_by_its_probability() -> None:
    st = position({"d4": "A", "d5": "k"})
    st.apply(Attack(c("d4"), c("d5")), 0)
    # the game ends on a win (+1 for player 0) and on a loss (-1); a tie leaves it as is
    tie = st.clone()
    tie.apply_chance(Roll((1, 3)))
    want = 26 / 36 * 1.0 + 4 / 36 * evaluate(tie, 0) + 6 / 36 * -1.0
    assert expected_value(st, 0) == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("make", [GreedyAgent, lambda: MCTSAgent(iterations=300), lambda: make_ismcts(iterations=300)])
def test_agents_take_the_winning_attack(make: Callable[[], Agent]) -> None:
    """The last enemy pawn is a Skirmisher next to our Archer (+2 for us) and far
    from our Soldier (even odds): attacking with the Archer is clearly best."""
    st = position({"d4": "A", "e4": "S", "d5": "k"})
    action = make().choose(st, 0, random.Random(4))
    assert action == Attack(c("d4"), c("d5")), f"chose {action}"


def test_search_sees_two_actions_ahead() -> None:
    """Player 0's Skirmisher beats the lone enemy Soldier but stands too far to attack:
    moving first (then attacking with the second action) is the plan. Greedy, one ply
    deep, cannot tell a move from doing nothing; the search prefers the move."""
    st = position({"a1": "K", "e6": "s", "h1": "A"})
    assert not st.targets(c("a1"))
    action = MCTSAgent(iterations=600).choose(st, 0, random.Random(2))
    assert isinstance(action, Move) and action.cell == c("a1"), f"chose {action}"


def test_evaluation_counts_a_declared_attack_at_its_odds() -> None:
    st = position({"d4": "A", "a1": "S", "d5": "k", "d6": "s", "h8": "a"})
    before = evaluate(st, 0)
    st.apply(Attack(c("d4"), c("d5")), 0)  # the Soldier on d6 may cover the Skirmisher
    assert not st.is_chance
    covered_value = evaluate(st, 0)
    st.apply(Cover(c("d6")), 1)
    # the defender's best answer is the Soldier (+2 against the Archer)
    assert evaluate(st, 0) == pytest.approx(covered_value)
    assert covered_value < before
    for p in (0, 1):
        assert -1.0 <= evaluate(st, p) <= 1.0


def test_evaluation_is_zero_sum_and_exact_at_the_end() -> None:
    st = position({"d4": "A", "d5": "k"})
    assert evaluate(st, 0) == pytest.approx(-evaluate(st, 1))
    st.apply(Attack(c("d4"), c("d5")), 0)
    st.apply_chance(Roll((6, 1)))
    assert st.is_terminal and evaluate(st, 0) == 1.0 and evaluate(st, 1) == -1.0
