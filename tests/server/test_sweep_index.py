"""Schema version 8: the games are indexed by status and ``automatic``, so that the
claims sweep (every few seconds in each PostgreSQL process) reads only the games in
play whose next step is automatic, on a new database and on one migrated from 7."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect

from dicefront.server.storage import GameRow, Seat, Storage
from dicefront.server.storage_schema import SWEEP_INDEX, VERSION


def _indexes(store: Storage) -> dict[str, list[str | None]]:
    with store.engine.connect() as conn:
        return {str(i["name"]): list(i["column_names"]) for i in inspect(conn).get_indexes("games")}


def _back_to_version_7(store: Storage) -> None:
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"DROP INDEX {SWEEP_INDEX}")
        conn.exec_driver_sql("UPDATE dicefront_schema SET version = 7")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@pytest.mark.parametrize("migrated", [False, True])
def test_the_games_are_indexed_for_the_sweep(kind: str, migrated: bool, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = str(tmp_path / "games.sqlite3") if kind == "sqlite" else str(request.getfixturevalue("pg_url"))
    store = Storage(url)
    seats = [Seat("computer", agent="random"), Seat("computer", agent="random")]
    store.create_game(GameRow("g", "ditch", {}, seats, 1.0, automatic=True))
    if migrated:
        _back_to_version_7(store)
        store.close()
        store = Storage(url)
    try:
        assert _indexes(store).get(SWEEP_INDEX) == ["status", "automatic"] and VERSION == 8
        assert store.automatic_games(16) == ["g"]
        if kind == "sqlite":  # SQLite's plan is known without statistics: the sweep's query uses the index
            with store.engine.connect() as conn:
                plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql(
                    "EXPLAIN QUERY PLAN SELECT id FROM games WHERE status = 'live' AND automatic = 1 ORDER BY random() LIMIT 16"))
            assert SWEEP_INDEX in plan, plan
    finally:
        store.close()
