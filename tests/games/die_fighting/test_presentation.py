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
