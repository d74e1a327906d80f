"""Position evaluation for Die Fighting computer players, and outcome labels for the
exact-odds feature."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from ...core.events import Event
from .actions import Activate, Attack, Charge, DieFightingAction, MoveTo, Pass
from .constants import ROLLING, EventKind, PendingKind, Phase, Stage
from .tables import Unit, UnitTable, split_key

if TYPE_CHECKING:
    from .rules import DieFightingState

PASS = Pass()

THREAT_NOW = 0.5
"""Share of a unit's best expected damage (in material) on an enemy it can attack from
where it stands, credited to its side: the enemy may act first or step away."""
THREAT_MOVE = 0.25
"""The same for an enemy it could reach by moving first (and less, the farther beyond)."""
TEMPO = 0.5
"""Extra share of one unit's threat credited to the side that strikes next (its best
unit not yet done; in the combat phase, the unit choosing its order): that unit's
attack comes before any answer, so the mover realises it in full. Without it the
side to act gained on average over its own activation (the evaluation drifted), and
a search that looked one activation deeper saw its best lines fall behind shallow
ones (docs/agent-strength.md, "`hard` vs `medium`, fourth round")."""
MEMO_SIZE = 50_000
"""Positions whose threats are remembered per unit table, then forgotten at once."""
BOUND = 0.95
"""Every non-final position is valued within this bound; the end of the game is +-1."""
FLOOR = 0.4
"""The share of a unit's cost it is worth whatever its strength left; the rest is
scaled by its strength left (``unit_value``)."""


def _two_d6() -> dict[int, int]:
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    return counts


TWO_D6 = _two_d6()
"""Ways (of 36) to roll each total on 2d6."""


def beat_chance(total: int, defence: int) -> float:
    """P(``total`` > 2d6 + ``defence``): an attack roll of ``total`` hits (rule 8.2)."""
    return sum(n for s, n in TWO_D6.items() if total > s + defence) / 36


HIT = {edge: sum(n * m for s, n in TWO_D6.items() for t, m in TWO_D6.items() if s + edge > t) / 1296 for edge in range(-12, 13)}
"""P(2d6 + attack > 2d6 + defence) by attack - defence (rule 8.2)."""


def unit_value(table: UnitTable, kind: str, commander: str, points: int, uses: int) -> float:
    """A unit's worth in material: its cost scaled by its remaining strength (and a
    Ranged unit's by its uses left); 0 once eliminated."""
    if points <= 0:
        return 0.0
    key = (kind, commander, points, uses)
    value = table.values.get(key)
    if value is None:
        card = table.units[kind]
        value = table.cost(kind, commander) * (FLOOR + (1 - FLOOR) * points / card.die)
        if card.ranged:
            value *= 0.6 + 0.4 * uses / max(card.uses, 1)
        table.values[key] = value
    return value


def expected_loss(table: UnitTable, attacker: Unit, target: Unit, blocked: bool = False, share: int = 1,
                  hit: float | None = None) -> float:
    """The material ``target`` is expected to lose to one attack by ``attacker``: the
    chance to hit (rules 8.2, 8.3; ``hit`` when already known) times the mean loss over
    the damage die (rules 8.4, 8.5), the damage split ``share`` ways and at most 1 when
    a Ranged attacker shoots through Blocking terrain (rule 8.7)."""
    key = (attacker.kind, attacker.commander, target.kind, target.commander, target.points, target.uses, blocked, share)
    loss = table.threats.get(key) if hit is None else None
    if loss is None:
        card, foe = table.units[attacker.kind], table.units[target.kind]
        bonus = card.damage_bonus + table.bonus(attacker.kind, attacker.commander, "damage")
        before = unit_value(table, target.kind, target.commander, target.points, target.uses)
        lost = 0.0
        for face in range(1, card.damage + 1):
            damage = (face + bonus) // share
            if blocked:
                damage = min(damage, 1)
            lost += before - unit_value(table, target.kind, target.commander, target.points - damage, target.uses)
        lost /= card.damage
        if hit is not None:
            return hit * lost
        if card.ranged or foe.ranged:
            hit = 1.0
        else:
            edge = table.stat(attacker.kind, attacker.commander, "attack") - table.stat(target.kind, target.commander, "defence")
            hit = HIT[max(-12, min(12, edge))]
        loss = table.threats[key] = hit * lost
    return loss


