"""Hovering the target of an attack shows the odds of the fight, in every game whose
board has attacks made by clicking a piece then its target (Trench Checkers here)."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import click_id, quiet, send_text, state, wait_ready, wait_turn


def forward(text: str) -> int:
    """How far up the board a move of seat 0 ends (its last cell's row)."""
    rows = re.findall(r"[a-z](\d+)", text)
    return int(rows[-1]) if rows else -1


def _point_until_odds(page: Any, target: str) -> None:
    """Hover ``target`` until the odds box shows. A board replaced under a resting
    pointer (a late update on a loaded machine) fires no new hover, as a person would
    move the mouse again: at most 3 tries of 10 s."""
    for _ in range(3):
        page.locator(f"#{target}").hover()
        try:
            page.wait_for_selector("#odds:not([hidden])", timeout=10_000)
            return
        except PlaywrightTimeout:
            page.mouse.move(0, 0)
    raise AssertionError(f"hovering {target} never showed the odds")


def test_trench_checkers_attack_hover_shows_odds(new_page: Any, server_url: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": "trench_checkers", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(300):
        msg = wait_turn(page)
        assert not msg["terminal"], "the game ended before an attack was possible"
        attacks = [a for a in msg["actions"] if a["text"].startswith("attack") and len(a["path"]) == 2]
        if attacks and not msg["view"]["cancel_next"][msg["seat"]]:
            break  # (an attack the enemy's Flashbang cancels rolls no dice: it has no odds to show)
        moves = [a for a in msg["actions"] if a["text"].startswith("move")]
        send_text(page, max(moves, key=lambda a: forward(a["text"]))["text"] if moves else msg["actions"][0]["text"])
    else:
        raise AssertionError("no attack came up in 300 moves")
    quiet(page)
    attacker, target = attacks[0]["path"]
    _point_until_odds(page, target)  # a newcomer points at the enemy first
    text = page.locator("#odds").inner_text().lower()
    assert any(a["text"] in text for a in attacks if a["path"][1] == target) and "%" in text, f"the odds box showed {text!r} (game {made['id']})"
    page.mouse.move(0, 0)
    click_id(page, attacker)  # then picks the attacker and points again
    _point_until_odds(page, target)
    shown = page.locator("#odds").inner_text().lower()
    assert attacks[0]["text"] in shown, f"the odds box showed {shown!r}, not {attacks[0]['text']!r} (game {made['id']})"
    assert state(page)["step"] == msg["step"]  # hovering made no move
