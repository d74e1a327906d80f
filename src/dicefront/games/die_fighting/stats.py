"""Die Fighting statistics for the lab: unit-type exchange ratios and terrain use.

Damage and eliminations dealt and suffered by each unit type (the exchange ratio is
damage dealt over damage taken), attacks by unit type, and the terrain units attack
from, are attacked in and move into."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.stats import Collector as _Base
from ...core.stats import Counts, frequency_rows, table
from .constants import EventKind

if TYPE_CHECKING:
    from ...core.record import Step
    from . import DieFightingGame
    from .rules import DieFightingState

Snapshot = dict[str, tuple[int, str]]
"""(owner, unit type) by cell name."""


class Collector(_Base):
    def __init__(self, game: DieFightingGame) -> None:
        super().__init__()
        self.before: Snapshot = {}
        self.attacker = ""
        """The type of the unit whose attack or charge is being resolved."""
        self.defender = ""

    def _snapshot(self, state: DieFightingState) -> Snapshot:
        if state.field is None:
            return {}
        name = state.field.grid.name
        return {name(unit.cell): (unit.owner, unit.kind) for unit in state.units.values() if unit.cell is not None}

    def _terrain(self, state: DieFightingState, cell: str) -> str:
        if state.field is None:
            return "?"
        parsed = state.field.grid.parse(cell)
        return "?" if parsed is None else state.field.terrain(parsed)

    def step(self, state: DieFightingState, step: Step) -> None:
        t = self.tally
        now = self._snapshot(state)

        def kind(cell: str) -> tuple[int, str]:
            return now.get(cell) or self.before.get(cell) or (-1, "?")

        for e in step.events:
            k, d = e.kind, e.data
            if k == EventKind.ROUND:
                self.turns += 1
            elif k == EventKind.ATTACK:
                self.attacker = kind(d["attacker"])[1]
                targets = d.get("targets") or []
                self.defender = kind(targets[0])[1] if targets else "?"
                t.add("units", self.attacker, "attacks")
                t.add("terrain", self._terrain(state, d["attacker"]), "attacks from")
                for target in targets:
                    t.add("terrain", self._terrain(state, target), "attacked in")
            elif k == EventKind.CHARGE:
                self.attacker, self.defender = kind(d["to"])[1], kind(d["target"])[1]
                t.add("units", self.attacker, "charges")
                t.add("terrain", self._terrain(state, d["target"]), "attacked in")
            elif k == EventKind.MOVE:
                t.add("terrain", self._terrain(state, d["to"]), "moves into")
            elif k in (EventKind.DAMAGE, EventKind.ELIMINATED):
                self._damage(kind(d["cell"]), d, k == EventKind.ELIMINATED)
            elif k == EventKind.GAME_OVER and d.get("winner") is None and "score" not in d:
                self.limit_draw = True
        self.before = now

    def _damage(self, victim: tuple[int, str], d: dict[str, Any], eliminated: bool) -> None:
        t = self.tally
        hurt = victim[1]
        dealer = self.attacker if hurt != self.attacker or victim[0] == -1 else self.defender
        t.add("units", hurt, "damage taken", d.get("damage", 0))
        t.add("units", dealer, "damage dealt", d.get("damage", 0))
        if eliminated:
            t.add("units", hurt, "lost")
            t.add("units", dealer, "eliminations")


def summarise(counts: Counts, games: int) -> list[dict[str, Any]]:
    units = {}
    for kind, cells in sorted(counts.get("units", {}).items()):
        taken = cells.get("damage taken", 0)
        units[kind] = {**cells, "exchange ratio": round(cells.get("damage dealt", 0) / taken, 3) if taken else 0.0}
    terrain = counts.get("terrain", {})
    return [
        table("Unit types: exchange", units, "damage dealt / damage taken per unit type; the damage of a fight is credited to "
              "the attacker, or to its first target when the attacker is the one hurt",
              ["attacks", "charges", "damage dealt", "damage taken", "eliminations", "lost", "exchange ratio"]),
        table("Terrain use", {k: terrain[k] for k in sorted(terrain)}, "squares by terrain type",
              ["moves into", "attacks from", "attacked in"]),
        table("Unit types: attacks", frequency_rows({k: {"attacks": v.get("attacks", 0)} for k, v in counts.get("units", {}).items()}, "attacks", games),
              "ranged and melee attacks by unit type"),
    ]
