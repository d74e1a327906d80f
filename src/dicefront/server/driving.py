"""The hub's automatic steps: dice rolls and computer players' moves, one task per game
(on a shared database, only while this process holds the game's claim: claims.py)."""

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


def drive(hub: Hub, room: Room, claimed: bool = False) -> bool:
    """Start the room's driver if it goes on by itself; whether one was started.
    Shared database: started only where the game was made or someone follows it, or
    by the claims sweep (``claimed``: the driver takes over the sweep's claim), and
    the driver first claims the game (claims.py), so one process alone drives it."""
    if room.driver is not None and not room.driver.done():
        return False
    if not room.live.needs_driving():
        return False
    if hub.storage.shared and not (claimed or room.here or room.connections):
        return False
    room.driver = asyncio.get_running_loop().create_task(run_driver(hub, room, claimed))
    return True


async def run_driver(hub: Hub, room: Room, claimed: bool = False) -> None:
    """Drive the room while it needs it. Shared database: only while this process holds
    the game's claim, given back when it waits for a person, ends or fails; once given
    back it catches the game up, and a step another process took in meanwhile (a
    person's move made there, whose driver could not claim the game from this one)
    makes it claim and go on again."""
    claims, game_id = hub.claims, room.live.id
    while True:
        if claims is not None and not claimed and not await claims.claim(game_id):
            return  # another process drives it
        try:
            done = await run_steps(hub, room)
        finally:
            if claims is not None:
                await claims.release(game_id)
        claimed = False
        if done and claims is not None:  # a person may have moved through another process while this one held
            async with room.lock:  # the claim: that process could not take it, so this one goes on
                await hub._catch_up(room)
        if not (done and room.live.needs_driving()):
            return


async def run_steps(hub: Hub, room: Room) -> bool:
    """The automatic steps until a person is to move or the game ends (True), or until
    a step fails or this process's claim on the game is lost (False)."""
    claims = hub.claims
    while room.live.needs_driving():
        if claims is not None and not claims.holds(room.live.id):
            return False
        secret = not room.live.state.is_chance and room.live.secret_node()
        if hub.step_delay and not secret:
            await hub.sleep(hub.step_delay)
        async with room.lock:
            await hub._catch_up(room)
            if room.live.row.status != "live" and not room.live.finished:  # marked broken in another process:
                return False  # its steps would be refused as stale, again and again
            if not room.live.needs_driving():
                return True
            try:
                told = await step_automatic(hub, room)
            except StaleGameError:
                continue  # another process made this step: caught up on the next turn
            except Exception:
                log.exception("game %s: automatic step failed", room.live.id)
                await hub._tell_all(room, {"type": "error", "message": "the server could not continue this game"})
                return False
            await hub._broadcast(room, told)
    return True


async def step_automatic(hub: Hub, room: Room) -> Told:
    """A die roll (planned on the loop: cheap) or a computer move (the agent thinks in
    a worker thread), committed; with no pause between steps, the rolls that follow
    at once go with it. A computer's private sequence is committed only when it is
    published, ``step_delay + secret_pad`` after its thinking began: before that no
    process can read it from the database or hear of it (a commit NOTIFYs the others),
    so it reaches every process's connections at the same moment, however many steps
    it has (server/README.md, "Secret steps")."""
    live, follow = room.live, not hub.step_delay
    start = hub.clock()
    if live.state.is_chance:
        plan = live.plan_automatic(room.agents, follow)
    else:
        secret = live.secret_node()
        plan = await hub._thread(live.plan_automatic, room.agents, follow)
        if plan is not None and secret:  # the delay must not tell how many private steps were made
            await hub.sleep(max(0.0, start + hub.step_delay + hub.secret_pad - hub.clock()))
    return {} if plan is None else await hub._commit(room, plan)
