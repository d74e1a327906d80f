"""The browser builds each update's board from the server's patch of the board it
holds (static/boardpatch.js): after several moves in every game the page shows the
same board a freshly opened page of that seat gets whole, and it did receive patches."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import dicefront

from .helpers import play_one, quiet, state, wait_ready, wait_turn

TURNS = 4


@pytest.mark.parametrize("game", dicefront.names())
def test_a_patched_board_equals_the_whole_board(new_page: Any, server_url: str, game: str) -> None:
    seed = 31
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}, timeout=30).json()
    page = new_page()
    patches: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: patches.append(frame) if '"patch"' in str(frame) else None))
    page.goto(f"{server_url}/game/{made['id']}#token={made['token']}")
    wait_ready(page)
    for _ in range(TURNS):
        if wait_turn(page)["terminal"]:
            break
        play_one(page, rng)
    quiet(page)
    assert patches, f"{game}, seed {seed}: no update came as a patch"
    fresh = new_page()
    fresh.goto(f"{server_url}/game/{made['id']}#token={made['token']}")
    wait_ready(fresh)
    quiet(fresh)
    quiet(page)
    assert state(fresh)["step"] == state(page)["step"], f"{game}, seed {seed}: the pages are at different steps"
    assert state(page)["svg"] == state(fresh)["svg"], f"{game}, seed {seed}: the patched board differs from the whole board"
    ids = "Array.from(document.querySelectorAll('#board svg [id]')).map((n) => n.id).join(' ')"
    assert page.evaluate(ids) == fresh.evaluate(ids), f"{game}, seed {seed}: the drawn boards differ"
    assert page.locator("#board svg").count() == 1
