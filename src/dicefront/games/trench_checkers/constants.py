"""Trench Checkers' vocabulary, defined once for the rules, their helpers and the role
modules: the steps of the game (``phase``), the kinds of event it emits, and the
limits the rules fix (rule numbers of RULES.md in comments)."""

from __future__ import annotations

from typing import Final

# ----- phases: the step the game is in ----------------------------------------------------
ROLLOFF: Final = "rolloff"  # rules 2.1, 5.10: the d6 roll for who decides the first player
FIRST: Final = "first"  # the winner (or who lost more pieces) names the first player
TERRAIN: Final = "terrain"  # rule 2.3: terrain placement
MOVE: Final = "move"  # rule 3: a movement phase
ATTACK: Final = "attack"  # rule 5.1: an attack step
DEFEND: Final = "defend"  # the defender's card window before the roll
ROLL: Final = "roll"  # the battle dice
REACT: Final = "react"  # the card windows after the roll
REROLL: Final = "reroll"  # a card re-roll
OVER: Final = "over"  # rule 9: the game has ended
PHASES: Final = (ROLLOFF, FIRST, TERRAIN, MOVE, ATTACK, DEFEND, ROLL, REACT, REROLL, OVER)
CHANCE_PHASES: Final = (ROLLOFF, ROLL, REROLL)
IN_BATTLE: Final = (DEFEND, ROLL, REACT, REROLL)
"""The phases in which a battle is under way."""


class Kind:
    """Every kind of event the game emits (``Event.kind``)."""

    ROLL: Final = "roll"
    DRAW: Final = "draw"
    CARD: Final = "card"
    FIRST: Final = "first"
    TERRAIN: Final = "terrain"
    ROUND: Final = "round"
    SKIP: Final = "skip"
    NO_MOVE: Final = "no-move"
    NO_ATTACK: Final = "no-attack"
    END_ROUND: Final = "end-round"
    MOVE: Final = "move"
    ATTACK: Final = "attack"
    END_ATTACKS: Final = "end-attacks"
    CANCELLED: Final = "cancelled"
    BATTLE: Final = "battle"
    MOVE_IN: Final = "move-in"
    VETERAN: Final = "veteran"
    ACTIVATE: Final = "activate"
    DEPOT: Final = "depot"
    PLAY: Final = "play"
    REVIVE: Final = "revive"
    VENGEANCE: Final = "vengeance"
    GAME_OVER: Final = "game-over"


# ----- limits ---------------------------------------------------------------------------------
MOVES_PER_TURN: Final = 3  # rule 3.1
PUSH_MOVES: Final = 3  # card push
MAX_STACK: Final = 3  # rule 4.1
