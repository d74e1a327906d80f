"""Grid geometry shared by the board games: cells, names, neighbours, distances,
and movement reachability. Square grids with 8 or 4 neighbours, and hex grids in
"odd-r" offset layout (odd rows shifted half a cell right).

Cells are ``(col, row)`` with ``(0, 0)`` at the bottom left, named like chess
squares: column letter then row number from 1 (``a1``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from .errors import DataFileError
from .notation import ascii_int

Cell = tuple[int, int]
GEOMETRIES = ("square8", "square4", "hex")

_SQUARE8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_SQUARE4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
_HEX_EVEN = ((1, 0), (-1, 0), (0, 1), (-1, 1), (0, -1), (-1, -1))
_HEX_ODD = ((1, 0), (-1, 0), (1, 1), (0, 1), (1, -1), (0, -1))


@dataclass(frozen=True)
class Grid:
    width: int
    height: int
    geometry: str = "square8"

    def __post_init__(self) -> None:
        if self.geometry not in GEOMETRIES:
            raise DataFileError(f"unknown geometry {self.geometry!r}; expected one of {', '.join(GEOMETRIES)}")
        if not (1 <= self.width <= 26 and 1 <= self.height <= 99):
            raise DataFileError(f"grid size {self.width}x{self.height} out of range (1-26 columns, 1-99 rows)")

    def cells(self) -> Iterator[Cell]:
        for row in range(self.height):
            for col in range(self.width):
                yield (col, row)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    @staticmethod
    def name(cell: Cell) -> str:
        return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"

    def parse(self, text: str) -> Cell | None:
        """The cell named ``text``, or None if it is not a cell of this grid."""
        text = text.strip()
        if len(text) < 2 or not text.isascii():
            return None
        letter, row = text[0].lower(), ascii_int(text[1:], max_digits=2)
        if row is None or not "a" <= letter <= "z":
            return None
        cell = (ord(letter) - ord("a"), row - 1)
        return cell if self.contains(cell) else None

    @cached_property
    def _neighbours(self) -> dict[Cell, tuple[Cell, ...]]:
        table: dict[Cell, tuple[Cell, ...]] = {}
        for c, r in self.cells():
            deltas: tuple[tuple[int, int], ...]
            if self.geometry == "square8":
                deltas = _SQUARE8
            elif self.geometry == "square4":
                deltas = _SQUARE4
            else:
                deltas = _HEX_ODD if r % 2 else _HEX_EVEN
            table[(c, r)] = tuple(
                (c + dc, r + dr) for dc, dr in deltas if self.contains((c + dc, r + dr))
            )
        return table

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return self._neighbours[cell]

    def is_diagonal(self, a: Cell, b: Cell) -> bool:
        return self.geometry != "hex" and a[0] != b[0] and a[1] != b[1]

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two cells on an empty board."""
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        if self.geometry == "square8":
            return max(dc, dr)
        if self.geometry == "square4":
            return dc + dr
        ax, az = a[0] - (a[1] - (a[1] & 1)) // 2, a[1]
        bx, bz = b[0] - (b[1] - (b[1] & 1)) // 2, b[1]
        ay, by = -ax - az, -bx - bz
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def within(self, cell: Cell, radius: int) -> list[Cell]:
        """The other cells at most ``radius`` steps from ``cell``, in board order. A step
        changes a column and a row by at most one, so only the square around it is looked at."""
        col, row = cell
        box = ((c, r) for r in range(max(0, row - radius), min(self.height, row + radius + 1))
               for c in range(max(0, col - radius), min(self.width, col + radius + 1)))
        return [c for c in box if 0 < self.distance(cell, c) <= radius]

    def reachable(
        self,
        start: Cell,
        budget: int,
        passable: Callable[[Cell], bool],
        step_cost: Callable[[Cell, Cell], int | None] | None = None,
    ) -> dict[Cell, int]:
        """Cells reachable from ``start`` spending at most ``budget``, with their cost.

        ``passable(cell)`` says whether a path may enter a cell; ``step_cost(a, b)``
        (default 1) may return None to forbid a step. The start is included at 0."""
        best: dict[Cell, int] = {start: 0}
        if step_cost is None:
            frontier: deque[Cell] = deque([start])
            while frontier:
                cell = frontier.popleft()
                cost = best[cell] + 1
                if cost > budget:
                    continue
                for nxt in self._neighbours[cell]:
                    if nxt not in best and passable(nxt):
                        best[nxt] = cost
                        frontier.append(nxt)
            return best
        import heapq

        heap: list[tuple[int, Cell]] = [(0, start)]
        while heap:
            cost, cell = heapq.heappop(heap)
            if cost > best.get(cell, budget + 1):
                continue
            for nxt in self._neighbours[cell]:
                if not passable(nxt):
                    continue
                step = step_cost(cell, nxt)
                if step is None:
                    continue
                new = cost + step
                if new <= budget and new < best.get(nxt, budget + 1):
                    best[nxt] = new
                    heapq.heappush(heap, (new, nxt))
        return best
