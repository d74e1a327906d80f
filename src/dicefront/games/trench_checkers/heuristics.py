"""Position evaluation and outcome labels for Trench Checkers computer players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event

if TYPE_CHECKING:
    from .rules import TrenchState

VALUE = {"S": 1.0, "V": 1.8, "C": 3.0}


def evaluate(state: TrenchState, player: int) -> float:
    """Value in [-1, 1] for ``player``: material (Veterans and an active Commando weigh
    more), progress toward the enemy's farthest trench, cards in hand and depots taken.
    Reads only public facts and hand sizes."""
    if state.is_terminal:
        return state.returns()[player]
    b = state.game.board
    score = [0.0, 0.0]
    span = max(1, b.height - 1)
    for cell, stack in state.board.items():
        owner = b.owner(stack[0])
        for pid in stack:
            r = state.rank[pid]
            v = VALUE[r]
            if r == "C":
                v *= 1.0 if state.active[owner] else 0.7
                v *= 0.7 if state.wounded[owner] else 1.0
            elif r == "S":
                v += 0.3 * b.progress(owner, cell[1]) / span
            score[owner] += v
    for p in (0, 1):
        score[p] += 0.25 * state.hand_size(p) + 0.2 * sum(1 for d in state.claimed if b.half(d) != p)
    total = score[0] + score[1]
    if total <= 0:
        return 0.0
    return max(-1.0, min(1.0, (score[player] - score[1 - player]) / total))


def outcome_label(events: list[Event], player: int) -> str:
    """Group results for exact odds: the battle verdict plus pieces lost by each side."""
    for e in events:
        if e.kind == "battle":
            result = {"attacker": "attacker wins", "defender": "defender wins", "tie": "tie"}[e.data["result"]]
            removed = e.data["removed"]
            return f"{result}; you lose {removed[player]}, enemy loses {removed[1 - player]}"
        if e.kind == "cancelled":
            return "attack cancelled"
    kinds = [e.text for e in events if e.kind not in ("roll", "draw") and e.visible_to(player)]
    return "; ".join(kinds) or "no change"
