"""The storage tables and their versioned migrations (run through Alembic's operations).

The version lives in the table ``dicefront_schema``. A database made before it existed
(the SQLite files of earlier versions) is recognised by its columns and brought up to
date in place; a newer database than this code knows is refused, never rewritten."""

from __future__ import annotations

from collections.abc import Callable

from alembic.migration import MigrationContext
from alembic.operations import Operations
from sqlalchemy import Column, Connection, Float, ForeignKey, Index, Integer, MetaData, Table, Text, inspect, text

from ..core.errors import DicefrontError

CHANNEL = "dicefront_games"
"""The PostgreSQL NOTIFY channel: the payload is the id of a game that changed."""

metadata = MetaData()
games = Table(
    "games", metadata,
    Column("id", Text, primary_key=True),
    Column("game", Text, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("status", Text, nullable=False, server_default="live"),
    Column("returns", Text),
    Column("data_files", Text, nullable=False, server_default="{}"),
    Column("offer", Integer),  # the seat whose draw offer stands (version 3)
    Column("rematch", Text),  # the id of the finished game's rematch (version 3)
    Column("shown", Integer),  # an ended game's step count as spectators were shown it (version 4)
    Column("offered", Text),  # JSON [t0, t1]: when each seat last offered a draw, wall clock (version 5)
    Column("status_line", Text),  # a game in play: the lobby's status line, stored with each step (version 6)
    Column("shown_at", Integer),  # a game in play: its stored steps when status_line and shown were (version 6)
    Column("automatic", Integer),  # a game in play: 1 when dice or a computer player are to move (version 6)
    Column("agent_specs", Text),  # JSON [spec or null, spec or null]: the spec each computer seat stood for when made (version 7)
)
steps = Table(
    "steps", metadata,
    Column("game_id", Text, ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("player", Integer),
    Column("action", Text),
    Column("outcome", Text),
    Column("events", Text, nullable=False),
)
schema = Table("dicefront_schema", metadata, Column("version", Integer, nullable=False))
SWEEP_INDEX = "games_status_automatic"
"""The index of the games in play whose next step is automatic (version 8): each server
process on PostgreSQL lists them every few seconds (claims.py: ``automatic_games``)
and, at start, lists the games in play; without it both read every game ever stored."""
Index(SWEEP_INDEX, games.c.status, games.c.automatic)


def _v2_data_files(op: Operations) -> None:
    op.add_column("games", Column("data_files", Text, nullable=False, server_default="{}"))


def _v3_offers(op: Operations) -> None:
    op.add_column("games", Column("offer", Integer))
    op.add_column("games", Column("rematch", Text))


def _v4_shown(op: Operations) -> None:
    op.add_column("games", Column("shown", Integer))


def _v5_offer_times(op: Operations) -> None:
    op.add_column("games", Column("offered", Text))


def _v6_in_play(op: Operations) -> None:
    op.add_column("games", Column("status_line", Text))
    op.add_column("games", Column("shown_at", Integer))
    op.add_column("games", Column("automatic", Integer))


def _v7_agent_specs(op: Operations) -> None:
    op.add_column("games", Column("agent_specs", Text))


def _v8_sweep_index(op: Operations) -> None:
    op.create_index(SWEEP_INDEX, "games", ["status", "automatic"], if_not_exists=True)


MIGRATIONS: dict[int, Callable[[Operations], None]] = {
    2: _v2_data_files, 3: _v3_offers, 4: _v4_shown, 5: _v5_offer_times, 6: _v6_in_play, 7: _v7_agent_specs,
    8: _v8_sweep_index,
}
"""Version n's migration from version n - 1 (version 1: games and steps, no data files;
version 3 adds standing draw offers and rematch links; version 4 the step count an ended
game showed, so that start-up lists it without replaying it: the games ended before
have none, and are replayed once and given theirs, see ``Hub.load``; version 5 the time
of each seat's last draw offer, so the offers' rate limit holds across server processes;
version 6 what the lobby shows of a game still being played (its status line, the step
count spectators were shown, kept in ``shown``, and whether dice or a computer are to
move), written with each step, so that start-up lists it without replaying it: the
games in play before have none, and are replayed once and given theirs; version 7 the
agent spec each computer seat stood for when the game was made (a level resolved to
the game's spec for it then), which its computer plays with and its replay names: the
games made before have none (NULL), and play and show their level as before; version
8 an index of the games by status and ``automatic``, for the claims sweep)."""
VERSION = max(MIGRATIONS)


class SchemaError(DicefrontError):
    """A database this version of Dicefront cannot use."""


def migrate(conn: Connection) -> int:
    """Create or upgrade the tables in ``conn``'s transaction; returns the version
    the database had (0: new)."""
    if conn.dialect.name == "postgresql":  # two processes starting at once take turns
        conn.execute(text("SELECT pg_advisory_xact_lock(1818)"))
    found = _version(conn)
    if found > VERSION:
        raise SchemaError(f"the game database has schema version {found}; this Dicefront knows up to {VERSION}: upgrade Dicefront")
    if found == 0:
        metadata.create_all(conn)
        conn.execute(schema.insert().values(version=VERSION))
        return 0
    op = Operations(MigrationContext.configure(conn))
    for version in range(found + 1, VERSION + 1):
        MIGRATIONS[version](op)
    if not inspect(conn).has_table(schema.name):
        schema.create(conn)
        conn.execute(schema.insert().values(version=VERSION))
    else:
        conn.execute(schema.update().values(version=VERSION))
    return found


def _version(conn: Connection) -> int:
    look = inspect(conn)
    if look.has_table(schema.name):
        return int(conn.execute(schema.select()).scalar_one())
    if not look.has_table("games"):
        return 0
    columns = {c["name"] for c in look.get_columns("games")}
    return 2 if "data_files" in columns else 1
