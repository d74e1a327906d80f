"""One test (or more) per numbered rule of trench_checkers/RULES.md (rules 1-9)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dicefront.core import DataFileError, IllegalActionError
from dicefront.games.trench_checkers.constants import ATTACK, FIRST, MOVE, OVER, ROLL, ROLLOFF, TERRAIN
from dicefront.games.trench_checkers.flow import next_stage
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import act, attacking, c, empty, game, moving, put, ranks, roll, texts


def battle_board(**options: Any) -> TrenchState:
    """P0 and P1 each keep a spare Soldier far away so a battle does not end the game."""
    st = empty(**options)
    put(st, "a1", 0, "S")
    put(st, "h10", 1, "S")
    return st


# ----- 1. board and pieces ---------------------------------------------------------------
@pytest.mark.rule("1.1")
def test_rule_1_1_board_is_data_with_grass_trench_and_depots(tmp_path: Path) -> None:
    b = game().board
    assert (b.width, b.height) == (8, 10)
    assert c("a1") in b.trench and c("d7") in b.trench and c("d5") not in b.trench
    assert c("h9") in b.depots and b.grass(c("d5")) and not b.grass(c("h9"))
    bad = tmp_path / "lopsided.toml"
    bad.write_text('name = "x"\nterrain_per_player = 1\nlayout = """\n==\na1\n0b\n=.\n"""\n')
    with pytest.raises(DataFileError, match=r"lopsided\.toml.*half a turn"):
        game(board=str(bad))


@pytest.mark.rule("1.2")
def test_rule_1_2_twelve_soldiers_and_a_commando_each() -> None:
    st = game(cards=False).new_state()
    for p in (0, 1):
        cells = st.cells_of(p)
        assert sum(st.ranks_at(x).count("S") for x in cells) == 12
        assert sum(st.ranks_at(x).count("C") for x in cells) == 1


@pytest.mark.rule("1.3")
def test_rule_1_3_commando_starts_inactive_on_enemy_depot() -> None:
    st = game(cards=False).new_state()
    b = st.game.board
    for p in (0, 1):
        cell = next(x for x in st.cells_of(p) if st.ranks_at(x) == "C")
        assert cell in b.depots and b.half(cell) != p and not st.is_active(cell)


@pytest.mark.rule("1.4")
def test_rule_1_4_halves() -> None:
    b = game().board
    assert b.half(c("d5")) == 0 and b.half(c("d6")) == 1


@pytest.mark.rule("1.5")
def test_rule_1_5_a_stack_is_one_unit_in_battle() -> None:
    st = attacking(battle_board(), 0)
    put(st, "d5", 0, "SS")
    put(st, "d6", 1, "S")
    act(st, "attack d5 d6")
    assert st.combat is not None and st.chance_outcomes()[0][1] == Fraction(1, 24)  # one d6 against one d4


# ----- 2. set-up -------------------------------------------------------------------------
@pytest.mark.rule("2.1")
def test_rule_2_1_roll_off_winner_decides_who_goes_first() -> None:
    st = game(cards=False).new_state()
    assert st.phase == ROLLOFF and len(st.chance_outcomes()) == 30
    roll(st, 2, 5)
    assert st.phase == FIRST and st.actors == (1,)


@pytest.mark.rule("2.2")
def test_rule_2_2_six_secret_cards_dealt_before_the_roll() -> None:
    st = game().new_state()
    import random

    from dicefront.core import sample

    rng = random.Random(5)
    for _ in range(12):
        assert st.is_chance and st.draws
        st.apply_chance(sample(st.chance_outcomes(), rng))
    assert st.hand_size(0) == st.hand_size(1) == 6 and sum(st.deck.values()) == 21
    assert st.phase == ROLLOFF


@pytest.mark.rule("2.3")
def test_rule_2_3_terrain_alternates_on_any_empty_grass() -> None:
    st = game(cards=False).new_state()
    roll(st, 5, 2)
    act(st, "first 1")
    assert st.phase == TERRAIN and st.actors == (1,)
    cells = texts(st, 1)
    assert {"terrain a8", "terrain d6", "terrain d5", "terrain a3"} <= set(cells), "grass of either half"
    assert "terrain d7" not in cells and "terrain b9" not in cells and "terrain a2" not in cells, "trench, soldier, depot"
    act(st, "terrain d5")
    assert st.actors == (0,)
    with pytest.raises(IllegalActionError):
        act(st, "terrain d5", 0)
    act(st, "terrain d6", 0)
    assert st.terrain == {c("d5"): 1, c("d6"): 0}


@pytest.mark.rule("2.3")
def test_rule_2_3_option_terrain_only_on_own_half() -> None:
    st = game(cards=False, terrain_area="own-half").new_state()
    roll(st, 5, 2)
    act(st, "first 1")
    cells = texts(st, 1)
    assert "terrain a8" in cells and "terrain d6" in cells
    assert "terrain d5" not in cells and "terrain a3" not in cells
    with pytest.raises(IllegalActionError):
        act(st, "terrain d5")


def _place_all_terrain(st: TrenchState) -> None:
    for cell in ("d6", "d5", "e6", "e5", "c6", "c5"):
        act(st, f"terrain {cell}")


@pytest.mark.rule("2.4")
def test_rule_2_4_roll_off_winner_moves_first_after_terrain() -> None:
    st = game(cards=False).new_state()
    roll(st, 5, 2)  # player 0 wins the roll-off ...
    act(st, "first 1")  # ... and lets player 1 place terrain first
    assert st.actors == (1,)
    _place_all_terrain(st)
    assert st.phase == MOVE and st.actors == (0,) and st.round == 1 and st.first == 0


@pytest.mark.rule("2.4")
def test_rule_2_4_option_chosen_player_moves_first() -> None:
    st = game(cards=False, first_move="chosen").new_state()
    roll(st, 5, 2)
    act(st, "first 1")
    assert st.actors == (1,)
    _place_all_terrain(st)
    assert st.phase == MOVE and st.actors == (1,) and st.round == 1 and st.first == 1


# ----- 3. movement -----------------------------------------------------------------------
@pytest.mark.rule("3.1")
def test_rule_3_1_three_moves_then_the_other_player() -> None:
    st = moving(battle_board(), 0)
    put(st, "d3", 0, "S")
    act(st, "move d3 d4")
    act(st, "move d4 d5")
    assert st.actors == (0,)
    act(st, "move d5 e5")
    assert st.phase == MOVE and st.actors == (1,) and st.moves_left == 3


@pytest.mark.rule("3.2")
def test_rule_3_2_no_passing_while_a_move_exists() -> None:
    st = moving(battle_board(), 0)
    assert "pass" not in texts(st, 0) and "end" not in texts(st, 0)
    st2 = moving(battle_board(), 0)
    st2.terrain = {c("b1"): 0}
    st2.board[c("a2")] = st2.board[c("h10")]  # an enemy blocks the only other way out
    del st2.board[c("h10")]
    st2.stage = -1
    next_stage(st2)
    assert st2.actors == (1,), "a player with no legal move loses the moves"


@pytest.mark.rule("3.3")
def test_rule_3_3_no_diagonal_moves() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "S")
    with pytest.raises(IllegalActionError, match="diagonal"):
        act(st, "move d4 e5")


@pytest.mark.rule("3.4")
def test_rule_3_4_terrain_and_active_enemies_block() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "S")
    put(st, "d5", 1, "S")
    put(st, "c4", 1, "C", active=True)
    st.terrain[c("e4")] = 0
    legal = texts(st, 0)
    assert "move d4 d3" in legal
    for dst in ("d5", "c4", "e4"):
        assert f"move d4 {dst}" not in legal


def _beside_inactive_commando(**options: Any) -> TrenchState:
    """Player 1's inactive Commando on its start h2; a Soldier of player 0 on g2."""
    st = moving(battle_board(**options), 0)
    put(st, "h2", 1, "C", active=False)
    put(st, "g2", 0, "S")
    return st


