"""The Trench Checkers board as data: grass, trenches, supply depots and the starting
armies, read from a TOML layout and validated (rules 1.1-1.5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.data import DataFile, require
from ...core.errors import DataFileError
from ...core.grid import Cell, Grid

SYMBOLS = ".=D01ab"
COMMANDO_SYMBOL = {"a": 0, "b": 1}
SWAPPED = {"0": "1", "1": "0", "a": "b", "b": "a", ".": ".", "=": "=", "D": "D"}


def order(cell: Cell) -> tuple[int, int]:
    """The sort key of cells: row by row from row 1, then by column."""
    return (cell[1], cell[0])


@dataclass(frozen=True)
class Board:
    name: str
    grid: Grid
    trench: frozenset[Cell]
    depots: frozenset[Cell]
    starts: tuple[tuple[Cell, int, str], ...]
    """(cell, owner, rank) of every piece; the index is the piece id."""
    per_player: int
    terrain_per_player: int
    _far: dict[int, frozenset[Cell]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """``far_trench`` by player, made once (a field, not a cached_property: see cards.CardList)."""
    names: dict[Cell, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Every square's name (``Grid.name``), made once: the views name the occupied squares at every step."""

    def __post_init__(self) -> None:
        self.names.update((cell, Grid.name(cell)) for cell in self.grid.cells())

    @property
    def height(self) -> int:
        return self.grid.height

    @property
    def width(self) -> int:
        return self.grid.width

    def half(self, cell: Cell) -> int:
        """The player whose half of the board ``cell`` lies in."""
        return 0 if cell[1] < self.grid.height // 2 else 1

    def grass(self, cell: Cell) -> bool:
        return cell not in self.trench and cell not in self.depots

    def owner(self, pid: int) -> int:
        return pid // self.per_player

    def progress(self, player: int, row: int) -> int:
        """How far ``row`` is from ``player``'s own back edge (0: the back edge)."""
        return row if player == 0 else self.grid.height - 1 - row

    def far_trench(self, player: int) -> frozenset[Cell]:
        """The trench tiles of the row farthest toward the enemy (rule 6.1)."""
        far = self._far.get(player)
        if far is None:
            rows = sorted({r for _, r in self.trench})
            row = max(rows, key=lambda r: self.progress(player, r))
            far = self._far[player] = frozenset(c for c in self.trench if c[1] == row)
        return far

    def home_row(self, player: int) -> list[Cell]:
        row = 0 if player == 0 else self.grid.height - 1
        return [(c, row) for c in range(self.grid.width)]

    def claimable(self, player: int) -> list[Cell]:
        """The depots ``player`` may draw from: those in the enemy half (rule 8.1)."""
        return sorted((d for d in self.depots if self.half(d) != player), key=lambda c: (c[1], c[0]))


def parse_board(data: dict[str, Any], where: str) -> Board:
    name = require(data, "name", str, where)
    layout = require(data, "layout", str, where)
    terrain = require(data, "terrain_per_player", int, where)
    if not 0 <= terrain <= 20:
        raise DataFileError(f"{where}: terrain_per_player must be between 0 and 20, got {terrain}")
    rows = [line.strip() for line in layout.strip().splitlines() if line.strip()]
    _check_shape(rows, where)
    height, width = len(rows), len(rows[0])
    grid = Grid(width, height, "square4")
    trench, depots = set(), set()
    soldiers: list[list[Cell]] = [[], []]
    commandos: list[list[Cell]] = [[], []]
    for i, line in enumerate(rows):
        row = height - 1 - i
        for col, ch in enumerate(line):
            cell = (col, row)
            if ch == "=":
                trench.add(cell)
            elif ch in "D" or ch in COMMANDO_SYMBOL:
                depots.add(cell)
            if ch in "01":
                soldiers[int(ch)].append(cell)
            elif ch in COMMANDO_SYMBOL:
                commandos[COMMANDO_SYMBOL[ch]].append(cell)
    _check_armies(soldiers, commandos, trench, height, where)
    starts: list[tuple[Cell, int, str]] = []
    for p in (0, 1):
        starts.extend((c, p, "S") for c in sorted(soldiers[p], key=lambda c: (c[1], c[0])))
        starts.append((commandos[p][0], p, "C"))
    return Board(name, grid, frozenset(trench), frozenset(depots), tuple(starts), len(soldiers[0]) + 1, terrain)


def _check_shape(rows: list[str], where: str) -> None:
    if not rows:
        raise DataFileError(f"{where}: the layout is empty")
    if len(rows) % 2:
        raise DataFileError(f"{where}: the layout needs an even number of rows (two equal halves), got {len(rows)}")
    width = len(rows[0])
    for i, line in enumerate(rows):
        if len(line) != width:
            raise DataFileError(f"{where}: layout row {i + 1} has {len(line)} tiles, expected {width}")
        bad = set(line) - set(SYMBOLS)
        if bad:
            raise DataFileError(f"{where}: layout row {i + 1} has unknown symbols {''.join(sorted(bad))!r}; use {' '.join(SYMBOLS)}")
    rotated = ["".join(SWAPPED[ch] for ch in reversed(line)) for line in reversed(rows)]
    if rotated != rows:
        raise DataFileError(f"{where}: the layout is not the same for both players when turned half a turn around")


def _check_armies(soldiers: list[list[Cell]], commandos: list[list[Cell]], trench: set[Cell], height: int, where: str) -> None:
    if not soldiers[0]:
        raise DataFileError(f"{where}: player 0 has no soldiers (symbol 0)")
    if not trench:
        raise DataFileError(f"{where}: the layout has no trench tiles (symbol =); Veterans need a farthest trench")
    for p, sym in ((0, "a"), (1, "b")):
        if len(commandos[p]) != 1:
            raise DataFileError(f"{where}: player {p} needs exactly one Commando (symbol {sym}), found {len(commandos[p])}")
        row = commandos[p][0][1]
        if (row < height // 2) == (p == 0):
            raise DataFileError(f"{where}: player {p}'s Commando must start in the enemy half")


def load_board(file: DataFile) -> Board:
    """The board in a loaded data file."""
    return parse_board(file.table, file.where)
