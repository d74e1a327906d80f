"""The websocket messages added for play between people: the move list (``moves``),
the board after an earlier move (``frame``), and the endings agreed by the players
(``resign``, ``draw`` offers and answers, ``claim-win`` from an idle opponent; social.py). Each handler gets the hub, the room, the
sender's connection, the message and its sender; bad input raises a DicefrontError
(a one-line error to the sender only)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from . import history, social
from .hub import Connection, Hub, Room

Send = Callable[[dict[str, Any]], Awaitable[None]]
Handler = Callable[[Hub, Room, Connection, dict[str, Any], Send], Awaitable[None]]


async def _moves(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await send(history.move_list(room.live, conn.seat))


async def _frame(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    live = room.live
    n, length = history.frame_number(msg.get("step"), live, conn.seat)
    steps = live.record.steps[:length]  # taken now: the game may move on meanwhile
    await send(await hub.in_thread(history.position, live, conn.seat, n, steps))


async def _resign(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await hub.resign(room, conn)


async def _offer_draw(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await social.offer_draw(hub, room, conn)


async def _accept_draw(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await social.accept_draw(hub, room, conn)


async def _decline_draw(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await social.decline_draw(hub, room, conn)


async def _rematch(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await social.rematch(hub, room, conn)


async def _claim_win(hub: Hub, room: Room, conn: Connection, msg: dict[str, Any], send: Send) -> None:
    await social.claim_win(hub, room, conn)


EXTRA: dict[str, Handler] = {
    "rematch": _rematch, "moves": _moves, "frame": _frame, "resign": _resign, "offer-draw": _offer_draw, "accept-draw": _accept_draw,
    "decline-draw": _decline_draw, "claim-win": _claim_win,
}
