"""People play in a real Chromium by clicking: against the computer in every
game, and two browsers against each other over the network."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import dicefront

from .helpers import play_one, state, wait_ready, wait_turn

GAMES = dicefront.names()
TURNS = 6


def computer_level(server_url: str) -> str:
    values = [o["value"] for o in httpx.get(server_url + "/api/game-types").json()["opponents"]]
    return "easy" if "easy" in values else "random"


def settle(pages: list[Any], server_url: str, game_id: str) -> None:
    """Wait until the server has nothing left to roll and no page's step changes any more
    (each seat has its own step counter: the other side's secret steps count once)."""
    last: tuple[int, ...] = ()
    calm = 0
    for _ in range(300):
        now = (httpx.get(f"{server_url}/api/games/{game_id}").json()["steps"], *(state(p).get("step", -1) for p in pages))
        calm = calm + 1 if now == last else 0
        if calm >= 3:
            return
        last = now
        pages[0].wait_for_timeout(80)
    raise AssertionError(f"the pages did not catch up with the server (steps {last})")


def create_in_lobby(page: Any, server_url: str, game: str, opponent: str) -> None:
    page.goto(server_url + "/")
    page.locator(f"input[name=game][value={game}]").check()
    page.select_option("#opponent", opponent)
    page.click("#create")


@pytest.mark.parametrize("game", GAMES)
def test_person_plays_against_the_computer(new_page: Any, server_url: str, game: str) -> None:
    seed = 11
    rng = random.Random(seed)
    page = new_page()
    create_in_lobby(page, server_url, game, computer_level(server_url))
    page.wait_for_url("**/game/**")
    wait_ready(page)
    made: list[str] = []
    for _ in range(TURNS):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        assert page.locator("#banner").inner_text().startswith("Your")
        made.append(play_one(page, rng))
    assert made, f"{game}, seed {seed}: no action was made"
    assert page.locator("#log li").count() >= len(made)
    assert page.locator("#board svg").count() == 1
    players = page.locator("#players").inner_text()
    assert "you" in players and "computer" in players


@pytest.mark.parametrize("game", GAMES)
def test_two_browsers_play_each_other(new_page: Any, server_url: str, game: str) -> None:
    seed = 5
    rng = random.Random(seed)
    host, guest = new_page(), new_page()
    create_in_lobby(host, server_url, game, "friend")
    host.wait_for_selector("#invite:not([hidden])")
    invite = host.input_value("#invite-link")
    host.click("#go-game")
    host.wait_for_url("**/game/**")
    guest.goto(invite)
    wait_ready(host)
    wait_ready(guest)
    game_id = state(host)["game_id"]
    made = 0
    while made < 2 * TURNS and not state(host)["terminal"]:
        settle([host, guest], server_url, game_id)
        movers = [p for p in (host, guest) if state(p)["actions"]]
        assert movers, f"{game}, seed {seed}: nobody may act at step {state(host)['step']}"
        play_one(rng.choice(movers), rng)
        made += 1
    settle([host, guest], server_url, game_id)
    assert {state(host)["seat"], state(guest)["seat"]} == {0, 1}
    assert state(host)["status"] == state(guest)["status"] and state(host)["actors"] == state(guest)["actors"]
    assert host.locator("#log li").count() > 0 and guest.locator("#log li").count() > 0


def test_lobby_options_finish_and_replay(new_page: Any, server_url: str) -> None:
    """A short game (an option set in the lobby) is played to its end, then the
    replay steps through it."""
    rng = random.Random(3)
    page = new_page()
    page.goto(server_url + "/")
    page.locator("input[name=game][value=ditch]").check()
    page.click("#options-box summary")
    page.fill("#opt-turn_limit", "2")
    page.select_option("#opponent", computer_level(server_url))
    page.click("#create")
    page.wait_for_url("**/game/**")
    for turn in range(60):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        if turn == 3:  # reloading the page (reconnecting) restores the game
            log = page.locator("#log li").all_inner_texts()
            page.reload()
            again = wait_turn(page)
            # the move list arrives in its own message after the greeting
            page.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=len(log))
            assert again["step"] == msg["step"] and page.locator("#log li").all_inner_texts() == log
        play_one(page, rng)
    assert state(page)["terminal"], "seed 3: the two-turn game did not end"
    assert "Draw" in page.locator("#banner").inner_text() or "win" in page.locator("#banner").inner_text().lower()
    page.click("#banner a.button")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#board svg")
    page.click("#next")
    page.wait_for_function("window.dicefront.step() === 1")
    page.click("#last")
    page.wait_for_function("document.querySelector('#step-label').textContent.includes('of')")
    assert page.locator("#log li").count() > 3


def test_spectator_watches_live_without_controls(new_page: Any, server_url: str) -> None:
    rng = random.Random(8)
    host, guest, watcher = new_page(), new_page(), new_page()
    create_in_lobby(host, server_url, "ditch", "friend")
    host.wait_for_selector("#invite:not([hidden])")
    invite = host.input_value("#invite-link")
    host.click("#go-game")
    host.wait_for_url("**/game/**")
    guest.goto(invite)
    game_id = wait_ready(host)["game_id"]
    wait_ready(guest)
    watcher.goto(f"{server_url}/game/{game_id}")
    wait_ready(watcher)
    settle([host, guest, watcher], server_url, game_id)
    assert state(watcher)["seat"] is None
    assert watcher.locator("#banner").inner_text().startswith("Watching")
    assert "You are watching" in watcher.locator("#players").inner_text()
    assert watcher.locator("#df-overlay rect").count() == 0 and watcher.locator("#choices button").count() == 0
    before = state(watcher)["step"]
    mover = next(p for p in (host, guest) if state(p)["actions"])
    play_one(mover, rng)
    watcher.wait_for_function(f"window.dicefront.state().step > {before}")
    assert watcher.locator("#log li").count() > 0
