"""The svg role's optional ``same_picture``: whenever it says two viewers' views draw the
same picture, they do, byte for byte (the server then draws the picture once and sends
it to both: seat_view.shared_picture); over random play of every game that has one."""

from __future__ import annotations

import itertools
import random

import pytest

import dicefront
from dicefront.core import random_step

VIEWERS: tuple[int | None, ...] = (0, 1, None)
NAMES = [n for n in dicefront.names() if dicefront.load(n).role_function("svg", "same_picture", required=False) is not None]


def test_the_games_that_share_pictures() -> None:
    assert {"ditch", "trench_checkers", "die_fighting"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_views_said_to_draw_the_same_picture_do(name: str) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    same = game.role_function("svg", "same_picture")
    state = game.new_state()
    shared = 0
    for step in range(150):
        views = {v: state.view(v) for v in VIEWERS}
        for a, b in itertools.permutations(VIEWERS, 2):
            if same(game, views[a], views[b]):
                shared += 1
                assert game.render_svg(state, a, views[a]) == game.render_svg(state, b, views[b]), f"{name}, seed {seed}, step {step}: viewers {a} and {b}"
        if state.is_terminal:
            break
        random_step(state, rng, checked=True)
    assert shared, f"{name}, seed {seed}: no two viewers ever shared a picture"


def test_a_seat_whose_picture_differs_draws_its_own() -> None:
    """Ditch: seat 1 sees the board turned, so it never takes seat 0's picture."""
    game = dicefront.load("ditch")
    same = game.role_function("svg", "same_picture")
    state = game.new_state()
    assert not same(game, state.view(0), state.view(1))
    assert same(game, state.view(0), state.view(None))