def evaluate(state: DieFightingState, player: int) -> float:
    """Value in [-1, 1] for ``player``: the points value of each side's units scaled by
    their remaining strength (material; units bought and not yet deployed at their
    cost), plus a share of the expected damage of each unit's best attack on offer
    (more if it can attack from where it stands), an attack under way at its odds, and
    the points already eliminated in a timed game."""
    if state.is_terminal:
        return state.returns()[player]
    table = state.game.table
    material = [0.0, 0.0]
    for u in state.units.values():
        material[u.owner] += unit_value(table, u.kind, u.commander, u.points, u.uses)
    # units bought but not yet deployed count at full strength (a deployed unit at full
    # strength is worth its cost too), so buying, deploying and fighting share one scale
    for p in (0, 1):
        for k, n in state.army[p].items():
            material[p] += table.cost(*split_key(k)) * n
    total = material[0] + material[1]
    if total <= 0:
        return 0.0
    gain = (0.0, 0.0)
    if state.stage in (Stage.INITIATIVE, Stage.MOVE, Stage.COMBAT):
        gain = _gains(state)
    score = (material[player] + gain[player] - material[1 - player] - gain[1 - player]) / total
    if state.game.options.victory == "timed":
        lost = state.lost
        score += 0.5 * (lost[1 - player] - lost[player]) / max(state.game.points, 1)
    return max(-BOUND, min(BOUND, score))


def _gains(state: DieFightingState) -> tuple[float, float]:
    """``threats`` plus an attack under way, remembered by everything they read:
    a search values the same position many times (an attack's 1,296 x 6 rolls end
    in a handful of positions)."""
    combat = state.stage == Stage.COMBAT
    key = (state.field, combat, state.phase if combat else None, state.active if combat else None, state.pending,
           frozenset(state.units.items()), frozenset(state.done) if combat else None, state.player, state.first)
    memo = state.game.table.positions
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        gain = threats(state)
        _pending(state, gain)
        found = memo[key] = (gain[0], gain[1])
    return found


def striker(state: DieFightingState) -> tuple[int, int | None] | None:
    """Who strikes next, and with which unit if it is already chosen: in the movement
    phase the initiative winner (it activates first in combat, rule 4.3); in the
    combat phase the player choosing a unit, or the unit choosing its order; while an
    activation is being resolved, the player who activates after it; None before the
    initiative is rolled (or when nobody has a unit left to activate)."""
    if state.stage == Stage.MOVE:
        return (state.first, None)
    if state.stage != Stage.COMBAT:
        return None
    if state.phase == Phase.COMBAT:
        return (state.player, None)
    if state.phase == Phase.ORDER:
        return (state.player, state.active)
    for p in (1 - state.player, state.player):
        if state.can_activate(p):
            return (p, None)
    return None


def threats(state: DieFightingState) -> list[float]:
    """For each player, the summed threat of its units still to attack this round: each
    unit's best expected damage on one enemy (``expected_loss``), weighted THREAT_NOW
    if in range now, THREAT_MOVE if a move first brings it in range, and by
    THREAT_MOVE * move / distance beyond that (a pull towards the enemies it beats);
    the side that strikes next (``striker``) gets TEMPO x its striking unit's threat
    on top (its best unit's, when none is chosen yet)."""
    out = [0.0, 0.0]
    first = striker(state)
    top = 0.0
    table = state.game.table
    board = state.board
    # in the combat phase a unit that has attacked is done; the unit choosing its
    # order (already marked done) still has its attack to make
    done = state.done if state.stage == Stage.COMBAT else ()
    choosing = state.active if state.phase == Phase.ORDER else None
    sides: tuple[list[Unit], list[Unit]] = ([], [])
    for u in state.units.values():
        sides[u.owner].append(u)
    for uid, u in state.units.items():
        if uid in done and uid != choosing:
            continue
        card = table.units[u.kind]
        if card.ranged and u.uses <= 0:  # rule 8.6
            continue
        reach = table.stat(u.kind, u.commander, "range")
        move = table.stat(u.kind, u.commander, "speed") + table.stat(u.kind, u.commander, "movement")
        adjacent = board.adjacent[u.cell]
        ux, uy = u.cell
        best = 0.0
        for e in sides[1 - u.owner]:
            d = max(abs(e.cell[0] - ux), abs(e.cell[1] - uy))
            if d <= reach and (d > 1 or e.cell in adjacent):
                weight = THREAT_NOW
            elif d - reach <= move:
                weight = THREAT_MOVE
            else:
                weight = THREAT_MOVE * move / (d - reach)
            if weight * table.cost(e.kind, e.commander) <= best:
                continue  # cannot beat the best found (a loss is below the target's cost)
            blocked = card.ranged and d > 1 and board.line_blocked(u.cell, e.cell)
            value = weight * expected_loss(table, u, e, blocked)
            if value > best:
                best = value
        out[u.owner] += best
        if first is not None and first[0] == u.owner and first[1] in (None, uid) and best > top:
            top = best
    if first is not None:
        out[first[0]] += TEMPO * top
    return out


