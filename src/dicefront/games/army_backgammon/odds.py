"""Army Man Backgammon: an attack's saving throw and a minefield's saving throw follow
the action with no decision in between, so no policy is needed. The next turn's
roll (rule 4.2) opens the next player's decisions: a stance change that ends the turn
has no dice of its own. Hidden minefields are re-sampled (see the package notes)."""

from __future__ import annotations

from ...core.game import State
from ...core.policy import GamePolicies, Stop
from .constants import Phase
from .rules import ArmyState


def next_turn_roll(state: State) -> bool:
    return isinstance(state, ArmyState) and state.phase == Phase.ROLL


POLICIES = GamePolicies(default=Stop.name, policies=(Stop(),), next_dice=next_turn_roll)
