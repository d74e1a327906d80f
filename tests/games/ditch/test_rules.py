"""One or more tests per numbered rule of games/ditch/RULES.md.

Positions are set up directly, actions applied through the checked contract, dice
forced with ``apply_chance``."""

from __future__ import annotations

from typing import Any

import pytest

import dicefront
from dicefront.core import DataFileError, IllegalActionError, NotationError, OptionError, Roll
from dicefront.core.grid import Cell
from dicefront.games.ditch import DitchGame
from dicefront.games.ditch.actions import (
    Attack,
    Block,
    ChooseDeployer,
    ChooseStarter,
    Cover,
    Deploy,
    Move,
    MoveTo,
    Reinforce,
)
from dicefront.games.ditch.constants import Phase
from dicefront.games.ditch.rules import DitchState

rule = pytest.mark.rule


def game(**options: Any) -> DitchGame:
    """The game with ``options`` validated exactly as ``dicefront.load`` does."""
    return DitchGame(**options)


def c(name: str) -> tuple[int, int]:
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def position(pawns: dict[str, str], player: int = 0, actions_left: int = 2, **options: Any) -> DitchState:
    """A state in the action step with the given pawns: {"c3": "A"} is player 0's
    Archer on c3, lower case letters are player 1's pawns."""
    st = game(**options).new_state()
    st.phase, st.player, st.actions_left, st.turn = Phase.ACTION, player, actions_left, 1
    st.to_deploy = [dict.fromkeys("AKS", 0), dict.fromkeys("AKS", 0)]
    for cell, letter in pawns.items():
        st.pawns[c(cell)] = (0 if letter.isupper() else 1, letter.upper())
    return st


def destinations(st: DitchState) -> set[Cell]:
    """The squares player 0 may move to now (after a move roll every legal action is a MoveTo)."""
    moves = st.legal_actions(0)
    assert all(isinstance(a, MoveTo) for a in moves)
    return {a.cell for a in moves if isinstance(a, MoveTo)}


def attack(st: DitchState, a: str, t: str, dice: tuple[int, int], player: int = 0) -> list[str]:
    events = st.apply(Attack(c(a), c(t)), player)
    if not st.is_chance:  # the defender is asked about cover: decline
        events += st.apply(Cover(None), 1 - player)
    events += st.apply_chance(Roll(dice))
    return [e.text for e in events]


# ----- 1. the game ---------------------------------------------------------------------
@rule("1.1")
@rule("2.3")
def test_rule_1_1_each_army_is_two_archers_two_skirmishers_two_soldiers() -> None:
    st = dicefront.load("ditch").new_state()
    st.apply_chance(Roll((6, 1)))
    st.apply(ChooseDeployer(0), 0)
    while st.phase == "deploy":
        p = st.actors[0]
        st.apply(st.legal_actions(p)[0], p)
    for p in (0, 1):
        kinds = sorted(k for o, k in st.pawns.values() if o == p)
        assert kinds == ["A", "A", "K", "K", "S", "S"]


@rule("1.3")
def test_rule_1_3_default_board_is_symmetric_8x8_with_zones_and_green_tiles() -> None:
    board = game().board
    assert (board.grid.width, board.grid.height) == (8, 8)
    turn = lambda cell: (7 - cell[0], 7 - cell[1])  # noqa: E731
    assert {turn(x) for x in board.zones[0]} == set(board.zones[1])
    assert {turn(x) for x in board.green} == set(board.green)
    assert len(board.green) == 6 and len(board.zones[0]) == 16


@rule("1.3")
def test_rule_1_3_hex_board_option_and_bad_board_files(tmp_path: Any) -> None:
    hexgame = game(board="hex")
    assert hexgame.board.grid.geometry == "hex"
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ngeometry = "square8"\nlayout = """\n11\n0x\n"""\n')
    with pytest.raises(DataFileError, match="unknown symbols"):
        dicefront.load("ditch", board=str(bad))
    with pytest.raises(DataFileError, match="no shipped data file"):
        dicefront.load("ditch", board="atlantis")


# ----- 2. set-up ---------------------------------------------------------------------------
@rule("2.1")
def test_rule_2_1_deployment_roll_tie_is_rolled_again() -> None:
    st = dicefront.load("ditch").new_state()
    assert st.is_chance and len(st.chance_outcomes()) == 36
    st.apply_chance(Roll((4, 4)))
    assert st.is_chance, "a tie must be rolled again"
    st.apply_chance(Roll((2, 5)))
    assert st.actors == (1,)


