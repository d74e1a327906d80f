"""Issue 20: a seated player resigns; the ending is stored (a restart sees it), every
connection hears it, the replay names it; hostile uses get one-line errors."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dicefront.server import create_app

from .conftest import create, invite_token, live, receive, settle


def _ask(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    ws.send_json(msg)
    return receive(ws)


def test_a_resignation_ends_the_game_for_everyone_and_survives_a_restart(client: TestClient, connect: Any, db: Any) -> None:
    made = create(client)
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    step = receive(me)["step"]
    receive(other)
    receive(watcher)
    ended = _ask(me, {"type": "resign"})
    heard = [receive(other), receive(watcher)]
    for msg in (ended, *heard):
        assert msg["type"] == "state" and msg["terminal"] and msg["step"] == step and msg["actions"] == []
        assert msg["result"]["winner"] == 1 and msg["result"]["ending"] == "resigned" and "resigned" in msg["result"]["text"]
    assert _ask(me, {"type": "resign"}) == {"type": "error", "message": "the game is already over", "action": None}
    late = _ask(other, {"type": "act", "action": "anything"})
    assert late["type"] == "error" and "over" in late["message"]
    summary = client.get(f"/api/games/{made['id']}").json()
    assert summary["finished"] and summary["result"]["ending"] == "resigned"
    replay = client.get(f"/api/games/{made['id']}/replay").json()
    assert replay["result"]["text"] == ended["result"]["text"] and replay["length"] == step
    client.app.state.hub.storage.close()  # type: ignore[attr-defined]
    with TestClient(create_app(db, step_delay=0)) as again:
        assert again.get(f"/api/games/{made['id']}").json()["result"] == summary["result"]


def _answers(ws: Any, msg: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Send ``msg`` then a ping; read to the pong (the socket answers in order, so
    never hangs on a missing reply): the errors heard, and the other messages (moves
    broadcast meanwhile, which may come before the reply to ``msg``)."""
    ws.send_json(msg)
    ws.send_json({"type": "ping"})
    errors: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    while (got := receive(ws))["type"] != "pong":
        (errors if got["type"] == "error" else others).append(got)
    return errors, others


def test_a_spectator_cannot_resign(client: TestClient, connect: Any) -> None:
    """A seated player's move reaches the spectator before the answer to its resign
    (the player's pong shows the move was broadcast): the answer is still found, and
    the game goes on unchanged."""
    made = create(client)
    settle(client, made["id"])
    game = live(client, made["id"])
    mover = game.state.actors[0]
    player = connect(made["id"], made["token"] if mover == 0 else invite_token(made))
    watcher = connect(made["id"])
    receive(player)
    step = receive(watcher)["step"]
    refused, moved = _answers(player, {"type": "act", "action": str(game.state.legal_actions(mover)[0])})
    assert refused == [] and moved[0]["type"] == "state" and moved[0]["step"] > step
    refused, heard = _answers(watcher, {"type": "resign"})
    assert refused == [{"type": "error", "message": "spectators cannot resign; only a seated player can", "action": None}]
    assert heard and all(m["type"] == "state" and not m["terminal"] for m in heard), heard
    settle(client, made["id"])
    assert game.ended is None and not game.finished
    refused, synced = _answers(player, {"type": "sync"})
    assert refused == [] and not synced[-1]["terminal"]
    assert not client.get(f"/api/games/{made['id']}").json()["finished"]


def test_a_resignation_stops_the_computer(client: TestClient, connect: Any) -> None:
    made = create(client, opponent="random")
    me = connect(made["id"], made["token"])
    receive(me)
    settle(client, made["id"])
    me.send_json({"type": "resign"})
    while not (msg := receive(me)).get("terminal"):
        assert msg["type"] == "state", msg
    settle(client, made["id"])
    room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
    assert room.live.finished and not room.live.needs_driving()


def test_a_draw_offered_and_accepted_ends_the_game_drawn(client: TestClient, connect: Any) -> None:
    made = create(client)
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    for ws in (me, other, watcher):
        receive(ws)
    assert _ask(me, {"type": "offer-draw"}) == {"type": "draw-offer", "seat": 0}
    assert receive(other) == receive(watcher) == {"type": "draw-offer", "seat": 0}
    again = _ask(me, {"type": "offer-draw"})
    assert again["type"] == "error" and "wait" in again["message"], "repeated offers are rate-limited"
    own = _ask(me, {"type": "accept-draw"})
    assert own["type"] == "error" and own["message"] == "there is no draw offer from your opponent to accept"
    spectator = _ask(watcher, {"type": "accept-draw"})
    assert spectator["type"] == "error" and "spectators cannot" in spectator["message"]
    drawn = _ask(other, {"type": "accept-draw"})
    assert drawn["terminal"] and drawn["result"] == {"returns": [0.0, 0.0], "winner": None, "text": "Draw agreed", "ending": "draw"}
    assert receive(me)["result"]["ending"] == "draw"
    assert client.get(f"/api/games/{made['id']}").json()["result"]["ending"] == "draw"
    late = _ask(me, {"type": "offer-draw"})
    assert late["type"] == "error" and late["message"] == "the game is already over"


def test_a_rematch_swaps_the_seats_and_gives_each_player_its_link(client: TestClient, connect: Any) -> None:
    made = create(client, turn_limit=4)
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    for ws in (me, other, watcher):
        receive(ws)
    early = _ask(me, {"type": "rematch"})
    assert early["type"] == "error" and early["message"] == "a rematch is for a finished game"
    _ask(me, {"type": "resign"})
    receive(other)
    receive(watcher)
    assert _ask(watcher, {"type": "rematch"})["message"].startswith("spectators cannot")
    mine = _ask(me, {"type": "rematch"})
    theirs, seen = receive(other), receive(watcher)
    assert mine["type"] == theirs["type"] == seen["type"] == "rematch" and mine["id"] == theirs["id"] == seen["id"] != made["id"]
    assert seen["url"] == f"/game/{mine['id']}", "a spectator gets no token"
    new = client.app.state.hub.rooms[mine["id"]].live  # type: ignore[attr-defined]
    assert mine["url"].endswith(new.seats[1].token) and theirs["url"].endswith(new.seats[0].token)
    old = client.get(f"/api/games/{made['id']}").json()
    assert new.row.options == old["options"] and new.game.name == "ditch"
    assert _ask(other, {"type": "rematch"})["id"] == mine["id"], "asking again gives the same game"
