"""Position evaluation for Hell's Ditch computer players, and outcome labels for the
exact-odds feature. Both read only public facts (loot, HP, positions, razed villages),
never a plan that has not been revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from .constants import Kind

if TYPE_CHECKING:
    from .rules import HellsDitchState

RECRUIT_WORTH = 2.0  # HP-equivalent of an eliminated warband that can come back


def _material(state: HellsDitchState, p: int) -> float:
    return sum(hp if where is not None else RECRUIT_WORTH for where, hp in zip(state.loc[p], state.hp[p], strict=True))


def _reach(state: HellsDitchState, p: int) -> float:
    """How close the side's warbands stand to villages still worth razing: 1 for a
    warband in one, less the further away, 0 with no village reachable."""
    near = state.game.tables.near
    razed = state.razed
    best = 0.0
    for where in state.loc[p]:
        if where is None:
            continue
        for dist, village in near[where]:  # nearest first: the first unrazed one
            if village not in razed:
                best += 1.0 / (1 + dist)
                break
    return best / 3


def evaluate(state: HellsDitchState, player: int) -> float:
    """Value in [-1, 1] for ``player``: loot lead and closeness to the target weigh
    most, then warband HP (eliminated warbands count a little, they can be
    recruited), then how near the warbands are to unrazed villages."""
    if state.is_terminal:
        return state.returns()[player]
    other = 1 - player
    target = state.game.options.target_loot
    loot = (state.loot[player] - state.loot[other]) / target
    race = (state.loot[player] ** 2 - state.loot[other] ** 2) / (target * target)
    material = (_material(state, player) - _material(state, other)) / 15
    reach = _reach(state, player) - _reach(state, other)
    score = 0.45 * loot + 0.2 * race + 0.2 * material + 0.1 * reach
    return max(-0.95, min(0.95, score))


_ROLL, _ELIMINATED = Kind.ROLL, Kind.ELIMINATED
_LABELLED = frozenset((Kind.ROLL, Kind.ELIMINATED, Kind.BACK_OUT))
"""The kinds of event an outcome label reads."""


def outcome_label(before: HellsDitchState, after: HellsDitchState, events: list[Event], player: int) -> str | None:
    """Group results by what matters to ``player``: eliminations, retreats, damage
    dealt and taken, loot gained ("enemy eliminated", "dealt 2, took 1", "+1 loot")."""
    other = 1 - player
    parts = []
    gone: set[Any] = set()
    backed: set[Any] = set()
    dealt = taken = 0
    for e in events:  # one pass: the odds engine labels every position it reaches
        kind = e.kind
        if kind not in _LABELLED:
            continue
        if kind == _ROLL:
            hits = e.data["hits"]
            dealt += hits[player]
            taken += hits[other]
        elif kind == _ELIMINATED:
            gone.add(e.data.get("player"))
        else:
            backed.add(e.data.get("player"))
    if gone == {player, other}:
        parts.append("both eliminated")
    elif other in gone:
        parts.append("enemy eliminated")
    elif player in gone:
        parts.append("yours eliminated")
    if player in backed:
        parts.append("you back out")
    if other in backed:
        parts.append("enemy backs out")
    if (dealt or taken) and not gone:
        parts.append(f"dealt {dealt}, took {taken}")
    gained = after.loot[player] - before.loot[player]
    if gained:
        parts.append(f"+{gained} loot")
    return "; ".join(parts) or "no change"
