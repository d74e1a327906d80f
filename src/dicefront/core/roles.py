"""Role modules: every game package has the same rooms, found by one mechanism.

A game package ``games/<name>/`` holds its role modules under fixed names (see
``docs/adding-a-game.md``). Core finds a role by importing ``<package>.<role>``
next to the module that defines the game's :class:`~dicefront.core.game.Game`
subclass, so nothing is forwarded by hand and no registry has to be filled in."""

from __future__ import annotations

import importlib
import sys
from functools import cache
from types import ModuleType

ROLES = ("actions", "rules", "codec", "svg", "render", "heuristics", "odds", "encoding", "stats", "tune", "levels")
"""Every role a game package may define (the table in docs/adding-a-game.md)."""


def game_package(game_class: type) -> str:
    """The package that defines ``game_class`` (``dicefront.games.ditch``)."""
    module = sys.modules[game_class.__module__]
    package = module.__package__ or game_class.__module__
    return package


@cache
def _import(package: str, role: str) -> ModuleType | None:
    name = f"{package}.{role}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def role_module(game_class: type, role: str) -> ModuleType | None:
    """The game's ``role`` module, or None when the package does not have one."""
    if role not in ROLES:
        raise ValueError(f"unknown game role {role!r}; roles: {', '.join(ROLES)}")
    return _import(game_package(game_class), role)
