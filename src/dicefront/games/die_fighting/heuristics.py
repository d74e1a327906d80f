"""Position evaluation for Die Fighting computer players, and outcome labels for the
exact-odds feature."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from .constants import EventKind
from .tables import split_key

if TYPE_CHECKING:
    from .rules import DieFightingState


def evaluate(state: DieFightingState, player: int) -> float:
    """Value in [-1, 1] for ``player``: the points value of each side's units scaled by
    their remaining strength (material; units bought and not yet deployed at their
    cost), and the points already eliminated in a timed game."""
    if state.is_terminal:
        return state.returns()[player]
    table = state.game.table
    material = [0.0, 0.0]
    values = table.values
    for u in state.units.values():
        key = (u.kind, u.commander, u.points, u.uses)
        value = values.get(key)
        if value is None:
            card = table.units[u.kind]
            value = table.cost(u.kind, u.commander) * (0.4 + 0.6 * u.points / card.die)
            if card.ranged:
                value *= 0.6 + 0.4 * u.uses / max(card.uses, 1)
            values[key] = value
        material[u.owner] += value
    # units bought but not yet deployed count at full strength (a deployed unit at full
    # strength is worth its cost too), so buying, deploying and fighting share one scale
    for p in (0, 1):
        for k, n in state.army[p].items():
            material[p] += table.cost(*split_key(k)) * n
    total = material[0] + material[1]
    if total <= 0:
        return 0.0
    score = (material[player] - material[1 - player]) / total
    if state.game.options.victory == "timed":
        lost = state.lost
        score += 0.5 * (lost[1 - player] - lost[player]) / max(state.game.points, 1)
    return max(-0.95, min(0.95, score))


def outcome_label(before: DieFightingState, after: DieFightingState, events: list[Event], player: int) -> str:
    """Group an action's result: "miss", "3 damage", "eliminated", "broke away",
    "held", for attacks and break-aways; otherwise the visible event texts."""
    kinds = [e for e in events if e.visible_to(player)]
    hurt = [e for e in kinds if e.kind in (EventKind.DAMAGE, EventKind.ELIMINATED)]
    if hurt:
        parts = []
        for e in hurt:
            if e.kind == EventKind.ELIMINATED:
                parts.append(f"{e.data.get('cell')} eliminated")
            elif "lost" in e.data:
                continue
            else:
                parts.append(f"{e.data.get('cell')} {e.data.get('damage')} damage")
        return ", ".join(parts)
    rolls = [e for e in kinds if e.kind == EventKind.ROLL and "success" in e.data]
    if any(e.kind == EventKind.BREAK_AWAY for e in kinds):
        if any(e.kind == EventKind.BREAK_AWAY and not e.data.get("roll") for e in kinds):
            return "broke away"
        if rolls:
            return "broke away" if rolls[-1].data["success"] else "held"
    if rolls and not any(e.data["success"] for e in rolls):
        return "miss"
    texts = [e.text for e in kinds if e.kind not in (EventKind.ROLL, EventKind.PHASE, EventKind.ROUND, EventKind.DAMAGE_LOST)]
    return "; ".join(texts) or "no change"
