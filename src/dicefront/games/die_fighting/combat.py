"""The combat phase: tactical actions (Break Away, Charge, Regroup) and attacks with
their dice (rules 7 and 8 of RULES.md)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, NamedTuple

from ...core.chance import Roll
from ...core.events import Event
from ...core.game import Action
from ...core.grid import Cell, Grid
from .actions import Attack, BreakAway, Charge, DieFightingAction, Pass, Regroup
from .constants import (
    EV_ATTACK,
    EV_BREAK_AWAY,
    EV_CHARGE,
    EV_DAMAGE,
    EV_DAMAGE_LOST,
    EV_ELIMINATED,
    EV_PASS,
    EV_REGROUP,
    EV_ROLL,
    PH_ATTACK_ROLL,
    PH_BREAK_MOVE,
    PH_DAMAGE_ROLL,
    PH_DEFENCE_ROLL,
    PK_ATTACK,
    PK_BREAK,
    PendingKind,
)
from .tables import Unit
from .terrain import CELL_NAMES

if TYPE_CHECKING:
    from .rules import DieFightingState


class Pending(NamedTuple):
    """An attack or a break-away roll being resolved.

    ``targets``: unit ids attacked (for a break-away, the enemy rolling defence);
    ``total``: the attack roll total once rolled; ``queue``: targets still to roll
    defence; ``hits``: targets hit so far."""

    kind: PendingKind
    unit: int
    targets: tuple[int, ...]
    total: int | None = None
    queue: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()


# ----- what the active unit may do ---------------------------------------------------------------

PASS = Pass()
BREAK_AWAY = BreakAway()
"""Made once (frozen: equal to fresh ones)."""


def can_attack(state: DieFightingState, unit: Unit) -> bool:
    """Rule 8.6: a Ranged unit with no uses left cannot attack."""
    return not state.card(unit).ranged or unit.uses > 0


def attack_targets(state: DieFightingState, unit: Unit, enemies: list[Unit] | None = None) -> list[Cell]:
    """Rule 8.1: enemies within range (squares counted like moves, diagonals 1); at
    range 1 only truly adjacent ones (rule 5.5). ``enemies``: the other side's units,
    when the caller has them."""
    rng = state.stat(unit, "range")
    ux, uy = unit.cell
    adjacent = state.board.adjacent[unit.cell]
    out = []
    if enemies is None:
        enemies = [e for e in state.units.values() if e.owner != unit.owner]
    for e in enemies:
        d = max(abs(e.cell[0] - ux), abs(e.cell[1] - uy))
        if d <= rng and (d > 1 or e.cell in adjacent):
            out.append(e.cell)
    return sorted(out, key=_order)


def charge_square(state: DieFightingState, unit: Unit, target: Cell, reach: dict[Cell, int] | None = None) -> Cell | None:
    """Rule 7.5: the nearest legal square next to the target: the cheapest to reach,
    then the closest to where the charge starts, then the first in board order.
    ``reach``: ``state.reach(unit)`` when the caller has it."""
    ux, uy = unit.cell
    if reach is not None:
        best: tuple[int, int, int, int] | None = None
        for c in state.board.adjacent[target]:
            cost = reach.get(c)
            if cost is None or c == unit.cell:
                continue
            key = (cost, max(abs(c[0] - ux), abs(c[1] - uy)), c[1], c[0])
            if best is None or key < best:
                best = key
        return None if best is None else (best[3], best[2])
    board = state.board
    around = board.adjacent_mask[target] & ~board.bit[unit.cell]
    for layer in state.reach_layers(unit):  # the cheapest first
        found = layer & around
        if found:  # the closest, then the first in board order
            return min(board.pick(board.cells, found), key=lambda c: max(abs(c[0] - ux), abs(c[1] - uy)))
    return None


def breakaway_foe(state: DieFightingState, unit: Unit, adjacent: list[Unit] | None = None) -> Unit | None:
    """Rules 7.2-7.3: the adjacent enemy that rolls defence against a Break Away (the
    best defender among those holding the unit), or None for an automatic one.
    ``adjacent``: ``state.adjacent_enemies(unit)`` when the caller has it."""
    mounted = state.card(unit).mounted
    holders = [e for e in (state.adjacent_enemies(unit) if adjacent is None else adjacent)
               if (state.card(e).mounted if mounted else not state.card(e).ranged)]
    if not holders:
        return None
    return min(holders, key=lambda e: (-state.stat(e, "defence"), -e.points, _order(e.cell)))


def may_break_away(state: DieFightingState, unit: Unit, adjacent: list[Unit] | None = None) -> bool:
    card = state.card(unit)
    if card.ranged:  # rule 7.4
        return False
    if adjacent is None:
        adjacent = state.adjacent_enemies(unit)
    if card.mounted:  # rule 7.3
        return bool(adjacent)
    return breakaway_foe(state, unit, adjacent) is not None  # rule 7.2


def regroup_partners(state: DieFightingState, unit: Unit, adjacent: list[Unit] | None = None, enemies: int | None = None) -> list[Cell]:
    """Rule 7.6: an adjacent friendly unit of the same type (option ``regroup = kind``:
    the same kind), not yet activated, with neither next to an enemy and at least one of
    them below full strength. ``adjacent`` (``state.adjacent_enemies(unit)``) and
    ``enemies`` (the enemy squares as a bit mask): when the caller has them."""
    if state.adjacent_enemies(unit) if adjacent is None else adjacent:
        return []
    board = state.board
    if enemies is None:
        enemies = sum(board.bit[e.cell] for e in state.units.values() if e.owner != unit.owner)
    cards = state.game.table.units
    card = cards[unit.kind]
    full, by_kind = card.die, state.game.options.regroup == "kind"
    around, at, done, units = board.adjacent_mask, state.at, state.done, state.units
    out = []
    for c in board.adjacent[unit.cell]:
        uid = at.get(c)
        if uid is None or uid in done:
            continue
        other = units[uid]
        if other.owner != unit.owner or around[c] & enemies:
            continue
        if other.kind != unit.kind and (by_kind or cards[other.kind].type != card.type):
            continue
        if unit.points < full or other.points < cards[other.kind].die:
            out.append(c)
    return sorted(out, key=_order) if len(out) > 1 else out


def order_actions(state: DieFightingState) -> list[DieFightingAction]:
    """The active unit's choices (rule 7.1), in the order Pass, attacks, charges,
    regroups, break away; worked out on bit masks of the board, in one pass over the
    units (``attack_targets``, ``charge_targets``, ``regroup_partners`` and
    ``may_break_away`` give the same answers one at a time)."""
    assert state.active is not None
    unit = state.units[state.active]
    table = state.game.table
    card = table.units[unit.kind]
    board = state.board
    bit, cells = board.bit, board.cells
    owner, here = unit.owner, unit.cell
    enemies = 0  # the enemy squares, and those of enemies holding a Foot unit (rule 7.2)
    holding = 0
    for e in state.units.values():
        if e.owner != owner:
            b = bit[e.cell]
            enemies |= b
            if table.units[e.kind].type != "ranged":
                holding |= b
    adjacent = enemies & board.adjacent_mask[here]
    out: list[DieFightingAction] = [PASS]
    attacking = card.type != "ranged" or unit.uses > 0  # rule 8.6
    if attacking:
        in_range = enemies & board.in_range(here, table.stat(unit.kind, unit.commander, "range"))
        if in_range:
            targets = tuple(board.pick(cells, in_range))
            most = table.stat(unit.kind, unit.commander, "targets")
            attack = board.attack
            if most == 1:
                out.extend(attack((t,)) for t in targets)
            else:
                for k in range(1, min(len(targets), most) + 1):
                    out.extend(attack(combo) for combo in itertools.combinations(targets, k))
        if not adjacent:  # rule 7.5
            budget = table.stat(unit.kind, unit.commander, "speed") + table.stat(unit.kind, unit.commander, "movement")
            near = enemies & board.near(here, budget + 1)
            if near:
                out.extend(board.charge[c] for c in _charge_cells(state, unit, near))
    if not adjacent:
        out.extend(board.regroup[c] for c in regroup_partners(state, unit, [], enemies))
    elif card.type == "mounted" or (card.type != "ranged" and adjacent & holding):  # rules 7.2-7.4
        out.append(BREAK_AWAY)
    if len(out) > 1 and state.game.options.combat_pass == "when-stuck":
        del out[0]  # rule 7.1: a unit that can act must act
    return out


def _charge_cells(state: DieFightingState, unit: Unit, near: int) -> list[Cell]:
    """The squares of ``near`` (enemies) with a square next to them the unit can reach."""
    board = state.board
    # charge_square finds a square iff a reachable free square other than the start is next to the target
    reach = state.reach_mask(unit) & ~board.bit[unit.cell]
    adjacent = board.adjacent_mask
    return [e for e in board.pick(board.cells, near) if adjacent[e] & reach]


def charge_targets(state: DieFightingState, unit: Unit, enemies: list[Unit] | None = None) -> list[Cell]:
    """Enemies the unit can reach a square next to this move (rule 7.5). ``enemies``:
    the other side's units, when the caller has them."""
    budget = state.stat(unit, "speed") + state.stat(unit, "movement")
    board = state.board
    cells = state.enemy_cells(unit.owner) if enemies is None else [e.cell for e in enemies]
    near = sum(board.bit[c] for c in cells) & board.near(unit.cell, budget + 1)
    return _charge_cells(state, unit, near) if near else []


