"""Storage by URL: SQLite files (bare path or sqlite:///), the versioned migrations that
upgrade a database made by an earlier version in place, and step conflicts."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dicefront.core.record import Step
from dicefront.server import create_app
from dicefront.server.storage import DatabaseUrlError, GameRow, Seat, StaleGameError, Storage, database_url
from dicefront.server.storage_schema import VERSION, SchemaError

BEFORE_18 = Path(__file__).with_name("data") / "games-before-18.sqlite3"
"""Made by the server before issue 18 (no schema table): a ditch game against a computer
(476 steps) and an army_backgammon game waiting for a friend."""

VERSION_1 = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
    created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'live', returns TEXT);
CREATE TABLE steps (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, player INTEGER, action TEXT,
    outcome TEXT, events TEXT NOT NULL, PRIMARY KEY (game_id, idx));
INSERT INTO games VALUES ('g1', 'ditch', '{}', '[{"kind": "human", "token": "t0", "joined": true}, {"kind": "human", "token": "t1"}]', 1.0, 'live', NULL);
"""


@pytest.mark.parametrize(
    ("given", "url"),
    [
        ("games.db", "sqlite:///games.db"),
        ("/tmp/x/games.db", "sqlite:////tmp/x/games.db"),
        ("sqlite:///rel/games.db", "sqlite:///rel/games.db"),
        ("postgresql://me@localhost:5432/dice", "postgresql+psycopg://me@localhost:5432/dice"),
        ("postgres://me@localhost/dice", "postgresql+psycopg://me@localhost/dice"),
    ],
)
def test_database_urls(given: str, url: str) -> None:
    assert database_url(given) == url


@pytest.mark.parametrize("bad", ["mysql://me@host/db", ":memory:", "sqlite://", "http://example.invalid/x"])
def test_unusable_database_urls_are_refused_in_one_line(bad: str) -> None:
    with pytest.raises(DatabaseUrlError) as caught:
        database_url(bad)
    assert "\n" not in str(caught.value)


def test_a_database_made_before_issue_18_upgrades_in_place(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    shutil.copy(BEFORE_18, db)
    with sqlite3.connect(db) as old:
        count = old.execute("SELECT count(*) FROM steps").fetchone()[0]
        ids = {r[0] for r in old.execute("SELECT id FROM games")}
    store = Storage(f"sqlite:///{db}")
    rows = store.load_games()
    store.close()
    assert {r.id for r in rows} == ids
    assert sum(len(r.steps) for r in rows) == count
    with sqlite3.connect(db) as new:
        assert new.execute("SELECT version FROM dicefront_schema").fetchall() == [(VERSION,)]
        assert new.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    app = create_app(db, step_delay=0, computer_agents=("random",))
    with TestClient(app) as client:
        listed = client.get("/api/games").json()
        assert {g["id"] for kind in listed.values() for g in kind} == ids  # every old game restored, none broken
        assert not app.state.hub.broken


def test_a_version_1_database_gains_the_data_files_column(tmp_path: Path) -> None:
    db = tmp_path / "v1.sqlite3"
    with sqlite3.connect(db) as old:
        old.executescript(VERSION_1)
    store = Storage(db)
    (row,) = store.load_games()
    store.close()
    assert row.data_files == {} and row.seats[1].token == "t1"


def test_a_database_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    Storage(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE dicefront_schema SET version = ?", (VERSION + 1,))
    with pytest.raises(SchemaError, match="upgrade Dicefront"):
        Storage(db)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version FROM dicefront_schema").fetchone()[0] == VERSION + 1


def test_a_step_written_twice_is_a_stale_game_and_nothing_is_written(tmp_path: Path) -> None:
    store = Storage(tmp_path / "s.sqlite3")
    store.create_game(GameRow("g", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    store.add_steps("g", 0, [Step(0, action="x")])
    with pytest.raises(StaleGameError):
        store.add_steps("g", 0, [Step(1, action="y"), Step(0, action="z")], finished=(1.0, -1.0))
    row = store.load_game("g")
    store.close()
    assert row is not None
    assert [s.action for s in row.steps] == ["x"] and row.status == "live"


def test_seats_saved_against_an_old_copy_are_refused(tmp_path: Path) -> None:
    store = Storage(tmp_path / "s.sqlite3")
    seats = [Seat("human", "a"), Seat("human", "", open=True)]
    store.create_game(GameRow("g", "ditch", {}, seats, 1.0))
    claimed = [Seat("human", "a"), Seat("human", "mine", joined=True, open=True)]
    store.save_seats("g", claimed, before=seats)
    with pytest.raises(StaleGameError):
        store.save_seats("g", [Seat("human", "a"), Seat("human", "theirs", joined=True, open=True)], before=seats)
    row = store.load_game("g")
    store.close()
    assert row is not None and row.seats[1].token == "mine"
