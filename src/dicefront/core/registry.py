"""The game registry: games are found by name.

Game packages are registered lazily by module path, so importing ``dicefront`` does
not import every game, and ``core`` never imports a game."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import OptionError, StateFormatError, UnknownGameError
from .game import Game, State
from .options import legacy_options

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
        raise UnknownGameError(f"unknown game {str(name)[:40]!r}; available games: {valid}")
    module = importlib.import_module(_MODULES[name])
    cls: type[Game[Any, Any]] = module.GAME_CLASS
    _CLASSES[name] = cls
    return cls


def load(name: str, *, data_files: Mapping[str, str] | None = None, local_files: bool = True, **options: Any) -> Game[Any, Any]:
    """The game ``name`` with ``options`` validated (unknown ones are an error).

    ``data_files`` supplies designer data files' TOML text by option name;
    ``local_files=False`` refuses option values naming local paths (for a server)."""
    return game_class(name)(data_files=data_files, local_files=local_files, **options)


def build(
    name: str,
    options: Mapping[str, Any],
    *,
    data_files: Mapping[str, str] | None = None,
    local_files: bool = True,
    stored: bool = False,
) -> Game[Any, Any]:
    """Like :func:`load`, with the options as a mapping: for options from outside (a
    network client, a file), whose names must not reach the keyword arguments.

    ``stored=True`` for the options of a game recorded earlier (a stored game, a
    replay, a position): options it does not name take their ``legacy`` value where
    they declare one (:func:`~dicefront.core.options.legacy_options`)."""
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object of option names to values")
    reserved = sorted(k for k in ("data_files", "local_files") if k in options)
    if reserved:
        raise OptionError(f"unknown option {reserved[0]} for {name}")
    if stored:
        options = legacy_options(game_class(name).options_class, options)
    return load(name, data_files=data_files, local_files=local_files, **options)


def state_from_json(data: Any) -> State:
    """Rebuild any saved position; the game and options come from the file itself."""
    if not isinstance(data, dict) or "game" not in data:
        raise StateFormatError("not a Dicefront position: expected a JSON object with a 'game' field")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateFormatError("the position's 'options' must be an object")
    game = build(str(data["game"]), options, stored=True)
    return game.state_from_json(data)
