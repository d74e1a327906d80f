"""Clicks a newcomer makes that used to do nothing: a piece standing on the square
it is sent to no longer hides that square."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .helpers import center_click, quiet, send_text, state, wait_ready, wait_turn

BOX_CENTERS = """(prefix) => Object.fromEntries([...document.querySelectorAll(`#board [id^="${prefix}"]`)].map((n) => {
  const r = n.getBoundingClientRect(); return [n.id, [r.left + r.width / 2, r.top + r.height / 2, r.left, r.top, r.right, r.bottom]];
}))"""


def start(new_page: Any, server_url: str, game: str, **options: Any) -> Any:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0, "options": options}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    return page


def test_die_fighting_click_the_active_unit_to_stay(new_page: Any, server_url: str) -> None:
    seed = 4
    rng = random.Random(seed)
    page = start(new_page, server_url, "die_fighting")
    for _ in range(400):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended before a unit could stay"
        view = msg["view"]
        active = next((u[4] for u in view.get("units", []) if u[0] == view.get("active")), None)
        stay = next((a for a in msg["actions"] if active and a["path"] == [f"c-{active}"]), None)
        if stay is not None:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    else:
        raise AssertionError(f"seed {seed}: no unit was ever able to stay in place")
    quiet(page)
    before = state(page)["step"]
    center_click(page, f"u-{active}")  # the unit itself, not the 3 px rim of its square
    page.wait_for_function(f"window.dicefront.state().step > {before}", timeout=5_000)
    assert not page.locator(".toast").filter(has_text="Nothing to do").count()


def _row_move_over_men(page: Any) -> tuple[str, str] | None:
    """A legal move of a man to a row where other men (not its own targets) stand: the
    man and one man standing there, or None when this turn has no such move."""
    msg = state(page)
    men = page.evaluate(BOX_CENTERS, "m-")
    rows = page.evaluate(BOX_CENTERS, "r-")
    for action in msg["actions"]:
        if len(action["path"]) != 2 or not action["path"][1].startswith("r-"):
            continue
        man, row = str(action["path"][0]), str(action["path"][1])
        left, top, right, bottom = rows[row][2:]
        others = {a["path"][1] for a in msg["actions"] if a["path"][:1] == [man] and len(a["path"]) == 2}
        standing = [m for m, c in men.items() if left < c[0] < right and top < c[1] < bottom and m != man and m not in others]
        if standing:
            return man, standing[0]
    return None


def _find_row_move_over_men(page: Any, decisions: int) -> tuple[str, str] | None:
    """Play the first legal action until a turn offers a move to a row where other men
    stand (the server's dice decide when); that move, or None if the game ended or
    ``decisions`` passed first."""
    for _ in range(decisions):
        msg = wait_turn(page)
        if msg["terminal"]:
            return None
        if any(len(a["path"]) == 2 and a["path"][1].startswith("r-") for a in msg["actions"]):
            quiet(page)
            found = _row_move_over_men(page)
            if found:
                return found
        send_text(page, msg["actions"][0]["text"])
    return None


def test_army_backgammon_destination_row_under_men_is_clickable(new_page: Any, server_url: str) -> None:
    for _ in range(3):  # a game may end before such a move comes up: then another game
        page = start(new_page, server_url, "army_backgammon")
        found = _find_row_move_over_men(page, 120)
        if found:
            break
    else:
        raise AssertionError("no move to a row where other men stand came up in three games of up to 120 decisions")
    man, standing = found
    msg = state(page)
    before = msg["step"]
    center_click(page, man)
    center_click(page, standing)  # on the highlighted row, over a man who cannot be the target
    page.wait_for_function(f"window.dicefront.state().step > {before}", timeout=5_000)
