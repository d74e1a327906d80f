"""What players say to each other besides moves: names, draw offers (made, accepted,
declined), rematches, and the idle-opponent rule. Functions of the hub and a room (the
hub calls the hooks ``greet``, ``left`` and ``caught_up``; socket_extra.py the rest).

Standing draw offers and rematch ids are stored in the game's row (columns ``offer``
and ``rematch``), so they survive a restart, and each change NOTIFYs the game like a
move: another process catches up and tells its own connections (``caught_up``).

The idle rule: when the player to move has had no connection for ``hub.idle_claim``
seconds (server option ``--idle-claim-minutes``), its opponent may claim the win. The
time is the hub's clock, never the client's; the opponent's page is told when the claim
opens (a ``players`` message with ``"idle": {"seat", "claim_in"}``). A connection
through another server process on the same database counts (presence.py): such a seat
is online, and is away from the moment the other process says its last connection left
(or, if that process stops answering, from when it was last heard of). The rate limit
of draw offers counts from the offer time stored with the game, so it holds whichever
process an offer goes through."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from ..core.errors import DicefrontError
from . import ending
from .game_cache import ready_new_game
from .live import LiveGame
from .names import clean_name
from .results import listed_new
from .storage import GameRow, Seat, StaleGameError, now

if TYPE_CHECKING:
    from .hub import Connection, Hub, Room


def _seated(room: Room, conn: Connection, what: str) -> int:
    if conn.seat is None:
        raise DicefrontError(f"spectators cannot {what}; only a seated player can")
    if room.live.finished:
        raise DicefrontError("the game is already over")
    return conn.seat


# ----- names -----------------------------------------------------------------------------
async def name_seat(hub: Hub, room: Room, seat: int, value: Any) -> None:
    """Give an unnamed seat of a live game its player's name (from a hello); a seat
    keeps its first name. Every connection hears the new players list."""
    name = clean_name(value)
    if name is None or room.live.seats[seat].name or room.live.finished:
        return
    async with room.lock:
        for _ in range(3):  # another process may change the seats meanwhile (its own player's name)
            try:
                await hub._save_seat(room, seat, name=name)
                break
            except StaleGameError:
                await hub._catch_up(room)
                if room.live.seats[seat].name:
                    return
    await hub._tell_all(room, {"type": "players", "players": room.live.players(room.online())})


# ----- draws -----------------------------------------------------------------------------
async def _store_offer(hub: Hub, room: Room, seat: int | None, before: int | None, at: float | None = None) -> None:
    try:
        await hub.in_thread(hub.storage.set_offer, room.live.id, seat, before, at, ending.OFFER_EVERY)
    except StaleGameError:
        await hub._catch_up(room)
        raise DicefrontError("the game changed meanwhile (an offer was answered, or it ended); look again") from None
    room.live.row.offer = seat


async def offer_draw(hub: Hub, room: Room, conn: Connection) -> None:
    """The sender offers a draw (at most one offer per OFFER_EVERY seconds, counted from
    the offer time stored with the game, so through whichever process it was made):
    stored, then every connection hears ``{"type": "draw-offer", "seat"}``."""
    seat = _seated(room, conn, "offer a draw")
    async with room.lock:
        await hub._catch_up(room)
        _seated(room, conn, "offer a draw")
        if room.live.row.offer == 1 - seat:
            raise DicefrontError("your opponent has offered a draw: accept or decline it")
        await _store_offer(hub, room, seat, room.live.row.offer, at=now())
    await hub._tell_all(room, {"type": "draw-offer", "seat": seat})


def _offer_to(room: Room, seat: int, what: str) -> None:
    if room.live.row.offer != 1 - seat:
        raise DicefrontError(f"there is no draw offer from your opponent to {what}")


async def accept_draw(hub: Hub, room: Room, conn: Connection) -> None:
    """The sender accepts the other side's standing draw offer: the game ends drawn."""
    seat = _seated(room, conn, "accept a draw")
    async with room.lock:
        await hub._catch_up(room)
        _seated(room, conn, "accept a draw")
        _offer_to(room, seat, "accept")
        await hub._end(room, ending.DRAW)