@pytest.mark.rule("3.4")
def test_rule_3_4_a_unit_passes_through_an_inactive_commando() -> None:
    st = _beside_inactive_commando()
    legal = texts(st, 0)
    assert "move g2 h3" in legal and "move g2 h1" in legal, "in and out again: two moves"
    assert "move g2 h2" not in legal, "it never stops on the Commando's tile"
    events = act(st, "move g2 h3")
    assert ranks(st, "h3") == "S" and ranks(st, "g2") is None and ranks(st, "h2") == "C"
    assert st.moves_left == 1 and "passes h2" in events[0].text
    assert not st.active[1], "passing does not wake the enemy Commando"
    assert "move h3 h1" not in texts(st, 0), "one move left is not enough to pass"


@pytest.mark.rule("3.4")
def test_rule_3_4_passing_needs_two_moves_and_a_free_exit() -> None:
    st = _beside_inactive_commando()
    st.moves_left = 1
    assert not any(t.startswith("move g2 h") for t in texts(st, 0))
    with pytest.raises(IllegalActionError, match="inactive enemy Commando"):
        act(st, "move g2 h3")
    st2 = _beside_inactive_commando()
    put(st2, "h3", 1, "S")
    st2.terrain[c("h1")] = 0
    assert not any(t.startswith("move g2 h") for t in texts(st2, 0))


