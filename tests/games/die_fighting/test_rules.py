"""One test (or more) per numbered rule of die_fighting/RULES.md."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import dicefront
from dicefront.core import DataFileError, IllegalActionError, NotationError, Roll
from dicefront.games.die_fighting.constants import Phase
from dicefront.games.die_fighting.rules import DieFightingState
from tests.conftest import play_out

from .helpers import OPEN, act, cell, game, points_at, position, texts, write_map

CORRIDOR = ["." * 10, "." * 10, "." * 10, "." * 10, "BBBB.BBBBB", "." * 10, "B" * 10, "." * 10, "." * 10, "." * 10]


def corridor(tmp: Path, units: list[tuple[int, str, str, int | None]], stage: str = "move") -> DieFightingState:
    return position(tmp, units, CORRIDOR, stage=stage)


# ----- 1 overview and modes -----------------------------------------------------------------------


@pytest.mark.rule("1.1")
def test_rule_1_1_two_armies_fight_to_an_end() -> None:
    for seed in (11, 12):
        game = dicefront.load("die_fighting")
        st = game.new_state()
        assert st.is_chance and sum(st.army[0].values()) > 0 and sum(st.army[1].values()) > 0
        play_out(st, random.Random(seed))
        assert st.is_terminal, f"seed {seed}"


@pytest.mark.rule("1.2")
def test_rule_1_2_modes_points_and_joined_maps() -> None:
    sizes = {m: game(mode=m) for m in ("skirmish", "battle", "war")}
    assert [g.points for g in sizes.values()] == [50, 150, 200]
    assert [(g.grid.width, g.grid.height) for g in sizes.values()] == [(10, 10), (20, 10), (20, 20)]
    battle = game(mode="battle", map="stream,blue_field")
    field = battle.field_for(battle.fixed_maps or ())
    assert field.terrain(cell("a6")) == "slow"  # the stream in the west map
    assert field.terrain(cell("k6")) == "clear"  # the blue field in the east map
    assert field.terrain(cell("p6")) == "slow"
    war = game(mode="war", map="stream,blue_field,ruined_tower,forests_edge")
    field = war.field_for(war.fixed_maps or ())
    assert field.terrain(cell("d16")) == "blocking"  # the tower, north-west slot
    with pytest.raises(dicefront.OptionError):
        dicefront.load("die_fighting", mode="war", map="stream,blue_field")


# ----- 2 units and armies ---------------------------------------------------------------------------


@pytest.mark.rule("2.1")
def test_rule_2_1_units_deploy_at_full_strength(tmp_path: Path) -> None:
    st = position(tmp_path, [(1, "CO", "j10", None)])
    st.phase, st.player, st.army = Phase.DEPLOY, 0, [{"HC": 1}, {}]
    act(st, "deploy HC b2")
    assert points_at(st, "b2") == 20


@pytest.mark.rule("2.2")
def test_rule_2_2_unit_costs_and_dice() -> None:
    table = game().table
    got = {k: (c.cost, c.die, c.type) for k, c in table.units.items()}
    assert got == {"AR": (4, 4, "ranged"), "CO": (6, 6, "foot"), "LI": (8, 8, "foot"), "HI": (10, 10, "foot"),
                   "LC": (12, 12, "mounted"), "HC": (20, 20, "mounted")}


@pytest.mark.rule("2.3")
def test_rule_2_3_unit_cards_are_data(tmp_path: Path) -> None:
    table = game().table
    assert (table.units["HI"].speed, table.units["AR"].range, table.units["AR"].uses) == (3, 5, 4)
    bad = tmp_path / "units.toml"
    bad.write_text('[units.AR]\nname = "Archers"\ntype = "flying"\n[commanders]\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"units.toml.*type"):
        dicefront.load("die_fighting", units=str(bad))


@pytest.mark.rule("2.4")
def test_rule_2_4_commander_bonus_and_cost(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "a1", None), (0, "LI/L", "a3", None), (1, "CO", "j10", None)])
    act(st, "activate a1")
    assert "to f1" in texts(st) and "to g1" not in texts(st)  # speed 5
    st = position(tmp_path, [(0, "LI/L", "a1", None), (1, "CO", "j10", None)])
    act(st, "activate a1")
    assert "to g1" in texts(st)  # Lieutenant: +1 movement for Foot
    assert st.game.table.cost("LI", "L") == 12 and st.game.table.cost("HC", "C") == 26


@pytest.mark.rule("2.5")
def test_rule_2_5_army_lists_are_checked(tmp_path: Path) -> None:
    assert dicefront.load("die_fighting").new_state().army[0] == {"HI": 1, "LI/L": 1, "CO": 1, "AR": 1, "AR/S": 1, "LC": 1}
    rich = tmp_path / "rich.toml"
    rich.write_text('units = [{ unit = "HC", count = 3 }]\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"rich.toml.*60 points"):
        dicefront.load("die_fighting", army0=str(rich))
    odd = tmp_path / "odd.toml"
    odd.write_text('units = [{ unit = "XX" }]\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"odd.toml.*unknown unit"):
        dicefront.load("die_fighting", army1=str(odd))


@pytest.mark.rule("2.6")
def test_rule_2_6_buying_within_the_points() -> None:
    st = dicefront.load("die_fighting", army0="buy").new_state()
    assert st.phase == Phase.BUY and st.actors == (0,)
    assert "done" not in texts(st) and "buy HC" in texts(st)
    act(st, "buy HC")
    act(st, "buy HC")
    assert "buy HC" not in texts(st) and "buy HI" in texts(st) and "buy HI/S" not in texts(st)
    act(st, "buy HI")
    assert texts(st) == ["done"]
    act(st, "done")
    assert st.phase == Phase.SETUP_ROLL and st.army[0] == {"HC": 2, "HI": 1}


@pytest.mark.rule("2.7")
def test_rule_2_7_no_more_units_than_the_deployment_zone(tmp_path: Path) -> None:
    units = tmp_path / "cheap.toml"
    units.write_text(
        '[units.PE]\nname = "Peasants"\ntype = "foot"\ndie = 2\ncost = 1\nspeed = 3\nrange = 1\ntargets = 1\n'
        'damage = 2\ndamage_bonus = 0\nuses = 0\nattack = 0\ndefence = 0\n[commanders]\n', encoding="utf-8")
    crowd = tmp_path / "crowd.toml"
    crowd.write_text('units = [{ unit = "PE", count = 21 }]\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"21 units.*20 fit"):
        dicefront.load("die_fighting", units=str(units), army0=str(crowd), army1=str(crowd))
    st = dicefront.load("die_fighting", units=str(units), army0="buy", army1="buy").new_state()
    for _ in range(20):
        act(st, "buy PE", 0)
        act(st, "buy PE", 1)
    assert texts(st) == ["done"]


# ----- 3 set-up --------------------------------------------------------------------------------------


@pytest.mark.rule("3.1")
def test_rule_3_1_setup_roll() -> None:
    st = dicefront.load("die_fighting").new_state()
    st.apply_chance(Roll((3, 3, 2, 4)))  # tie, equal armies
    assert st.phase == Phase.SETUP_ROLL
    st.apply_chance(Roll((1, 2, 5, 6)))
    assert st.phase == Phase.MAP and st.actors == (1,)
    st = dicefront.load("die_fighting").new_state()
    st.army[1].pop("LC")  # player 0 now has more units
    st.apply_chance(Roll((3, 3, 2, 4)))
    assert st.phase == Phase.MAP and st.actors == (0,)


@pytest.mark.rule("3.2")
def test_rule_3_2_winner_chooses_the_maps() -> None:
    st = dicefront.load("die_fighting", mode="battle").new_state()
    st.apply_chance(Roll((6, 6, 1, 1)))
    assert texts(st) == ["map ruined_tower", "map forests_edge", "map stream", "map blue_field"]
    act(st, "map stream")
    assert "map stream" not in texts(st) and st.phase == Phase.MAP
    act(st, "map blue_field")
    assert st.phase == Phase.SIDE and st.field is not None and st.maps == ["stream", "blue_field"]
    fixed = dicefront.load("die_fighting", map="stream").new_state()
    fixed.apply_chance(Roll((6, 6, 1, 1)))
    assert fixed.phase == Phase.SIDE


@pytest.mark.rule("3.3")
def test_rule_3_3_loser_chooses_the_edge() -> None:
    st = dicefront.load("die_fighting", map="blue_field").new_state()
    st.apply_chance(Roll((6, 6, 1, 1)))
    assert st.actors == (1,) and texts(st) == ["side south", "side north"]
    act(st, "side south")
    assert st.side_of(1) == "south" and st.side_of(0) == "north"


@pytest.mark.rule("3.4")
def test_rule_3_4_deploy_two_rows_in_alternately() -> None:
    st = dicefront.load("die_fighting", map="blue_field").new_state()
    st.apply_chance(Roll((6, 6, 1, 1)))
    act(st, "side north")  # player 1 north, player 0 south
    assert st.phase == Phase.DEPLOY and st.actors == (0,)
    squares = {a.cell for a in st.legal_actions(0)}
    assert {c[1] for c in squares} == {0, 1}
    act(st, "deploy HI a2")
    assert st.actors == (1,)
    assert {a.cell[1] for a in st.legal_actions(1)} == {8, 9}
    while st.phase == Phase.DEPLOY:
        st.apply(st.legal_actions(st.player)[0], st.player)
    assert st.phase == Phase.INITIATIVE and len(st.units) == 12


# ----- 4 rounds and activation ---------------------------------------------------------------------------


@pytest.mark.rule("4.1")
@pytest.mark.rule("4.3")
def test_rule_4_1_and_4_3_phases_and_alternating_activation(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (0, "CO", "b1", None), (1, "CO", "j10", None)])
    act(st, "activate a1")
    act(st, "to a1")
    assert st.actors == (1,)
    act(st, "activate j10")
    act(st, "to j10")
    assert st.actors == (0,) and texts(st) == ["activate b1"]  # player 1 has nobody left
    act(st, "activate b1")
    act(st, "to b1")
    assert st.phase == Phase.COMBAT and st.actors == (0,)
    for who in ("a1", "j10", "b1"):
        act(st, f"activate {who}")
        act(st, "pass")
    assert st.phase == Phase.INITIATIVE and st.round == 2


@pytest.mark.rule("4.2")
def test_rule_4_2_initiative(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (0, "CO", "b1", None), (1, "CO", "j10", None)])
    st.phase = Phase.INITIATIVE
    st.apply_chance(Roll((1, 1, 6, 6)))
    assert st.phase == Phase.MOVE and st.actors == (1,)
    st.phase = Phase.INITIATIVE
    st.apply_chance(Roll((3, 3, 2, 4)))  # tie: player 0 has more units
    assert st.actors == (0,)
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)])
    st.phase = Phase.INITIATIVE
    st.apply_chance(Roll((3, 3, 2, 4)))
    assert st.phase == Phase.INITIATIVE  # equal again: roll again


@pytest.mark.rule("4.4")
def test_rule_4_4_activation_commits_the_unit(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (0, "CO", "c1", None), (1, "CO", "j10", None)])
    act(st, "activate a1")
    assert all(t.startswith("to ") for t in texts(st))
    with pytest.raises(dicefront.IllegalActionError):
        act(st, "activate c1")


# ----- 5 terrain -----------------------------------------------------------------------------------------


@pytest.mark.rule("5.1")
def test_rule_5_1_clear_squares_cost_one(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)])
    act(st, "activate a1")
    assert "to e5" in texts(st) and "to f5" not in texts(st)


@pytest.mark.rule("5.2")
def test_rule_5_2_slow_costs_two(tmp_path: Path) -> None:
    rows = [".S........"] * 10
    st = position(tmp_path, [(0, "CO", "a5", None), (1, "CO", "j10", None)], rows)
    act(st, "activate a5")
    assert "to d5" in texts(st) and "to e5" not in texts(st)


@pytest.mark.rule("5.3")
def test_rule_5_3_diagonal_between_two_slow_is_slow(tmp_path: Path) -> None:
    rows = list(OPEN)
    rows[8] = "S........."  # a2
    rows[9] = ".S........"  # b1
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], rows)
    assert st.board.terrain(cell("b2")) == "clear"
    act(st, "activate a1")
    assert "to d4" in texts(st) and "to e5" not in texts(st)


@pytest.mark.rule("5.4")
def test_rule_5_4_blocking_cannot_be_entered(tmp_path: Path) -> None:
    rows = list(OPEN)
    rows[5] = "..B......."  # c5
    st = position(tmp_path, [(0, "CO", "b5", None), (1, "CO", "j10", None)], rows)
    act(st, "activate b5")
    assert "to c5" not in texts(st) and "to d5" in texts(st)


@pytest.mark.rule("5.5")
def test_rule_5_5_diagonal_between_two_blocking(tmp_path: Path) -> None:
    rows = list(OPEN)
    rows[5] = "B........."  # a5
    rows[6] = ".B........"  # b4
    st = position(tmp_path, [(0, "CO", "a4", None), (1, "CO", "b5", None)], rows, stage="combat")
    act(st, "activate a4")
    assert "attack b5" not in texts(st)  # not adjacent across the gap
    st = position(tmp_path, [(0, "CO", "a4", None), (1, "CO", "j10", None)], rows)
    assert st.reach(st.units[1]).get(cell("b5")) == 3


@pytest.mark.rule("5.6")
def test_rule_5_6_maps_are_checked_data(tmp_path: Path) -> None:
    bad = list(OPEN)
    bad[9] = "B........."
    with pytest.raises(DataFileError, match=r"deployment row"):
        dicefront.load("die_fighting", map=write_map(tmp_path, bad, "bad1"))
    odd = list(OPEN)
    odd[4] = "....X....."
    with pytest.raises(DataFileError, match=r"bad2.toml.*row 5.*X"):
        dicefront.load("die_fighting", map=write_map(tmp_path, odd, "bad2"))
    shipped = game()
    for key in ("ruined_tower", "forests_edge", "stream", "blue_field"):
        rows = shipped.tile(key).rows
        assert rows == tuple(r[::-1] for r in reversed(rows)), f"{key} is not symmetric under a half turn"


# ----- 6 movement -----------------------------------------------------------------------------------------


@pytest.mark.rule("6.1")
def test_rule_6_1_move_up_to_speed_or_stay(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "HI", "e5", None), (1, "CO", "j10", None)])
    act(st, "activate e5")
    legal = texts(st)
    assert "to e5" in legal and "to h8" in legal and "to i9" not in legal and "to b2" in legal
    act(st, "to h8")
    assert st.unit_at(cell("h8")) is not None and st.unit_at(cell("e5")) is None


@pytest.mark.rule("6.2")
def test_rule_6_2_friends_and_enemies_in_the_way(tmp_path: Path) -> None:
    st = corridor(tmp_path, [(0, "CO", "a5", None), (0, "CO", "b5", None), (1, "CO", "j1", None)])
    act(st, "activate a5")
    assert "to b5" not in texts(st) and "to c5" in texts(st) and "to e5" in texts(st)
    st = corridor(tmp_path, [(0, "CO", "a5", None), (1, "LI", "c5", None)])
    act(st, "activate a5")
    assert texts(st) == ["to a5", "to b5"]


@pytest.mark.rule("6.3")
def test_rule_6_3_movement_stops_next_to_an_enemy(tmp_path: Path) -> None:
    st = corridor(tmp_path, [(0, "LI", "a5", None), (1, "CO", "e6", None)])
    act(st, "activate a5")
    assert "to d5" in texts(st) and "to e5" not in texts(st) and "to f5" not in texts(st)


@pytest.mark.rule("6.4")
def test_rule_6_4_mounted_ride_past_all_but_mounted(tmp_path: Path) -> None:
    st = corridor(tmp_path, [(0, "LC", "a5", None), (1, "HI", "e6", None)])
    act(st, "activate a5")
    assert "to i5" in texts(st)
    st = corridor(tmp_path, [(0, "LC", "a5", None), (1, "LC", "e6", None)])
    act(st, "activate a5")
    assert "to d5" in texts(st) and "to e5" not in texts(st)


@pytest.mark.rule("6.5")
def test_rule_6_5_engaged_units_cannot_move(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "CO", "d5", None)])
    act(st, "activate d4")
    assert texts(st) == ["to d4"]
    st = position(tmp_path, [(0, "LC", "d4", None), (1, "CO", "d5", None)])
    act(st, "activate d4")
    assert "to a1" in texts(st)
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "AR", "d5", None)])
    act(st, "activate d4")
    assert "to a1" in texts(st)  # Ranged enemies hold nobody


# ----- 7 tactical actions -------------------------------------------------------------------------------------


@pytest.mark.rule("7.1")
def test_rule_7_1_one_action_per_activation_and_no_pass_while_one_is_open(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "CO", "d5", None)], stage="combat")
    act(st, "activate d4")
    assert texts(st) == ["attack d5", "breakaway"]
    with pytest.raises(IllegalActionError):
        act(st, "pass")
    act(st, "breakaway")
    st.apply_chance(Roll((1, 1)))
    st.apply_chance(Roll((6, 6)))  # held: the action is spent
    assert st.phase == Phase.COMBAT and st.actors == (1,)
    st = position(tmp_path, [(0, "LI", "a1", None), (1, "CO", "j10", None)], stage="combat")
    act(st, "activate a1")
    assert texts(st) == ["pass"], "a unit with nothing to do passes"


@pytest.mark.rule("7.1")
def test_rule_7_1_option_a_unit_may_always_pass(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "CO", "d5", None)], stage="combat", combat_pass="always")
    act(st, "activate d4")
    assert texts(st) == ["pass", "attack d5", "breakaway"]
    act(st, "pass")
    assert st.phase == Phase.COMBAT and st.actors == (1,)


@pytest.mark.rule("7.2")
def test_rule_7_2_foot_break_away(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "CO", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "breakaway")
    assert st.phase == Phase.ATTACK_ROLL
    st.apply_chance(Roll((4, 5)))
    st.apply_chance(Roll((2, 6)))
    assert st.phase == Phase.BREAK_MOVE and "to d1" in texts(st)
    act(st, "to d1")
    assert st.unit_at(cell("d1")) is not None
    st = position(tmp_path, [(0, "LI/S", "d4", None), (1, "CO", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "breakaway")
    st.apply_chance(Roll((3, 4)))  # 7 + 1 Sergeant = 8
    st.apply_chance(Roll((4, 4)))  # 8: a tie holds the unit
    assert st.phase == Phase.COMBAT and st.unit_at(cell("d4")) is not None and st.actors == (1,)


@pytest.mark.rule("7.3")
def test_rule_7_3_mounted_break_away(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LC", "d4", None), (1, "CO", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "breakaway")
    assert st.phase == Phase.BREAK_MOVE
    st = position(tmp_path, [(0, "LC", "d4", None), (1, "HC", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "breakaway")
    assert st.phase == Phase.ATTACK_ROLL


@pytest.mark.rule("7.4")
def test_rule_7_4_ranged_units_never_break_away(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "d4", None), (1, "CO", "d5", None)], stage="combat")
    act(st, "activate d4")
    assert "breakaway" not in texts(st)
    st = position(tmp_path, [(0, "CO", "d4", None), (1, "AR", "d5", None)], stage="combat")
    act(st, "activate d4")
    assert "breakaway" not in texts(st)


@pytest.mark.rule("7.5")
def test_rule_7_5_charge_to_the_nearest_square(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "a5", None), (1, "CO", "e5", None)], stage="combat")
    act(st, "activate a5")
    assert "charge e5" in texts(st)
    act(st, "charge e5")
    assert st.unit_at(cell("d4")) is not None and st.phase == Phase.ATTACK_ROLL
    st = position(tmp_path, [(0, "LI", "a1", None), (1, "CO", "e5", None)], stage="combat")
    act(st, "activate a1")
    act(st, "charge e5")
    assert st.unit_at(cell("d4")) is not None
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "CO", "d5", None), (1, "CO", "f6", None)], stage="combat")
    act(st, "activate d4")
    assert not any(t.startswith("charge") for t in texts(st))  # starts next to an enemy
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat")
    act(st, "activate a1")
    assert texts(st) == ["pass"]  # too far to charge


@pytest.mark.rule("7.6")
def test_rule_7_6_regroup_with_a_unit_of_the_same_type(tmp_path: Path) -> None:
    units = [(0, "CO", "b2", 6), (0, "LI", "b3", 2), (0, "AR", "c2", 1), (1, "CO", "j10", None)]
    st = position(tmp_path, units, stage="combat")
    act(st, "activate b2")
    assert "regroup b3" in texts(st), "Conscripts and Light Infantry are both Foot"
    assert "regroup c2" not in texts(st), "Archers are Ranged"
    events = act(st, "regroup b3")
    assert (points_at(st, "b2"), points_at(st, "b3")) == (6, 3), "never above the unit's own die"
    assert "Conscripts and Light Infantry regroup" in events[0].text


@pytest.mark.rule("7.6")
def test_rule_7_6_option_regroup_with_the_same_kind(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "b2", 5), (0, "CO", "c2", 3), (0, "LI", "b3", 2), (1, "CO", "j10", None)],
                  stage="combat", regroup="kind", combat_pass="always")
    act(st, "activate b2")
    assert "regroup c2" in texts(st) and "regroup b3" not in texts(st)
    act(st, "regroup c2")
    assert (points_at(st, "b2"), points_at(st, "c2")) == (6, 4)
    assert texts(st, 1) == ["activate j10"]
    act(st, "activate j10")
    act(st, "pass")
    assert texts(st) == ["activate b3"]  # the partner has been activated
    st = position(tmp_path, [(0, "CO", "b2", 5), (0, "CO", "c2", 3), (1, "CO", "d3", None)], stage="combat")
    act(st, "activate b2")
    assert "regroup c2" not in texts(st)  # c2 is next to an enemy


# ----- 8 attacks ----------------------------------------------------------------------------------------


@pytest.mark.rule("8.1")
def test_rule_8_1_range_and_targets(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "CO", "f6", None), (1, "CO", "g6", None), (1, "CO", "a6", None)],
                  stage="combat")
    act(st, "activate a1")
    assert [t for t in texts(st) if t.startswith("attack")] == ["attack a6", "attack f6"]
    st = position(tmp_path, [(0, "AR/L", "a1", None), (1, "CO", "a4", None), (1, "CO", "b4", None)], stage="combat")
    act(st, "activate a1")
    assert "attack a4 b4" in texts(st)


@pytest.mark.rule("8.2")
def test_rule_8_2_attack_against_defence_ties_to_defender(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "HI", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "attack d5")
    st.apply_chance(Roll((4, 4)))
    assert st.phase == Phase.DEFENCE_ROLL
    st.apply_chance(Roll((3, 4)))  # 7 + 1 defence = 8: a tie
    assert points_at(st, "d5") == 10 and st.phase == Phase.COMBAT
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "HI", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "attack d5")
    st.apply_chance(Roll((4, 5)))
    st.apply_chance(Roll((3, 4)))
    assert st.phase == Phase.DAMAGE_ROLL
    st.apply_chance(Roll((5,)))
    assert points_at(st, "d5") == 5


@pytest.mark.rule("8.3")
def test_rule_8_3_ranged_hit_automatically(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "HI", "a5", None)], stage="combat")
    act(st, "activate a1")
    act(st, "attack a5")
    assert st.phase == Phase.DAMAGE_ROLL
    st.apply_chance(Roll((3,)))
    assert points_at(st, "a5") == 7
    st = position(tmp_path, [(0, "CO", "d4", None), (1, "AR", "d5", None)], stage="combat")
    act(st, "activate d4")
    act(st, "attack d5")
    assert st.phase == Phase.DAMAGE_ROLL


@pytest.mark.rule("8.4")
def test_rule_8_4_damage_is_shared_between_targets(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR/L", "a1", None), (1, "CO", "a4", None), (1, "CO", "b4", None)], stage="combat")
    act(st, "activate a1")
    act(st, "attack a4 b4")
    st.apply_chance(Roll((3,)))
    assert (points_at(st, "a4"), points_at(st, "b4")) == (4, 5)
    st = position(tmp_path, [(0, "AR/C", "a1", None), (1, "CO", "a4", None)], stage="combat")
    act(st, "activate a1")
    act(st, "attack a4")
    st.apply_chance(Roll((3,)))
    assert points_at(st, "a4") == 2  # Captain: +1 damage for Ranged units


@pytest.mark.rule("8.5")
@pytest.mark.rule("9.1")
def test_rule_8_5_and_9_1_removal_and_elimination(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "CO", "a4", 2), (1, "CO", "j10", None)], stage="combat")
    act(st, "activate a1")
    act(st, "attack a4")
    st.apply_chance(Roll((4,)))
    assert st.unit_at(cell("a4")) is None and st.lost[1] == 6 and not st.is_terminal
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "CO", "a4", 3)], stage="combat")
    act(st, "activate a1")
    act(st, "attack a4")
    st.apply_chance(Roll((3,)))  # exactly its points: removed, the game is won
    assert st.phase == Phase.OVER and st.returns() == (1.0, -1.0)


@pytest.mark.rule("8.6")
def test_rule_8_6_ranged_uses_run_out(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "HC", "a5", None)], stage="combat", combat_pass="always")
    uid = st.at[cell("a1")]
    st.units[uid] = st.units[uid]._replace(uses=1)
    act(st, "activate a1")
    act(st, "attack a5")
    assert st.units[uid].uses == 0
    st.apply_chance(Roll((1,)))
    act(st, "activate a5", 1)
    act(st, "pass", 1)
    st.phase, st.done = Phase.COMBAT, set()
    st.player = 0
    act(st, "activate a1")
    assert texts(st) == ["pass"]


@pytest.mark.rule("8.7")
def test_rule_8_7_blocked_shots(tmp_path: Path) -> None:
    rows = list(OPEN)
    rows[7] = "..B......."  # c3 stands between a1 and e5
    units = [(0, "AR", "a1", None), (1, "HI", "e5", None), (1, "CO", "f4", 3), (1, "CO", "d6", None)]
    st = position(tmp_path, units, rows, stage="combat")
    act(st, "activate a1")
    act(st, "attack e5")
    st.apply_chance(Roll((4,)))
    assert (points_at(st, "e5"), points_at(st, "f4"), points_at(st, "d6")) == (9, None, 6)
    st = position(tmp_path, units, rows, stage="combat", blocked_overflow=False)
    act(st, "activate a1")
    act(st, "attack e5")
    st.apply_chance(Roll((4,)))
    assert (points_at(st, "e5"), points_at(st, "f4"), points_at(st, "d6")) == (9, 3, 6)


# ----- 9 winning ------------------------------------------------------------------------------------------


@pytest.mark.rule("9.2")
def test_rule_9_2_timed_game_scores_eliminated_points(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat", victory="timed",
                  timed_rounds=1)
    st.lost = [4, 10]
    act(st, "activate a1")
    act(st, "pass")
    act(st, "activate j10")
    act(st, "pass")
    assert st.is_terminal and st.returns() == (1.0, -1.0)
    assert game(mode="war", victory="timed").round_limit == 16


@pytest.mark.rule("9.3")
def test_rule_9_3_round_limit_is_a_draw(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat", round_limit=1)
    st.lost = [0, 10]
    act(st, "activate a1")
    act(st, "pass")
    act(st, "activate j10")
    act(st, "pass")
    assert st.is_terminal and st.returns() == (0.0, 0.0)


# ----- 10 notation -----------------------------------------------------------------------------------------


@pytest.mark.rule("10.1")
def test_rule_10_1_notation() -> None:
    game = dicefront.load("die_fighting", mode="war")
    for text in ("buy LI/S", "done", "map stream", "side south", "deploy HC/C t20", "activate b2", "to c4",
                 "attack e5 f6", "charge e5", "regroup c2", "breakaway", "pass"):
        assert str(game.parse_notation(text)) == text
    for bad in ("attack z99", "side east", "deploy LI", "fly b2", ""):
        with pytest.raises(NotationError):
            game.parse_notation(bad)
