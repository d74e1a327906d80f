"""The Hell's Ditch map as data: named locations, villages, two strongholds and the
roads between them, loaded from TOML and validated with errors naming the file."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from ...core.data import DataFile, require
from ...core.errors import DataFileError

ID_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
RESERVED = frozenset({"move", "raze", "recruit", "done", "counter", "fight-on", "back-out"})


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    x: float
    y: float
    village: bool
    stronghold: int | None


@dataclass(frozen=True)
class ValleyMap:
    """Locations in file order (the order fights and lists use), roads as a
    neighbour table, and the stronghold of each seat."""

    name: str
    locations: dict[str, Location]
    neighbours: dict[str, tuple[str, ...]]
    strongholds: tuple[str, str]
    order: dict[str, int]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.locations)

    def is_village(self, loc: str) -> bool:
        return self.locations[loc].village

    def is_stronghold(self, loc: str) -> bool:
        return self.locations[loc].stronghold is not None

    def label(self, loc: str) -> str:
        return self.locations[loc].name

    def roads(self) -> list[tuple[str, str]]:
        """Every road once, in file order of its first end."""
        out: list[tuple[str, str]] = []
        for a, nbs in self.neighbours.items():
            out.extend((a, b) for b in nbs if self.order[a] < self.order[b])
        return out

    def distances(self, start: str) -> dict[str, int]:
        """Road distance from ``start`` to every reachable location."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nb in self.neighbours[here]:
                if nb not in dist:
                    dist[nb] = dist[here] + 1
                    todo.append(nb)
        return dist


def _location(table: Any, index: int, where: str) -> Location:
    spot = f"{where}: location {index + 1}"
    if not isinstance(table, dict):
        raise DataFileError(f"{spot} must be a table")
    loc_id = require(table, "id", str, spot)
    if not ID_PATTERN.match(loc_id) or loc_id in RESERVED:
        raise DataFileError(f"{spot}: id {loc_id!r} must be lower-case letters, digits and dashes, start with a letter, and not be an order word")
    spot = f"{where}: location {loc_id!r}"
    name = require(table, "name", str, spot)
    x = require(table, "x", (int, float), spot)
    y = require(table, "y", (int, float), spot)
    village = table.get("village", False)
    if not isinstance(village, bool):
        raise DataFileError(f"{spot}: 'village' must be true or false, got {village!r}")
    seat = table.get("stronghold")
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
        raise DataFileError(f"{spot}: 'stronghold' must be 0 or 1 (the seat that starts there), got {seat!r}")
    if seat is not None and village:
        raise DataFileError(f"{spot}: a stronghold cannot also be a village")
    return Location(loc_id, name, float(x), float(y), village, seat)


def _roads(data: dict[str, Any], known: dict[str, Location], where: str) -> dict[str, list[str]]:
    roads = require(data, "roads", list, where)
    nbs: dict[str, list[str]] = {loc: [] for loc in known}
    for i, road in enumerate(roads):
        spot = f"{where}: road {i + 1}"
        if not isinstance(road, list) or len(road) != 2 or not all(isinstance(e, str) for e in road):
            raise DataFileError(f"{spot} must be a pair of location ids, got {road!r}")
        a, b = road
        for end in (a, b):
            if end not in known:
                raise DataFileError(f"{spot} ({a} - {b}) names an unknown location {end!r}")
        if a == b:
            raise DataFileError(f"{spot} joins {a!r} to itself")
        if b in nbs[a]:
            raise DataFileError(f"{spot} ({a} - {b}) is listed twice")
        nbs[a].append(b)
        nbs[b].append(a)
    return nbs


def parse_map(data: dict[str, Any], where: str) -> ValleyMap:
    name = require(data, "name", str, where)
    tables = require(data, "location", list, where)
    locations: dict[str, Location] = {}
    for i, table in enumerate(tables):
        loc = _location(table, i, where)
        if loc.id in locations:
            raise DataFileError(f"{where}: location id {loc.id!r} is used twice")
        locations[loc.id] = loc
    holds = [[loc.id for loc in locations.values() if loc.stronghold == seat] for seat in (0, 1)]
    for seat in (0, 1):
        if len(holds[seat]) != 1:
            raise DataFileError(f"{where}: expected exactly one stronghold for seat {seat}, found {len(holds[seat])}")
    order = {loc: i for i, loc in enumerate(locations)}
    raw = _roads(data, locations, where)
    neighbours = {loc: tuple(sorted(nbs, key=order.__getitem__)) for loc, nbs in raw.items()}
    valley = ValleyMap(name, locations, neighbours, (holds[0][0], holds[1][0]), order)
    if valley.strongholds[1] not in valley.distances(valley.strongholds[0]):
        raise DataFileError(f"{where}: there is no path of roads between the two strongholds")
    return valley


def load_map(file: DataFile) -> ValleyMap:
    """The map in a loaded data file (a shipped map or a designer's)."""
    return parse_map(file.table, file.where)
