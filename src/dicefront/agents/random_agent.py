"""The uniform random agent."""

from __future__ import annotations

import random
from typing import Any

from ..core.game import State


class RandomAgent:
    """Picks uniformly among the legal actions, using only the RNG it is given."""

    name = "random"

    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError(f"player {player} has no legal action")
        return actions[rng.randrange(len(actions))]
