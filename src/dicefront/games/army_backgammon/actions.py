"""Army Man Backgammon actions and their compact notation (``str(action)`` is read
back by ``parse``). Men are named by army letter and number: ``G7`` is Green's
(player 0's) man 7, ``T3`` Tan's (player 1's) man 3."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.notation import Kind, Notation, choice

ARMY_LETTERS = ("G", "T")
ORDERS = ("standard", "fire", "charge", "dig-in")
ORDER_NAMES = {
    "standard": "Standard orders (move, then attack)",
    "fire": "Fire & Movement (attack, then move)",
    "charge": "Charge Orders (moves only)",
    "dig-in": "Dig In Orders (attacks only)",
}


def man_id(player: int, number: int) -> str:
    return f"{ARMY_LETTERS[player]}{number}"


def man_owner(man: str) -> int:
    return ARMY_LETTERS.index(man[0])


def man_number(man: str) -> int:
    return int(man[1:])


def _man(text: str, game: Any) -> str | None:
    """A man's name, normalised (``g07`` -> ``G7``); None for man 0."""
    number = int(text[1:])
    return f"{text[0].upper()}{number}" if number else None


NOTATION = Notation(
    man=Kind(r"[gt][0-9]{1,2}", "MAN", _man),
    orders=choice(*ORDERS),
)


@NOTATION.declare("arm {weapon:word}")
@dataclass(frozen=True)
class Arm(Action):
    """Setup: give the next unarmed man of your army this weapon (rule 2.3)."""

    weapon: str


@NOTATION.declare("sergeant {man:man}")
@dataclass(frozen=True)
class Sergeant(Action):
    """Setup: name your Sergeant (rule 2.4)."""

    man: str


@NOTATION.declare("detector {man:man}")
@dataclass(frozen=True)
class Detector(Action):
    """Setup: hand a mine detector to one of your men (rule 10.4)."""

    man: str


@NOTATION.declare("mine {row:int}")
@dataclass(frozen=True)
class Mine(Action):
    """Setup: hide a minefield on this row of your own side (rule 10.1)."""

    row: int


@NOTATION.declare("orders {kind:orders}")
@dataclass(frozen=True)
class Orders(Action):
    """Tactics phase: the orders for this turn (rules 4.3 and 8)."""

    kind: str


@NOTATION.declare("move {man:man} {die:int}")
@dataclass(frozen=True)
class Move(Action):
    """Maneuver: move ``man`` forward by the die ``die`` (rule 5)."""

    man: str
    die: int


@NOTATION.declare("attack {attacker:man} {target:man}")
@dataclass(frozen=True)
class Attack(Action):
    """Attack: ``attacker`` fires at ``target``; the die used is their distance (rule 6)."""

    attacker: str
    target: str


@NOTATION.declare("skip")
@dataclass(frozen=True)
class Skip(Action):
    """Leave the current phase unused so that a later phase can use the die (rule 4.4)."""


@NOTATION.declare("stance {man:man} {stance:word}")
@dataclass(frozen=True)
class ChangeStance(Action):
    """Stance phase: swap ``man`` for the figure with the same weapon in ``stance``."""

    man: str
    stance: str


@NOTATION.declare("no-stance")
@dataclass(frozen=True)
class KeepStances(Action):
    """Stance phase: change nobody."""

NOTATION_HELP = NOTATION.help()


ArmyAction = Arm | Sergeant | Detector | Mine | Orders | Move | Attack | Skip | ChangeStance | KeepStances
"""Every action of the game (the state's action type)."""
