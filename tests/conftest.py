"""Shared test fixtures. Randomised tests take an explicit seed and show it in their
test id and in failure messages."""

from __future__ import annotations

import random
from typing import Any

import dicefront
from dicefront.core import State, sample


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
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            player = state.actors[0]
            actions = state.legal_actions(player)
            state.apply(actions[rng.randrange(len(actions))], player)
        seen.append(state.clone())
    return seen


def play_out(state: State, rng: random.Random, limit: int = 100_000) -> State:
    random_walk(state, rng, limit)
    return state
