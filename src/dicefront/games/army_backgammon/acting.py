"""The legal moves and attacks of the maneuver and attack phases (rules 5, 6 and 4.4),
listed on the compact board (``tactics.compact``): an action qualifies if, after it,
the phases left can still use as many dice as the position allows."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import ArmyAction, Attack, Skip
from .constants import SKIP_LAST
from .tables import MAX_PER_ROW
from .tactics import (
    ATTACK,
    MOVE,
    ROWS,
    Board,
    Found,
    Shots,
    board_attacks,
    candidates,
    fired_board,
    moved_board,
    one_after,
    shots_now,
    usable_on,
    without,
)

if TYPE_CHECKING:
    from .rules import ArmyState

Ranked = tuple[int, ArmyAction]  # (sort key, action): see ArmyBackgammonGame.rank
Free = dict[int, list[tuple[int, int]]]  # die -> (man, destination) of the moves with it


class StartMoves(NamedTuple):
    """What ``start_moves`` lists on the board at a turn's start."""

    dice: tuple[int, int]
    found: Found  # ``candidates``
    free: Free  # them by die
    exits: bool  # whether one leaves the track
    shots: Shots  # ``shots_now``
    sure: dict[int, bool]  # ``surely_moved`` by die, filled as asked (``surely``)

    def surely(self, die: int) -> bool:
        """``surely_moved(free[die])``, worked out once (the roll's orders and the first move ask)."""
        known = self.sure.get(die)
        if known is None:
            known = self.sure[die] = surely_moved(self.free[die])
        return known


SKIP: Ranked = (SKIP_LAST, Skip())


def act_actions(state: ArmyState, player: int) -> list[ArmyAction]:
    """The legal actions of ``player`` in the act phase, in the game's order."""
    _, mine, own, enemy = state.board()
    dice, slots = state.dice, state.slots
    target = state.usable_now()
    rest = slots[1:]
    # An action's look-ahead never beats the position's (``target`` is the best of
    # them), so with target 1 every action qualifies without looking further.
    look = target > 1
    if slots[0] == ATTACK:
        out = _attacks(state, player, look, target)
    else:
        out = _moves(state, player, look, target)
    if rest.count(slots[0]) != len(rest) and usable_on(state.game.context, player, rest, dice, mine, own, enemy) == target:
        out.append(SKIP)
    out.sort()
    return [a for _, a in out]


def _attacks(state: ArmyState, player: int, look: bool, target: int) -> list[Ranked]:
    g = state.game
    ctx, ranked, rank = g.context, g.ranked, g.rank
    names, mine, own, enemy = state.board()
    dice, rest = state.dice, state.slots[1:]
    out: list[Ranked] = []
    tried: tuple[int, int] | None = None
    ok = False
    for i, d, tn in board_attacks(ctx.ahead_only, player, dice, state.men, mine, enemy):
        if look:  # the look-ahead depends on the attacker and die only: tried once per pair
            key = i, d
            if key != tried:
                tried = key
                ok = 1 + usable_on(ctx, player, rest, without(dice, d), fired_board(mine, i), own, enemy) == target
            if not ok:
                continue
        an = names[i]
        out.append(ranked.get((an, tn)) or rank(Attack(an, tn)))
    return out


def _moves(state: ArmyState, player: int, look: bool, target: int) -> list[Ranked]:
    """``tactics.moves`` on the compact board, each checked by the look-ahead if ``look``."""
    g = state.game
    table = g.move_table
    names, mine, own, _ = state.board()
    start = state._start
    if start is not None and start[0] == state.dice and not state.moved and not state.fired:
        found = start[1]  # listed at the roll (``ArmyState.order_values``): the same men may move
    else:
        found, start = candidates(player, state.dice, mine, own), None
    if look:
        found = _looked_at(state, player, found, target, start)
    out: list[Ranked] = []
    for i, d, _ in found:
        name = names[i]
        out.append((table.get(name) or g.move_entries(name))[d])
    return out


