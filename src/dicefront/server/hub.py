"""The hub: every live game, who is connected to it, and the tasks that roll dice
and move for computer players. Messages to each connection are built per seat.

Storage is written from worker threads, never on the event loop. On a shared
(PostgreSQL) database the hub's games are a cache of the database: before a change it
catches the game up, a step another process wrote first makes it catch up and try once
more, and other processes' changes arrive through :mod:`.fanout` and are passed on to
this process's connections. A process drives (rolls the dice and moves the computer
players of) the games it made and the games someone follows through it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeVar

from ..agents import make_agent
from ..core.agent import Agent
from ..core.errors import DicefrontError
from ..core.game import Game
from ..core.match import agent_copy
from . import ending, social
from .eviction import EvictionPolicy, Shelf, evictable
from .fanout import EVERYTHING, Listener
from .live import LiveGame, Plan, Told, stored_summary, validate_new_game
from .storage import GameRow, Seat, StaleGameError, Storage, now

log = logging.getLogger("dicefront.server")
Send = Callable[[dict[str, Any]], Awaitable[None]]
T = TypeVar("T")


@dataclass(eq=False)
class Connection:
    send: Send
    seat: int | None


@dataclass(eq=False)
class Room:
    live: LiveGame
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[int, Agent] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    here: bool = False  # made in this process, or followed by someone connected here
    quiet_since: float = 0.0  # hub clock when it was made, loaded or last left by a connection
    left: dict[int, float] = field(default_factory=dict)  # seat: hub clock when its last connection left (social.py)

    def online(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}

    @property
    def finished(self) -> bool:
        return self.live.finished

    def busy(self) -> bool:
        """Whether someone follows it or work on it is under way (never evicted then)."""
        driving = self.driver is not None and not self.driver.done()
        return bool(self.connections) or driving or self.lock.locked() or self.live.needs_driving()


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
        self.rooms: dict[str, Room] = {}
        # games dropped from memory (module eviction): their lobby summaries, and the rooms
        # still referenced somewhere (a socket waiting for its hello), so that one game never
        # has two rooms in this process
        self.shelf = Shelf()
        self._evicted: weakref.WeakValueDictionary[str, Room] = weakref.WeakValueDictionary()
        self._sweeper: asyncio.Task[None] | None = None
        self.broken: dict[str, str] = {}
        self.odds_slots = 2  # odds computations running at once (threads cannot be cancelled)
        self.offered: dict[tuple[str, int], float] = {}  # (game id, seat): when it last offered a draw (rate limit)
        self.idle_claim = 600.0  # seconds the player to move may be away before the opponent may claim the win (0: never)
        self.listener: Listener | None = None
        # storage waits here, off the event loop (threads waiting on a commit are cheap;
        # the more wait together, the more one SQLite commit covers)
        self.pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="dicefront-store")
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    # ----- start-up -------------------------------------------------------------------
    def load(self) -> None:
        """Rebuild every game still being played by replaying its log; the others wait
        on the shelf as lobby summaries made from their stored rows (no replay) and are
        rebuilt when someone opens them."""
        for row, length in self.storage.load_ended():
            if not row.status.startswith("broken"):
                self._shelve_stored(row, length)
        for row in self.storage.load_games(live_only=True):
            try:
                live = LiveGame(row, self.storage)
                room = Room(live, agents=self._agents(row.seats, live.game))
            except DicefrontError as exc:
                log.error("game %s cannot be restored: %s", row.id, exc)
                self.broken[row.id] = str(exc)
                continue
            room.quiet_since = self.clock()
            self.rooms[row.id] = room

    def _shelve_stored(self, row: GameRow, length: int) -> None:
        """A finished game's lobby summary, from its row when that tells all (else replayed)."""
        try:
            summary = stored_summary(row, length)
            if summary is None:
                full = self.storage.load_game(row.id)
                summary = LiveGame(full, self.storage).summary() if full is not None else None
        except DicefrontError as exc:
            log.error("game %s cannot be restored: %s", row.id, exc)
            self.broken[row.id] = str(exc)
            return
        if summary is not None:
            self.shelf.put(summary)

    def start_drivers(self) -> None:
        for room in self.rooms.values():
            self._drive(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        if self.storage.shared:
            self.listener = Listener(self.storage.listen_dsn, asyncio.get_running_loop(), self._heard)
            self.listener.start()

    async def close(self) -> None:
        if self.listener is not None:
            await self._thread(self.listener.stop)
        tasks = [r.driver for r in self.rooms.values() if r.driver is not None and not r.driver.done()]
        tasks += list(self._refreshing.values())
        tasks += [self._sweeper] if self._sweeper is not None else []
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.pool.shutdown(wait=True)

    @staticmethod
    def _agents(seats: list[Seat], game: Game[Any, Any]) -> dict[int, Agent]:
        return {i: make_agent(s.agent, game) for i, s in enumerate(seats) if s.kind == "computer"}

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
            room = Room(live, agents=self._agents(row.seats, live.game), here=not self.storage.shared, quiet_since=self.clock())
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

    # ----- other processes (shared database) ------------------------------------------

    def _heard(self, payload: str) -> None:
        """A change another process (or this one) committed: ``"<game> [<length>]"``."""
        if payload == EVERYTHING:
            for game_id in list(self.rooms):
                self._refresh_soon(game_id)
            return
        game_id, _, length = payload[:80].partition(" ")
        room = self.rooms.get(game_id)
        if room is not None and length.isdigit() and room.live.length >= int(length):
            return  # already known here (this process wrote it)
        self._refresh_soon(game_id)

    def _refresh_soon(self, game_id: str) -> None:
        if game_id in self._refreshing:
            self._again.add(game_id)
        else:
            self._refreshing[game_id] = asyncio.get_running_loop().create_task(self._refresh(game_id))

    async def _refresh(self, game_id: str) -> None:
        try:
            while True:
                self._again.discard(game_id)
                room = self._adopt(game_id)
                if room is None and game_id not in self.shelf.items:  # an evicted game waits until asked for
                    await self._load_room(game_id)
                elif room is None:
                    return
                else:
                    async with room.lock:
                        await self._catch_up(room)
                    self._drive(room)
                if game_id not in self._again:
                    return
        except Exception:
            log.exception("game %s: catching up with another server process failed", game_id)
        finally:
            self._refreshing.pop(game_id, None)

    async def _catch_up(self, room: Room) -> None:
        """Bring the room up to the database (holding its lock) and tell its connections."""
        if not self.storage.shared:
            return
        row = await self._thread(self.storage.load_game, room.live.id, room.live.length)
        if row is None:
            return
        seats = [s.to_json() for s in room.live.seats]
        ended = room.live.ended
        told = room.live.catch_up(row)
        await self._broadcast(room, told)
        await social.caught_up(self, room, row)
        if ended is None and room.live.ended is not None:  # another process heard a resignation
            online = room.online()
            for c in list(room.connections):
                await self._safe_send(room, c, room.live.message(c.seat, [], online))
        if seats != [s.to_json() for s in room.live.seats]:
            players = room.live.players(room.online())
            await self._tell_all(room, {"type": "players", "players": players})

    async def seat_for_token(self, room: Room, token: str) -> int | None:
        seat = room.live.seat_for_token(token)
        if seat is None and self.storage.shared:  # a seat claimed through another process
            async with room.lock:
                await self._catch_up(room)
            seat = room.live.seat_for_token(token)
        return seat

    # ----- lobby ----------------------------------------------------------------------
    async def create(
        self, name: str, options: dict[str, Any], opponent: str, seat: int, data_files: dict[str, str] | None = None, player: str | None = None
    ) -> tuple[Room, int, str]:
        """A new game; returns the room, the creator's seat and token. ``data_files``
        are uploaded designer files (TOML text by option), stored with the game;
        ``player``: the creator's name (checked already: names.py)."""
        game = validate_new_game(name, options, data_files)
        seats = [Seat("human", token=secrets.token_urlsafe(24), joined=True, name=player or "")]
        if opponent in ("friend", "open"):  # a friend's seat has an invite token; an open seat gets one when claimed
            other = Seat("human", token=secrets.token_urlsafe(24) if opponent == "friend" else "", open=opponent == "open")
        else:
            make_agent(opponent, game)  # raises AgentError on a bad name
            other = Seat("computer", agent=opponent)
        seats.append(other)
        if seat == 1:
            seats.reverse()
        row = GameRow(id=secrets.token_hex(6), game=game.name, options=game.options_json(), seats=seats, created=now(),
                      data_files=game.data_files)
        await self._thread(self.storage.create_game, row)
        room = Room(LiveGame(row, self.storage, game), agents=self._agents(seats, game), here=True, quiet_since=self.clock())
        self.rooms[row.id] = room
        self._drive(room)
        return room, seat, seats[seat].token

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
            await send(room.live.message(seat, None, room.online()))
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
            await self._thread(self.storage.end_game, live.id, status, tuple(ended["returns"]))
        except StaleGameError:
            await self._catch_up(room)
            raise DicefrontError("the game is already over") from None
        live.row.status = status
        live.ended = ended
        live.row.offer = None
        online = room.online()
        for c in list(room.connections):
            await self._safe_send(room, c, live.message(c.seat, [], online))

    # ----- automatic steps: dice and computer players ---------------------------------------
    def _drive(self, room: Room) -> None:
        if room.driver is not None and not room.driver.done():
            return
        if self.storage.shared and not (room.here or room.connections):
            return  # the process that made the game, or where someone follows it, drives it
        if room.live.needs_driving():
            room.driver = asyncio.get_running_loop().create_task(self._run_driver(room))

    async def _run_driver(self, room: Room) -> None:
        while room.live.needs_driving():
            secret = not room.live.state.is_chance and room.live.secret_node()
            if self.step_delay and not secret:
                await self.sleep(self.step_delay)
            async with room.lock:
                await self._catch_up(room)
                if not room.live.needs_driving():
                    return
                secret = not room.live.state.is_chance and room.live.secret_node()
                start = self.clock()
                try:
                    told = await self._step_automatic(room)
                except StaleGameError:
                    continue  # another process made this step: caught up on the next turn
                except Exception:
                    log.exception("game %s: automatic step failed", room.live.id)
                    await self._tell_all(room, {"type": "error", "message": "the server could not continue this game"})
                    return
                if secret:  # the delay must not tell how many private steps were made
                    await self.sleep(max(0.0, start + self.step_delay + self.secret_pad - self.clock()))
                await self._broadcast(room, told)

    async def _step_automatic(self, room: Room) -> Told:
        """A die roll (planned on the loop: cheap) or a computer move (the agent thinks in
        a worker thread), committed; with no pause between steps, the rolls that follow
        at once go with it."""
        live, follow = room.live, not self.step_delay
        if live.state.is_chance:
            plan = live.plan_automatic(room.agents, follow)
        else:
            plan = await self._thread(live.plan_automatic, room.agents, follow)
        return {} if plan is None else await self._commit(room, plan)

    async def _commit(self, room: Room, plan: Plan) -> Told:
        """Commit a plan (holding the room's lock), then take it into the live game:
        nobody hears of a step before it is stored. SQLite: queued for the writer thread
        and awaited on the loop (one hand-off each way); PostgreSQL: written from a worker."""
        live = room.live
        soon = self.storage.add_steps_soon(live.id, plan.first, plan.new_steps(), plan.returns())
        done = asyncio.wrap_future(soon) if soon is not None else asyncio.get_running_loop().run_in_executor(self.pool, live.write, plan)
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError:  # committed all the same: the game must still take it in
            done.add_done_callback(lambda f: None if f.cancelled() or f.exception() is not None else live.accept(plan))
            raise
        return live.accept(plan)

    async def _broadcast(self, room: Room, told: Told) -> None:
        online = room.online()
        cache: dict[int | None, dict[str, Any]] = {}
        for c in list(room.connections):
            steps = told.get(c.seat)
            if not steps:
                continue  # nothing this viewer may hear of
            if c.seat not in cache:
                cache[c.seat] = room.live.message(c.seat, steps, online)
            await self._safe_send(room, c, cache[c.seat])

    async def _tell_all(self, room: Room, msg: dict[str, Any]) -> None:
        for c in list(room.connections):
            await self._safe_send(room, c, msg)

    async def _safe_send(self, room: Room, conn: Connection, msg: dict[str, Any]) -> None:
        try:
            await conn.send(msg)
        except Exception:  # a closed socket must not disturb the others
            room.connections.discard(conn)

    # ----- odds ----------------------------------------------------------------------------
    def _free_odds_slot(self, _: object) -> None:
        self.odds_slots += 1

    async def odds(self, room: Room, conn: Connection, text: str) -> dict[str, Any]:
        """Exact outcome odds of ``text`` for this seat, computed on a state consistent
        with the seat's view. ``odds`` is None when there is nothing to show."""
        reply: dict[str, Any] = {"type": "odds", "action": text, "step": room.live.visible_length(conn.seat), "odds": None}
        seat = conn.seat
        compute = _odds_function()
        if compute is None or seat is None or seat not in room.live.state.actors:
            return reply
        live = room.live
        rng = random.Random(secrets.randbits(64))
        position = agent_copy(live.state, seat, rng)
        try:
            action = live.game.parse_action(position, text, seat)
        except DicefrontError as exc:
            reply["error"] = str(exc)
            return reply
        if self.odds_slots <= 0:
            reply["busy"] = True
            return reply
        self.odds_slots -= 1
        work = asyncio.ensure_future(asyncio.to_thread(compute, position, action, seat))
        work.add_done_callback(self._free_odds_slot)
        try:
            table = await asyncio.wait_for(asyncio.shield(work), self.odds_timeout)
        except Exception as exc:  # odds are a help: never break the game over them
            log.info("odds for %r failed: %s", text, exc)
            return reply
        reply["odds"] = [_odds_row(label, p) for label, p in table] or None
        return reply


def warm_up() -> None:
    """Load every game and draw its first position once, so that the first game made
    after start-up does not pay for first-use imports (odds and agents too)."""
    import dicefront

    _odds_function()
    for name in dicefront.names():
        try:
            game = dicefront.load(name)
            state = game.new_state()
            game.render_svg(state, 0)
            state.view(0)
        except Exception as exc:  # warming is a help: a game that fails here fails clearly later
            log.warning("warming up %s failed: %s", name, exc)


def _odds_row(label: Any, p: Any) -> dict[str, Any]:
    frac = p if isinstance(p, Fraction) else Fraction(p).limit_denominator(1_000_000)
    return {"label": str(label), "fraction": f"{frac.numerator}/{frac.denominator}", "p": float(frac)}


def _odds_function() -> Callable[..., Any] | None:
    try:
        from .. import odds as odds_module  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    fn = getattr(odds_module, "odds", None)
    return fn if callable(fn) else None
