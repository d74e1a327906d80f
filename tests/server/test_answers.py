"""A seat knows which update answers its own move by the update's ``by`` (server
README, "Player names"): in a step where both seats write secret plans, the other
seat finishing its plan sends an update too, with a newer step number, so a client
that took any newer step for its answer would act from an outdated list of actions
(benchmarks/server_load.py did, in Hell's Ditch)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import create, invite_token, receive, settle, until_pong


def _act(ws: Any, action: str) -> dict[str, Any]:
    ws.send_json({"type": "act", "action": action})
    return receive(ws)


def test_the_other_seats_finished_plan_is_an_update_by_that_seat_and_ones_own_move_is_by_oneself(
    client: TestClient, connect: Any
) -> None:
    made = create(client, game="hells_ditch")
    settle(client, made["id"])
    me, other = connect(made["id"], made["token"]), connect(made["id"], invite_token(made))
    greeting = receive(me)
    receive(other)
    assert greeting["actions"] and greeting["by"] is None
    for action in ("counter 1/3", "done"):  # the other seat's plan: no orders
        answer = _act(other, action)
        assert answer["by"] == 1 and answer["seat"] == 1, f"{action}: the writer's own update is by its seat"
    heard = [m for m in until_pong(me) if m["type"] == "state"]
    assert len(heard) == 1, "the finished plan is announced once"
    update = heard[0]
    assert update["step"] > greeting["step"] and update["by"] == 1 and update["actors"] == [0]
    assert [a["text"] for a in update["actions"]] == [a["text"] for a in greeting["actions"]], "nothing of mine changed"
    answer = _act(me, "counter 1/3")
    assert answer["by"] == 0 and answer["step"] > update["step"]
    assert not any(a["text"].startswith("counter") for a in answer["actions"]), "the counter is laid"
