"""`dicefront serve`: the web server for playing in the browser."""

from __future__ import annotations

import socket

import typer

from ._common import console, esc, fail


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` for the server, or a one-line error (before
    anything claims the server is running) when the address cannot be used."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError) as exc:
        fail(f"cannot listen on {host}:{port}: unknown address ({getattr(exc, 'strerror', None) or exc})")
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc} (another server may be using the port; "
             "choose another with --port)")
    return sock


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (127.0.0.1: this computer only)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str = typer.Option(
        "dicefront.sqlite3", "--db",
        help="Where games are stored: a SQLite file (a path or sqlite:///path) or a PostgreSQL database "
        "(postgresql://user@host/name), which several server processes may share.",
    ),
    deflate: bool = typer.Option(False, "--ws-deflate/--no-ws-deflate", help="Compress websocket messages (less traffic, more CPU)."),
    step_delay: float = typer.Option(0.6, "--step-delay", help="Seconds to pause before each die roll and computer move."),
    idle_minutes: float = typer.Option(15.0, "--idle-minutes", help="Minutes a game nobody follows stays in memory (it is reloaded from the database when asked for)."),
    finished_minutes: float = typer.Option(2.0, "--finished-minutes", help="Minutes a finished game nobody follows stays in memory."),
    idle_claim_minutes: float = typer.Option(
        10.0, "--idle-claim-minutes", help="Minutes the player to move may be away (no connection) before the opponent may claim the win; 0: never."
    ),
    dice_seed: int | None = typer.Option(
        None, "--dice-seed", hidden=True,
        help="Tests only: seed the dice and computer moves, so a test's failure can be re-run; anyone who knows it can predict every roll.",
    ),
) -> None:
    """Serve the lobby and games in the browser (open the printed address)."""
    try:
        import uvicorn

        from dicefront.server import create_app
    except ImportError as exc:
        fail(f"the web server needs the 'web' extra: pip install 'dicefront[web]' ({exc})")
    if not 0 < port < 65536:
        fail(f"--port must be 1..65535, not {port}")
    for flag, minutes in (("--idle-minutes", idle_minutes), ("--finished-minutes", finished_minutes)):
        if not 0 < minutes <= 10_000:  # also refuses nan
            fail(f"{flag} must be more than 0 and at most 10000, not {minutes}")
    if not 0 <= idle_claim_minutes <= 10_000:  # also refuses nan
        fail(f"--idle-claim-minutes must be 0 (off) to 10000, not {idle_claim_minutes}")
    from dicefront.server.eviction import EvictionPolicy
    from dicefront.server.storage import DatabaseInUseError, database_url

    try:
        database_url(db)
    except ValueError as exc:
        fail(str(exc))
    sock = _listen(host, port)
    from dicefront.server.hub import warm_up

    warm_up()
    try:
        eviction = EvictionPolicy(finished_grace=60 * finished_minutes, idle_after=60 * idle_minutes)
        app = create_app(db, step_delay=max(0.0, step_delay), eviction=eviction, idle_claim_minutes=idle_claim_minutes, dice_seed=dice_seed)
    except DatabaseInUseError as exc:
        sock.close()
        fail(str(exc), 1)
    except (ValueError, OSError) as exc:
        sock.close()
        fail(f"{exc}" if "game database" in str(exc) else f"cannot open the game database: {exc}")
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    console.print(f"[bold]Dicefront[/] is serving games stored in [cyan]{esc(app.state.hub.storage.shown)}[/]")
    console.print(f"Open [bold underline]http://{esc(shown)}:{port}/[/] in your browser (Ctrl+C stops the server).")
    if dice_seed is not None:
        console.print(f"[bold red]Warning:[/] the dice are seeded (--dice-seed {dice_seed}): for tests only, every roll can be predicted.")
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=1 << 20,
                            ws_per_message_deflate=deflate)
    from dicefront.server import heap

    heap.settle()  # what start-up made lives as long as the server: out of the collector's sight
    uvicorn.Server(config).run(sockets=[sock])


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
