"""The lobby's REST API (OpenAPI published) and its answers to bad input."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dicefront
from dicefront.agents import LEVELS

from .conftest import create, invite_token, live
from .helpers_async import run_coroutine


def test_game_types_list_every_registered_game_with_option_help(client: TestClient) -> None:
    data = client.get("/api/game-types").json()
    assert [g["name"] for g in data["games"]] == dicefront.names()
    ditch = next(g for g in data["games"] if g["name"] == "ditch")
    assert all(o["help"] for o in ditch["options"])
    values = [o["value"] for o in data["opponents"]]
    assert values == ["friend", "open", *LEVELS, "random"]  # "random": allowed by the test server's operator


def test_openapi_and_pages_are_served(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/games" in schema["paths"] and "/api/game-types" in schema["paths"]
    lobby = client.get("/")
    assert lobby.status_code == 200 and 'data-page="lobby"' in lobby.text
    assert client.get("/static/dicefront.js").status_code == 200
    made = create(client)
    assert 'data-page="game"' in client.get(f"/game/{made['id']}").text
    assert client.get("/game/nope").status_code == 404


def test_create_against_a_friend_gives_two_different_secret_links(client: TestClient) -> None:
    made = create(client, seat=1)
    assert made["seat"] == 1
    assert made["url"].endswith(made["token"]) and made["invite"]
    assert made["token"] not in made["invite"]
    listed = client.get("/api/games").json()
    assert listed["open"] == [] and [g["id"] for g in listed["live"]] == [made["id"]]  # invite-only: not offered to strangers
    assert made["token"] not in str(listed) and invite_token(made) not in str(listed)  # the lobby list never shows tokens


def test_join_takes_the_open_seat_once_with_a_fresh_token(client: TestClient) -> None:
    made = create(client, opponent="open")
    assert made["invite"] is None
    assert [g["id"] for g in client.get("/api/games").json()["open"]] == [made["id"]]
    joined = client.post(f"/api/games/{made['id']}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    token = joined.json()["token"]
    assert len(token) > 20 and token != made["token"] and live(client, made["id"]).seat_for_token(token) == 1
    again = client.post(f"/api/games/{made['id']}/join")
    assert again.status_code == 409 and "no open seat" in again.json()["detail"]
    assert client.get("/api/games").json()["live"][0]["id"] == made["id"]


def test_a_friend_game_is_reached_only_through_its_invite(client: TestClient) -> None:
    """Issue 13.6: a stranger joining from the lobby used to get the invited friend's token."""
    made = create(client)
    assert client.get("/api/games").json()["open"] == []
    stranger = client.post(f"/api/games/{made['id']}/join")
    assert stranger.status_code == 409 and "invite link" in stranger.json()["detail"]
    assert invite_token(made) not in stranger.text
    assert live(client, made["id"]).seat_for_token(invite_token(made)) == 1


def test_create_against_the_computer_with_options(client: TestClient) -> None:
    made = create(client, opponent="random", board="hex", turn_limit=30)
    assert made["invite"] is None
    game = live(client, made["id"]).game
    assert game.options.board == "hex" and game.options.turn_limit == 30


def test_random_seat(client: TestClient) -> None:
    seats = {client.post("/api/games", json={"game": "ditch", "opponent": "random", "seat": "random"}).json()["seat"] for _ in range(24)}
    assert seats == {0, 1}


def test_bad_requests_get_clear_messages(client: TestClient) -> None:
    def post(body: object) -> tuple[int, str]:
        r = client.post("/api/games", json=body)
        return r.status_code, str(r.json()["detail"])

    code, text = post({"game": "chess"})
    assert code == 400 and "unknown game 'chess'" in text
    code, text = post({"game": "ditch", "options": {"colour": "red"}})
    assert code == 400 and "unknown option colour" in text
    code, text = post({"game": "ditch", "options": {"turn_limit": 1}})
    assert code == 400 and "below the minimum" in text
    code, text = post({"game": "ditch", "opponent": "grandmaster"})
    assert code == 400 and "unknown opponent 'grandmaster'" in text and "'easy'" in text
    code, _ = post({"game": "ditch", "seat": 3})
    assert code == 400
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/games", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    assert client.get("/api/games").json() == {"open": [], "live": [], "finished": []}


def test_replay_only_for_finished_games(client: TestClient) -> None:
    made = create(client)
    r = client.get(f"/api/games/{made['id']}/replay")
    assert r.status_code == 409 and "finished" in r.json()["detail"]


def test_rules_text(client: TestClient) -> None:
    r = client.get("/api/rules/ditch")
    assert r.status_code == 200 and "Ditch" in r.text


UNBOUNDED = ["mcts:seconds=inf", "mcts:seconds=nan", "mcts:iterations=1000000000000", "mcts:c=nan", "mcts:iterations=abc", "mcts:iterations=1e400", "greedy", "mcts"]


