"""Chance outcomes and dice helpers.

The rules never roll dice. A state at a chance node lists every outcome with its
exact probability; whoever drives the game picks one with an RNG it owns. An outcome
is a :class:`Roll`: what players see at the table (faces, or a card drawn)."""

from __future__ import annotations

import bisect
import itertools
import math
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import DicefrontError
from .notation import ascii_signed_int, notation_words

Face = int | str


@dataclass(frozen=True, order=True)
class Roll:
    """A chance outcome: the faces rolled (or cards drawn), in a fixed order."""

    faces: tuple[Face, ...]

    def __str__(self) -> str:
        return " ".join(str(f) for f in self.faces)

    def to_json(self) -> list[Face]:
        return list(self.faces)

    @classmethod
    def from_json(cls, data: Any) -> Roll:
        if not isinstance(data, list) or not all(isinstance(f, (int, str)) and not isinstance(f, bool) for f in data):
            raise DicefrontError("a chance outcome must be a list of faces (numbers or text)")
        return cls(tuple(data))

    @classmethod
    def parse(cls, text: str) -> Roll:
        faces: list[Face] = []
        for part in notation_words(text.replace(",", " ")):
            number = ascii_signed_int(part)
            faces.append(part if number is None else number)
        return cls(tuple(faces))


Outcomes = list[tuple[Roll, Fraction]]


def uniform(rolls: Sequence[Roll]) -> Outcomes:
    p = Fraction(1, len(rolls))
    return [(r, p) for r in rolls]


def dice(*sides: int) -> Outcomes:
    """Every ordered combination of faces of the given dice, each equally likely."""
    faces = itertools.product(*(range(1, s + 1) for s in sides))
    return uniform([Roll(tuple(f)) for f in faces])


def sample(outcomes: Outcomes, rng: random.Random) -> Roll:
    """Pick an outcome exactly by its probability (integer arithmetic, so identical on
    every machine): one ``rng.randrange`` over the common denominator."""
    if not outcomes:
        raise DicefrontError("no chance outcomes to sample from")
    first = outcomes[0][1]
    if first.numerator == 1 and first.denominator == len(outcomes) and all(p is first for _, p in outcomes):
        return outcomes[rng.randrange(len(outcomes))][0]  # equally likely (``uniform``): the same draw, less work
    denom, cumulative = _table(outcomes)
    index = bisect.bisect_right(cumulative, rng.randrange(denom))
    return outcomes[min(index, len(outcomes) - 1)][0]


_TABLES: OrderedDict[int, tuple[Outcomes, int, list[int]]] = OrderedDict()
_TABLES_KEPT = 256
_TABLES_LOCK = threading.Lock()


def _table(outcomes: Outcomes) -> tuple[int, list[int]]:
    """The common denominator and the cumulative integer weights of ``outcomes``.

    Games return the same (never mutated) outcome list for the same kind of roll, so
    the table is kept for the last few lists seen, by identity; the list itself is held
    with it, so an id is never mistaken for another list's."""
    key = id(outcomes)
    with _TABLES_LOCK:  # the server samples from worker threads
        entry = _TABLES.get(key)
        if entry is not None and entry[0] is outcomes:
            _TABLES.move_to_end(key)
            return entry[1], entry[2]
    denom = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative = list(itertools.accumulate(p.numerator * (denom // p.denominator) for _, p in outcomes))
    with _TABLES_LOCK:
        _TABLES[key] = (outcomes, denom, cumulative)
        if len(_TABLES) > _TABLES_KEPT:
            _TABLES.popitem(last=False)
    return denom, cumulative
