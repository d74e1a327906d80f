"""Exact odds in Ditch: every combat type (melee even / attacker +2 / defender +2,
ranged Archer shots, Soldier cover) and the move roll, each against (a) a value
derived by hand from the rules and (b) a seeded Monte Carlo run of the engine."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

import dicefront
from dicefront.core import Action, Roll, State
from dicefront.core.grid import Cell, Grid
from dicefront.games.ditch import DitchGame
from dicefront.games.ditch.actions import Cover, DitchAction
from dicefront.games.ditch.rules import DitchState
from dicefront.odds import analyse, odds

from .helpers import check_against_monte_carlo

# One d6 each side (rule 5.2). Counting the 36 equally likely pairs (a, d):
#   no modifier:    a > d in 15 pairs, a = d in 6, a < d in 15.
#   attacker +2:    a + 2 > d  <=>  d - a <= 1: 36 - (4 + 3 + 2 + 1) = 26 pairs;
#                   a + 2 = d: 4 pairs; d > a + 2: 3 + 2 + 1 = 6 pairs.
#   defender +2:    the mirror image: 6 / 4 / 26.
EVEN = (F(15, 36), F(6, 36), F(15, 36))
ATTACKER_PLUS_2 = (F(26, 36), F(4, 36), F(6, 36))
DEFENDER_PLUS_2 = (F(6, 36), F(4, 36), F(26, 36))


def position(pawns: dict[str, tuple[int, str]], player: int = 0, reinforcements: tuple[int, int] = (2, 2), **options: Any) -> DitchState:
    """A Ditch position on the action step of ``player``'s turn with these pawns."""
    game = DitchGame(**options)  # validates the options exactly as ``dicefront.load`` does
    state = game.new_state()
    grid = game.board.grid
    state.pawns = {_cell(grid, c): pawn for c, pawn in pawns.items()}
    state.phase, state.player, state.actions_left, state.turn = "action", player, 2, 3
    state.reinforcements = list(reinforcements)
    for p in (0, 1):  # every pawn not on the board has fallen (a position that can be saved and loaded)
        state.to_deploy[p] = dict.fromkeys("AKS", 0)
        state.fallen[p] = {k: max(0, 2 - sum(1 for pawn in pawns.values() if pawn == (p, k))) for k in "AKS"}
    return state


def _cell(grid: Grid, name: str) -> Cell:
    cell = grid.parse(name)
    assert cell is not None, f"no square {name!r}"
    return cell


def act(state: DitchState, text: str, player: int = 0) -> DitchAction:
    return state.game.parse_action(state, text, player)


def expect(result: list[tuple[str, F]], attacker: str, defender: str, probs: tuple[F, F, F], defender_stays: bool = False) -> None:
    win, tie, lose = probs
    loss_label = "defender wins: the Archer stays (it shot from range)" if defender_stays else f"defender wins: {attacker} eliminated"
    assert dict(result) == {f"attacker wins: {defender} eliminated": win, "tie: both pawns stay": tie, loss_label: lose}


MELEE = [
    # attacker kind, defender kind, expected (rule 5.3: A +2 vs K, K +2 vs S, S +2 vs A)
    ("A", "A", EVEN), ("K", "K", EVEN), ("S", "S", EVEN),
    ("A", "K", ATTACKER_PLUS_2), ("K", "S", ATTACKER_PLUS_2), ("S", "A", ATTACKER_PLUS_2),
    ("K", "A", DEFENDER_PLUS_2), ("S", "K", DEFENDER_PLUS_2), ("A", "S", DEFENDER_PLUS_2),
]
NAMES = {"A": "Archer", "K": "Skirmisher", "S": "Soldier"}


@pytest.mark.rule("5.2")
@pytest.mark.rule("5.3")
@pytest.mark.parametrize(("a", "d", "probs"), MELEE, ids=[f"{a}-vs-{d}" for a, d, _ in MELEE])
def test_melee_odds_match_hand_values_and_monte_carlo(a: str, d: str, probs: tuple[F, F, F]) -> None:
    state = position({"c3": (0, a), "c4": (1, d), "h8": (1, "K")})
    action = act(state, "attack c3 c4")
    result = odds(state, action, 0)
    expect(result, f"{NAMES[a]} on c3", f"{NAMES[d]} on c4", probs)
    check_against_monte_carlo(result, state, action, 0, seed=100 + MELEE.index((a, d, probs)))


@pytest.mark.rule("5.5")
def test_ranged_archer_shot_cannot_lose_the_archer_to_a_non_archer() -> None:
    # Archer shoots a Soldier two squares away: the Soldier has +2 (rule 5.3), but a
    # winning non-Archer defender does not remove a ranged Archer (rule 5.5).
    state = position({"c3": (0, "A"), "c5": (1, "S"), "h8": (1, "K")})
    action = act(state, "attack c3 c5")
    result = odds(state, action, 0)
    expect(result, "Archer on c3", "Soldier on c5", DEFENDER_PLUS_2, defender_stays=True)
    check_against_monte_carlo(result, state, action, 0, seed=54)


@pytest.mark.rule("5.4")
def test_ranged_archer_duel_can_remove_the_shooter() -> None:
    state = position({"c3": (0, "A"), "e5": (1, "A"), "h8": (1, "K")})
    action = act(state, "attack c3 e5")
    result = odds(state, action, 0)
    expect(result, "Archer on c3", "Archer on e5", EVEN)
    check_against_monte_carlo(result, state, action, 0, seed=55)


