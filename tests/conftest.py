"""Shared test fixtures. Randomised tests take an explicit seed and show it in their
test id and in failure messages."""

from __future__ import annotations

import random
from typing import Any

import dicefront
from dicefront.core import State, random_step


def game_presets() -> list[tuple[str, str, dict[str, Any]]]:
    """(game, preset name, options) for every registered game and preset."""
    out = []
    for name in dicefront.names():
        presets = dicefront.load(name).spec.presets or {"default": {}}
        for preset, options in presets.items():
            out.append((name, preset, dict(options)))
    return out


def random_walk(state: State, rng: random.Random, limit: int) -> list[State]:
    """Play uniformly random actions and outcomes from ``state``; return every state
    visited (copies), ending at a terminal state or at ``limit`` steps."""
    seen = [state.clone()]
    for _ in range(limit):
        if not random_step(state, rng, checked=True):
            break
        seen.append(state.clone())
    return seen


def play_out(state: State, rng: random.Random, limit: int = 100_000) -> State:
    random_walk(state, rng, limit)
    return state
