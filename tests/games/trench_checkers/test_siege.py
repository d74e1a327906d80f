"""The siege of the enemy's last unit (``siege.py``): the exact race of battles."""

from __future__ import annotations

import pytest

from dicefront.games.trench_checkers.battle import battle_odds, dice
from dicefront.games.trench_checkers.siege import (
    army_of,
    attack_outcomes,
    attack_value,
    campaign_chance,
    siege_value,
    stacks,
    targets,
    win_chance,
)

FRESH, WOUNDED = (2, 0, 0), (1, 0, 0)


def test_armies_are_read_from_the_stacks() -> None:
    assert army_of(["CV", "S", "VV"], wounded=False) == (2, 3, 1)
    assert army_of(["S"], wounded=True) == (0, 0, 1)  # no Commando: the flag is moot
    assert army_of(["C"], wounded=True) == WOUNDED


def test_rule_4_stacks_hold_three_and_never_mix_veterans_with_soldiers() -> None:
    got = set(stacks((2, 2, 2)))
    assert (0, 1, 1) not in got and (2, 1, 1) not in got  # rule 4.4
    assert all((s[0] > 0) + s[1] + s[2] <= 3 for s in got)  # rule 4.1
    assert {(2, 0, 0), (2, 2, 0), (2, 0, 2), (0, 2, 0), (0, 0, 2)} <= got


def test_rule_7_4_a_fresh_commando_stack_loses_its_pieces_and_keeps_the_commando() -> None:
    outcomes = attack_outcomes((2, 1, 0), (2, 1, 0), (0, 0, 1))
    assert sum(p for p, _, _ in outcomes) == pytest.approx(1.0)
    lost = [a for p, a, e in outcomes if e == (0, 0, 1)]  # the defender won
    assert lost and all(a == WOUNDED for a in lost)


def test_rule_5_8_last_stand_takes_the_lowest_piece_of_a_bigger_winner() -> None:
    # three Veterans beat a lone Soldier who rolled its 4: one Veteran falls
    win, tie, lose, win_top, _ = battle_odds(dice("VVV"), dice("S"))
    outcomes = attack_outcomes((0, 3, 0), (0, 3, 0), (0, 0, 1))
    stand = sum(p for p, a, e in outcomes if e == (0, 0, 0) and a == (0, 2, 0))
    assert win_top > 0 and stand == pytest.approx(win_top)


def test_a_tie_removes_both_and_with_both_armies_gone_the_game_is_drawn() -> None:
    # rules 5.7 and 9.2: our last Veteran against their last Soldier
    win, tie, lose, _, _ = battle_odds(dice("V"), dice("S"))
    assert attack_value((0, 1, 0), (0, 1, 0), ((0, 0, 1),), (0, 0, 1)) == pytest.approx(win - lose)
    assert tie > 0


def test_no_attack_is_forced_so_the_value_is_never_below_a_draw() -> None:
    # a lone Veteran against a fresh Commando loses the game 69% of the time: stay put
    assert attack_value((0, 1, 0), (0, 1, 0), (FRESH,), FRESH) < 0
    assert siege_value((0, 1, 0), (FRESH,)) == 0.0


@pytest.mark.parametrize("enemy", [FRESH, WOUNDED, (0, 0, 1), (0, 1, 0), (0, 2, 0)])
def test_more_pieces_never_hurt_and_a_wounded_target_is_easier(enemy: tuple[int, int, int]) -> None:
    for v in range(6):
        assert siege_value((0, v + 1, 0), (enemy,)) >= siege_value((0, v, 0), (enemy,))
        assert siege_value((1, v, 1), (enemy,)) >= siege_value((0, v, 1), (enemy,))
        assert siege_value((2, v, 0), (enemy,)) >= siege_value((1, v, 0), (enemy,))
    assert siege_value((0, 3, 0), (WOUNDED,)) > siege_value((0, 3, 0), (FRESH,))


def test_the_weakest_piece_goes_first_against_a_fresh_commando() -> None:
    # four lone Veterans: one at a time wounds the Commando as often per piece lost as a
    # stack does, and leaves more attacks for the second win
    army = (0, 4, 0)
    values = {s: attack_value(army, s, (FRESH,), FRESH) for s in stacks(army)}
    assert max(values, key=lambda s: values[s]) == (0, 1, 0)
    assert siege_value(army, (FRESH,)) == pytest.approx(values[(0, 1, 0)])


def test_more_enemy_units_are_a_longer_siege() -> None:
    army = (2, 2, 4)
    one = siege_value(army, (FRESH,))
    two = siege_value(army, ((0, 0, 1), FRESH))
    three = siege_value(army, ((0, 0, 1), (0, 0, 1), FRESH))
    assert 0 < three < two < one < 1


