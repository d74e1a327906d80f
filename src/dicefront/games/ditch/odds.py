"""Ditch: the only decision inside an action is the defender's answer to an attack
(rule 5.6: an adjacent Soldier may take the attack instead). A move's decision (where
the pawn goes after its roll) is the next decision, so a move's odds are its roll."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.policy import Choice, Context, GamePolicies, Policy, best_action
from .actions import Cover
from .constants import Phase
from .rules import DitchState


def _cover_choices(state: State) -> tuple[int, list[Action]] | None:
    """The defender and its cover options when the state asks for a cover decision."""
    if not isinstance(state, DitchState) or state.phase != Phase.COVER:
        return None
    defender = state.player
    return defender, list[Action](state.legal_actions(defender))


def _no_cover(actions: list[Action]) -> Action:
    return next(a for a in actions if isinstance(a, Cover) and a.cell is None)


class BestCover(Policy):
    name = "best-cover"
    description = (
        "the defender lets an adjacent Soldier take the attack exactly when that gives the defender "
        "the better expected material (ties: no cover)"
    )

    def decide(self, state: State, ctx: Context) -> Choice | None:
        found = _cover_choices(state)
        if found is None:
            return None
        defender, legal = found
        stay = _no_cover(legal)
        ordered = [stay] + [a for a in legal if a != stay]
        return defender, best_action(state, defender, ordered, ctx)


class NoCover(Policy):
    name = "no-cover"
    description = "the defender never lets a Soldier take the attack"

    def decide(self, state: State, ctx: Context) -> Choice | None:
        found = _cover_choices(state)
        return None if found is None else (found[0], _no_cover(found[1]))


class AlwaysCover(Policy):
    name = "cover"
    description = "an adjacent Soldier always takes the attack when there is one (the first in board order)"

    def decide(self, state: State, ctx: Context) -> Choice | None:
        found = _cover_choices(state)
        if found is None:
            return None
        defender, legal = found
        return defender, legal[0]


POLICIES = GamePolicies(default=BestCover.name, policies=(BestCover(), NoCover(), AlwaysCover()))
