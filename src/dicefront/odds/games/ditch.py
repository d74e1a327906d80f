"""Ditch: the only decision inside an action is the defender's answer to an attack
(rule 5.6: an adjacent Soldier may take the attack instead). A move's decision (where
the pawn goes after its roll) is the next decision, so a move's odds are its roll."""

from __future__ import annotations

from ...core.game import Action, State
from ..policy import Choice, Context, GamePolicies, Policy, best_action, register_policies


def _cover_choices(state: State) -> tuple[int, list[Action]] | None:
    """The defender and its cover options when the state asks for a cover decision."""
    if len(state.actors) != 1:
        return None
    defender = state.actors[0]
    legal = state.legal_actions(defender)
    if legal and all(str(a) == "no-cover" or str(a).startswith("cover ") for a in legal):
        return defender, legal
    return None


def _no_cover(actions: list[Action]) -> Action:
    return next(a for a in actions if str(a) == "no-cover")


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
        ordered = [_no_cover(legal)] + [a for a in legal if str(a) != "no-cover"]
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


register_policies("ditch", GamePolicies(default=BestCover.name, policies=(BestCover(), NoCover(), AlwaysCover())))
