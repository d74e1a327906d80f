"""Rendering, click paths, evaluation and outcome labels (not rules)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from rich.console import Console

import dicefront
from dicefront.core import Roll
from tests.conftest import random_walk

from .helpers import act, position


def test_text_and_svg_show_the_battlefield_and_every_action_has_clickable_ids() -> None:
    seed = 5
    game = dicefront.load("die_fighting")
    states = random_walk(game.new_state(), random.Random(seed), 400)
    console = Console(record=True, width=120)
    for st in states[::20]:
        console.print(game.render_text(st, 0))
        svg = game.render_svg(st, None)
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox=')
        ids = set(re.findall(r'id="([^"]+)"', svg))
        for p in st.actors:
            for action in st.legal_actions(p):
                for ident in game.action_path(st, action):
                    assert ident in ids, f"seed {seed}: {action} -> {ident} missing from the picture"
        assert -1.0 <= game.evaluate(st, 0) <= 1.0
    assert "uses left" in console.export_text()


def test_outcome_labels_group_attack_results(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "HI", "d5", None)], stage="combat")
    act(st, "activate d4")
    before = st.clone()
    events = act(st, "attack d5")
    miss = st.clone()
    events_miss = events + miss.apply_chance(Roll((1, 1))) + miss.apply_chance(Roll((6, 6)))
    assert st.game.outcome_label(before, miss, events_miss, 0) == "miss"
    events_hit = events + st.apply_chance(Roll((6, 6))) + st.apply_chance(Roll((1, 1))) + st.apply_chance(Roll((3,)))
    assert st.game.outcome_label(before, st, events_hit, 0) == "d5 3 damage"


def test_slow_ground_stays_visible_under_a_unit(tmp_path: Path) -> None:
    """No terrain writing lies under a unit's piece (it would cover it): slow ground is
    striped over the whole square, and the unit's tooltip names the ground."""
    st = position(tmp_path, [(0, "LI", "d4", None), (1, "HI", "e5", None)], rows=["S" * 10] * 10)
    svg = st.game.render_svg(st, None)
    assert 'fill="url(#df-slow)"' in svg and '<pattern id="df-slow"' in svg
    assert re.search(r'<g id="u-d4"[^>]*><title>[^<]*, on slow ground</title>', svg)
    squares = {m[0]: (float(m[1]), float(m[2]), float(m[3])) for m in re.findall(
        r'<rect id="c-(\w+)" class="df-target" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)}
    outside_pieces = re.sub(r'<g id="[ur][^"]*".*?</g>', "", svg)
    for square in ("d4", "e5"):
        x, y, size = squares[square]
        for tx, ty in re.findall(r'<text x="([\d.]+)" y="([\d.]+)"', outside_pieces):
            assert not (x <= float(tx) <= x + size and y <= float(ty) <= y + size), f"writing under the unit on {square}"
