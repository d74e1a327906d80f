"""Die Fighting's position evaluation: material plus the attacks each side has on offer."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dicefront.games.die_fighting import DieFightingGame
from dicefront.games.die_fighting.constants import Phase, Stage
from dicefront.games.die_fighting.heuristics import BOUND, HIT, TEMPO, evaluate, expected_loss, striker, threats
from dicefront.games.die_fighting.rules import DieFightingState

from .helpers import act, cell, position


def test_hit_odds_are_exact() -> None:
    # two 2d6 rolls tie with probability 146/1296; the attacker needs strictly more
    assert HIT[0] == pytest.approx((1 - 146 / 1296) / 2)
    assert HIT[1] > HIT[0] > HIT[-1]
    assert HIT[12] == 1.0 and HIT[-12] == 0.0


def test_a_ranged_shot_always_hits_and_a_blocked_one_does_at_most_one(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "e2", None), (1, "CO", "e5", None)])
    archer, target = st.unit_at(cell("e2")), st.unit_at(cell("e5"))
    assert archer is not None and target is not None
    table = st.game.table
    open_shot = expected_loss(table, archer, target)
    blocked = expected_loss(table, archer, target, blocked=True)
    # d4 on 6 points: every face costs 0.6 * 6 / 6 = 0.6 points of value per damage point
    assert open_shot == pytest.approx(0.6 * 2.5)
    assert blocked == pytest.approx(0.6)


def test_the_side_with_the_stronger_attack_on_offer_is_preferred(tmp_path: Path) -> None:
    # equal material (one Heavy Infantry and one Conscripts each); South's Heavy
    # Infantry stands next to North's Conscripts, the other two are far apart
    units: list[tuple[int, str, str, int | None]] = [(0, "HI", "e5", None), (1, "CO", "e6", None), (0, "CO", "a1", None), (1, "HI", "j10", None)]
    st = position(tmp_path, units, stage="combat")
    gain = threats(st)
    assert gain[0] > gain[1]
    assert evaluate(st, 0) > 0  # material alone would value it at 0
    assert evaluate(st, 1) == pytest.approx(-evaluate(st, 0))
    # the same armies with the roles swapped: North now holds the stronger attack
    mirror: list[tuple[int, str, str, int | None]] = [(1 - owner, kind, square, points) for owner, kind, square, points in units]
    other = position(tmp_path, mirror, stage="combat", player=1)  # North strikes first, as South did
    assert evaluate(other, 1) == pytest.approx(evaluate(st, 0))


def test_an_attack_in_reach_beats_the_same_armies_apart(tmp_path: Path) -> None:
    near = position(tmp_path, [(0, "LC", "e5", None), (1, "CO", "e6", None), (1, "CO", "j10", None)])
    far = position(tmp_path, [(0, "LC", "a1", None), (1, "CO", "j9", None), (1, "CO", "j10", None)])
    assert evaluate(near, 0) > evaluate(far, 0)


def test_a_declared_attack_counts_at_its_odds(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "HI", "e5", None), (1, "CO", "e6", None), (1, "CO", "j10", None)], stage="combat")
    before = evaluate(st, 0)
    act(st, "activate e5")
    act(st, "attack e6")
    assert st.phase == Phase.ATTACK_ROLL
    declared = evaluate(st, 0)
    assert declared > before  # the attack is under way: no longer a mere offer


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_evaluate_stays_in_range_and_is_zero_sum(seed: int) -> None:
    game = DieFightingGame()
    rng = random.Random(seed)
    st: DieFightingState = game.new_state()
    steps = 0
    while not st.is_terminal and steps < 3000:
        for p in (0, 1):
            v = evaluate(st, p)
            assert -BOUND <= v <= BOUND, f"seed {seed}, step {steps}: {v}"
        assert evaluate(st, 0) == pytest.approx(-evaluate(st, 1)), f"seed {seed}, step {steps}"
        if st.is_chance:
            outcomes = st.chance_outcomes()
            st.apply_chance(rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0])
        else:
            p = st.player
            st.apply(rng.choice(st.legal_actions(p)), p)
        steps += 1
    assert st.is_terminal, f"seed {seed}: no end in {steps} steps"
    assert abs(evaluate(st, 0)) <= 1.0


def test_the_unit_choosing_its_order_keeps_its_threat(tmp_path: Path) -> None:
    # activating a unit for combat takes nothing away: its attack is still to come
    st = position(tmp_path, [(0, "HI", "e5", None), (1, "CO", "e6", None), (1, "CO", "j10", None)], stage="combat")
    before = threats(st)
    act(st, "activate e5")
    assert st.phase == Phase.ORDER
    assert threats(st) == pytest.approx(before)
    act(st, "attack e6")
    assert threats(st)[0] < before[0]  # now an attack under way, no longer an offer


def test_the_side_that_strikes_next_is_credited_with_its_best_attack(tmp_path: Path) -> None:
    # the same armies; only who chooses the next combat activation differs: that side's
    # best unit attacks before any answer (a search one activation deeper sees it do so)
    units: list[tuple[int, str, str, int | None]] = [(0, "HI", "e5", None), (1, "HI", "f6", None), (0, "CO", "a1", None), (1, "CO", "j10", None)]
    south, north = position(tmp_path, units, stage="combat", player=0), position(tmp_path, units, stage="combat", player=1)
    assert striker(south) == (0, None) and striker(north) == (1, None)
    assert evaluate(south, 0) > 0 > evaluate(north, 0)
    assert evaluate(south, 0) == pytest.approx(-evaluate(north, 0))
    base = position(tmp_path, units, stage="combat")
    base.phase = Phase.INITIATIVE
    base.stage = Stage.INITIATIVE
    assert striker(base) is None and evaluate(base, 0) == pytest.approx(0.0)
    # in the movement phase the initiative winner strikes first
    moving = position(tmp_path, units, stage="move", player=1)
    assert striker(moving) == (1, None) and evaluate(moving, 1) > 0
    plain, ahead = threats(north)[0], threats(south)[0]
    assert plain < ahead <= plain * (1 + TEMPO)  # a share of one unit's threat, not of every unit's


def test_the_unit_choosing_its_order_is_the_one_that_strikes(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "HI", "e5", None), (1, "CO", "e6", None), (0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat")
    act(st, "activate a1")  # the far Conscripts, not the Heavy Infantry, strikes now
    assert st.phase == Phase.ORDER and striker(st) == (0, st.active)
    weak = threats(st)[0]
    other = position(tmp_path, [(0, "HI", "e5", None), (1, "CO", "e6", None), (0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat")
    act(other, "activate e5")
    assert threats(other)[0] > weak
