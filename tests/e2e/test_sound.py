"""Optional sounds: off by default, a toggle kept in localStorage; when off, nothing
is played; when on, dice rolls and your turn make a short WebAudio sound (issue 20)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .helpers import quiet, send_text, state, wait_ready, wait_turn

# Count every oscillator started on the page (the only way sound.js makes a sound).
COUNT_SOUNDS = """
window.soundsPlayed = 0;
for (const C of [window.AudioContext, window.webkitAudioContext].filter(Boolean)) {
  const make = C.prototype.createOscillator;
  C.prototype.createOscillator = function () {
    const osc = make.call(this);
    const start = osc.start.bind(osc);
    osc.start = (...a) => { window.soundsPlayed += 1; return start(...a); };
    return osc;
  };
}
"""


def _play_dice(page: Any, rng: random.Random, seed: int, rolls: int) -> None:
    """Random actions until at least ``rolls`` new rolls have been shown rolling."""
    page.evaluate("window.rollsShown = 0; new MutationObserver((rs) => { window.rollsShown += rs.filter((r) =>"
                  " [...r.addedNodes].some((n) => n.querySelector?.('.die.rolling'))).length; })"
                  ".observe(document.querySelector('#dice'), { childList: true })")
    for _ in range(40):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended first"
        send_text(page, rng.choice(msg["actions"])["text"])
        quiet(page)
        if page.evaluate("window.rollsShown") >= rolls:
            return
    raise AssertionError(f"seed {seed}: no dice were rolled")


def test_sound_is_off_by_default_and_plays_nothing(new_page: Any, server_url: str) -> None:
    seed = 1
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.add_init_script(COUNT_SOUNDS)
    page.goto(server_url + made["url"])
    wait_ready(page)
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"
    _play_dice(page, random.Random(seed), seed, 2)
    assert page.evaluate("window.soundsPlayed") == 0
    assert page.evaluate("localStorage.getItem('dicefront.sound')") is None


def test_the_sound_toggle_persists_and_sounds_play_when_on(new_page: Any, server_url: str) -> None:
    seed = 2
    made = httpx.post(server_url + "/api/games", json={"game": "ditch", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.add_init_script(COUNT_SOUNDS)
    page.goto(server_url + made["url"])
    wait_ready(page)
    page.locator("#sound-toggle").click()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    page.reload()
    wait_ready(page)
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true", "the choice was not kept"
    assert page.evaluate("window.soundsPlayed") == 0  # loading the page is silent
    page.locator("#sound-toggle").click()  # off, then on again: a person's click lets audio start
    page.locator("#sound-toggle").click()
    played = page.evaluate("window.soundsPlayed")
    assert played > 0  # the sample played when turned on
    _play_dice(page, random.Random(seed), seed, 1)
    page.wait_for_function(f"window.soundsPlayed > {played}")
    page.locator("#sound-toggle").click()
    assert page.evaluate("localStorage.getItem('dicefront.sound')") == "false"
    assert state(page)["game"] == "ditch"
