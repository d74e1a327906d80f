"""``core.random_step`` / ``random_steps`` on every registered game and option preset:
the random legal step the bench, the lab and many tests play (seeded; failures name
the seed and the step)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.core import State, random_step, random_steps, sample
from tests.conftest import game_presets

CASES = game_presets()
IDS = [f"{g}-{p}" for g, p, _ in CASES]
SEEDS = (3, 4)


def _by_hand(state: State, rng: random.Random) -> list[Any]:
    """The loop random_step replaces, written out: the keys of every state to the end."""
    keys = [state.key()]
    while not state.is_terminal:
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            player = state.actors[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
        keys.append(state.key())
    return keys


@pytest.mark.parametrize("seed", SEEDS, ids=lambda s: f"seed{s}")
@pytest.mark.parametrize(("name", "options"), [(g, o) for g, _, o in CASES], ids=IDS)
def test_random_step_plays_the_written_out_loop(name: str, options: dict[str, Any], seed: int) -> None:
    """Checked and unchecked, random_step makes the same draws as ``rng.choice`` over the
    first actor's legal actions and ``sample`` over the dice: the same game, step by step,
    ending within the game's declared length."""
    game = dicefront.load(name, **options)
    expected = _by_hand(game.new_state(), random.Random(seed))
    assert len(expected) - 1 <= game.spec.max_length, f"seed {seed}: longer than max_length"
    for checked in (False, True):
        state, rng = game.new_state(), random.Random(seed)
        keys = [state.key()]
        while random_step(state, rng, checked=checked):
            keys.append(state.key())
            assert len(keys) <= len(expected), f"seed {seed} checked={checked}: the game went on past the expected end"
        first_diff = next((i for i, (a, b) in enumerate(zip(keys, expected, strict=False)) if a != b), None)
        assert first_diff is None, f"seed {seed} checked={checked}: states differ at step {first_diff}"
        assert len(keys) == len(expected) and state.is_terminal, f"seed {seed} checked={checked}"


@pytest.mark.parametrize("seed", SEEDS, ids=lambda s: f"seed{s}")
@pytest.mark.parametrize(("name", "options"), [(g, o) for g, _, o in CASES], ids=IDS)
def test_random_steps_counts_and_stops_at_the_end(name: str, options: dict[str, Any], seed: int) -> None:
    game = dicefront.load(name, **options)
    total = len(_by_hand(game.new_state(), random.Random(seed))) - 1
    state, rng = game.new_state(), random.Random(seed)
    first = min(5, total)
    assert random_steps(state, first, rng) == first, f"seed {seed}"
    assert random_steps(state, 0, rng) == 0, f"seed {seed}"
    assert random_steps(state, 10 * total + 10, rng) == total - first, f"seed {seed}"
    assert state.is_terminal, f"seed {seed}"
    end = state.key()
    assert random_steps(state, 3, rng) == 0 and not random_step(state, rng), f"seed {seed}: a step after the end"
    assert state.key() == end, f"seed {seed}: a finished game changed"
