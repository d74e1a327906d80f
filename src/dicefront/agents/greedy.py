"""The one-ply greedy agent: every legal action scored by its exact expected
evaluation over the dice that follow it, up to the next decision."""

from __future__ import annotations

import random
from typing import Any

from ..core.game import State
from .common import after_action, check_player, expected_value
from .params import Param, check_values

TIE = 1e-9

GREEDY_PARAMS: tuple[Param, ...] = (
    Param("epsilon", "float", 0.0, "the chance of playing a random action instead (human-like slips)", low=0, high=1),
)


class GreedyAgent:
    """Scores each action by ``E[evaluate]`` over the chance outcomes that follow it
    (exact probabilities) and plays the best; ties are broken with the RNG.

    ``epsilon``: the chance of playing a uniformly random action instead (used by the
    ``easy`` level to make human-like slips)."""

    name = "greedy"

    def __init__(self, epsilon: float = 0.0) -> None:
        self.epsilon = float(check_values(GREEDY_PARAMS, "greedy", {"epsilon": epsilon})["epsilon"])
        if self.epsilon:
            self.name = f"greedy:epsilon={self.epsilon:g}"

    def scores(self, state: State, player: int, rng: random.Random | None = None) -> list[tuple[Any, float]]:
        """Every legal action of ``player`` with its expected evaluation (``rng``
        samples the dice only where they are too many to enumerate)."""
        return [(a, expected_value(after_action(state, a, player), player, rng)) for a in check_player(state, player)]

    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = check_player(state, player)
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and rng.random() < self.epsilon:
            return actions[rng.randrange(len(actions))]
        scored = self.scores(state, player, rng)
        best = max(v for _, v in scored)
        top = [a for a, v in scored if v >= best - TIE]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]
