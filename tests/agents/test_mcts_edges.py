"""MCTS keeps a node's statistics by position in its legal-action list while the list
repeats, and by action once a determinized sample offers a different list."""

from __future__ import annotations

import random
import re

import pytest

from dicefront.agents.mcts import MCTSAgent, _Node
from dicefront.core.errors import AgentError


def test_same_list_reuses_edges_by_position_without_per_edge_counts() -> None:
    node = _Node()
    first = node.edges_for(["a", "b", "c"], trusted=False)
    again = node.edges_for(["a", "b", "c"], trusted=False)
    assert first is again
    assert node.by_action is None
    assert node.edges_for(["x"], trusted=True) is first  # trusted: no comparison at all


def test_a_different_list_switches_to_action_keys_with_availability() -> None:
    agent = MCTSAgent(iterations=10, c=1.0)
    node = _Node()
    rng = random.Random(0)
    for _ in range(3):
        action, edge = agent._select(node, ["a", "b", "c"], 0, rng)
        edge.n += 1
        edge.w += 1.0 if action == "b" else 0.0
    assert node.visits == 3 and node.by_action is None
    action, edge = agent._select(node, ["d", "b"], 0, rng)
    assert action == "d" and edge.n == 0  # the new action is tried first
    edges = node.edges
    assert set(edges) == {"a", "b", "c", "d"}
    assert edges["b"].avail == 4 and edges["a"].avail == 3 and edges["d"].avail == 1
    edge.n += 1
    action, _ = agent._select(node, ["d", "b"], 0, rng)
    assert action == "b"  # b won its visit, d did not
    assert edges["a"].avail == 3 and edges["b"].avail == 5


def test_prior_weights_the_exact_first_value() -> None:
    from dicefront.agents import make_agent

    from .toys import ShowdownGame

    state = ShowdownGame().new_state()
    state.push_chance(state.chance_outcomes()[0][0])
    agent = make_agent("mcts:iterations=2:prior=5")
    assert isinstance(agent, MCTSAgent) and agent.prior == 5
    root = agent.search(state, 0, random.Random(1))
    assert sorted(e.n for e in root.edges.values()) == [5, 5]
    plain = MCTSAgent(iterations=2).search(state, 0, random.Random(1))
    assert sorted(e.n for e in plain.edges.values()) == [1, 1]


def _means(spec: str, seed: int) -> dict[str, float]:
    from dicefront.agents import make_agent

    from .toys import GambleGame

    agent = make_agent(spec)
    assert isinstance(agent, MCTSAgent)
    root = agent.search(GambleGame().new_state(), 0, random.Random(seed))
    return {str(a): e.w / e.n for a, e in root.edges.items()}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_correct_keeps_the_exact_value_when_the_dice_are_all_there_is(seed: int) -> None:
    # risky is worth 0 over the die, safe 0.1: with correct=1 a later visit backs up
    # the exact value plus what was found below the roll (nothing, here), so the means
    # stay exact; with correct=0 a later visit backs up one roll's value (+1 or -1)
    corrected = _means("mcts:iterations=60:correct=1", seed)
    assert corrected == pytest.approx({"safe": 0.1, "risky": 0.0}), f"seed {seed}"
    plain = _means("mcts:iterations=60", seed)
    assert plain["risky"] != pytest.approx(0.0), f"seed {seed}"


@pytest.mark.parametrize("bad", ["2", "-1", "0.5", "yes"])
def test_correct_is_zero_or_one(bad: str) -> None:
    from dicefront.agents import make_agent

    with pytest.raises(AgentError, match=re.escape("correct must be a whole number in 0..1")):
        make_agent(f"mcts:correct={bad}")
    with pytest.raises(AgentError, match="correct"):
        MCTSAgent(correct=2)