def order_reason(state: DieFightingState, action: Action) -> str | None:
    assert state.active is not None
    unit = state.units[state.active]
    if isinstance(action, (Attack, Charge)) and not can_attack(state, unit):
        return "this Ranged unit has no uses left"
    if isinstance(action, Attack):
        return "the targets must be different enemy units in range, no more than the unit's number of targets"
    if isinstance(action, Charge):
        if state.adjacent_enemies(unit):
            return "a unit that starts its combat activation next to an enemy cannot charge"
        return f"no square next to {Grid.name(action.target)} can be reached this move"
    if isinstance(action, Regroup):
        return f"{Grid.name(action.partner)} is not an adjacent unactivated friend of the same kind (both away from enemies, one damaged)"
    if isinstance(action, BreakAway):
        return "only an engaged Foot or Mounted unit may break away"
    return None


# ----- doing it ---------------------------------------------------------------------------------------


def apply_order(state: DieFightingState, action: Action, player: int) -> list[Event]:
    assert state.active is not None
    uid = state.active
    unit = state.units[uid]
    who = state.name(unit)
    if isinstance(action, Pass):
        return [Event(EV_PASS, f"{who} holds its ground.", {"cell": CELL_NAMES[unit.cell]}), *state.end_activation()]
    if isinstance(action, Attack):
        return start_attack(state, uid, [state.at[c] for c in action.targets])
    if isinstance(action, Charge):
        dest = charge_square(state, unit, action.target)
        assert dest is not None
        ev = Event(EV_CHARGE, f"{who} charges the {_label(state, state.unit_at(action.target))} on {CELL_NAMES[action.target]}, "
                   f"moving to {CELL_NAMES[dest]}.", {"from": CELL_NAMES[unit.cell], "to": CELL_NAMES[dest], "target": CELL_NAMES[action.target]})
        state.move_unit(uid, dest)
        return [ev, *start_attack(state, uid, [state.at[action.target]])]
    if isinstance(action, Regroup):
        return _regroup(state, uid, state.at[action.partner])
    if isinstance(action, BreakAway):
        return _break_away(state, uid)
    raise TypeError(f"not a combat action: {action!r}")


