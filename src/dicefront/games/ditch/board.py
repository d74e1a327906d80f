"""The Ditch board as data: grid, deployment zones and green tiles, from TOML."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.data import DataFile, require
from ...core.errors import DataFileError
from ...core.grid import Cell, Grid

LEGEND = {".": "open", "g": "green", "0": "zone0", "1": "zone1"}


@dataclass(frozen=True)
class Board:
    name: str
    grid: Grid
    zones: tuple[frozenset[Cell], frozenset[Cell]]
    green: frozenset[Cell]

    def zone(self, player: int) -> frozenset[Cell]:
        return self.zones[player]


def parse_board(data: dict[str, object], where: str) -> Board:
    name = require(data, "name", str, where)
    geometry = require(data, "geometry", str, where)
    layout = require(data, "layout", str, where)
    rows = [line.strip() for line in layout.strip().splitlines() if line.strip()]
    if not rows:
        raise DataFileError(f"{where}: the layout is empty")
    width = len(rows[0])
    for i, line in enumerate(rows):
        if len(line) != width:
            raise DataFileError(f"{where}: layout row {i + 1} has {len(line)} cells, expected {width}")
        bad = set(line) - set(LEGEND)
        if bad:
            raise DataFileError(f"{where}: layout row {i + 1} has unknown symbols {''.join(sorted(bad))!r}; use . g 0 1")
    grid = Grid(width, len(rows), geometry)
    zones: tuple[set[Cell], set[Cell]] = (set(), set())
    green: set[Cell] = set()
    for i, line in enumerate(rows):
        row = len(rows) - 1 - i
        for col, ch in enumerate(line):
            if ch in "01":
                zones[int(ch)].add((col, row))
            elif ch == "g":
                green.add((col, row))
    for p in (0, 1):
        if len(zones[p]) < 6:
            raise DataFileError(f"{where}: player {p}'s deployment zone has {len(zones[p])} cells; 6 pawns need at least 6")
    return Board(name, grid, (frozenset(zones[0]), frozenset(zones[1])), frozenset(green))


def load_board(file: DataFile) -> Board:
    """The board in a loaded data file (a shipped board or a designer's)."""
    return parse_board(file.table, file.where)
