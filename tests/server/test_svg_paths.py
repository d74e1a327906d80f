"""The SVG conventions the browser client relies on, for every registered game:
each id an action's path names is a unique element with class ``df-target`` in
the SVG drawn for the acting seat, so clicking can always make every legal action."""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

import pytest

import dicefront
from dicefront.core import sample

STEPS = 120


def _targets(svg: str) -> tuple[dict[str, str], list[str]]:
    root = ElementTree.fromstring(svg)
    ids = [el.get("id", "") for el in root.iter() if el.get("id")]
    classes = {el.get("id", ""): el.get("class", "") for el in root.iter() if el.get("id")}
    return classes, ids


@pytest.mark.parametrize("game_name", dicefront.names())
def test_every_action_path_names_clickable_elements(game_name: str) -> None:
    seed = 99
    rng = random.Random(seed)
    game = dicefront.load(game_name)
    state = game.new_state()
    checked = 0
    for _ in range(STEPS):
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        seat = rng.choice(list(state.actors))
        svg = game.render_svg(state, seat)
        classes, ids = _targets(svg)
        duplicated = {i for i in ids if ids.count(i) > 1}
        assert not duplicated, f"{game_name}, seed {seed}: duplicate SVG ids {sorted(duplicated)[:5]}"
        actions = state.legal_actions(seat)
        for action in actions:
            for element_id in game.action_path(state, action):
                where = f"{game_name}, seed {seed}: {action} names {element_id!r}"
                assert element_id in classes, f"{where}, which is not in the SVG"
                assert "df-target" in re.split(r"\s+", classes[element_id]), f"{where}, which lacks class df-target"
                checked += 1
        action = actions[rng.randrange(len(actions))]
        state.apply(action, seat)
    assert checked > 0, f"{game_name}, seed {seed}: no action with a board path was seen"


def test_ditch_seat_one_sees_its_own_side_at_the_bottom() -> None:
    game = dicefront.load("ditch")
    state = game.new_state()

    def y_of(svg: str, cell: str) -> float:
        match = re.search(rf'id="cell-{cell}"[^>]*>(?:<title>[^<]*</title>)?<rect x="[\d.]+" y="([\d.]+)"', svg)
        assert match, cell
        return float(match.group(1))

    seat0, seat1 = game.render_svg(state, 0), game.render_svg(state, 1)
    assert y_of(seat0, "a1") > y_of(seat0, "a8")
    assert y_of(seat1, "a1") < y_of(seat1, "a8")
    spectator = game.render_svg(state, None)
    assert y_of(spectator, "a1") > y_of(spectator, "a8")
