"""Die Fighting data files: the unit table with commanders, map tiles and army lists
(TOML), each validated on load with errors naming the file and the problem."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core.data import DataFile, require
from ...core.errors import DataFileError

PACKAGE = __package__ or "dicefront.games.die_fighting"
UNIT_TYPES = ("foot", "mounted", "ranged")
BONUSES = ("breakaway", "movement", "range", "targets", "attack", "defence", "damage")
SHIPPED_MAPS = ("ruined_tower", "forests_edge", "stream", "blue_field")
TERRAIN = {".": "clear", "S": "slow", "B": "blocking"}
DEPLOY_ROWS = 2  # rule 3.4


@dataclass(frozen=True)
class UnitCard:
    code: str
    name: str
    type: str
    die: int
    cost: int
    speed: int
    range: int
    targets: int
    damage: int
    damage_bonus: int
    uses: int
    attack: int
    defence: int

    @property
    def mounted(self) -> bool:
        return self.type == "mounted"

    @property
    def ranged(self) -> bool:
        return self.type == "ranged"


@dataclass(frozen=True)
class Commander:
    code: str
    name: str
    cost: int
    bonus: dict[str, str]  # unit type -> the stat it raises by 1


@dataclass(frozen=True)
class UnitTable:
    units: dict[str, UnitCard]
    commanders: dict[str, Commander]
    # labels and stats already worked out (the table never changes once loaded)
    _labels: dict[tuple[str, str], str] = field(default_factory=dict, init=False, compare=False, repr=False)
    _stats: dict[tuple[str, str, str], int] = field(default_factory=dict, init=False, compare=False, repr=False)
    values: dict[tuple[str, str, int, int], float] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The heuristics' worth of a unit by (kind, commander, points, uses), memoized."""
    threats: dict[tuple[str, str, str, str, int, int, bool, int], float] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The heuristics' expected loss of a target to one attack, memoized."""
    positions: dict[Hashable, tuple[float, float]] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The heuristics' threats by position, memoized."""

    def cost(self, kind: str, commander: str) -> int:
        return self.units[kind].cost + (self.commanders[commander].cost if commander else 0)

    def label(self, kind: str, commander: str) -> str:
        found = self._labels.get((kind, commander))
        if found is None:
            name = self.units[kind].name
            found = self._labels[kind, commander] = f"{name} with a {self.commanders[commander].name}" if commander else name
        return found

    def stat(self, kind: str, commander: str, name: str) -> int:
        """A unit card value plus its commander's bonus (rules 2.3 and 2.4)."""
        key = (kind, commander, name)
        found = self._stats.get(key)
        if found is None:
            found = self._stats[key] = int(getattr(self.units[kind], name, 0)) + self.bonus(kind, commander, name)
        return found

    def bonus(self, kind: str, commander: str, stat: str) -> int:
        """+1 when the unit's commander raises ``stat`` for its unit type (rule 2.4)."""
        if not commander:
            return 0
        return 1 if self.commanders[commander].bonus[self.units[kind].type] == stat else 0


_CARD_INTS = ("die", "cost", "speed", "range", "targets", "damage", "damage_bonus", "uses", "attack", "defence")


def _card(code: str, data: Any, where: str) -> UnitCard:
    at = f"{where}: unit {code}"
    if not isinstance(data, dict):
        raise DataFileError(f"{at} must be a table")
    if not (code.isalpha() and code.isupper() and 1 <= len(code) <= 3):
        raise DataFileError(f"{where}: unit code {code!r} must be 1-3 capital letters")
    kind = require(data, "type", str, at)
    if kind not in UNIT_TYPES:
        raise DataFileError(f"{at}: type {kind!r} must be one of {', '.join(UNIT_TYPES)}")
    values = {k: require(data, k, int, at) for k in _CARD_INTS}
    for k in ("die", "cost", "speed", "range", "targets", "damage"):
        if values[k] < 1:
            raise DataFileError(f"{at}: '{k}' must be at least 1, got {values[k]}")
    for k in ("damage_bonus", "uses", "attack", "defence"):
        if values[k] < 0:
            raise DataFileError(f"{at}: '{k}' must not be negative, got {values[k]}")
    if kind == "ranged" and values["uses"] < 1:
        raise DataFileError(f"{at}: a ranged unit needs at least 1 use")
    return UnitCard(code=code, name=require(data, "name", str, at), type=kind, **values)


