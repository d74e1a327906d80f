"""Die Fighting: an attack's rolls (attack, defence, damage) and a break-away's rolls
follow the order with no decision in between; a successful break-away ends at the
move it allows (the next decision). The initiative roll that opens the next round
belongs to the next decision, not to the last action of a round."""

from __future__ import annotations

from ...core.game import State
from ..policy import GamePolicies, Stop, register_policies


def initiative_roll(state: State) -> bool:
    return state.view(None).get("phase") == "initiative"


register_policies("die_fighting", GamePolicies(default=Stop.name, policies=(Stop(),), next_dice=initiative_roll))
