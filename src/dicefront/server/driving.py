"""The hub's automatic steps: dice rolls and computer players' moves, one task per game."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .live import Told
from .storage import StaleGameError

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("dicefront.server")


def drive(hub: Hub, room: Room) -> None:
    if room.driver is not None and not room.driver.done():
        return
    if hub.storage.shared and not (room.here or room.connections):
        return  # the process that made the game, or where someone follows it, drives it
    if room.live.needs_driving():
        room.driver = asyncio.get_running_loop().create_task(run_driver(hub, room))


async def run_driver(hub: Hub, room: Room) -> None:
    while room.live.needs_driving():
        secret = not room.live.state.is_chance and room.live.secret_node()
        if hub.step_delay and not secret:
            await hub.sleep(hub.step_delay)
        async with room.lock:
            await hub._catch_up(room)
            if not room.live.needs_driving():
                return
            secret = not room.live.state.is_chance and room.live.secret_node()
            start = hub.clock()
            try:
                told = await step_automatic(hub, room)
            except StaleGameError:
                continue  # another process made this step: caught up on the next turn
            except Exception:
                log.exception("game %s: automatic step failed", room.live.id)
                await hub._tell_all(room, {"type": "error", "message": "the server could not continue this game"})
                return
            if secret:  # the delay must not tell how many private steps were made
                await hub.sleep(max(0.0, start + hub.step_delay + hub.secret_pad - hub.clock()))
            await hub._broadcast(room, told)


async def step_automatic(hub: Hub, room: Room) -> Told:
    """A die roll (planned on the loop: cheap) or a computer move (the agent thinks in
    a worker thread), committed; with no pause between steps, the rolls that follow
    at once go with it."""
    live, follow = room.live, not hub.step_delay
    if live.state.is_chance:
        plan = live.plan_automatic(room.agents, follow)
    else:
        plan = await hub._thread(live.plan_automatic, room.agents, follow)
    return {} if plan is None else await hub._commit(room, plan)