@rule("2.2")
def test_rule_2_2_higher_roller_chooses_who_deploys_first() -> None:
    st = dicefront.load("ditch").new_state()
    st.apply_chance(Roll((6, 3)))
    assert st.actors == (0,)
    assert st.legal_actions(0) == [ChooseDeployer(0), ChooseDeployer(1)]
    st.apply(ChooseDeployer(1), 0)
    assert st.actors == (1,) and st.phase == "deploy"


@rule("2.4")
def test_rule_2_4_deployment_alternates_on_own_zone_only() -> None:
    st = dicefront.load("ditch").new_state()
    st.apply_chance(Roll((6, 3)))
    st.apply(ChooseDeployer(1), 0)
    zone1 = st.game.board.zones[1]
    assert all(a.cell in zone1 for a in st.legal_actions(1))
    with pytest.raises(IllegalActionError, match="deployment zone"):
        st.apply(Deploy("A", c("a1")), 1)  # player 0's zone
    st.apply(Deploy("A", c("a8")), 1)
    assert st.actors == (0,)
    assert Deploy("A", c("a8")) not in st.legal_actions(0)
    st.apply(Deploy("S", c("a1")), 0)
    assert st.actors == (1,)
    assert all(a.cell != c("a8") for a in st.legal_actions(1)), "an occupied square is not free"


@rule("2.5")
def test_rule_2_5_first_deployer_chooses_who_starts() -> None:
    st = dicefront.load("ditch").new_state()
    st.apply_chance(Roll((1, 2)))
    st.apply(ChooseDeployer(0), 1)
    for _ in range(12):
        p = st.actors[0]
        st.apply(st.legal_actions(p)[0], p)
    assert st.phase == "choose-starter" and st.actors == (0,)
    st.apply(ChooseStarter(1), 0)
    assert st.actors == (1,) and st.actions_left == 2


# ----- 3. turns ------------------------------------------------------------------------------
@rule("3.1")
def test_rule_3_1_two_actions_then_the_other_player() -> None:
    st = position({"a1": "A", "h8": "a"})
    st.apply(Block(c("b3")), 0)
    assert st.actors == (0,) and st.actions_left == 1
    st.apply(Block(c("g3")), 0)
    assert st.actors == (1,) and st.actions_left == 2


@rule("3.2")
def test_rule_3_2_same_action_same_pawn_twice() -> None:
    st = position({"a1": "S", "h8": "a"})
    st.apply(Move(c("a1")), 0)
    st.apply_chance(Roll((1,)))
    st.apply(MoveTo(c("a2")), 0)
    assert Move(c("a2")) in st.legal_actions(0)
    st.apply(Move(c("a2")), 0)
    st.apply_chance(Roll((1,)))
    st.apply(MoveTo(c("a3")), 0)
    assert st.pawns[c("a3")] == (0, "S") and st.actors == (1,)


@rule("3.3")
def test_rule_3_3_a_boxed_in_pawn_can_still_act() -> None:
    st = position({"a1": "S", "a2": "k", "b1": "k", "b2": "k"}, player=0)
    st.reinforcements = [0, 0]
    st.blocks_left = [0, 0]
    st.apply(Move(c("a1")), 0)
    st.apply_chance(Roll((6,)))
    assert st.legal_actions(0) == [MoveTo(c("a1"))]


# ----- 4. move ---------------------------------------------------------------------------------
@rule("4.1")
def test_rule_4_1_die_is_rolled_after_the_pawn_is_chosen() -> None:
    st = position({"d4": "S", "h8": "a"})
    st.apply(Move(c("d4")), 0)
    assert st.is_chance and st.actors == ()
    assert sorted(o.faces[0] for o, _ in st.chance_outcomes()) == [1, 2, 3, 4, 5, 6]


@rule("4.2")
def test_rule_4_2_move_up_to_the_roll_or_stay() -> None:
    st = position({"d4": "S", "h8": "a"})
    st.apply(Move(c("d4")), 0)
    st.apply_chance(Roll((2,)))
    dest = destinations(st)
    assert c("d4") in dest and c("d5") in dest and c("d6") in dest
    assert c("d7") not in dest


@rule("4.3")
def test_rule_4_3_skirmisher_adds_one_to_the_roll() -> None:
    st = position({"d1": "K", "h8": "a"})
    st.apply(Move(c("d1")), 0)
    st.apply_chance(Roll((1,)))
    assert MoveTo(c("d3")) in st.legal_actions(0)
    assert MoveTo(c("d4")) not in st.legal_actions(0)


