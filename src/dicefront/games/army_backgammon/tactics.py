"""Pure tactics of a turn: which moves and attacks the dice allow (rules 5, 6, 8) and
how many dice a player can still use (rule 4.4, the backgammon "use your dice" rule).

These functions work on a plain ``men`` dict so that the look-ahead of rule 4.4 can
try moves without cloning a whole state. Rows are absolute: 1 is Green's back row,
24 Tan's; Green moves up the track, Tan down it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .tables import MAX_PER_ROW, Tables

ROWS = 24
OFF = 0  # the destination of a man who leaves the far end of the track (rule 9.1)
MOVE, ATTACK = "M", "A"

PLANS_TWO = {  # rule 4.3 and rules 8.1-8.3, for two dice
    "standard": (MOVE, ATTACK),
    "fire": (ATTACK, MOVE),
    "charge": (MOVE, MOVE),
    "dig-in": (ATTACK, ATTACK),
}


class Man(NamedTuple):
    owner: int
    row: int
    weapons: tuple[str, ...]
    stance: str
    sergeant: bool = False
    detector: bool = False


Men = dict[str, Man]


@dataclass(frozen=True)
class Context:
    """What the tactics need from the game's options and tables."""

    max_move: dict[str, int]
    ranges: dict[str, int]
    ahead_only: bool
    running: str = "running"

    @classmethod
    def build(cls, tables: Tables, ahead_only: bool) -> Context:
        return cls({s.name: s.max_move for s in tables.stances.values()}, dict(tables.ranges), ahead_only)


class Memo:
    """A small bounded memo of look-ahead results, owned by a game object (the oldest
    entries are dropped first). Keys hold everything a result depends on."""

    __slots__ = ("data", "size")

    def __init__(self, size: int = 4096) -> None:
        self.data: dict[Any, Any] = {}
        self.size = size

    def get(self, key: Any) -> Any:
        return self.data.get(key)

    def put(self, key: Any, value: Any) -> None:
        data = self.data
        if len(data) >= self.size:
            del data[next(iter(data))]
        data[key] = value


