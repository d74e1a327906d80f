"""Both players' turn-start boards are kept across turns (``sides.py``, issue #15) and
changed by each move, capture, death and change of stance instead of made again at
each roll. After every step of seeded games they must equal ``tactics.start_boards``
made afresh from the men, and a clone's steps must leave the original's alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.games.army_backgammon import sides as S
from dicefront.games.army_backgammon import tactics as T

from .helpers import after_each_step

OPTIONS: list[dict[str, Any]] = [
    {},
    {"attack_direction": "ahead"},
    {"army": "large"},
    {"mines": True},
    {"setup": "choose", "mines": True, "minefields": 2, "detector_sweep": "pass"},
    {"dice": 3},
]


def _same(st: Any, where: str) -> None:
    for p in (0, 1):
        assert S.boards(st._sides, p) == T.start_boards(st.game.context, st.men, p), f"{where}, player {p}"


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_kept_sides_are_the_boards_made_afresh(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    checked = 0
    for step, st in enumerate(after_each_step(game, rng, 5)):
        if st._sides is None:
            continue
        checked += 1
        where = f"seed {seed}, step {step}, turn {st.turn}, phase {st.phase}"
        _same(st, where)
        if st.actors and step % 3 == 0:  # a clone's action changes its own sides only
            copy = st.clone()
            p = copy.actors[0]
            actions = copy.legal_actions(p)
            copy.push(actions[rng.randrange(len(actions))], p)
            _same(st, where + " (after a clone's action)")
            if copy._sides is not None:
                _same(copy, where + " (the clone)")
    assert checked > 200, f"seed {seed}: only {checked} positions with kept sides"
