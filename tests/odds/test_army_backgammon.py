"""Exact odds in Army Man Backgammon: the attack's saving throw for every stance
(rule 6.4), the minefield's saving throw (rule 10.3) on a revealed and on a hidden
minefield, and the actions without dice (captures, mine detectors, stance changes)."""

from __future__ import annotations

import random
from fractions import Fraction as F
from typing import Any

import pytest

from dicefront.core import Action, State, sample
from dicefront.core.fields import stored_fields
from dicefront.games.army_backgammon import ArmyBackgammonGame
from dicefront.games.army_backgammon.actions import ArmyAction
from dicefront.games.army_backgammon.rules import ArmyState
from dicefront.odds import analyse, odds

from .helpers import check_against_monte_carlo

# Rule 3.2 / data: the highest saving face of each stance (saves on 1 up to it).
SAVE_UP_TO = {"prone": 4, "kneeling": 3, "standing": 2, "running": 1}


def reach(seed: int, want: str, ok: Any = None, **options: Any) -> tuple[ArmyState, list[ArmyAction]]:
    """A position from a seeded random game where the player to act has actions
    starting with ``want`` (and passing ``ok(state, action)``)."""
    game = ArmyBackgammonGame(**options)  # validates the options exactly as ``dicefront.load`` does
    state = game.new_state()
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal:
            state = game.new_state()
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[0]
        legal = state.legal_actions(player)
        wanted = [a for a in legal if str(a).startswith(want) and (ok is None or ok(state, a))]
        if wanted:
            return state, wanted
        state.apply(legal[rng.randrange(len(legal))], player)
    raise AssertionError(f"seed {seed}: no position with a {want!r} action found")


def with_stance(state: ArmyState, man: str, stance: str) -> ArmyState:
    st = state.clone()
    st.men[man] = st.men[man]._replace(stance=stance)
    st._legal = None
    return st


@pytest.mark.rule("6.4")
@pytest.mark.parametrize("stance", list(SAVE_UP_TO))
def test_attack_saving_throw_by_stance(stance: str) -> None:
    state, attacks = reach(11, "attack")
    action = attacks[0]
    target = str(action).split()[2]
    state = with_stance(state, target, stance)
    player = state.actors[0]
    result = analyse(state, action, player)
    saves = SAVE_UP_TO[stance]
    killed = [label for label, _ in result.outcomes if label.startswith("killed")]
    assert len(killed) == 1, result.outcomes
    assert dict(result.outcomes) == {"saved": F(saves, 6), killed[0]: F(6 - saves, 6)}
    assert result.exact
    check_against_monte_carlo(result.as_list(), state, action, player, n=1500, seed=60 + saves)


def _destination(state: Any, action: Action) -> int:
    name, die = str(action).split()[1], int(str(action).split()[2])
    return int(state.men[name].row + die * (1 if state.men[name].owner == 0 else -1))


def _plain_move_into_enemy_zone(state: Any, action: Action) -> bool:
    """A move onto an empty row of the enemy's minefield zone (rows 1-12 for Green's
    fields, 13-24 for Tan's), by a man without a mine detector."""
    name = str(action).split()[1]
    man, dest = state.men[name], _destination(state, action)
    enemy_zone = range(1, 13) if man.owner == 1 else range(13, 25)
    empty = not any(m.row == dest for n, m in state.men.items() if n != name)
    return dest in enemy_zone and empty and not man.detector


def _mine_move(hidden: bool) -> tuple[ArmyState, ArmyAction, int, int]:
    """A move of the player to act onto an enemy row holding a minefield (revealed, or
    hidden from the mover), with the moving man's rows and stance fixed."""
    state, moves = reach(5, "move", _plain_move_into_enemy_zone, mines=True)
    st: Any = state.clone()
    player = st.actors[0]
    enemy = 1 - player
    for action in moves:
        dest = _destination(st, action)
        st.mines[enemy] = {dest: not hidden}
        st.cleared[enemy], st.probed[player] = [], set()
        st._legal = None
        return st, action, dest, player
    raise AssertionError("seed 5: no plain move found")


