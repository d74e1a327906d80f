"""No writing on a board covers other writing: place names, badges, the header's
status, phase and dice stay readable (every game, at its first position)."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import dicefront

from .helpers import quiet, send_text, state, wait_ready, wait_turn

OVERLAPS = """() => {
  const svg = document.querySelector('#board svg');
  const items = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => ({
    text: t.textContent.trim().slice(0, 24), group: t.closest('g[id]')?.id ?? null, r: t.getBoundingClientRect() }));
  const out = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i], b = items[j];
    if (a.group && a.group === b.group) continue;  // one piece's own labels
    const ix = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const iy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (ix > 2 && iy > 2) out.push(`${a.text} / ${b.text}`);
  }
  for (const piece of svg.querySelectorAll('g[id]:not(#df-overlay)')) {  // a piece or badge over someone else's writing
    const r = piece.getBoundingClientRect();
    for (const a of items) {
      if (a.group === piece.id || piece.contains(document.getElementById(a.group))) continue;
      const ix = Math.min(a.r.right, r.right) - Math.max(a.r.left, r.left);
      const iy = Math.min(a.r.bottom, r.bottom) - Math.max(a.r.top, r.top);
      if (ix > 2 && iy > 2) out.push(`${piece.id} over ${a.text}`);
    }
  }
  return out;
}"""

STILL = "!document.querySelector('#board svg .df-moving')"


@pytest.mark.parametrize("game", dicefront.names())
def test_no_text_covers_other_text(new_page: Any, server_url: str, game: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    quiet(page)
    found = page.evaluate(OVERLAPS)
    assert not found, f"{game}: overlapping writing on the board: {found[:6]}"


@pytest.mark.parametrize("game", dicefront.names())
def test_no_text_covers_other_text_as_play_goes_on(new_page: Any, server_url: str, game: str) -> None:
    seed = 7
    rng = random.Random(seed)
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    for _ in range(10):
        msg = wait_turn(page)
        if msg["terminal"]:
            break
        quiet(page)
        page.wait_for_function(STILL)  # pieces gliding to their squares pass over others for a moment
        found = page.evaluate(OVERLAPS)
        assert not found, f"{game}, seed {seed}, step {msg['step']}: overlapping writing on the board: {found[:6]}"
        send_text(page, rng.choice(state(page)["actions"])["text"])
