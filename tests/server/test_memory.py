"""Games played to their end over websockets (two people, a draw offered and agreed or
a resignation) leave nothing of theirs in the server once they have left memory: their
rooms and live games are gone (weak references, after a garbage collection) and the
hub's own tables hold no entry for them (only the lobby's bounded shelf of summaries)."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create, drain, invite_token

GAMES = 6


def _play_to_the_end(client: TestClient, n: int) -> str:
    """One game between two sockets, ended by an agreed draw (even ``n``) or a resignation."""
    made = create(client, "ditch", "friend")
    game_id = str(made["id"])
    url = f"/ws/{game_id}"
    with client.websocket_connect(url) as me, client.websocket_connect(url) as friend:
        for ws, token in ((me, made["token"]), (friend, invite_token(made))):
            ws.send_json({"type": "hello", "token": token})
            drain(ws, 0)
        if n % 2 == 0:
            me.send_json({"type": "offer-draw"})
            while friend.receive_json().get("type") != "draw-offer":
                pass
            friend.send_json({"type": "accept-draw"})
        else:
            me.send_json({"type": "resign"})
        for ws in (me, friend):
            while (msg := ws.receive_json()).get("type") != "state" or not msg["terminal"]:
                pass
    return game_id


def test_finished_games_leave_no_objects_behind(client: TestClient) -> None:
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    made: list[weakref.ref[Any]] = []
    ids = []
    for n in range(GAMES):
        game_id = _play_to_the_end(client, n)
        ids.append(game_id)
        room = hub.rooms[game_id]
        made.extend((weakref.ref(room), weakref.ref(room.live)))
        del room
    start = hub.clock()
    hub.clock = lambda: start + 3600.0  # an hour later: every finished game may leave memory
    assert sorted(hub.evict()) == sorted(ids)
    gc.collect()
    assert [ref() for ref in made if ref() is not None] == []
    assert not hub.rooms and not hub.broken and not hub._evicted
    assert sorted(hub.shelf.items) == sorted(ids)  # the lobby still lists them
