"""A client that reads slowly, or never, loses only its own socket: the game it watches
goes on for everyone else (outgoing.py). Before each connection had its own queue, the
hub waited on a stuck socket while it held the game's lock, and the game froze."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from dicefront.server.outgoing import ENTRY_COST, Gone, Outgoing

from .helpers_async import run_coroutine
from .test_processes import _play
from .test_restart import free_port, hello, next_state, server


class _StuckSocket:
    """A websocket whose client never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.stuck = asyncio.Event()

    async def send_text(self, data: str) -> None:
        await self.stuck.wait()
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def test_a_send_never_waits_for_the_client_and_a_full_queue_drops_it() -> None:
    async def go() -> None:
        sock = _StuckSocket()
        out = Outgoing(sock, max_queued=10 * (ENTRY_COST + 20))
        writer = asyncio.create_task(out.write_all())
        session = asyncio.create_task(asyncio.sleep(3600))  # a session waiting for the client's next message
        out.waiting = session
        sent = 0
        with pytest.raises(Gone):
            for _ in range(1000):
                await asyncio.wait_for(out.send({"type": "error", "message": "x"}), 1)  # queued, never waited on
                sent += 1
        assert 5 < sent < 20 and out.too_slow and out.gone and out.queued == 0
        await asyncio.wait({session}, timeout=1)
        assert session.cancelled()
        with pytest.raises(Gone):
            await out.send({"type": "pong"})
        await out.finish(writer, 0.05)  # the writer is still stuck on the first text: let go
        assert writer.done() and sock.closed is None

    run_coroutine(go())


def test_queued_texts_go_out_in_order_and_then_the_close() -> None:
    async def go() -> None:
        sock = _StuckSocket()
        sock.stuck.set()
        out = Outgoing(sock)
        writer = asyncio.create_task(out.write_all())
        for i in range(5):
            await out.send({"type": "error", "message": str(i)})
        out.close(4404)
        await out.finish(writer, 5)
        assert [json.loads(t)["message"] for t in sock.sent] == ["0", "1", "2", "3", "4"] and sock.closed == 4404

    run_coroutine(go())


def _frame(payload: bytes) -> bytes:
    """One masked text frame from a client (RFC 6455 5.2)."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@contextmanager
def _upgraded(port: int, game_id: str, receive_buffer: int | None = None) -> Iterator[socket.socket]:
    """A raw socket on the game's websocket, past the opening handshake."""
    sock = socket.socket()
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", port))
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws/{game_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(1)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        yield sock
    finally:
        sock.close()


@contextmanager
def _never_reading(port: int, game_id: str) -> Iterator[socket.socket]:
    """A spectator with a tiny receive buffer that asks for hundreds of whole boards and
    never reads one."""
    with _upgraded(port, game_id, receive_buffer=4096) as sock:
        sock.sendall(_frame(json.dumps({"type": "hello"}).encode()))
        for _ in range(500):
            sock.sendall(_frame(json.dumps({"type": "frame", "step": 0}).encode()))
        yield sock


def test_a_spectator_that_never_reads_does_not_freeze_the_game(tmp_path: Path) -> None:
    seed = 5
    rng = random.Random(seed)
    port = free_port()
    with server(tmp_path / "games.sqlite3", port):
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"game": "ditch", "opponent": "friend"}, timeout=10).json()
        game_id, token_a, token_b = made["id"], made["token"], made["invite"].split("#token=", 1)[1]
        with _never_reading(port, game_id), hello(port, game_id, token_a) as a, hello(port, game_id, token_b) as b:
            time.sleep(2)  # the server answers what it can of the 500 requests, and the stuck socket fills
            latest = [next_state(a), next_state(b)]
            acked: dict[int, str] = {}
            _play([a, b], latest, rng, 20, acked)  # each update within 20 s, or it fails
            assert len(acked) >= 10, f"seed {seed}: only {len(acked)} moves were acknowledged"



def test_malformed_utf8_from_a_client_is_logged_in_one_line(tmp_path: Path) -> None:
    """uvicorn logged a whole traceback for each such frame (quiet_logs.py)."""
    port, log = free_port(), tmp_path / "server.log"
    with server(tmp_path / "games.sqlite3", port, log=log):
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"game": "ditch", "opponent": "friend"}, timeout=10).json()
        for _ in range(3):
            with _upgraded(port, made["id"]) as sock:
                sock.sendall(_frame(b'{"type": "\xff\xfe"}'))
                sock.settimeout(10)
                assert sock.recv(2)[:1] == b"\x88", "the server closes the socket (1007)"
        with hello(port, made["id"], made["token"]) as ws:
            assert next_state(ws)["type"] == "state", "the server still serves"
    said = log.read_text()
    assert "Traceback" not in said and said.count("Invalid UTF-8") == 3, said[-2000:]
