"""Each seat's board (SVG, legal actions with click paths...) is built once per step,
however many sockets of that seat hear of it and however often they ask again."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.server import seat_view

from .conftest import create, drain, invite_token, live, receive, settle


def test_a_seats_board_is_drawn_once_per_step(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client)
    settle(client, made["id"])
    game = live(client, made["id"])
    drawn: Counter[tuple[int, int | None]] = Counter()
    original = seat_view.picture  # every board the server draws (render_svg, or the svg role's render_pieces)

    def counting(of: Any, state: Any, seat: int | None, view: Any) -> str:
        drawn[(game.length, seat)] += 1
        return original(of, state, seat, view)

    monkeypatch.setattr(seat_view, "picture", counting)
    tokens = [made["token"], invite_token(made)]
    mover = game.state.actors[0]
    socks = [connect(made["id"], tokens[mover]), connect(made["id"], tokens[mover]), connect(made["id"], tokens[1 - mover])]
    greet = [receive(s) for s in socks]
    socks[0].send_json({"type": "act", "action": greet[0]["actions"][0]["text"]})
    step = greet[0]["step"] + 1
    for s in socks:
        drain(s, step)
    settle(client, made["id"])
    for s in socks[:2]:
        s.send_json({"type": "sync"})
        assert receive(s)["type"] == "state"
    assert drawn and max(drawn.values()) == 1, drawn


def test_games_with_the_same_settings_share_one_game_object(client: TestClient) -> None:
    one, two, hexes = create(client), create(client), create(client, board="hex")
    assert live(client, one["id"]).game is live(client, two["id"]).game  # its tables and static picture built once
    assert live(client, one["id"]).state is not live(client, two["id"]).state
    assert live(client, hexes["id"]).game is not live(client, one["id"]).game
    assert live(client, hexes["id"]).game.options != live(client, one["id"]).game.options


def test_seats_whose_views_draw_the_same_picture_share_one_drawing(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Die Fighting's seats see the same field (svg role ``same_picture``): one drawing a
    step serves both seats and a spectator, and they are sent the same board."""
    made = create(client, "die_fighting")
    settle(client, made["id"])
    game = live(client, made["id"])
    drawn: Counter[int] = Counter()
    original = seat_view.picture

    def counting(of: Any, state: Any, seat: int | None, view: Any) -> str:
        drawn[game.length] += 1
        return original(of, state, seat, view)

    monkeypatch.setattr(seat_view, "picture", counting)
    socks = [connect(made["id"], made["token"]), connect(made["id"], invite_token(made)), connect(made["id"])]
    greet = [receive(s) for s in socks]
    assert greet[0]["svg"] == greet[1]["svg"] == greet[2]["svg"]
    assert drawn == Counter({game.length: 1}), drawn
