"""The web app: REST for the lobby (OpenAPI at /docs), a websocket per game for
live play, and the static client (one generic JavaScript module)."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StringConstraints

import dicefront

from ..agents import agent_names
from ..core.errors import DicefrontError
from ..core.game import State
from ..core.record import Step, replay_states
from .hub import Connection, Hub, Room
from .live import LiveGame
from .storage import Storage

STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 16_384
MAX_BODY = 65_536
MAX_UPLOAD = 60_000
LEVELS = ("easy", "medium", "hard")


class CreateGame(BaseModel):
    game: str = Field(description="A registered game name (GET /api/game-types)")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options by name; omitted ones take their defaults")
    opponent: str = Field(default="friend", description="'friend' for a second person, or a computer level / agent name")
    seat: int | Literal["random"] = Field(default=0, description="The creator's seat: 0, 1 or 'random'")
    data_files: dict[Annotated[str, StringConstraints(max_length=40)], Annotated[str, StringConstraints(max_length=MAX_UPLOAD)]] = Field(
        default_factory=dict,
        max_length=8,
        description="Designer data files uploaded as TOML text, by data-file option name (e.g. {\"board\": \"...\"}); "
        "validated like the game's own files and stored with the game. Data-file options name shipped files only "
        "(their `shipped` list in GET /api/game-types); the server never reads a path.",
    )


def create_app(db: str | Path = "dicefront.sqlite3", step_delay: float = 0.6) -> FastAPI:
    """The app serving games stored in the SQLite file ``db``. ``step_delay`` is the
    pause (seconds) before each die roll and computer move, so people see them."""
    hub = Hub(Storage(db), step_delay=step_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start_drivers()
        yield
        await hub.close()
        hub.storage.close()

    hub.load()
    app = FastAPI(title="Dicefront", summary="Play Dicefront games in the browser", version=dicefront.__version__, lifespan=lifespan)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _limits(app)
    _pages(app, hub)
    _api(app, hub)
    _replays(app, hub)
    _socket(app, hub)
    return app


def _limits(app: FastAPI) -> None:
    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Response:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            return JSONResponse({"detail": f"request body too large (at most {MAX_BODY} bytes)"}, status_code=413)
        response: Response = await call_next(request)
        return response

    @app.exception_handler(DicefrontError)
    async def bad_input(request: Request, exc: DicefrontError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)


def _room(hub: Hub, game_id: str) -> Room:
    room = hub.rooms.get(game_id)
    if room is None:
        raise HTTPException(404, f"no game {game_id!r} on this server")
    return room


def _pages(app: FastAPI, hub: Hub) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        _room(hub, game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        _room(hub, game_id)
        return FileResponse(STATIC / "replay.html")


def _opponents() -> list[dict[str, str]]:
    names = agent_names()
    levels = [n for n in LEVELS if n in names]
    out = [{"value": n, "label": f"Computer: {n}"} for n in levels]
    out += [{"value": n, "label": f"Computer agent: {n}"} for n in names if n not in LEVELS]
    return [{"value": "friend", "label": "A friend (invite link)"}, *out]


def _api(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/game-types", summary="Every registered game with its options and help text")
    async def game_types() -> dict[str, Any]:
        games = [dicefront.load(n).spec.to_json() for n in dicefront.names()]
        return {"games": games, "opponents": _opponents()}

    @app.get("/api/rules/{name}", summary="A game's rules as implemented (Markdown)", response_class=PlainTextResponse)
    async def rules(name: str) -> str:
        return dicefront.load(name).rules_text()

    @app.get("/api/games", summary="Open games, games in progress and finished games")
    async def list_games(limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        rooms = sorted(hub.rooms.values(), key=lambda r: r.live.row.created, reverse=True)
        out: dict[str, list[dict[str, Any]]] = {"open": [], "live": [], "finished": []}
        for room in rooms:
            s = room.live.summary()
            kind = "finished" if s["finished"] else "open" if s["open"] else "live"
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
        room, seat, token = hub.create(body.game, body.options, body.opponent.strip(), seat, body.data_files)
        live = room.live
        other = 1 - seat
        invite = f"/game/{live.id}#token={live.seats[other].token}" if live.seats[other].kind == "human" else None
        return {"id": live.id, "seat": seat, "token": token, "url": f"/game/{live.id}#token={token}", "invite": invite, "game": live.summary()}

    @app.get("/api/games/{game_id}", summary="One game's summary")
    async def get_game(game_id: str) -> dict[str, Any]:
        return _room(hub, game_id).live.summary()

    @app.post("/api/games/{game_id}/join", summary="Take the open seat of a game against a friend")
    async def join(game_id: str) -> dict[str, Any]:
        _room(hub, game_id)
        try:
            seat, token = hub.join(game_id)
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


def _replays(app: FastAPI, hub: Hub) -> None:
    cache = _ReplayCache()

    def finished(game_id: str) -> LiveGame:
        live = _room(hub, game_id).live
        if not live.finished:
            raise HTTPException(409, "replays are for finished games; watch this one live instead")
        return live

    @app.get("/api/games/{game_id}/replay", summary="A finished game's public log, step by step")
    async def replay(game_id: str) -> dict[str, Any]:
        live = finished(game_id)
        log = [{"step": i + 1, "events": LiveGame.events_for([s], None)} for i, s in enumerate(live.record.steps)]
        return {"id": live.id, "title": live.game.title, "length": live.length, "result": live.result(), "players": live.players(set()), "log": log}

    @app.get("/api/games/{game_id}/replay/{step}", summary="The board as a spectator saw it after `step` steps")
    async def frame(game_id: str, step: int) -> dict[str, Any]:
        live = finished(game_id)
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
            "events": LiveGame.events_for(steps, None),
            "dice": live.dice_for(steps, None),
        }


def _socket(app: FastAPI, hub: Hub) -> None:
    @app.websocket("/ws/{game_id}")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()

        async def send(msg: dict[str, Any]) -> None:
            await websocket.send_text(json.dumps(msg))

        room = hub.rooms.get(game_id)
        if room is None:
            await send({"type": "error", "message": f"no game {game_id!r} on this server"})
            await websocket.close(4404)
            return
        try:
            hello = await _receive(websocket, send)
            while hello is None or hello.get("type") != "hello":
                if hello is not None:
                    await send({"type": "error", "message": "say hello first: {\"type\": \"hello\", \"token\": ...}"})
                hello = await _receive(websocket, send)
            seat = await _seat(room, hello, send)
            if seat == -1:
                await websocket.close(4403)
                return
            conn = await hub.connect(room, send, seat)
            try:
                await _serve(hub, room, conn, websocket, send)
            finally:
                await hub.disconnect(room, conn)
        except WebSocketDisconnect:
            return


async def _seat(room: Room, hello: dict[str, Any], send: Any) -> int | None:
    """The seat the hello's token opens; None for a spectator; -1 for a bad token."""
    token = hello.get("token")
    if token in (None, ""):
        return None
    if not isinstance(token, str) or len(token) > 200:
        await send({"type": "error", "message": "the seat token must be a short string"})
        return -1
    seat = room.live.seat_for_token(token)
    if seat is None:
        await send({"type": "error", "message": "this seat token does not belong to this game; ask for a new invite link"})
        return -1
    return seat


