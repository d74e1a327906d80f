"""Hell's Ditch: rules 5 (fights), 6 (winning) and 7 (information)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dicefront.core import IllegalActionError, Roll
from dicefront.games.hells_ditch.actions import BackOut, FightOn

from .helpers import fight_at_hogjaw, kinds, new, put, write


# ----- 5. Fights -------------------------------------------------------------------------------
@pytest.mark.rule("5.1")
def test_rule_5_1_sharing_a_location_starts_a_fight() -> None:
    state = fight_at_hogjaw()
    assert state.is_chance and state.actors == () and state.fight == ("hogjaw", 1, 1)


@pytest.mark.rule("5.2")
def test_rule_5_2_dice_by_strength_hits_on_5_or_6_take_hp() -> None:
    state = fight_at_hogjaw(black="counter 2/2", white="counter 3/1")
    outcomes = dict(state.chance_outcomes())
    assert outcomes[Roll((2, 1))] == Fraction(1, 9) * Fraction(1, 3)  # both Black dice hit, the White die hits
    assert outcomes[Roll((0, 0))] == Fraction(4, 9) * Fraction(2, 3)
    assert sum(outcomes.values()) == 1
    events = state.apply_chance(Roll((2, 1)))
    assert state.hp[0][0] == 4 and state.hp[1][0] == 3
    assert "[hit hit]" in events[0].text and "[hit]" in events[0].text


@pytest.mark.rule("5.3")
def test_rule_5_3_elimination_gives_the_other_player_one_loot() -> None:
    state = fight_at_hogjaw()
    state.hp[1][0] = 2
    events = state.apply_chance(Roll((3, 0)))
    assert "eliminated" in kinds(events)
    assert state.loc[1][0] is None and state.loot == [1, 0] and state.fight is None


@pytest.mark.rule("5.3")
def test_rule_5_3_both_eliminated_in_one_roll_both_gain_loot() -> None:
    state = fight_at_hogjaw()
    state.hp[0][0] = state.hp[1][0] = 1
    state.apply_chance(Roll((1, 1)))
    assert state.loc[0][0] is None and state.loc[1][0] is None and state.loot == [1, 1]


@pytest.mark.rule("5.4")
def test_rule_5_4_back_out_after_a_roll_to_a_free_neighbour() -> None:
    state = fight_at_hogjaw()
    assert state.legal_actions(0) == []  # never before the first roll
    state.apply_chance(Roll((1, 1)))
    assert state.actors == (0, 1)
    # Black may go home (its own stronghold) but White may not go there
    assert BackOut("black-crag") in state.legal_actions(0)
    assert [str(a) for a in state.legal_actions(1)] == ["fight-on", "back-out crows-ford", "back-out scab-hollow"]
    write(state, 1, "back-out scab-hollow")
    assert state.actors == (0,)
    events = write(state, 0, "fight-on")
    assert "back-out" in kinds(events) and state.loc[1][0] == "scab-hollow" and state.loot == [0, 0]


@pytest.mark.rule("5.4")
def test_rule_5_4_the_choice_is_secret_until_both_have_chosen() -> None:
    state = fight_at_hogjaw()
    state.apply_chance(Roll((0, 0)))
    write(state, 1, "back-out crows-ford")
    fight = state.view(0)["fight"]
    assert fight["decided"] == [False, True] and "your_choice" not in fight
    assert state.view(1)["fight"]["your_choice"] == "back-out crows-ford"
    rng = random.Random(11)
    seen = {str(state.determinize(0, rng).choice[1]) for _ in range(40)}
    assert seen == {"fight-on", "back-out crows-ford", "back-out scab-hollow"}


@pytest.mark.rule("5.4")
def test_rule_5_4_no_free_neighbour_means_no_choice() -> None:
    state = new()
    put(state, 1, 1, "hogjaw")
    put(state, 1, 2, "crows-ford")
    put(state, 1, 3, "scab-hollow")
    write(state, 0, "counter 1/3", "w1 move hogjaw")
    write(state, 1, "counter 1/3", "done")
    state.apply_chance(Roll((1, 1)))
    assert state.actors == (0,)  # White's W1 is boxed in: Black Crag is Black's, the rest are White's own
    with pytest.raises(IllegalActionError):
        write(state, 1, "fight-on")


@pytest.mark.rule("5.4")
def test_rule_5_4_both_backing_out_to_the_same_place_collide_and_fight_on() -> None:
    state = fight_at_hogjaw()
    state.apply_chance(Roll((0, 0)))
    write(state, 0, "back-out crows-ford")
    events = write(state, 1, "back-out crows-ford")
    assert "collide" in kinds(events)
    assert state.loc[0][0] == state.loc[1][0] == "hogjaw" and state.is_chance


@pytest.mark.rule("5.5")
def test_rule_5_5_the_winner_holds_the_location() -> None:
    state = fight_at_hogjaw()
    state.apply_chance(Roll((1, 0)))
    write(state, 0, "fight-on")
    events = write(state, 1, "back-out crows-ford")
    over = next(e for e in events if e.kind == "fight-over")
    assert "Black holds Hogjaw" in over.text and state.loc[0][0] == "hogjaw"


@pytest.mark.rule("5.6")
def test_rule_5_6_defenders_fight_one_at_a_time_strongest_first() -> None:
    state = new()
    state.hp[0] = [2, 4, 4]
    put(state, 1, 1, "hogjaw")
    write(state, 0, "counter 1/3", "done")
    write(state, 1, "counter 3/1", "w1 move black-crag", "done")
    assert state.fight == ("black-crag", 2, 1)  # W2 and W3 tie on 4 HP: the lower number first
    state.hp[0][1] = 1
    state.apply_chance(Roll((0, 1)))  # W2 falls, W3 steps up
    assert state.loc[0][1] is None and state.loot == [0, 1] and state.fight == ("black-crag", 3, 1)
    write(state, 1, "fight-on")
    write(state, 0, "back-out gorsemoor")  # W3 leaves, W1 (2 HP) takes its place
    assert state.loc[0][2] == "gorsemoor" and state.fight == ("black-crag", 1, 1)
    assert Roll((0, 0)) in dict(state.chance_outcomes())  # a new pair: an ordinary roll (5.7)


@pytest.mark.rule("5.7")
def test_rule_5_7_after_the_first_roll_empty_rolls_are_skipped() -> None:
    state = fight_at_hogjaw(black="counter 3/1", white="counter 3/1")
    assert Roll((0, 0)) in dict(state.chance_outcomes())
    state.apply_chance(Roll((0, 0)))
    write(state, 0, "fight-on")
    write(state, 1, "fight-on")
    outcomes = dict(state.chance_outcomes())
    assert Roll((0, 0)) not in outcomes
    assert outcomes[Roll((1, 1))] == Fraction(1, 5)  # (1/9) / (1 - 4/9)
    with pytest.raises(IllegalActionError):
        state.apply_chance(Roll((0, 0)))


@pytest.mark.rule("5.8")
def test_rule_5_8_a_recruit_fights_an_enemy_in_its_stronghold() -> None:
    state = new()
    put(state, 0, 1, None)
    put(state, 0, 2, "gorsemoor")
    put(state, 0, 3, "hogjaw")
    put(state, 1, 1, "black-crag")
    write(state, 0, "counter 1/3", "w1 recruit")
    write(state, 1, "counter 1/3", "done")
    assert state.fight == ("black-crag", 1, 1) and state.hp[0][0] == 5


# ----- 6. Winning ---------------------------------------------------------------------------------
@pytest.mark.rule("6.1")
def test_rule_6_1_seven_loot_wins_at_the_end_of_the_step() -> None:
    state = new()
    state.loot = [6, 6]
    put(state, 0, 1, "hogjaw")
    write(state, 0, "counter 2/2", "w1 raze hogjaw", "done")
    events = write(state, 1, "counter 2/2", "done")
    assert state.is_terminal and state.returns() == (1.0, -1.0)
    assert "game-over" in kinds(events)


@pytest.mark.rule("6.1")
def test_rule_6_1_a_fight_of_the_same_step_still_counts() -> None:
    state = new()
    state.loot = [6, 6]
    put(state, 0, 1, "hogjaw")
    put(state, 1, 1, "gorsemoor")
    put(state, 0, 2, "blackwater", hp=1)
    write(state, 0, "counter 2/2", "w1 raze hogjaw", "done")
    write(state, 1, "counter 2/2", "w1 move blackwater", "done")
    assert state.loot == [7, 6] and not state.is_terminal  # Black has 7, but the fight is in the same step
    events = state.apply_chance(Roll((0, 1)))  # Black's W2 falls: White reaches 7 in the same step
    assert state.loot == [7, 7] and state.is_terminal and state.returns() == (0.0, 0.0)
    assert "game-over" in kinds(events)


@pytest.mark.rule("6.2")
@pytest.mark.parametrize(("rule", "terminal"), [("draw", True), ("play-on", False)])
def test_rule_6_2_both_reach_the_target_with_equal_loot(rule: str, terminal: bool) -> None:
    state = new(shared_victory=rule)
    state.loot = [6, 6]
    put(state, 0, 1, "hogjaw")
    put(state, 1, 1, "hrunt")
    write(state, 0, "counter 1/3", "w1 raze hogjaw")
    write(state, 1, "counter 1/3", "w1 raze hrunt")
    assert state.loot == [7, 7] and state.is_terminal is terminal
    if terminal:
        assert state.returns() == (0.0, 0.0)


@pytest.mark.rule("6.2")
def test_rule_6_2_both_reach_the_target_more_loot_wins() -> None:
    state = new()
    state.loot = [6, 5]
    put(state, 0, 1, "hogjaw")
    put(state, 0, 2, "gorsemoor")
    put(state, 1, 1, "hrunt")
    write(state, 0, "counter 2/2", "w1 raze hogjaw", "w2 raze gorsemoor")
    write(state, 1, "counter 2/2", "w1 raze hrunt", "done")
    assert state.is_terminal and state.winner == 0


@pytest.mark.rule("6.3")
def test_rule_6_3_round_limit_is_a_draw() -> None:
    state = new(round_limit=1)
    for _ in range(3):
        for p in (0, 1):
            if state.counter[p] is None:
                write(state, p, "counter " + str(state.legal_actions(p)[0]).split()[1])
            write(state, p, "done")
    assert state.is_terminal and state.returns() == (0.0, 0.0) and state.round == 1


@pytest.mark.rule("6.3")
def test_rule_6_3_random_games_end_within_the_bound() -> None:
    for seed in range(5):
        rng = random.Random(seed)
        state = new(target_loot=30, round_limit=4)
        steps = 0
        while not state.is_terminal:
            if state.is_chance:
                outs = state.chance_outcomes()
                state.apply_chance(outs[rng.randrange(len(outs))][0])
            else:
                p = state.actors[0]
                acts = state.legal_actions(p)
                state.apply(acts[rng.randrange(len(acts))], p)
            steps += 1
        assert steps <= state.game.length_bound(), f"seed {seed}"


# ----- 7. Information -------------------------------------------------------------------------------
@pytest.mark.rule("7.1")
def test_rule_7_1_hp_loot_and_razed_villages_are_public() -> None:
    state = fight_at_hogjaw()
    state.razed.add("hrunt")
    state.loot = [2, 3]
    state.apply_chance(Roll((2, 1)))
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert view["loot"] == [2, 3] and view["razed"] == ["hrunt"]
        assert view["warbands"][0][0] == {"band": 1, "at": "hogjaw", "hp": 4}
        assert view["warbands"][1][0] == {"band": 1, "at": "hogjaw", "hp": 3}


@pytest.mark.rule("7.2")
def test_rule_7_2_determinize_keeps_what_the_player_knows() -> None:
    state = new()
    write(state, 1, "counter 2/2", "w1 move hrunt")
    rng = random.Random(3)
    for _ in range(20):
        det = state.determinize(0, rng)
        assert det.view(0) == state.view(0) and det.actors == state.actors
        mine = state.determinize(1, rng)
        assert mine.orders[1] == state.orders[1] and mine.counter[1] == 2
    assert FightOn() not in state.legal_actions(0)
