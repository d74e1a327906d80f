"""Die Fighting's own ``hard`` (``games/die_fighting/levels.py``): a fixed budget, so a
loaded machine neither weakens it nor changes its moves, and the search that values an
activation by its best follow-up."""

from __future__ import annotations

import random

import dicefront
from dicefront.agents import MCTSAgent, make_agent
from dicefront.core import State
from tests.conftest import random_walk


def decision(seed: int) -> State:
    """A position of random play where the mover has several choices."""
    walk = random_walk(dicefront.load("die_fighting").new_state(), random.Random(seed), 400)
    for st in walk[30:]:
        if not st.is_terminal and not st.is_chance and len(st.legal_actions(st.actors[0])) > 3:
            return st
    raise AssertionError(f"seed {seed}: random play found no position with several choices")


def test_hard_searches_a_fixed_budget_above_medium_valuing_an_activation_by_its_best_follow_up() -> None:
    game = dicefront.load("die_fighting")
    hard, medium = make_agent("hard", game), make_agent("medium", game)
    assert isinstance(hard, MCTSAgent) and isinstance(medium, MCTSAgent)
    assert hard.seconds == 0.0, "hard is cut by no clock"
    assert hard.iterations > medium.iterations
    assert hard.chain_max and not medium.chain_max
    assert hard.c < medium.c


def test_hard_plays_the_same_move_for_the_same_seed() -> None:
    for seed in (1, 2):
        st = decision(seed)
        mover = st.actors[0]
        game = st.game
        first = make_agent("hard", game).choose(st.clone(), mover, random.Random(seed))
        again = make_agent("hard", game).choose(st.clone(), mover, random.Random(seed))
        assert first == again, f"seed {seed}: hard chose {first} and then {again}"
        assert first in st.legal_actions(mover), f"seed {seed}"