@pytest.mark.rule("10.3")
def test_revealed_minefield_saving_throw() -> None:
    state, action, _, player = _mine_move(hidden=False)
    stance = state.men[str(action).split()[1]].stance
    saves = SAVE_UP_TO[stance]
    result = analyse(state, action, player)
    assert result.exact
    assert dict(result.outcomes) == {"mine: survived": F(saves, 6), "mine: killed": F(6 - saves, 6)}
    check_against_monte_carlo(result.as_list(), state, action, player, n=1500, seed=70)


@pytest.mark.rule("10.2")
@pytest.mark.rule("10.3")
def test_hidden_minefield_is_not_assumed_known() -> None:
    # The one hidden minefield may be on any of the enemy's zone rows the mover cannot
    # rule out (rule 10.2): uniformly on 12 rows here, so P(mine) = 1/12 and
    # P(killed) = 1/12 * (6 - s)/6. The answer re-samples the hidden field, so it is
    # an estimate: within 4 standard errors of 120 re-samplings, and the ratio of
    # killed to survived is exact (it does not depend on where the field is).
    state, action, _, player = _mine_move(hidden=True)
    stance = state.men[str(action).split()[1]].stance
    saves = SAVE_UP_TO[stance]
    result = analyse(state, action, player)
    assert not result.exact and "estimated" in result.notes[0]
    got = dict(result.outcomes)
    assert sum(got.values()) == 1
    p_mine = got.get("mine: killed", F(0)) + got.get("mine: survived", F(0))
    se = (F(1, 12) * F(11, 12) / 120) ** 0.5
    assert abs(float(p_mine) - 1 / 12) <= 4 * se
    if got.get("mine: survived"):
        assert got["mine: killed"] / got["mine: survived"] == F(6 - saves, saves)
    # the real minefield (the opponent's secret) never leaks into the answer:
    moved = state.clone()
    moved.mines[1 - player] = {}
    assert analyse(moved, action, player).outcomes != result.outcomes or not p_mine


@pytest.mark.rule("5.4")
def test_capture_and_stance_change_have_no_dice() -> None:
    state, stances = reach(3, "stance")
    player = state.actors[0]
    assert odds(state, stances[0], player) == [], "the next turn's roll is not this action's dice"
    state, keep = reach(3, "no-stance")
    assert odds(state, keep[0], state.actors[0]) == []

    def captures(st: Any, action: Action) -> bool:
        dest = _destination(st, action)
        return sum(1 for m in st.men.values() if m.owner != st.actors[0] and m.row == dest) == 1

    state, moves = reach(4, "move", captures)
    assert odds(state, moves[0], state.actors[0]) == []


def test_a_game_may_give_its_information_set_for_exact_odds() -> None:
    # The optional hook ``state.information_set(player) -> [(world, probability)]``
    # makes hidden-information odds exact: here the hidden field is on the destination
    # row with probability 1/2, so P(killed) = 1/2 * (6 - s)/6 exactly.
    state, action, dest, player = _mine_move(hidden=True)
    enemy = 1 - player

    class Known(type(state)):  # type: ignore[misc]
        def information_set(self, who: int) -> list[tuple[State, F]]:
            here, elsewhere = self.clone(), self.clone()
            here.mines[enemy] = {dest: False}
            elsewhere.mines[enemy] = {}
            return [(here, F(1, 2)), (elsewhere, F(1, 2))]

    known: Any = Known.__new__(Known)
    for name in stored_fields(type(state)):  # not __slots__: compiled (mypyc) it is empty
        setattr(known, name, getattr(state, name))
    saves = SAVE_UP_TO[state.men[str(action).split()[1]].stance]
    result = analyse(known, action, player)
    assert result.exact and "exact over" in result.notes[0]
    assert dict(result.outcomes) == {"mine: killed": F(6 - saves, 12), "mine: survived": F(saves, 12), "no losses": F(1, 2)}
