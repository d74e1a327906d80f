"""The game registry: games are found by name.

Game packages are registered lazily by module path, so importing ``dicefront`` does
not import every game, and ``core`` never imports a game."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import StateFormatError, UnknownGameError
from .game import Game, State

_MODULES: dict[str, str] = {}
_CLASSES: dict[str, type[Game[Any, Any]]] = {}


def register_module(name: str, module: str) -> None:
    """Declare that game ``name`` is defined by ``module`` (imported on first use);
    the module must expose ``GAME_CLASS``."""
    _MODULES[name] = module


def register(cls: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """Register a game class directly (decorator-friendly)."""
    _CLASSES[cls.name] = cls
    return cls


def names() -> list[str]:
    """Every registered game name, sorted."""
    return sorted(set(_MODULES) | set(_CLASSES))


def game_class(name: str) -> type[Game[Any, Any]]:
    if name in _CLASSES:
        return _CLASSES[name]
    if name not in _MODULES:
        valid = ", ".join(names()) or "(none)"
        raise UnknownGameError(f"unknown game {name!r}; available games: {valid}")
    module = importlib.import_module(_MODULES[name])
    cls: type[Game[Any, Any]] = module.GAME_CLASS
    _CLASSES[name] = cls
    return cls


def load(name: str, **options: Any) -> Game[Any, Any]:
    """The game ``name`` with ``options`` validated (unknown ones are an error)."""
    return game_class(name)(**options)


def state_from_json(data: Any) -> State:
    """Rebuild any saved position; the game and options come from the file itself."""
    if not isinstance(data, dict) or "game" not in data:
        raise StateFormatError("not a Dicefront position: expected a JSON object with a 'game' field")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateFormatError("the position's 'options' must be an object")
    game = load(str(data["game"]), **options)
    return game.state_from_json(data)
