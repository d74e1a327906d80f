"""Hell's Ditch actions and their compact notation (``str(action)`` round-trips
through ``HellsDitchGame.parse_notation``).

A plan is entered as several actions: ``counter 2/2``, then up to that many orders
(``w1 move hogjaw``, ``w2 raze hogjaw``, ``w3 recruit``), then ``done``. During a
fight, a player whose warband may retreat answers ``fight-on`` or ``back-out LOC``."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from ...core.game import Action
from ...core.notation import notation_words

COUNTERS = (1, 2, 3)
"""Order counters by their order count: 1/3, 2/2 and 3/1 (orders / combat strength)."""


def strength(counter: int) -> int:
    """Combat strength printed under the order count of a counter."""
    return 4 - counter


def counter_label(counter: int) -> str:
    return f"{counter}/{strength(counter)}"


@dataclass(frozen=True)
class PickCounter(Action):
    """Lay an unused order counter face down for this turn."""

    counter: int

    def __str__(self) -> str:
        return f"counter {counter_label(self.counter)}"


@dataclass(frozen=True)
class Move(Action):
    warband: int
    to: str

    def __str__(self) -> str:
        return f"w{self.warband} move {self.to}"


@dataclass(frozen=True)
class Raze(Action):
    warband: int
    village: str

    def __str__(self) -> str:
        return f"w{self.warband} raze {self.village}"


@dataclass(frozen=True)
class Recruit(Action):
    warband: int

    def __str__(self) -> str:
        return f"w{self.warband} recruit"


@dataclass(frozen=True)
class Submit(Action):
    """The plan is complete (fewer orders than the counter allows are fine)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class FightOn(Action):
    def __str__(self) -> str:
        return "fight-on"


@dataclass(frozen=True)
class BackOut(Action):
    """Break off the fight and retreat to ``to``."""

    to: str

    def __str__(self) -> str:
        return f"back-out {self.to}"


Order = Move | Raze | Recruit

NOTATION_HELP = "counter 1/3|2/2|3/1 | wN move LOC | wN raze LOC | wN recruit | done | fight-on | back-out LOC (N is 1-3)"


def _warband(word: str) -> int | None:
    if len(word) == 2 and word[0] == "w" and word[1] in "123":
        return int(word[1])
    return None


def parse(text: str, locations: Container[str]) -> Action | None:
    """The action written as ``text``, or None if it is not Hell's Ditch notation.
    ``locations`` holds the map's location ids."""
    words = notation_words(text.lower())
    if words == ["done"]:
        return Submit()
    if words == ["fight-on"]:
        return FightOn()
    if len(words) == 2 and words[0] == "back-out" and words[1] in locations:
        return BackOut(words[1])
    if len(words) == 2 and words[0] == "counter":
        for c in COUNTERS:
            if words[1] in (counter_label(c), str(c)):
                return PickCounter(c)
        return None
    if len(words) < 2:
        return None
    band = _warband(words[0])
    if band is None:
        return None
    if words[1:] == ["recruit"]:
        return Recruit(band)
    if len(words) == 3 and words[2] in locations:
        if words[1] == "move":
            return Move(band, words[2])
        if words[1] == "raze":
            return Raze(band, words[2])
    return None


HellsDitchAction = PickCounter | Move | Raze | Recruit | Submit | FightOn | BackOut
"""Every action of the game (the state's action type)."""
