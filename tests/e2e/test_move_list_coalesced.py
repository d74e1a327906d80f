"""With no pause between steps, a move and the dice rolled at once after it reach the
page as one update listing both move-list entries: the page numbers its move list
from them without asking the server for the whole list again."""

from __future__ import annotations

import json
import random
from typing import Any

from .helpers import play_one, wait_ready, wait_turn
from .test_play import computer_level, create_in_lobby


def test_one_update_for_a_move_and_its_roll_keeps_the_move_list_numbered(new_page: Any, server_url_no_pause: str) -> None:
    seed = 8
    rng = random.Random(seed)
    page = new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    create_in_lobby(page, server_url_no_pause, "ditch", computer_level(server_url_no_pause))
    page.wait_for_url("**/game/**")
    wait_ready(page)
    for _ in range(12):  # past the deployment, into turns that end with a dice roll
        wait_turn(page)
        play_one(page, rng)
    msg = wait_turn(page)
    page.wait_for_function("document.querySelectorAll('#log li.move').length === window.dicefront.state().step")
    numbers = page.locator("#log li.move").evaluate_all("(items) => items.map((li) => Number(li.dataset.step))")
    assert numbers == list(range(1, msg["step"] + 1)), f"seed {seed}"
    rolls = page.locator("#log li.move .ev-roll").count()
    assert rolls > 0, f"seed {seed}: no dice roll was played"
    asked = [m for m in sent if json.loads(m).get("type") == "moves"]
    assert len(asked) == 1, f"seed {seed}: the page asked for the whole move list {len(asked)} times (once on connecting)"
