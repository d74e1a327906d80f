"""Trench Checkers actions and their compact notation (``str(action)`` round-trips
through ``TrenchCheckersGame.parse_notation``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.notation import ascii_word, notation_words

RANKS = {"S": "Soldier", "V": "Veteran", "C": "Commando"}


def sq(cell: Cell) -> str:
    return Grid.name(cell)


@dataclass(frozen=True)
class ChooseFirst(Action):
    """The roll-off winner (or the player who lost more pieces) names who goes first."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"


@dataclass(frozen=True)
class PlaceTerrain(Action):
    cell: Cell

    def __str__(self) -> str:
        return f"terrain {sq(self.cell)}"


@dataclass(frozen=True)
class Move(Action):
    """One move: the unit on ``src`` steps to ``dst``. ``rank`` None moves the whole
    stack; a rank letter moves one piece of that rank off the stack (unstacking)."""

    src: Cell
    dst: Cell
    rank: str | None = None

    def __str__(self) -> str:
        tail = f" {self.rank}" if self.rank else ""
        return f"move {sq(self.src)} {sq(self.dst)}{tail}"


@dataclass(frozen=True)
class Attack(Action):
    src: Cell
    dst: Cell

    def __str__(self) -> str:
        return f"attack {sq(self.src)} {sq(self.dst)}"


@dataclass(frozen=True)
class Play(Action):
    """Play an ability card; ``cell`` is its target where it has one."""

    card: str
    cell: Cell | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {sq(self.cell)}" if self.cell is not None else "")


@dataclass(frozen=True)
class Pass(Action):
    """Decline to play a card in a card window."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class EndAttacks(Action):
    """End your attack step (attacking is optional)."""

    def __str__(self) -> str:
        return "end"


NOTATION_HELP = (
    "first P | terrain CELL | move CELL CELL [S|V|C] | attack CELL CELL | "
    "play CARD [CELL] | pass | end"
)


def parse(text: str, grid: Grid) -> Action | None:
    """The action written as ``text``, or None if it is not Trench Checkers notation."""
    words = notation_words(text)
    if not words:
        return None
    head, args = words[0].lower(), words[1:]
    if not args:
        return {"pass": Pass(), "end": EndAttacks()}.get(head)
    if head == "first":
        return ChooseFirst(int(args[0])) if args == ["0"] or args == ["1"] else None
    cells = [grid.parse(a) for a in args]
    if head == "terrain" and len(args) == 1 and cells[0] is not None:
        return PlaceTerrain(cells[0])
    if head in ("move", "attack") and len(args) in (2, 3) and cells[0] is not None and cells[1] is not None:
        if head == "attack":
            return Attack(cells[0], cells[1]) if len(args) == 2 else None
        rank = (ascii_word(args[2]) or "?").upper() if len(args) == 3 else None
        if rank is not None and rank not in RANKS:
            return None
        return Move(cells[0], cells[1], rank)
    if head == "play" and len(args) in (1, 2):
        card = args[0].lower()
        if not all(ch.isalnum() or ch == "-" for ch in card):
            return None
        if len(args) == 2:
            return Play(card, cells[1]) if cells[1] is not None else None
        return Play(card)
    return None


TrenchAction = ChooseFirst | PlaceTerrain | Move | Attack | Play | Pass | EndAttacks
"""Every action of the game (the state's action type)."""
