"""`dicefront serve`: registered with the CLI, with a clear error for a bad database."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicefront.cli import app


def test_serve_is_a_command_with_host_port_and_db() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db"):
        assert option in result.output


def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "games.sqlite3"
    bad.write_text("this is not a database, just some text that is long enough " * 4)
    result = CliRunner().invoke(app, ["serve", "--db", str(bad), "--port", "1"])
    assert result.exit_code == 2
    assert "cannot open the game database" in result.output


def test_a_second_server_on_the_same_database_is_refused(tmp_path: Path) -> None:
    """Issue 13.6: two processes on one SQLite file served stale games and hit IntegrityError."""
    from dicefront.server.storage import DatabaseInUseError, Storage

    db = tmp_path / "games.sqlite3"
    first = Storage(db)
    try:
        result = CliRunner().invoke(app, ["serve", "--db", str(db), "--port", "1"])
        assert result.exit_code == 1
        assert "in use by another dicefront server" in result.output and "Traceback" not in result.output
        assert "Open http" not in result.output
        with pytest.raises(DatabaseInUseError):
            Storage(db)
    finally:
        first.close()
    Storage(db).close()  # free again once the first server is gone


@pytest.mark.parametrize("url", ["mysql://me@localhost/games", "sqlite://", ":memory:"])
def test_a_database_url_the_server_cannot_use_is_refused_in_one_line(url: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", url, "--port", "1"])
    assert result.exit_code == 2
    assert "error:" in result.output and "Traceback" not in result.output
    assert "--db must be" in result.output or "URL" in result.output or "in-memory" in result.output


def test_an_unreachable_postgresql_is_refused_without_its_password(tmp_path: Path) -> None:
    with socket.socket() as s:  # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = CliRunner().invoke(app, ["serve", "--db", f"postgresql://me:s3cret@127.0.0.1:{port}/games", "--port", "1"])
    assert result.exit_code == 2
    assert "cannot open the game database" in result.output
    assert "s3cret" not in result.output
