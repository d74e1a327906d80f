"""The dice box: every die of every roll of a fight, each roll with the sentence
saying whose it was and what it decided, other dice shown as what they are (a d10),
card draws not announced as dice, and the result said once."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import quiet, wait_ready, wait_turn

FIGHT = [
    {"dice": [3, 5], "sides": [6, 6], "text": "Attack roll: 3+5=8: hit."},
    {"dice": [2, 2], "sides": [6, 6], "text": "Defence roll: 2+2=4."},
    {"dice": [9], "sides": [10], "text": "Damage roll: 9."},
]


def open_game(new_page: Any, server_url: str, game: str) -> Any:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    wait_turn(page)
    quiet(page)  # the server has nothing more to send: the updates below are the only ones
    return page


def update(page: Any, **changes: Any) -> None:
    page.evaluate(
        "(c) => { const m = window.dicefront.state(); window.dicefront.receive({ ...m, full: false, events: [], rolls: [], dice: [], ...c }); }",
        changes,
    )


def test_a_whole_fight_stays_in_the_dice_box(new_page: Any, server_url: str) -> None:
    page = open_game(new_page, server_url, "die_fighting")
    for roll in FIGHT:  # one update per roll, as the server sends them
        update(page, events=[{"kind": "roll", "text": roll["text"]}], rolls=[roll], dice=[roll["dice"]])
    groups = page.locator("#dice .dice-group")
    assert groups.count() == 3
    assert page.locator("#dice .die").count() == 5
    assert "Damage roll: 9." in groups.nth(0).inner_text()  # newest first
    assert "Attack roll" in groups.nth(2).inner_text()
    d10 = page.locator("#dice .die[data-sides='10']")
    assert d10.count() == 1 and "d10" in d10.inner_text() and d10.locator(".pip").count() == 0
    update(page, events=[{"kind": "move", "text": "Player 1 moves."}])  # a move: the next roll starts afresh
    update(page, events=[{"kind": "roll", "text": "Initiative."}], rolls=[{"dice": [6, 1], "sides": [6, 6], "text": "Initiative."}])
    assert page.locator("#dice .dice-group").count() == 1


def test_card_draws_are_not_dice_and_the_result_is_said_once(new_page: Any, server_url: str) -> None:
    page = open_game(new_page, server_url, "trench_checkers")
    update(page, actors=[], actions=[], chance="draw")
    assert "Drawing" in page.locator("#banner").inner_text()
    assert "Rolling the dice" not in page.locator("#banner").inner_text()
    update(page, actors=[], actions=[], terminal=True, status="Player 1 wins", result={"winner": 1, "text": "Player 1 wins", "returns": [-1, 1]})
    assert page.locator("#banner").inner_text().count("Player 1 wins") == 1
