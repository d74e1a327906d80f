"""Army Man Backgammon statistics for the lab: weapon and stance use.

Attacks and kills by the attacker's weapons, stances taken and the saving throws
made in each stance, and the orders given each turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.stats import Collector as _Base
from ...core.stats import Counts, frequency_rows, rate_rows, table
from .constants import Kind

if TYPE_CHECKING:
    from ...core.record import Step
    from . import ArmyBackgammonGame as ArmyGame
    from .rules import ArmyState
    from .tactics import Man


class Collector(_Base):
    def __init__(self, game: ArmyGame) -> None:
        super().__init__()
        self.before: dict[str, Man] = {}
        self.weapon = ""
        """The weapons of the man whose attack waits for its saving throw."""

    def _man(self, state: ArmyState, name: str) -> Man | None:
        return state.men.get(name) or self.before.get(name)

    def step(self, state: ArmyState, step: Step) -> None:
        t = self.tally
        for e in step.events:
            if e.kind == Kind.TURN:
                self.turns += 1
            elif e.kind == Kind.ORDERS:
                t.add("orders", e.data["orders"], "turns")
            elif e.kind == Kind.STANCE:
                t.add("stances", e.data.get("stance", "(kept every stance)"), "taken")
            elif e.kind == Kind.ATTACK:
                man = self._man(state, e.data["attacker"])
                self.weapon = "+".join(man.weapons) if man is not None else "?"
                t.add("weapons", self.weapon, "attacks")
            elif e.kind == Kind.SAVE:
                man = self._man(state, e.data["man"])
                stance = man.stance if man is not None else "?"
                killed = e.data["result"] == "killed"
                t.add("saves", stance, "rolls")
                t.add("saves", stance, "killed" if killed else "saved")
                if e.data.get("cause") == "attack" and killed:
                    t.add("weapons", self.weapon, "kills")
        self.before = dict(state.men)


def summarise(counts: Counts, games: int) -> list[dict[str, Any]]:
    return [
        table("Weapons", rate_rows(counts.get("weapons", {}), "kills", "attacks", "kill rate"),
              "attacks by the attacker's weapons, and the attacks whose target failed its saving throw",
              ["attacks", "kills", "kill rate"]),
        table("Saving throws by stance", rate_rows(counts.get("saves", {}), "saved", "rolls", "save rate"),
              "the stance of the man rolling (attacks and minefields)", ["rolls", "saved", "killed", "save rate"]),
        table("Stances taken", frequency_rows(counts.get("stances", {}), "taken", games), "stance swaps (rule 7)"),
        table("Orders", frequency_rows(counts.get("orders", {}), "turns", games), "orders given at the start of each turn"),
    ]
