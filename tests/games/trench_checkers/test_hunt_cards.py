"""The end-game technique's ability cards (``hunt.py``): attack cards and Airstrikes
where the siege model says they pay, Found Ammo for another attack worth making, and
Revive, Field Promotion and One More Push in the end game's movement phases."""

from __future__ import annotations

import random

import pytest

from dicefront.agents import make_agent
from dicefront.games.trench_checkers import hunt
from dicefront.games.trench_checkers.actions import Attack, EndAttacks, Play
from dicefront.games.trench_checkers.rules import TrenchState
from dicefront.games.trench_checkers.siege import NO_BOOST, attack_outcomes, attack_value, siege_value, strike_value

from .helpers import attacking, c, empty, moving, put


def _siege_of_a_fresh_commando(hand: dict[str, int], *, near: bool = True) -> TrenchState:
    """Round 30, cards on: our three Veterans on d5 (next to the enemy's last piece, its
    fresh Commando on d6, if ``near``; else on a1) and three more on a9; our hand."""
    st = empty(cards=True)
    st.round = 30
    put(st, "d5" if near else "a1", 0, "VVV")
    put(st, "a9", 0, "VVV")
    put(st, "d6", 1, "C")
    st.hands = [dict(hand), {}]
    st.deck = {}
    return attacking(st, 0)


def test_a_suicide_mission_removes_the_attacking_stack_whatever_the_result() -> None:
    # rule 11.9: one Soldier with the card rolls a d10 against the fresh Commando's d10
    army, stack, enemy = (0, 1, 2), (0, 0, 1), (2, 0, 0)
    outcomes = attack_outcomes(army, stack, enemy, (False, 0, True))
    assert all(after == (0, 1, 1) for _, after, _ in outcomes)
    hurt = sum(p for p, _, left in outcomes if left == (1, 0, 0))
    assert hurt == pytest.approx(0.55)  # 45 wins and 10 ties in 100
    plain = sum(p for p, _, left in attack_outcomes(army, stack, enemy) if left == (1, 0, 0))
    assert plain == pytest.approx(0.25)  # a d4 against a d10: 15 wins and 10 ties in 100


def test_machine_gun_and_napalm_raise_the_attack_value() -> None:
    army, stack, enemy = (0, 6, 0), (0, 3, 0), ((2, 0, 0),)
    plain = attack_value(army, stack, enemy, enemy[0])
    assert attack_value(army, stack, enemy, enemy[0], boost=(True, 0, False)) > plain + 0.02
    assert attack_value(army, stack, enemy, enemy[0], boost=(False, 2, False)) > plain + 0.02
    assert attack_value(army, stack, enemy, enemy[0], boost=NO_BOOST) == plain


def test_an_airstrike_risks_nothing() -> None:
    # rule 11.5: a d6 against the wounded Commando's d10 hits on 21 of 60 rolls
    army, enemy = (0, 1, 0), ((1, 0, 0),)
    expected = 0.35 * 1.0 + 0.65 * siege_value(army, enemy)
    assert strike_value(army, enemy, enemy[0]) == pytest.approx(expected)


def test_a_machine_gun_is_played_before_attacking_the_fresh_commando() -> None:
    st = _siege_of_a_fresh_commando({"machinegun": 1})
    assert hunt.book_action(st, 0) == Play("machinegun")
    st.apply(Play("machinegun"), 0)
    assert st.five[0]
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("d6"))


def test_no_card_is_spent_on_a_sure_kill() -> None:
    # three Veterans against the last Soldier guarding a sleeping Commando: a Machine
    # Gun would add 0.04 here (fewer ties and Last Stands) but 0.05 against the
    # Commando alone, so it is kept for the Commando
    st = _siege_of_a_fresh_commando({"machinegun": 1, "napalm": 1})
    st.board.pop(c("d6"))
    put(st, "d6", 1, "S")
    put(st, "h10", 1, "C", active=False)
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("d6"))


def test_an_airstrike_when_no_attack_can_be_made() -> None:
    st = _siege_of_a_fresh_commando({"airstrike": 1}, near=False)
    assert not st.attacks(0)
    assert hunt.book_action(st, 0) == Play("airstrike", c("d6"))
    # without the card the step ends
    st.hands[0] = {}
    assert hunt.book_action(st, 0) == EndAttacks()


@pytest.mark.parametrize("worth", [True, False])
def test_found_ammo_for_another_attack_worth_making(worth: bool) -> None:
    st = _siege_of_a_fresh_commando({"ammo": 1}, near=worth)
    st.wounded[1] = True
    st.attacks_left, st.attack_made = 0, True  # our attack is made
    assert Play("ammo") in st.legal_actions(0)
    assert hunt.book_action(st, 0) == (Play("ammo") if worth else EndAttacks())


def test_revive_and_promotion_in_the_end_game() -> None:
    st = _siege_of_a_fresh_commando({"revive": 1, "promote": 1})
    put(st, "b2", 0, "S")
    fallen = next(pid for pid in range(st.commando_pid(0)) if all(pid not in s for s in st.board.values()))
    st.graveyard.append(fallen)
    moving(st, 0)
    played = hunt.book_action(st, 0)
    assert isinstance(played, Play) and played.card == "revive"
    st.apply(played, 0)
    assert st.pieces_of(0) == 8
    # Field Promotion is played before the first move (rule 11.6): on one of our two Soldiers
    played = hunt.book_action(st, 0)
    assert isinstance(played, Play) and played.card == "promote"
    st.apply(played, 0)
    pieces = "".join(st.ranks_at(cell) for cell in st.cells_of(0))
    assert (pieces.count("V"), pieces.count("S")) == (7, 1)


def test_medium_plays_the_cards_outright() -> None:
    st = _siege_of_a_fresh_commando({"machinegun": 1})
    agent = make_agent("mcts:iterations=20", st.game)
    assert agent.choose(st.clone(), 0, random.Random(2)) == Play("machinegun")
