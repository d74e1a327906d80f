"""Ditch: the only decision inside an action is the defender's answer to an attack
(rule 5.6: an adjacent Soldier may take the attack instead). A move's decision (where
the pawn goes after its roll) is the next decision, so a move's odds are its roll."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.policy import GamePolicies, WindowPolicy
from .actions import Cover
from .constants import Phase
from .rules import DitchState


def _cover_choices(state: State) -> tuple[int, list[Action]] | None:
    """The defender and its answers to an attack, not covering first."""
    if not isinstance(state, DitchState) or state.phase != Phase.COVER:
        return None
    legal = state.legal_actions(state.player)
    stay = [a for a in legal if isinstance(a, Cover) and a.cell is None]
    return state.player, [*stay, *(a for a in legal if a not in stay)]


def _covers_first(state: State) -> tuple[int, list[Action]] | None:
    """The same decision with the Soldiers first, in board order."""
    found = _cover_choices(state)
    return None if found is None else (found[0], [*found[1][1:], found[1][0]])


BEST_COVER = WindowPolicy(
    "best-cover",
    "the defender lets an adjacent Soldier take the attack exactly when that gives the defender "
    "the better expected material (ties: no cover)",
    _cover_choices,
    "best",
)
NO_COVER = WindowPolicy("no-cover", "the defender never lets a Soldier take the attack", _cover_choices)
COVER = WindowPolicy(
    "cover", "an adjacent Soldier always takes the attack when there is one (the first in board order)", _covers_first
)

POLICIES = GamePolicies(default=BEST_COVER.name, policies=(BEST_COVER, NO_COVER, COVER))
