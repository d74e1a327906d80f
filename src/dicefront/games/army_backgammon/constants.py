"""The names the rules, the codec and the pictures share, declared once: phases of the
game, kinds of set-up steps, what a saving throw is against, and the kinds of events
the game emits. Being ``str`` enums, they are written to payloads, views and replays
exactly as the plain strings they replace."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """``ArmyState.phase``."""

    ROLLOFF = "rolloff"  # the roll for the first turn (rule 2.5)
    SETUP = "setup"  # set-up steps (rules 2.3, 2.4, 10.1)
    ROLL = "roll"  # the turn's dice (rule 4.2)
    ORDERS = "orders"  # choosing orders (rule 4.3)
    ACT = "act"  # the maneuver and attack phases (rules 5, 6)
    SAVE = "save"  # the target's saving throw (rule 6.4)
    MINE = "mine"  # the saving throw on a minefield (rule 10.3)
    STANCE = "stance"  # the stance phase (rule 7)
    OVER = "over"


PHASES = tuple(Phase)
CHANCE_PHASES = (Phase.ROLLOFF, Phase.ROLL, Phase.SAVE, Phase.MINE)
ROLLING_PHASES = (Phase.ROLLOFF, Phase.SETUP, Phase.ROLL)  # no dice of a turn are rolled yet
DICE_USED_PHASES = (Phase.ACT, Phase.SAVE, Phase.MINE, Phase.STANCE)  # the turn's dice are being used


class Task(StrEnum):
    """Kinds of set-up steps (``ArmyState.tasks``)."""

    ARM = "arm"
    SERGEANT = "sergeant"
    DETECTOR = "detector"
    MINE = "mine"


TASK_KINDS = tuple(Task)


class Threat(StrEnum):
    """What a pending saving throw is against (``ArmyState.pending[0]``, the ``cause`` of a save event)."""

    ATTACK = "attack"
    MINE = "mine"


class Kind(StrEnum):
    """The kinds of events the game emits (``Event.kind``)."""

    ROLL = "roll"
    TURN = "turn"
    ARM = "arm"
    SERGEANT = "sergeant"
    DETECTOR = "detector"
    MINE_PLACED = "mine-placed"
    MINE_ROW = "mine-row"
    ORDERS = "orders"
    MOVE = "move"
    WIN = "win"
    ATTACK = "attack"
    SAVE = "save"
    MINE = "mine"
    MINE_CLEARED = "mine-cleared"
    SKIP = "skip"
    STANCE = "stance"
    DICE_LOST = "dice-lost"
    GAME_OVER = "game-over"