def test_over_the_network_the_opponent_is_a_person_or_a_named_level(client: TestClient) -> None:
    """Issue 13.3: agent specs from clients were built as given (searches that never end, 500s)."""
    for spec in UNBOUNDED:
        r = client.post("/api/games", json={"game": "ditch", "opponent": spec})
        assert r.status_code == 400, spec
        detail = r.json()["detail"]
        assert "unknown opponent" in detail and "'friend', 'open', 'easy', 'medium', 'hard'" in detail and "\n" not in detail
    assert client.get("/api/games").json() == {"open": [], "live": [], "finished": []}
    for level in LEVELS:
        assert create(client, opponent=level)["invite"] is None


def test_a_seat_must_be_an_integer_not_a_boolean(client: TestClient) -> None:
    for seat in (True, False, 0.0, "1"):
        r = client.post("/api/games", json={"game": "ditch", "opponent": "random", "seat": seat})
        assert r.status_code == 422, seat
        assert r.json()["detail"].startswith("body.seat") and "\n" not in r.json()["detail"]
    assert client.get("/api/games").json()["live"] == []


def _chunks(data: bytes, size: int = 8192) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


def test_a_chunked_body_is_refused_once_it_passes_the_limit(client: TestClient) -> None:
    """Issue 13.5: a body without content-length was read whole, whatever its size."""
    body = _chunks(b'{"game": "ditch", "options": {"x": "' + b"y" * 20_000_000 + b'"}}')
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    # the app reads no further than the limit: an endless stream is answered too
    received = run_coroutine(_endless_body(client.app))
    assert received["status"] == 413 and received["chunks"] <= 10
    small = client.post("/api/games", content=_chunks(b'{"game": "ditch", "opponent": "random"}'), headers={"content-type": "application/json"})
    assert small.status_code == 200


async def _endless_body(app: Any) -> dict[str, int]:
    seen = {"chunks": 0, "status": 0}

    async def receive() -> dict[str, Any]:
        seen["chunks"] += 1
        return {"type": "http.request", "body": b"[" * 8192, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            seen["status"] = message["status"]

    headers = [(b"content-type", b"application/json")]
    scope = {"type": "http", "method": "POST", "path": "/api/games", "raw_path": b"/api/games", "query_string": b"", "headers": headers, "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "http", "server": ("t", 80), "client": ("t", 1), "root_path": "", "app": app}
    await app(scope, receive, send)
    return seen


def test_deeply_nested_json_gets_a_one_line_error(client: TestClient) -> None:
    for body in ("[" * 20_000 + "]" * 20_000, '{"game": "ditch", "options": {"a": ' + "[" * 10_000 + "]" * 10_000 + "}}"):
        r = client.post("/api/games", content=body.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400 and "\n" not in r.json()["detail"], r.text[:200]


def test_openapi_documents_the_error_answers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    create_op = schema["paths"]["/api/games"]["post"]["responses"]
    for code in ("400", "404", "409", "413", "422"):
        assert create_op[code]["content"]["application/json"]["schema"] == create_op["400"]["content"]["application/json"]["schema"], code
    ref = create_op["400"]["content"]["application/json"]["schema"]["$ref"]
    assert schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"]["detail"]["type"] == "string"
    assert "409" in schema["paths"]["/api/games/{game_id}/join"]["post"]["responses"]



def test_a_computer_level_is_the_games_own_spec(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from dicefront.agents import base

    monkeypatch.setattr(base, "role_module", lambda cls, role: SimpleNamespace(LEVELS={"hard": "mcts:iterations=3"}))
    made = create(client, opponent="hard", seat=0)
    agent = client.app.state.hub.rooms[made["id"]].agents[1]  # type: ignore[attr-defined]
    assert agent.iterations == 3  # the global hard searches 1000


def test_an_unknown_game_name_is_not_echoed_back_whole(client: TestClient) -> None:
    name = "A" * 60_000
    r = client.get(f"/api/rules/{name}")
    assert r.status_code in (400, 404) and len(r.content) < 1_000, len(r.content)
    r = client.post("/api/games", json={"game": name})
    assert r.status_code == 400 and len(r.content) < 1_000 and "unknown game 'AAAA" in r.json()["detail"]


@pytest.mark.parametrize("path", ["/api/games/{}", "/api/games/{}/replay", "/api/games/{}/replay/1"])
def test_an_unknown_game_id_is_not_echoed_back_whole(client: TestClient, path: str) -> None:
    game_id = "b" * 8_000
    r = client.get(path.format(game_id))
    assert r.status_code == 404 and len(r.content) < 200 and "no game 'bbbb" in r.json()["detail"], (r.status_code, len(r.content))
    r = client.post(f"/api/games/{game_id}/join", json={})
    assert r.status_code in (400, 404) and len(r.content) < 200, (r.status_code, len(r.content))
