"""``mcts:chain``: what an action followed by another decision of the same player is
worth in UCB. ``mean`` (the default, plain UCT) averages its follow-ups; ``max`` takes
its best follow-up's mean, so a choice is not ranked by how many poor follow-ups come
with it (a Die Fighting activation and then its move; the moves of one turn)."""

from __future__ import annotations

import random

import pytest

from dicefront.agents import make_agent
from dicefront.agents.mcts import MCTSAgent, _chained, _Edge, _Node
from dicefront.core import AgentError

from .toys import ErrandGame, Word

SEEDS = [1, 2, 3, 4, 5]


def _choose(spec: str, seed: int) -> str:
    agent = make_agent(spec)
    state = ErrandGame().new_state()
    return str(agent.choose(state, 0, random.Random(seed)))


@pytest.mark.parametrize("seed", SEEDS)
def test_chain_max_values_a_choice_by_its_best_follow_up(seed: int) -> None:
    # wide's best errand is worth 0.9, narrow's 0.3; the average over wide's errands is
    # -0.72, so a small plain search goes narrow
    assert _choose("mcts:iterations=30:chain=max", seed) == "wide", f"seed {seed}"
    assert _choose("mcts:iterations=30", seed) == "narrow", f"seed {seed}"


def test_chain_max_still_finds_the_best_errand() -> None:
    state = ErrandGame().new_state()
    state.apply(Word("wide"), 0)
    assert str(make_agent("mcts:iterations=30:chain=max").choose(state, 0, random.Random(1))) == "w0"


def _edge(n: int, w: float, child: _Node | None = None) -> _Edge:
    e = _Edge()
    e.n, e.w, e.child = n, w, child
    return e


def _node(mover: int, edges: list[_Edge]) -> _Node:
    node = _Node()
    node.mover, node.acts, node.elist = mover, [object() for _ in edges], edges
    return node


def test_chained_takes_the_best_follow_up_from_the_movers_side() -> None:
    follow = [_edge(2, 1.6), _edge(1, -0.5), _edge(0, 0.0)]  # means 0.8, -0.5, unvisited
    assert _chained(_edge(4, 0.0, _node(0, follow)), 0) == pytest.approx(0.8)
    assert _chained(_edge(4, 0.0, _node(1, follow)), 1) == pytest.approx(-0.5)  # player 1 wants the lowest


def test_chained_keeps_the_mean_where_the_other_player_or_nobody_decides_next() -> None:
    follow = [_edge(2, 1.6)]
    assert _chained(_edge(4, 1.0, _node(1, follow)), 0) == pytest.approx(0.25)  # the opponent's move
    assert _chained(_edge(4, 1.0, _node(-1, follow)), 0) == pytest.approx(0.25)  # dice, or not yet known
    assert _chained(_edge(4, 1.0, _node(0, [_edge(0, 0.0)])), 0) == pytest.approx(0.25)  # nothing visited below
    assert _chained(_edge(4, 1.0), 0) == pytest.approx(0.25)  # a leaf


def test_chain_is_a_checked_parameter() -> None:
    agent = make_agent("mcts:chain=max")
    assert isinstance(agent, MCTSAgent) and agent.chain_max
    plain = make_agent("mcts")
    assert isinstance(plain, MCTSAgent) and not plain.chain_max
    with pytest.raises(AgentError, match="chain"):
        make_agent("mcts:chain=median")
