"""Die Fighting: choosing the map during set-up shows a small picture of each offered
map's terrain on its button; clicking the picture chooses that map (issue 20)."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import quiet, state, wait_ready

CHOOSER = "(() => { const s = window.dicefront.state(); return s && s.actions.some((a) => a.text.startsWith('map ')); })()"


def test_each_offered_map_has_a_picture_and_a_click_on_it_chooses_it(new_page: Any, server_url: str) -> None:
    made = httpx.post(server_url + "/api/games", json={"game": "die_fighting", "opponent": "friend", "seat": 0}).json()
    pages = [new_page(), new_page()]
    pages[0].goto(server_url + made["url"])
    pages[1].goto(server_url + made["invite"])
    for page in pages:
        wait_ready(page)
    pages[0].wait_for_function(
        "(() => { const s = window.dicefront.state(); return s && (s.actions.length > 0 || s.actors.includes(1)); })()")
    quiet(pages[0])
    chooser = next(p for p in pages if p.evaluate(CHOOSER))
    other = pages[1 - pages.index(chooser)]
    maps = [a for a in state(chooser)["actions"] if a["text"].startswith("map ")]
    assert len(maps) >= 2
    pictures = chooser.locator("#choices button.with-preview")
    assert pictures.count() == len(maps)
    for a in maps:
        button = chooser.locator(f"#choices button[data-action='{a['text']}']")
        assert button.locator("svg path").count() >= 1, f"{a['text']}: no terrain in its picture"
        assert button.locator(".choice-words").inner_text() == a["label"]
    assert other.locator("#choices svg").count() == 0  # the other seat has nothing to choose
    chosen = maps[-1]
    before = state(chooser)["step"]
    chooser.locator(f"#choices button[data-action='{chosen['text']}'] .choice-preview").click()
    chooser.wait_for_function(f"window.dicefront.state().step > {before}")
    name = chosen["label"].removeprefix("Map: ")
    chooser.wait_for_function("(t) => document.querySelector('#log').textContent.includes(t)", arg=name)
