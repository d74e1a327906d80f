"""Start-up replays only the games still being played: a finished game waits in the
lobby as a summary made from its stored row, and is rebuilt when someone opens it (then
its summary is the one the lobby showed). A game with simultaneous phases is the
exception: its lobby count of steps needs the replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dicefront.agents import make_agent
from dicefront.core.match import play_match
from dicefront.server import live as live_module
from dicefront.server.hub import Hub
from dicefront.server.live import LiveGame, shared_game
from dicefront.server.storage import GameRow, Seat, Storage

from .helpers_async import run_coroutine

SEED = 5


def _store_played(store: Storage, game_id: str, name: str, finish: bool) -> None:
    """A random game of ``name`` stored step by step: played to its end, or cut short."""
    game = shared_game(name, {}, None, stored=True)
    record = play_match(game, [make_agent("random"), make_agent("random")], SEED, max_steps=None if finish else 6)
    store.create_game(GameRow(game_id, name, {}, [Seat("human", "a", joined=True), Seat("human", "b", joined=True)], float(len(game_id))))
    returns = tuple(record.returns) if finish and record.returns is not None else None
    store.add_steps(game_id, 0, record.steps, returns)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["ditch", "hells_ditch"])
def test_start_up_replays_no_finished_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    db = tmp_path / "g.sqlite3"
    store = Storage(db)
    _store_played(store, "done", name, finish=True)
    _store_played(store, "resigned", name, finish=False)
    store.end_game("resigned", "resigned 1", (1.0, -1.0))
    _store_played(store, "playing", name, finish=False)
    store.close()
    replayed: list[str] = []
    real_init = LiveGame.__init__

    def counting(self: LiveGame, row: GameRow, *args: Any, **kwargs: Any) -> None:
        replayed.append(row.id)
        real_init(self, row, *args, **kwargs)

    monkeypatch.setattr(live_module.LiveGame, "__init__", counting)

    async def main() -> tuple[list[str], dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        hub = Hub(Storage(db), step_delay=0)
        hub.load()
        at_start = list(replayed)
        listed = {s["id"]: s for s in hub.summaries()}
        opened = {}
        for game_id in ("done", "resigned"):
            room = await hub.find(game_id)
            assert room is not None
            opened[game_id] = room.live.summary()
        await hub.close()
        hub.storage.close()
        return at_start, listed, opened

    at_start, listed, opened = run_coroutine(main())
    secret = name == "hells_ditch"  # simultaneous phases: its lobby count of steps needs the replay
    assert sorted(at_start) == (["done", "playing", "resigned"] if secret else ["playing"]), f"seed {SEED}: start-up replayed {at_start}"
    assert set(listed) == {"done", "resigned", "playing"}
    assert listed["done"]["finished"] and listed["resigned"]["result"]["ending"] == "resigned"
    for game_id in ("done", "resigned"):
        assert listed[game_id] == opened[game_id], f"seed {SEED}: {game_id}'s lobby summary is not the rebuilt game's"
