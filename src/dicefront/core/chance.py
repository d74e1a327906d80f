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
    entry = _TABLES.get(id(outcomes))  # one dict read, no lock (see ``_table``)
    if entry is None or entry[0] is not outcomes:
        entry = _table(outcomes)
    index = bisect.bisect_right(entry[2], rng.randrange(entry[1]))
    return outcomes[min(index, len(outcomes) - 1)][0]


Table = tuple[Outcomes, int, list[int]]  # the outcomes, their common denominator, cumulative integer weights
_TABLES: dict[int, Table] = {}
_TABLES_KEPT = 256
_TABLES_LOCK = threading.Lock()


def _table(outcomes: Outcomes) -> Table:
    """The common denominator and the cumulative integer weights of ``outcomes``, kept.

    Games return the same (never mutated) outcome list for the same kind of roll, so
    the table is kept for the last few lists made, by identity; the list itself is held
    with it, so an id is never mistaken for another list's. Thread safety (the server
    samples from worker threads): readers (``sample``) only ``get`` from the dict, one
    atomic operation that sees an entry whole or not at all, and check that the entry
    holds their very list; only writers, here, take the lock, to add an entry and drop
    the oldest (first made, not least used: a dropped table is only made again)."""
    denom = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative = list(itertools.accumulate(p.numerator * (denom // p.denominator) for _, p in outcomes))
    entry = (outcomes, denom, cumulative)
    with _TABLES_LOCK:
        if len(_TABLES) >= _TABLES_KEPT:
            del _TABLES[next(iter(_TABLES))]
        _TABLES[id(outcomes)] = entry
    return entry
