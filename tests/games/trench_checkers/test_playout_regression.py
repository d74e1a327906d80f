"""Fixed-count regression for the move-generation speed-ups (issue #15): seeded random
playouts through the public API must yield exactly the legal-action lists, actions and
event texts recorded from the code before the speed-ups (main at e0b2a65)."""

from __future__ import annotations

import hashlib
import random

import pytest

from dicefront import load
from dicefront.core.chance import sample
from dicefront.games.trench_checkers import TrenchCheckersGame

PLAYOUTS = 3
RECORDED = {
    "default": "93f19fbb31caf88ab04f7ead79f0f4cbabd18b43459fdc124311887625f945dd",
    "no-cards": "6e9356205c8e4efe94749b29c82b2e5a5c95afba2b8e9f36328d4e6ebe21d6ed",
    "compact": "cefb161414e0c69d482df3925107c07af8c6c2f46543533a4a0c24c76d1160ce",
    "depots-on": "70b849fa9d1fadce2645832c088429a6b90ccf9ae70a29665eae1f9724f499aa",
    "no-pass": "800b992741c4e6cd69b93c7bd866ac75259832ff29ae93f8a5e351cb9d33e309",
}
OPTIONS = {**TrenchCheckersGame.presets, "no-pass": {"pass_commando": False}}


def playout_digest(preset: str, seed: int) -> str:
    """sha256 over every step of ``PLAYOUTS`` seeded random playouts: the actor's legal
    actions, the action taken (or the chance outcome) and the events' texts."""
    game = load("trench_checkers", **OPTIONS[preset])
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(PLAYOUTS):
        state = game.new_state()
        while not state.is_terminal:
            if state.is_chance:
                outcome = sample(state.chance_outcomes(), rng)
                events = state.apply_chance(outcome)
                digest.update(repr(outcome).encode())
            else:
                player = state.actors[0]
                actions = state.legal_actions(player)
                action = actions[rng.randrange(len(actions))]
                digest.update(repr(actions).encode())
                events = state.apply(action, player)
            for event in events:
                digest.update(event.text.encode())
    return digest.hexdigest()


@pytest.mark.parametrize("preset", sorted(RECORDED))
def test_seeded_playouts_unchanged(preset: str) -> None:
    seed = 15
    assert playout_digest(preset, seed) == RECORDED[preset], f"preset {preset}, seed {seed}"
