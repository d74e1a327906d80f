"""Games leave the hub's memory when nobody follows them and come back from storage
the same: state, seats, secret-step counters and every message a seat is sent. The
hub's memory stays bounded however many short games are played (objects counted)."""

from __future__ import annotations

import asyncio
import gc
import random
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.server.eviction import EvictionPolicy, Shelf
from dicefront.server.hub import Connection, Hub, Room
from dicefront.server.live import VIEWERS, LiveGame
from dicefront.server.storage import Storage

from .conftest import create, drain, settle
from .helpers_async import run_coroutine

GRACE, IDLE = 10.0, 100.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _hub(db: Path) -> tuple[Hub, Clock]:
    hub = Hub(Storage(db), step_delay=0, eviction=EvictionPolicy(finished_grace=GRACE, idle_after=IDLE))
    clock = Clock()
    hub.clock = clock
    return hub, clock


async def _settle(room: Room) -> None:
    while room.driver is not None and not room.driver.done():
        await room.driver


async def _sink(msg: dict[str, Any]) -> None:
    return None


async def _play(hub: Hub, room: Room, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random legal actions of the human seat(s), dice and computer between."""
    conns = {seat: await hub.connect(room, _sink, seat) for seat, s in enumerate(room.live.seats) if s.kind == "human"}
    for _ in range(moves):
        await _settle(room)
        state = room.live.state
        movers = [p for p in state.actors if p in conns]
        if state.is_terminal or not movers:
            break
        seat = movers[0]
        await hub.act(room, conns[seat], str(rng.choice(state.legal_actions(seat))))
    await _settle(room)
    for conn in conns.values():
        await hub.disconnect(room, conn)


def _snapshot(live: LiveGame) -> dict[str, Any]:
    msgs = {}
    for viewer in VIEWERS:
        msg = live.message(viewer, None, {0, 1})
        msg.pop("last")  # the last move's highlight is not stored (module eviction)
        msgs[viewer] = msg
    return {
        "state": live.state.to_json(),
        "seats": [s.to_json() for s in live.seats],
        "seen": dict(live.seen),
        "pending": {p: [(s.player, s.action, s.outcome) for s in steps] for p, steps in live.pending.items()},
        "steps": [(s.player, s.action, s.outcome, [e.text for e in s.events]) for s in live.record.steps],
        "messages": msgs,
        "summary": live.summary(),
    }


@pytest.mark.parametrize("name", dicefront.names())
@pytest.mark.parametrize("opponent", ["friend", "random"])
def test_an_evicted_game_comes_back_the_same(tmp_path: Path, name: str, opponent: str) -> None:
    seed = random.randrange(2**32)

    async def scenario() -> None:
        hub, clock = _hub(tmp_path / "games.sqlite3")
        try:
            room, _, _ = await hub.create(name, {}, opponent, 0)
            await _play(hub, room, random.Random(seed), 25)
            game_id = room.live.id
            before = _snapshot(room.live)
            clock.now += IDLE + GRACE
            assert hub.evict() == [game_id]
            assert game_id not in hub.rooms
            assert [s["id"] for s in hub.summaries()] == [game_id]  # the lobby still lists it
            del room
            gc.collect()
            back = await hub.find(game_id)
            assert back is not None and back.live is not None
            assert _snapshot(back.live) == before
            await _play(hub, back, random.Random(seed + 1), 5)  # and it goes on being played
        finally:
            await hub.close()
            hub.storage.close()

    try:
        run_coroutine(scenario())
    except AssertionError:
        print(f"seed={seed}")
        raise


def test_only_quiet_games_leave_and_the_finished_ones_first(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub, clock = _hub(tmp_path / "games.sqlite3")
        try:
            watched, _, _ = await hub.create("ditch", {}, "friend", 0)
            quiet, _, _ = await hub.create("ditch", {}, "friend", 0)
            await _settle(watched)
            await _settle(quiet)  # the opening roll made
            conn = await hub.connect(watched, _sink, None)
            clock.now += GRACE  # a finished game would go now, an unfinished one not yet
            assert hub.evict() == []
            clock.now += IDLE
            assert hub.evict() == [quiet.live.id]  # the watched game stays while it is watched
            await hub.disconnect(watched, conn)
            assert hub.evict() == []  # its quiet time starts when the last connection leaves
            clock.now += IDLE
            assert hub.evict() == [watched.live.id]
        finally:
            await hub.close()
            hub.storage.close()

    run_coroutine(scenario())


def test_a_room_held_while_evicted_is_taken_back_not_loaded_twice(tmp_path: Path) -> None:
    """A socket that found the game and waits for its hello holds the room: when it
    connects after an eviction, that same room returns to the hub."""

    async def scenario() -> None:
        hub, clock = _hub(tmp_path / "games.sqlite3")
        try:
            room, _, _ = await hub.create("ditch", {}, "friend", 0)
            await _settle(room)
            clock.now += IDLE
            assert hub.evict() == [room.live.id]
            assert await hub.find(room.live.id) is room
            assert hub.evict() == [room.live.id]
            conn = await hub.connect(room, _sink, 0)
            assert hub.rooms[room.live.id] is room
            assert isinstance(conn, Connection)
        finally:
            await hub.close()
            hub.storage.close()

    run_coroutine(scenario())


def test_memory_stays_bounded_over_many_short_games(tmp_path: Path) -> None:
    """Many games played to their end against a computer: of the rooms and LiveGame
    objects this test's hub made, the ones still alive stay under a bound that does
    not grow with the number of games. Only this hub's objects are counted (weak
    references taken as they are made), so what other tests in the same process
    left behind does not matter."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    made: list[weakref.ref[Any]] = []
    alive: list[int] = []

    async def scenario() -> None:
        hub, clock = _hub(tmp_path / "games.sqlite3")
        try:
            for i in range(10):
                room, _, _ = await hub.create("die_fighting", {}, "random", 0)
                made.extend((weakref.ref(room), weakref.ref(room.live)))
                await _play(hub, room, rng, 120)
                del room
                clock.now += GRACE if i % 2 else IDLE  # some games finish, some are left
                hub.evict()
                gc.collect()
                alive.append(sum(ref() is not None for ref in made))
                assert len(hub.rooms) <= 1
        finally:
            await hub.close()
            hub.storage.close()

    try:
        run_coroutine(scenario())
        assert max(alive) <= 2, alive  # the room and LiveGame of at most the one game still in the hub
    except AssertionError:
        print(f"seed={seed}")
        raise


