"""Shared (PostgreSQL) database, two server processes (two apps, each with its hub,
fan-out listener and claims, in this test process): a computer's secret plan (Hell's
Ditch) reaches a spectator connected through the process that does NOT drive the game
no earlier and no differently than one connected through the driving process. The
driving process holds its padding (``secret_pad``) open here until the test lets it
go: while it is held, neither spectator may have heard of the plan; once it is
published, both have heard the same messages."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import create_app

from .conftest import PatchingSocket, until_pong
from .test_claims import _row, _wait
from .test_side_channel import _comparable


class _Planner:
    """A computer player that writes ``orders`` orders each turn (with the counter that
    allows three), then ``done``."""

    def __init__(self, orders: int) -> None:
        self.orders = orders

    def choose(self, state: Any, player: int, rng: random.Random) -> Any:
        legal = state.legal_actions(player)
        texts = [str(a) for a in legal]
        if "counter 3/1" in texts:
            return legal[texts.index("counter 3/1")]
        if len(state.orders[player]) < self.orders:
            return next(a for a in legal if str(a) != "done")
        return legal[texts.index("done")] if "done" in texts else legal[0]


@contextmanager
def _two_processes(pg_url: str, orders: int, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, TestClient, Any, Any]]:
    """Two apps on one database: ``a`` drives every game, ``b`` never does."""
    monkeypatch.setattr("dicefront.server.hub.make_agent", lambda spec, game=None: _Planner(orders))
    a = create_app(pg_url, step_delay=0, computer_agents=("random",))
    b = create_app(pg_url, step_delay=0, computer_agents=("random",))
    hub_a, hub_b = a.state.hub, b.state.hub
    hub_a.secret_pad = hub_b.secret_pad = 1.0
    monkeypatch.setattr(hub_b, "_drive", lambda room: None)
    for hub in (hub_a, hub_b):  # no sweep takes the game over: ``a`` drives it when the test lets it (``_drive``)
        monkeypatch.setattr(hub.storage, "automatic_games", lambda limit: [])
    with TestClient(a) as client_a, TestClient(b) as client_b:
        yield client_a, client_b, hub_a, hub_b


def _hold_padding(hub: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Make the hub's padding wait until ``release`` is set; ``padding`` tells it began.
    (With ``step_delay`` 0 the only sleep a driver takes is a secret plan's padding.)"""
    padding, release = threading.Event(), threading.Event()

    async def held(seconds: float) -> None:
        padding.set()
        while not release.is_set():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(hub, "sleep", held)
    return padding, release


def _caught_up(pg_url: str, hub: Any, game_id: str) -> Callable[[], bool]:
    """Whether the hub took in every step stored and told its connections."""
    return lambda: hub.rooms[game_id].live.length == len(_row(pg_url, game_id).steps) and game_id not in hub._refreshing


@pytest.mark.parametrize("orders", [0, 3])
def test_a_computer_plan_is_heard_through_another_process_no_earlier_than_through_the_driving_one(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, orders: int
) -> None:
    with _two_processes(pg_url, orders, monkeypatch) as (client_a, client_b, hub_a, hub_b), ExitStack() as stack:
        drive_a = hub_a._drive
        driving = [False]
        monkeypatch.setattr(hub_a, "_drive", lambda room: drive_a(room) if driving[0] else None)  # not before both watch
        made = client_a.post("/api/games", json={"game": "hells_ditch", "opponent": "random", "seat": 0, "options": {}}).json()
        game_id = made["id"]

        def watch(client: TestClient) -> Any:
            ws = PatchingSocket(stack.enter_context(client.websocket_connect(f"/ws/{game_id}")))
            ws.send_json({"type": "hello"})
            return ws

        here, there = watch(client_a), watch(client_b)
        greeted = until_pong(here), until_pong(there)
        assert _comparable(greeted[0]) == _comparable(greeted[1])
        padding, release = _hold_padding(hub_a, monkeypatch)
        driving[0] = True
        watch(client_a)  # a third spectator: its connection starts the driver
        _wait("the computer's plan being padded", padding.is_set)
        _wait("the other process catching up", _caught_up(pg_url, hub_b, game_id))
        during = _comparable(until_pong(here)), _comparable(until_pong(there))
        assert during[1] == during[0], (
            f"through the other process a spectator heard {len(during[1])} message(s) while the driving process still "
            f"padded the computer's plan ({len(during[0])} through it)"
        )
        release.set()
        _wait("the plan being published", lambda: hub_a.rooms[game_id].driver.done())
        _wait("the other process catching up", _caught_up(pg_url, hub_b, game_id))  # and telling its connections
        after = _comparable(until_pong(here)), _comparable(until_pong(there))
        assert after[0] and after[1] == after[0], "the spectators heard the published plan differently through the two processes"


def test_a_move_stored_through_another_process_during_the_padding_makes_the_computer_plan_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The padded batch is not in the database yet: a person's move through the other
    process is stored at once, the batch's commit is then refused as stale, and the
    computer plans again (padded again) after that move; nobody gets an error."""
    with _two_processes(pg_url, 0, monkeypatch) as (client_a, client_b, hub_a, hub_b), ExitStack() as stack:
        padding, release = _hold_padding(hub_a, monkeypatch)
        pads: list[float] = []
        held = hub_a.sleep

        async def counted(seconds: float) -> None:
            pads.append(seconds)
            await held(seconds)

        monkeypatch.setattr(hub_a, "sleep", counted)
        made = client_a.post("/api/games", json={"game": "hells_ditch", "opponent": "random", "seat": 0, "options": {}}).json()
        game_id = made["id"]
        _wait("the computer's plan being padded", padding.is_set)
        before = len(_row(pg_url, game_id).steps)
        me = PatchingSocket(stack.enter_context(client_b.websocket_connect(f"/ws/{game_id}")))
        me.send_json({"type": "hello", "token": made["token"]})
        heard = until_pong(me)
        action = next(m for m in heard if m["type"] == "state")["actions"][0]["text"]
        me.send_json({"type": "act", "action": action})
        answer = until_pong(me)
        assert [m["type"] for m in answer if m["type"] != "players"] == ["state"]
        assert len(_row(pg_url, game_id).steps) == before + 1, "the person's move is stored while the computer's plan is padded"
        release.set()
        _wait("the plan being published", lambda: hub_a.rooms[game_id].driver.done())
        _wait("the other process catching up", _caught_up(pg_url, hub_b, game_id))
        rest = until_pong(me)
    steps = _row(pg_url, game_id).steps
    assert steps[before].player == 0 and [s.player for s in steps[before + 1:]] == [1] * (len(steps) - before - 1) and len(steps) > before + 1
    assert len(pads) == 2, "the computer planned again after the person's move (and padded that plan too)"
    assert not any(m["type"] == "error" for m in heard + answer + rest)
    assert any(m["type"] == "state" and m.get("by") == 1 for m in rest), "the person heard of the computer's plan once published"