def test_rule_7_1_a_sleeping_commando_waits_for_the_others() -> None:
    # the enemy's Commando asleep behind its last Soldier: only the Soldier can be
    # attacked, then the Commando wakes (rule 7.5) and is attacked in turn
    enemy = ((0, 0, 1), FRESH)
    assert targets(enemy, asleep=True) == [(0, 0, 1)]
    assert sorted(targets(enemy, asleep=False)) == sorted(enemy)
    army = (0, 3, 0)
    assert siege_value(army, enemy, True) == pytest.approx(
        max(attack_value(army, s, enemy, (0, 0, 1), True) for s in stacks(army))
    )
    assert siege_value(army, enemy, True) <= siege_value(army, enemy, False)


def test_win_chance_of_a_lone_soldier_against_a_last_commando() -> None:
    # promoted first (rule 6.1), a Veteran's best of two d4 against a d10: 34 of the
    # 160 triples are higher; a tie (16 of 160) removes both armies, a draw (rule 9.2),
    # not a win. Unpromoted, a d4 beats a d10 in 6 of 40 pairs only.
    assert win_chance((0, 0, 1), WOUNDED) == pytest.approx(34 / 160)
    assert win_chance((0, 1, 0), WOUNDED) == pytest.approx(34 / 160)
    # a fresh Commando is only wounded by the first win (rule 7.4): two wins in a row
    assert win_chance((0, 0, 1), FRESH) == pytest.approx((34 / 160) ** 2)
    assert win_chance((0, 0, 0), WOUNDED) == 0.0


ARMIES = [(c, v, s) for c in (0, 1, 2) for v in (0, 1, 3) for s in (0, 1, 4, 8)]


@pytest.mark.parametrize("army", ARMIES)
def test_win_chance_bounds_the_siege_value_and_grows_with_the_army(army: tuple[int, int, int]) -> None:
    for enemy in (FRESH, WOUNDED):
        # the siege's wins minus losses never exceed its wins, which never exceed the
        # wins of play aimed at winning only
        assert win_chance(army, enemy) >= siege_value(army, (enemy,)) - 1e-12
        more = (army[0], army[1], army[2] + 1)
        assert win_chance(more, enemy) >= win_chance(army, enemy) - 1e-12
        assert win_chance(army, WOUNDED) >= win_chance(army, FRESH) - 1e-12


def test_campaign_chance_of_a_lone_soldier_against_a_lone_soldier() -> None:
    # promoted first (rule 6.1), a Veteran's best of two d4 beats a d4 in 34 of 64
    # triples; a tie removes both armies, a draw (rule 9.2); no Last Stand between
    # single pieces (rule 5.8)
    assert campaign_chance((0, 0, 1), 1, 0) == pytest.approx(34 / 64)
    assert campaign_chance((0, 0, 1), 1, 0, group=3) == pytest.approx(34 / 64)
    assert campaign_chance((0, 0, 0), 1, 0) == 0.0
    # unpromoted, a d4 against a d4: 6 of 16 pairs
    assert campaign_chance((0, 0, 1), 1, 0, promotions=0) == pytest.approx(6 / 16)


@pytest.mark.parametrize("army", [(2, 0, 4), (1, 1, 2), (0, 2, 3), (2, 0, 0)])
def test_rule_7_5_the_sleeping_commando_comes_last_in_the_campaign(army: tuple[int, int, int]) -> None:
    for commando in (0, 1, 2):
        left = win_chance(army, (commando, 0, 0)) if commando else 1.0
        assert campaign_chance(army, 0, commando) == pytest.approx(left)
        for n in (1, 2, 3):
            # the siege of the same enemy, its Soldiers alone and its Commando asleep,
            # is one way to play the campaign, and its wins minus losses never exceed
            # its wins
            enemy = tuple(sorted([(0, 0, 1)] * n + ([(commando, 0, 0)] if commando else [])))
            assert campaign_chance(army, n, commando) >= siege_value(army, enemy, bool(commando)) - 1e-12
            # more enemy Soldiers never help; Soldiers offered in stacks may
            assert campaign_chance(army, n, commando) <= campaign_chance(army, n - 1, commando) + 1e-12
            assert campaign_chance(army, n, commando, group=2) >= campaign_chance(army, n, commando) - 1e-12
            assert campaign_chance(army, n, commando, group=3) >= campaign_chance(army, n, commando, group=2) - 1e-12
            # every promotion allowed is worth something or nothing, never less
            by_budget = [campaign_chance(army, n, commando, promotions=b) for b in range(army[2] + 1)]
            assert by_budget == sorted(by_budget)
            assert by_budget[-1] == pytest.approx(campaign_chance(army, n, commando))
            more = (army[0], army[1], army[2] + 1)
            assert campaign_chance(more, n, commando) >= campaign_chance(army, n, commando) - 1e-12
