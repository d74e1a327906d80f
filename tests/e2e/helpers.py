"""Playing by clicking: find a visible point of an SVG element and click it with
the mouse, as a person would."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

VISIBLE_POINT = """(id) => {
  const node = document.getElementById(id);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  for (const fy of [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9])
    for (const fx of [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === node || node.contains(hit))) return [x, y];
    }
  return null;
}"""


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("window.dicefront && window.dicefront.state()") or {}


def wait_ready(page: Any) -> dict[str, Any]:
    page.wait_for_function("window.dicefront && window.dicefront.state()")
    return state(page)


def click_id(page: Any, element_id: str) -> None:
    for attempt in range(5):  # the board may be redrawn by an update while we aim
        try:
            page.locator(f"#{element_id}").scroll_into_view_if_needed(timeout=3_000)
        except Exception:
            if attempt == 4:
                raise
            page.wait_for_timeout(100)
            continue
        point = page.evaluate(VISIBLE_POINT, element_id)
        if point is not None:
            page.mouse.click(point[0], point[1])
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the board element {element_id!r} has no visible point to click")


def quiet(page: Any, ms: int = 250) -> None:
    """Wait until no update has arrived for ``ms`` milliseconds and no piece is still
    gliding to its square (motion.js): boxes measured mid-glide are in between squares."""
    last = None
    for _ in range(100):
        step = state(page).get("step")
        if step == last:
            break
        last = step
        page.wait_for_timeout(ms)
    page.wait_for_function("!document.querySelector('#board svg .df-moving')")


def click_button(page: Any, text: str) -> None:
    page.locator(f"#choices button[data-action={json.dumps(text)}]").click()


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Prefer actions made on the board (clicking pieces) over buttons."""
    on_board = [a for a in actions if a["path"]]
    pool = on_board if on_board and rng.random() < 0.8 else actions
    return rng.choice(pool)


def play_one(page: Any, rng: random.Random, choose: Callable[[list[dict[str, Any]], random.Random], dict[str, Any]] = pick) -> str:
    """Make one legal action (``choose`` picks it) by clicking; wait until the server has applied it."""
    quiet(page)
    msg = state(page)
    action = choose(msg["actions"], rng)
    if action.get("card") and msg.get("hand"):
        # with a hand shown, a card is played from the hand: a lone play without a
        # target goes at once, otherwise only the card's plays are left to choose from
        page.locator(f"#hand .play-card[data-card='{action['card']}']").first.click()
        if sum(a.get("card") == action["card"] for a in msg["actions"]) == 1 and not action["path"]:
            page.wait_for_function(f"window.dicefront.state().step > {msg['step']}")
            return str(action["text"])
    for element_id in action["path"]:
        click_id(page, element_id)
    if not action["path"] or page.evaluate("window.dicefront.picker.sel.length") > 0:
        click_button(page, action["text"])  # no board target, or still ambiguous
    page.wait_for_function(f"window.dicefront.state().step > {msg['step']}")
    return str(action["text"])


def wait_turn(page: Any, timeout: float = 30_000) -> dict[str, Any]:
    """Wait until this seat may act (or the game is over)."""
    page.wait_for_function(
        "(() => { const s = window.dicefront.state(); return s && (s.terminal || s.actions.length > 0); })()",
        timeout=timeout,
    )
    return state(page)


def send_text(page: Any, text: str) -> None:
    """Make an action by its notation (to get quickly to the position a test needs)."""
    step = state(page)["step"]
    page.evaluate("(t) => window.dicefront.send({ type: 'act', action: t })", text)
    page.wait_for_function(f"window.dicefront.state().step > {step}")


def center_click(page: Any, element_id: str) -> None:
    """Click the middle of an element's box, whatever lies on top there."""
    page.locator(f"#{element_id}").scroll_into_view_if_needed()
    box = page.locator(f"#{element_id}").bounding_box()
    assert box is not None, f"no element {element_id!r} on the board"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def point_until_odds(page: Any, target: str) -> None:
    """Hover ``target`` until the odds box shows. A board replaced under a resting
    pointer (a late update on a loaded machine) fires no new hover, as a person would
    move the mouse again: at most 3 tries of 10 s."""
    for _ in range(3):
        page.locator(f"#{target}").hover()
        try:
            page.wait_for_selector("#odds:not([hidden])", timeout=10_000)
            return
        except PlaywrightTimeout:
            page.mouse.move(0, 0)
    raise AssertionError(f"hovering {target} never showed the odds")
