"""`serve --dice-seed` (tests only): a re-run makes the same game ids, and the same
moves in a game of the same id meet the same dice and computer moves; without it every
die comes from the cryptographic source."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicefront.agents import RandomAgent
from dicefront.cli import app
from dicefront.core.agent import Agent
from dicefront.server import create_app
from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Seat, Storage


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    store = Storage(tmp_path / "games.sqlite3")
    yield store
    store.close()


def play_out(storage: Storage, game_id: str, name: str, dice_seed: int | None, steps: int = 400) -> list[tuple[object, ...]]:
    """A game between two computer players (random), driven step by step as the server
    does; its recorded steps (who, action, chance outcome)."""
    seats = [Seat("computer", agent="random"), Seat("computer", agent="random")]
    row = GameRow(id=game_id, game=name, options={}, seats=seats, created=0.0)
    storage.create_game(row)
    live = LiveGame(row, storage, dice_seed=dice_seed)
    agents: dict[int, Agent] = {0: RandomAgent(), 1: RandomAgent()}
    for _ in range(steps):
        if live.state.is_terminal or not live.step_automatic(agents):
            break
    return [(s.player, s.action, repr(s.outcome)) for s in live.record.steps]


@pytest.mark.parametrize("name", ["ditch", "trench_checkers"])
def test_the_same_dice_seed_replays_the_same_game(tmp_path: Path, name: str) -> None:
    runs = [Storage(tmp_path / f"run{i}.sqlite3") for i in range(2)]
    try:
        first = play_out(runs[0], "game-one", name, dice_seed=7)
        again = play_out(runs[1], "game-one", name, dice_seed=7)
        other_id = play_out(runs[1], "game-two", name, dice_seed=7)
        other_seed = play_out(runs[0], "game-three", name, dice_seed=8)
    finally:
        for store in runs:
            store.close()
    assert len(first) > 20, f"{name}: too short a game to compare"
    assert first == again
    assert other_id != first, "two games of one server played the same dice"
    assert other_seed != first


def test_a_seeded_hub_makes_the_same_game_ids_on_a_re_run(tmp_path: Path) -> None:
    hubs = [create_app(tmp_path / f"{i}.sqlite3", dice_seed=3).state.hub for i in range(2)]
    ids = [[hub.new_id() for _ in range(3)] for hub in hubs]
    assert ids[0] == ids[1]
    assert len(set(ids[0])) == 3
    plain = create_app(tmp_path / "plain.sqlite3").state.hub
    assert plain.new_id() != plain.new_id()


def test_without_a_seed_the_dice_come_from_the_cryptographic_source(storage: Storage) -> None:
    seats = [Seat("human", "a", joined=True), Seat("human", "b", joined=True)]
    row = GameRow(id="ditch", game="ditch", options={}, seats=seats, created=0.0)
    storage.create_game(row)
    live = LiveGame(row, storage)
    assert isinstance(live.dice, random.SystemRandom)
    calls: list[str] = []

    class Recording(random.SystemRandom):
        def random(self) -> float:
            calls.append("random")
            return super().random()

        def getrandbits(self, k: int) -> int:
            calls.append("bits")
            return super().getrandbits(k)

    live.dice = Recording()
    assert live.state.is_chance, "ditch starts with a roll"
    live.step_automatic({})
    assert calls, "the first roll did not use the game's cryptographic source"


def test_the_seed_reaches_the_hub_and_is_hidden_from_help(tmp_path: Path) -> None:
    assert create_app(tmp_path / "a.sqlite3", dice_seed=5).state.hub.dice_seed == 5
    assert create_app(tmp_path / "b.sqlite3").state.hub.dice_seed is None
    shown = CliRunner().invoke(app, ["serve", "--help"])
    assert shown.exit_code == 0
    assert "--dice-seed" not in shown.output
