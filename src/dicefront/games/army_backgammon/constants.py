"""The names the rules, the codec and the pictures share, declared once: phases of the
game, kinds of set-up steps, what a saving throw is against, and the kinds of events
the game emits. They are plain ``str`` constants grouped in namespaces (not enums):
payloads, views and events must hold exact JSON types (``core.validate`` compares
types, so a ``str`` subclass would not round-trip)."""

from __future__ import annotations

from typing import Final


class Phase:
    """``ArmyState.phase``."""

    ROLLOFF: Final = "rolloff"  # the roll for the first turn (rule 2.5)
    SETUP: Final = "setup"  # set-up steps (rules 2.3, 2.4, 10.1)
    ROLL: Final = "roll"  # the turn's dice (rule 4.2)
    ORDERS: Final = "orders"  # choosing orders (rule 4.3)
    ACT: Final = "act"  # the maneuver and attack phases (rules 5, 6)
    SAVE: Final = "save"  # the target's saving throw (rule 6.4)
    MINE: Final = "mine"  # the saving throw on a minefield (rule 10.3)
    STANCE: Final = "stance"  # the stance phase (rule 7)
    OVER: Final = "over"


PHASES = (Phase.ROLLOFF, Phase.SETUP, Phase.ROLL, Phase.ORDERS, Phase.ACT, Phase.SAVE, Phase.MINE, Phase.STANCE, Phase.OVER)
# Legal actions are listed by one integer key (``ArmyBackgammonGame.rank``; men are numbered
# 1 up to an army's size): a man's moves by die (number * 8 + die), then attacks by attacker
# and target, then the skip (``acting.SKIP``). Integers sort faster than tuples.
ATTACKS_AFTER = 1 << 48
SKIP_LAST = 1 << 62
CHANCE_PHASES = (Phase.ROLLOFF, Phase.ROLL, Phase.SAVE, Phase.MINE)
ROLLING_PHASES = (Phase.ROLLOFF, Phase.SETUP, Phase.ROLL)  # no dice of a turn are rolled yet
DICE_USED_PHASES = (Phase.ACT, Phase.SAVE, Phase.MINE, Phase.STANCE)  # the turn's dice are being used


class Task:
    """Kinds of set-up steps (``ArmyState.tasks``)."""

    ARM: Final = "arm"
    SERGEANT: Final = "sergeant"
    DETECTOR: Final = "detector"
    MINE: Final = "mine"


TASK_KINDS = (Task.ARM, Task.SERGEANT, Task.DETECTOR, Task.MINE)


class Threat:
    """What a pending saving throw is against (``ArmyState.pending[0]``, the ``cause`` of a save event)."""

    ATTACK: Final = "attack"
    MINE: Final = "mine"


class Kind:
    """The kinds of events the game emits (``Event.kind``)."""

    ROLL: Final = "roll"
    TURN: Final = "turn"
    ARM: Final = "arm"
    SERGEANT: Final = "sergeant"
    DETECTOR: Final = "detector"
    MINE_PLACED: Final = "mine-placed"
    MINE_ROW: Final = "mine-row"
    ORDERS: Final = "orders"
    MOVE: Final = "move"
    WIN: Final = "win"
    ATTACK: Final = "attack"
    SAVE: Final = "save"
    MINE: Final = "mine"
    MINE_CLEARED: Final = "mine-cleared"
    SKIP: Final = "skip"
    STANCE: Final = "stance"
    DICE_LOST: Final = "dice-lost"
    GAME_OVER: Final = "game-over"
