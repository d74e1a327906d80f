"""Keyboard play: each game's first actions made with Tab and Enter alone; what may
be clicked is focusable, with a role and a name."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import dicefront

from .helpers import quiet, state, wait_ready, wait_turn

ACTIVE = "(() => { const a = document.activeElement; return a ? (a.id || a.dataset.action || a.tagName) : null; })()"


def tab_to(page: Any, wanted: str) -> None:
    """Press Tab until the element (or the button of an action) has the focus."""
    for _ in range(600):
        page.keyboard.press("Tab")
        active = page.evaluate(ACTIVE)
        if active == wanted:
            return
    raise AssertionError(f"Tab never reached {wanted!r}")


@pytest.mark.parametrize("game", dicefront.names())
def test_first_actions_by_keyboard_alone(new_page: Any, server_url: str, game: str) -> None:
    seed = 9
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    done = 0
    for _ in range(4):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        quiet(page)
        msg = state(page)
        on_board = [a for a in msg["actions"] if a["path"]]
        action = rng.choice(on_board) if on_board and rng.random() < 0.8 else rng.choice(msg["actions"])
        for element_id in action["path"]:
            tab_to(page, element_id)
            # one read: a redraw between two reads could pair one node's role with a fresh node's name
            role, name = page.evaluate("[document.activeElement.getAttribute('role'), document.activeElement.getAttribute('aria-label')]")
            assert role == "button" and name, f"{game}: {element_id} has no role or name"
            page.keyboard.press("Enter")
        if not action["path"] or page.evaluate("window.dicefront.picker.sel.length") > 0:
            tab_to(page, action["text"])
            page.keyboard.press("Enter")
        page.wait_for_function(f"window.dicefront.state().step > {msg['step']}")
        done += 1
    assert done, f"{game}, seed {seed}: no action made by keyboard"