async def decline_draw(hub: Hub, room: Room, conn: Connection) -> None:
    """The sender declines the standing offer: it is withdrawn (stored), and every
    connection hears ``{"type": "draw-declined", "seat"}`` (the seat that declined)."""
    seat = _seated(room, conn, "decline a draw")
    async with room.lock:
        await hub._catch_up(room)
        _seated(room, conn, "decline a draw")
        _offer_to(room, seat, "decline")
        await _store_offer(hub, room, None, 1 - seat)
    await hub._tell_all(room, {"type": "draw-declined", "seat": seat})


# ----- rematch ---------------------------------------------------------------------------
def _fresh_seat(seat: Seat) -> Seat:
    """The same player in a rematch: a computer stays one; a person gets a new token."""
    if seat.kind == "computer":
        return Seat("computer", agent=seat.agent)
    return Seat("human", token=secrets.token_urlsafe(24), joined=seat.joined, name=seat.name)


async def rematch(hub: Hub, room: Room, conn: Connection) -> None:
    """A new game with the same settings and the seats swapped, made once per finished
    game (asking again, here or through another process, gives the same game); every
    connection gets ``{"type": "rematch", "id", "url"}`` with its own new seat's link."""
    if conn.seat is None:
        raise DicefrontError("spectators cannot ask for a rematch; only a seated player can")
    live = room.live
    if not live.finished:
        raise DicefrontError("a rematch is for a finished game")
    async with room.lock:
        await hub._catch_up(room)
        if live.row.rematch is None:
            await _make_rematch(hub, room)
    await _tell_rematch(hub, room)


async def _make_rematch(hub: Hub, room: Room) -> None:
    from .hub import Room as RoomType

    live = room.live
    old = live.seats
    seats = [_fresh_seat(old[1]), _fresh_seat(old[0])]
    row = GameRow(id=hub.new_id(), game=live.game.name, options=live.row.options, seats=seats, created=now(),
                  data_files=live.row.data_files)
    game = await hub.in_thread(ready_new_game, row.game, row.options, row.data_files or None)
    listed_new(row, game)
    try:  # the game and the finished game's link to it in one transaction
        await hub.in_thread(hub.storage.create_game, row, live.id)
    except StaleGameError:  # another process made one first: that one it is
        await hub._catch_up(room)
        return
    fresh = LiveGame(row, hub.storage, game, dice_seed=hub.dice_seed)
    new = RoomType(fresh, agents=hub._agents(fresh), here=True, quiet_since=hub.clock())
    hub.rooms[row.id] = new
    hub._drive(new)
    live.row.rematch = row.id


async def _tell_rematch(hub: Hub, room: Room, only: Connection | None = None) -> None:
    new_id = room.live.row.rematch
    if new_id is None:
        return
    new_room = await hub.find(new_id)  # it may have left memory, or live in another process
    if new_room is None:
        raise DicefrontError("the rematch game is no longer available")
    new_seats = new_room.live.seats
    for c in [only] if only is not None else list(room.connections):
        token = new_seats[1 - c.seat].token if c.seat is not None else ""
        url = f"/game/{new_id}" + (f"#token={token}" if token else "")
        await hub._safe_send(room, c, {"type": "rematch", "id": new_id, "url": url})


# ----- the idle-opponent rule ------------------------------------------------------------
def _away_since(hub: Hub, room: Room, seat: int) -> float | None:
    """Since when (hub clock) ``seat`` has had no connection here; None while it has one
    (or is a computer). A seat not seen since the game was loaded counts from now."""
    if seat in room.online() or room.live.seats[seat].kind != "human":
        return None
    return room.left.setdefault(seat, hub.clock())


def claim_in(hub: Hub, room: Room, seat: int) -> float | None:
    """Seconds until the opponent of ``seat`` may claim the win (0: now), or None when
    ``seat`` is here, the rule is off or the game is over."""
    since = _away_since(hub, room, seat)
    if since is None or hub.idle_claim <= 0 or room.live.finished:
        return None
    return max(0.0, since + hub.idle_claim - hub.clock())


