"""One websocket's outgoing messages: a bounded queue and the task that writes it.

The hub tells every connection of a game about a move while it holds the game's lock;
``Outgoing.send`` only encodes the message and queues its text, so a client that reads
slowly (or never) cannot hold the lock and freeze the game for everyone else. The
writer task sends the queued texts in order. A connection whose unsent texts pass
``MAX_QUEUED`` bytes is dropped: its queue is cleared, every later ``send`` raises
:class:`Gone`, and its session, if it is waiting for the client's next message, is
cancelled so that it leaves the game (``socket.py``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any, Protocol

from .board_diff import Outbox

MAX_QUEUED = 4 << 20  # bytes of text waiting to be written to one connection before it is dropped
ENTRY_COST = 64  # bytes counted for each queued message beyond its text (a flood of tiny ones)


class Gone(Exception):
    """The client has left, its socket broke, or it read too slowly: nothing more is sent to it."""


class TextSocket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Outgoing:
    def __init__(self, websocket: TextSocket, max_queued: int = MAX_QUEUED) -> None:
        self.websocket = websocket
        self.max_queued = max_queued
        self.outbox = Outbox()  # state updates go out as patches of the board last queued here
        self.texts: deque[str] = deque()
        self.queued = 0  # bytes counted for self.texts
        self.gone = False  # dropped, or the socket failed: nothing more is written
        self.too_slow = False  # dropped because its unsent texts passed max_queued
        self.waiting: asyncio.Task[Any] | None = None  # the session task, while it waits for the client
        self._ready = asyncio.Event()
        self._closing = False
        self._close_code: int | None = None

    async def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg`` for the writer (it never waits for the client); Gone if dropped."""
        if self.gone:
            raise Gone
        text = self.outbox.encode(msg)
        cost = len(text) + ENTRY_COST
        if self.texts and self.queued + cost > self.max_queued:
            self._drop()
            raise Gone
        self.texts.append(text)
        self.queued += cost
        self._ready.set()

    def _drop(self) -> None:
        self.gone = self.too_slow = True
        self.texts.clear()
        self.queued = 0
        self._ready.set()
        if self.waiting is not None and not self.waiting.done():
            self.waiting.cancel()

    def close(self, code: int | None = None) -> None:
        """No more messages: the writer sends what is queued, then closes the socket
        with ``code`` (when given), then stops."""
        self._closing = True
        self._close_code = code if self._close_code is None else self._close_code
        self._ready.set()

    async def write_all(self) -> None:
        """The writer task: send the queued texts in order until closed or gone."""
        while not self.gone:
            if not self.texts:
                if self._closing:
                    if self._close_code is not None:
                        with contextlib.suppress(Exception):
                            await self.websocket.close(self._close_code)
                    return
                self._ready.clear()
                await self._ready.wait()
                continue
            text = self.texts.popleft()
            self.queued -= len(text) + ENTRY_COST
            try:
                await self.websocket.send_text(text)
            except Exception:  # closed, or the peer vanished: the session hears it on its next receive
                self.gone = True
                self.texts.clear()
                self.queued = 0

    async def finish(self, writer: asyncio.Task[None], grace: float) -> None:
        """Close, give the writer ``grace`` seconds to send what is queued, then stop it."""
        self.close()
        try:
            await asyncio.wait_for(asyncio.shield(writer), grace)
        except Exception:  # still writing to a client that does not read: let it go
            pass
        finally:
            writer.cancel()
            await asyncio.wait({writer})  # never raises the writer's own end
