"""The web app: REST for the lobby (OpenAPI at /docs), a websocket per game for
live play, and the static client (one generic JavaScript module)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictInt, StringConstraints

import dicefront

from ..agents import LEVELS, make_agent
from ..core.errors import AgentError, DicefrontError
from ..core.game import State
from ..core.record import Step, replay_states
from . import quiet_logs, trace
from .docs import offline_docs
from .eviction import EvictionPolicy, lobby_list
from .hub import Hub, Room
from .limits import BodyLimit
from .live import LiveGame, chance_sides, rolls
from .names import clean_name
from .rules_page import rules_html
from .socket import socket_endpoint
from .storage import Storage

STATIC = Path(__file__).with_name("static")
MAX_BODY = 65_536
MAX_UPLOAD = 60_000
PEOPLE = ("friend", "open")


class CreateGame(BaseModel):
    game: str = Field(description="A registered game name (GET /api/game-types)")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options by name; omitted ones take their defaults")
    opponent: str = Field(
        default="friend",
        description="'friend' (a second person reached only through the invite link), 'open' (any visitor may join from the lobby) or a computer level",
    )
    seat: StrictInt | Literal["random"] = Field(default=0, description="The creator's seat: 0, 1 or 'random'")
    name: str | None = Field(default=None, max_length=200, description="The creator's player name: 1 to 24 characters of text (default: 'Player <seat + 1>')")
    data_files: dict[Annotated[str, StringConstraints(max_length=40)], Annotated[str, StringConstraints(max_length=MAX_UPLOAD)]] = Field(
        default_factory=dict,
        max_length=8,
        description="Designer data files uploaded as TOML text, by data-file option name (e.g. {\"board\": \"...\"}); "
        "validated like the game's own files and stored with the game. Data-file options name shipped files only "
        "(their `shipped` list in GET /api/game-types); the server never reads a path.",
    )


class JoinGame(BaseModel):
    name: str | None = Field(default=None, max_length=200, description="The joining player's name: 1 to 24 characters of text")


class ErrorAnswer(BaseModel):
    detail: str = Field(description="What was wrong, in one line")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorAnswer, "description": text, "content": {"application/json": {}}}
    for code, text in [
        (400, "Bad input (unknown game, option, opponent...)"),
        (404, "No such game"),
        (409, "Not possible in the game's current state"),
        (413, "Request body too large"),
        (422, "The request does not match this schema"),
    ]
}


def create_app(
    db: str | Path = "dicefront.sqlite3", step_delay: float = 0.6, computer_agents: tuple[str, ...] = (), eviction: EvictionPolicy | None = None,
    idle_claim_minutes: float = 10.0, dice_seed: int | None = None,
) -> FastAPI:
    """The app serving games stored in the SQLite file ``db``. ``step_delay`` is the
    pause (seconds) before each die roll and computer move, so people see them.
    Clients may choose a person or a computer level; ``computer_agents`` are further
    agent specs the operator (never a client) allows as opponents; ``eviction``: when
    games nobody follows leave memory; ``idle_claim_minutes``: how long the player to
    move may be away before the opponent may claim the win (0: never; social.py);
    ``dice_seed``: None (the default) rolls every die from a cryptographic source; a
    number seeds the dice and computer moves by step (tests only: LiveGame._rng)."""
    for spec in computer_agents:
        _check_computer(spec)
    quiet_logs.install()
    hub = Hub(Storage(db), step_delay=step_delay, eviction=eviction)
    hub.idle_claim = 60.0 * idle_claim_minutes
    hub.dice_seed = dice_seed

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start_drivers()
        watcher = trace.start()  # DICEFRONT_TRACE: the server's pauses to a file (trace.py)
        yield
        if watcher is not None:
            watcher.cancel()
            trace.stop()
        await hub.close()
        hub.storage.close()

    hub.load()
    app = FastAPI(
        title="Dicefront", summary="Play Dicefront games in the browser", version=dicefront.__version__, lifespan=lifespan, responses=ERRORS,
        docs_url=None, redoc_url=None,
    )
    offline_docs(app)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _limits(app)
    _pages(app, hub)
    _api(app, hub, (*LEVELS, *computer_agents))
    _replays(app, hub)
    app.add_api_websocket_route("/ws/{game_id}", socket_endpoint(hub))
    return app


def _limits(app: FastAPI) -> None:
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(DicefrontError)
    async def bad_input(request: Request, exc: DicefrontError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _first_problem(exc.errors())}, status_code=422)

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, exc: RecursionError) -> JSONResponse:
        return JSONResponse({"detail": "the request is nested too deeply"}, status_code=400)


def _first_problem(errors: Sequence[Any]) -> str:
    """The first validation problem in one line: where, and what (never the input)."""
    if not errors:
        return "the request is not valid"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()))[:80] or "request"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    what = " ".join(str(first.get("msg", "is not valid")).split())[:160]
    return f"{where}: {what}{more}"


async def _room(hub: Hub, game_id: str) -> Room:
    room = await hub.find(game_id)  # loaded from storage when it is not in memory
    if room is None:
        raise HTTPException(404, f"no game {game_id[:40]!r} on this server")
    return room


def _pages(app: FastAPI, hub: Hub) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        await _room(hub, game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        await _room(hub, game_id)
        return FileResponse(STATIC / "replay.html")

    @app.get("/rules/{name}", include_in_schema=False, response_class=HTMLResponse)
    async def rules_page(name: str) -> str:
        game = dicefront.load(name)
        return rules_html(game.title, game.rules_text())


def _check_computer(spec: str) -> None:
    """An operator's opponent spec, checked now rather than when a client picks it:
    AgentError unless some game accepts it (a spec naming a book, ``mcts:book=NAME``,
    suits only the games that declare that book; the others refuse it in one line
    when a client picks it for them)."""
    make_agent(spec)
    errors = []
    for name in dicefront.names():
        try:
            make_agent(spec, dicefront.load(name))
            return
        except AgentError as exc:
            errors.append(exc)
    raise errors[0]


def _opponents(computers: tuple[str, ...]) -> list[dict[str, str]]:
    people = [{"value": "friend", "label": "A friend (invite link)"}, {"value": "open", "label": "Anyone (listed in the lobby)"}]
    return [*people, *({"value": n, "label": f"Computer: {n}"} for n in computers)]


def _opponent(text: str, computers: tuple[str, ...]) -> str:
    name = text.strip()
    if name not in PEOPLE and name not in computers:
        allowed = ", ".join(repr(n) for n in (*PEOPLE, *computers))
        raise DicefrontError(f"unknown opponent {text[:40]!r}; choose one of {allowed}")
    return name


def _api(app: FastAPI, hub: Hub, computers: tuple[str, ...]) -> None:
    @app.get("/api/game-types", summary="Every registered game with its options and help text")
    async def game_types() -> dict[str, Any]:
        games = [dicefront.load(n).spec.to_json() for n in dicefront.names()]
        return {"games": games, "opponents": _opponents(computers)}

    @app.get("/api/rules/{name}", summary="A game's rules as implemented (Markdown)", response_class=PlainTextResponse)
    async def rules(name: str) -> str:
        return dicefront.load(name).rules_text()

    @app.get("/api/games", summary="Open games, games in progress and finished games")
    async def list_games(limit: int = Query(50, ge=1, le=500)) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {"open": [], "live": [], "finished": []}
        for s in hub.summaries():
            kind = lobby_list(s)
            if len(out[kind]) < limit:
                out[kind].append(s)
        return out

    @app.post("/api/games", summary="Create a game; returns your seat, its secret token and the invite link")
    async def create_game(body: CreateGame) -> dict[str, Any]:
        seat = body.seat
        if seat == "random":
            import secrets

            seat = secrets.randbelow(2)
        if seat not in (0, 1):
            raise DicefrontError(f"seat must be 0, 1 or 'random', not {seat!r}")
        opponent = _opponent(body.opponent, computers)
        room, seat, token = await hub.create(body.game, body.options, opponent, seat, body.data_files, clean_name(body.name))
        live = room.live
        other = live.seats[1 - seat]
        invite = f"/game/{live.id}#token={other.token}" if other.kind == "human" and other.token else None
        return {"id": live.id, "seat": seat, "token": token, "url": f"/game/{live.id}#token={token}", "invite": invite, "game": live.summary()}

    @app.get("/api/games/{game_id}", summary="One game's summary")
    async def get_game(game_id: str) -> dict[str, Any]:
        return (await _room(hub, game_id)).live.summary()

    @app.post("/api/games/{game_id}/join", summary="Take the open seat of a game listed in the lobby (created with opponent 'open')")
    async def join(game_id: str, body: JoinGame | None = None) -> dict[str, Any]:
        player = clean_name(body.name if body is not None else None)
        await _room(hub, game_id)
        try:
            seat, token = await hub.join(game_id, player)
        except DicefrontError as exc:
            raise HTTPException(409, str(exc)) from exc
        return {"id": game_id, "seat": seat, "token": token, "url": f"/game/{game_id}#token={token}"}


class _ReplayCache:
    """Spectator frames of finished games, replayed on demand (a few games kept)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.items: OrderedDict[str, list[tuple[State, Step | None]]] = OrderedDict()

    def frames(self, live: LiveGame) -> list[tuple[State, Step | None]]:
        if live.id in self.items:
            self.items.move_to_end(live.id)
            return self.items[live.id]
        frames = [(state, step) for _, state, step in replay_states(live.record)]
        self.items[live.id] = frames
        while len(self.items) > self.size:
            self.items.popitem(last=False)
        return frames


