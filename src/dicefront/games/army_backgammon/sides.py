"""Both players' turn-start boards (``tactics.start_boards``), kept in the state across
turns and changed by each move, death and change of stance instead of made again from
every man at each roll (issue #15: a roll made them in a fifth of its time).

A side is what ``start_boards`` gives for one player: the player's men's names in the
order of the men dict, the board under orders other than Charge and the one under
Charge Orders (the same object when none of them is running) and the men per row.
Sides are never changed in place (clones and kept lists share them): each change makes
new tuples and lists."""

from __future__ import annotations

from .tactics import PAD, Board, Compact, Context, Man, Men

Entry = tuple[int, int, int, tuple[int, ...]]  # a man on a compact board (``tactics.Board``)
Side = tuple[list[str], Board, Board, list[int]]
"""names, the board where every man moves once, the board under Charge Orders (running
men move twice; the same object when nobody runs), the player's men per row (padded to
``tactics.PAD``). Plain tuples: a named tuple costs a Python call to make."""
Sides = tuple[Side, Side]


def make_sides(ctx: Context, men: Men) -> Sides:
    """Both sides from the men, in one pass."""
    names: tuple[list[str], list[str]] = ([], [])
    plain: tuple[list[Entry], list[Entry]] = ([], [])
    charge: tuple[list[Entry], list[Entry]] = ([], [])
    rows = ([0] * PAD, [0] * PAD)
    max_move, reach, running = ctx.max_move, ctx.reach, ctx.running
    for name, m in men.items():
        owner, row, weapons, stance = m[0], m[1], m[2], m[3]
        rows[owner][row] += 1
        names[owner].append(name)
        entry = (row, max_move[stance], 1, (reach.get(weapons) or ctx.reach_of(weapons)) if weapons else ())
        plain[owner].append(entry)
        charge[owner].append((row, entry[1], 2, entry[3]) if stance == running else entry)
    return _side(names[0], plain[0], charge[0], rows[0]), _side(names[1], plain[1], charge[1], rows[1])


def _side(names: list[str], plain: list[Entry], charge: list[Entry], rows: list[int]) -> Side:
    board = tuple(plain)
    return names, board, board if charge == plain else tuple(charge), rows


def boards(sides: Sides, player: int) -> tuple[Compact, Compact]:
    """``start_boards`` of ``player``: the same lists and tuples (not to be changed)."""
    names, plain, charge, own = sides[player]
    first = (names, plain, own, sides[1 - player][3])
    return first, first if charge is plain else (names, charge, own, first[3])


def moved(sides: Sides, player: int, name: str, dest: int) -> Sides:
    """After man ``name`` of ``player`` moved to row ``dest`` and stayed there."""
    names, plain, charge, rows = sides[player]
    i = names.index(name)
    row, limit, _, reach = plain[i]
    board = list(plain)
    board[i] = (dest, limit, 1, reach)
    new_plain = tuple(board)
    if charge is plain:
        new_charge = new_plain
    else:
        board = list(charge)
        board[i] = (dest, limit, charge[i][2], reach)
        new_charge = tuple(board)
    rows = rows.copy()
    rows[row] -= 1
    rows[dest] += 1
    side = (names, new_plain, new_charge, rows)
    return (side, sides[1]) if player == 0 else (sides[0], side)


def removed(sides: Sides, owner: int, name: str) -> Sides:
    """After man ``name`` of ``owner`` left the board."""
    names, plain, charge, rows = sides[owner]
    i = names.index(name)
    rows = rows.copy()
    rows[plain[i][0]] -= 1
    new_plain = plain[:i] + plain[i + 1 :]
    new_charge = new_plain if charge is plain else charge[:i] + charge[i + 1 :]
    if new_charge is not new_plain and new_charge == new_plain:
        new_charge = new_plain  # the last running man died
    side = (names[:i] + names[i + 1 :], new_plain, new_charge, rows)
    return (side, sides[1]) if owner == 0 else (sides[0], side)


def restanced(ctx: Context, sides: Sides, name: str, man: Man) -> Sides:
    """After man ``name`` took the stance of ``man`` (his new self)."""
    owner = man[0]
    names, plain, charge, rows = sides[owner]
    i = names.index(name)
    row, _, _, reach = plain[i]
    limit = ctx.max_move[man[3]]
    board = list(plain)
    board[i] = entry = (row, limit, 1, reach)
    new_plain = tuple(board)
    twice = (row, limit, 2, reach) if man[3] == ctx.running else entry
    if charge is plain and twice is entry:
        new_charge = new_plain
    else:
        board = list(charge)
        board[i] = twice
        new_charge = tuple(board)
        if twice is entry and new_charge == new_plain:
            new_charge = new_plain  # the last running man stopped running
    side = (names, new_plain, new_charge, rows)
    return (side, sides[1]) if owner == 0 else (sides[0], side)
