"""The replay page: stepped quickly with the arrow keys, a frame the server answers
late (an earlier step's) never replaces the board of the step now chosen; on a
phone, a step keeps the board where it is (the log scrolls, not the page); the
players card has no stray text."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .helpers import send_text, state, wait_ready, wait_turn

# Records each response body the page has read, before the page's own code goes on
# with it (a promise's callbacks run in the order they were added).
READ = """window.readFrames = [];
const json = Response.prototype.json;
Response.prototype.json = function () { const p = json.call(this); p.then(() => window.readFrames.push(this.url)); return p; };"""


def finished_ditch(page: Any, server_url: str, seed: int) -> str:
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "easy", "seat": 0, "options": {"turn_limit": 2}}).json()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(80):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    assert state(page)["terminal"], f"seed {seed}: the two-turn game did not end"
    return str(made["id"])


def frame(server_url: str, game_id: str, step: int) -> dict[str, Any]:
    return dict(httpx.get(f"{server_url}/api/games/{game_id}/replay/{step}").json())


# Holds back, inside the page, the answer to a request whose address ends with
# ``window.holdFrame`` until the test releases it (no network routing: its handler
# would run on Playwright's side, on its own schedule).
HOLD = """window.holdFrame = null; window.heldFrames = []; window.askedFrames = [];
const realFetch = window.fetch.bind(window);
window.fetch = function (input, init) {
  const url = String(input);
  window.askedFrames.push(url);
  if (window.holdFrame && url.endsWith(window.holdFrame))
    return new Promise((resolve) => window.heldFrames.push(() => resolve(realFetch(input, init))));
  return realFetch(input, init);
};"""


def test_a_late_frame_does_not_replace_the_chosen_step(new_page: Any, server_url: str) -> None:
    seed = 4
    page = new_page()
    game_id = finished_ditch(page, server_url, seed)
    length = httpx.get(f"{server_url}/api/games/{game_id}/replay").json()["length"]
    late = next(n for n in range(1, length) if frame(server_url, game_id, n)["svg"] != frame(server_url, game_id, n + 1)["svg"])
    page.add_init_script(READ + "\n" + HOLD)
    page.goto(f"{server_url}/replay/{game_id}")
    page.wait_for_function("window.dicefront && window.dicefront.step() === 0")
    page.evaluate(f"window.dicefront.go({late - 1})")
    page.wait_for_function(f"window.readFrames.some((u) => u.endsWith('/replay/{late - 1}'))")
    page.evaluate(f"window.holdFrame = '/replay/{late}'")
    page.keyboard.press("ArrowRight")  # its frame is held back
    page.keyboard.press("ArrowRight")  # the next step's frame arrives
    page.wait_for_function(f"window.readFrames.some((u) => u.endsWith('/replay/{late + 1}'))")
    assert page.evaluate("window.dicefront.step()") == late + 1
    held = page.evaluate("window.heldFrames.length")
    asked = page.evaluate("window.askedFrames")
    assert held == 1, f"seed {seed}: the frame of step {late} was not asked for (asked: {asked})"
    page.evaluate("window.heldFrames[0]()")
    page.wait_for_function(f"window.readFrames.some((u) => u.endsWith('/replay/{late}'))")  # the page has it in hand
    assert page.locator("#step-label").inner_text().startswith(f"step {late + 1} of")
    shown = page.evaluate("document.querySelector('#board svg').outerHTML")
    wanted = page.evaluate(PARSED, frame(server_url, game_id, late + 1)["svg"])
    assert shown == wanted, f"seed {seed}: step {late}'s late frame replaced the board of step {late + 1}"


PARSED = "(svg) => { const d = document.createElement('div'); d.innerHTML = svg; return d.querySelector('svg').outerHTML; }"


PHONE = {"width": 390, "height": 844}


def test_on_a_phone_a_step_keeps_the_board_in_view_and_the_players_card_is_clean(browser: Any, new_page: Any, server_url: str) -> None:
    seed = 6
    game_id = finished_ditch(new_page(), server_url, seed)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.add_init_script(READ)
        page.goto(f"{server_url}/replay/{game_id}")
        page.wait_for_function("window.dicefront && window.dicefront.step() === 0")
        players = page.locator("#players").inner_text()
        assert "null" not in players and "undefined" not in players, f"seed {seed}: stray text in {players!r}"
        page.locator("#next").scroll_into_view_if_needed()
        before = page.evaluate("window.scrollY")
        for step in range(1, 6):
            page.locator("#next").click()
            page.wait_for_function(f"window.readFrames.some((u) => u.endsWith('/replay/{step}'))")
            assert page.evaluate("window.scrollY") == before, f"seed {seed}: step {step} scrolled the page away from the board"
        length = httpx.get(f"{server_url}/api/games/{game_id}/replay").json()["length"]
        page.locator("#last").click()
        page.wait_for_function(f"window.readFrames.some((u) => u.endsWith('/replay/{length}'))")
        inside = page.evaluate(VISIBLE_IN_LOG)
        assert inside, f"seed {seed}: the log did not scroll to the last step's entry"

    finally:
        ctx.close()


VISIBLE_IN_LOG = """(() => {
  const log = document.querySelector('#log').getBoundingClientRect();
  const items = [...document.querySelectorAll('#log li.current')];
  return items.length > 0 && items.every((li) => { const r = li.getBoundingClientRect(); return r.top >= log.top - 1 && r.bottom <= log.bottom + 1; });
})()"""
