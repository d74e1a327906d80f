"""Books ``raid`` and ``seal`` (``mcts:book=NAME``): our sleeping Commando woken from the
first rounds, before the end game the game's own book plays; ``seal`` also places its
terrain where the enemy would wake its own Commando."""

from __future__ import annotations

import random

import pytest

from dicefront.agents import MCTSAgent, make_agent
from dicefront.core.errors import AgentError
from dicefront.games.trench_checkers import hunt
from dicefront.games.trench_checkers.actions import Move, PlaceTerrain
from dicefront.games.trench_checkers.constants import TERRAIN
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import attacking, c, empty, moving, put


def _middle_game() -> TrenchState:
    """Round 3, eight pieces a side: our Commando asleep on a9 (rule 1.3), our Veteran
    on b6 three moves from waking it (a tile next to it: a8, b9, a10)."""
    st = empty()
    st.round = 3
    for cell in ("a2", "c2", "e2", "g2", "d3", "f3"):
        put(st, cell, 0, "S")
    put(st, "b6", 0, "V")
    put(st, "a9", 0, "C", active=False)
    for cell in ("b9", "d9", "f9", "h9", "c8", "e8", "g8"):
        put(st, cell, 1, "S")
    put(st, "h2", 1, "C", active=False)
    return moving(st, 0)


def test_raid_walks_the_nearest_unit_to_our_sleeping_commando() -> None:
    st = _middle_game()
    assert hunt.book_action(st, 0) is None  # the game's own book: the search decides
    before = hunt.build_value(st, 0)
    assert before == -3
    for left in (2, 1, 0):
        move = hunt.book_action(st, 0, "raid")
        assert isinstance(move, Move) and move.src in (c("b6"), c("a6"), c("b7"), c("a7"), c("b8")), move
        st.push(move, 0)
        assert hunt.build_value(st, 0) == -left
    assert st.active[0]  # rule 7.1: a unit of ours stepped next to it
    moving(st, 0)
    assert hunt.book_action(st, 0, "raid") is None  # awake: nothing more to do


def test_raid_leaves_the_attack_step_and_a_stuck_walk_to_the_search() -> None:
    st = attacking(_middle_game(), 0)
    assert hunt.book_action(st, 0, "raid") is None
    st = _middle_game()
    for cell in ("a8", "a10"):  # b9 holds an enemy Soldier: every tile next to a9 closed
        st.terrain[c(cell)] = 0
    assert hunt.build_value(st, 0) == -hunt.FAR
    assert hunt.book_action(st, 0, "raid") is None


def test_mcts_plays_the_raid_outright_and_the_game_book_searches() -> None:
    st = _middle_game()
    raid = make_agent("mcts:iterations=20:book=raid", st.game)
    assert isinstance(raid, MCTSAgent)
    move = raid.choose(st.clone(), 0, random.Random(1))
    assert raid.last_iterations == 0 and move == hunt.book_action(st, 0, "raid")
    medium = make_agent("mcts:iterations=20", st.game)
    assert isinstance(medium, MCTSAgent)
    medium.choose(st.clone(), 0, random.Random(1))
    assert medium.last_iterations == 20


def test_a_book_the_game_does_not_declare_is_refused() -> None:
    st = _middle_game()
    with pytest.raises(AgentError, match=r"book must be one of game\|off\|drill\|raid\|seal in trench_checkers, got 'blitz'"):
        make_agent("mcts:book=blitz", st.game)
    agent = MCTSAgent(iterations=5, book="blitz")  # built without a game: refused at its first decision
    with pytest.raises(AgentError, match="'blitz'"):
        agent.choose(st.clone(), 0, random.Random(0))


def test_hard_plays_the_raid_and_medium_the_games_own_book() -> None:
    st = _middle_game()
    hard, medium = make_agent("hard", st.game), make_agent("medium", st.game)
    assert isinstance(hard, MCTSAgent) and isinstance(medium, MCTSAgent)
    assert (hard.style, medium.style) == ("raid", "game")
    assert hard.iterations >= medium.iterations  # never below medium's search
    assert hard.choose(st.clone(), 0, random.Random(4)) == hunt.book_action(st, 0, "raid")


def _terrain_phase(seed: int) -> TrenchState:
    """A new game played on by seeded random choices to its terrain placement (rule 2.3)."""
    from dicefront.agents.common import sample_outcome
    from dicefront.core.registry import load

    rng = random.Random(seed)
    st = load("trench_checkers").new_state()
    while st.phase != TERRAIN:
        if st.is_chance:
            st.apply_chance(sample_outcome(st, rng))
            continue
        mover = st.actors[0]
        st.apply(rng.choice(st.legal_actions(mover)), mover)
    return st


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seal_places_terrain_where_the_enemy_would_wake_its_commando(seed: int) -> None:
    st = _terrain_phase(seed)
    player = st.actors[0]
    wake = st.game.tables.wake[1 - player]
    legal = [a for a in st.legal_actions(player) if isinstance(a, PlaceTerrain)]
    sealing = [a for a in legal if a.cell in wake]
    assert sealing, f"seed {seed}: no tile next to the enemy's Commando takes terrain"
    chosen = hunt.book_action(st, player, "seal")
    assert chosen in sealing, f"seed {seed}: {chosen}"
    assert hunt.book_action(st, player, "raid") is None and hunt.book_action(st, player) is None  # the search places


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seal_never_walls_off_its_own_commando_when_it_need_not(seed: int) -> None:
    # every placement that seals nothing: the one chosen keeps our walk to our
    # Commando as short as any placement can
    st = _terrain_phase(seed)
    player = st.actors[0]
    wake = st.game.tables.wake[1 - player]
    for cell in wake:  # those tiles taken: nothing left to seal
        if cell not in st.board:
            st.terrain[cell] = 0
    legal = [a for a in st.legal_actions(player) if isinstance(a, PlaceTerrain)]
    assert legal and not any(a.cell in wake for a in legal)

    def walk(a: PlaceTerrain) -> float:
        child = st.clone()
        child.push(a, player)
        return hunt.build_value(child, player)

    chosen = hunt.seal_terrain(st, player)
    assert chosen is not None and walk(chosen) == max(walk(a) for a in legal), f"seed {seed}"