def _regroup(state: DieFightingState, uid: int, pid: int) -> list[Event]:  # rule 7.6
    state.done.add(pid)
    texts = []
    for i in (uid, pid):
        u = state.units[i]
        new = min(u.points + 1, state.card(u).die)
        state.units[i] = u._replace(points=new)
        texts.append(f"{CELL_NAMES[u.cell]} {u.points}->{new}")
    unit = state.units[uid]
    other = state.units[pid]
    names = f"two {state.card(unit).name}" if other.kind == unit.kind else f"{state.card(unit).name} and {state.card(other).name}"
    ev = Event(EV_REGROUP, f"{state.game.player_name(unit.owner)}'s {names} regroup ({', '.join(texts)}).",
               {"cells": [CELL_NAMES[state.units[uid].cell], CELL_NAMES[state.units[pid].cell]]})
    return [ev, *state.end_activation()]


def _break_away(state: DieFightingState, uid: int) -> list[Event]:  # rules 7.2-7.3
    unit = state.units[uid]
    foe = breakaway_foe(state, unit)
    if foe is None:
        state.phase = PH_BREAK_MOVE
        return [Event(EV_BREAK_AWAY, f"{state.name(unit)} breaks away without a roll.", {"cell": CELL_NAMES[unit.cell], "roll": False})]
    state.pending = Pending(PK_BREAK, uid, (state.at[foe.cell],))
    state.phase = PH_ATTACK_ROLL
    return [Event(EV_BREAK_AWAY, f"{state.name(unit)} tries to break away from the {_label(state, foe)} on {CELL_NAMES[foe.cell]}.",
                  {"cell": CELL_NAMES[unit.cell], "foe": CELL_NAMES[foe.cell], "roll": True})]


