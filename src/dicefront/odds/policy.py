"""Finding a game's odds policies: from its ``odds`` role module.

The policy types live in :mod:`dicefront.core.policy`; each game package declares
its own in ``games/<name>/odds.py`` as ``POLICIES = GamePolicies(...)``. A game
without that module (or without ``POLICIES``) has only the generic ``stop``."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import DicefrontError, UnknownGameError
from ..core.game import Game, State
from ..core.policy import (
    Choice,
    Context,
    Expander,
    GamePolicies,
    HiddenIrrelevant,
    Leaves,
    Policy,
    PolicyFactory,
    Stop,
    best_action,
    expected_value,
)
from ..core.registry import game_class
from ..core.roles import role_module

GameRef = str | Game | type[Game]
_NONE = GamePolicies(default=Stop.name, policies=())


def policies_of(game: GameRef) -> GamePolicies:
    """The policies ``game`` (a name, a game or its class) declares; an unknown game
    name has only ``stop``."""
    if isinstance(game, str):
        try:
            cls: type = game_class(game)
        except UnknownGameError:
            return _NONE
    else:
        cls = game if isinstance(game, type) else type(game)
    module = role_module(cls, "odds")
    declared = getattr(module, "POLICIES", None)
    return declared if isinstance(declared, GamePolicies) else _NONE


def _name(game: GameRef) -> str:
    return game if isinstance(game, str) else game.name


def next_dice(game: GameRef) -> Callable[[State], bool] | None:
    """The game's test for dice that belong to the next decision (see GamePolicies)."""
    return policies_of(game).next_dice


def hidden_irrelevant(game: GameRef) -> HiddenIrrelevant | None:
    """The game's declaration of questions whose answer the hidden part cannot change
    (see GamePolicies), or None."""
    return policies_of(game).hidden_irrelevant


def available(game: GameRef) -> list[tuple[str, str]]:
    """(name, description) of every policy of ``game``, its default first."""
    entry = policies_of(game)
    rows = [(p.name, p.description) for p in entry.policies]
    rows.extend(entry.parametrised_help)
    if all(name != "stop" for name, _ in rows):
        rows.append((Stop.name, Stop.description))
    rows.sort(key=lambda r: r[0] != entry.default)
    return rows


def resolve(game: GameRef, policy: Policy | str | None) -> Policy:
    """The policy object named by ``policy`` (None: the game's default)."""
    if isinstance(policy, Policy):
        return policy
    entry = policies_of(game)
    name = entry.default if policy is None else policy.strip()
    for p in entry.policies:
        if p.name == name:
            return p
    if entry.parse is not None:
        parsed = entry.parse(name)
        if parsed is not None:
            return parsed
    if name == Stop.name:
        return Stop()
    names = ", ".join(n for n, _ in available(game))
    raise DicefrontError(f"unknown odds policy {name!r} for {_name(game)}; available: {names}")


__all__ = [
    "Choice", "Context", "Expander", "GamePolicies", "HiddenIrrelevant", "Leaves", "Policy", "PolicyFactory", "Stop", "available",
    "best_action", "expected_value", "hidden_irrelevant", "next_dice", "policies_of", "resolve",
]
