"""The shortcuts of the third speed round (issue #15) agree with the rules they skip:
the main move loop's lone pieces and Soldier stacks move as the general stack rules
say, the Commando-wake table matches rule 7.1's "on it or next to it", card-draw
outcomes and aimed card plays equal the ones made directly."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dicefront.core import Roll
from dicefront.core.chance import sample
from dicefront.games.trench_checkers.actions import Move, Play
from dicefront.games.trench_checkers.cards_play import _aimed
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import empty, game, moving

SEEDS = range(4)


def _general_moves(st: TrenchState, player: int) -> list[Move]:
    """Every unit through ``_stack_moves`` (the general rules, lone pieces included; a
    lone inactive Commando is left out, as the main loop does)."""
    tables = st.game.tables
    steps = tables.open_steps(tuple(st.terrain))
    moved: set[int] | frozenset[int] = st.moved if st.moves_left == 0 else frozenset()
    own = sorted((c for c, s in st.board.items() if s[0] // tables.per_player == player), key=tables.order_index.__getitem__)
    out: list[Move] = []
    for src in own:
        stack = st.board[src]
        if stack == (st.commando_pid(player),) and not st.active[player]:
            continue  # rule 7.1: an inactive Commando stays put
        st._stack_moves(player, src, stack, steps, out, moved, tables.far[player])
    return out


def _stir(st: TrenchState, rng: random.Random) -> None:
    """Random promotions and stacks (Veterans, Commandos, Soldiers mixed), some pieces moved."""
    per = st.game.board.per_player
    for pid in range(2 * per):
        if st.rank[pid] == "S" and rng.random() < 0.3:
            st.rank[pid] = "V"
    cells = list(st.board)
    for _ in range(rng.randrange(6)):
        src, dst = rng.sample(cells, 2)
        here, there = st.board.get(src), st.board.get(dst)
        if here is not None and there is not None and here[0] // per == there[0] // per and len(here) + len(there) <= 3:
            st.board[dst] = there + st.board.pop(src)
    st.active = [rng.random() < 0.5, rng.random() < 0.5]
    st.moved = {pid for pid in range(2 * per) if rng.random() < 0.2}


@pytest.mark.parametrize("seed", SEEDS)
def test_main_loop_moves_equal_the_general_stack_rules(seed: int) -> None:
    trench = game()
    rng = random.Random(seed)
    checked = 0
    for _ in range(3):
        st = trench.new_state()
        while not st.is_terminal and checked < 400:
            if st.is_chance:
                st.push_chance(sample(st.chance_outcomes(), rng))
                continue
            player = st.actors[0]
            actions = st.legal_actions(player)
            if rng.random() < 0.2:
                probe = st.clone()
                _stir(probe, rng)
                for p in (0, 1):
                    for left in (3, 0):
                        probe.moves_left = left
                        steps = trench.tables.open_steps(tuple(probe.terrain))
                        assert probe._moves_now(p, steps) == _general_moves(probe, p), f"seed {seed}, position {checked}"
                checked += 1
            st.push(actions[rng.randrange(len(actions))], player)
    assert checked > 50, f"seed {seed}: too few positions checked"


@pytest.mark.parametrize("board", ["trenches", "compact"])
def test_wake_table_is_the_commando_tile_and_its_neighbours(board: str) -> None:
    for player in (0, 1):
        for dst in game(board=board).board.grid.cells():
            st = moving(empty(board=board), player)
            start = st.game.tables.cmd_start[player]
            st.board = {start: (st.commando_pid(player),), dst: (player * st.game.board.per_player,)} if dst != start else {start: (st.commando_pid(player),)}
            st.active[player] = False
            st.arrive(player, dst, joined=dst == start)
            woken = abs(start[0] - dst[0]) + abs(start[1] - dst[1]) <= 1
            assert st.active[player] == woken, f"board {board}, player {player}, arrival on {dst}"


@pytest.mark.parametrize("seed", SEEDS)
def test_draw_outcomes_equal_the_plain_ones(seed: int) -> None:
    cards = game().cards
    rng = random.Random(seed)
    for _ in range(200):
        deck = {c.id: n for c in cards.cards if (n := rng.randrange(4))}
        if not deck:
            continue
        total = sum(deck.values())
        plain = [(Roll((k,)), Fraction(deck[k], total)) for k in cards.ids() if deck.get(k)]
        assert cards.draw_outcomes(deck) == plain, f"seed {seed}, deck {deck}"


def test_aimed_plays_equal_new_plays() -> None:
    cells = [(0, 0), (3, 4), (0, 0)]
    plays = _aimed("promote", cells)
    assert plays == [Play("promote", c) for c in cells]
    assert plays[0] is plays[2] and _aimed("promote", [(3, 4)])[0] is plays[1]
