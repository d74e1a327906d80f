"""Ditch's vocabulary, defined once and shared by the rules and the role modules:
the steps of a game, the kinds of event, the army and its numbers, and the two
records of a decision in progress (a move waiting for its roll, an attack waiting
for its dice). Nothing here imports the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.grid import Cell


class Phase:
    """The step a game is in (the ``phase`` of a state and of its payload)."""

    ROLLOFF: Final = "rolloff"  # rule 2.1
    CHOOSE_DEPLOYER: Final = "choose-deployer"  # rule 2.2
    DEPLOY: Final = "deploy"  # rule 2.4
    CHOOSE_STARTER: Final = "choose-starter"  # rule 2.5
    ACTION: Final = "action"  # rule 3
    MOVE_ROLL: Final = "move-roll"  # rule 4.2
    MOVE_TO: Final = "move-to"  # rules 4.2-4.5
    COVER: Final = "cover"  # rule 5.6
    COMBAT: Final = "combat"  # rules 5.2-5.5
    OVER: Final = "over"  # rule 9

    ALL: Final = (ROLLOFF, CHOOSE_DEPLOYER, DEPLOY, CHOOSE_STARTER, ACTION, MOVE_ROLL, MOVE_TO, COVER, COMBAT, OVER)
    CHANCE: Final = frozenset((ROLLOFF, MOVE_ROLL, COMBAT))
    """The steps where dice are rolled."""
    SETUP: Final = (ROLLOFF, CHOOSE_DEPLOYER, DEPLOY)
    MOVING: Final = (MOVE_ROLL, MOVE_TO)
    """The steps with a move in progress (``DitchState.moving``)."""
    ATTACKING: Final = (COVER, COMBAT)
    """The steps with an attack in progress (``DitchState.attack``)."""


class EventKind:
    """The ``kind`` of every event Ditch emits (statistics read their ``data``)."""

    ROLL: Final = "roll"  # the deployment roll-off and the move roll
    CHOOSE: Final = "choose"
    DEPLOY: Final = "deploy"
    MOVE: Final = "move"  # a pawn is picked to move
    MOVED: Final = "moved"  # the pawn ends its move
    ATTACK: Final = "attack"
    COVER: Final = "cover"
    COMBAT: Final = "combat"
    REINFORCE: Final = "reinforce"
    BLOCK: Final = "block"
    TURN: Final = "turn"
    GAME_OVER: Final = "game-over"


BEATS = {"A": "K", "K": "S", "S": "A"}  # rule 5.3: +2 against this kind
ARMY = {"A": 2, "K": 2, "S": 2}  # rule 2.3
ACTIONS_PER_TURN = 2  # rule 3.1
REINFORCEMENTS = 2  # rule 7.1
BLOCK_TOKENS = 2  # rule 8.1


def modifier(kind: str, against: str) -> int:
    """Rule 5.3: a pawn adds 2 to its roll against the kind it beats."""
    return 2 if BEATS[kind] == against else 0


def cell_order(cell: Cell) -> tuple[int, int]:
    """Board order: row by row from the first, then column."""
    return (cell[1], cell[0])


@dataclass(frozen=True)
class PendingMove:
    """A pawn picked to move (rule 4.2): ``roll`` is 0 until the die is rolled."""

    start: Cell
    roll: int = 0


@dataclass(frozen=True)
class PendingAttack:
    """A declared attack waiting for the defender's cover decision or the dice
    (rules 5.2-5.6); ``target`` is the covering Soldier once one steps in."""

    attacker: Cell
    target: Cell
    ranged: bool
