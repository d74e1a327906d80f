"""Per-game statistics for the lab: the contract of a game package's ``stats`` role.

A game's ``stats`` module defines ``Collector`` (built with the game, fed each step of
a match with the state after it, see :class:`StatsCollector`) and
``summarise(counts, games) -> list[Table]``. Collectors only count: their tables are
nested counters that the lab adds up over thousands of games in any process, and
``summarise`` turns the sums into the tables a designer reads (rates, means)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .game import State
    from .record import Step

Counts = dict[str, dict[str, dict[str, float]]]
"""table name -> row -> column -> count (JSON-safe; sums over games stay meaningful)."""


class StatsCollector(Protocol):
    turns: int
    """Turns (in the game's own sense: a player's turn, a round) seen so far."""
    limit_draw: bool
    """The game ended as a draw because the rules' own turn or round limit was reached."""

    def step(self, state: State, step: Step) -> None:
        """Count what ``step`` (already applied: ``state`` is the state after it) did."""

    def counts(self) -> Counts: ...


class Collector:
    """A base for a game's ``Collector``: a :class:`Tally`, the turn count, the limit flag."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.turns = 0
        self.limit_draw = False

    def counts(self) -> Counts:
        return self.tally.data


class Tally:
    """A nested counter: ``tally.add("combat", "Archer", "wins")``."""

    def __init__(self) -> None:
        self.data: Counts = {}

    def add(self, table: str, row: object, column: object, amount: float = 1) -> None:
        cells = self.data.setdefault(table, {}).setdefault(str(row), {})
        cells[str(column)] = cells.get(str(column), 0) + amount


def merge_counts(total: Counts, more: Mapping[str, Mapping[str, Mapping[str, float]]]) -> None:
    """Add ``more`` into ``total`` cell by cell."""
    for name, rows in more.items():
        table = total.setdefault(name, {})
        for row, cells in rows.items():
            into = table.setdefault(row, {})
            for col, value in cells.items():
                into[col] = into.get(col, 0) + value


def table(title: str, rows: Mapping[str, Mapping[str, Any]], note: str = "", columns: list[str] | None = None) -> dict[str, Any]:
    """One table of a balance sheet: ``rows`` maps a row label to its cells."""
    if columns is None:
        columns = []
        for cells in rows.values():
            columns.extend(c for c in cells if c not in columns)
    return {
        "title": title,
        "note": note,
        "columns": columns,
        "rows": [[label, *[cells.get(c, 0) for c in columns]] for label, cells in rows.items()],
    }


def verb(action: str | None) -> str:
    """The first word of an action's notation (what kind of choice it was)."""
    return (action or "").split(" ", 1)[0] or "?"


def rate_rows(counts: Mapping[str, Mapping[str, float]], part: str, whole: str, label: str) -> dict[str, dict[str, Any]]:
    """Rows of ``counts`` with a ``label`` column = ``part / whole``."""
    return {row: {**cells, label: share(cells.get(part, 0), cells.get(whole, 0))} for row, cells in sorted(counts.items())}


def frequency_rows(counts: Mapping[str, Mapping[str, float]], column: str, games: int) -> dict[str, dict[str, Any]]:
    """Rows of a one-column count table with the share of the total and the mean per game."""
    total = sum(cells.get(column, 0) for cells in counts.values())
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1].get(column, 0), kv[0]))
    return {row: {column: cells.get(column, 0), "share": share(cells.get(column, 0), total),
                  "per game": share(cells.get(column, 0), games)} for row, cells in ordered}


def share(part: float, whole: float) -> float:
    """``part / whole`` rounded for a table, 0 when ``whole`` is 0."""
    return round(part / whole, 4) if whole else 0.0
