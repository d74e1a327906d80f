"""Start-up replays no game that waits for a person: every game is listed in the lobby
from its stored row and rebuilt when someone opens it (then its summary is the one the
lobby showed). An ended game's row holds its result and the step count it showed
(schema version 4); a game in play's holds its status line, that count and whether
dice or a computer are to move, stored with each step (version 6). Games where dice or
a computer are to move are rebuilt at start and go on by themselves. Games stored
before those versions are replayed once at the first start after the upgrade and
given what they lack, and never again."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import create_app
from dicefront.server import live as live_module
from dicefront.server.hub import Connection, Hub
from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Storage

from .conftest import create, drain, invite_token, receive, settle
from .helpers_async import run_coroutine

SEED = 5
V3 = Path(__file__).with_name("data") / "games-v3.sqlite3"
"""Written by the server at schema version 3 (commit e3a5316): Hell's Ditch games played
to the end (hd-done), resigned by seat 0 after 8 steps (hd-resigned) and still being
played (hd-playing), and a Ditch game played to the end (ditch-done)."""


async def _nothing(_: dict[str, Any]) -> None:
    return None


async def _play(hub: Hub, name: str, rng: random.Random, steps: int | None, resign: bool) -> str:
    """A game of ``name`` between two people making random legal moves through the hub
    (so it is stored as the server stores it): to its end, or ``steps`` moves and then
    seat 0 resigns (``resign``) or the game is left as it is. Its id."""
    room, _, _ = await hub.create(name, {}, "friend", 0)
    room.live.dice = random.Random(rng.randrange(1 << 30))  # type: ignore[assignment]  # seeded dice for the test
    seats = [Connection(_nothing, 0), Connection(_nothing, 1)]
    made = 0
    while steps is None or made < steps:
        if room.driver is not None:
            await room.driver  # the dice rolled between moves
        live = room.live
        if live.finished:
            break
        seat = live.state.actors[0]
        await hub.act(room, seats[seat], str(rng.choice(live.state.legal_actions(seat))))
        made += 1
    if resign:
        await hub.resign(room, seats[0])
    return room.live.id


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The ids of the games rebuilt (LiveGame made from a stored row) from now on."""
    ids: list[str] = []
    real_init = LiveGame.__init__

    def counting(self: LiveGame, row: GameRow, *args: Any, **kwargs: Any) -> None:
        ids.append(row.id)
        real_init(self, row, *args, **kwargs)

    monkeypatch.setattr(live_module.LiveGame, "__init__", counting)
    yield ids


