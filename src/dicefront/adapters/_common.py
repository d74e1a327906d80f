"""What the three research adapters share: a game built from untrusted options,
whose turn it is, dice rolled with the adapter's own RNG, checked action ids and
numpy observations. Everything here goes through the core contract only (no game
is named), and numpy is imported only by the adapters, never by the core."""

from __future__ import annotations

import numbers
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.chance import sample
from ..core.encoding import renderable_text
from ..core.errors import DicefrontError, OptionError
from ..core.game import Action, Game, State
from ..core.registry import build, names

AGENTS = ("player_0", "player_1")
"""The seat names the multi-agent adapters use (seat 0, seat 1)."""


class ActionIdInputError(DicefrontError):
    """An action id handed to an adapter that is not an integer in range, or not a
    legal action for the player to act."""


def load_game(game_name: Any, options: Mapping[str, Any]) -> Game[Any, Any]:
    """The game ``game_name`` with ``options`` checked (names, types, ranges), as for a
    network client: an unknown game or option is a one-line OptionError/UnknownGameError."""
    if not isinstance(game_name, str):
        raise OptionError(f"the game name must be text, one of: {', '.join(names())}")
    return build(game_name, dict(options))


def to_act(state: State) -> int | None:
    """The seat that acts next, None at the end. When both seats may act (a plan
    written at the same time by both sides), the lower seat enters its orders first:
    each side sees only its own plan (its view), so the sequential form hides the
    other side's plan exactly as the simultaneous one does."""
    actors = state.actors
    return actors[0] if actors else None


def roll_dice(state: State, rng: random.Random) -> int:
    """Resolve chance nodes with ``rng`` (exact probabilities) until a player must act
    or the game ends; return the number of outcomes drawn."""
    drawn = 0
    while state.is_chance and not state.is_terminal:
        state.push_chance(sample(state.chance_outcomes(), rng))
        drawn += 1
    return drawn


def action_index(value: Any, size: int) -> int:
    """``value`` as an action id in ``range(size)``: an int, a numpy integer or a
    0-d integer array; anything else is a one-line ActionIdInputError."""
    if isinstance(value, np.ndarray) and value.shape == () and np.issubdtype(value.dtype, np.integer):
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ActionIdInputError(f"an action id must be an integer in 0..{size - 1}, got {type(value).__name__}")
    index = int(value)
    if not 0 <= index < size:
        raise ActionIdInputError(f"action id {index} is out of range 0..{size - 1}")
    return index


def decode(game: Game[Any, Any], state: State, player: int, value: Any) -> Action:
    """The legal action of ``player`` with id ``value``, or ActionIdInputError saying
    why not (out of range, or not legal now)."""
    index = action_index(value, game.num_distinct_actions)
    if index not in game.legal_action_ids(state, player):
        raise ActionIdInputError(f"action id {index} is not a legal action for player {player} now")
    try:
        action: Action = game.action_from_id(state, index)
    except ValueError as exc:
        raise ActionIdInputError(f"action id {index}: {exc}") from None
    return action


def observation(game: Game[Any, Any], state: State, player: int) -> np.ndarray:
    """``player``'s observation tensor (built from its view only) as float32 of the
    game's declared ``observation_shape``."""
    flat = np.asarray(game.observation_tensor(state, player), dtype=np.float32)
    return flat.reshape(tuple(game.observation_shape))


def action_mask(game: Game[Any, Any], state: State, player: int) -> np.ndarray:
    """1 for each legal action id of ``player`` (all zeros when it may not act)."""
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    if player in state.actors:
        mask[list(game.legal_action_ids(state, player))] = 1
    return mask


def render_ansi(game: Game[Any, Any], state: State, player: int | None = None) -> str:
    """Plain text of ``player``'s view (None: a spectator, who sees no secrets)."""
    return renderable_text(game.render_text(state, player))


def new_rng(seed: int | None) -> random.Random:
    """The adapter's RNG: seeded, or from the operating system's entropy when no
    seed is given (reset(seed=...) makes episodes reproducible)."""
    if seed is None:
        return random.Random(random.SystemRandom().getrandbits(64))
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise OptionError(f"a seed must be an integer, got {type(seed).__name__}")
    return random.Random(int(seed))
