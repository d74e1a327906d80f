"""Issue 20: the numbered move list of a live game and the board after an earlier
move, built only from what the seat was told (no secret step listed or numbered
before it is revealed)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import create, drain, invite_token, live, receive, settle, until_pong
from .test_side_channel import PLANS, _comparable, _write_plan


def _ask(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    ws.send_json(msg)
    return receive(ws)


def test_the_move_list_numbers_every_update_and_each_frame_is_the_board_then_shown(client: TestClient, connect: Any) -> None:
    seed = 20
    rng = random.Random(seed)
    made = create(client)
    settle(client, made["id"])
    socks = [connect(made["id"], t) for t in (made["token"], invite_token(made))]
    msgs = [receive(s) for s in socks]
    shown = {0: {msgs[0]["step"]: msgs[0]["svg"]}}  # seat 0's board at each step it was shown
    for _ in range(12):
        mover = live(client, made["id"]).state.actors
        if not mover:
            break
        p = mover[0]
        step = msgs[0]["step"]
        socks[p].send_json({"type": "act", "action": rng.choice(msgs[p]["actions"])["text"]})
        msgs = [drain(s, step + 1) for s in socks]
        settle(client, made["id"])
        now = live(client, made["id"]).visible_length(0)
        msgs = [drain(s, now) if now > m["step"] else m for s, m in zip(socks, msgs, strict=True)]
        shown[0][msgs[0]["step"]] = msgs[0]["svg"]
    moves = _ask(socks[0], {"type": "moves"})
    assert moves["type"] == "moves" and moves["step"] == msgs[0]["step"], f"seed {seed}"
    assert [m["n"] for m in moves["moves"]] == list(range(1, msgs[0]["step"] + 1))
    full = _ask(socks[0], {"type": "sync"})
    assert [e for m in moves["moves"] for e in m["events"]] == full["events"], "the list holds exactly the log, grouped by move"
    for n, svg in shown[0].items():
        frame = _ask(socks[0], {"type": "frame", "step": n})
        assert frame["type"] == "frame" and frame["step"] == n
        assert frame["svg"] == svg, f"seed {seed}: move {n}'s board differs from the one shown then"
    assert _ask(socks[0], {"type": "frame", "step": 0})["svg"].startswith("<svg")


@pytest.mark.parametrize("step", [-1, "1", 1.5, True, None, 10**9, [1]])
def test_a_frame_outside_the_moves_seen_is_a_one_line_error(client: TestClient, connect: Any, step: Any) -> None:
    made = create(client)
    ws = connect(made["id"], made["token"])
    receive(ws)
    reply = _ask(ws, {"type": "frame", "step": step})
    assert reply["type"] == "error" and "from 0 to" in reply["message"] and "\n" not in reply["message"]
    assert _ask(ws, {"type": "ping"}) == {"type": "pong"}


def _moves_after_plan(client: TestClient, connect: Any, orders: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    made = create(client, game="hells_ditch")
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    for ws in (other, watcher):
        receive(ws)
    written = _write_plan(me, orders)
    heard = []
    for ws in (other, watcher):
        until_pong(ws)  # whatever the plan made them hear (compared in test_side_channel)
        moves = _ask(ws, {"type": "moves"})
        frames = [_ask(ws, {"type": "frame", "step": m["n"]}) for m in moves["moves"]]
        too_far = _ask(ws, {"type": "frame", "step": len(moves["moves"]) + 1})
        heard.append(_comparable([moves, *frames, too_far]))
    return heard[0], heard[1], written


def test_a_secret_plan_is_neither_listed_nor_numbered_before_it_is_revealed(client: TestClient, connect: Any) -> None:
    runs = {k: _moves_after_plan(client, connect, k) for k in PLANS}
    base_other, base_watcher, _ = runs[0]
    assert base_other[-1]["type"] == "error"
    for k, (other, watcher, written) in runs.items():
        assert other == base_other, f"the opponent's move list depends on the plan length ({k} orders)"
        assert watcher == base_watcher, f"a spectator's move list depends on the plan length ({k} orders)"
        text = json.dumps(other + watcher)
        assert not any(order in text for order in written) and "You write order" not in text


def test_the_move_list_survives_a_restart(client: TestClient, connect: Any) -> None:
    from dicefront.server.live import LiveGame

    from .test_side_channel import COUNTER

    made = create(client, game="hells_ditch")
    me = connect(made["id"], made["token"])
    receive(me)
    receive(_ask_act(me, COUNTER))
    running = live(client, made["id"])
    row = next(r for r in client.app.state.hub.storage.load_games() if r.id == made["id"])  # type: ignore[attr-defined]
    restored = LiveGame(row, client.app.state.hub.storage)  # type: ignore[attr-defined]
    from dicefront.server.history import move_list

    for v in (0, 1, None):
        assert move_list(restored, v) == move_list(running, v)
    assert [n for n, _ in restored.marks[0]] == [n for n, _ in running.marks[0]]


def _ask_act(ws: Any, action: str) -> Any:
    ws.send_json({"type": "act", "action": action})
    return ws
