"""The hub on a shared (PostgreSQL) database: its games are a cache of the database.
Other processes' changes arrive through :mod:`.fanout` (``heard``); a game is caught up
before each change (``catch_up``) and this process's connections are told."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from . import social, startup
from .fanout import EVERYTHING

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("dicefront.server")


def heard(hub: Hub, payload: str) -> None:
    """A change another process (or this one) committed: ``"<game> [<length>]"``
    (or a presence message, presence.py)."""
    if hub.presence.heard_payload(payload):
        return
    if payload == EVERYTHING:  # (re)connected: what was committed meanwhile was not heard
        for game_id in list(hub.rooms):
            refresh_soon(hub, game_id)
        relist_all_soon(hub)
        return
    game_id, _, length = payload[:80].partition(" ")
    room = hub.rooms.get(game_id)
    if room is not None and length.isascii() and length.isdigit() and room.live.length >= int(length):  # "²" is no length
        return  # already known here (this process wrote it)
    refresh_soon(hub, game_id)


def refresh_soon(hub: Hub, game_id: str) -> None:
    if game_id in hub._refreshing:
        hub._again.add(game_id)
    else:
        hub._refreshing[game_id] = asyncio.get_running_loop().create_task(refresh(hub, game_id))


def relist_all_soon(hub: Hub) -> None:
    """``startup.relist_all`` in a task of its own (one at a time; a request meanwhile
    runs it once more), tracked with the games' refreshes under the key ``"*"``."""
    if EVERYTHING in hub._refreshing:
        hub._again.add(EVERYTHING)
    else:
        hub._refreshing[EVERYTHING] = asyncio.get_running_loop().create_task(_relist_all(hub))


async def _relist_all(hub: Hub) -> None:
    try:
        while True:
            hub._again.discard(EVERYTHING)
            await startup.relist_all(hub)
            if EVERYTHING not in hub._again:
                return
    except Exception:
        log.exception("listing the games again after (re)connecting to the other server processes failed")
    finally:
        hub._refreshing.pop(EVERYTHING, None)


async def refresh(hub: Hub, game_id: str) -> None:
    try:
        while True:
            hub._again.discard(game_id)
            room = hub._adopt(game_id)
            if room is None and game_id not in hub.shelf:  # a game this process has not seen
                await hub._load_room(game_id)
            elif room is None:  # a shelved game waits until asked for; its lobby entry follows
                await startup.relist(hub, game_id)
            else:
                async with room.lock:
                    await hub._catch_up(room)
                hub._drive(room)
            if game_id not in hub._again:
                return
    except Exception:
        log.exception("game %s: catching up with another server process failed", game_id)
    finally:
        hub._refreshing.pop(game_id, None)


async def catch_up(hub: Hub, room: Room) -> None:
    """Bring the room up to the database (holding its lock) and tell its connections."""
    if not hub.storage.shared:
        return
    row = await hub._thread(hub.storage.load_game, room.live.id, room.live.length)
    if row is None:
        return
    seats = [s.to_json() for s in room.live.seats]
    ended = room.live.ended
    told = room.live.catch_up(row)
    await hub._broadcast(room, told)
    await social.caught_up(hub, room, row)
    if ended is None and room.live.ended is not None:  # another process heard a resignation
        online = room.online()
        for c in list(room.connections):
            await hub._safe_send(room, c, room.live.message(c.seat, [], online))
    if seats != [s.to_json() for s in room.live.seats]:
        players = room.live.players(room.online())
        await hub._tell_all(room, {"type": "players", "players": players})


async def seat_for_token(hub: Hub, room: Room, token: str) -> int | None:
    seat = room.live.seat_for_token(token)
    if seat is None and hub.storage.shared:  # a seat claimed through another process
        async with room.lock:
            await hub._catch_up(room)
        seat = room.live.seat_for_token(token)
    return seat
