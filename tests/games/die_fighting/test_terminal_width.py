"""The terminal board of the widest map (war mode, 20 columns) fits 100 columns."""

from __future__ import annotations

import random

from rich.console import Console

import dicefront
from dicefront.core.chance import sample
from dicefront.games.die_fighting import DieFightingGame


def test_war_board_fits_100_columns() -> None:
    seed = 1
    rng = random.Random(seed)
    game = dicefront.load("die_fighting", mode="war")
    assert isinstance(game, DieFightingGame)
    state = game.new_state()
    for _ in range(2000):  # to the deployment, with units on the board
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[0]
        view = state.view(player)
        if len(view["maps"]) == game.map_count and len(view["units"]) >= 4:
            break
        state.apply(rng.choice(state.legal_actions(player)), player)
    width = game.field_for(state.view(0)["maps"]).grid.width
    assert width == 20, f"seed {seed}: war mode map is {width} columns wide"
    console = Console(width=400, record=True, color_system=None)
    console.print(game.render_text(state, 0))
    lines = console.export_text().splitlines()
    board = lines[: 20 + 2]  # header, 20 rows, header
    too_wide = [line for line in board if len(line.rstrip()) > 100]
    assert not too_wide, f"seed {seed}: {len(too_wide)} board lines wider than 100 columns"
    assert all(len(line.rstrip()) <= 100 for line in lines if line.startswith(("Units", "Terrain")))
