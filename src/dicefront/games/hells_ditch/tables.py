"""Lookup tables built once per game (map and options) for the hot paths of the rules
and the heuristics: who may stack where, the order objects a warband can be given at
each place, labels and warband names for event texts, and villages by road distance.

They only cache what the map and the options already say; the rules stay in rules.py
and plan.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import COUNTERS, BackOut, FightOn, Move, Order, PickCounter, Raze, Recruit, Submit
from .constants import WARBANDS

if TYPE_CHECKING:
    from .mapdata import ValleyMap


class Tables:
    """Per-game constants. Action objects are shared: they are frozen values."""

    __slots__ = (
        "back_out", "band_names", "fight_on", "labels", "moves", "near", "neighbours", "order",
        "order_texts", "pick", "razes", "recruits", "roll_texts", "stack", "strongholds", "submit",
    )

    def __init__(self, valley: ValleyMap, stacking: str, names: tuple[str, str]) -> None:
        locs = valley.locations
        self.order = valley.order
        self.neighbours = valley.neighbours
        self.strongholds = valley.strongholds
        self.labels = {lid: loc.name for lid, loc in locs.items()}
        if stacking == "own-stronghold":  # rule 3.2
            self.stack = tuple({lid: lid == valley.strongholds[p] for lid in locs} for p in (0, 1))
        else:
            self.stack = tuple({lid: loc.stronghold is not None for lid, loc in locs.items()} for _ in (0, 1))
        self.moves = tuple(
            {lid: tuple((nb, Move(i + 1, nb)) for nb in valley.neighbours[lid]) for lid in locs} for i in range(WARBANDS)
        )
        self.razes = tuple({lid: Raze(i + 1, lid) for lid, loc in locs.items() if loc.village} for i in range(WARBANDS))
        self.recruits = tuple(Recruit(i + 1) for i in range(WARBANDS))
        self.pick = {c: PickCounter(c) for c in COUNTERS}
        self.submit = Submit()
        self.fight_on = FightOn()
        self.back_out = {lid: BackOut(lid) for lid in locs}
        self.band_names = tuple(("", *(f"{names[p]}'s W{w}" for w in range(1, WARBANDS + 1))) for p in (0, 1))
        villages = [lid for lid, loc in locs.items() if loc.village]
        near: dict[str, tuple[tuple[int, str], ...]] = {}
        for lid in locs:
            dist = valley.distances(lid)
            near[lid] = tuple(sorted(((dist[v], v) for v in villages if v in dist), key=lambda dv: dv[0]))
        self.near = near
        self.roll_texts: dict[tuple[int, int, int, int, int], str] = {}
        """A side's roll text by (player, dice, hits, target warband, its HP left), filled
        as used (a few hundred at most: the values are small and bounded)."""
        self.order_texts: dict[Order, tuple[str, str]] = {}
        """``str(order)`` and the rules' description of each order, filled as used."""
        """For each place, the reachable villages nearest first (ties in file order)."""
