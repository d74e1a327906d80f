"""Hell's Ditch: one test (or more) per numbered rule of RULES.md, sections 1-4."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.core import DataFileError, IllegalActionError, Roll
from dicefront.games.hells_ditch.actions import Move, PickCounter, Raze, Recruit, Submit
from dicefront.games.hells_ditch.rules import HellsDitchState

from .helpers import fight_at_hogjaw, kinds, new, put, write

GOOD_MAP = """
name = "Tiny"
roads = [["a", "v"], ["v", "b"]]
[[location]]
id = "a"
name = "A"
x = 0
y = 0
stronghold = 0
[[location]]
id = "b"
name = "B"
x = 2
y = 0
stronghold = 1
[[location]]
id = "v"
name = "V"
x = 1
y = 0
village = true
"""


# ----- 1. Components and set-up ---------------------------------------------------------------
@pytest.mark.rule("1.1")
def test_rule_1_1_map_has_villages_and_two_strongholds_in_opposite_corners() -> None:
    valley = new().valley
    a, b = (valley.locations[s] for s in valley.strongholds)
    xs = [loc.x for loc in valley.locations.values()]
    ys = [loc.y for loc in valley.locations.values()]
    assert (a.x, a.y) == (min(xs), min(ys)) and (b.x, b.y) == (max(xs), max(ys))
    assert sum(loc.village for loc in valley.locations.values()) >= 7
    assert not any(valley.is_village(s) for s in valley.strongholds)


@pytest.mark.rule("1.2")
def test_rule_1_2_default_map_is_the_same_for_both_sides() -> None:
    valley = new().valley
    xs = [loc.x for loc in valley.locations.values()]
    ys = [loc.y for loc in valley.locations.values()]
    at = {(loc.x, loc.y): loc for loc in valley.locations.values()}
    twin = {loc.id: at[(max(xs) + min(xs) - loc.x, max(ys) + min(ys) - loc.y)].id for loc in valley.locations.values()}
    for loc in valley.locations.values():
        other = valley.locations[twin[loc.id]]
        assert other.village == loc.village
        assert (other.stronghold is None) == (loc.stronghold is None)
    roads = {frozenset(r) for r in valley.roads()}
    assert roads == {frozenset((twin[a], twin[b])) for a, b in roads}


@pytest.mark.rule("1.2")
def test_rule_1_2_designer_map_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(GOOD_MAP)
    state = new(map=str(path))
    assert state.loc[0] == ["a", "a", "a"] and state.valley.neighbours["v"] == ("a", "b")


@pytest.mark.rule("1.2")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('["v", "b"]', '["v", "nowhere"]'), "unknown location 'nowhere'"),
        (('roads = [["a", "v"], ["v", "b"]]', 'roads = [["a", "v"]]'), "no path of roads between the two strongholds"),
        (("stronghold = 1\n", "stronghold = 1\nvillage = true\n"), "a stronghold cannot also be a village"),
        (("stronghold = 1\n", ""), "exactly one stronghold for seat 1"),
        (('["v", "b"]', '["v", "b"], ["b", "v"]'), "listed twice"),
    ],
)
def test_rule_1_2_bad_map_files_are_refused(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD_MAP.replace(*change))
    with pytest.raises(DataFileError) as err:
        dicefront.load("hells_ditch", map=str(path))
    assert message in str(err.value) and "bad.toml" in str(err.value)


@pytest.mark.rule("1.3")
def test_rule_1_3_three_warbands_of_5_hp_on_own_stronghold() -> None:
    state = new()
    for p in (0, 1):
        assert state.loc[p] == [state.valley.strongholds[p]] * 3
        assert state.hp[p] == [5, 5, 5]


@pytest.mark.rule("1.4")
def test_rule_1_4_three_counters_orders_and_strength() -> None:
    state = new()
    assert [str(a) for a in state.legal_actions(0)] == ["counter 1/3", "counter 2/2", "counter 3/1"]
    for counter, dice in ((1, 3), (2, 2), (3, 1)):
        st = fight_at_hogjaw(black=f"counter {counter}/{dice}")
        hits = {o.faces[0] for o, _ in st.chance_outcomes()}
        assert hits == set(range(dice + 1)), f"counter {counter}/{dice}"


@pytest.mark.rule("1.5")
def test_rule_1_5_no_loot_at_start() -> None:
    assert new().loot == [0, 0]


# ----- 2. Rounds, turns and plans ---------------------------------------------------------------
def _empty_turn(state: HellsDitchState, black: str, white: str) -> None:
    for p, counter in ((0, black), (1, white)):
        texts = ([counter] if counter else []) + ["done"]
        write(state, p, *texts)


@pytest.mark.rule("2.1")
def test_rule_2_1_each_counter_once_per_round_then_all_return() -> None:
    state = new()
    _empty_turn(state, "counter 2/2", "counter 3/1")
    assert state.turn == 2
    assert PickCounter(2) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="already used this round"):
        write(state, 0, "counter 2/2")
    _empty_turn(state, "counter 1/3", "counter 1/3")
    assert state.turn == 3 and state.counter == [3, 2]  # the last counters are laid for them
    _empty_turn(state, "", "")
    assert (state.round, state.turn) == (2, 1)
    assert len(state.legal_actions(0)) == 3


@pytest.mark.rule("2.2")
def test_rule_2_2_at_most_the_counter_s_orders_and_the_last_one_submits() -> None:
    state = new()
    write(state, 0, "counter 2/2", "w1 move hogjaw")
    assert not state.submitted[0]
    write(state, 0, "w1 move crows-ford")  # written from where W1 will be (Hogjaw)
    assert state.submitted[0] and state.actors == (1,)


@pytest.mark.rule("2.2")
def test_rule_2_2_fewer_orders_are_allowed_and_orders_follow_the_paper_position() -> None:
    state = new()
    write(state, 0, "counter 3/1", "w1 move hogjaw")
    assert Move(1, "crows-ford") in state.legal_actions(0)
    assert Move(1, "gorsemoor") not in state.legal_actions(0)  # no road from Hogjaw
    write(state, 0, "done")
    assert state.submitted[0] and state.orders[0] == (Move(1, "hogjaw"),)


@pytest.mark.rule("2.3")
def test_rule_2_3_several_orders_to_one_warband_count_separately() -> None:
    state = new()
    write(state, 0, "counter 3/1", "w2 move gorsemoor", "w2 move blackwater", "w2 raze blackwater")
    write(state, 1, "counter 1/3", "done")
    assert state.loc[0][1] == "blackwater" and "blackwater" in state.razed and state.loot[0] == 1


@pytest.mark.rule("2.4")
def test_rule_2_4_plans_are_secret_until_both_are_written() -> None:
    state = new()
    assert state.actors == (0, 1)
    write(state, 0, "counter 3/1", "w1 move hogjaw", "done")
    assert state.actors == (1,)
    seen_by_white, spectator = state.view(1), state.view(None)
    assert seen_by_white["plans"][0] == {"submitted": True}
    assert "hogjaw" not in str(seen_by_white["plans"]) and "3/1" not in str(seen_by_white["plans"])
    assert spectator["plans"][0] == {"submitted": True}
    assert seen_by_white["counters_left"][0] == ["1/3", "2/2", "3/1"]
    rng = random.Random(5)
    samples = {str(state.determinize(1, rng).orders[0]) for _ in range(30)}
    assert len(samples) > 1, "the hidden plan is re-sampled"
    write(state, 1, "counter 1/3", "done")
    assert state.loc[0][0] == "hogjaw"


def _three_orders_into_a_fight(**options: Any) -> tuple[HellsDitchState, list[Any]]:
    """Black writes three moves, the first into White's W1 in Hogjaw: a fight in step 1."""
    state = new(**options)
    put(state, 1, 1, "hogjaw")
    write(state, 0, "counter 3/1", "w1 move hogjaw", "w1 move crows-ford", "w1 move ditchbottom")
    events = write(state, 1, "counter 1/3", "done")
    assert state.phase == "roll" and state.step == 1
    return state, events


