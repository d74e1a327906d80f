"""The hub's odds answers (exact outcome odds of an action, in a bounded number of
threads) and the start-up warming of first-use imports."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.errors import DicefrontError
from ..core.match import agent_copy

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Connection, Room

log = logging.getLogger("dicefront.server")
ODDS_KEPT = 64
"""Odds computations kept (running or done) by (game, step, seat, action): one that
outlasts ``odds_timeout`` answers "busy", and the client's next request gets its result
instead of starting another."""


async def odds(hub: Hub, room: Room, conn: Connection, text: str) -> dict[str, Any]:
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
    key = (live.id, reply["step"], seat, text)
    work = hub.odds_work.get(key)
    if work is None:
        if hub.odds_slots <= 0:
            reply["busy"] = True
            return reply
        hub.odds_slots -= 1
        work = asyncio.ensure_future(asyncio.to_thread(compute, position, action, seat))
        work.add_done_callback(lambda _: _free_slot(hub))
        hub.odds_work[key] = work
        while len(hub.odds_work) > ODDS_KEPT:
            hub.odds_work.pop(next(iter(hub.odds_work)))
    try:
        table = await asyncio.wait_for(asyncio.shield(work), hub.odds_timeout)
    except TimeoutError:  # still computing (a loaded machine): the client asks again, and gets this result
        reply["busy"] = True
        return reply
    except Exception as exc:  # odds are a help: never break the game over them
        log.info("odds for %r failed: %s", text, exc)
        hub.odds_work.pop(key, None)
        return reply
    reply["odds"] = [_odds_row(label, p) for label, p in table] or None
    return reply

def _free_slot(hub: Hub) -> None:
    hub.odds_slots += 1


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