@rule("4.4")
def test_rule_4_4_any_direction_with_turns_or_straight_lines_by_option() -> None:
    st = position({"d4": "S", "h8": "a"})
    st.apply(Move(c("d4")), 0)
    st.apply_chance(Roll((2,)))
    dest = destinations(st)
    assert c("f6") in dest  # two diagonal steps
    assert c("e6") in dest  # a knight-like square needs a turn
    st2 = position({"d4": "S", "h8": "a"}, straight_moves=True)
    st2.apply(Move(c("d4")), 0)
    st2.apply_chance(Roll((2,)))
    dest2 = destinations(st2)
    assert c("f6") in dest2 and c("e6") not in dest2


@rule("4.5")
def test_rule_4_5_no_passing_through_pawns_unless_option() -> None:
    walls = {"a1": "S", "a2": "A", "b2": "k", "b1": "K", "h8": "a"}
    st = position(walls)
    st.apply(Move(c("a1")), 0)
    st.apply_chance(Roll((6,)))
    assert st.legal_actions(0) == [MoveTo(c("a1"))]
    st2 = position(walls, pass_through_pawns=True)
    st2.apply(Move(c("a1")), 0)
    st2.apply_chance(Roll((2,)))
    dest = destinations(st2)
    assert c("a3") in dest and c("a2") not in dest, "may pass over pawns but not end on them"


# ----- 5. attack ---------------------------------------------------------------------------------
@rule("5.1")
def test_rule_5_1_attack_an_adjacent_enemy_only() -> None:
    st = position({"d4": "S", "e5": "a", "d6": "k"})
    attacks = {(a.attacker, a.target) for a in st.legal_actions(0) if isinstance(a, Attack)}
    assert attacks == {(c("d4"), c("e5"))}
    with pytest.raises(IllegalActionError, match="not an enemy pawn in range"):
        st.apply(Attack(c("d4"), c("d6")), 0)


@rule("5.2")
def test_rule_5_2_higher_total_wins_loser_removed_even_the_attacker() -> None:
    st = position({"d4": "S", "d5": "s", "h8": "k"})
    attack(st, "d4", "d5", (5, 2))
    assert c("d5") not in st.pawns and st.pawns[c("d4")] == (0, "S")
    st = position({"d4": "S", "d5": "s", "h8": "k"})
    attack(st, "d4", "d5", (2, 5))
    assert c("d4") not in st.pawns and st.pawns[c("d5")] == (1, "S")
    st = position({"d4": "S", "d5": "s", "h8": "k"})
    attack(st, "d4", "d5", (3, 3))
    assert c("d4") in st.pawns and c("d5") in st.pawns


@rule("5.3")
@pytest.mark.parametrize(("strong", "weak"), [("A", "K"), ("K", "S"), ("S", "A")])
def test_rule_5_3_matchup_adds_two_attacking_and_defending(strong: str, weak: str) -> None:
    st = position({"d4": strong, "d5": weak.lower(), "h8": "k"})
    attack(st, "d4", "d5", (3, 4))  # 3+2 beats 4
    assert c("d5") not in st.pawns
    st = position({"d4": weak, "d5": strong.lower(), "h8": "k"})
    attack(st, "d4", "d5", (4, 3))  # the defender's 3+2 beats 4
    assert c("d4") not in st.pawns
    st = position({"d4": weak, "d5": strong.lower(), "h8": "k"})
    attack(st, "d4", "d5", (5, 3))  # 5 against 3+2: a tie
    assert c("d4") in st.pawns and c("d5") in st.pawns


@rule("5.4")
def test_rule_5_4_archer_attacks_two_squares_away_over_a_pawn() -> None:
    st = position({"d4": "A", "d5": "S", "d6": "k"})
    assert Attack(c("d4"), c("d6")) in st.legal_actions(0)
    st2 = position({"d4": "A", "d7": "k"})
    assert not any(isinstance(a, Attack) for a in st2.legal_actions(0)), "three squares is out of range"


@rule("5.4")
def test_rule_5_4_ring_range_includes_knight_move_squares() -> None:
    st = position({"d4": "A", "e6": "k", "f6": "s", "h8": "a"})
    targets = {a.target for a in st.legal_actions(0) if isinstance(a, Attack)}
    assert targets == {c("e6"), c("f6")}
    assert len(st.game.tables.near[2][c("d4")] - st.game.tables.near[1][c("d4")]) == 16


