"""Exact odds in Die Fighting: melee attacks with attack/defence bonuses and damage
dice (rules 8.2-8.5), ranged attacks and ranged targets (8.3), split damage (8.4),
Blocking terrain (8.7), charges (7.5) and break-aways (7.2-7.3), each against (a) a
value derived by hand from the rules and (b) a seeded Monte Carlo run of the engine."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from dicefront.core import State
from dicefront.odds import analyse, odds
from tests.games.die_fighting.helpers import act, position

from .helpers import check_against_monte_carlo

# 2d6 against 2d6 (rule 8.2): totals tie with probability sum P(s)^2 = 146/1296, so the
# attack is higher in (1296 - 146)/2 = 575 of 1296 cases. With +1 for the attacker it
# hits when A >= D: 575 + 146 = 721. With +1 for the defender it hits when A - D >= 2:
# 575 - P(A - D = 1) = 575 - 140 = 435 (sum P(s)P(s-1) = 140/1296).
HIT, HIT_PLUS_1, HIT_MINUS_1 = F(575, 1296), F(721, 1296), F(435, 1296)


def combat(tmp: Path, units: list[tuple[int, str, str, int | None]], active: str, **options: Any) -> State:
    st = position(tmp, units, stage="combat", **options)
    act(st, f"activate {active}")
    return st


def check(state: State, text: str, expected: dict[str, F], seed: int) -> None:
    action = state.game.parse_action(state, text, 0)
    result = odds(state, action, 0)
    assert dict(result) == expected
    check_against_monte_carlo(result, state, action, 0, n=2000, seed=seed)


def damage(cell: str, hit: F, die: int, points: int, bonus: int = 0) -> dict[str, F]:
    """Hit with ``hit``, then ``die`` + ``bonus`` damage against ``points`` (rule 8.5:
    removed at 0 or less)."""
    out: dict[str, F] = {"miss": 1 - hit} if hit != 1 else {}
    for face in range(1, die + 1):
        total = face + bonus
        lab = f"{cell} eliminated" if total >= points else f"{cell} {total} damage"
        out[lab] = out.get(lab, F(0)) + hit / die
    return out


BACK = [(0, "CO", "j1", None), (1, "CO", "j10", None)]  # far away: the game goes on


@pytest.mark.rule("8.2")
@pytest.mark.rule("8.4")
def test_melee_conscripts(tmp_path: Path) -> None:
    # Conscripts (d4 damage) hit 575/1296 and deal 1-4 to a 6-point unit.
    st = combat(tmp_path, [(0, "CO", "c3", None), (1, "CO", "c4", None), *BACK], "c3")
    check(st, "attack c4", damage("c4", HIT, 4, 6), 100)


@pytest.mark.rule("8.5")
def test_heavy_infantry_finishes_a_weakened_unit(tmp_path: Path) -> None:
    # Heavy Infantry: +1 attack, d6+1 damage: any hit removes a unit with 2 points left.
    st = combat(tmp_path, [(0, "HI", "c3", None), (1, "CO", "c4", 2), *BACK], "c3")
    check(st, "attack c4", {"c4 eliminated": HIT_PLUS_1, "miss": 1 - HIT_PLUS_1}, 101)


@pytest.mark.rule("2.4")
@pytest.mark.rule("8.2")
def test_captain_defence_bonus(tmp_path: Path) -> None:
    st = combat(tmp_path, [(0, "CO", "c3", None), (1, "CO/C", "c4", None), *BACK], "c3")
    check(st, "attack c4", damage("c4", HIT_MINUS_1, 4, 6), 102)


@pytest.mark.rule("8.3")
def test_ranged_attack_hits_automatically(tmp_path: Path) -> None:
    st = combat(tmp_path, [(0, "AR", "a1", None), (1, "CO", "a6", None), *BACK], "a1")
    check(st, "attack a6", damage("a6", F(1), 4, 6), 103)


@pytest.mark.rule("8.3")
def test_ranged_target_is_hit_automatically(tmp_path: Path) -> None:
    # Archers have 4 points: a 4 on the Conscripts' d4 removes them.
    st = combat(tmp_path, [(0, "CO", "c3", None), (1, "AR", "c4", None), *BACK], "c3")
    check(st, "attack c4", damage("c4", F(1), 4, 4), 104)


@pytest.mark.rule("8.4")
def test_split_damage_between_two_targets(tmp_path: Path) -> None:
    # Archers with a Lieutenant (2 targets), d4 shared, the extra point to the first
    # named: 1 -> 1+0, 2 -> 1+1, 3 -> 2+1, 4 -> 2+2.
    st = combat(tmp_path, [(0, "AR/L", "a1", None), (1, "CO", "a6", None), (1, "CO", "b6", None), (0, "CO", "j1", None)], "a1")
    check(st, "attack a6 b6", {
        "a6 1 damage": F(1, 4), "a6 1 damage, b6 1 damage": F(1, 4),
        "a6 2 damage, b6 1 damage": F(1, 4), "a6 2 damage, b6 2 damage": F(1, 4),
    }, 105)


@pytest.mark.rule("8.7")
def test_blocking_terrain_caps_a_shot_at_one(tmp_path: Path) -> None:
    # A Blocking square on a4 lies on the line a1-a6: whatever the d4 shows the target
    # takes exactly 1, and with 2-4 the rest is lost (blocked_overflow off): one outcome.
    rows = ["." * 10] * 10
    rows[6] = "B" + "." * 9
    st = combat(tmp_path, [(0, "AR", "a1", None), (1, "CO", "a6", None), *BACK], "a1", rows=rows, blocked_overflow=False)
    assert odds(st, "attack a6", 0) == [("a6 1 damage", F(1))]
    check_against_monte_carlo(odds(st, "attack a6", 0), st, st.game.parse_action(st, "attack a6", 0), 0, n=1500, seed=106)


@pytest.mark.rule("7.5")
def test_charge_then_attack(tmp_path: Path) -> None:
    st = combat(tmp_path, [(0, "CO", "a1", None), (1, "CO", "a6", None), *BACK], "a1")
    check(st, "charge a6", damage("a6", HIT, 4, 6), 107)


@pytest.mark.rule("7.2")
@pytest.mark.parametrize(("unit", "p"), [("CO", HIT), ("CO/S", HIT_PLUS_1)], ids=["plain", "sergeant"])
def test_foot_break_away_roll(tmp_path: Path, unit: str, p: F) -> None:
    # An attack roll (+1 with a Sergeant) against the enemy's defence roll.
    st = combat(tmp_path, [(0, unit, "c3", None), (1, "CO", "c4", None), *BACK], "c3")
    check(st, "breakaway", {"broke away": p, "held": 1 - p}, 108)


@pytest.mark.rule("7.3")
def test_mounted_break_away_from_foot_has_no_dice(tmp_path: Path) -> None:
    st = combat(tmp_path, [(0, "LC", "c3", None), (1, "CO", "c4", None), *BACK], "c3", combat_pass="always")
    assert odds(st, "breakaway", 0) == []
    assert analyse(st, "pass", 0).outcomes == ()


@pytest.mark.rule("4.2")
def test_next_rounds_initiative_is_not_the_last_actions_dice(tmp_path: Path) -> None:
    # The last activation of a round: the initiative roll that follows opens the next
    # round's decisions, so a pass has no dice and an attack only its own.
    from tests.games.die_fighting.helpers import cell

    st: Any = position(tmp_path, [(0, "CO", "c3", None), (1, "CO", "c4", None)], stage="combat", combat_pass="always")
    st.done.add(st.at[cell("c4")])
    act(st, "activate c3")
    assert odds(st, "pass", 0) == []
    assert dict(odds(st, "attack c4", 0)) == damage("c4", HIT, 4, 6)
