"""Issue 13.2: what a seat (or a spectator) receives, and when, must not depend on
the other side's secret plan. In Hell's Ditch a plan of 0, 1, 2 or 3 orders must
look the same to the opponent and to spectators: same messages, same count, same
step numbers, and the same delay before a computer's plan is published."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import create, invite_token, live, receive, settle, until_pong

PLANS = [0, 1, 2, 3]
COUNTER = "counter 3/1"  # the counter that allows three orders



def _comparable(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in m.items() if k != "game_id"} for m in messages]


def _write_plan(ws: Any, orders: int) -> list[str]:
    """Seat's plan: the three-order counter, then ``orders`` orders, then done."""
    msg = receive(ws)
    while not msg.get("actions"):
        msg = receive(ws)
    written: list[str] = []
    ws.send_json({"type": "act", "action": COUNTER})
    msg = receive(ws)
    for _ in range(orders):
        order = next(a["text"] for a in msg["actions"] if a["text"] != "done")
        written.append(order)
        ws.send_json({"type": "act", "action": order})
        msg = receive(ws)
    if orders < 3:
        ws.send_json({"type": "act", "action": "done"})
        receive(ws)
    return written


def _friend_run(client: TestClient, connect: Any, orders: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str], int]:
    made = create(client, game="hells_ditch")
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    for ws in (other, watcher):
        receive(ws)
    written = _write_plan(me, orders)
    heard = until_pong(other), until_pong(watcher)
    public_steps = client.get(f"/api/games/{made['id']}").json()["steps"]
    return heard[0], heard[1], written, public_steps


def test_a_secret_plan_looks_the_same_to_the_opponent_and_spectators_whatever_its_length(client: TestClient, connect: Any) -> None:
    runs = {k: _friend_run(client, connect, k) for k in PLANS}
    base_other, base_watcher, _, base_steps = runs[0]
    assert [m["type"] for m in base_other] == ["state"] and [m["type"] for m in base_watcher] == ["state"]
    for k, (other, watcher, written, steps) in runs.items():
        assert len(written) == k
        assert _comparable(other) == _comparable(base_other), f"the opponent's messages depend on the plan length ({k} orders)"
        assert _comparable(watcher) == _comparable(base_watcher), f"a spectator's messages depend on the plan length ({k} orders)"
        assert steps == base_steps, f"the public step count depends on the plan length ({k} orders)"
        text = json.dumps(other + watcher)
        assert not any(order in text for order in written) and "You write order" not in text


class _Planner:
    """A computer player with a scripted plan: no orders in turn 1; the three-order
    counter and ``orders`` orders in turn 2. Each decision advances the fake clock."""

    def __init__(self, orders: int, clock: list[float]) -> None:
        self.orders = orders
        self.clock = clock

    def choose(self, state: Any, player: int, rng: random.Random) -> Any:
        self.clock[0] += 0.25  # thinking takes (fake) time
        legal = state.legal_actions(player)
        texts = [str(a) for a in legal]
        want = 0 if state.turn == 1 else self.orders
        if any(t.startswith("counter") for t in texts):
            return legal[texts.index("counter 1/3" if state.turn == 1 else COUNTER)]
        if len(state.orders[player]) < want:
            return next(a for a in legal if str(a) != "done")
        return legal[texts.index("done")] if "done" in texts else legal[0]


def _computer_run(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch, orders: int) -> tuple[list[Any], list[float], float]:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    now = [0.0]
    delays: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        delays.append(round(seconds, 6))
        now[0] += seconds
        await asyncio.sleep(0)

    monkeypatch.setattr(hub, "clock", lambda: now[0], raising=False)
    monkeypatch.setattr(hub, "sleep", fake_sleep, raising=False)
    monkeypatch.setattr(hub, "step_delay", 0.5)
    monkeypatch.setattr(hub, "secret_pad", 2.0, raising=False)
    monkeypatch.setattr("dicefront.server.hub.make_agent", lambda spec, game=None: _Planner(orders, now))
    made = create(client, game="hells_ditch", opponent="random")
    settle(client, made["id"])
    me, watcher = connect(made["id"], made["token"]), connect(made["id"])
    receive(watcher)
    msg = receive(me)
    for action in ("counter 1/3", "done"):  # turn 1: no orders on either side
        me.send_json({"type": "act", "action": action})
        msg = receive(me)
    settle(client, made["id"])  # turn 2: the computer writes its plan in one batch
    heard = _comparable(until_pong(me)), _comparable(until_pong(watcher))
    assert live(client, made["id"]).state.turn == 2 and msg["seat"] == 0
    return [heard], delays, now[0]


def test_a_computer_plan_is_published_once_after_a_delay_independent_of_its_length(
    client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = {k: _computer_run(client, connect, monkeypatch, k) for k in PLANS}
    heard, delays, elapsed = runs[0]
    for k, (h, d, e) in runs.items():
        assert h == heard, f"what the human and a spectator receive depends on the computer's plan ({k} orders)"
        assert e == elapsed, f"the time until the plan is published depends on its length ({k} orders): {e} vs {elapsed}"
    assert runs[0][1][-1] > runs[3][1][-1] > 0, "the padding absorbs the longer plan's thinking time"
    assert heard[0][0][0]["type"] == "state" and len(heard[0][0]) == 1, "the human hears of the computer's plan once"
    assert elapsed == pytest.approx(2 * (0.5 + 2.0))  # two plans (turns 1 and 2), each padded to step_delay + secret_pad



def test_visible_step_counters_are_rebuilt_on_restart(client: TestClient, connect: Any) -> None:
    from dicefront.server.live import LiveGame

    made = create(client, game="hells_ditch")
    me = connect(made["id"], made["token"])
    msg = receive(me)
    me.send_json({"type": "act", "action": COUNTER})
    msg = receive(me)
    me.send_json({"type": "act", "action": next(a["text"] for a in msg["actions"] if a["text"] != "done")})
    receive(me)
    running = live(client, made["id"])
    row = next(r for r in client.app.state.hub.storage.load_games() if r.id == made["id"])  # type: ignore[attr-defined]
    restored = LiveGame(row, client.app.state.hub.storage)  # type: ignore[attr-defined]
    assert running.length == 2 and running.visible_length(None) == 0 and running.visible_length(0) == 2
    assert [restored.visible_length(v) for v in (0, 1, None)] == [running.visible_length(v) for v in (0, 1, None)]
    assert restored.message(1)["events"] == running.message(1)["events"] and restored.message(1)["step"] == 0