@pytest.mark.rule("2.4")
def test_rule_2_4_the_reveal_shows_counters_and_each_order_when_carried_out() -> None:
    state, events = _three_orders_into_a_fight()
    reveals = [e for e in events if e.kind == "reveal"]
    assert [e.data for e in reveals] == [{"player": 0, "counter": 3}, {"player": 1, "counter": 1}]
    assert "crows" not in str([e.text for e in events if e.audience is None])
    for viewer in (1, None):
        plan = state.view(viewer)["plans"][0]
        assert plan["counter"] == "3/1" and plan["orders"] == ["w1 move hogjaw"], "only the order carried out"
    assert len(state.view(0)["plans"][0]["orders"]) == 3, "a player sees his own plan"
    rng = random.Random(7)
    later = set()
    for _ in range(40):
        seen = state.determinize(1, rng)
        assert str(seen.orders[0][0]) == "w1 move hogjaw" and len(seen.orders[0]) <= 3
        assert seen.view(1) == state.view(1)
        later.add(tuple(map(str, seen.orders[0][1:])))
    assert len(later) > 2, "White re-samples Black's later orders (seed 7)"


@pytest.mark.rule("2.4")
def test_rule_2_4_option_the_reveal_shows_both_whole_plans() -> None:
    state, events = _three_orders_into_a_fight(reveal="plan")
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["orders"] == ["w1 move hogjaw", "w1 move crows-ford", "w1 move ditchbottom"]
    for viewer in (0, 1, None):
        plans = state.view(viewer)["plans"]
        assert len(plans[0]["orders"]) == 3 and plans[1]["counter"] == "1/3"
    rng = random.Random(7)
    assert all(state.determinize(1, rng).orders[0] == state.orders[0] for _ in range(10))


