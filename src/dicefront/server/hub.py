"""The hub: every live game, who is connected to it, and the tasks that roll dice
and move for computer players. Messages to each connection are built per seat.

Storage is written from worker threads, never on the event loop. On a shared
(PostgreSQL) database the hub's games are a cache of the database: before a change it
catches the game up, a step another process wrote first makes it catch up and try once
more, and other processes' changes arrive through :mod:`.fanout` and are passed on to
this process's connections. One process at a time drives (rolls the dice and moves the
computer players of) a game: the one holding its claim (claims.py), tried for where the
game was made or someone follows it, and taken by a periodic sweep for the games with
dice or a computer to move that no process drives."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from ..agents import make_agent
from ..core.agent import Agent
from ..core.errors import DicefrontError
from . import claims, driving, ending, hub_shared, odds_service, social, startup, trace
from .claims import Claims
from .eviction import EvictionPolicy, Shelf, evictable
from .fanout import Listener
from .game_cache import ready_new_game
from .live import LiveGame, Plan, Told
from .odds_service import warm_up
from .presence import Presence
from .results import listed_new
from .rooms import Connection, Room, Send
from .storage import GameRow, Seat, StaleGameError, Storage, now

log = logging.getLogger("dicefront.server")
T = TypeVar("T")


class Hub:
    def __init__(
        self, storage: Storage, step_delay: float = 0.6, odds_timeout: float = 5.0, secret_pad: float | None = None,
        eviction: EvictionPolicy | None = None,
    ) -> None:
        self.storage = storage
        self.eviction = eviction or EvictionPolicy()
        self.step_delay = step_delay
        # a computer's private sequence is published step_delay + secret_pad after it
        # starts thinking, however many steps it made (unless thinking takes longer);
        # by default the padding follows the chosen pace, up to 5 s
        self.secret_pad = min(5.0, 10 * step_delay) if secret_pad is None else secret_pad
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.odds_timeout = odds_timeout
        self.dice_seed: int | None = None  # serve --dice-seed (tests only): LiveGame's seeded dice
        self._made = 0  # games this process created: with dice_seed, their ids (new_id)
        self.rooms: dict[str, Room] = {}
        # games dropped from memory (module eviction): their lobby summaries, and the rooms
        # still referenced somewhere (a socket waiting for its hello), so that one game never
        # has two rooms in this process
        self.shelf = Shelf()
        self._evicted: weakref.WeakValueDictionary[str, Room] = weakref.WeakValueDictionary()
        self._sweeper: asyncio.Task[None] | None = None
        self.broken: dict[str, str] = {}
        self.odds_slots = 2  # odds computations running at once (threads cannot be cancelled)
        self.odds_work: dict[tuple[str, int, int, str], asyncio.Future[Any]] = {}  # odds_service.ODDS_KEPT
        self.idle_claim = 600.0  # seconds the player to move may be away before the opponent may claim the win (0: never)
        self.listener: Listener | None = None
        self.presence = Presence(self, social.presence_changed)  # seats connected through other processes
        # storage waits here, off the event loop (threads waiting on a commit are cheap;
        # the more wait together, the more one SQLite commit covers)
        self.pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="dicefront-store")
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        # shared database: this process's claims on the games it drives (claims.py), and
        # its sweep for games with dice or a computer to move that no process drives
        self.claims: Claims | None = None
        self.claim_every = 5.0  # seconds between two sweeps
        self.claim_cap = 16  # games claimed at most per sweep
        self._claimer: asyncio.Task[None] | None = None

    # ----- start-up -------------------------------------------------------------------
    def load(self) -> None:
        """List every stored game in the lobby from its row; rebuild (replay) only the
        games that go on by themselves here and those whose row does not tell the lobby
        enough (startup.py). The others are rebuilt when someone opens them."""
        startup.load(self)

    def start_drivers(self) -> None:
        for room in self.rooms.values():
            self._drive(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        if self.storage.shared:
            self.claims = Claims(self.storage.listen_dsn, idle_timeout=max(60.0, 12 * self.claim_every))
            self._claimer = asyncio.get_running_loop().create_task(claims.sweep_forever(self, self.claims))
            self.listener = Listener(self.storage.listen_dsn, asyncio.get_running_loop(), functools.partial(hub_shared.heard, self))
            self.listener.start()
            self.presence.start()

    async def close(self) -> None:
        if self.listener is not None:
            await self._thread(self.listener.stop)
        await self.presence.stop()
        tasks = [r.driver for r in self.rooms.values() if r.driver is not None and not r.driver.done()]
        tasks += list(self._refreshing.values())
        tasks += [t for t in (self._sweeper, self._claimer) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self.claims is not None:  # drops every lock, also a hold a task cancelled mid-claim above left counted
            await self._thread(self.claims.close)
        self.pool.shutdown(wait=True)

    @staticmethod
    def _agents(live: LiveGame) -> dict[int, Agent]:
        """The computer players, built from the spec each seat stood for when the game was
        made (its level's spec then: ``live.record.agent_specs``); a game stored before
        that was kept, or whose stored specs this version cannot read or build (one line
        logged, and its record then names no spec): from its level."""
        specs, why = live.record.agent_specs, live.row.bad_agent_specs
        if specs is not None:
            try:
                return {i: make_agent(specs[i] or "", live.game) for i, s in enumerate(live.seats) if s.kind == "computer"}
            except DicefrontError as exc:
                why = str(exc)
        if why:
            log.warning("game %s: its stored agent specs are not usable (%s); its computer plays its level", live.id, " ".join(why.split())[:200])
            live.record.agent_specs = None
        return {i: make_agent(s.agent, live.game) for i, s in enumerate(live.seats) if s.kind == "computer"}

    async def _thread(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, functools.partial(fn, *args))

    async def in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in the hub's worker threads (for work that must not block the loop)."""
        return await self._thread(fn, *args)

    # ----- memory: games leave it when nobody follows them (module eviction) ---------------
    async def find(self, game_id: str) -> Room | None:
        """The game's room, loaded from storage when it is not in memory (evicted, or
        made by another process on a shared database)."""
        room = self._adopt(game_id)
        if room is None and 0 < len(game_id) <= 40:
            room = await self._load_room(game_id)
        return room

    def _adopt(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is None:
            room = self._evicted.pop(game_id, None)  # evicted, but still held by someone
            if room is not None:
                self.rooms[game_id] = room
                self.shelf.take(game_id)
        return room

    async def _load_room(self, game_id: str) -> Room | None:
        row = await self._thread(self.storage.load_game, game_id)
        if row is None or row.status.startswith("broken"):
            return None
        try:
            live = await self._thread(LiveGame, row, self.storage)
            room = Room(live, agents=self._agents(live), here=not self.storage.shared, quiet_since=self.clock())
        except DicefrontError as exc:
            log.error("game %s cannot be restored: %s", game_id, exc)
            return None
        found = self._adopt(game_id)  # another task may have loaded it meanwhile
        if found is not None:
            return found
        self.shelf.take(game_id)
        self.rooms[game_id] = room
        return room

    def evict(self) -> list[str]:
        """Drop from memory every game the eviction policy lets go; their ids."""
        now = self.clock()
        gone = [game_id for game_id, room in self.rooms.items() if game_id not in self._refreshing and evictable(room, now, self.eviction)]
        for game_id in gone:
            room = self.rooms.pop(game_id)
            self.shelf.put(room.live.summary())
            self._evicted[game_id] = room
        return gone

    def summaries(self) -> list[dict[str, Any]]:
        """The lobby: every game in memory and the shelved ones, newest first."""
        found = {s["id"]: s for s in self.shelf.summaries()}
        found.update((game_id, room.live.summary()) for game_id, room in self.rooms.items())
        return sorted(found.values(), key=lambda s: s["created"], reverse=True)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.eviction.sweep_every())
            try:
                gone = self.evict()
            except Exception:  # a sweep is housekeeping: the next one tries again
                log.exception("evicting idle games failed")
                continue
            if gone:
                log.info("%d idle or finished games left memory (%d remain)", len(gone), len(self.rooms))

    # ----- other processes (shared database): hub_shared.py ------------------------------
    async def _catch_up(self, room: Room) -> None:
        """Bring the room up to the database (holding its lock) and tell its connections."""
        await hub_shared.catch_up(self, room)

    async def seat_for_token(self, room: Room, token: str) -> int | None:
        return await hub_shared.seat_for_token(self, room, token)

    # ----- lobby ----------------------------------------------------------------------
    async def create(
        self, name: str, options: dict[str, Any], opponent: str, seat: int, data_files: dict[str, str] | None = None, player: str | None = None
    ) -> tuple[Room, int, str]:
        """A new game; returns the room, the creator's seat and token. ``data_files``
        are uploaded designer files (TOML text by option), stored with the game;
        ``player``: the creator's name (checked already: names.py)."""
        game = await self._thread(ready_new_game, name, options, data_files)  # off the loop: an uploaded board's tables
        seats = [Seat("human", token=secrets.token_urlsafe(24), joined=True, name=player or "")]
        if opponent in ("friend", "open"):  # a friend's seat has an invite token; an open seat gets one when claimed
            other = Seat("human", token=secrets.token_urlsafe(24) if opponent == "friend" else "", open=opponent == "open")
        else:
            make_agent(opponent, game)  # raises AgentError on a bad name
            other = Seat("computer", agent=opponent)
        seats.append(other)
        if seat == 1:
            seats.reverse()
        row = listed_new(GameRow(id=self.new_id(), game=game.name, options=game.options_json(), seats=seats, created=now(),
                                 data_files=game.data_files), game)
        await self._thread(self.storage.create_game, row)
        live = LiveGame(row, self.storage, game, dice_seed=self.dice_seed)
        room = Room(live, agents=self._agents(live), here=True, quiet_since=self.clock())
        self.rooms[row.id] = room
        self._drive(room)
        return room, seat, seats[seat].token

    def new_id(self) -> str:
        """A new game's id: random; with ``dice_seed`` (tests only) the seed's own
        sequence, so a re-run creates the same ids and, through them, the same dice
        (``LiveGame._rng``). One process per seed: another would repeat the ids."""
        if self.dice_seed is None:
            return secrets.token_hex(6)
        self._made += 1
        return hashlib.sha256(f"{self.dice_seed}:{self._made}".encode()).hexdigest()[:12]

    async def join(self, game_id: str, player: str | None = None) -> tuple[int, str]:
        """Claim the open seat of a game listed in the lobby: its token is minted now,
        for this caller only (a friend's invite seat cannot be claimed this way)."""
        room = await self.find(game_id)
        if room is None:
            raise DicefrontError(f"no game {game_id[:40]!r} on this server")
        no_seat = DicefrontError("this game has no open seat (a game against a friend is joined through its invite link)")
        async with room.lock:
            await self._catch_up(room)
            seat = room.live.open_seat()
            if seat is None or room.live.finished:
                raise no_seat
            token = secrets.token_urlsafe(24)
            try:
                await self._save_seat(room, seat, token=token, joined=True, name=player or "")
            except StaleGameError:
                raise no_seat from None
        return seat, token

    async def _save_seat(self, room: Room, seat: int, **changes: Any) -> None:
        """Change one seat, in storage first, unless another process changed the seats."""
        before = [replace(s) for s in room.live.seats]
        after = [replace(s, **changes) if i == seat else replace(s) for i, s in enumerate(before)]
        await self._thread(self.storage.save_seats, room.live.id, after, before)
        room.live.seats[:] = after

    async def _mark_joined(self, room: Room, seat: int) -> None:
        for _ in range(3):
            if room.live.seats[seat].joined:
                return
            try:
                await self._save_seat(room, seat, joined=True)
            except StaleGameError:
                await self._catch_up(room)

    # ----- connections ------------------------------------------------------------------
    async def connect(self, room: Room, send: Send, seat: int | None) -> Connection:
        conn = Connection(send, seat)
        if self.rooms.setdefault(room.live.id, room) is room:  # evicted while the socket waited for its hello
            self._evicted.pop(room.live.id, None)
            self.shelf.take(room.live.id)
        async with room.lock:
            await self._catch_up(room)
            if seat is not None:
                await self._mark_joined(room, seat)
            room.connections.add(conn)
            self.presence.sync(room)  # the greeting already counts seats connected through other processes
            await send(room.live.message(seat, None, room.online()))
            await social.greeting(self, room, conn)  # the standing offer: with the greeting, never again after it
        await social.greet(self, room, conn)
        await self._presence(room, conn)
        self._drive(room)
        return conn

    async def disconnect(self, room: Room, conn: Connection) -> None:
        room.connections.discard(conn)
        if not room.connections:
            room.quiet_since = self.clock()
        await social.left(self, room, conn)  # the presence update, with the idle rule's clock for the opponent

    async def _presence(self, room: Room, changed: Connection) -> None:
        if changed.seat is None:
            return
        players = room.live.players(room.online())
        for c in list(room.connections):
            if c is not changed:
                await self._safe_send(room, c, {"type": "players", "players": players})

    async def act(self, room: Room, conn: Connection, text: str) -> None:
        if conn.seat is None:
            raise DicefrontError("spectators cannot act; open the game with your seat's invite link")
        async with room.lock:
            await self._catch_up(room)
            follow = not self.step_delay  # the dice rolled at once after it are told with it
            try:
                told = await self._commit(room, room.live.plan_act(conn.seat, text, follow))
            except StaleGameError:  # another process wrote this step first: look again
                await self._catch_up(room)
                told = await self._commit(room, room.live.plan_act(conn.seat, text, follow))
            await self._broadcast(room, told)
        self._drive(room)

    async def resign(self, room: Room, conn: Connection) -> None:
        """The sender's seat gives up: stored first, then every connection hears it."""
        if conn.seat is None:
            raise DicefrontError("spectators cannot resign; only a seated player can")
        async with room.lock:
            await self._catch_up(room)
            live = room.live
            if live.finished:
                raise DicefrontError("the game is already over")
            await self._end(room, ending.status_for_resignation(conn.seat))

    async def _end(self, room: Room, status: str) -> None:
        """Store an agreed ending (holding the room's lock), then tell every connection."""
        live = room.live
        ended = ending.parse(status)
        if ended is None:
            raise DicefrontError(f"not an ending: {status[:40]!r}")
        try:
            await self._thread(self.storage.end_game, live.id, status, tuple(ended["returns"]), live.visible_length(None))
        except StaleGameError:
            await self._catch_up(room)
            raise DicefrontError("the game is already over") from None
        live.row.status = status
        live.ended = ended
        live.row.offer = None
        online = room.online()
        for c in list(room.connections):
            await self._safe_send(room, c, live.message(c.seat, [], online))

    # ----- automatic steps: dice and computer players (driving.py) ----------------------
    def _drive(self, room: Room) -> None:
        driving.drive(self, room)

    async def _commit(self, room: Room, plan: Plan) -> Told:
        """Commit a plan (holding the room's lock), then take it into the live game:
        nobody hears of a step before it is stored. SQLite: queued for the writer thread
        and awaited on the loop (one hand-off each way); PostgreSQL: written from a worker."""
        live = room.live
        began = time.monotonic()
        soon = self.storage.add_steps_on_loop(live.id, plan.first, plan.new_steps(), **live.stored_with(plan))  # with what the lobby shows
        done = soon if soon is not None else asyncio.get_running_loop().run_in_executor(self.pool, live.write, plan)
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError:  # committed all the same: the game must still take it in
            done.add_done_callback(lambda f: None if f.cancelled() or f.exception() is not None else live.accept(plan))
            raise
        trace.slow_commit(began, live.id)
        return live.accept(plan)

    async def _broadcast(self, room: Room, told: Told) -> None:
        online = room.online()
        cache: dict[int | None, dict[str, Any]] = {}
        players: list[dict[str, Any]] | None = None  # built once for every viewer's message
        for c in list(room.connections):
            steps = told.get(c.seat)
            if not steps:
                continue  # nothing this viewer may hear of
            if c.seat not in cache:
                players = room.live.players(online) if players is None else players
                cache[c.seat] = room.live.message(c.seat, steps, online, players)
            await self._safe_send(room, c, cache[c.seat])

    async def _tell_all(self, room: Room, msg: dict[str, Any]) -> None:
        for c in list(room.connections):
            await self._safe_send(room, c, msg)

    async def _safe_send(self, room: Room, conn: Connection, msg: dict[str, Any]) -> None:
        try:
            await conn.send(msg)
        except Exception:  # a closed socket must not disturb the others
            room.connections.discard(conn)

    # ----- odds (odds_service.py) ------------------------------------------------------
    async def odds(self, room: Room, conn: Connection, text: str) -> dict[str, Any]:
        """Exact outcome odds of ``text`` for this seat (``odds`` None: nothing to show)."""
        return await odds_service.odds(self, room, conn, text)


__all__ = ["Connection", "Hub", "Room", "Send", "warm_up"]
