"""Built game objects shared by every live game with the same settings."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from ..core.errors import DicefrontError
from ..core.game import Game
from ..core.registry import build


def validate_new_game(name: str, options: dict[str, Any], data_files: dict[str, str] | None = None) -> Game[Any, Any]:
    """Load the game with these options and uploaded data files; DicefrontError (clear
    message) if impossible. Options may name shipped data files only: the server
    never reads a path a client names."""
    if not isinstance(options, dict):
        raise DicefrontError("options must be an object of option names to values")
    return shared_game(name, options, data_files or None, stored=False)


def ready_new_game(name: str, options: dict[str, Any], data_files: dict[str, str] | None = None) -> Game[Any, Any]:
    """``validate_new_game``, then the game's lazy work done (``Game.warm``): for a
    worker thread, as an uploaded board's tables can take a noticeable time."""
    game = validate_new_game(name, options, data_files)
    game.warm()
    return game


_GAMES: OrderedDict[str, Game[Any, Any]] = OrderedDict()
_GAMES_LOCK = threading.Lock()
GAMES_KEPT = 32  # built games kept for reuse (a game object is configuration only)


def shared_game(name: str, options: dict[str, Any], data_files: dict[str, str] | None, stored: bool) -> Game[Any, Any]:
    """The game built with these settings (server-side: no local files), shared by
    every live game that uses them, so the work a game object caches (a board's
    tables, its static picture) is done once, not once per match. A game object
    holds no match's state (the state objects do)."""
    try:
        key = json.dumps([name, options, data_files or {}, stored], sort_keys=True)
    except (TypeError, ValueError):
        return build(name, options, data_files=data_files or None, local_files=False, stored=stored)
    with _GAMES_LOCK:  # live games are also rebuilt in worker threads
        game = _GAMES.get(key)
        if game is not None:
            _GAMES.move_to_end(key)
            return game
    game = build(name, options, data_files=data_files or None, local_files=False, stored=stored)
    with _GAMES_LOCK:
        _GAMES[key] = game
        while len(_GAMES) > GAMES_KEPT:
            _GAMES.popitem(last=False)
    return game
