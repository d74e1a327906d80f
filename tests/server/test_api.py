"""The lobby's REST API (OpenAPI published) and its answers to bad input."""

from __future__ import annotations

from fastapi.testclient import TestClient

import dicefront
from dicefront.agents import agent_names

from .conftest import create, live


def test_game_types_list_every_registered_game_with_option_help(client: TestClient) -> None:
    data = client.get("/api/game-types").json()
    assert [g["name"] for g in data["games"]] == dicefront.names()
    ditch = next(g for g in data["games"] if g["name"] == "ditch")
    assert all(o["help"] for o in ditch["options"])
    values = [o["value"] for o in data["opponents"]]
    assert values[0] == "friend" and set(agent_names()) <= set(values)


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
    assert [g["id"] for g in listed["open"]] == [made["id"]]
    assert made["token"] not in str(listed)  # the lobby list never shows tokens


def test_join_takes_the_open_seat_once(client: TestClient) -> None:
    made = create(client)
    joined = client.post(f"/api/games/{made['id']}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert made["invite"].endswith(joined.json()["token"])
    again = client.post(f"/api/games/{made['id']}/join")
    assert again.status_code == 409 and "no open seat" in again.json()["detail"]
    assert client.get("/api/games").json()["live"][0]["id"] == made["id"]


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
    assert code == 400 and "unknown agent 'grandmaster'" in text
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