@pytest.mark.rule("2.5")
def test_rule_2_5_orders_go_in_lockstep_and_the_longer_list_goes_on_alone() -> None:
    state = new()
    write(state, 0, "counter 3/1", "w1 move hogjaw", "w1 move crows-ford", "w1 move ditchbottom")
    events = write(state, 1, "counter 1/3", "w1 move hrunt")
    moves = [(e.data["player"], e.data["to"]) for e in events if e.kind == "move"]
    assert moves == [(0, "hogjaw"), (1, "hrunt"), (0, "crows-ford"), (0, "ditchbottom")]
    assert state.turn == 2


# ----- 3. Orders ---------------------------------------------------------------------------------
@pytest.mark.rule("3.1")
def test_rule_3_1_move_follows_one_road() -> None:
    state = new()
    write(state, 0, "counter 1/3")
    with pytest.raises(IllegalActionError, match="no road"):
        write(state, 0, "w1 move crows-ford")
    write(state, 0, "w1 move gorsemoor")
    write(state, 1, "counter 1/3", "done")
    assert state.loc[0] == ["gorsemoor", "black-crag", "black-crag"]


@pytest.mark.rule("3.2")
def test_rule_3_2_only_strongholds_hold_two_of_your_warbands() -> None:
    state = new()
    write(state, 0, "counter 3/1", "w1 move hogjaw")
    assert Move(2, "hogjaw") not in state.legal_actions(0)
    assert Move(2, "black-crag") not in state.legal_actions(0)  # W2 is there already: no move to itself
    write(state, 0, "w1 move black-crag")  # back into the stronghold beside W2 and W3
    assert Move(2, "hogjaw") in state.legal_actions(0)


@pytest.mark.rule("3.2")
@pytest.mark.parametrize(("stacking", "allowed"), [("strongholds", True), ("own-stronghold", False)])
def test_rule_3_2_stacking_in_the_enemy_stronghold_is_an_option(stacking: str, allowed: bool) -> None:
    state = new(stacking=stacking)
    put(state, 1, 1, "mudwallow")
    put(state, 1, 2, "tarbarrow")
    put(state, 1, 3, "swinefold")
    put(state, 0, 1, "white-crag")
    put(state, 0, 2, "hrunt")
    write(state, 0, "counter 1/3")
    assert (Move(2, "white-crag") in state.legal_actions(0)) is allowed


@pytest.mark.rule("3.3")
def test_rule_3_3_raze_gives_one_loot_once_and_ends_the_warband_s_orders() -> None:
    state = new()
    put(state, 0, 1, "hogjaw")
    write(state, 0, "counter 3/1", "w1 raze hogjaw")
    assert not any(getattr(a, "warband", None) == 1 for a in state.legal_actions(0))
    write(state, 0, "done")
    write(state, 1, "counter 3/1", "done")
    assert state.loot == [1, 0] and state.razed == {"hogjaw"}
    write(state, 0, "counter 1/3")
    assert Raze(1, "hogjaw") not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="already been razed"):
        write(state, 0, "w1 raze hogjaw")


@pytest.mark.rule("3.4")
def test_rule_3_4_recruit_returns_an_eliminated_warband_with_5_hp_and_it_cannot_move() -> None:
    state = new()
    put(state, 0, 2, None)
    write(state, 0, "counter 2/2")
    assert Recruit(1) not in state.legal_actions(0)
    write(state, 0, "w2 recruit")
    assert not any(getattr(a, "warband", None) == 2 for a in state.legal_actions(0))
    write(state, 0, "done")
    write(state, 1, "counter 2/2", "done")
    assert state.loc[0][1] == "black-crag" and state.hp[0][1] == 5


@pytest.mark.rule("3.5")
def test_rule_3_5_an_order_of_an_eliminated_warband_is_skipped() -> None:
    state = new()
    put(state, 1, 1, "hogjaw", hp=1)
    put(state, 0, 1, "gorsemoor")
    write(state, 0, "counter 3/1", "w2 move hogjaw", "w1 move blackwater", "w3 move gorsemoor")
    write(state, 1, "counter 2/2", "w1 move black-crag", "w1 move gorsemoor")
    assert state.fight == (None, 2, 1)  # step 1: Black W2 and White W1 meet on the road
    events = state.apply_chance(Roll((1, 0)))  # White W1 (1 HP) is eliminated
    assert "eliminated" in kinds(events) and "skipped" in kinds(events)
    skipped = next(e for e in events if e.kind == "skipped")
    assert skipped.data["player"] == 1 and "has been eliminated" in skipped.text
    assert state.loc[0] == ["blackwater", "black-crag", "gorsemoor"] and state.turn == 2


