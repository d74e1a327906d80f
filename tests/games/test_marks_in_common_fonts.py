"""Every mark a board or its legend writes is a character the common fonts draw (the
DejaVu family that Debian's Chromium and most terminals fall back on): a symbol
from a block they do not cover shows as an empty box, and its legend entry then
explains a box (issue 20: Army Man Backgammon's mine detector was U+2316)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from tests.conftest import game_presets, random_walk

SEED = 5
# Latin, punctuation, arrows, mathematical operators, geometric shapes, symbols, dingbats.
COVERED = [(0x20, 0x24F), (0x2000, 0x206F), (0x2070, 0x209F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x27BF)]


def uncovered(text: str) -> set[str]:
    return {c for c in text if c not in "\n\t" and not any(lo <= ord(c) <= hi for lo, hi in COVERED)}


@pytest.mark.parametrize(("name", "preset", "options"), game_presets())
def test_board_and_legend_marks_are_in_common_fonts(name: str, preset: str, options: dict[str, Any]) -> None:
    game = dicefront.load(name, **options)
    legend = game.role_function("svg", "legend")(game)
    assert not uncovered("".join(k + v for k, v in legend)), f"{name} ({preset}): its legend"
    for i, state in enumerate(random_walk(game.new_state(), random.Random(SEED), 300)):
        if i % 15:
            continue
        for viewer in (0, 1, None):
            where = f"{name} ({preset}), seed {SEED}, step {i}, seat {viewer}"
            assert not uncovered(game.render_svg(state, viewer)), f"{where}: its board"
            assert not uncovered(str(game.render_text(state, viewer))), f"{where}: its terminal board"
