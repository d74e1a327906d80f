"""The names Die Fighting uses, each defined once: the phases and stages of a game, the
kinds of a pending roll and the kinds of events it emits (statistics and outcome labels
read the event kinds; saved positions and views hold the phase and stage names)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Whose decision, or which roll, the game waits for (the payload's ``phase``)."""

    BUY = "buy"
    SETUP_ROLL = "setup-roll"
    MAP = "map"
    SIDE = "side"
    DEPLOY = "deploy"
    INITIATIVE = "initiative"
    MOVE = "move"
    MOVE_TO = "move-to"
    COMBAT = "combat"
    ORDER = "order"
    ATTACK_ROLL = "attack-roll"
    DEFENCE_ROLL = "defence-roll"
    DAMAGE_ROLL = "damage-roll"
    BREAK_MOVE = "break-move"
    OVER = "over"


DICE_PHASES = frozenset((Phase.SETUP_ROLL, Phase.INITIATIVE, Phase.ATTACK_ROLL, Phase.DEFENCE_ROLL, Phase.DAMAGE_ROLL))
"""The phases that wait for dice (chance nodes)."""
SETUP_PHASES = (Phase.BUY, Phase.SETUP_ROLL, Phase.MAP, Phase.SIDE, Phase.DEPLOY)
ROLLING = (Phase.ATTACK_ROLL, Phase.DEFENCE_ROLL, Phase.DAMAGE_ROLL)
"""The phases with an attack or break-away roll pending."""
ACTIVE_PHASES = (Phase.MOVE_TO, Phase.ORDER, Phase.BREAK_MOVE, *ROLLING)
"""The phases with an active unit."""


class Stage(StrEnum):
    """The part of the game (the payload's ``stage``): set-up, then per round the
    initiative roll, the movement phase and the combat phase (rule 4)."""

    SETUP = "setup"
    INITIATIVE = "initiative"
    MOVE = "move"
    COMBAT = "combat"


class PendingKind(StrEnum):
    """What a pending roll resolves (the payload's ``pending.kind``)."""

    ATTACK = "attack"
    BREAK = "break"


class EventKind(StrEnum):
    """Every kind of event the game emits."""

    BUY = "buy"
    MAP = "map"
    SIDE = "side"
    DEPLOY = "deploy"
    ROUND = "round"
    PHASE = "phase"
    ACTIVATE = "activate"
    MOVE = "move"
    BREAK_AWAY_MOVE = "break-away-move"
    ROLL = "roll"
    PASS = "pass"
    CHARGE = "charge"
    REGROUP = "regroup"
    BREAK_AWAY = "break-away"
    ATTACK = "attack"
    DAMAGE = "damage"
    DAMAGE_LOST = "damage-lost"
    ELIMINATED = "eliminated"
    GAME_OVER = "game-over"


# Reading an Enum member (``Phase.MOVE``) costs ~0.25 us on Python 3.11: EnumType's
# ``__getattr__`` sends every attribute read of the class through a Python-level hook.
# The playout's hot paths (rules.py, combat.py) read these module names instead: the
# very same members, so states, events and saved positions are unchanged.
PH_SETUP_ROLL: Final = Phase.SETUP_ROLL
PH_MAP: Final = Phase.MAP
PH_SIDE: Final = Phase.SIDE
PH_DEPLOY: Final = Phase.DEPLOY
PH_BUY: Final = Phase.BUY
PH_INITIATIVE: Final = Phase.INITIATIVE
PH_MOVE: Final = Phase.MOVE
PH_MOVE_TO: Final = Phase.MOVE_TO
PH_COMBAT: Final = Phase.COMBAT
PH_ORDER: Final = Phase.ORDER
PH_ATTACK_ROLL: Final = Phase.ATTACK_ROLL
PH_DEFENCE_ROLL: Final = Phase.DEFENCE_ROLL
PH_DAMAGE_ROLL: Final = Phase.DAMAGE_ROLL
PH_BREAK_MOVE: Final = Phase.BREAK_MOVE
PH_OVER: Final = Phase.OVER
ST_SETUP: Final = Stage.SETUP
ST_INITIATIVE: Final = Stage.INITIATIVE
ST_MOVE: Final = Stage.MOVE
ST_COMBAT: Final = Stage.COMBAT
PK_ATTACK: Final = PendingKind.ATTACK
PK_BREAK: Final = PendingKind.BREAK
EV_BUY: Final = EventKind.BUY
EV_MAP: Final = EventKind.MAP
EV_SIDE: Final = EventKind.SIDE
EV_DEPLOY: Final = EventKind.DEPLOY
EV_ROUND: Final = EventKind.ROUND
EV_PHASE: Final = EventKind.PHASE
EV_ACTIVATE: Final = EventKind.ACTIVATE
EV_MOVE: Final = EventKind.MOVE
EV_BREAK_AWAY_MOVE: Final = EventKind.BREAK_AWAY_MOVE
EV_ROLL: Final = EventKind.ROLL
EV_PASS: Final = EventKind.PASS
EV_CHARGE: Final = EventKind.CHARGE
EV_REGROUP: Final = EventKind.REGROUP
EV_BREAK_AWAY: Final = EventKind.BREAK_AWAY
EV_ATTACK: Final = EventKind.ATTACK
EV_DAMAGE: Final = EventKind.DAMAGE
EV_DAMAGE_LOST: Final = EventKind.DAMAGE_LOST
EV_ELIMINATED: Final = EventKind.ELIMINATED
EV_GAME_OVER: Final = EventKind.GAME_OVER