@pytest.mark.rule("3.5")
def test_rule_3_5_an_order_from_a_place_the_warband_left_is_skipped() -> None:
    state = new()
    put(state, 1, 1, "hogjaw")
    write(state, 0, "counter 2/2", "w1 move hogjaw", "w1 move scab-hollow")
    write(state, 1, "counter 2/2", "done")
    state.apply_chance(Roll((0, 0)))
    write(state, 1, "fight-on")
    events = write(state, 0, "back-out black-crag")
    skipped = [e for e in events if e.kind == "skipped"]
    assert skipped and "Black Crag, which has no road to Scab Hollow" in skipped[0].text
    assert state.loc[0][0] == "black-crag" and state.loc[1][0] == "hogjaw"


# ----- 4. Simultaneity ------------------------------------------------------------------------------
@pytest.mark.rule("4.1")
def test_rule_4_1_leaving_while_the_enemy_enters_is_no_fight() -> None:
    state = new()
    put(state, 1, 1, "hogjaw")
    write(state, 0, "counter 1/3", "w1 move hogjaw")
    events = write(state, 1, "counter 1/3", "w1 move crows-ford")
    assert "fight" not in kinds(events)
    assert state.loc[0][0] == "hogjaw" and state.loc[1][0] == "crows-ford"


@pytest.mark.rule("4.1")
def test_rule_4_1_raze_and_enemy_arrival_in_the_same_step_both_happen() -> None:
    state = new()
    put(state, 1, 1, "hogjaw")
    write(state, 0, "counter 1/3", "w1 move hogjaw")
    events = write(state, 1, "counter 1/3", "w1 raze hogjaw")
    assert kinds(events)[-2:] == ["raze", "fight"]
    assert state.loot == [0, 1] and state.is_chance


@pytest.mark.rule("4.2")
def test_rule_4_2_swapping_along_a_road_clashes_on_the_road() -> None:
    state = new()
    put(state, 0, 1, "hogjaw")
    put(state, 1, 1, "crows-ford")
    write(state, 0, "counter 1/3", "w1 move crows-ford")
    events = write(state, 1, "counter 1/3", "w1 move hogjaw")
    assert "clash" in kinds(events) and state.fight == (None, 1, 1)
    assert state.loc[0][0] == "hogjaw" and state.loc[1][0] == "crows-ford"
    assert state.legal_actions(0) == []
    state.apply_chance(Roll((0, 0)))
    assert [str(a) for a in state.legal_actions(0)] == ["fight-on", "back-out hogjaw"]
    write(state, 0, "back-out hogjaw")
    write(state, 1, "fight-on")
    assert state.fight is None and state.loc[0][0] == "hogjaw" and state.loc[1][0] == "crows-ford"


@pytest.mark.rule("4.2")
def test_rule_4_2_pass_option_lets_them_slip_past() -> None:
    state = new(road_meeting="pass")
    put(state, 0, 1, "hogjaw")
    put(state, 1, 1, "crows-ford")
    write(state, 0, "counter 1/3", "w1 move crows-ford")
    events = write(state, 1, "counter 1/3", "w1 move hogjaw")
    assert "fight" not in kinds(events)
    assert state.loc[0][0] == "crows-ford" and state.loc[1][0] == "hogjaw"


@pytest.mark.rule("4.3")
def test_rule_4_3_two_fights_in_one_step_go_in_map_order() -> None:
    state = new()
    put(state, 1, 1, "hogjaw")
    put(state, 1, 2, "tarbarrow")
    put(state, 0, 2, "scab-hollow")
    write(state, 0, "counter 1/3", "w1 move hogjaw")
    write(state, 1, "counter 1/3", "w2 move scab-hollow")
    order = state.valley.order
    assert order["hogjaw"] < order["scab-hollow"]
    assert state.fight == ("hogjaw", 1, 1) and state.queue == (("scab-hollow", 2, 2),)
    state.apply_chance(Roll((3, 0)))  # White W1 loses 3 HP
    write(state, 0, "fight-on")
    write(state, 1, "back-out crows-ford")
    assert state.fight == ("scab-hollow", 2, 2) and state.is_chance


def test_notation_of_every_action_kind_round_trips() -> None:
    game = new().game
    for action in (PickCounter(2), Move(1, "hogjaw"), Raze(3, "hrunt"), Recruit(2), Submit()):
        assert game.parse_notation(str(action)) == action
