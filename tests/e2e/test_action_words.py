"""The typed-notation box's list of every legal action says what each action does in
words when the game has words for it (its button's label), not only its notation
("done" = "Done: hand in my orders"; "deploy-first 0" = "Player 1 deploys first")."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .helpers import quiet, send_text, state, wait_ready, wait_turn


def test_the_list_of_all_legal_actions_shows_their_words(new_page: Any, server_url: str) -> None:
    seed = 3
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "hells_ditch", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(12):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended before an action with words"
        quiet(page)
        msg = state(page)
        labelled = [a for a in msg["actions"] if a.get("label")]
        if labelled:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    else:
        raise AssertionError(f"seed {seed}: no action with words in 12 turns")
    page.click("#notation summary")
    items = page.locator("#all-actions li").all_inner_texts()
    for a in labelled:
        assert any(a["text"] in item and a["label"] in item for item in items), f"seed {seed}: {a} not in words in {items}"
