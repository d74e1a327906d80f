"""Issue 20: the numbered move list of a live game; a click shows the board after
that move, read-only, and "Back to live" returns to the game."""

from __future__ import annotations

import os
import random
from typing import Any

import httpx

from .helpers import play_one, state, wait_ready, wait_turn
from .test_play import computer_level, create_in_lobby

SHOTS = os.environ.get("DICEFRONT_SHOTS", "")


def test_the_move_list_shows_earlier_boards_and_comes_back_to_live(new_page: Any, server_url: str) -> None:
    seed = 5
    rng = random.Random(seed)
    page = new_page()
    create_in_lobby(page, server_url, "ditch", computer_level(server_url))
    page.wait_for_url("**/game/**")
    wait_ready(page)
    for _ in range(3):
        wait_turn(page)
        play_one(page, rng)
    msg = wait_turn(page)
    page.wait_for_function("document.querySelectorAll('#log li.move').length === window.dicefront.state().step")
    numbers = page.locator("#log li.move").evaluate_all("(items) => items.map((li) => Number(li.dataset.step))")
    assert numbers == list(range(1, msg["step"] + 1)), f"seed {seed}"
    live_svg = page.locator("#board").inner_html()
    highlights = page.locator("#board .df-hl").count()
    page.locator("#log li.move").first.click()
    page.wait_for_selector("#back-to-live")
    assert "Move 1 of" in page.locator("#banner").inner_text()
    assert page.locator("#board").inner_html() != live_svg, f"seed {seed}: move 1's board is the live board"
    assert page.locator("#choices button").count() == 0, "an earlier board is read-only"
    assert page.locator("#log li.move.current").get_attribute("data-step") == "1"
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/move-list-review.png", full_page=True)
    page.click("#back-to-live")
    page.wait_for_selector("#back-to-live", state="detached")
    back = page.locator("#board").inner_html()
    assert back[:2000] == live_svg[:2000] and page.locator("#board .df-hl").count() == highlights > 0, "back to the live board"
    assert "df-review" not in (page.locator("#board").get_attribute("class") or "")
    assert page.locator("#banner").inner_text().startswith("Your turn")
    assert page.locator("#choices button").count() + len(state(page)["actions"]) > 0


def test_a_player_resigns_with_two_clicks(new_page: Any, server_url: str) -> None:
    page = new_page()
    create_in_lobby(page, server_url, "ditch", computer_level(server_url))
    page.wait_for_url("**/game/**")
    wait_turn(page)
    page.click("#resign")
    assert not state(page)["terminal"], "one click does not resign"
    page.click("#resign")
    page.wait_for_function("window.dicefront.state().terminal")
    text = page.locator("#banner").inner_text()
    assert "You lose" in text and "resigned" in text
    assert page.locator("#resign").count() == 0 and page.locator("#choices button").count() == 0
    assert "null" not in page.locator("#players").inner_text() and "deploy" not in text
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/resigned.png", full_page=True)


def test_two_people_agree_a_draw_then_a_rematch_with_seats_swapped(new_page: Any, server_url: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "friend"}).json()
    pages = [new_page(), new_page()]
    pages[0].goto(server_url + made["url"])
    pages[1].goto(server_url + made["invite"])
    for p in pages:
        wait_ready(p)
    pages[0].click("#offer-draw")
    pages[1].wait_for_selector("#accept-draw")
    assert pages[0].locator("#accept-draw").count() == 0, "the offerer cannot accept its own offer"
    pages[1].click("#accept-draw")
    for p in pages:
        p.wait_for_function("window.dicefront.state().terminal")
        assert "Draw" in p.locator("#banner").inner_text()
    pages[1].click("#rematch")
    for p in pages:
        p.wait_for_selector("#rematch-link")
    links = [p.locator("#rematch-link").get_attribute("href") or "" for p in pages]
    assert links[0].split("#")[0] == links[1].split("#")[0] and links[0] != links[1], "one new game, a link per player"
    if SHOTS:
        pages[1].screenshot(path=f"{SHOTS}/draw.png", full_page=True)
    pages[1].click("#rematch-link")
    pages[1].wait_for_function(f"window.dicefront && window.dicefront.state() && window.dicefront.state().game_id === {links[1].split('/')[2].split('#')[0]!r}")
    assert state(pages[1])["seat"] == 0, "the seats are swapped"
