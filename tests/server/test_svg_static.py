"""The board picture drawn from a game's cached static layer (core ``svg_static``) is
byte for byte the picture drawn without it, over random play of every game."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.core import random_step

STEPS = 150


@pytest.mark.parametrize("name", dicefront.names())
def test_cached_static_layer_draws_the_same_bytes(name: str) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    uncached = game.role_function("svg", "render_svg")
    state = game.new_state()
    try:
        for _ in range(STEPS):
            for viewer in (0, 1, None):
                assert game.render_svg(state, viewer) == uncached(game, state.view(viewer))
            if state.is_terminal:
                break
            random_step(state, rng, checked=True)
    except AssertionError:
        print(f"seed={seed}")
        raise


@pytest.mark.parametrize("name", dicefront.names())
def test_the_static_layer_is_drawn_once_per_game_and_viewer(name: str) -> None:
    game = dicefront.load(name)
    for viewer in (0, 1, None):
        assert game.svg_static(viewer) is game.svg_static(viewer)
    other = dicefront.load(name)
    if game.svg_static(0) is not None:
        assert other.svg_static(0) is not game.svg_static(0)  # one game's layer is its own
