"""A legend next to every board, tooltips on pieces, "your turn" in the tab title,
and a replay stepped through with the arrow keys (its dice box cleared between rolls)."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import dicefront

from .helpers import quiet, send_text, state, wait_ready, wait_turn


@pytest.mark.parametrize("game", dicefront.names())
def test_every_board_has_a_legend_tooltips_and_a_your_turn_title(new_page: Any, server_url: str, game: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    assert page.locator("#legend").is_visible(), f"{game}: no legend"
    assert page.locator("#legend dt").count() >= 4
    assert page.locator("#board svg .df-target title").count() > 0, f"{game}: no tooltip on any piece or square"
    wait_turn(page)
    quiet(page)
    if state(page)["actions"]:
        assert page.title().startswith("● Your turn"), page.title()


def test_replay_steps_with_arrow_keys(new_page: Any, server_url: str) -> None:
    seed = 2
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "easy", "seat": 0, "options": {"turn_limit": 2}}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(80):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    assert state(page)["terminal"], f"seed {seed}: the two-turn game did not end"
    assert not page.title().startswith("●")
    page.goto(f"{server_url}/replay/{made['id']}")
    page.wait_for_function("window.dicefront && window.dicefront.step() === 0")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.dicefront.step() === 1")
    page.keyboard.press("End")
    page.wait_for_function("window.dicefront.step() > 1")
    last = page.evaluate("window.dicefront.step()")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"window.dicefront.step() === {last - 1}")
    rolls = httpx.get(f"{server_url}/api/games/{made['id']}/replay/{last - 1}").json()["rolls"]
    page.wait_for_timeout(200)
    if not rolls:  # a step without dice shows none, not the dice of an earlier step
        assert page.locator("#dice .die").count() == 0


def test_the_last_move_is_highlighted(new_page: Any, server_url: str) -> None:
    seed = 6
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(40):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended first"
        on_board = [a for a in msg["actions"] if a["path"]]
        if on_board:
            send_text(page, rng.choice(on_board)["text"])
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    page.wait_for_function("window.dicefront.state().last.length > 0")
    assert page.locator("#df-overlay .df-last-box").count() > 0
