"""The last move is highlighted for everyone only when nothing about it is secret."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Seat, Storage


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    store = Storage(tmp_path / "games.sqlite3")
    yield store
    store.close()


def new_game(storage: Storage, name: str, **options: Any) -> LiveGame:
    row = GameRow(id=name, game=name, options=options, seats=[Seat("human", "a", joined=True), Seat("human", "b", joined=True)], created=0.0)
    storage.create_game(row)
    return LiveGame(row, storage)


def test_last_move_path_is_sent_after_a_public_move(storage: Storage) -> None:
    game = new_game(storage, "ditch")
    for _ in range(200):
        if game.state.is_chance:
            game.step_automatic({})
            continue
        seat = game.state.actors[0]
        action = next((a for a in game.actions(seat) if a["path"]), None)
        if action is not None:
            game.act(seat, action["text"])
            assert game.message(None)["last"] == action["path"]
            return
        game.act(seat, game.actions(seat)[0]["text"])
    raise AssertionError("no move made on the board in 200 steps")


def test_a_move_with_private_events_is_not_highlighted(storage: Storage) -> None:
    """Army Man Backgammon with mines: laying a minefield is secret, so its row is never sent."""
    game = new_game(storage, "army_backgammon", mines=True)
    checked = 0
    for _ in range(3000):
        if game.state.is_terminal or checked >= 3:
            break
        if game.state.is_chance:
            game.step_automatic({})
            continue
        seat = game.state.actors[0]
        actions = game.actions(seat)
        choice = next((a for a in actions if a["text"].startswith("mine")), actions[0])
        before = len(game.record.steps)
        game.act(seat, choice["text"])
        if any(e.audience is not None for s in game.record.steps[before:] for e in s.events):
            assert game.message(None)["last"] == [] and game.message(1 - seat)["last"] == []
            checked += 1
    assert checked, "no move with private events came up"
