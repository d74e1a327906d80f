"""The names Die Fighting uses, each defined once: the phases and stages of a game, the
kinds of a pending roll and the kinds of events it emits (statistics and outcome labels
read the event kinds; saved positions and views hold the phase and stage names)."""

from __future__ import annotations

from enum import StrEnum


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
