"""With no pause between steps, a move and the dice the server rolls at once after it
are one update for each seat (one message, not one per step), numbered as the move list
numbers them; with a pause, each is its own update as before."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import create, invite_token, live, receive, settle, until_pong


def _states(ws: Any) -> list[dict[str, Any]]:
    return [m for m in until_pong(ws) if m.get("type") == "state"]


def _one_move(client: TestClient, connect: Any, seed: int) -> tuple[list[list[dict[str, Any]]], list[dict[str, Any]], Any]:
    """Both seats of a new Ditch game connect and play random legal moves until one is
    followed by a dice roll (Ditch deploys first, without dice). Each seat's state
    messages after that move, the messages before it, and the sockets."""
    rng = random.Random(seed)
    made = create(client)
    settle(client, made["id"])
    socks = [connect(made["id"], t) for t in (made["token"], invite_token(made))]
    latest = [receive(s) for s in socks]
    game = live(client, made["id"])
    for _ in range(200):
        mover = game.state.actors[0]
        length = game.length
        socks[mover].send_json({"type": "act", "action": rng.choice(latest[mover]["actions"])["text"]})
        mine = _states(socks[mover])  # the act is answered (and any dice roll started) before the ping is
        settle(client, made["id"])
        mine += _states(socks[mover])
        updates = [mine, _states(socks[1 - mover])] if mover == 0 else [_states(socks[1 - mover]), mine]
        if game.length > length + 1 and game.record.steps[length + 1].player is None:
            return updates, latest, socks
        latest = [u[-1] for u in updates]
    raise AssertionError(f"seed {seed}: no move was followed by a dice roll")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_move_and_its_dice_roll_are_one_update_per_seat(client: TestClient, connect: Any, seed: int) -> None:
    updates, greetings, socks = _one_move(client, connect, seed)
    for seat in (0, 1):
        assert len(updates[seat]) == 1, f"seed {seed}: seat {seat} got {len(updates[seat])} updates for one move and its roll"
        update, start = updates[seat][0], greetings[seat]["step"]
        assert update["step"] == start + 2, f"seed {seed}: the move and the roll are two steps"
        assert [m["n"] for m in update["moves"]] == [start + 1, start + 2]
        assert [e for m in update["moves"] for e in m["events"]] == update["events"]
        assert len(update["rolls"]) == 1 and update["rolls"][0]["dice"], "the roll's dice are in the same update"
        socks[seat].send_json({"type": "moves"})
        listed = receive(socks[seat])
        assert listed["step"] == update["step"] and listed["moves"][-2:] == update["moves"], f"seed {seed}: the move list agrees"


def test_with_a_pause_between_steps_the_roll_is_its_own_update(client: TestClient, connect: Any) -> None:
    client.app.state.hub.step_delay = 0.001  # type: ignore[attr-defined]
    updates, greetings, _ = _one_move(client, connect, 4)
    for seat in (0, 1):
        assert [m["step"] for m in updates[seat]] == [greetings[seat]["step"] + 1, greetings[seat]["step"] + 2]
        assert all("moves" not in m for m in updates[seat])