def start_moves(ahead: bool, player: int, dice: tuple[int, int], mine: Board, own: list[int], enemy: list[int]) -> StartMoves:
    """The moves and shots at a turn's start with two dice: the order values use them,
    and the turn's first action (nobody has moved or fired: every man may move once and
    fire, and the board's men and rows are the same under any orders) reuses them.

    ``candidates`` and ``shots_now`` in one pass over the men (a turn's roll is a third
    of a random playout; tested equal to them)."""
    step = 1 if player == 0 else -1
    a, b = dice
    lo, hi = (a, b) if a <= b else (b, a)
    two = lo != hi  # the two faces unrolled: a loop over them costs a third of this one
    far_lo, far_hi = step * lo, step * hi
    found: Found = []
    free: Free = {a: [], b: []}
    shots: Shots = {}
    exits = False
    add, add_lo, add_hi = found.append, free[lo].append, free[hi].append
    for i, (row, limit, _, reach) in enumerate(mine):
        if lo <= limit:
            dest = row + far_lo
            if not 0 < dest <= ROWS:  # leaves the track
                add((i, lo, -1))
                add_lo((i, -1))
                exits = True
            elif own[dest] < MAX_PER_ROW:
                add((i, lo, dest))
                add_lo((i, dest))
            if two and hi <= limit:
                dest = row + far_hi
                if not 0 < dest <= ROWS:
                    add((i, hi, -1))
                    add_hi((i, -1))
                    exits = True
                elif own[dest] < MAX_PER_ROW:
                    add((i, hi, dest))
                    add_hi((i, dest))
        for d in reach:
            if d in dice:
                if enemy[row + step * d]:
                    shots.setdefault(d, []).append((i, row + step * d))
                if not ahead and enemy[row - step * d]:
                    shots.setdefault(d, []).append((i, row - step * d))
    return StartMoves(dice, found, free, exits, shots, {})


def _looked_at(state: ArmyState, player: int, found: Found, target: int, start: StartMoves | None) -> Found:
    """The moves after which the phases left still use ``target - 1`` dice (a man who
    leaves the track wins: always); ``start``: what ``start_moves`` listed on this board."""
    ctx = state.game.context
    _, mine, own, enemy = state.board()
    dice, rest = state.dice, state.slots[1:]
    if len(dice) != 2 or not rest:
        kept = []
        for i, d, dest in found:
            if dest >= 0:
                after, own2, enemy2 = moved_board(mine, i, dest, own, enemy)
                if 1 + usable_on(ctx, player, rest, without(dice, d), after, own2, enemy2) != target:
                    continue
            kept.append((i, d, dest))
        return kept
    # two dice, target 2: the other die must be usable after the move
    a, b = dice
    ahead = ctx.ahead_only
    shots = None if ATTACK not in rest else start.shots if start is not None else shots_now(ahead, player, dice, mine, enemy)
    moving = MOVE in rest
    sure: set[int] = set()
    free: Free | None = None
    if moving:  # dice the other men surely still move after any one move (``surely_moved``): no look there
        free = start.free if start is not None else {d: [(i, dest) for i, f, dest in found if f == d] for d in (a, b)}
        for d in free:
            if start.surely(d) if start is not None else surely_moved(free[d]):
                sure.add(d)
        if len(sure) == len(free):
            return found
    kept = []
    for i, d, dest in found:
        if dest >= 0:
            e = b if d == a else a
            if e not in sure and not (moving and free is not None and other_moves(free[e], i, dest)) and not one_after(
                    ahead, player, moving, shots, e, mine, i, dest, own, enemy):
                continue
        kept.append((i, d, dest))
    return kept


def surely_moved(free: list[tuple[int, int]]) -> bool:
    """Whether, whatever one move is made first, another man still moves this die:
    three moves by three different men to three different rows (or off the track)
    leave one whose man is not the mover and whose row is not the mover's destination
    (the only row that gains a man)."""
    men: set[int] = set()
    rows: set[int] = set()
    for j, t in free:
        if j not in men and (t < 0 or t not in rows):
            men.add(j)
            if t >= 0:
                rows.add(t)
            if len(men) >= 3:
                return True
    return False


def other_moves(free: list[tuple[int, int]], i: int, dest: int) -> bool:
    """A sure yes to "after man ``i`` moves to ``dest``, can another man still move this
    die?": a man other than ``i`` whose move does not end on ``dest`` (the only row that
    gains a man). A no is not sure (``one_after`` decides then)."""
    for j, t in free:  # noqa: SIM110 (a loop: ``any`` over a generator costs more on these short lists)
        if j != i and t != dest:
            return True
    return False