def test_the_shelf_keeps_the_newest_summaries_of_each_lobby_list() -> None:
    shelf = Shelf(size=6)  # two of each list
    kinds = {"open": {"finished": False, "open": True}, "live": {"finished": False, "open": False}, "finished": {"finished": True, "open": False}}
    for created in range(1, 6):  # the newest games of one list do not push the others' off the shelf
        shelf.put({"id": f"f{created}", "created": 10.0 + created, **kinds["finished"]})
    for kind in ("open", "live"):
        for created in range(1, 4):
            shelf.put({"id": f"{kind[0]}{created}", "created": float(created), **kinds[kind]})
    assert sorted(s["id"] for s in shelf.summaries()) == ["f4", "f5", "l2", "l3", "o2", "o3"]
    shelf.put({"id": "o3", "created": 3.0, **kinds["live"]})  # its seat was taken: it moves to the games in play
    assert "o3" in shelf and sorted(shelf.lists["live"]) == ["l3", "o3"] and sorted(shelf.lists["open"]) == ["o2"]
    shelf.take("o3")
    assert "o3" not in shelf and "o3" not in shelf.items


def test_hub_close_stops_the_sweeper(tmp_path: Path) -> None:
    async def scenario() -> bool:
        hub, _ = _hub(tmp_path / "games.sqlite3")
        hub.start_drivers()
        sweeper = hub._sweeper
        await hub.close()
        hub.storage.close()
        await asyncio.sleep(0)
        return sweeper is not None and sweeper.done()

    assert run_coroutine(scenario())


def test_rest_pages_and_the_websocket_reload_an_evicted_game(client: Any, connect: Any) -> None:
    made = create(client, "ditch", "friend")
    game_id = made["id"]
    settle(client, game_id)
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        first = drain(ws, 0)
    hub.clock = lambda: 1e12  # far in the future: every quiet game may go
    for _ in range(200):  # the websocket above is closed in the background
        if hub.evict():
            break
        time.sleep(0.01)
    assert game_id not in hub.rooms
    assert game_id in {s["id"] for s in client.get("/api/games").json()["live"]}
    assert client.get(f"/api/games/{game_id}").json()["id"] == game_id
    assert game_id in hub.rooms  # loaded again
    hub.evict()
    assert client.get(f"/game/{game_id}").status_code == 200
    hub.evict()
    again = drain(connect(game_id, made["token"]), 0)
    for key in ("svg", "actions", "view", "step", "seat"):
        assert again[key] == first[key]
    assert client.get("/api/games/nosuchgame").status_code == 404


@pytest.mark.parametrize("option", ["--idle-minutes", "--finished-minutes"])
@pytest.mark.parametrize("value", ["0", "-3", "nan", "1e9"])
def test_serve_refuses_a_memory_time_out_of_range_in_one_line(tmp_path: Path, option: str, value: str) -> None:
    from typer.testing import CliRunner

    from dicefront.cli import app

    db = tmp_path / "games.sqlite3"
    result = CliRunner().invoke(app, ["serve", "--db", str(db), "--port", "1", option, value])
    assert result.exit_code != 0
    assert f"{option} must be more than 0" in result.output and len(result.output.strip().splitlines()) == 1
    assert not db.exists()
