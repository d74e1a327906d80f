"""The websocket's safety net (issue 13.5): nothing a client sends, and no bug in a
handler, drops the socket or shows internals; a client that left is let go quietly."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import budget
from dicefront.server.hub import Connection, Hub, Room
from dicefront.server.outgoing import Gone, Outgoing
from dicefront.server.socket import SEAT_CONNECTIONS

from .conftest import create, invite_token, live, receive, settle
from .helpers_async import run_coroutine


def _friend_game(client: TestClient) -> tuple[str, str, str]:
    made = create(client)
    settle(client, made["id"])
    return made["id"], made["token"], invite_token(made)


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"type": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_deeply_nested_json_gets_an_error_and_the_socket_stays(client: TestClient, connect: Any, text: str) -> None:
    game_id, t0, _ = _friend_game(client)
    ws = connect(game_id, t0)
    receive(ws)
    before = live(client, game_id).state.to_json()
    ws.send_text(text)
    err = receive(ws)
    assert err["type"] == "error" and "\n" not in err["message"] and len(err["message"]) < 200
    ws.send_json({"type": "ping"})
    assert receive(ws) == {"type": "pong"}
    assert live(client, game_id).state.to_json() == before


def test_a_failing_handler_is_logged_once_and_answered_generically(
    client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game_id, t0, _ = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    async def broken(room: Room, conn: Connection, text: str) -> None:
        raise KeyError("secret internals /etc/dicefront")

    monkeypatch.setattr(hub, "act", broken)
    ws = connect(game_id, t0)
    receive(ws)
    with caplog.at_level(logging.ERROR, logger="dicefront.server"):
        ws.send_json({"type": "act", "action": "anything"})
        err = receive(ws)
    assert err["type"] == "error" and err["message"] == "the server could not handle this message"
    assert "internals" not in str(err) and "KeyError" not in str(err)
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1
    ws.send_json({"type": "ping"})
    assert receive(ws) == {"type": "pong"}


class _ClosedSocket:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    async def send_text(self, text: str) -> None:
        raise self.exc

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        raise self.exc


@pytest.mark.parametrize("exc", [RuntimeError('Cannot call "send" once a close message has been sent.'), OSError("client gone"), ConnectionResetError()])
def test_sending_to_a_client_that_left_is_quiet(exc: BaseException) -> None:
    async def go() -> None:
        out = Outgoing(_ClosedSocket(exc))
        await out.send({"type": "pong"})
        await out.write_all()  # the writer meets the broken socket and stops quietly
        assert out.gone and not out.too_slow
        await out.send({"type": "pong"})

    with pytest.raises(Gone):
        run_coroutine(go())


def test_a_client_leaving_mid_game_logs_no_traceback(client: TestClient, connect: Any, caplog: pytest.LogCaptureFixture) -> None:
    game_id, t0, t1 = _friend_game(client)
    with caplog.at_level(logging.WARNING):
        for _ in range(5):
            with client.websocket_connect(f"/ws/{game_id}") as ws:
                ws.send_json({"type": "hello", "token": t1})
                ws.send_json({"type": "sync"})
                ws.send_json({"type": "odds", "action": "x"})
        ws0 = connect(game_id, t0)
        msg = receive(ws0)
        if msg["actions"]:
            ws0.send_json({"type": "act", "action": msg["actions"][0]["text"]})
            receive(ws0)
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("kind", [{"a": 1}, ["act"], 7, None])
def test_a_message_type_that_is_not_a_string_gets_a_one_line_error_and_no_traceback(
    client: TestClient, connect: Any, caplog: pytest.LogCaptureFixture, kind: Any
) -> None:
    game_id, t0, _ = _friend_game(client)
    ws = connect(game_id, t0)
    receive(ws)
    with caplog.at_level(logging.WARNING, logger="dicefront.server"):
        ws.send_json({"type": kind})
        err = receive(ws)
    assert err["type"] == "error" and err["message"].startswith("unknown message type"), err
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a bad message type was logged as a server failure"
    ws.send_json({"type": "ping"})
    assert receive(ws) == {"type": "pong"}


@pytest.mark.parametrize("kind", ["sync", "moves", "frame"])
def test_a_flood_of_costly_requests_is_refused_past_the_connections_budget(client: TestClient, connect: Any, kind: str) -> None:
    """A greeting is a whole board, a frame a replay from the start: one socket flooding
    them must not keep the server busy for every other game (budget.py)."""
    game_id, t0, t1 = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    now = [1000.0]
    hub.clock = lambda: now[0]
    ws, other = connect(game_id, t0), connect(game_id, t1)
    receive(ws), receive(other)
    request = {"type": kind, "step": 0}
    price = budget.cost(kind, live(client, game_id).length)
    answered = 0
    while True:
        ws.send_json(request)
        answer = receive(ws)
        if answer["type"] == "error":
            break
        assert answer["type"] == ("state" if kind == "sync" else kind)
        answered += 1
    assert answered == int(budget.CAPACITY // price)
    assert "too many costly requests" in answer["message"] and "\n" not in answer["message"], answer
    ws.send_json({"type": "ping"})
    assert receive(ws) == {"type": "pong"}, "a cheap message is still answered"
    other.send_json(request)
    assert receive(other)["type"] != "error", "one connection's flood held back another's"
    now[0] += price / budget.RATE
    ws.send_json(request)
    assert receive(ws)["type"] != "error", "the budget refills with time"


def test_odds_past_the_budget_answer_busy(client: TestClient, connect: Any) -> None:
    game_id, t0, _ = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.clock = lambda: 1000.0
    ws = connect(game_id, t0)
    receive(ws)
    for _ in range(int(budget.CAPACITY // budget.COSTS["odds"])):
        ws.send_json({"type": "odds", "action": "pass"})
        assert "busy" not in receive(ws)
    ws.send_json({"type": "odds", "action": "pass"})
    answer = receive(ws)
    assert answer["type"] == "odds" and answer["busy"] is True and answer["odds"] is None and answer["action"] == "pass"


def test_the_budget_fills_back_at_its_rate_up_to_its_capacity() -> None:
    b = budget.Budget()
    assert b.take(0.0, budget.CAPACITY) and not b.take(0.0, 0.5)
    assert b.wait(1.0) == pytest.approx(1.0 / budget.RATE)
    assert not b.take(0.5 / budget.RATE, 1.0) and b.take(1.0 / budget.RATE, 1.0)
    assert b.take(1e6, budget.CAPACITY) and not b.take(1e6, 0.5), "it never holds more than its capacity"
    assert budget.cost("frame", 10 * budget.LONG_GAME) == budget.COSTS["frame"] + 10
    assert budget.cost("sync", 10 * budget.LONG_GAME) == budget.COSTS["sync"]


def test_a_stream_of_refused_actions_is_cut_off_and_legal_ones_are_free(client: TestClient, connect: Any) -> None:
    """Each refused 'act' takes the game's lock: a socket streaming them stalled every
    game on the server (budget.REFUSED_ACT)."""
    game_id, t0, t1 = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    now = [1000.0]
    hub.clock = lambda: now[0]
    ws, other = connect(game_id, t0), connect(game_id, t1)
    state, other_state = receive(ws), receive(other)
    refusals = int(budget.CAPACITY // budget.REFUSED_ACT)
    for _ in range(refusals):
        ws.send_json({"type": "act", "action": "deploy S z99 x"})
        err = receive(ws)
        assert err["type"] == "error" and "too many" not in err["message"], err
    ws.send_json({"type": "act", "action": "deploy S z99 x"})
    err = receive(ws)
    assert err["type"] == "error" and err["message"].startswith("too many refused actions") and "\n" not in err["message"], err
    other.send_json({"type": "act", "action": "deploy S z99 x"})
    assert "too many" not in receive(other)["message"], "one connection's refusals held back another's"
    now[0] += 2 * budget.REFUSED_ACT / budget.RATE
    mover, view = (ws, state) if state["actions"] else (other, other_state)
    assert view["actions"], view
    legal = view["actions"][0]["text"]
    mover.send_json({"type": "act", "action": legal})
    answer = receive(mover)
    assert answer["type"] == "state", ("a legal action is played once the budget has refilled", answer)


def test_a_seat_has_at_most_sixteen_connections_to_a_game(client: TestClient, connect: Any) -> None:
    """Each arrival of a seat is told to every other connection: hundreds of sockets on
    one token cost the server time that grew with the square of their number."""
    game_id, t0, _ = _friend_game(client)
    socks = [connect(game_id, t0) for _ in range(SEAT_CONNECTIONS)]
    for ws in socks:
        receive(ws)
    extra = connect(game_id, t0)
    err = receive(extra)
    assert err["type"] == "error" and f"already has {SEAT_CONNECTIONS} connections" in err["message"], err
    spectator = connect(game_id)
    assert receive(spectator)["type"] == "state", "spectators are not counted against a seat"


def test_a_connection_that_spent_its_budget_on_odds_can_still_move(client: TestClient, connect: Any) -> None:
    """A keyboard user tabbing past every piece asks odds for each: the legal move that
    follows must be played, not refused as if it were a stream of refusals."""
    game_id, t0, t1 = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.clock = lambda: 1000.0
    ws, other = connect(game_id, t0), connect(game_id, t1)
    mine, theirs = receive(ws), receive(other)
    mover, view = (ws, mine) if mine["actions"] else (other, theirs)
    legal = view["actions"][0]["text"]
    for _ in range(int(budget.CAPACITY // budget.COSTS["odds"]) + 1):
        mover.send_json({"type": "odds", "action": legal})
        if receive(mover).get("busy"):
            break
    else:
        raise AssertionError("the odds never came back busy: the budget was not spent")
    mover.send_json({"type": "act", "action": legal})
    answer = receive(mover)
    assert answer["type"] == "state" and answer["step"] > view["step"], answer