@pytest.mark.rule("3.4")
def test_rule_3_4_option_inactive_commando_blocks() -> None:
    st = _beside_inactive_commando(pass_commando=False)
    legal = texts(st, 0)
    for dst in ("h1", "h2", "h3"):
        assert f"move g2 {dst}" not in legal


@pytest.mark.rule("3.5")
def test_rule_3_5_round_order_moves_then_attacks() -> None:
    st = moving(battle_board(), 0)
    put(st, "d5", 0, "S")
    put(st, "d7", 1, "S")
    for text in ("move d5 d6", "move d6 c6", "move c6 d6"):
        act(st, text)
    assert st.actors == (1,) and st.phase == MOVE
    for text in ("move h10 g10", "move g10 h10", "move h10 g10"):
        act(st, text)
    assert st.phase == ATTACK and st.actors == (0,)


# ----- 4. stacking -----------------------------------------------------------------------
@pytest.mark.rule("4.1")
def test_rule_4_1_stacks_hold_three() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "SSS")
    put(st, "d3", 0, "S")
    put(st, "e3", 0, "S")
    put(st, "f3", 0, "S")
    act(st, "move e3 f3")
    assert ranks(st, "f3") == "SS"
    assert "move d3 d4" not in texts(st, 0)


@pytest.mark.rule("4.2")
def test_rule_4_2_stacking_and_unstacking_are_moves() -> None:
    st = moving(battle_board(), 0)
    put(st, "d3", 0, "S")
    put(st, "d4", 0, "S")
    act(st, "move d3 d4")
    assert ranks(st, "d4") == "SS" and st.moves_left == 2
    act(st, "move d4 e4 S")
    assert ranks(st, "d4") == "S" and ranks(st, "e4") == "S" and st.moves_left == 1


@pytest.mark.rule("4.3")
def test_rule_4_3_only_veteran_or_commando_stacks_move_whole() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "SS")
    put(st, "f4", 0, "VV")
    legal = texts(st, 0)
    assert "move d4 d5" not in legal and "move d4 d5 S" in legal
    act(st, "move f4 f5")
    assert ranks(st, "f5") == "VV" and ranks(st, "f4") is None


@pytest.mark.rule("4.4")
def test_rule_4_4_veterans_stack_only_with_veterans_or_commando() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "V")
    put(st, "d3", 0, "S")
    put(st, "e4", 0, "V")
    put(st, "d5", 0, "C")
    legal = texts(st, 0)
    assert "move d3 d4" not in legal and "move e4 d4" in legal and "move d4 d5" in legal


# ----- 5. attack phase ---------------------------------------------------------------------
def duel(att: str = "S", dfn: str = "S") -> TrenchState:
    st = attacking(battle_board(), 0)
    put(st, "d5", 0, att)
    put(st, "d6", 1, dfn)
    return st


@pytest.mark.rule("5.1")
def test_rule_5_1_one_optional_attack_first_player_first() -> None:
    st = duel()
    assert "end" in texts(st, 0)
    act(st, "end")
    assert st.phase == ATTACK and st.actors == (1,)
    act(st, "attack d6 d5")
    roll(st, 1, 3)
    assert st.phase == FIRST and st.lost == [0, 1], "one attack each, then the round ends"


@pytest.mark.rule("5.2")
def test_rule_5_2_attack_only_neighbours() -> None:
    st = attacking(battle_board(), 0)
    put(st, "d5", 0, "S")
    put(st, "e6", 1, "S")
    put(st, "d7", 1, "S")
    assert not any(t.startswith("attack") for t in texts(st, 0))


@pytest.mark.rule("5.3")
def test_rule_5_3_die_by_stack_height() -> None:
    st = duel("SSS", "SS")
    act(st, "attack d5 d6")
    assert len(st.chance_outcomes()) == 8 * 6


@pytest.mark.rule("5.4")
def test_rule_5_4_higher_result_wins() -> None:
    st = duel()
    act(st, "attack d5 d6")
    events = roll(st, 2, 3)
    assert any(e.kind == "battle" and e.data["result"] == "defender" for e in events)


