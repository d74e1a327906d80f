"""The PettingZoo adapter passes PettingZoo's own test suites on every game, and
behaves as documented (seeding, illegal ids, hidden plans, rendering, truncation)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import dicefront
from dicefront.core.errors import DicefrontError, OptionError, UnknownGameError

from .conftest import other_presets, require, strict_warnings

pz_test = require("pettingzoo.test")
adapter = require("dicefront.adapters.pettingzoo")

GAMES = dicefront.names()

# api_test warns about a dict observation ("not a NumPy array", "probably should be
# Box or Discrete") unless the environment is one of PettingZoo's own classic games
# (it exempts them by name): the dict of ``observation`` and ``action_mask`` is the
# action-mask convention of those very games, and api_test checks both arrays inside
# it. Every other warning (infinite bounds, NaNs, an observation outside its space,
# a bad mask, a non-float reward...) fails the test.
PZ_HARMLESS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name: str) -> None:
    with strict_warnings(*PZ_HARMLESS):
        pz_test.api_test(adapter.env(name), num_cycles=60)


@pytest.mark.parametrize(("name", "options"), other_presets(), ids=[n for n, _ in other_presets()])
def test_api_test_on_another_preset(name: str, options: dict[str, Any]) -> None:
    with strict_warnings(*PZ_HARMLESS):
        pz_test.api_test(adapter.env(name, **options), num_cycles=30)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name: str) -> None:
    with strict_warnings(*PZ_HARMLESS):
        pz_test.seed_test(lambda: adapter.env(name), num_cycles=40)


def _episode(name: str, seed: int, steps: int) -> list[tuple[str, bytes]]:
    env = adapter.env(name)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        seen.append((agent, obs["observation"].tobytes()))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_reset_seed_reproduces_the_dice(name: str) -> None:
    first = _episode(name, 7, 60)
    assert first == _episode(name, 7, 60), "seed 7: same seed and actions gave another episode"


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_id_is_a_clear_error_and_changes_nothing(name: str) -> None:
    env = adapter.env(name)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.state.key()
    for bad in (int(np.flatnonzero(mask == 0)[0]), -1, mask.size, 1.5, "3", True):
        with pytest.raises(DicefrontError) as info:
            env.step(bad)
        assert "\n" not in str(info.value)
    assert env.state.key() == before and env.agent_selection == agent


def test_bad_names_and_options_are_one_line_errors() -> None:
    with pytest.raises(UnknownGameError):
        adapter.env("no-such-game")
    name = GAMES[0]
    with pytest.raises(OptionError):
        adapter.env(name, no_such_option=1)
    with pytest.raises(OptionError):
        adapter.env(name, render_mode="human")
    with pytest.raises(OptionError):
        adapter.env(name, max_steps=0)


@pytest.mark.parametrize("name", GAMES)
def test_render_modes(name: str) -> None:
    text = adapter.env(name, render_mode="ansi")
    text.reset(seed=0)
    assert isinstance(text.render(), str) and text.render()
    svg = adapter.env(name, render_mode="svg")
    svg.reset(seed=0)
    assert svg.render().lstrip().startswith("<svg")


@pytest.mark.parametrize("name", GAMES)
def test_truncated_after_max_steps(name: str) -> None:
    env = adapter.env(name, max_steps=6)
    env.reset(seed=3)
    for agent in env.agent_iter(100):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.agents, "the episode should be over"
    assert env.steps >= 6


@pytest.mark.parametrize("name", GAMES)
def test_max_steps_truncates_every_agent_at_once(name: str) -> None:
    """What max_cycles_test would check, for a turn-based game (it cannot run here,
    see docs/research.md): the first step that reaches ``max_steps`` truncates every
    agent together, with no reward; each agent then sees its truncation once and
    the episode ends."""
    limit = 5
    env = adapter.env(name, max_steps=limit)
    env.reset(seed=11)
    assert not any(env.truncations.values())
    while not any(env.truncations.values()):
        assert env.steps < limit, f"{env.steps} steps and not truncated (max_steps={limit})"
        obs, _, term, _, _ = env.last()
        assert not term, "the game ended before max_steps; pick a smaller limit"
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.steps >= limit and not env.state.is_terminal
    assert env.truncations == dict.fromkeys(env.possible_agents, True)
    assert env.terminations == dict.fromkeys(env.possible_agents, False)
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)
    finals = []
    for agent in env.agent_iter(10):
        _, reward, term, trunc, _ = env.last()
        assert trunc and not term and reward == 0.0
        finals.append(agent)
        env.step(None)
    assert sorted(finals) == sorted(env.possible_agents) and not env.agents


@pytest.mark.parametrize("name", [n for n in GAMES if dicefront.load(n).simultaneous])
def test_a_plan_entered_first_is_hidden_from_the_other_side(name: str) -> None:
    """Where both sides write orders at once, player 0 enters first; player 1's
    observation does not change while it does (the plan is hidden; that player 0
    has handed its plan in, once it is complete, is public)."""
    env = adapter.env(name)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    checked = 0
    for agent in env.agent_iter(400):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        both = env.state.actors == (0, 1)
        other = env.observe("player_1")["observation"].copy()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if both and agent == "player_0" and env.state.actors == (0, 1):
            assert np.array_equal(env.observe("player_1")["observation"], other), "player 1 saw player 0's plan"
            checked += 1
    assert checked > 0
