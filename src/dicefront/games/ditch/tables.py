"""Ditch's board geometry and action objects, computed once per game (``DitchGame.tables``)
so the rules' hot paths only look things up: cells in board order with their bit in a
board mask, attack ranges, the neighbour step of a mask (a move's reach is a few big-int
shifts instead of a search), sorted zones and green tiles, square names, and one shared
instance of every action (actions are frozen values, so sharing them is safe)."""

from __future__ import annotations

from typing import TypeVar

from ...core.grid import Cell, Grid
from .actions import KIND_ORDER, Attack, Block, Cover, Deploy, DitchAction, Move, MoveTo, Reinforce
from .board import Board
from .constants import cell_order

T = TypeVar("T")


class Tables:
    """Everything about a board the rules would otherwise recompute at every step."""

    def __init__(self, board: Board, archer_line: bool = False) -> None:
        grid = board.grid
        self.grid = grid
        cells = sorted(grid.cells(), key=cell_order)
        self.cells: tuple[Cell, ...] = tuple(cells)
        """Every cell in board order (row by row, then column): bit ``i`` of a mask."""
        self.bit: dict[Cell, int] = {c: 1 << i for i, c in enumerate(cells)}
        self.rank: dict[Cell, int] = {c: i for i, c in enumerate(cells)}
        self.full = (1 << len(cells)) - 1
        self.name: dict[Cell, str] = {c: Grid.name(c) for c in cells}
        self.neighbours: dict[Cell, tuple[Cell, ...]] = {c: grid.neighbours(c) for c in cells}
        # one shift per neighbour offset, with the cells that have a neighbour there
        shifts: dict[int, int] = {}
        for c in cells:
            for n in grid.neighbours(c):
                offset = self.rank[n] - self.rank[c]
                shifts[offset] = shifts.get(offset, 0) | self.bit[c]
        self.steps: tuple[tuple[int, int], ...] = tuple(sorted(shifts.items()))
        width = grid.width
        self._not_last = sum(self.bit[c] for c in cells if c[0] < width - 1)
        self._not_first = sum(self.bit[c] for c in cells if c[0] > 0)
        self._width = width
        if grid.geometry == "square8":  # the 8 neighbours: a row step, then a column step
            self.dilate = self._dilate_square8  # type: ignore[method-assign]
        # rules 5.1 and 5.4: the cells within reach 1 (melee) and 2 (an Archer; option
        # archer_range = line: only the tiles two steps away in a straight line)
        self.near: dict[int, dict[Cell, frozenset[Cell]]] = {
            reach: {c: frozenset(grid.within(c, reach)) for c in cells}
            for reach in (1, 2)
        }
        if archer_line:
            self.near[2] = {c: frozenset(t for t in self.near[2][c] if t in self.near[1][c] or in_line(grid, c, t)) for c in cells}
        self.zones: tuple[tuple[Cell, ...], tuple[Cell, ...]] = (
            tuple(sorted(board.zones[0], key=cell_order)),
            tuple(sorted(board.zones[1], key=cell_order)),
        )
        self.green: tuple[Cell, ...] = tuple(sorted(board.green, key=cell_order))
        # shared action instances
        self.move = {c: Move(c) for c in cells}
        self.move_to = {c: MoveTo(c) for c in cells}
        self.cover = {c: Cover(c) for c in cells}
        self.block = {c: Block(c) for c in cells}
        self.deploy = {(k, c): Deploy(k, c) for k in KIND_ORDER for c in cells}
        self.reinforce = {(k, c): Reinforce(k, c) for k in KIND_ORDER for c in cells}
        self.attack = {(a, t): Attack(a, t) for a in cells for t in self.near[2][a]}
        # a mask read 8 bits at a time: the cells (and the MoveTo actions) of each byte
        self.byte_cells = tuple(_bytes(self.cells[i : i + 8]) for i in range(0, len(cells), 8))
        self.byte_move_to: tuple[tuple[tuple[DitchAction, ...], ...], ...] = tuple(
            tuple(tuple(self.move_to[c] for c in chunk) for chunk in table) for table in self.byte_cells
        )

    def dilate(self, mask: int) -> int:
        """The cells one step from any cell of ``mask`` (some versions include ``mask``)."""
        out = 0
        for offset, sources in self.steps:
            m = mask & sources
            if m:
                out |= m << offset if offset > 0 else m >> -offset
        return out

    def _dilate_square8(self, mask: int) -> int:
        """``dilate`` on a square8 grid (the cells of ``mask`` included)."""
        row = mask | (mask & self._not_last) << 1 | (mask & self._not_first) >> 1
        return (row | row << self._width | row >> self._width) & self.full

    def reach(self, start: Cell, budget: int, passable: int) -> int:
        """The mask of cells reachable from ``start`` in at most ``budget`` steps,
        entering only cells of ``passable`` (the start is included): what
        ``Grid.reachable`` finds, with masks."""
        seen = frontier = self.bit[start]
        for _ in range(budget):
            frontier = self.dilate(frontier) & passable & ~seen
            if not frontier:
                break
            seen |= frontier
        return seen

    def cells_of(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in board order."""
        return _unpack(mask, self.byte_cells)

    def move_tos_of(self, mask: int) -> list[DitchAction]:
        """``MoveTo`` each cell of ``mask``, in board order."""
        return _unpack(mask, self.byte_move_to)


def _bytes(cells: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], ...]:
    """For each byte value, the cells of ``cells`` whose bits it sets, in order."""
    return tuple(tuple(c for i, c in enumerate(cells) if value >> i & 1) for value in range(256))


def _unpack(mask: int, tables: tuple[tuple[tuple[T, ...], ...], ...]) -> list[T]:
    out: list[T] = []
    for table in tables:
        if not mask:
            break
        if mask & 255:
            out.extend(table[mask & 255])
        mask >>= 8
    return out


def in_line(grid: Grid, a: Cell, b: Cell) -> bool:
    """Whether ``b`` is two steps from ``a`` in one straight line (one tile exactly between)."""
    if grid.geometry == "hex":  # axial coordinates, as Grid.distance uses them
        ax, bx = a[0] - (a[1] - (a[1] & 1)) // 2, b[0] - (b[1] - (b[1] & 1)) // 2
        return (bx - ax, b[1] - a[1]) in {(2, 0), (-2, 0), (0, 2), (0, -2), (2, -2), (-2, 2)}
    dc, dr = b[0] - a[0], b[1] - a[1]
    return dc in (-2, 0, 2) and dr in (-2, 0, 2) and (dc, dr) != (0, 0)
