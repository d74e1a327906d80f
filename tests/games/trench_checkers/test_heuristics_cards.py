"""What the evaluation sees of the Airstrike and Found Ammo cards (rules 11.2, 11.5):
the attack Found Ammo gives counts as an attack still to come (fixed: the two Found
Ammo tests failed before, and `greedy` never played the card); a declared airstrike
should be valued by its dice, and the turn an airstrike costs should take away next
round's threat.

Known defect, the Airstrike: the evaluation does not see a declared strike once the
enemy holds a card (balance sheet: 150 Airstrikes drawn in 100 greedy games, none
played). Valuing it by its dice makes ``greedy`` stronger but ``medium`` weaker
against ``random`` (docs/agent-strength.md, twenty-second round), so it is not on
main; those tests are strict xfails until it is."""

from __future__ import annotations

import random

import pytest

from dicefront.agents.common import expected_value
from dicefront.agents.greedy import GreedyAgent
from dicefront.games.trench_checkers.actions import EndAttacks, Pass, Play
from dicefront.games.trench_checkers.constants import DEFEND, ROLL
from dicefront.games.trench_checkers.heuristics import evaluate
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import act, attacking, c, empty, put

DEFECT = pytest.mark.xfail(
    strict=True,
    reason="known defect: the evaluation does not see a declared Airstrike (docs/agent-strength.md, twenty-second round)",
)


def _out_of_reach(hand1: dict[str, int]) -> TrenchState:
    """Round 5, cards on: our two Soldiers on a1 and b1, far from the enemy's lone
    active Soldier on d6 and its Soldier on h10; we hold an Airstrike, they ``hand1``."""
    st = empty(cards=True)
    st.round = 5
    put(st, "a1", 0, "S")
    put(st, "b1", 0, "S")
    put(st, "d6", 1, "S")
    put(st, "h10", 1, "S")
    st.hands = [{"airstrike": 1}, dict(hand1)]
    st.deck = {}
    return attacking(st, 0)


@pytest.mark.rule("11.5")
@pytest.mark.parametrize("hand1", [pytest.param({}, id="no-defence-window"), pytest.param({"napalm": 1}, id="defence-window", marks=DEFECT)])
def test_greedy_strikes_from_the_air_when_it_has_no_attack(hand1: dict[str, int]) -> None:
    # with a card in the enemy's hand the strike stops at their defence window: the
    # evaluation there has to see the d6 against the Soldier's d4 (a hit 3 times in 4)
    st = _out_of_reach(hand1)
    assert Play("airstrike", c("d6")) in st.legal_actions(0) and EndAttacks() in st.legal_actions(0)
    choice = GreedyAgent().choose(st.clone(), 0, random.Random(1))
    assert isinstance(choice, Play) and choice.card == "airstrike", choice


@pytest.mark.rule("11.5")
@DEFECT
def test_a_pending_airstrike_is_valued_by_its_dice() -> None:
    st = _out_of_reach({"napalm": 1})
    act(st, "play airstrike d6")
    assert st.phase == DEFEND and st.combat is not None and st.combat.src is None
    after = st.clone()
    after.apply(Pass(), 1)
    assert after.phase == ROLL
    rolled = expected_value(after, 0)
    struck_off = st.clone()
    struck_off.combat = None
    pending = evaluate(st, 0)
    assert pending == pytest.approx(rolled, abs=0.01)
    assert pending > evaluate(struck_off, 0) + 0.05


def _after_a_won_attack(mine: str = "CVV", theirs: str = "V") -> TrenchState:
    """Our attack of this round made (our stack ``mine`` now on d6), the enemy's
    ``theirs`` next to it on e6 and a Soldier on h10; we hold Found Ammo."""
    st = empty(cards=True)
    st.round = 5
    put(st, "a1", 0, "S")
    put(st, "d6", 0, mine)
    put(st, "e6", 1, theirs)
    put(st, "h10", 1, "S")
    st.hands = [{"ammo": 1}, {}]
    st.deck = {}
    st = attacking(st, 0)
    st.attacks_left, st.attack_made = 0, True
    return st


@pytest.mark.rule("11.2")
def test_greedy_plays_found_ammo_for_a_good_attack() -> None:
    # the Commando and two Veterans (a d10, best of two) against a lone Veteran
    st = _after_a_won_attack()
    assert Play("ammo") in st.legal_actions(0)
    choice = GreedyAgent().choose(st.clone(), 0, random.Random(1))
    assert choice == Play("ammo")


@pytest.mark.rule("11.2")
def test_the_attack_found_ammo_gives_counts_as_one_to_come() -> None:
    st = _after_a_won_attack("VV", "S")
    act(st, "play ammo")
    assert st.attacks_left == 1
    spent = st.clone()
    spent.attacks_left = 0  # the card gone, but no attack to come
    assert evaluate(st, 0) > evaluate(spent, 0) + 0.01


@pytest.mark.rule("11.5")
@DEFECT
def test_the_lost_turn_takes_away_next_rounds_threat() -> None:
    # the enemy's attack step: our Veterans next to their Soldier attack next round,
    # unless our airstrike of this round cost us that turn
    st = _after_a_won_attack("VV", "S")
    st.hands = [{}, {}]
    st = attacking(st, 1)
    st.board.pop(c("e6"))
    put(st, "e6", 1, "S")
    free = evaluate(st, 0)
    st.skip_next[0] = True
    assert evaluate(st, 0) < free