async def _start(db: Path | str, built: list[str], opening: list[str]) -> tuple[list[str], dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Start a hub on ``db``: the games built at start-up, the lobby, and the summaries
    of the ``opening`` games once opened (rebuilt by replaying their whole logs)."""
    hub = Hub(Storage(db), step_delay=0)
    try:
        built.clear()
        hub.load()
        at_start = list(built)
        listed = {s["id"]: s for s in hub.summaries()}
        opened = {}
        for game_id in opening:
            room = await hub.find(game_id)
            assert room is not None
            opened[game_id] = room.live.summary()
    finally:
        await hub.close()
        hub.storage.close()
    return at_start, listed, opened


async def _store(db: Path | str, name: str, rng: random.Random) -> list[str]:
    """A finished game, a resigned one and two in play: their ids."""
    hub = Hub(Storage(db), step_delay=0)
    try:
        return [await _play(hub, name, rng, None, False), await _play(hub, name, rng, 9, True),
                await _play(hub, name, rng, 6, False), await _play(hub, name, rng, 11, False)]
    finally:
        await hub.close()
        hub.storage.close()


@pytest.mark.parametrize("name", ["ditch", "hells_ditch", "die_fighting"])
def test_start_up_replays_no_game_that_waits_for_a_person(tmp_path: Path, built: list[str], name: str) -> None:
    db = tmp_path / "g.sqlite3"
    rng = random.Random(SEED)
    done, resigned, playing, later = ids = run_coroutine(_store(db, name, rng))
    at_start, listed, opened = run_coroutine(_start(db, built, ids))
    assert at_start == [], f"seed {SEED}: start-up replayed {at_start}"
    assert listed[done]["finished"] and listed[resigned]["result"]["ending"] == "resigned"
    assert not listed[playing]["finished"] and listed[later]["steps"] > 0
    for game_id in ids:
        assert listed[game_id] == opened[game_id], f"seed {SEED}: {game_id}'s lobby summary is not the rebuilt game's"


@pytest.mark.parametrize("name", ["ditch", "hells_ditch"])
def test_a_game_opened_after_a_start_plays_on_and_is_listed_as_played(tmp_path: Path, built: list[str], name: str) -> None:
    db = tmp_path / "g.sqlite3"
    rng = random.Random(SEED)
    *_, playing, _ = run_coroutine(_store(db, name, rng))

    async def move_once() -> dict[str, Any]:
        hub = Hub(Storage(db), step_delay=0)
        try:
            hub.load()
            hub.start_drivers()
            room = await hub.find(playing)
            assert room is not None
            live = room.live
            seat = live.state.actors[0]
            await hub.act(room, Connection(_nothing, seat), str(rng.choice(live.state.legal_actions(seat))))
            if room.driver is not None:
                await room.driver
            return room.live.summary()
        finally:
            await hub.close()
            hub.storage.close()

    moved = run_coroutine(move_once())
    at_start, listed, opened = run_coroutine(_start(db, built, [playing]))
    assert at_start == [], f"seed {SEED}: start-up replayed {at_start}"
    assert listed[playing] == opened[playing] == moved, f"seed {SEED}: the move is not in the lobby after a restart"


@pytest.mark.parametrize("name", ["ditch", "army_backgammon"])
def test_a_computer_to_move_at_start_up_moves_with_nobody_watching(tmp_path: Path, built: list[str], name: str) -> None:
    db = tmp_path / "g.sqlite3"

    async def stop_before_the_computer() -> str:
        hub = Hub(Storage(db), step_delay=3600)  # the dice and the computer wait an hour: the server stops first
        try:
            room, _, _ = await hub.create(name, {}, "random", 1)
            return room.live.id
        finally:
            await hub.close()
            hub.storage.close()

    async def restart(waiting: str) -> tuple[list[str], dict[str, Any], int]:
        hub = Hub(Storage(db), step_delay=0)
        try:
            built.clear()
            hub.load()
            at_start = list(built)
            hub.start_drivers()
            room = hub.rooms[waiting]
            assert room.driver is not None, "nobody drives the game"
            await room.driver
            return at_start, room.live.summary(), room.live.length
        finally:
            await hub.close()
            hub.storage.close()

    other = run_coroutine(_store(db, name, random.Random(SEED)))
    waiting = run_coroutine(stop_before_the_computer())
    at_start, after, length = run_coroutine(restart(waiting))
    assert at_start == [waiting], f"start-up built {at_start}: only the game a computer or dice must move is rebuilt"
    assert length > 0 and after["steps"] > 0, "the dice and the computer went on after the restart"
    _, listed, opened = run_coroutine(_start(db, built, [waiting, *other]))
    assert listed[waiting] == opened[waiting] == after


def test_a_version_3_database_upgrades_and_is_replayed_once(tmp_path: Path, built: list[str]) -> None:
    db = tmp_path / "v3.sqlite3"
    shutil.copy(V3, db)
    ended = ["hd-done", "hd-resigned", "ditch-done"]
    at_first, listed, opened = run_coroutine(_start(db, built, [*ended, "hd-playing"]))
    # the first start replays the Hell's Ditch games ended without their count and the game in play
    assert sorted(at_first) == ["hd-done", "hd-playing", "hd-resigned"]
    for game_id in [*ended, "hd-playing"]:
        assert listed[game_id] == opened[game_id], f"{game_id}'s lobby summary is not the rebuilt game's"
    assert listed["hd-done"]["steps"] < 136  # secret sequences count once: the count is the replay's, not the log's length
    with sqlite3.connect(db) as conn:
        shown = dict(conn.execute("SELECT id, shown FROM games").fetchall())
        playing = conn.execute("SELECT status_line, shown_at FROM games WHERE id = 'hd-playing'").fetchone()
        length = conn.execute("SELECT count(*) FROM steps WHERE game_id = 'hd-playing'").fetchone()[0]
    assert shown == {game_id: listed[game_id]["steps"] for game_id in ("hd-done", "hd-resigned", "hd-playing")} | {"ditch-done": None}
    assert playing == (listed["hd-playing"]["status"], length)
    at_second, listed_again, _ = run_coroutine(_start(db, built, []))
    assert at_second == [], f"the second start replayed {at_second}"
    assert listed_again == listed


def test_steps_stored_without_the_lobby_entry_are_replayed_once(tmp_path: Path, built: list[str]) -> None:
    """Steps written by a process of an older version (on a shared database) leave the
    stored entry behind: it is not trusted, the game is replayed once and listed right."""
    db = tmp_path / "g.sqlite3"
    rng = random.Random(SEED)
    *_, playing, _ = run_coroutine(_store(db, "ditch", rng))
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET shown_at = shown_at - 1 WHERE id = ?", (playing,))
    at_first, listed, opened = run_coroutine(_start(db, built, [playing]))
    assert at_first == [playing] and listed[playing] == opened[playing]
    at_second, _, _ = run_coroutine(_start(db, built, []))
    assert at_second == []


def test_after_a_restart_the_lobby_is_the_same_and_a_listed_game_opens_and_plays(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with TestClient(create_app(db, step_delay=0, computer_agents=("random",))) as c:
        made = [create(c), create(c, opponent="open"), create(c, game="hells_ditch", opponent="friend", seat=1)]
        for m in made:
            settle(c, m["id"])
        before = c.get("/api/games").json()
    with TestClient(create_app(db, step_delay=0, computer_agents=("random",))) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert not hub.rooms, "start-up rebuilt a game that waits for a person"
        assert c.get("/api/games").json() == before
        game_id = made[0]["id"]
        assert c.get(f"/api/games/{game_id}").json() == next(g for g in before["live"] if g["id"] == game_id)
        with c.websocket_connect(f"/ws/{game_id}") as first, c.websocket_connect(f"/ws/{game_id}") as second:
            socks = [first, second]
            for ws, token in zip(socks, [made[0]["token"], invite_token(made[0])], strict=True):
                ws.send_json({"type": "hello", "token": token})
            greet = [receive(ws) for ws in socks]
            mover = next(i for i in (0, 1) if greet[i]["actions"])
            socks[mover].send_json({"type": "act", "action": greet[mover]["actions"][0]["text"]})
            after = drain(socks[mover], greet[mover]["step"] + 1)
        listed = next(g for kind in c.get("/api/games").json().values() for g in kind if g["id"] == game_id)
        assert listed["steps"] == after["step"] > greet[mover]["step"]
