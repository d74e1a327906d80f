"""Dicefront: an engine, arena and lab for two-player dice-driven tactical board games."""

from .core import (
    DicefrontError,
    Event,
    Game,
    IllegalActionError,
    MatchRecord,
    NotationError,
    OptionError,
    ReplayError,
    Roll,
    State,
    StateFormatError,
    UnknownGameError,
    load,
    names,
    play_match,
    register_module,
    rerun,
    state_from_json,
)
from .games import builtin_games
from .odds import odds

for _name, _module in builtin_games().items():
    register_module(_name, _module)

__version__ = "0.1.0"

__all__ = [
    "DicefrontError", "Event", "Game", "IllegalActionError", "MatchRecord", "NotationError",
    "OptionError", "ReplayError", "Roll", "State", "StateFormatError", "UnknownGameError",
    "load", "names", "odds", "play_match", "rerun", "state_from_json",
]
