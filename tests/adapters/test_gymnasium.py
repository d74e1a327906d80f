"""The Gymnasium adapter: a single-agent environment against a built-in opponent that
passes Gymnasium's env_checker on every game and refuses bad input clearly."""

from __future__ import annotations

import numpy as np
import pytest

import dicefront
from dicefront.core.errors import AgentError, DicefrontError, OptionError

from .conftest import require, strict_warnings

env_checker = require("gymnasium.utils.env_checker")
adapter = require("dicefront.adapters.gymnasium")

GAMES = dicefront.names()

# check_env can only re-make an environment in another render mode through a
# gymnasium registry spec; ours is made by ``make`` and has none, so it warns and
# skips that part. test_check_env runs the checker once per render mode instead,
# which covers what it skips. Any other warning fails the test.
NO_SPEC = ".*Not able to test alternative render modes"


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name: str) -> None:
    for render_mode in (None, *adapter.RENDER_MODES):
        with strict_warnings(NO_SPEC):
            env_checker.check_env(adapter.make(name, opponent="random", render_mode=render_mode),
                                  skip_render_check=False)


@pytest.mark.parametrize("name", GAMES)
def test_check_env_second_seat_against_a_search(name: str) -> None:
    with strict_warnings(NO_SPEC):
        env_checker.check_env(adapter.make(name, opponent="mcts:iterations=8", seat=1))


def _episode(name: str, seed: int, steps: int) -> list[bytes]:
    env = adapter.make(name, opponent="mcts:iterations=5")
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs.tobytes()]
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        seen.append(obs.tobytes())
        if term or trunc:
            break
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_seed_reproduces_dice_and_opponent(name: str) -> None:
    assert _episode(name, 3, 15) == _episode(name, 3, 15), "seed 3: same seed and actions, another episode"


@pytest.mark.parametrize("name", GAMES)
def test_mask_and_action_masks_agree_with_the_legal_actions(name: str) -> None:
    env = adapter.make(name, opponent="random")
    _, info = env.reset(seed=2)
    ids = sorted(env.game.legal_action_ids(env.state, 0))
    assert list(np.flatnonzero(info["action_mask"])) == ids
    assert list(np.flatnonzero(env.action_masks())) == ids


@pytest.mark.parametrize("name", GAMES)
def test_max_steps_truncates(name: str) -> None:
    env = adapter.make(name, opponent="random", max_steps=4)
    _, info = env.reset(seed=6)
    truncated = terminated = False
    while not (truncated or terminated):
        assert env.steps < 4, f"{env.steps} steps and not truncated (max_steps=4)"
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (truncated, terminated, reward) == (True, False, 0.0) and env.steps >= 4
    with pytest.raises(OptionError, match="reset"):
        env.step(0)


def test_illegal_action_loses_by_default_or_raises() -> None:
    env = adapter.make(GAMES[0], opponent="random")
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.key()
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc) == (-1.0, True, False) and "not a legal action" in info["illegal_action"]
    assert env.state.key() == before
    with pytest.raises(OptionError, match="reset"):
        env.step(illegal)
    strict = adapter.make(GAMES[0], opponent="random", illegal_action="raise")
    strict.reset(seed=4)
    with pytest.raises(DicefrontError, match="not a legal action"):
        strict.step(illegal)
    for bad in (-1, env.action_space.n, 2.0, "1", None):
        with pytest.raises(DicefrontError):
            strict.step(bad)


def test_bad_arguments_are_one_line_errors() -> None:
    name = GAMES[0]
    with pytest.raises(AgentError):
        adapter.make(name, opponent="no-such-agent")
    with pytest.raises(AgentError):
        adapter.make(name, opponent="mcts:iterations=-5")
    with pytest.raises(OptionError):
        adapter.make(name, seat=2)
    with pytest.raises(OptionError):
        adapter.make(name, illegal_action="ignore")
    with pytest.raises(OptionError):
        adapter.make(name, no_such_option=True)