def _cover_with(cell: str | None) -> Any:
    def decide(state: State) -> tuple[int, Action] | None:
        legal = state.legal_actions(state.actors[0]) if len(state.actors) == 1 else []
        if legal and all(isinstance(x, Cover) for x in legal):
            grid = state.game.board.grid  # type: ignore[attr-defined]
            return state.actors[0], Cover(None if cell is None else grid.parse(cell))
        return None

    return decide


COVER = {"c3": (0, "A"), "c4": (1, "K"), "d4": (1, "S"), "h8": (1, "K")}


@pytest.mark.rule("5.6")
@pytest.mark.parametrize(
    ("policy", "cover", "defender", "probs"),
    [
        ("no-cover", None, "Skirmisher on c4", ATTACKER_PLUS_2),  # Archer +2 against the Skirmisher
        ("cover", "d4", "Soldier on d4", DEFENDER_PLUS_2),  # the Soldier steps in: Soldier +2 against the Archer
        ("best-cover", "d4", "Soldier on d4", DEFENDER_PLUS_2),  # the defender's better choice is to cover
    ],
)
def test_soldier_cover_policies(policy: str, cover: str | None, defender: str, probs: tuple[F, F, F]) -> None:
    state = position(COVER)
    action = act(state, "attack c3 c4")
    result = analyse(state, action, 0, policy)
    assert result.policy == policy and result.policy_description
    expect(result.as_list(), "Archer on c3", defender, probs)
    check_against_monte_carlo(result.as_list(), state, action, 0, seed=56, decide=_cover_with(cover))


@pytest.mark.rule("5.6")
def test_best_cover_declines_when_covering_is_worse() -> None:
    # A Skirmisher attacks an Archer (Archer +2); a covering Soldier would face the
    # Skirmisher's +2 instead, so the defender keeps the Archer as the target.
    state = position({"c3": (0, "K"), "c4": (1, "A"), "d4": (1, "S"), "h8": (1, "K")})
    action = act(state, "attack c3 c4")
    result = odds(state, action, 0)
    expect(result, "Skirmisher on c3", "Archer on c4", DEFENDER_PLUS_2)
    check_against_monte_carlo(result, state, action, 0, seed=57, decide=_cover_with(None))


def test_stop_policy_stops_at_the_cover_decision() -> None:
    state = position(COVER)
    assert odds(state, "attack c3 c4", 0, "stop") == []


@pytest.mark.rule("9.1")
def test_winning_combat_says_the_game_ends() -> None:
    state = position({"c3": (0, "A"), "c4": (1, "K")}, reinforcements=(2, 0))
    result = dict(odds(state, "attack c3 c4", 0))
    assert result["attacker wins: Skirmisher on c4 eliminated; Player 1 wins the game"] == F(26, 36)


@pytest.mark.rule("4.2")
@pytest.mark.rule("4.3")
@pytest.mark.parametrize(("kind", "bonus"), [("S", 0), ("K", 1)])
def test_move_roll_distances(kind: str, bonus: int) -> None:
    # A lone pawn on a1 of the empty 8x8 board (enemy on h8): d6 (+1 for a Skirmisher,
    # rule 4.3) king steps (rule 4.4) reach the (b+1)^2 - 1 squares within b of a1 (for b <= 6),
    # and 64 - 2 = 62 squares for b = 7.
    state = position({"a1": (0, kind), "h8": (1, "S")})
    action = act(state, "move a1")
    result = odds(state, action, 0)
    expected = {}
    for roll in range(1, 7):
        budget = roll + bonus
        reach = (budget + 1) ** 2 - 1 if budget <= 6 else 62
        squares = "square" if budget == 1 else "squares"
        expected[f"roll {roll}: up to {budget} {squares}, {reach} reachable"] = F(1, 6)
    assert dict(result) == expected
    assert [label for label, _ in result] == list(expected), "labels come in roll order"
    check_against_monte_carlo(result, state, action, 0, n=1500, seed=42)


@pytest.mark.rule("2.1")
def test_set_up_roll_ties_are_rolled_again() -> None:
    # 15 of 36 pairs favour each player, 6 are ties that are rolled again:
    # P(player 0) = (15/36) / (1 - 6/36) = 1/2.
    state = dicefront.load("ditch").new_state()
    result = odds(state, None, 0)
    assert result == [("Player 1 wins the set-up roll", F(1, 2)), ("Player 2 wins the set-up roll", F(1, 2))]
    check_against_monte_carlo(result, state, None, 0, n=2000, seed=21)


def test_forced_dice_agree_with_the_labels() -> None:
    # The label of one forced roll is the label its outcome is counted under.
    state = position({"c3": (0, "A"), "c4": (1, "K"), "h8": (1, "K")})
    before = state.clone()
    events = state.apply(act(state, "attack c3 c4"), 0)
    events += state.apply_chance(Roll((1, 3)))  # 1 + 2 = 3 against 3: a tie
    assert state.game.outcome_label(before, state, events, 0) == "tie: both pawns stay"
    assert dict(odds(before, "attack c3 c4", 0))["tie: both pawns stay"] == F(4, 36)
