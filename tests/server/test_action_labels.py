"""Buttons in words: every action made with a button (no board path) has a label in
words from its game's svg role, while the notation stays what is sent."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.core.chance import sample


@pytest.mark.parametrize("name", dicefront.names())
def test_every_button_action_has_words(name: str) -> None:
    game = dicefront.load(name)
    words = game.role_function("svg", "action_label", required=False)
    assert words is not None, f"{name}: its svg module has no action_label()"
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state()
        for _ in range(600):
            if state.is_terminal:
                break
            if state.is_chance:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            player = state.actors[0]
            actions = state.legal_actions(player)
            for action in actions:
                if not game.action_path(state, action):
                    label = words(state, action)
                    assert label and label != str(action) and " " in label, f"{name}, seed {seed}: no words for {action}"
            state.apply(rng.choice(actions), player)
