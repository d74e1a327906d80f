"""The battlefield: map tiles joined into one grid, terrain costs, adjacency, movement
reach and lines of fire (rules 3.2, 5.2-5.5, 7.8, 8.1-8.3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ...core.grid import Cell, Grid
from .actions import Activate, Attack, Charge, Deploy, MoveTo, Regroup
from .tables import DEPLOY_ROWS, MapTile

# how many tiles across and deep each mode joins (rule 1.2); slot order: south-west,
# south-east, north-west, north-east
LAYOUTS = {1: (1, 1), 2: (2, 1), 4: (2, 2)}
SIDES = ("south", "north")


T = TypeVar("T")
_REACH_MEMO = 20_000  # reach answers (and attack actions) kept per battlefield (then the memo starts afresh)
CELL_NAMES: dict[Cell, str] = {(c, r): Grid.name((c, r)) for c in range(26) for r in range(99)}
"""The name of every square of the largest battlefield the options allow (26 x 99)."""
_DELTAS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


class _Lazy(dict[Cell, Any]):
    """A table filled in on first use of each key (the battlefield's derived data)."""

    def __init__(self, make: Callable[[Cell], Any]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: Cell) -> Any:
        value = self._make(key)
        self[key] = value
        return value


class Field:
    """Immutable once built; shared by every clone of a state (caches included)."""

    def __init__(self, tiles: Sequence[MapTile]) -> None:
        across, deep = LAYOUTS[len(tiles)]
        w, h = tiles[0].width, tiles[0].height
        self.tiles = tuple(tiles)
        self.grid = Grid(w * across, h * deep)
        slow: set[Cell] = set()
        blocking: set[Cell] = set()
        for slot, tile in enumerate(tiles):
            ox, oy = (slot % across) * w, (slot // across) * h
            for i, line in enumerate(tile.rows):
                row = oy + h - 1 - i
                for col, ch in enumerate(line):
                    if ch == "S":
                        slow.add((ox + col, row))
                    elif ch == "B":
                        blocking.add((ox + col, row))
        self.slow = frozenset(slow)
        self.blocking = frozenset(blocking)
        self.adjacent: dict[Cell, frozenset[Cell]] = _Lazy(self._adjacent)
        self.steps: dict[Cell, tuple[tuple[Cell, int], ...]] = _Lazy(self._steps)
        self._lines: dict[tuple[Cell, Cell], bool] = {}
        self._bit_tables()

    def _bit_tables(self) -> None:
        """Squares as bits of an int, bit ``row * width + col`` (so ascending bits run
        in board order: row, then column), with per-square masks for the hot paths."""
        g = self.grid
        self.cells: tuple[Cell, ...] = tuple((c, r) for r in range(g.height) for c in range(g.width))
        self.bit: dict[Cell, int] = {cell: 1 << i for i, cell in enumerate(self.cells)}
        # the actions naming one square, built once (frozen: equal to freshly built ones)
        self.activate: tuple[Activate, ...] = tuple(Activate(cell) for cell in self.cells)
        self.move_to: tuple[MoveTo, ...] = tuple(MoveTo(cell) for cell in self.cells)
        self.charge: dict[Cell, Charge] = {cell: Charge(cell) for cell in self.cells}
        self.regroup: dict[Cell, Regroup] = {cell: Regroup(cell) for cell in self.cells}
        self._attacks: dict[tuple[Cell, ...], Attack] = {}
        self._deploys: dict[str, tuple[Deploy, ...]] = {}
        self._near: dict[tuple[Cell, int], int] = {}
        self._zones: dict[str, int] = {}
        self.adjacent_mask: dict[Cell, int] = {}
        step1: list[int] = []
        step2: list[int] = []
        for cell in self.cells:
            self.adjacent_mask[cell] = sum(self.bit[n] for n in self.adjacent[cell])
            one = two = 0
            for n, cost in self.steps[cell]:
                if cost == 1:
                    one |= self.bit[n]
                else:
                    two |= self.bit[n]
            step1.append(one)
            step2.append(two)
        # the same tables keyed by the square's bit (saves a bit_length per step)
        self._steps_by_bit: dict[int, tuple[int, int]] = {1 << i: (one, two) for i, (one, two) in enumerate(zip(step1, step2, strict=True))}
        self._reached: dict[tuple[Cell, int, int, int], tuple[int, ...]] = {}
        self._dilation_tables()

    def _dilation_tables(self) -> None:
        """Masks for :meth:`reach_layers` to step from many squares at once: shifting a
        mask by 1 and by the width moves every square to its neighbours. That holds for a
        square whose 8 steps all follow the plain rule (cost 2 onto Slow terrain, 1 onto
        clear, none onto Blocking); the squares near a diagonal between two Blocking or
        two Slow squares (``_odd``) step through their own table instead."""
        g = self.grid
        bit = self.bit
        full = (1 << len(self.cells)) - 1
        slow = sum(bit[c] for c in self.slow)
        blocking = sum(bit[c] for c in self.blocking)
        self._full = full
        self._not_first = full & ~sum(bit[(0, r)] for r in range(g.height))
        self._not_last = full & ~sum(bit[(g.width - 1, r)] for r in range(g.height))
        self._clear = full & ~slow & ~blocking
        self._slow = slow & ~blocking
        odd = 0
        for cell in self.cells:
            steps = dict(self.steps[cell])
            for dc, dr in _DELTAS:
                to = (cell[0] + dc, cell[1] + dr)
                if to in bit and to not in self.blocking and steps.get(to) != (2 if to in self.slow else 1):
                    odd |= bit[cell]
        self._odd = odd
        self._chunks: dict[int, tuple[tuple[Any, ...], list[dict[int, tuple[Any, ...]]]]] = {}

    def pick(self, items: tuple[T, ...], mask: int) -> list[T]:
        """The items (one per square, in bit order) at the set bits of ``mask``, in
        board order: a bit at a time for a sparse mask, else a byte of the mask at a
        time, through per-byte tables built once."""
        if mask.bit_count() <= 6:
            few: list[T] = []
            while mask:
                low = mask & -mask
                few.append(items[low.bit_length() - 1])
                mask ^= low
            return few
        found = self._chunks.get(id(items))
        if found is None or found[0] is not items:
            found = self._chunks[id(items)] = (items, [{} for _ in range(0, len(items), 8)])
        tables = found[1]
        out: list[T] = []
        i = 0
        while mask:  # low byte first: stops after the last set bit
            byte = mask & 255
            if byte:
                part = tables[i].get(byte)
                if part is None:
                    base = 8 * i
                    part = tables[i][byte] = tuple(items[base + k] for k in range(8) if byte >> k & 1)
                out += part
            mask >>= 8
            i += 1
        return out

    def attack(self, targets: tuple[Cell, ...]) -> Attack:
        """The action attacking ``targets``, made once per tuple of squares."""
        found = self._attacks.get(targets)
        if found is None:
            if len(self._attacks) >= _REACH_MEMO:  # bounded like the reach memo
                self._attacks.clear()
            found = self._attacks[targets] = Attack(targets)
        return found

    def deploys(self, key: str) -> tuple[Deploy, ...]:
        """Deploying the unit ``key`` on each square, in bit order (for :meth:`pick`)."""
        found = self._deploys.get(key)
        if found is None:
            found = self._deploys[key] = tuple(Deploy(key, cell) for cell in self.cells)
        return found

    def zone_mask(self, side: str) -> int:
        """:meth:`zone` as a bit mask."""
        found = self._zones.get(side)
        if found is None:
            found = self._zones[side] = sum(self.bit[cell] for cell in self.zone(side))
        return found

    def near(self, cell: Cell, distance: int) -> int:
        """The squares at most ``distance`` from ``cell`` (diagonals count 1), as a bit mask."""
        key = (cell, distance)
        found = self._near.get(key)
        if found is None:
            c, r = cell
            width, height = self.grid.width, self.grid.height
            low, high = max(c - distance, 0), min(c + distance, width - 1)
            row = ((1 << (high - low + 1)) - 1) << low
            found = 0
            for y in range(max(r - distance, 0), min(r + distance, height - 1) + 1):
                found |= row << (y * width)
            self._near[key] = found
        return found

    def in_range(self, cell: Cell, distance: int) -> int:
        """The squares a unit on ``cell`` with range ``distance`` (at least 1) may
        attack: within ``distance``, and at distance 1 only adjacent ones (rules 5.5
        and 8.1), as a bit mask."""
        return self.near(cell, distance) & ~self.near(cell, 1) | self.adjacent_mask[cell]

    def _adjacent(self, cell: Cell) -> frozenset[Cell]:
        """Rule 5.5: the 8 squares around, less diagonals between two Blocking squares."""
        c, r = cell
        w, h = self.grid.width, self.grid.height
        return frozenset(
            (c + dc, r + dr) for dc, dr in _DELTAS
            if 0 <= c + dc < w and 0 <= r + dr < h and not self._gap(cell, (c + dc, r + dr), self.blocking)
        )

    def _steps(self, cell: Cell) -> tuple[tuple[Cell, int], ...]:
        return tuple(sorted((n, self._step_cost(cell, n)) for n in self.adjacent[cell] if n not in self.blocking))

    @staticmethod
    def _gap(a: Cell, b: Cell, squares: frozenset[Cell]) -> bool:
        """A diagonal step between two squares of ``squares`` (rules 7.8 and 8.3)."""
        return a[0] != b[0] and a[1] != b[1] and (b[0], a[1]) in squares and (a[0], b[1]) in squares

    def _step_cost(self, a: Cell, b: Cell) -> int:
        """Rule 7.7: entering a Slow square, or a diagonal between two Slow squares, costs 2."""
        return 2 if b in self.slow or self._gap(a, b, self.slow) else 1

    def terrain(self, cell: Cell) -> str:
        return "blocking" if cell in self.blocking else "slow" if cell in self.slow else "clear"

    def zone(self, side: str) -> list[Cell]:
        """Rule 3.4: the squares up to two rows in from a side's edge (never Blocking)."""
        g = self.grid
        rows = range(DEPLOY_ROWS) if side == "south" else range(g.height - DEPLOY_ROWS, g.height)
        return [(c, r) for r in rows for c in range(g.width) if (c, r) not in self.blocking]

    # ----- movement -----------------------------------------------------------------
    def reach(self, start: Cell, budget: int, stops: set[Cell] | frozenset[Cell],
              enemies: set[Cell] | frozenset[Cell]) -> dict[Cell, int]:
        """Squares reachable from ``start`` within ``budget`` (rules 7.4-7.9), with their
        cost. A path may not enter ``enemies``; it ends on entering a square of
        ``stops`` (next to an enemy). The start is included at cost 0; squares held by
        friends are included too (the caller removes them as end squares)."""
        best = {start: 0}
        buckets: list[list[Cell]] = [[] for _ in range(budget + 1)]
        buckets[0].append(start)
        steps = self.steps
        for cost, bucket in enumerate(buckets):
            for cell in bucket:
                if best[cell] != cost or (cell in stops and cell != start):
                    continue
                for nxt, step in steps[cell]:
                    new = cost + step
                    if new <= budget and nxt not in enemies:
                        old = best.get(nxt)
                        if old is None or new < old:
                            best[nxt] = new
                            buckets[new].append(nxt)
        return best

    def reach_layers(self, start: Cell, budget: int, stops: int, enemies: int) -> tuple[int, ...]:
        """:meth:`reach` on bit masks: layer ``k`` holds the squares whose cheapest
        cost is ``k`` (``stops`` and ``enemies`` are masks of squares). Memoized: the
        answer depends on nothing else, and search revisits the same positions."""
        key = (start, budget, stops, enemies)
        found = self._reached.get(key)
        if found is not None:
            return found
        if len(self._reached) >= _REACH_MEMO:
            self._reached.clear()
        seen = self.bit[start]
        layers = [seen]
        width, full, not_first, not_last = self.grid.width, self._full, self._not_first, self._not_last
        clear, slow, odd_squares, by_bit = self._clear, self._slow, self._odd, self._steps_by_bit
        later = [0] * (budget + 3)
        expand = seen
        for k in range(1, budget + 1):
            if expand:
                odd = expand & odd_squares
                plain = expand ^ odd
                row = plain | (plain & not_last) << 1 | (plain & not_first) >> 1
                around = (row | row << width | row >> width) & full
                one = around & clear
                two = around & slow
                while odd:
                    low = odd & -odd
                    a, b = by_bit[low]
                    one |= a
                    two |= b
                    odd ^= low
                later[k] |= one
                later[k + 1] |= two
            new = later[k] & ~seen & ~enemies
            seen |= new
            layers.append(new)
            expand = new & ~stops
        found = self._reached[key] = tuple(layers)
        return found

    # ----- lines of fire -----------------------------------------------------------------
    def line_blocked(self, a: Cell, b: Cell) -> bool:
        """Rule 8.3: the straight line between two square centres crosses a Blocking
        square, or passes exactly through a corner between two Blocking squares."""
        key = (a, b)
        hit = self._lines.get(key)
        if hit is None:
            hit = self._trace(a, b)
            self._lines[key] = hit
        return hit

    def _trace(self, a: Cell, b: Cell) -> bool:
        dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
        sx, sy = (1 if b[0] > a[0] else -1), (1 if b[1] > a[1] else -1)
        x, y = a
        ix = iy = 0
        blocking = self.blocking
        while ix < dx or iy < dy:
            left, right = (1 + 2 * ix) * dy, (1 + 2 * iy) * dx
            if left == right:  # exactly through a corner
                if (x + sx, y) in blocking and (x, y + sy) in blocking:
                    return True
                x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
            elif left < right:
                x, ix = x + sx, ix + 1
            else:
                y, iy = y + sy, iy + 1
            if (x, y) != b and (x, y) in blocking:
                return True
        return False
