"""Army Man Backgammon: rules 10 (Mine Detector optional rules) and 11 (variants)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import dicefront
from dicefront.core import DataFileError, IllegalActionError, OptionError, Roll
from dicefront.games.army_backgammon.rules import ArmyState
from dicefront.games.army_backgammon.tactics import plan

from .helpers import act, kinds, legal, position, roll
from .helpers import game as army_backgammon

FAR = {"T9": (24, "pistol", "prone"), "G9": (1, "pistol", "prone")}


def _mined() -> ArmyState:
    st = dicefront.load("army_backgammon", mines=True, sergeant="army").new_state()
    assert isinstance(st, ArmyState)
    st.apply_chance(Roll((5, 2)))  # Green goes first, so Tan hides his minefields first
    return st


@pytest.mark.rule("10.1")
def test_rule_10_1_minefields_go_on_your_own_side_on_different_rows() -> None:
    st = _mined()
    assert st.actors == (1,) and legal(st) == [f"mine {r}" for r in range(13, 25)]
    for row in (14, 15, 16):
        act(st, f"mine {row}")
    assert st.actors == (0,) and "mine 13" not in legal(st)
    with pytest.raises(IllegalActionError, match="row 13 is not a free row"):
        act(st, "mine 13")
    act(st, "mine 8")
    assert "mine 8" not in legal(st)


@pytest.mark.rule("10.2")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rule_10_2_minefields_are_hidden_and_resampled_consistently(seed: int) -> None:
    st = _mined()
    for text in ("mine 14", "mine 15", "mine 16", "mine 8", "mine 9", "mine 10"):
        act(st, text)
    assert st.view(0)["mines"][0] == [[8, False], [9, False], [10, False]]
    assert st.view(1)["mines"][0] == [] and st.view(None)["mines"] == [[], []]
    assert st.view(1)["hidden_mines"] == [3, 3]
    st.probed[1] = {1, 2, 3, 4, 5, 6}
    rng = random.Random(seed)
    for _ in range(20):
        det = st.determinize(1, rng)
        rows = set(det.mines[0])
        assert len(rows) == 3 and rows <= set(range(7, 13)), f"seed {seed}: {rows}"
        assert det.view(1) == st.view(1) and det.mines[1] == st.mines[1]


@pytest.mark.rule("10.3")
def test_rule_10_3_an_enemy_landing_on_a_minefield_must_save() -> None:
    for face, survives in ((1, True), (2, False)):
        st = position({"T1": (12, "pistol", "running"), "T2": (24, "pistol", "prone"), **FAR}, player=1, mines=True)
        st.mines[0][8] = False
        roll(st, 4, 6)
        act(st, "orders charge") if st.phase == "orders" else None
        events = act(st, "move T1 4")
        assert "mine" in kinds(events) and st.is_chance and st.mines[0][8] is True
        st.apply_chance(Roll((face,)))
        assert ("T1" in st.men) is survives, f"face {face}"
        assert st.view(None)["mines"][0] == [[8, True]]


@pytest.mark.rule("10.3")
def test_rule_10_3_own_minefields_do_not_harm_own_men() -> None:
    st = position({"G1": (4, "pistol", "running"), **FAR}, mines=True)
    st.mines[0][8] = False
    roll(st, 4, 6)
    act(st, "orders charge") if st.phase == "orders" else None
    act(st, "move G1 4")
    assert not st.is_chance and st.men["G1"].row == 8


@pytest.mark.rule("10.4")
def test_rule_10_4_a_mine_detector_destroys_the_field() -> None:
    st = position({"T1": (12, "pistol", "running", "det"), "T2": (24, "pistol", "prone"), **FAR}, player=1, mines=True)
    st.mines[0][8] = False
    roll(st, 4, 6)
    act(st, "orders charge") if st.phase == "orders" else None
    events = act(st, "move T1 4")
    assert "mine-cleared" in kinds(events) and not st.is_chance
    assert 8 not in st.mines[0] and st.cleared[0] == [8] and st.men["T1"].row == 8


@pytest.mark.rule("10.4")
def test_rule_10_4_passing_over_a_field_does_nothing_by_default() -> None:
    st = position({"T1": (12, "pistol", "running", "det"), "T2": (24, "pistol", "prone"), **FAR}, player=1, mines=True)
    st.mines[0][10] = False
    roll(st, 4, 6)
    act(st, "orders charge") if st.phase == "orders" else None
    events = act(st, "move T1 4")
    assert "mine-cleared" not in kinds(events) and st.mines[0] == {10: False} and st.men["T1"].row == 8


@pytest.mark.rule("10.4")
def test_rule_10_4_option_a_detector_sweeps_the_rows_he_passes() -> None:
    st = position({"T1": (12, "pistol", "running", "det"), "T2": (24, "pistol", "prone"), **FAR}, player=1,
                  mines=True, detector_sweep="pass")
    st.mines[0][10] = False
    roll(st, 4, 6)
    act(st, "orders charge") if st.phase == "orders" else None
    events = act(st, "move T1 4")
    assert kinds(events)[0] == "mine-cleared" and "in passing" in events[0].text
    assert st.mines[0] == {} and st.cleared[0] == [10] and st.men["T1"].row == 8
    assert st.probed[1] >= {9, 11}, "the rows passed are known to be clear"
    st2 = position({"T1": (12, "pistol", "running"), "T2": (24, "pistol", "prone"), **FAR}, player=1,
                   mines=True, detector_sweep="pass")
    st2.mines[0][10] = False
    roll(st2, 4, 6)
    act(st2, "orders charge") if st2.phase == "orders" else None
    assert "mine-cleared" not in kinds(act(st2, "move T1 4")), "only a detector sweeps"


@pytest.mark.rule("11.1")
def test_rule_11_1_more_or_fewer_men() -> None:
    assert len(dicefront.load("army_backgammon", army="small").new_state().men) == 20
    assert len(dicefront.load("army_backgammon", army="large").new_state().men) == 40


@pytest.mark.rule("11.1")
def test_rule_11_1_a_bad_army_file_is_rejected_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "crowd.toml"
    men = ",\n".join('{ row = 2, weapons = ["rifle"], stance = "prone" }' for _ in range(6))
    bad.write_text(f'name = "crowd"\nmen = [\n{men},\n{{ row = 1, weapons = ["rifle"], stance = "prone", sergeant = true }}\n]\n')
    with pytest.raises(DataFileError, match=r"crowd\.toml: row 2 holds 6 men"):
        dicefront.load("army_backgammon", army=str(bad))
    bad.write_text('name = "x"\nmen = [{ row = 1, weapons = ["spoon"], stance = "prone", sergeant = true }]\n')
    with pytest.raises(DataFileError, match="unknown weapon 'spoon'"):
        dicefront.load("army_backgammon", army=str(bad))


@pytest.mark.rule("11.2")
def test_rule_11_2_more_dice() -> None:
    game = army_backgammon(dice=3)
    outs = game.turn_outcomes
    assert len(outs) == 56 and sum(p for _, p in outs) == 1
    assert plan("standard", 3) == ("M", "M", "A") and plan("fire", 3) == ("A", "A", "M")
    assert plan("charge", 3) == ("M", "M", "M")
    st = position({"G1": (2, "rifle", "kneeling"), "G2": (3, "rifle", "kneeling"), "G3": (1, "pistol", "running"),
                   "T1": (6, "pistol", "prone"), "T2": (11, "pistol", "prone"), **FAR}, dice=3)
    roll(st, 4, 4, 4)
    act(st, "orders standard")
    assert st.slots == ("M", "M", "A")


@pytest.mark.rule("11.3")
def test_rule_11_3_a_man_with_two_weapons_fires_at_either_range_once() -> None:
    st = position({"G1": (10, "rifle/pistol", "prone"), "T1": (11, "pistol", "prone"), "T2": (14, "pistol", "prone"), **FAR},
                  dice_rule="within-orders")
    roll(st, 1, 4)
    act(st, "orders dig-in")
    assert set(legal(st)) == {"attack G1 T1", "attack G1 T2"}
    act(st, "attack G1 T2")
    st.apply_chance(Roll((1,)))
    assert st.phase == "stance"  # he has fired; nobody else can use the 1


def test_options_are_checked() -> None:
    with pytest.raises(OptionError):
        dicefront.load("army_backgammon", dice=7)
    with pytest.raises(OptionError, match="weapons_per_man"):
        dicefront.load("army_backgammon", weapons_per_man=2)
    with pytest.raises(DataFileError, match="no shipped data file 'nope'"):
        dicefront.load("army_backgammon", army="nope")
