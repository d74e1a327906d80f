"""Issue 20: player names (chosen, bounded, text only), endings stored in the game's
record (old records still load), declining a draw, offers and rematches that survive
a restart, and the idle-opponent rule (on the hub's own clock, injected here)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import create_app
from dicefront.server.names import MAX_NAME, PlayerNameError, clean_name
from dicefront.server.storage import Storage

from .conftest import create, invite_token, live, receive, settle
from .test_storage import VERSION_1


def _ask(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    ws.send_json(msg)
    return receive(ws)


def _players(ws: Any) -> dict[str, Any]:
    """The next presence update."""
    while (msg := ws.receive_json())["type"] != "players":
        pass
    return msg


# ----- names ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("a\nb", "control"), ("tab\there", "control"), ("bell\x07", "control"), ("rtl\u202eevil", "invisible"),
        ("x" * (MAX_NAME + 1), "at most 24"), (["list"], "must be text"), (7, "must be text"), ("y" * 10_000, "at most 24"),
    ],
)
def test_hostile_names_are_refused_in_one_line(given: Any, why: str) -> None:
    with pytest.raises(PlayerNameError) as caught:
        clean_name(given)
    assert why in str(caught.value) and "\n" not in str(caught.value)


def test_names_are_trimmed_and_blank_means_the_default() -> None:
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    assert clean_name("<b>Bo</b> & 'x'") == "<b>Bo</b> & 'x'", "markup is kept as text (the page shows it as text)"
    assert clean_name("   ") is None and clean_name(None) is None
    assert clean_name("é" * MAX_NAME) == "é" * MAX_NAME


def test_names_given_when_creating_joining_and_in_hello_are_shown_everywhere(client: TestClient, connect: Any) -> None:
    made = client.post("/api/games", json={"game": "ditch", "opponent": "friend", "name": "Ann"}).json()
    settle(client, made["id"])
    people = client.get(f"/api/games/{made['id']}").json()["players"]
    assert [p["person"] for p in people] == ["Ann", "Player 2"], "an unnamed seat is 'Player <n>'"
    me = connect(made["id"], made["token"])
    receive(me)
    friend = client.websocket_connect(f"/ws/{made['id']}")
    with friend:
        friend.send_json({"type": "hello", "token": invite_token(made), "name": "<i>Bob</i>"})
        assert [p["person"] for p in receive(friend)["players"]] == ["Ann", "Player 2"]
        while [p["person"] for p in _players(me)["players"]] != ["Ann", "<i>Bob</i>"]:
            pass  # presence first, then the new name
        assert live(client, made["id"]).seats[1].name == "<i>Bob</i>"
        friend.send_json({"type": "hello", "token": invite_token(made), "name": "Mallory"})  # a second hello is not a rename
        assert receive(friend)["type"] == "error"
        friend.send_json({"type": "resign"})
        ended = receive(friend)
    assert ended["result"]["text"] == "Ann wins: <i>Bob</i> resigned"
    assert receive(me)["result"] == ended["result"]
    moves = _ask(me, {"type": "moves"})
    assert moves["moves"] and all(m["by"] in (0, 1, None) for m in moves["moves"])
    assert live(client, made["id"]).seats[1].name == "<i>Bob</i>"


def test_bad_names_get_one_line_answers_and_change_nothing(client: TestClient, connect: Any) -> None:
    before = client.get("/api/games").json()
    for name in ("a\u0000b", "x" * 25, "line\nbreak"):
        r = client.post("/api/games", json={"game": "ditch", "opponent": "open", "name": name})
        assert r.status_code == 400 and "player name" in r.json()["detail"] and "\n" not in r.json()["detail"]
    r = client.post("/api/games", json={"game": "ditch", "name": "z" * 300})
    assert r.status_code == 422
    assert client.get("/api/games").json() == before, "no game was made"
    made = create(client, opponent="open")
    r = client.post(f"/api/games/{made['id']}/join", json={"name": "\x1b[31mred"})
    assert r.status_code == 400 and "control" in r.json()["detail"]
    joined = client.post(f"/api/games/{made['id']}/join", json={"name": "Cy"}).json()
    assert live(client, made["id"]).seats[joined["seat"]].name == "Cy"
    ws = connect(made["id"], made["token"])
    ws.send_json({"type": "hello", "token": made["token"], "name": "bad\u2028name"})
    receive(ws)  # the greeting of the first hello
    assert live(client, made["id"]).seats[0].name == ""


def test_a_join_without_a_body_still_works(client: TestClient) -> None:
    made = create(client, opponent="open")
    r = client.post(f"/api/games/{made['id']}/join")
    assert r.status_code == 200 and client.get(f"/api/games/{made['id']}").json()["players"][1]["person"] == "Player 2"


# ----- the ending in the stored record ----------------------------------------------------------
def test_an_old_record_without_the_new_fields_loads_and_a_stored_resignation_is_replayed(tmp_path: Path) -> None:
    db = tmp_path / "v1.sqlite3"
    with sqlite3.connect(db) as old:  # version 1: no schema table, no data files, no offers, seats without names
        old.executescript(VERSION_1)
        old.execute("UPDATE games SET status = 'resigned 1', returns = '[1.0, -1.0]'")
    store = Storage(db)
    (row,) = store.load_games()
    store.close()
    assert row.offer is None and row.rematch is None and row.seats[0].name == ""
    with TestClient(create_app(db, step_delay=0)) as client:
        replay = client.get("/api/games/g1/replay").json()
        assert replay["result"]["ending"] == "resigned" and replay["result"]["text"] == "Player 1 wins: Player 2 resigned"
        assert client.get("/api/games/g1").json()["finished"]


# ----- draw offers: decline, restart, another process --------------------------------------------
def test_a_declined_offer_is_withdrawn_and_the_offerer_hears_it(client: TestClient, connect: Any) -> None:
    made = create(client)
    settle(client, made["id"])
    me, other, watcher = connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])
    for ws in (me, other, watcher):
        receive(ws)
    assert _ask(me, {"type": "decline-draw"})["message"] == "there is no draw offer from your opponent to decline"
    assert _ask(me, {"type": "offer-draw"}) == {"type": "draw-offer", "seat": 0}
    receive(other)
    receive(watcher)
    assert _ask(me, {"type": "decline-draw"})["type"] == "error", "one cannot decline one's own offer"
    assert _ask(watcher, {"type": "decline-draw"})["message"].startswith("spectators cannot")
    assert _ask(other, {"type": "decline-draw"}) == {"type": "draw-declined", "seat": 1}
    assert receive(me) == receive(watcher) == {"type": "draw-declined", "seat": 1}
    assert _ask(other, {"type": "accept-draw"})["message"] == "there is no draw offer from your opponent to accept"
    assert live(client, made["id"]).row.offer is None and not live(client, made["id"]).finished


def test_a_standing_offer_and_a_rematch_survive_a_restart(db: Path) -> None:
    with TestClient(create_app(db, step_delay=0)) as client:
        made = create(client)
        settle(client, made["id"])
        with client.websocket_connect(f"/ws/{made['id']}") as me:
            me.send_json({"type": "hello", "token": made["token"]})
            receive(me)
            assert _ask(me, {"type": "offer-draw"}) == {"type": "draw-offer", "seat": 0}
    with TestClient(create_app(db, step_delay=0)) as client, client.websocket_connect(f"/ws/{made['id']}") as other:
        other.send_json({"type": "hello", "token": invite_token(made)})
        assert receive(other)["type"] == "state"
        other.send_json({"type": "ping"})  # answered after anything the greeting brings
        assert receive(other) == {"type": "draw-offer", "seat": 0}, "the offer stood through the restart"
        assert receive(other) == {"type": "pong"}
        other.send_json({"type": "resign"})
        receive(other)
        rematch = _ask(other, {"type": "rematch"})
    with TestClient(create_app(db, step_delay=0)) as client, client.websocket_connect(f"/ws/{made['id']}") as me:
        me.send_json({"type": "hello", "token": made["token"]})
        assert receive(me)["terminal"]
        me.send_json({"type": "ping"})
        again = receive(me)
        assert again["type"] == "rematch" and again["id"] == rematch["id"] and again["url"] != rematch["url"]
        assert client.get(f"/api/games/{rematch['id']}").json()["players"][0]["kind"] == "human"


# ----- the idle-opponent rule ------------------------------------------------------------------
def test_the_opponent_of_an_idle_player_to_move_may_claim_the_win_on_the_servers_clock(client: TestClient, connect: Any) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    now = [1000.0]
    hub.clock = lambda: now[0]
    made = create(client)
    settle(client, made["id"])
    mover = live(client, made["id"]).state.actors[0]
    tokens = [made["token"], invite_token(made)]
    waiter = connect(made["id"], tokens[1 - mover])
    receive(waiter)
    early = _ask(waiter, {"type": "claim-win"})
    assert early["type"] == "error" and "wait 600 s more" in early["message"], "a seat never seen counts from now"
    with client.websocket_connect(f"/ws/{made['id']}") as idle:
        idle.send_json({"type": "hello", "token": tokens[mover]})
        receive(idle)
        assert _ask(waiter, {"type": "claim-win"})["message"] == "your opponent is connected: no win to claim"
        now[0] += 300
        assert _ask(idle, {"type": "claim-win"})["message"] == "you may claim the win only while your opponent is to move"
    told = _players(waiter)  # one presence update, with the idle clock for the opponent
    assert told.get("idle") == {"seat": mover, "claim_in": 600.0}, "the clock starts when the last connection leaves"
    now[0] += 599
    assert "wait 1 s more" in _ask(waiter, {"type": "claim-win"})["message"]
    now[0] += 1
    won = _ask(waiter, {"type": "claim-win"})
    assert won["terminal"] and won["result"]["ending"] == "abandoned" and won["result"]["winner"] == 1 - mover
    assert won["result"]["text"].endswith(f"Player {mover + 1} left the game (the win was claimed)")
    assert client.get(f"/api/games/{made['id']}/replay").json()["result"] == won["result"]


def test_the_idle_rule_can_be_switched_off(db: Path) -> None:
    with TestClient(create_app(db, step_delay=0, idle_claim_minutes=0)) as client:
        made = create(client)
        settle(client, made["id"])
        mover = live(client, made["id"]).state.actors[0]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": [made["token"], invite_token(made)][1 - mover]})
            receive(ws)
            assert "no idle-opponent rule" in _ask(ws, {"type": "claim-win"})["message"]


# ----- two server processes on one PostgreSQL database -----------------------------------------
def _until(ws: Any, kind: str) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != kind:
        assert msg["type"] in ("players", "state"), msg
    return msg


def test_offers_declines_and_rematches_reach_a_player_on_another_process(pg_url: str) -> None:
    with TestClient(create_app(pg_url, step_delay=0)) as a, TestClient(create_app(pg_url, step_delay=0)) as b:
        made = create(a)
        settle(a, made["id"])
        with a.websocket_connect(f"/ws/{made['id']}") as on_a, b.websocket_connect(f"/ws/{made['id']}") as on_b:
            on_a.send_json({"type": "hello", "token": made["token"], "name": "Ann"})
            on_b.send_json({"type": "hello", "token": invite_token(made), "name": "Bob"})
            _until(on_a, "state")
            _until(on_b, "state")
            on_a.send_json({"type": "offer-draw"})
            assert _until(on_a, "draw-offer") == _until(on_b, "draw-offer") == {"type": "draw-offer", "seat": 0}
            on_b.send_json({"type": "decline-draw"})
            assert _until(on_b, "draw-declined") == _until(on_a, "draw-declined") == {"type": "draw-declined", "seat": 1}
            on_b.send_json({"type": "accept-draw"})
            assert "no draw offer" in _until(on_b, "error")["message"], "process B knows the offer is gone"
            on_a.send_json({"type": "resign"})
            ended = _until(on_b, "state")
            while not ended["terminal"]:
                ended = _until(on_b, "state")
            assert ended["result"]["text"] == "Bob wins: Ann resigned"
            on_b.send_json({"type": "rematch"})
            theirs, mine = _until(on_a, "rematch"), _until(on_b, "rematch")
            assert theirs["id"] == mine["id"] and theirs["url"] != mine["url"]
            on_a.send_json({"type": "rematch"})
            assert _until(on_a, "rematch")["id"] == mine["id"], "process A finds the rematch B made"
        store = Storage(pg_url)
        row = store.load_game(made["id"])
        store.close()
        assert row is not None and row.rematch == mine["id"] and row.offer is None and row.status == "resigned 0"
        assert [s.name for s in row.seats] == ["Ann", "Bob"]


def test_a_second_rematch_of_one_game_is_refused_and_not_stored(tmp_path: Path) -> None:
    from dicefront.server.storage import GameRow, Seat, StaleGameError

    store = Storage(tmp_path / "r.sqlite3")
    try:
        store.create_game(GameRow("old", "ditch", {}, [Seat("human", "a"), Seat("human", "b")], 1.0, status="resigned 0"))
        store.create_game(GameRow("first", "ditch", {}, [Seat("human", "c"), Seat("human", "d")], 2.0), rematch_of="old")
        with pytest.raises(StaleGameError):
            store.create_game(GameRow("second", "ditch", {}, [Seat("human", "e"), Seat("human", "f")], 3.0), rematch_of="old")
        assert {r.id: r.rematch for r in store.load_games()} == {"old": "first", "first": None}
    finally:
        store.close()