@rule("5.4")
@pytest.mark.parametrize("board", ["field", "hex"])
def test_rule_5_4_option_line_range_needs_one_tile_straight_between(board: str) -> None:
    g = game(board=board, archer_range="line")
    ring = g.tables.near[2][c("d4")] - g.tables.near[1][c("d4")]
    assert len(ring) == (8 if board == "field" else 6)
    if board == "field":
        st = position({"d4": "A", "e6": "k", "f6": "s", "h8": "a"}, archer_range="line")
        targets = {a.target for a in st.legal_actions(0) if isinstance(a, Attack)}
        assert targets == {c("f6")}, "the knight-move square e6 is out of line"
        with pytest.raises(IllegalActionError, match="not an enemy pawn in range"):
            st.apply(Attack(c("d4"), c("e6")), 0)
    else:
        assert {c("b4"), c("f4")} <= ring and c("d6") not in ring


@rule("5.5")
def test_rule_5_5_ranged_archer_only_falls_to_an_archer() -> None:
    st = position({"d4": "A", "d6": "s", "h8": "k"})
    texts = attack(st, "d4", "d6", (1, 6))
    assert c("d4") in st.pawns, "a Soldier cannot remove an Archer shooting from range"
    assert any("only an Archer" in t for t in texts)
    st = position({"d4": "A", "d6": "a", "h8": "k"})
    attack(st, "d4", "d6", (1, 6))
    assert c("d4") not in st.pawns, "an Archer can"
    st = position({"d4": "A", "d5": "s", "h8": "k"})
    attack(st, "d4", "d5", (1, 6))
    assert c("d4") not in st.pawns, "no protection when attacking an adjacent pawn"


@rule("5.6")
def test_rule_5_6_soldier_may_take_the_attack_for_an_adjacent_friend() -> None:
    st = position({"d4": "K", "d5": "a", "e6": "s", "h8": "k"})
    st.apply(Attack(c("d4"), c("d5")), 0)
    assert st.actors == (1,)
    assert st.legal_actions(1) == [Cover(c("e6")), Cover(None)]
    st.apply(Cover(c("e6")), 1)
    st.apply_chance(Roll((5, 1)))  # Skirmisher 5+2 against Soldier 1
    assert c("e6") not in st.pawns and c("d5") in st.pawns, "the Soldier was the target"
    assert st.actors == (0,) and st.actions_left == 1


@rule("5.6")
def test_rule_5_6_no_cover_question_without_an_adjacent_soldier() -> None:
    st = position({"d4": "K", "d5": "a", "g7": "s"})
    st.apply(Attack(c("d4"), c("d5")), 0)
    assert st.is_chance


# ----- 6. elimination -------------------------------------------------------------------------
@rule("6.1")
def test_rule_6_1_eliminated_pawns_join_the_fallen() -> None:
    st = position({"d4": "S", "d5": "a", "h8": "k"})
    attack(st, "d4", "d5", (2, 1))
    assert st.fallen[1]["A"] == 1


# ----- 7. reinforce ---------------------------------------------------------------------------
@rule("7.1")
def test_rule_7_1_reinforce_twice_per_game_into_own_zone() -> None:
    st = position({"d4": "S", "h8": "k"})
    st.fallen[0]["A"] = 3
    ups = [a for a in st.legal_actions(0) if isinstance(a, Reinforce)]
    assert ups and all(a.cell in st.game.board.zones[0] for a in ups)
    assert {a.kind for a in ups} == {"A"}, "only fallen kinds come back"
    st.apply(Reinforce("A", c("a1")), 0)
    st.apply(Reinforce("A", c("b1")), 0)  # rule 7.2: both in one turn
    assert st.pawns[c("a1")] == (0, "A") and st.pawns[c("b1")] == (0, "A")
    st.player, st.actions_left = 0, 2
    assert not any(isinstance(a, Reinforce) for a in st.legal_actions(0))
    with pytest.raises(IllegalActionError, match="both reinforcements"):
        st.apply(Reinforce("A", c("c1")), 0)


@rule("7.2")
def test_rule_7_2_reinforced_pawn_acts_in_the_same_turn() -> None:
    st = position({"h8": "k", "a3": "s"})
    st.fallen[0]["S"] = 1
    st.apply(Reinforce("S", c("a2")), 0)
    assert Attack(c("a2"), c("a3")) in st.legal_actions(0)


# ----- 8. block ------------------------------------------------------------------------------
@rule("8.1")
def test_rule_8_1_block_twice_on_free_green_tiles() -> None:
    st = position({"b3": "S", "h8": "k"})
    blocks = {a.cell for a in st.legal_actions(0) if isinstance(a, Block)}
    assert blocks == set(st.game.board.green) - {c("b3")}
    with pytest.raises(IllegalActionError, match="free green tile"):
        st.apply(Block(c("d1")), 0)
    st.apply(Block(c("g3")), 0)
    st.apply(Block(c("e5")), 0)
    st.player, st.actions_left = 0, 2
    assert not any(isinstance(a, Block) for a in st.legal_actions(0))


