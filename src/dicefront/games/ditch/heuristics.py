"""A position evaluation for Ditch computer players (material and reserves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import DitchState


def evaluate(state: DitchState, player: int) -> float:
    """Value in [-1, 1] for ``player``: pawns on the board weigh most, then pawns that
    can still come back through reinforcements."""
    if state.is_terminal:
        return state.returns()[player]
    score = [0.0, 0.0]
    for owner, _ in state.pawns.values():
        score[owner] += 1.0
    for p in (0, 1):
        score[p] += sum(state.to_deploy[p].values())
        score[p] += 0.6 * min(state.reinforcements[p], sum(state.fallen[p].values()))
    total = score[0] + score[1]
    if total == 0:
        return 0.0
    return (score[player] - score[1 - player]) / total
