"""Computer players, found by name (``make_agent("random")``)."""

from .base import Agent, agent_names, make_agent, register_agent, register_level
from .random_agent import RandomAgent

register_agent("random", RandomAgent)

__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "register_agent", "register_level"]
