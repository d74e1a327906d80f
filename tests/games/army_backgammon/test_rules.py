"""Army Man Backgammon: one test (or more) per numbered rule of RULES.md, 1-9."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.core import IllegalActionError, Roll, sample
from dicefront.games.army_backgammon.rules import ArmyState

from .helpers import act, kinds, legal, position, roll
from .helpers import game as army_backgammon

# A quiet enemy far away, so that a lone Tan man is never the last one by accident.
FAR_TAN = {"T9": (24, "pistol", "prone"), "T10": (24, "pistol", "prone")}
FAR_GREEN = {"G9": (1, "pistol", "prone"), "G10": (1, "pistol", "prone")}


@pytest.mark.rule("1.1")
def test_rule_1_1_green_moves_up_and_tan_moves_down() -> None:
    st = position({"G1": (3, "pistol", "kneeling"), **FAR_TAN, **FAR_GREEN})
    roll(st, 1, 4)
    act(st, "move G1 4")
    assert st.men["G1"].row == 7
    st = position({"T1": (20, "pistol", "kneeling"), **FAR_TAN, **FAR_GREEN}, player=1)
    roll(st, 1, 4)
    act(st, "move T1 4")
    assert st.men["T1"].row == 16


@pytest.mark.rule("1.2")
def test_rule_1_2_fifteen_men_each_and_two_dice() -> None:
    game = army_backgammon()
    st = game.new_state()
    assert sum(1 for n in st.men if n[0] == "G") == 15 and sum(1 for n in st.men if n[0] == "T") == 15
    outs = game.turn_outcomes
    assert all(len(r.faces) == 2 for r, _ in outs) and sum(p for _, p in outs) == 1


@pytest.mark.rule("1.3")
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_rule_1_3_no_row_ever_holds_both_armies(seed: int) -> None:
    game = dicefront.load("army_backgammon")
    st = game.new_state()
    rng = random.Random(seed)
    while not st.is_terminal:
        if st.is_chance:
            st.apply_chance(sample(st.chance_outcomes(), rng))
        else:
            p = st.actors[0]
            acts = st.legal_actions(p)
            st.apply(acts[rng.randrange(len(acts))], p)
        rows = [{m.row for m in st.men.values() if m.owner == p} for p in (0, 1)]
        assert not rows[0] & rows[1], f"seed {seed}: rows {rows[0] & rows[1]} hold both armies"


@pytest.mark.rule("2.1")
def test_rule_2_1_three_men_on_each_back_row() -> None:
    st = dicefront.load("army_backgammon").new_state()
    for p, rows in ((0, range(1, 6)), (1, range(20, 25))):
        for r in rows:
            assert sum(1 for m in st.men.values() if m.owner == p and m.row == r) == 3
    assert not any(6 <= m.row <= 19 for m in st.men.values())


@pytest.mark.rule("2.2")
def test_rule_2_2_default_army_covers_every_die_face_and_has_one_sergeant() -> None:
    game = army_backgammon(sergeant="army")
    st = game.new_state()
    green = [m for m in st.men.values() if m.owner == 0]
    faces = sorted(game.tables.ranges[m.weapons[0]] for m in green)
    assert {f: faces.count(f) for f in range(1, 7)} == {1: 2, 2: 2, 3: 3, 4: 3, 5: 2, 6: 3}
    assert sum(m.sergeant for m in green) == 1 and sum(m.detector for m in green) == 2
    default = army_backgammon().new_state()
    assert not any(m.sergeant for m in default.men.values()), "by default the players name their Sergeants (rule 2.4)"


def _choose_state() -> ArmyState:
    st = dicefront.load("army_backgammon", setup="choose").new_state()
    assert isinstance(st, ArmyState)
    st.apply_chance(Roll((2, 5)))  # Tan goes first, so Green arms first
    return st


@pytest.mark.rule("2.3")
def test_rule_2_3_players_alternate_arming_their_men() -> None:
    st = _choose_state()
    assert st.actors == (0,) and all(m.weapons == () for m in st.men.values())
    act(st, "arm bazooka")
    assert st.men["G1"].weapons == ("bazooka",)
    assert st.actors == (1,)
    act(st, "arm pistol")
    assert st.men["T1"].weapons == ("pistol",)
    act(st, "arm rifle")
    assert st.men["G2"].weapons == ("rifle",)
    with pytest.raises(IllegalActionError, match="unknown weapon"):
        act(st, "arm catapult")


@pytest.mark.rule("2.4")
def test_rule_2_4_players_name_their_sergeant_after_arming() -> None:
    st = _choose_state()
    while st.tasks[0][0] == "arm":
        act(st, legal(st)[0])
    assert all(m.weapons for m in st.men.values())
    assert st.actors == (0,) and legal(st)[0] == "sergeant G1"
    act(st, "sergeant G4")
    act(st, "sergeant T2")
    assert st.men["G4"].sergeant and st.men["T2"].sergeant
    assert st.phase == "roll" and st.player == 1


@pytest.mark.rule("2.4")
def test_rule_2_4_players_name_their_sergeant_with_an_army_list() -> None:
    st = dicefront.load("army_backgammon").new_state()
    assert isinstance(st, ArmyState)
    st.apply_chance(Roll((2, 5)))  # Tan goes first, so Green names his Sergeant first
    assert st.phase == "setup" and st.actors == (0,) and legal(st)[0] == "sergeant G1"
    act(st, "sergeant G15")
    assert st.actors == (1,)
    act(st, "sergeant T3")
    assert st.men["G15"].sergeant and st.men["T3"].sergeant
    assert sum(m.sergeant for m in st.men.values()) == 2
    assert st.phase == "roll" and st.player == 1


@pytest.mark.rule("2.4")
def test_rule_2_4_option_army_list_names_the_sergeant() -> None:
    st = dicefront.load("army_backgammon", sergeant="army").new_state()
    assert isinstance(st, ArmyState)
    listed = [i + 1 for i, m in enumerate(st.game.army.men) if m.sergeant]
    assert [n for n, m in st.men.items() if m.sergeant] == [f"G{listed[0]}", f"T{listed[0]}"]
    st.apply_chance(Roll((2, 5)))
    assert st.phase == "roll" and st.player == 1, "no set-up step"


@pytest.mark.rule("2.5")
def test_rule_2_5_higher_roll_goes_first_ties_never_stand() -> None:
    game = dicefront.load("army_backgammon", sergeant="army")
    st = game.new_state()
    outs = st.chance_outcomes()
    assert len(outs) == 30 and sum(p for _, p in outs) == 1
    with pytest.raises(IllegalActionError):
        st.clone().apply_chance(Roll((3, 3)))
    st.apply_chance(Roll((5, 2)))
    assert st.phase == "roll" and st.player == 0
    st = game.new_state()
    st.apply_chance(Roll((1, 6)))
    assert st.player == 1


@pytest.mark.rule("3.1")
def test_rule_3_1_weapon_ranges() -> None:
    game = army_backgammon()
    expected = {"bazooka": 6, "mortar": 6, "radio": 6, "machine-gun": 5, "rifle": 4, "smg": 3,
                "grenade": 2, "flamethrower": 2, "pistol": 1}
    assert game.tables.ranges == expected
    st = position({"G1": (5, "mortar", "prone"), "G2": (5, "rifle", "prone"), "T1": (11, "pistol", "prone"), **FAR_TAN, **FAR_GREEN})
    roll(st, 6, 6)
    act(st, "orders dig-in")
    assert legal(st) == ["attack G1 T1"]  # the mortar reaches 6 rows, the rifle does not


@pytest.mark.rule("3.2")
def test_rule_3_2_stance_limits_the_move() -> None:
    st = position({"G1": (5, "pistol", "prone"), "G2": (5, "pistol", "running"), **FAR_TAN})
    roll(st, 4, 5)
    assert st.orders == "charge"  # nothing can attack; only moves use the dice
    assert "move G1 4" not in legal(st) and "move G2 4" in legal(st) and "move G2 5" in legal(st)
    game = st.game
    assert {s.name: (s.max_move, s.save) for s in game.tables.stances.values()} == {
        "prone": (3, 4), "kneeling": (4, 3), "standing": (5, 2), "running": (6, 1)}


@pytest.mark.rule("3.3")
def test_rule_3_3_killed_men_leave_the_board() -> None:
    st = position({"G1": (5, "rifle", "kneeling"), "T1": (9, "pistol", "running"), **FAR_TAN, **FAR_GREEN})
    roll(st, 4, 4)
    act(st, "orders dig-in") if st.phase == "orders" else None
    act(st, "attack G1 T1")
    st.apply_chance(Roll((6,)))
    assert "T1" not in st.men
    assert all(m[0] != "T1" for m in st.view(1)["men"])


@pytest.mark.rule("4.1")
def test_rule_4_1_turn_ends_with_the_stance_phase_and_passes() -> None:
    st = position({"G1": (5, "pistol", "prone"), **FAR_TAN})
    roll(st, 6, 6)  # prone man cannot use a 6: both dice lost
    assert st.phase == "stance" and st.player == 0
    act(st, "no-stance")
    assert st.phase == "roll" and st.player == 1 and st.turn == 2


@pytest.mark.rule("4.2")
def test_rule_4_2_roll_is_unordered_and_doubles_give_two_dice() -> None:
    st = position({"G1": (5, "rifle", "kneeling"), "T1": (13, "pistol", "prone"), **FAR_TAN, **FAR_GREEN})
    with pytest.raises(IllegalActionError):
        st.clone().apply_chance(Roll((5, 3)))
    roll(st, 4, 4)
    assert st.orders == "standard"  # the only orders that use both dice
    act(st, "move G1 4")
    assert st.dice == (4,)
    act(st, "attack G1 T1")  # row 9 to row 13
    assert st.dice == () and st.phase == "save"


@pytest.mark.rule("4.3")
def test_rule_4_3_all_four_orders_when_each_uses_both_dice() -> None:
    st = position({"G1": (2, "rifle", "kneeling"), "G2": (3, "rifle", "kneeling"),
                   "T1": (6, "pistol", "prone"), "T2": (7, "pistol", "prone"), **FAR_TAN})
    roll(st, 4, 4)
    assert legal(st) == ["orders standard", "orders fire", "orders charge", "orders dig-in"]


@pytest.mark.rule("4.4")
def test_rule_4_4_orders_must_use_as_many_dice_as_possible() -> None:
    st = position({"G1": (5, "pistol", "running"), "G2": (4, "pistol", "running"), **FAR_TAN})
    events = roll(st, 2, 3)  # no attack is possible: only Charge uses both dice
    assert st.orders == "charge" and "orders" in kinds(events)
    st = position({"G1": (5, "pistol", "running"), "G2": (4, "pistol", "running"), **FAR_TAN}, dice_rule="within-orders")
    roll(st, 2, 3)
    assert len(legal(st)) == 4


@pytest.mark.rule("4.4")
def test_rule_4_4_a_move_that_wastes_the_other_die_is_not_allowed() -> None:
    # G1 moving 2 would leave nobody 4 rows from T1; moving 4 first still lets G2 fire.
    st = position({"G1": (5, "smg", "running"), "G2": (5, "rifle", "prone"), "T1": (9, "pistol", "prone"), **FAR_TAN})
    roll(st, 2, 4)
    act(st, "orders standard")
    assert legal(st) == ["move G1 2"]  # not G1 4, not G2 2, not skipping to the attack


@pytest.mark.rule("4.4")
def test_rule_4_4_unusable_dice_are_lost() -> None:
    st = position({"G1": (5, "pistol", "prone"), **FAR_TAN})
    events = roll(st, 5, 6)
    assert "dice-lost" in kinds(events) and st.phase == "stance"


@pytest.mark.rule("5.1")
def test_rule_5_1_men_jump_over_others() -> None:
    st = position({"G1": (2, "pistol", "running"), "G2": (3, "pistol", "running"),
                   "T1": (4, "pistol", "prone"), "T2": (4, "pistol", "prone"), **FAR_TAN})
    roll(st, 5, 6)
    act(st, "move G1 5")
    assert st.men["G1"].row == 7 and "T1" in st.men


@pytest.mark.rule("5.2")
def test_rule_5_2_a_die_above_the_stance_limit_cannot_move_the_man() -> None:
    st = position({"G1": (5, "pistol", "kneeling"), "G2": (1, "pistol", "prone"), **FAR_TAN})
    roll(st, 5, 6)
    assert st.phase == "stance"


@pytest.mark.rule("5.3")
def test_rule_5_3_five_men_at_most_in_a_row() -> None:
    men = {f"G{i}": (7, "pistol", "prone") for i in range(1, 6)}
    st = position({**men, "G6": (3, "pistol", "running"), **FAR_TAN})
    roll(st, 4, 5)
    assert "move G6 4" not in legal(st) and "move G6 5" in legal(st)


@pytest.mark.rule("5.4")
def test_rule_5_4_landing_on_one_enemy_captures_him() -> None:
    st = position({"G1": (3, "pistol", "running"), "T1": (7, "pistol", "prone"), **FAR_TAN, **FAR_GREEN})
    roll(st, 4, 6)
    act(st, "move G1 4") if st.phase == "act" else (act(st, "orders charge"), act(st, "move G1 4"))
    assert "T1" not in st.men and st.men["G1"].row == 7


@pytest.mark.rule("5.5")
def test_rule_5_5_landing_on_two_enemies_gets_the_man_captured() -> None:
    st = position({"G1": (3, "pistol", "running"), "G2": (2, "pistol", "running"), "T1": (7, "pistol", "prone"),
                   "T2": (7, "pistol", "prone"), **FAR_TAN, **FAR_GREEN})
    roll(st, 4, 6)
    if st.phase == "orders":
        act(st, "orders charge")
    act(st, "move G1 4")
    assert "G1" not in st.men and "T1" in st.men and "T2" in st.men


@pytest.mark.rule("5.6")
def test_rule_5_6_a_man_moves_once_a_turn() -> None:
    st = position({"G1": (3, "pistol", "kneeling"), **FAR_TAN})
    roll(st, 2, 3)
    act(st, "orders charge")
    act(st, "move G1 2")
    assert st.phase == "stance" and st.dice == (3,)


@pytest.mark.rule("6.1")
def test_rule_6_1_the_weapon_range_must_equal_the_die() -> None:
    st = position({"G1": (5, "rifle", "prone"), "T1": (8, "pistol", "prone"), **FAR_TAN, **FAR_GREEN})
    roll(st, 3, 3)  # the target is 3 rows away but a rifle needs a 4
    assert not any(a.startswith("attack") for a in legal(st)) and st.orders in ("charge", "")


@pytest.mark.rule("6.2")
def test_rule_6_2_targets_behind_count_unless_ahead_only() -> None:
    men = {"G1": (10, "rifle", "prone"), "T1": (6, "pistol", "prone"), **FAR_TAN}
    st = position(men)
    roll(st, 4, 4)
    act(st, "orders dig-in") if st.phase == "orders" else None
    assert "attack G1 T1" in legal(st)
    st = position(men, attack_direction="ahead")
    roll(st, 4, 4)
    assert "attack G1 T1" not in legal(st)


@pytest.mark.rule("6.3")
def test_rule_6_3_the_attacker_chooses_among_targets_at_the_range() -> None:
    st = position({"G1": (10, "rifle", "prone"), "T1": (6, "pistol", "prone"), "T2": (14, "pistol", "prone"), **FAR_TAN})
    roll(st, 4, 4)
    act(st, "orders dig-in")
    assert {"attack G1 T1", "attack G1 T2"} <= set(legal(st))


@pytest.mark.rule("6.4")
def test_rule_6_4_saving_throw_by_stance() -> None:
    for face, survives in ((2, True), (3, False)):
        st = position({"G1": (10, "rifle", "prone"), "T1": (14, "pistol", "standing"), **FAR_TAN})
        roll(st, 4, 4)
        act(st, "orders dig-in")
        act(st, "attack G1 T1")
        events = st.apply_chance(Roll((face,)))
        assert ("T1" in st.men) is survives, f"face {face}"
        assert events[0].data["result"] == ("saved" if survives else "killed")


@pytest.mark.rule("7.1")
def test_rule_7_1_one_stance_change_at_the_end_of_the_turn() -> None:
    st = position({"G1": (5, "pistol", "prone"), **FAR_TAN})
    roll(st, 6, 6)
    assert "stance G1 prone" not in legal(st) and "stance G1 running" in legal(st)
    act(st, "stance G1 running")
    assert st.men["G1"].stance == "running" and st.player == 1


@pytest.mark.rule("8.1")
def test_rule_8_1_fire_and_movement_attacks_first() -> None:
    st = position({"G1": (10, "rifle", "running"), "T1": (14, "pistol", "prone"), **FAR_TAN})
    roll(st, 2, 4)
    act(st, "orders fire")
    assert all(a.startswith("attack") or a == "skip" for a in legal(st))
    act(st, "attack G1 T1")
    st.apply_chance(Roll((6,)))
    assert legal(st) == ["move G1 2"]


@pytest.mark.rule("8.2")
def test_rule_8_2_charge_moves_two_men_and_never_attacks() -> None:
    st = position({"G1": (10, "rifle", "kneeling"), "G2": (9, "rifle", "kneeling"), "T1": (14, "pistol", "prone"), **FAR_TAN})
    roll(st, 4, 4)
    act(st, "orders charge")
    act(st, "move G1 4")
    assert legal(st) == ["move G2 4"]


@pytest.mark.rule("8.3")
def test_rule_8_3_dig_in_two_attacks_by_two_men() -> None:
    st = position({"G1": (10, "rifle", "kneeling"), "G2": (10, "rifle", "kneeling"), "T1": (14, "pistol", "prone"), **FAR_TAN})
    roll(st, 4, 4)
    act(st, "orders dig-in")
    act(st, "attack G1 T1")
    st.apply_chance(Roll((1,)))  # saved
    assert legal(st) == ["attack G2 T1"]


@pytest.mark.rule("8.4")
def test_rule_8_4_infiltration_a_running_man_moves_twice_under_charge() -> None:
    st = position({"G1": (3, "pistol", "running"), **FAR_TAN})
    roll(st, 2, 5)
    assert st.orders == "charge"
    act(st, "move G1 2")
    act(st, "move G1 5")
    assert st.men["G1"].row == 10


@pytest.mark.rule("8.5")
def test_rule_8_5_without_the_sergeant_only_charge_or_dig_in() -> None:
    st = position({"G1": (2, "rifle", "kneeling"), "G2": (3, "rifle", "kneeling", "sgt"),
                   "T1": (6, "pistol", "prone"), "T2": (7, "rifle", "prone"), **FAR_TAN}, player=1)
    roll(st, 4, 4)
    act(st, "orders dig-in")
    act(st, "attack T2 G2")
    st.apply_chance(Roll((6,)))
    assert st.sergeant_lost[0]
    while st.player == 1:
        act(st, legal(st)[-1] if st.phase != "stance" else "no-stance") if st.actors else st.apply_chance(Roll((6,)))
    roll(st, 4, 4)
    assert legal(st) == ["orders charge", "orders dig-in"]


@pytest.mark.rule("9.1")
def test_rule_9_1_leaving_the_far_end_wins_without_an_exact_roll() -> None:
    st = position({"G1": (21, "pistol", "running"), **FAR_TAN, **FAR_GREEN})
    roll(st, 1, 6)
    if st.phase == "orders":
        act(st, "orders charge")
    act(st, "move G1 6")
    assert st.is_terminal and st.returns() == (1.0, -1.0)


@pytest.mark.rule("9.1")
def test_rule_9_1_stance_still_limits_the_last_move() -> None:
    st = position({"G1": (22, "pistol", "prone"), "T1": (12, "pistol", "prone")})
    roll(st, 4, 5)
    assert not st.is_terminal and st.phase == "stance"


@pytest.mark.rule("9.2")
def test_rule_9_2_wiping_out_the_enemy_wins() -> None:
    st = position({"G1": (3, "pistol", "running"), "T1": (7, "pistol", "prone")})
    roll(st, 4, 6)
    if st.phase == "orders":
        act(st, "orders charge")
    act(st, "move G1 4")
    assert st.is_terminal and st.winner == 0


@pytest.mark.rule("9.3")
def test_rule_9_3_capturing_the_last_man_on_his_minefield_still_wins() -> None:
    st = position({"G1": (3, "pistol", "running"), "T1": (7, "pistol", "prone")}, mines=True)
    st.mines[1][7] = False  # Tan's minefield cannot be there by the rules, but even so
    roll(st, 4, 6)
    if st.phase == "orders":
        act(st, "orders charge")
    act(st, "move G1 4")
    assert st.is_terminal and st.winner == 0 and not st.is_chance


@pytest.mark.rule("9.4")
def test_rule_9_4_turn_limit_is_a_draw() -> None:
    st = position({"G1": (5, "pistol", "prone"), "T1": (20, "pistol", "prone")}, turn_limit=2)
    for _ in range(2):
        roll(st, 6, 6)
        act(st, "no-stance")
    assert st.is_terminal and st.returns() == (0.0, 0.0)