def _pending(state: DieFightingState, gain: list[float]) -> None:
    """An attack whose dice are being rolled, at its odds: the targets still to roll
    defence against the attack total (when known), those hit for sure."""
    p = state.pending
    if p is None or p.kind != PendingKind.ATTACK or state.phase not in ROLLING or p.unit not in state.units:
        return
    table = state.game.table
    unit = state.units[p.unit]
    for tid in p.targets:
        target = state.units.get(tid)
        if target is None:
            continue
        if tid in p.hits:
            hit = 1.0
        elif state.phase == Phase.DAMAGE_ROLL or tid not in p.queue:
            continue  # missed
        elif p.total is not None:
            hit = beat_chance(p.total, table.stat(target.kind, target.commander, "defence"))
        else:
            edge = table.stat(unit.kind, unit.commander, "attack") - table.stat(target.kind, target.commander, "defence")
            hit = HIT[max(-12, min(12, edge))]
        blocked = table.units[unit.kind].ranged and state.board.line_blocked(unit.cell, target.cell)
        gain[unit.owner] += expected_loss(table, unit, target, blocked, len(p.targets), hit)


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
    texts = [after.game.shown_text(e.text) for e in kinds if e.kind not in (EventKind.ROLL, EventKind.PHASE, EventKind.ROUND, EventKind.DAMAGE_LOST)]
    return "; ".join(texts) or "no change"


def rollout_action(state: DieFightingState, player: int, rng: random.Random) -> DieFightingAction | None:
    """A cheap, sensible action for playing a position on (``rollout`` and ``mcts``'s
    ``rollout_policy=game``): in combat, the order with the best expected damage by the
    tables' odds (``expected_loss``; a pass when none does any), a unit with an enemy in
    range activated first; in the movement phase, the square nearest an enemy (for a
    Ranged unit, the nearest square with an enemy in range but none adjacent). None
    elsewhere (set-up, break-away moves): a uniform legal action instead."""
    phase = state.phase
    if phase == Phase.ORDER:
        return _best_order(state, player)
    if phase == Phase.MOVE_TO:
        return _best_square(state, player)
    if phase == Phase.COMBAT:
        return _eager_unit(state, player, rng)
    return None


def _best_order(state: DieFightingState, player: int) -> DieFightingAction | None:
    if state.active is None:
        return None
    table = state.game.table
    unit = state.units[state.active]
    ranged = table.units[unit.kind].ranged
    best: DieFightingAction | None = None
    top = 0.0
    legal = state.legal_actions(player)
    for action in legal:
        if isinstance(action, Attack):
            share = len(action.targets)
            value = 0.0
            for cell in action.targets:
                target = state.unit_at(cell)
                if target is not None:
                    blocked = ranged and state.board.line_blocked(unit.cell, cell)
                    value += expected_loss(table, unit, target, blocked, share)
        elif isinstance(action, Charge):
            target = state.unit_at(action.target)
            value = 0.0 if target is None else expected_loss(table, unit, target)
        else:
            continue
        if value > top:
            best, top = action, value
    if best is None and PASS in legal:
        return PASS
    return best


def _best_square(state: DieFightingState, player: int) -> DieFightingAction | None:
    if state.active is None:
        return None
    unit = state.units[state.active]
    enemies = [e.cell for e in state.units.values() if e.owner != player]
    if not enemies:
        return None
    reach = state.game.table.stat(unit.kind, unit.commander, "range") if state.card(unit).ranged else 1
    best: DieFightingAction | None = None
    top = -math.inf
    for action in state.legal_actions(player):
        if not isinstance(action, MoveTo):
            continue
        x, y = action.cell
        near = min(max(abs(ex - x), abs(ey - y)) for ex, ey in enemies)
        if reach == 1:
            score = -near
        else:  # Ranged: any square with an enemy in range and none adjacent, else the nearest
            score = -reach if near == 1 else -max(near - reach, 0)
        if score > top:
            best, top = action, score
    return best


def _eager_unit(state: DieFightingState, player: int, rng: random.Random) -> DieFightingAction | None:
    actions = state.legal_actions(player)
    enemies = [e.cell for e in state.units.values() if e.owner != player]
    table = state.game.table
    eager = []
    for action in actions:
        unit = state.unit_at(action.cell) if isinstance(action, Activate) else None
        if unit is None:
            continue
        reach = table.stat(unit.kind, unit.commander, "range")
        x, y = unit.cell
        if any(max(abs(ex - x), abs(ey - y)) <= reach for ex, ey in enemies):
            eager.append(action)
    pool = eager or actions
    return pool[rng.randrange(len(pool))] if pool else None
