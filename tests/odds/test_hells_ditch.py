"""Exact odds in Hell's Ditch fights (rules 5.2-5.7): roll after roll to the end,
with backing out between rolls taken by a stated policy, each against (a) a value
derived by hand from the rules and (b) a seeded Monte Carlo run of the engine."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

from dicefront.core import Action, State
from dicefront.odds import analyse, available
from tests.games.hells_ditch.helpers import fight_at_hogjaw, put, write
from tests.games.hells_ditch.helpers import new as new_state

from .helpers import check_against_monte_carlo


def duel(mine: int, theirs: int, counter: str = "counter 3/1") -> State:
    """Black's W1 (player 0) with ``mine`` HP meets White's W1 with ``theirs`` HP at
    Hogjaw; both laid ``counter`` (3/1: one die each); the first roll is about to fall."""
    state: Any = fight_at_hogjaw(counter, counter)
    state.hp[0][0], state.hp[1][0] = mine, theirs
    return state


def fight_on(state: State) -> tuple[int, Action] | None:
    for p in state.actors:
        legal = state.legal_actions(p)
        if any(str(a) == "fight-on" for a in legal):
            return p, next(a for a in legal if str(a) == "fight-on")
    return None


def back_out_at(limit: int, asking: int) -> Any:
    def decide(state: State) -> tuple[int, Action] | None:
        choice = fight_on(state)
        if choice is None:
            return None
        st: Any = state
        player = choice[0]
        band = st.fight[1 + player]
        backs = [a for a in state.legal_actions(player) if str(a).startswith("back-out")]
        if player == asking and st.hp[player][band - 1] <= limit and backs:
            return player, backs[0]
        return choice

    return decide


# One die each (counter 3/1): a die hits on 5 or 6, p = 1/3 (rule 5.2). The first roll
# of a pair: both hit 1/9, only one side hits 2/9 each, nobody 4/9. Later rolls where
# nobody hits are rolled again (rule 5.7): 1/5, 2/5, 2/5.
@pytest.mark.rule("5.2")
@pytest.mark.rule("5.7")
def test_one_hp_each_one_die_each() -> None:
    # both fall: 1/9 + 4/9 * 1/5 = 1/5; one side only: 2/9 + 4/9 * 2/5 = 2/5 each.
    state = duel(1, 1)
    result = analyse(state, None, 0)
    assert result.policy == "fight-to-end" and result.exact
    assert dict(result.outcomes) == {
        "both eliminated; +1 loot": F(1, 5),
        "enemy eliminated; +1 loot": F(2, 5),
        "yours eliminated": F(2, 5),
    }
    check_against_monte_carlo(result.as_list(), state, None, 0, n=2000, seed=80, decide=fight_on)


@pytest.mark.rule("5.3")
def test_two_hp_against_one_fought_to_the_end() -> None:
    # Later rolls from (2 HP, 1 HP): the enemy falls on 1/5 + 2/5 = 3/5, else (2/5) we
    # are at (1, 1). So from a later roll: enemy only 3/5 + 2/5 * 2/5 = 19/25, both
    # 2/5 * 1/5 = 2/25, ours 2/5 * 2/5 = 4/25. The first roll: enemy only
    # 3/9 + 2/9 * 2/5 + 4/9 * 19/25 = 19/25; both 2/9 * 1/5 + 4/9 * 2/25 = 2/25;
    # ours 2/9 * 2/5 + 4/9 * 4/25 = 4/25.
    state = duel(2, 1)
    result = analyse(state, None, 0, "fight-to-end")
    assert dict(result.outcomes) == {
        "both eliminated; +1 loot": F(2, 25),
        "enemy eliminated; +1 loot": F(19, 25),
        "yours eliminated": F(4, 25),
    }
    check_against_monte_carlo(result.as_list(), state, None, 0, n=2000, seed=81, decide=fight_on)


@pytest.mark.rule("5.4")
def test_backing_out_at_one_hp() -> None:
    # We back out as soon as we are down to 1 HP: that happens when only the enemy hits
    # while we have 2 HP: 2/9 on the first roll, 4/9 * 2/5 after an empty first roll,
    # 2/5 in all. Otherwise the enemy falls first: 3/5.
    state = duel(2, 1)
    result = analyse(state, None, 0, "back-out-at-1")
    assert result.policy == "back-out-at-1" and "backs out" in result.policy_description
    assert dict(result.outcomes) == {"enemy eliminated; +1 loot": F(3, 5), "you back out; dealt 0, took 1": F(2, 5)}
    check_against_monte_carlo(result.as_list(), state, None, 0, n=2000, seed=82, decide=back_out_at(1, 0))


@pytest.mark.rule("5.2")
def test_three_dice_against_one_first_roll() -> None:
    # 3 dice (counter 1/3) against 1 die (3/1), 1 HP each: we miss with all three dice
    # with (2/3)^3 = 8/27, so we hit 19/27; they hit 1/3. First roll: both 19/81,
    # ours only (8/27)(1/3) = 8/81, enemy only (19/27)(2/3) = 38/81, nobody 16/81.
    # Later rolls renormalise over the 65/81 that hit: both 19/65, ours 8/65,
    # enemy 38/65. Total: both 19/81 + 16/81 * 19/65 = 19/65, ours 8/65, enemy 38/65.
    state: Any = fight_at_hogjaw("counter 1/3", "counter 3/1")
    state.hp[0][0], state.hp[1][0] = 1, 1
    result = analyse(state, None, 0)
    assert dict(result.outcomes) == {
        "both eliminated; +1 loot": F(19, 65),
        "enemy eliminated; +1 loot": F(38, 65),
        "yours eliminated": F(8, 65),
    }
    check_against_monte_carlo(result.as_list(), state, None, 0, n=2000, seed=83, decide=fight_on)


def test_fight_policies_are_listed_and_parametrised() -> None:
    names = [n for n, _ in available("hells_ditch")]
    assert names[0] == "fight-to-end" and "back-out-at-K" in names
    assert analyse(duel(2, 1), None, 0, "back-out-at-1/1").policy == "back-out-at-1/1"


def test_fight_decision_between_rolls_has_odds() -> None:
    # After a first roll where nobody hit, a side that may retreat decides; asking about
    # "fight-on" gives the rest of the fight (later rolls skip empty results).
    state = duel(1, 1)
    state.apply_chance(next(o for o, _ in state.chance_outcomes() if tuple(o.faces) == (0, 0)))
    deciders = state.actors
    if not deciders:
        pytest.skip("nobody may retreat from Hogjaw on this map")
    player = deciders[0]
    result = dict(analyse(state, "fight-on", player).outcomes)
    assert sum(result.values()) == 1 and result["both eliminated; +1 loot"] == F(1, 5)


@pytest.mark.rule("7.2")
def test_submitting_a_plan_does_not_read_the_enemy_plan() -> None:
    # White has already laid a counter and written (no) orders, face down; Black's
    # odds for "done" re-sample White's hidden plan, so they are an estimate, and
    # they are the same whatever White really wrote.
    answers = []
    for white in ("counter 3/1", "counter 1/3"):
        state: Any = new_state()
        put(state, 1, 1, "hogjaw")
        write(state, 1, white, "done")
        write(state, 0, "counter 3/1", "w1 move hogjaw")
        result = analyse(state, "done", 0)
        assert not result.exact and "estimated" in result.notes[0]
        assert sum(p for _, p in result.outcomes) == 1
        answers.append(result.outcomes)
    assert answers[0] == answers[1]
