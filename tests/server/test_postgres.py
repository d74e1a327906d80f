"""The server on a real PostgreSQL database (a throwaway cluster from
scripts/postgres.sh): storage, migrations, and a selection of the API and websocket
tests run again on it (the ``db`` fixture below replaces the SQLite file)."""

from __future__ import annotations

import pytest

from dicefront.core.record import Step
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage
from dicefront.server.storage_schema import VERSION

from .test_api import (  # noqa: F401  (run again here, on PostgreSQL)
    test_create_against_a_friend_gives_two_different_secret_links,
    test_join_takes_the_open_seat_once_with_a_fresh_token,
    test_replay_only_for_finished_games,
)
from .test_ws import (  # noqa: F401
    test_a_game_against_the_computer_plays_to_the_end,
    test_both_seats_and_spectators_see_each_move,
    test_out_of_turn_and_illegal_actions_are_refused,
    test_reconnecting_restores_the_game,
)


@pytest.fixture
def db(pg_url: str) -> str:
    return pg_url


def test_postgres_storage_round_trip_and_conflicts(pg_url: str) -> None:
    store = Storage(pg_url)
    assert store.shared and "postgresql" in store.shown
    store.create_game(GameRow("g", "ditch", {"turn_limit": 4}, [Seat("human", "a"), Seat("computer", agent="random")], 1.0))
    store.add_steps("g", 0, [Step(0, action="x"), Step(1, action="y")])
    with pytest.raises(StaleGameError):
        store.add_steps("g", 1, [Step(1, action="z")], finished=(1.0, -1.0))
    store.close()
    again = Storage(pg_url)  # a second start migrates nothing and loses nothing
    (row,) = again.load_games()
    tail = again.load_game("g", 1)
    with again.engine.connect() as conn:
        version = conn.exec_driver_sql("SELECT version FROM dicefront_schema").scalar_one()
    again.close()
    assert [s.action for s in row.steps] == ["x", "y"] and row.status == "live" and row.options == {"turn_limit": 4}
    assert tail is not None and [s.action for s in tail.steps] == ["y"]
    assert version == VERSION


def test_two_stores_on_one_database_serialise_a_step(pg_url: str) -> None:
    a, b = Storage(pg_url), Storage(pg_url)
    try:
        a.create_game(GameRow("g", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
        a.add_steps("g", 0, [Step(0, action="from a")])
        with pytest.raises(StaleGameError):
            b.add_steps("g", 0, [Step(0, action="from b")])
        row = b.load_game("g")
        assert row is not None and [s.action for s in row.steps] == ["from a"]
    finally:
        a.close()
        b.close()


def test_a_version_3_postgres_database_gains_the_shown_column(pg_url: str) -> None:
    store = Storage(pg_url)
    store.create_game(GameRow("old", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    store.add_steps("old", 0, [Step(0, action="x")])
    store.end_game("old", "resigned 0", (-1.0, 1.0))
    with store.engine.begin() as conn:  # back to version 3, as the previous Dicefront left it
        conn.exec_driver_sql("ALTER TABLE games DROP COLUMN shown")
        conn.exec_driver_sql("ALTER TABLE games DROP COLUMN offered")  # version 5's
        for column in ("status_line", "shown_at", "automatic", "agent_specs"):  # version 6's, version 7's
            conn.exec_driver_sql(f"ALTER TABLE games DROP COLUMN {column}")
        conn.exec_driver_sql("UPDATE dicefront_schema SET version = 3")
    store.close()
    again = Storage(pg_url)
    (old,) = again.load_games()
    again.create_game(GameRow("new", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 2.0))
    again.add_steps("new", 0, [Step(0, action="x")], finished=(1.0, -1.0), shown=1)
    again.set_shown("old", 1)
    shown = {row.id: row.shown for row in again.load_games()}
    with again.engine.connect() as conn:
        version = conn.exec_driver_sql("SELECT version FROM dicefront_schema").scalar_one()
    again.close()
    assert old.shown is None and old.status == "resigned 0" and [s.action for s in old.steps] == ["x"]
    assert shown == {"old": 1, "new": 1} and version == VERSION
