"""Computer players, found by name (``make_agent("random")``, ``make_agent("mcts:iterations=400")``)
or by level for people (``make_agent("hard")``)."""

from .base import Agent, agent_names, make_agent, register_agent, register_level
from .greedy import GreedyAgent
from .mcts import MCTSAgent, make_ismcts, mcts_iterations_per_second
from .random_agent import RandomAgent

register_agent("random", RandomAgent)
register_agent("greedy", GreedyAgent)
register_agent("mcts", MCTSAgent)
register_agent("ismcts", make_ismcts)

LEVELS = {
    "easy": "greedy:epsilon=0.25",
    "medium": "mcts:iterations=200",
    "hard": "mcts:seconds=0.9",
}
"""Levels for people (``dicefront play --vs LEVEL``). ``hard`` thinks for about a
second per decision; measurements use iteration budgets instead."""

for _level, _spec in LEVELS.items():
    register_level(_level, _spec)

__all__ = [
    "LEVELS", "Agent", "GreedyAgent", "MCTSAgent", "RandomAgent", "agent_names", "make_agent",
    "make_ismcts", "mcts_iterations_per_second", "register_agent", "register_level",
]
