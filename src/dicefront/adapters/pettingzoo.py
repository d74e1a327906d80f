"""Every Dicefront game as a PettingZoo AEC environment.

``env("ditch")`` (or any registered game, with its options as keywords) has agents
``player_0`` and ``player_1``. An observation is a dict of ``observation`` (float32,
the game's ``observation_shape``, built from that player's view only) and
``action_mask`` (int8 over the game's ``num_distinct_actions``). Dice are rolled
inside :meth:`DicefrontAEC.step` with the environment's own RNG, so
``reset(seed=...)`` reproduces an episode. When both players may act at once (Hell's
Ditch plans), player 0 enters its orders first and player 1 second; neither
observation shows the other side's plan. An episode is truncated for every agent
at once after ``max_steps`` actions by the players (dice rolls do not count; default:
the game's ``length_bound()``, which no finished game exceeds). Render modes: ``ansi`` (text) and ``svg`` (SVG text), both a spectator's
view. An illegal action id is a one-line ``ActionIdInputError`` (a ValueError); the
state is unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import OptionError
from ..core.game import Game, State
from . import _common
from ._common import AGENTS

RENDER_MODES = ("ansi", "svg")


def observation_box(game: Game[Any, Any]) -> spaces.Box:
    """The space of the observation tensor: float32 of the game's shape, in [-1, 1]
    (the bound every game's encoding keeps; tests/core/test_encoding.py checks it)."""
    return spaces.Box(-1.0, 1.0, shape=tuple(game.observation_shape), dtype=np.float32)


def observation_space(game: Game[Any, Any]) -> spaces.Dict:
    """The observation space of every agent: the tensor and the action mask."""
    mask_dtype: Any = np.int8  # gymnasium's stubs type Box's dtype as float32 only
    return spaces.Dict({
        "observation": observation_box(game),
        "action_mask": spaces.Box(0, 1, shape=(game.num_distinct_actions,), dtype=mask_dtype),
    })


def check_render_mode(render_mode: Any) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(f"unknown render_mode {str(render_mode)[:40]!r}; available: {', '.join(RENDER_MODES)}")
    return None if render_mode is None else str(render_mode)


def check_max_steps(max_steps: Any, game: Game[Any, Any]) -> int:
    if max_steps is None:
        return game.length_bound()
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise OptionError("max_steps must be a positive integer")
    return max_steps


class DicefrontAEC(AECEnv):
    """A Dicefront game as a turn-based PettingZoo environment (see the module doc)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1, "name": "dicefront_v0", "is_parallelizable": False}

    def __init__(self, game_name: str, render_mode: str | None = None, max_steps: int | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.game = _common.load_game(game_name, options)
        self.metadata = {**self.metadata, "name": f"dicefront_{self.game.name}_v0"}
        self.render_mode = check_render_mode(render_mode)
        self.max_steps = check_max_steps(max_steps, self.game)
        self.possible_agents = list(AGENTS)
        self._obs_space = observation_space(self.game)
        self._act_space = spaces.Discrete(self.game.num_distinct_actions)
        self._rng = _common.new_rng(None)
        self.state: State = self.game.new_state()
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = _common.new_rng(seed)
            self._act_space.seed(seed)
        self.state = self.game.new_state()
        _common.roll_dice(self.state, self._rng)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        return {
            "observation": _common.observation(self.game, self.state, player),
            "action_mask": _common.action_mask(self.game, self.state, player),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self.possible_agents.index(agent)
        move = _common.decode(self.game, self.state, player, action)
        self.state.push(move, player)
        self.steps += 1
        _common.roll_dice(self.state, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self._after_move()

    def _after_move(self) -> None:
        """Rewards, end of the episode and the next agent after a step or a reset."""
        state = self.state
        if state.is_terminal:
            returns = state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        player = _common.to_act(state)
        self.agent_selection = self.possible_agents[player] if player is not None else self.agents[0]

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return self.game.render_svg(self.state, None)
        if self.render_mode == "ansi":
            return _common.render_ansi(self.game, self.state, None)
        return None

    def close(self) -> None:
        pass


def env(game_name: str, render_mode: str | None = None, **options: Any) -> DicefrontAEC:
    """The AEC environment of ``game_name`` with the game's ``options`` (and
    ``max_steps``) as keywords; an unknown game or option is a one-line error."""
    return DicefrontAEC(game_name, render_mode=render_mode, **options)