def _sides(frames: list[tuple[State, Step | None]], step: int) -> dict[int, tuple[int, ...]]:
    """The sides of the dice rolled by the step leading to frame ``step`` (by id(step))."""
    previous = frames[step - 1][1] if step else None
    sides = chance_sides(frames[step - 1][0]) if previous is not None and previous.player is None else None
    return {id(previous): sides} if sides else {}


def _replays(app: FastAPI, hub: Hub) -> None:
    cache = _ReplayCache()

    async def finished(game_id: str) -> LiveGame:
        live = (await _room(hub, game_id)).live
        if not live.finished:
            raise HTTPException(409, "replays are for finished games; watch this one live instead")
        return live

    @app.get("/api/games/{game_id}/replay", summary="A finished game's public log, step by step")
    async def replay(game_id: str) -> dict[str, Any]:
        live = await finished(game_id)
        log = [{"step": i + 1, "events": LiveGame.events_for(live.game, [s], None)} for i, s in enumerate(live.record.steps)]
        record = live.record  # a game with hidden information: its full log would tell what nobody was shown
        return {"id": live.id, "title": live.game.title, "length": live.length, "result": live.result(), "players": live.players(set()), "log": log,
                "agents": record.agents, "agent_specs": record.agent_specs, "record": None if live.game.spec.hidden_information else record.to_json()}

    @app.get("/api/games/{game_id}/replay/{step}", summary="The board as a spectator saw it after `step` steps")
    async def frame(game_id: str, step: int) -> dict[str, Any]:
        live = await finished(game_id)
        frames = cache.frames(live)
        if not 0 <= step < len(frames):
            raise HTTPException(404, f"step {step} is outside 0..{len(frames) - 1}")
        state = frames[step][0]
        previous = frames[step - 1][1] if step else None
        steps = [previous] if previous is not None else []
        return {
            "step": step,
            "length": live.length,
            "svg": live.game.render_svg(state, None),
            "status": state.status_text(),
            "events": LiveGame.events_for(live.game, steps, None),
            "dice": live.dice_for(steps, None),
            "rolls": rolls(live.game, steps, None, _sides(frames, step)),
        }
