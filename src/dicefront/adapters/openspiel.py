"""Every Dicefront game as an OpenSpiel Python game.

Importing this module registers each game of the registry with
``pyspiel.register_game`` as ``dicefront_<name>``; its options are the game's
parameters (``pyspiel.load_game("dicefront_ditch", {"board": "hex"})``).

* Dynamics: SEQUENTIAL for every game. When both players may act at once (Hell's
  Ditch plans), player 0 enters its orders first, then player 1; the observation
  of each player is built from its own view only, so neither sees the other's plan
  before the reveal: the imperfect-information sequential form of the simultaneous
  move (OpenSpiel's usual reduction, as ``turn_based_simultaneous_game``).
* Chance: EXPLICIT_STOCHASTIC with the exact probabilities (as floats); chance
  outcome id ``i`` is ``state.chance_outcomes()[i]``.
* Information: IMPERFECT_INFORMATION where the game hides anything, else PERFECT.
* Observations: ``make_py_observer`` gives the game's observation tensor and text
  (``observation_tensor`` / ``observation_string``), from the player's view only.
* Serialization: OpenSpiel's default (the action history, replayed), so
  ``pyspiel.random_sim_test(game, n, serialize=True, verbose=False)`` passes.
"""

from __future__ import annotations

import ctypes
import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..core.game import Game, State
from ..core.options import option_schema
from ..core.registry import build, game_class, load, names
from . import _common

PREFIX = "dicefront_"


def spiel_name(name: str) -> str:
    return PREFIX + name


def _defaults(name: str) -> dict[str, Any]:
    """The game's options with their default values: its OpenSpiel parameters."""
    return {o.name: o.default for o in option_schema(game_class(name).options_class)}


def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel description of game ``name`` (see the module doc)."""
    cls = game_class(name)
    info = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if cls.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION)
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if cls.has_chance
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    return pyspiel.GameType(
        short_name=spiel_name(name),
        long_name=f"Dicefront {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=info,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


class DicefrontSpielGame(pyspiel.Game):
    """A Dicefront game with fixed options, seen by OpenSpiel."""

    def __init__(self, name: str, dgame: Game[Any, Any], parameters: dict[str, Any]) -> None:
        self.dgame = dgame
        info = pyspiel.GameInfo(
            num_distinct_actions=self.dgame.num_distinct_actions,
            max_chance_outcomes=max(1, self.dgame.max_chance_outcomes),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.dgame.length_bound(),
        )
        super().__init__(game_type(name), info, parameters)

    def new_initial_state(self, dstate: State | None = None) -> DicefrontSpielState:
        return DicefrontSpielState(self, self.dgame.new_state() if dstate is None else dstate)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DicefrontObserver:
        return DicefrontObserver(self.dgame, iig_obs_type, params)


def _rebuild(name: str, options: dict[str, Any], data_files: dict[str, str], payload: dict[str, Any]) -> _Held:
    game = build(name, options, data_files=data_files)
    return _Held(game, game.state_from_json(payload))


class _Held:
    """The Dicefront game and state inside an OpenSpiel state. OpenSpiel clones a
    Python state by deep-copying its attributes and serializes it by pickling them:
    this holder makes the copy a cheap ``State.clone()`` (the game is shared) and the
    pickle the state's JSON with the game's options."""

    __slots__ = ("game", "state")

    def __init__(self, game: Game[Any, Any], state: State) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        return (_rebuild, (game.name, game.options_json(), game.data_files, self.state.to_json()))


class DicefrontSpielState(pyspiel.State):
    """An OpenSpiel state holding a Dicefront state (``dstate``)."""

    def __init__(self, game: DicefrontSpielGame, dstate: State) -> None:
        super().__init__(game)
        self.held = _Held(game.dgame, dstate)

    @property
    def dgame(self) -> Game[Any, Any]:
        return self.held.game

    @property
    def dstate(self) -> State:
        return self.held.state

    def current_player(self) -> int:
        if self.dstate.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dstate.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        player = _common.to_act(self.dstate)
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self.dgame.legal_action_ids(self.dstate, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, (_, p) in enumerate(self.dstate.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        if self.dstate.is_chance:
            outcomes = self.dstate.chance_outcomes()
            index = _common.action_index(action, len(outcomes))
            self.dstate.push_chance(outcomes[index][0])
            return
        player = self.current_player()
        self.dstate.push(_common.decode(self.dgame, self.dstate, player, action), player)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            if player == pyspiel.PlayerId.CHANCE:
                return f"roll {self.dstate.chance_outcomes()[action][0]}"
            return str(self.dgame.action_from_id(self.dstate, action))
        except (ValueError, IndexError):
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.dstate.is_terminal

    def returns(self) -> list[float]:
        return [float(r) for r in self.dstate.returns()]

    def __str__(self) -> str:
        """The full state, secrets included (OpenSpiel's ``ToString``), as JSON."""
        return json.dumps(self.dstate.to_json()["state"], sort_keys=True, separators=(",", ":"))


class DicefrontObserver:
    """OpenSpiel's PyObserver: the game's observation tensor and text of a player,
    built from that player's view only (the same for perfect and imperfect recall:
    the view is what the player knows now)."""

    def __init__(self, dgame: Game[Any, Any], iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {sorted(params)[:5]}")
        self.dgame = dgame
        shape = tuple(dgame.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: DicefrontSpielState, player: int) -> None:
        self.tensor[:] = np.asarray(self.dgame.observation_tensor(state.dstate, player), dtype=np.float32)

    def string_from(self, state: DicefrontSpielState, player: int) -> str:
        return str(self.dgame.observation_text(state.dstate, player))


_FACTORIES: dict[str, Any] = {}
"""The registered factories. OpenSpiel's registry holds them in C++ until its static
destructors run after the interpreter has finalized; a Python function freed there
(without the GIL) aborts the process. So each factory gets one extra reference that
is never released (``_pin``): it outlives the interpreter, as a module-level class
does for OpenSpiel's own Python games."""


def _pin(obj: Any) -> Any:
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(obj))
    return obj


def _factory(name: str) -> Any:
    def make(params: dict[str, Any] | None = None) -> DicefrontSpielGame:
        # the Dicefront game is built (and bad options refused) before the OpenSpiel
        # object exists: a half-built pybind object would abort the process at exit
        given = dict(params or {})
        defaults = _defaults(name)
        options = {k: v for k, v in given.items() if k not in defaults or v != defaults[k]}
        dgame = load(name, **options)
        for k in ("max_chance_outcomes", "num_distinct_actions", "observation_shape"):
            getattr(dgame, k)
        return DicefrontSpielGame(name, dgame, {**defaults, **options})
    if name not in _FACTORIES:
        _FACTORIES[name] = _pin(make)
    return _FACTORIES[name]


def register_all() -> list[str]:
    """Register every game of the registry (once); return the OpenSpiel names."""
    registered = set(pyspiel.registered_names())
    out = []
    for name in names():
        if spiel_name(name) not in registered:
            pyspiel.register_game(game_type(name), _factory(name))
        out.append(spiel_name(name))
    return out


GAMES = register_all()
"""The OpenSpiel names of the Dicefront games (``dicefront_ditch``...)."""