async def _tell_idle(hub: Hub, room: Room, seat: int, to: list[Connection]) -> None:
    """A presence update to ``to``; ``seat``'s opponent also hears when it may claim the win."""
    wait = claim_in(hub, room, seat)
    players = room.live.players(room.online())
    for c in to:
        msg: dict[str, Any] = {"type": "players", "players": players}
        if wait is not None and c.seat == 1 - seat:
            msg["idle"] = {"seat": seat, "claim_in": round(wait, 1)}
        await hub._safe_send(room, c, msg)


async def claim_win(hub: Hub, room: Room, conn: Connection) -> None:
    """The sender claims the win from an opponent who is to move and has been away for
    ``hub.idle_claim`` seconds (checked on the hub's clock), here and in every other
    server process: stored as ``abandoned <seat>``."""
    seat = _seated(room, conn, "claim a win")
    other = 1 - seat
    async with room.lock:
        await hub._catch_up(room)
        hub.presence.sync(room)
        _seated(room, conn, "claim a win")
        if hub.idle_claim <= 0:
            raise DicefrontError("this server has no idle-opponent rule (--idle-claim-minutes 0)")
        if other not in room.live.state.actors:
            raise DicefrontError("you may claim the win only while your opponent is to move")
        wait = claim_in(hub, room, other)
        if wait is None:
            raise DicefrontError("your opponent is connected: no win to claim")
        if wait > 0:
            raise DicefrontError(f"your opponent has been away less than {hub.idle_claim / 60:g} minutes; wait {wait:.0f} s more")
        await hub._end(room, ending.status_for_abandoning(other))


# ----- hooks the hub calls ---------------------------------------------------------------
async def greeting(hub: Hub, room: Room, conn: Connection) -> None:
    """Right after a connection's greeting, still holding the room's lock: the standing
    offer and the rematch. Under the same lock as the greeting, so that an offer another
    process makes meanwhile reaches the connection once (``caught_up``), never a second
    time from here."""
    live = room.live
    if live.row.offer is not None and not live.finished:
        await hub._safe_send(room, conn, {"type": "draw-offer", "seat": live.row.offer})
    if live.finished and live.row.rematch is not None:
        await _tell_rematch(hub, room, conn)


async def greet(hub: Hub, room: Room, conn: Connection) -> None:
    """After a connection's greeting (and :func:`greeting`): the idle clock; other
    processes hear of the seat's first connection here (presence.py)."""
    live = room.live
    if conn.seat is not None:
        await hub.presence.arrived(room, conn.seat)
    if hub.presence.sync(room):  # a room loaded since: who is connected elsewhere
        await hub._tell_all(room, {"type": "players", "players": live.players(room.online())})
    if conn.seat is not None and claim_in(hub, room, 1 - conn.seat) is not None:
        await _tell_idle(hub, room, 1 - conn.seat, [conn])


async def left(hub: Hub, room: Room, conn: Connection) -> None:
    """After a connection closed: the presence update (in one message per connection);
    if its seat has gone, the clock of the idle rule starts and the opponent hears it."""
    if conn.seat is None:
        return
    await hub.presence.departed(room, conn.seat)
    if conn.seat not in room.online():
        room.left[conn.seat] = hub.clock()
    await _tell_idle(hub, room, conn.seat, list(room.connections))


async def presence_changed(hub: Hub, room: Room, seat: int) -> None:
    """``seat`` came or went through another process (presence.py): the presence update,
    with the idle rule's clock for the opponent when it has gone everywhere."""
    await _tell_idle(hub, room, seat, list(room.connections))


async def caught_up(hub: Hub, room: Room, row: GameRow) -> None:
    """Another process changed the offer or made a rematch: tell this process's connections."""
    live = room.live
    offer, made = live.row.offer, live.row.rematch
    live.row.offer, live.row.rematch = row.offer, row.rematch
    if row.offer != offer and not live.finished:
        msg = {"type": "draw-offer", "seat": row.offer} if row.offer is not None else {"type": "draw-declined", "seat": 1 - (offer or 0)}
        await hub._tell_all(room, msg)
    if row.rematch is not None and made is None:
        await _tell_rematch(hub, room)
