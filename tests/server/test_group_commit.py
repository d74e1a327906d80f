"""The SQLite writer thread: writes waiting together share one commit, and a write that
fails (a step written twice) fails alone without undoing the others in its group."""

from __future__ import annotations

import threading
from pathlib import Path

from dicefront.core.record import Step
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage


def test_concurrent_writes_commit_and_a_conflict_fails_alone(tmp_path: Path) -> None:
    store = Storage(tmp_path / "g.sqlite3")
    for g in range(8):
        store.create_game(GameRow(f"g{g}", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0))
    errors: list[str] = []

    def write(game: str, action: str) -> None:
        try:
            store.add_steps(game, 0, [Step(0, action=action)])
        except StaleGameError:
            errors.append(game)

    threads = [threading.Thread(target=write, args=(f"g{g % 8}", f"a{g}")) for g in range(16)]  # two writers per game
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    again = Storage(tmp_path / "g.sqlite3")
    rows = {r.id: r for r in again.load_games()}
    again.close()
    assert sorted(errors) == sorted(f"g{g}" for g in range(8))  # exactly one loser per game
    assert all(len(r.steps) == 1 for r in rows.values())
