"""A seeded websocket fuzzer: malformed, nested, huge, binary, out-of-turn, wrong-seat,
spectator and odd-Unicode messages, on every game. After each one the socket still
answers a ping, nothing but errors came back, and the game did not change.
Bounded (MESSAGES per game) and deterministic; the seed is in every failure message."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dicefront

from .conftest import create, invite_token, live, receive, settle

MESSAGES = 60
ODD = ["d²", "e⁷", "١٢", "１２", "\u202e", "\u0000", "a\u0301", "🎲", "\ufeff", "ⅷ", "𝟗", "\\ud800", "٣", "¹/₂"]


def _odd_text(rng: random.Random, legal: list[str]) -> str:
    base = rng.choice(legal) if legal else "attack d2 e7"
    words = base.split()
    i = rng.randrange(len(words))
    words[i] = words[i] + rng.choice(ODD) if rng.random() < 0.5 else rng.choice(ODD)
    return " ".join(words)


def _payloads(rng: random.Random, legal: list[str]) -> list[Callable[[], Any]]:
    def nested() -> str:
        depth = rng.choice([100, 1000, 5000])
        inner = "[" * depth + "]" * depth
        return rng.choice([inner, '{"type": "act", "action": ' + inner + "}", '{"type": ' + inner + "}"])

    def malformed() -> str:
        text = json.dumps({"type": "act", "action": rng.choice(legal or ["x"])})
        return text[: rng.randrange(1, len(text))]

    return [
        nested,
        malformed,
        lambda: "x" * rng.choice([16_385, 70_000]),
        lambda: json.dumps({"type": "act", "action": "w" * 16_000}),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),
        lambda: json.dumps({"type": rng.choice(["dance", "", None, 5, [], {}, "ACT", "hello"])}),
        lambda: json.dumps({"type": "act", "action": rng.choice([None, 5, 1.5, True, [], {}, "", "   "])}),
        lambda: json.dumps({"type": "act", "action": _odd_text(rng, legal)}),
        lambda: json.dumps({"type": "odds", "action": _odd_text(rng, legal)}),
        lambda: json.dumps({"type": "odds", "action": rng.choice([None, 5, []])}),
        lambda: json.dumps({"type": "hello", "token": rng.choice(["", "x" * 300, 5, None])}),
        lambda: json.dumps([{"type": "ping"}]),
        lambda: '"' + _odd_text(rng, legal) + '"',
        lambda: json.dumps({"type": "act", "action": _odd_text(rng, legal), "seat": True}),
    ]


def _send(ws: Any, payload: Any) -> None:
    if isinstance(payload, bytes):
        ws.send_bytes(payload)
    else:
        ws.send_text(payload)


def _still_answers(ws: Any, where: str) -> None:
    ws.send_json({"type": "ping"})
    while (msg := ws.receive_json()) != {"type": "pong"}:
        assert msg.get("type") in ("error", "odds", "players"), f"{where}: unexpected reply {str(msg)[:200]}"
        if msg.get("type") == "error":
            assert "\n" not in msg["message"] and "Traceback" not in msg["message"], f"{where}: {msg['message'][:300]}"


@pytest.mark.parametrize("game", dicefront.names())
def test_fuzzed_messages_leave_socket_and_game_intact(client: TestClient, connect: Any, game: str) -> None:
    seed = 1300 + dicefront.names().index(game)
    rng = random.Random(seed)
    made = create(client, game=game)
    settle(client, made["id"])
    socks: dict[int | None, Any] = {0: connect(made["id"], made["token"]), 1: connect(made["id"], invite_token(made)), None: connect(made["id"])}
    for ws in socks.values():
        receive(ws)
    g = live(client, made["id"])
    before = json.dumps(g.state.to_json(), sort_keys=True)
    length = g.length
    for i in range(MESSAGES):
        who = rng.choice(list(socks))
        actors = g.state.actors
        others_legal = [str(a) for p in actors if p != who for a in g.state.legal_actions(p)]
        mine = {str(a) for a in g.state.legal_actions(who)} if who in actors else set()
        legal = [t for t in others_legal if t not in mine] or ["pass"]
        if rng.random() < 0.2 and legal != ["pass"]:
            payload: Any = json.dumps({"type": "act", "action": rng.choice(legal)})  # out of turn, wrong seat, spectator
        else:
            payload = rng.choice(_payloads(rng, legal))()
        if isinstance(payload, str) and payload.startswith('{"type": "act"') and who in actors:
            try:
                if str(json.loads(payload).get("action")) in mine:
                    continue  # a legal move is not fuzz
            except (ValueError, RecursionError):
                pass
        where = f"{game}, seed {seed}, message {i} from seat {who}: {str(payload)[:80]!r}"
        _send(socks[who], payload)
        _still_answers(socks[who], where)
    assert g.length == length and json.dumps(g.state.to_json(), sort_keys=True) == before, f"{game}, seed {seed}: the game changed"
    for ws in socks.values():
        _still_answers(ws, f"{game}, seed {seed}, at the end")
