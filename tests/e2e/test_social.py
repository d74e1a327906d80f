"""Issue 20 in Chromium: names chosen in the lobby shown as text in the players card,
the move list, the result line and the replay; declining a draw; claiming the win
from an opponent who left (a server whose idle rule is a fraction of a second)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import serve
from .helpers import play_one, state, wait_ready, wait_turn
from .test_play import create_in_lobby

SHOTS = os.environ.get("DICEFRONT_SHOTS", "")
HOSTILE = "Ann <b>&amp;</b>"


def _named(page: Any, server_url: str, name: str) -> None:
    """The lobby, with ``name`` typed into its name field (kept in localStorage)."""
    page.goto(server_url + "/")
    page.fill("#player-name", name)


def test_a_name_typed_while_the_lobby_loads_is_kept(new_page: Any, server_url: str) -> None:
    """The lobby's game list arrives late (held back here): a name typed meanwhile is
    remembered at once, so leaving the page before the list arrives does not lose it."""
    page = new_page()
    held: list[Any] = []
    page.route("**/api/game-types", lambda route: held.append(route))
    page.goto(server_url + "/")
    page.wait_for_function("document.querySelector('#player-name') !== null")
    page.locator("#player-name").press_sequentially("Zed")
    kept = page.evaluate("localStorage.getItem('dicefront.name')")
    for route in held:
        route.continue_()
    assert kept == "Zed", f"the name typed before the lobby loaded was not remembered (stored: {kept!r})"


def test_names_from_the_lobby_are_shown_as_text_everywhere(new_page: Any, server_url: str) -> None:
    rng = random.Random(7)
    host, guest = new_page(), new_page()
    _named(host, server_url, HOSTILE)
    create_in_lobby(host, server_url, "army_backgammon", "friend")
    host.wait_for_selector("#invite-link")
    invite = host.locator("#invite-link").input_value()
    assert host.locator("#player-name").input_value() == HOSTILE, "the name is remembered by the browser"
    host.click("#go-game")
    _named(guest, server_url, "Bob")
    guest.goto(invite)
    for page in (host, guest):
        wait_ready(page)
        page.wait_for_function("[...document.querySelectorAll('#players .pname')].map((n) => n.textContent).join('|') === 'Ann <b>&amp;</b>|Bob'")
        assert page.locator("#players b").count() == 0, "a name is never markup"
    assert "Green" in host.locator("#players").inner_text(), "the side a player plays is still shown"
    mover = host if state(host)["actions"] else guest
    wait_turn(mover)
    play_one(mover, rng)
    host.wait_for_selector("#log li.move .mover")
    assert {t.strip() for t in host.locator("#log .mover").all_inner_texts()} <= {f"{HOSTILE}:", "Bob:"}
    guest.click("#resign")
    guest.click("#resign")
    host.wait_for_function("window.dicefront.state().terminal")
    assert f"You win! · {HOSTILE} wins: Bob resigned" in host.locator("#banner").inner_text()
    if SHOTS:
        host.screenshot(path=f"{SHOTS}/names-game.png", full_page=True)
    game_id = state(host)["game_id"]
    host.goto(f"{server_url}/replay/{game_id}")
    host.wait_for_selector("#ending")
    assert host.locator("#ending").inner_text() == f"{HOSTILE} wins: Bob resigned"
    assert host.locator("#players .pname").all_inner_texts() == [HOSTILE, "Bob"]
    if SHOTS:
        host.screenshot(path=f"{SHOTS}/names-replay.png", full_page=True)


def test_a_declined_draw_offer_is_shown_to_the_offerer(new_page: Any, server_url: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "friend", "name": "Ann"}).json()
    pages = [new_page(), new_page()]
    pages[0].goto(server_url + made["url"])
    _named(pages[1], server_url, "Bob")
    pages[1].goto(server_url + made["invite"])
    for p in pages:
        wait_ready(p)
    pages[0].click("#offer-draw")
    pages[1].wait_for_selector("#decline-draw")
    pages[0].wait_for_selector("#offer-draw[disabled]")
    pages[1].click("#decline-draw")
    pages[0].wait_for_selector("#draw-declined")
    assert pages[0].locator("#draw-declined").inner_text() == "Bob declined your draw offer."
    pages[1].wait_for_selector("#decline-draw", state="detached")
    assert pages[1].locator("#accept-draw").count() == 0 and not state(pages[0])["terminal"]
    if SHOTS:
        pages[0].screenshot(path=f"{SHOTS}/draw-declined.png", full_page=True)


@pytest.fixture(scope="module")
def quick_idle_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose idle rule opens the claim after 0.3 s away (instead of minutes)."""
    with serve(tmp_path_factory.mktemp("idle") / "games.sqlite3", "--idle-claim-minutes", "0.005") as url:
        yield url


def test_the_win_can_be_claimed_from_an_opponent_who_left_on_their_turn(new_page: Any, quick_idle_url: str) -> None:
    made = httpx.post(quick_idle_url + "/api/games", json={"game": "ditch", "opponent": "friend"}).json()
    pages = [new_page(), new_page()]
    pages[0].goto(quick_idle_url + made["url"])
    pages[1].goto(quick_idle_url + made["invite"])
    for p in pages:
        wait_ready(p)
    pages[0].wait_for_function("window.dicefront.state().actors.length === 1")
    mover = state(pages[0])["actors"][0]
    waiter = pages[1 - mover]
    assert waiter.locator("#claim-win").count() == 0, "no claim while the opponent is here"
    pages[mover].context.close()
    waiter.wait_for_selector("#claim-win")
    if SHOTS:
        waiter.screenshot(path=f"{SHOTS}/idle-claim.png", full_page=True)
    waiter.click("#claim-win")
    waiter.wait_for_function("window.dicefront.state().terminal")
    assert waiter.locator("#banner").inner_text().startswith("You win")
    assert "left the game" in waiter.locator("#banner").inner_text()
