"""Pieces glide between squares after a move (a CSS transform from the old place),
keyed by their stable ids; never on the first board of a page, in review, or for a
person who asked for reduced motion (issue 20)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .helpers import quiet, send_text, state, wait_ready, wait_turn

GLIDING = "document.querySelector('#board svg [data-piece].df-moving')"


PLACES = "Object.fromEntries([...document.querySelectorAll('#board svg [data-piece]')].map((n) => { const b = n.getBBox(); return [n.dataset.piece, [b.x, b.y]]; }))"
MOVED = "document.querySelector('#board').dataset.moved"


def _play_until_a_piece_moves(page: Any, rng: random.Random, seed: int) -> str:
    """Random actions (both sides' moves count) until the page says a piece moved."""
    for _ in range(60):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended first"
        send_text(page, rng.choice(msg["actions"])["text"])
        if page.evaluate(MOVED) is not None:
            break
        quiet(page)
    moved = page.evaluate(MOVED)
    assert moved, f"seed {seed}: no piece moved in 60 actions"
    return str(moved)


def test_a_moved_piece_glides_from_its_old_place(new_page: Any, server_url: str) -> None:
    seed = 4
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "hells_ditch", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.add_init_script(
        "new MutationObserver(() => { const n = " + GLIDING + ";"
        " if (n) (window.glided ||= []).push([n.dataset.piece, n.style.transform]); })"
        ".observe(document, { subtree: true, attributes: true, attributeFilter: ['class', 'style'] });"
    )
    page.goto(server_url + made["url"])
    wait_ready(page)
    assert page.evaluate(MOVED) is None  # the first board stays still
    moved = _play_until_a_piece_moves(page, rng, seed)
    glided = page.evaluate("window.glided || []")
    assert any(piece in moved.split() and transform.startswith("translate(") for piece, transform in glided), glided
    page.reload()  # a reload draws the board where it is, without gliding
    wait_ready(page)
    quiet(page)
    assert page.evaluate(MOVED) is None


def test_no_glide_with_reduced_motion_or_in_review(browser: Any, server_url: str) -> None:
    seed = 4
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": "hells_ditch", "opponent": "easy", "seat": 0}).json()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.goto(server_url + made["url"])
        wait_ready(page)
        quiet(page)
        places = page.evaluate(PLACES)
        for _ in range(12):
            msg = wait_turn(page)
            if msg["terminal"]:
                break
            send_text(page, rng.choice(msg["actions"])["text"])
            quiet(page)
        now = page.evaluate(PLACES)
        assert any(now.get(k) not in (None, v) for k, v in places.items()), f"seed {seed}: no piece moved: nothing checked"
        assert page.evaluate(MOVED) is None
        assert page.evaluate("document.querySelectorAll('#board .df-moving').length") == 0
        page.emulate_media(reduced_motion="no-preference")
        page.locator("#log li.move").first.click()  # review the first move: its board does not glide
        page.wait_for_selector("#board.df-review")
        page.locator("#log li.move").last.click()
        page.wait_for_timeout(100)
        page.locator("#back-to-live").click()
        page.wait_for_timeout(100)
        assert page.evaluate(MOVED) is None
        assert state(page)["step"] > 0
    finally:
        ctx.close()
