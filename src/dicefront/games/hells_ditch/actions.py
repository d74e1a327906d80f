"""Hell's Ditch actions and their compact notation (``str(action)`` round-trips
through ``HellsDitchGame.parse_notation``).

A plan is entered as several actions: ``counter 2/2``, then up to that many orders
(``w1 move hogjaw``, ``w2 raze hogjaw``, ``w3 recruit``), then ``done``. During a
fight, a player whose warband may retreat answers ``fight-on`` or ``back-out LOC``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import Action
from ...core.notation import Kind, Notation

COUNTERS = (1, 2, 3)
"""Order counters by their order count: 1/3, 2/2 and 3/1 (orders / combat strength)."""


def strength(counter: int) -> int:
    """Combat strength printed under the order count of a counter."""
    return 4 - counter


def counter_label(counter: int) -> str:
    return f"{counter}/{strength(counter)}"


def _location(text: str, game: Any) -> str | None:
    word = text.lower()
    return word if word in game.valley.locations else None


def _counter(text: str, game: Any) -> int | None:
    return next((c for c in COUNTERS if text in (counter_label(c), str(c))), None)


NOTATION = Notation(
    band=Kind(r"[1-3]", "1|2|3", lambda text, game: int(text)),
    loc=Kind(r"[a-z][a-z0-9_\-]*", "LOC", _location),
    counter=Kind(r"[1-3](?:/[1-3])?", "1/3|2/2|3/1", _counter, counter_label),
)


@NOTATION.declare("counter {counter:counter}")
@dataclass(frozen=True)
class PickCounter(Action):
    """Lay an unused order counter face down for this turn."""

    counter: int


@NOTATION.declare("w{warband:band} move {to:loc}")
@dataclass(frozen=True)
class Move(Action):
    warband: int
    to: str


@NOTATION.declare("w{warband:band} raze {village:loc}")
@dataclass(frozen=True)
class Raze(Action):
    warband: int
    village: str


@NOTATION.declare("w{warband:band} recruit")
@dataclass(frozen=True)
class Recruit(Action):
    warband: int


@NOTATION.declare("done")
@dataclass(frozen=True)
class Submit(Action):
    """The plan is complete (fewer orders than the counter allows are fine)."""


@NOTATION.declare("fight-on")
@dataclass(frozen=True)
class FightOn(Action):
    """Stay in the fight for the next roll."""


@NOTATION.declare("back-out {to:loc}")
@dataclass(frozen=True)
class BackOut(Action):
    """Break off the fight and retreat to ``to``."""

    to: str


Order = Move | Raze | Recruit

NOTATION_HELP = NOTATION.help()


HellsDitchAction = PickCounter | Move | Raze | Recruit | Submit | FightOn | BackOut
"""Every action of the game (the state's action type)."""