def start_attack(state: DieFightingState, uid: int, targets: list[int]) -> list[Event]:
    unit = state.units[uid]
    ranged = state.card(unit).ranged
    if ranged:  # rule 8.6
        state.units[uid] = unit._replace(uses=unit.uses - 1)
    names = ", ".join(f"the {_label(state, state.units[t])} on {CELL_NAMES[state.units[t].cell]}" for t in targets)
    extra = f" ({unit.uses - 1} uses left)" if ranged else ""
    events = [Event(EV_ATTACK, f"{state.name(unit)} attacks {names}{extra}.",
                    {"attacker": CELL_NAMES[unit.cell], "targets": [CELL_NAMES[state.units[t].cell] for t in targets]})]
    # rule 8.3: Ranged attackers and Ranged defenders: no rolls, an automatic hit
    rolling = () if ranged else tuple(t for t in targets if not state.card(state.units[t]).ranged)
    hits = tuple(t for t in targets if t not in rolling)
    state.pending = Pending(PK_ATTACK, uid, tuple(targets), None, rolling, hits)
    state.phase = PH_ATTACK_ROLL if rolling else PH_DAMAGE_ROLL
    return events


def damage_die(state: DieFightingState) -> int:
    assert state.pending is not None
    return int(state.card(state.units[state.pending.unit]).damage)


def apply_roll(state: DieFightingState, roll: Roll) -> list[Event]:
    if state.phase == PH_ATTACK_ROLL:
        return _attack_roll(state, roll)
    if state.phase == PH_DEFENCE_ROLL:
        return _defence_roll(state, roll)
    return _damage_roll(state, roll)


def _attack_roll(state: DieFightingState, roll: Roll) -> list[Event]:  # rule 8.2
    p = state.pending
    assert p is not None
    unit = state.units[p.unit]
    bonus = state.stat(unit, "attack") + (state.stat(unit, "breakaway") if p.kind == PK_BREAK else 0)
    a, b = int(roll.faces[0]), int(roll.faces[1])
    total = a + b + bonus
    state.pending = Pending(p.kind, p.unit, p.targets, total, p.queue if p.kind == PK_ATTACK else p.targets, p.hits)
    state.phase = PH_DEFENCE_ROLL
    what = "Break-away roll" if p.kind == PK_BREAK else "Attack roll"
    return [Event(EV_ROLL, f"{what}: {_show(a, b, bonus)}.", {"dice": [a, b], "bonus": bonus, "total": total}, dice=(a, b))]


