"""The uniform random agent."""

from __future__ import annotations

import random
from typing import Any

from ..core.game import State
from .common import check_player


class RandomAgent:
    """Picks uniformly among the legal actions, using only the RNG it is given."""

    name = "random"

    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = check_player(state, player)
        return actions[rng.randrange(len(actions))]
