"""Exact odds in Trench Checkers battles: dice by stack height with Last Stand
(rules 5.3-5.8), Veterans' best of two, the Commando's d10, the attack cards
(plus two, five rolls, suicide, airstrike) and card windows inside a battle, each
against (a) a value derived by hand from the rules and (b) a seeded Monte Carlo run."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

from dicefront.core import Action, State
from dicefront.odds import analyse
from tests.games.trench_checkers.helpers import attacking, empty, put

from .helpers import check_against_monte_carlo

WIN, TIE, LOSE = "attacker wins", "tie", "defender wins"


def battle(attacker: str, defender: str, cards: bool = False, **flags: Any) -> State:
    """Player 0's ``attacker`` stack on c3 faces player 1's ``defender`` on c4, in
    player 0's attack step; other pieces far away keep the game going."""
    st: Any = empty(cards=cards)
    put(st, "c3", 0, attacker)
    put(st, "c4", 1, defender)
    put(st, "a1", 0, "S")
    put(st, "h8", 1, "S")
    attacking(st, 0)
    for name, value in flags.items():
        getattr(st, name)[0] = value
    return st


def label(result: str, mine: int, theirs: int) -> str:
    return f"{result}; you lose {mine}, enemy loses {theirs}"


def run(state: State, text: str, expected: dict[str, F], seed: int, policy: str | None = None) -> None:
    action = state.game.parse_action(state, text, 0)
    result = analyse(state, action, 0, policy)
    assert dict(result.outcomes) == expected
    check_against_monte_carlo(result.as_list(), state, action, 0, n=2000, seed=seed, decide=pass_windows)


def pass_windows(state: State) -> tuple[int, Action] | None:
    if len(state.actors) == 1 and state.view(None).get("phase") in ("defend", "react"):
        p = state.actors[0]
        return p, next(a for a in state.legal_actions(p) if str(a) == "pass")
    return None


@pytest.mark.rule("5.5")
def test_single_against_single() -> None:
    # d4 against d4: 6 of 16 pairs each way, 4 ties; a tie removes both (rule 5.8).
    run(battle("S", "S"), "attack c3 c4", {label(WIN, 0, 1): F(6, 16), label(TIE, 1, 1): F(4, 16), label(LOSE, 1, 0): F(6, 16)}, 90)


@pytest.mark.rule("5.3")
@pytest.mark.rule("6.1")
def test_stack_of_two_against_one_with_last_stand() -> None:
    # d6 against d4. The defender's 4 is its highest face: if it still loses to the
    # bigger stack (a 5 or 6), one attacker falls too (Last Stand): 1/4 * 2/6 = 1/12.
    # Otherwise the attacker wins when a > d, d <= 3: (5 + 4 + 3) / 24 = 1/2; ties
    # a = d: 4/24; the defender wins d > a: (0 + 1 + 2 + 3) / 24 = 1/4.
    run(battle("SS", "S"), "attack c3 c4", {
        label(WIN, 0, 1): F(1, 2), label(WIN, 1, 1): F(1, 12), label(TIE, 2, 1): F(1, 6), label(LOSE, 2, 0): F(1, 4),
    }, 91)


@pytest.mark.rule("5.3")
def test_stack_of_three_against_one() -> None:
    # d8 against d4: plain wins (7 + 6 + 5) / 32 = 9/16; Last Stand 1/4 * 4/8 = 1/8;
    # ties 4/32 = 1/8; defender wins (0 + 1 + 2 + 3) / 32 = 3/16.
    run(battle("SSS", "S"), "attack c3 c4", {
        label(WIN, 0, 1): F(9, 16), label(WIN, 1, 1): F(1, 8), label(TIE, 3, 1): F(1, 8), label(LOSE, 3, 0): F(3, 16),
    }, 92)


@pytest.mark.rule("6.3")
def test_veteran_rolls_twice_and_keeps_the_best() -> None:
    # Best of two d4: P(k) = (2k - 1)/16. Wins: sum P(k)(k - 1)/4 = (3 + 10 + 21)/64
    # = 17/32; ties 1/4; the defender wins 7/32.
    run(battle("V", "S"), "attack c3 c4", {label(WIN, 0, 1): F(17, 32), label(TIE, 1, 1): F(1, 4), label(LOSE, 1, 0): F(7, 32)}, 93)


@pytest.mark.rule("7.2")
@pytest.mark.rule("7.4")
def test_commando_rolls_d10_and_survives_its_first_defeat() -> None:
    # d10 against d4: wins (9 + 8 + 7 + 6)/40 = 3/4; ties 1/10; losses (0+1+2+3)/40 = 3/20.
    # A lone Commando that loses or ties survives its first defeat (nothing else in
    # its stack to lose).
    state = battle("C", "S")
    action = state.game.parse_action(state, "attack c3 c4", 0)
    result = dict(analyse(state, action, 0).outcomes)
    assert result[label(WIN, 0, 1)] == F(3, 4)
    assert sum(p for lab, p in result.items() if lab.startswith(TIE)) == F(1, 10)
    assert sum(p for lab, p in result.items() if lab.startswith(LOSE)) == F(3, 20)
    check_against_monte_carlo(list(result.items()), state, action, 0, n=2000, seed=94, decide=pass_windows)


