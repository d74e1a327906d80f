"""Game storage by URL: an embedded SQLite file (the default) or a PostgreSQL database
shared by several server processes. Each game is its options, its seats and its log
of steps; games are rebuilt by replaying logs.

Every step is committed before the server acknowledges it, so a server killed at any
moment restarts with every acknowledged move. Step ``n`` of a game is the row
``(game, n)``: two processes that both try to write step ``n`` cannot both succeed
(:class:`StaleGameError` for the loser), which serialises each game's moves in the
database. Written through SQLAlchemy Core; :mod:`.storage_schema` holds the tables and
the versioned migrations."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import math
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, func, select, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..core.chance import Roll
from ..core.errors import DicefrontError
from ..core.events import Event
from ..core.record import Step
from .storage_schema import CHANNEL, games, migrate, steps
from .storage_values import agent_specs
from .storage_writer import GroupWriter
from .wire import dumps


class DatabaseInUseError(DicefrontError):
    """Another server process already serves this database file."""


class DatabaseUrlError(DicefrontError):
    """A --db value that names no database this server can use."""


class StaleGameError(DicefrontError):
    """Another process changed the game first; reload it and try again."""


class OfferTooSoonError(DicefrontError):
    """A draw offer sooner after the same seat's last one than the rate limit allows."""


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
    name: str = ""  # the player's chosen name (names.py); "" before one is given

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "token": self.token, "agent": self.agent, "joined": self.joined, "open": self.open}
        if self.name:  # stored only when given, so seats stored before names existed compare equal
            out["name"] = self.name
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            str(data["kind"]), str(data.get("token", "")), str(data.get("agent", "")), bool(data.get("joined")), bool(data.get("open")),
            str(data.get("name") or ""),
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
    offer: int | None = None
    """The seat whose draw offer stands (social.py), or None."""
    rematch: str | None = None
    """The id of this finished game's rematch, once one was made."""
    shown: int | None = None
    """The step count spectators were shown (a secret sequence counts once): an ended
    game's, stored when it ends (None if it ended before version 4); a game in play's,
    stored with each step (None before version 6)."""
    status_line: str | None = None
    """A game in play: the status line the lobby shows, stored with each step (version 6)."""
    shown_at: int | None = None
    """A game in play: its count of stored steps when ``status_line`` and ``shown`` were
    stored (they are out of date if steps were added without them)."""
    automatic: bool = False
    """A game in play: dice to roll or a computer player to move (it goes on by itself)."""
    agent_specs: list[str | None] | None = None
    """Per seat, the agent spec a computer seat stood for when the game was made (a level
    resolved: ``agents.resolved_spec``), None for a person; None: not stored (version 7)."""
    bad_agent_specs: str = ""
    """Why the stored agent specs could not be read (they read as not stored: None); the
    hub logs it once when it builds the game's computer players."""


@dataclass(frozen=True)
class InPlay:
    """What the lobby shows of a game still being played once some steps are taken in,
    stored with them (columns ``shown``, ``status_line``, ``automatic``; version 6)."""

    shown: int
    status_line: str
    automatic: bool

    def values(self, length: int) -> dict[str, Any]:
        return {"shown": self.shown, "status_line": self.status_line, "shown_at": length, "automatic": int(self.automatic)}


def database_url(value: str | Path) -> str:
    """The SQLAlchemy URL for a --db value: ``sqlite:///path``, a bare file path, or
    ``postgresql://...``; DatabaseUrlError for anything else."""
    raw = str(value)
    if raw == ":memory:":
        raise DatabaseUrlError("an in-memory database would lose every game; give a file path or a postgresql:// URL")
    if "://" not in raw:
        return "sqlite:///" + str(Path(raw))
    scheme, _, rest = raw.partition("://")
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise DatabaseUrlError("a SQLite URL is sqlite:///path/to/file (three slashes, then the file)")
        return raw
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        return "postgresql+psycopg://" + rest
    raise DatabaseUrlError(f"--db must be a file path, sqlite:///path or postgresql://..., not a {scheme[:20]!r} URL")


