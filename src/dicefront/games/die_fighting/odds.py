"""Die Fighting: an attack's rolls (attack, defence, damage) and a break-away's rolls
follow the order with no decision in between; a successful break-away ends at the
move it allows (the next decision). The initiative roll that opens the next round
belongs to the next decision, not to the last action of a round."""

from __future__ import annotations

from ...core.game import State
from ...core.policy import GamePolicies, Stop
from .constants import Phase
from .rules import DieFightingState


def initiative_roll(state: State) -> bool:
    return isinstance(state, DieFightingState) and state.phase == Phase.INITIATIVE


POLICIES = GamePolicies(default=Stop.name, policies=(Stop(),), next_dice=initiative_roll)
