"""Hovering the target of an attack shows the odds of the fight, in every game whose
board has attacks made by clicking a piece then its target (Trench Checkers here)."""

from __future__ import annotations

import re
from typing import Any

import httpx

from .helpers import click_id, point_until_odds, quiet, send_text, state, wait_ready, wait_turn


def forward(text: str) -> int:
    """How far up the board a move of seat 0 ends (its last cell's row)."""
    rows = re.findall(r"[a-z](\d+)", text)
    return int(rows[-1]) if rows else -1


def _attack_turn(new_page: Any, server_url: str) -> tuple[Any, dict[str, Any], list[dict[str, Any]], str]:
    """A page of a new Trench Checkers game against ``easy`` at seat 0's first attack
    step with attacks on offer that no Flashbang cancels: (page, state, attacks, game id)."""
    made = httpx.post(server_url + "/api/games", json={"game": "trench_checkers", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(300):
        msg = wait_turn(page)
        assert not msg["terminal"], "the game ended before an attack was possible"
        attacks = [a for a in msg["actions"] if a["text"].startswith("attack") and len(a["path"]) == 2]
        if attacks and not msg["view"]["cancel_next"][msg["seat"]]:
            break  # (an attack the enemy's Flashbang cancels rolls no dice: the page notes it instead)
        moves = [a for a in msg["actions"] if a["text"].startswith("move")]
        send_text(page, max(moves, key=lambda a: forward(a["text"]))["text"] if moves else msg["actions"][0]["text"])
    else:
        raise AssertionError("no attack came up in 300 moves")
    quiet(page)
    return page, msg, attacks, str(made["id"])


def test_trench_checkers_attack_hover_shows_odds(new_page: Any, server_url: str) -> None:
    page, msg, attacks, game_id = _attack_turn(new_page, server_url)
    attacker, target = attacks[0]["path"]
    point_until_odds(page, target)  # a newcomer points at the enemy first
    text = page.locator("#odds").inner_text().lower()
    assert any(a["text"] in text for a in attacks if a["path"][1] == target) and "%" in text, f"the odds box showed {text!r} (game {game_id})"
    page.mouse.move(0, 0)
    click_id(page, attacker)  # then picks the attacker and points again
    point_until_odds(page, target)
    shown = page.locator("#odds").inner_text().lower()
    assert attacks[0]["text"] in shown, f"the odds box showed {shown!r}, not {attacks[0]['text']!r} (game {game_id})"
    assert state(page)["step"] == msg["step"]  # hovering made no move


def test_a_sure_result_is_shown_as_certain(new_page: Any, server_url: str) -> None:
    """Dice that cannot change the result (an attack with two Napalms, rule 11.8: the
    server answers with one outcome, see tests/odds) still show their odds: 100%."""
    page, msg, attacks, game_id = _attack_turn(new_page, server_url)
    text = attacks[0]["text"]
    sure = {"type": "odds", "action": text, "step": msg["step"],
            "odds": [{"label": "attacker wins; you lose 0, enemy loses 1", "fraction": "1/1", "p": 1.0}]}
    page.evaluate("(m) => window.dicefront.receive(m)", sure)  # the server's answer, before the page asks
    attacker, target = attacks[0]["path"]
    click_id(page, attacker)  # the attacker picked, pointing at the target means this one attack
    point_until_odds(page, target)
    shown = page.locator("#odds").inner_text().lower()
    assert text in shown and "100%" in shown, f"the odds box showed {shown!r} (game {game_id})"
