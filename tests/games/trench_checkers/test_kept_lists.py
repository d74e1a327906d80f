"""The kept move and attack lists, terrain-free steps and card-play tables (speed, issue
#15) never go stale: at every decision of seeded random games, through every kind of
change (moves, battles, cards, terrain, clones), the legal actions equal those of the
same position read back from its saved form (a state with nothing kept)."""

from __future__ import annotations

import random

import pytest

from dicefront import load
from dicefront.core.chance import sample
from dicefront.games.trench_checkers import TrenchCheckersGame


@pytest.mark.parametrize("preset", sorted(TrenchCheckersGame.presets))
def test_kept_lists_match_a_fresh_state(preset: str) -> None:
    seed = 7
    game = load("trench_checkers", **TrenchCheckersGame.presets[preset])
    rng = random.Random(seed)
    for n in range(2):
        state = game.new_state()
        step = 0
        while not state.is_terminal:
            if state.is_chance:
                state.push_chance(sample(state.chance_outcomes(), rng))
            else:
                player = state.actors[0]
                actions = state.legal_actions(player)
                fresh = game.state_from_json(state.to_json())
                assert fresh.legal_actions(player) == actions, f"preset {preset}, seed {seed}, game {n}, step {step}"
                for other in (0, 1):  # both players' lists, asked in both orders
                    assert state.moves(other) == fresh.moves(other), f"preset {preset}, seed {seed}, game {n}, step {step}"
                    assert state.attacks(other) == fresh.attacks(other), f"preset {preset}, seed {seed}, game {n}, step {step}"
                if rng.random() < 0.3:
                    state = state.clone()  # a clone shares what was kept
                state.push(actions[rng.randrange(len(actions))], player)
            step += 1
