"""The lobby and every game page on a phone (390x844): nothing wider than the
screen, the header fits, and the dice and the log come right after the board."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import dicefront

from .helpers import wait_ready

PHONE = {"width": 390, "height": 844}
WIDTH = "document.documentElement.scrollWidth"


def phone_page(browser: Any) -> Any:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    return page


def test_lobby_fits_a_phone(browser: Any, server_url: str) -> None:
    page = phone_page(browser)
    try:
        page.goto(server_url + "/")
        page.wait_for_selector("input[name=game]")
        assert page.evaluate(WIDTH) <= PHONE["width"]
        page.click("#options-box summary")  # the options too
        assert page.evaluate(WIDTH) <= PHONE["width"]
        seat = page.locator("#seat").bounding_box()
        assert seat is not None and seat["x"] + seat["width"] <= PHONE["width"]
    finally:
        page.context.close()


@pytest.mark.parametrize("game", dicefront.names())
def test_game_page_fits_a_phone(browser: Any, server_url: str, game: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = phone_page(browser)
    try:
        page.goto(server_url + made["url"])
        wait_ready(page)
        page.wait_for_timeout(300)
        assert page.evaluate(WIDTH) <= PHONE["width"], f"{game}: the page is wider than the phone"
        for sel in ("#title", "#rules-link", ".topbar a.toplink:last-child", "#conn"):
            box = page.locator(sel).bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"], f"{game}: {sel} runs off the header"
        dice = page.locator(".dice-card").bounding_box()
        board = page.locator("#board").bounding_box()
        log = page.locator(".log-card").bounding_box()
        players = page.locator("#players").bounding_box()
        assert dice is not None and board is not None and log is not None and players is not None
        assert dice["y"] < PHONE["height"], f"{game}: the dice are below the fold"
        assert dice["y"] < board["y"] < log["y"] < players["y"], f"{game}: the log is not right after the board"
    finally:
        page.context.close()
