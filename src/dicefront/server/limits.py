"""A pure ASGI middleware that bounds request bodies: a declared ``content-length``
over the limit is refused at once, and a body sent without one (chunked) is counted
while it streams and refused with 413 as soon as it passes the limit."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        state: dict[str, Any] = {"received": 0, "started": False}  # counted, response begun

        async def counted_receive() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                state["received"] += len(message.get("body", b""))
                if state["received"] > self.limit:
                    raise HTTPException(413, self._detail())  # answered by the app's handler
            return message

        async def watched_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except HTTPException as exc:  # raised where no handler stands between
            if exc.status_code != 413 or state["started"]:
                raise
            await self._refuse(send)

    def _detail(self) -> str:
        return f"request body too large (at most {self.limit} bytes)"

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": self._detail()}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
