"""Geometry and action tables computed once per board (speed: the hot paths of the
rules look cells, neighbours and ready-made actions up instead of rebuilding them)."""

from __future__ import annotations

from ...core.grid import Cell
from .actions import Attack, Move
from .board import Board, order

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
OPEN_LIMIT = 256
UNIT_RANKS: tuple[str | None, ...] = (None, "S", "V", "C")
Steps = dict[str | None, dict[Cell, tuple[tuple[Cell, Move], ...]]]
"""The steps of a unit (None: a whole stack; else one piece of that rank) from each tile."""


class Tables:
    """Per-board lookups; every value is derived from the board alone."""

    __slots__ = ("around", "attacks", "claimable", "cmd_start", "commandos", "depot_gate", "depot_rows", "enemy_half", "far", "home", "names", "open", "order_index", "ortho", "pass_routes", "per_player", "spots", "steps", "wake")

    def __init__(self, board: Board) -> None:
        grid = board.grid
        cells = sorted(grid.cells(), key=order)
        self.order_index: dict[Cell, int] = {c: i for i, c in enumerate(cells)}
        self.names: dict[Cell, str] = {c: grid.name(c) for c in cells}
        """``Grid.name`` of every cell (event texts name cells on every move)."""
        self.per_player = board.per_player
        self.far = (board.far_trench(0), board.far_trench(1))
        self.enemy_half = tuple(frozenset(c for c in cells if board.half(c) != p) for p in (0, 1))

        def near(cell: Cell, deltas: tuple[tuple[int, int], ...]) -> tuple[Cell, ...]:
            return tuple(d for d in ((cell[0] + dc, cell[1] + dr) for dc, dr in deltas) if grid.contains(d))

        self.ortho: dict[Cell, tuple[Cell, ...]] = {c: tuple(sorted(near(c, ORTHO), key=order)) for c in cells}
        """Orthogonal neighbours in board order (the order targets are listed in)."""
        self.around: dict[Cell, tuple[Cell, ...]] = {c: tuple(sorted(near(c, ORTHO + DIAG), key=order)) for c in cells}
        """Orthogonal and diagonal neighbours in board order (a Veteran's targets)."""
        self.steps: Steps = {
            rank: {c: tuple((d, Move(c, d, rank)) for d in near(c, ORTHO)) for c in cells} for rank in UNIT_RANKS
        }
        """The moves of a unit (whole stack: None, or one piece of a rank) from a cell,
        in the order of ORTHO."""
        self.cmd_start = (board.starts[board.per_player - 1][0], board.starts[2 * board.per_player - 1][0])
        """The cell each Commando starts on (where it stays until it is active)."""
        self.commandos = (board.per_player - 1, 2 * board.per_player - 1)
        """Each player's Commando (its piece id)."""
        self.wake = tuple(frozenset((s, *self.ortho[s])) for s in self.cmd_start)
        """The tiles an arrival on which wakes a player's Commando still on its start tile (rule 7.1)."""
        self.open: dict[tuple[Cell, ...], Steps] = {}
        """``steps`` without the steps onto terrain, by the terrain cells (bounded cache)."""
        self.claimable = (board.claimable(0), board.claimable(1))
        """The depots each player may draw from, in board order (rule 8.1)."""
        self.depot_rows = tuple(tuple((d, board.progress(p, d[1])) for d in self.claimable[p]) for p in (0, 1))
        """``claimable`` with each depot's ``Board.progress`` for its player."""
        self.depot_gate: tuple[tuple[frozenset[Cell], int, int], ...] = tuple((frozenset(self.claimable[p]), min((r for _, r in self.depot_rows[p]), default=grid.height), grid.height - 1) for p in (0, 1))
        """Per player: the claimable depots, the lowest ``Board.progress`` among them and
        the top row; an arrival neither on one nor past that row claims nothing (rule 8.1)."""
        self.attacks: dict[tuple[Cell, Cell], Attack] = {(c, d): Attack(c, d) for c in cells for d in self.around[c]}
        self.pass_routes = tuple(_passes(self.ortho[self.cmd_start[1 - p]]) for p in (0, 1))
        """Each player's passing moves (rule 3.4) through the start tile of the enemy
        Commando, in the order they are listed: (from, ((to, {unit: Move}), ...))."""
        self.home = (tuple(sorted(board.home_row(0), key=order)), tuple(sorted(board.home_row(1), key=order)))
        """Each player's back row in board order (where a revived Soldier may return)."""
        grass = [c for c in cells if board.grass(c)]
        self.spots = (tuple(grass), *(tuple(c for c in grass if board.half(c) == p) for p in (0, 1)))
        """Grass tiles in board order: all of them, then those of each player's half."""

    def open_steps(self, terrain: tuple[Cell, ...]) -> Steps:
        """``steps`` less the steps onto ``terrain`` (rule 2.3: nothing enters terrain)."""
        kept = self.open.get(terrain)
        if kept is None:
            if len(self.open) >= OPEN_LIMIT:
                self.open.clear()
            blocked = frozenset(terrain)
            near = {n for c in blocked for n in self.ortho.get(c, ())}  # only their steps change
            kept = self.open[terrain] = {rank: _without(by_cell, near, blocked) for rank, by_cell in self.steps.items()}
        return kept

    def terrain_spots(self, player: int, anywhere: bool) -> tuple[Cell, ...]:
        """The grass tiles in board order where ``player`` may place terrain on an empty
        board (rule 2.3; ``anywhere`` False: the player's own half only)."""
        return self.spots[0 if anywhere else 1 + player]


Routes = tuple[tuple[Cell, tuple[tuple[Cell, dict[str | None, Move]], ...]], ...]


def _passes(around: tuple[Cell, ...]) -> Routes:
    return tuple((src, tuple((dst, {r: Move(src, dst, r) for r in UNIT_RANKS}) for dst in around if dst != src)) for src in around)


def _without(by_cell: dict[Cell, tuple[tuple[Cell, Move], ...]], near: set[Cell], blocked: frozenset[Cell]) -> dict[Cell, tuple[tuple[Cell, Move], ...]]:
    out = dict(by_cell)
    for c in near:
        if c in out:
            out[c] = tuple(s for s in out[c] if s[0] not in blocked)
    return out
