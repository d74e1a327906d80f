"""Die Fighting actions and their compact notation (``str(action)`` round-trips through
``DieFightingGame.parse_notation``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import Kind, Notation, cell_kind, choice


def _grid(game: Any) -> Grid:
    return game.grid


NOTATION = Notation(
    cell=cell_kind(_grid),
    unit=Kind(r"[a-z]{1,3}(?:/[a-z])?", "UNIT[/S|L|C]", lambda text, game: text.upper()),
    mapname=Kind(r"[a-z0-9_.\-/\\:]+", "NAME", lambda text, game: text),
    side=choice("south", "north"),
)


@NOTATION.declare("buy {key:unit}")
@dataclass(frozen=True)
class Buy(Action):
    """Set-up: buy one unit (``key`` is a unit code, optionally ``/`` a commander code)."""

    key: str


@NOTATION.declare("done")
@dataclass(frozen=True)
class DoneBuying(Action):
    """Set-up: this army is complete."""


@NOTATION.declare("map {key:mapname}")
@dataclass(frozen=True)
class ChooseMap(Action):
    key: str


@NOTATION.declare("side {side:side}")
@dataclass(frozen=True)
class ChooseSide(Action):
    side: str


@NOTATION.declare("deploy {key:unit} {cell:cell}")
@dataclass(frozen=True)
class Deploy(Action):
    key: str
    cell: Cell


@NOTATION.declare("activate {cell:cell}")
@dataclass(frozen=True)
class Activate(Action):
    """Pick the unit on ``cell`` for this activation (movement or combat phase)."""

    cell: Cell


@NOTATION.declare("to {cell:cell}")
@dataclass(frozen=True)
class MoveTo(Action):
    """Where the active unit ends its move (its own square: it stays)."""

    cell: Cell


@NOTATION.declare("attack {targets:cell+}")
@dataclass(frozen=True)
class Attack(Action):
    targets: tuple[Cell, ...]


@NOTATION.declare("charge {target:cell}")
@dataclass(frozen=True)
class Charge(Action):
    target: Cell


@NOTATION.declare("regroup {partner:cell}")
@dataclass(frozen=True)
class Regroup(Action):
    partner: Cell


@NOTATION.declare("breakaway")
@dataclass(frozen=True)
class BreakAway(Action):
    """The active unit tries to get away from the enemies next to it."""


@NOTATION.declare("pass")
@dataclass(frozen=True)
class Pass(Action):
    """The active unit does nothing this combat phase."""

NOTATION_HELP = NOTATION.help()


DieFightingAction = Buy | DoneBuying | ChooseMap | ChooseSide | Deploy | Activate | MoveTo | Attack | Charge | Regroup | BreakAway | Pass
"""Every action of the game (the state's action type)."""
