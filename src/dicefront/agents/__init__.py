"""Computer players, found by name (``make_agent("random")``, ``make_agent("mcts:iterations=400")``)
or by level for people (``make_agent("hard")``)."""

from .base import (
    Agent,
    AgentInfo,
    agent_infos,
    agent_names,
    clock_bound,
    clock_warning,
    game_levels,
    levels,
    make_agent,
    parse_spec,
    register_agent,
    register_level,
    resolved_spec,
)
from .greedy import GREEDY_PARAMS, GreedyAgent
from .mcts import ISMCTS_PARAMS, MCTS_PARAMS, MCTSAgent, make_ismcts
from .params import Param
from .random_agent import RandomAgent
from .rollout import ROLLOUT_PARAMS, RolloutAgent
from .speed import mcts_iterations_per_second

register_agent("random", RandomAgent, (), "picks uniformly among the legal actions")
register_agent("greedy", GreedyAgent, GREEDY_PARAMS,
               "plays the action with the best expected evaluation over the dice that follow")
register_agent("mcts", MCTSAgent, MCTS_PARAMS,
               "Monte Carlo tree search with chance nodes and information sets")
register_agent("ismcts", make_ismcts, ISMCTS_PARAMS,
               "mcts re-sampling hidden information at every iteration")
register_agent("rollout", RolloutAgent, ROLLOUT_PARAMS,
               "greedy's best few actions, each valued by playing on with a base policy on common dice")

LEVELS = {
    "easy": "greedy:epsilon=0.25",
    "medium": "mcts:iterations=200",
    "hard": "mcts:iterations=1000:seconds=0.9:min_iterations=400",
}
"""Levels for people (``dicefront play --vs LEVEL``). ``hard`` searches 1000
iterations a decision, cut short after about a second on a slow machine but never
below 400 iterations (twice ``medium``'s 200, however loaded the machine).

This is the default table: a game package may give any of these levels a spec of its
own in an optional ``levels`` role module (``LEVELS = {"hard": "mcts:..."}``, see
docs/adding-a-game.md); ``make_agent(level, game)`` and ``levels(game)`` read it."""

for _level, _spec in LEVELS.items():
    register_level(_level, _spec)

__all__ = [
    "LEVELS",
    "Agent",
    "AgentInfo",
    "GreedyAgent",
    "MCTSAgent",
    "Param",
    "RandomAgent",
    "RolloutAgent",
    "agent_infos",
    "agent_names",
    "clock_bound",
    "clock_warning",
    "game_levels",
    "levels",
    "make_agent",
    "make_ismcts",
    "mcts_iterations_per_second",
    "parse_spec",
    "register_agent",
    "register_level",
    "resolved_spec",
]