async def _receive(websocket: WebSocket, send: Any) -> dict[str, Any] | None:
    """The next JSON object from the client, or None after telling it what was wrong."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        await send({"type": "error", "message": "send JSON text messages, not binary ones"})
        return None
    if len(text) > MAX_MESSAGE:
        await send({"type": "error", "message": f"message too large ({len(text)} characters; at most {MAX_MESSAGE})"})
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        await send({"type": "error", "message": f"malformed JSON: {exc.msg} at character {exc.pos}"})
        return None
    if not isinstance(data, dict):
        await send({"type": "error", "message": "each message must be a JSON object with a 'type'"})
        return None
    return data


async def _serve(hub: Hub, room: Room, conn: Connection, websocket: WebSocket, send: Any) -> None:
    while True:
        msg = await _receive(websocket, send)
        if msg is None:
            continue
        kind = msg.get("type")
        try:
            if kind == "act":
                text = msg.get("action")
                if not isinstance(text, str) or not text.strip():
                    raise DicefrontError("an 'act' message needs an 'action' in the game's notation")
                await hub.act(room, conn, text)
            elif kind == "odds":
                text = msg.get("action")
                if not isinstance(text, str):
                    raise DicefrontError("an 'odds' message needs an 'action' in the game's notation")
                await send(await hub.odds(room, conn, text))
            elif kind == "sync":
                await send(room.live.message(conn.seat, None, room.online()))
            elif kind == "ping":
                await send({"type": "pong"})
            else:
                raise DicefrontError(f"unknown message type {kind!r}; expected act, odds, sync or ping")
        except DicefrontError as exc:
            await send({"type": "error", "message": str(exc), "action": msg.get("action")})
