"""Start-up rebuilds only the games still being played: an ended game (finished,
resigned) waits in the lobby as a summary made from its stored row, and is rebuilt when
someone opens it (then its summary is the one the lobby showed). A game with
simultaneous phases is no exception: the step count it showed spectators (a secret
sequence counts once) is stored when it ends (schema version 4). Its games ended under
schema version 3 are replayed once at the first start after the upgrade and given
their count, and never again."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicefront.server import live as live_module
from dicefront.server.hub import Connection, Hub
from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Storage

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


async def _start(db: Path, built: list[str], opening: list[str]) -> tuple[list[str], dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
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


@pytest.mark.parametrize("name", ["ditch", "hells_ditch"])
def test_start_up_builds_no_ended_game(tmp_path: Path, built: list[str], name: str) -> None:
    db = tmp_path / "g.sqlite3"
    rng = random.Random(SEED)

    async def store() -> list[str]:
        hub = Hub(Storage(db), step_delay=0)
        try:
            return [await _play(hub, name, rng, None, False), await _play(hub, name, rng, 9, True), await _play(hub, name, rng, 6, False)]
        finally:
            await hub.close()
            hub.storage.close()

    done, resigned, playing = run_coroutine(store())
    at_start, listed, opened = run_coroutine(_start(db, built, [done, resigned]))
    assert at_start == [playing], f"seed {SEED}: start-up built {at_start}"
    assert set(listed) == {done, resigned, playing}
    assert listed[done]["finished"] and listed[resigned]["result"]["ending"] == "resigned"
    for game_id in (done, resigned):
        assert listed[game_id] == opened[game_id], f"seed {SEED}: {game_id}'s lobby summary is not the rebuilt game's"


def test_a_version_3_database_upgrades_and_is_replayed_once(tmp_path: Path, built: list[str]) -> None:
    db = tmp_path / "v3.sqlite3"
    shutil.copy(V3, db)
    ended = ["hd-done", "hd-resigned", "ditch-done"]
    at_first, listed, opened = run_coroutine(_start(db, built, ended))
    # the first start replays the Hell's Ditch games ended without their count (and the live one)
    assert sorted(at_first) == ["hd-done", "hd-playing", "hd-resigned"]
    for game_id in ended:
        assert listed[game_id] == opened[game_id], f"{game_id}'s lobby summary is not the rebuilt game's"
    assert listed["hd-done"]["steps"] < 136  # secret sequences count once: the count is the replay's, not the log's length
    with sqlite3.connect(db) as conn:
        shown = dict(conn.execute("SELECT id, shown FROM games").fetchall())
    assert shown == {"hd-done": listed["hd-done"]["steps"], "hd-resigned": listed["hd-resigned"]["steps"], "hd-playing": None, "ditch-done": None}
    at_second, listed_again, _ = run_coroutine(_start(db, built, []))
    assert at_second == ["hd-playing"]
    assert listed_again == listed
