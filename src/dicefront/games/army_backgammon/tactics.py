"""Pure tactics of a turn: which moves and attacks the dice allow (rules 5, 6, 8) and
how many dice a player can still use (rule 4.4, the backgammon "use your dice" rule).

These functions work on a plain ``men`` dict so that the look-ahead of rule 4.4 can
try moves without cloning a whole state. Rows are absolute: 1 is Green's back row,
24 Tan's; Green moves up the track, Tan down it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
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
    reach: dict[tuple[str, ...], tuple[int, ...]] = field(default_factory=dict, compare=False, hash=False)
    """The ranges each set of weapons fires at, sorted (filled as armies are met)."""

    def reach_of(self, weapons: tuple[str, ...]) -> tuple[int, ...]:
        found = self.reach.get(weapons)
        if found is None:
            found = self.reach[weapons] = tuple(sorted({self.ranges[w] for w in weapons}))
        return found

    @classmethod
    def build(cls, tables: Tables, ahead_only: bool) -> Context:
        return cls({s.name: s.max_move for s in tables.stances.values()}, dict(tables.ranges), ahead_only)


class Memo:
    """A small bounded memo of look-ahead results, owned by a game object (the oldest
    entries are dropped first). Keys hold everything a result depends on."""

    __slots__ = ("data", "get", "size")

    def __init__(self, size: int = 4096) -> None:
        self.data: dict[Any, Any] = {}
        self.get: Callable[[Any], Any] = self.data.get
        """The value kept under a key, else None (the dict's own ``get``: no Python call)."""
        self.size = size

    def put(self, key: Any, value: Any) -> None:
        data = self.data
        if len(data) >= self.size:  # drop the older half at once (deleting one by one is slow)
            kept = list(islice(data.items(), self.size // 2, None))
            data.clear()
            data.update(kept)
        data[key] = value


def plan(orders: str, dice: int) -> tuple[str, ...]:
    """The phases a turn's orders give, one die each (rules 4.3, 8 and 11.2): with more
    than two dice, Standard and Fire & Movement give the first phase the odd die."""
    if dice == 2:  # the usual game: the table itself
        return PLANS_TWO[orders]
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
    if len(dice) == 2:  # the usual game
        return (dice[1],) if dice[0] == die else (dice[0],)
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


# ----- the look-ahead of rule 4.4 on a compact board ------------------------------------
# The player's men are a tuple of ``(row, max move, moves left this turn, ranges it may
# still fire at)``; ``own`` and ``enemy`` count men per row. The count lists are padded
# (rows 25..37 hold 0), so ``row + d`` and ``row - d`` (negative: the end of the list)
# never fall outside them: one bounds-free lookup per target row.

Board = tuple[tuple[int, int, int, tuple[int, ...]], ...]
Compact = tuple[list[str], Board, list[int], list[int]]
PAD = ROWS + 14


def compact(ctx: Context, men: Men, player: int, moved: tuple[str, ...], fired: tuple[str, ...],
            orders: str) -> Compact:
    """The player's men (names, board) and the men per row of both sides."""
    own, enemy = [0] * PAD, [0] * PAD
    names: list[str] = []
    mine = []
    max_move, reach, running = ctx.max_move, ctx.reach, ctx.running
    charge = orders == "charge"
    for name, m in men.items():
        owner, row, weapons, stance = m[0], m[1], m[2], m[3]
        if owner != player:
            enemy[row] += 1
            continue
        own[row] += 1
        left = 2 if charge and stance == running else 1
        if moved:
            left -= moved.count(name)
        if not weapons or (fired and name in fired):
            fires: tuple[int, ...] = ()
        else:
            fires = reach.get(weapons) or ctx.reach_of(weapons)
        names.append(name)
        mine.append((row, max_move[stance], left, fires))
    return names, tuple(mine), own, enemy


def start_boards(ctx: Context, men: Men, player: int) -> tuple[Compact, Compact]:
    """``compact`` at the start of a turn (nobody has moved or fired) under orders
    other than Charge and under Charge Orders (running men may move twice), in one
    pass over the men; the same object twice when no man of the player is running."""
    own, enemy = [0] * PAD, [0] * PAD
    names: list[str] = []
    mine: list[tuple[int, int, int, tuple[int, ...]]] = []
    running_at = []
    max_move, reach, running = ctx.max_move, ctx.reach, ctx.running
    for name, m in men.items():
        row = m[1]
        if m[0] != player:  # the enemy's men are only counted: read no more of them
            enemy[row] += 1
            continue
        own[row] += 1
        weapons, stance = m[2], m[3]
        if stance == running:
            running_at.append(len(mine))
        names.append(name)
        mine.append((row, max_move[stance], 1, (reach.get(weapons) or ctx.reach_of(weapons)) if weapons else ()))
    plain = tuple(mine)
    if not running_at:
        return (names, plain, own, enemy), (names, plain, own, enemy)
    for k in running_at:
        e = mine[k]
        mine[k] = (e[0], e[1], 2, e[3])
    return (names, plain, own, enemy), (names, tuple(mine), own, enemy)


def usable(ctx: Context, men: Men, player: int, slots: tuple[str, ...], dice: tuple[int, ...],
           moved: tuple[str, ...], fired: tuple[str, ...], orders: str) -> int:
    """The largest number of dice the player can still use in ``slots`` (rule 4.4).

    Attacks are assumed saved (the board does not change) and hidden minefields are
    ignored: a player is held to what can be known when the choice is made."""
    if not slots or not dice:
        return 0
    _, mine, own, enemy = compact(ctx, men, player, moved, fired, orders)
    return usable_on(ctx, player, slots, dice, mine, own, enemy)


def _any_move(player: int, dice: tuple[int, ...], mine: Board, own: list[int]) -> bool:
    step = 1 if player == 0 else -1
    faces = sorted(set(dice))
    for row, limit, left, _ in mine:
        if left <= 0:
            continue
        gone = ROWS + 1 - row if player == 0 else row
        for d in faces:
            if d > limit:
                break
            if d >= gone or own[row + step * d] < MAX_PER_ROW:
                return True
    return False


def _any_attack(ahead: bool, player: int, dice: tuple[int, ...], mine: Board, enemy: list[int]) -> bool:
    step = 1 if player == 0 else -1
    for row, _, _, reach in mine:
        for d in reach:
            if d in dice and (enemy[row + step * d] or (not ahead and enemy[row - step * d])):
                return True
    return False


Found = list[tuple[int, int, int]]  # (man, die, destination row; -1 off the track): ``candidates``


def candidates(player: int, dice: tuple[int, ...], mine: Board, own: list[int]) -> Found:
    """(man, die, destination row; -1 off the track) of every move on the board now."""
    step = 1 if player == 0 else -1
    faces = sorted(set(dice))
    out = []
    for i, (row, limit, times, _) in enumerate(mine):
        if times <= 0:
            continue
        gone = ROWS + 1 - row if player == 0 else row
        for d in faces:
            if d > limit:
                break
            if d >= gone:
                out.append((i, d, -1))
            elif own[row + step * d] < MAX_PER_ROW:
                out.append((i, d, row + step * d))
    return out


def moved_board(mine: Board, i: int, dest: int, own: list[int], enemy: list[int]) -> tuple[Board, list[int], list[int]]:
    """``after_move`` on a compact board: man ``i`` moves to ``dest`` (on the track)."""
    row, limit, left, reach = mine[i]
    own = own.copy()
    own[row] -= 1
    here = enemy[dest]
    if here >= 2:  # captured on arrival (rule 5.5)
        return mine[:i] + mine[i + 1 :], own, enemy
    own[dest] += 1
    if here == 1:  # captures the lone enemy (rule 5.4)
        enemy = enemy.copy()
        enemy[dest] = 0
    return (*mine[:i], (dest, limit, left - 1, reach), *mine[i + 1 :]), own, enemy


def fired_board(mine: Board, i: int) -> Board:
    row, limit, left, _ = mine[i]
    return (*mine[:i], (row, limit, left, ()), *mine[i + 1 :])


def usable_on(ctx: Context, player: int, slots: tuple[str, ...], dice: tuple[int, ...],
              mine: Board, own: list[int], enemy: list[int]) -> int:
    """``usable`` on a compact board."""
    if not slots or not dice:
        return 0
    cap = min(len(slots), len(dice))
    ahead = ctx.ahead_only
    if cap == 1:  # one die or one phase left: can any phase still to come use a die?
        if MOVE in slots and _any_move(player, dice, mine, own):
            return 1
        if ATTACK in slots and _any_attack(ahead, player, dice, mine, enemy):
            return 1
        return 0
    best = 0
    rest = slots[1:]
    step = 1 if player == 0 else -1
    if slots[0] == ATTACK:
        # moves alone left: who fired does not matter, only the die used
        seen: dict[int, int] | None = None if ATTACK in rest else {}
        for i, (row, _, _, reach) in enumerate(mine):
            for d in reach:
                if d in dice and (enemy[row + step * d] or (not ahead and enemy[row - step * d])):
                    value = seen.get(d) if seen is not None else None
                    if value is None:
                        value = 1 + usable_on(ctx, player, rest, without(dice, d), fired_board(mine, i), own, enemy)
                        if seen is not None:
                            seen[d] = value
                    if value >= cap:
                        return cap
                    best = max(best, value)
    elif len(dice) == 2:
        # one die left after the move: check it on the board after each move without
        # building that board (same result as the general search below)
        shots = shots_now(ahead, player, dice, mine, enemy) if ATTACK in rest else None
        moving = MOVE in rest
        a, b = dice
        for i, d, dest in candidates(player, dice, mine, own):
            if dest < 0:
                return cap  # leaving the track wins the game at once
            e = b if d == a else a
            if moving or shots is None or e in shots:
                if one_after(ahead, player, moving, shots, e, mine, i, dest, own, enemy):
                    return cap
            elif e in mine[i][3] and enemy[dest] < 2 and (enemy[dest + step * e] or (not ahead and enemy[dest - step * e])):
                return cap  # no shot with e now: only the man who moved may fire it (``one_after``)
            best = 1
    else:
        for i, d, dest in candidates(player, dice, mine, own):
            if dest < 0:
                return cap  # leaving the track wins the game at once
            after, own2, enemy2 = moved_board(mine, i, dest, own, enemy)
            value = 1 + usable_on(ctx, player, rest, without(dice, d), after, own2, enemy2)
            if value >= cap:
                return cap
            best = max(best, value)
    if rest:
        best = max(best, usable_on(ctx, player, rest, dice, mine, own, enemy))
    return best


def board_attacks(ahead: bool, player: int, dice: tuple[int, ...], men: Men, mine: Board,
                  enemy: list[int]) -> list[tuple[int, int, str]]:
    """``attacks`` on a compact board: (attacker's index in ``mine``, die, target name),
    the pairs of one attacker and die together. ``men`` names the enemy men per row."""
    step = 1 if player == 0 else -1
    hits: list[tuple[int, int, int]] = []  # (attacker, die, target row)
    for i, (row, _, _, reach) in enumerate(mine):
        for d in reach:
            if d in dice:
                if enemy[row + step * d]:
                    hits.append((i, d, row + step * d))
                if not ahead and enemy[row - step * d]:
                    hits.append((i, d, row - step * d))
    if not hits:
        return []
    rows: dict[int, list[str]] = {}
    for n, m in men.items():
        if m[0] != player:
            rows.setdefault(m[1], []).append(n)
    return [(i, d, tn) for i, d, r in hits for tn in rows[r]]


Shots = dict[int, list[tuple[int, int]]]


def shots_now(ahead: bool, player: int, dice: tuple[int, ...], mine: Board, enemy: list[int]) -> Shots:
    """Die -> (man, target row) of every attack on the board now."""
    step = 1 if player == 0 else -1
    shots: Shots = {}
    for j, (row, _, _, reach) in enumerate(mine):
        for d in reach:
            if d in dice:
                if enemy[row + step * d]:
                    shots.setdefault(d, []).append((j, row + step * d))
                if not ahead and enemy[row - step * d]:
                    shots.setdefault(d, []).append((j, row - step * d))
    return shots


def one_after(ahead: bool, player: int, moving: bool, shots: Shots | None, die: int, mine: Board, i: int, dest: int,
              own: list[int], enemy: list[int]) -> bool:
    """Whether, after man ``i`` moves to ``dest`` on the track, ``die`` can be used:
    by a move (if ``moving``) or an attack (if ``shots``: ``shots_now`` before the move).
    The same as ``usable_on`` with that die on ``moved_board(mine, i, dest, ...)``."""
    step = 1 if player == 0 else -1
    here = enemy[dest]
    captured = here >= 2  # rule 5.5; with one enemy there, he is captured (rule 5.4)
    if moving:
        src = mine[i][0]
        for j, (row, limit, left, _) in enumerate(mine):
            if j == i:
                if captured:
                    continue
                row, left = dest, left - 1
            if left <= 0 or die > limit:
                continue
            if die >= (ROWS + 1 - row if player == 0 else row):
                return True
            target = row + step * die
            n = own[target] - (target == src) + (target == dest and not captured)
            if n < MAX_PER_ROW:
                return True
    if shots is not None:
        for j, target in shots.get(die, ()):
            if j != i and not (target == dest and here == 1):  # that target is captured by the move
                return True
        reach = mine[i][3]
        if not captured and die in reach and (enemy[dest + step * die] or (not ahead and enemy[dest - step * die])):
            return True
    return False