@pytest.mark.rule("11")
def test_plus_two_card() -> None:
    # d4 + 2 against d4: ties a + 2 = d in 2 pairs, losses d > a + 2 in 1 pair.
    run(battle("S", "S", bonus=2), "attack c3 c4", {label(WIN, 0, 1): F(13, 16), label(TIE, 1, 1): F(2, 16), label(LOSE, 1, 0): F(1, 16)}, 95)


@pytest.mark.rule("11.8")
def test_two_napalms_make_a_sure_win_that_is_still_a_table() -> None:
    # d4 + 4 against d4: at least 5 against at most 4. The dice are rolled, but the
    # result is sure: one outcome, certain (the page shows it as 100%).
    run(battle("S", "S", bonus=4), "attack c3 c4", {label(WIN, 0, 1): F(1)}, 96)


@pytest.mark.rule("11")
def test_five_rolls_card() -> None:
    # Best of five d4: P(k) = (k^5 - (k-1)^5)/1024 = 1, 31, 211, 781 (/1024). Wins
    # (0 + 31 + 422 + 2343)/4096 = 699/1024; ties 1/4; losses 69/1024.
    run(battle("S", "S", five=True), "attack c3 c4", {
        label(WIN, 0, 1): F(699, 1024), label(TIE, 1, 1): F(1, 4), label(LOSE, 1, 0): F(69, 1024),
    }, 96)


@pytest.mark.rule("11")
def test_suicide_card_rolls_d10_and_always_loses_the_unit() -> None:
    # d10 against d4 as for the Commando; the attacking unit dies whatever happens.
    run(battle("S", "S", suicide=True), "attack c3 c4", {
        label(WIN, 1, 1): F(3, 4), label(TIE, 1, 1): F(1, 10), label(LOSE, 1, 0): F(3, 20),
    }, 97)


@pytest.mark.rule("11")
def test_airstrike_card_is_a_d6_attack_without_a_unit() -> None:
    # d6 against d4: wins (5 + 4 + 3 + 2)/24 = 7/12, ties 4/24, losses 6/24; no attacking
    # unit, so nothing of ours is lost and no Last Stand.
    state: Any = battle("S", "S", cards=True)
    state.hands[0], state.hands[1] = {"airstrike": 1}, {}
    run(state, "play airstrike c4", {label(WIN, 0, 1): F(7, 12), label(TIE, 0, 1): F(1, 6), label(LOSE, 0, 0): F(1, 4)}, 98)


def _with_cards() -> Any:
    state: Any = battle("S", "S", cards=True)
    state.hands[0], state.hands[1] = {"reroll": 1}, {"medic": 1}
    return state


@pytest.mark.rule("10")
def test_no_cards_policy_is_exact_over_hidden_hands() -> None:
    # Every window passed: the plain d4 battle, whatever the opponent holds.
    result = analyse(_with_cards(), "attack c3 c4", 0)
    assert result.policy == "no-cards" and result.exact
    assert dict(result.outcomes) == {label(WIN, 0, 1): F(3, 8), label(TIE, 1, 1): F(1, 4), label(LOSE, 1, 0): F(3, 8)}


@pytest.mark.rule("11")
def test_my_cards_policy_uses_my_reroll() -> None:
    # Bounds by hand: never re-rolling wins 24/64; re-rolling (keeping the better die)
    # whenever not ahead and not on a 4 wins 24/64 + (3 + 2 + 2 + 1 + 1 + 1)/64 = 34/64.
    import random
    from collections import Counter

    from dicefront.odds import simulate

    from .helpers import assert_agrees

    state = _with_cards()
    result = analyse(state, "attack c3 c4", 0, "my-cards")
    assert result.exact, "only my own (known) hand is used"
    win = result.probability(label(WIN, 0, 1))
    assert F(24, 64) < win <= F(34, 64)
    seed, n = 99, 600
    rng = random.Random(seed)
    counts = Counter(simulate(state, "attack c3 c4", 0, "my-cards", rng) for _ in range(n))
    assert_agrees(result.as_list(), counts, n, seed)


def test_best_cards_policy_is_an_estimate_over_the_opponents_hand() -> None:
    result = analyse(_with_cards(), "attack c3 c4", 0, "best-cards")
    assert not result.exact and "estimated" in result.notes[0]
    assert sum(p for _, p in result.outcomes) == 1
