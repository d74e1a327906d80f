"""Agents: ``choose(state, player, rng) -> action``.

An agent is handed a copy of the state it may look at freely: a determinized copy in
hidden-information games, so it cannot cheat even by accident. Its only randomness
is the RNG it is given."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..core.errors import AgentError
from ..core.game import State


class Agent(Protocol):
    name: str

    def choose(self, state: State, player: int, rng: random.Random) -> Any: ...


AgentFactory = Callable[..., Agent]
_AGENTS: dict[str, AgentFactory] = {}
_LEVELS: dict[str, str] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    _AGENTS[name] = factory


def register_level(level: str, spec: str) -> None:
    """A named level for people (easy, medium, hard) standing for an agent spec."""
    _LEVELS[level] = spec


def agent_names() -> list[str]:
    return sorted(_AGENTS) + sorted(_LEVELS)


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def make_agent(spec: str) -> Agent:
    """Build an agent from ``name`` or ``name:key=value:key=value``."""
    spec = spec.strip()
    spec = _LEVELS.get(spec, spec)
    name, *params = spec.split(":")
    if name not in _AGENTS:
        raise AgentError(f"unknown agent {name!r}; available: {', '.join(agent_names())}")
    kwargs: dict[str, Any] = {}
    for p in params:
        key, sep, value = p.partition("=")
        if not sep or not key:
            raise AgentError(f"agent parameter {p!r} in {spec!r} must look like key=value")
        kwargs[key] = _parse_value(value)
    try:
        return _AGENTS[name](**kwargs)
    except TypeError as exc:
        raise AgentError(f"bad parameters for agent {name!r}: {exc}") from exc
