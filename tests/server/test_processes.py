"""Two real server processes on one PostgreSQL database: a player on each plays the
same game live over websockets, and killing one process mid-game loses no move it
acknowledged (the other process carries on with both players)."""

from __future__ import annotations

import json
import random
import signal
from typing import Any

import httpx

from dicefront.server.storage import Storage

from .test_restart import free_port, hello, next_state, server

SEED = 18


def _settled(msg: dict[str, Any]) -> bool:
    """The seat's view is at rest: its turn, the other's turn, or the end."""
    return bool(msg["terminal"] or msg["actions"] or (msg["actors"] and msg["seat"] not in msg["actors"]))


def _in_step(socks: list[Any], latest: list[dict[str, Any]]) -> None:
    """Read both sockets until they show the same settled step."""
    while True:
        target = max(m["step"] for m in latest)
        for i, ws in enumerate(socks):
            while latest[i]["step"] < target or not _settled(latest[i]):
                latest[i] = next_state(ws)
        if latest[0]["step"] == latest[1]["step"]:
            return


def _play(socks: list[Any], latest: list[dict[str, Any]], rng: random.Random, moves: int, acked: dict[int, str]) -> None:
    """Up to ``moves`` random legal moves; ``acked``: step number -> action, for each
    move whose update reached its mover."""
    for _ in range(moves):
        _in_step(socks, latest)
        if latest[0]["terminal"]:
            return
        mover = 0 if latest[0]["actions"] else 1
        action = rng.choice(latest[mover]["actions"])["text"]
        socks[mover].send(json.dumps({"type": "act", "action": action}))
        latest[mover] = update = next_state(socks[mover], latest[mover]["step"] + 1)
        acked[update.get("moves", [{"n": update["step"]}])[0]["n"]] = action  # the move, then any dice rolled with it


def test_two_processes_share_a_live_game_and_a_killed_one_loses_nothing(pg_url: str) -> None:
    rng = random.Random(SEED)
    port_a, port_b = free_port(), free_port()
    acked: dict[int, str] = {}
    with server(pg_url, port_a) as proc_a, server(pg_url, port_b):
        made = httpx.post(f"http://127.0.0.1:{port_a}/api/games", json={"game": "ditch", "opponent": "friend"}, timeout=10).json()
        game_id, token_a = made["id"], made["token"]
        token_b = made["invite"].split("#token=", 1)[1]
        with hello(port_b, game_id, token_b) as on_b:
            with hello(port_a, game_id, token_a) as on_a:
                latest = [next_state(on_a), next_state(on_b)]
                _play([on_a, on_b], latest, rng, 12, acked)
                assert len(acked) >= 6, f"seed {SEED}: too few moves were played"
                proc_a.send_signal(signal.SIGKILL)  # mid-game, with both players connected
                proc_a.wait(10)
            with hello(port_b, game_id, token_a) as back:  # seat 0 comes back through B
                latest = [next_state(back), latest[1]]
                assert latest[0]["step"] >= max(acked)
                _play([back, on_b], latest, rng, 6, acked)
    store = Storage(pg_url)
    row = store.load_game(game_id)
    store.close()
    assert row is not None
    for step, action in acked.items():  # every acknowledged move is stored where its mover saw it
        assert row.steps[step - 1].action == action, f"seed {SEED}: step {step}"


def _next(ws: Any, want: Any) -> dict[str, Any]:
    """The next message for which ``want(msg)`` holds (an error message fails the test
    unless it is wanted)."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        if want(msg):
            return msg
        assert msg["type"] != "error", msg["message"]


def test_presence_and_the_draw_offer_limit_span_the_processes(pg_url: str) -> None:
    port_a, port_b = free_port(), free_port()
    with server(pg_url, port_a), server(pg_url, port_b):
        made = httpx.post(f"http://127.0.0.1:{port_a}/api/games", json={"game": "ditch", "opponent": "friend"}, timeout=10).json()
        game_id, tokens = made["id"], [made["token"], made["invite"].split("#token=", 1)[1]]

        def online(seat: int, now: bool) -> Any:
            return lambda m: m["type"] in ("players", "state") and m["players"][seat]["online"] is now

        with hello(port_a, game_id, tokens[0]) as first_on_a, hello(port_b, game_id, tokens[1]) as second_on_b:
            _next(second_on_b, online(0, True))  # B shows seat 0 connected, through A
            _next(first_on_a, online(1, True))
            first_on_a.send(json.dumps({"type": "offer-draw"}))
            _next(second_on_b, lambda m: m["type"] == "draw-offer")
            second_on_b.send(json.dumps({"type": "decline-draw"}))
            _next(first_on_a, lambda m: m["type"] == "draw-declined")
            with hello(port_b, game_id, tokens[0]) as first_on_b:  # the same player, now through B
                _next(first_on_b, lambda m: m["type"] == "state")
                first_on_b.send(json.dumps({"type": "offer-draw"}))
                refused = _next(first_on_b, lambda m: m["type"] == "error")
                assert refused["message"].startswith("you offered a draw") and "before offering again" in refused["message"]
            first_on_a.close()
            gone = _next(second_on_b, online(0, False))  # seat 0's last connection, on A, has left
            assert gone["type"] == "players" and gone.get("idle", {}).get("seat") == 0