@pytest.mark.rule("5.5")
def test_rule_5_5_attacker_wins_and_moves_in() -> None:
    st = duel()
    act(st, "attack d5 d6")
    roll(st, 3, 2)
    assert ranks(st, "d6") == "S" and st.owner_at(c("d6")) == 0 and ranks(st, "d5") is None


@pytest.mark.rule("5.6")
def test_rule_5_6_defender_wins_attacking_stack_removed() -> None:
    st = duel("SS", "SSS")
    act(st, "attack d5 d6")
    roll(st, 2, 5)
    assert ranks(st, "d5") is None and ranks(st, "d6") == "SSS"


@pytest.mark.rule("5.7")
def test_rule_5_7_tie_removes_both() -> None:
    st = duel()
    act(st, "attack d5 d6")
    roll(st, 3, 3)
    assert ranks(st, "d5") is None and ranks(st, "d6") is None


@pytest.mark.rule("5.8")
def test_rule_5_8_last_stand() -> None:
    st = duel("S", "SS")
    act(st, "attack d5 d6")
    roll(st, 4, 5)
    assert ranks(st, "d5") is None and ranks(st, "d6") == "S"
    st2 = duel("S", "SS")
    act(st2, "attack d5 d6")
    roll(st2, 3, 5)  # not the top face: no Last Stand
    assert ranks(st2, "d6") == "SS"


@pytest.mark.rule("5.9")
def test_rule_5_9_losses_are_counted() -> None:
    st = duel("S", "SS")
    act(st, "attack d5 d6")
    roll(st, 4, 5)
    assert st.lost == [1, 1]


@pytest.mark.rule("5.10")
def test_rule_5_10_loser_chooses_next_first_else_roll() -> None:
    st = duel()
    act(st, "attack d5 d6")
    roll(st, 1, 3)  # P0 loses one piece; P1 then has nothing to attack
    assert st.phase == FIRST and st.actors == (0,)
    act(st, "first 1")
    assert st.round == 2 and st.actors == (1,) and st.phase == MOVE
    st2 = duel()
    act(st2, "end")
    act(st2, "end")
    assert st2.phase == ROLLOFF


# ----- 6. veterans -------------------------------------------------------------------------
@pytest.mark.rule("6.1")
def test_rule_6_1_promotion_in_far_trench_or_with_commando() -> None:
    st = moving(battle_board(), 0)
    put(st, "d9", 0, "S")
    put(st, "b8", 0, "S")
    put(st, "b7", 0, "C")
    act(st, "move d9 d10")
    assert ranks(st, "d10") == "V"
    act(st, "move b8 b7")
    assert ranks(st, "b7") == "CV"
    st2 = moving(battle_board(), 0)
    put(st2, "b4", 0, "S")
    put(st2, "b5", 0, "C")
    act(st2, "move b4 b5")
    assert ranks(st2, "b5") == "CS", "in the own half no promotion"


@pytest.mark.rule("6.2")
def test_rule_6_2_veterans_attack_diagonally() -> None:
    st = attacking(battle_board(), 0)
    put(st, "d5", 0, "V")
    put(st, "e6", 1, "S")
    assert "attack d5 e6" in texts(st, 0)


@pytest.mark.rule("6.3")
def test_rule_6_3_veteran_stack_rolls_twice_keeps_higher() -> None:
    st = duel("VV", "S")
    act(st, "attack d5 d6")
    probs = {r.faces: p for r, p in st.chance_outcomes()}
    assert probs[(6, 1)] == Fraction(11, 36) * Fraction(1, 4)


@pytest.mark.rule("6.4")
def test_rule_6_4_veteran_stacks_move_whole() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "VVV")
    act(st, "move d4 d5")
    assert ranks(st, "d5") == "VVV"


# ----- 7. commandos ------------------------------------------------------------------------
@pytest.mark.rule("7.1")
def test_rule_7_1_inactive_commando_and_activation() -> None:
    st = moving(battle_board(), 0)
    put(st, "a9", 0, "C", active=False)
    put(st, "a7", 0, "S")
    put(st, "b9", 1, "S")
    assert not any(t.startswith("move a9") for t in texts(st, 0))
    act(st, "move a7 a8")
    assert st.active[0] and any(t.startswith("move a9") for t in texts(st, 0))
    st2 = attacking(battle_board(), 1)
    put(st2, "a9", 0, "C", active=False)
    put(st2, "b9", 1, "S")
    assert "attack b9 a9" not in texts(st2, 1)


