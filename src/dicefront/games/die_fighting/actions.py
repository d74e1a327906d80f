"""Die Fighting actions and their compact notation (``str(action)`` round-trips through
``DieFightingGame.parse_notation``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import notation_words


def sq(cell: Cell) -> str:
    return Grid.name(cell)


@dataclass(frozen=True)
class Buy(Action):
    """Set-up: buy one unit (``key`` is a unit code, optionally ``/`` a commander code)."""

    key: str

    def __str__(self) -> str:
        return f"buy {self.key}"


@dataclass(frozen=True)
class DoneBuying(Action):
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class ChooseMap(Action):
    key: str

    def __str__(self) -> str:
        return f"map {self.key}"


@dataclass(frozen=True)
class ChooseSide(Action):
    side: str

    def __str__(self) -> str:
        return f"side {self.side}"


@dataclass(frozen=True)
class Deploy(Action):
    key: str
    cell: Cell

    def __str__(self) -> str:
        return f"deploy {self.key} {sq(self.cell)}"


@dataclass(frozen=True)
class Activate(Action):
    """Pick the unit on ``cell`` for this activation (movement or combat phase)."""

    cell: Cell

    def __str__(self) -> str:
        return f"activate {sq(self.cell)}"


@dataclass(frozen=True)
class MoveTo(Action):
    """Where the active unit ends its move (its own square: it stays)."""

    cell: Cell

    def __str__(self) -> str:
        return f"to {sq(self.cell)}"


@dataclass(frozen=True)
class Attack(Action):
    targets: tuple[Cell, ...]

    def __str__(self) -> str:
        return "attack " + " ".join(sq(c) for c in self.targets)


@dataclass(frozen=True)
class Charge(Action):
    target: Cell

    def __str__(self) -> str:
        return f"charge {sq(self.target)}"


@dataclass(frozen=True)
class Regroup(Action):
    partner: Cell

    def __str__(self) -> str:
        return f"regroup {sq(self.partner)}"


@dataclass(frozen=True)
class BreakAway(Action):
    def __str__(self) -> str:
        return "breakaway"


@dataclass(frozen=True)
class Pass(Action):
    """The active unit does nothing this combat phase."""

    def __str__(self) -> str:
        return "pass"


NOTATION_HELP = (
    "buy UNIT[/S|L|C] | done | map NAME | side south|north | deploy UNIT[/CMD] CELL | activate CELL | "
    "to CELL | attack CELL [CELL...] | charge CELL | regroup CELL | breakaway | pass"
)
_KEY = re.compile(r"^[A-Z]{1,3}(/[A-Z])?$", re.ASCII)
_NAME = re.compile(r"^[a-z0-9_.\-/\\:]+$", re.ASCII)


def parse(text: str, grid: Grid) -> Action | None:
    """The action written as ``text``, or None if it is not Die Fighting notation."""
    words = notation_words(text)
    if not words or not text.isascii():
        return None
    head, args = words[0].lower(), words[1:]
    if not args:
        return {"done": DoneBuying(), "breakaway": BreakAway(), "pass": Pass()}.get(head)
    if head == "buy" and len(args) == 1 and _KEY.match(args[0].upper()):
        return Buy(args[0].upper())
    if head == "map" and len(args) == 1 and _NAME.match(args[0]):
        return ChooseMap(args[0])
    if head == "side" and len(args) == 1 and args[0].lower() in ("south", "north"):
        return ChooseSide(args[0].lower())
    if head == "deploy" and len(args) == 2 and _KEY.match(args[0].upper()):
        cell = grid.parse(args[1])
        return None if cell is None else Deploy(args[0].upper(), cell)
    cells = [grid.parse(a) for a in args]
    if any(c is None for c in cells):
        return None
    found: list[Cell] = [c for c in cells if c is not None]
    if head == "attack":
        return Attack(tuple(found))
    if len(found) != 1:
        return None
    single = {"activate": Activate, "to": MoveTo, "charge": Charge, "regroup": Regroup}.get(head)
    return single(found[0]) if single else None


DieFightingAction = Buy | DoneBuying | ChooseMap | ChooseSide | Deploy | Activate | MoveTo | Attack | Charge | Regroup | BreakAway | Pass
"""Every action of the game (the state's action type)."""
