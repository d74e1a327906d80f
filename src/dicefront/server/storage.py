"""SQLite storage: each game is its options, its seats and its log of steps.

Every step is committed before the server acknowledges it, so a server killed at any
moment restarts with every acknowledged move; games are rebuilt by replaying logs."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.chance import Roll
from ..core.errors import DicefrontError
from ..core.events import Event
from ..core.record import Step

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'live',
    returns TEXT,
    data_files TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS steps (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    player INTEGER,
    action TEXT,
    outcome TEXT,
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
"""


class DatabaseInUseError(DicefrontError):
    """Another server process already serves this database file."""


@dataclass
class Seat:
    """One side of a game: a person (with a secret token) or a computer player.
    ``open``: a seat any stranger may claim from the lobby (its token is minted then);
    a seat that is not open is reached only through its invite link."""

    kind: str  # "human" or "computer"
    token: str = ""
    agent: str = ""
    joined: bool = False
    open: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "token": self.token, "agent": self.agent, "joined": self.joined, "open": self.open}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            str(data["kind"]), str(data.get("token", "")), str(data.get("agent", "")), bool(data.get("joined")), bool(data.get("open"))
        )


@dataclass
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[Seat]
    created: float
    status: str = "live"
    returns: list[float] | None = None
    steps: list[Step] = field(default_factory=list)
    data_files: dict[str, str] = field(default_factory=dict)
    """The text of the designer data files the game was created with, by option."""


class Storage:
    """A small synchronous store; one connection guarded by a lock. One process at a
    time: an exclusive lock on ``<db>.lock`` is held for the store's lifetime."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lockfile: int | None = None
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._lockfile = _exclusive(self.path + ".lock")
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Bring a database made by an older version up to this schema."""
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)").fetchall()}
        if "data_files" not in columns:
            self._db.execute("ALTER TABLE games ADD COLUMN data_files TEXT NOT NULL DEFAULT '{}'")

    def close(self) -> None:
        with self._lock:
            self._db.close()
            if self._lockfile is not None:
                os.close(self._lockfile)  # releases the lock
                self._lockfile = None

    def create_game(self, row: GameRow) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, game, options, seats, created, status, data_files) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, json.dumps(row.options), _seats_json(row.seats), row.created, row.status, json.dumps(row.data_files)),
            )

    def save_seats(self, game_id: str, seats: list[Seat]) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE games SET seats = ? WHERE id = ?", (_seats_json(seats), game_id))

    def add_steps(self, game_id: str, first: int, steps: list[Step], finished: tuple[float, float] | None = None) -> None:
        """Append steps ``first``, ``first + 1``... in one transaction (committed on return)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO steps (game_id, idx, player, action, outcome, events) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        first + i,
                        s.player,
                        s.action,
                        None if s.outcome is None else json.dumps(s.outcome.to_json()),
                        json.dumps([e.to_json() for e in s.events]),
                    )
                    for i, s in enumerate(steps)
                ],
            )
            if finished is not None:
                self._db.execute(
                    "UPDATE games SET status = 'finished', returns = ? WHERE id = ?", (json.dumps(list(finished)), game_id)
                )

    def load_games(self) -> list[GameRow]:
        with self._lock:
            rows = self._db.execute("SELECT id, game, options, seats, created, status, returns, data_files FROM games ORDER BY created").fetchall()
            steps = self._db.execute("SELECT game_id, player, action, outcome, events FROM steps ORDER BY game_id, idx").fetchall()
        games = {
            r[0]: GameRow(
                id=r[0],
                game=r[1],
                options=json.loads(r[2]),
                seats=[Seat.from_json(s) for s in json.loads(r[3])],
                created=float(r[4]),
                status=r[5],
                returns=None if r[6] is None else json.loads(r[6]),
                data_files=json.loads(r[7]),
            )
            for r in rows
        }
        for game_id, player, action, outcome, events in steps:
            row = games.get(game_id)
            if row is None:
                continue
            evs = [Event.from_json(e) for e in json.loads(events)]
            if outcome is not None:
                row.steps.append(Step(None, outcome=Roll.from_json(json.loads(outcome)), events=evs))
            else:
                row.steps.append(Step(int(player), action=str(action), events=evs))
        return list(games.values())

    def mark_broken(self, game_id: str, reason: str) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE games SET status = ? WHERE id = ?", (f"broken: {reason}"[:500], game_id))


def _exclusive(path: str) -> int:
    """An open descriptor holding an exclusive lock on ``path``; DatabaseInUseError if
    another process holds it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise DatabaseInUseError(f"the game database {path[:-5]} is in use by another dicefront server; stop that one first") from None
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _seats_json(seats: list[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def now() -> float:
    return time.time()
