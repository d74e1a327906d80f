"""What the hub holds after a start: no game is replayed that need not be.

Every game is listed in the lobby from its stored row: an ended game from its result
and the step count it showed (schema version 4), a game in play from what its last
step stored with it (schema version 6: the status line, the step count spectators were
shown, and whether it goes on by itself). Such a game waits on the shelf and is rebuilt
by replaying its log when someone opens it (a page, the REST API, a websocket, a move).

Two kinds of game are rebuilt at once: a game in play whose dice are to be rolled or
whose computer player is to move (on a database of its own, this process is the one to
drive it, so it goes on with nobody watching, as before the restart), and a game whose
row does not tell the lobby enough (stored before the version that keeps it, or by an
older process on a shared database), which is replayed once and given it. On a shared
(PostgreSQL) database start-up rebuilds neither kind for driving: the one process that
claims such a game at its sweep (claims.py) rebuilds and drives it.

On a shared database the shelved summaries follow the other processes: a game they
change is listed again from its row (``relist``), without a replay; when this process
(re)starts listening, whatever was changed while it was not is listed again too
(``relist_all``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..core.errors import DicefrontError
from .eviction import lobby_list
from .live import LiveGame, stored_summary
from .results import in_play_summary
from .rooms import Room
from .storage import GameRow

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("dicefront.server")


def load(hub: Hub) -> None:
    """List every stored game; rebuild only those that go on by themselves or whose
    row does not tell the lobby enough (module docstring)."""
    for row, length in hub.storage.load_ended():
        if not row.status.startswith("broken"):
            _shelve_ended(hub, row, length)
    for row, length in hub.storage.load_playing():
        summary = _listed(hub, row, length)
        if summary is not None and not (row.automatic and not hub.storage.shared):
            hub.shelf.put(summary)
        else:
            _rebuild(hub, row.id, known=summary is not None)


def _listed(hub: Hub, row: GameRow, length: int) -> dict[str, Any] | None:
    try:
        return in_play_summary(row, length)
    except DicefrontError as exc:  # its game or options no longer load: the replay says why
        log.warning("game %s: its stored lobby entry cannot be read (%s); replaying it", row.id, exc)
        return None


def _rebuild(hub: Hub, game_id: str, known: bool) -> None:
    """Replay a game in play; it stays in memory if it goes on by itself here, else it
    waits on the shelf. ``known``: its row already tells the lobby what it shows."""
    full = hub.storage.load_game(game_id)
    if full is None:
        return
    try:
        live = LiveGame(full, hub.storage, dice_seed=hub.dice_seed)
        room = Room(live, agents=hub._agents(live))
    except DicefrontError as exc:
        log.error("game %s cannot be restored: %s", game_id, exc)
        hub.broken[game_id] = str(exc)
        return
    if not known and not live.finished:
        hub.storage.set_in_play(game_id, live.length, live.in_play(live.state, live.visible_length(None)))
    if live.needs_driving() and not hub.storage.shared:
        room.quiet_since = hub.clock()
        hub.rooms[game_id] = room
    else:
        hub.shelf.put(live.summary())


def _shelve_ended(hub: Hub, row: GameRow, length: int) -> None:
    """A finished game's lobby summary, from its row when that tells all; else (a
    game with simultaneous phases ended before schema version 4) replayed once, and
    the count of steps it showed stored for the next start."""
    try:
        summary = stored_summary(row, length)
        if summary is None:
            full = hub.storage.load_game(row.id)
            summary = LiveGame(full, hub.storage).summary() if full is not None else None
            if summary is not None:
                hub.storage.set_shown(row.id, int(summary["steps"]))
    except DicefrontError as exc:
        log.error("game %s cannot be restored: %s", row.id, exc)
        hub.broken[row.id] = str(exc)
        return
    if summary is not None:
        hub.shelf.put(summary)


async def relist(hub: Hub, game_id: str) -> None:
    """A shelved game another process changed: its lobby summary again, from its row
    (rebuilt only when the row does not tell it)."""
    found = await hub.in_thread(hub.storage.load_listing, game_id)
    if found is None or found[0].status.startswith("broken"):
        return
    row, length = found
    try:
        summary = stored_summary(row, length) if row.status != "live" else in_play_summary(row, length)
    except DicefrontError:
        summary = None
    if game_id in hub.rooms or game_id not in hub.shelf:
        return  # opened (or dropped from the shelf) meanwhile
    if summary is None:
        await hub.find(game_id)
    else:
        hub.shelf.put(summary)


async def relist_all(hub: Hub) -> None:
    """After the listener (re)connects (fanout.py): changes other processes made while
    this one was not listening were not heard, so every game in play is listed again
    from its row (games created meanwhile included), and every shelved game listed as
    open or in play that no longer is, from its own row. Games in memory are caught up
    by their rooms."""
    rows = await hub.in_thread(hub.storage.load_playing)
    playing = set()
    for row, length in rows:
        playing.add(row.id)
        if row.id in hub.rooms:
            continue
        summary = _listed(hub, row, length)
        if summary is not None:
            hub.shelf.put(summary)
    for game_id, summary in list(hub.shelf.items.items()):
        if game_id not in playing and lobby_list(summary) != "finished":
            await relist(hub, game_id)
