"""Ditch actions and their compact notation, declared once per action type
(``str(action)`` and parsing both come from the templates)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import Notation, cell_kind, choice

KINDS = {"A": "Archer", "K": "Skirmisher", "S": "Soldier"}
KIND_ORDER = ("A", "K", "S")


def _grid(game: Any) -> Grid:
    return game.board.grid


NOTATION = Notation(cell=cell_kind(_grid), kind=choice(*KIND_ORDER, upper=True))


@NOTATION.declare("deploy-first {player:player}")
@dataclass(frozen=True)
class ChooseDeployer(Action):
    """The roll-off winner names the player who deploys the first pawn."""

    player: int


@NOTATION.declare("start {player:player}")
@dataclass(frozen=True)
class ChooseStarter(Action):
    """The first deployer names the player who takes the first turn."""

    player: int


@NOTATION.declare("deploy {kind:kind} {cell:cell}")
@dataclass(frozen=True)
class Deploy(Action):
    kind: str
    cell: Cell


@NOTATION.declare("move {cell:cell}")
@dataclass(frozen=True)
class Move(Action):
    """Pick the pawn to move; the die is rolled next."""

    cell: Cell


@NOTATION.declare("to {cell:cell}")
@dataclass(frozen=True)
class MoveTo(Action):
    """After the roll: the square the moving pawn ends on (its own square to stay)."""

    cell: Cell


@NOTATION.declare("attack {attacker:cell} {target:cell}")
@dataclass(frozen=True)
class Attack(Action):
    attacker: Cell
    target: Cell


@NOTATION.declare("cover {cell:cell}", "no-cover")
@dataclass(frozen=True)
class Cover(Action):
    """The defender's answer to an attack: a Soldier at ``cell`` takes the attack
    instead of its adjacent friend, or (``cell`` None) nobody does."""

    cell: Cell | None


@NOTATION.declare("reinforce {kind:kind} {cell:cell}")
@dataclass(frozen=True)
class Reinforce(Action):
    kind: str
    cell: Cell


@NOTATION.declare("block {cell:cell}")
@dataclass(frozen=True)
class Block(Action):
    cell: Cell

NOTATION_HELP = NOTATION.help()


DitchAction = ChooseDeployer | ChooseStarter | Deploy | Move | MoveTo | Attack | Cover | Reinforce | Block
"""Every action of the game (the state's action type)."""
