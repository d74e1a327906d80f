"""Army Man Backgammon actions and their compact notation (``str(action)`` is read
back by ``parse``). Men are named by army letter and number: ``G7`` is Green's
(player 0's) man 7, ``T3`` Tan's (player 1's) man 3."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.game import Action
from ...core.notation import ascii_int, notation_words

ARMY_LETTERS = ("G", "T")
ORDERS = ("standard", "fire", "charge", "dig-in")
ORDER_NAMES = {
    "standard": "Standard orders (move, then attack)",
    "fire": "Fire & Movement (attack, then move)",
    "charge": "Charge Orders (moves only)",
    "dig-in": "Dig In Orders (attacks only)",
}
_MAN = re.compile(r"^([GT])([0-9]{1,2})$", re.ASCII)


def man_id(player: int, number: int) -> str:
    return f"{ARMY_LETTERS[player]}{number}"


def man_owner(man: str) -> int:
    return ARMY_LETTERS.index(man[0])


def man_number(man: str) -> int:
    return int(man[1:])


@dataclass(frozen=True)
class Arm(Action):
    """Setup: give the next unarmed man of your army this weapon (rule 2.3)."""

    weapon: str

    def __str__(self) -> str:
        return f"arm {self.weapon}"


@dataclass(frozen=True)
class Sergeant(Action):
    """Setup: name your Sergeant (rule 2.4)."""

    man: str

    def __str__(self) -> str:
        return f"sergeant {self.man}"


@dataclass(frozen=True)
class Detector(Action):
    """Setup: hand a mine detector to one of your men (rule 10.4)."""

    man: str

    def __str__(self) -> str:
        return f"detector {self.man}"


@dataclass(frozen=True)
class Mine(Action):
    """Setup: hide a minefield on this row of your own side (rule 10.1)."""

    row: int

    def __str__(self) -> str:
        return f"mine {self.row}"


@dataclass(frozen=True)
class Orders(Action):
    """Tactics phase: the orders for this turn (rules 4.3 and 8)."""

    kind: str

    def __str__(self) -> str:
        return f"orders {self.kind}"


@dataclass(frozen=True)
class Move(Action):
    """Maneuver: move ``man`` forward by the die ``die`` (rule 5)."""

    man: str
    die: int

    def __str__(self) -> str:
        return f"move {self.man} {self.die}"


@dataclass(frozen=True)
class Attack(Action):
    """Attack: ``attacker`` fires at ``target``; the die used is their distance (rule 6)."""

    attacker: str
    target: str

    def __str__(self) -> str:
        return f"attack {self.attacker} {self.target}"


@dataclass(frozen=True)
class Skip(Action):
    """Leave the current phase unused so that a later phase can use the die (rule 4.4)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True)
class ChangeStance(Action):
    """Stance phase: swap ``man`` for the figure with the same weapon in ``stance``."""

    man: str
    stance: str

    def __str__(self) -> str:
        return f"stance {self.man} {self.stance}"


@dataclass(frozen=True)
class KeepStances(Action):
    """Stance phase: change nobody."""

    def __str__(self) -> str:
        return "no-stance"


NOTATION_HELP = (
    "arm WEAPON | sergeant MAN | detector MAN | mine ROW | orders standard|fire|charge|dig-in | "
    "move MAN DIE | attack MAN MAN | skip | stance MAN STANCE | no-stance (men are G1.., T1..)"
)


def _man(text: str) -> str | None:
    m = _MAN.match(text.upper()) if text.isascii() else None
    if m is None or int(m.group(2)) == 0:
        return None
    return f"{m.group(1)}{int(m.group(2))}"


def _int(text: str) -> int | None:
    return ascii_int(text, max_digits=3)


def parse(text: str) -> Action | None:
    """The action written as ``text``, or None if it is not this game's notation."""
    words = notation_words(text.lower())
    if not words:
        return None
    head, args = words[0], words[1:]
    if not args:
        return {"skip": Skip(), "no-stance": KeepStances()}.get(head)
    if len(args) == 1:
        return _parse_one(head, args[0])
    if len(args) == 2:
        return _parse_two(head, args[0], args[1])
    return None


def _parse_one(head: str, arg: str) -> Action | None:
    if head == "arm":
        return Arm(arg)
    if head == "orders":
        return Orders(arg) if arg in ORDERS else None
    if head == "mine":
        row = _int(arg)
        return None if row is None else Mine(row)
    man = _man(arg)
    if man is None:
        return None
    if head == "sergeant":
        return Sergeant(man)
    if head == "detector":
        return Detector(man)
    return None


def _parse_two(head: str, a: str, b: str) -> Action | None:
    man = _man(a)
    if man is None:
        return None
    if head == "move":
        die = _int(b)
        return None if die is None else Move(man, die)
    if head == "attack":
        target = _man(b)
        return None if target is None else Attack(man, target)
    if head == "stance":
        return ChangeStance(man, b)
    return None


ArmyAction = Arm | Sergeant | Detector | Mine | Orders | Move | Attack | Skip | ChangeStance | KeepStances
"""Every action of the game (the state's action type)."""
