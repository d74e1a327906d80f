"""An exact integer key for the men on the board, kept up to date move by move.

The look-ahead memo (``tactics.Memo``) keys its results by the men on the board. After
set-up a man's weapons, Sergeant's stripes and mine detector never change: only his
row and stance do, or he dies. A ``Roster`` numbers those fixed parts once (who is in
the game, with what) and gives each man a bit field holding ``1 + row * stances +
stance`` (0: dead). The key of a position is the roster's number above all the fields,
so equal keys mean equal men (dict order aside, which no memoized result depends on),
and a move, a death or a change of stance changes the key by one addition instead of
hashing every man again. Keys are plain ints: nothing for the garbage collector to
track, and cheap to hash."""

from __future__ import annotations

from itertools import count
from typing import Any

from .tactics import ROWS, Man, Men

_IDS = count(1)
KEPT = 256  # rosters a game remembers (one per set-up seen; never reused once dropped)


class Roster:
    __slots__ = ("base", "shift", "size", "stance")

    def __init__(self, men: Men, stances: tuple[str, ...]) -> None:
        self.stance = {s: i for i, s in enumerate(stances)}
        self.size = len(stances)
        width = (1 + ROWS * self.size + self.size).bit_length()
        names = sorted(men, key=lambda n: (men[n].owner, n))
        self.shift = {n: width * i for i, n in enumerate(names)}
        self.base = next(_IDS) << (width * len(names))

    def code(self, man: Man) -> int:
        return 1 + man.row * self.size + self.stance[man.stance]

    def key(self, men: Men) -> int:
        shift, code = self.shift, self.code
        return self.base + sum(code(m) << shift[n] for n, m in men.items())

    def changed(self, key: int, name: str, old: Man | None, new: Man | None) -> int:
        """``key`` after man ``name`` changes from ``old`` to ``new`` (None: not on the board)."""
        size, stance = self.size, self.stance
        delta = (1 + new[1] * size + stance[new[3]]) if new is not None else 0
        if old is not None:
            delta -= 1 + old[1] * size + stance[old[3]]
        return key + (delta << self.shift[name])

    def moved(self, key: int, name: str, rows: int) -> int:
        """``key`` after man ``name`` moves ``rows`` rows (negative: down the track)."""
        return key + ((rows * self.size) << self.shift[name])


def fixed_part(men: Men) -> tuple[Any, ...]:
    """What a roster stands for: every man with what never changes after set-up."""
    return tuple(sorted((n, m.owner, m.weapons, m.sergeant, m.detector) for n, m in men.items()))


def roster_for(known: dict[tuple[Any, ...], Roster], men: Men, stances: tuple[str, ...]) -> Roster:
    """The roster of ``men`` from ``known`` (a game's), made and remembered if new."""
    fixed = fixed_part(men)
    found = known.get(fixed)
    if found is None:
        if len(known) >= KEPT:
            known.clear()
        found = known[fixed] = Roster(men, stances)
    return found