@rule("8.2")
def test_rule_8_2_blocked_tile_is_closed_to_landing_but_passable() -> None:
    # from b2 with a roll of 2, b4 can only be reached through b3 (a3 and c3 are taken)
    st = position({"b2": "S", "a3": "k", "c3": "k", "h8": "a"})
    st.blocks.add(c("b3"))
    st.apply(Move(c("b2")), 0)
    st.apply_chance(Roll((2,)))
    dest = destinations(st)
    assert c("b3") not in dest and c("b4") in dest
    with pytest.raises(IllegalActionError):
        st.apply(MoveTo(c("b3")), 0)


@rule("8.2")
def test_rule_8_2_straight_moves_cross_a_blocked_tile() -> None:
    st = position({"b2": "S", "h8": "a"}, straight_moves=True)
    st.blocks.add(c("b3"))
    st.apply(Move(c("b2")), 0)
    st.apply_chance(Roll((2,)))
    dest = destinations(st)
    assert c("b3") not in dest and c("b4") in dest


@rule("8.2")
@pytest.mark.parametrize("straight", [False, True])
def test_rule_8_2_option_blocked_tile_closed_to_passing(straight: bool) -> None:
    pawns = {"b2": "S", "a3": "k", "c3": "k", "h8": "a"}
    st = position(pawns, pass_over_blocks=False, straight_moves=straight)
    st.apply(Move(c("b2")), 0)
    st.apply_chance(Roll((2,)))
    assert MoveTo(c("b4")) in st.legal_actions(0)
    st = position(pawns, pass_over_blocks=False, straight_moves=straight)
    st.blocks.add(c("b3"))
    st.apply(Move(c("b2")), 0)
    st.apply_chance(Roll((2,)))
    dest = destinations(st)
    assert c("b3") not in dest and c("b4") not in dest


# ----- 9. end ---------------------------------------------------------------------------------
@rule("1.2")
@rule("9.1")
def test_rule_9_1_no_pawns_and_no_reinforcements_loses() -> None:
    st = position({"d4": "S", "d5": "a"})
    st.reinforcements[1] = 0
    attack(st, "d4", "d5", (4, 1))
    assert st.is_terminal and st.returns() == (1.0, -1.0)


@rule("9.1")
def test_rule_9_1_option_no_pawns_ends_at_once() -> None:
    st = position({"d4": "S", "d5": "a"}, end_condition="no-pawns")
    attack(st, "d4", "d5", (4, 1))
    assert st.is_terminal and st.returns() == (1.0, -1.0)


@rule("9.2")
def test_rule_9_2_no_pawns_but_reinforcements_plays_on() -> None:
    st = position({"d4": "S", "d5": "a"}, actions_left=1)
    attack(st, "d4", "d5", (4, 1))
    assert not st.is_terminal and st.actors == (1,)
    assert {type(a) for a in st.legal_actions(1)} <= {Reinforce, Block}
    assert any(isinstance(a, Reinforce) for a in st.legal_actions(1))


@rule("9.3")
def test_rule_9_3_turn_limit_is_a_draw() -> None:
    st = position({"a1": "S", "h8": "a"}, turn_limit=2, actions_left=1)
    st.turn = 2
    st.apply(Move(c("a1")), 0)
    st.apply_chance(Roll((1,)))
    st.apply(MoveTo(c("a1")), 0)
    assert st.is_terminal and st.returns() == (0.0, 0.0)


# ----- notation and errors ----------------------------------------------------------------
def test_notation_errors_name_the_problem() -> None:
    game = dicefront.load("ditch")
    st = position({"d4": "S", "h8": "a"})
    with pytest.raises(NotationError, match="not a Ditch action"):
        game.parse_action(st, "fly d4", 0)
    with pytest.raises(IllegalActionError, match="no pawn of yours on e4"):
        game.parse_action(st, "move e4", 0)
    with pytest.raises(IllegalActionError, match="not Player 2's turn"):
        game.parse_action(st, "move h8", 1)
    with pytest.raises(OptionError, match="turn_limit"):
        dicefront.load("ditch", turn_limit=1)
    with pytest.raises(OptionError, match="valid options: board"):
        dicefront.load("ditch", boardd="x")