def plan(orders: str, dice: int) -> tuple[str, ...]:
    """The phases a turn's orders give, one die each (rules 4.3, 8 and 11.2): with more
    than two dice, Standard and Fire & Movement give the first phase the odd die."""
    first, second = PLANS_TWO[orders][0], PLANS_TWO[orders][1]
    if first == second:
        return (first,) * dice
    return (first,) * (dice - dice // 2) + (second,) * (dice // 2)


def forward(player: int) -> int:
    return 1 if player == 0 else -1


def to_exit(player: int, row: int) -> int:
    """Rows a man must move to leave the far end of the track."""
    return ROWS + 1 - row if player == 0 else row


def absolute_row(player: int, own_row: int) -> int:
    """A row counted from ``player``'s back row (1) as an absolute row."""
    return own_row if player == 0 else ROWS + 1 - own_row


def counts(men: Men) -> tuple[list[int], list[int]]:
    c0, c1 = [0] * (ROWS + 2), [0] * (ROWS + 2)
    for m in men.values():
        (c0 if m.owner == 0 else c1)[m.row] += 1
    return c0, c1


def without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def may_move_again(ctx: Context, man: Man, name: str, moved: tuple[str, ...], orders: str) -> bool:
    """Each man moves once a turn; under Charge Orders a running man may move twice
    (rule 8.4, Infiltration)."""
    times = moved.count(name)
    if times == 0:
        return True
    return orders == "charge" and man.stance == ctx.running and times < 2


def moves(ctx: Context, men: Men, player: int, dice: tuple[int, ...], moved: tuple[str, ...], orders: str) -> list[tuple[str, int, int]]:
    """Every (man, die, destination) the player may move now (rules 5.1-5.3, 9.1);
    destination OFF means the man leaves the track and wins."""
    own = counts(men)[player]
    step = forward(player)
    out = []
    faces = sorted(set(dice))
    for name, m in men.items():
        if m.owner != player or not may_move_again(ctx, m, name, moved, orders):
            continue
        limit = ctx.max_move[m.stance]
        gone = to_exit(player, m.row)
        for d in faces:
            if d > limit:
                break
            if d >= gone:
                out.append((name, d, OFF))
                continue
            dest = m.row + step * d
            if own[dest] < MAX_PER_ROW:
                out.append((name, d, dest))
    return out


def in_reach(ctx: Context, attacker: Man, target: Man) -> int:
    """The die face ``attacker`` needs to fire at ``target``, or 0 (rules 6.1-6.2)."""
    gap = target.row - attacker.row
    if ctx.ahead_only and gap * forward(attacker.owner) <= 0:
        return 0
    d = abs(gap)
    if d == 0 or d > 6:
        return 0
    for w in attacker.weapons:
        if ctx.ranges[w] == d:
            return d
    return 0


def attacks(ctx: Context, men: Men, player: int, dice: tuple[int, ...], fired: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """Every (attacker, target, die) the player may make now; each man fires at most
    once a turn (rule 8.3)."""
    if not dice:
        return []
    faces = set(dice)
    ranges = ctx.ranges
    own = []
    enemies = []
    for n, m in men.items():
        if m.owner != player:
            enemies.append((n, m.row))
        elif m.weapons and n not in fired:
            reach = {ranges[w] for w in m.weapons} & faces  # in_reach: a weapon of that range
            if reach:
                own.append((n, m.row, reach))
    out = []
    if ctx.ahead_only:
        step = forward(player)
        for an, row, reach in own:
            for tn, trow in enemies:
                gap = trow - row
                if gap * step > 0 and abs(gap) in reach:
                    out.append((an, tn, abs(gap)))
    else:
        for an, row, reach in own:
            for tn, trow in enemies:
                d = abs(trow - row)
                if d in reach:
                    out.append((an, tn, d))
    return out


def fire_options(ctx: Context, men: Men, player: int, dice: tuple[int, ...], fired: tuple[str, ...]) -> dict[tuple[str, int], None]:
    """The distinct (attacker, die) of ``attacks``: all the look-ahead needs, since an
    attack is assumed saved and so leaves the board as it was."""
    if not dice:
        return {}
    faces = set(dice)
    ranges = ctx.ranges
    enemy_rows = {m.row for m in men.values() if m.owner != player}
    ahead = ctx.ahead_only
    step = forward(player)
    out: dict[tuple[str, int], None] = {}  # a dict keeps the order fixed
    for n, m in men.items():
        if m.owner != player or not m.weapons or n in fired:
            continue
        row = m.row
        for w in m.weapons:
            d = ranges[w]
            if d in faces and ((row + step * d) in enemy_rows or (not ahead and (row - step * d) in enemy_rows)):
                out[n, d] = None
    return out


def after_move(men: Men, name: str, dest: int) -> Men:
    """The men after ``name`` moves to ``dest`` (captures of rules 5.4-5.5; no mines)."""
    new = dict(men)
    man = new.pop(name)
    if dest == OFF:
        return new
    enemies = [n for n, m in new.items() if m.owner != man.owner and m.row == dest]
    if len(enemies) >= 2:
        return new
    for n in enemies:
        del new[n]
    new[name] = man._replace(row=dest)
    return new


def any_move(ctx: Context, men: Men, player: int, dice: tuple[int, ...], moved: tuple[str, ...], orders: str) -> bool:
    """Whether ``moves`` would give anything (without listing it all)."""
    step = forward(player)
    faces = sorted(set(dice))
    own: list[int] | None = None
    for name, m in men.items():
        if m.owner != player or not may_move_again(ctx, m, name, moved, orders):
            continue
        limit = ctx.max_move[m.stance]
        gone = to_exit(player, m.row)
        for d in faces:
            if d > limit:
                break
            if d >= gone:
                return True
            if own is None:
                own = counts(men)[player]
            if own[m.row + step * d] < MAX_PER_ROW:
                return True
    return False


def any_attack(ctx: Context, men: Men, player: int, dice: tuple[int, ...], fired: tuple[str, ...]) -> bool:
    """Whether ``attacks`` would give anything (without listing it all)."""
    if not dice:
        return False
    ranges = ctx.ranges
    enemy_rows = {m.row for m in men.values() if m.owner != player}
    ahead = ctx.ahead_only
    step = forward(player)
    for n, m in men.items():
        if m.owner != player or not m.weapons or n in fired:
            continue
        row = m.row
        for w in m.weapons:
            d = ranges[w]
            if d in dice and ((row + step * d) in enemy_rows or (not ahead and (row - step * d) in enemy_rows)):
                return True
    return False


def _attack_after(ctx: Context, men: Men, player: int, dice: tuple[int, ...], fired: tuple[str, ...],
                  mover: str, dest: int, enemies: dict[int, int]) -> bool:
    """``any_attack`` on ``after_move(men, mover, dest)``; ``enemies`` counts the enemy
    men on each row before the move."""
    here = enemies.get(dest, 0)
    ranges = ctx.ranges
    ahead = ctx.ahead_only
    step = forward(player)
    for n, m in men.items():
        if m.owner != player or not m.weapons or n in fired:
            continue
        row = m.row
        if n == mover:
            if here >= 2:  # captured on arrival (rule 5.5)
                continue
            row = dest
        for w in m.weapons:
            d = ranges[w]
            if d not in dice:
                continue
            for target in (row + step * d, row - step * d) if not ahead else (row + step * d,):
                if enemies.get(target, 0) and not (target == dest and here == 1):
                    return True
    return False


def usable(ctx: Context, men: Men, player: int, slots: tuple[str, ...], dice: tuple[int, ...],
           moved: tuple[str, ...], fired: tuple[str, ...], orders: str) -> int:
    """The largest number of dice the player can still use in ``slots`` (rule 4.4).

    Attacks are assumed saved (the board does not change) and hidden minefields are
    ignored: a player is held to what can be known when the choice is made."""
    if not slots or not dice:
        return 0
    cap = min(len(slots), len(dice))
    if cap == 1:  # one die or one phase left: can any phase still to come use a die?
        for kind in dict.fromkeys(slots):
            if kind == ATTACK:
                if any_attack(ctx, men, player, dice, fired):
                    return 1
            elif any_move(ctx, men, player, dice, moved, orders):
                return 1
        return 0
    best = 0
    rest = slots[1:]
    if slots[0] == ATTACK:
        for an, d in fire_options(ctx, men, player, dice, fired):
            best = max(best, 1 + usable(ctx, men, player, rest, without(dice, d), moved, (*fired, an), orders))
            if best == cap:
                return best
    else:
        found = moves(ctx, men, player, dice, moved, orders)
        if found and len(dice) == 2 and rest and all(s == ATTACK for s in rest):
            # one die left, for attacks only: check them on the board after each move
            # without building it (same result as the general search below)
            enemies: dict[int, int] = {}
            for m in men.values():
                if m.owner != player:
                    enemies[m.row] = enemies.get(m.row, 0) + 1
            for name, d, dest in found:
                if dest == OFF or _attack_after(ctx, men, player, without(dice, d), fired, name, dest, enemies):
                    return cap
            best = 1
            found = []
        for name, d, dest in found:
            if dest == OFF:
                return cap  # leaving the track wins the game at once
            after = after_move(men, name, dest)
            best = max(best, 1 + usable(ctx, after, player, rest, without(dice, d), (*moved, name), fired, orders))
            if best == cap:
                return best
    if rest:
        best = max(best, usable(ctx, men, player, rest, dice, moved, fired, orders))
    return best
