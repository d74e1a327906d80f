"""Ditch actions and their compact notation (``str(action)`` round-trips through
``DitchGame.parse_notation``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import ascii_word, notation_words

KINDS = {"A": "Archer", "K": "Skirmisher", "S": "Soldier"}
KIND_ORDER = ("A", "K", "S")


def sq(cell: Cell) -> str:
    return Grid.name(cell)


@dataclass(frozen=True)
class ChooseDeployer(Action):
    """The roll-off winner names the player who deploys the first pawn."""

    player: int

    def __str__(self) -> str:
        return f"deploy-first {self.player}"


@dataclass(frozen=True)
class ChooseStarter(Action):
    """The first deployer names the player who takes the first turn."""

    player: int

    def __str__(self) -> str:
        return f"start {self.player}"


@dataclass(frozen=True)
class Deploy(Action):
    kind: str
    cell: Cell

    def __str__(self) -> str:
        return f"deploy {self.kind} {sq(self.cell)}"


@dataclass(frozen=True)
class Move(Action):
    """Pick the pawn to move; the die is rolled next."""

    cell: Cell

    def __str__(self) -> str:
        return f"move {sq(self.cell)}"


@dataclass(frozen=True)
class MoveTo(Action):
    """After the roll: the square the moving pawn ends on (its own square to stay)."""

    cell: Cell

    def __str__(self) -> str:
        return f"to {sq(self.cell)}"


@dataclass(frozen=True)
class Attack(Action):
    attacker: Cell
    target: Cell

    def __str__(self) -> str:
        return f"attack {sq(self.attacker)} {sq(self.target)}"


@dataclass(frozen=True)
class Cover(Action):
    """The defender's answer to an attack: a Soldier at ``cell`` takes the attack
    instead of its adjacent friend, or (``cell`` None) nobody does."""

    cell: Cell | None

    def __str__(self) -> str:
        return "no-cover" if self.cell is None else f"cover {sq(self.cell)}"


@dataclass(frozen=True)
class Reinforce(Action):
    kind: str
    cell: Cell

    def __str__(self) -> str:
        return f"reinforce {self.kind} {sq(self.cell)}"


@dataclass(frozen=True)
class Block(Action):
    cell: Cell

    def __str__(self) -> str:
        return f"block {sq(self.cell)}"


NOTATION_HELP = (
    "deploy-first P | start P | deploy A|K|S CELL | move CELL | to CELL | "
    "attack CELL CELL | cover CELL | no-cover | reinforce A|K|S CELL | block CELL"
)


def parse(text: str, grid: Grid) -> Action | None:
    """The action written as ``text``, or None if it is not Ditch notation."""
    words = notation_words(text)
    if not words:
        return None
    head, args = words[0].lower(), words[1:]
    cells = [grid.parse(a) for a in args]
    if head in ("deploy-first", "start") and len(args) == 1 and args[0] in ("0", "1"):
        return (ChooseDeployer if head == "deploy-first" else ChooseStarter)(int(args[0]))
    if head == "no-cover" and not args:
        return Cover(None)
    if head in ("deploy", "reinforce") and len(args) == 2 and (ascii_word(args[0]) or "").upper() in KINDS:
        cell = cells[1]
        if cell is None:
            return None
        return (Deploy if head == "deploy" else Reinforce)(args[0].upper(), cell)
    if len(args) == 1 and cells[0] is not None:
        single = {"move": Move, "to": MoveTo, "cover": Cover, "block": Block}.get(head)
        return single(cells[0]) if single else None
    if head == "attack" and len(args) == 2 and cells[0] is not None and cells[1] is not None:
        return Attack(cells[0], cells[1])
    return None


DitchAction = ChooseDeployer | ChooseStarter | Deploy | Move | MoveTo | Attack | Cover | Reinforce | Block
"""Every action of the game (the state's action type)."""
