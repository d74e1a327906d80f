"""The websocket protocol: greeting, acting, updates to every seat, and clear
errors for bad input that leave the game and the other clients untouched."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dicefront.server import odds_service

from .conftest import create, drain, invite_token, live, receive, settle


def _friend_game(client: TestClient) -> tuple[str, str, str]:
    made = create(client)
    settle(client, made["id"])
    return made["id"], made["token"], invite_token(made)


def test_greeting_carries_view_svg_actions_and_log(client: TestClient, connect: Any) -> None:
    game_id, t0, _ = _friend_game(client)
    msg = receive(connect(game_id, t0))
    state = live(client, game_id).state
    assert msg["type"] == "state" and msg["seat"] == 0 and msg["full"]
    assert msg["view"] == state.view(0)
    assert msg["svg"].startswith("<svg") and 'class="df-target' in msg["svg"]
    assert msg["events"] and msg["events"][0]["kind"] == "roll"
    if 0 in state.actors:
        assert [a["text"] for a in msg["actions"]] == [str(a) for a in state.legal_actions(0)]
        assert all(isinstance(a["path"], list) for a in msg["actions"])
    else:
        assert msg["actions"] == []


def test_both_seats_and_spectators_see_each_move(client: TestClient, connect: Any) -> None:
    game_id, t0, t1 = _friend_game(client)
    socks = [connect(game_id, t) for t in (t0, t1, None)]
    greet = [receive(s) for s in socks]
    mover = live(client, game_id).state.actors[0]
    action = greet[mover]["actions"][0]["text"]
    socks[mover].send_json({"type": "act", "action": action})
    updates = [drain(s, greet[0]["step"] + 1) for s in socks]
    state = live(client, game_id).state
    assert all(not u["full"] and u["step"] == greet[0]["step"] + 1 for u in updates)
    assert [u["view"] for u in updates] == [state.view(0), state.view(1), state.view(None)]
    assert updates[2]["seat"] is None and updates[2]["actions"] == []
    assert updates[0]["events"] and updates[0]["events"] == updates[2]["events"]
    assert [p["online"] for p in updates[0]["players"]] == [True, True]


def test_a_game_against_the_computer_plays_to_the_end(client: TestClient, connect: Any) -> None:
    made = create(client, opponent="random", turn_limit=4)
    ws = connect(made["id"], made["token"])
    msg = receive(ws)
    rng = random.Random(7)
    for _ in range(200):
        if msg["terminal"]:
            break
        if msg["actions"]:
            step = msg["step"]
            ws.send_json({"type": "act", "action": rng.choice(msg["actions"])["text"]})
            msg = drain(ws, step + 1)
        else:
            msg = receive(ws)
    assert msg["terminal"] and msg["result"]["text"], "seed 7: the game did not finish"
    replay = client.get(f"/api/games/{made['id']}/replay").json()
    assert replay["length"] == msg["step"]
    last = client.get(f"/api/games/{made['id']}/replay/{replay['length']}").json()
    assert last["svg"].startswith("<svg") and last["status"] == msg["status"]
    assert client.get(f"/api/games/{made['id']}/replay/{replay['length'] + 1}").status_code == 404
    assert client.get("/api/games").json()["finished"][0]["id"] == made["id"]


BAD = [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"type": "dance"}), "unknown message type 'dance'"),
    (json.dumps({"type": "act"}), "needs an 'action'"),
    (json.dumps({"type": "act", "action": "fly to the moon"}), "not a Ditch action"),
    (json.dumps({"type": "act", "action": "x" * 20_000}), "message too large"),
    ('{"type": "act", "n": ' + "9" * 5000 + "}", "too many digits"),
]


@pytest.mark.parametrize(("text", "expected"), BAD, ids=[b[1] for b in BAD])
def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, connect: Any, text: str, expected: str) -> None:
    game_id, t0, t1 = _friend_game(client)
    socks = [connect(game_id, t0), connect(game_id, t1)]
    greet = [receive(s) for s in socks]
    mover = live(client, game_id).state.actors[0]
    before = live(client, game_id).state.to_json()
    socks[mover].send_text(text)
    err = receive(socks[mover])
    assert err["type"] == "error" and expected in err["message"]
    assert live(client, game_id).state.to_json() == before
    # the connection still works, and the other seat heard only of the good move
    socks[mover].send_json({"type": "act", "action": greet[mover]["actions"][0]["text"]})
    other = receive(socks[1 - mover])
    assert other["type"] == "state" and other["step"] == greet[0]["step"] + 1


def test_out_of_turn_and_illegal_actions_are_refused(client: TestClient, connect: Any) -> None:
    game_id, t0, t1 = _friend_game(client)
    socks = [connect(game_id, t0), connect(game_id, t1)]
    greet = [receive(s) for s in socks]
    mover = live(client, game_id).state.actors[0]
    socks[1 - mover].send_json({"type": "act", "action": greet[mover]["actions"][0]["text"]})
    err = receive(socks[1 - mover])
    assert err["type"] == "error" and "turn" in err["message"]
    socks[mover].send_json({"type": "act", "action": "deploy A h4"})
    err = receive(socks[mover])
    assert err["type"] == "error" and "deploy A h4" in err["message"]
    assert live(client, game_id).length == greet[0]["step"]


def test_spectators_cannot_act_and_bad_tokens_are_rejected(client: TestClient, connect: Any) -> None:
    game_id, _, _ = _friend_game(client)
    ws = connect(game_id)
    receive(ws)
    ws.send_json({"type": "act", "action": "start 0"})
    assert "spectators cannot act" in receive(ws)["message"]
    ws = connect(game_id, "not-the-token")
    assert "does not belong to this game" in receive(ws)["message"]
    with pytest.raises(WebSocketDisconnect) as info:
        ws.receive_json()
    assert info.value.code == 4403
    with client.websocket_connect("/ws/unknown") as ws:
        assert "no game 'unknown'" in ws.receive_json()["message"]


def test_binary_ping_and_sync(client: TestClient, connect: Any) -> None:
    game_id, t0, _ = _friend_game(client)
    ws = connect(game_id, t0)
    first = receive(ws)
    ws.send_bytes(b"\x00\x01")
    assert "not binary" in receive(ws)["message"]
    ws.send_json({"type": "ping"})
    assert receive(ws) == {"type": "pong"}
    ws.send_json({"type": "sync"})
    again = receive(ws)
    assert again["full"] and again["view"] == first["view"]


def test_reconnecting_restores_the_game(client: TestClient, connect: Any) -> None:
    game_id, t0, t1 = _friend_game(client)
    ws = connect(game_id, t0)
    first = receive(ws)
    ws.close()
    again = receive(connect(game_id, t0))
    assert again["view"] == first["view"] and again["events"] == first["events"] and again["actions"] == first["actions"]


def _my_turn(client: TestClient, connect: Any) -> tuple[Any, dict[str, Any]]:
    """A game against the computer, connected as its person, at the person's first turn:
    (the socket, the message offering the actions)."""
    made = create(client, opponent="random")
    settle(client, made["id"])
    ws = connect(made["id"], made["token"])
    msg = receive(ws)
    while not msg["actions"]:
        msg = receive(ws)
    return ws, msg


def test_odds_request_answers_without_error(client: TestClient, connect: Any) -> None:
    ws, msg = _my_turn(client, connect)
    for action in msg["actions"][:3]:
        ws.send_json({"type": "odds", "action": action["text"]})
        reply = receive(ws)
        assert reply["type"] == "odds" and reply["action"] == action["text"] and "error" not in reply
        assert reply["odds"] is None or abs(sum(row["p"] for row in reply["odds"]) - 1) < 1e-9


def test_odds_slower_than_the_timeout_answer_busy_then_the_result(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # a computation that outlasts odds_timeout (a loaded machine) answers "busy" (the
    # page asks again while the pointer stays), and the next request gets its result
    # without computing it again (before: "no odds", which the page kept for the step)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.odds_timeout = 0.05
    real = odds_service._odds_function()
    assert real is not None
    calls: list[str] = []

    def slow(position: Any, action: Any, seat: int) -> Any:
        calls.append(str(action))
        time.sleep(0.4)
        return real(position, action, seat)

    monkeypatch.setattr(odds_service, "_odds_function", lambda: slow)
    ws, msg = _my_turn(client, connect)
    text = msg["actions"][0]["text"]
    ws.send_json({"type": "odds", "action": text})
    first = receive(ws)
    assert first["type"] == "odds" and first.get("busy") is True and first["odds"] is None, first
    deadline = time.monotonic() + 20
    while True:  # as the page does: ask again while busy
        time.sleep(0.1)
        ws.send_json({"type": "odds", "action": text})
        again = receive(ws)
        if not again.get("busy"):
            break
        assert time.monotonic() < deadline, "the odds stayed busy"
    assert again["type"] == "odds" and calls == [text], (again, calls)  # computed once