@pytest.mark.rule("7.2")
def test_rule_7_2_commando_rolls_d10() -> None:
    st = duel("CS", "S")
    act(st, "attack d5 d6")
    assert len(st.chance_outcomes()) == 40


@pytest.mark.rule("7.3")
def test_rule_7_3_commando_stacks_move_whole() -> None:
    st = moving(battle_board(), 0)
    put(st, "d4", 0, "CSS")
    act(st, "move d4 d5")
    assert ranks(st, "d5") == "CSS"


@pytest.mark.rule("7.4")
def test_rule_7_4_commando_survives_first_defeat() -> None:
    st = duel("S", "CS")
    st.first = 1
    st.stage = 3
    act(st, "attack d5 d6")
    roll(st, 4, 1)
    assert ranks(st, "d6") == "C" and st.wounded[1] and ranks(st, "d5") == "S", "no move-in"
    st.phase, st.player, st.attacks_left, st.stage = ATTACK, 0, 1, 2
    act(st, "attack d5 d6")
    roll(st, 4, 1)
    assert ranks(st, "d6") == "S" and st.owner_at(c("d6")) == 0


@pytest.mark.rule("7.5")
def test_rule_7_5_trail_of_vengeance() -> None:
    st = attacking(empty(), 0)
    put(st, "a1", 0, "S")
    put(st, "d5", 0, "S")
    put(st, "d6", 1, "S")
    put(st, "a9", 1, "C", active=False)
    act(st, "attack d5 d6")
    events = roll(st, 3, 1)
    assert st.active[1] and any(e.kind == "vengeance" for e in events)


# ----- 8. supply depots ----------------------------------------------------------------------
@pytest.mark.rule("8.1")
def test_rule_8_1_depot_on_or_past_gives_a_card() -> None:
    st = moving(battle_board(cards=True), 0)
    put(st, "c9", 0, "S")
    act(st, "move c9 c10")  # past both depots of row 9
    assert st.claimed == {c("a9"), c("h9")} and st.draws == [0, 0]
    st2 = moving(battle_board(cards=True, depot_claim="on"), 0)
    put(st2, "c9", 0, "S")
    put(st2, "g8", 0, "S")
    act(st2, "move c9 c10")
    assert not st2.claimed
    act(st2, "move g8 g9")
    act(st2, "move g9 h9")
    assert st2.claimed == {c("h9")} and st2.draws == [0]


@pytest.mark.rule("8.2")
def test_rule_8_2_each_depot_once() -> None:
    st = moving(battle_board(cards=True, depot_claim="on"), 0)
    put(st, "g9", 0, "S")
    act(st, "move g9 h9")
    st.draws = []
    act(st, "move h9 h8")
    act(st, "move h8 h9")
    assert not st.draws


# ----- 9. end of the game ---------------------------------------------------------------------
@pytest.mark.rule("9.1")
def test_rule_9_1_last_piece_removed_wins() -> None:
    st = attacking(empty(), 0)
    put(st, "d5", 0, "S")
    put(st, "d6", 1, "C", active=True)
    st.wounded[1] = True
    act(st, "attack d5 d6")
    roll(st, 4, 2)
    assert st.phase == OVER and st.returns() == (1.0, -1.0)


@pytest.mark.rule("9.2")
def test_rule_9_2_both_wiped_out_is_a_draw() -> None:
    st = attacking(empty(), 0)
    put(st, "d5", 0, "S")
    put(st, "d6", 1, "S")
    act(st, "attack d5 d6")
    roll(st, 2, 2)
    assert st.is_terminal and st.returns() == (0.0, 0.0)


@pytest.mark.rule("9.3")
def test_rule_9_3_round_limit_draw() -> None:
    st = duel()
    st.game = game(cards=False, round_limit=1)
    act(st, "end")
    act(st, "end")
    roll(st, 3, 1)
    act(st, "first 0")
    assert st.is_terminal and st.returns() == (0.0, 0.0)


def test_length_bound_holds_for_random_games() -> None:
    import random

    from dicefront.core import sample

    for seed in (11, 12):
        g = game(board="compact", round_limit=15)
        st, rng, n = g.new_state(), random.Random(seed), 0
        while not st.is_terminal:
            if st.is_chance:
                st.apply_chance(sample(st.chance_outcomes(), rng))
            else:
                p = st.actors[0]
                acts = st.legal_actions(p)
                st.apply(acts[rng.randrange(len(acts))], p)
            n += 1
        assert n <= g.length_bound(), f"seed {seed}: {n} steps"


__all__ = ["ROLL"]