class Storage:
    """Synchronous, thread-safe storage; the hub calls it from worker threads, never
    from the event loop. A SQLite file serves one process at a time (an exclusive lock
    on ``<db>.lock`` is held for the store's lifetime); PostgreSQL serves many."""

    def __init__(self, db: str | Path) -> None:
        self.url = database_url(db)
        self.shared = self.url.startswith("postgresql")
        self._lockfile: int | None = None
        self._writer: GroupWriter | None = None
        if not self.shared:
            path = self.path = self.url[len("sqlite:///") :]
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._lockfile = _exclusive(path + ".lock")
        else:
            self.path = ""
        try:
            self.engine = _engine(self.url)
            with self.engine.begin() as conn:
                migrate(conn)
            if not self.shared:  # SQLite: one writer thread, group commits
                self._writer = GroupWriter(self.engine)
        except SQLAlchemyError as exc:
            self.close()
            raise DatabaseUrlError(f"cannot open the game database: {_reason(exc)}") from None
        except ImportError:
            self.close()
            raise DatabaseUrlError("a PostgreSQL database needs the 'postgres' extra: pip install 'dicefront[postgres]'") from None

    @property
    def shown(self) -> str:
        """The database for messages, without any password."""
        return self.path or self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        engine: Engine | None = getattr(self, "engine", None)
        if engine is not None:
            engine.dispose()
        if self._lockfile is not None:
            os.close(self._lockfile)  # releases the lock
            self._lockfile = None

    def _run(self, job: Callable[[Connection], Any], raw: bool = False) -> Any:
        """Run a write in a transaction, committed on return (SQLite: in the writer's
        next group; PostgreSQL: in this thread, the database grouping commits).
        ``raw``: a SQLite job given the sqlite3 cursor (see :mod:`.storage_writer`)."""
        if self._writer is not None:
            return self._writer.run(job, raw)
        with self.engine.begin() as conn:
            return job(conn)

    @property
    def listen_dsn(self) -> str:
        """The libpq address of a shared database, for LISTEN (see :mod:`.fanout`)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _notify(self, conn: Connection, game_id: str, length: int | None = None) -> None:
        """Tell the other processes that a game changed, and its length after a step
        (delivered when the transaction commits)."""
        if self.shared:
            payload = game_id if length is None else f"{game_id} {length}"
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def announce(self, payload: str) -> None:
        """Send ``payload`` to every process listening on the channel, outside any game's
        transaction (presence.py); nothing on a database that is not shared."""
        if self.shared:
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    # ----- writing ------------------------------------------------------------------------
    def create_game(self, row: GameRow, rematch_of: str | None = None) -> None:
        """Store a new game; with ``rematch_of``, in the same transaction as that finished
        game's link to it (StaleGameError, nothing stored, if it has a rematch already)."""
        values = {
            "id": row.id, "game": row.game, "options": json.dumps(row.options), "seats": _seats_json(row.seats),
            "created": row.created, "status": row.status, "data_files": json.dumps(row.data_files),
            "shown": row.shown, "status_line": row.status_line, "shown_at": row.shown_at, "automatic": int(row.automatic),
            "agent_specs": None if row.agent_specs is None else json.dumps(row.agent_specs),
        }

        def job(conn: Connection) -> None:
            conn.execute(games.insert().values(**values))
            if rematch_of is not None:
                linked = update(games).where(games.c.id == rematch_of, games.c.rematch.is_(None)).values(rematch=row.id)
                if conn.execute(linked).rowcount != 1:
                    raise StaleGameError("a rematch was made meanwhile")
                self._notify(conn, rematch_of)
            self._notify(conn, row.id)

        self._run(job)

    def save_seats(self, game_id: str, seats: list[Seat], before: list[Seat] | None = None) -> None:
        """Store the seats; with ``before``, only if they are still as they were
        (StaleGameError if another process changed them first)."""
        query = update(games).where(games.c.id == game_id).values(seats=_seats_json(seats))
        if before is not None:
            query = query.where(games.c.seats == _seats_json(before))

        def job(conn: Connection) -> None:
            if conn.execute(query).rowcount != 1:
                raise StaleGameError("someone else took this seat first")
            self._notify(conn, game_id)

        self._run(job)

    def add_steps(
        self, game_id: str, first: int, new: list[Step], finished: tuple[float, float] | None = None, shown: int | None = None,
        playing: InPlay | None = None,
    ) -> None:
        """Append steps ``first``, ``first + 1``... in one transaction (committed on
        return); StaleGameError, nothing written, if step ``first`` exists already.
        ``finished``: the returns of a game these steps end, stored with ``shown``
        (its step count as spectators were shown it: :attr:`GameRow.shown`);
        ``playing``: for a game they leave in play, what the lobby shows of it."""
        try:
            self._run(self._steps_job(game_id, first, new, finished, shown, playing), raw=self._writer is not None)
        except IntegrityError:  # at commit time
            raise StaleGameError("the game moved on in another server process; try again") from None

    def add_steps_soon(
        self, game_id: str, first: int, new: list[Step], finished: tuple[float, float] | None = None, shown: int | None = None,
        playing: InPlay | None = None,
    ) -> Future[None] | None:
        """As :meth:`add_steps` without blocking: a future done once committed, or None
        when this store has no writer thread (PostgreSQL: call add_steps in a thread)."""
        if self._writer is None:
            return None
        return self._writer.submit(self._steps_job(game_id, first, new, finished, shown, playing), raw=True)

    def add_steps_on_loop(
        self, game_id: str, first: int, new: list[Step], finished: tuple[float, float] | None = None, shown: int | None = None,
        playing: InPlay | None = None,
    ) -> asyncio.Future[None] | None:
        """As :meth:`add_steps_soon`, from the running event loop: a future of that loop
        (see :meth:`GroupWriter.submit_on_loop`), or None when this store has no writer."""
        if self._writer is None:
            return None
        return self._writer.submit_on_loop(self._steps_job(game_id, first, new, finished, shown, playing), raw=True)

    def _steps_job(
        self, game_id: str, first: int, new: list[Step], finished: tuple[float, float] | None, shown: int | None, playing: InPlay | None
    ) -> Callable[[Any], None]:
        """The job storing steps: on SQLite a raw job (given the sqlite3 cursor, for the
        writer thread), else one given the SQLAlchemy connection."""
        rows = [
            (game_id, first + i, s.player, s.action, None if s.outcome is None else dumps(s.outcome.to_json()), dumps([e.to_json() for e in s.events]))
            for i, s in enumerate(new)
        ]
        if self._writer is not None:
            return _sqlite_steps_job(game_id, first + len(new), rows, finished, shown, playing)

        def job(conn: Connection) -> None:
            if not _lock_live(conn, game_id):  # it ended meanwhile (a resignation in another process): no step after that
                raise StaleGameError("the game moved on in another server process; try again")
            try:
                _insert_steps(conn, rows)
            except IntegrityError:
                raise StaleGameError("the game moved on in another server process; try again") from None
            if finished is not None:
                ended = {"status": "finished", "returns": json.dumps(list(finished)), "shown": shown}
                conn.execute(update(games).where(games.c.id == game_id).values(**ended))
            elif playing is not None:
                _store_in_play(conn, game_id, first + len(new), playing)
            self._notify(conn, game_id, first + len(new))

        return job

    def end_game(self, game_id: str, status: str, returns: tuple[float, float], shown: int | None = None) -> None:
        """End a live game by agreement (a resignation: see ``ending.py``); StaleGameError
        if it is no longer live (it ended first, here or in another process). ``shown``:
        see :attr:`GameRow.shown`."""
        ended = {"status": status, "returns": json.dumps(list(returns)), "shown": shown}
        query = update(games).where(games.c.id == game_id, games.c.status == "live").values(**ended)

        def job(conn: Connection) -> None:
            if conn.execute(query).rowcount != 1:
                raise StaleGameError("the game is already over")
            self._notify(conn, game_id)

        self._run(job)

    def set_offer(self, game_id: str, seat: int | None, before: int | None, at: float | None = None, every: float = 0.0) -> None:
        """Store the standing draw offer (None: none stands), only if it is still
        ``before`` and the game is live (StaleGameError otherwise). With ``at`` (the
        wall-clock time of ``seat``'s new offer), the offer is refused with
        OfferTooSoonError, nothing stored, when that seat's last stored offer is less
        than ``every`` seconds older; this holds across every server process."""
        where = (games.c.id == game_id, games.c.status == "live", _is(games.c.offer, before))

        def job(conn: Connection) -> None:
            found = conn.execute(select(games.c.offered).where(*where)).first()
            if found is None:
                raise StaleGameError("the draw offer changed meanwhile")
            times = _offer_times(found.offered)
            if at is not None and seat is not None:
                last = times[seat]
                ago = math.inf if last is None else at - last
                if ago < every:
                    raise OfferTooSoonError(f"you offered a draw {max(ago, 0):.0f} s ago; wait {every - ago:.0f} s before offering again")
                times[seat] = at
            query = update(games).where(*where, _is(games.c.offered, found.offered)).values(offer=seat, offered=json.dumps(times))
            if conn.execute(query).rowcount != 1:
                raise StaleGameError("the draw offer changed meanwhile")
            self._notify(conn, game_id)

        self._run(job)

    def set_shown(self, game_id: str, shown: int) -> None:
        """Give an ended game stored without it (before schema version 4) its
        :attr:`GameRow.shown`, found by replaying it once."""
        query = update(games).where(games.c.id == game_id, games.c.status != "live", games.c.shown.is_(None)).values(shown=shown)
        self._run(lambda conn: conn.execute(query))

    def set_in_play(self, game_id: str, length: int, playing: InPlay) -> None:
        """Give a game in play stored without it (before version 6, or by a process of an
        older version) what the lobby shows of it after ``length`` steps, found by
        replaying it; never over what a later step stored."""
        newer = games.c.shown_at.is_(None) | (games.c.shown_at < length)
        query = update(games).where(games.c.id == game_id, games.c.status == "live", newer).values(**playing.values(length))
        self._run(lambda conn: conn.execute(query))

    def mark_broken(self, game_id: str, reason: str) -> None:
        query = update(games).where(games.c.id == game_id).values(status=f"broken: {reason}"[:500])
        self._run(lambda conn: conn.execute(query))

    # ----- reading ------------------------------------------------------------------------
    def load_games(self, live_only: bool = False) -> list[GameRow]:
        """Every game with its steps (``live_only``: the games still being played)."""
        chosen = select(games).order_by(games.c.created)
        query = select(steps.c.game_id, steps.c.player, steps.c.action, steps.c.outcome, steps.c.events).order_by(steps.c.game_id, steps.c.idx)
        if live_only:
            chosen = chosen.where(games.c.status == "live")
            query = query.join(games, games.c.id == steps.c.game_id).where(games.c.status == "live")
        with self.engine.connect() as conn:
            found = {r.id: _game_row(r) for r in conn.execute(chosen).all()}
            for game_id, player, action, outcome, evs in conn.execute(query):
                row = found.get(game_id)
                if row is not None:
                    row.steps.append(_step(player, action, outcome, evs))
        return list(found.values())

    def load_ended(self) -> list[tuple[GameRow, int]]:
        """The games no longer being played (finished, resigned, drawn, broken), without
        their steps: each with its number of steps."""
        return self._rows_counted(games.c.status != "live")

    def load_playing(self) -> list[tuple[GameRow, int]]:
        """The games still being played, without their steps: each with its number of steps."""
        return self._rows_counted(games.c.status == "live")

    def automatic_games(self, limit: int) -> list[str]:
        """At most ``limit`` games in play whose next step is automatic (dice or a
        computer player: column ``automatic``), in random order (claims.py)."""
        query = select(games.c.id).where(games.c.status == "live", games.c.automatic == 1).order_by(func.random()).limit(max(0, limit))
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(query)]

    def load_listing(self, game_id: str) -> tuple[GameRow, int] | None:
        """One game without its steps, with its number of steps (None: no such game)."""
        found = self._rows_counted(games.c.id == game_id, steps.c.game_id == game_id)
        return found[0] if found else None

    def _rows_counted(self, chosen: Any, counted: Any = None) -> list[tuple[GameRow, int]]:
        """The games ``chosen``, oldest first, without their steps: each with its number
        of steps (``counted``: the steps worth counting, when not all of them)."""
        counts = select(steps.c.game_id, func.count().label("n"))
        if counted is not None:
            counts = counts.where(counted)
        sub = counts.group_by(steps.c.game_id).subquery()
        query = select(games, func.coalesce(sub.c.n, 0)).outerjoin(sub, sub.c.game_id == games.c.id).where(chosen).order_by(games.c.created)
        with self.engine.connect() as conn:
            return [(_game_row(r), int(r[-1])) for r in conn.execute(query).all()]

    def load_game(self, game_id: str, first: int = 0) -> GameRow | None:
        """One game with its steps from ``first`` on (None if there is no such game)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(games).where(games.c.id == game_id)).first()
            if r is None:
                return None
            row = _game_row(r)
            query = (
                select(steps.c.player, steps.c.action, steps.c.outcome, steps.c.events)
                .where(steps.c.game_id == game_id, steps.c.idx >= first)
                .order_by(steps.c.idx)
            )
            row.steps = [_step(*s) for s in conn.execute(query)]
        return row


_INSERT_STEPS = "INSERT INTO steps (game_id, idx, player, action, outcome, events) VALUES ({0}, {0}, {0}, {0}, {0}, {0})"
_MARKS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


_LOCK_LIVE = "SELECT 1 FROM games WHERE id = {0} AND status = 'live' FOR UPDATE"


def _lock_live(conn: Connection, game_id: str) -> bool:
    """Whether the game is still live, locking its row until the transaction ends, so
    that an ending stored by another process (``end_game``) comes wholly before or
    after these steps (a shared database; on SQLite one process writes)."""
    mark = _MARKS.get(conn.dialect.paramstyle)
    if mark is None:
        return conn.execute(select(games.c.id).where(games.c.id == game_id, games.c.status == "live").with_for_update()).first() is not None
    return conn.exec_driver_sql(_LOCK_LIVE.format(mark), (game_id,)).first() is not None


def _insert_steps(conn: Connection, rows: list[tuple[Any, ...]]) -> None:
    """Insert steps given as plain tuples in the table's column order, straight through
    the driver (no statement built per commit) in its parameter style (sqlite3: ``?``,
    psycopg: ``%s``); through SQLAlchemy Core for any other driver."""
    mark = _MARKS.get(conn.dialect.paramstyle)
    if mark is None:
        conn.execute(steps.insert(), [dict(zip(steps.c.keys(), row, strict=True)) for row in rows])
    else:
        conn.exec_driver_sql(_INSERT_STEPS.format(mark), rows)


_SQLITE_INSERT_STEPS = _INSERT_STEPS.format("?")
_SQLITE_FINISHED = "UPDATE games SET status = 'finished', returns = ?, shown = ? WHERE id = ?"


def _sqlite_steps_job(
    game_id: str, length: int, rows: list[tuple[Any, ...]], finished: tuple[float, float] | None, shown: int | None, playing: InPlay | None
) -> Callable[[Any], None]:
    """Store steps through the sqlite3 cursor alone (the writer's raw job): the same rows
    and updates as the SQLAlchemy job, with no SQLAlchemy execution around each."""

    def job(cursor: Any) -> None:
        try:
            if len(rows) == 1:
                cursor.execute(_SQLITE_INSERT_STEPS, rows[0])
            else:
                cursor.executemany(_SQLITE_INSERT_STEPS, rows)
        except sqlite3.IntegrityError:
            raise StaleGameError("the game moved on in another server process; try again") from None
        if finished is not None:
            cursor.execute(_SQLITE_FINISHED, (json.dumps(list(finished)), shown, game_id))
        elif playing is not None:
            cursor.execute(_SQLITE_IN_PLAY, (playing.shown, playing.status_line, length, int(playing.automatic), game_id))

    return job


_UPDATE_IN_PLAY = "UPDATE games SET shown = {0}, status_line = {0}, shown_at = {0}, automatic = {0} WHERE id = {0}"
_SQLITE_IN_PLAY = _UPDATE_IN_PLAY.format("?")


def _store_in_play(conn: Connection, game_id: str, length: int, playing: InPlay) -> None:
    """Store what the lobby shows of a game in play with its steps, straight through the
    driver like the steps (:func:`_insert_steps`: a statement built by SQLAlchemy for
    every commit cost more CPU than the step's own insert)."""
    mark = _MARKS.get(conn.dialect.paramstyle)
    if mark is None:
        conn.execute(update(games).where(games.c.id == game_id).values(**playing.values(length)))
    else:
        conn.exec_driver_sql(_UPDATE_IN_PLAY.format(mark), (playing.shown, playing.status_line, length, int(playing.automatic), game_id))


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def _sqlite_begin(conn: Connection) -> None:
    """SQLAlchemy's recipe for savepoints on sqlite3 (which is left in autocommit mode),
    its BEGIN sent through the driver itself rather than as a SQLAlchemy execution."""
    conn.connection.driver_connection.execute("BEGIN")  # type: ignore[union-attr]


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun by SQLAlchemy (see _engine)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the move is acknowledged
    cursor.close()


def _reason(exc: SQLAlchemyError) -> str:
    """One line on why the database failed, without the URL's password."""
    orig = getattr(exc, "orig", None) or exc
    return " ".join(str(orig).split())[:200]


def _game_row(r: Any) -> GameRow:
    seats = [Seat.from_json(s) for s in json.loads(r.seats)]
    return GameRow(
        id=r.id, game=r.game, options=json.loads(r.options), seats=seats,
        created=float(r.created), status=r.status, returns=None if r.returns is None else json.loads(r.returns),
        data_files=json.loads(r.data_files), offer=r.offer, rematch=r.rematch, shown=r.shown, status_line=r.status_line,
        shown_at=r.shown_at, automatic=bool(r.automatic), **agent_specs(r.agent_specs, seats),
    )


def _offer_times(stored: str | None) -> list[float | None]:
    """The stored times of each seat's last draw offer (none for a game stored before
    they were kept, or a value this version cannot read)."""
    try:
        times = json.loads(stored) if stored else None
    except ValueError:
        times = None
    if not isinstance(times, list) or len(times) != 2:
        return [None, None]
    return [float(t) if isinstance(t, int | float) and math.isfinite(t) else None for t in times]


def _is(column: Any, value: Any) -> Any:
    return column.is_(None) if value is None else column == value


def _step(player: int | None, action: str | None, outcome: str | None, evs: str) -> Step:
    events = [Event.from_json(e) for e in json.loads(evs)]
    if outcome is not None:
        return Step(None, outcome=Roll.from_json(json.loads(outcome)), events=events)
    return Step(int(player or 0), action=str(action), events=events)


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
