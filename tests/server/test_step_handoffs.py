"""A person's move on the embedded (SQLite) database: the rules run on the event loop
and only the write goes to the writer thread (no worker-pool round trip); a move whose
caller is cancelled while its commit is under way is still taken into the live game
once committed, so memory and storage agree."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from dicefront.server.hub import Hub
from dicefront.server.storage import Storage

from .helpers_async import run_coroutine

SEED = 7


async def _sink(msg: dict[str, Any]) -> None:
    return None


async def _settle(hub: Hub, game_id: str) -> None:
    room = hub.rooms[game_id]
    while room.driver is not None and not room.driver.done():
        await room.driver


def test_moves_use_no_worker_thread_on_sqlite(tmp_path: Path) -> None:
    async def main() -> int:
        hub = Hub(Storage(tmp_path / "g.sqlite3"), step_delay=0)
        room, _, _ = await hub.create("ditch", {}, "friend", 0)
        conns = [await hub.connect(room, _sink, seat) for seat in (0, 1)]
        await _settle(hub, room.live.id)
        submitted = 0
        submit = hub.pool.submit

        def counting(*args: Any, **kwargs: Any) -> Any:
            nonlocal submitted
            submitted += 1
            return submit(*args, **kwargs)

        hub.pool.submit = counting  # type: ignore[method-assign]
        rng = random.Random(SEED)
        for _ in range(40):
            seat = room.live.state.actors[0]
            await hub.act(room, conns[seat], str(rng.choice(room.live.state.legal_actions(seat))))
            await _settle(hub, room.live.id)
        await hub.close()
        hub.storage.close()
        return submitted

    assert run_coroutine(main()) == 0, f"seed {SEED}: moves went through the worker pool"


def test_a_move_cancelled_during_its_commit_is_still_taken_in(tmp_path: Path) -> None:
    async def main() -> tuple[int, int, int]:
        store = Storage(tmp_path / "g.sqlite3")
        hub = Hub(store, step_delay=0)
        room, _, _ = await hub.create("ditch", {}, "friend", 0)
        conns = [await hub.connect(room, _sink, seat) for seat in (0, 1)]
        await _settle(hub, room.live.id)
        before = room.live.length
        held: list[asyncio.Future[None]] = []
        write_on_loop = store.add_steps_on_loop

        def hold(*args: Any, **kwargs: Any) -> asyncio.Future[None]:
            later: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            real = write_on_loop(*args, **kwargs)
            assert real is not None
            real.add_done_callback(lambda f: held.append(later))  # committed; released by the test
            return later

        store.add_steps_on_loop = hold  # type: ignore[method-assign]
        seat = room.live.state.actors[0]
        task = asyncio.ensure_future(hub.act(room, conns[seat], str(room.live.state.legal_actions(seat)[0])))
        while not held:
            await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.sleep(0)
        held[0].set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)
        store.add_steps_on_loop = write_on_loop  # type: ignore[method-assign]
        taken = room.live.length
        await hub.close()
        stored = len(store.load_game(room.live.id).steps)  # type: ignore[union-attr]
        store.close()
        return before, taken, stored

    before, taken, stored = run_coroutine(main())
    assert taken == stored > before, "the committed move was not taken into the live game"
