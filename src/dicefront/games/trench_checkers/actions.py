"""Trench Checkers actions and their compact notation (``str(action)`` round-trips
through ``TrenchCheckersGame.parse_notation``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import Kind, Notation, cell_kind, choice

RANKS = {"S": "Soldier", "V": "Veteran", "C": "Commando"}


def _grid(game: Any) -> Grid:
    return game.board.grid


NOTATION = Notation(
    cell=cell_kind(_grid),
    rank=choice(*RANKS, upper=True),
    card=Kind(r"[a-z0-9][a-z0-9\-]*", "CARD", lambda text, game: text.lower()),
)


@NOTATION.declare("first {player:player}")
@dataclass(frozen=True)
class ChooseFirst(Action):
    """The roll-off winner (or the player who lost more pieces) names who goes first."""

    player: int


@NOTATION.declare("terrain {cell:cell}")
@dataclass(frozen=True)
class PlaceTerrain(Action):
    cell: Cell


@NOTATION.declare("move {src:cell} {dst:cell}[ {rank:rank}]")
@dataclass(frozen=True)
class Move(Action):
    """One move: the unit on ``src`` steps to ``dst``. ``rank`` None moves the whole
    stack; a rank letter moves one piece of that rank off the stack (unstacking)."""

    src: Cell
    dst: Cell
    rank: str | None = None


@NOTATION.declare("attack {src:cell} {dst:cell}")
@dataclass(frozen=True)
class Attack(Action):
    src: Cell
    dst: Cell


@NOTATION.declare("play {card:card}[ {cell:cell}]")
@dataclass(frozen=True)
class Play(Action):
    """Play an ability card; ``cell`` is its target where it has one."""

    card: str
    cell: Cell | None = None


@NOTATION.declare("pass")
@dataclass(frozen=True)
class Pass(Action):
    """Decline to play a card in a card window."""


@NOTATION.declare("end")
@dataclass(frozen=True)
class EndAttacks(Action):
    """End your attack step (attacking is optional)."""

NOTATION_HELP = NOTATION.help()


TrenchAction = ChooseFirst | PlaceTerrain | Move | Attack | Play | Pass | EndAttacks
"""Every action of the game (the state's action type)."""
