"""The engine contract shared by every game. Imports no game."""

from .agent import Agent
from .chance import Outcomes, Roll, dice, sample, uniform
from .errors import (
    AgentError,
    DataFileError,
    DicefrontError,
    IllegalActionError,
    NotationError,
    OptionError,
    ReplayError,
    StateFormatError,
    UnknownGameError,
)
from .events import Event, visible
from .game import Action, Game, GameSpec, State, random_step, random_steps
from .match import agent_copy, derived_rng, play_match
from .options import OptionInfo, build_options, opt, option_schema
from .record import MatchRecord, Step, replay_states, rerun, state_digest
from .registry import game_class, load, names, register, register_module, state_from_json

__all__ = [
    "Action", "Agent", "AgentError", "DataFileError", "DicefrontError", "Event", "Game", "GameSpec",
    "IllegalActionError", "MatchRecord", "NotationError", "OptionError", "OptionInfo",
    "Outcomes", "ReplayError", "Roll", "State", "StateFormatError", "Step", "UnknownGameError",
    "agent_copy", "build_options", "derived_rng", "dice", "game_class", "load", "names", "opt",
    "option_schema", "play_match", "random_step", "random_steps", "register", "register_module", "replay_states", "rerun",
    "sample", "state_digest", "state_from_json", "uniform", "visible",
]
