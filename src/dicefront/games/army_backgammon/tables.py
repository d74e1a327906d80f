"""The weapon and stance tables and the army lists, read from TOML and validated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.data import DataFile, package_data, read_toml, require
from ...core.errors import DataFileError

PACKAGE = __package__ or "dicefront.games.army_backgammon"
MAX_PER_ROW = 5  # rule 5.3
HALF = 12  # rows on each side of the track


@dataclass(frozen=True)
class Stance:
    name: str
    max_move: int
    save: int
    abbr: str


@dataclass(frozen=True)
class Tables:
    ranges: dict[str, int]
    weapon_abbr: dict[str, str]
    stances: dict[str, Stance]

    @property
    def weapons(self) -> tuple[str, ...]:
        return tuple(self.ranges)

    @property
    def stance_names(self) -> tuple[str, ...]:
        return tuple(self.stances)


@dataclass(frozen=True)
class ArmyMan:
    """One man of an army list: his starting row (1 = the army's back row)."""

    row: int
    weapons: tuple[str, ...]
    stance: str
    sergeant: bool
    detector: bool


@dataclass(frozen=True)
class Army:
    name: str
    description: str
    men: tuple[ArmyMan, ...]

    @property
    def detectors(self) -> int:
        return sum(1 for m in self.men if m.detector)


def load_tables() -> Tables:
    path = package_data(PACKAGE, "data/weapons.toml")
    return parse_tables(read_toml(path), str(path))


def parse_tables(data: dict[str, Any], where: str) -> Tables:
    weapons = require(data, "weapons", dict, where)
    stances = require(data, "stances", dict, where)
    ranges: dict[str, int] = {}
    abbr: dict[str, str] = {}
    for name, table in weapons.items():
        at = f"{where}: weapon {name!r}"
        if not isinstance(table, dict):
            raise DataFileError(f"{at} must be a table")
        rng = require(table, "range", int, at)
        if not 1 <= rng <= 6:
            raise DataFileError(f"{at}: range {rng} is not a die face 1-6")
        ranges[name] = rng
        abbr[name] = require(table, "abbr", str, at)
    out: dict[str, Stance] = {}
    for name, table in stances.items():
        at = f"{where}: stance {name!r}"
        if not isinstance(table, dict):
            raise DataFileError(f"{at} must be a table")
        max_move = require(table, "max_move", int, at)
        save = require(table, "save", int, at)
        if not 1 <= max_move <= 6 or not 0 <= save <= 6:
            raise DataFileError(f"{at}: max_move must be 1-6 and save 0-6")
        out[name] = Stance(name, max_move, save, require(table, "abbr", str, at))
    if not ranges or len(out) < 2:
        raise DataFileError(f"{where}: needs at least one weapon and two stances")
    return Tables(ranges, abbr, out)


def load_army(file: DataFile, tables: Tables) -> Army:
    """The army list in a loaded data file (a shipped army or a designer's)."""
    return parse_army(file.table, file.where, tables)


def parse_army(data: dict[str, Any], where: str, tables: Tables) -> Army:
    name = require(data, "name", str, where)
    description = str(data.get("description", ""))
    raw = require(data, "men", list, where)
    men = tuple(_army_man(entry, f"{where}: man {i + 1}", tables) for i, entry in enumerate(raw))
    if not men:
        raise DataFileError(f"{where}: the army has no men")
    if sum(1 for m in men if m.sergeant) != 1:
        raise DataFileError(f"{where}: exactly one man must be the sergeant (sergeant = true)")
    for row in {m.row for m in men}:
        count = sum(1 for m in men if m.row == row)
        if count > MAX_PER_ROW:
            raise DataFileError(f"{where}: row {row} holds {count} men; at most {MAX_PER_ROW} may share a row")
    return Army(name, description, men)


def _army_man(entry: Any, at: str, tables: Tables) -> ArmyMan:
    if not isinstance(entry, dict):
        raise DataFileError(f"{at} must be a table like {{ row = 1, weapons = [\"rifle\"], stance = \"prone\" }}")
    row = require(entry, "row", int, at)
    if not 1 <= row <= HALF:
        raise DataFileError(f"{at}: row {row} is not on the army's own half (1-{HALF})")
    weapons = require(entry, "weapons", list, at)
    if not weapons or len(set(weapons)) != len(weapons):
        raise DataFileError(f"{at}: weapons must be a non-empty list without repeats")
    for w in weapons:
        if w not in tables.ranges:
            raise DataFileError(f"{at}: unknown weapon {w!r}; known: {', '.join(tables.weapons)}")
    stance = require(entry, "stance", str, at)
    if stance not in tables.stances:
        raise DataFileError(f"{at}: unknown stance {stance!r}; known: {', '.join(tables.stance_names)}")
    sergeant = entry.get("sergeant", False)
    detector = entry.get("detector", False)
    if not isinstance(sergeant, bool) or not isinstance(detector, bool):
        raise DataFileError(f"{at}: sergeant and detector must be true or false")
    return ArmyMan(row, tuple(weapons), stance, sergeant, detector)