def _commander(code: str, data: Any, where: str) -> Commander:
    at = f"{where}: commander {code}"
    if not isinstance(data, dict):
        raise DataFileError(f"{at} must be a table")
    if code not in ("S", "L", "C"):
        raise DataFileError(f"{where}: commander code {code!r} must be S, L or C")
    bonus = {}
    for t in UNIT_TYPES:
        stat = require(data, t, str, at)
        if stat not in BONUSES:
            raise DataFileError(f"{at}: bonus {stat!r} for {t} units must be one of {', '.join(BONUSES)}")
        bonus[t] = stat
    cost = require(data, "cost", int, at)
    if cost < 0:
        raise DataFileError(f"{at}: cost must not be negative")
    return Commander(code, require(data, "name", str, at), cost, bonus)


def parse_units(data: dict[str, Any], where: str) -> UnitTable:
    units = require(data, "units", dict, where)
    commanders = require(data, "commanders", dict, where)
    if not units:
        raise DataFileError(f"{where}: the unit table has no units")
    return UnitTable(
        {code: _card(code, v, where) for code, v in units.items()},
        {code: _commander(code, v, where) for code, v in commanders.items()},
    )


def load_units(file: DataFile) -> UnitTable:
    return parse_units(file.table, file.where)


# ----- maps ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MapTile:
    """One map: rows from north to south, each a string of . S B."""

    key: str
    name: str
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


def parse_map(key: str, data: dict[str, Any], where: str) -> MapTile:
    name = require(data, "name", str, where)
    layout = require(data, "layout", str, where)
    rows = tuple(line.strip() for line in layout.strip().splitlines() if line.strip())
    if not rows:
        raise DataFileError(f"{where}: the layout is empty")
    width = len(rows[0])
    if not (2 <= width <= 26 and 2 * DEPLOY_ROWS + 1 <= len(rows) <= 49):
        raise DataFileError(f"{where}: a map must be 2-26 squares wide and 5-49 deep, got {width}x{len(rows)}")
    for i, line in enumerate(rows):
        if len(line) != width:
            raise DataFileError(f"{where}: layout row {i + 1} has {len(line)} squares, expected {width}")
        bad = set(line) - set(TERRAIN)
        if bad:
            raise DataFileError(f"{where}: layout row {i + 1} has unknown symbols {''.join(sorted(bad))!r}; use . S B")
    for i in (*range(DEPLOY_ROWS), *range(len(rows) - DEPLOY_ROWS, len(rows))):
        if "B" in rows[i]:
            raise DataFileError(f"{where}: layout row {i + 1} is a deployment row and may not hold Blocking squares")
    return MapTile(key, name, rows)


def load_map(file: DataFile) -> MapTile:
    return parse_map(file.name, file.table, file.where)


# ----- armies ---------------------------------------------------------------------------

Army = dict[str, int]  # "LI/S" -> count


def army_key(kind: str, commander: str) -> str:
    return f"{kind}/{commander}" if commander else kind


def split_key(key: str) -> tuple[str, str]:
    kind, _, commander = key.partition("/")
    return kind, commander


def parse_army(data: dict[str, Any], where: str, table: UnitTable, points: int, capacity: int) -> Army:
    entries = require(data, "units", list, where)
    army: Army = {}
    for i, entry in enumerate(entries):
        at = f"{where}: units entry {i + 1}"
        if not isinstance(entry, dict):
            raise DataFileError(f"{at} must be a table like {{ unit = \"LI\" }}")
        kind = require(entry, "unit", str, at)
        if kind not in table.units:
            raise DataFileError(f"{at}: unknown unit {kind!r}; known: {', '.join(table.units)}")
        commander = entry.get("commander", "")
        if commander and commander not in table.commanders:
            raise DataFileError(f"{at}: unknown commander {commander!r}; known: {', '.join(table.commanders)}")
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise DataFileError(f"{at}: count must be a positive integer, got {count!r}")
        key = army_key(kind, commander)
        army[key] = army.get(key, 0) + count
    if not army:
        raise DataFileError(f"{where}: the army has no units")
    total = sum(table.cost(*split_key(k)) * n for k, n in army.items())
    if total > points:
        raise DataFileError(f"{where}: the army costs {total} points, more than the {points} points of this mode")
    size = sum(army.values())
    if size > capacity:
        raise DataFileError(f"{where}: the army has {size} units but only {capacity} fit in a deployment zone")
    return army


def load_army(file: DataFile, table: UnitTable, points: int, capacity: int) -> Army:
    return parse_army(file.table, file.where, table, points, capacity)


class Unit(NamedTuple):
    """A unit on the map: its die (``kind``'s die type) shows ``points``; ``uses`` is the
    number of ranged attacks left (rules 2.1 and 8.6)."""

    owner: int
    kind: str
    commander: str
    cell: tuple[int, int]
    points: int
    uses: int
