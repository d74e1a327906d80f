"""Knowledge for computer players: a position evaluation and the outcome labels used
by the exact-odds feature. Both read only what every player may see."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from .constants import Kind, Threat
from .tactics import ROWS

if TYPE_CHECKING:
    from .rules import ArmyState


def evaluate(state: ArmyState, player: int) -> float:
    """Value in [-1, 1] for ``player``: men left (material), how close the leading
    man is to the far end (the race), the army's average advance, and the Sergeant."""
    if state.is_terminal:
        return state.returns()[player]
    count = [0, 0]
    lead = [ROWS + 1, ROWS + 1]
    advance = [0.0, 0.0]
    for m in state.men.values():  # gone: rows to the far end; ROWS + 1 - gone: rows come
        row = m[1]
        if m[0] == 0:
            count[0] += 1
            if ROWS + 1 - row < lead[0]:
                lead[0] = ROWS + 1 - row
            advance[0] += row / ROWS
        else:
            count[1] += 1
            if row < lead[1]:
                lead[1] = row
            advance[1] += (ROWS + 1 - row) / ROWS
    me, you = player, 1 - player
    if count[me] + count[you] == 0:
        return 0.0
    material = (count[me] - count[you]) / (count[me] + count[you])
    race = (lead[you] - lead[me]) / ROWS
    progress = (advance[me] / max(count[me], 1) - advance[you] / max(count[you], 1))
    sergeant = (1.0 if state.sergeant_lost[you] else 0.0) - (1.0 if state.sergeant_lost[me] else 0.0)
    value = 0.45 * material + 0.35 * race + 0.1 * progress + 0.1 * sergeant
    return max(-0.95, min(0.95, value))


def outcome_label(before: ArmyState, after: ArmyState, events: list[Event], player: int) -> str:
    """A short label for what an action and its dice led to: "saved"/"killed" for an
    attack, "captures"/"captured" for a move, "mine: survived"/"mine: killed",
    "minefield cleared", "wins"."""
    labels = []
    for e in events:
        if not e.visible_to(player):
            continue
        if e.kind == Kind.WIN:
            labels.append("escapes and wins")
        elif e.kind == Kind.SAVE:
            cause = "" if e.data.get("cause") == Threat.ATTACK else "mine: "
            result = e.data.get("result")
            labels.append(cause + ("survived" if cause and result == "saved" else str(result)))
        elif e.kind == Kind.MOVE and "captured" in e.data:
            labels.append("captured" if e.data["captured"] == e.data.get("man") else "captures")
        elif e.kind == Kind.MINE_CLEARED:
            labels.append("minefield cleared")
        elif e.kind == Kind.GAME_OVER:
            w = e.data.get("winner")
            labels.append("draw" if w is None else ("wins" if w == player else "loses"))
        elif e.kind == Kind.ROLL and "first" in e.data:
            labels.append(f"player {e.data['first']} goes first")
        elif e.kind == Kind.ROLL and "dice" in e.data:
            labels.append("rolls " + "-".join(str(d) for d in sorted(e.data["dice"], reverse=True)))
    return "; ".join(labels) or "no losses"
