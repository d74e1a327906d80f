"""The Trench Checkers evaluation: battle odds, the attack on offer, pending battles."""

from __future__ import annotations

from dicefront.games.trench_checkers.heuristics import _Outlook, attack_delta, battle_odds, evaluate
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import attacking, empty, moving, put


def test_battle_odds_sum_to_one() -> None:
    for att in ((4, 1), (6, 2), (10, 1)):
        for dfn in ((4, 1), (8, 1), (10, 2)):
            win, tie, lose, _, _ = battle_odds(att, dfn)
            assert abs(win + tie + lose - 1.0) < 1e-9
    assert battle_odds((4, 1), (4, 1))[:3] == (6 / 16, 4 / 16, 6 / 16)


def test_stronger_attacker_gains() -> None:
    out = _Outlook(30)
    m = (10.0, 10.0, 10, 10)
    assert attack_delta(out, m, "CVV", False, "S", False) > 0
    assert attack_delta(out, m, "C", False, "S", False) > attack_delta(out, m, "S", False, "S", False)
    assert attack_delta(out, m, "S", False, "C", False) < 0


def test_evaluation_is_symmetric_and_bounded() -> None:
    st = empty()
    put(st, "c4", 0, "C")
    put(st, "c5", 1, "S")
    put(st, "f8", 1, "S")
    attacking(st, 0)
    v = evaluate(st, 0)
    assert -1.0 <= v <= 1.0
    assert abs(v + evaluate(st, 1)) < 1e-9
    assert v > 0  # a Commando next to a lone Soldier, with its attack to come


def test_attack_on_offer_counts() -> None:
    near, far = empty(), empty()
    for st, cell in ((near, "c5"), (far, "c8")):
        put(st, "c4", 0, "C")
        put(st, cell, 1, "S")
        put(st, "h8", 1, "S")
        attacking(st, 0)
    assert evaluate(near, 0) > evaluate(far, 0)


def _endgame(stack_at: str, round_: int) -> TrenchState:
    """Player 0 far ahead: a Veteran-Commando stack on ``stack_at`` and three Soldiers
    at home, against player 1's last piece, its wounded Commando, in player 0's half."""
    st = empty()
    st.round = round_
    put(st, stack_at, 0, "VC")
    for cell in ("a1", "b1", "c1"):
        put(st, cell, 0, "S")
    put(st, "h2", 1, "C")
    st.wounded[1] = True
    return moving(st, 0)


def test_pressing_beats_waiting_near_the_round_limit() -> None:
    # a draw at the round limit is worth nothing: with five rounds left, the stack
    # closing on the last enemy piece must be worth more than the same stack kept
    # deep in the enemy half (where it would have been credited for standing)
    pressing, waiting = _endgame("g4", 55), _endgame("e8", 55)
    assert evaluate(pressing, 0) > evaluate(waiting, 0)
    assert evaluate(pressing, 1) < evaluate(waiting, 1)


def test_closing_in_weighs_more_as_the_round_limit_nears() -> None:
    early = evaluate(_endgame("g4", 5), 0) - evaluate(_endgame("e8", 5), 0)
    late = evaluate(_endgame("g4", 55), 0) - evaluate(_endgame("e8", 55), 0)
    assert late > early
