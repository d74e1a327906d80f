"""Hell's Ditch names defined once: the sizes of rule 1.3, the phases of a turn and the
kinds of event the rules emit (statistics and outcome labels read them)."""

from __future__ import annotations

from typing import Final

WARBANDS: Final = 3  # rule 1.3
FULL_HP: Final = 5  # rule 1.3
TURNS_PER_ROUND: Final = 3  # rule 2.1

# ----- phases of a turn (the saved ``phase`` field) ---------------------------------------
PLAN: Final = "plan"
"""Both players write plans at once (actors: those who have not submitted)."""
ROLL: Final = "roll"
"""A fight roll is due: a chance node."""
CHOICE: Final = "choice"
"""Between fight rolls: owners whose warband can retreat decide at once."""
OVER: Final = "over"
"""The game has ended."""
PHASES: Final = (PLAN, ROLL, CHOICE, OVER)
REVEALED: Final = (ROLL, CHOICE, OVER)
"""Phases in which both plans of the turn have been revealed (rule 7.2)."""


class Kind:
    """The kind of every event the rules emit (``Event.kind``), as plain strings."""

    COUNTER: Final = "counter"
    COUNTER_PRIVATE: Final = "counter-private"
    ORDER: Final = "order"
    SUBMIT: Final = "submit"
    REVEAL: Final = "reveal"
    SKIPPED: Final = "skipped"
    CLASH: Final = "clash"
    MOVE: Final = "move"
    RAZE: Final = "raze"
    RECRUIT: Final = "recruit"
    FIGHT: Final = "fight"
    ROLL: Final = "roll"
    ELIMINATED: Final = "eliminated"
    DECIDED: Final = "decided"
    DECIDED_PRIVATE: Final = "decided-private"
    FIGHT_ON: Final = "fight-on"
    COLLIDE: Final = "collide"
    BACK_OUT: Final = "back-out"
    FIGHT_OVER: Final = "fight-over"
    TIE: Final = "tie"
    GAME_OVER: Final = "game-over"
    TURN: Final = "turn"
