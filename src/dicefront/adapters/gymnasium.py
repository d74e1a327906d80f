"""Every Dicefront game as a single-agent Gymnasium environment against a built-in
opponent.

``make("ditch", opponent="medium", seat=0, **options)``: the agent plays ``seat``;
the opponent is a level (easy, medium, hard) or an agent spec
(``mcts:iterations=50``), checked when the environment is made. Dice and the
opponent's moves happen inside :meth:`DicefrontEnv.step` with RNGs derived from the
``reset`` seed, so the same seed and the same actions give the same episode (the
``hard`` level stops on the clock and is not reproducible). Actions are ids in
``Discrete(num_distinct_actions)``; the legal ones are ``info["action_mask"]`` and
:meth:`DicefrontEnv.action_masks` (the name MaskablePPO looks for).

An id that is not an integer in range is a one-line ``ActionIdInputError`` (a
ValueError). An id in range that is not legal now follows ``illegal_action``:
``"lose"`` (the default, as PettingZoo's classic games do) ends the episode as a
loss for the agent (reward -1, ``info["illegal_action"]`` says why; the game itself
is unchanged); ``"raise"`` raises the ``ActionIdInputError`` and changes nothing.
The reward is the game's return for ``seat`` at the end (1 win, -1 loss, 0 draw),
0 before; an episode is truncated after ``max_steps`` calls of ``step`` (the agent's
own actions, as Gymnasium's TimeLimit counts; default: the game's ``length_bound()``).
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..core.errors import OptionError
from ..core.match import agent_copy
from . import _common
from .pettingzoo import RENDER_MODES, check_max_steps, check_render_mode, observation_box

ILLEGAL_ACTION = ("lose", "raise")


def _check_illegal(value: Any) -> str:
    if value not in ILLEGAL_ACTION:
        raise OptionError(f"illegal_action must be one of: {', '.join(ILLEGAL_ACTION)}")
    return str(value)


def _check_seat(seat: Any) -> int:
    if isinstance(seat, bool) or seat not in (0, 1):
        raise OptionError("seat must be 0 or 1")
    return int(seat)


class DicefrontEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A Dicefront game against a built-in opponent (see the module doc)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # fps: turn-based, no animation

    def __init__(self, game_name: str, opponent: str = "medium", seat: int = 0, render_mode: str | None = None,
                 max_steps: int | None = None, illegal_action: str = "lose", **options: Any) -> None:
        self.game = _common.load_game(game_name, options)
        self.seat = _check_seat(seat)
        self.illegal_action = _check_illegal(illegal_action)
        self.forfeited: str | None = None
        self.opponent = make_agent(opponent, self.game)
        self.render_mode = check_render_mode(render_mode)
        self.max_steps = check_max_steps(max_steps, self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_space = observation_box(self.game)
        self._dice = _common.new_rng(None)
        self._opponent_rng = random.Random(self._dice.getrandbits(64))
        self.state = self.game.new_state()
        self.steps = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._dice = _common.new_rng(seed)
            self._opponent_rng = random.Random(self._dice.getrandbits(64))
        self.state = self.game.new_state()
        self.steps = 0
        self.forfeited = None
        self._advance()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state.is_terminal or self.steps >= self.max_steps or self.forfeited is not None:
            raise OptionError("the episode is over: call reset() before step()")
        _common.action_index(action, self.game.num_distinct_actions)
        try:
            move = _common.decode(self.game, self.state, self.seat, action)
        except _common.ActionIdInputError as exc:
            if self.illegal_action == "raise":
                raise
            self.forfeited = str(exc)
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": self.forfeited}
        self.state.push(move, self.seat)
        self.steps += 1
        if self.steps < self.max_steps:
            self._advance()
        terminated = self.state.is_terminal
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, self._info()

    def _advance(self) -> None:
        """Roll the dice and let the opponent play until the agent's seat must act."""
        state, other = self.state, 1 - self.seat
        while not state.is_terminal and self.seat not in state.actors:
            if state.is_chance:
                _common.roll_dice(state, self._dice)
                continue
            rng = self._opponent_rng
            state.apply(self.opponent.choose(agent_copy(state, other, rng), other, rng), other)

    def _observe(self) -> np.ndarray:
        return _common.observation(self.game, self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def action_masks(self) -> np.ndarray:
        """The legal action ids of the agent's seat, as booleans."""
        return _common.action_mask(self.game, self.state, self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return self.game.render_svg(self.state, self.seat)
        if self.render_mode == "ansi":
            return _common.render_ansi(self.game, self.state, self.seat)
        return None


def make(game_name: str, opponent: str = "medium", seat: int = 0, **options: Any) -> DicefrontEnv:
    """The single-agent environment of ``game_name`` (options as keywords, with
    ``render_mode`` and ``max_steps``); bad names, options or specs are one-line errors."""
    return DicefrontEnv(game_name, opponent=opponent, seat=seat, **options)