def _defence_roll(state: DieFightingState, roll: Roll) -> list[Event]:  # rule 8.2
    p = state.pending
    assert p is not None and p.total is not None
    tid = p.queue[0]
    target = state.units[tid]
    bonus = state.stat(target, "defence")
    a, b = int(roll.faces[0]), int(roll.faces[1])
    total = a + b + bonus
    success = p.total > total
    data = {"dice": [a, b], "bonus": bonus, "total": total, "against": p.total, "success": success}
    head = f"Defence roll of the {_label(state, target)} on {CELL_NAMES[target.cell]}: {_show(a, b, bonus)} against {p.total}"
    if p.kind == PK_BREAK:
        if success:
            state.phase, state.pending = PH_BREAK_MOVE, None
            return [Event(EV_ROLL, f"{head}: the unit breaks away.", data, dice=(a, b))]
        return [Event(EV_ROLL, f"{head}: the unit is held and stays engaged.", data, dice=(a, b)), *state.end_activation()]
    hits = (*p.hits, tid) if success else p.hits
    queue = p.queue[1:]
    state.pending = Pending(p.kind, p.unit, p.targets, p.total, queue, hits)
    events = [Event(EV_ROLL, f"{head}: {'hit' if success else 'miss'}.", data, dice=(a, b))]
    if queue:
        return events
    if hits:
        state.phase = PH_DAMAGE_ROLL
        return events
    return [*events, *state.end_activation()]


def _damage_roll(state: DieFightingState, roll: Roll) -> list[Event]:
    """Rules 8.4, 8.5 and 8.7: damage die plus bonus, shared between the targets hit."""
    p = state.pending
    assert p is not None
    unit = state.units[p.unit]
    bonus = state.card(unit).damage_bonus + state.game.table.bonus(unit.kind, unit.commander, "damage")
    face = int(roll.faces[0])
    total = face + bonus
    hits = [t for t in p.targets if t in p.hits]
    base, extra = divmod(total, len(hits))
    shares = [(t, base + (1 if i < extra else 0)) for i, t in enumerate(hits)]
    shown = f"{face}+{bonus}={total}" if bonus else f"{face}"
    events = [Event(EV_ROLL, f"Damage roll: {shown}.", {"die": face, "bonus": bonus, "total": total}, dice=(face,))]
    ranged = state.card(unit).ranged
    for tid, share in shares:
        if tid not in state.units or share <= 0:
            continue
        target = state.units[tid]
        if ranged and share > 1 and state.board.line_blocked(unit.cell, target.cell):  # rule 8.7
            events.extend(_hurt(state, tid, 1, "behind Blocking terrain, at most 1"))
            other = _overflow_unit(state, unit, target.cell) if state.game.options.blocked_overflow else None
            if other is not None:
                events.extend(_hurt(state, other, share - 1, "the rest of a blocked shot"))
            else:
                events.append(Event(EV_DAMAGE_LOST, f"{share - 1} damage is lost against the Blocking terrain.", {"lost": share - 1}))
        else:
            events.extend(_hurt(state, tid, share, ""))
    return [*events, *state.end_activation()]


def _overflow_unit(state: DieFightingState, shooter: Unit, cell: Cell) -> int | None:
    """Rule 8.7: the enemy next to the sheltered target with an open line from the
    shooter; the weakest first, then board order."""
    best: tuple[int, tuple[int, int], int] | None = None
    for c in state.board.adjacent[cell]:
        uid = state.at.get(c)
        if uid is None or state.units[uid].owner == shooter.owner or state.board.line_blocked(shooter.cell, c):
            continue
        key = (state.units[uid].points, _order(c), uid)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


def _hurt(state: DieFightingState, tid: int, amount: int, why: str) -> list[Event]:  # rule 8.5
    target = state.units[tid]
    left = target.points - amount
    note = f" ({why})" if why else ""
    who = f"The {_label(state, target)} on {CELL_NAMES[target.cell]}"
    data = {"cell": CELL_NAMES[target.cell], "damage": amount, "owner": target.owner}
    if left <= 0:
        state.remove_unit(tid)
        return [Event(EV_ELIMINATED, f"{who} takes {amount} damage{note} and is eliminated.", {**data, "left": 0})]
    state.units[tid] = target._replace(points=left)
    return [Event(EV_DAMAGE, f"{who} takes {amount} damage{note}: {left} points left.", {**data, "left": left})]


def _label(state: DieFightingState, unit: Unit | None) -> str:
    if unit is None:
        return "unit"
    return f"{state.game.player_name(unit.owner)} {state.game.table.label(unit.kind, unit.commander)}"


def _show(a: int, b: int, bonus: int) -> str:
    return f"{a}+{b}+{bonus}={a + b + bonus}" if bonus else f"{a}+{b}={a + b}"


def _order(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])
