"""The websocket's safety net (issue 13.5): nothing a client sends, and no bug in a
handler, drops the socket or shows internals; a client that left is let go quietly."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server.hub import Connection, Hub, Room
from dicefront.server.outgoing import Gone, Outgoing

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


def test_syncs_are_answered_at_most_once_every_half_second_per_connection(client: TestClient, connect: Any) -> None:
    """A greeting is a whole board: one socket flooding 'sync' must not stall the server."""
    game_id, t0, t1 = _friend_game(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    now = [1000.0]
    hub.clock = lambda: now[0]
    ws, other = connect(game_id, t0), connect(game_id, t1)
    receive(ws), receive(other)
    ws.send_json({"type": "sync"})
    assert receive(ws)["type"] == "state"
    ws.send_json({"type": "sync"})
    refused = receive(ws)
    assert refused["type"] == "error" and "at most once every 0.5 s" in refused["message"] and "\n" not in refused["message"]
    other.send_json({"type": "sync"})
    assert receive(other)["type"] == "state", "one connection's syncs held back another's"
    now[0] += 0.5
    ws.send_json({"type": "sync"})
    assert receive(ws)["type"] == "state"
