"""How many dice each choice of orders can use at the start of a two-dice turn (rule 4.4),
for all four orders in one pass over the board.

The same answers as ``tactics.usable_on`` with ``plan(orders, 2)`` on the turn-start
boards (``tactics.start_boards``; tested against it on random positions), without its
four separate searches. At a turn's start nobody has moved or fired, an attack leaves
the board as it is (targets are assumed to save) and a move changes only the mover's
row and, by a capture, the destination row:

* Dig In (attack, attack): two different men have a shot each, one per die.
* Fire & Movement (attack, move): a shot with one die and a move with the other.
* Standard (move, attack) and Charge (move, move): after some move with one die, the
  other die fires (``one_after`` with the shots before the move) or moves (the board
  under Charge Orders: a running man may move twice). A man who leaves the track uses
  every die (the game is won).

When the first phase cannot reach two dice, an order is worth one die if any phase of
it can use a die on the board as it is."""

from __future__ import annotations

from .acting import StartMoves, other_moves, start_moves
from .tactics import Board, one_after


def two_dice_values(ahead: bool, player: int, dice: tuple[int, ...], mine: Board, own: list[int], enemy: list[int],
                    choices: list[str], moves: StartMoves | None = None) -> dict[str, int]:
    """``{orders: dice usable}`` for ``choices`` at a turn's start with two dice; ``mine``
    is the board under Charge Orders (running men may move twice); ``moves``:
    ``acting.start_moves`` of it, if known."""
    a, b = dice
    start = moves or start_moves(ahead, player, (a, b), mine, own, enemy)  # at a turn start every man may move
    _, found, free, exits, shots, _ = start
    any_move = bool(found)
    # leaving the track wins: every order with a first move uses both dice
    std2 = charge2 = exits
    if not charge2:
        charge2 = _move_then_move(ahead, player, a, b, start, mine, own, enemy)
    if not std2:  # the mover himself may have a shot from his new row
        for i, d, dest in found:
            e = b if d == a else a
            if (e in shots or e in mine[i][3]) and one_after(ahead, player, False, shots, e, mine, i, dest, own, enemy):
                std2 = True
                break
    any_shot = bool(shots)
    value: dict[str, int] = {}
    for o in choices:
        if o == "standard":
            value[o] = 2 if std2 else int(any_move or any_shot)
        elif o == "fire":
            two = (a in shots and bool(free[b])) or (b in shots and bool(free[a]))
            value[o] = 2 if two else int(any_move or any_shot)
        elif o == "charge":
            value[o] = 2 if charge2 else int(any_move)
        else:
            value[o] = 2 if _two_shots(shots, a, b) else int(any_shot)
    return value


def _move_then_move(ahead: bool, player: int, a: int, b: int, start: StartMoves, mine: Board, own: list[int],
                    enemy: list[int]) -> bool:
    """Whether some move (of ``found``, none off the track; ``free``: them by die) leaves
    the other die a move."""
    found, free = start.found, start.free
    if (free[a] and start.surely(b)) or (free[b] and start.surely(a)):
        return True  # a move with one die, and the other surely moves after any move
    for i, d, dest in found:
        e = b if d == a else a
        if other_moves(free[e], i, dest) or one_after(ahead, player, True, None, e, mine, i, dest, own, enemy):
            return True
    return False


def _two_shots(shots: dict[int, list[tuple[int, int]]], a: int, b: int) -> bool:
    """Whether two different men can fire, one with each die."""
    first, second = shots.get(a), shots.get(b)
    if not first or not second:
        return False
    return len({j for j, _ in first} | {j for j, _ in second}) >= 2
