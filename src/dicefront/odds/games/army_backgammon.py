"""Army Man Backgammon: an attack's saving throw and a minefield's saving throw follow
the action with no decision in between, so no policy is needed. The next turn's
roll (rule 4.2) opens the next player's decisions: a stance change that ends the turn
has no dice of its own. Hidden minefields are re-sampled (see the package notes)."""

from __future__ import annotations

from ...core.game import State
from ..policy import GamePolicies, Stop, register_policies


def next_turn_roll(state: State) -> bool:
    return state.view(None).get("phase") == "roll"


register_policies("army_backgammon", GamePolicies(default=Stop.name, policies=(Stop(),), next_dice=next_turn_roll))
