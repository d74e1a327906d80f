"""The websocket of one game: hello (a seat token or none), then act / odds / sync /
ping messages. Every message is handled behind a safety net: bad input gets a one-line
error, an unexpected failure is logged once and answered with a generic error, and the
socket stays open; a client that has left is let go quietly."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from ..core.errors import DicefrontError
from . import budget, social
from .hub import Connection, Hub, Room
from .outgoing import Gone, Outgoing
from .socket_extra import EXTRA

log = logging.getLogger("dicefront.server")
MAX_MESSAGE = 16_384
SEAT_CONNECTIONS = 16  # one seat's connections to a game at once (tabs, devices); each arrival is told to the others
Send = Callable[[dict[str, Any]], Awaitable[None]]


CLOSE_GRACE = 5.0  # seconds a closing socket's writer may take to send what is queued


def socket_endpoint(hub: Hub) -> Callable[[WebSocket, str], Awaitable[None]]:
    async def play(websocket: WebSocket, game_id: str) -> None:
        try:
            await websocket.accept()
        except (WebSocketDisconnect, OSError, RuntimeError):
            return
        out = Outgoing(websocket)
        writer = asyncio.get_running_loop().create_task(out.write_all())
        try:
            await _session(hub, websocket, game_id, out)
        except (Gone, WebSocketDisconnect):
            pass
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not out.too_slow or task is None or task.uncancel() > 0:  # not (only) our drop: pass it on
                raise
        finally:
            await out.finish(writer, CLOSE_GRACE)

    return play


async def _session(hub: Hub, websocket: WebSocket, game_id: str, out: Outgoing) -> None:
    send = out.send
    room = await hub.find(game_id)
    if room is None:
        await send({"type": "error", "message": f"no game {game_id[:40]!r} on this server"})
        out.close(4404)
        return
    hello = await _receive(websocket, out)
    while hello is None or hello.get("type") != "hello":
        if hello is not None:
            await send({"type": "error", "message": "say hello first: {\"type\": \"hello\", \"token\": ...}"})
        hello = await _receive(websocket, out)
    seat = await _seat(hub, room, hello, send)
    if seat == -1:
        out.close(4403)
        return
    if seat is not None and sum(c.seat == seat for c in room.connections) >= SEAT_CONNECTIONS:
        await send({"type": "error", "message": f"this seat already has {SEAT_CONNECTIONS} connections to this game; close one first"})
        out.close(4429)
        return
    conn = await hub.connect(room, send, seat)
    try:
        if seat is not None and hello.get("name") is not None:
            try:
                await social.name_seat(hub, room, seat, hello.get("name"))
            except DicefrontError as exc:  # a bad name is reported; the player plays on unnamed
                await send({"type": "error", "message": str(exc)})
        await _serve(hub, room, conn, websocket, out)
    finally:
        await hub.disconnect(room, conn)


async def _seat(hub: Hub, room: Room, hello: dict[str, Any], send: Send) -> int | None:
    """The seat the hello's token opens; None for a spectator; -1 for a bad token."""
    token = hello.get("token")
    if token in (None, ""):
        return None
    if not isinstance(token, str) or len(token) > 200:
        await send({"type": "error", "message": "the seat token must be a short string"})
        return -1
    seat = await hub.seat_for_token(room, token)
    if seat is None:
        await send({"type": "error", "message": "this seat token does not belong to this game; ask for a new invite link"})
        return -1
    return seat


async def _receive(websocket: WebSocket, out: Outgoing) -> dict[str, Any] | None:
    """The next JSON object from the client, or None after telling it what was wrong;
    while it waits, a drop for reading too slowly cancels it (outgoing.py)."""
    if out.gone:
        raise Gone
    out.waiting = asyncio.current_task()
    try:
        message = await websocket.receive()
    finally:
        out.waiting = None
    send = out.send
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
    except RecursionError:
        await send({"type": "error", "message": "the message is nested too deeply"})
        return None
    except ValueError:  # an integer literal with thousands of digits
        await send({"type": "error", "message": "the message holds a number with too many digits"})
        return None
    if not isinstance(data, dict):
        await send({"type": "error", "message": "each message must be a JSON object with a 'type'"})
        return None
    return data


async def _serve(hub: Hub, room: Room, conn: Connection, websocket: WebSocket, out: Outgoing) -> None:
    send = out.send
    while True:
        msg = await _receive(websocket, out)
        if msg is None:
            continue
        action = msg.get("action")
        try:
            await _handle(hub, room, conn, msg, send)
        except DicefrontError as exc:
            await send({"type": "error", "message": str(exc), "action": action if isinstance(action, str) else None})
        except Gone:
            raise
        except Exception:  # a bug must not drop the socket or show internals
            log.exception("game %s: a %r message failed", room.live.id, str(msg.get("type"))[:20])
            await send({"type": "error", "message": "the server could not handle this message", "action": action if isinstance(action, str) else None})


async def _handle(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    kind = msg.get("type")
    text = msg.get("action")
    if isinstance(kind, str) and kind in budget.COSTS and not await _afford(hub, room, conn, kind, text, send):
        return
    if kind == "act":
        if not isinstance(text, str) or not text.strip():
            raise DicefrontError("an 'act' message needs an 'action' in the game's notation")
        await _act(hub, room, conn, text)
    elif kind == "odds":
        if not isinstance(text, str):
            raise DicefrontError("an 'odds' message needs an 'action' in the game's notation")
        await send(await hub.odds(room, conn, text))
    elif kind == "sync":
        await send(room.live.message(conn.seat, None, room.online()))
    elif kind == "ping":
        await send({"type": "pong"})
    elif isinstance(kind, str) and kind in EXTRA:
        await EXTRA[kind](hub, room, conn, msg, send)
    else:
        raise DicefrontError(f"unknown message type {str(kind)[:40]!r}; expected act, odds, sync, ping, {', '.join(EXTRA)}")


async def _afford(hub: Hub, room: Room, conn: Connection, kind: str, text: Any, send: Send) -> bool:
    """Whether the connection's budget pays for this costly message; if not, the sender
    is told (odds: "busy", which the browser asks again after) and it is not handled."""
    price = budget.cost(kind, room.live.length)
    if conn.budget.take(hub.clock(), price):
        return True
    if kind == "odds" and isinstance(text, str):
        await send({"type": "odds", "action": text, "step": room.live.visible_length(conn.seat), "odds": None, "busy": True})
        return False
    wait = conn.budget.wait(price)
    raise DicefrontError(f"too many costly requests on this connection (sync, moves, frame, odds); this {kind!r} can be answered in {wait:.1f} s")


async def _act(hub: Hub, room: Room, conn: Connection, text: str) -> None:
    """Play the action; a refused one is paid for from the connection's own allowance
    for refusals, and none is tried while it cannot pay for one. That allowance is kept
    apart from the costly requests' budget: odds asked for every piece a keyboard user
    tabs past must not stop that user's next (legal) move."""
    if conn.refusals.level(hub.clock()) < budget.REFUSED_ACT:
        wait = conn.refusals.wait(budget.REFUSED_ACT)
        raise DicefrontError(f"too many refused actions on this connection; the next can be tried in {wait:.1f} s")
    try:
        await hub.act(room, conn, text)
    except DicefrontError:
        conn.refusals.take(hub.clock(), budget.REFUSED_ACT)
        raise
