"""Hell's Ditch's own ``State.key()`` (written out for speed) is exactly the generic
key of the core contract on positions from seeded random play, so a slot added to
the state without being added to the key fails here."""

from __future__ import annotations

import random

import pytest

from dicefront.core import State, sample
from dicefront.core.registry import load


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_written_out_key_is_the_generic_key(seed: int) -> None:
    game = load("hells_ditch")
    rng = random.Random(seed)
    state = game.new_state()
    for step in range(400):
        assert state.key() == State.key(state), f"seed {seed} step {step}"
        if state.is_terminal:
            break
        if state.is_chance:
            state.push_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[rng.randrange(len(state.actors))]
        actions = state.legal_actions(player)
        state.apply(actions[rng.randrange(len(actions))], player)
