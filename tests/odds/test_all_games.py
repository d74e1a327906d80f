"""Every registered game: odds of actions met in seeded random games are complete
distributions (exact Fractions summing to 1, or [] without dice), never change the
position, and every end of the sequence is a decision, the next turn's dice or the
end of the game."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.core import State, sample
from dicefront.odds import analyse

SEED = 5
STATES_PER_GAME = 6
ACTIONS_PER_STATE = 4


def positions(name: str, seed: int) -> list[State]:
    """Decision points spread over one seeded random game (past the set-up)."""
    game = dicefront.load(name)
    rng = random.Random(seed)
    state = game.new_state()
    seen: list[State] = []
    for _ in range(3000):
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        seen.append(state.clone())
        player = state.actors[0]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randrange(len(legal))], player)
    later = seen[len(seen) // 4 :]
    fights = [st for st in later if any(str(a).split()[0] in ("attack", "charge", "fight-on") for a in st.legal_actions(st.actors[0]))]
    pool = fights if len(fights) >= STATES_PER_GAME // 2 else later
    step = max(1, len(pool) // STATES_PER_GAME)
    return pool[::step][:STATES_PER_GAME]


DICE_WORDS = ("attack", "charge", "breakaway", "move", "fight-on", "done", "play")


@pytest.mark.parametrize("name", dicefront.names())
def test_odds_of_actions_in_random_games(name: str) -> None:
    rng = random.Random(SEED)
    dice = 0
    for i, state in enumerate(positions(name, SEED)):
        player = state.actors[0]
        legal = state.legal_actions(player)
        likely = [a for a in legal if str(a).split()[0] in DICE_WORDS]
        chosen = [*rng.sample(likely, min(ACTIONS_PER_STATE, len(likely))), legal[rng.randrange(len(legal))]]
        for action in chosen:
            where = f"{name} seed {SEED} position {i} action {action}"
            before = state.to_json()
            result = analyse(state, action, player)
            assert state.to_json() == before, f"{where}: asking changed the position"
            if result.outcomes:
                assert sum(p for _, p in result.outcomes) == 1, where
                assert all(p > 0 and label for label, p in result.outcomes), where
            assert result.policy, where
            dice += bool(result.outcomes)
    assert dice, f"{name} seed {SEED}: no sampled action had dice; the sample is too thin"
